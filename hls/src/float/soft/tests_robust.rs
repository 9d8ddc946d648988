//! Every operation on every accepted format shape (exponent 2..=20 bits, fraction 1 bit up to
//! the 64-bit limit), on random and special patterns with garbage above the format's width:
//! no panic, results within the width, every NaN result the default NaN, and the algebraic
//! identities that hold exactly (commutativity, `x - x = +0`, widening round trips).

use super::tests_support::{random, specials};
use super::*;
use crate::float::{FCmpPred, FloatFormat};
use comb::rng::Rng;

/// Format shapes: every exponent width with a few fraction widths each.
fn shapes() -> Vec<FloatFormat> {
    let mut v = Vec::new();
    for exp in 2..=20 {
        for man in [1, 2, 7, 10, 23, 40, 52, 63 - exp] {
            if exp + man <= 63 && !v.contains(&FloatFormat { exp, man }) {
                v.push(FloatFormat { exp, man });
            }
        }
    }
    v
}

/// All outputs of one random round of operations on `a, b, c`.
fn outputs(f: FloatFormat, a: u64, b: u64, c: u64) -> [u64; 11] {
    [
        add(f, a, b),
        sub(f, a, b),
        mul(f, a, b),
        div(f, a, b),
        rem(f, a, b),
        sqrt(f, a),
        fma(f, a, b, c),
        convert(f, FloatFormat::F64, a),
        convert(FloatFormat::F64, f, a),
        from_sint(f, a, (b % 70) as u32),
        from_uint(f, a, (b % 70) as u32),
    ]
}

#[test]
fn every_shape_is_total_and_masked() {
    let mut rng = Rng::new(60);
    for f in shapes() {
        let mut vals = specials(f);
        vals.extend((0..300).map(|_| random(f, &mut rng)));
        for i in 0..vals.len() {
            let junk = rng.next_u64() & !f.mask();
            let (a, b, c) = (vals[i] | junk, vals[(i * 7 + 3) % vals.len()], vals[(i * 13 + 5) % vals.len()]);
            for (k, r) in outputs(f, a, b, c).into_iter().enumerate() {
                let g = if k == 7 { FloatFormat::F64 } else { f };
                assert_eq!(r & !g.mask(), 0, "{f} op {k} unmasked {a:#x} {b:#x}");
                assert!(!g.is_nan(r) || r == g.default_nan(), "{f} op {k}: NaN {r:#x} not default");
            }
            // Integer results stay within the (clamped) width.
            let w = (c % 70) as u32;
            let int_mask = u64::MAX >> (64 - w.clamp(1, 64));
            assert_eq!(to_sint(f, a, w) & !int_mask, 0, "{f} fptosi i{w} {a:#x}");
            assert_eq!(to_uint(f, a, w) & !int_mask, 0, "{f} fptoui i{w} {a:#x}");
            assert!(cmp(f, FCmpPred::Oeq, a, a) != f.is_nan(a));
            assert!(f.same_result(maximum(f, a, b), maximum(f, b, a)));
            assert!(f.same_result(minnum(f, a, b), minnum(f, b, a)));
        }
    }
}

#[test]
fn exact_identities_hold() {
    let mut rng = Rng::new(61);
    for f in shapes() {
        for _ in 0..300 {
            let (a, b, c) = (random(f, &mut rng), random(f, &mut rng), random(f, &mut rng));
            assert!(f.same_result(add(f, a, b), add(f, b, a)), "{f} add commutes {a:#x} {b:#x}");
            assert!(f.same_result(mul(f, a, b), mul(f, b, a)), "{f} mul commutes {a:#x} {b:#x}");
            assert!(f.same_result(fma(f, a, b, c), fma(f, b, a, c)), "{f} fma commutes");
            let (_, e, _) = f.unpack(a);
            if e != f.exp_max() {
                assert_eq!(sub(f, a, a), 0, "{f} x - x {a:#x}");
                assert_eq!(add(f, a, neg(f, a)), 0, "{f} x + -x {a:#x}");
            }
            // Widening to a format with at least as many exponent and fraction bits is exact
            // and narrowing back returns the value.
            let wide = FloatFormat { exp: (f.exp + 1).min(20), man: f.man.max(63 - (f.exp + 1).min(20)) };
            if wide.exp + wide.man <= 63 && wide.man >= f.man {
                let w = convert(f, wide, a);
                assert!(f.same_result(convert(wide, f, w), a), "{f} -> {wide} -> {f} {a:#x}");
            }
        }
    }
}
