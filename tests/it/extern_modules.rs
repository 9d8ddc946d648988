//! Black boxes (`hw.module.extern`, issue 10 item 1):
//! - the SystemVerilog of a design instantiating one, with a hand-written Verilog model of
//!   the black box (`tests/extern/model.sv`), is lint-clean under `verilator -Wall`, and
//!   on Icarus it computes what the same design with ordinary modules in its place
//!   computes (`tests/extern/reference.mlir`; 1,000 random cycles, one Icarus run for both);
//!   the model sees the parameter overrides, so a lost `#(.SUB(1))` fails the comparison;
//! - `--emit mlir` (custom and generic) is parsed and verified by CIRCT's Python package,
//!   and read back it prints the same SystemVerilog;
//! - the evaluator, the Rust simulator, cosim and the FPGA flow refuse the design with a
//!   message naming the extern module, exit status 1.

use crate::support::*;
use std::path::{Path, PathBuf};

fn input(name: &str) -> PathBuf {
    repo().join("tests/extern").join(name)
}

#[test]
fn black_box_lints_and_simulates_like_the_ordinary_modules() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let sv = run(bin().arg(input("box.mlir")).args(["--emit", "verilog"]));
    assert!(sv.contains("addsub_model #(\n    .SUB(1)\n  ) minus ("), "{sv}");
    assert!(!sv.contains("module addsub_model") && !sv.contains("TAG"), "no body, defaults left out:\n{sv}");
    let model = std::fs::read_to_string(input("model.sv")).unwrap();
    let lint = verilator_lint(&format!("{sv}{model}"), "top_box");
    assert!(lint.trim().is_empty(), "verilator -Wall says:\n{lint}");

    let reference = run(bin().arg(input("reference.mlir")).args(["--emit", "verilog"]));
    std::fs::write(d.join("box.sv"), &sv).unwrap();
    std::fs::write(d.join("ref.sv"), reference).unwrap();
    let mut iv = Tool::Iverilog.command();
    iv.current_dir(d).args(["-g2012", "-o", "t.vvp", "box.sv", "ref.sv"]);
    iv.arg(input("model.sv")).arg(input("tb.sv"));
    run(&mut iv);
    let out = run(Tool::Vvp.command().current_dir(d).args(["-n", "t.vvp"]));
    assert!(out.contains("mismatches 0 of 1000"), "Icarus: the black box and its reference differ:\n{out}");
}

/// Writes `text` to `dir/name` and returns the path as a string.
fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

#[test]
fn circt_parses_black_boxes_and_they_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let sv = run(bin().arg(input("box.mlir")).args(["--emit", "verilog"]));
    let mut files = Vec::new();
    for (k, extra) in [vec![], vec!["--generic"]].into_iter().enumerate() {
        let mlir = run(bin().arg(input("box.mlir")).args(["--emit", "mlir"]).args(&extra));
        assert!(mlir.contains("hw.module.extern"), "{mlir}");
        assert!(
            mlir.contains("SUB: i1 = 1") || mlir.contains("\"SUB\": i1 = 1"),
            "every parameter given:\n{mlir}"
        );
        let f = write(d, &format!("{k}.mlir"), &mlir);
        let back = run(bin().arg(&f).args(["--emit", "verilog"]));
        assert_eq!(back, sv, "--emit mlir {extra:?} read back prints other SystemVerilog");
        files.push(f);
    }
    let out = Tool::CirctCheck.command().arg("verify").args(&files).output().expect("run CIRCT's Python");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // The generic form of hw.module (properties) is not CIRCT 1.62's; only the custom
    // form must pass whole. The generic hw.module.extern must not be what fails.
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("ok "), "CIRCT rejects the custom form: {text}");
    assert!(!lines[1].contains("hw.module.extern"), "CIRCT rejects the generic extern: {text}");
}

#[test]
fn engines_that_need_a_model_refuse() {
    let dir = tempfile::tempdir().unwrap();
    let f = input("box.mlir");
    let want = "needs a model of extern module `AddSub`";
    let fpga_dir = dir.path().join("fpga");
    for args in [
        vec!["cosim", f.to_str().unwrap()],
        vec![f.to_str().unwrap(), "--emit", "rust-sim", "-o"],
        vec!["fpga", f.to_str().unwrap(), "-o"],
    ] {
        let mut c = bin();
        c.args(&args);
        if args.last() == Some(&"-o") {
            c.arg(if args[0] == "fpga" { fpga_dir.clone() } else { dir.path().join("sim") });
        }
        let out = c.output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains(want) && !err.contains("panicked"), "{args:?}: {err}");
    }
    assert!(!fpga_dir.exists(), "a refused FPGA run leaves no folder");
    let src = mlir_text::SourceFile::new("box.mlir", std::fs::read_to_string(&f).unwrap());
    let design = comb::build_design(&mlir_text::parse(&src).unwrap(), None).unwrap();
    let e = comb::eval::Simulator::new(&design).err().expect("the evaluator refuses");
    assert!(e.starts_with("the evaluator needs a model of extern module `AddSub`"), "{e}");
}
