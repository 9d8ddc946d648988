//! The schedule report: per function and loop, trip counts, cycles per iteration,
//! latency, states, functional units, register bits, memories and the estimated critical
//! path, as JSON (`--report FILE`) or a table (`--report -`).
//!
//! Latency counts clock edges from the one that samples `start` to the one after which
//! `done` is 1 (`null` when it depends on the data: while loops, dynamic bounds, branches
//! of unequal length). The critical path is estimated from the schedule: the longest
//! chain of operator delays (the delay model) within one cycle, a sequential divider's step
//! included, plus the cycle's fixed register and multiplexer cost. A multi-cycle path counts
//! only its share of one cycle there; place and route, which does not know it is
//! multi-cycle, times its whole delay, so the estimated Fmax takes the longer of the two
//! through the routed-design calibration (`schedule::delays::routed_path`).

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
    /// Estimated critical path, ns: the longest chain of operators within one cycle plus
    /// the cycle's fixed cost (what the schedule counts on).
    pub critical_path: f64,
    /// The longest multi-cycle path whole, plus the cycle's fixed cost, ns (0 when none):
    /// place and route times it as one cycle.
    pub multicycle_path: f64,
    /// The longest register-to-register path place and route is expected to report, ns:
    /// the longer of the two above through the routed-design calibration
    /// ([`delays::routed_path`]); `1000 / estimated_path` is the estimated Fmax.
    pub estimated_path: f64,
    /// Loops in program order.
    pub loops: Vec<LoopReport>,
    /// The schedule pictures' data, when [`Options::pictures`] asked for it
    /// (`--report-html`).
    pub schedule: Option<crate::schedpic::FunctionSchedule>,
}

impl FunctionReport {
    /// The Fmax place and route is expected to reach, MHz (`1000 / estimated_path`).
    pub fn estimated_fmax(&self) -> f64 {
        1000.0 / self.estimated_path.max(0.1)
    }
}

/// One loop.
#[derive(Clone, Debug, PartialEq)]
pub struct LoopReport {
    /// `gemm.mlir:12 %k`: the loop op's file and line and its induction variable (`while`
    /// or `cfg` for the others).
    pub name: String,
    /// `gemm.mlir:12`.
    pub location: String,
    /// `for`, `while` or `cfg` (a multi-block body).
    pub kind: &'static str,
    /// Nesting level: 0 for a loop directly in the function, 1 inside one loop, ...
    pub level: u32,
    /// Trip count when static.
    pub trip_count: Option<u64>,
    /// Cycles between the starts of consecutive iterations when static (the II when
    /// pipelined).
    pub cycles_per_iteration: Option<u64>,
    /// Cycles of one iteration, from its first state to its last, when static: the
    /// schedule's length when pipelined, else `cycles_per_iteration`.
    pub depth: Option<u64>,
    /// Cycles of the whole loop: `trip_count x cycles_per_iteration`, or
    /// `(trip_count - 1) x II + depth` when pipelined.
    pub latency: Option<u64>,
    /// States of its body.
    pub states: u32,
    /// A one-line summary: `pipelined II=k, depth d, s stages`, or `not pipelined: why`.
    pub pipeline: Option<String>,
    /// The modulo schedule, when pipelined.
    pub pipelined: Option<PipelineReport>,
    /// Why a loop asked to be pipelined (or innermost under `--pipeline`) is not.
    pub not_pipelined: Option<String>,
    /// Modulo-scheduled (pipelined, or left because it would be no faster): whether its
    /// schedule keeps a dependence between iterations through memory (a recurrence through
    /// memory that the transforms did not remove); `None` when not modulo-scheduled.
    pub memory_recurrence: Option<bool>,
    /// Memories whose accumulation in this loop became a loop-carried register
    /// (`transform::scalrep`).
    pub scalar_replaced: Vec<String>,
    /// What the loop-structure passes did to it (`Func::loop_notes`).
    pub transforms: Vec<String>,
    /// Inner loops `--max-unroll` kept from being unrolled into this one (so it was not
    /// pipelined): `(inner loop's name, copies needed)`.
    pub unroll_capped: Vec<(String, u64)>,
}

/// A pipelined loop's modulo schedule.
#[derive(Clone, Debug, PartialEq)]
pub struct PipelineReport {
    /// Initiation interval: cycles between the starts of consecutive iterations.
    pub ii: u32,
    /// The II asked for (`hls.pipeline = N`, else 1).
    pub target_ii: u32,
    /// The minimum the resources and recurrences allow (`max(ResMII, RecMII)`).
    pub mii: u32,
    /// Cycles of one iteration.
    pub depth: u32,
    /// `ceil(depth / II)`: iterations in flight.
    pub stages: u32,
    /// What set the II when it is above the target.
    pub bound: Option<BoundReport>,
}

