//! A significand product split for LUT fabrics: `x * y` as one narrow multiplier per
//! `t`-bit chunk of `y` (each `x * y_j`, one `Mul` cell; with `t = 1` the rows are the
//! partial products `x & y_j`, no multiplier cells), the shifted rows reduced by whole-vector
//! 3:2 compressors and one final adder.
//!
//! Why: a 24 x 24 product is one ~15 ns cell on the iCE40 hx parts (no DSP), so a pipeline
//! stage holding it misses a 10 ns clock however the rest is cut. Rows of `24 x 4` are
//! about 6 ns each, the compressor levels one or two LUT levels each, and the pipeliner can
//! put registers between them. On parts with DSPs one `Mul` cell (which Yosys maps to
//! `SB_MAC16`s with `synth_ice40 -dsp`) is better: that is the default, see
//! [`super::UnitOptions`].

use super::UnitBuilder;
use comb::NetId;

impl UnitBuilder<'_> {
    /// The full product of `x` and `y` (`width(x) + width(y)` bits) from rows of `t`-bit
    /// chunks of `y` (see the module doc).
    pub fn mul_rows(&mut self, x: NetId, y: NetId, t: u32) -> NetId {
        let (p, q) = (self.width(x), self.width(y));
        let w = p + q;
        let t = t.max(1);
        let mut rows = Vec::new();
        let mut low = 0;
        while low < q {
            let n = t.min(q - low);
            let yj = self.extract(y, low, n);
            let pj = if n == 1 {
                // A 1-bit row is a partial product: no multiplier at all.
                let rep = self.replicate(yj, p);
                let pp = self.and(&[x, rep]);
                self.zext(pp, p + 1)
            } else {
                self.mul_one(x, yj)
            };
            let shifted = self.append_zeros(pj, low);
            rows.push(self.zext(shifted, w));
            low += n;
        }
        while rows.len() > 2 {
            let mut next = Vec::new();
            let mut it = rows.chunks_exact(3);
            for r in it.by_ref() {
                let (s, c) = self.compress(r[0], r[1], r[2]);
                next.extend([s, c]);
            }
            next.extend_from_slice(it.remainder());
            rows = next;
        }
        match rows[..] {
            [one] => one,
            [a, b] => self.add(a, b),
            _ => unreachable!("at least one row"),
        }
    }

    /// One 3:2 compressor on whole rows: (sum, carry) with the same total modulo `2^w`.
    fn compress(&mut self, a: NetId, b: NetId, c: NetId) -> (NetId, NetId) {
        let w = self.width(a);
        let s = self.xor(&[a, b, c]);
        let ab = self.and(&[a, b]);
        let ac = self.and(&[a, c]);
        let bc = self.and(&[b, c]);
        let maj = self.or(&[ab, ac, bc]);
        let carry = if w == 1 {
            self.zero(1)
        } else {
            let lo = self.extract(maj, 0, w - 1);
            self.append_zeros(lo, 1)
        };
        (s, carry)
    }
}
