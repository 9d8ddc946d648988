//! The schedule report: per function and loop, trip counts, cycles per iteration,
//! latency, states, functional units, register bits, memories and the estimated critical
//! path, as JSON (`--report FILE`) or a table (`--report -`).
//!
//! Latency counts clock edges from the one that samples `start` to the one after which
//! `done` is 1 (`null` when it depends on the data: while loops, dynamic bounds, branches
//! of unequal length). The critical path is estimated from the schedule: the longest
//! chain of operator delays (the delay model) within one cycle, a sequential divider's step
//! included, plus the cycle's fixed register and multiplexer cost. A multi-cycle path counts
//! only its share of one cycle: place and route, which does not know it is multi-cycle,
//! reports its whole delay.

use crate::gen::Generated;
use crate::ir::{BinOp, Func, MemKind, OpKind};
use crate::schedule::delays;
use crate::Options;
use std::collections::BTreeMap;
use std::fmt::Write;

/// The whole report.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// Requested clock period, ns.
    pub clock_period: f64,
    /// One entry per synthesized function.
    pub functions: Vec<FunctionReport>,
}

/// One function.
#[derive(Clone, Debug, PartialEq)]
pub struct FunctionReport {
    /// Module name.
    pub name: String,
    /// Edges from start to done, when static.
    pub latency: Option<u64>,
    /// FSM states (idle included).
    pub states: u32,
    /// Functional units: (kind, width) -> count. A float unit's kind names its unit, format
    /// and latency (`fadd f32 latency 4`, `gen/float.rs`).
    pub units: BTreeMap<(String, u32), u32>,
    /// Bits of all registers (state, done, results, values).
    pub register_bits: u32,
    /// Number of registers.
    pub registers: u32,
    /// Memories: name, elements, width, "port" or "local".
    pub memories: Vec<(String, u64, u32, &'static str)>,
    /// Estimated critical path, ns.
    pub critical_path: f64,
    /// Loops in program order.
    pub loops: Vec<LoopReport>,
}

/// One loop.
#[derive(Clone, Debug, PartialEq)]
pub struct LoopReport {
    /// `loop0`, ...
    pub name: String,
    /// `for`, `while` or `cfg` (a multi-block body).
    pub kind: &'static str,
    /// Nesting depth.
    pub depth: u32,
    /// Trip count when static.
    pub trip_count: Option<u64>,
    /// Cycles per iteration when static.
    pub cycles_per_iteration: Option<u64>,
    /// trip count x cycles per iteration.
    pub latency: Option<u64>,
    /// States of its body.
    pub states: u32,
    /// `pipelined II=k, depth d, s stages`, or why a loop asked to be pipelined is not.
    pub pipeline: Option<String>,
    /// Modulo-scheduled (pipelined, or left because it would be no faster): whether its
    /// schedule keeps a dependence between iterations through memory (a recurrence through
    /// memory that the transforms did not remove); `None` when not modulo-scheduled.
    pub memory_recurrence: Option<bool>,
    /// Memories whose accumulation in this loop became a loop-carried register
    /// (`ir::scalrep`).
    pub scalar_replaced: Vec<String>,
    /// What the loop-structure passes did to it (`Func::loop_notes`).
    pub transforms: Vec<String>,
}

/// Builds the report of one generated function.
pub fn function_report(f: &Func, g: &Generated, opts: &Options) -> FunctionReport {
    let l = &g.layout;
    let mut units = BTreeMap::new();
    for u in &g.units {
        *units.entry((u.kind.clone(), u.width)).or_insert(0) += 1;
    }
    // The longest chain within a cycle, then the cycle's fixed register/multiplexer cost.
    let mut cp: f64 = 0.0;
    for b in l.blocks.iter().chain(l.pipes.iter().map(|p| &p.plan.block)) {
        let p = &b.problem;
        for (i, op) in p.ops.iter().enumerate() {
            let t = &p.types[op.ty];
            cp = cp.max(b.solution.time[i] + t.delay);
            if t.latency > 0 {
                cp = cp.max(t.outgoing_delay);
            }
            if t.sequential {
                // A sequential or pipelined divider's own cycles.
                let o = f.op(b.ops[i]);
                let signed = matches!(o.kind, OpKind::Bin(BinOp::DivS | BinOp::RemS));
                let w = o.result.map_or(1, |r| f.width(r));
                let OpKind::Bin(b) = o.kind else { continue };
                let m = crate::ir::divwidth::divisor_bits(f, b, w);
                let budget = delays::budget(opts.clock_period);
                cp = cp.max(if b == BinOp::Mul {
                    // A pipelined multiplier's stages (`delays::pipe_mul`).
                    delays::pipe_mul(w, budget).stage_delay
                } else if crate::schedule::pipediv::is_pipelined(t) {
                    // A pipelined divider's stages (`delays::pipe_div`).
                    delays::pipe_div(signed, w, m, budget).stage_delay
                } else {
                    delays::seq_div(signed, w, m, budget).step_delay
                });
            }
        }
    }
    let cp = cp + delays::cycle_overhead();
    FunctionReport {
        name: f.name.clone(),
        latency: l.body_latency.map(|b| b + 1),
        states: l.next.len() as u32,
        units,
        register_bits: g.registers.iter().sum(),
        registers: g.registers.len() as u32,
        memories: f
            .mems
            .iter()
            .map(|m| {
                (m.name.clone(), m.elems, m.width, if m.kind == MemKind::Port { "port" } else { "local" })
            })
            .collect(),
        critical_path: cp,
        loops: l
            .loops
            .iter()
            .map(|li| LoopReport {
                name: format!("{}", li.id),
                kind: li.kind,
                depth: li.depth,
                trip_count: li.trip,
                cycles_per_iteration: li.body_latency,
                latency: match li.pipelined {
                    // Iterations start every II cycles; the loop ends with the last one's last
                    // cycle (as `layout` counts it).
                    Some((ii, d, _)) => {
                        li.trip.map(|t| t.saturating_sub(1) * u64::from(ii) + u64::from(d.max(1)))
                    }
                    None => li.trip.zip(li.body_latency).map(|(t, b)| t * b),
                },
                states: li.states.1 + 1 - li.states.0,
                pipeline: match (&li.pipelined, &li.not_pipelined) {
                    (Some((ii, d, s)), _) => Some(format!("pipelined II={ii}, depth {d}, {s} stages")),
                    (None, Some(why)) => Some(format!("not pipelined: {why}")),
                    _ => None,
                },
                memory_recurrence: li.memory_recurrence,
                scalar_replaced: f
                    .scalar_replaced
                    .iter()
                    .filter(|(id, _)| *id == li.id)
                    .map(|(_, m)| f.mems[m.index()].name.clone())
                    .collect(),
                transforms: f
                    .loop_notes
                    .iter()
                    .filter(|(id, _)| *id == li.id)
                    .map(|(_, n)| n.clone())
                    .collect(),
            })
            .collect(),
    }
}

fn opt(v: Option<u64>) -> String {
    v.map_or("null".into(), |x| x.to_string())
}

fn json_str(s: &str) -> String {
    let mut o = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            c if (c as u32) < 0x20 => o.push_str(&format!("\\u{:04x}", c as u32)),
            c => o.push(c),
        }
    }
    o.push('"');
    o
}

