//! `-O2` (the e-graph optimizer) against engines we did not write.
//!
//! Yosys + ABC prove `-O2` equivalent to `-O0` on every hardware example (where `-O2`
//! prints something else than `-O1`; the rest `tests/it/examples.rs` proves; `wide_ops`, whose
//! 96-bit divider takes Yosys minutes, is judged by the evaluator and `cosim -O2`) and
//! `-O2` equivalent to `-O1` on 100 of the 200 random netlists (12 ops, values at most 12 bits,
//! registers and instances: `dsec` where there are registers; batched 25 to a top module)
//! whose `-O1` form tests/it/random_netlists.rs proves equivalent to `-O0`. The evaluator
//! agrees with `-O0` on random vectors; on the examples `-O2` never has more cells than
//! `-O1`; `cosim -O2` (Rust simulator against Verilator) agrees on examples; two runs print
//! byte-identical output.

use crate::support::*;
use comb::random::{random_batch, RandomConfig};
use comb::Design;
use std::path::Path;

const BATCHES: u64 = 4;
const PER_BATCH: usize = 25;

fn at_level(design: &Design, level: flow::OptLevel) -> Design {
    optimized_at(design, level)
}

fn load(path: &Path) -> Design {
    let text = std::fs::read_to_string(path).unwrap();
    load_text(&path.display().to_string(), &text, 0)
}

/// True if a module divides or multiplies values wider than 32 bits.
fn has_wide_divider(d: &Design) -> bool {
    use comb::CellKind::*;
    d.modules.iter().any(|m| {
        m.cells().any(|c| matches!(m.cell(c).kind, DivU | DivS | ModU | ModS | Mul) && m.cell(c).width > 32)
    })
}

fn cells(d: &Design) -> usize {
    d.modules.iter().map(|m| m.cell_count()).sum()
}

#[test]
fn random_netlists_o2_proven_equivalent_to_o0() {
    // Memories stay out of the ABC proofs for now (see tests/it/random_netlists.rs).
    let cfg = RandomConfig { ops: 12, max_width: 12, registers: true, instances: true, memories: false };
    let prove = |batch: u64| {
        // The seeds and config of tests/it/random_netlists.rs's -O1 proof, which proves these
        // netlists' -O1 form equivalent to -O0: proving -O2 against -O1 here completes
        // the chain without Yosys techmapping the unoptimized dividers a second time.
        let design = random_batch(0xEC0 + batch, PER_BATCH, &cfg);
        let top = design.module(design.top_id()).name.clone();
        let o2 = at_level(&design, comb::passes::OptLevel::O2);
        assert!(comb::verify::verify(&o2).is_empty(), "batch {batch}: -O2 netlist fails the verifier");
        let stim = stimulus(&design, batch, 300);
        assert_traces_eq(
            &format!("batch {batch}: -O2 evaluator"),
            &design,
            &eval_trace(&design, &stim),
            &eval_trace(&o2, &stim),
        );
        let o1 = at_level(&design, comb::passes::OptLevel::O1);
        let sv1 = backends::verilog::emit(&o1);
        let sv2 = backends::verilog::emit(&o2);
        if sv1 != sv2 {
            prove_equivalent(&sv1, &sv2, &top);
        }
        // Deterministic: the same input gives the same netlist text.
        let again = at_level(&design, comb::passes::OptLevel::O2);
        assert_eq!(sv2, backends::verilog::emit(&again), "batch {batch}: two -O2 runs differ");
        (cells(&o1), cells(&o2))
    };
    let mut totals = (0, 0);
    for pair in (0..BATCHES).collect::<Vec<_>>().chunks(2) {
        let counts: Vec<(usize, usize)> = std::thread::scope(|s| {
            let hs: Vec<_> = pair.iter().map(|&b| s.spawn(move || prove(b))).collect();
            hs.into_iter().map(|h| h.join().expect("proof thread")).collect()
        });
        for (a, b) in counts {
            totals.0 += a;
            totals.1 += b;
        }
    }
    assert!(BATCHES as usize * PER_BATCH >= 100);
    assert!(totals.1 <= totals.0, "-O2 has more cells than -O1 over the random batches: {totals:?}");
}

