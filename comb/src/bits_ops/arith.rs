//! Wrapping arithmetic on [`Bits`]: add, sub, mul and the four divisions.
//!
//! Widths up to 64 and 128 bits take native fast paths; wider values use word-wise
//! carry chains, truncated schoolbook multiplication, and long division (by a single word
//! when the divisor fits one, shift-subtract otherwise). Division by zero gives 0, `divs`
//! of the minimum by -1 gives the minimum, `mods` takes the dividend's sign (SPEC §3).

use crate::bits::Bits;
use std::cmp::Ordering;

fn sext64(v: u64, w: u32) -> i64 {
    ((v << (64 - w)) as i64) >> (64 - w)
}

fn sext128(v: u128, w: u32) -> i128 {
    ((v << (128 - w)) as i128) >> (128 - w)
}

/// `a + b` modulo 2^width.
pub fn add(a: &Bits, b: &Bits) -> Bits {
    let w = a.width();
    if w <= 64 {
        return Bits::from_u64(a.to_u64().wrapping_add(b.to_u64()), w);
    }
    if w <= 128 {
        return Bits::from_u128(a.to_u128().wrapping_add(b.to_u128()), w);
    }
    let mut r = Bits::zero(w);
    let mut carry = false;
    for ((d, &x), &y) in r.words_mut().iter_mut().zip(a.words()).zip(b.words()) {
        let (s1, c1) = x.overflowing_add(y);
        let (s2, c2) = s1.overflowing_add(carry as u64);
        *d = s2;
        carry = c1 | c2;
    }
    r.mask();
    r
}

/// `a - b` modulo 2^width.
pub fn sub(a: &Bits, b: &Bits) -> Bits {
    let w = a.width();
    if w <= 64 {
        return Bits::from_u64(a.to_u64().wrapping_sub(b.to_u64()), w);
    }
    if w <= 128 {
        return Bits::from_u128(a.to_u128().wrapping_sub(b.to_u128()), w);
    }
    let mut r = a.clone();
    sub_in_place(r.words_mut(), b.words());
    r.mask();
    r
}

fn sub_in_place(a: &mut [u64], b: &[u64]) {
    let mut borrow = false;
    for (x, &y) in a.iter_mut().zip(b) {
        let (d1, b1) = x.overflowing_sub(y);
        let (d2, b2) = d1.overflowing_sub(borrow as u64);
        *x = d2;
        borrow = b1 | b2;
    }
}

/// `a * b` modulo 2^width.
pub fn mul(a: &Bits, b: &Bits) -> Bits {
    let w = a.width();
    if w <= 64 {
        return Bits::from_u64(a.to_u64().wrapping_mul(b.to_u64()), w);
    }
    if w <= 128 {
        return Bits::from_u128(a.to_u128().wrapping_mul(b.to_u128()), w);
    }
    let (x, y) = (a.words(), b.words());
    let n = x.len();
    // Only the significant words of each factor: small constants in wide words cost little.
    let used = |v: &[u64]| v.iter().rposition(|&w| w != 0).map_or(0, |i| i + 1);
    let (nx, ny) = (used(x), used(y));
    let mut r = vec![0u64; n];
    for i in 0..nx {
        if x[i] == 0 {
            continue;
        }
        let mut carry = 0u128;
        for j in 0..(n - i).min(ny) {
            let t = r[i + j] as u128 + x[i] as u128 * y[j] as u128 + carry;
            r[i + j] = t as u64;
            carry = t >> 64;
        }
        // Propagate the last carry into the words above the product of this row.
        let mut k = i + (n - i).min(ny);
        while carry != 0 && k < n {
            let t = r[k] as u128 + carry;
            r[k] = t as u64;
            carry = t >> 64;
            k += 1;
        }
    }
    Bits::from_words(&r, w)
}

/// Unsigned comparison of equal-width values.
pub fn cmp_u(a: &Bits, b: &Bits) -> Ordering {
    cmp_words(a.words(), b.words())
}

fn cmp_words(a: &[u64], b: &[u64]) -> Ordering {
    for (x, y) in a.iter().rev().zip(b.iter().rev()) {
        match x.cmp(y) {
            Ordering::Equal => {}
            o => return o,
        }
    }
    Ordering::Equal
}