/// The constraint behind an II above its target (`schedule::iibound`).
#[derive(Clone, Debug, PartialEq)]
pub struct BoundReport {
    /// `recurrence`, `resource`, `sequential unit` or `schedule`.
    pub kind: &'static str,
    /// The smallest II it allows.
    pub min_ii: u32,
    /// Which recurrence, memory port or unit limit.
    pub what: String,
    /// The ops involved: `gemm.mlir:15 arith.addi`, in a recurrence's order.
    pub ops: Vec<String>,
}

/// A loop's name: `file:line %iv` (`file:line while`, `file:line cfg`).
pub(crate) fn loop_name(f: &Func, li: &crate::gen::layout::LoopInfo) -> String {
    let at = f.at(li.span);
    match li.iv {
        Some(iv) => format!("{at} {}", f.value_name(iv)),
        None => format!("{at} {}", li.kind),
    }
}

/// The MLIR op an IR op stands for, for the report (`arith.muli`, `affine.load`).
pub(crate) fn op_label(f: &Func, o: crate::ir::OpId) -> String {
    let op = f.op(o);
    let name = match &op.kind {
        OpKind::Load(m) => format!("load {}", f.mems[m.index()].name),
        OpKind::Store(m) => format!("store {}", f.mems[m.index()].name),
        OpKind::Bin(b) => format!("{b:?}").to_lowercase(),
        OpKind::Cmp(_) => "cmp".into(),
        OpKind::Select => "select".into(),
        OpKind::SExt => "extsi".into(),
        OpKind::ZExt => "extui".into(),
        OpKind::Trunc => "trunci".into(),
        OpKind::Const(_) => "constant".into(),
        k => k.float_name().unwrap_or("op").to_string(),
    };
    let res =
        op.result.filter(|r| f.values[r.index()].name.is_some()).map(|r| format!(" {}", f.value_name(r)));
    format!("{} {name}{}", f.at(op.span), res.unwrap_or_default())
}

/// Runs of equal labels as one (`gemm.mlir:9 load A %a (x4)`: an op and its unrolled
/// copies).
fn counted(labels: impl Iterator<Item = String>) -> Vec<String> {
    let mut runs: Vec<(String, usize)> = Vec::new();
    for l in labels {
        match runs.last_mut() {
            Some((last, n)) if *last == l => *n += 1,
            _ => runs.push((l, 1)),
        }
    }
    runs.into_iter().map(|(l, n)| if n > 1 { format!("{l} (x{n})") } else { l }).collect()
}

/// The modulo schedule of loop `id`, if it is pipelined.
fn pipeline_report(f: &Func, g: &Generated, id: crate::ir::LoopId) -> Option<PipelineReport> {
    let l = &g.layout;
    let pipe = l.pipes.iter().find(|p| l.fors[p.for_k].id == id)?;
    let plan = &pipe.plan;
    let bound = plan.bound.as_ref().map(|b| {
        let memory = b.carried.is_some_and(|k| k >= plan.carried.len() - plan.memory_carried);
        BoundReport {
            kind: b.kind,
            min_ii: b.min_ii,
            what: if memory { format!("through memory: {}", b.what) } else { b.what.clone() },
            ops: counted(b.ops.iter().map(|&i| op_label(f, plan.block.ops[i]))),
        }
    });
    Some(PipelineReport {
        ii: plan.ii(),
        target_ii: plan.target,
        mii: plan.modulo.mii,
        depth: plan.depth(),
        stages: plan.stages(),
        bound,
    })
}

/// Names of loops by id (for the inner loops `--max-unroll` refused, which are in the
/// layout as loops of their own).
fn loop_names(f: &Func, g: &Generated) -> BTreeMap<crate::ir::LoopId, String> {
    g.layout.loops.iter().map(|li| (li.id, loop_name(f, li))).collect()
}

