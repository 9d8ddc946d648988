//! Per-pass file tests (`tests/passes/`): each case runs named passes (`--passes`) on a
//! kernel or a netlist and prints the IR after them (`--emit hls-ir` for the HLS IR,
//! `--emit mlir` for the netlist); the expected text sits beside it (`BLESS=1` updates it).
//! Every registered HLS IR pass must have a case.

use crate::support::filetest::{self, Case, Suite};

/// A pass case must succeed.
fn succeeds(case: &Case) -> Vec<String> {
    if case.actual.starts_with("# exit: 0\n") {
        Vec::new()
    } else {
        vec![format!("{}: the passes must run:\n{}", case.rel, case.actual)]
    }
}

#[test]
fn pass_cases() {
    filetest::run_suite(&Suite {
        dir: "passes",
        default_run: &["--emit", "hls-ir"],
        min_cases: 15,
        check: succeeds,
    });
}

#[test]
fn every_hls_pass_has_a_case() {
    let dir = filetest::root().join("passes");
    let mut named = Vec::new();
    for path in filetest::case_files(&dir) {
        let text = std::fs::read_to_string(&path).unwrap();
        let d = filetest::Directives::parse(&text);
        let run = d.run.unwrap_or_default();
        for w in run.windows(2).filter(|w| w[0] == "--passes") {
            named.extend(w[1].split(',').map(String::from));
        }
    }
    for name in hls::passes::names() {
        assert!(named.iter().any(|n| n == name), "no case in tests/passes runs --passes {name}");
    }
}
