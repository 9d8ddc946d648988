//! Bitwise logic, bit shuffling (concat, extract, replicate, reverse), comparisons, mux,
//! `truth_table` and `lut` on [`Bits`], all word-wise so that million-bit values stay fast.

use super::arith::{cmp_s, cmp_u};
use crate::bits::Bits;
use crate::netlist::IcmpPred;
use std::cmp::Ordering;

fn zip_words(a: &Bits, b: &Bits, f: impl Fn(u64, u64) -> u64) -> Bits {
    let mut r = a.clone();
    for (x, &y) in r.words_mut().iter_mut().zip(b.words()) {
        *x = f(*x, y);
    }
    r.mask();
    r
}

/// Bitwise AND.
pub fn and(a: &Bits, b: &Bits) -> Bits {
    zip_words(a, b, |x, y| x & y)
}
/// Bitwise OR.
pub fn or(a: &Bits, b: &Bits) -> Bits {
    zip_words(a, b, |x, y| x | y)
}
/// Bitwise XOR.
pub fn xor(a: &Bits, b: &Bits) -> Bits {
    zip_words(a, b, |x, y| x ^ y)
}
/// Bitwise NOT.
pub fn not(a: &Bits) -> Bits {
    a.not()
}

/// XOR of all bits, as an i1.
pub fn parity(a: &Bits) -> Bits {
    let ones: u32 = a.words().iter().map(|w| w.count_ones()).sum();
    Bits::from_bool(ones % 2 == 1)
}

/// Bit reversal: bit i goes to bit width-1-i.
pub fn reverse(a: &Bits) -> Bits {
    let w = a.width();
    if w <= 64 {
        return Bits::from_u64(a.to_u64().reverse_bits() >> (64 - w), w);
    }
    // Reverse whole words, then shift the padding out.
    let n = a.words().len();
    let pad = (n * 64) as u32 - w;
    let rev: Vec<u64> = a.words().iter().rev().map(|x| x.reverse_bits()).collect();
    let full = Bits::from_words(&rev, (n * 64) as u32);
    extract(&full, pad, w)
}

/// ORs `src` into `dst` at bit `offset` (the target bits must be zero; no masking).
fn put(dst: &mut [u64], offset: u32, src: &Bits) {
    let (ws, bs) = ((offset / 64) as usize, offset % 64);
    for (i, &v) in src.words().iter().enumerate() {
        if let Some(d) = dst.get_mut(ws + i) {
            *d |= v << bs;
        }
        if bs > 0 {
            if let Some(d) = dst.get_mut(ws + i + 1) {
                *d |= v >> (64 - bs);
            }
        }
    }
}

/// Concatenation; the first part is the most significant.
pub fn concat(parts: &[&Bits]) -> Bits {
    let w: u32 = parts.iter().map(|p| p.width()).sum();
    if w <= 128 {
        let mut v = 0u128;
        for p in parts {
            v = v.checked_shl(p.width()).unwrap_or(0) | p.to_u128();
        }
        return Bits::from_u128(v, w);
    }
    let mut r = Bits::zero(w);
    let mut offset = 0;
    for p in parts.iter().rev() {
        put(r.words_mut(), offset, p);
        offset += p.width();
    }
    r.mask();
    r
}

/// Bits `low..low+width` of `a` (in range).
pub fn extract(a: &Bits, low: u32, width: u32) -> Bits {
    if a.width() <= 128 {
        return Bits::from_u128(a.to_u128() >> low, width);
    }
    let src = a.words();
    let (ws, bs) = ((low / 64) as usize, low % 64);
    let mut r = Bits::zero(width);
    for (i, d) in r.words_mut().iter_mut().enumerate() {
        let mut v = src.get(ws + i).copied().unwrap_or(0) >> bs;
        if bs > 0 {
            v |= src.get(ws + i + 1).copied().unwrap_or(0) << (64 - bs);
        }
        *d = v;
    }
    r.mask();
    r
}

/// `a` repeated to fill `width` bits (a multiple of its width).
pub fn replicate(a: &Bits, width: u32) -> Bits {
    let n = a.width();
    if width <= 64 {
        let mut v = 0u64;
        let mut i = 0;
        while i < width {
            v |= a.to_u64() << i;
            i += n;
        }
        return Bits::from_u64(v, width);
    }
    if n == 1 {
        return if a.bit(0) { Bits::zero(width).not() } else { Bits::zero(width) };
    }
    // Doubling: the copies made so far are copied again, so a narrow value repeated many
    // times takes a few word-wise copies instead of one per repetition.
    let mut r = Bits::zero(width);
    put(r.words_mut(), 0, a);
    let mut filled = n.min(width);
    while filled < width {
        let chunk = extract(&r, 0, filled.min(width - filled));
        put(r.words_mut(), filled, &chunk);
        filled += chunk.width();
    }
    r.mask();
    r
}

/// `comb.icmp` with any of the 14 predicates.
pub fn icmp(pred: IcmpPred, a: &Bits, b: &Bits) -> bool {
    use IcmpPred::*;
    match pred {
        Eq | Ceq | Weq => a == b,
        Ne | Cne | Wne => a != b,
        Slt => cmp_s(a, b) == Ordering::Less,
        Sle => cmp_s(a, b) != Ordering::Greater,
        Sgt => cmp_s(a, b) == Ordering::Greater,
        Sge => cmp_s(a, b) != Ordering::Less,
        Ult => cmp_u(a, b) == Ordering::Less,
        Ule => cmp_u(a, b) != Ordering::Greater,
        Ugt => cmp_u(a, b) == Ordering::Greater,
        Uge => cmp_u(a, b) != Ordering::Less,
    }
}

/// `t` if bit 0 of `c` is set, else `f`.
pub fn mux(c: &Bits, t: &Bits, f: &Bits) -> Bits {
    if c.bit(0) {
        t.clone()
    } else {
        f.clone()
    }
}

/// `comb.truth_table`: the first input is the index's MSB; the result is bit `index` of
/// `table`.
pub fn truth_table(table: &Bits, inputs: &[&Bits]) -> Bits {
    let index = inputs.iter().fold(0u32, |i, x| (i << 1) | x.bit(0) as u32);
    Bits::from_bool(table.bit(index))
}

/// `comb.lut`: index = (Σ c_k·x_k) mod 256 mod len(table), x_k taken mod 256.
pub fn lut(coefficients: &[u8], table: &[Bits], inputs: &[&Bits]) -> Bits {
    let sum = coefficients
        .iter()
        .zip(inputs)
        .fold(0u8, |s, (&c, x)| s.wrapping_add(c.wrapping_mul(x.to_u64() as u8)));
    table[sum as usize % table.len()].clone()
}
