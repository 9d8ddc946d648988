//! How wide a divider's divisor can be: a small interval analysis of the divisor operand.
//!
//! Why: a restoring divider's partial remainder is below the divisor, so when the divisor is
//! known to fit `m < width` bits every row subtracts at `m + 2` bits instead of `width + 2`
//! (`gen/seqdiv.rs`), and more rows fit a clock period (`schedule::delays::seq_div`): kernels
//! that mask a divisor (`andi %y, 255`) get twice the quotient bits per stage at 32 bits.
//!
//! The analysis follows a value through its defining ops with signed intervals: constants;
//! `and` with a non-negative constant; `or` of a non-negative interval with a non-negative
//! constant; `0 - x`; zero and sign extension; truncation of an interval that fits. Anything
//! else (loads, arguments, loop values, a value with more than one defining op in the arena)
//! is the full range. [`divisor_bits`] takes the widest divisor over every division of one
//! operator and width in the function, so all ops that may share a unit (the binder groups by
//! operator and width) get the same divider shape and latency.

use super::{BinOp, Func, OpKind, ValId};
use std::collections::HashMap;

/// A signed interval `lo..=hi` of a value's possible values.
type Range = (i128, i128);

fn full(w: u32) -> Range {
    (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1)
}

fn sext(c: u64, w: u32) -> i128 {
    let v = i128::from(c) & ((1i128 << w) - 1);
    if v >> (w - 1) == 1 {
        v - (1i128 << w)
    } else {
        v
    }
}

/// The smallest `b` with `v < 2^b`, for `v >= 0`.
fn bits(v: i128) -> u32 {
    128 - v.leading_zeros()
}

struct Ranges<'a> {
    f: &'a Func,
    def: HashMap<ValId, Option<usize>>,
}

impl Ranges<'_> {
    fn range(&self, v: ValId, depth: u32) -> Range {
        let w = self.f.width(v);
        let Some(&Some(i)) = self.def.get(&v) else { return full(w) };
        if depth == 0 {
            return full(w);
        }
        let op = &self.f.ops[i];
        let arg = |k: usize| self.range(op.operands[k], depth - 1);
        let konst = |k: usize| match self.def.get(&op.operands[k]) {
            Some(&Some(j)) => match self.f.ops[j].kind {
                OpKind::Const(c) => Some(sext(c, w)),
                _ => None,
            },
            _ => None,
        };
        let r = match &op.kind {
            OpKind::Const(c) => (sext(*c, w), sext(*c, w)),
            OpKind::Bin(BinOp::And) => match (konst(0), konst(1)) {
                (_, Some(c)) | (Some(c), _) if c >= 0 => (0, c),
                _ => full(w),
            },
            OpKind::Bin(BinOp::Or) => {
                let (x, c) = match (konst(0), konst(1)) {
                    (_, Some(c)) => (arg(0), c),
                    (Some(c), _) => (arg(1), c),
                    _ => return full(w),
                };
                if x.0 >= 0 && c >= 0 {
                    let hi = (1i128 << bits(x.1 | c)) - 1;
                    (0, hi)
                } else {
                    full(w)
                }
            }
            OpKind::Bin(BinOp::Sub) if konst(0) == Some(0) => {
                let x = arg(1);
                if x.0 > full(w).0 {
                    (-x.1, -x.0)
                } else {
                    full(w)
                }
            }
            OpKind::ZExt => {
                let n = self.f.width(op.operands[0]);
                if n < w {
                    let x = arg(0);
                    if x.0 >= 0 {
                        x
                    } else {
                        (0, (1i128 << n) - 1)
                    }
                } else {
                    full(w)
                }
            }
            OpKind::SExt => arg(0),
            OpKind::Trunc => arg(0),
            _ => full(w),
        };
        // Keep only what fits the value's own width (a truncation of a wider range).
        let fw = full(w);
        if r.0 >= fw.0 && r.1 <= fw.1 && r.0 <= r.1 {
            r
        } else {
            fw
        }
    }
}

/// The value ranges of `f`'s values as this module's analysis gives them: `lo..=hi`, signed,
/// the full range of the value's width when nothing narrower is known. For
/// [`super::narrow`], which narrows adders by them.
pub(crate) fn value_ranges(f: &Func) -> impl Fn(ValId) -> (i128, i128) + '_ {
    let mut def: HashMap<ValId, Option<usize>> = HashMap::new();
    for (i, o) in f.ops.iter().enumerate() {
        if let Some(r) = o.result {
            def.entry(r).and_modify(|d| *d = None).or_insert(Some(i));
        }
    }
    let rs = Ranges { f, def };
    move |v| rs.range(v, 16)
}

/// The bits the divisor (operand 1) of every `op` division of `width` bits in `f` fits in:
/// `m` such that every divisor `d` has `d < 2^m` (unsigned ops: `d` as unsigned; signed
/// ops: `|d|`); `width` when nothing narrower is known. At least 1.
pub fn divisor_bits(f: &Func, op: BinOp, width: u32) -> u32 {
    let mut def: HashMap<ValId, Option<usize>> = HashMap::new();
    for (i, o) in f.ops.iter().enumerate() {
        if let Some(r) = o.result {
            def.entry(r).and_modify(|d| *d = None).or_insert(Some(i));
        }
    }
    let rs = Ranges { f, def };
    let signed = matches!(op, BinOp::DivS | BinOp::RemS);
    let mut m = 1;
    for o in &f.ops {
        if o.kind != OpKind::Bin(op) || o.result.map(|r| f.width(r)) != Some(width) {
            continue;
        }
        let (lo, hi) = rs.range(o.operands[1], 16);
        let b = if signed {
            if lo > full(width).0 {
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
    use crate::ir::{Func, Op};
    use mlir_text::Span;

    fn func() -> (Func, Vec<ValId>) {
        let mut f = Func::default();
        let vals: Vec<ValId> = (0..8).map(|_| f.new_value(32, None)).collect();
        (f, vals)
    }

    fn push(f: &mut Func, kind: OpKind, ops: Vec<ValId>, r: ValId) {
        f.ops.push(Op { kind, operands: ops, result: Some(r), span: Span::default() });
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
