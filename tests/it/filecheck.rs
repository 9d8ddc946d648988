//! File-based tests of the text formats: each `.mlir` under `tests/cases/` and
//! `tests/errors/` runs through the `rmlir-hls` binary and its exit status, standard
//! output and standard error must equal the `.expected` file beside it.
//!
//! The first lines of a case may say how to run it: `// RUN: --emit mlir --generic` (the
//! input file is appended). Without one, `--emit verilog` is used; `// top: NAME` adds
//! `--top NAME`. Set `BLESS=1` to write
//! the current output as the expectation; the diff of a failure shows what changed.
//!
//! A case under `tests/cases/` that prints SystemVerilog also makes a round trip: the same
//! run with `--emit mlir`, read back with the case's options, must print the same
//! SystemVerilog byte for byte.

use std::path::{Path, PathBuf};
use std::process::Command;

fn cases(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    v.retain(|p| p.extension().is_some_and(|e| e == "mlir"));
    v.sort();
    v
}

/// Options from `// RUN: ...` (default `--emit verilog`) plus `// top: NAME`.
fn run_args(text: &str) -> Vec<String> {
    let mut args = vec!["--emit".to_string(), "verilog".to_string()];
    for line in text.lines().take(5) {
        if let Some(rest) = line.trim().strip_prefix("// RUN:") {
            args = rest.split_whitespace().map(String::from).collect();
        }
    }
    for line in text.lines().take(5) {
        if let Some(top) = line.trim().strip_prefix("// top:") {
            args.extend(["--top".to_string(), top.trim().to_string()]);
        }
    }
    args
}

fn snapshot(root: &Path, rel: &str, args: &[String]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_rmlir-hls"))
        .current_dir(root)
        .arg(rel)
        .args(args)
        .output()
        .expect("run rmlir-hls");
    let code = out.status.code().unwrap_or(-1);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{rel}: rmlir-hls panicked:\n{stderr}");
    assert_ne!(code, 101, "{rel}: rmlir-hls panicked");
    let mut s = format!("# exit: {code}\n{stdout}");
    if !stderr.is_empty() {
        s.push_str("# stderr:\n");
        s.push_str(&stderr);
    }
    s
}

/// For a case that printed SystemVerilog (`sv`, as [`snapshot`] shows it): `None` if
/// printing it as MLIR and reading that back prints the same, else what went wrong.
fn round_trip_failure(root: &Path, rel: &str, args: &[String], sv: &str) -> Option<String> {
    let mlir_args: Vec<String> =
        args.iter().map(|a| if a == "verilog" { "mlir".to_string() } else { a.clone() }).collect();
    let mlir = snapshot(root, rel, &mlir_args);
    let Some(text) = mlir.strip_prefix("# exit: 0\n").filter(|t| !t.contains("# stderr:")) else {
        return Some(format!("{rel}: --emit mlir failed:\n{mlir}"));
    };
    let dir = tempfile::tempdir().expect("temporary directory");
    std::fs::write(dir.path().join("roundtrip.mlir"), text).expect("write the MLIR");
    let again = snapshot(dir.path(), "roundtrip.mlir", args);
    (again != sv).then(|| {
        format!(
            "{rel}: the SV differs after an --emit mlir round trip\n{}--- mlir:\n{text}",
            diff(sv, &again)
        )
    })
}

/// A small line diff: the expected and actual lines around the first difference.
fn diff(expected: &str, actual: &str) -> String {
    let e: Vec<&str> = expected.lines().collect();
    let a: Vec<&str> = actual.lines().collect();
    let first = e.iter().zip(&a).position(|(x, y)| x != y).unwrap_or(e.len().min(a.len()));
    let lo = first.saturating_sub(2);
    let mut s = format!("first difference at line {}:\n", first + 1);
    for l in &e[lo..(first + 4).min(e.len())] {
        s.push_str(&format!("-{l}\n"));
    }
    for l in &a[lo..(first + 4).min(a.len())] {
        s.push_str(&format!("+{l}\n"));
    }
    s
}

#[test]
fn text_format_cases() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let bless = std::env::var_os("BLESS").is_some();
    let mut failures = Vec::new();
    let mut count = 0;
    for dir in ["cases", "errors"] {
        for path in cases(&root.join(dir)) {
            count += 1;
            let rel = format!("{dir}/{}", path.file_name().unwrap().to_string_lossy());
            let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
            let args = run_args(&text);
            let actual = snapshot(&root, &rel, &args);
            let expected_path = path.with_extension("expected");
            // Blessing writes the expectation and still runs every other check below (the
            // round trip, the error's location), so a blessed run fails where a plain one would.
            if bless {
                std::fs::write(&expected_path, &actual).unwrap();
            } else {
                match std::fs::read_to_string(&expected_path) {
                    Ok(expected) if expected == actual => {}
                    Ok(expected) => {
                        failures.push(format!("{rel}: output differs\n{}", diff(&expected, &actual)))
                    }
                    Err(_) => {
                        failures.push(format!("{rel}: no {} (run with BLESS=1)", expected_path.display()))
                    }
                }
            }
            let prints_sv = args.windows(2).any(|w| w[0] == "--emit" && w[1] == "verilog");
            if dir == "cases" && prints_sv && actual.starts_with("# exit: 0\n") {
                failures.extend(round_trip_failure(&root, &rel, &args, &actual));
            }
            if dir == "errors" {
                assert!(actual.starts_with("# exit: 1\n"), "{rel}: a bad input must exit 1:\n{actual}");
                let expect =
                    text.lines().next().and_then(|l| l.trim().strip_prefix("// expect:")).map(str::trim);
                if let Some(expect) = expect {
                    if !actual.contains(expect) {
                        failures.push(format!("{rel}: the error does not mention '{expect}':\n{actual}"));
                    }
                }
                let header = format!("# stderr:\n{rel}:");
                if !actual.contains(&header) && !text.contains("// no-location") {
                    failures
                        .push(format!("{rel}: the error does not start with '{rel}:LINE:COL':\n{actual}"));
                }
            }
        }
    }
    assert!(count >= 40, "expected at least 40 file cases, found {count}");
    assert!(failures.is_empty(), "{} of {count} cases failed:\n\n{}", failures.len(), failures.join("\n"));
}
