//! seq beyond `seq.firreg` (issue 10 item 3): initial values (`seq.initial`,
//! `seq.compreg[.ce] ... initial %v`, CIRCT 1.62's `powerOn %v`, `seq.from_immutable`).
//! - The SystemVerilog is lint-clean under `verilator -Wall`; Yosys JSON has the `init`s.
//! - `tests/cases/initial_sv.mlir` co-simulates (evaluator, Rust simulator, Verilator) for
//!   1,000 cycles at -O0 and -O1, compared from cycle 0 (the initial values).
//! - Icarus runs our SystemVerilog and CIRCT's own (its PyPI package exports our
//!   `--emit mlir --dialect circt`) under one seeded testbench, `tests/seq/initial_tb.sv`:
//!   the traces are equal and start from the values worked out by hand.
//! - Shift registers and constant clocks (`seq.shiftreg`, `seq.const_clock`, `seq.to_clock`
//!   of a constant): `tests/cases/shiftreg_sv.mlir` is lint-clean and co-simulates for
//!   1,000 cycles at -O0 and -O1; CIRCT exports `tests/seq/shiftreg_circt.mlir` as written
//!   (its own `lower-seq-shiftreg`), and Icarus on CIRCT's SystemVerilog and on ours gives
//!   the evaluator's trace for 1,000 random cycles, from cycle 0.
//! - Memories whose address is wider than CIRCT's `clog2(depth)`: `--emit mlir --dialect
//!   circt` (which CIRCT's verifier accepts: tests/it/circt_interop.rs) reads back to a design
//!   the evaluator cannot tell from the original over 1,000 random cycles.

use crate::support::*;
use std::path::Path;

#[test]
fn initial_values_systemverilog_is_lint_clean() {
    let sv = run(bin().arg(repo().join("tests/cases/initial_sv.mlir")).args(["--emit", "sv"]));
    assert!(sv.contains("initial b = 8'h35;"), "no initial value for b:\n{sv}");
    let lint = verilator_lint(&sv, "initial_values");
    assert!(lint.trim().is_empty(), "verilator -Wall says:\n{lint}");
    // Yosys JSON carries them as `init` attributes (a, b, c: 19, 53, 19).
    let json = run(bin().arg(repo().join("tests/cases/initial_sv.mlir")).args(["--emit", "yosys-json"]));
    let inits: Vec<&str> =
        json.match_indices("\"init\": \"").map(|(i, m)| &json[i + m.len()..i + m.len() + 8]).collect();
    assert_eq!(inits, ["00010011", "00110101", "00010011"], "{json}");
}

/// `rmlir-hls cosim` of file case `case` for 1000 cycles agrees at -O0 and -O1.
fn cosim_agrees_1000_cycles(case: &str, seed: &str) {
    let f = repo().join("tests/cases").join(case);
    for o in ["0", "1"] {
        let out =
            bin().arg("cosim").arg(&f).args(["--cycles", "1000", "--seed", seed, "-O", o]).output().unwrap();
        let text =
            format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert!(out.status.success() && text.contains("all agree"), "-O{o}: {text}");
    }
}

#[test]
fn initial_values_cosimulate_for_1000_cycles() {
    cosim_agrees_1000_cycles("initial_sv.mlir", "5");
}

#[test]
fn initial_values_icarus_ours_vs_circt() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let input = repo().join("tests/cases/initial_sv.mlir");
    let ours = d.join("ours.sv");
    run(bin().arg(&input).args(["--emit", "sv", "-o"]).arg(&ours));
    let mlir = d.join("circt.mlir");
    run(bin().arg(&input).args(["--emit", "mlir", "--dialect", "circt", "-o"]).arg(&mlir));
    let out_dir = d.join("circt");
    std::fs::create_dir_all(&out_dir).unwrap();
    let verdict = run(Tool::CirctCheck.command().arg("export").arg(&out_dir).arg(&mlir));
    let theirs = verdict
        .split_whitespace()
        .last()
        .filter(|_| verdict.starts_with("ok "))
        .unwrap_or_else(|| panic!("CIRCT did not export: {verdict}"))
        .to_string();
    let tb = repo().join("tests/seq/initial_tb.sv");
    let trace = |sv: &Path, name: &str| -> String {
        let exe = d.join(name);
        run(Tool::Iverilog.command().args(["-g2012", "-o"]).arg(&exe).arg(sv).arg(&tb));
        run(Tool::Vvp.command().arg("-n").arg(&exe))
    };
    let a = trace(&ours, "ours");
    let b = trace(Path::new(&theirs), "theirs");
    // 19; (19 + 19) ^ 19 = 53; 19; 53 (seq.from_immutable).
    assert_eq!(a.lines().next(), Some("13 35 13 35"), "our initial values:\n{a}");
    assert_eq!(a.lines().count(), 301, "{a}");
    assert_eq!(a, b, "our SystemVerilog and CIRCT's differ under Icarus");
}

