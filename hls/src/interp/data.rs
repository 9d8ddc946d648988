//! Seeded random arguments for a function: what the HLS tests, `rmlir-hls cosim` and the
//! benchmark feed the interpreter, the reference and the circuit alike.
//!
//! Memory words are random with a bias towards edge values (0, 1, all ones, the sign bit,
//! small numbers: comb's [`Rng::bits`]). Scalars are small half of the time (-4..=20), since
//! they often bound loops or index memories (kernels clamp them, so any value is legal).
//! Floats (scalars and memory words of a float type) are bit patterns: a quarter of them
//! special values (signed zeros and infinities, NaNs of both signs, subnormals, the largest
//! finite and smallest normal numbers, ±1), the rest of random sign and fraction with an
//! exponent within ±8 of 1.0, so that sums and products mostly stay finite.
//!
//! Printed data (tests, cosim messages) shows a float as its hexadecimal bit pattern and
//! its value: [`show`].

use super::{ArgValue, Param, Signature};
use crate::float::{soft, FloatFormat};
use comb::rng::Rng;

/// A random float of format `f` as its bits (see the module header).
pub fn float_word(rng: &mut Rng, f: FloatFormat) -> u64 {
    let sign = rng.chance(1, 2);
    if rng.chance(1, 4) {
        let subnormal = rng.range(1, f.man_mask());
        let special = [
            f.zero(sign),
            f.inf(sign),
            f.default_nan() | if sign { f.sign_bit() } else { 0 },
            f.pack(sign, f.exp_max(), 1),
            f.pack(sign, 0, 1),
            f.pack(sign, 0, f.man_mask()),
            f.pack(sign, 0, subnormal),
            f.pack(sign, f.exp_max() - 1, f.man_mask()),
            f.pack(sign, 1, 0),
            f.pack(sign, f.bias() as u64, 0),
        ];
        return *rng.pick(&special);
    }
    let exp = (f.bias() as u64 + rng.range(0, 16)).saturating_sub(8).clamp(1, f.exp_max() - 1);
    f.pack(sign, exp, rng.next_u64())
}

/// Whether two values of a result or memory word agree: bit for bit, except that any NaN
/// equals any NaN when the value is a float of format `f` (SPEC section 4).
pub fn same(a: u64, b: u64, f: Option<FloatFormat>) -> bool {
    a == b || f.is_some_and(|f| f.is_nan(a & f.mask()) && f.is_nan(b & f.mask()))
}

/// A value of `width` bits as a message shows it: decimal for an integer, `0x3f800000
/// (1.0)` for a float of format `f`.
pub fn show(bits: u64, width: u32, f: Option<FloatFormat>) -> String {
    match f {
        Some(f) => {
            let v = f64::from_bits(soft::convert(f, FloatFormat::F64, bits));
            format!("{bits:#0w$x} ({v:e})", w = f.width().div_ceil(4) as usize + 2)
        }
        None => super::Int::new(bits, width).signed().to_string(),
    }
}

fn word(rng: &mut Rng, width: u32) -> u64 {
    rng.bits(width).to_u64()
}

/// One random argument per parameter of `sig`, from `seed`.
pub fn random_args(sig: &Signature, seed: u64) -> Vec<ArgValue> {
    let mut rng = Rng::new(seed);
    sig.params
        .iter()
        .enumerate()
        .map(|(i, p)| match (p, sig.param_floats.get(i).copied().flatten()) {
            (Param::Scalar { .. }, Some(f)) => ArgValue::Scalar(float_word(&mut rng, f)),
            (Param::MemRef { shape, .. }, Some(f)) => {
                let n: u64 = shape.iter().product();
                ArgValue::MemRef((0..n).map(|_| float_word(&mut rng, f)).collect())
            }
            (Param::Scalar { width, .. }, None) => {
                if rng.chance(1, 2) {
                    let v = rng.range(0, 24) as i64 - 4;
                    ArgValue::Scalar(super::Int::from_i64(v, *width).bits)
                } else {
                    ArgValue::Scalar(word(&mut rng, *width))
                }
            }
            (Param::MemRef { shape, width, .. }, None) => {
                let n: u64 = shape.iter().product();
                ArgValue::MemRef((0..n).map(|_| word(&mut rng, *width)).collect())
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_words_fit_and_cover_the_specials() {
        for f in [FloatFormat::F16, FloatFormat::BF16, FloatFormat::F32, FloatFormat::F64] {
            let mut rng = Rng::new(7);
            let words: Vec<u64> = (0..4000).map(|_| float_word(&mut rng, f)).collect();
            assert!(words.iter().all(|&w| w & !f.mask() == 0), "{f:?}: bits above the width");
            let count = |p: &dyn Fn(u64) -> bool| words.iter().filter(|&&w| p(w)).count();
            assert!(count(&|w| f.is_nan(w)) > 0, "{f:?}: NaN");
            assert!(count(&|w| w == f.inf(true)) > 0 && count(&|w| w == f.zero(true)) > 0, "{f:?}: -inf, -0");
            assert!(count(&|w| f.unpack(w).1 == 0 && f.unpack(w).2 != 0) > 0, "{f:?}: subnormal");
            let finite_ordinary = count(&|w| {
                let e = f.unpack(w).1 as i64 - f.bias() as i64;
                (-8..=8).contains(&e)
            });
            assert!(finite_ordinary > words.len() / 2, "{f:?}: mostly ordinary numbers");
        }
    }

    #[test]
    fn nan_equals_nan_and_floats_show_their_value() {
        let f = FloatFormat::F32;
        assert!(same(0x7FC0_0000, 0xFFC0_0001, Some(f)));
        assert!(!same(0x7FC0_0000, 0xFFC0_0001, None));
        assert!(!same(0x8000_0000, 0, Some(f)), "signed zeros differ");
        assert_eq!(show(0x3F80_0000, 32, Some(f)), "0x3f800000 (1e0)");
        assert_eq!(show(0x3C00, 16, Some(FloatFormat::F16)), "0x3c00 (1e0)");
        assert_eq!(show(0xFF, 8, None), "-1");
    }
}
