//! Full unrolling of short inner loops into their parent, so the parent is pipelined.
//!
//! A pipelined loop of `t` iterations costs `(t - 1) * II + depth` cycles, so an
//! innermost loop with a short trip count (matmul's `k` loop of 5) spends most of its time
//! filling and draining, once per iteration of the loop around it. Unrolling the short
//! loop completely makes the parent loop innermost and one basic block; the parent is then
//! modulo-scheduled, and iterations of the former inner loop overlap across the parent's
//! iterations (the II is set by the memory ports: the unrolled copies share them).
//! This is the alternative the HLS literature offers to loop flattening (Vitis unrolls
//! loops under a pipelined loop the same way); it needs no index recovery.
//!
//! It fires, bottom-up, on a `for` loop asked to be pipelined (`--pipeline`, or
//! `hls.pipeline` on it) when every loop directly in its body
//! - has a constant trip count of at least 1 and at most [`MAX_TRIP`], and its trip count
//!   times the copies already unrolled into it is at most the `--max-unroll` cap (each
//!   copy has its own operators: the cap bounds how many multipliers a loop gets without
//!   the source asking; a loop refused only by the cap is recorded in
//!   [`Func::unroll_capped`] for the report),
//! - has a body of plain ops (innermost, if-converted),
//! - is not itself asked to be pipelined with `hls.pipeline` (the user's choice wins),
//!
//! and the parent's body would have at most [`MAX_OPS`] non-constant ops (bounding the
//! circuit: each copy has its own operators). Copies keep program order: copy `k` sees the
//! induction variable as the constant `lb + k * step` and the iter_args as copy `k - 1`'s
//! yields; the loop's results become the last copy's yields. The parent's other items must
//! be plain ops or such loops; a parent with a conditional or a longer loop is left alone.
//! Each unrolling is recorded on the parent ([`Func::loop_notes`]) with the inner loop's
//! location and the units it added (`unrolled %k x4 (gemm.mlir:14) for pipelining: +3 mul32`).

use crate::ir::{BinOp, ForLoop, Func, Item, LoopId, OpId, OpKind, Region, ValId};
use std::collections::{BTreeMap, BTreeSet};

/// The longest inner loop unrolled (whatever `--max-unroll` says).
pub const MAX_TRIP: u64 = 64;
/// The most non-constant ops the parent's body may have after unrolling.
pub const MAX_OPS: usize = 128;

/// Unrolls short inner loops of loops asked to be pipelined (`all`: every loop, as with
/// `--pipeline`). Returns the number of loops unrolled.
/// `max_copies` caps the copies of a body (`--max-unroll`).
pub fn run(f: &mut Func, all: bool, max_copies: u32) -> usize {
    f.with_body(|f, body| region(f, body, all, u64::from(max_copies.max(1))))
}

fn region(f: &mut Func, r: &mut Region, all: bool, cap: u64) -> usize {
    let mut n = 0;
    for item in &mut r.items {
        match item {
            Item::For(l) => {
                n += region(f, &mut l.body, all, cap);
                if (all || l.pipeline.is_some()) && unrollable_children(f, l, cap) {
                    n += unroll_children(f, l);
                }
            }
            other => {
                for sub in other.regions_mut() {
                    n += region(f, sub, all, cap);
                }
            }
        }
    }
    n
}

/// Copies of `c`'s body a full unrolling makes, counting those already unrolled into it.
fn copies(f: &Func, c: &ForLoop) -> u64 {
    c.trip.unwrap_or(0).saturating_mul(f.unroll_copies.get(&c.id).copied().unwrap_or(1))
}

fn plain(r: &Region) -> bool {
    r.items.iter().all(|i| matches!(i, Item::Op(_)))
}

fn work(f: &Func, r: &Region) -> usize {
    r.items.iter().filter(|i| matches!(i, Item::Op(o) if !matches!(f.op(*o).kind, OpKind::Const(_)))).count()
}

/// Whether the children of `p` are short loops of plain ops and the result stays small.
/// A parent refused only by the copies cap is recorded in [`Func::unroll_capped`].
fn unrollable_children(f: &mut Func, p: &ForLoop, cap: u64) -> bool {
    let mut any = false;
    let mut total = work(f, &p.body);
    let mut capped = Vec::new();
    for item in &p.body.items {
        match item {
            Item::Op(_) => {}
            Item::For(c) => {
                let Some(t) = c.trip.filter(|&t| (1..=MAX_TRIP).contains(&t)) else { return false };
                if !plain(&c.body) || c.pipeline.is_some() || const_of(f, c.lb).is_none() {
                    return false;
                }
                if copies(f, c) > cap {
                    capped.push((p.id, c.id, copies(f, c)));
                }
                total += work(f, &c.body) * t as usize;
                any = true;
            }
            _ => return false,
        }
    }
    if !(any && total <= MAX_OPS) {
        return false;
    }
    for c in &capped {
        if !f.unroll_capped.contains(c) {
            f.unroll_capped.push(*c);
        }
    }
    capped.is_empty()
}

