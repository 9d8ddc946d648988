//! Division and remainder by a constant without a divider: shifts, masks and a multiply by
//! a magic reciprocal, as every compiler and HLS tool does.
//!
//! Why: a divider is a sequential unit (17 to 67 busy cycles, `gen/seqdiv.rs`) and a
//! pipelined loop's II must cover that busy time; a constant divisor needs none of it. Every
//! `divsi/divui/remsi/remui` of the HLS IR whose divisor is a constant op is rewritten in
//! place (the lowering has already turned `floordivsi`, `ceildivsi`, `ceildivui` and affine
//! `floordiv/ceildiv/mod` into those four plus corrections), in every function and region,
//! before scheduling. The meaning is exactly the IR's (SPEC section 3) at every width 1..64:
//!
//! - unsigned `x / c`: `c = 0` gives 0; `c = 1` gives `x`; `c = 2^k` a shift; `c` above half
//!   the range one comparison (`x >= c`); otherwise `floor(x * m / 2^p)` with the magic `m`
//!   of [`super::magic`], the product taken at `width + bits(m)` bits when that is at most 64,
//!   as four 32-bit partial products otherwise (widths above 32), and a multiplier of
//!   `width + 1` bits split into `x + mulhi(x, m - 2^width)` ("add" fix-up:
//!   `(t + ((x - t) >> 1)) >> (l - 1)`, which cannot overflow);
//! - signed `x / c`: `c = 0` gives 0, `c = 1` gives `x`, `c = -1` gives `0 - x` (so `MIN / -1 =
//!   MIN`); `|c| = 2^k`: `(x + (x < 0 ? 2^k - 1 : 0)) >> k` arithmetic, negated for `c < 0`;
//!   otherwise the unsigned rewrite on `|x|` (at most `2^(width-1)`, which often saves the
//!   fix-up), negated when the signs differ;
//! - a dividend known to lie in `0..=M` (the induction variable of a loop with constant
//!   bounds `0 <= lb < ub`) by a positive divisor: the unsigned rewrite at `M`'s width;
//! - remainders: by 0 or +-1 give 0; unsigned by `2^k` a mask; otherwise `x - q * c` (the
//!   sign of the dividend follows for signed ones), a multiply by a constant.
//!
//! A remainder after a division of the same operands in the same region reuses its quotient
//! (the lowering of `floordivsi` and affine `ceildiv` emits both). Multiplies by constants are
//! `mulc` in the scheduler (shift-and-add, no multiplier unit). The rewrite is proved by
//! exhaustive tests at widths up to 10 and random ones at 32 and 64 bits that evaluate the
//! emitted ops (`constdiv_tests.rs`), and end to end by the HLS kernels under mlir-cpu-runner.

use super::magic::{bits, ceil_log2, unsigned_magic};
use crate::ir::{BinOp, Func, Item, OpKind, Region, ValId};
use comb::IcmpPred;
use mlir_text::Span;
use std::collections::HashMap;

/// Rewrites every division and remainder by a constant in `f`; returns how many.
pub fn run(f: &mut Func) -> usize {
    let consts: HashMap<ValId, u64> = f.constants();
    let mut n = 0;
    let mut ranges = HashMap::new();
    f.with_body(|f, body| region(f, &consts, &mut ranges, body, &mut n));
    n
}

/// Upper bounds of values known to lie in `0..=bound`: induction variables of loops with
/// constant bounds `0 <= lb < ub`.
type Ranges = HashMap<ValId, u64>;

