//! Helpers shared by the integration tests, one module per concern:
//! - here: paths (the repository, `../shared`), the `rmlir-hls` binary ([`cli`], [`bin`],
//!   [`cosim_kept`]) and the flow the tests read designs with ([`load_text`], [`optimized_at`]);
//! - [`tools`]: every external tool run (command line and output in a failure);
//! - [`judges`]: lint, elaboration, equivalence proofs and CIRCT's verdicts on our output;
//! - [`trace`]: random stimulus, the evaluator's trace and one test bench for Icarus and
//!   Verilator;
//! - [`filetest`]: the runner of the file-based suites (`BLESS`, `FILETEST`);
//! - [`hls_harness`], [`hls_support`]: HLS kernels in process and against `mlir-cpu-runner`;
//! - [`float_bench`]: float units in Icarus (operand pairs, the bench's frame);
//! - [`fpga`]: the `rmlir-hls fpga` flow's checks; [`random_aggregates`]: aggregate spellings.
//!
//! Tools are installed by `scripts/test.sh`; a missing tool fails the test rather than
//! skipping it.
#![allow(dead_code)]

pub mod filetest;
pub mod float_bench;
pub mod fpga;
pub mod hls_harness;
pub mod hls_support;
pub mod judges;
pub mod random_aggregates;
pub mod tools;
pub mod trace;

pub use judges::*;
pub use tools::{run, Tool};
pub use trace::*;

use comb::Design;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository root.
pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `../shared` beside the repository, if present (the conformance suite).
pub fn shared() -> Option<PathBuf> {
    let p = repo().join("../shared");
    if p.join("SPEC.md").exists() {
        Some(p)
    } else {
        eprintln!("note: ../shared not found; the conformance part of this test is not run");
        None
    }
}

/// Runs the `rmlir-hls` binary; returns standard output, panicking on failure.
pub fn cli(args: &[&str]) -> String {
    let out = bin().args(args).output().expect("run rmlir-hls");
    assert!(out.status.success(), "rmlir-hls {args:?} failed:\n{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// Runs the `rmlir-hls` binary with `stdin` (if any) as standard input; returns its output
/// whatever the exit status.
pub fn cli_output(args: &[&str], stdin: Option<&[u8]>) -> std::process::Output {
    use std::io::Write;
    let mut child = bin()
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run rmlir-hls");
    let mut input = child.stdin.take().unwrap();
    if let Some(bytes) = stdin {
        input.write_all(bytes).unwrap();
    }
    drop(input); // end of input before waiting
    child.wait_with_output().unwrap()
}

/// Runs the `rmlir-hls` binary with `stdin` as standard input.
pub fn cli_stdin(args: &[&str], stdin: &str) -> String {
    let out = cli_output(args, Some(stdin.as_bytes()));
    assert!(out.status.success(), "rmlir-hls {args:?} failed:\n{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// Reads MLIR text into a design at an optimization level (0, 1 or 2), through the flow.
pub fn load_text(name: &str, text: &str, opt: u8) -> Design {
    let level = match opt {
        0 => flow::OptLevel::O0,
        1 => flow::OptLevel::O1,
        _ => flow::OptLevel::O2,
    };
    flow::Flow::at(level).load_text(name, text).unwrap_or_else(|e| panic!("{}", e.render()))
}

/// `design` through the -O pipeline of `level`, through the flow.
pub fn optimized_at(design: &Design, level: flow::OptLevel) -> Design {
    flow::Flow::at(level).optimize(design.clone()).unwrap_or_else(|e| panic!("{}", e.render()))
}

/// The hardware examples: the project's own, plus ../shared's when present.
pub fn hardware_examples() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(repo().join("examples"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    if let Some(shared) = shared() {
        for name in ["alu", "counter", "add_one_lut3", "gates", "generic"] {
            v.push(shared.join("examples").join(format!("{name}.mlir")));
        }
    }
    v.sort();
    v
}

/// The `rmlir-hls` binary as a command, with the cosim cache shared by the tests: the
/// caller's `RMLIR_HLS_CACHE_DIR` when set (a folder kept between clean clones, e.g. on a CI
/// machine: the builds are keyed by content, so checkouts may share it), else `target/`
/// (a clean clone builds each simulator once).
pub fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_rmlir-hls"));
    c.env("RMLIR_HLS_CACHE_DIR", cosim_cache_dir());
    // A fault injected by the caller's environment would fail every cosim test; a test
    // that wants one sets it on its own command.
    c.env_remove("RMLIR_COSIM_FAULT");
    c
}

/// The cosim cache of the tests: `$RMLIR_HLS_CACHE_DIR` when set and not empty, else
/// `target/cosim-cache` in this checkout.
pub fn cosim_cache_dir() -> PathBuf {
    std::env::var_os("RMLIR_HLS_CACHE_DIR")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| repo().join("target/cosim-cache"))
}

/// `rmlir-hls INPUT --emit mlir` written to `DIR/emitted.mlir`, and with `generic` also
/// `--emit mlir --generic` to `DIR/generic.mlir`: the files.
pub fn emit_mlir_files(input: &Path, dir: &Path, generic: bool) -> Vec<PathBuf> {
    let p = input.to_str().expect("a UTF-8 path");
    let emitted = dir.join("emitted.mlir");
    std::fs::write(&emitted, cli(&[p, "--emit", "mlir"])).unwrap();
    let mut files = vec![emitted];
    if generic {
        let g = dir.join("generic.mlir");
        std::fs::write(&g, cli(&[p, "--emit", "mlir", "--generic"])).unwrap();
        files.push(g);
    }
    files
}

/// `rmlir-hls cosim INPUT --cycles N --seed S --keep KEEP` (the simulators' outputs and the
/// stimulus stay in KEEP): its exit status and stdout + stderr.
pub fn cosim_kept(input: &Path, cycles: u64, seed: u64, keep: &Path) -> (Option<i32>, String) {
    let out = bin()
        .arg("cosim")
        .arg(input)
        .args(["--cycles", &cycles.to_string(), "--seed", &seed.to_string(), "--keep"])
        .arg(keep)
        .output()
        .unwrap();
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    (out.status.code(), text)
}
