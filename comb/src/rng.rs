//! A small seeded PRNG (splitmix64) for the random netlist generator and tests.
//!
//! No external crate: results must be reproducible from a seed on every platform, forever,
//! so the algorithm is fixed here.

use crate::bits::Bits;

/// splitmix64: a 64-bit state, full period, good enough mixing for test generation.
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed ^ 0x243F_6A88_85A3_08D3 }
    }
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        debug_assert!(n > 0);
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }
    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.below(hi - lo + 1)
    }
    /// True with probability `num/den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }
    /// A uniformly chosen element of a non-empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
    /// Uniformly random bits of `width`.
    pub fn bits_uniform(&mut self, width: u32) -> Bits {
        let words: Vec<u64> = (0..(width as usize).div_ceil(64)).map(|_| self.next_u64()).collect();
        Bits::from_words(&words, width)
    }
    /// Random bits of `width`, biased toward edge values (0, 1, all ones, the signed
    /// minimum and maximum, small numbers) half of the time.
    pub fn bits(&mut self, width: u32) -> Bits {
        match self.below(12) {
            0 => Bits::zero(width),
            1 => Bits::from_u64(1, width),
            2 => Bits::ones(width),
            3 => {
                let mut b = Bits::zero(width);
                b.set_bit(width - 1, true);
                b
            }
            4 => {
                let mut b = Bits::ones(width);
                b.set_bit(width - 1, false);
                b
            }
            5 => Bits::from_u64(self.below(16), width),
            _ => self.bits_uniform(width),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reproducible_and_in_range() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
            let v = a.range(3, 9);
            b.range(3, 9);
            assert!((3..=9).contains(&v));
        }
        assert_eq!(a.bits(70).width(), 70);
    }
}
