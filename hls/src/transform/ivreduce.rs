//! Induction-variable offsets as loop-carried registers (strength reduction).
//!
//! An outer loop whose inner loop's bounds are `max(0, i - 2)` and `min(s, i + 3)` computes
//! `i - 2` and `i + 3` at the start of every iteration, and the comparisons and selects of
//! the max/min after them: an adder, a comparator and a multiplexer in a row, more than one
//! clock at 32 bits, so the iteration spends several states on control before its inner
//! loop starts. `i + c` (or `i - c`, `c` loop-invariant) is an induction variable of its
//! own: a register that starts at `lb + c` and adds the step each iteration, as the
//! induction variable does. Reading it from a register takes the adder off the chain, so
//! the comparisons and selects start at the cycle's beginning.
//!
//! The first iteration's offsets and compares are computed before the loop, folded to
//! constants when their operands are (a constant lower bound).
//!
//! It applies to the top-level ops of a `for` loop that has a nested loop (an innermost
//! loop is modulo-scheduled, where the chain is not on the iteration's control path), and
//! only when the body's first block gets shorter (each rewrite adds a register; with no
//! state saved it stays as it was). With `--pipeline` only, as the other loop transforms.

use super::Costs;
use crate::analysis::scope::{defined, rename};
use crate::ir::{BinOp, ForLoop, Func, Item, OpId, OpKind, Region, ValId, INDEX_WIDTH};
use std::collections::HashMap;

/// Rewrites the offsets of every eligible loop of `f`; returns how many values became
/// loop-carried.
pub fn run(f: &mut Func, costs: &dyn Costs) -> usize {
    f.with_body(|f, body| region(f, body, costs))
}

fn region(f: &mut Func, r: &mut Region, costs: &dyn Costs) -> usize {
    let mut n = 0;
    let mut items = Vec::with_capacity(r.items.len());
    for mut item in std::mem::take(&mut r.items) {
        for sub in item.regions_mut() {
            n += region(f, sub, costs);
        }
        if let Item::For(l) = &mut item {
            let nested = l.body.items.iter().any(|i| matches!(i, Item::For(_) | Item::While(_)));
            if nested {
                let mut g = f.clone();
                let mut m = (**l).clone();
                let mut pre = Vec::new();
                let k = retime_cmps(&mut g, &mut m, &mut pre) + reduce(&mut g, &mut m, &mut pre);
                if k > 0 && first_block_len(&g, &m, costs) < first_block_len(f, l, costs) {
                    *f = g;
                    **l = m;
                    f.loop_notes.push((l.id, format!("{k} induction-variable offsets carried in registers")));
                    items.extend(pre);
                    n += k;
                }
            }
        }
        items.push(item);
    }
    r.items = items;
    n
}

/// An op before the loop computing `kind(operands)` into a new value of `width`, folded to
/// a constant when every operand is one (an add, a subtract or a compare of constants: the
/// first iteration's offsets and compares of a loop with a constant lower bound).
fn pre_op(
    f: &mut Func,
    pre: &mut Vec<Item>,
    kind: OpKind,
    operands: Vec<ValId>,
    width: u32,
    span: mlir_text::Span,
) -> ValId {
    let consts = f.constants();
    let known: Option<Vec<u64>> = operands.iter().map(|v| consts.get(v).copied()).collect();
    let mask = |w: u32| if w >= 64 { u64::MAX } else { (1u64 << w) - 1 };
    let folded = known.and_then(|k| {
        let w = f.width(operands[0]);
        let sx = |x: u64| if w >= 64 { x as i64 } else { ((x << (64 - w)) as i64) >> (64 - w) };
        let (a, b) = (k[0] & mask(w), k[1] & mask(w));
        use comb::IcmpPred::*;
        match kind {
            OpKind::Bin(BinOp::Add) => Some(a.wrapping_add(b) & mask(width)),
            OpKind::Bin(BinOp::Sub) => Some(a.wrapping_sub(b) & mask(width)),
            OpKind::Cmp(p) => {
                let r = match p {
                    Eq => a == b,
                    Ne => a != b,
                    Slt => sx(a) < sx(b),
                    Sle => sx(a) <= sx(b),
                    Sgt => sx(a) > sx(b),
                    Sge => sx(a) >= sx(b),
                    Ult => a < b,
                    Ule => a <= b,
                    Ugt => a > b,
                    Uge => a >= b,
                    _ => return None,
                };
                Some(u64::from(r))
            }
            _ => None,
        }
    });
    let v = f.new_value(width, None);
    let op = match folded {
        Some(c) => f.new_op(OpKind::Const(c), vec![], Some(v), span),
        None => f.new_op(kind, operands, Some(v), span),
    };
    pre.push(Item::Op(op));
    v
}

