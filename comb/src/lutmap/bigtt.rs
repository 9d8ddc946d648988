//! Truth tables of up to 16 variables for LUT-network resynthesis ([`super::lutpack`]):
//! bit `m` of the table is the value at minterm `m` (variable `i` is bit `i` of `m`),
//! packed 64 to a word. Cofactors, support tests and LUT evaluation work a word at a
//! time, so a 16-input window costs 1,024 words per operation, not 65,536 bits.

use super::truth::VARS;

/// A truth table over `n` variables (see the module doc). Tables of fewer than six
/// variables use the low `2^n` bits of one word; the other bits are zero.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Tt {
    /// Number of variables.
    pub n: usize,
    /// The bits, `max(1, 2^n / 64)` words.
    pub w: Vec<u64>,
}

impl Tt {
    /// The constant-0 table.
    pub fn zero(n: usize) -> Tt {
        Tt { n, w: vec![0; (1usize << n).div_ceil(64)] }
    }

    /// The projection onto variable `v`.
    pub fn var(n: usize, v: usize) -> Tt {
        let mut t = Tt::zero(n);
        if v < 6 {
            t.w.iter_mut().for_each(|x| *x = VARS[v]);
        } else {
            let stride = 1usize << (v - 6);
            for (i, x) in t.w.iter_mut().enumerate() {
                if i & stride != 0 {
                    *x = u64::MAX;
                }
            }
        }
        t.clean();
        t
    }

    /// Clears the bits beyond `2^n` of a one-word table.
    fn clean(&mut self) {
        if self.n < 6 {
            self.w[0] &= (1u64 << (1 << self.n)) - 1;
        }
    }

    /// The value at minterm `m`.
    pub fn bit(&self, m: usize) -> bool {
        self.w[m / 64] >> (m % 64) & 1 == 1
    }

    /// Sets the value at minterm `m` to 1.
    pub fn set(&mut self, m: usize) {
        self.w[m / 64] |= 1 << (m % 64);
    }

    /// The table as one word (at most six variables).
    pub fn to_u64(&self) -> u64 {
        debug_assert!(self.n <= 6);
        self.w[0]
    }

    /// The cofactor at `v = val`, still over all `n` variables (independent of `v`).
    pub fn cof(&self, v: usize, val: bool) -> Tt {
        let mut t = self.clone();
        if v < 6 {
            let s = 1u32 << v;
            for x in t.w.iter_mut() {
                if val {
                    let hi = *x & VARS[v];
                    *x = hi | hi >> s;
                } else {
                    let lo = *x & !VARS[v];
                    *x = lo | lo << s;
                }
            }
            t.clean();
        } else {
            let stride = 1usize << (v - 6);
            for base in (0..t.w.len()).step_by(2 * stride) {
                for i in base..base + stride {
                    if val {
                        t.w[i] = t.w[i + stride];
                    } else {
                        t.w[i + stride] = t.w[i];
                    }
                }
            }
        }
        t
    }

    /// True if the function depends on variable `v`.
    pub fn depends_on(&self, v: usize) -> bool {
        if v < 6 {
            // Bit m (v clear) against bit m + 2^v, word by word; bits beyond 2^n are zero.
            let s = 1u32 << v;
            return self.w.iter().any(|&x| ((x >> s) ^ x) & !VARS[v] != 0);
        }
        let stride = 1usize << (v - 6);
        (0..self.w.len())
            .step_by(2 * stride)
            .any(|base| self.w[base..base + stride] != self.w[base + stride..base + 2 * stride])
    }

    /// The number of variables the function depends on.
    pub fn support_size(&self) -> usize {
        (0..self.n).filter(|&v| self.depends_on(v)).count()
    }

    /// The table without variable `v` (which it must not depend on): over `n - 1`
    /// variables, those above `v` moved down by one.
    pub fn drop_var(&self, v: usize) -> Tt {
        let mut t = Tt::zero(self.n - 1);
        if v >= 6 {
            // Keep the word blocks where v = 0.
            let stride = 1usize << (v - 6);
            let mut at = 0;
            for base in (0..self.w.len()).step_by(2 * stride) {
                t.w[at..at + stride].copy_from_slice(&self.w[base..base + stride]);
                at += stride;
            }
            return t;
        }
        // Keep the bits where v = 0 (the table does not depend on v): each word gives 32
        // bits, two words make one.
        let compress = |x: u64| -> u64 {
            let s = 1usize << v;
            let group = (1u64 << s) - 1;
            (0..32 / s).fold(0, |acc, g| acc | (x >> (2 * s * g) & group) << (s * g))
        };
        if self.n <= 6 {
            t.w[0] = compress(self.w[0]);
            t.clean();
        } else {
            for (j, o) in t.w.iter_mut().enumerate() {
                *o = compress(self.w[2 * j]) | compress(self.w[2 * j + 1]) << 32;
            }
        }
        t
    }

