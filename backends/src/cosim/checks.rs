//! Checks in co-simulation. When the design has `verif` checks, the Verilator side is built
//! with `--assert`, its testbench keeps running after a failed assertion and sets the time to
//! 2t before cycle t's inputs and 2t+1 at its edge (so `[T]` in a message is cycle T / 2), and
//! the Rust runner appends `[cycle] assert LABEL failed` lines after the outputs. Both sides'
//! failures are compared for the clocked checks (sampled on the edge in both); immediate
//! checks are reported from the Rust side only, because an event-driven simulator evaluates
//! an `always_comb` assertion whenever its inputs change (also between edges, and not again
//! while they stay), which is no cycle-exact match for sampling once per cycle.

use comb::{CellKind, Design};
use std::collections::BTreeSet;

/// True if any module of `design` holds a check.
pub fn has_checks(design: &Design) -> bool {
    design.modules.iter().any(|m| m.cells().any(|c| matches!(m.cell(c).kind, CellKind::Check { .. })))
}

/// The labels (`(unlabeled)` for none) of the clocked checks, unless an immediate check shares one.
pub fn compared_labels(design: &Design) -> BTreeSet<String> {
    let mut clocked = BTreeSet::new();
    let mut immediate = BTreeSet::new();
    for m in &design.modules {
        for c in m.cells() {
            if let CellKind::Check { label, clocked: k, .. } = &m.cell(c).kind {
                let l = label.as_deref().unwrap_or("(unlabeled)").to_string();
                if *k {
                    clocked.insert(l)
                } else {
                    immediate.insert(l)
                };
            }
        }
    }
    clocked.difference(&immediate).cloned().collect()
}

/// Splits a simulator's standard output into the trace and the check failures
/// `(cycle, "assert LABEL failed")`; `halve` divides Verilator's times into cycles.
pub fn split(out: &str, halve: bool) -> (String, Vec<(u64, String)>) {
    let mut trace = String::new();
    let mut fails = Vec::new();
    for line in out.lines() {
        if line.starts_with('%') {
            continue; // Verilator's `%Error: top.sv:L: Verilog $stop` after a failure
        }
        let Some(rest) = line.strip_prefix('[') else {
            trace.push_str(line);
            trace.push('\n');
            continue;
        };
        let Some((t, msg)) = rest.split_once(']') else { continue };
        let Ok(t) = t.parse::<u64>() else { continue };
        // Verilator: `[T] %Error: top.sv:L: Assertion failed in TOP.m.l: assert l failed`.
        let msg = msg.rsplit(": ").next().unwrap_or(msg).trim().to_string();
        fails.push((if halve { t / 2 } else { t }, msg));
    }
    (trace, fails)
}

/// The label in `assert LABEL failed`.
pub fn label_of(msg: &str) -> &str {
    let rest = msg.split_once(' ').map(|x| x.1).unwrap_or(msg);
    rest.strip_suffix(" failed").unwrap_or(rest)
}
