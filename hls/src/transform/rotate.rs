//! Loop rotation: the ops after an inner loop run at the start of the next iteration.
//!
//! An outer loop whose body is `A; inner loop; B` (A and B runs of plain ops) spends at
//! least one state on A and one on B per iteration, besides the inner loop: the FSM's
//! control items add no states, but every basic block takes at least one. When B only
//! writes results (typically the store of the inner loop's result), it can run one
//! iteration late, in the same block as the next iteration's A: the body becomes
//! `B(previous); A; inner loop`, and one copy of B after the loop finishes the last
//! iteration. B's inputs that the body defines (the induction variable, the inner loop's
//! results, A's values) are carried to the next iteration in new loop-carried registers,
//! with a 1-bit "a previous iteration exists" flag that predicates B's stores in the body
//! (the first iteration has no predecessor; its B copy computes on dummy values and
//! stores nothing).
//!
//! It applies to a `for` loop whose body starts with a run of plain ops that has a
//! non-constant op (the block B joins), ends with a run of plain
//! ops B right after a nested loop, and where
//! - B has a non-constant op and no loads (a load on dummy values could leave its memory),
//! - B's values are used by nothing but B (not by the loop's yields),
//! - no memory B stores to is accessed anywhere else in the body (else B(previous) might
//!   move across a read or write of the same memory: a store the next iteration reads).
//!
//! Moving B across the next iteration's A and inner loop is then legal: they share no
//! values and no memory. With `--pipeline` only, as the other loop transforms.

use crate::analysis::scope::{conflict, item_accesses, item_defs};
use crate::ir::{ForLoop, Func, Item, OpId, OpKind, Region, ValId};
use std::collections::{HashMap, HashSet};

/// Rotates every eligible loop of `f`; returns the ids of the loops rotated.
pub fn run(f: &mut Func) -> Vec<crate::ir::LoopId> {
    let mut done = Vec::new();
    f.with_body(|f, body| region(f, body, &mut done));
    done
}

fn region(f: &mut Func, r: &mut Region, done: &mut Vec<crate::ir::LoopId>) {
    let mut items = Vec::with_capacity(r.items.len());
    for mut item in std::mem::take(&mut r.items) {
        for sub in item.regions_mut() {
            region(f, sub, done);
        }
        let rotated = match &mut item {
            Item::For(l) => rotate(f, l),
            _ => None,
        };
        if let (Some((pre, ep)), Item::For(l)) = (rotated, &item) {
            done.push(l.id);
            items.extend(pre);
            items.push(item);
            items.extend(ep);
        } else {
            items.push(item);
        }
    }
    r.items = items;
}

