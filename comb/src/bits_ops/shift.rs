//! Shifts on [`Bits`]. The amount is the full unsigned value of the second operand; an
//! amount >= width gives 0 (`shrs`: all sign bits), per SPEC §3.

use crate::bits::Bits;

/// The shift amount if it is below `width`.
fn amount(b: &Bits, width: u32) -> Option<u32> {
    match b.as_u64() {
        Some(v) if v < width as u64 => Some(v as u32),
        _ => None,
    }
}

/// `a` shifted left by `s < width` bits.
pub fn shl_by(a: &Bits, s: u32) -> Bits {
    let w = a.width();
    if w <= 64 {
        return Bits::from_u64(a.to_u64() << s, w);
    }
    if w <= 128 {
        return Bits::from_u128(a.to_u128() << s, w);
    }
    let src = a.words();
    let (ws, bs) = ((s / 64) as usize, s % 64);
    let mut r = Bits::zero(w);
    for (i, d) in r.words_mut().iter_mut().enumerate().skip(ws) {
        let mut v = src[i - ws] << bs;
        if bs > 0 && i > ws {
            v |= src[i - ws - 1] >> (64 - bs);
        }
        *d = v;
    }
    r.mask();
    r
}

/// `a` shifted right logically by `s < width` bits.
pub fn shru_by(a: &Bits, s: u32) -> Bits {
    let w = a.width();
    if w <= 64 {
        return Bits::from_u64(a.to_u64() >> s, w);
    }
    if w <= 128 {
        return Bits::from_u128(a.to_u128() >> s, w);
    }
    let src = a.words();
    let (ws, bs) = ((s / 64) as usize, s % 64);
    let n = src.len();
    let mut r = Bits::zero(w);
    for (i, d) in r.words_mut().iter_mut().enumerate().take(n - ws) {
        let mut v = src[i + ws] >> bs;
        if bs > 0 && i + ws + 1 < n {
            v |= src[i + ws + 1] << (64 - bs);
        }
        *d = v;
    }
    r
}

/// `a` shifted right arithmetically by `s < width` bits.
pub fn shrs_by(a: &Bits, s: u32) -> Bits {
    let r = shru_by(a, s);
    if !a.msb() || s == 0 {
        return r;
    }
    // Fill the top `s` bits with ones.
    let fill = shl_by(&Bits::ones(a.width()), a.width() - s);
    super::or(&r, &fill)
}

/// `comb.shl`.
pub fn shl(a: &Bits, b: &Bits) -> Bits {
    match amount(b, a.width()) {
        Some(s) => shl_by(a, s),
        None => Bits::zero(a.width()),
    }
}

/// `comb.shru`.
pub fn shru(a: &Bits, b: &Bits) -> Bits {
    match amount(b, a.width()) {
        Some(s) => shru_by(a, s),
        None => Bits::zero(a.width()),
    }
}

/// `comb.shrs`.
pub fn shrs(a: &Bits, b: &Bits) -> Bits {
    match amount(b, a.width()) {
        Some(s) => shrs_by(a, s),
        None if a.msb() => Bits::ones(a.width()),
        None => Bits::zero(a.width()),
    }
}
