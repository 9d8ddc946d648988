//! How wide a divider's divisor can be: a small interval analysis of the divisor operand.
//!
//! Why: a restoring divider's partial remainder is below the divisor, so when the divisor is
//! known to fit `m < width` bits every row subtracts at `m + 2` bits instead of `width + 2`
//! (`gen/seqdiv.rs`), and more rows fit a clock period (`schedule::delays::seq_div`): kernels
//! that mask a divisor (`andi %y, 255`) get twice the quotient bits per stage at 32 bits.
//!
//! The divisor's range comes from [`crate::analysis::ranges`]. [`divisor_bits`] takes the
//! widest divisor over every division of one operator and width in the function, so all ops
//! that may share a unit (the binder groups by operator and width) get the same divider
//! shape and latency.

use crate::analysis::ranges::{bits, Range, ValueRanges};
use crate::ir::{BinOp, Func, OpKind};

/// The bits the divisor (operand 1) of every `op` division of `width` bits in `f` fits in:
/// `m` such that every divisor `d` has `d < 2^m` (unsigned ops: `d` as unsigned; signed
/// ops: `|d|`); `width` when nothing narrower is known. At least 1.
pub fn divisor_bits(f: &Func, op: BinOp, width: u32) -> u32 {
    let rs = ValueRanges::new(f);
    let signed = matches!(op, BinOp::DivS | BinOp::RemS);
    let mut m = 1;
    for o in &f.ops {
        if o.kind != OpKind::Bin(op) || o.result.map(|r| f.width(r)) != Some(width) {
            continue;
        }
        let Range { lo, hi } = rs.of(o.operands[1]);
        let b = if signed {
            if lo > Range::full(width).lo {
                bits(hi.max(-lo))
            } else {
                width
            }
        } else if lo >= 0 {
            bits(hi)
        } else {
            width
        };
        m = m.max(b.min(width));
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Func, Op, ValId};
    use mlir_text::Span;

    fn func() -> (Func, Vec<ValId>) {
        let mut f = Func::default();
        let vals: Vec<ValId> = (0..8).map(|_| f.new_value(32, None)).collect();
        (f, vals)
    }

    fn push(f: &mut Func, kind: OpKind, ops: Vec<ValId>, r: ValId) {
        f.ops.push(Op { kind, operands: ops, result: Some(r), span: Span::default() });
        f.body.items.push(crate::ir::Item::Op(crate::ir::OpId(f.ops.len() as u32 - 1)));
    }

    #[test]
    fn masked_divisors_are_narrow() {
        let (mut f, v) = func();
        // v1 = (v0 & 255) | 1; v3 = 0 - (v1 | 2); v4 = v0 / v1; v5 = v0 /s v3.
        push(&mut f, OpKind::Const(255), vec![], v[6]);
        push(&mut f, OpKind::Bin(BinOp::And), vec![v[0], v[6]], v[2]);
        push(&mut f, OpKind::Const(1), vec![], v[7]);
        push(&mut f, OpKind::Bin(BinOp::Or), vec![v[2], v[7]], v[1]);
        let two = f.new_value(32, None);
        let y2 = f.new_value(32, None);
        let zero = f.new_value(32, None);
        push(&mut f, OpKind::Const(2), vec![], two);
        push(&mut f, OpKind::Bin(BinOp::Or), vec![v[1], two], y2);
        push(&mut f, OpKind::Const(0), vec![], zero);
        push(&mut f, OpKind::Bin(BinOp::Sub), vec![zero, y2], v[3]);
        push(&mut f, OpKind::Bin(BinOp::DivU), vec![v[0], v[1]], v[4]);
        push(&mut f, OpKind::Bin(BinOp::DivS), vec![v[0], v[3]], v[5]);
        assert_eq!(divisor_bits(&f, BinOp::DivU, 32), 8);
        assert_eq!(divisor_bits(&f, BinOp::DivS, 32), 8);
        // The negative divisor is not narrow as an unsigned one.
        let q = f.new_value(32, None);
        push(&mut f, OpKind::Bin(BinOp::DivU), vec![v[0], v[3]], q);
        assert_eq!(divisor_bits(&f, BinOp::DivU, 32), 32);
        // An unknown divisor (an argument) is the full width.
        let r = f.new_value(32, None);
        push(&mut f, OpKind::Bin(BinOp::RemS), vec![v[1], v[0]], r);
        assert_eq!(divisor_bits(&f, BinOp::RemS, 32), 32);
    }
}
