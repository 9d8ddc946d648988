//! Pipelining a unit: registers cut a combinational cone into `L + 1` slices of near-equal
//! delay, so the unit takes new operands every cycle (II 1) and gives each result `L` cycles
//! after its operands were presented (`L = 0`: combinational, no register).
//!
//! How: the cone is every cell from the result back to the operand nets (constants are
//! shared by all slices and never registered). Each cell gets a delay estimate
//! ([`cell_delay`]: the scheduler's calibrated iCE40 table, `schedule::delays::delay`, per
//! cell kind and width; wiring costs 0, every logic cell at least one LUT level). A period
//! `P` assigns stages as soon as possible in topological order: a cell starts in the latest
//! stage of its operands, after those of them computed in that stage, and moves to the next
//! stage (starting from registers) when it would end after `P` (after `P + CHAIN_NS` for a
//! stage between two of the unit's own registers: they have no multiplexer in front, which
//! the scheduler's budget leaves room for in the first and last stage). A cell slower than
//! that alone keeps a stage to itself (so far only a wide significand `Mul` cell: f32's
//! 24 x 24 product is estimated at 15 ns, more than a 10 ns cycle). The smallest `P` that needs at most `L + 1` stages (a binary
//! search) gives the cuts; if fewer stages suffice, the remaining registers are added after
//! the result. Then every operand edge from stage `s` into stage `t > s` reads the operand's
//! `t - s`-th register of one chain per net (`CellKind::Reg` without reset or enable, on
//! `clk`: the pipeline runs freely, like `gen/pipemul.rs`), so every path from an operand to
//! the result crosses exactly `L` registers.

use crate::schedule::delays::{delay, DelayOp};
use comb::{CellKind, IcmpPred, Module, NetId};
use std::collections::HashMap;

/// Estimated delay of one cell in ns (see the module doc).
pub fn cell_delay(m: &Module, id: NetId) -> f64 {
    let c = m.cell(id);
    let w = c.width;
    match &c.kind {
        CellKind::Input(_)
        | CellKind::Const(_)
        | CellKind::Extract { .. }
        | CellKind::Concat
        | CellKind::Replicate
        | CellKind::Reverse
        | CellKind::Reg { .. } => 0.0,
        CellKind::Add => delay(DelayOp::Add, w),
        CellKind::Sub => delay(DelayOp::Sub, w),
        CellKind::Mul => mul_delay(m, id),
        CellKind::Icmp(IcmpPred::Eq | IcmpPred::Ne) => delay(DelayOp::Cmp(true), m.width(c.operands()[0])),
        CellKind::Icmp(_) => delay(DelayOp::Cmp(false), m.width(c.operands()[0])),
        CellKind::Mux => delay(DelayOp::Mux, w),
        CellKind::Shl | CellKind::ShrU | CellKind::ShrS => delay(DelayOp::Shift, w),
        CellKind::DivU | CellKind::DivS | CellKind::ModU | CellKind::ModS => delay(DelayOp::Div, w),
        _ => delay(DelayOp::Logic, w),
    }
}

/// Bits of `x` that may be nonzero: a zero-extension (`{0, v}`) counts `v`'s width.
fn significant_width(m: &Module, x: NetId) -> u32 {
    let c = m.cell(x);
    if let (CellKind::Concat, [hi, lo]) = (&c.kind, c.operands()) {
        if matches!(&m.cell(*hi).kind, CellKind::Const(b) if b.is_zero()) {
            return m.width(*lo);
        }
    }
    c.width
}

/// A multiplier of `p x q` significant bits into `r` bits: the table's square `min(p, q)`-bit
/// multiplier (its partial-product rows) plus the longer carry chain of its `r`-bit result.
fn mul_delay(m: &Module, id: NetId) -> f64 {
    let r = m.width(id);
    let q = m.operands(id).iter().map(|&o| significant_width(m, o)).min().unwrap_or(r).min(r);
    delay(DelayOp::Mul, q) + (delay(DelayOp::Add, r) - delay(DelayOp::Add, q)).max(0.0)
}