/// Rotates `l` if eligible; returns the items to place before it (constants) and after it
/// (the last iteration's B).
fn rotate(f: &mut Func, l: &mut ForLoop) -> Option<(Vec<Item>, Vec<Item>)> {
    let items = &l.body.items;
    let tail = items.iter().rev().take_while(|i| matches!(i, Item::Op(_))).count();
    // B joins the body's first block only if there is one (constants take no state).
    let leads = items
        .iter()
        .map_while(|i| if let Item::Op(o) = i { Some(*o) } else { None })
        .any(|o| !matches!(f.op(o).kind, OpKind::Const(_)));
    if tail == 0 || tail == items.len() || !leads {
        return None;
    }
    let split = items.len() - tail;
    if !matches!(items[split - 1], Item::For(_) | Item::While(_)) {
        return None;
    }
    let b_ops: Vec<OpId> =
        items[split..].iter().map(|i| if let Item::Op(o) = i { *o } else { unreachable!() }).collect();
    if b_ops.iter().all(|&o| matches!(f.op(o).kind, OpKind::Const(_)))
        || b_ops.iter().any(|&o| matches!(f.op(o).kind, OpKind::Load(_)))
    {
        return None;
    }
    let b_defs: HashSet<ValId> = b_ops.iter().filter_map(|&o| f.op(o).result).collect();
    if l.yields.iter().any(|y| b_defs.contains(y)) {
        return None;
    }
    let mut head_acc = Vec::new();
    let mut b_acc = Vec::new();
    for i in &items[..split] {
        item_accesses(f, i, &mut head_acc);
    }
    for i in &items[split..] {
        item_accesses(f, i, &mut b_acc);
    }
    if conflict(&head_acc, &b_acc) {
        return None;
    }
    // Values of the body B reads: carried to the next iteration.
    let mut body_defs: HashSet<ValId> = HashSet::new();
    body_defs.insert(l.iv);
    body_defs.extend(l.iter_args.iter().copied());
    for i in &items[..split] {
        item_defs(f, i, &mut body_defs);
    }
    let mut live: Vec<ValId> = Vec::new();
    for &o in &b_ops {
        for &v in &f.op(o).operands {
            if body_defs.contains(&v) && !live.contains(&v) {
                live.push(v);
            }
        }
    }
    let span = l.span;
    let mut pre = Vec::new();
    let konst = |f: &mut Func, pre: &mut Vec<Item>, c: u64, w: u32| {
        let v = f.new_value(w, None);
        pre.push(Item::Op(f.new_op(OpKind::Const(c), vec![], Some(v), span)));
        v
    };
    // The flag: 0 on entry, 1 after any iteration.
    let flag = f.new_value(1, Some("rotated".into()));
    let flag_init = konst(f, &mut pre, 0, 1);
    let one = konst(f, &mut pre, 1, 1);
    let flag_out = f.new_value(1, None);
    let mut in_body: HashMap<ValId, ValId> = HashMap::new();
    let mut after: HashMap<ValId, ValId> = HashMap::new();
    let (mut args, mut inits, mut yields, mut results) =
        (vec![flag], vec![flag_init], vec![one], vec![flag_out]);
    for &v in &live {
        let w = f.width(v);
        let name = f.values[v.index()].name.clone();
        let a = f.new_value(w, name.clone());
        let r = f.new_value(w, name);
        args.push(a);
        inits.push(konst(f, &mut pre, 0, w));
        yields.push(v);
        results.push(r);
        in_body.insert(v, a);
        after.insert(v, r);
    }
    let head = copy_ops(f, &b_ops, &in_body, Some(flag));
    // A static loop of at least one iteration always leaves a last iteration's B.
    let last_pred = if l.trip.is_some_and(|t| t >= 1) { None } else { Some(flag_out) };
    let epilogue = copy_ops(f, &b_ops, &after, last_pred);
    l.iter_args.extend(args);
    l.inits.extend(inits);
    l.yields.extend(yields);
    l.results.extend(results);
    let mut body: Vec<Item> = head.into_iter().map(Item::Op).collect();
    body.extend(l.body.items.drain(..split));
    l.body.items = body;
    // The new inits are constants, placed before the loop; the last B after it.
    Some((pre, epilogue.into_iter().map(Item::Op).collect()))
}

/// Copies `ops` (program order) with operands renamed by `map`, fresh results, and every
/// store predicated by `pred` (and its own predicate, if it has one).
fn copy_ops(f: &mut Func, ops: &[OpId], map: &HashMap<ValId, ValId>, pred: Option<ValId>) -> Vec<OpId> {
    let mut map = map.clone();
    let mut out = Vec::new();
    for &o in ops {
        let op = f.op(o).clone();
        let mut operands: Vec<ValId> = op.operands.iter().map(|v| *map.get(v).unwrap_or(v)).collect();
        if let (OpKind::Store(_), Some(p)) = (&op.kind, pred) {
            if operands.len() > 2 {
                let both = f.new_value(1, None);
                out.push(f.new_op(
                    OpKind::Bin(crate::ir::BinOp::And),
                    vec![p, operands[2]],
                    Some(both),
                    op.span,
                ));
                operands[2] = both;
            } else {
                operands.push(p);
            }
        }
        let result = op.result.map(|r| {
            let n = f.new_value(f.width(r), f.values[r.index()].name.clone());
            map.insert(r, n);
            n
        });
        out.push(f.new_op(op.kind, operands, result, op.span));
    }
    out
}

#[cfg(test)]
#[path = "rotate_tests.rs"]
mod tests;
