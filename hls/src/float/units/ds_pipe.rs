//! Pipelined forms of a digit recurrence ([`Recurrence`]): `L` registers on every path,
//! `L + 1` slices (as `pipeline.rs` cuts a cone), so a result is read `L` cycles after its
//! operands were presented and a new operation may start every cycle (II 1).
//!
//! Two layouts, and the builder takes whichever gives the shorter cycle for the `L` asked:
//! - *structured* (`L >= 2`): the preparation cone is cut by the cone pipeliner and
//!   registered; the rows follow in groups of `k` (as many as fit the cycle), each group
//!   ending in a register of the recurrence's state only; the finishing cone is cut by the
//!   cone pipeliner again. For a per-cycle bound `B` that is `Lp(B) + ceil(rows / k) + 1 +
//!   Lf(B)` registers; the smallest `B` that needs no more than `L` is used, and registers
//!   left over go after the result;
//! - *flat*: the whole recurrence unrolled as one cone, cut by the cone pipeliner anywhere
//!   (the only choice for `L < 2`; shorter cycles at some `L` since cuts may fall inside a
//!   row, at the price of registering a row's inner nets).
//!
//! Delays are `pipeline.rs`'s per-cell estimates, measured on scratch modules holding one
//! preparation, one row, one finishing step and the flat cone; [`min_latency`] is the
//! latency table: the fewest registers either layout needs within a budget.

use super::ds_iter::{unpack, Recurrence};
use super::ds_net::DsExt;
use super::pipeline;
use super::UnitBuilder;
use comb::{Dir, Module, NetId, Port};
use mlir_text::Span;

/// A scratch module: inputs of `widths`, the cone `build` adds; returns it, the inputs and
/// the cone's output.
fn scratch(
    widths: &[u32],
    build: impl FnOnce(&mut UnitBuilder, &[NetId]) -> NetId,
) -> (Module, Vec<NetId>, NetId) {
    let mut m = Module::new("scratch", Span::default());
    let ins: Vec<NetId> = widths
        .iter()
        .enumerate()
        .filter_map(|(i, &w)| {
            let p = m.add_port(Port {
                name: format!("i{i}"),
                dir: Dir::Input,
                width: w,
                clock: false,
                span: Span::default(),
            });
            m.port_net(p)
        })
        .collect();
    let out = build(&mut UnitBuilder::new(&mut m), &ins);
    (m, ins, out)
}

/// A cone to measure: module, inputs, output.
type Cone = (Module, Vec<NetId>, NetId);

/// The recurrence's pieces measured once.
struct Shape {
    pre: Cone,
    fin: Cone,
    flat: Cone,
    /// One row's delay, ns.
    row: f64,
    rows: u32,
}

impl Shape {
    fn new(r: &dyn Recurrence) -> Shape {
        let widths = r.operand_widths();
        let mut state_w = Vec::new();
        let pre = scratch(&widths, |g, ins| {
            let s = r.prepare(g, ins);
            state_w = s.iter().map(|&n| g.width(n)).collect();
            g.concat(&s)
        });
        let fin = scratch(&state_w, |g, ins| r.finish(g, ins));
        let one = scratch(&state_w, |g, ins| {
            let s = r.row(g, ins);
            g.concat(&s)
        });
        let row = pipeline::plan(&one.0, &one.1, one.2, 0).slice_ns.iter().copied().fold(0.0, f64::max);
        let flat = scratch(&widths, |g, ins| unrolled(g, r, ins));
        Shape { pre, fin, flat, row, rows: r.rows() }
    }

    /// Rows per group within `bound` ns (at least 1).
    fn group(&self, bound: f64) -> u32 {
        ((bound / self.row.max(1e-9)).floor() as u32).clamp(1, self.rows.max(1))
    }

