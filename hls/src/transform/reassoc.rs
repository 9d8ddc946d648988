//! Reassociation of float reductions (`fastmath<reassoc>`): k partial accumulators.
//!
//! A pipelined loop whose `iter_args` accumulator is updated by one float op, `acc' = acc ⊕
//! x` (`⊕` one of `arith.addf`, `mulf`, `maximumf`, `minimumf`, `maxnumf`, `minnumf`
//! carrying `reassoc` or `fast`), starts an iteration only when the previous one's `⊕` is
//! done: the recurrence holds the II at the unit's span (its latency plus the cycle its
//! result is registered in). With reassociation allowed the sum is split over `k` partial
//! accumulators, each updated every `k`-th iteration, so the recurrence spans `k`
//! iterations:
//!
//! - the accumulator becomes a rotation of `k` carried values `q0 .. q(k-1)`: the body reads
//!   `q0`, and the loop yields `(q1, .., q(k-1), q0 ⊕ x)`, so iteration `j` updates partial
//!   `j mod k` (`schedule::pipelined_loops` sees the rotation as a recurrence of distance `k`);
//! - every partial starts at `⊕`'s identity (`-0.0` for `addf`, which keeps `+0 + -0 = +0`
//!   and `-0 + -0 = -0` exact; `1.0` for `mulf`; `-inf` for `maximumf`, `+inf` for
//!   `minimumf`; the default NaN for `maxnumf`/`minnumf`, which return the other operand
//!   of a NaN, so a partial that met only NaNs stays NaN as the source's chain would): all
//!   alike, so a pipelined run needs no per-slot start value;
//! - after the loop a balanced tree combines the source's initial value and the `k` final
//!   values, leaves in the order `init, p0, .., p(k-1)`: level by level, neighbours
//!   pairwise (`(init ⊕ p0), (p1 ⊕ p2), ..`), an odd last one carried up.
//!
//! A sum into a memory cell (`C[i][j] += ..` in the loop: load, `⊕`, store of one
//! loop-invariant address) reaches this pass as an accumulator that scalar replacement
//! made (`Func::scalar_carried`: the cell's value loaded before the loop is its initial
//! value, its final value stored after it); it is split the same way and its record says
//! so ([`Reassociated::memory`]): the interpreter then follows the cell's load and store.
//!
//! `k` is the unit's span at the clock period (`schedule::float_timing::op_type`): the smallest
//! distance at which the recurrence no longer bounds the II. Only loops that are pipelined
//! (`--pipeline` or `hls.pipeline`, innermost and eligible) are rewritten; an op without
//! the flag, or an accumulator read or yielded anywhere else, keeps the source's order.

use super::Costs;
use crate::float::FloatFormat;
use crate::ir::{FBinOp, ForLoop, Func, Item, OpKind, Region, ValId};
use crate::Options;
use mlir_text::Span;

/// One reassociated reduction: the source op that updates the accumulator and the number
/// of partial accumulators (what the interpreter needs to compute the same order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reassociated {
    /// The `arith.addf` (or `mulf`, ...) of the source.
    pub op_span: Span,
    /// Partial accumulators.
    pub k: u32,
    /// The operation.
    pub op: FBinOp,
    /// The accumulator is a memory cell in the source (a load, the op and a store of one
    /// address in the loop body), not an `iter_args` value.
    pub memory: bool,
}

impl Reassociated {
    /// The result is the source's, bit for bit, in every case: the min/max operations,
    /// whose result is an operand (or the default NaN) chosen by a total order.
    pub fn exact(&self) -> bool {
        !matches!(self.op, FBinOp::Add | FBinOp::Mul)
    }
}

/// The identity of `op` in format `fmt` (None: not reassociated).
pub fn identity(op: FBinOp, fmt: FloatFormat) -> Option<u64> {
    Some(match op {
        FBinOp::Add => fmt.zero(true),
        FBinOp::Mul => fmt.pack(false, fmt.exp_max() >> 1, 0),
        FBinOp::Maximum => fmt.inf(true),
        FBinOp::Minimum => fmt.inf(false),
        FBinOp::MaxNum | FBinOp::MinNum => fmt.default_nan(),
        _ => return None,
    })
}

/// Rewrites every eligible reduction of `f` (see the module doc); returns what it did.
pub fn run(f: &mut Func, opts: &Options, costs: &dyn Costs) -> Vec<Reassociated> {
    let mut done = Vec::new();
    f.with_body(|f, body| region(f, body, (opts, costs), &mut done));
    done
}

