//! Independent sibling loops run together: one-iteration loops dissolve into their
//! region, and loops of equal trip count with no dependence between them are fused.
//!
//! The FSM runs the items of a region one after another, so two loops that touch different
//! memories (unroll_rem's loop over `%c` beside those over `%a`/`%b`) take the sum of their
//! times although the ports could serve both at once. Vitis calls overlapping them
//! "dataflow"; here the overlap comes from fusion, which keeps one FSM:
//! - a `for` loop of trip count 1 is its body: the induction variable is the lower bound,
//!   the iter_args are the inits and the results the yields. Its ops join the plain ops
//!   around it in one basic block, which the list scheduler overlaps (unrolling leaves such
//!   loops: a remainder of one iteration, or a main loop of one unrolled iteration);
//! - two innermost `for` loops X and Y (bodies of plain ops) of one region with static trip
//!   counts (at least 2) become one loop whose body is X's body followed by Y's,
//!   when Y depends on nothing between its place and X's: it reads no value that X or the
//!   items between define (constants between are hoisted before X), and none of its memory
//!   accesses may touch an address that X or the items between access where one of the two
//!   writes. Addresses are compared as intervals of their linear forms ([`crate::analysis::deps`]) over
//!   the induction variables' ranges; an address outside that form is a conflict. The fused
//!   loop counts with the longer loop (on equal trip counts, the one of the smaller step);
//!   the other's induction variable is `q * iv + b` (its step a multiple `q` of the
//!   counting loop's, constant lower bounds), so its addresses stay affine for the
//!   dependence analysis of the modulo scheduler. A shorter loop runs guarded: its stores
//!   are predicated by `iv < limit`, its yields keep the carried values once it is done
//!   (a select), and its loads, which run on in the extra iterations and are discarded,
//!   must stay inside their memory over the longer range (else no fusion).
//!
//! With `--pipeline` only, as the other loop transforms. Every fusion is noted on the
//! surviving loop for the report.

use crate::analysis::deps::Linear;
use crate::analysis::scope::{item_accesses, item_defs, item_uses, rename};
use crate::ir::{BinOp, ForLoop, Func, Item, MemId, MemKind, OpId, OpKind, Region, ValId, INDEX_WIDTH};
use std::collections::{HashMap, HashSet};

/// Dissolves one-iteration loops, then fuses independent siblings, everywhere in `f`.
/// Returns (loops dissolved, loops fused away).
pub fn run(f: &mut Func) -> (usize, usize) {
    let ones = f.with_body(dissolve);
    let mut fused = 0;
    loop {
        // Pairs on different memory ports first: two loops that share a port fuse into one
        // whose II is the sum of theirs, which saves only a fill and drain, and can take the
        // partner a loop on other ports would have run beside (fuse_dep: the loop reading
        // `%a` fuses with the one on `%b`/`%c`, not with the other reader of `%a`).
        let mut n = f.with_body(|f, r| fuse_region(f, r, true));
        if n == 0 {
            n = f.with_body(|f, r| fuse_region(f, r, false));
        }
        if n == 0 {
            break;
        }
        fused += n;
    }
    (ones, fused)
}

/// Whether two access lists use one memory port: the one port of a memref argument, or the
/// read (or the write) port of a local memory.
fn share_port(f: &Func, a: &[(OpId, MemId, bool)], b: &[(OpId, MemId, bool)]) -> bool {
    a.iter().any(|&(_, ma, wa)| {
        b.iter().any(|&(_, mb, wb)| ma == mb && (f.mems[ma.index()].kind == MemKind::Port || wa == wb))
    })
}

/// The constant of a value, sign-extended, if a `Const` op defines it.
fn const_of(consts: &HashMap<ValId, u64>, f: &Func, v: ValId) -> Option<i64> {
    let c = *consts.get(&v)?;
    let w = f.width(v);
    Some(if w < 64 { ((c << (64 - w)) as i64) >> (64 - w) } else { c as i64 })
}

