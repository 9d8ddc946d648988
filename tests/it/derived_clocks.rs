//! Derived clocks (issue 10): registers and checks on a clock computed by logic — a
//! `negedge` block's inverted clock, `seq.to_clock (~clk)`, a clock divided by a register —
//! in the evaluator and the generated Rust simulator, against engines we did not write.
//! - `tests/seq/negedge_mixed.mlir` co-simulates (evaluator, Rust simulator, Verilator on our
//!   SystemVerilog) for 1,000 cycles at -O0 and -O1 with its asynchronous reset driven at
//!   random (so asserted and released mid-run); the check failures cosim reports are the
//!   evaluator's on the same stimulus, cycle for cycle.
//! - The evaluator's trace obeys the half-cycle timing worked out by hand (a falling-edge
//!   register sees the rising-edge register's new value), and Verilator on CIRCT's own export
//!   of the same input gives that trace for 1,000 cycles.
//! - Our SystemVerilog is lint-clean under `verilator -Wall`; CIRCT verifies our `--emit mlir`.

use crate::support::*;
use comb::eval::Simulator;
use comb::Bits;
use cosim::stimulus::random_stimulus;
use cosim::testbench::TbPorts;

const MIXED: &str = "tests/seq/negedge_mixed.mlir";

fn mixed_text() -> String {
    std::fs::read_to_string(repo().join(MIXED)).unwrap()
}

/// `cosim: cycle N: assert LABEL failed` lines: (N, LABEL), sorted.
fn cosim_failures(text: &str) -> Vec<(u64, String)> {
    let mut v: Vec<(u64, String)> = text
        .lines()
        .filter_map(|l| {
            let rest = l.split("cosim: cycle ").nth(1)?;
            let (n, msg) = rest.split_once(": ")?;
            let label = msg.strip_prefix("assert ")?.strip_suffix(" failed")?;
            Some((n.parse().ok()?, label.to_string()))
        })
        .collect();
    v.sort();
    v
}

/// The evaluator on cosim's own stimulus (`random_stimulus`, 2 reset cycles): its failures.
fn evaluator_failures(text: &str, opt: u8, cycles: usize, seed: u64) -> Vec<(u64, String)> {
    let design = load_text("negedge_mixed.mlir", text, opt);
    let ports = TbPorts::new(&design).unwrap();
    let stim = random_stimulus(&ports, cycles, seed, 2);
    let mut sim = Simulator::new(&design).unwrap();
    let inputs: Vec<_> = ports.inputs().map(|f| f.port).collect();
    for vals in &stim {
        for (&p, v) in inputs.iter().zip(vals) {
            sim.set_input_port(p, v.clone());
        }
        sim.eval();
        sim.tick();
    }
    let mut v: Vec<(u64, String)> =
        sim.failures().iter().map(|f| (f.cycle, f.label.as_deref().unwrap_or("").to_string())).collect();
    v.sort();
    v
}

#[test]
fn negedge_divided_and_async_cosimulate_for_1000_cycles() {
    let text = mixed_text();
    for o in [0u8, 1] {
        let out = bin()
            .arg("cosim")
            .arg(repo().join(MIXED))
            .args(["--cycles", "1000", "--seed", "3", "-O", &o.to_string()])
            .output()
            .unwrap();
        let all = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert!(all.contains("cosim: 1000 cycles, 5 outputs: all agree"), "-O{o}:\n{all}");
        // The checks fail now and then: exit 1, and the failures are the evaluator's.
        assert_eq!(out.status.code(), Some(1), "-O{o}:\n{all}");
        let seen = cosim_failures(&all);
        let labels: std::collections::BTreeSet<&str> = seen.iter().map(|f| f.1.as_str()).collect();
        assert_eq!(labels.into_iter().collect::<Vec<_>>(), ["lo_small", "m_differs"], "-O{o}:\n{all}");
        assert_eq!(seen, evaluator_failures(&text, o, 1000, 3), "-O{o}");
    }
}