/// The units (as the report names them: `mul32`, `mulc32`, `add32`, `cmp32`, `fadd f32`)
/// that `ops` need, counted by kind; `konst`: the values known to be constants.
pub fn units_of(f: &Func, ops: &[OpId], konst: &BTreeSet<ValId>) -> BTreeMap<String, i64> {
    let mut out = BTreeMap::new();
    for &o in ops {
        let op = f.op(o);
        let w = op.result.map_or(1, |r| f.width(r));
        let name = match &op.kind {
            OpKind::Bin(BinOp::Shl | BinOp::ShrS | BinOp::ShrU) if konst.contains(&op.operands[1]) => {
                continue
            }
            OpKind::Bin(BinOp::Mul) if op.operands.iter().any(|v| konst.contains(v)) => format!("mulc{w}"),
            OpKind::Bin(b) => format!("{}{w}", format!("{b:?}").to_lowercase()),
            OpKind::Cmp(_) => format!("cmp{}", f.width(op.operands[0])),
            k if k.is_float() => match crate::schedule::float_timing::unit_of(k) {
                Some((u, fmt)) => format!("{} {fmt}", u.name()),
                None => k.float_name().unwrap_or("float").to_string(),
            },
            _ => continue,
        };
        *out.entry(name).or_insert(0) += 1;
    }
    out
}

/// `+9 mul32, +9 add32`: what `after` has more (or less) than `before`; `no new units`.
pub fn growth(before: &BTreeMap<String, i64>, after: &BTreeMap<String, i64>) -> String {
    let keys: BTreeSet<&String> = before.keys().chain(after.keys()).collect();
    let parts: Vec<String> = keys
        .into_iter()
        .filter_map(|k| {
            let d = after.get(k).copied().unwrap_or(0) - before.get(k).copied().unwrap_or(0);
            (d != 0).then(|| format!("{d:+} {k}"))
        })
        .collect();
    if parts.is_empty() {
        "no new units".into()
    } else {
        parts.join(", ")
    }
}

/// Records the unrolling of `c` (into `parent`) with the units its copies `made` added.
fn record(f: &mut Func, parent: LoopId, c: &ForLoop, made: &[OpId]) {
    let konst: BTreeSet<ValId> = f.constants().into_keys().collect();
    let body: Vec<OpId> =
        c.body.items.iter().filter_map(|i| if let Item::Op(o) = i { Some(*o) } else { None }).collect();
    let g = growth(&units_of(f, &body, &konst), &units_of(f, made, &konst));
    let note = format!(
        "unrolled {} x{} ({}) for pipelining: {g}",
        f.value_name(c.iv),
        c.trip.unwrap_or(0),
        f.at(c.span)
    );
    f.loop_notes.push((parent, note));
    let n = copies(f, c);
    let e = f.unroll_copies.entry(parent).or_insert(1);
    *e = (*e).max(n);
}

/// The constant a value is defined as, if any (sign-extended to 64 bits).
fn const_of(f: &Func, v: ValId) -> Option<i64> {
    let op = f.ops.iter().find(|o| o.result == Some(v))?;
    let OpKind::Const(c) = op.kind else { return None };
    let w = f.width(v);
    Some(if w < 64 { ((c << (64 - w)) as i64) >> (64 - w) } else { c as i64 })
}

