//! HLS: every kernel (tests/hls/*.mlir and ../shared's four examples) on seeded random data,
//! judged by `mlir-cpu-runner`, which we did not write.
//!
//! - `interpreter_matches_mlir_cpu_runner`: our interpreter (hls::interp) == the reference,
//!   on two data sets per kernel (one mlir-opt and one mlir-cpu-runner run per kernel).
//! - `icarus_bench_judges_a_hand_written_dot`: the Icarus test bench with SPEC section 4
//!   block-RAM models, validated on a hand-written SystemVerilog dot product, and shown to
//!   catch a wrong result, a missing done and a done held too long.
//! - `synthesized_kernels_match_mlir_cpu_runner`: `rmlir-hls --emit verilog` per kernel,
//!   lint-clean under `verilator --lint-only -Wall`, Icarus with the block-RAM models ==
//!   the reference, the schedule report's latency == Icarus' cycles on static kernels, and
//!   `rmlir-hls cosim` (Rust simulator + Verilator + interpreter) passes, and on every data
//!   set Icarus' cycles (and cosim's) are at least the floor the interpreter counts under
//!   the same options (`hls::interp::floor`: a floor above a real schedule is a bug). A kernel's
//!   `// hls-options:` line gives its synthesis flags (`--clock-period`, `--max-div`, ...).
//!   While the compiler is not there (the driver's "is HLS input, which is not supported
//!   yet"), it says so and checks nothing else; any other failure fails the test.

use crate::support::{self, bin, Tool};

use crate::support::hls_support::icarus::{self, TbSpec};
use crate::support::hls_support::reference;
use crate::support::hls_support::{
    as_ref_run, assert_runs_eq, data_sets, hls_options, interpret, load, own_kernels, shared_kernels,
    tb_spec, Kernel,
};
use hls::interp::{data::random_args, ArgValue};
use std::path::PathBuf;

const SEEDS: [u64; 2] = [1, 2];

/// Every kernel, or with `HLS_ONLY=name,name` (file stems) only those (for iterating on a
/// few kernels; the count checks then do not apply).
fn all_kernels() -> Vec<PathBuf> {
    let mut v = own_kernels();
    v.extend(shared_kernels());
    if let Some(only) = only() {
        v.retain(|p| p.file_stem().is_some_and(|s| only.iter().any(|o| s.to_str() == Some(o))));
    }
    v
}

fn only() -> Option<Vec<String>> {
    std::env::var("HLS_ONLY").ok().map(|s| s.split(',').map(str::to_string).collect())
}

/// Runs `f` on every item with two worker threads (the machine has two cores); a panic
/// fails that item only, and all failures are reported together at the end.
fn par_each<T: Sync + std::fmt::Debug>(items: &[T], f: impl Fn(&T) + Sync) {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failures = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                if let Err(e) = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(item))) {
                    let msg = e
                        .downcast_ref::<String>()
                        .cloned()
                        .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                        .unwrap_or_default();
                    failures.lock().unwrap().push(format!("{item:?}: {msg}"));
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{} of {} failed:\n{}", failures.len(), items.len(), failures.join("\n\n"));
}

#[test]
fn enough_kernels() {
    assert!(own_kernels().len() >= 25, "issue 8 asks for at least 25 kernels of our own");
}

#[test]
fn interpreter_matches_mlir_cpu_runner() {
    let kernels = all_kernels();
    par_each(&kernels, |path| {
        let k = load(path);
        let sets: Vec<Vec<ArgValue>> = data_sets(&k, 2).into_iter().map(|(_, a)| a).collect();
        let refs = reference::reference(&k.modern, &k.sig, &k.types, &sets);
        for (set, (args, expected)) in sets.iter().zip(&refs).enumerate() {
            let (got, _) = interpret(&k, args);
            assert_runs_eq(
                &format!("{} data set {set}: interpreter vs mlir-cpu-runner", path.display()),
                expected,
                &got,
                &k.sig,
            );
        }
    });
}

/// The dot kernel's bench, its memories named as the hand-written module names them (the
/// generic form, read while the reader lacks HLS syntax, calls them `arg0`, `arg1`).
fn dot_spec(k: &Kernel, args: &[ArgValue], max_cycles: u64) -> TbSpec {
    let mut spec = tb_spec(k, args, max_cycles);
    spec.mems[0].name = "A".into();
    spec.mems[1].name = "B".into();
    spec
}

const DOT_SV: &str = include_str!("support/hls_support/dot_by_hand.sv");