#[test]
fn evaluator_keeps_the_half_cycle_timing() {
    let design = load_text("negedge_mixed.mlir", &mixed_text(), 0);
    let stim = stimulus(&design, 21, 1000);
    let trace = eval_trace(&design, &stim);
    let ins: Vec<String> = data_inputs(&design).into_iter().map(|i| i.0).collect();
    let input = |t: usize, name: &str| stim[t][ins.iter().position(|n| n == name).unwrap()].to_u64();
    let (hi, lo, mix) = (0, 1, 2);
    let out = |t: usize, k: usize| trace[t][k].to_u64();
    let mut checked = 0;
    for t in 0..999 {
        // h loads a + l at the rising edge: always (no reset).
        assert_eq!(out(t + 1, hi), (input(t, "a") + out(t, lo)) & 0xff, "hi at cycle {}", t + 1);
        if input(t, "arst") == 1 || input(t + 1, "arst") == 1 {
            if input(t + 1, "arst") == 1 {
                assert_eq!((out(t + 1, lo), out(t + 1, mix)), (7, 200), "reset at cycle {}", t + 1);
            }
            continue;
        }
        // At the falling edge l and m see h's new value (a posedge model would see the old).
        assert_eq!(out(t + 1, lo), out(t + 1, hi) ^ input(t, "b"), "lo at cycle {}", t + 1);
        assert_eq!(out(t + 1, mix), out(t + 1, hi).wrapping_sub(out(t, lo)) & 0xff, "mix at {}", t + 1);
        checked += 1;
    }
    assert!(checked > 100, "only {checked} cycles without a reset");
    // slow loads h + m on every other rising edge (the divided clock): it changes at most
    // every second cycle.
    let changes: Vec<usize> = (1..1000).filter(|&t| out(t, 3) != out(t - 1, 3)).collect();
    assert!(changes.len() > 300, "{changes:?}");
    assert!(changes.windows(2).all(|w| w[1] - w[0] >= 2), "{changes:?}");
}

#[test]
fn circts_export_in_verilator_matches_the_evaluator() {
    let dir = tempfile::tempdir().unwrap();
    let input = repo().join(MIXED);
    let theirs = circt_export(&input, dir.path());
    assert!(theirs.contains("negedge clock or posedge arst"), "{theirs}");
    let design = load_text("negedge_mixed.mlir", &mixed_text(), 0);
    let mut stim = stimulus(&design, 8, 1000);
    // The test bench sets the inputs at time 0, where Verilator sees no edge of the reset
    // (cosim's own testbench settles with zeros first): start with it low.
    let arst = data_inputs(&design).iter().position(|i| i.0 == "arst").unwrap();
    stim[0][arst] = Bits::from_bool(false);
    let expected = eval_trace(&design, &stim);
    let actual = simulate(Engine::Verilator, &design, &theirs, &stim);
    assert_traces_eq("Verilator on CIRCT's export", &design, &expected, &actual);
    // The reset was asserted and released mid-run.
    let rises = stim.windows(2).filter(|w| w[0][arst] == Bits::from_bool(false) && w[1][arst].bit(0)).count();
    assert!(rises > 100, "{rises}");
}

#[test]
fn derived_clock_outputs_are_lint_clean_and_verified_by_circt() {
    let input = repo().join(MIXED);
    let p = input.to_str().unwrap();
    let ours = cli(&[p, "--emit", "verilog"]);
    let lint = verilator_lint(&ours, "negedge_mixed");
    assert!(lint.trim().is_empty(), "verilator -Wall warned:\n{lint}");
    let dir = tempfile::tempdir().unwrap();
    let mut files = vec![input.clone()];
    files.extend(emit_mlir_files(&input, dir.path(), false));
    assert_circt_verifies(&files);
    // The evaluator takes it after --emit mlir too, with the same trace.
    let again = load_text("emitted.mlir", &std::fs::read_to_string(&files[1]).unwrap(), 0);
    let design = load_text("negedge_mixed.mlir", &mixed_text(), 0);
    let stim = stimulus(&design, 5, 300);
    assert_traces_eq("read back", &design, &eval_trace(&design, &stim), &eval_trace(&again, &stim));
    let _ = Simulator::new(&again).unwrap();
}

const CLOCK_OPS: &str = "tests/seq/clock_ops.mlir";

/// `tests/seq/clock_ops.mlir` in the spelling CIRCT 1.62 reads: it has no `seq.clock_inv`,
/// so that op is written as CIRCT's own `lower-seq-to-sv` lowers it (`comb.xor` with 1).
fn clock_ops_circt_162(text: &str) -> String {
    let from = "  %inv = seq.clock_inv %clock\n";
    assert!(text.contains(from));
    text.replace(
        from,
        "  %ib = seq.from_clock %clock\n  %t1 = hw.constant true\n  %ix = comb.xor %ib, %t1 : i1\n  %inv = seq.to_clock %ix\n",
    )
}

