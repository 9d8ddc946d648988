//! Adders and subtracters narrowed to the bits their values need.
//!
//! Why: a kernel that masks a value (`andi %y, 255`) and then adds to or negates it
//! (`0 - (y | 2)`) builds a 32-bit carry chain for a result that fits 9 bits: 5.6 ns
//! instead of about 2.2 on the iCE40, which decides whether it chains behind a memory read in one
//! cycle (pipe_div_var: the negated divisor then reaches the divider a stage earlier). The
//! interval analysis of [`super::divwidth`] gives each value's signed range; an `add` or
//! `sub` of width `w` whose operands and result all fit `n` signed bits becomes
//! `sext_w(trunc_n(a) op_n trunc_n(b))`: the operands' values survive the truncation, the
//! `n`-bit result does not wrap, and the sign extension gives back the `w`-bit value, so the
//! op computes exactly what it did. Truncation and extension are wires. Only where it saves
//! at least 4 bits of carry chain. With `--pipeline` only, as the loop transforms.

use super::divwidth::value_ranges;
use super::{BinOp, Func, Item, OpId, OpKind, Region};
use std::collections::HashMap;

/// The signed bits that hold every value of `lo..=hi`.
fn signed_bits(lo: i128, hi: i128) -> u32 {
    let mag = |v: i128| 128 - v.leading_zeros();
    1 + mag(hi.max(0)).max(mag((-lo - 1).max(0)))
}

/// Narrows every eligible adder and subtracter of `f`; returns how many.
pub fn run(f: &mut Func) -> usize {
    let plan: HashMap<OpId, u32> = {
        let range = value_ranges(f);
        f.ops
            .iter()
            .enumerate()
            .filter_map(|(i, o)| {
                let (OpKind::Bin(b @ (BinOp::Add | BinOp::Sub)), Some(r)) = (&o.kind, o.result) else {
                    return None;
                };
                let w = f.width(r);
                let (a, c) = (range(o.operands[0]), range(o.operands[1]));
                let res = match b {
                    BinOp::Add => (a.0 + c.0, a.1 + c.1),
                    _ => (a.0 - c.1, a.1 - c.0),
                };
                let n = [a, c, res].iter().map(|&(lo, hi)| signed_bits(lo, hi)).max()?;
                (w >= 8 && n + 4 <= w).then_some((OpId(i as u32), n))
            })
            .collect()
    };
    if plan.is_empty() {
        return 0;
    }
    f.with_body(|f, body| region(f, body, &plan))
}

fn region(f: &mut Func, r: &mut Region, plan: &HashMap<OpId, u32>) -> usize {
    let mut n = 0;
    let mut items = Vec::with_capacity(r.items.len());
    for mut item in std::mem::take(&mut r.items) {
        for sub in item.regions_mut() {
            n += region(f, sub, plan);
        }
        let Item::Op(id) = item else {
            items.push(item);
            continue;
        };
        let Some(&bits) = plan.get(&id) else {
            items.push(item);
            continue;
        };
        let op = f.op(id).clone();
        let narrow: Vec<_> = op
            .operands
            .iter()
            .map(|&v| {
                let t = f.new_value(bits, None);
                items.push(Item::Op(f.new_op(OpKind::Trunc, vec![v], Some(t), op.span)));
                t
            })
            .collect();
        let short = f.new_value(bits, None);
        items.push(Item::Op(f.new_op(op.kind.clone(), narrow, Some(short), op.span)));
        // The original op becomes the sign extension, keeping its result value.
        let o = &mut f.ops[id.index()];
        o.kind = OpKind::SExt;
        o.operands = vec![short];
        items.push(Item::Op(id));
        n += 1;
    }
    r.items = items;
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Op, ValId};
    use mlir_text::Span;

    #[test]
    fn signed_bits_of_ranges() {
        assert_eq!(signed_bits(0, 255), 9);
        assert_eq!(signed_bits(-255, -2), 9);
        assert_eq!(signed_bits(-256, 255), 9);
        assert_eq!(signed_bits(-257, 0), 10);
        assert_eq!(signed_bits(0, 0), 1);
        assert_eq!(signed_bits(-1, 0), 1);
    }

    /// `0 - ((x & 255) | 2)` at 32 bits (operands 0..=255, result -255..=0): narrowed to 9 bits and sign-extended; `x + 1` of
    /// an unknown `x` stays.
    #[test]
    fn a_negated_mask_is_narrowed_and_an_unknown_sum_is_not() {
        let mut f = Func::default();
        let v: Vec<ValId> = (0..8).map(|_| f.new_value(32, None)).collect();
        f.params.push(crate::ir::Param::Scalar { name: "x".into(), val: v[0] });
        let push = |f: &mut Func, kind, ops: Vec<ValId>, r| {
            f.ops.push(Op { kind, operands: ops, result: Some(r), span: Span::default() });
            f.body.items.push(Item::Op(OpId(f.ops.len() as u32 - 1)));
        };
        push(&mut f, OpKind::Const(255), vec![], v[1]);
        push(&mut f, OpKind::Bin(BinOp::And), vec![v[0], v[1]], v[2]);
        push(&mut f, OpKind::Const(2), vec![], v[3]);
        push(&mut f, OpKind::Bin(BinOp::Or), vec![v[2], v[3]], v[4]);
        push(&mut f, OpKind::Const(0), vec![], v[5]);
        push(&mut f, OpKind::Bin(BinOp::Sub), vec![v[5], v[4]], v[6]);
        push(&mut f, OpKind::Bin(BinOp::Add), vec![v[0], v[3]], v[7]);
        assert_eq!(run(&mut f), 1);
        let kinds: Vec<(OpKind, u32)> = f
            .body
            .items
            .iter()
            .map(|i| match i {
                Item::Op(o) => (f.op(*o).kind.clone(), f.width(f.op(*o).result.unwrap())),
                _ => unreachable!(),
            })
            .collect();
        assert_eq!(
            kinds[5..9],
            [(OpKind::Trunc, 9), (OpKind::Trunc, 9), (OpKind::Bin(BinOp::Sub), 9), (OpKind::SExt, 32)]
        );
        assert_eq!(kinds[9], (OpKind::Bin(BinOp::Add), 32));
        assert!(crate::ir::verify::verify(&f).is_empty(), "{:?}", crate::ir::verify::verify(&f));
    }
}
