//! `rmlir-hls cosim` end to end: every hardware example (bundled under one top) and 200 random netlists (widths 1
//! to 200, every comb op, registers with and without reset and enable, instances) run for
//! at least 1,000 cycles through the generated Rust simulator, Verilator on the emitted
//! SystemVerilog, and the in-process evaluator, which must all agree. Random netlists are
//! batched under one top per run so a few Verilator builds cover them. A planted fault
//! (the test-only `RMLIR_COSIM_FAULT` hook) must make `cosim` exit 1 naming the cycle and
//! port. One batch's top is named `reg`, a SystemVerilog keyword the emitter renames.

use crate::support::*;
use comb::random::{random_batch, RandomConfig};
use std::process::Output;

fn cosim(args: &[&str], fault: Option<&str>) -> Output {
    let mut cmd = bin();
    cmd.arg("cosim").args(args);
    match fault {
        Some(f) => cmd.env("RMLIR_COSIM_FAULT", f),
        None => cmd.env_remove("RMLIR_COSIM_FAULT"),
    };
    cmd.output().expect("run rmlir-hls cosim")
}

fn assert_agrees(what: &str, out: &Output) {
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{what}: cosim failed:\n{text}");
    assert!(text.contains("all agree"), "{what}: unexpected cosim output:\n{text}");
}

#[test]
fn examples_cosimulate_for_1000_cycles() {
    // All examples under one top (module names prefixed, `clk`/`rst` shared): one Verilator
    // build and one simulator crate instead of one of each per example.
    let examples = hardware_examples();
    let designs = examples
        .iter()
        .map(|p| load_text(&p.display().to_string(), &std::fs::read_to_string(p).unwrap(), 0))
        .collect();
    let bundle = comb::bundle::bundle("examples", designs, &["clk", "rst"], true);
    assert!(bundle.module(bundle.top_id()).ports.len() > 2 * examples.len(), "every example's ports are out");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("examples.mlir");
    std::fs::write(&file, backends::mlir::emit(&bundle, false)).unwrap();
    let f = file.to_str().unwrap();
    assert_agrees(f, &cosim(&[f, "--cycles", "1000", "--seed", "7"], None));
}

#[test]
fn random_netlists_cosimulate() {
    const BATCHES: u64 = 2;
    const PER_BATCH: usize = 100;
    let cfg = RandomConfig { ops: 40, max_width: 200, registers: true, instances: true, memories: true };
    let dir = tempfile::tempdir().unwrap();
    for batch in 0..BATCHES {
        let design = random_batch(0x5EED_0000 + batch, PER_BATCH, &cfg);
        let file = dir.path().join(format!("batch{batch}.mlir"));
        let mut text = backends::mlir::emit(&design, false);
        if batch == 0 {
            // A top named by a SystemVerilog keyword: the emitter renames it, and cosim must
            // hand Verilator the emitted name, not the netlist's.
            let name = format!("@batch_{}(", 0x5EED_0000 + batch);
            assert!(text.contains(&name), "the batch top is {name}");
            text = text.replace(&name, "@reg(");
        }
        std::fs::write(&file, text).unwrap();
        let f = file.to_str().unwrap();
        assert_agrees(f, &cosim(&[f, "--cycles", "1000", "--seed", &batch.to_string()], None));
    }
    assert!(BATCHES as usize * PER_BATCH >= 200);
}

#[test]
fn a_planted_fault_is_reported_at_its_cycle_and_port() {
    let f = repo().join("examples/counter.mlir");
    let f = f.to_str().unwrap();
    for side in ["rust", "verilator"] {
        let out = cosim(&[f, "--cycles", "100"], Some(&format!("{side}:37:count")));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{side}: a mismatch must exit 1:\n{err}");
        assert!(err.contains("cycle 37") && err.contains("'count'"), "{side}: {err}");
    }
}

#[test]
fn vcd_files_are_written_by_both_sides() {
    let f = repo().join("examples/counter.mlir");
    let dir = tempfile::tempdir().unwrap();
    let vcd = dir.path().join("waves");
    let out = cosim(&[f.to_str().unwrap(), "--cycles", "20", "--vcd", vcd.to_str().unwrap()], None);
    assert_agrees("counter with --vcd", &out);
    for side in ["rust.vcd", "verilator.vcd"] {
        let text = std::fs::read_to_string(vcd.join(side)).unwrap_or_else(|e| panic!("{side}: {e}"));
        assert!(text.contains("$enddefinitions"), "{side} is not a VCD:\n{text}");
        assert!(text.contains("count"), "{side} does not trace the port 'count'");
    }
}