#[test]
fn clock_ops_cosimulate_for_1000_cycles() {
    for o in ["0", "1"] {
        let out = bin()
            .arg("cosim")
            .arg(repo().join(CLOCK_OPS))
            .args(["--cycles", "1000", "--seed", "4", "-O", o])
            .output()
            .unwrap();
        let all = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert!(out.status.success() && all.contains("1000 cycles, 4 outputs: all agree"), "-O{o}:\n{all}");
    }
}

#[test]
fn clock_ops_keep_their_meaning() {
    let text = std::fs::read_to_string(repo().join(CLOCK_OPS)).unwrap();
    let design = load_text("clock_ops.mlir", &text, 0);
    let mut stim = stimulus(&design, 17, 1000);
    let ins: Vec<String> = data_inputs(&design).into_iter().map(|i| i.0).collect();
    let arst = ins.iter().position(|n| n == "arst").unwrap();
    // Verilator sees no edge of a reset set at time 0 by the test bench: start with it low.
    stim[0][arst] = Bits::from_bool(false);
    let trace = eval_trace(&design, &stim);
    let input = |t: usize, name: &str| stim[t][ins.iter().position(|n| n == name).unwrap()].to_u64();
    let out = |t: usize, k: usize| trace[t][k].to_u64();
    let (a, c, e) = (0, 2, 3);
    for t in 0..999 {
        // a: on the inverted clock, reset asynchronously.
        let want_a =
            if input(t + 1, "arst") == 1 || input(t, "arst") == 1 { 0 } else { out(t, a) + input(t, "d") };
        assert_eq!(out(t + 1, a), want_a & 0xff, "a at cycle {}", t + 1);
        // c: on the clock divided by 4, which rises at the edges of cycles 0, 4, 8, ...
        let want_c = if t % 4 == 0 { out(t, c) + input(t, "d") } else { out(t, c) };
        assert_eq!(out(t + 1, c), want_c & 0xff, "c at cycle {}", t + 1);
        // e: `by 0` is the clock itself.
        assert_eq!(out(t + 1, e), input(t, "d").wrapping_sub(out(t, e)) & 0xff, "e at cycle {}", t + 1);
    }
    // Verilator on CIRCT's own export of the same design gives the evaluator's trace.
    let dir = tempfile::tempdir().unwrap();
    let input_162 = dir.path().join("clock_ops_162.mlir");
    std::fs::write(&input_162, clock_ops_circt_162(&text)).unwrap();
    let out_dir = dir.path().join("circt");
    std::fs::create_dir_all(&out_dir).unwrap();
    let theirs = circt_export(&input_162, &out_dir);
    assert!(theirs.contains("clock_out_1"), "CIRCT's divider:\n{theirs}");
    let actual = simulate(Engine::Verilator, &design, &theirs, &stim);
    assert_traces_eq("Verilator on CIRCT's export", &design, &trace, &actual);
    // The muxed clock (b) loaded on rising and on falling edges of the clock.
    let b_moves = (1..1000).filter(|&t| out(t, 1) != out(t - 1, 1)).count();
    assert!(b_moves > 500, "{b_moves}");
}

#[test]
fn clock_ops_outputs_are_lint_clean_and_verified_by_circt() {
    let input = repo().join(CLOCK_OPS);
    let p = input.to_str().unwrap();
    let ours = cli(&[p, "--emit", "verilog"]);
    let lint = verilator_lint(&ours, "clock_ops");
    assert!(lint.trim().is_empty(), "verilator -Wall warned:\n{lint}");
    let dir = tempfile::tempdir().unwrap();
    let emitted = dir.path().join("emitted.mlir");
    let mlir = cli(&[p, "--emit", "mlir"]);
    assert!(!mlir.contains("seq.clock_"), "the clock ops are lowered:\n{mlir}");
    std::fs::write(&emitted, &mlir).unwrap();
    assert_circt_verifies(&[&emitted]);
    let again = load_text("emitted.mlir", &mlir, 0);
    let design = load_text("clock_ops.mlir", &std::fs::read_to_string(&input).unwrap(), 0);
    let stim = stimulus(&design, 6, 300);
    assert_traces_eq("read back", &design, &eval_trace(&design, &stim), &eval_trace(&again, &stim));
}