fn region(f: &mut Func, r: &mut Region, ctx: (&Options, &dyn Costs), done: &mut Vec<Reassociated>) {
    let (opts, costs) = ctx;
    let mut items = Vec::with_capacity(r.items.len());
    for mut item in std::mem::take(&mut r.items) {
        for sub in item.regions_mut() {
            region(f, sub, ctx, done);
        }
        let mut pre = Vec::new();
        let mut post = Vec::new();
        if let Item::For(l) = &mut item {
            if (opts.pipeline || l.pipeline.is_some()) && costs.pipeline_ineligible(f, l).is_none() {
                for i in 0..l.iter_args.len() {
                    if let Some(found) = rewrite(f, l, i, costs, (&mut pre, &mut post)) {
                        let note = format!(
                            "reassociated: {} {} into k={} partial accumulators, a tree after the loop",
                            found.1.mlir_name(),
                            found.2,
                            found.0.k
                        );
                        f.loop_notes.push((l.id, note));
                        done.push(found.0);
                    }
                }
            }
        }
        items.extend(pre.into_iter().map(Item::Op));
        items.push(item);
        items.extend(post.into_iter().map(Item::Op));
    }
    r.items = items;
}

/// The reduction op updating iter_arg `i` of `l`, if it is one this pass rewrites: its op
/// id, operator, format and span.
fn reduction(f: &Func, l: &ForLoop, i: usize) -> Option<(crate::ir::OpId, FBinOp, FloatFormat)> {
    let (a, y) = (l.iter_args[i], l.yields[i]);
    let ops: Vec<crate::ir::OpId> =
        l.body.items.iter().filter_map(|i| if let Item::Op(o) = i { Some(*o) } else { None }).collect();
    let def = *ops.iter().find(|&&o| f.op(o).result == Some(y))?;
    let OpKind::FBin { op, fmt, reassoc: true } = f.op(def).kind else { return None };
    identity(op, fmt)?;
    // The accumulator is one operand of the op and read nowhere else; the op's result only
    // feeds the yield.
    let operands = &f.op(def).operands;
    if operands.iter().filter(|&&v| v == a).count() != 1 {
        return None;
    }
    let reads = |v: ValId| ops.iter().filter(|&&o| o != def && f.op(o).operands.contains(&v)).count();
    let yielded = |v: ValId| l.yields.iter().filter(|&&x| x == v).count();
    if reads(a) > 0 || reads(y) > 0 || yielded(y) != 1 || yielded(a) > 0 {
        return None;
    }
    Some((def, op, fmt))
}

/// Rewrites iter_arg `i` of `l` into a rotation of partial accumulators when it is an
/// eligible reduction; the identity constants go to `pre`, the tree to `post`.
fn rewrite(
    f: &mut Func,
    l: &mut ForLoop,
    i: usize,
    costs: &dyn Costs,
    (pre, post): (&mut Vec<crate::ir::OpId>, &mut Vec<crate::ir::OpId>),
) -> Option<(Reassociated, FBinOp, FloatFormat)> {
    let (def, op, fmt) = reduction(f, l, i)?;
    let k = costs.float_span(&f.op(def).kind)?;
    if k < 2 {
        return None;
    }
    let span = f.op(def).span;
    let memory = f.scalar_carried.contains(&l.iter_args[i]);
    let w = fmt.width();
    let name = f.values[l.iter_args[i].index()].name.clone().unwrap_or_else(|| "acc".into());
    let ident = f.new_value(w, Some(format!("{name}_identity")));
    pre.push(f.new_op(OpKind::Const(identity(op, fmt)?), vec![], Some(ident), span));
    // q0 is the source's iter_arg; q1 .. q(k-1) are new, and the rotation is q_j <- q_(j+1).
    let y = l.yields[i];
    let old_result = l.results[i];
    let p0 = f.new_value(w, Some(format!("{name}_p0")));
    let mut finals = vec![l.inits[i], p0];
    l.inits[i] = ident;
    l.results[i] = p0;
    let mut prev = i;
    for j in 1..k {
        let q = f.new_value(w, Some(format!("{name}_q{j}")));
        let r = f.new_value(w, Some(format!("{name}_p{j}")));
        l.yields[prev] = q;
        l.iter_args.push(q);
        l.inits.push(ident);
        l.yields.push(y);
        l.results.push(r);
        finals.push(r);
        prev = l.iter_args.len() - 1;
    }
    // The tree, level by level; the last op defines the loop's old result.
    let mut level = finals;
    while level.len() > 1 {
        let mut next = Vec::new();
        for pair in level.chunks(2) {
            if let [x, z] = *pair {
                let last = level.len() == 2;
                let v = if last { old_result } else { f.new_value(w, Some(format!("{name}_sum"))) };
                let kind = OpKind::FBin { op, fmt, reassoc: true };
                post.push(f.new_op(kind, vec![x, z], Some(v), span));
                next.push(v);
            } else {
                next.extend_from_slice(pair);
            }
        }
        level = next;
    }
    Some((Reassociated { op_span: span, k, op, memory }, op, fmt))
}

#[cfg(test)]
#[path = "reassoc_tests.rs"]
mod tests;
