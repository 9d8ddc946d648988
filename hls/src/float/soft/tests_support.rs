//! Shared pieces of the reference model's tests: special-value sets per format and random
//! bit patterns biased toward interesting exponents.

use crate::float::FloatFormat;
use comb::rng::Rng;

/// Special bit patterns of `f`: signed zeros, infinities, NaNs (quiet, signalling, negative),
/// the smallest and largest subnormals and normals, 1 and its neighbours, 2, 3, 0.5, the ties
/// around 1 (half an ulp of 1, and numbers just above 1), and values whose sums and products
/// reach the overflow and underflow edges. Each comes in both signs.
pub(super) fn specials(f: FloatFormat) -> Vec<u64> {
    let one = f.pack(false, f.bias() as u64, 0);
    let max_norm = f.pack(false, f.exp_max() - 1, f.man_mask());
    let min_norm = f.pack(false, 1, 0);
    let emid = |d: i64| f.pack(false, (f.bias() as i64 + d) as u64, 0);
    let mut v = vec![
        0,
        1,
        2,
        3,
        f.man_mask(),
        f.man_mask() - 1,
        1u64 << (f.man - 1),
        min_norm,
        min_norm + 1,
        max_norm,
        max_norm - 1,
        f.inf(false),
        f.default_nan(),
        f.inf(false) | 1,
        f.inf(false) | f.man_mask(),
        one,
        one + 1,
        one + 2,
        one + 3,
        one - 1,
        one - 2,
        emid(1),
        emid(1) + (1 << (f.man - 1)),
        emid(-1),
        emid(-1) + 1,
        emid(f.man as i64 / 2),
        emid(-(f.man as i64 / 2)),
        emid(f.bias() as i64 / 2),
        emid(-(f.bias() as i64 / 2)),
        // Half an ulp of 1 (1 + it is a tie), just above it, and one ulp of 1.
        emid(-(f.man as i64 + 1)),
        emid(-(f.man as i64 + 1)) + 1,
        emid(-(f.man as i64)),
        // Products near the overflow threshold and in the subnormal range.
        emid((f.bias() as i64 + 1) / 2) | f.man_mask(),
        emid(-(f.bias() as i64 + f.man as i64) / 2),
    ];
    let n = v.len();
    for i in 0..n {
        v.push(v[i] | f.sign_bit());
    }
    v
}

/// A random bit pattern of `f`: uniform half of the time, otherwise with an exponent near 0,
/// near the bias, or near the top, and a fraction with few or many bits set, so that
/// additions cancel, products overflow or underflow, and ties occur.
pub(super) fn random(f: FloatFormat, rng: &mut Rng) -> u64 {
    let bits = rng.next_u64() & f.mask();
    if rng.chance(1, 2) {
        return bits;
    }
    let (sign, _, frac) = f.unpack(bits);
    let em = f.exp_max();
    let exp = match rng.below(4) {
        0 => rng.below(4.min(em)),
        1 => em - rng.below(3.min(em)),
        2 => (f.bias() as u64).saturating_add_signed(rng.below(9) as i64 - 4),
        _ => rng.below(em + 1),
    };
    let frac = match rng.below(4) {
        0 => frac & !(u64::MAX << rng.below(4)),
        1 => frac | (f.man_mask() >> rng.below(4)),
        2 => frac & (u64::MAX << rng.below(u64::from(f.man) + 1)),
        _ => frac,
    };
    f.pack(sign, exp, frac)
}

/// Asserts that `got` equals `want` as SPEC counts it (bits equal, or both NaN).
#[track_caller]
pub(super) fn check(f: FloatFormat, what: &str, args: &[u64], got: u64, want: u64) {
    assert!(
        f.same_result(got, want) && got & !f.mask() == 0,
        "{f} {what}{args:x?}: got {got:#x}, want {want:#x}"
    );
}