fn region(f: &mut Func, consts: &HashMap<ValId, u64>, ranges: &mut Ranges, r: &mut Region, n: &mut usize) {
    let items = std::mem::take(&mut r.items);
    // Quotients computed in this region: (dividend, divisor, signed) -> value.
    let mut quotients: HashMap<(ValId, u64, bool), ValId> = HashMap::new();
    for mut item in items {
        match &mut item {
            Item::Op(id) => {
                let op = f.op(*id).clone();
                let divisor = op.operands.get(1).and_then(|v| consts.get(v));
                if let (OpKind::Bin(b), Some(&c), Some(res)) = (op.kind, divisor, op.result) {
                    if b.is_div() {
                        let w = f.width(res);
                        let mut e = Emit::new(f, op.span);
                        let xmax = ranges.get(&op.operands[0]).copied();
                        let v = e.rewrite(b, op.operands[0], c, w, &mut quotients, xmax);
                        e.finish(v, res, &mut quotients);
                        r.items.append(&mut e.out);
                        *n += 1;
                        continue;
                    }
                }
            }
            Item::For(l) => {
                let k = |v: ValId| consts.get(&v).map(|&c| sign_extend(c, f.width(v)));
                if let (Some(lb), Some(ub)) = (k(l.lb), k(l.ub)) {
                    if 0 <= lb && lb < ub {
                        ranges.insert(l.iv, ub as u64 - 1);
                    }
                }
                region(f, consts, ranges, &mut l.body, n)
            }
            other => {
                for sub in other.regions_mut() {
                    region(f, consts, ranges, sub, n);
                }
            }
        }
        r.items.push(item);
    }
}

fn mask(w: u32) -> u64 {
    if w >= 64 {
        u64::MAX
    } else {
        (1u64 << w) - 1
    }
}

/// Emits the ops of one rewrite into `out`.
pub(crate) struct Emit<'f> {
    pub(crate) f: &'f mut Func,
    pub(crate) out: Vec<Item>,
    span: Span,
    /// Constants emitted here (to fold trivial operations).
    consts: HashMap<ValId, u64>,
}