/// The cone of `output` back to `inputs`: its cells in topological order (operands first),
/// neither the inputs nor constants included.
pub fn cone(m: &Module, inputs: &[NetId], output: NetId) -> Vec<NetId> {
    let mut order = Vec::new();
    let mut seen: HashMap<NetId, bool> = inputs.iter().map(|&i| (i, true)).collect();
    // Iterative post-order: (cell, operands pushed).
    let mut stack = vec![(output, false)];
    while let Some((n, expanded)) = stack.pop() {
        if expanded {
            order.push(n);
            continue;
        }
        if seen.contains_key(&n) {
            continue;
        }
        seen.insert(n, true);
        if source(m, n) {
            continue;
        }
        stack.push((n, true));
        for &o in m.operands(n).iter().rev() {
            if !seen.contains_key(&o) {
                stack.push((o, false));
            }
        }
    }
    order
}

/// Cells outside any slice: constants, ports, registers.
fn source(m: &Module, n: NetId) -> bool {
    matches!(m.cell(n).kind, CellKind::Const(_) | CellKind::Input(_) | CellKind::Reg { .. })
}

/// Where the cuts go: a stage per cone cell and the delay of each slice.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// Stage of each cone cell (0-based; operands are in stage 0).
    pub stage: HashMap<NetId, u32>,
    /// Stage of the result.
    pub out_stage: u32,
    /// Longest delay within each slice, ns.
    pub slice_ns: Vec<f64>,
}

/// Stages as soon as possible (see the module doc): stage `s` may hold `cap(s)` ns.
fn assign(m: &Module, order: &[NetId], delays: &[f64], output: NetId, cap: impl Fn(u32) -> f64) -> Plan {
    let mut at: HashMap<NetId, (u32, f64)> = HashMap::with_capacity(order.len());
    let mut slice_ns = vec![0.0f64];
    for (&n, &d) in order.iter().zip(delays) {
        let ops = m.operands(n).iter().filter_map(|o| at.get(o));
        let s = ops.clone().map(|x| x.0).max().unwrap_or(0);
        let t = ops.filter(|x| x.0 == s).map(|x| x.1).fold(0.0, f64::max);
        let (s, end) = if t > 0.0 && t + d > cap(s) + 1e-9 { (s + 1, d) } else { (s, t + d) };
        if slice_ns.len() <= s as usize {
            slice_ns.resize(s as usize + 1, 0.0);
        }
        slice_ns[s as usize] = slice_ns[s as usize].max(end);
        at.insert(n, (s, end));
    }
    let out_stage = at.get(&output).map_or(0, |x| x.0);
    Plan { stage: at.into_iter().map(|(n, (s, _))| (n, s)).collect(), out_stage, slice_ns }
}

/// The capacity of stage `s` of `latency + 1` for a period `p`: the first and last stages
/// share their cycle with the logic around the unit (its operand multiplexers, the
/// register taking its result), which the scheduler's budget already leaves room for; a
/// stage between two of the unit's own registers (no multiplexer in front of them) has that
/// room too, `extra` ns more.
fn capacity(p: f64, extra: f64, latency: u32) -> impl Fn(u32) -> f64 {
    move |s| if s > 0 && s < latency { p + extra } else { p }
}

