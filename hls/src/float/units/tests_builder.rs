//! Tests of the builder's helpers that are more than one cell: leading-zero count and the
//! barrel shifters, exhaustively on small widths.

use super::testutil::{comb_module, eval, simulator};

#[test]
fn lzc_counts_leading_zeros() {
    for w in [1u32, 2, 3, 4, 5, 7, 8, 9] {
        let mut sim = simulator(comb_module(&[w], |b, x| b.lzc(x[0])));
        for x in 0..1u128 << w {
            let want = if x == 0 { w } else { w - (128 - x.leading_zeros()) };
            assert_eq!(eval(&mut sim, &[x]), u128::from(want), "lzc i{w} of {x:#b}");
        }
    }
}

#[test]
fn barrel_shifts_match_shift_operators() {
    for (w, aw) in [(5u32, 3u32), (8, 3), (8, 4), (6, 2), (1, 2)] {
        let mask = (1u128 << w) - 1;
        let mut l = simulator(comb_module(&[w, aw], |b, x| b.shl(x[0], x[1])));
        let mut r = simulator(comb_module(&[w, aw], |b, x| {
            let (v, s) = b.shr_sticky(x[0], x[1]);
            b.concat(&[s, v])
        }));
        for x in 0..1u128 << w {
            for a in 0..1u128 << aw {
                let sl = if a >= u128::from(w) { 0 } else { (x << a) & mask };
                assert_eq!(eval(&mut l, &[x, a]), sl, "{x:#b} << {a} in i{w}");
                let sr = if a >= u128::from(w) { 0 } else { x >> a };
                let lost = if a >= u128::from(w) { x != 0 } else { x & ((1 << a) - 1) != 0 };
                let want = (u128::from(lost) << w) | sr;
                assert_eq!(eval(&mut r, &[x, a]), want, "{x:#b} >> {a} in i{w}");
            }
        }
    }
}

#[test]
fn row_multiplier_is_the_full_product() {
    for (p, q, t) in [(5u32, 7u32, 2u32), (6, 6, 4), (4, 9, 3), (3, 2, 1), (6, 5, 1)] {
        let mut sim = simulator(comb_module(&[p, q], |b, x| b.mul_rows(x[0], x[1], t)));
        for x in 0..1u128 << p {
            for y in (0..1u128 << q).step_by(3) {
                assert_eq!(eval(&mut sim, &[x, y]), x * y, "{x} * {y} in rows of {t}");
            }
        }
    }
}
