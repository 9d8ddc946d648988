//! Counted loops written as `cf.br`/`cf.cond_br` blocks, raised to structured `for` loops
//! so they can be pipelined (with `--pipeline`).
//!
//! The shape recognized is what a front end writes for `for (i = lb; i < ub; i += k)`:
//!
//! ```text
//! entry: ...; br head(lb, inits...)
//! head(i, args...): c = i < ub (signed, the block's only op); cond_br c, body, exit(vals)
//! body: ops; br head(i + k, nexts...)                       (one block), or
//! body: ops; cond_br p, then(a..), else(b..); then/else: ops; br head(i + k, nexts...)
//! exit(x...): ops; return
//! ```
//!
//! with `lb`, `ub` constants, the same constant `k >= 1` on every back edge, `i` 32 bits,
//! no other edges into the body, head or exit blocks, plain ops in every block, and the
//! exit not using `i`. It becomes: the entry's ops; a `for` loop (iter_args: the head's
//! other arguments; body: the body block's ops, then an `if` of the two branch blocks whose
//! yields are the back edges' values); the exit's ops, where the head's arguments are the
//! loop's results. The exit block's arguments are what the head passes (a head argument:
//! the loop result; else the value itself). Other CFGs stay as they are. The result is
//! verified ([`crate::ir::verify`]); a CFG whose raising would not verify is left alone.

use crate::ir::{
    BinOp, CfgBlock, ForLoop, Func, IfElse, Item, OpKind, Region, Terminator, ValId, INDEX_WIDTH,
};
use comb::IcmpPred;
use std::collections::BTreeMap;

/// Raises every recognized CFG loop at the top of the function body. Returns how many.
pub fn run(f: &mut Func) -> usize {
    let mut n = 0;
    for k in 0..f.body.items.len() {
        if !matches!(f.body.items[k], Item::Cfg(_)) {
            continue;
        }
        let mut g = f.clone();
        let Item::Cfg(cfg) = std::mem::replace(&mut g.body.items[k], Item::Op(crate::ir::OpId(0))) else {
            unreachable!()
        };
        if let Some(items) = raise(&mut g, &cfg.blocks, &cfg.results) {
            g.body.items.splice(k..=k, items);
            if crate::ir::verify::verify(&g).is_empty() {
                *f = g;
                n += 1;
                break; // indices moved; one CFG per function body in practice
            }
        }
    }
    n
}

fn plain(r: &Region) -> bool {
    r.items.iter().all(|i| matches!(i, Item::Op(_)))
}

fn ops_of(r: &Region) -> impl Iterator<Item = crate::ir::OpId> + '_ {
    r.items.iter().filter_map(|i| if let Item::Op(o) = i { Some(*o) } else { None })
}

fn def_op(f: &Func, v: ValId) -> Option<&crate::ir::Op> {
    f.ops.iter().find(|o| o.result == Some(v))
}

fn const_val(f: &Func, v: ValId) -> Option<i64> {
    let OpKind::Const(c) = def_op(f, v)?.kind else { return None };
    let w = f.width(v);
    Some(if w < 64 { ((c << (64 - w)) as i64) >> (64 - w) } else { c as i64 })
}

/// Every edge target with its count of incoming edges.
fn preds(blocks: &[CfgBlock]) -> Vec<usize> {
    let mut n = vec![0; blocks.len()];
    for b in blocks {
        match &b.term {
            Terminator::Br(t, _) => n[*t] += 1,
            Terminator::CondBr(_, t, _, e, _) => {
                n[*t] += 1;
                n[*e] += 1;
            }
            Terminator::Return(_) => {}
        }
    }
    n
}

fn rename(f: &mut Func, r: &Region, map: &BTreeMap<ValId, ValId>) {
    for o in ops_of(r).collect::<Vec<_>>() {
        for v in &mut f.ops[o.index()].operands {
            if let Some(&n) = map.get(v) {
                *v = n;
            }
        }
    }
}

fn mapped(vs: &[ValId], map: &BTreeMap<ValId, ValId>) -> Vec<ValId> {
    vs.iter().map(|v| *map.get(v).unwrap_or(v)).collect()
}

