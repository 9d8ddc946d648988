//! Flags that do nothing say so, and mistakes get a hint (issue 22 item 8): `rmlir-hls help`,
//! warnings for HLS flags and `--report` on input without HLS functions, `--print-after`
//! with an unknown pass, `--top` naming no module, a misspelled op.

use crate::support::bin;
use std::path::Path;
use std::process::Output;

fn rmlir(args: &[&str]) -> Output {
    bin().args(args).output().expect("run rmlir-hls")
}

fn repo_file(p: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(p).to_str().unwrap().to_string()
}

fn text(o: &Output) -> (String, String) {
    (String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned())
}

#[test]
fn help_subcommand_prints_help() {
    for (args, want) in [
        (&["help"][..], "--emit <EMIT>"),
        (&["help", "fpga"][..], "--device"),
        (&["help", "cosim"][..], "--cycles"),
    ] {
        let o = rmlir(args);
        let (out, err) = text(&o);
        assert!(o.status.success(), "{args:?}: {err}");
        assert!(out.contains("Usage:") && out.contains(want), "{args:?}:\n{out}");
    }
}

#[test]
fn hls_flags_on_input_without_hls_warn() {
    let counter = repo_file("examples/counter.mlir");
    let o = rmlir(&[&counter, "--emit", "verilog", "--pipeline", "--clock-period", "5", "--max-mul", "2"]);
    let (out, err) = text(&o);
    assert!(o.status.success() && out.contains("module "), "{err}");
    assert!(
        err.contains(
            "warning: --clock-period, --max-mul, --pipeline have no effect: the input has no HLS function"
        ),
        "{err}"
    );
    let o = rmlir(&[&counter, "--emit", "verilog", "--report", "-"]);
    let (_, err) = text(&o);
    assert!(o.status.success() && err.contains("warning: --report has no effect"), "{err}");
    // The same flags on an HLS kernel are used, so nothing is said.
    let kernel = repo_file("tests/hls/vadd_i8.mlir");
    let o = rmlir(&[&kernel, "--emit", "verilog", "--pipeline", "--clock-period", "5"]);
    let (_, err) = text(&o);
    assert!(o.status.success() && !err.contains("warning"), "{err}");
    // Without any HLS flag a plain design is quiet.
    let o = rmlir(&[&counter, "--emit", "verilog"]);
    assert!(o.status.success() && o.stderr.is_empty(), "{}", text(&o).1);
}

#[test]
fn unknown_pass_and_module_list_the_known_ones() {
    let counter = repo_file("examples/counter.mlir");
    let o = rmlir(&[&counter, "--emit", "verilog", "--print-after", "cs"]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(out.is_empty());
    assert!(
        err.contains("unknown pass 'cs' (did you mean 'cse'?); the HLS IR passes are: cfg-loop, const-div")
            && err.contains("; the netlist passes are: constant-fold, simplify, cse"),
        "{err}"
    );
    let hier = repo_file("examples/hierarchy.mlir");
    let o = rmlir(&[&hier, "--emit", "verilog", "--top", "add9"]);
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("no module named 'add9' (did you mean 'add8'?); the modules are: stage, add8"),
        "{err}"
    );
}

#[test]
fn misspelled_op_gets_the_close_name() {
    let dir = tempfile::tempdir().unwrap();
    for (body, want) in [
        ("%0 = comb.ad %a, %a : i8", "2:8: error: unknown op 'comb.ad' (did you mean 'comb.add'?)"),
        (
            "%0 = \"comb.mxu\"(%a, %a, %a) : (i8, i8, i8) -> i8",
            "unknown op 'comb.mxu' (did you mean 'comb.mux'?)",
        ),
        ("%0 = comb.frobnicate %a : i8", "2:8: error: unknown op 'comb.frobnicate'\n"),
    ] {
        let f = dir.path().join("t.mlir");
        std::fs::write(
            &f,
            format!("hw.module @m(in %a: i8, out y: i8) {{\n  {body}\n  hw.output %0 : i8\n}}\n"),
        )
        .unwrap();
        let o = rmlir(&[f.to_str().unwrap(), "--emit", "verilog"]);
        let (_, err) = text(&o);
        assert_eq!(o.status.code(), Some(1), "{err}");
        assert!(err.contains(want), "{body}: {err}");
    }
}
