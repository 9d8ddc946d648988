//! Names that make the generated SystemVerilog readable against its source: FSM states
//! (`S_GEMM_L6_PIPE0`: function, loop line, role), the state-decode wires named after them
//! (`in_S_GEMM_L6_PIPE0 = state == ...`), registers after the source values they hold
//! (`acc_r`), and a source map printed as a comment block in the module: each state's
//! value and name with the source ops (`file:line`) that start in it, and each register
//! with the values it holds.
//!
//! A state's role: `IDLE` (state 0, waiting for `start`), `PIPE<k>` (slot `k` of a
//! pipelined loop's II states), `BODY` (a state of a loop body), `TOP` (a state outside
//! every loop); a role with several states gets their index (`BODY0`, `BODY1`, ...).

use super::layout::Layout;
use crate::ir::{Func, ValId};
use std::collections::BTreeMap;
use std::fmt::Write;

/// Upper-case identifier characters of `s` (others become `_`).
fn ident_upper(s: &str) -> String {
    s.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_uppercase() } else { '_' }).collect()
}

/// The name of every state, by number.
pub(crate) fn state_names(f: &Func, l: &Layout) -> Vec<String> {
    let func = ident_upper(&f.name);
    let mut base: Vec<String> = Vec::with_capacity(l.next.len());
    for s in 0..l.next.len() as u32 {
        if s == 0 {
            base.push(format!("S_{func}_IDLE"));
            continue;
        }
        // The innermost loop whose states contain `s`.
        let inner =
            l.loops.iter().filter(|li| li.states.0 <= s && s <= li.states.1).max_by_key(|li| li.depth);
        base.push(match inner {
            None => format!("S_{func}_TOP"),
            Some(li) => {
                let at = f.lines.line(li.span).map_or_else(|| format!("{}", li.id), |n| format!("L{n}"));
                match li.pipelined {
                    Some(_) => format!("S_{func}_{}_PIPE{}", at.to_uppercase(), s - li.states.0),
                    None => format!("S_{func}_{}_BODY", at.to_uppercase()),
                }
            }
        });
    }
    let mut count: BTreeMap<&str, u32> = BTreeMap::new();
    for b in &base {
        *count.entry(b).or_default() += 1;
    }
    let mut seen: BTreeMap<&str, u32> = BTreeMap::new();
    base.iter()
        .map(|b| {
            if count[b.as_str()] == 1 || b.ends_with("IDLE") {
                return b.clone();
            }
            let k = seen.entry(b).or_default();
            *k += 1;
            format!("{b}{}", *k - 1)
        })
        .collect()
}

/// The source ops that start in each state: `gemm.mlir:9 mul %p` (with `[stage k]` in a
/// pipelined loop).
pub(crate) fn ops_by_state(f: &Func, l: &Layout) -> BTreeMap<u32, Vec<String>> {
    let mut out: BTreeMap<u32, Vec<String>> = BTreeMap::new();
    for (b, blk) in l.blocks.iter().enumerate() {
        for (i, &o) in blk.ops.iter().enumerate() {
            let s = l.block_base[b] + blk.solution.start[i];
            out.entry(s).or_default().push(crate::report::op_label(f, o));
        }
    }
    for p in &l.pipes {
        let ii = p.plan.ii().max(1);
        for (i, &o) in p.plan.block.ops.iter().enumerate() {
            let t = p.plan.block.solution.start[i];
            let s = p.first + t % ii;
            out.entry(s).or_default().push(format!("{} [stage {}]", crate::report::op_label(f, o), t / ii));
        }
    }
    out
}

/// The register name of a group of values sharing one register: the first source name
/// among them (`acc_r`), else the first value's id (`v5_r`).
pub(crate) fn register_name(f: &Func, members: &[ValId]) -> String {
    let named = members.iter().find_map(|v| f.values[v.index()].name.clone());
    let mut n: String = named
        .unwrap_or_else(|| format!("{}", members[0]))
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' })
        .collect();
    if n.starts_with(|c: char| c.is_ascii_digit()) {
        n.insert(0, '_');
    }
    format!("{n}_r")
}

/// The source map comment: states, then registers (`regs`: register name and the values
/// it holds).
pub(crate) fn source_map(f: &Func, l: &Layout, states: &[String], regs: &[(String, Vec<ValId>)]) -> String {
    let w = (u32::BITS - (l.next.len().max(2) as u32 - 1).leading_zeros()).max(1);
    let mut o =
        String::from("// Source map (rmlir-hls): FSM states with the source ops that start in each\n");
    let ops = ops_by_state(f, l);
    for (s, name) in states.iter().enumerate() {
        let _ = write!(o, "//   state {w}'h{s:x} {name}");
        match ops.get(&(s as u32)) {
            Some(v) => {
                let _ = writeln!(o, ": {}", v.join("; "));
            }
            None => o.push('\n'),
        }
    }
    if !regs.is_empty() {
        o.push_str("// Registers and the source values they hold\n");
        for (name, vals) in regs {
            let v: Vec<String> = vals.iter().map(|&v| value_at(f, v)).collect();
            let _ = writeln!(o, "//   {name}: {}", v.join(", "));
        }
    }
    o
}

/// `%acc` with the line of its defining op when it has one (`%n (gemm.mlir:10)`).
fn value_at(f: &Func, v: ValId) -> String {
    let name = f.value_name(v);
    match f.ops.iter().find(|o| o.result == Some(v)) {
        Some(op) => format!("{name} ({})", f.at(op.span)),
        None => name,
    }
}