/// Builds the report of one generated function.
pub fn function_report(f: &Func, g: &Generated, opts: &Options) -> FunctionReport {
    let l = &g.layout;
    let mut units = BTreeMap::new();
    for u in &g.units {
        *units.entry((u.kind.clone(), u.width)).or_insert(0) += 1;
    }
    // The longest chain within a cycle, then the cycle's fixed register/multiplexer cost.
    let (mut cp, mut mc): (f64, f64) = (0.0, 0.0);
    for b in l.blocks.iter().chain(l.pipes.iter().map(|p| &p.plan.block)) {
        let p = &b.problem;
        for (i, op) in p.ops.iter().enumerate() {
            let t = &p.types[op.ty];
            cp = cp.max(b.solution.time[i] + t.delay);
            if t.latency > 0 && !t.sequential && !matches!(f.op(b.ops[i]).kind, OpKind::Load(_)) {
                // A multi-cycle path (`schedule::block::multi_cycle`): its last cycle's share
                // is `delay`, each cycle before it a whole budget.
                mc = mc.max(b.solution.time[i] + t.delay + f64::from(t.latency - 1) * p.period);
            }
            if t.latency > 0 {
                cp = cp.max(t.outgoing_delay);
            }
            if t.sequential {
                // A sequential or pipelined divider's own cycles.
                let o = f.op(b.ops[i]);
                let signed = matches!(o.kind, OpKind::Bin(BinOp::DivS | BinOp::RemS));
                let w = o.result.map_or(1, |r| f.width(r));
                let OpKind::Bin(b) = o.kind else { continue };
                let m = crate::analysis::divwidth::divisor_bits(f, b, w);
                let budget = delays::budget(opts.clock_period);
                cp = cp.max(if b == BinOp::Mul {
                    // A pipelined multiplier's stages (`delays::pipe_mul`).
                    delays::pipe_mul(w, budget).stage_delay
                } else if crate::schedule::div_timing::is_pipelined(t) {
                    // A pipelined divider's stages (`delays::pipe_div`).
                    delays::pipe_div(signed, w, m, budget).stage_delay
                } else {
                    delays::seq_div(signed, w, m, budget).step_delay
                });
            }
        }
    }
    let cp = cp + delays::cycle_overhead();
    let mc = if mc > 0.0 { mc + delays::cycle_overhead() } else { 0.0 };
    let names = loop_names(f, g);
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
        multicycle_path: mc,
        estimated_path: delays::routed_path(cp.max(mc)),
        loops: l.loops.iter().map(|li| loop_report(f, g, li, &names)).collect(),
        schedule: opts
            .pictures
            .then(|| crate::schedpic::function_schedule(f, g, delays::budget(opts.clock_period))),
    }
}

/// One loop's entry.
fn loop_report(
    f: &Func,
    g: &Generated,
    li: &crate::gen::layout::LoopInfo,
    names: &BTreeMap<crate::ir::LoopId, String>,
) -> LoopReport {
    let latency = match li.pipelined {
        // Iterations start every II cycles; the loop ends with the last one's last
        // cycle (as `layout` counts it).
        Some((ii, d, _)) => li.trip.map(|t| t.saturating_sub(1) * u64::from(ii) + u64::from(d.max(1))),
        None => li.trip.zip(li.body_latency).map(|(t, b)| t * b),
    };
    LoopReport {
        name: names[&li.id].clone(),
        location: f.at(li.span),
        kind: li.kind,
        level: li.depth,
        trip_count: li.trip,
        cycles_per_iteration: li.body_latency,
        depth: match li.pipelined {
            Some((_, d, _)) => Some(u64::from(d)),
            None => li.body_latency,
        },
        latency,
        states: li.states.1 + 1 - li.states.0,
        pipeline: match (&li.pipelined, &li.not_pipelined) {
            (Some((ii, d, s)), _) => Some(format!("pipelined II={ii}, depth {d}, {s} stages")),
            (None, Some(why)) => Some(format!("not pipelined: {why}")),
            _ => None,
        },
        pipelined: pipeline_report(f, g, li.id),
        not_pipelined: li.not_pipelined.clone(),
        memory_recurrence: li.memory_recurrence,
        scalar_replaced: f
            .scalar_replaced
            .iter()
            .filter(|(id, _)| *id == li.id)
            .map(|(_, m)| f.mems[m.index()].name.clone())
            .collect(),
        transforms: f.loop_notes.iter().filter(|(id, _)| *id == li.id).map(|(_, n)| n.clone()).collect(),
        unroll_capped: f
            .unroll_capped
            .iter()
            .filter(|(p, _, _)| *p == li.id)
            .map(|(_, c, n)| (names.get(c).cloned().unwrap_or_else(|| c.to_string()), *n))
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

fn str_list<'a>(v: impl IntoIterator<Item = &'a String>) -> String {
    v.into_iter().map(|n| json_str(n)).collect::<Vec<_>>().join(", ")
}

/// One loop as a JSON object on one line: numbers as numbers, `null` when not static.
fn loop_json(l: &LoopReport) -> String {
    let pipe = match &l.pipelined {
        None => "null".to_string(),
        Some(p) => {
            let bound = match &p.bound {
                None => "null".to_string(),
                Some(b) => format!(
                    "{{\"kind\": {}, \"min_ii\": {}, \"what\": {}, \"ops\": [{}]}}",
                    json_str(b.kind),
                    b.min_ii,
                    json_str(&b.what),
                    str_list(&b.ops)
                ),
            };
            format!(
                "{{\"ii\": {}, \"target_ii\": {}, \"mii\": {}, \"depth\": {}, \"stages\": {}, \"ii_bound\": {bound}}}",
                p.ii, p.target_ii, p.mii, p.depth, p.stages
            )
        }
    };
    let capped: Vec<String> = l
        .unroll_capped
        .iter()
        .map(|(n, c)| format!("{{\"inner_loop\": {}, \"copies\": {c}}}", json_str(n)))
        .collect();
    format!(
        "        {{\"name\": {}, \"location\": {}, \"kind\": \"{}\", \"level\": {}, \"trip_count\": {}, \"cycles_per_iteration\": {}, \"depth\": {}, \"latency_cycles\": {}, \"states\": {}, \"pipelined\": {pipe}, \"not_pipelined\": {}, \"memory_recurrence\": {}, \"scalar_replaced\": [{}], \"transforms\": [{}], \"unroll_capped\": [{}]}}",
        json_str(&l.name),
        json_str(&l.location),
        l.kind,
        l.level,
        opt(l.trip_count),
        opt(l.cycles_per_iteration),
        opt(l.depth),
        opt(l.latency),
        l.states,
        l.not_pipelined.as_deref().map_or("null".into(), json_str),
        l.memory_recurrence.map_or("null".into(), |b| b.to_string()),
        str_list(&l.scalar_replaced),
        str_list(&l.transforms),
        capped.join(", ")
    )
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
            let _ = writeln!(o, "      \"multicycle_path_ns\": {:.2},", f.multicycle_path);
            let _ = writeln!(o, "      \"estimated_path_ns\": {:.2},", f.estimated_path);
            let _ = writeln!(o, "      \"estimated_fmax_mhz\": {:.1},", f.estimated_fmax());
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
                o.push_str(&loop_json(l));
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
            let mc = if f.multicycle_path > 0.0 {
                format!(", longest multi-cycle path {:.2} ns", f.multicycle_path)
            } else {
                String::new()
            };
            let _ = writeln!(
                o,
                "  estimated Fmax {:.1} MHz after place and route (path {:.2} ns{mc})",
                f.estimated_fmax(),
                f.estimated_path
            );
            let units: Vec<String> =
                f.units.iter().map(|((k, w), n)| format!("{n} x {}", unit_name(k, *w))).collect();
            let _ =
                writeln!(o, "  units: {}", if units.is_empty() { "none".into() } else { units.join(", ") });
            for (n, e, w, k) in &f.memories {
                let _ = writeln!(o, "  memory {n}: {e} x i{w} ({k})");
            }
            if !f.loops.is_empty() {
                table_loops(&mut o, &f.loops);
            }
        }
        o
    }
}

