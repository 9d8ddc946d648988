//! Multi-cycle forms of a digit recurrence (division, square root): a [`Recurrence`] is a
//! preparation step, `rows` identical rows and a finishing step over a bundle of nets; this
//! file lays it out as a pipeline (registers between steps, one operation per cycle) or as
//! a sequential unit (one set of registers that `rows_per_cycle` rows update per cycle).
//!
//! Pipelined ([`build_pipelined`]): with latency `L`, `L` registers cut the step sequence
//! into `L + 1` slices (as `pipeline.rs` cuts a cone), so a result is read `L` cycles after
//! its operands were presented (combinationally for `L == 0`). The cuts fall between steps
//! (rows), where the delay model's running sum crosses the smallest per-cycle bound that
//! needs no more than `L` cuts, so only the recurrence's state is registered; every
//! register loads every cycle (II 1).
//!
//! Sequential ([`build_sequential`]) protocol, for operands presented with `start = 1` in
//! cycle `t` while `busy` is 0: the operands are registered at the end of cycle `t`; cycle
//! `t + 1` runs the preparation into the state registers; cycles `t + 2 .. t + 1 + S` run
//! `S = rows / rows_per_cycle` steps; cycle `t + S + 2` runs the finishing step into the
//! result register; in cycle `t + S + 3` (`latency = S + 3`) `done` is 1 for that one cycle
//! and `result` is valid, and `result` stays until the next operation's finishing step.
//! `busy` is 1 from cycle `t + 1` to `t + S + 2`; a `start` while busy is ignored, and a
//! new operation may start in the cycle `done` is 1.

use super::ds_net::DsExt;
use super::UnitBuilder;
use comb::{IcmpPred, NetId};

/// A digit recurrence over a bundle of nets (its state: the partial remainder, the digits
/// so far, and anything the last step needs passed along).
pub trait Recurrence {
    /// The state after the preparation step, from the operands.
    fn prepare(&self, g: &mut UnitBuilder, operands: &[NetId]) -> Vec<NetId>;
    /// One row: the next state. Every row is the same circuit.
    fn row(&self, g: &mut UnitBuilder, state: &[NetId]) -> Vec<NetId>;
    /// The result from the state after the last row.
    fn finish(&self, g: &mut UnitBuilder, state: &[NetId]) -> NetId;
    /// How many rows.
    fn rows(&self) -> u32;
    /// Delay-model estimates, ns: (preparation, one row, finishing step).
    fn delays(&self) -> (f64, f64, f64);
}

/// The step delays in order: preparation, each row, finishing.
fn step_delays(r: &dyn Recurrence) -> Vec<f64> {
    let (pre, row, fin) = r.delays();
    let mut d = vec![pre];
    d.extend(std::iter::repeat_n(row, r.rows() as usize));
    d.push(fin);
    d
}

/// After which steps a register goes when each cycle holds at most `bound` ns of steps (a
/// step longer than that gets a cycle of its own); never after the last step.
fn cuts_for(d: &[f64], bound: f64) -> Vec<bool> {
    let mut cut = vec![false; d.len()];
    let mut acc = 0.0;
    for i in 0..d.len() {
        if acc > 0.0 && acc + d[i] > bound + 1e-9 {
            cut[i - 1] = true;
            acc = 0.0;
        }
        acc += d[i];
    }
    cut
}

fn count(cut: &[bool]) -> u32 {
    cut.iter().filter(|&&c| c).count() as u32
}

/// The fewest registers that keep every cycle within `budget` ns of steps (the pipelined
/// unit's latency at that budget).
pub fn min_latency(r: &dyn Recurrence, budget: f64) -> u32 {
    count(&cuts_for(&step_delays(r), budget))
}

/// Cut positions for at most `latency` registers: the smallest per-cycle bound (to 1 %)
/// that needs no more.
fn cuts_exact(d: &[f64], latency: u32) -> Vec<bool> {
    let total: f64 = d.iter().sum();
    let longest = d.iter().copied().fold(0.0, f64::max);
    let mut bound = (total / f64::from(latency + 1)).max(longest);
    loop {
        let c = cuts_for(d, bound);
        if count(&c) <= latency {
            return c;
        }
        bound *= 1.01;
    }
}