/// Dissolves the one-iteration loops of `r` (recursively); their results go to `results`
/// (result -> value), renamed in the whole function afterwards.
fn dissolve_in(f: &mut Func, r: &mut Region, results: &mut HashMap<ValId, ValId>) -> usize {
    let mut n = 0;
    let mut items = Vec::with_capacity(r.items.len());
    for mut item in std::mem::take(&mut r.items) {
        for sub in item.regions_mut() {
            n += dissolve_in(f, sub, results);
        }
        match item {
            Item::For(l) if l.trip == Some(1) && l.pipeline.is_none() => {
                let l = *l;
                let mut map: HashMap<ValId, ValId> =
                    l.iter_args.iter().copied().zip(l.inits.iter().copied()).collect();
                map.insert(l.iv, l.lb);
                let mut body = l.body;
                rename(f, &mut body, &map);
                for (&res, &y) in l.results.iter().zip(&l.yields) {
                    results.insert(res, *map.get(&y).unwrap_or(&y));
                }
                items.extend(body.items);
                n += 1;
            }
            other => items.push(other),
        }
    }
    r.items = items;
    n
}

fn dissolve(f: &mut Func, r: &mut Region) -> usize {
    let mut results = HashMap::new();
    let n = dissolve_in(f, r, &mut results);
    // A result may map to another dissolved loop's result: follow the chain.
    let keys: Vec<ValId> = results.keys().copied().collect();
    for k in keys {
        let mut v = results[&k];
        while let Some(&w) = results.get(&v) {
            v = w;
        }
        results.insert(k, v);
    }
    if !results.is_empty() {
        rename(f, r, &results);
        for v in &mut f.rets {
            if let Some(&w) = results.get(v) {
                *v = w;
            }
        }
    }
    n
}

/// The ranges of the induction variables of static loops with a constant lower bound in
/// `r`, recursively: iv -> (first, last).
fn iv_ranges(f: &Func, r: &Region, consts: &HashMap<ValId, u64>, out: &mut HashMap<ValId, (i64, i64)>) {
    for item in &r.items {
        if let Item::For(l) = item {
            if let (Some(lb), Some(t)) = (const_of(consts, f, l.lb), l.trip.filter(|&t| t >= 1)) {
                let last = (t - 1).checked_mul(l.step).and_then(|d| lb.checked_add(d as i64));
                if let Some(last) = last {
                    out.insert(l.iv, (lb, last));
                }
            }
        }
        let mut item = item.clone();
        for sub in item.regions_mut() {
            iv_ranges(f, sub, consts, out);
        }
    }
}

/// The interval an address may take, when its linear form's terms all have ranges.
fn interval(lin: &mut Linear, addr: ValId, ranges: &HashMap<ValId, (i64, i64)>) -> Option<(i64, i64)> {
    let form = lin.form(addr);
    let (mut lo, mut hi) = (i128::from(form.constant), i128::from(form.constant));
    for (v, &k) in &form.terms {
        let &(a, b) = ranges.get(v)?;
        let (x, y) = (i128::from(k) * i128::from(a), i128::from(k) * i128::from(b));
        lo += x.min(y);
        hi += x.max(y);
    }
    Some((i64::try_from(lo).ok()?, i64::try_from(hi).ok()?))
}

/// Whether some access of `a` and some of `b` may touch one address of one memory where
/// one of the two writes.
fn conflicts(
    f: &Func,
    a: &[(OpId, crate::ir::MemId, bool)],
    b: &[(OpId, crate::ir::MemId, bool)],
    ranges: &HashMap<ValId, (i64, i64)>,
) -> bool {
    let mut lin = Linear::new(f);
    a.iter().any(|&(oa, ma, wa)| {
        b.iter().any(|&(ob, mb, wb)| {
            if ma != mb || !(wa || wb) {
                return false;
            }
            let ia = interval(&mut lin, f.op(oa).operands[0], ranges);
            let ib = interval(&mut lin, f.op(ob).operands[0], ranges);
            match (ia, ib) {
                (Some((la, ha)), Some((lb, hb))) => !(ha < lb || hb < la),
                _ => true,
            }
        })
    })
}

