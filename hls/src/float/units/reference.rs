//! Test references for formats Rust has no type for: a value of a narrow format converted to
//! `f64` exactly, the operation done in `f64`, and the result rounded once more to the
//! format. For `+ - *` that double rounding is exact, as `f64`'s 53 bits are at least
//! `2p + 2` for these formats' precisions `p` (and no `f64` result of them is subnormal);
//! for a fused multiply-add, the error of the `f64` addition (from `TwoSum`) decides the
//! one case where it matters, a result exactly halfway between two values of the format.

use crate::float::FloatFormat;

/// The value of `bits` in format `f` as an `f64` (exact for `exp <= 11`, `man <= 52`).
pub fn to_f64(f: FloatFormat, bits: u64) -> f64 {
    let (s, e, m) = f.unpack(bits);
    let mag = if e == f.exp_max() {
        if m == 0 {
            f64::INFINITY
        } else {
            f64::NAN
        }
    } else if e == 0 {
        m as f64 * 2f64.powi(1 - f.bias() - f.man as i32)
    } else {
        ((1u64 << f.man) | m) as f64 * 2f64.powi(e as i32 - f.bias() - f.man as i32)
    };
    if s {
        -mag
    } else {
        mag
    }
}

/// `x` rounded to format `f` (nearest, ties to even, subnormals kept).
pub fn from_f64(f: FloatFormat, x: f64) -> u64 {
    if x.is_nan() {
        return f.default_nan();
    }
    let sign = x.is_sign_negative();
    if x.is_infinite() {
        return f.inf(sign);
    }
    if x == 0.0 {
        return f.zero(sign);
    }
    // x = mant * 2^exp2 with a 53-bit integer mant.
    let b = x.abs().to_bits();
    let (be, bm) = ((b >> 52) as i32, b & ((1u64 << 52) - 1));
    let (mant, exp2) = if be == 0 { (bm, -1074) } else { (bm | (1u64 << 52), be - 1075) };
    let top = exp2 + 63 - mant.leading_zeros() as i32; // floor(log2 |x|)
    let emin = 1 - f.bias();
    let q = (top - f.man as i32).max(emin - f.man as i32);
    let shift = q - exp2;
    let mut r = if shift <= 0 {
        mant << (-shift) as u32
    } else if shift >= 60 {
        0
    } else {
        let (r, rem, half) = (mant >> shift, mant & ((1u64 << shift) - 1), 1u64 << (shift - 1));
        r + u64::from(rem > half || (rem == half && r & 1 == 1))
    };
    let mut q = q;
    if r == 1u64 << (f.man + 1) {
        r >>= 1;
        q += 1;
    }
    if r < 1u64 << f.man {
        return f.pack(sign, 0, r);
    }
    let e = q + f.man as i32 + f.bias();
    if e >= f.exp_max() as i32 {
        return f.inf(sign);
    }
    f.pack(sign, e as u64, r)
}

/// Whether `x` lies exactly halfway between two neighbours of format `f`.
fn is_midpoint(f: FloatFormat, x: f64) -> bool {
    if !x.is_finite() || x == 0.0 {
        return false;
    }
    let r = from_f64(f, x.abs());
    let v = to_f64(f, r);
    let near = [r.checked_sub(1), Some(r + 1)];
    near.into_iter().flatten().map(|n| to_f64(f, n)).any(|n| n.is_finite() && (v + n) / 2.0 == x.abs())
}

/// `a op b` in format `f` through `f64`.
pub fn binary(f: FloatFormat, a: u64, b: u64, op: fn(f64, f64) -> f64) -> u64 {
    from_f64(f, op(to_f64(f, a), to_f64(f, b)))
}

/// `a * b + c` in format `f` with one rounding.
pub fn fma(f: FloatFormat, a: u64, b: u64, c: u64) -> u64 {
    let (x, y, z) = (to_f64(f, a), to_f64(f, b), to_f64(f, c));
    let p = x * y; // exact: 2p bits
    let s = p + z;
    if !s.is_finite() || !p.is_finite() {
        return from_f64(f, x.mul_add(y, z));
    }
    // TwoSum: s + t = p + z exactly.
    let bp = s - z;
    let t = (p - bp) + (z - (s - bp));
    if t != 0.0 && is_midpoint(f, s) {
        let nudged = if (t > 0.0) == (s > 0.0) { s.abs().next_up() } else { s.abs().next_down() };
        return from_f64(f, nudged.copysign(s));
    }
    from_f64(f, s)
}