/// Unrolls every loop in `p`'s body in place. A child's results are visible only in `p`'s
/// body and yields: those uses are renamed to the last copy's values.
fn unroll_children(f: &mut Func, p: &mut ForLoop) -> usize {
    let mut n = 0;
    let mut renames: BTreeMap<ValId, ValId> = BTreeMap::new();
    let mut items = Vec::new();
    for item in std::mem::take(&mut p.body.items) {
        let Item::For(c) = item else {
            items.push(item);
            continue;
        };
        let ops: Vec<OpId> =
            c.body.items.iter().filter_map(|i| if let Item::Op(o) = i { Some(*o) } else { None }).collect();
        let lb = const_of(f, c.lb).expect("checked by unrollable_children");
        // Every constant in the function (values defined by `Const` ops).
        let mut konst: BTreeMap<ValId, u64> = f
            .ops
            .iter()
            .filter_map(|o| match (o.kind.clone(), o.result) {
                (OpKind::Const(x), Some(r)) => Some((r, x & mask(f.width(r)))),
                _ => None,
            })
            .collect();
        let mut cur: Vec<ValId> = c.inits.iter().map(|v| *renames.get(v).unwrap_or(v)).collect();
        let first_new = items.len();
        for k in 0..c.trip.expect("checked by unrollable_children") {
            let mut subst = renames.clone();
            subst.extend(c.iter_args.iter().copied().zip(cur.iter().copied()));
            let iv = f.new_value(f.width(c.iv), f.values[c.iv.index()].name.clone());
            let ivv = lb.wrapping_add((k * c.step) as i64) as u64 & mask(f.width(c.iv));
            items.push(Item::Op(f.new_op(OpKind::Const(ivv), vec![], Some(iv), c.span)));
            subst.insert(c.iv, iv);
            konst.insert(iv, ivv);
            for &o in &ops {
                let op = f.op(o).clone();
                let operands: Vec<ValId> = op.operands.iter().map(|v| *subst.get(v).unwrap_or(v)).collect();
                let Some(r) = op.result else {
                    items.push(Item::Op(f.new_op(op.kind, operands, None, op.span)));
                    continue;
                };
                let w = f.width(r);
                let known: Vec<Option<u64>> = operands.iter().map(|v| konst.get(v).copied()).collect();
                match fold(&op.kind, &known, w) {
                    Some(Folded::Same(i)) => {
                        subst.insert(r, operands[i]);
                        continue;
                    }
                    Some(Folded::Const(x)) => {
                        let nr = f.new_value(w, f.values[r.index()].name.clone());
                        subst.insert(r, nr);
                        konst.insert(nr, x);
                        items.push(Item::Op(f.new_op(OpKind::Const(x), vec![], Some(nr), op.span)));
                    }
                    None => {
                        let nr = f.new_value(w, f.values[r.index()].name.clone());
                        subst.insert(r, nr);
                        if let OpKind::Const(x) = op.kind {
                            konst.insert(nr, x & mask(w));
                        }
                        items.push(Item::Op(f.new_op(op.kind, operands, Some(nr), op.span)));
                    }
                }
            }
            cur = c.yields.iter().map(|v| *subst.get(v).unwrap_or(v)).collect();
        }
        renames.extend(c.results.iter().copied().zip(cur));
        let made: Vec<OpId> = items[first_new..]
            .iter()
            .filter_map(|i| if let Item::Op(o) = i { Some(*o) } else { None })
            .collect();
        record(f, p.id, &c, &made);
        // What scalar replacement did in the loop is now part of the parent.
        for e in f.scalar_replaced.iter_mut().filter(|e| e.0 == c.id) {
            e.0 = p.id;
        }
        n += 1;
    }
    p.body.items = items;
    let sub = |v: &mut ValId| {
        if let Some(&r) = renames.get(v) {
            *v = r;
        }
    };
    for item in &p.body.items {
        if let Item::Op(o) = item {
            f.ops[o.index()].operands.iter_mut().for_each(sub);
        }
    }
    p.yields.iter_mut().for_each(sub);
    n
}

/// What a copied op folds to once the induction variable is a constant.
enum Folded {
    /// Its operand `.0` (`x + 0`, `x * 1`, ...).
    Same(usize),
    /// A constant (low bits).
    Const(u64),
}

/// Folds arithmetic on constants (`known[i]`: operand `i`'s constant, if it is one), so
/// the copies' index arithmetic does not become operators.
fn fold(kind: &OpKind, known: &[Option<u64>], w: u32) -> Option<Folded> {
    use crate::ir::BinOp::*;
    let m = mask(w);
    match kind {
        OpKind::Bin(b) => {
            let (x, y) = (known[0], known[1]);
            if let (Some(x), Some(y)) = (x, y) {
                let v = match b {
                    Add => x.wrapping_add(y),
                    Sub => x.wrapping_sub(y),
                    Mul => x.wrapping_mul(y),
                    And => x & y,
                    Or => x | y,
                    Xor => x ^ y,
                    Shl if y < u64::from(w) => x << y,
                    _ => return None,
                };
                return Some(Folded::Const(v & m));
            }
            match (b, x, y) {
                (Add | Or | Xor, Some(0), _) => Some(Folded::Same(1)),
                (Add | Sub | Or | Xor | Shl, _, Some(0)) => Some(Folded::Same(0)),
                (Mul, Some(1), _) => Some(Folded::Same(1)),
                (Mul, _, Some(1)) => Some(Folded::Same(0)),
                (Mul | And, Some(0), _) | (Mul | And, _, Some(0)) => Some(Folded::Const(0)),
                _ => None,
            }
        }
        OpKind::ZExt | OpKind::Trunc => known[0].map(|x| Folded::Const(x & m)),
        _ => None,
    }
}

fn mask(w: u32) -> u64 {
    if w >= 64 {
        u64::MAX
    } else {
        (1 << w) - 1
    }
}

#[cfg(test)]
#[path = "unroll_inner_tests.rs"]
mod tests;
