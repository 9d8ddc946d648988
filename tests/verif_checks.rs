//! `verif.assert` and friends against engines we did not write: Verilator (`--assert`) runs
//! the emitted SystemVerilog and reports a failing clocked assertion at the same cycle as the
//! in-tree evaluator; a passing assertion is silent in both; CIRCT's own verifier accepts what
//! `--emit mlir` prints for the checks (custom form).

mod common;

use common::{circt_python, cli, load_text, repo, run};
use std::process::Command;

/// The Verilator testbench: `lim` from the command line, 8 cycles, time 2t before the
/// inputs' eval and 2t+1 at the rising edge, so a failure at time T is in cycle T / 2.
const TB: &str = r#"#include "Vd.h"
#include "verilated.h"
#include <cstdlib>
int main(int argc, char** argv) {
  VerilatedContext* ctx = new VerilatedContext;
  ctx->fatalOnError(false);
  Vd* top = new Vd{ctx};
  top->clk = 0; top->lim = 0; top->eval();
  for (int t = 0; t < 8; t++) {
    ctx->time(2 * t); top->lim = atoi(argv[1]); top->eval();
    ctx->time(2 * t + 1); top->clk = 1; top->eval(); top->clk = 0; top->eval();
  }
  top->final();
  return 0;
}
"#;

/// (cycle, label) of each `[T] %Error: ... assert LABEL failed` line.
fn verilator_failures(log: &str) -> Vec<(u64, String)> {
    log.lines()
        .filter_map(|l| {
            let t: u64 = l.strip_prefix('[')?.split(']').next()?.parse().ok()?;
            let label = l.split("assert ").last()?.strip_suffix(" failed")?;
            Some((t / 2, label.to_string()))
        })
        .collect()
}

fn evaluator_failures(text: &str, lim: u64) -> Vec<(u64, String)> {
    let design = load_text("below.mlir", text, 1);
    let mut sim = comb::eval::Simulator::new(&design).unwrap();
    for _ in 0..8 {
        sim.set_input("lim", comb::bits::Bits::from_u64(lim, 4));
        sim.tick();
    }
    sim.failures().iter().map(|f| (f.cycle, f.label.as_deref().unwrap_or("").to_string())).collect()
}

#[test]
fn verilator_and_evaluator_report_the_same_failing_cycle() {
    let path = repo().join("tests/verif/below.mlir");
    let text = std::fs::read_to_string(&path).unwrap();
    let sv = cli(&[path.to_str().unwrap(), "--emit", "verilog"]);
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("d.sv"), &sv).unwrap();
    std::fs::write(dir.path().join("tb.cpp"), TB).unwrap();
    run(Command::new("verilator").current_dir(dir.path()).args([
        "--cc",
        "--exe",
        "--build",
        "--assert",
        "-Wno-fatal",
        "-O0",
        "--Mdir",
        "obj",
        "d.sv",
        "tb.cpp",
        "-o",
        "Vtb",
    ]));
    let vl = |lim: &str| {
        let out = Command::new(dir.path().join("obj/Vtb")).arg(lim).output().unwrap();
        // Verilator prints `$error` on standard output, `$stop` on standard error.
        verilator_failures(&format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ))
    };
    // lim = 5: cnt is 5 before the edge of cycle 5 (and 6, 7 after), so `below` fails there.
    let expect: Vec<(u64, String)> = (5..8).map(|c| (c, "below".to_string())).collect();
    assert_eq!(evaluator_failures(&text, 5), expect, "evaluator");
    assert_eq!(vl("5"), expect, "Verilator");
    // lim = 0: `lim_nonzero` fails every cycle, and `below` too (cnt < 0 never holds).
    let both: Vec<(u64, String)> =
        (0..8).flat_map(|c| [(c, "below".to_string()), (c, "lim_nonzero".to_string())]).collect();
    let mut e = evaluator_failures(&text, 0);
    let mut v = vl("0");
    e.sort();
    v.sort();
    assert_eq!(e, both, "evaluator");
    assert_eq!(v, both, "Verilator");
    // lim = 15 is never reached in 8 cycles: clean in both.
    assert_eq!(evaluator_failures(&text, 15), vec![]);
    assert_eq!(vl("15"), vec![]);
}

#[test]
fn circt_verifies_emitted_checks() {
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for case in ["tests/cases/verif_checks.mlir", "tests/verif/below.mlir"] {
        let out = cli(&[repo().join(case).to_str().unwrap(), "--emit", "mlir"]);
        for needle in ["verif.assert", "ltl.clock"] {
            assert!(out.contains(needle), "{case}: {needle} kept:\n{out}");
        }
        let f = dir.path().join(format!("{}.mlir", files.len()));
        std::fs::write(&f, out).unwrap();
        files.push(f);
    }
    let mut cmd = Command::new(circt_python());
    cmd.arg(repo().join("scripts/circt_check.py")).arg("verify").args(&files);
    let verdicts = run(&mut cmd);
    assert_eq!(verdicts.lines().filter(|l| l.starts_with("ok ")).count(), files.len(), "{verdicts}");
}