fn plain(r: &Region) -> bool {
    r.items.iter().all(|i| matches!(i, Item::Op(_)))
}

/// A loop fusion may take part in: innermost, static trip of at least 2, constant lower
/// bound, not asked for anything by the user.
fn candidate(f: &Func, consts: &HashMap<ValId, u64>, item: &Item) -> Option<()> {
    let Item::For(l) = item else { return None };
    l.trip.filter(|&t| t >= 2)?;
    (plain(&l.body) && l.pipeline.is_none() && const_of(consts, f, l.lb).is_some()).then_some(())
}

/// Fuses the first fusible pair in each region of `r` (recursively), with
/// `disjoint_ports` only pairs that use no memory port in common; returns how many.
fn fuse_region(f: &mut Func, r: &mut Region, disjoint_ports: bool) -> usize {
    let mut n = 0;
    for item in &mut r.items {
        for sub in item.regions_mut() {
            n += fuse_region(f, sub, disjoint_ports);
        }
    }
    let consts = f.constants();
    let mut ranges = HashMap::new();
    iv_ranges(f, r, &consts, &mut ranges);
    for i in 0..r.items.len() {
        if candidate(f, &consts, &r.items[i]).is_none() {
            continue;
        }
        // What X and the items after it define and access, growing as Y moves on.
        let mut defs = HashSet::new();
        item_defs(f, &r.items[i], &mut defs);
        let mut acc = Vec::new();
        item_accesses(f, &r.items[i], &mut acc);
        let own = acc.clone();
        let mut hoist: Vec<usize> = Vec::new();
        for j in i + 1..r.items.len() {
            let y = &r.items[j];
            let fusible = match (&r.items[i], y) {
                (Item::For(xl), Item::For(yl)) => {
                    candidate(f, &consts, y).is_some() && compatible(f, xl, yl, &ranges)
                }
                _ => false,
            };
            if fusible {
                let mut uses = HashSet::new();
                item_uses(f, y, &mut uses);
                let mut yacc = Vec::new();
                item_accesses(f, y, &mut yacc);
                let size = |it: &Item| match it {
                    Item::For(l) => l.body.items.len(),
                    _ => 0,
                };
                if uses.is_disjoint(&defs)
                    && !conflicts(f, &acc, &yacc, &ranges)
                    && !(disjoint_ports && share_port(f, &own, &yacc))
                    && size(&r.items[i]) + size(y) <= super::unroll_inner::MAX_OPS * 2
                {
                    let Item::For(yl) = r.items.remove(j) else { unreachable!() };
                    // Constants between X and Y that Y reads go before X.
                    let mut moved = Vec::new();
                    for &h in hoist.iter().rev() {
                        let Item::Op(o) = r.items[h] else { continue };
                        if f.op(o).result.is_some_and(|v| uses.contains(&v)) {
                            moved.push(r.items.remove(h));
                        }
                    }
                    let at = i;
                    let shift = moved.len();
                    for m in moved {
                        r.items.insert(at, m);
                    }
                    let Item::For(xl) = &mut r.items[i + shift] else { unreachable!() };
                    merge(f, xl, *yl, &consts);
                    return n + 1;
                }
            }
            // Y did not move past this item: it is between for the next candidates.
            let y = &r.items[j];
            if let Item::Op(o) = y {
                if matches!(f.op(*o).kind, OpKind::Const(_)) {
                    hoist.push(j);
                    // A constant is no obstacle: it can go before X.
                    continue;
                }
            }
            item_defs(f, y, &mut defs);
            item_accesses(f, y, &mut acc);
        }
    }
    n
}

/// Whether `x` provides the fused loop's counter: the longer loop, or on equal trip counts
/// the one of the smaller step.
fn x_counts(x: &ForLoop, y: &ForLoop) -> bool {
    if x.trip == y.trip {
        x.step <= y.step
    } else {
        x.trip > y.trip
    }
}

