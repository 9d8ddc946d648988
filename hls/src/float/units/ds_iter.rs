//! Digit recurrences (division, square root): a [`Recurrence`] is a preparation step,
//! `rows` identical rows and a finishing step over a bundle of nets. This file lays one out
//! as a sequential unit (one set of state registers that `rows_per_cycle` rows update per
//! cycle); `ds_pipe.rs` lays it out as a pipeline.
//!
//! Sequential ([`build_sequential`]) protocol, for operands presented with `start = 1` in
//! cycle `t` while `busy` is 0, with `S = rows / rows_per_cycle` steps and `c` registers
//! cutting the preparation and the finishing step each (`split`, 0 when they fit a cycle):
//! the operands are registered at the end of cycle `t`; cycles `t + 1 .. t + 1 + c` run the
//! preparation into the state registers; the next `S` cycles run the steps; the next
//! `1 + c` cycles run the finishing step into the result register; in cycle
//! `t + latency` (`latency = S + 3 + 2c`) `done` is 1 for that one cycle and `result` is
//! valid, and `result` stays until the next operation's finishing step. `busy` is 1 from
//! cycle `t + 1` to `t + latency - 1`; a `start` while busy is ignored, and a new operation
//! may start in the cycle `done` is 1.

use super::ds_net::DsExt;
use super::pipeline;
use super::UnitBuilder;
use crate::float::FloatFormat;
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

/// Cycles from `start` to `done` of a sequential unit doing `rows` rows, `per_cycle` a
/// cycle, with `split` registers inside its preparation and inside its finishing step.
pub fn seq_latency(rows: u32, per_cycle: u32, split: u32) -> u32 {
    rows.div_ceil(per_cycle.max(1)) + 3 + 2 * split
}

/// The fields of a concatenation of nets of `widths` (the first on top).
pub fn unpack(g: &mut UnitBuilder, x: NetId, widths: &[u32]) -> Vec<NetId> {
    let mut low: u32 = widths.iter().sum();
    widths
        .iter()
        .map(|&w| {
            low -= w;
            g.extract(x, low, w)
        })
        .collect()
}

/// A recurrence of a float unit in one format, made for any row count.
pub trait SizedRecurrence: Recurrence + Sized {
    /// The recurrence in format `f` with `rows` rows.
    fn with_rows(f: FloatFormat, rows: u32) -> Self;
    /// The fewest rows that give every result in format `f`.
    fn min_rows(f: FloatFormat) -> u32;
}

/// The recurrence `R` in format `f` on a sequential unit doing `rows` rows a cycle (its row
/// count rounded up to a multiple), started by `start`, its preparation and finishing step
/// cut by `split` registers each (latency `ceil(min_rows / rows) + 3 + 2 split`).
pub fn build_seq<R: SizedRecurrence>(
    g: &mut UnitBuilder,
    f: FloatFormat,
    operands: &[NetId],
    (start, clk): (NetId, NetId),
    (rows, split): (u32, u32),
) -> SeqOut {
    let k = rows.max(1);
    let r = R::with_rows(f, R::min_rows(f).div_ceil(k) * k);
    build_sequential(g, &r, operands, (start, clk), (k, split))
}

/// `r` as a sequential unit doing `per_cycle` rows a cycle (it must divide `r.rows()`), its
/// preparation and finishing step each cut by `split` registers (`pipeline.rs`).
pub fn build_sequential(
    g: &mut UnitBuilder,
    r: &dyn Recurrence,
    operands: &[NetId],
    (start, clk): (NetId, NetId),
    (per_cycle, split): (u32, u32),
) -> SeqOut {
    let steps = r.rows() / per_cycle.max(1);
    // Phases: 0 idle, 1..=1 + split prepare (the state loads in the last), then `steps`
    // row phases, then 1 + split finishing phases (the result loads in the last).
    let (load, first_step) = (1 + split, 2 + split);
    let last = first_step + steps + split;
    let cw = 32 - last.leading_zeros();
    let cnt = g.reg_later(cw, clk, false);
    let idle = g.is_zero(cnt);
    let go = g.and(&[idle, start]);
    let prep = g.eq_const(cnt, u64::from(load));
    let fin = g.eq_const(cnt, u64::from(last));
    let inc = g.add_const(cnt, 1);
    let z = g.zero(cw);
    let go_w = g.zext(go, cw);
    let next = g.mux(fin, z, inc);
    let next = g.mux(idle, go_w, next);
    g.connect_reg(cnt, next, clk, None);
    let held: Vec<NetId> = operands.iter().map(|&o| g.reg(o, clk, Some(go))).collect();
    let first = r.prepare(g, &held);
    let widths: Vec<u32> = first.iter().map(|&n| g.width(n)).collect();
    let packed = g.concat(&first);
    let packed = pipeline::pipeline(g.module_mut(), &held, packed, clk, split);
    let first = unpack(g, packed, &widths);
    let state: Vec<NetId> = widths.iter().map(|&w| g.reg_later(w, clk, true)).collect();
    let mut next_state = state.clone();
    for _ in 0..per_cycle.max(1) {
        next_state = r.row(g, &next_state);
    }
    let lo = g.konst(u64::from(first_step), cw);
    let hi = g.konst(u64::from(first_step + steps - 1), cw);
    let after = g.icmp(IcmpPred::Uge, cnt, lo);
    let before = g.icmp(IcmpPred::Ule, cnt, hi);
    let step = g.and(&[after, before]);
    let en = g.or(&[prep, step]);
    for ((&s, &p), &n) in state.iter().zip(&first).zip(&next_state) {
        let d = g.mux(prep, p, n);
        g.connect_reg(s, d, clk, Some(en));
    }
    let out = r.finish(g, &state);
    let out = pipeline::pipeline(g.module_mut(), &state, out, clk, split);
    let result = g.reg(out, clk, Some(fin));
    let done = g.reg(fin, clk, None);
    let busy = g.not(idle);
    SeqOut { result, done, busy }
}
