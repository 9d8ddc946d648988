//! Every hardware example (the project's own and, when ../shared is present, the SPEC's)
//! through every engine: the emitted SystemVerilog is lint-clean under Verilator -Wall,
//! accepted by Icarus and Yosys, and on 10,000 random vectors/cycles Icarus and Verilator
//! compute exactly what the in-process evaluator computes (all examples bundled under one
//! top, so one simulator build covers them). Yosys + ABC prove -O1 equal
//! to -O0, `--emit mlir` reads back to identical SystemVerilog, and the generic form is
//! accepted by upstream `mlir-opt`.

use crate::support::*;

const VECTORS: usize = 10_000;

#[test]
fn examples_lint_clean_and_accepted() {
    for path in hardware_examples() {
        let p = path.to_str().unwrap();
        let sv = cli(&[p, "--emit", "verilog"]);
        let design = load_text(p, &std::fs::read_to_string(&path).unwrap(), 1);
        let top = design.module(design.top_id()).name.clone();
        let lint = verilator_lint(&sv, &top);
        assert!(lint.trim().is_empty(), "{p}: verilator -Wall warned:\n{lint}\n--- source:\n{sv}");
        iverilog_accepts(&sv);
        yosys_accepts(&sv, &top);
    }
}

#[test]
fn examples_agree_with_evaluator_on_icarus_and_verilator() {
    let mut designs = Vec::new();
    for (i, path) in hardware_examples().into_iter().enumerate() {
        let p = path.to_str().unwrap();
        let design = load_text(p, &std::fs::read_to_string(&path).unwrap(), 1);
        // The -O0 netlist evaluates the same as the -O1 one.
        let stim = stimulus(&design, 1000 + i as u64, VECTORS);
        let o0 = load_text(p, &std::fs::read_to_string(&path).unwrap(), 0);
        let expected = eval_trace(&design, &stim);
        assert_traces_eq(&format!("{p} -O0 vs -O1 evaluator"), &design, &expected, &eval_trace(&o0, &stim));
        designs.push(design);
    }
    // The simulators run all examples at once, under one top (module names prefixed,
    // `clk`/`rst` shared): one Icarus and one Verilator build instead of one per example.
    let bundle = comb::bundle::bundle("examples", designs, &["clk", "rst"], true);
    let sv = backends::verilog::emit(&bundle);
    let stim = stimulus(&bundle, 1000, VECTORS);
    let expected = eval_trace(&bundle, &stim);
    for engine in [Engine::Icarus, Engine::Verilator] {
        let got = simulate(engine, &bundle, &sv, &stim);
        assert_traces_eq(&format!("the bundled examples on {engine:?}"), &bundle, &expected, &got);
    }
}

#[test]
fn examples_o1_proven_equivalent_to_o0() {
    for path in hardware_examples() {
        let p = path.to_str().unwrap();
        let o0 = cli(&[p, "--emit", "verilog", "-O0"]);
        let o1 = cli(&[p, "--emit", "verilog", "-O1"]);
        let design = load_text(p, &std::fs::read_to_string(&path).unwrap(), 1);
        let top = design.module(design.top_id()).name.clone();
        prove_equivalent(&o0, &o1, &top);
    }
}

#[test]
fn emitted_mlir_reads_back_to_identical_verilog() {
    for path in hardware_examples() {
        let p = path.to_str().unwrap();
        for opt in ["-O0", "-O1"] {
            let sv = cli(&[p, "--emit", "verilog", opt]);
            let mlir = cli(&[p, "--emit", "mlir", opt]);
            let again = cli_stdin(&["-", "--emit", "verilog", opt], &mlir);
            assert_eq!(sv, again, "{p} {opt}: SV after an MLIR round trip differs\n--- mlir:\n{mlir}");
            let generic = cli(&[p, "--emit", "mlir", "--generic", opt]);
            let from_generic = cli_stdin(&["-", "--emit", "verilog", opt], &generic);
            assert_eq!(sv, from_generic, "{p} {opt}: SV after a generic round trip differs");
        }
    }
}

#[test]
fn generic_mlir_accepted_by_mlir_opt() {
    for path in hardware_examples() {
        let p = path.to_str().unwrap();
        let generic = cli(&[p, "--emit", "mlir", "--generic"]);
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("g.mlir");
        std::fs::write(&f, &generic).unwrap();
        run(Tool::MlirOpt.command().arg("--allow-unregistered-dialect").arg(&f));
    }
}

/// A `comb.lut` of 3-bit entries: MLIR has no `array<i3: ...>`, so its table prints as
/// `array<i8: ...>`, which mlir-opt parses (and `tests/cases/lut_generic_narrow` reads back).
#[test]
fn generic_narrow_lut_accepted_by_mlir_opt() {
    let p = repo().join("tests/cases/lut_generic_narrow.mlir");
    let generic = cli(&[p.to_str().unwrap(), "--emit", "mlir", "--generic"]);
    assert!(generic.contains("lookupTable = array<i8: "), "{generic}");
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("g.mlir");
    std::fs::write(&f, &generic).unwrap();
    run(Tool::MlirOpt.command().arg("--allow-unregistered-dialect").arg(&f));
}

#[test]
fn output_is_deterministic() {
    for path in hardware_examples() {
        let p = path.to_str().unwrap();
        for kind in ["verilog", "mlir", "dot"] {
            assert_eq!(cli(&[p, "--emit", kind]), cli(&[p, "--emit", kind]), "{p} --emit {kind}");
        }
    }
}
