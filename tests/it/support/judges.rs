//! External judges of our output: Verilator's lint, Yosys's and Icarus's elaboration, ABC's
//! equivalence proofs, and CIRCT's verifier and exporter (`scripts/circt_check.py`).

use super::tools::{circt_check, output, run, Tool};
use std::ffi::OsString;
use std::path::Path;

/// `verilator --lint-only -Wall` on `sv`; returns its output, which must be empty.
pub fn verilator_lint(sv: &str, top: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join(format!("{top}.sv"));
    std::fs::write(&f, sv).unwrap();
    let r = output(
        Tool::Verilator.in_dir(dir.path()).args(["--lint-only", "-Wall", "--top-module", top]).arg(&f),
        None,
    );
    assert!(r.success(), "verilator --lint-only: {}\n--- source:\n{sv}", r.describe());
    r.text()
}

/// Yosys reads the SystemVerilog (`read_verilog -sv`) and elaborates the top.
pub fn yosys_accepts(sv: &str, top: &str) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("d.sv"), sv).unwrap();
    run(Tool::Yosys.in_dir(dir.path()).args([
        "-q",
        "-p",
        &format!("read_verilog -sv d.sv; hierarchy -check -top {top}; proc"),
    ]));
}

/// Icarus compiles the SystemVerilog.
pub fn iverilog_accepts(sv: &str) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("d.sv"), sv).unwrap();
    run(Tool::Iverilog.in_dir(dir.path()).args(["-g2012", "-o", "d.vvp", "d.sv"]));
}

/// Proves two SystemVerilog texts of the same top equivalent: Yosys lowers each to BLIF
/// (`proc; flatten; memory; techmap; opt_clean; dffunmap; write_blif`: `memory` maps the
/// ROMs Yosys infers from LUT case tables to logic, `opt_clean` drops the wires techmap
/// left unused, `dffunmap` turns enable/reset flip-flops into plain ones BLIF can hold)
/// and `yosys-abc` runs `cec` (purely combinational designs) or `dsec` (designs with
/// registers). Returns ABC's output. No `opt -fast` after techmap: on the gate-level
/// dividers of the random netlists it took three quarters of Yosys's time, and ABC
/// strashes the gates anyway.
pub fn prove_equivalent(a: &str, b: &str, top: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // The two lowerings run side by side (a 96-bit divider takes Yosys's techmap about a
    // minute and a half on each side).
    let sequential = std::thread::scope(|s| {
        let runs: Vec<_> = [("a", a), ("b", b)]
            .map(|(name, sv)| {
                s.spawn(move || {
                    std::fs::write(d.join(format!("{name}.sv")), sv).unwrap();
                    run(Tool::Yosys.in_dir(d).args([
                        "-q",
                        "-p",
                        &format!(
                            "read_verilog -sv {name}.sv; hierarchy -top {top}; proc; flatten; memory; techmap; \
                             opt_clean; dffunmap; write_blif {name}.blif"
                        ),
                    ]));
                    std::fs::read_to_string(d.join(format!("{name}.blif"))).unwrap().contains(".latch")
                })
            })
            .into_iter()
            .collect();
        runs.into_iter().fold(false, |acc, h| h.join().expect("yosys thread") | acc)
    });
    let cmd = if sequential { "dsec a.blif b.blif" } else { "cec a.blif b.blif" };
    let out = run(Tool::Abc.in_dir(d).args(["-c", cmd]));
    assert!(
        out.contains("Networks are equivalent") || out.contains("are equivalent"),
        "ABC did not prove equivalence ({cmd}):\n{out}"
    );
    assert!(!out.contains("NOT EQUIVALENT") && !out.contains("not equivalent"), "ABC: {out}");
    out
}

/// CIRCT's own SystemVerilog for `file` (`scripts/circt_check.py export`, written under
/// `dir`), panicking with CIRCT's message if it does not export.
pub fn circt_export(file: &Path, dir: &Path) -> String {
    circt_export_all(dir, &[file]).remove(0)
}

/// CIRCT's export of each of `inputs` (written under `dir`), in order; panics with CIRCT's
/// verdict for an input it does not export.
pub fn circt_export_all<P: AsRef<Path>>(dir: &Path, inputs: &[P]) -> Vec<String> {
    let mut args = vec![OsString::from("export"), dir.into()];
    args.extend(inputs.iter().map(|p| p.as_ref().as_os_str().to_owned()));
    let verdicts = circt_check(&args);
    assert_eq!(verdicts.len(), inputs.len(), "one verdict per input: {verdicts:?}");
    verdicts
        .iter()
        .map(|l| {
            let path = l.strip_prefix("ok ").and_then(|r| r.split_whitespace().nth(1));
            let path = path.unwrap_or_else(|| panic!("CIRCT did not export: {l}"));
            std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
        })
        .collect()
}

/// CIRCT's parser and verifier (`scripts/circt_check.py verify`, one `ok FILE` line per
/// file it accepts) on `files`: panics with its verdicts unless it accepts every one.
pub fn assert_circt_verifies<P: AsRef<Path>>(files: &[P]) {
    let mut args = vec![OsString::from("verify")];
    args.extend(files.iter().map(|p| p.as_ref().as_os_str().to_owned()));
    let verdicts = circt_check(&args);
    let ok = verdicts.iter().filter(|l| l.starts_with("ok ")).count();
    assert_eq!(ok, files.len(), "CIRCT's verifier rejects a file:\n{}", verdicts.join("\n"));
}
