//! Module parameters on `hw.module` (issue 10 item 1), on `tests/params/design.mlir`: every
//! distinct assignment becomes its own module; our SystemVerilog is lint-clean under
//! `verilator -Wall` and Yosys+ABC prove it equal to CIRCT's own ExportVerilog of the
//! same input (which keeps the modules generic, with `parameter`s and `#(...)` overrides).

mod common;
use common::*;
use std::process::Command;

#[test]
fn specialized_modules_equal_circt_parametric_export() {
    let dir = tempfile::tempdir().unwrap();
    let f = repo().join("tests/params/design.mlir").to_str().unwrap().to_string();
    let sv = run(bin().arg(&f).args(["--emit", "verilog"]));
    for m in ["module scale(", "module scale_K_7_S_1(", "module pair_K_1(", "scale_K_10_S_0 inner ("] {
        assert!(sv.contains(m), "missing '{m}':\n{sv}");
    }
    assert!(!sv.contains("parameter"), "{sv}");
    let lint = verilator_lint(&sv, "ptop");
    assert!(lint.trim().is_empty(), "verilator -Wall says:\n{lint}");
    let out = Command::new(circt_python())
        .arg(repo().join("scripts/circt_check.py"))
        .arg("export")
        .arg(dir.path())
        .arg(&f)
        .output()
        .expect("run CIRCT's Python");
    let text = String::from_utf8_lossy(&out.stdout);
    let path = text.strip_prefix(&format!("ok {f} ")).map(str::trim);
    let circt_sv = std::fs::read_to_string(path.unwrap_or_else(|| panic!("CIRCT export: {text}"))).unwrap();
    assert!(circt_sv.contains("parameter [7:0] K = 3"), "CIRCT keeps the module generic:\n{circt_sv}");
    prove_equivalent(&sv, &circt_sv, "ptop");
}
