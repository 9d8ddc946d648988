//! Bit-width narrowing: adders, subtracters, multipliers and comparisons at the width their
//! values need, from the value ranges of [`crate::analysis::ranges`].
//!
//! Why: a kernel that widens `i16` data with `extsi` to `i32`, masks a byte out of a word
//! or counts to 64 in an `index` builds 32-bit carry chains for values that fit 9 or 17
//! bits: LUTs, and 5.6 ns instead of about 2.2 on the iCE40. An `add`, `sub` or `mul` of
//! width `w` whose operands and result all fit `n` signed bits becomes
//! `sext_w(trunc_n(a) op_n trunc_n(b))`: the operands' values survive the truncation, the
//! `n`-bit result does not wrap (its exact value fits), and the sign extension gives back
//! the `w`-bit value, so the op computes exactly what it did. A comparison whose operands
//! fit `n` bits (signed, for the signed predicates and equality; unsigned, for the unsigned
//! ones) compares their truncations. Truncation and extension are wires. Only where it
//! saves at least 4 bits of carry chain (any bits for a multiplier). Constant operands
//! become narrow constants (a multiply by a constant stays shifts and adds). The values
//! addresses and loop bounds are computed from stay as they are: the dependence analysis
//! (`deps.rs`) reads them as linear forms, which a truncation would hide.
//!
//! What stays wide here is narrowed by the generator from the same ranges: a multiplier
//! whose product needs the full width but whose operands do not (`i16 x i16` extended to
//! `i32`) is built with narrow operands (`gen/bind.rs`), and a register holds only the bits
//! of its values' range (`gen/regs.rs`), loop counters included. Each loop's narrowed ops
//! are listed in the report's `transforms`.

use crate::analysis::ranges::ValueRanges;
use crate::ir::{BinOp, Func, Item, LoopId, OpId, OpKind, Region, ValId};
use comb::IcmpPred;
use std::collections::{BTreeMap, HashMap, HashSet};

/// What to do with one op.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Plan {
    /// The op at `n` bits, its result sign-extended back.
    Op(u32),
    /// The comparison of the operands' low `n` bits.
    Cmp(u32),
}

/// The plan for the op `o` of `f`, if it narrows.
fn plan_of(f: &Func, r: &ValueRanges, o: &crate::ir::Op) -> Option<Plan> {
    match (&o.kind, o.result) {
        (OpKind::Bin(b @ (BinOp::Add | BinOp::Sub | BinOp::Mul)), Some(res)) => {
            let w = f.width(res);
            let n = [o.operands[0], o.operands[1], res].iter().map(|&v| r.of(v).signed_bits()).max()?;
            let saves = if *b == BinOp::Mul { 1 } else { 4 };
            (w >= 8 && n + saves <= w).then_some(Plan::Op(n))
        }
        (OpKind::Cmp(p), Some(_)) => {
            let w = f.width(o.operands[0]);
            let (a, c) = (r.of(o.operands[0]), r.of(o.operands[1]));
            let n = match p {
                IcmpPred::Eq
                | IcmpPred::Ne
                | IcmpPred::Slt
                | IcmpPred::Sle
                | IcmpPred::Sgt
                | IcmpPred::Sge => a.signed_bits().max(c.signed_bits()),
                IcmpPred::Ult | IcmpPred::Ule | IcmpPred::Ugt | IcmpPred::Uge => {
                    a.unsigned_bits()?.max(c.unsigned_bits()?)
                }
                _ => return None,
            };
            (w >= 8 && n + 4 <= w).then_some(Plan::Cmp(n))
        }
        _ => None,
    }
}

/// Narrows every eligible op of `f`; returns how many. Each loop's narrowed ops are noted
/// on it (`Func::loop_notes`) for the report.
pub fn run(f: &mut Func) -> usize {
    let (plan, shapes) = {
        let r = ValueRanges::new(f);
        let consts = f.constants();
        let exact = address_slice(f);
        let mut plan = HashMap::new();
        let mut shapes = HashMap::new();
        live_ops(&f.body, &mut |id| {
            let o = f.op(id);
            if o.result.is_some_and(|v| exact.contains(&v)) {
                return;
            }
            if let Some(p) = plan_of(f, &r, o) {
                plan.insert(id, p);
            } else if let (OpKind::Bin(BinOp::Mul), Some(res)) = (&o.kind, o.result) {
                // What the generator will build (`gen/bind.rs`), for the notes.
                let by_const = o.operands.iter().any(|v| consts.contains_key(v));
                if let Some(s) = r.mul_shape(o.operands[0], o.operands[1], f.width(res)).filter(|_| !by_const)
                {
                    let sign = if s.signed { "signed" } else { "unsigned" };
                    shapes.insert(
                        id,
                        format!("mul {}-bit with {b}x{b}-bit {sign} operands", f.width(res), b = s.bits),
                    );
                }
            }
        });
        (plan, shapes)
    };
    let mut notes: Notes = BTreeMap::new();
    let consts = f.constants();
    let n = f.with_body(|f, body| region(f, body, (&plan, &shapes, &consts), None, &mut notes));
    for (id, what) in notes {
        let list: Vec<String> =
            what.into_iter().map(|(k, c)| if c > 1 { format!("{c} x {k}") } else { k }).collect();
        f.loop_notes.push((id, format!("narrowed: {}", list.join(", "))));
    }
    n
}

