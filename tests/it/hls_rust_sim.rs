//! The Rust simulator's API driven by hand (issue 22 item 9): `examples/hls_rust_sim/
//! driver.rs` runs the generated simulator crate of `scale.mlir` on data of its own (the
//! scalar argument and a memory's contents from the command line) and prints the cycles,
//! the return value and the final memory. They must be what `cosim --data` (the Rust
//! simulator, Verilator and the interpreter of the source, agreeing) dumps for the same
//! data, and what the kernel computes by hand.

use crate::support::*;
use std::process::Command;

#[test]
fn example_driver_runs_the_simulator_on_its_own_data() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let example = repo().join("examples/hls_rust_sim");
    let kernel = example.join("scale.mlir");
    let (k, a): (i64, [i64; 8]) = (-5, [1, -2, 3, 4, 100, -7, 0, i64::from(i32::MAX)]);
    // The driver, in the generated crate as an example.
    let sim = d.join("sim");
    run(bin().arg(&kernel).args(["--emit", "rust-sim", "-o"]).arg(&sim));
    std::fs::create_dir_all(sim.join("examples")).unwrap();
    std::fs::copy(example.join("driver.rs"), sim.join("examples/driver.rs")).unwrap();
    let mut args = vec![k.to_string()];
    args.extend(a.iter().map(|x| x.to_string()));
    let printed = run(Command::new("cargo")
        .current_dir(&sim)
        .env("CARGO_TARGET_DIR", repo().join("target/seq-sv-sim"))
        .args(["run", "--offline", "--quiet", "--example", "driver", "--"])
        .args(&args));
    // By hand: out[i] = a[i] * k and their sum, wrapping at 32 bits.
    let wrap = |x: i64| x as i32;
    let out: Vec<i32> = a.iter().map(|&x| wrap(x * k)).collect();
    let sum = out.iter().fold(0i32, |s, &x| s.wrapping_add(x));
    // cosim --data on the same data.
    let data = d.join("data.json");
    let a_json: Vec<String> = a.iter().map(|x| x.to_string()).collect();
    std::fs::write(
        &data,
        format!("{{\"args\": {{\"k\": {k}}}, \"memories\": {{\"a\": [{}]}}}}", a_json.join(", ")),
    )
    .unwrap();
    let dump = d.join("dump.json");
    run(bin().arg("cosim").arg(&kernel).arg("--data").arg(&data).arg("--dump").arg(&dump));
    let dumped: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&dump).unwrap()).unwrap();
    let cycles = dumped["cycles"].as_u64().unwrap();
    let as_i32 = |v: &serde_json::Value| wrap(v.as_i64().unwrap());
    assert_eq!(as_i32(&dumped["results"][0]), sum, "cosim's result");
    let cosim_out: Vec<i32> = dumped["memories"]["%out"].as_array().unwrap().iter().map(as_i32).collect();
    assert_eq!(cosim_out, out, "cosim's final out");
    let outs: Vec<String> = out.iter().map(|x| x.to_string()).collect();
    let expected = format!("cycles {cycles}\nret0 {sum}\nout {}\n", outs.join(" "));
    assert_eq!(printed, expected, "the driver's output");
}
