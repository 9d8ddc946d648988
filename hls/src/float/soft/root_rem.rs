//! Square root, fused multiply-add and the remainder of `arith.remf`: the operations whose
//! exact intermediate needs more than one plain integer product or quotient.
//!
//! `sqrt` takes an integer square root of a significand widened to 127 or 128 bits (the root
//! then has 64 bits, at least two more than any supported format keeps) with the remainder
//! as the sticky bit. `fma` forms the exact product and adds it with [`sum`]. `rem` is C's
//! `fmod`: exact, so it never rounds; it reduces the significand modulo the divisor's in
//! steps of at most 64 places.

use super::arith::{scaled, sign_of, sum, Scaled};
use super::round::{bit_len, round};
use super::value::{decode, Val};
use crate::float::FloatFormat;

/// The square root of `a` (NaN for any negative number other than `-0`).
pub fn sqrt(f: FloatFormat, a: u64) -> u64 {
    match decode(f, a) {
        Val::Nan | Val::Inf(true) => f.default_nan(),
        Val::Num(n) if n.sign => f.default_nan(),
        Val::Inf(false) => f.inf(false),
        Val::Zero(s) => f.zero(s),
        Val::Num(n) => {
            // Widen to 127 or 128 bits with an even exponent: sqrt(m * 2^e) = sqrt(m) * 2^(e/2).
            let sig = u128::from(n.sig);
            let mut up = 128 - bit_len(sig);
            if (n.exp - up) % 2 != 0 {
                up -= 1;
            }
            let m = sig << up;
            let r = m.isqrt();
            let q = r << 1 | u128::from(r * r != m);
            round(f, false, (n.exp - up) / 2 - 1, q)
        }
    }
}

/// The class of an exact product: infinite, zero, or finite and nonzero.
enum Product {
    Inf,
    Zero,
    Exact(Scaled),
}

/// `a * b + c` with a single rounding.
pub fn fma(f: FloatFormat, a: u64, b: u64, c: u64) -> u64 {
    let (va, vb) = (decode(f, a), decode(f, b));
    let psign = sign_of(va) ^ sign_of(vb);
    let product = match (va, vb) {
        (Val::Nan, _) | (_, Val::Nan) => return f.default_nan(),
        (Val::Inf(_), Val::Zero(_)) | (Val::Zero(_), Val::Inf(_)) => return f.default_nan(),
        (Val::Inf(_), _) | (_, Val::Inf(_)) => Product::Inf,
        (Val::Zero(_), _) | (_, Val::Zero(_)) => Product::Zero,
        (Val::Num(x), Val::Num(y)) => Product::Exact(Scaled {
            sign: psign,
            exp: x.exp + y.exp,
            sig: u128::from(x.sig) * u128::from(y.sig),
        }),
    };
    match (product, decode(f, c)) {
        (_, Val::Nan) => f.default_nan(),
        (Product::Inf, Val::Inf(s)) if s != psign => f.default_nan(),
        (Product::Inf, _) => f.inf(psign),
        (_, Val::Inf(s)) => f.inf(s),
        (Product::Zero, Val::Zero(s)) => f.zero(psign && s),
        (Product::Zero, Val::Num(_)) => c & f.mask(),
        // A nonzero exact product plus zero is the product, rounded once (it may still
        // underflow to a zero of the product's sign).
        (Product::Exact(p), Val::Zero(_)) => round(f, p.sign, p.exp, p.sig),
        (Product::Exact(p), Val::Num(z)) => sum(f, p, scaled(z)),
    }
}

/// The remainder of `a / b` truncated toward zero (`fmod`): exact, the sign of `a`, NaN when
/// `a` is infinite or `b` is zero.
pub fn rem(f: FloatFormat, a: u64, b: u64) -> u64 {
    match (decode(f, a), decode(f, b)) {
        (Val::Nan, _) | (_, Val::Nan) | (Val::Inf(_), _) | (_, Val::Zero(_)) => f.default_nan(),
        (Val::Zero(_), _) | (_, Val::Inf(_)) => a & f.mask(),
        (Val::Num(x), Val::Num(y)) => {
            // Both significands have the same width, so |a| < |b| exactly when its exponent
            // is smaller or, with equal exponents, its significand is.
            if (x.exp, x.sig) < (y.exp, y.sig) {
                return a & f.mask();
            }
            let d = u128::from(y.sig);
            let mut r = u128::from(x.sig) % d;
            let mut left = (x.exp - y.exp) as u32;
            while left > 0 && r != 0 {
                let step = left.min(64);
                r = (r << step) % d;
                left -= step;
            }
            // r < |b|'s significand at |b|'s exponent: representable, so `round` is exact.
            round(f, x.sign, y.exp, r)
        }
    }
}
