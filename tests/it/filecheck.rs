//! The file-based suites, run by [`crate::support::filetest`] (directives, `.expected`
//! files, `BLESS=1`, `FILETEST=TEXT`: see there):
//! - `tests/cases/`: the text formats; by default `--emit verilog`. A case that prints
//!   SystemVerilog also makes a round trip: the same run with `--emit mlir`, read back with
//!   the case's options, must print the same SystemVerilog byte for byte.
//! - `tests/errors/`: bad input to the netlist flow; exit status 1 and an error that starts
//!   with the file's path and mentions the case's `// expect:` text.
//! - `tests/hls_errors/`: the same for bad HLS input, located at `FILE:LINE:COL`.

use crate::support::filetest::{
    self, diff, error_checks, located_error_checks, snapshot, with_input, Case, Suite,
};

/// For a case that printed SystemVerilog: printing it as MLIR and reading that back must
/// print the same.
fn round_trip(case: &Case) -> Vec<String> {
    let prints_sv = case.args.windows(2).any(|w| w[0] == "--emit" && w[1] == "verilog");
    if !prints_sv || !case.actual.starts_with("# exit: 0\n") {
        return Vec::new();
    }
    let mlir_args: Vec<String> =
        case.args.iter().map(|a| if a == "verilog" { "mlir".to_string() } else { a.clone() }).collect();
    let rel = &case.rel;
    let mlir = snapshot(&filetest::root(), &mlir_args);
    let Some(text) = mlir.strip_prefix("# exit: 0\n").filter(|t| !t.contains("# stderr:")) else {
        return vec![format!("{rel}: --emit mlir failed:\n{mlir}")];
    };
    let dir = tempfile::tempdir().expect("temporary directory");
    std::fs::write(dir.path().join("roundtrip.mlir"), text).expect("write the MLIR");
    let options = case.directives.options(CASES.default_run);
    let again = snapshot(dir.path(), &with_input(&options, "roundtrip.mlir"));
    if again == case.actual {
        return Vec::new();
    }
    vec![format!(
        "{rel}: the SV differs after an --emit mlir round trip\n{}--- mlir:\n{text}",
        diff(&case.actual, &again)
    )]
}

const CASES: Suite =
    Suite { dir: "cases", default_run: &["--emit", "verilog"], min_cases: 40, check: round_trip };

#[test]
fn text_format_cases() {
    filetest::run_suite(&CASES);
}

#[test]
fn error_cases() {
    filetest::run_suite(&Suite {
        dir: "errors",
        default_run: &["--emit", "verilog"],
        min_cases: 40,
        check: error_checks,
    });
}

/// Bad HLS input: float, tensor, recursion, constant index, yield type, unknown op, ...
#[test]
fn hls_error_cases() {
    filetest::run_suite(&Suite {
        dir: "hls_errors",
        default_run: &["--emit", "verilog"],
        min_cases: 6,
        check: located_error_checks,
    });
}
