//! FxHash with a final mix: the small fast hasher every hot table of the project uses.
//!
//! Keys are the user's own names and netlist ids, so there is no DoS concern. The
//! multiply-rotate core only carries upward, so `finish` folds the high bits into the low
//! ones (the table index), as murmur3's finalizer does; without it similar names share
//! buckets. No table hashed with it is ever iterated to decide output order, so output does
//! not depend on the hash.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// The hasher.
#[derive(Default, Clone, Copy)]
pub struct FxHasher(u64);

impl Hasher for FxHasher {
    fn finish(&self) -> u64 {
        let mut h = self.0;
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^ (h >> 33)
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.write_u64(u64::from_le_bytes(c.try_into().expect("8 bytes")));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            // Byte by byte: a copy of variable length would be a call to memcpy.
            let w = rest.iter().rev().fold(0u64, |w, &b| w << 8 | b as u64);
            self.write_u64(w);
        }
    }
    fn write_u8(&mut self, v: u8) {
        self.write_u64(v as u64);
    }
    fn write_u32(&mut self, v: u32) {
        self.write_u64(v as u64);
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, v: usize) {
        self.write_u64(v as u64);
    }
}

/// Builds [`FxHasher`]s.
pub type FxBuild = BuildHasherDefault<FxHasher>;
/// A `HashMap` with [`FxHasher`].
pub type FxMap<K, V> = HashMap<K, V, FxBuild>;
/// A `HashSet` with [`FxHasher`].
pub type FxSet<T> = HashSet<T, FxBuild>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::BuildHasher;

    #[test]
    fn tail_bytes_hash_like_a_zero_padded_word() {
        let b = FxBuild::default();
        let mut h1 = b.build_hasher();
        h1.write(&[1, 2, 3]);
        let mut h2 = b.build_hasher();
        h2.write_u64(0x030201);
        assert_eq!(h1.finish(), h2.finish());
        assert_ne!(b.hash_one("v1"), b.hash_one("v2"));
    }
}