/// Cycles of the body's first run of plain ops (0 if it starts with a loop).
fn first_block_len(f: &Func, l: &ForLoop, costs: &dyn Costs) -> u32 {
    let ops: Vec<OpId> = l
        .body
        .items
        .iter()
        .map_while(|i| if let Item::Op(o) = i { Some(*o) } else { None })
        .filter(|&o| !matches!(f.op(o).kind, OpKind::Const(_)))
        .collect();
    if ops.is_empty() {
        return 0;
    }
    costs.block_cycles(f, &ops).map_or(u32::MAX, |len| len.max(1))
}

/// Comparisons of `iv + c` (or `iv`) with loop-invariant values, one iteration early: the
/// comparison for iteration `k + 1` reads `iv + c + step` (an offset [`reduce`] then
/// carries in a register) and is carried to the next iteration in a 1-bit register; the
/// first one is computed before the loop. A compare and the select after it (a `max` or
/// `min` bound) are more than a cycle at 32 bits; split across iterations, each is one.
/// Returns how many comparisons moved.
fn retime_cmps(f: &mut Func, l: &mut ForLoop, pre: &mut Vec<Item>) -> usize {
    let body_defs = defined(f, &l.body);
    let consts = f.constants();
    let invariant = |v: ValId| {
        v != l.iv && !l.iter_args.contains(&v) && (!body_defs.contains(&v) || consts.contains_key(&v))
    };
    // Top-level `iv + c` values: (value, c as a constant).
    let mut offset: HashMap<ValId, i64> = HashMap::new();
    offset.insert(l.iv, 0);
    let mut cmps = Vec::new();
    for item in &l.body.items {
        let Item::Op(o) = item else { continue };
        let op = f.op(*o);
        match (&op.kind, &op.operands[..]) {
            (OpKind::Bin(b @ (BinOp::Add | BinOp::Sub)), [x, y]) if *x == l.iv => {
                if let (Some(&c), Some(r)) = (consts.get(y), op.result) {
                    let c = c as u32 as i32 as i64;
                    offset.insert(r, if *b == BinOp::Add { c } else { -c });
                }
            }
            (OpKind::Cmp(_), [x, y]) => {
                let side = |v: &ValId| offset.contains_key(v) || invariant(*v);
                if side(x) && side(y) && (offset.contains_key(x) || offset.contains_key(y)) {
                    cmps.push(*o);
                }
            }
            _ => {}
        }
    }
    let span = l.span;
    let mut map = HashMap::new();
    let mut head = Vec::new();
    for &o in &cmps {
        let op = f.op(o).clone();
        // The operands at the first iteration (before the loop) and at the next one.
        let mut at_first = Vec::new();
        let mut at_next = Vec::new();
        for &v in &op.operands {
            match offset.get(&v) {
                Some(&c) => {
                    let k0 = f.new_value(INDEX_WIDTH, None);
                    pre.push(Item::Op(f.new_op(
                        OpKind::Const(c as u64 & 0xffff_ffff),
                        vec![],
                        Some(k0),
                        span,
                    )));
                    at_first.push(pre_op(f, pre, OpKind::Bin(BinOp::Add), vec![l.lb, k0], INDEX_WIDTH, span));
                    let k1 = f.new_value(INDEX_WIDTH, None);
                    let c1 = (c + l.step as i64) as u64 & 0xffff_ffff;
                    head.push(Item::Op(f.new_op(OpKind::Const(c1), vec![], Some(k1), span)));
                    let v1 = f.new_value(INDEX_WIDTH, None);
                    head.push(Item::Op(f.new_op(OpKind::Bin(BinOp::Add), vec![l.iv, k1], Some(v1), span)));
                    at_next.push(v1);
                }
                // A constant of the body is copied to where it is needed.
                None => match consts.get(&v) {
                    Some(&k) if body_defs.contains(&v) => {
                        let w = f.width(v);
                        for (list, out) in [(&mut *pre, &mut at_first), (&mut head, &mut at_next)] {
                            let n = f.new_value(w, None);
                            list.push(Item::Op(f.new_op(OpKind::Const(k), vec![], Some(n), span)));
                            out.push(n);
                        }
                    }
                    _ => {
                        at_first.push(v);
                        at_next.push(v);
                    }
                },
            }
        }
        let c0 = pre_op(f, pre, op.kind.clone(), at_first, 1, span);
        let c1 = f.new_value(1, None);
        head.push(Item::Op(f.new_op(op.kind.clone(), at_next, Some(c1), span)));
        let arg = f.new_value(1, None);
        l.iter_args.push(arg);
        l.inits.push(c0);
        l.yields.push(c1);
        l.results.push(f.new_value(1, None));
        map.insert(op.result.expect("a compare has a result"), arg);
    }
    l.body.items.retain(|i| !matches!(i, Item::Op(o) if cmps.contains(o)));
    head.append(&mut l.body.items);
    l.body.items = head;
    rename(f, &mut l.body, &map);
    cmps.len()
}