    /// The constant-1 table.
    pub fn ones(n: usize) -> Tt {
        let mut t = Tt { n, w: vec![u64::MAX; (1usize << n).div_ceil(64)] };
        t.clean();
        t
    }

    /// The table over `n + 1` variables that is `lo` where the new top variable is 0 and
    /// `hi` where it is 1 (both over the same `n`).
    pub fn concat(lo: &Tt, hi: &Tt) -> Tt {
        let n = lo.n;
        if n >= 6 {
            let mut w = lo.w.clone();
            w.extend_from_slice(&hi.w);
            return Tt { n: n + 1, w };
        }
        let mut t = Tt { n: n + 1, w: vec![lo.w[0] | hi.w[0] << (1 << n)] };
        t.clean();
        t
    }

    /// The table of a LUT (`tt` over `ins.len()` inputs) applied to input tables of `n`
    /// variables: a multiplexer tree per word.
    pub fn apply(tt: u64, ins: &[&Tt], n: usize) -> Tt {
        let mut out = Tt::zero(n);
        let j = ins.len();
        let mut vals = vec![0u64; 1 << j];
        for (wi, o) in out.w.iter_mut().enumerate() {
            for (m, v) in vals.iter_mut().enumerate() {
                *v = if tt >> m & 1 == 1 { u64::MAX } else { 0 };
            }
            let mut len = 1usize << j;
            for inp in ins {
                let x = inp.w[wi];
                len /= 2;
                for m in 0..len {
                    vals[m] = (x & vals[2 * m + 1]) | (!x & vals[2 * m]);
                }
            }
            *o = vals[0];
        }
        out.clean();
        out
    }
}

/// A pseudo-random table over `n` variables for tests: minterm `m` is set when `keep` holds
/// for the top three bits of the `m`-th step of a linear congruential generator from `seed`
/// (`|r| r & 1 == 1` sets about half of them).
#[cfg(test)]
pub(crate) fn random_table(n: usize, seed: u64, keep: impl Fn(u64) -> bool) -> Tt {
    let mut t = Tt::zero(n);
    let mut s = seed;
    for m in 0..1usize << n {
        s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        if keep(s >> 61) {
            t.set(m);
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pseudo-random table over `n` variables, half of the minterms set.
    fn random(n: usize, seed: u64) -> Tt {
        random_table(n, seed, |r| r & 1 == 1)
    }

    #[test]
    fn word_operations_match_the_bitwise_definitions() {
        for n in [3usize, 5, 6, 7, 9] {
            let f = random(n, n as u64);
            for v in 0..n {
                for val in [false, true] {
                    let c = f.cof(v, val);
                    for m in 0..1usize << n {
                        let src = (m & !(1 << v)) | usize::from(val) << v;
                        assert_eq!(c.bit(m), f.bit(src), "n {n} v {v} m {m}");
                    }
                    let d = c.drop_var(v);
                    for m in 0..1usize << (n - 1) {
                        let low = m & ((1 << v) - 1);
                        let src = low | (m >> v) << (v + 1) | usize::from(val) << v;
                        assert_eq!(d.bit(m), f.bit(src), "drop n {n} v {v}");
                    }
                }
                let dep = (0..1usize << n).any(|m| f.bit(m) != f.bit(m ^ 1 << v));
                assert_eq!(f.depends_on(v), dep, "n {n} v {v}");
                assert!(!f.cof(v, true).depends_on(v));
                let p = Tt::var(n, v);
                assert!((0..1usize << n).all(|m| p.bit(m) == (m >> v & 1 == 1)));
            }
            // A 3-input LUT (majority) over three of the variables.
            let ins: Vec<Tt> = (0..3).map(|i| Tt::var(n, (i * 2) % n)).collect();
            let r = Tt::apply(0b1110_1000, &ins.iter().collect::<Vec<_>>(), n);
            for m in 0..1usize << n {
                let b = |i: usize| usize::from(m >> ((i * 2) % n) & 1 == 1);
                assert_eq!(r.bit(m), b(0) + b(1) + b(2) >= 2);
            }
        }
    }
}
