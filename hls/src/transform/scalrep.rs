//! Scalar replacement of memory accumulations in innermost loops (as MLIR's
//! `affine-scalrep` or an HLS tool's automatic accumulation).
//!
//! `C[i][j] += A[i][k] * B[k][j]` inside the `k` loop reads and writes one address every
//! iteration: a recurrence through memory of distance 1 that keeps a pipelined loop's II
//! at the load-to-store path. When every access of a memory in the loop body is at one
//! loop-invariant address, the value lives in a register instead: one load before the
//! loop gives a new loop-carried value (an iter_arg), each load in the body reads the
//! current value, each store makes it the new current value, and one store after the loop
//! writes the last one back. The loop then carries a register recurrence only.
//!
//! It fires only when that is exactly what the loop computes:
//! - the loop is innermost, its body is plain ops (after if-conversion), and it is asked
//!   to be pipelined (the same loops if-conversion handles);
//! - its trip count is a constant >= 1, so the loop reads or writes that address at least
//!   once (the hoisted load is in range, and the final store writes what the loop would
//!   have left there);
//! - every load and store of the memory in the body has an address that is loop-invariant
//!   (computed from values defined before the loop by ops without memory access; the
//!   ones in the body are hoisted in front of the loop) and all of them have one linear
//!   form ([`crate::analysis::deps::Linear`]): provably one address, so no other access of the
//!   memory in the loop can see the intermediate values;
//! - every store is unconditional (a store predicated by if-conversion keeps the memory).
//!
//! Different memories never alias (each memref argument is its own port). The loops and
//! memories replaced are listed in [`Func::scalar_replaced`] for the report.

use crate::analysis::deps::Linear;
use crate::ir::{ForLoop, Func, Item, MemId, OpId, OpKind, Region, ValId};
use std::collections::{BTreeMap, BTreeSet};

/// Replaces loop-invariant memory accumulations in every innermost `for` loop that is
/// asked to be pipelined (`all`: `--pipeline`, else only loops with `hls.pipeline`).
pub fn run(f: &mut Func, all: bool) {
    f.with_body(|f, body| region(f, body, all));
}

fn region(f: &mut Func, r: &mut Region, all: bool) {
    let mut out = Vec::with_capacity(r.items.len());
    for mut item in std::mem::take(&mut r.items) {
        match &mut item {
            Item::For(l) => {
                if (all || l.pipeline.is_some()) && innermost_plain(&l.body) && l.trip.is_some_and(|t| t >= 1)
                {
                    let mut after = Vec::new();
                    for m in mems_stored(f, l) {
                        if let Some((before, post)) = replace(f, l, m) {
                            out.extend(before.into_iter().map(Item::Op));
                            after.push(Item::Op(post));
                            f.scalar_replaced.push((l.id, m));
                        }
                    }
                    out.push(item);
                    // Write-backs in reverse order of replacement (they touch different memories).
                    out.extend(after.into_iter().rev());
                    continue;
                }
                region(f, &mut l.body, all);
            }
            other => {
                for r in other.regions_mut() {
                    region(f, r, all);
                }
            }
        }
        out.push(item);
    }
    r.items = out;
}

fn innermost_plain(r: &Region) -> bool {
    r.items.iter().all(|i| matches!(i, Item::Op(_)))
}

fn body_ops(l: &ForLoop) -> Vec<OpId> {
    l.body.items.iter().filter_map(|i| if let Item::Op(o) = i { Some(*o) } else { None }).collect()
}

/// Memories stored to in the body, in order of first store.
fn mems_stored(f: &Func, l: &ForLoop) -> Vec<MemId> {
    let mut seen = Vec::new();
    for o in body_ops(l) {
        if let OpKind::Store(m) = f.op(o).kind {
            if !seen.contains(&m) {
                seen.push(m);
            }
        }
    }
    seen
}