/// The cuts for `latency` registers: the smallest period that needs at most `latency + 1`
/// stages, the stages between registers given [`crate::schedule::delays::CHAIN_NS`] more
/// (see `capacity`).
pub fn plan(m: &Module, inputs: &[NetId], output: NetId, latency: u32) -> Plan {
    let order = cone(m, inputs, output);
    let delays: Vec<f64> = order.iter().map(|&n| cell_delay(m, n)).collect();
    let extra = crate::schedule::delays::CHAIN_NS;
    let total = assign(m, &order, &delays, output, |_| f64::INFINITY);
    let (mut lo, mut hi) = (0.0f64, total.slice_ns[0]);
    for _ in 0..40 {
        let mid = 0.5 * (lo + hi);
        if assign(m, &order, &delays, output, capacity(mid, extra, latency)).out_stage <= latency {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    assign(m, &order, &delays, output, capacity(hi, extra, latency))
}

/// The fewest registers whose slices all fit: `budget` ns for the first and last stage,
/// [`crate::schedule::delays::CHAIN_NS`] more for the stages between the unit's own
/// registers (a cell slower than that alone counts as fitting in a stage of its own).
pub fn min_latency(m: &Module, inputs: &[NetId], output: NetId, budget: f64) -> u32 {
    let order = cone(m, inputs, output);
    let delays: Vec<f64> = order.iter().map(|&n| cell_delay(m, n)).collect();
    let extra = crate::schedule::delays::CHAIN_NS;
    (0..=order.len() as u32)
        .find(|&l| assign(m, &order, &delays, output, capacity(budget, extra, l)).out_stage <= l)
        .unwrap_or(order.len() as u32)
}

/// Pipelines the cone of `output` over `inputs` with `latency` registers on every path,
/// clocked by `clk`; returns the new result net (`output` itself when `latency` is 0).
pub fn pipeline(m: &mut Module, inputs: &[NetId], output: NetId, clk: NetId, latency: u32) -> NetId {
    if latency == 0 {
        return output;
    }
    let p = plan(m, inputs, output, latency);
    let mut chains: HashMap<NetId, Vec<NetId>> = HashMap::new();
    let order = cone(m, inputs, output);
    for &n in &order {
        let s = p.stage[&n];
        let ops: Vec<NetId> = m.operands(n).to_vec();
        for (i, &o) in ops.iter().enumerate() {
            if matches!(m.cell(o).kind, CellKind::Const(_)) {
                continue;
            }
            let so = p.stage.get(&o).copied().unwrap_or(0);
            if s > so {
                let r = delayed(m, &mut chains, o, s - so, clk);
                m.set_operand(n, i, r);
            }
        }
    }
    delayed(m, &mut chains, output, latency - p.out_stage, clk)
}

/// `x` delayed by `k` cycles: the `k`-th register of `x`'s chain (made as needed).
fn delayed(m: &mut Module, chains: &mut HashMap<NetId, Vec<NetId>>, x: NetId, k: u32, clk: NetId) -> NetId {
    if k == 0 {
        return x;
    }
    let chain = chains.entry(x).or_default();
    while chain.len() < k as usize {
        let d = chain.last().copied().unwrap_or(x);
        let w = m.width(x);
        let kind = CellKind::Reg { reset: false, enable: false, async_reset: false, init: None };
        chain.push(m.add_cell(kind, w, &[d, clk], None, mlir_text::Span::default()));
    }
    chain[k as usize - 1]
}

/// The critical path of the cone: (cell, its delay, arrival at its end), first to last.
pub fn critical_path(m: &Module, inputs: &[NetId], output: NetId) -> Vec<(NetId, f64, f64)> {
    let order = cone(m, inputs, output);
    let mut at: HashMap<NetId, (f64, Option<NetId>)> = HashMap::new();
    for &n in &order {
        let (t, from) = m
            .operands(n)
            .iter()
            .filter_map(|o| at.get(o).map(|x| (x.0, Some(*o))))
            .fold((0.0, None), |acc, x| if x.0 > acc.0 { x } else { acc });
        let _ = from;
        let d = cell_delay(m, n);
        let best =
            m.operands(n).iter().filter(|o| at.contains_key(o)).max_by(|a, b| at[a].0.total_cmp(&at[b].0));
        at.insert(n, (t + d, best.copied()));
    }
    let mut path = Vec::new();
    let mut cur = Some(output);
    while let Some(n) = cur {
        let Some(&(t, prev)) = at.get(&n) else { break };
        path.push((n, cell_delay(m, n), t));
        cur = prev;
    }
    path.reverse();
    path
}
