//! Magic numbers for dividing by a constant with a multiply (Granlund and Montgomery,
//! "Division by invariant integers using multiplication", 1994; Hacker's Delight ch. 10).
//!
//! For a divisor `c` (not a power of two) and dividends `0 <= x <= xmax`, a multiplier `m`
//! and a shift `p` give `floor(x / c) = floor(x * m / 2^p)` when `m = ceil(2^p / c)` and
//! `e = m * c - 2^p` satisfies `e * xmax < 2^p`: then `x * m / 2^p = x / c + e * x / (c 2^p)`
//! and the error term is below `1 / c`, too small to reach the next multiple of `c`.
//! [`unsigned_magic`] looks for the smallest such `p >= width` whose `m` fits in `width`
//! bits; when none does (e.g. 7 at 32 bits), `p = width + ceil(log2 c)` always works with an
//! `m` of `width + 1` bits, whose top bit the rewrite turns into an added `x` (the "add"
//! fix-up, see `constdiv.rs`). Everything is computed in `u128`, exactly.

/// A multiplier and shift for `floor(x / c)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Magic {
    /// The multiplier (at most `width + 1` bits).
    pub m: u128,
    /// Total right shift of the product.
    pub p: u32,
}

/// Bits needed to write `v` (0 for 0).
pub fn bits(v: u128) -> u32 {
    128 - v.leading_zeros()
}

/// `ceil(log2 c)` for `c >= 1`.
pub fn ceil_log2(c: u64) -> u32 {
    64 - (c - 1).leading_zeros()
}

/// The magic multiplier for dividing `0 <= x <= xmax` (`xmax < 2^width`) by `c`, which
/// must be at least 3, not a power of two and at most `xmax / 2` (the rewrite handles the
/// other divisors without a multiply). The result's `m` is below `2^width` when one is
/// possible, else it has `width + 1` bits and `p = width + ceil(log2 c)`.
pub fn unsigned_magic(c: u64, width: u32, xmax: u64) -> Magic {
    debug_assert!(c >= 3 && !c.is_power_of_two() && (1..=64).contains(&width));
    let l = ceil_log2(c);
    let works = |p: u32| -> Option<u128> {
        let two_p = 1u128 << p;
        let m = two_p.div_ceil(u128::from(c));
        let e = m * u128::from(c) - two_p;
        (e * u128::from(xmax) < two_p).then_some(m)
    };
    for p in width..width + l {
        if let Some(m) = works(p).filter(|&m| bits(m) <= width) {
            return Magic { m, p };
        }
    }
    let p = width + l;
    let m = works(p).expect("p = width + ceil(log2 c) always works: e < c <= 2^l");
    Magic { m, p }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every divisor and dividend at widths up to 10, and the known figures of Hacker's
    /// Delight (table 10-2) at 32 bits.
    #[test]
    fn magic_numbers_divide_exactly() {
        for w in 3..=10u32 {
            let xmax = (1u64 << w) - 1;
            for c in 3..=xmax / 2 {
                if c.is_power_of_two() {
                    continue;
                }
                let g = unsigned_magic(c, w, xmax);
                assert!(bits(g.m) <= w + 1);
                for x in 0..=xmax {
                    assert_eq!((u128::from(x) * g.m) >> g.p, u128::from(x / c), "w {w} c {c} x {x}");
                }
            }
        }
        // 32 bits: 3 -> 0xAAAAAAAB >> 33, 7 needs the add fix-up (33-bit multiplier).
        assert_eq!(unsigned_magic(3, 32, u32::MAX.into()), Magic { m: 0xAAAA_AAAB, p: 33 });
        let seven = unsigned_magic(7, 32, u32::MAX.into());
        assert_eq!((bits(seven.m), seven.p), (33, 35));
        assert_eq!(seven.m - (1 << 32), 0x2492_4925);
        // A smaller dividend range (a signed magnitude) lets 7 fit 32 bits.
        assert!(bits(unsigned_magic(7, 32, 1 << 31).m) <= 32);
        // 64 bits: 10 -> 0xCCCCCCCCCCCCCCCD >> 67.
        assert_eq!(unsigned_magic(10, 64, u64::MAX), Magic { m: 0xCCCC_CCCC_CCCC_CCCD, p: 67 });
    }
}