impl<'f> Emit<'f> {
    /// An emitter appending to its own item list.
    pub(crate) fn new(f: &'f mut Func, span: Span) -> Emit<'f> {
        Emit { f, out: Vec::new(), span, consts: HashMap::new() }
    }

    fn op(&mut self, kind: OpKind, operands: Vec<ValId>, w: u32) -> ValId {
        let v = self.f.new_value(w, None);
        let id = self.f.new_op(kind, operands, Some(v), self.span);
        self.out.push(Item::Op(id));
        v
    }
    fn k(&mut self, c: u64, w: u32) -> ValId {
        let v = self.op(OpKind::Const(c & mask(w)), vec![], w);
        self.consts.insert(v, c & mask(w));
        v
    }
    fn bin(&mut self, b: BinOp, x: ValId, y: ValId) -> ValId {
        let w = self.f.width(x);
        self.op(OpKind::Bin(b), vec![x, y], w)
    }
    /// `x op c` with a constant right operand.
    fn bin_k(&mut self, b: BinOp, x: ValId, c: u64) -> ValId {
        let w = self.f.width(x);
        let k = self.k(c, w);
        self.bin(b, x, k)
    }
    fn shr(&mut self, x: ValId, s: u32) -> ValId {
        if s == 0 {
            return x;
        }
        self.bin_k(BinOp::ShrU, x, u64::from(s))
    }
    fn neg(&mut self, x: ValId) -> ValId {
        let w = self.f.width(x);
        let z = self.k(0, w);
        self.bin(BinOp::Sub, z, x)
    }
    fn resize(&mut self, x: ValId, w: u32) -> ValId {
        let xw = self.f.width(x);
        match xw.cmp(&w) {
            std::cmp::Ordering::Equal => x,
            std::cmp::Ordering::Less => self.op(OpKind::ZExt, vec![x], w),
            std::cmp::Ordering::Greater => self.op(OpKind::Trunc, vec![x], w),
        }
    }
    /// `x * c` at `x`'s width (a multiply by a constant: shifts and adds); 0 and 1 folded.
    fn mul_k(&mut self, x: ValId, c: u64) -> ValId {
        let w = self.f.width(x);
        match c & mask(w) {
            0 => self.k(0, w),
            1 => x,
            c if c.is_power_of_two() => self.bin_k(BinOp::Shl, x, u64::from(c.trailing_zeros())),
            c => self.bin_k(BinOp::Mul, x, c),
        }
    }

    /// Makes `v` the value `res` (the rewritten op's result): the op computing `v` here is
    /// retargeted, or a zero shift (wiring) copies it.
    fn finish(&mut self, v: ValId, res: ValId, quotients: &mut HashMap<(ValId, u64, bool), ValId>) {
        let last = self.out.last().and_then(|i| if let Item::Op(o) = i { Some(*o) } else { None });
        match last {
            Some(o) if self.f.op(o).result == Some(v) => {
                self.f.ops[o.index()].result = Some(res);
            }
            _ => {
                let z = self.k(0, self.f.width(v));
                let id = self.f.new_op(OpKind::Bin(BinOp::Shl), vec![v, z], Some(res), self.span);
                self.out.push(Item::Op(id));
            }
        }
        for q in quotients.values_mut() {
            if *q == v {
                *q = res;
            }
        }
    }

    /// The rewrite of `x b c` at width `w`, where `x` is known to lie in `0..=xmax` if that
    /// is given; returns the value holding the result.
    pub(crate) fn rewrite(
        &mut self,
        b: BinOp,
        x: ValId,
        c: u64,
        w: u32,
        quotients: &mut HashMap<(ValId, u64, bool), ValId>,
        xmax: Option<u64>,
    ) -> ValId {
        let c = c & mask(w);
        let signed = matches!(b, BinOp::DivS | BinOp::RemS);
        // A small non-negative dividend (an induction variable) by a positive divisor: an
        // unsigned division at the dividend's own width.
        let narrow = xmax.filter(|&m| m < mask(w) / 2 && c != 0 && (!signed || sign_extend(c, w) > 0));
        let q = match quotients.get(&(x, c, signed)) {
            Some(&q) => q,
            None => {
                let q = match narrow {
                    Some(m) if c > m => self.k(0, w),
                    Some(m) => {
                        let nb = 64 - m.leading_zeros().min(63);
                        let xn = self.resize(x, nb);
                        let qn = self.udiv(xn, c, m);
                        self.resize(qn, w)
                    }
                    None if signed => self.sdiv(x, c, w),
                    None => self.udiv(x, c, mask(w)),
                };
                quotients.insert((x, c, signed), q);
                q
            }
        };
        match b {
            BinOp::DivS | BinOp::DivU => q,
            _ => self.rem(x, q, c, w, signed),
        }
    }

    /// `x - q * c`, with the cheap cases (by 0, +-1, unsigned powers of two) folded.
    fn rem(&mut self, x: ValId, q: ValId, c: u64, w: u32, signed: bool) -> ValId {
        let cs = sign_extend(c, w);
        if c == 0 || c == 1 || (signed && cs == -1) {
            return self.k(0, w);
        }
        if !signed && c.is_power_of_two() {
            return self.bin_k(BinOp::And, x, c - 1);
        }
        if signed && cs < 0 {
            // x - q * c = x + q * |c|
            let p = self.mul_k(q, cs.unsigned_abs());
            return self.bin(BinOp::Add, x, p);
        }
        let p = self.mul_k(q, c);
        self.bin(BinOp::Sub, x, p)
    }

    /// Unsigned `floor(x / c)` for `0 <= x <= xmax` (`xmax` within `x`'s width).
    fn udiv(&mut self, x: ValId, c: u64, xmax: u64) -> ValId {
        let w = self.f.width(x);
        if c == 0 {
            return self.k(0, w);
        }
        if c == 1 {
            return x;
        }
        if c.is_power_of_two() {
            return self.shr(x, c.trailing_zeros());
        }
        if c > xmax / 2 {
            // The quotient is 0 or 1.
            let k = self.k(c, w);
            let ge = self.op(OpKind::Cmp(IcmpPred::Uge), vec![x, k], 1);
            return self.resize(ge, w);
        }
        let g = unsigned_magic(c, w, xmax);
        if bits(g.m) <= w || w + bits(g.m) <= 64 {
            return self.mul_shift(x, g.m, g.p);
        }
        // The add fix-up: m = 2^w + m', floor(x m / 2^(w+l)) = floor((x + t) / 2^l).
        let l = ceil_log2(c);
        let t = self.mul_shift(x, g.m - (1u128 << w), w);
        let d = self.bin(BinOp::Sub, x, t);
        let h = self.shr(d, 1);
        let s = self.bin(BinOp::Add, t, h);
        self.shr(s, l - 1)
    }

    /// `floor(x * m / 2^p)` truncated to `x`'s width (the caller knows it fits).
    fn mul_shift(&mut self, x: ValId, m: u128, p: u32) -> ValId {
        let w = self.f.width(x);
        let pw = w + bits(m);
        if pw <= 64 {
            let xe = self.resize(x, pw);
            let prod = self.mul_k(xe, m as u64);
            let s = self.shr(prod, p);
            return self.resize(s, w);
        }
        // A 128-bit product of 64-bit operands from four 32-bit partial products.
        debug_assert!(bits(m) <= 64 && p < 128);
        let m = m as u64;
        let x = self.resize(x, 64);
        let (ml, mh) = (m & 0xffff_ffff, m >> 32);
        let xl = self.bin_k(BinOp::And, x, 0xffff_ffff);
        let xh = self.shr(x, 32);
        let p0 = self.mul_k(xl, ml);
        let p1 = self.mul_k(xh, ml);
        let p2 = self.mul_k(xl, mh);
        let p3 = self.mul_k(xh, mh);
        let p0h = self.shr(p0, 32);
        let t = self.bin(BinOp::Add, p1, p0h);
        let tl = self.bin_k(BinOp::And, t, 0xffff_ffff);
        let u = self.bin(BinOp::Add, tl, p2);
        let th = self.shr(t, 32);
        let uh = self.shr(u, 32);
        let hi = self.bin(BinOp::Add, p3, th);
        let hi = self.bin(BinOp::Add, hi, uh);
        let r = if p >= 64 {
            self.shr(hi, p - 64)
        } else {
            let p0l = self.bin_k(BinOp::And, p0, 0xffff_ffff);
            let ul = self.bin_k(BinOp::Shl, u, 32);
            let lo = self.bin(BinOp::Or, ul, p0l);
            let a = self.bin_k(BinOp::Shl, hi, u64::from(64 - p));
            let b = self.shr(lo, p);
            self.bin(BinOp::Or, a, b)
        };
        self.resize(r, w)
    }

    /// Signed `x / c` (truncating; `/ 0` gives 0 and `MIN / -1` gives `MIN`).
    fn sdiv(&mut self, x: ValId, c: u64, w: u32) -> ValId {
        let cs = sign_extend(c, w);
        match cs {
            0 => return self.k(0, w),
            1 => return x,
            -1 => return self.neg(x),
            _ => {}
        }
        let a = cs.unsigned_abs();
        if a.is_power_of_two() {
            // Round toward zero: add 2^k - 1 to negative dividends before the shift.
            let k = a.trailing_zeros();
            let sign = self.bin_k(BinOp::ShrS, x, u64::from(w - 1));
            let bias = self.shr(sign, w - k);
            let y = self.bin(BinOp::Add, x, bias);
            let q = self.bin_k(BinOp::ShrS, y, u64::from(k));
            if cs < 0 {
                self.neg(q)
            } else {
                q
            }
        } else {
            let z = self.k(0, w);
            let neg = self.op(OpKind::Cmp(IcmpPred::Slt), vec![x, z], 1);
            let nx = self.neg(x);
            let ax = self.op(OpKind::Select, vec![neg, nx, x], w);
            let qu = self.udiv(ax, a, 1u64 << (w - 1));
            let nq = self.neg(qu);
            if cs > 0 {
                self.op(OpKind::Select, vec![neg, nq, qu], w)
            } else {
                self.op(OpKind::Select, vec![neg, qu, nq], w)
            }
        }
    }
}

/// `c`'s low `w` bits as a signed number.
pub fn sign_extend(c: u64, w: u32) -> i64 {
    if w >= 64 {
        c as i64
    } else {
        ((c << (64 - w)) as i64) >> (64 - w)
    }
}

#[cfg(test)]
#[path = "constdiv_tests.rs"]
mod tests;
