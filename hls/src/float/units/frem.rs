//! Floating-point remainder `arith.remf` (LLVM's `frem`, C's `fmod`): `a - trunc(a / b) * b`,
//! exact (it never rounds), with the sign of `a`; built sequential (or pipelined, for small
//! formats and tests) by `ds_iter`.
//!
//! Preparation: both significands are normalized (subnormals shifted up), so `x = sig(a)`
//! and `y = sig(b)` lie in `[2^(p-1), 2^p)` with the biased exponents `ea`, `eb` of their
//! leading bits. With `d = ea - eb >= 0`, `|a| mod |b| = (x * 2^d mod y)` at `b`'s scale.
//! Each row retires [`DIGIT`] bits of that exponent difference at once (radix
//! `2^DIGIT`): the partial remainder `r < Y` is shifted up by `DIGIT` bits and the largest
//! multiple `q Y` (`q < 2^DIGIT`) that fits is subtracted, all `2^DIGIT - 1` candidates
//! subtracted in parallel and the largest non-negative one chosen by a tree of
//! multiplexers on their borrows. So that every row retires whole digits, `d` is first
//! padded to a multiple of `DIGIT`: with `s = -d mod DIGIT`, `x * 2^d mod y` is `(x *
//! 2^(d+s) mod Y) / 2^s` for `Y = y * 2^s`, and the partial remainder starts at `x mod Y`
//! (`x - Y` where it fits, as `x < 2Y`). `d` varies, so the state counts the rows still to
//! do and a row with none left passes the state on. The recurrence has the worst case's
//! rows, `d` from the largest exponent down to the smallest subnormal's, `exp_max + man -
//! 2` bits (276 for `f32`, 2097 for `f64`), `DIGIT` a row, so its latency is fixed. When
//! `d < 0` (`|a| < |b|` by exponent), `a` is the result: the state then holds `x` with no
//! rows left.
//! Finishing: the remainder is normalized by its leading zeros (the state keeps the
//! exponent of its register's top bit, which absorbs the `2^s`) and packed by
//! [`round_any`] (exact: the remainder is a multiple of the smaller operand's last place,
//! so it is representable, if need be as a subnormal). Exceptions by class: a NaN operand,
//! `a` infinite or `b` zero give the default NaN; `a` zero or `b` infinite give `a`.

use super::builder::count_width;
use super::common::unpack;
use super::ds_float::{exp_width, normalized, round_any, signed_const};
use super::ds_iter::{build_seq, Recurrence, SeqOut, SizedRecurrence};
use super::ds_net::DsExt;
use super::UnitBuilder;
use crate::float::FloatFormat;
use comb::{IcmpPred, NetId};