impl Report {
    /// The report as JSON.
    pub fn to_json(&self) -> String {
        let mut o = String::new();
        let _ = writeln!(o, "{{\n  \"clock_period_ns\": {},\n  \"functions\": [", self.clock_period);
        for (fi, f) in self.functions.iter().enumerate() {
            let _ = writeln!(o, "    {{\n      \"name\": {},", json_str(&f.name));
            let _ = writeln!(o, "      \"latency_cycles\": {},", opt(f.latency));
            let _ = writeln!(o, "      \"states\": {},", f.states);
            let _ = writeln!(o, "      \"critical_path_ns\": {:.2},", f.critical_path);
            let _ = writeln!(
                o,
                "      \"estimated_fmax_mhz\": {:.1},",
                1000.0 / f.critical_path.max(self.clock_period.min(1.0)).max(0.1)
            );
            let _ = writeln!(
                o,
                "      \"register_bits\": {},\n      \"registers\": {},",
                f.register_bits, f.registers
            );
            let units: Vec<String> = f
                .units
                .iter()
                .map(|((k, w), n)| format!("{{\"kind\": {}, \"width\": {w}, \"count\": {n}}}", json_str(k)))
                .collect();
            let _ = writeln!(o, "      \"units\": [{}],", units.join(", "));
            let mems: Vec<String> = f
                .memories
                .iter()
                .map(|(n, e, w, k)| {
                    format!(
                        "{{\"name\": {}, \"elements\": {e}, \"width\": {w}, \"kind\": \"{k}\"}}",
                        json_str(n)
                    )
                })
                .collect();
            let _ = writeln!(o, "      \"memories\": [{}],", mems.join(", "));
            let _ = writeln!(o, "      \"loops\": [");
            for (li, l) in f.loops.iter().enumerate() {
                let _ = write!(
                    o,
                    "        {{\"name\": \"{}\", \"kind\": \"{}\", \"depth\": {}, \"trip_count\": {}, \"cycles_per_iteration\": {}, \"latency_cycles\": {}, \"states\": {}, \"pipeline\": {}, \"memory_recurrence\": {}, \"scalar_replaced\": [{}], \"transforms\": [{}]}}",
                    l.name,
                    l.kind,
                    l.depth,
                    opt(l.trip_count),
                    opt(l.cycles_per_iteration),
                    opt(l.latency),
                    l.states,
                    l.pipeline.as_deref().map_or("null".into(), json_str),
                    l.memory_recurrence.map_or("null".into(), |b| b.to_string()),
                    l.scalar_replaced.iter().map(|n| json_str(n)).collect::<Vec<_>>().join(", "),
                    l.transforms.iter().map(|n| json_str(n)).collect::<Vec<_>>().join(", ")
                );
                let _ = writeln!(o, "{}", if li + 1 < f.loops.len() { "," } else { "" });
            }
            let _ = writeln!(o, "      ]\n    }}{}", if fi + 1 < self.functions.len() { "," } else { "" });
        }
        o.push_str("  ]\n}\n");
        o
    }