/// Replaces memory `m` in loop `l` if allowed: returns the ops to place before the loop
/// (hoisted address ops, then the initial load) and the write-back store after it.
fn replace(f: &mut Func, l: &mut ForLoop, m: MemId) -> Option<(Vec<OpId>, OpId)> {
    let ops = body_ops(l);
    let accesses: Vec<OpId> = ops
        .iter()
        .copied()
        .filter(|&o| matches!(f.op(o).kind, OpKind::Load(x) | OpKind::Store(x) if x == m))
        .collect();
    if accesses.iter().any(|&o| matches!(f.op(o).kind, OpKind::Store(_)) && f.op(o).operands.len() > 2) {
        return None;
    }
    // One address, loop-invariant.
    let def: BTreeMap<ValId, OpId> = ops.iter().filter_map(|&o| f.op(o).result.map(|r| (r, o))).collect();
    let mut hoist = BTreeSet::new();
    for &a in &accesses {
        if !invariant(f, l, &def, f.op(a).operands[0], &mut hoist) {
            return None;
        }
    }
    let mut lin = Linear::new(f);
    let addr = f.op(accesses[0]).operands[0];
    let form = lin.form(addr);
    if accesses.iter().any(|&a| lin.form(f.op(a).operands[0]) != form) {
        return None;
    }
    // Hoist the address ops (in program order) and load the initial value.
    let hoisted: Vec<OpId> = ops.iter().copied().filter(|o| hoist.contains(o)).collect();
    l.body.items.retain(|i| !matches!(i, Item::Op(o) if hoist.contains(o)));
    let width = f.mems[m.index()].width;
    let name = Some(format!("{}_acc", f.mems[m.index()].name));
    let init = f.new_value(width, name.clone());
    let span = f.op(accesses[0]).span;
    let load = f.new_op(OpKind::Load(m), vec![addr], Some(init), span);
    // The body: loads read the current value, stores replace it.
    let carried = f.new_value(width, name.clone());
    let mut cur = carried;
    let mut subst: BTreeMap<ValId, ValId> = BTreeMap::new();
    for &a in &accesses {
        let op = f.op(a).clone();
        match op.kind {
            OpKind::Load(_) => {
                subst.insert(op.result.expect("a load has a result"), cur);
            }
            _ => cur = *subst.get(&op.operands[1]).unwrap_or(&op.operands[1]),
        }
    }
    l.body.items.retain(|i| !matches!(i, Item::Op(o) if accesses.contains(o)));
    for o in body_ops(l) {
        for v in &mut f.ops[o.index()].operands {
            if let Some(&s) = subst.get(v) {
                *v = s;
            }
        }
    }
    for y in &mut l.yields {
        if let Some(&s) = subst.get(y) {
            *y = s;
        }
    }
    let result = f.new_value(width, name);
    l.iter_args.push(carried);
    f.scalar_carried.push(carried);
    l.inits.push(init);
    l.yields.push(cur);
    l.results.push(result);
    let post = f.new_op(OpKind::Store(m), vec![addr, result], None, span);
    Some((hoisted.into_iter().chain([load]).collect(), post))
}

/// Whether `v` is the same in every iteration of `l`: defined before the loop, or by body
/// ops without memory access whose operands are (collected in `hoist`).
fn invariant(
    f: &Func,
    l: &ForLoop,
    def: &BTreeMap<ValId, OpId>,
    v: ValId,
    hoist: &mut BTreeSet<OpId>,
) -> bool {
    if v == l.iv || l.iter_args.contains(&v) {
        return false;
    }
    let Some(&o) = def.get(&v) else { return true };
    if hoist.contains(&o) {
        return true;
    }
    let op = f.op(o);
    if matches!(op.kind, OpKind::Load(_) | OpKind::Store(_)) {
        return false;
    }
    if op.operands.iter().all(|&x| invariant(f, l, def, x, hoist)) {
        hoist.insert(o);
        true
    } else {
        false
    }
}

#[cfg(test)]
#[path = "scalrep_tests.rs"]
mod tests;