/// A register on every net of `state`.
fn reg_all(g: &mut UnitBuilder, state: &[NetId], clk: NetId) -> Vec<NetId> {
    state.iter().map(|&n| g.reg(n, clk, None)).collect()
}

/// `r` as a pipeline of `latency` registers on every path (`L + 1` slices, the result
/// combinational after the last cut; registers the cuts do not need go after the result);
/// `clk` is read only when `latency > 0`.
pub fn build_pipelined(
    g: &mut UnitBuilder,
    r: &dyn Recurrence,
    operands: &[NetId],
    clk: NetId,
    latency: u32,
) -> NetId {
    let d = step_delays(r);
    let cut = cuts_exact(&d, latency);
    let mut state = r.prepare(g, operands);
    if cut[0] {
        state = reg_all(g, &state, clk);
    }
    for i in 0..r.rows() as usize {
        state = r.row(g, &state);
        if cut[i + 1] {
            state = reg_all(g, &state, clk);
        }
    }
    let mut out = r.finish(g, &state);
    for _ in count(&cut)..latency {
        out = g.reg(out, clk, None);
    }
    out
}

/// The ports of a sequential unit (see the module's protocol).
#[derive(Clone, Copy, Debug)]
pub struct SeqOut {
    /// The result register.
    pub result: NetId,
    /// 1 for the one cycle the result appears.
    pub done: NetId,
    /// 1 while an operation runs (a start is then ignored).
    pub busy: NetId,
}

/// Cycles from `start` to `done` of a sequential unit doing `rows` rows, `per_cycle` a cycle.
pub fn seq_latency(rows: u32, per_cycle: u32) -> u32 {
    rows.div_ceil(per_cycle.max(1)) + 3
}

/// `r` as a sequential unit doing `per_cycle` rows a cycle (it must divide `r.rows()`).
pub fn build_sequential(
    g: &mut UnitBuilder,
    r: &dyn Recurrence,
    operands: &[NetId],
    (start, clk): (NetId, NetId),
    per_cycle: u32,
) -> SeqOut {
    let steps = r.rows() / per_cycle.max(1);
    let last = u64::from(steps) + 2;
    let cw = 32 - (last as u32).leading_zeros();
    // Phase counter: 0 idle, 1 prepare, 2..=steps + 1 rows, steps + 2 finish.
    let cnt = g.reg_later(cw, clk, false);
    let idle = g.is_zero(cnt);
    let go = g.and(&[idle, start]);
    let prep = g.eq_const(cnt, 1);
    let fin = g.eq_const(cnt, last);
    let one = g.konst(1, cw);
    let inc = g.add(cnt, one);
    let z = g.konst(0, cw);
    let go_w = g.zext(go, cw);
    let next = g.mux(fin, z, inc);
    let next = g.mux(idle, go_w, next);
    g.connect_reg(cnt, next, clk, None);
    let held: Vec<NetId> = operands.iter().map(|&o| g.reg(o, clk, Some(go))).collect();
    let first = r.prepare(g, &held);
    let state: Vec<NetId> = first.iter().map(|&n| g.reg_later(g.width(n), clk, true)).collect();
    let mut next_state = state.clone();
    for _ in 0..per_cycle.max(1) {
        next_state = r.row(g, &next_state);
    }
    let not_idle = g.not(idle);
    let not_prep = g.not(prep);
    let not_fin = g.not(fin);
    let step = g.and(&[not_idle, not_prep, not_fin]);
    let en = g.or(&[prep, step]);
    for ((&s, &p), &n) in state.iter().zip(&first).zip(&next_state) {
        let d = g.mux(prep, p, n);
        g.connect_reg(s, d, clk, Some(en));
    }
    let out = r.finish(g, &state);
    let result = g.reg(out, clk, Some(fin));
    let done = g.reg(fin, clk, None);
    let zero = g.konst(0, cw);
    let busy = g.icmp(IcmpPred::Ne, cnt, zero);
    SeqOut { result, done, busy }
}
