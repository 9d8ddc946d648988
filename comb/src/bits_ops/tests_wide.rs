//! Wide values (over 128 bits): identities and bit-level references for the word-wise paths.

use super::*;
use crate::rng::Rng;

fn small(v: u64, w: u32) -> Bits {
    Bits::from_u64(v, w)
}

#[test]
fn wide_mul_is_repeated_add_and_distributes() {
    let mut rng = Rng::new(3);
    for w in [129u32, 192, 200, 257, 640] {
        for _ in 0..20 {
            let a = rng.bits(w);
            let k = rng.below(20);
            let mut acc = Bits::zero(w);
            for _ in 0..k {
                acc = add(&acc, &a);
            }
            assert_eq!(mul(&a, &small(k, w)), acc, "w{w} k{k}");
            let (b, c) = (rng.bits(w), rng.bits(w));
            assert_eq!(mul(&a, &add(&b, &c)), add(&mul(&a, &b), &mul(&a, &c)));
            assert_eq!(mul(&a, &b), mul(&b, &a));
            assert_eq!(sub(&add(&a, &b), &b), a);
            assert_eq!(add(&a, &a.neg()), Bits::zero(w));
        }
    }
}

/// `a * b` by shift and add, bit by bit: the reference for the word-wise product.
fn mul_by_adds(a: &Bits, b: &Bits) -> Bits {
    let (mut acc, mut p) = (Bits::zero(a.width()), a.clone());
    for i in 0..b.width() {
        if b.bit(i) {
            acc = add(&acc, &p);
        }
        p = add(&p, &p);
    }
    acc
}

#[test]
fn wide_mul_of_short_factors_carries_into_the_high_words() {
    // Factors whose high words are zero (the product loop skips them) must still carry
    // into the words above their product.
    let mut rng = Rng::new(6);
    for w in [192u32, 640, 1000] {
        for i in 0..40 {
            let (lx, ly) = (1 + rng.below(128) as u32, 1 + rng.below(200) as u32);
            let a = if i % 3 == 0 {
                Bits::from_words(Bits::ones(lx).words(), w)
            } else {
                Bits::from_words(rng.bits(lx).words(), w)
            };
            let b = if i % 3 == 0 {
                Bits::from_words(Bits::ones(ly).words(), w)
            } else {
                Bits::from_words(rng.bits(ly).words(), w)
            };
            assert_eq!(mul(&a, &b), mul_by_adds(&a, &b), "w{w} {lx}x{ly}");
        }
    }
}

#[test]
fn wide_division_identities() {
    let mut rng = Rng::new(4);
    for w in [129u32, 200, 256, 333] {
        for i in 0..60 {
            let a = rng.bits(w);
            // Alternate divisors that fit one word with wide ones.
            let b = if i % 2 == 0 { small(rng.next_u64() >> rng.below(64), w) } else { rng.bits(w) };
            let (q, r) = divmod_u(&a, &b);
            if b.is_zero() {
                assert!(q.is_zero() && r.is_zero());
                continue;
            }
            assert_eq!(add(&mul(&q, &b), &r), a, "w{w}");
            assert_eq!(cmp_u(&r, &b), std::cmp::Ordering::Less);
            let (qs, rs) = (divs(&a, &b), mods(&a, &b));
            assert_eq!(add(&mul(&qs, &b), &rs), a, "signed w{w}");
            assert!(rs.is_zero() || rs.msb() == a.msb(), "mods sign");
        }
    }
}

#[test]
fn wide_division_matches_u128_on_zero_extended_values() {
    let mut rng = Rng::new(5);
    for _ in 0..500 {
        let (x, y) = (rng.bits(128).to_u128(), rng.bits(128).to_u128() >> rng.below(128));
        let (a, b) = (Bits::from_u128(x, 200), Bits::from_u128(y, 200));
        let (q, r) = divmod_u(&a, &b);
        let (eq, er) = (x.checked_div(y).unwrap_or(0), x.checked_rem(y).unwrap_or(0));
        assert_eq!((q.to_u128(), r.to_u128()), (eq, er));
        assert!(q.as_u64().is_some() || q.words()[2] == 0);
        let s = add(&a, &b);
        assert_eq!(s.to_u128(), x.wrapping_add(y));
        assert_eq!(s.bit(128), x.checked_add(y).is_none());
    }
}

#[test]
fn wide_bit_shuffles_match_bitwise_reference() {
    let mut rng = Rng::new(6);
    for w in [129u32, 150, 200, 256, 300] {
        for _ in 0..20 {
            let a = rng.bits(w);
            let s = rng.below(w as u64) as u32;
            let amt = small(s as u64, w);
            let (l, r, rs, rev) = (shl(&a, &amt), shru(&a, &amt), shrs(&a, &amt), reverse(&a));
            for i in 0..w {
                assert_eq!(l.bit(i), i >= s && a.bit(i - s), "shl w{w} s{s} bit {i}");
                assert_eq!(r.bit(i), a.bit(i + s), "shru w{w} s{s} bit {i}");
                let sbit = if i + s < w { a.bit(i + s) } else { a.msb() };
                assert_eq!(rs.bit(i), sbit, "shrs w{w} s{s} bit {i}");
                assert_eq!(rev.bit(i), a.bit(w - 1 - i));
            }
            let wl = rng.range(1, 150.min(w as u64)) as u32;
            let low = rng.below((w - wl + 1) as u64) as u32;
            let e = extract(&a, low, wl);
            for i in 0..wl {
                assert_eq!(e.bit(i), a.bit(low + i));
            }
            let c = rng.bits(wl);
            let cat = concat(&[&c, &a, &e]);
            assert_eq!(cat.width(), wl + w + wl);
            assert_eq!(extract(&cat, 0, wl), e);
            assert_eq!(extract(&cat, wl, w), a);
            assert_eq!(extract(&cat, wl + w, wl), c);
            let rep = replicate(&c, wl * 3);
            for k in 0..3 {
                assert_eq!(extract(&rep, k * wl, wl), c);
            }
            let p = (0..w).filter(|&i| a.bit(i)).count() % 2 == 1;
            assert_eq!(parity(&a).bit(0), p);
        }
    }
}

#[test]
fn million_bit_values() {
    let w = 1 << 20;
    let a = Bits::ones(w);
    let one = small(1, w);
    assert!(add(&a, &one).is_zero());
    assert_eq!(sub(&Bits::zero(w), &one), a);
    assert_eq!(shru(&a, &small(w as u64 - 1, w)), one);
    assert_eq!(modu(&a, &small(3, w)), small(0, w)); // 2^(2^20) - 1 = 4^(2^19) - 1
    assert_eq!(parity(&a).to_u64(), 0);
    assert!(reverse(&one).msb());
}

#[test]
fn wide_replicate_matches_bit_by_bit_reference() {
    let mut rng = Rng::new(11);
    for n in [1u32, 2, 3, 7, 63, 64, 65, 100] {
        for times in [2u32, 3, 5, 17, 64] {
            let w = n * times;
            let a = rng.bits(n);
            let r = replicate(&a, w);
            assert_eq!(r.width(), w);
            for i in 0..w {
                assert_eq!(r.bit(i), a.bit(i % n), "n{n} x{times} bit {i}");
            }
        }
    }
}
