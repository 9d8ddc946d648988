//! Every combinational cell kind at widths 1..200, compiled into simulators (one crate per
//! width, all built together) and checked on random and edge-case inputs against the
//! bit-by-bit reference in `common/refbits.rs`.
#[path = "sim_common/mod.rs"]
mod common;

use comb::{Bits, CellKind, IcmpPred, Module, NetId};
use common::refbits::{self as r, V};
use common::*;
use cosim::stimulus::SplitMix64;

const WIDTHS: [u32; 15] = [1, 7, 8, 9, 16, 31, 33, 63, 64, 65, 100, 127, 128, 129, 200];

fn tt_table(n: u32, salt: u64) -> Bits {
    let mut rng = SplitMix64::new(salt);
    let words: Vec<u64> = (0..(1usize << n).div_ceil(64)).map(|_| rng.next_u64()).collect();
    Bits::from_words(&words, 1 << n)
}

fn lut_table(w: u32) -> Vec<Bits> {
    (0..7u64).map(|k| Bits::from_u64(k.wrapping_mul(0x1234_5677_89ab_cdef) ^ w as u64, w)).collect()
}

/// The module for width `w`; outputs in the order `reference` produces them.
fn build(w: u32) -> comb::Design {
    use CellKind::*;
    let mut m = Module::new(format!("ops_w{w}"), Default::default());
    let a = input(&mut m, "a", w);
    let b = input(&mut m, "b", w);
    let c = input(&mut m, "c", w);
    let s = input(&mut m, "s", 1);
    let mut outs: Vec<NetId> = Vec::new();
    let mut op = |m: &mut Module, k: CellKind, width: u32, ops: &[NetId]| outs.push(cell(m, k, width, ops));
    for k in [And, Or, Xor, Nor] {
        op(&mut m, k, w, &[a, b, c]);
    }
    for k in [Nand, Xnor, Add, Mul, Sub, DivU, DivS, ModU, ModS, Shl, ShrU, ShrS] {
        op(&mut m, k, w, &[a, b]);
    }
    op(&mut m, Add, w, &[a, b, c]);
    op(&mut m, Mul, w, &[a, b, c]);
    op(&mut m, And, w, &[a]);
    for p in IcmpPred::ALL {
        op(&mut m, Icmp(p), 1, &[a, b]);
    }
    op(&mut m, Inv, w, &[a]);
    op(&mut m, Parity, 1, &[a]);
    op(&mut m, Reverse, w, &[a]);
    op(&mut m, Concat, 2 * w + 1, &[s, a, b]);
    op(&mut m, Extract { low: 0 }, w.min(5), &[a]);
    op(&mut m, Extract { low: w / 2 }, w - w / 2, &[a]);
    op(&mut m, Extract { low: w - 1 }, 1, &[a]);
    op(&mut m, Replicate, 3 * w, &[a]);
    op(&mut m, Replicate, w, &[s]);
    op(&mut m, Mux, w, &[s, a, b]);
    let a0 = cell(&mut m, Extract { low: 0 }, 1, &[a]);
    let b0 = cell(&mut m, Extract { low: 0 }, 1, &[b]);
    op(&mut m, TruthTable(tt_table(3, w as u64)), 1, &[s, a0, b0]);
    let bits: Vec<NetId> = (0..w.min(8)).map(|i| cell(&mut m, Extract { low: i }, 1, &[a])).collect();
    op(&mut m, TruthTable(tt_table(bits.len() as u32, 99)), 1, &bits);
    op(&mut m, Lut { coefficients: vec![3, 200], table: lut_table(w) }, w, &[a, b]);
    let minus5 = cell(&mut m, Const(Bits::from_u64(5, w).neg()), w, &[]);
    op(&mut m, Add, w, &[a, minus5]);
    let ones = cell(&mut m, Const(Bits::ones(w)), w, &[]);
    op(&mut m, DivS, w, &[a, ones]);
    op(&mut m, ModS, w, &[a, ones]);
    let shifted = cell(&mut m, Shl, w, &[a, b]);
    op(&mut m, ShrU, w, &[shifted, b]);
    for (i, n) in outs.into_iter().enumerate() {
        output(&mut m, &format!("o{i}"), n);
    }
    design(vec![m])
}