/// The loops of a function as table rows, each followed by its notes.
fn table_loops(o: &mut String, loops: &[LoopReport]) {
    let dash = |v: Option<u64>| v.map_or("-".to_string(), |x| x.to_string());
    let w = loops.iter().map(|l| l.name.len() + 2 * l.level as usize).max().unwrap_or(4).max(4);
    let _ = writeln!(
        o,
        "  {:<w$} {:<5} {:>6} {:>10} {:>6} {:>8} {:>6}",
        "loop", "kind", "trip", "cycles/it", "depth", "latency", "states"
    );
    for l in loops {
        let indent = "  ".repeat(l.level as usize);
        let _ = writeln!(
            o,
            "  {:<w$} {:<5} {:>6} {:>10} {:>6} {:>8} {:>6}",
            format!("{indent}{}", l.name),
            l.kind,
            dash(l.trip_count),
            dash(l.cycles_per_iteration),
            dash(l.depth),
            dash(l.latency),
            l.states
        );
        let pad = format!("    {indent}");
        if let Some(p) = &l.pipeline {
            let rec = if l.memory_recurrence == Some(true) { ", recurrence through memory" } else { "" };
            let _ = writeln!(o, "{pad}{p}{rec}");
        }
        if let Some(b) = l.pipelined.as_ref().and_then(|p| p.bound.as_ref().map(|b| (p, b))) {
            let (p, b) = b;
            let _ = writeln!(o, "{pad}II {} (target {}) bound by {}: {}", p.ii, p.target_ii, b.kind, b.what);
            for op in &b.ops {
                let _ = writeln!(o, "{pad}  {op}");
            }
        }
        if !l.scalar_replaced.is_empty() {
            let _ = writeln!(o, "{pad}scalar replacement: {}", l.scalar_replaced.join(", "));
        }
        for t in &l.transforms {
            let _ = writeln!(o, "{pad}{t}");
        }
        for (inner, n) in &l.unroll_capped {
            let _ = writeln!(
                o,
                "{pad}not unrolled: {inner} needs {n} copies, over --max-unroll; this loop is not pipelined (--max-unroll {n} would allow it)"
            );
        }
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
