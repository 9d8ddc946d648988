//! Every op against a u128/i128 reference on random values for widths 1..=128.

use super::*;
use crate::netlist::IcmpPred;
use crate::rng::Rng;

fn mask(w: u32) -> u128 {
    if w == 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    }
}

fn sx(v: u128, w: u32) -> i128 {
    ((v << (128 - w)) as i128) >> (128 - w)
}

fn b(v: u128, w: u32) -> Bits {
    Bits::from_u128(v, w)
}

fn ref_icmp(p: IcmpPred, x: u128, y: u128, w: u32) -> bool {
    use IcmpPred::*;
    let (sx_, sy) = (sx(x, w), sx(y, w));
    match p {
        Eq | Ceq | Weq => x == y,
        Ne | Cne | Wne => x != y,
        Slt => sx_ < sy,
        Sle => sx_ <= sy,
        Sgt => sx_ > sy,
        Sge => sx_ >= sy,
        Ult => x < y,
        Ule => x <= y,
        Ugt => x > y,
        Uge => x >= y,
    }
}

#[test]
fn random_against_u128_reference() {
    let mut rng = Rng::new(1);
    for w in 1..=128u32 {
        let m = mask(w);
        for _ in 0..200 {
            let (a, c) = (rng.bits(w), rng.bits(w));
            let (x, y) = (a.to_u128(), c.to_u128());
            assert_eq!(add(&a, &c).to_u128(), x.wrapping_add(y) & m, "add w{w}");
            assert_eq!(sub(&a, &c).to_u128(), x.wrapping_sub(y) & m, "sub w{w}");
            assert_eq!(mul(&a, &c).to_u128(), x.wrapping_mul(y) & m, "mul w{w}");
            let (q, r) = (x.checked_div(y).unwrap_or(0), x.checked_rem(y).unwrap_or(0));
            assert_eq!(divu(&a, &c).to_u128(), q, "divu w{w} {x} {y}");
            assert_eq!(modu(&a, &c).to_u128(), r, "modu w{w}");
            let (sa, sb) = (sx(x, w), sx(y, w));
            let (qs, rs) = if y == 0 { (0, 0) } else { (sa.wrapping_div(sb), sa.wrapping_rem(sb)) };
            assert_eq!(divs(&a, &c).to_u128(), qs as u128 & m, "divs w{w} {sa} {sb}");
            assert_eq!(mods(&a, &c).to_u128(), rs as u128 & m, "mods w{w} {sa} {sb}");
            // Shift amounts: small ones mostly, sometimes huge.
            let amt = if rng.chance(3, 4) { b(rng.below(w as u64 + 2) as u128, w) } else { c.clone() };
            let s = amt.to_u128();
            let shl_ref = if s >= w as u128 { 0 } else { (x << s) & m };
            let shr_ref = if s >= w as u128 { 0 } else { x >> s };
            let shrs_ref = if s >= w as u128 { (sa >> 127) as u128 & m } else { (sa >> s) as u128 & m };
            assert_eq!(shl(&a, &amt).to_u128(), shl_ref, "shl w{w} {x} {s}");
            assert_eq!(shru(&a, &amt).to_u128(), shr_ref, "shru w{w}");
            assert_eq!(shrs(&a, &amt).to_u128(), shrs_ref, "shrs w{w} {sa} {s}");
            assert_eq!(and(&a, &c).to_u128(), x & y);
            assert_eq!(or(&a, &c).to_u128(), x | y);
            assert_eq!(xor(&a, &c).to_u128(), x ^ y);
            assert_eq!(not(&a).to_u128(), !x & m);
            assert_eq!(parity(&a).to_u128(), (x.count_ones() % 2) as u128);
            assert_eq!(reverse(&a).to_u128(), x.reverse_bits() >> (128 - w), "reverse w{w}");
            for p in IcmpPred::ALL {
                assert_eq!(icmp(p, &a, &c), ref_icmp(p, x, y, w), "{p:?} w{w} {x} {y}");
            }
            // concat / extract / replicate on split widths
            let wl = rng.range(1, w as u64) as u32;
            let lo = b(y, wl);
            if w + wl <= 128 {
                let cat = concat(&[&a, &lo]).to_u128();
                assert_eq!(cat, (x << wl) | (y & mask(wl)), "concat w{w}+{wl}");
            }
            let low = rng.below((w - wl + 1) as u64) as u32;
            assert_eq!(extract(&a, low, wl).to_u128(), (x >> low) & mask(wl), "extract");
            let times = rng.range(1, (128 / wl) as u64) as u32;
            let mut rep = 0u128;
            for _ in 0..times {
                rep = rep.checked_shl(wl).unwrap_or(0) | (y & mask(wl));
            }
            assert_eq!(replicate(&lo, wl * times).to_u128(), rep, "replicate {wl}x{times}");
            assert_eq!(mux(&Bits::from_bool(true), &a, &c), a);
            assert_eq!(mux(&Bits::from_bool(false), &a, &c), c);
        }
    }
}

