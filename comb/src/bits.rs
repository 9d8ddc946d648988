//! Fixed-width two-state bit vectors of any width.
//!
//! `Bits` stores little-endian 64-bit words; bits above the width are always zero (every
//! constructor and operation keeps that invariant). Arithmetic with SPEC section 3's exact
//! meaning lives in `bits_ops`.

use mlir_text::BigInt;
use smallvec::SmallVec;
use std::fmt;

/// A bit vector of `width` bits (width >= 1 for values; 0 is allowed only for empty tables).
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bits {
    width: u32,
    words: SmallVec<[u64; 2]>,
}

fn nwords(width: u32) -> usize {
    (width as usize).div_ceil(64)
}

impl Bits {
    /// All zeros.
    pub fn zero(width: u32) -> Bits {
        Bits { width, words: SmallVec::from_elem(0, nwords(width)) }
    }
    /// All ones.
    pub fn ones(width: u32) -> Bits {
        let mut b = Bits { width, words: SmallVec::from_elem(u64::MAX, nwords(width)) };
        b.mask();
        b
    }
    /// `v` truncated to `width` bits.
    pub fn from_u64(v: u64, width: u32) -> Bits {
        Bits::from_u128(v as u128, width)
    }
    /// `v` truncated to `width` bits.
    pub fn from_u128(v: u128, width: u32) -> Bits {
        let mut b = Bits::zero(width);
        if let Some(w) = b.words.get_mut(0) {
            *w = v as u64;
        }
        if let Some(w) = b.words.get_mut(1) {
            *w = (v >> 64) as u64;
        }
        b.mask();
        b
    }
    /// A bool as a 1-bit vector.
    pub fn from_bool(v: bool) -> Bits {
        Bits::from_u64(v as u64, 1)
    }
    /// From little-endian words (extra words are dropped, high bits masked).
    pub fn from_words(words: &[u64], width: u32) -> Bits {
        let mut b = Bits::zero(width);
        for (d, s) in b.words.iter_mut().zip(words) {
            *d = *s;
        }
        b.mask();
        b
    }
    /// An attribute integer modulo 2^width (two's complement for negative values).
    pub fn from_bigint(v: &BigInt, width: u32) -> Bits {
        let mut b = Bits::from_words(&v.magnitude, width);
        if v.negative {
            b = b.neg();
        }
        b
    }
    /// The width in bits.
    pub fn width(&self) -> u32 {
        self.width
    }
    /// Little-endian words; bits above the width are zero.
    pub fn words(&self) -> &[u64] {
        &self.words
    }
    /// Mutable words; the caller must call [`Bits::mask`] after writing.
    pub fn words_mut(&mut self) -> &mut [u64] {
        &mut self.words
    }
    /// Clears the bits above the width.
    pub fn mask(&mut self) {
        let r = self.width % 64;
        if r != 0 {
            if let Some(last) = self.words.last_mut() {
                *last &= (1u64 << r) - 1;
            }
        }
    }
    /// Bit `i` (false beyond the width).
    pub fn bit(&self, i: u32) -> bool {
        i < self.width && (self.words[(i / 64) as usize] >> (i % 64)) & 1 == 1
    }
    /// Sets bit `i` (ignored beyond the width).
    pub fn set_bit(&mut self, i: u32, v: bool) {
        if i < self.width {
            let w = &mut self.words[(i / 64) as usize];
            if v {
                *w |= 1 << (i % 64);
            } else {
                *w &= !(1 << (i % 64));
            }
        }
    }
    /// The low 64 bits.
    pub fn to_u64(&self) -> u64 {
        self.words.first().copied().unwrap_or(0)
    }
    /// The low 128 bits.
    pub fn to_u128(&self) -> u128 {
        self.to_u64() as u128 | (self.words.get(1).copied().unwrap_or(0) as u128) << 64
    }
    /// The value as a `u64` if it fits.
    pub fn as_u64(&self) -> Option<u64> {
        if self.words.iter().skip(1).all(|&w| w == 0) {
            Some(self.to_u64())
        } else {
            None
        }
    }
    /// True if all bits are 0.
    pub fn is_zero(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }
    /// True if all bits are 1.
    pub fn is_ones(&self) -> bool {
        *self == Bits::ones(self.width)
    }
    /// The most significant bit.
    pub fn msb(&self) -> bool {
        self.width > 0 && self.bit(self.width - 1)
    }
    /// Bitwise NOT.
    pub fn not(&self) -> Bits {
        let mut b = self.clone();
        for w in b.words.iter_mut() {
            *w = !*w;
        }
        b.mask();
        b
    }
    /// Two's complement negation modulo 2^width.
    pub fn neg(&self) -> Bits {
        let mut b = self.not();
        let mut carry = 1u64;
        for w in b.words.iter_mut() {
            let (s, c) = w.overflowing_add(carry);
            *w = s;
            carry = c as u64;
        }
        b.mask();
        b
    }
    /// Upper-case hexadecimal digits, no prefix, exactly ceil(width/4) digits.
    pub fn to_hex(&self) -> String {
        let digits = (self.width as usize).div_ceil(4).max(1);
        let mut s = String::with_capacity(digits);
        for d in (0..digits).rev() {
            let bit = d * 4;
            let w = self.words.get(bit / 64).copied().unwrap_or(0);
            let mut nib = (w >> (bit % 64)) & 0xF;
            if bit % 64 > 60 {
                let hi = self.words.get(bit / 64 + 1).copied().unwrap_or(0);
                nib |= (hi << (64 - bit % 64)) & 0xF;
            }
            s.push(char::from_digit(nib as u32, 16).unwrap().to_ascii_uppercase());
        }
        s
    }
    /// Unsigned decimal digits.
    pub fn to_decimal(&self) -> String {
        if let Some(v) = self.as_u64() {
            return v.to_string();
        }
        // Repeated division by 10^19 over the words.
        let mut words: Vec<u64> = self.words.to_vec();
        let mut chunks = Vec::new();
        const BASE: u64 = 10_000_000_000_000_000_000;
        while words.iter().any(|&w| w != 0) {
            let mut rem: u128 = 0;
            for w in words.iter_mut().rev() {
                let cur = (rem << 64) | *w as u128;
                *w = (cur / BASE as u128) as u64;
                rem = cur % BASE as u128;
            }
            chunks.push(rem as u64);
        }
        let mut s = chunks.pop().unwrap_or(0).to_string();
        for c in chunks.iter().rev() {
            s.push_str(&format!("{c:019}"));
        }
        s
    }
    /// Signed decimal (two's complement interpretation).
    pub fn to_signed_decimal(&self) -> String {
        if self.msb() {
            format!("-{}", self.neg().to_decimal())
        } else {
            self.to_decimal()
        }
    }
}

impl fmt::Debug for Bits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}'h{}", self.width, self.to_hex())
    }
}

impl fmt::Display for Bits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}'h{}", self.width, self.to_hex())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constructors_mask_high_bits() {
        assert_eq!(Bits::from_u64(0x1FF, 8).to_u64(), 0xFF);
        assert_eq!(Bits::ones(65).words(), &[u64::MAX, 1]);
        assert_eq!(Bits::from_bigint(&BigInt::from_i128(-1), 12).to_u64(), 0xFFF);
        assert_eq!(Bits::from_u64(5, 3).neg().to_u64(), 3);
    }

    #[test]
    fn hex_and_decimal() {
        assert_eq!(Bits::from_u64(0xAB, 8).to_hex(), "AB");
        assert_eq!(Bits::from_u64(5, 3).to_hex(), "5");
        let big = Bits::from_u128(u128::MAX, 128);
        assert_eq!(big.to_decimal(), u128::MAX.to_string());
        assert_eq!(Bits::from_u64(0xFF, 8).to_signed_decimal(), "-1");
        let w = Bits::from_words(&[0, 0, 1], 130);
        assert_eq!(w.to_hex(), "100000000000000000000000000000000");
    }
}
