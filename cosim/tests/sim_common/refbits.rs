//! An independent, deliberately naive reference for SPEC section 3: values are `Vec<bool>`
//! (LSB first) and every operation works bit by bit (ripple carry, shift-and-add,
//! restoring division), sharing no code or tricks with the generated simulator.
#![allow(dead_code)]

use comb::Bits;

/// A bit vector, LSB first.
pub type V = Vec<bool>;

pub fn from_bits(b: &Bits) -> V {
    (0..b.width()).map(|i| b.bit(i)).collect()
}
pub fn to_bits(v: &V) -> Bits {
    let mut b = Bits::zero(v.len() as u32);
    for (i, &x) in v.iter().enumerate() {
        b.set_bit(i as u32, x);
    }
    b
}
pub fn zero(w: usize) -> V {
    vec![false; w]
}
pub fn not(a: &V) -> V {
    a.iter().map(|x| !x).collect()
}
pub fn add(a: &V, b: &V) -> V {
    let mut c = false;
    a.iter()
        .zip(b)
        .map(|(&x, &y)| {
            let s = x ^ y ^ c;
            c = (x & y) | (c & (x ^ y));
            s
        })
        .collect()
}
pub fn one(w: usize) -> V {
    let mut v = zero(w);
    v[0] = true;
    v
}
pub fn neg(a: &V) -> V {
    add(&not(a), &one(a.len()))
}
pub fn sub(a: &V, b: &V) -> V {
    add(a, &neg(b))
}
pub fn shl1(a: &V) -> V {
    let mut r = vec![false];
    r.extend_from_slice(&a[..a.len() - 1]);
    r
}
pub fn mul(a: &V, b: &V) -> V {
    let mut acc = zero(a.len());
    let mut sh = a.clone();
    for &bit in b {
        if bit {
            acc = add(&acc, &sh);
        }
        sh = shl1(&sh);
    }
    acc
}
pub fn is_zero(a: &V) -> bool {
    a.iter().all(|x| !x)
}
pub fn ult(a: &V, b: &V) -> bool {
    for i in (0..a.len()).rev() {
        if a[i] != b[i] {
            return b[i];
        }
    }
    false
}
pub fn slt(a: &V, b: &V) -> bool {
    let n = a.len() - 1;
    if a[n] != b[n] {
        a[n]
    } else {
        ult(a, b)
    }
}
pub fn udivmod(a: &V, b: &V) -> (V, V) {
    let w = a.len();
    if is_zero(b) {
        return (zero(w), zero(w));
    }
    // Restoring division with a w+1 bit remainder.
    let mut q = zero(w);
    let mut r = zero(w + 1);
    let mut bb = b.clone();
    bb.push(false);
    for i in (0..w).rev() {
        r = shl1(&r);
        r[0] = a[i];
        if !ult(&r, &bb) {
            r = sub(&r, &bb);
            q[i] = true;
        }
    }
    r.pop();
    (q, r)
}
fn abs(a: &V) -> V {
    if a[a.len() - 1] {
        neg(a)
    } else {
        a.clone()
    }
}
pub fn sdiv(a: &V, b: &V) -> V {
    if is_zero(b) {
        return zero(a.len());
    }
    let q = udivmod(&abs(a), &abs(b)).0;
    if a[a.len() - 1] != b[b.len() - 1] {
        neg(&q)
    } else {
        q
    }
}
pub fn smod(a: &V, b: &V) -> V {
    if is_zero(b) {
        return zero(a.len());
    }
    let r = udivmod(&abs(a), &abs(b)).1;
    if a[a.len() - 1] {
        neg(&r)
    } else {
        r
    }
}
/// The shift amount if below w.
fn amount(b: &V, w: usize) -> Option<usize> {
    let mut v: u128 = 0;
    for (i, &x) in b.iter().enumerate() {
        if x {
            if i >= 64 {
                return None;
            }
            v |= 1 << i;
        }
    }
    (v < w as u128).then_some(v as usize)
}
pub fn shl(a: &V, b: &V) -> V {
    let w = a.len();
    match amount(b, w) {
        None => zero(w),
        Some(s) => (0..w).map(|i| i >= s && a[i - s]).collect(),
    }
}
pub fn shru(a: &V, b: &V) -> V {
    let w = a.len();
    match amount(b, w) {
        None => zero(w),
        Some(s) => (0..w).map(|i| i + s < w && a[i + s]).collect(),
    }
}
pub fn shrs(a: &V, b: &V) -> V {
    let w = a.len();
    let s = amount(b, w).unwrap_or(w);
    (0..w).map(|i| if i + s < w { a[i + s] } else { a[w - 1] }).collect()
}
pub fn b1(x: bool) -> V {
    vec![x]
}
/// `concat` with the first operand most significant.
pub fn concat(parts: &[&V]) -> V {
    let mut r = Vec::new();
    for p in parts.iter().rev() {
        r.extend_from_slice(p);
    }
    r
}
pub fn extract(a: &V, low: usize, w: usize) -> V {
    a[low..low + w].to_vec()
}
pub fn from_u64(v: u64, w: usize) -> V {
    (0..w).map(|i| i < 64 && (v >> i) & 1 == 1).collect()
}
pub fn to_u64(a: &V) -> u64 {
    a.iter().take(64).enumerate().map(|(i, &x)| (x as u64) << i).sum()
}
