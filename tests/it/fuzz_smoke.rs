//! The fuzz targets stay compiling and working: each target's stable driver
//! (`rmlir_fuzz::driver`, what `fuzz-run` runs) on its seed corpus from the repository
//! and a few hundred generated inputs, with no finding; the Verilator target on one small
//! batch. The full campaigns are in docs/pending/fuzz.md (or the user guide).

use crate::support::repo;
use rmlir_fuzz::driver::{run, Config};
use rmlir_fuzz::{corpus, Target};

/// Seeds up to this size (the larger ones through `-O2` take seconds each on a loaded
/// machine; the campaigns run them all).
const SMOKE_SEED: usize = 3000;

fn smoke(target: Target, runs: u64) -> rmlir_fuzz::driver::Stats {
    let mut cfg = Config::new(target);
    let seeds = corpus::seeds(&repo(), target).into_iter().map(|(_, b)| b);
    cfg.corpus = seeds.filter(|b| b.len() <= SMOKE_SEED).collect();
    // The watchdog ends the process on a hang: generous, as the tests share the machine.
    cfg.timeout = std::time::Duration::from_secs(600);
    cfg.runs = runs;
    cfg.seed = 24;
    cfg.max_len = 512;
    let stats = run(&cfg);
    assert!(stats.findings.is_empty(), "{}: {:?}", target.name(), stats.findings);
    assert_eq!(stats.execs, stats.corpus + runs, "{}", stats.line(target));
    stats
}

#[test]
fn the_byte_targets_run_their_seed_corpus_and_mutations_without_findings() {
    for (t, runs) in [
        (Target::MlirReader, 300),
        (Target::YosysJson, 300),
        (Target::HlsFront, 200),
        (Target::Pipeline, 100),
    ] {
        let s = smoke(t, runs);
        assert!(s.corpus >= 20, "{}: only {} seeds", t.name(), s.corpus);
        assert!(s.accepted > 0 && s.rejected + s.unlocated > 0, "{}", s.line(t));
    }
}

#[test]
fn generated_designs_are_accepted_and_agree_across_levels() {
    for (t, runs) in [(Target::CombGen, 100), (Target::CombDiff, 15)] {
        let s = smoke(t, runs);
        assert_eq!(s.accepted, runs, "every generated design is valid: {}", s.line(t));
    }
}

#[test]
fn generated_hls_kernels_compute_in_the_netlist_what_the_interpreter_computes() {
    let s = smoke(Target::HlsDiff, 12);
    assert_eq!(s.accepted, 12, "every generated kernel is valid: {}", s.line(Target::HlsDiff));
}

#[test]
fn an_hls_kernel_through_cosim_agrees_in_the_rust_simulator_and_verilator() {
    let mut cfg = Config::new(Target::HlsDiff);
    cfg.runs = 1;
    cfg.cosim_every = 1;
    cfg.seed = 5;
    cfg.timeout = std::time::Duration::from_secs(600);
    let s = run(&cfg);
    assert!(s.findings.is_empty(), "{:?}", s.findings);
    assert_eq!((s.accepted, s.cosim), (1, 1), "{}", s.line(Target::HlsDiff));
}

#[test]
fn a_generated_batch_agrees_in_verilator_the_rust_simulator_and_the_evaluator() {
    let mut cfg = Config::new(Target::VerilatorDiff);
    cfg.runs = 8;
    cfg.batch = 8;
    cfg.cycles = 50;
    let s = run(&cfg);
    assert!(s.findings.is_empty(), "{:?}", s.findings);
    assert_eq!(s.accepted, 8);
}
