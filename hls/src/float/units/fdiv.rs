//! Floating-point division `a / b` (`arith.divf`), correctly rounded to nearest even, by a
//! radix-2 restoring digit recurrence on the significands; built pipelined or sequential
//! by `ds_iter`.
//!
//! Preparation: both significands are normalized (subnormals shifted up by their leading
//! zeros, the exponent lowered to match), so `x = sig(a)` and `y = sig(b)` lie in
//! `[2^(p-1), 2^p)`; when `x < y`, `x` doubles and the exponent drops by one, so the
//! quotient `x / y` lies in `[1, 2)` and its first bit is 1 (`r = x - y`). Each row doubles
//! the partial remainder `r < y`, subtracts `y` where it fits and shifts the fit into the
//! quotient word. After `rows >= p` rows the quotient holds `rows + 1` bits, at least the
//! precision and a round bit, and a nonzero remainder is the sticky bit; [`round_any`]
//! rounds (to a subnormal or infinity where the exponent says so).
//! Exceptions by class: a NaN operand, `0 / 0` and `inf / inf` give the default NaN;
//! `x / 0` and `inf / x` give infinity, `0 / x` and `x / inf` zero, signed by `sa ^ sb`.

use super::common::unpack;
use super::ds_float::{exp_width, normalized, round_any, signed_const};
use super::ds_iter::{build_seq, Recurrence, SeqOut, SizedRecurrence};
use super::ds_pipe::build_pipelined;
use super::UnitBuilder;
use crate::float::FloatFormat;
use comb::{IcmpPred, NetId};

/// The division recurrence of format `f` with `rows` rows (at least `f.precision()`).
#[derive(Clone, Copy, Debug)]
pub struct FDiv {
    f: FloatFormat,
    rows: u32,
}

impl FDiv {
    /// A divider doing `rows` rows; fewer than the precision are raised to it.
    pub fn new(f: FloatFormat, rows: u32) -> FDiv {
        FDiv { f, rows: rows.max(f.precision()) }
    }

    /// The fewest rows a correctly rounded quotient needs.
    pub fn min_rows(f: FloatFormat) -> u32 {
        f.precision()
    }
}

/// `a / b` in format `f`, pipelined with `latency` registers (II 1; combinational for 0),
/// cut between recurrence rows; `clk` is read only when `latency > 0`.
pub fn build_fdiv(
    g: &mut UnitBuilder,
    f: FloatFormat,
    (a, b): (NetId, NetId),
    clk: NetId,
    latency: u32,
) -> NetId {
    build_pipelined(g, &FDiv::new(f, 0), &[a, b], clk, latency)
}

/// `a / b` in format `f` on a sequential unit doing `rows` rows a cycle, started by
/// `start`, its preparation and finishing step cut by `split` registers each (protocol in
/// `ds_iter`; latency `ceil(p / rows) + 3 + 2 split`).
pub fn build_fdiv_seq(
    g: &mut UnitBuilder,
    f: FloatFormat,
    (a, b): (NetId, NetId),
    (start, clk): (NetId, NetId),
    (rows, split): (u32, u32),
) -> SeqOut {
    build_seq::<FDiv>(g, f, &[a, b], (start, clk), (rows, split))
}

impl SizedRecurrence for FDiv {
    fn with_rows(f: FloatFormat, rows: u32) -> Self {
        FDiv::new(f, rows)
    }

    fn min_rows(f: FloatFormat) -> u32 {
        FDiv::min_rows(f)
    }
}

// State: [r (p + 1 bits), q (rows + 1 bits), y (p bits), exponent, sign, nan, inf, zero].
impl Recurrence for FDiv {
    fn prepare(&self, g: &mut UnitBuilder, ops: &[NetId]) -> Vec<NetId> {
        let (f, p) = (self.f, self.f.precision());
        let (pa, pb) = (unpack(g, f, ops[0]), unpack(g, f, ops[1]));
        let ew = exp_width(f, f);
        let (xa, ea) = normalized(g, f, &pa, ew);
        let (yb, eb) = normalized(g, f, &pb, ew);
        let lt = g.icmp(IcmpPred::Ult, xa, yb);
        let x1 = g.zext(xa, p + 1);
        let x2 = g.append_zeros(xa, 1);
        let x = g.mux(lt, x2, x1);
        let y1 = g.zext(yb, p + 1);
        let r = g.sub(x, y1);
        let e = g.sub(ea, eb);
        let e = g.add_const(e, f.bias() as u64);
        let ltw = g.zext(lt, ew);
        let e = g.sub(e, ltw);
        let q = g.konst(1, self.rows + 1);
        let sign = g.xor(&[pa.sign, pb.sign]);
        let zz = g.and(&[pa.zero, pb.zero]);
        let ii = g.and(&[pa.inf, pb.inf]);
        let nan = g.or(&[pa.nan, pb.nan, zz, ii]);
        let inf = g.or(&[pa.inf, pb.zero]);
        let zero = g.or(&[pa.zero, pb.inf]);
        vec![r, q, yb, e, sign, nan, inf, zero]
    }

    fn row(&self, g: &mut UnitBuilder, s: &[NetId]) -> Vec<NetId> {
        let p = self.f.precision();
        // r < y < 2^p, so 2r fits p + 1 bits; the subtraction gets one more for the borrow.
        let r = g.extract(s[0], 0, p);
        let t = g.append_zeros(r, 1);
        let t2 = g.zext(t, p + 2);
        let y2 = g.zext(s[2], p + 2);
        let diff = g.sub(t2, y2);
        let borrow = g.msb(diff);
        let fits = g.not(borrow);
        let dl = g.extract(diff, 0, p + 1);
        let r = g.mux(fits, dl, t);
        let ql = g.extract(s[1], 0, self.rows);
        let q = g.concat(&[ql, fits]);
        let mut next = vec![r, q];
        next.extend_from_slice(&s[2..]);
        next
    }

    fn finish(&self, g: &mut UnitBuilder, s: &[NetId]) -> NetId {
        let f = self.f;
        let sticky = g.any(s[0]);
        let r = round_any(g, f, s[4], s[3], s[1], sticky);
        let zero = signed_const(g, f, s[4], 0);
        let inf = signed_const(g, f, s[4], f.inf(false));
        let nan = g.konst(f.default_nan(), f.width());
        let r = g.mux(s[7], zero, r);
        let r = g.mux(s[6], inf, r);
        g.mux(s[5], nan, r)
    }

    fn rows(&self) -> u32 {
        self.rows
    }

    fn operand_widths(&self) -> Vec<u32> {
        vec![self.f.width(); 2]
    }
}