/// Whether `x` and `y` (both [`candidate`]s) can share a counter: the other loop's step is
/// a multiple of the counting loop's; with unequal trip counts, the shorter loop's loads
/// also stay inside their memories over the longer loop's iterations (they run, discarded).
fn compatible(f: &Func, x: &ForLoop, y: &ForLoop, ranges: &HashMap<ValId, (i64, i64)>) -> bool {
    let (cnt, oth) = if x_counts(x, y) { (x, y) } else { (y, x) };
    if oth.step % cnt.step != 0 {
        return false;
    }
    if cnt.trip == oth.trip {
        return true;
    }
    let (Some(&(lo, _)), Some(t)) = (ranges.get(&oth.iv), cnt.trip) else { return false };
    let mut ext = ranges.clone();
    let Some(hi) = (t as i64 - 1).checked_mul(oth.step as i64).and_then(|d| lo.checked_add(d)) else {
        return false;
    };
    ext.insert(oth.iv, (lo, hi));
    let mut lin = Linear::new(f);
    oth.body.items.iter().all(|i| match i {
        Item::Op(o) => match f.op(*o).kind {
            OpKind::Load(m) => interval(&mut lin, f.op(*o).operands[0], &ext)
                .is_some_and(|(a, b)| a >= 0 && (b as u64) < f.mems[m.index()].elems),
            _ => true,
        },
        _ => false,
    })
}

/// Appends `y`'s body to `x`'s. The longer loop (or the one of the smaller step) counts;
/// the other's induction variable becomes `q * iv + b`; when it is shorter, its stores are
/// predicated by `iv < limit` and its yields keep the carried values past its last
/// iteration.
fn merge(f: &mut Func, x: &mut ForLoop, y: ForLoop, consts: &HashMap<ValId, u64>) {
    let span = y.span;
    let mut y = y;
    let xc = x_counts(x, &y);
    let (cnt, oth) = if xc { (&*x, &y) } else { (&y, &*x) };
    let (lc, lo) = (const_of(consts, f, cnt.lb).unwrap_or(0), const_of(consts, f, oth.lb).unwrap_or(0));
    let q = oth.step / cnt.step;
    let oth_trip = oth.trip.unwrap_or(0);
    let b = lo.wrapping_sub((q as i64).wrapping_mul(lc));
    let limit = (oth.trip < cnt.trip)
        .then(|| lc.wrapping_add((oth.trip.unwrap_or(0) as i64).wrapping_mul(cnt.step as i64)));
    let (cnt_iv, cnt_lb, cnt_ub, cnt_step, cnt_trip, oth_iv) =
        (cnt.iv, cnt.lb, cnt.ub, cnt.step, cnt.trip, oth.iv);
    let mut xb = std::mem::take(&mut x.body);
    let mut yb = std::mem::take(&mut y.body);
    let (ob, oargs, oyields) =
        if xc { (&mut yb, &y.iter_args, &mut y.yields) } else { (&mut xb, &x.iter_args, &mut x.yields) };
    let mut head = derived_iv(f, cnt_iv, q, b, span, oth_iv, ob);
    if let Some(limit) = limit {
        let k = f.new_value(INDEX_WIDTH, None);
        head.push(Item::Op(f.new_op(OpKind::Const(limit as u64 & 0xffff_ffff), vec![], Some(k), span)));
        let g = f.new_value(1, Some("in_range".into()));
        head.push(Item::Op(f.new_op(OpKind::Cmp(comb::IcmpPred::Slt), vec![cnt_iv, k], Some(g), span)));
        let mut extra = Vec::new();
        for item in &ob.items {
            let Item::Op(o) = item else { continue };
            if let OpKind::Store(_) = f.op(*o).kind {
                if f.op(*o).operands.len() > 2 {
                    let p = f.op(*o).operands[2];
                    let both = f.new_value(1, None);
                    extra.push((*o, f.new_op(OpKind::Bin(BinOp::And), vec![g, p], Some(both), span)));
                    f.ops[o.index()].operands[2] = both;
                } else {
                    f.ops[o.index()].operands.push(g);
                }
            }
        }
        // The predicate of an already predicated store goes right before it.
        for (store, and) in extra {
            let at = ob.items.iter().position(|i| matches!(i, Item::Op(o) if *o == store)).unwrap_or(0);
            ob.items.insert(at, Item::Op(and));
        }
        for (a, yv) in oargs.iter().zip(oyields.iter_mut()) {
            let kept = f.new_value(f.width(*a), None);
            ob.items.push(Item::Op(f.new_op(OpKind::Select, vec![g, *yv, *a], Some(kept), span)));
            *yv = kept;
        }
    }
    head.append(&mut ob.items);
    ob.items = head;
    x.body.items = xb.items;
    x.body.items.extend(yb.items);
    (x.iv, x.lb, x.ub, x.step, x.trip) = (cnt_iv, cnt_lb, cnt_ub, cnt_step, cnt_trip);
    x.iter_args.extend(y.iter_args);
    x.inits.extend(y.inits);
    x.yields.extend(y.yields);
    x.results.extend(y.results);
    let how = match limit {
        Some(_) => format!(
            "fused with {}: independent sibling loops, the one of {oth_trip} iterations guarded in {} iterations",
            y.id,
            cnt_trip.unwrap_or(0)
        ),
        None => format!("fused with {}: independent sibling loops of {} iterations", y.id, cnt_trip.unwrap_or(0)),
    };
    f.loop_notes.push((x.id, how));
}

