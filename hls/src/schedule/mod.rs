//! Scheduling: the problem as data, a list scheduler, and a checker of any solution.
//!
//! As in CIRCT's scheduling infrastructure, a [`Problem`] lists operator types (latency,
//! incoming and outgoing delay for chaining, cycles their operands must be held),
//! resources with limits (memory ports, multipliers, dividers), operations and
//! dependences; a scheduler ([`list::schedule`]) fills a [`Solution`] and [`verify`]
//! checks a solution against every constraint, whoever produced it.
//!
//! Timing within a cycle (chaining): an operation starts in cycle `c` at time `z` (when its
//! last chained operand arrives, in ns after the clock edge). A combinational type
//! (latency 0) gives its result in cycle `c` at `z + delay`, which must not exceed the
//! clock period. A type with latency `L >= 1` needs `z + delay <= period` in cycle `c`
//! and gives its result in cycle `c + L` at `outgoing_delay` (a block RAM read: latency
//! 1, outgoing = clock-to-out; a multi-cycle path: latency L, outgoing 0; a sequential divider:
//! latency L, outgoing = its sign fix-up).
//! A dependence `a -> b` with `data` requires `b` to start no earlier than `a`'s result,
//! and after it within the cycle; `distance` is a further minimum of cycles between the
//! starts (a read after a write to the same memory location: 1).

pub mod block;
pub mod delays;
pub mod div_timing;
pub mod float_timing;
pub mod ice40;
pub mod iibound;
pub mod ims;
pub mod list;
pub mod modulo;
pub mod mul_timing;
pub mod pipelined_loops;

/// An operator type.
#[derive(Clone, Debug, PartialEq)]
pub struct OperatorType {
    /// Name for reports (`mul32`, `load`).
    pub name: String,
    /// Cycles from start to the cycle the result is available.
    pub latency: u32,
    /// Combinational delay (latency 0) or the time needed in the start cycle (latency >= 1), ns.
    pub delay: f64,
    /// When the result is valid in its cycle (latency >= 1), ns.
    pub outgoing_delay: f64,
    /// Cycles the op occupies its resource (and its operands stay stable), from its start.
    pub occupancy: u32,
    /// Cycles of its block the op needs from its start (a read needs the cycle its data arrives).
    pub span: u32,
    /// A sequential unit (a divider): its own registers hold the result in cycle
    /// `start + latency`, so its operands are needed in the start cycle only. Otherwise a
    /// type with latency >= 1 other than a load is a multi-cycle path (operands held).
    /// With an occupancy below its latency it is a pipelined unit ([`div_timing`]).
    pub sequential: bool,
}

/// A shared resource with a limit per cycle.
#[derive(Clone, Debug, PartialEq)]
pub struct Resource {
    /// Name (`A port`, `mul`).
    pub name: String,
    /// Uses allowed per cycle.
    pub limit: u32,
}

/// One operation to schedule.
#[derive(Clone, Debug, PartialEq)]
pub struct Operation {
    /// Index into [`Problem::types`].
    pub ty: usize,
    /// Index into [`Problem::resources`], if it uses one.
    pub resource: Option<usize>,
}

/// `from` must come before `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dependence {
    /// The earlier op.
    pub from: usize,
    /// The later op.
    pub to: usize,
    /// True if `to` uses `from`'s result.
    pub data: bool,
    /// Minimum cycles between the starts.
    pub distance: u32,
}

/// A scheduling problem for one basic block.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Problem {
    /// Operator types.
    pub types: Vec<OperatorType>,
    /// Resources.
    pub resources: Vec<Resource>,
    /// Operations (in a topological order: dependences go from lower to higher index).
    pub ops: Vec<Operation>,
    /// Dependences.
    pub deps: Vec<Dependence>,
    /// Clock period, ns.
    pub period: f64,
}

/// A schedule: start cycle and start time within the cycle per op.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Solution {
    /// Start cycle of each op.
    pub start: Vec<u32>,
    /// Time its inputs are ready within its start cycle, ns.
    pub time: Vec<f64>,
    /// Cycles the block takes (every op's span inside it); at least 1 if it has ops.
    pub length: u32,
}

const EPS: f64 = 1e-9;

impl Problem {
    /// The latest time within cycle `c` at which a data input of an op (its dependences
    /// `deps`, indices into [`Problem::deps`]) chained in that cycle arrives (0 if none is).
    pub fn chained_arrival(&self, s: &Solution, deps: &[usize], c: u32) -> f64 {
        deps.iter()
            .map(|&k| self.deps[k])
            .filter(|d| d.data)
            .map(|d| self.ready(s, d.from))
            .filter(|&(rc, _)| rc == c)
            .map(|(_, t)| t)
            .fold(0.0f64, f64::max)
    }

    /// Cycle and time at which op `i`'s result is available under `s`.
    pub fn ready(&self, s: &Solution, i: usize) -> (u32, f64) {
        let t = &self.types[self.ops[i].ty];
        if t.latency == 0 {
            (s.start[i], s.time[i] + t.delay)
        } else {
            (s.start[i] + t.latency, t.outgoing_delay)
        }
    }
}

/// Checks `s` against every constraint of `p`; returns the violations.
pub fn verify(p: &Problem, s: &Solution) -> Vec<String> {
    let mut errs = Vec::new();
    if s.start.len() != p.ops.len() || s.time.len() != p.ops.len() {
        return vec!["solution does not cover every operation".into()];
    }
    for (i, op) in p.ops.iter().enumerate() {
        let t = &p.types[op.ty];
        if s.time[i] < -EPS || s.time[i] + t.delay > p.period + EPS {
            errs.push(format!(
                "op {i} ({}) does not fit in the clock period: starts at {:.2} ns",
                t.name, s.time[i]
            ));
        }
        if s.start[i] + t.span.max(1) > s.length {
            errs.push(format!("op {i} ({}) runs past the end of the block", t.name));
        }
    }
    for d in &p.deps {
        let (rc, rt) = p.ready(s, d.from);
        if s.start[d.to] < s.start[d.from] + d.distance {
            errs.push(format!("op {} starts less than {} cycles after op {}", d.to, d.distance, d.from));
        }
        if d.data && (s.start[d.to] < rc || s.start[d.to] == rc && s.time[d.to] + EPS < rt) {
            errs.push(format!("op {} starts before the result of op {} is ready", d.to, d.from));
        }
    }
    let mut use_count = std::collections::BTreeMap::<(usize, u32), u32>::new();
    for (i, op) in p.ops.iter().enumerate() {
        if let Some(r) = op.resource {
            for c in s.start[i]..s.start[i] + p.types[op.ty].occupancy.max(1) {
                *use_count.entry((r, c)).or_default() += 1;
            }
        }
    }
    for ((r, c), n) in use_count {
        if n > p.resources[r].limit {
            errs.push(format!(
                "resource '{}' used {n} times in cycle {c} (limit {})",
                p.resources[r].name, p.resources[r].limit
            ));
        }
    }
    errs
}

#[cfg(test)]
mod tests;