/// Rewrites every `iv +/- c` at the top of `l`'s body; the constants and initial values it
/// needs before the loop go to `pre`. Returns how many.
fn reduce(f: &mut Func, l: &mut ForLoop, pre: &mut Vec<Item>) -> usize {
    let body_defs = defined(f, &l.body);
    let consts = f.constants();
    // A value usable before the loop as `c`: defined outside, or a constant (copied out).
    let invariant = |v: ValId| {
        v != l.iv && !l.iter_args.contains(&v) && (!body_defs.contains(&v) || consts.contains_key(&v))
    };
    let mut found: Vec<(OpId, BinOp, ValId)> = Vec::new();
    for item in &l.body.items {
        let Item::Op(o) = item else { continue };
        let op = f.op(*o);
        let (OpKind::Bin(b @ (BinOp::Add | BinOp::Sub)), [x, y]) = (&op.kind, &op.operands[..]) else {
            continue;
        };
        let c = match (*b, *x == l.iv, *y == l.iv) {
            (_, true, false) if invariant(*y) => *y,
            (BinOp::Add, false, true) if invariant(*x) => *x,
            _ => continue,
        };
        found.push((*o, *b, c));
    }
    if found.is_empty() {
        return 0;
    }
    let span = l.span;
    let step = f.new_value(INDEX_WIDTH, None);
    pre.push(Item::Op(f.new_op(OpKind::Const(l.step), vec![], Some(step), span)));
    let mut map = HashMap::new();
    let mut head = Vec::new();
    for &(o, b, c) in &found {
        let c = match consts.get(&c) {
            Some(&k) if body_defs.contains(&c) => {
                let v = f.new_value(f.width(c), None);
                pre.push(Item::Op(f.new_op(OpKind::Const(k), vec![], Some(v), span)));
                v
            }
            _ => c,
        };
        let r = f.op(o).result.expect("an add has a result");
        let name = f.values[r.index()].name.clone();
        let init = pre_op(f, pre, OpKind::Bin(b), vec![l.lb, c], INDEX_WIDTH, span);
        let arg = f.new_value(INDEX_WIDTH, name.clone());
        let next = f.new_value(INDEX_WIDTH, name);
        head.push(Item::Op(f.new_op(OpKind::Bin(BinOp::Add), vec![arg, step], Some(next), span)));
        let out = f.new_value(INDEX_WIDTH, None);
        l.iter_args.push(arg);
        l.inits.push(init);
        l.yields.push(next);
        l.results.push(out);
        map.insert(r, arg);
    }
    l.body.items.retain(|i| !matches!(i, Item::Op(o) if found.iter().any(|x| x.0 == *o)));
    head.append(&mut l.body.items);
    l.body.items = head;
    rename(f, &mut l.body, &map);
    for y in &mut l.yields {
        if let Some(&n) = map.get(y) {
            *y = n;
        }
    }
    found.len()
}