#[test]
fn examples_o2_proven_equivalent_and_never_larger_than_o1() {
    let examples = hardware_examples();
    if shared().is_none() {
        eprintln!("note: ../shared is absent; only the project's own examples are checked");
    }
    let mut reduced = 0;
    for path in &examples {
        let design = load(path);
        let top = design.module(design.top_id()).name.clone();
        let o1 = at_level(&design, comb::passes::OptLevel::O1);
        let o2 = at_level(&design, comb::passes::OptLevel::O2);
        let (c1, c2) = (cells(&o1), cells(&o2));
        assert!(c2 <= c1, "{}: -O2 has {c2} cells, -O1 {c1}", path.display());
        reduced += (c2 < c1) as usize;
        // Where -O2 prints what -O1 prints, tests/it/examples.rs's -O1 proof covers it.
        let sv2 = backends::verilog::emit(&o2);
        if sv2 == backends::verilog::emit(&o1) {
            continue;
        }
        if has_wide_divider(&design) {
            // Yosys needs minutes to techmap a 96-bit divider (on each side): the evaluator
            // on random vectors and `cosim -O2` (below) judge this one instead.
            let stim = stimulus(&design, 17, 2_000);
            let what = format!("{}: -O2 evaluator", path.display());
            assert_traces_eq(&what, &design, &eval_trace(&design, &stim), &eval_trace(&o2, &stim));
        } else {
            prove_equivalent(&backends::verilog::emit(&design), &sv2, &top);
        }
    }
    // counter.mlir and wide_ops.mlir have logic the e-graph shrinks.
    assert!(reduced >= 2, "-O2 reduced only {reduced} examples");
}

#[test]
fn cli_o2_is_byte_identical_across_runs_and_cosim_agrees() {
    let examples = hardware_examples();
    for path in &examples {
        let p = path.to_str().unwrap();
        let a = cli(&[p, "--emit", "verilog", "-O2"]);
        let b = cli(&[p, "--emit", "verilog", "-O2"]);
        assert_eq!(a, b, "{p}: two -O2 runs differ");
        let m = cli(&[p, "--emit", "mlir", "-O2"]);
        assert_eq!(m, cli(&[p, "--emit", "mlir", "-O2"]), "{p}: two -O2 MLIR runs differ");
    }
    // counter, alu8 and wide_ops under one top: one simulator build for the three.
    let dir = repo().join("examples");
    let designs = ["counter.mlir", "alu8.mlir", "wide_ops.mlir"].iter().map(|n| load(&dir.join(n))).collect();
    let bundle = comb::bundle::bundle("o2_examples", designs, &["clk", "rst"], true);
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("o2_examples.mlir");
    std::fs::write(&file, backends::mlir::emit(&bundle, false)).unwrap();
    let out = cli(&["cosim", file.to_str().unwrap(), "-O2", "--cycles", "300"]);
    assert!(out.contains("all agree"), "cosim -O2 of counter, alu8 and wide_ops said:\n{out}");
}

#[test]
fn rule_family_cases_shrink_and_stay_equivalent() {
    let mut cases: Vec<_> = std::fs::read_dir(repo().join("tests/cases"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap().to_str().unwrap().starts_with("egraph_"))
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    cases.sort();
    assert!(cases.len() >= 5, "the rule-family cases are missing");
    for path in &cases {
        let design = load(path);
        let top = design.module(design.top_id()).name.clone();
        let (o1, o2) =
            (at_level(&design, comb::passes::OptLevel::O1), at_level(&design, comb::passes::OptLevel::O2));
        assert!(cells(&o2) < cells(&o1), "{}: -O2 {} cells, -O1 {}", path.display(), cells(&o2), cells(&o1));
        prove_equivalent(&backends::verilog::emit(&design), &backends::verilog::emit(&o2), &top);
    }
}
