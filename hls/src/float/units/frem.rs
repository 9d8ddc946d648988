//! Floating-point remainder `arith.remf` (LLVM's `frem`, C's `fmod`): `a - trunc(a / b) * b`,
//! exact (it never rounds), with the sign of `a`; built sequential (or pipelined, for small
//! formats and tests) by `ds_iter`.
//!
//! Preparation: both significands are normalized (subnormals shifted up), so `x = sig(a)`
//! and `y = sig(b)` lie in `[2^(p-1), 2^p)` with the biased exponents `ea`, `eb` of their
//! leading bits. With `d = ea - eb >= 0`, `|a| mod |b| = (x * 2^d mod y)` at `b`'s scale:
//! the partial remainder starts as `x mod y` (`x - y` where it fits, as `x < 2y`) and each
//! row doubles it and subtracts `y` where it fits — while rows are left: `d` varies, so the
//! state counts the rows still to do and a row with none left passes the state on. The
//! recurrence has the worst case's rows, `d` from the largest exponent down to the
//! smallest subnormal's, `exp_max + man - 2` (276 for `f32`, 2097 for `f64`), so its
//! latency is fixed. When `d < 0` (`|a| < |b|` by exponent), `a` is the result: the state
//! then holds `x` at `ea` with no rows left.
//! Finishing: the remainder `r < y` is normalized by its leading zeros and packed by
//! [`round_any`] (exact: `r` is a multiple of the smaller operand's last place, so it is
//! representable, if need be as a subnormal). Exceptions by class: a NaN operand, `a`
//! infinite or `b` zero give the default NaN; `a` zero or `b` infinite give `a`.

use super::builder::count_width;
use super::common::unpack;
use super::ds_float::{exp_width, normalized, round_any, signed_const};
use super::ds_iter::{build_seq, Recurrence, SeqOut, SizedRecurrence};
use super::ds_net::DsExt;
use super::UnitBuilder;
use crate::float::FloatFormat;
use comb::{IcmpPred, NetId};

/// The remainder recurrence of format `f` with `rows` rows (at least [`FRem::min_rows`]).
#[derive(Clone, Copy, Debug)]
pub struct FRem {
    f: FloatFormat,
    rows: u32,
}

impl FRem {
    /// A remainder doing `rows` rows; fewer than the worst case are raised to it.
    pub fn new(f: FloatFormat, rows: u32) -> FRem {
        FRem { f, rows: rows.max(Self::min_rows(f)) }
    }

    /// The worst case's rows: the largest exponent difference, from the largest finite
    /// exponent to the smallest subnormal's normalized one, `exp_max - 1 - (1 - man)`.
    pub fn min_rows(f: FloatFormat) -> u32 {
        (f.exp_max() as u32 + f.man).saturating_sub(2).max(1)
    }

    /// Width of the count of rows left.
    fn cw(&self) -> u32 {
        count_width(self.rows)
    }
}

/// `a rem b` in format `f` on a sequential unit doing `rows` rows a cycle, started by
/// `start`, its preparation and finishing step cut by `split` registers each (protocol in
/// `ds_iter`; latency `ceil(min_rows / rows) + 3 + 2 split`).
pub fn build_frem_seq(
    g: &mut UnitBuilder,
    f: FloatFormat,
    (a, b): (NetId, NetId),
    (start, clk): (NetId, NetId),
    (rows, split): (u32, u32),
) -> SeqOut {
    build_seq::<FRem>(g, f, &[a, b], (start, clk), (rows, split))
}

impl SizedRecurrence for FRem {
    fn with_rows(f: FloatFormat, rows: u32) -> Self {
        FRem::new(f, rows)
    }

    fn min_rows(f: FloatFormat) -> u32 {
        FRem::min_rows(f)
    }
}

// State: [r (p bits), y (p bits), rows left, exponent of r's top bit, sign, nan].
impl Recurrence for FRem {
    fn prepare(&self, g: &mut UnitBuilder, ops: &[NetId]) -> Vec<NetId> {
        let (f, cw) = (self.f, self.cw());
        let (pa, pb) = (unpack(g, f, ops[0]), unpack(g, f, ops[1]));
        let ew = exp_width(f, f).max(cw + 1);
        let (x, ea) = normalized(g, f, &pa, ew);
        let (y, eb) = normalized(g, f, &pb, ew);
        let d = g.sub(ea, eb);
        let neg = g.msb(d);
        // `a` itself: |a| below |b| by exponent, a zero `a` or an infinite `b`.
        let keep = g.or(&[neg, pa.zero, pb.inf]);
        let lt = g.icmp(IcmpPred::Ult, x, y);
        let xy = g.sub(x, y);
        let r0 = g.mux(lt, x, xy);
        let r = g.mux(keep, x, r0);
        let e = g.mux(keep, ea, eb);
        let dl = g.extract(d, 0, cw);
        let none = g.zero(cw);
        let left = g.mux(keep, none, dl);
        let nan = g.or(&[pa.nan, pb.nan, pa.inf, pb.zero]);
        vec![r, y, left, e, pa.sign, nan]
    }

    fn row(&self, g: &mut UnitBuilder, s: &[NetId]) -> Vec<NetId> {
        let p = self.f.precision();
        let (r, y, left) = (s[0], s[1], s[2]);
        let more = g.any(left);
        // r < y < 2^p: 2r fits p + 1 bits, the subtraction one more for the borrow.
        let t = g.append_zeros(r, 1);
        let t2 = g.zext(t, p + 2);
        let y2 = g.zext(y, p + 2);
        let diff = g.sub(t2, y2);
        let borrow = g.msb(diff);
        let dl = g.extract(diff, 0, p);
        let tl = g.extract(t, 0, p);
        let stepped = g.mux(borrow, tl, dl);
        let r = g.mux(more, stepped, r);
        let cw = g.width(left);
        let dec = g.zext(more, cw);
        let left = g.sub(left, dec);
        let mut next = vec![r, y, left];
        next.extend_from_slice(&s[3..]);
        next
    }

    fn finish(&self, g: &mut UnitBuilder, s: &[NetId]) -> NetId {
        let f = self.f;
        let (r, e, sign, nan) = (s[0], s[3], s[4], s[5]);
        let ew = g.width(e);
        let (sig, lz) = g.normalize(r, ew);
        let e = g.sub(e, lz);
        let sig = g.append_zeros(sig, 1);
        let no = g.bool(false);
        let v = round_any(g, f, sign, e, sig, no);
        let zero = g.is_zero(r);
        let z = signed_const(g, f, sign, 0);
        let v = g.mux(zero, z, v);
        let qnan = g.konst(f.default_nan(), f.width());
        g.mux(nan, qnan, v)
    }

    fn rows(&self) -> u32 {
        self.rows
    }

    fn operand_widths(&self) -> Vec<u32> {
        vec![self.f.width(); 2]
    }
}
