//! `seq.firmem` beyond one read and one write port of latency 1 (issue 10, item 2):
//! `tests/cases/firmem_ports.mlir` has a combinational read (latency 0), read and write
//! latency 2 with a mask and two read ports, a read-write port beside a read port, and two
//! masked write ports on one memory.
//! - Our SystemVerilog is lint-clean under `verilator -Wall`; `cosim` (evaluator, Rust
//!   simulator, Verilator) agrees for 1,000 cycles.
//! - CIRCT's own export of the same file (`lower-seq-to-sv` + `hw-memory-sim`, its simulation
//!   model) and ours run under Icarus on one seeded stimulus of 600 cycles: ours equals the
//!   evaluator's trace, and CIRCT's equals it in every hex digit CIRCT defines (its model gives
//!   `x` for disabled reads and never-written words, where we give 0); most digits must be
//!   defined, so the comparison cannot pass vacuously.
//! - `seq.fifo` (`tests/cases/fifo.mlir`, two FIFOs of depth 4 and 8): the same three checks
//!   against CIRCT 1.62's `lower-seq-fifo` + `lower-seq-hlmem` lowering, on 1,000 cycles of
//!   random reads and writes (full and empty are reached and pushed against).

use crate::support::*;

const CASE: &str = "tests/cases/firmem_ports.mlir";

#[test]
fn firmem_ports_lint_and_cosim() {
    let f = repo().join(CASE);
    let sv = run(bin().arg(&f).args(["--emit", "sv"]));
    let lint = verilator_lint(&sv, "firmem_ports");
    assert!(lint.trim().is_empty(), "verilator -Wall says:\n{lint}");
    let out = bin().arg("cosim").arg(&f).args(["--cycles", "1000", "--seed", "3"]).output().unwrap();
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success() && text.contains("all agree"), "{text}");
}

/// Runs `sv` (top `firmem_ports`) under Icarus on `stim`; one line of hex digits per cycle
/// and output, as Icarus prints them (`x`/`X` where bits are undefined).
fn icarus_raw(design: &comb::Design, sv: &str, stim: &[Vec<comb::Bits>]) -> Vec<Vec<String>> {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("design.sv"), sv).unwrap();
    std::fs::write(d.join("tb.sv"), testbench(design, stim.len())).unwrap();
    let lines: Vec<String> =
        stim.iter().map(|c| c.iter().map(|b| b.to_hex()).collect::<Vec<_>>().join(" ")).collect();
    std::fs::write(d.join("stim.hex"), lines.join("\n") + "\n").unwrap();
    run(Tool::Iverilog.command().current_dir(d).args(["-g2012", "-o", "sim", "tb.sv", "design.sv"]));
    run(Tool::Vvp.command().current_dir(d).args(["-n", "sim"]));
    let text = std::fs::read_to_string(d.join("out.hex")).unwrap();
    text.lines().map(|l| l.split_whitespace().map(str::to_string).collect()).collect()
}

#[test]
fn firmem_ports_icarus_ours_vs_circt() {
    let theirs = ours_vs_circt(CASE, 600, 17);
    assert!(theirs.contains("Memory[_R0_addr_d1]"), "CIRCT's model has no latency-2 read:\n{theirs}");
}

#[test]
fn fifo_lint_and_cosim() {
    let f = repo().join(FIFO);
    let sv = run(bin().arg(&f).args(["--emit", "sv"]));
    let lint = verilator_lint(&sv, "fifos");
    assert!(lint.trim().is_empty(), "verilator -Wall says:\n{lint}");
    let out = bin().arg("cosim").arg(&f).args(["--cycles", "1000", "--seed", "4"]).output().unwrap();
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success() && text.contains("all agree"), "{text}");
}

const FIFO: &str = "tests/cases/fifo.mlir";

#[test]
fn fifo_icarus_ours_vs_circt() {
    let theirs = ours_vs_circt(FIFO, 1000, 23);
    assert!(theirs.contains("fifo_count"), "CIRCT did not lower the FIFO:\n{theirs}");
    // The stimulus reaches full and empty on the 4-deep FIFO (outputs 1 and 2).
    let text = std::fs::read_to_string(repo().join(FIFO)).unwrap();
    let design = load_text("fifo.mlir", &text, 1);
    let trace = eval_trace(&design, &stimulus(&design, 23, 1000));
    assert!(trace.iter().filter(|c| c[1].to_u64() == 1).count() > 20, "never full");
    assert!(trace.iter().filter(|c| c[2].to_u64() == 1).count() > 20, "never empty");
}

/// Runs CIRCT's export of `case` and ours under Icarus on `cycles` seeded cycles: ours must
/// equal the evaluator, CIRCT's must equal it in every hex digit it defines (at least 60%).
/// Returns CIRCT's SystemVerilog.
fn ours_vs_circt(case: &str, cycles: usize, seed: u64) -> String {
    let f = repo().join(case);
    let text = std::fs::read_to_string(&f).unwrap();
    let design = load_text(case, &text, 1);
    let dir = tempfile::tempdir().unwrap();
    let theirs = circt_export(&f, dir.path());
    let ours = run(bin().arg(&f).args(["--emit", "sv"]));
    let stim = stimulus(&design, seed, cycles);
    let expected = eval_trace(&design, &stim);
    let want: Vec<Vec<String>> =
        expected.iter().map(|c| c.iter().map(|b| b.to_hex().to_lowercase()).collect()).collect();
    let a = icarus_raw(&design, &ours, &stim);
    assert_eq!(a.len(), want.len(), "Icarus ran a different number of cycles");
    for (c, (w, g)) in want.iter().zip(&a).enumerate() {
        assert_eq!(w, g, "{case}: cycle {c}: the evaluator vs Icarus on our SystemVerilog");
    }
    let b = icarus_raw(&design, &theirs, &stim);
    let names = outputs(&design);
    let (mut defined, mut total) = (0usize, 0usize);
    for (c, (w, g)) in want.iter().zip(&b).enumerate() {
        for (k, (wv, gv)) in w.iter().zip(g).enumerate() {
            assert_eq!(wv.len(), gv.len(), "cycle {c}: digit counts differ");
            for (wd, gd) in wv.chars().zip(gv.chars()) {
                total += 1;
                if gd == 'x' || gd == 'X' {
                    continue;
                }
                defined += 1;
                assert_eq!(wd, gd, "{case}: cycle {c}, output '{}': ours {wv}, CIRCT's {gv}", names[k].0);
            }
        }
    }
    assert!(defined * 10 >= total * 6, "{case}: CIRCT defines only {defined} of {total} digits");
    theirs
}
