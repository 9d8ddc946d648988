//! Seeded random arguments for a function: what the HLS tests, `rmlir-hls cosim` and the
//! benchmark feed the interpreter, the reference and the circuit alike.
//!
//! Memory words are random with a bias towards edge values (0, 1, all ones, the sign bit,
//! small numbers: comb's [`Rng::bits`]). Scalars are small half of the time (-4..=20), since
//! they often bound loops or index memories (kernels clamp them, so any value is legal).

use super::{ArgValue, Param, Signature};
use comb::rng::Rng;

fn word(rng: &mut Rng, width: u32) -> u64 {
    rng.bits(width).to_u64()
}

/// One random argument per parameter of `sig`, from `seed`.
pub fn random_args(sig: &Signature, seed: u64) -> Vec<ArgValue> {
    let mut rng = Rng::new(seed);
    sig.params
        .iter()
        .map(|p| match p {
            Param::Scalar { width, .. } => {
                if rng.chance(1, 2) {
                    let v = rng.range(0, 24) as i64 - 4;
                    ArgValue::Scalar(super::Int::from_i64(v, *width).bits)
                } else {
                    ArgValue::Scalar(word(&mut rng, *width))
                }
            }
            Param::MemRef { shape, width, .. } => {
                let n: u64 = shape.iter().product();
                ArgValue::MemRef((0..n).map(|_| word(&mut rng, *width)).collect())
            }
        })
        .collect()
}
