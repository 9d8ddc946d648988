//! Tests of the constant-division rewrite: the emitted ops are evaluated (a small evaluator
//! with SPEC section 3's meaning of each op) and compared with Rust's own arithmetic, with
//! SPEC's results for division by zero and `MIN / -1`.

use super::*;
use crate::ir::{Func, Param};

/// What the IR defines for `x b c` at width `w` (SPEC section 3).
fn reference(b: BinOp, x: u64, c: u64, w: u32) -> u64 {
    let (x, c) = (x & mask(w), c & mask(w));
    let (xs, cs) = (sign_extend(x, w), sign_extend(c, w));
    let r = match b {
        BinOp::DivU => x.checked_div(c).unwrap_or(0),
        BinOp::RemU => x.checked_rem(c).unwrap_or(0),
        BinOp::DivS if cs == 0 => 0,
        BinOp::DivS => xs.wrapping_div(cs) as u64,
        BinOp::RemS if cs == 0 => 0,
        BinOp::RemS => xs.wrapping_rem(cs) as u64,
        _ => unreachable!(),
    };
    r & mask(w)
}

/// A function computing `x b c` for a scalar `x`, after the rewrite: its ops and `x`, result.
fn rewritten(ops: &[BinOp], c: u64, w: u32) -> (Func, ValId, Vec<ValId>) {
    let mut f = Func::default();
    let x = f.new_value(w, Some("x".into()));
    f.params.push(Param::Scalar { name: "x".into(), val: x });
    let cv = f.new_value(w, None);
    let k = f.new_op(OpKind::Const(c & mask(w)), vec![], Some(cv), Span::default());
    f.body.items.push(Item::Op(k));
    let mut outs = Vec::new();
    for &b in ops {
        let r = f.new_value(w, None);
        let id = f.new_op(OpKind::Bin(b), vec![x, cv], Some(r), Span::default());
        f.body.items.push(Item::Op(id));
        outs.push(r);
    }
    assert_eq!(run(&mut f), ops.len());
    let errs = crate::ir::verify::verify(&f);
    assert!(errs.is_empty(), "{errs:?}");
    (f, x, outs)
}

/// Evaluates the straight-line body of `f` with `x` bound.
fn eval(f: &Func, x: ValId, xv: u64, out: &[ValId]) -> Vec<u64> {
    let mut env: HashMap<ValId, u64> = HashMap::new();
    env.insert(x, xv & mask(f.width(x)));
    for item in &f.body.items {
        let Item::Op(id) = item else { panic!("only plain ops expected") };
        let op = f.op(*id);
        let r = op.result.expect("a result");
        let w = f.width(r);
        let a = |i: usize| env[&op.operands[i]];
        let wa = |i: usize| f.width(op.operands[i]);
        let v = match &op.kind {
            OpKind::Const(c) => *c,
            OpKind::Bin(b) => {
                let (p, q) = (a(0), a(1));
                let sh =
                    |f: &dyn Fn(u64, u32) -> u64| if q >= u64::from(w) { None } else { Some(f(p, q as u32)) };
                match b {
                    BinOp::Add => p.wrapping_add(q),
                    BinOp::Sub => p.wrapping_sub(q),
                    BinOp::Mul => p.wrapping_mul(q),
                    BinOp::And => p & q,
                    BinOp::Or => p | q,
                    BinOp::Xor => p ^ q,
                    BinOp::Shl => sh(&|p, s| p << s).unwrap_or(0),
                    BinOp::ShrU => sh(&|p, s| p >> s).unwrap_or(0),
                    BinOp::ShrS => {
                        let ps = sign_extend(p, w);
                        (ps >> q.min(63)) as u64
                    }
                    d => panic!("a divider was left: {d:?}"),
                }
            }
            OpKind::Cmp(pr) => {
                let ww = wa(0);
                let (p, q) = (a(0), a(1));
                let (ps, qs) = (sign_extend(p, ww), sign_extend(q, ww));
                u64::from(match pr {
                    IcmpPred::Eq => p == q,
                    IcmpPred::Ne => p != q,
                    IcmpPred::Ult => p < q,
                    IcmpPred::Ule => p <= q,
                    IcmpPred::Ugt => p > q,
                    IcmpPred::Uge => p >= q,
                    IcmpPred::Slt => ps < qs,
                    IcmpPred::Sle => ps <= qs,
                    IcmpPred::Sgt => ps > qs,
                    IcmpPred::Sge => ps >= qs,
                    other => panic!("{other:?}"),
                })
            }
            OpKind::Select => {
                if a(0) & 1 == 1 {
                    a(1)
                } else {
                    a(2)
                }
            }
            OpKind::ZExt | OpKind::Trunc => a(0),
            OpKind::SExt => sign_extend(a(0), wa(0)) as u64,
            k => panic!("unexpected {k:?}"),
        };
        env.insert(r, v & mask(w));
    }
    out.iter().map(|o| env[o]).collect()
}