#[test]
fn shiftreg_systemverilog_is_lint_clean() {
    let sv = run(bin().arg(repo().join("tests/cases/shiftreg_sv.mlir")).args(["--emit", "sv"]));
    assert!(sv.contains("if (ce) a_sh2 <= a_sh1;"), "no shift register chain:\n{sv}");
    let lint = verilator_lint(&sv, "shiftreg");
    assert!(lint.trim().is_empty(), "verilator -Wall says:\n{lint}");
}

#[test]
fn shiftreg_cosimulates_for_1000_cycles() {
    cosim_agrees_1000_cycles("shiftreg_sv.mlir", "9");
}

#[test]
fn shiftreg_and_const_clock_icarus_ours_vs_circt() {
    let input = repo().join("tests/seq/shiftreg_circt.mlir");
    let text = std::fs::read_to_string(&input).unwrap();
    let design = load_text("shiftreg_circt.mlir", &text, 0);
    let dir = tempfile::tempdir().unwrap();
    let theirs = circt_export(&input, dir.path());
    let ours = run(bin().arg(&input).args(["--emit", "sv"]));
    let stim = stimulus(&design, 11, 1000);
    let expected = eval_trace(&design, &stim);
    // a: 3 until three enabled edges; b: 9 until reset; h, l, t: 3, 200, 9; k: 1.
    let first: Vec<u64> = expected[0].iter().map(|b| b.to_u64()).collect();
    assert_eq!(first, [3, 9, 3, 200, 9, 1], "the evaluator's cycle 0");
    assert_traces_eq("Icarus on ours", &design, &expected, &simulate(Engine::Icarus, &design, &ours, &stim));
    assert_traces_eq(
        "Icarus on CIRCT's",
        &design,
        &expected,
        &simulate(Engine::Icarus, &design, &theirs, &stim),
    );
}

#[test]
fn memory_circt_form_keeps_meaning() {
    let cases = [
        ("tests/seq/memory_wide.mlir", "-O0"),
        ("tests/cases/memory_sv.mlir", "-O1"),
        ("tests/cases/memory_o0_sv.mlir", "-O0"),
    ];
    for (case, opt) in cases {
        let path = repo().join(case);
        let text = std::fs::read_to_string(&path).unwrap();
        let circt = cli(&[path.to_str().unwrap(), opt, "--emit", "mlir", "--dialect", "circt"]);
        assert!(circt.contains(" = comb.icmp ult %"), "{case}: no range check:\n{circt}");
        assert!(!circt.contains("\"seq.firmem."), "{case}: a generic port is left:\n{circt}");
        let a = load_text(case, &text, 0);
        let b = load_text("circt.mlir", &circt, 0);
        let stim = stimulus(&a, 13, 1000);
        let expected = eval_trace(&a, &stim);
        // The reads see written data, not only zeros.
        assert!(expected.iter().any(|c| c.iter().any(|v| !v.is_zero())), "{case}: all zero");
        assert_traces_eq(case, &a, &expected, &eval_trace(&b, &stim));
    }
}

/// A constant clock into an instance's clock port and a shift register
/// (`tests/cases/const_clock_instance.mlir`): lint-clean; the evaluator, the Rust simulator
/// and Verilator agree for 1,000 cycles at -O0 and -O1 (the child on the constant clock
/// holds its power-on values, the one on the real clock counts); Icarus on ours and on
/// CIRCT's own export give the evaluator's trace from cycle 0.
#[test]
fn const_clock_into_instances_cosimulates_and_matches_circt() {
    let input = repo().join("tests/cases/const_clock_instance.mlir");
    let ours = run(bin().arg(&input).args(["--emit", "sv"]));
    let lint = verilator_lint(&ours, "const_clock_instance");
    assert!(lint.trim().is_empty(), "verilator -Wall says:\n{lint}");
    for o in ["0", "1"] {
        let out = bin()
            .arg("cosim")
            .arg(&input)
            .args(["--cycles", "1000", "--seed", "4", "-O", o])
            .output()
            .unwrap();
        let text =
            format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert!(out.status.success() && text.contains("all agree"), "-O{o}: {text}");
    }
    let text = std::fs::read_to_string(&input).unwrap();
    let design = load_text("const_clock_instance.mlir", &text, 0);
    let stim = stimulus(&design, 4, 300);
    let expected = eval_trace(&design, &stim);
    // Outputs a, an, b, bn, s: u0 holds 5 and 1; u1 counts from 1; the shift register holds 7.
    let at = |c: usize| -> Vec<u64> { expected[c].iter().map(|b| b.to_u64()).collect() };
    assert_eq!((at(0)[0], at(0)[1], at(0)[3], at(0)[4]), (5, 1, 1, 7), "cycle 0");
    assert_eq!((at(299)[0], at(299)[1], at(299)[3], at(299)[4]), (5, 1, 44, 7), "cycle 299");
    let dir = tempfile::tempdir().unwrap();
    let theirs = circt_export(&input, dir.path());
    assert_traces_eq("Icarus on ours", &design, &expected, &simulate(Engine::Icarus, &design, &ours, &stim));
    assert_traces_eq(
        "Icarus on CIRCT's",
        &design,
        &expected,
        &simulate(Engine::Icarus, &design, &theirs, &stim),
    );
}
