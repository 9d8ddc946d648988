//! What a region defines, reads and touches in memory, for the loop-structure passes.
//!
//! Moving code across loops ([`crate::transform::rotate`], [`crate::transform::siblingfuse`]) is legal only when
//! the moved code neither reads a value the skipped code defines nor touches a memory the
//! skipped code writes (or writes one it reads). These helpers collect, recursively
//! through nested regions, the values a region defines, the values it uses and its memory
//! accesses, so each pass states its legality check in a few lines.

use crate::ir::{Func, Item, MemId, OpId, OpKind, Region, ValId};
use std::collections::HashSet;

/// Every value defined inside `r` (op results, loop variables, region arguments, item
/// results), nested regions included.
pub fn defined(f: &Func, r: &Region) -> HashSet<ValId> {
    let mut out = HashSet::new();
    walk_defs(f, r, &mut out);
    out
}

fn walk_defs(f: &Func, r: &Region, out: &mut HashSet<ValId>) {
    for item in &r.items {
        item_defs(f, item, out);
    }
}

/// The values `item` defines (its results and everything inside it).
pub fn item_defs(f: &Func, item: &Item, out: &mut HashSet<ValId>) {
    match item {
        Item::Op(o) => out.extend(f.op(*o).result),
        Item::For(l) => {
            out.insert(l.iv);
            out.extend(l.iter_args.iter().chain(&l.results).copied());
            walk_defs(f, &l.body, out);
        }
        Item::If(i) => {
            out.extend(i.results.iter().copied());
            walk_defs(f, &i.then_region, out);
            walk_defs(f, &i.else_region, out);
        }
        Item::While(w) => {
            out.extend(w.before_args.iter().chain(&w.after_args).chain(&w.results).copied());
            walk_defs(f, &w.before, out);
            walk_defs(f, &w.after, out);
        }
        Item::Cfg(g) => {
            out.extend(g.results.iter().copied());
            for b in &g.blocks {
                out.extend(b.args.iter().copied());
                walk_defs(f, &b.body, out);
            }
        }
    }
}

/// Every value `item` reads (operands, bounds, inits, yields, conditions, branch
/// arguments), nested regions included; values it defines itself are listed too.
pub fn item_uses(f: &Func, item: &Item, out: &mut HashSet<ValId>) {
    let region = |r: &Region, out: &mut HashSet<ValId>| {
        for i in &r.items {
            item_uses(f, i, out);
        }
    };
    match item {
        Item::Op(o) => out.extend(f.op(*o).operands.iter().copied()),
        Item::For(l) => {
            out.extend([l.lb, l.ub]);
            out.extend(l.inits.iter().chain(&l.yields).copied());
            region(&l.body, out);
        }
        Item::If(i) => {
            out.insert(i.cond);
            out.extend(i.then_yields.iter().chain(&i.else_yields).copied());
            region(&i.then_region, out);
            region(&i.else_region, out);
        }
        Item::While(w) => {
            out.insert(w.cond);
            out.extend(w.inits.iter().chain(&w.forwarded).chain(&w.yields).copied());
            region(&w.before, out);
            region(&w.after, out);
        }
        Item::Cfg(g) => {
            for b in &g.blocks {
                region(&b.body, out);
                match &b.term {
                    crate::ir::Terminator::Br(_, a) => out.extend(a.iter().copied()),
                    crate::ir::Terminator::CondBr(c, _, a, _, e) => {
                        out.insert(*c);
                        out.extend(a.iter().chain(e).copied());
                    }
                    crate::ir::Terminator::Return(v) => out.extend(v.iter().copied()),
                }
            }
        }
    }
}

/// The memory accesses of `item`, nested regions included: (op, memory, is a store).
pub fn item_accesses(f: &Func, item: &Item, out: &mut Vec<(OpId, MemId, bool)>) {
    match item {
        Item::Op(o) => match f.op(*o).kind {
            OpKind::Load(m) => out.push((*o, m, false)),
            OpKind::Store(m) => out.push((*o, m, true)),
            _ => {}
        },
        Item::For(l) => l.body.items.iter().for_each(|i| item_accesses(f, i, out)),
        Item::If(i) => {
            i.then_region.items.iter().chain(&i.else_region.items).for_each(|i| item_accesses(f, i, out))
        }
        Item::While(w) => w.before.items.iter().chain(&w.after.items).for_each(|i| item_accesses(f, i, out)),
        Item::Cfg(g) => g.blocks.iter().flat_map(|b| &b.body.items).for_each(|i| item_accesses(f, i, out)),
    }
}

/// Whether two access lists touch one memory where at least one of the two writes
/// (conservative: the addresses are not compared).
pub fn conflict(a: &[(OpId, MemId, bool)], b: &[(OpId, MemId, bool)]) -> bool {
    a.iter().any(|&(_, ma, wa)| b.iter().any(|&(_, mb, wb)| ma == mb && (wa || wb)))
}

/// Renames every use of a value in `map` inside `r` (op operands and the operands of
/// nested items), recursively.
pub fn rename(f: &mut Func, r: &mut Region, map: &std::collections::HashMap<ValId, ValId>) {
    let sub = |v: &mut ValId| {
        if let Some(&n) = map.get(v) {
            *v = n;
        }
    };
    for item in &mut r.items {
        match item {
            Item::Op(o) => f.ops[o.index()].operands.iter_mut().for_each(sub),
            Item::For(l) => {
                sub(&mut l.lb);
                sub(&mut l.ub);
                l.inits.iter_mut().chain(l.yields.iter_mut()).for_each(sub);
            }
            Item::If(i) => {
                sub(&mut i.cond);
                i.then_yields.iter_mut().chain(i.else_yields.iter_mut()).for_each(sub);
            }
            Item::While(w) => {
                sub(&mut w.cond);
                w.inits.iter_mut().chain(w.forwarded.iter_mut()).chain(w.yields.iter_mut()).for_each(sub);
            }
            Item::Cfg(g) => {
                for b in &mut g.blocks {
                    match &mut b.term {
                        crate::ir::Terminator::Br(_, a) => a.iter_mut().for_each(sub),
                        crate::ir::Terminator::CondBr(c, _, a, _, e) => {
                            sub(c);
                            a.iter_mut().chain(e.iter_mut()).for_each(sub);
                        }
                        crate::ir::Terminator::Return(v) => v.iter_mut().for_each(sub),
                    }
                }
            }
        }
        for sub_r in item.regions_mut() {
            rename(f, sub_r, map);
        }
    }
}