fn reference(w: u32, x: &[Bits]) -> Vec<V> {
    let (a, b, c, s) = (r::from_bits(&x[0]), r::from_bits(&x[1]), r::from_bits(&x[2]), x[3].bit(0));
    let wu = w as usize;
    let zip3 = |f: fn(bool, bool) -> bool| -> V { (0..wu).map(|i| f(f(a[i], b[i]), c[i])).collect() };
    let mut o: Vec<V> = vec![
        zip3(|x, y| x & y),
        zip3(|x, y| x | y),
        zip3(|x, y| x ^ y),
        r::not(&zip3(|x, y| x | y)),
        (0..wu).map(|i| !(a[i] & b[i])).collect(),
        (0..wu).map(|i| !(a[i] ^ b[i])).collect(),
        r::add(&a, &b),
        r::mul(&a, &b),
        r::sub(&a, &b),
        r::udivmod(&a, &b).0,
        r::sdiv(&a, &b),
        r::udivmod(&a, &b).1,
        r::smod(&a, &b),
        r::shl(&a, &b),
        r::shru(&a, &b),
        r::shrs(&a, &b),
        r::add(&r::add(&a, &b), &c),
        r::mul(&r::mul(&a, &b), &c),
        a.clone(),
    ];
    let (eq, ult, slt) = (a == b, r::ult(&a, &b), r::slt(&a, &b));
    let (ugt, sgt) = (r::ult(&b, &a), r::slt(&b, &a));
    for v in [eq, !eq, slt, !sgt, sgt, !slt, ult, !ugt, ugt, !ult, eq, !eq, eq, !eq] {
        o.push(r::b1(v));
    }
    o.push(r::not(&a));
    o.push(r::b1(a.iter().filter(|&&x| x).count() % 2 == 1));
    o.push(a.iter().rev().copied().collect());
    o.push(r::concat(&[&r::b1(s), &a, &b]));
    o.push(r::extract(&a, 0, wu.min(5)));
    o.push(r::extract(&a, wu / 2, wu - wu / 2));
    o.push(r::extract(&a, wu - 1, 1));
    o.push(r::concat(&[&a, &a, &a]));
    o.push(vec![s; wu]);
    o.push(if s { a.clone() } else { b.clone() });
    let idx3 = (s as usize) << 2 | (a[0] as usize) << 1 | b[0] as usize;
    o.push(r::b1(tt_table(3, w as u64).bit(idx3 as u32)));
    let n = wu.min(8);
    let idx8: usize = (0..n).map(|i| (a[i] as usize) << (n - 1 - i)).sum();
    o.push(r::b1(tt_table(n as u32, 99).bit(idx8 as u32)));
    let li = ((3 * (r::to_u64(&a) & 255) + 200 * (r::to_u64(&b) & 255)) % 256) % 7;
    o.push(r::from_bits(&lut_table(w)[li as usize]));
    o.push(r::sub(&a, &r::from_u64(5, wu)));
    o.push(r::sdiv(&a, &vec![true; wu]));
    o.push(r::smod(&a, &vec![true; wu]));
    o.push(r::shru(&r::shl(&a, &b), &b));
    o
}

fn stimulus(w: u32) -> Vec<Vec<Bits>> {
    let mut rng = SplitMix64::new(w as u64 * 7919);
    let mut min = Bits::zero(w);
    min.set_bit(w - 1, true);
    let mut v = vec![
        vec![min.clone(), Bits::ones(w), Bits::ones(w), Bits::from_bool(true)],
        vec![Bits::ones(w), Bits::zero(w), Bits::from_u64(3, w), Bits::from_bool(false)],
        vec![min.clone(), Bits::from_u64(1, w), min.clone(), Bits::from_bool(true)],
        vec![Bits::ones(w), Bits::from_u64(w as u64 - 1, w), Bits::ones(w), Bits::from_bool(true)],
        vec![Bits::ones(w), Bits::from_u64(w as u64, w), Bits::ones(w), Bits::from_bool(false)],
    ];
    for k in 0..150u64 {
        let a = rng.bits(w);
        let b = if k % 3 == 0 { Bits::from_u64(rng.next_u64() % (w as u64 + 2), w) } else { rng.bits(w) };
        let c = rng.bits(w);
        let s = Bits::from_u64(rng.next_u64(), 1);
        // Small divisors now and then, so quotients are not all 0 or 1.
        let b = if k % 5 == 1 { Bits::from_u64(rng.next_u64() % 1000, w) } else { b };
        v.push(vec![a, b, c, s]);
    }
    v
}

#[test]
fn every_comb_kind_at_every_width() {
    let designs: Vec<comb::Design> = WIDTHS.iter().map(|&w| build(w)).collect();
    let cases: Vec<(&comb::Design, Vec<Vec<Bits>>)> =
        designs.iter().zip(WIDTHS).map(|(d, w)| (d, stimulus(w))).collect();
    let out = run_all("ops_harness", &cases);
    for ((w, (_, stim)), trace) in WIDTHS.iter().zip(&cases).zip(&out) {
        assert_eq!(trace.len(), stim.len());
        for (cyc, (x, got)) in stim.iter().zip(trace).enumerate() {
            let want = reference(*w, x);
            assert_eq!(got.len(), want.len());
            for (i, (g, e)) in got.iter().zip(&want).enumerate() {
                let e = hex(&r::to_bits(e));
                let xs: Vec<String> = x.iter().map(hex).collect();
                assert_eq!(g, &e, "width {w}, output o{i}, cycle {cyc}, inputs {xs:?}");
            }
        }
    }
}