    /// The report as a human-readable table.
    pub fn to_table(&self) -> String {
        let mut o = String::new();
        let dash = |v: Option<u64>| v.map_or("-".to_string(), |x| x.to_string());
        for f in &self.functions {
            let _ = writeln!(
                o,
                "function {}: latency {} cycles, {} states, {} registers ({} bits), critical path {:.2} ns (clock {:.2} ns)",
                f.name,
                dash(f.latency),
                f.states,
                f.registers,
                f.register_bits,
                f.critical_path,
                self.clock_period
            );
            let units: Vec<String> =
                f.units.iter().map(|((k, w), n)| format!("{n} x {}", unit_name(k, *w))).collect();
            let _ =
                writeln!(o, "  units: {}", if units.is_empty() { "none".into() } else { units.join(", ") });
            for (n, e, w, k) in &f.memories {
                let _ = writeln!(o, "  memory {n}: {e} x i{w} ({k})");
            }
            if !f.loops.is_empty() {
                let _ = writeln!(
                    o,
                    "  {:<10} {:<5} {:>5} {:>6} {:>10} {:>8} {:>6}",
                    "loop", "kind", "depth", "trip", "cycles/it", "latency", "states"
                );
                for l in &f.loops {
                    let _ = writeln!(
                        o,
                        "  {:<10} {:<5} {:>5} {:>6} {:>10} {:>8} {:>6}",
                        l.name,
                        l.kind,
                        l.depth,
                        dash(l.trip_count),
                        dash(l.cycles_per_iteration),
                        dash(l.latency),
                        l.states
                    );
                    if let Some(p) = &l.pipeline {
                        let rec = if l.memory_recurrence == Some(true) {
                            ", recurrence through memory"
                        } else {
                            ""
                        };
                        let _ = writeln!(o, "  {:<10} {p}{rec}", "");
                    }
                    if !l.scalar_replaced.is_empty() {
                        let _ =
                            writeln!(o, "  {:<10} scalar replacement: {}", "", l.scalar_replaced.join(", "));
                    }
                    for t in &l.transforms {
                        let _ = writeln!(o, "  {:<10} {t}", "");
                    }
                }
            }
        }
        o
    }
}

/// A unit as the text report names it: an integer unit by kind and width (`mul32`), a
/// float unit by its kind alone (it holds the format: `fadd f32 latency 4`).
fn unit_name(kind: &str, width: u32) -> String {
    if kind.contains(' ') {
        kind.to_string()
    } else {
        format!("{kind}{width}")
    }
}
