//! Parametric modules kept parametric (issue 26 item 1): `tests/params_sv/` holds the
//! expected parameterized SystemVerilog (and MLIR) of parametric designs, each SV case also
//! making an `--emit mlir` round trip that must print the same SV again;
//! `tests/params_sv_errors/` the located errors for bad parameter use. The parametric SV of
//! a module instantiated at two widths is lint-clean under `verilator -Wall` in both
//! dialects, and Icarus and Verilator simulate it to the same outputs as our specialized
//! output (and the evaluator) on random stimulus.

use crate::support::filetest::{self, diff, located_error_checks, snapshot, with_input, Case, Suite};
use crate::support::*;

/// For a case that printed SystemVerilog: the same run with `--emit mlir`, read back with
/// the case's options, must print the same SystemVerilog.
fn round_trip(case: &Case) -> Vec<String> {
    let prints_sv = case.args.windows(2).any(|w| w[0] == "--emit" && w[1] == "verilog");
    if !prints_sv || !case.actual.starts_with("# exit: 0\n") || case.actual.contains("# stderr:") {
        return Vec::new();
    }
    let mlir_args: Vec<String> = case
        .args
        .iter()
        .filter(|a| !a.starts_with("--sv-dialect") && *a != "2005")
        .map(|a| if a == "verilog" { "mlir".to_string() } else { a.clone() })
        .collect();
    let mlir = snapshot(&filetest::root(), &mlir_args);
    let Some(text) = mlir.strip_prefix("# exit: 0\n").filter(|t| !t.contains("# stderr:")) else {
        return vec![format!("{}: --emit mlir failed:\n{mlir}", case.rel)];
    };
    let dir = tempfile::tempdir().expect("temporary directory");
    std::fs::write(dir.path().join("roundtrip.mlir"), text).expect("write the MLIR");
    let options = case.directives.options(&["--emit", "verilog"]);
    let again = snapshot(dir.path(), &with_input(&options, "roundtrip.mlir"));
    if again == case.actual {
        return Vec::new();
    }
    vec![format!(
        "{}: the SV differs after an --emit mlir round trip\n{}--- mlir:\n{text}",
        case.rel,
        diff(&case.actual, &again)
    )]
}

#[test]
fn parametric_cases() {
    filetest::run_suite(&Suite {
        dir: "params_sv",
        default_run: &["--emit", "verilog"],
        min_cases: 8,
        check: round_trip,
    });
}

#[test]
fn bad_parameter_use_is_a_located_error() {
    filetest::run_suite(&Suite {
        dir: "params_sv_errors",
        default_run: &["--emit", "verilog", "--keep-params"],
        min_cases: 4,
        check: located_error_checks,
    });
}

/// `tests/params_sv/alu.mlir`: `alu<W>` at W = 5 and W = 12 under the top `pair`. The
/// parameterized output (SV and Verilog-2005) is lint-clean, and the simulators run it to
/// the evaluator's outputs on the specialized design, as they run our specialized SV.
#[test]
fn two_widths_simulate_as_the_specialized_output() {
    let f = repo().join("tests/params_sv/alu.mlir");
    let f = f.to_str().unwrap();
    let kept = run(bin().arg(f).args(["--emit", "verilog", "--keep-params"]));
    assert!(
        kept.contains("module alu #(\n  parameter int W,")
            && kept.contains("alu #(\n    .W(12),\n    .S(3)\n  ) u12"),
        "{kept}"
    );
    // The warning about `W` having no default goes to standard error; the design to stdout.
    let out =
        bin().arg(f).args(["--emit", "verilog", "--keep-params", "--sv-dialect", "2005"]).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("parameter 'W' of 'alu' has no default"));
    let kept05 = String::from_utf8(out.stdout).unwrap();
    assert!(kept05.contains("  parameter W = 0,\n  parameter S = 2"), "{kept05}");
    let special = run(bin().arg(f).args(["--emit", "verilog", "-O0"]));
    assert!(!special.contains("parameter"), "{special}");
    for (what, sv) in [("SV", &kept), ("Verilog-2005", &kept05)] {
        let lint = verilator_lint(sv, "pair");
        assert!(lint.trim().is_empty(), "verilator -Wall on the {what} output says:\n{lint}");
    }
    let text = std::fs::read_to_string(f).unwrap();
    let design = load_text("alu.mlir", &text, 0);
    let stim = stimulus(&design, 26, 200);
    let expected = eval_trace(&design, &stim);
    // Icarus (11) reads no `parameter int W` without a default: it runs the 2005 output.
    for (engine, what, sv) in [
        (Engine::Icarus2005, "parametric Verilog-2005", &kept05),
        (Engine::Verilator, "parametric SV", &kept),
        (Engine::Icarus, "specialized SV", &special),
    ] {
        let got = simulate(engine, &design, sv, &stim);
        assert_traces_eq(&format!("{engine:?} on the {what}"), &design, &expected, &got);
    }
}

/// A top without defaults is written parametric without any flag, while a flow that needs
/// widths (here the Rust simulator) still refuses it, now with the reason as a warning.
#[test]
fn a_top_without_defaults_needs_no_flag() {
    let f = repo().join("tests/params_sv/nodefault.mlir");
    let sv = run(bin().arg(&f).args(["--emit", "verilog"]));
    assert!(
        sv.contains("parameter int DEPTH,") && sv.contains("output wire [$clog2(DEPTH) - 1:0] ptr"),
        "{sv}"
    );
    let dir = tempfile::tempdir().unwrap();
    let out = bin().arg(&f).args(["--emit", "rust-sim", "-o"]).arg(dir.path().join("sim")).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("warning: parametric modules are specialized: the Rust simulator"), "{err}");
    assert!(err.contains("has no default value"), "{err}");
}