/// A multiply-accumulate over two i8 memories that also writes each product back into
/// `%a` (line 7 is the store), and a float scale `%s` returned as given.
const MAC_DATA: &str =
    "func.func @macd(%a: memref<4xi8>, %b: memref<2x2xi8>, %n: i16, %s: f32) -> (i16, f32) {
  %r = affine.for %i = 0 to 4 iter_args(%acc = %n) -> (i16) {
    %x = affine.load %a[%i] : memref<4xi8>
    %y = affine.load %b[%i floordiv 2, %i mod 2] : memref<2x2xi8>
    %p = arith.muli %x, %y : i8
    %pw = arith.extsi %p : i8 to i16
    affine.store %p, %a[%i] : memref<4xi8>
    %n2 = arith.addi %acc, %pw : i16
    affine.yield %n2 : i16
  }
  return %r, %s : i16, f32
}
";

/// `cosim --data` runs the kernel on the given values (signed and unsigned integers, nested
/// and flat memories, a float as a number) and prints, and `--dump` writes, the results and
/// memories all three voices agree on, as computed here by hand.
#[test]
fn cosim_runs_on_given_data_and_dumps_the_results() {
    let dir = tempfile::tempdir().unwrap();
    let k = dir.path().join("macd.mlir");
    std::fs::write(&k, MAC_DATA).unwrap();
    let data = dir.path().join("data.json");
    std::fs::write(&data, "{\"args\": {\"%n\": -100, \"s\": 1.5},\n \"memories\": {\"%a\": [1, -2, 255, \"0x7f\"], \"%b\": [[3, 4], [5, 6]]}}\n").unwrap();
    let dump = dir.path().join("out.json");
    let out = bin()
        .args([
            "cosim",
            k.to_str().unwrap(),
            "--data",
            data.to_str().unwrap(),
            "--dump",
            dump.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{text}");
    // Products as i8: 3, -8, -5 (255 is -1), 127 x 6 = 762 = 0x2fa -> 0xfa = -6.
    let sum = -100 + 3 - 8 - 5 - 6;
    assert!(text.contains(&format!("ret0 = {sum}\n")), "{text}");
    assert!(text.contains("ret1 = \"0x3fc00000\"\n"), "{text}");
    assert!(text.contains("%a = [3, -8, -5, -6]\n"), "{text}");
    assert!(text.contains("%b = [3, 4, 5, 6]\n"), "{text}");
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&dump).unwrap()).unwrap();
    assert_eq!(json["results"][0], sum);
    assert_eq!(json["memories"]["%a"], serde_json::json!([3, -8, -5, -6]));
    assert!(json["cycles"].as_u64().unwrap() > 4);
}

/// A bad data file is a located error naming what is wrong: unknown name, wrong length,
/// out of range, a missing scalar, not JSON.
#[test]
fn a_bad_data_file_is_a_located_error() {
    let dir = tempfile::tempdir().unwrap();
    let k = dir.path().join("macd.mlir");
    std::fs::write(&k, MAC_DATA).unwrap();
    let cases = [
        (
            "{\"args\": {\"%n\": 1, \"%s\": 0, \"%q\": 2}}",
            "data.json:1:29",
            "no scalar argument named %q (its scalar arguments: %n, %s)",
        ),
        (
            "{\"args\": {\"%n\": 1, \"%s\": 0},\n \"memories\": {\"%a\": [1, 2, 3]}}",
            "data.json:2:21",
            "memory %a (4) has 4 elements, the data gives 3",
        ),
        (
            "{\"args\": {\"%n\": 70000, \"%s\": 0}}",
            "data.json:1:17",
            "70000 is out of range for i16 (-32768 to 65535)",
        ),
        (
            "{\"args\": {\"%n\": 1, \"%s\": 0}, \"memories\": {\"%a\": [1, 2, 3, \"0x100\"]}}",
            "data.json:1:59",
            "bit pattern 0x100 is wider than i8",
        ),
        ("{\"args\": {\"%s\": 0}}", "data.json:1:1", "no value for the scalar argument %n"),
        ("{\"args\": {\"%n\": 1.5, \"%s\": 0}}", "data.json:1:17", "'1.5' is not an integer"),
        ("{\"args\": [1, 2]}", "data.json:1:10", "\"args\" must be an object"),
    ];
    for (text, at, says) in cases {
        let data = dir.path().join("data.json");
        std::fs::write(&data, text).unwrap();
        let out = bin()
            .current_dir(dir.path())
            .args(["cosim", "macd.mlir", "--data", "data.json"])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{text}: {err}");
        assert!(err.starts_with(at) && err.contains(says), "{text}: expected {at}: {says}, got:\n{err}");
    }
}