/// Bits of the exponent difference each row retires (a power of two: the padding is a
/// mask of `d`).
pub const DIGIT: u32 = 2;
const _: () = assert!(DIGIT.is_power_of_two());

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

    /// The worst case's bits: the largest exponent difference, from the largest finite
    /// exponent to the smallest subnormal's normalized one, `exp_max - 1 - (1 - man)`.
    pub fn max_shift(f: FloatFormat) -> u32 {
        (f.exp_max() as u32 + f.man).saturating_sub(2).max(1)
    }

    /// The worst case's rows: [`FRem::max_shift`] bits, [`DIGIT`] a row.
    pub fn min_rows(f: FloatFormat) -> u32 {
        Self::max_shift(f).div_ceil(DIGIT)
    }

    /// Width of the count of rows left.
    fn cw(&self) -> u32 {
        count_width(self.rows)
    }

    /// Width of the partial remainder and of `Y`.
    fn rw(&self) -> u32 {
        self.f.precision() + DIGIT - 1
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

/// The largest non-negative `t - q Y` for `q` in `lo .. hi` (`diffs[q]`, `fits[q]`: no
/// borrow), given that `q = lo` fits: a tree of multiplexers on the borrows, `fits` being
/// monotone in `q`.
fn largest_fit(g: &mut UnitBuilder, diffs: &[NetId], fits: &[NetId], lo: usize, hi: usize) -> NetId {
    if hi - lo == 1 {
        return diffs[lo];
    }
    let mid = (lo + hi) / 2;
    let upper = largest_fit(g, diffs, fits, mid, hi);
    let lower = largest_fit(g, diffs, fits, lo, mid);
    g.mux(fits[mid], upper, lower)
}

// State: [r (rw bits), Y (rw bits), rows left, exponent of r's top bit, sign, nan, the odd
// multiples 3Y, 5Y, .. (rw + DIGIT bits)].
impl Recurrence for FRem {
    fn prepare(&self, g: &mut UnitBuilder, ops: &[NetId]) -> Vec<NetId> {
        let (f, cw, rw) = (self.f, self.cw(), self.rw());
        let (pa, pb) = (unpack(g, f, ops[0]), unpack(g, f, ops[1]));
        let ew = exp_width(f, f).max(cw + DIGIT + 1);
        let (x, ea) = normalized(g, f, &pa, ew);
        let (y, eb) = normalized(g, f, &pb, ew);
        let d = g.sub(ea, eb);
        let neg = g.msb(d);
        // `a` itself: |a| below |b| by exponent, a zero `a` or an infinite `b`.
        let keep = g.or(&[neg, pa.zero, pb.inf]);
        // The padding s = -d mod DIGIT: Y = y * 2^s, d + s rows' worth of bits.
        let zero = g.zero(ew);
        let nd = g.sub(zero, d);
        let s = g.extract(nd, 0, DIGIT.trailing_zeros().max(1));
        let s = if DIGIT == 1 { g.zero(1) } else { s };
        let yw = g.zext(y, rw);
        let big_y = g.shl(yw, s);
        let xw = g.zext(x, rw);
        let lt = g.icmp(IcmpPred::Ult, xw, big_y);
        let xy = g.sub(xw, big_y);
        let r0 = g.mux(lt, xw, xy);
        let r = g.mux(keep, xw, r0);
        // The exponent of the register's top bit (bit rw - 1).
        let top = g.add_const(ea, u64::from(DIGIT - 1));
        let sw = g.zext(s, ew);
        let eb_top = g.add_const(eb, u64::from(DIGIT - 1));
        let eb_top = g.sub(eb_top, sw);
        let e = g.mux(keep, top, eb_top);
        let padded = g.add(d, sw);
        let rows = g.extract(padded, DIGIT.trailing_zeros(), cw);
        let none = g.zero(cw);
        let left = g.mux(keep, none, rows);
        let nan = g.or(&[pa.nan, pb.nan, pa.inf, pb.zero]);
        let mut state = vec![r, big_y, left, e, pa.sign, nan];
        state.extend(odd_multiples(g, big_y));
        state
    }

    fn row(&self, g: &mut UnitBuilder, s: &[NetId]) -> Vec<NetId> {
        let rw = self.rw();
        let (r, big_y, left) = (s[0], s[1], s[2]);
        let more = g.any(left);
        // r < Y < 2^rw: t = r 2^DIGIT fits rw + DIGIT bits, the subtractions one more.
        let tw = rw + DIGIT + 1;
        let t = g.append_zeros(r, DIGIT);
        let t = g.zext(t, tw);
        let multiples = all_multiples(g, big_y, &s[6..], tw);
        let mut diffs = vec![t];
        let mut fits = vec![g.bool(true)];
        for m in multiples {
            let diff = g.sub(t, m);
            let borrow = g.msb(diff);
            fits.push(g.not(borrow));
            diffs.push(diff);
        }
        let chosen = largest_fit(g, &diffs, &fits, 0, diffs.len());
        let stepped = g.extract(chosen, 0, rw);
        let r = g.mux(more, stepped, r);
        let cw = g.width(left);
        let dec = g.zext(more, cw);
        let left = g.sub(left, dec);
        let mut next = vec![r, big_y, left];
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

/// The odd multiples `3Y, 5Y, .., (2^DIGIT - 1) Y` at `rw + DIGIT` bits (each the previous
/// plus `2Y`), kept in the state: the even ones are shifts of them.
fn odd_multiples(g: &mut UnitBuilder, big_y: NetId) -> Vec<NetId> {
    let w = g.width(big_y) + DIGIT;
    let y = g.zext(big_y, w);
    let y2 = g.append_zeros(big_y, 1);
    let y2 = g.zext(y2, w);
    let mut out = Vec::new();
    let mut m = y;
    for _ in (3..1u32 << DIGIT).step_by(2) {
        m = g.add(m, y2);
        out.push(m);
    }
    out
}

/// `q Y` for `q` in `1 .. 2^DIGIT` at `w` bits, from `Y` and the stored odd multiples.
fn all_multiples(g: &mut UnitBuilder, big_y: NetId, odd: &[NetId], w: u32) -> Vec<NetId> {
    let mut out: Vec<NetId> = Vec::new();
    for q in 1u32..1 << DIGIT {
        let shift = q.trailing_zeros();
        let base = q >> shift;
        let m = if base == 1 { big_y } else { odd[(base as usize - 3) / 2] };
        let m = g.append_zeros(m, shift);
        out.push(g.zext(m, w));
    }
    out
}
