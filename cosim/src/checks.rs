//! Checks in co-simulation. When the design has `verif` checks, the Verilator side is built
//! with `--assert`, its testbench keeps running after a failed assertion and sets the time to
//! 2t before cycle t's inputs and 2t+1 at its edge (so `[T]` in a message is cycle T / 2), and
//! the Rust runner appends `[cycle] assert LABEL failed` lines after the outputs (the
//! formatted message instead for a check with one, as its `$error` prints it). Both sides'
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

/// Which failure lines cosim compares between the simulators.
pub struct Compared {
    /// `assert LABEL failed` of the clocked checks without a message, unless an immediate
    /// check prints the same.
    lines: BTreeSet<String>,
    /// Those of the immediate checks without a message.
    immediate: BTreeSet<String>,
    /// True unless an immediate check has a message: then no message line is compared
    /// (the text does not say which check printed it).
    messages: bool,
}

impl Compared {
    /// Sorts out the checks of `design`.
    pub fn of(design: &Design) -> Compared {
        let mut clocked = BTreeSet::new();
        let mut immediate = BTreeSet::new();
        let mut messages = true;
        for m in &design.modules {
            for c in m.cells() {
                if let CellKind::Check { kind, label, clocked: k, message } = &m.cell(c).kind {
                    if message.is_some() {
                        messages &= *k;
                        continue;
                    }
                    let l = backends::verilog::module::check::failure_message(*kind, label.as_deref());
                    if *k {
                        clocked.insert(l)
                    } else {
                        immediate.insert(l)
                    };
                }
            }
        }
        Compared { lines: clocked.difference(&immediate).cloned().collect(), immediate, messages }
    }

    /// True if failure text `m` is compared.
    pub fn contains(&self, m: &str) -> bool {
        self.lines.contains(m) || (self.messages && !self.immediate.contains(m) && !self.is_label_line(m))
    }

    fn is_label_line(&self, m: &str) -> bool {
        self.lines.contains(m) || self.immediate.contains(m)
    }
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
        // Verilator: `[T] %Error: top.sv:L: Assertion failed in TOP.m.l: assert l failed`
        // (or the check's own message, which may hold ": " itself).
        let msg = match msg.split_once("Assertion failed in ").and_then(|(_, r)| r.split_once(": ")) {
            Some((_, m)) => m.trim_end().to_string(),
            None if halve => msg.rsplit(": ").next().unwrap_or(msg).trim().to_string(),
            // The Rust runner prints the failure text alone.
            None => msg.trim().to_string(),
        };
        fails.push((if halve { t / 2 } else { t }, msg));
    }
    (trace, fails)
}

/// How the `sv.fwrite` text on standard error differs between the Rust simulator and
/// Verilator (`None` when it agrees or the design writes nothing). A write to stdout would
/// mix with the traces, so cosim refuses it (the Rust simulator's own runner prints it).
pub fn prints_differ(design: &Design, rust: &str, verilator: &str) -> Option<String> {
    let mut fds = design
        .modules
        .iter()
        .flat_map(|m| m.cells().map(move |c| &m.cell(c).kind))
        .filter_map(|k| match k {
            CellKind::Check { kind: comb::CheckKind::Print(fd), .. } => Some(*fd),
            _ => None,
        })
        .peekable();
    fds.peek()?;
    if fds.any(|fd| fd != 0x8000_0002) {
        return Some(
            "cosim compares 'sv.fwrite' to stderr (0x80000002) only; stdout would mix with the traces".into(),
        );
    }
    if rust == verilator {
        return None;
    }
    let (r, v): (Vec<&str>, Vec<&str>) = (rust.lines().collect(), verilator.lines().collect());
    let at = r.iter().zip(&v).position(|(a, b)| a != b).unwrap_or(r.len().min(v.len()));
    Some(format!(
        "the sv.fwrite output differs at line {}: rust {:?}, verilator {:?}",
        at + 1,
        r.get(at).copied().unwrap_or("<end>"),
        v.get(at).copied().unwrap_or("<end>")
    ))
}
