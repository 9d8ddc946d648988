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