#[test]
fn icarus_bench_judges_a_hand_written_dot() {
    let k = load(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/hls/dot_i32.mlir"));
    for seed in SEEDS {
        let args = random_args(&k.sig, seed);
        let spec = dot_spec(&k, &args, 1000);
        let (expected, _) = interpret(&k, &args);
        let run = icarus::run_icarus(DOT_SV, &spec).unwrap_or_else(|e| panic!("{e}"));
        assert_runs_eq(
            "hand-written dot under Icarus vs the interpreter",
            &expected,
            &as_ref_run(&run, &k, &spec),
            &k.sig,
        );
        assert_eq!(run.cycles, 67, "the hand-written dot takes 64 reads + 3 cycles");
        if seed == 1 {
            let refs = reference::reference(&k.modern, &k.sig, &k.types, std::slice::from_ref(&args));
            assert_runs_eq(
                "hand-written dot under Icarus vs mlir-cpu-runner",
                &refs[0],
                &as_ref_run(&run, &k, &spec),
                &k.sig,
            );
        }
    }
    // The bench catches a wrong sum, a design that never finishes, and a done held high.
    let args = random_args(&k.sig, 1);
    let spec = dot_spec(&k, &args, 1000);
    let (expected, _) = interpret(&k, &args);
    let wrong = DOT_SV.replace("acc + A_rdata * B_rdata", "acc + A_rdata * B_rdata + 32'd1");
    let run = icarus::run_icarus(&wrong, &spec).unwrap();
    assert_ne!(as_ref_run(&run, &k, &spec).results, expected.results);
    let never = DOT_SV.replace("done_r <= 1'b1;", "done_r <= 1'b0;");
    let e = icarus::run_icarus(&never, &TbSpec { max_cycles: 200, ..spec.clone() }).unwrap_err();
    assert!(e.contains("no done within 200 cycles"), "{e}");
    let held = DOT_SV.replace("done_r <= 1'b0;\n", "");
    let e = icarus::run_icarus(&held, &spec).unwrap_err();
    assert!(e.contains("one-cycle pulse"), "{e}");
}

/// Runs `rmlir-hls` with arguments; returns (success, stdout, stderr).
fn tool(args: &[&str]) -> (bool, String, String) {
    let out = bin().args(args).output().expect("run rmlir-hls");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A kernel's synthesis options: its `// hls-options: ...` line (e.g. `--clock-period 5`).
fn kernel_options(path: &std::path::Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .find_map(|l| l.strip_prefix("// hls-options:"))
        .map(|o| o.split_whitespace().map(String::from).collect())
        .unwrap_or_default()
}

/// The latency of function `name` in a `--report -` table (`None` when data-dependent).
fn report_latency(table: &str, name: &str) -> Option<u64> {
    let line = table.lines().find(|l| l.starts_with(&format!("function {name}: latency ")));
    let line = line.unwrap_or_else(|| panic!("no report line for {name} in:\n{table}"));
    line.split_whitespace().nth(3).and_then(|v| v.parse().ok())
}

/// Every third kernel (and every shared example and kernel with options) also goes through `rmlir-hls cosim`: each
/// cosim builds a Verilator model and a simulator crate, the costliest step of this test.
fn cosim_this_one(i: usize, path: &std::path::Path) -> bool {
    i.is_multiple_of(3) || is_shared(path) || !kernel_options(path).is_empty() || asks_for_pipelining(path)
}

/// A kernel of ../shared (its path is `<repo>/../shared/...`, which starts with the
/// repository's path: look for the `..`).
fn is_shared(path: &std::path::Path) -> bool {
    path.components().any(|c| c == std::path::Component::ParentDir)
}

/// The kernel has `hls.pipeline` on a loop (its plain run is already pipelined).
fn asks_for_pipelining(path: &std::path::Path) -> bool {
    std::fs::read_to_string(path).unwrap().contains("hls.pipeline")
}

#[test]
fn synthesized_kernels_match_mlir_cpu_runner() {
    let kernels: Vec<(usize, PathBuf)> = all_kernels().into_iter().enumerate().collect();
    par_each(&kernels, |(i, path)| check_kernel(path, &[], cosim_this_one(*i, path)));
}

/// Every kernel with a loop that `--pipeline` pipelines (or a `while` loop), pipelined: the same judges
/// (lint, Icarus == mlir-cpu-runner on two data sets, report latency == cycles), and
/// `rmlir-hls cosim --pipeline` on the shared examples. Kernels with `hls.pipeline` in the
/// file are pipelined (and co-simulated) by the plain test already.
#[test]
fn pipelined_kernels_match_mlir_cpu_runner() {
    let kernels: Vec<PathBuf> = all_kernels()
        .into_iter()
        .filter(|path| !asks_for_pipelining(path))
        .filter(|path| {
            let p = path.to_str().unwrap();
            let opts = kernel_options(path);
            let opts: Vec<&str> = opts.iter().map(String::as_str).collect();
            let (ok, _, err) =
                tool(&[&[p, "--emit", "verilog", "--pipeline", "--report", "-"], &opts[..]].concat());
            assert!(ok, "{p}: synthesis with --pipeline failed:\n{err}");
            // While loops change with --pipeline too (transform/whilefuse.rs).
            err.contains("pipelined II=") || std::fs::read_to_string(path).unwrap().contains("scf.while")
        })
        .collect();
    assert!(only().is_some() || kernels.len() >= 25, "only {} kernels have a pipelined loop", kernels.len());
    assert!(only().is_some() || kernels.iter().any(|p| is_shared(p)) || shared_kernels().is_empty());
    if only().is_some() {
        eprintln!("pipelined: {kernels:?}");
    }
    par_each(&kernels, |path| check_kernel(path, &["--pipeline"], is_shared(path)));
}

/// Synthesizes `path` with its options and `extra`, and judges the circuit (see the file's
/// header); with `cosim`, `rmlir-hls cosim` as well.
fn check_kernel(path: &std::path::Path, extra: &[&str], cosim: bool) {
    let p = path.to_str().unwrap();
    let opts = kernel_options(path);
    let opts: Vec<&str> = opts.iter().map(String::as_str).chain(extra.iter().copied()).collect();
    let (ok, sv, err) = tool(&[&[p, "--emit", "verilog", "--report", "-"], &opts[..]].concat());
    assert!(ok, "{p}: synthesis failed:\n{err}");
    let k = load(path);
    let latency = report_latency(&err, &k.sig.name);
    support::verilator_lint(&sv, &k.sig.name);
    let seeded = data_sets(&k, 2);
    let sets: Vec<Vec<ArgValue>> = seeded.iter().map(|(_, a)| a.clone()).collect();
    let refs = reference::reference(&k.modern, &k.sig, &k.types, &sets);
    let specs: Vec<_> =
        sets.iter().map(|args| tb_spec(&k, args, 10 * interpret(&k, args).1.steps + 1000)).collect();
    let runs = icarus::run_icarus_sets(&sv, &specs);
    for (set, ((args, expected), (spec, run))) in
        sets.iter().zip(&refs).zip(specs.iter().zip(runs)).enumerate()
    {
        let run = run.unwrap_or_else(|e| panic!("{p} {opts:?} data set {set}: Icarus: {e}"));
        assert_runs_eq(
            &format!("{p} {opts:?} data set {set}: Icarus vs mlir-cpu-runner"),
            expected,
            &as_ref_run(&run, &k, spec),
            &k.sig,
        );
        if let Some(l) = latency {
            assert_eq!(l, run.cycles, "{p} {opts:?} data set {set}: the report's latency vs Icarus' cycles");
        }
        let floor = hls::interp::run_with(&k.file, &k.sig.name, args, &hls_options(&opts))
            .unwrap_or_else(|d| panic!("{p}: interpreter: {}", d.message))
            .floor;
        assert!(
            run.cycles >= floor.value(),
            "{p} {opts:?} data set {set}: {} cycles under the floor {floor:?}",
            run.cycles
        );
    }
    if cosim {
        let seed = seeded[0].0.to_string();
        let (ok, out, err) = tool(&[&["cosim", p, "--seed", &seed], &opts[..]].concat());
        assert!(ok, "{p} {opts:?}: rmlir-hls cosim failed:\n{out}{err}");
        let num = |key: &str| -> u64 {
            let line = out.lines().find_map(|l| l.strip_prefix(key));
            let v = line.and_then(|l| l.split_whitespace().next()).and_then(|v| v.parse().ok());
            v.unwrap_or_else(|| panic!("{p}: cosim prints '{key}':\n{out}"))
        };
        let (cycles, floor) = (num("cycles: "), num("floor: "));
        assert!(cycles >= floor, "{p} {opts:?}: cosim's {cycles} cycles under its floor {floor}:\n{out}");
    }
}

/// The dot4 kernel in generic form with its memrefs named `A` and `B` as the hand-written
/// netlist's ports are (`mlir-opt` calls them `%arg0`, `%arg1`); `edit` changes its text.
fn dot4_kernel(dir: &std::path::Path, edit: impl Fn(String) -> String) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/hls/dot4_i8.mlir");
    let out =
        Tool::MlirOpt.command().arg("--mlir-print-op-generic").arg(&path).output().expect("run mlir-opt");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap().replace("%arg0", "%A").replace("%arg1", "%B");
    let p = dir.join("dot4.mlir");
    std::fs::write(&p, edit(text)).unwrap();
    p
}

#[test]
fn cosim_checks_a_hand_written_design_against_the_kernel() {
    let dir = tempfile::tempdir().unwrap();
    let design =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/it/support/hls_support/dot4_by_hand.mlir");
    let d = design.to_str().unwrap();
    let kernel = dot4_kernel(dir.path(), |t| t);
    let k = kernel.to_str().unwrap();
    for seed in ["1", "2"] {
        let (ok, out, err) = tool(&["cosim", k, "--design", d, "--seed", seed]);
        assert!(ok, "cosim failed:\n{out}{err}");
        assert!(out.contains("agree on 1 results and 2 memories"), "{out}");
        assert!(out.contains("cycles: 7\n"), "4 reads + 3 cycles:\n{out}");
        assert!(out.contains("port bound: 4\n"), "each memory is read 4 times:\n{out}");
        assert!(out.contains("recurrence bound: 4\n"), "4 dependent additions of the sum:\n{out}");
    }
    // A kernel that computes something else (a sum of differences): the circuit disagrees.
    let other = dot4_kernel(dir.path(), |t| t.replace("arith.muli", "arith.subi"));
    let (ok, out, err) = tool(&["cosim", other.to_str().unwrap(), "--design", d, "--seed", "1"]);
    assert!(!ok, "a wrong circuit passed:\n{out}");
    assert!(
        err.contains("both simulators give ret0 = 0x") && err.contains("the interpreter computes 0x"),
        "{err}"
    );
}
