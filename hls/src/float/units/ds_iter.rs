//! Digit recurrences (division, square root): a [`Recurrence`] is a preparation step,
//! `rows` identical rows and a finishing step over a bundle of nets. This file lays one out
//! as a sequential unit (one set of state registers that `rows_per_cycle` rows update per
//! cycle); `ds_pipe.rs` lays it out as a pipeline.
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
    /// The operands' widths.
    fn operand_widths(&self) -> Vec<u32>;
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