fn raise(f: &mut Func, blocks: &[CfgBlock], results: &[ValId]) -> Option<Vec<Item>> {
    if blocks.iter().any(|b| !plain(&b.body)) {
        return None;
    }
    let npred = preds(blocks);
    let Terminator::Br(h, inits) = &blocks[0].term else { return None };
    let head = &blocks[*h];
    let Terminator::CondBr(cond, bt, bt_args, x, x_args) = &head.term else { return None };
    let head_ops: Vec<_> = ops_of(&head.body).collect();
    let [cmp] = head_ops[..] else { return None };
    let cmp = f.op(cmp).clone();
    if cmp.kind != OpKind::Cmp(IcmpPred::Slt) || cmp.result != Some(*cond) || !bt_args.is_empty() {
        return None;
    }
    let p = head.args.iter().position(|&a| a == cmp.operands[0])?;
    let (iv, ub) = (head.args[p], cmp.operands[1]);
    let (lb, ubc) = (const_val(f, inits[p])?, const_val(f, ub)?);
    if f.width(iv) != INDEX_WIDTH || npred[*h] < 2 || npred[*bt] != 1 || npred[*x] != 1 {
        return None;
    }
    // The body: one block back to the head, or a two-way branch whose sides go back.
    let body = &blocks[*bt];
    let mut used = vec![0, *h, *bt, *x];
    let (sides, nexts): (Vec<usize>, Vec<Vec<ValId>>) = match &body.term {
        Terminator::Br(t, next) if t == h => (vec![], vec![next.clone()]),
        Terminator::CondBr(_, t, _, e, _) if t != e => {
            let mut nexts = Vec::new();
            for &s in [t, e] {
                let Terminator::Br(back, next) = &blocks[s].term else { return None };
                if back != h || npred[s] != 1 || used.contains(&s) {
                    return None;
                }
                nexts.push(next.clone());
            }
            (vec![*t, *e], nexts)
        }
        _ => return None,
    };
    used.extend(&sides);
    if used.len() != blocks.len() || !matches!(blocks[*x].term, Terminator::Return(_)) || *h == *x {
        return None;
    }
    // The induction variable advances by one constant on every back edge.
    let mut step = None;
    for next in &nexts {
        let op = def_op(f, next[p])?;
        let OpKind::Bin(BinOp::Add) = op.kind else { return None };
        let k = match (op.operands[0] == iv, op.operands[1] == iv) {
            (true, _) => const_val(f, op.operands[1])?,
            (_, true) => const_val(f, op.operands[0])?,
            _ => return None,
        };
        if k < 1 || step.is_some_and(|s| s != k) {
            return None;
        }
        step = Some(k);
    }
    let step = step?;
    if i64::from(i32::MAX) - ubc < step || lb < i64::from(i32::MIN) {
        return None;
    }
    let trip = if ubc > lb { ((ubc - lb + step - 1) / step) as u64 } else { 0 };
    let drop_iv = |vs: &[ValId]| -> Vec<ValId> {
        vs.iter().enumerate().filter(|(j, _)| *j != p).map(|(_, &v)| v).collect()
    };
    let iter_args = drop_iv(&head.args);
    let loop_results: Vec<ValId> = iter_args.iter().map(|&a| f.new_value(f.width(a), None)).collect();
    // The loop body.
    let mut items: Vec<Item> = body.body.items.clone();
    let yields = if let [t, e] = sides[..] {
        let Terminator::CondBr(c, _, ta, _, ea) = &body.term else { unreachable!() };
        let (tm, em): (BTreeMap<_, _>, BTreeMap<_, _>) = (
            blocks[t].args.iter().copied().zip(ta.iter().copied()).collect(),
            blocks[e].args.iter().copied().zip(ea.iter().copied()).collect(),
        );
        rename(f, &blocks[t].body, &tm);
        rename(f, &blocks[e].body, &em);
        let merged: Vec<ValId> = iter_args.iter().map(|&a| f.new_value(f.width(a), None)).collect();
        items.push(Item::If(Box::new(IfElse {
            cond: *c,
            then_region: blocks[t].body.clone(),
            then_yields: drop_iv(&mapped(&nexts[0], &tm)),
            else_region: blocks[e].body.clone(),
            else_yields: drop_iv(&mapped(&nexts[1], &em)),
            results: merged.clone(),
            span: cmp.span,
        })));
        merged
    } else {
        drop_iv(&nexts[0])
    };
    let id = f.new_loop();
    let l = ForLoop {
        id,
        iv,
        lb: inits[p],
        ub,
        step: step as u64,
        inits: drop_iv(inits),
        iter_args: iter_args.clone(),
        body: Region { items },
        yields,
        results: loop_results.clone(),
        trip: Some(trip),
        pipeline: None,
        span: cmp.span,
    };
    // After the loop: head arguments are the loop's results; the exit's arguments what
    // the head passes; the CFG's results what the exit returns.
    let mut after: BTreeMap<ValId, ValId> =
        iter_args.iter().copied().zip(loop_results.iter().copied()).collect();
    let exit = &blocks[*x];
    for (&a, v) in exit.args.iter().zip(x_args) {
        if *v == iv {
            return None;
        }
        after.insert(a, *after.get(v).unwrap_or(v));
    }
    if ops_of(&exit.body).any(|o| f.op(o).operands.contains(&iv)) {
        return None;
    }
    rename(f, &exit.body, &after);
    let Terminator::Return(rets) = &exit.term else { return None };
    let rets = mapped(rets, &after);
    if rets.contains(&iv) {
        return None;
    }
    let outer: BTreeMap<ValId, ValId> = results.iter().copied().zip(rets).collect();
    for v in &mut f.rets {
        if let Some(&n) = outer.get(v) {
            *v = n;
        }
    }
    let mut out = blocks[0].body.items.clone();
    out.push(Item::For(Box::new(l)));
    out.extend(exit.body.items.iter().cloned());
    // Uses of the CFG's results by later ops of the function.
    let later: Vec<crate::ir::OpId> =
        f.body.items.iter().filter_map(|i| if let Item::Op(o) = i { Some(*o) } else { None }).collect();
    for o in later {
        for v in &mut f.ops[o.index()].operands {
            if let Some(&n) = outer.get(v) {
                *v = n;
            }
        }
    }
    Some(out)
}

#[cfg(test)]
#[path = "cfgloop_tests.rs"]
mod tests;
