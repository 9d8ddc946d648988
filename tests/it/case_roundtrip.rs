//! Every accepted file case (`tests/cases/*.mlir`) survives `--emit mlir` at -O0 and -O1:
//! the text read back prints the same SystemVerilog, byte for byte. The file cases pin the
//! exact output of one option set each; this catches a printer that writes something the
//! reader builds differently (a duplicated `seq.from_clock` before a clocked check was one).

use crate::support::*;

#[test]
fn accepted_file_cases_round_trip_through_mlir() {
    let mut files: Vec<_> = std::fs::read_dir(repo().join("tests/cases"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    files.sort();
    let mut checked = 0;
    for f in &files {
        let path = f.to_str().unwrap();
        for opt in ["-O0", "-O1"] {
            let sv = cli_output(&[path, "--emit", "verilog", opt], None);
            if !sv.status.success() {
                continue; // HLS-only options, several tops, ...: other tests cover those
            }
            for form in [&["--emit", "mlir"][..], &["--emit", "mlir", "--generic"][..]] {
                let mlir = cli_output(&[&[path, opt][..], form].concat(), None);
                assert!(
                    mlir.status.success(),
                    "{path} {opt} {form:?}: {}",
                    String::from_utf8_lossy(&mlir.stderr)
                );
                let again = cli_output(&["-", "--emit", "verilog", opt], Some(&mlir.stdout));
                assert!(
                    again.status.success() && again.stdout == sv.stdout,
                    "{path} {opt} {form:?}: the SystemVerilog changed after the MLIR round trip:\n{}\n--- MLIR:\n{}",
                    String::from_utf8_lossy(&again.stderr),
                    String::from_utf8_lossy(&mlir.stdout)
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 100, "only {checked} case/option pairs were accepted");
}

/// `-O1` reaches its fixed point in one run: its `--emit mlir` output, run through `-O1`
/// again, prints the same text. `extract_nested_fold` nests extracts over a concat, which
/// `simplify` once folded one level per run.
#[test]
fn o1_is_idempotent_on_nested_extracts() {
    let path = repo().join("tests/cases/extract_nested_fold.mlir");
    let once = cli_output(&[path.to_str().unwrap(), "-O1", "--emit", "mlir"], None);
    assert!(once.status.success(), "{}", String::from_utf8_lossy(&once.stderr));
    let twice = cli_output(&["-", "-O1", "--emit", "mlir"], Some(&once.stdout));
    assert!(twice.status.success(), "{}", String::from_utf8_lossy(&twice.stderr));
    assert_eq!(
        String::from_utf8_lossy(&twice.stdout),
        String::from_utf8_lossy(&once.stdout),
        "-O1 changed its own output"
    );
    let text = String::from_utf8_lossy(&once.stdout);
    assert!(!text.contains("comb.concat"), "the concat should be gone:\n{text}");
}