const ALL: [BinOp; 4] = [BinOp::DivU, BinOp::RemU, BinOp::DivS, BinOp::RemS];

#[test]
fn every_divisor_and_dividend_up_to_10_bits() {
    for w in 1..=10u32 {
        for c in 0..=mask(w) {
            let (f, x, outs) = rewritten(&ALL, c, w);
            for xv in 0..=mask(w) {
                let got = eval(&f, x, xv, &outs);
                for (k, &b) in ALL.iter().enumerate() {
                    assert_eq!(got[k], reference(b, xv, c, w), "{b:?} w {w} x {xv} c {c}");
                }
            }
        }
    }
}

/// A small deterministic generator (xorshift).
fn next(s: &mut u64) -> u64 {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    *s
}

#[test]
fn random_and_edge_divisors_at_wide_widths() {
    let mut s = 0x9e37_79b9_7f4a_7c15u64;
    for w in [16u32, 31, 32, 33, 48, 63, 64] {
        let m = mask(w);
        let min = 1u64 << (w - 1);
        let mut divisors =
            vec![0, 1, m, 2, 3, 5, 6, 7, 10, 11, 12, 25, 641, 1000, min, min - 1, min + 1, m - 1, m / 3];
        divisors.extend((1..w).map(|k| 1u64 << k));
        divisors.extend((2..w).flat_map(|k| [(1u64 << k) - 1, (1u64 << k) + 1]));
        divisors.extend((0..40).map(|_| next(&mut s) & m));
        divisors.extend((0..40).map(|_| next(&mut s) & 0xffff));
        let mut xs = vec![0, 1, 2, m, m - 1, min, min - 1, min + 1];
        xs.extend((0..300).map(|_| next(&mut s) & m));
        for c in divisors {
            // Negative divisors of the same magnitudes too.
            for c in [c & m, c.wrapping_neg() & m] {
                let (f, x, outs) = rewritten(&ALL, c, w);
                for &xv in &xs {
                    let got = eval(&f, x, xv, &outs);
                    for (k, &b) in ALL.iter().enumerate() {
                        assert_eq!(got[k], reference(b, xv, c, w), "{b:?} w {w} x {xv:#x} c {c:#x}");
                    }
                }
            }
        }
    }
}

#[test]
fn no_divider_is_left_and_remainders_reuse_the_quotient() {
    let (f, _, _) = rewritten(&[BinOp::DivS, BinOp::RemS], 7, 32);
    let muls = f
        .body
        .items
        .iter()
        .filter(|i| matches!(i, Item::Op(o) if f.op(*o).kind == OpKind::Bin(BinOp::Mul)))
        .count();
    // One magic multiply for the quotient, one `q * 7` for the remainder.
    assert_eq!(muls, 2);
    // Powers of two are shifts and masks: no multiply at all.
    let (f, _, _) = rewritten(&ALL, 16, 32);
    assert!(!f
        .body
        .items
        .iter()
        .any(|i| matches!(i, Item::Op(o) if f.op(*o).kind == OpKind::Bin(BinOp::Mul))));
}

#[test]
fn dividends_with_a_known_range_divide_at_their_own_width() {
    for w in [8u32, 16, 32] {
        for xmax in [0u64, 1, 2, 5, 59, 63, 64, 100] {
            let divisors = (0..=70u64).chain((1..=9).map(|k: u64| k.wrapping_neg()));
            for c in divisors {
                let mut f = Func::default();
                let x = f.new_value(w, Some("x".into()));
                let mut quotients = HashMap::new();
                let mut outs = Vec::new();
                for b in ALL {
                    let r = f.new_value(w, None);
                    let mut e = Emit::new(&mut f, Span::default());
                    let v = e.rewrite(b, x, c, w, &mut quotients, Some(xmax));
                    e.finish(v, r, &mut quotients);
                    let items = std::mem::take(&mut e.out);
                    f.body.items.extend(items);
                    outs.push(r);
                }
                for xv in 0..=xmax {
                    let got = eval(&f, x, xv, &outs);
                    for (k, &b) in ALL.iter().enumerate() {
                        assert_eq!(got[k], reference(b, xv, c, w), "{b:?} w {w} x {xv} <= {xmax} c {c}");
                    }
                }
            }
        }
    }
    // An induction variable of 0..60 divided by 3: a multiply at 6 + 6 bits, not 64.
    let mut f = Func::default();
    let x = f.new_value(32, None);
    let mut e = Emit::new(&mut f, Span::default());
    e.rewrite(BinOp::RemS, x, 3, 32, &mut HashMap::new(), Some(59));
    let mul_width = e.out.iter().find_map(|i| match i {
        Item::Op(o) if e.f.op(*o).kind == OpKind::Bin(BinOp::Mul) => e.f.op(*o).result.map(|r| e.f.width(r)),
        _ => None,
    });
    assert_eq!(mul_width, Some(12));
}
