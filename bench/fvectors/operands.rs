//! Random operands for the float unit benchmarks, shared by the vector campaign's driver
//! (`driver.rs`, copied with this file into the generated crate) and `bench/float_units.rs`:
//! a xorshift generator, each format's special values, and the mix of float and integer
//! operands both draw from; and the correctly rounded narrowing from f64 both references
//! use for f16 and bf16. Formats are given by their shape (total and fraction bits), so the
//! file needs nothing from the workspace.

/// Xorshift64*.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// A binary float format: `width` bits, `man` of them the fraction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Total bits.
    pub width: u32,
    /// Fraction bits.
    pub man: u32,
}

impl Shape {
    fn bias(self) -> u64 {
        (1 << (self.width - 2 - self.man)) - 1
    }

    fn mask(self) -> u64 {
        if self.width == 64 {
            u64::MAX
        } else {
            (1 << self.width) - 1
        }
    }

    fn sign(self) -> u64 {
        1 << (self.width - 1)
    }

    fn inf(self) -> u64 {
        ((1 << (self.width - 1 - self.man)) - 1) << self.man
    }

    fn nan(self) -> u64 {
        self.inf() | (1 << (self.man - 1))
    }

    fn exp(self) -> u32 {
        self.width - 1 - self.man
    }
}

/// ±0, ±inf, quiet and signalling NaNs, the smallest and largest subnormal and normal, one
/// and its neighbours, 1.5 (ties after products), 2 and the largest odd integer.
pub fn specials(f: Shape) -> Vec<u64> {
    let (m, one) = (f.man, f.bias() << f.man);
    let mags = [
        0,
        1,
        2,
        (1 << m) - 1,
        1 << m,
        (1 << m) + 1,
        f.inf() - 1,
        f.inf(),
        f.nan(),
        f.nan() | 1,
        f.inf() | 1,
        f.inf() | ((1 << m) - 1),
        one,
        one + 1,
        one - 1,
        one | (1 << (m - 1)),
        one + (1 << m),
        (f.bias() + u64::from(m)) << m | ((1 << m) - 1),
    ];
    mags.iter().flat_map(|&x| [x, x | f.sign()]).collect()
}

/// One float operand: a special of `sp` (1/4), a short significand so that sums and
/// products tie (1/8), a value of a narrow exponent range around 1 (1/8), near the
/// subnormal range (1/16), any bits (the rest).
pub fn float_operand(f: Shape, sp: &[u64], r: &mut Rng) -> u64 {
    let x = r.next();
    let sign = ((x >> 40) & 1) << (f.width - 1);
    let frac = r.next() & ((1 << f.man) - 1);
    match x % 16 {
        0..=3 => sp[(x >> 8) as usize % sp.len()],
        4 | 5 => (r.next() & f.mask()) & !((1u64 << (f.man / 2 + 1)) - 1),
        6 | 7 => {
            let e = (f.bias() + (x >> 8) % 8).wrapping_sub(4);
            sign | (e << f.man) | frac
        }
        8 => sign | (((x >> 8) % 3) << f.man) | frac,
        _ => r.next() & f.mask(),
    }
}

/// One integer operand of `w` bits: small values, extremes, a random magnitude of random
/// length (so every result binade is hit) or any bits.
pub fn int_operand(w: u32, r: &mut Rng) -> u64 {
    let mask = if w == 64 { u64::MAX } else { (1 << w) - 1 };
    let x = r.next();
    let v = match x % 8 {
        0 => [0, 1, 2, 3, mask, mask - 1, mask >> 1, (mask >> 1) + 1][(x >> 8) as usize % 8],
        1..=4 => r.next() >> (64 - 1 - (x >> 8) % 64) >> 1,
        5 => (r.next() | 1) << ((x >> 8) % 64),
        _ => r.next(),
    };
    let v = if (x >> 20) & 1 == 1 && !x.is_multiple_of(8) { v.wrapping_neg() } else { v };
    v & mask
}

/// `v` rounded to nearest even into format `f` from an f64 on its integer significand
/// (`half`'s `from_f64` is not correctly rounded: it drops the low 32 bits, or goes through
/// f32 with F16C); `v` is not a NaN.
pub fn round_narrow(f: Shape, v: f64) -> u64 {
    let sign = if v.is_sign_negative() { f.sign() } else { 0 };
    let a = v.abs();
    if a.is_infinite() {
        return sign | f.inf();
    }
    if a == 0.0 {
        return sign;
    }
    let (bits, m, bias) = (a.to_bits(), i64::from(f.man), f.bias() as i64);
    let be = (bits >> 52) as i64;
    let frac = bits & ((1 << 52) - 1);
    let (sig, e2) = if be == 0 { (frac, -1074) } else { (frac | 1 << 52, be - 1075) };
    // a = sig * 2^e2; the result's quantum is 2^q.
    let lg = 63 - i64::from(sig.leading_zeros()) + e2;
    let mut q = lg.max(1 - bias) - m;
    let sh = q - e2;
    let mut n = if sh <= 0 {
        sig << -sh
    } else if sh >= 64 {
        0
    } else {
        let (n, rem, half) = (sig >> sh, sig & ((1 << sh) - 1), 1u64 << (sh - 1));
        n + u64::from(rem > half || (rem == half && n & 1 == 1))
    };
    if n == 2 << m {
        n >>= 1;
        q += 1;
    }
    let exp = if n < 1 << m { 0 } else { q + m + bias };
    if exp >= (1 << f.exp()) - 1 {
        return sign | f.inf();
    }
    sign | (exp as u64) << m | (n & ((1 << m) - 1))
}