/// Signed (two's complement) comparison of equal-width values.
pub fn cmp_s(a: &Bits, b: &Bits) -> Ordering {
    match (a.msb(), b.msb()) {
        (true, false) => Ordering::Less,
        (false, true) => Ordering::Greater,
        _ => cmp_u(a, b),
    }
}

/// Unsigned quotient and remainder; both 0 when `b` is 0.
pub fn divmod_u(a: &Bits, b: &Bits) -> (Bits, Bits) {
    let w = a.width();
    if b.is_zero() {
        return (Bits::zero(w), Bits::zero(w));
    }
    if w <= 64 {
        let (x, y) = (a.to_u64(), b.to_u64());
        return (Bits::from_u64(x / y, w), Bits::from_u64(x % y, w));
    }
    if w <= 128 {
        let (x, y) = (a.to_u128(), b.to_u128());
        return (Bits::from_u128(x / y, w), Bits::from_u128(x % y, w));
    }
    if let Some(d) = b.as_u64() {
        let mut q = Bits::zero(w);
        let mut rem = 0u128;
        for (qw, &aw) in q.words_mut().iter_mut().zip(a.words()).rev() {
            let cur = (rem << 64) | aw as u128;
            *qw = (cur / d as u128) as u64;
            rem = cur % d as u128;
        }
        return (q, Bits::from_u64(rem as u64, w));
    }
    // Shift-subtract from the highest set bit of the dividend.
    let mut q = Bits::zero(w);
    let mut r = vec![0u64; a.words().len()];
    let top = (0..w).rev().find(|&i| a.bit(i));
    if let Some(top) = top {
        for i in (0..=top).rev() {
            let mut carry = a.bit(i) as u64;
            for word in r.iter_mut() {
                let next = *word >> 63;
                *word = (*word << 1) | carry;
                carry = next;
            }
            // r < b <= 2^w - 1 before the shift, so a carry out means r >= b.
            if carry == 1 || cmp_words(&r, b.words()) != Ordering::Less {
                sub_in_place(&mut r, b.words());
                q.set_bit(i, true);
            }
        }
    }
    (q, Bits::from_words(&r, w))
}

/// Unsigned division; x/0 = 0.
pub fn divu(a: &Bits, b: &Bits) -> Bits {
    divmod_u(a, b).0
}

/// Unsigned remainder; x%0 = 0.
pub fn modu(a: &Bits, b: &Bits) -> Bits {
    divmod_u(a, b).1
}

fn abs(a: &Bits) -> Bits {
    if a.msb() {
        a.neg()
    } else {
        a.clone()
    }
}

/// Signed division truncating toward zero; x/0 = 0, MIN/-1 = MIN.
pub fn divs(a: &Bits, b: &Bits) -> Bits {
    let w = a.width();
    if b.is_zero() {
        return Bits::zero(w);
    }
    if w <= 64 {
        let q = sext64(a.to_u64(), w).wrapping_div(sext64(b.to_u64(), w));
        return Bits::from_u64(q as u64, w);
    }
    if w <= 128 {
        let q = sext128(a.to_u128(), w).wrapping_div(sext128(b.to_u128(), w));
        return Bits::from_u128(q as u128, w);
    }
    let q = divu(&abs(a), &abs(b));
    if a.msb() != b.msb() {
        q.neg()
    } else {
        q
    }
}

/// Signed remainder with the dividend's sign (Verilog `%`); x%0 = 0.
pub fn mods(a: &Bits, b: &Bits) -> Bits {
    let w = a.width();
    if b.is_zero() {
        return Bits::zero(w);
    }
    if w <= 64 {
        let r = sext64(a.to_u64(), w).wrapping_rem(sext64(b.to_u64(), w));
        return Bits::from_u64(r as u64, w);
    }
    if w <= 128 {
        let r = sext128(a.to_u128(), w).wrapping_rem(sext128(b.to_u128(), w));
        return Bits::from_u128(r as u128, w);
    }
    let r = modu(&abs(a), &abs(b));
    if a.msb() {
        r.neg()
    } else {
        r
    }
}
