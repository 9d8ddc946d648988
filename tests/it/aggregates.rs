//! CIRCT's aggregate and datapath ops (`hw.array_*`, `hw.struct_*`, `hw.union_*`,
//! `hw.enum.constant`, `hw.aggregate_constant`, `hw.bitcast`, `datapath.*`):
//! - ABC `cec` proves the SystemVerilog we emit for `tests/aggregates/cec.mlir` equal to a
//!   hand-written reference that states CIRCT's bit layout (`tests/aggregates/cec_ref.sv`),
//!   one Yosys run for both; a reference with a planted layout error must fail the same
//!   check;
//! - every aggregate case is `verilator --lint-only -Wall` clean;
//! - a register file held in an `!hw.array` register (and a struct register), and the
//!   proof design, agree in `rmlir-hls cosim` (evaluator, Rust simulator, Verilator) for
//!   1,000 cycles.

use crate::support::*;

const CASES: [&str; 8] = [
    "tests/cases/hw_aggregates.mlir",
    "tests/cases/hw_aggregates_generic.mlir",
    "tests/cases/datapath.mlir",
    "tests/cases/array_register.mlir",
    "tests/cases/array_instance.mlir",
    "tests/cases/hw_aggregates_short.mlir",
    "tests/cases/hw_typealias.mlir",
    "tests/aggregates/cec.mlir",
];

#[test]
fn aggregate_ops_equal_the_circt_reference() {
    let root = repo();
    let ours = cli(&[root.join("tests/aggregates/cec.mlir").to_str().unwrap(), "--emit", "verilog"]);
    let reference = std::fs::read_to_string(root.join("tests/aggregates/cec_ref.sv")).unwrap();
    // The check must be able to fail: the reference with array_create's order reversed
    // (element 0 high, the layout CIRCT does not use) must not be proven equal.
    let wrong = reference.replace("created = {a, b, c, d};", "created = {d, c, b, a};");
    assert_ne!(wrong, reference, "the reference no longer has the line the negative check edits");
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut script = String::new();
    for (name, sv) in [("a", reference.as_str()), ("b", ours.as_str()), ("c", wrong.as_str())] {
        std::fs::write(d.join(format!("{name}.sv")), sv).unwrap();
        script.push_str(&format!(
            "design -reset; read_verilog -sv {name}.sv; hierarchy -top agg_cec; proc; flatten; memory; \
             techmap; opt -fast; dffunmap; write_blif {name}.blif; "
        ));
    }
    run(Tool::Yosys.command().current_dir(d).args(["-q", "-p", &script]));
    let out = run(Tool::Abc.command().current_dir(d).args(["-c", "cec a.blif b.blif; cec c.blif b.blif"]));
    assert_eq!(
        out.matches("Networks are equivalent").count(),
        1,
        "ABC did not prove equivalence:\n{out}\n--- ours:\n{ours}"
    );
    assert!(out.contains("NOT EQUIVALENT"), "ABC missed the planted layout error:\n{out}");
}

#[test]
fn aggregate_cases_are_lint_clean() {
    let root = repo();
    for case in CASES {
        let path = root.join(case);
        let p = path.to_str().unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let design = load_text(p, &text, 1);
        let top = design.module(design.top_id()).name.clone();
        let sv = cli(&[p, "--emit", "verilog"]);
        let lint = verilator_lint(&sv, &top);
        assert!(lint.trim().is_empty(), "{case}: verilator -Wall:\n{lint}\n--- source:\n{sv}");
    }
}

#[test]
fn aggregate_designs_cosimulate_for_1000_cycles() {
    // The array register file (sequential), and the evaluator as a third voice on the
    // combinational proof design.
    for case in ["tests/cases/array_register.mlir", "tests/aggregates/cec.mlir"] {
        let f = repo().join(case);
        let out = bin()
            .args(["cosim", f.to_str().unwrap(), "--cycles", "1000", "--seed", "3"])
            .env_remove("RMLIR_COSIM_FAULT")
            .output()
            .expect("run rmlir-hls cosim");
        let text =
            format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert!(out.status.success(), "{case}: cosim failed:\n{text}");
        assert!(
            text.contains("1000 cycles") && text.contains("all agree"),
            "{case}: unexpected cosim output:\n{text}"
        );
    }
}

#[test]
fn emitted_mlir_of_aggregates_reads_back_to_the_same_verilog() {
    let root = repo();
    let dir = tempfile::tempdir().unwrap();
    for case in CASES {
        let p = root.join(case);
        let p = p.to_str().unwrap();
        let mlir = cli(&[p, "--emit", "mlir"]);
        let back = dir.path().join("back.mlir");
        std::fs::write(&back, mlir).unwrap();
        assert_eq!(
            cli(&[p, "--emit", "verilog"]),
            cli(&[back.to_str().unwrap(), "--emit", "verilog"]),
            "{case}"
        );
    }
}