/// Ops defining `old = q * iv + b` for the ops of `body` (uses renamed); an `old + c` there
/// becomes `q * iv + (b + c)`, so no adder is added in front of it.
fn derived_iv(
    f: &mut Func,
    iv: ValId,
    q: u64,
    b: i64,
    span: mlir_text::Span,
    old: ValId,
    body: &mut Region,
) -> Vec<Item> {
    let mut head = Vec::new();
    let konst = |f: &mut Func, head: &mut Vec<Item>, c: u64| {
        let v = f.new_value(INDEX_WIDTH, None);
        head.push(Item::Op(f.new_op(OpKind::Const(c & 0xffff_ffff), vec![], Some(v), span)));
        v
    };
    let scaled = if q == 1 {
        iv
    } else {
        let k = konst(f, &mut head, q);
        let v = f.new_value(INDEX_WIDTH, None);
        head.push(Item::Op(f.new_op(OpKind::Bin(BinOp::Mul), vec![iv, k], Some(v), span)));
        v
    };
    let consts = f.constants();
    // `old + c` with a constant `c`: one add of `scaled`.
    for item in &body.items {
        let Item::Op(o) = item else { continue };
        let op = f.op(*o).clone();
        if let (OpKind::Bin(BinOp::Add), [x, y]) = (&op.kind, &op.operands[..]) {
            let c = if *x == old {
                consts.get(y)
            } else if *y == old {
                consts.get(x)
            } else {
                None
            };
            if let Some(&c) = c {
                let k = konst(f, &mut head, (c as i64).wrapping_add(b) as u64);
                f.ops[o.index()].operands = vec![scaled, k];
            }
        }
    }
    let mut uses = HashSet::new();
    for item in &body.items {
        item_uses(f, item, &mut uses);
    }
    if !uses.contains(&old) {
        return head;
    }
    let full = if b == 0 {
        scaled
    } else {
        let k = konst(f, &mut head, b as u64);
        let v = f.new_value(INDEX_WIDTH, None);
        head.push(Item::Op(f.new_op(OpKind::Bin(BinOp::Add), vec![scaled, k], Some(v), span)));
        v
    };
    let map: HashMap<ValId, ValId> = [(old, full)].into_iter().collect();
    rename(f, body, &map);
    head
}

#[cfg(test)]
#[path = "siblingfuse_tests.rs"]
mod tests;