#[test]
fn results_keep_high_bits_clear() {
    let mut rng = Rng::new(2);
    for w in [1u32, 7, 63, 64, 65, 127, 128, 129, 200, 300] {
        for _ in 0..50 {
            let (a, c) = (rng.bits(w), rng.bits(w));
            for r in [
                add(&a, &c),
                sub(&a, &c),
                mul(&a, &c),
                divs(&a, &c),
                mods(&a, &c),
                shrs(&a, &c),
                shl(&a, &Bits::from_u64(3, w)),
                not(&a),
                reverse(&a),
                a.neg(),
            ] {
                assert_eq!(r, Bits::from_words(r.words(), w), "width {w}");
            }
        }
    }
}

#[test]
fn edge_cases() {
    // division by zero
    for w in [1u32, 8, 64, 100, 128, 200] {
        let (a, z) = (Bits::ones(w), Bits::zero(w));
        assert!(divu(&a, &z).is_zero() && modu(&a, &z).is_zero());
        assert!(divs(&a, &z).is_zero() && mods(&a, &z).is_zero());
    }
    // MIN / -1 = MIN, MIN % -1 = 0
    for w in [1u32, 2, 8, 64, 65, 128, 129, 200] {
        let mut min = Bits::zero(w);
        min.set_bit(w - 1, true);
        let m1 = Bits::ones(w);
        assert_eq!(divs(&min, &m1), min, "w{w}");
        assert!(mods(&min, &m1).is_zero(), "w{w}");
    }
    // mods takes the dividend's sign: -7 % 2 = -1, 7 % -2 = 1
    let n = |v: i64| Bits::from_u64(v as u64, 8);
    assert_eq!(mods(&n(-7), &n(2)), n(-1));
    assert_eq!(mods(&n(7), &n(-2)), n(1));
    assert_eq!(mods(&n(-7), &n(-2)), n(-1));
    assert_eq!(divs(&n(-7), &n(2)), n(-3));
    // shifts by >= width, and by amounts only the high words make huge
    let a = Bits::from_u64(0x80, 8);
    assert!(shl(&a, &n(8)).is_zero());
    assert!(shru(&a, &n(200)).is_zero());
    assert_eq!(shrs(&a, &n(8)), Bits::ones(8));
    assert_eq!(shrs(&n(0x40), &n(100)), Bits::zero(8));
    let wide = Bits::ones(200);
    let huge = Bits::from_words(&[1, 0, 1], 200);
    assert!(shl(&wide, &huge).is_zero());
    assert_eq!(shrs(&wide, &huge), Bits::ones(200));
    assert_eq!(shrs(&wide, &Bits::from_u64(199, 200)), Bits::ones(200));
    assert_eq!(shru(&wide, &Bits::from_u64(199, 200)), Bits::from_u64(1, 200));
    // truth table: a XOR b is 6 : ui4; first input is the MSB of the index
    let t = Bits::from_u64(6, 4);
    let (f, tr) = (Bits::from_bool(false), Bits::from_bool(true));
    assert!(!truth_table(&t, &[&f, &f]).bit(0));
    assert!(truth_table(&t, &[&f, &tr]).bit(0));
    assert!(truth_table(&t, &[&tr, &f]).bit(0));
    assert!(!truth_table(&t, &[&tr, &tr]).bit(0));
    let t2 = Bits::from_u64(0b0100, 4); // only index 2 = (x0=1, x1=0)
    assert!(truth_table(&t2, &[&tr, &f]).bit(0));
    assert!(!truth_table(&t2, &[&f, &tr]).bit(0));
    // lut: index = (c0*x0 + c1*x1) mod 256 mod len
    let table: Vec<Bits> = (0..5).map(|i| Bits::from_u64(i * 10, 8)).collect();
    let (x0, x1) = (Bits::from_u64(200, 8), Bits::from_u64(3, 8));
    // (3*200 + 7*3) mod 256 = 621 mod 256 = 109; 109 mod 5 = 4
    assert_eq!(lut(&[3, 7], &table, &[&x0, &x1]).to_u64(), 40);
    // wide operands are taken mod 256
    let xw = Bits::from_u64(0x1_0002, 20);
    assert_eq!(lut(&[1], &table, &[&xw]).to_u64(), 20);
}
