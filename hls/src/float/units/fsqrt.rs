//! Floating-point square root (`math.sqrt`), correctly rounded to nearest even, by the
//! radix-2 restoring digit-by-digit method; built pipelined or sequential by `ds_iter`.
//!
//! Preparation: the significand is normalized (subnormals shifted up), giving `M` in
//! `[2^(p-1), 2^p)` with unbiased exponent `E`; for an odd `E`, `M` doubles and `E` drops
//! by one, so `M / 2^(p-1)` lies in `[1, 4)` and the root's exponent is `E / 2`, biased
//! `(e + bias) >> 1` from the biased `e` (the bias is odd). Each row shifts the next two
//! radicand bits into the partial remainder `r`, subtracts the trial `4q + 1` where it fits
//! and shifts the fit into the root `q`. After `rows >= p + 1` rows `q` holds the root's
//! precision and a round bit, a nonzero remainder is the sticky bit. A root is never
//! subnormal nor overflows, and never lies halfway, but [`round_any`] is the shared
//! rounding anyway. Exceptions by class: `sqrt(±0) = ±0`, `sqrt(+inf) = +inf`, a NaN or a
//! negative nonzero operand gives the default NaN.

use super::common::{self, unpack};
use super::ds_float::{exp_width, normalized, round_any, signed_const};
use super::ds_iter::{build_seq, Recurrence, SeqOut, SizedRecurrence};
use super::ds_pipe::build_pipelined;
use super::UnitBuilder;
use crate::float::FloatFormat;
use comb::NetId;

/// The square-root recurrence of format `f` with `rows` rows (at least `precision + 1`).
#[derive(Clone, Copy, Debug)]
pub struct FSqrt {
    f: FloatFormat,
    rows: u32,
}

impl FSqrt {
    /// A square root doing `rows` rows; fewer than the minimum are raised to it.
    pub fn new(f: FloatFormat, rows: u32) -> FSqrt {
        FSqrt { f, rows: rows.max(Self::min_rows(f)) }
    }

    /// The fewest rows a correctly rounded root needs.
    pub fn min_rows(f: FloatFormat) -> u32 {
        f.precision() + 1
    }

    /// Width of the radicand shift register: `p + 1` rounded up to even.
    fn xw(&self) -> u32 {
        (self.f.precision() + 2) & !1
    }
}

/// `sqrt(a)` in format `f`, pipelined with `latency` registers (II 1; combinational for
/// 0), cut between recurrence rows; `clk` is read only when `latency > 0`.
pub fn build_fsqrt(g: &mut UnitBuilder, f: FloatFormat, a: NetId, clk: NetId, latency: u32) -> NetId {
    build_pipelined(g, &FSqrt::new(f, 0), &[a], clk, latency)
}

/// `sqrt(a)` in format `f` on a sequential unit doing `rows` rows a cycle, started by
/// `start`, its preparation and finishing step cut by `split` registers each (protocol in
/// `ds_iter`; latency `ceil((p + 1) / rows) + 3 + 2 split`).
pub fn build_fsqrt_seq(
    g: &mut UnitBuilder,
    f: FloatFormat,
    a: NetId,
    (start, clk): (NetId, NetId),
    (rows, split): (u32, u32),
) -> SeqOut {
    build_seq::<FSqrt>(g, f, &[a], (start, clk), (rows, split))
}

impl SizedRecurrence for FSqrt {
    fn with_rows(f: FloatFormat, rows: u32) -> Self {
        FSqrt::new(f, rows)
    }

    fn min_rows(f: FloatFormat) -> u32 {
        FSqrt::min_rows(f)
    }
}

// State: [r (rows + 2 bits), q (rows bits), x (radicand bits still to shift in), exponent,
// the operand's sign, zero, inf, nan].
impl Recurrence for FSqrt {
    fn prepare(&self, g: &mut UnitBuilder, ops: &[NetId]) -> Vec<NetId> {
        let (f, p) = (self.f, self.f.precision());
        let pa = unpack(g, f, ops[0]);
        let ew = exp_width(f, f);
        let (m, e) = normalized(g, f, &pa, ew);
        // E = e - bias is odd exactly when e is even.
        let e0 = g.bit(e, 0);
        let m1 = g.zext(m, p + 1);
        let m2 = g.append_zeros(m, 1);
        let m = g.mux(e0, m1, m2);
        let x = g.append_zeros(m, self.xw() - (p + 1));
        let eb = g.add_const(e, f.bias() as u64);
        let half = g.extract(eb, 1, ew - 1);
        let er = common::sext(g, half, ew);
        let r = g.konst(0, self.rows + 2);
        let q = g.konst(0, self.rows);
        vec![r, q, x, er, pa.sign, pa.zero, pa.inf, pa.nan]
    }

    fn row(&self, g: &mut UnitBuilder, s: &[NetId]) -> Vec<NetId> {
        let (n, xw) = (self.rows, self.xw());
        let pair = g.extract(s[2], xw - 2, 2);
        let xl = g.extract(s[2], 0, xw - 2);
        let x = g.append_zeros(xl, 2);
        let w = n + 5;
        let t = g.concat(&[s[0], pair]);
        let t = g.zext(t, w);
        let one = g.konst(1, 2);
        let trial = g.concat(&[s[1], one]);
        let trial = g.zext(trial, w);
        let diff = g.sub(t, trial);
        let borrow = g.msb(diff);
        let fits = g.not(borrow);
        let dl = g.extract(diff, 0, n + 2);
        let tl = g.extract(t, 0, n + 2);
        let r = g.mux(fits, dl, tl);
        let ql = g.extract(s[1], 0, n - 1);
        let q = g.concat(&[ql, fits]);
        let mut next = vec![r, q, x];
        next.extend_from_slice(&s[3..]);
        next
    }

    fn finish(&self, g: &mut UnitBuilder, s: &[NetId]) -> NetId {
        let f = self.f;
        let sticky = g.any(s[0]);
        let plus = g.konst(0, 1);
        let r = round_any(g, f, plus, s[3], s[1], sticky);
        let inf = g.konst(f.inf(false), f.width());
        let nan = g.konst(f.default_nan(), f.width());
        let zero = signed_const(g, f, s[4], 0);
        let nz = g.not(s[5]);
        let neg = g.and(&[s[4], nz]);
        let bad = g.or(&[s[7], neg]);
        let r = g.mux(s[6], inf, r);
        let r = g.mux(s[5], zero, r);
        g.mux(bad, nan, r)
    }

    fn rows(&self) -> u32 {
        self.rows
    }

    fn operand_widths(&self) -> Vec<u32> {
        vec![self.f.width()]
    }
}