/// The values memory addresses and loop bounds are computed from: left as they are, since
/// the dependence analysis (`deps.rs`) reads them as linear forms, which a truncation and
/// extension would hide (making it assume a dependence).
fn address_slice(f: &Func) -> HashSet<ValId> {
    let mut def: HashMap<ValId, OpId> = HashMap::new();
    let mut todo: Vec<ValId> = Vec::new();
    live_ops(&f.body, &mut |id| {
        let o = f.op(id);
        if let Some(v) = o.result {
            def.insert(v, id);
        }
        if matches!(o.kind, OpKind::Load(_) | OpKind::Store(_)) {
            todo.push(o.operands[0]);
        }
    });
    loop_bounds(&f.body, &mut todo);
    let mut seen = HashSet::new();
    while let Some(v) = todo.pop() {
        if seen.insert(v) {
            if let Some(&id) = def.get(&v) {
                todo.extend(f.op(id).operands.iter().copied());
            }
        }
    }
    seen
}

/// The bounds of every `for` loop in `r`.
fn loop_bounds(r: &Region, out: &mut Vec<ValId>) {
    for item in &r.items {
        match item {
            Item::Op(_) => {}
            Item::For(l) => {
                out.extend([l.lb, l.ub]);
                loop_bounds(&l.body, out);
            }
            Item::If(i) => {
                loop_bounds(&i.then_region, out);
                loop_bounds(&i.else_region, out);
            }
            Item::While(w) => {
                loop_bounds(&w.before, out);
                loop_bounds(&w.after, out);
            }
            Item::Cfg(g) => g.blocks.iter().for_each(|b| loop_bounds(&b.body, out)),
        }
    }
}

/// Calls `each` on every op of `r` and the regions inside it.
fn live_ops(r: &Region, each: &mut impl FnMut(OpId)) {
    for item in &r.items {
        match item {
            Item::Op(id) => each(*id),
            Item::For(l) => live_ops(&l.body, each),
            Item::If(i) => {
                live_ops(&i.then_region, each);
                live_ops(&i.else_region, each);
            }
            Item::While(w) => {
                live_ops(&w.before, each);
                live_ops(&w.after, each);
            }
            Item::Cfg(g) => g.blocks.iter().for_each(|b| live_ops(&b.body, each)),
        }
    }
}

/// The loop an item is (for the notes of the ops inside it).
fn loop_of(item: &Item) -> Option<LoopId> {
    match item {
        Item::For(l) => Some(l.id),
        Item::While(w) => Some(w.id),
        Item::Cfg(g) => Some(g.id),
        _ => None,
    }
}

type Notes = BTreeMap<LoopId, BTreeMap<String, u32>>;

/// What [`region`] does: the ops to narrow, the notes of the multipliers the generator
/// narrows, and the function's constants.
type Work<'a> = (&'a HashMap<OpId, Plan>, &'a HashMap<OpId, String>, &'a HashMap<ValId, u64>);

fn region(f: &mut Func, r: &mut Region, work: Work, lp: Option<LoopId>, notes: &mut Notes) -> usize {
    let plan = work.0;
    let mut n = 0;
    let mut items = Vec::with_capacity(r.items.len());
    for mut item in std::mem::take(&mut r.items) {
        let inner = loop_of(&item).or(lp);
        for sub in item.regions_mut() {
            n += region(f, sub, work, inner, notes);
        }
        let Item::Op(id) = item else {
            items.push(item);
            continue;
        };
        if let (Some(l), Some(s)) = (lp, work.1.get(&id)) {
            *notes.entry(l).or_default().entry(s.clone()).or_default() += 1;
        }
        let Some(&p) = plan.get(&id) else {
            items.push(item);
            continue;
        };
        let op = f.op(id).clone();
        let consts = work.2;
        let bits = match p {
            Plan::Op(b) | Plan::Cmp(b) => b,
        };
        let wide = f.width(op.operands[0]);
        let narrow: Vec<_> = op
            .operands
            .iter()
            .map(|&v| {
                let t = f.new_value(bits, None);
                // A constant stays a constant (a multiply by it is shifts and adds).
                let kind = match consts.get(&v) {
                    Some(&c) => OpKind::Const(if bits >= 64 { c } else { c & ((1u64 << bits) - 1) }),
                    None => OpKind::Trunc,
                };
                let operands = if kind == OpKind::Trunc { vec![v] } else { Vec::new() };
                items.push(Item::Op(f.new_op(kind, operands, Some(t), op.span)));
                t
            })
            .collect();
        let name = match &op.kind {
            OpKind::Bin(b) => format!("{b:?}").to_lowercase(),
            _ => "cmp".to_string(),
        };
        if let Some(l) = lp {
            *notes.entry(l).or_default().entry(format!("{name} {wide}->{bits} bits")).or_default() += 1;
        }
        match p {
            Plan::Op(_) => {
                let short = f.new_value(bits, None);
                items.push(Item::Op(f.new_op(op.kind.clone(), narrow, Some(short), op.span)));
                // The original op becomes the sign extension, keeping its result value.
                let o = &mut f.ops[id.index()];
                o.kind = OpKind::SExt;
                o.operands = vec![short];
            }
            Plan::Cmp(_) => f.ops[id.index()].operands = narrow,
        }
        items.push(Item::Op(id));
        n += 1;
    }
    r.items = items;
    n
}

#[cfg(test)]
#[path = "narrow_tests.rs"]
mod tests;