    /// (Lp, Lf) and the structured layout's registers within `bound` ns.
    fn structured(&self, bound: f64) -> (u32, u32, u32) {
        let cut = |c: &Cone| pipeline::min_latency(&c.0, &c.1, c.2, bound);
        let (lp, lf) = (cut(&self.pre), cut(&self.fin));
        (lp, lf, lp + self.rows.div_ceil(self.group(bound)) + 1 + lf)
    }

    /// The smallest bound (to 0.5 %) at which the structured layout needs at most `l`
    /// registers, if any does.
    fn structured_bound(&self, l: u32) -> Option<f64> {
        let total = self.flat_period(0);
        if self.structured(total).2 > l {
            return None;
        }
        let (mut lo, mut hi) = (0.0f64, total);
        while hi - lo > hi * 0.005 {
            let mid = 0.5 * (lo + hi);
            if self.structured(mid).2 <= l {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        Some(hi)
    }

    /// The longest slice of the flat layout with `l` registers, ns.
    fn flat_period(&self, l: u32) -> f64 {
        let (m, ins, out) = &self.flat;
        pipeline::plan(m, ins, *out, l).slice_ns.iter().copied().fold(0.0, f64::max)
    }
}

/// The recurrence unrolled combinationally.
fn unrolled(g: &mut UnitBuilder, r: &dyn Recurrence, ops: &[NetId]) -> NetId {
    let mut s = r.prepare(g, ops);
    for _ in 0..r.rows() {
        s = r.row(g, &s);
    }
    r.finish(g, &s)
}

/// For a sequential unit within `budget` ns: rows per cycle (at least 1) and the registers
/// that cut its preparation and finishing step (the larger of the two cones' needs).
pub fn seq_shape(r: &dyn Recurrence, budget: f64) -> (u32, u32) {
    let sh = Shape::new(r);
    let cut = |c: &Cone| pipeline::min_latency(&c.0, &c.1, c.2, budget);
    (sh.group(budget), cut(&sh.pre).max(cut(&sh.fin)))
}

/// The fewest registers that keep every cycle of `r` within `budget` ns (by the cell
/// estimates): the latency table's entry.
pub fn min_latency(r: &dyn Recurrence, budget: f64) -> u32 {
    let sh = Shape::new(r);
    let (m, ins, out) = &sh.flat;
    let flat = pipeline::min_latency(m, ins, *out, budget);
    if flat < 2 {
        return flat;
    }
    flat.min(sh.structured(budget).2)
}

/// `r` pipelined with `latency` registers on every path (see the module doc); `clk` is
/// read only when `latency > 0`.
pub fn build_pipelined(
    g: &mut UnitBuilder,
    r: &dyn Recurrence,
    ops: &[NetId],
    clk: NetId,
    latency: u32,
) -> NetId {
    if latency == 0 {
        return unrolled(g, r, ops);
    }
    let sh = Shape::new(r);
    let bound = sh.structured_bound(latency).filter(|&b| latency >= 2 && b <= sh.flat_period(latency));
    let Some(bound) = bound else {
        let out = unrolled(g, r, ops);
        return pipeline::pipeline(g.module_mut(), ops, out, clk, latency);
    };
    let (lp, lf, used) = sh.structured(bound);
    // The preparation, cut and registered.
    let state = r.prepare(g, ops);
    let widths: Vec<u32> = state.iter().map(|&n| g.width(n)).collect();
    let packed = g.concat(&state);
    let packed = pipeline::pipeline(g.module_mut(), ops, packed, clk, lp);
    let packed = g.reg(packed, clk, None);
    let mut state = unpack(g, packed, &widths);
    // The rows, a register after each group.
    let k = sh.group(bound);
    for i in 0..r.rows() {
        state = r.row(g, &state);
        if (i + 1) % k == 0 || i + 1 == r.rows() {
            state = state.iter().map(|&n| g.reg(n, clk, None)).collect();
        }
    }
    let out = r.finish(g, &state);
    let mut out = pipeline::pipeline(g.module_mut(), &state, out, clk, lf);
    for _ in used..latency {
        out = g.reg(out, clk, None);
    }
    out
}
