//! Word-level netlist helpers for the division, square-root, comparison and conversion
//! units (`fdiv`, `fsqrt`, `fcmp`, `fconv`): constants, bit fields, adders, compares,
//! multiplexers, a normalizing leading-zero shifter and a sticky right shifter, each one
//! or a few `comb` cells appended to a module.
//!
//! Why a thin layer of its own: every unit here is a few dozen such steps, and spelling each
//! as `add_cell(kind, width, operands, None, span)` would bury the arithmetic. The helpers
//! never read values, only widths, so they are safe on any net of the module.

use comb::{Bits, CellKind, IcmpPred, Module, NetId};
use mlir_text::Span;

/// Appends cells to one module; `clk` is the clock for the registers it makes, if any.
pub struct Net<'m> {
    /// The module the cells go to.
    pub m: &'m mut Module,
}

impl<'m> Net<'m> {
    /// Helpers over `m`.
    pub fn new(m: &'m mut Module) -> Net<'m> {
        Net { m }
    }

    /// A cell of `kind` and `width` on `ops`.
    pub fn cell(&mut self, kind: CellKind, width: u32, ops: &[NetId]) -> NetId {
        self.m.add_cell(kind, width, ops, None, Span::default())
    }

    /// Width of `x`.
    pub fn width(&self, x: NetId) -> u32 {
        self.m.width(x)
    }

    /// The constant `v` at `w` bits (`w` may exceed 64: the value is zero-extended).
    pub fn konst(&mut self, v: u64, w: u32) -> NetId {
        let b = if w <= 64 { Bits::from_u64(v, w) } else { Bits::from_u128(u128::from(v), w) };
        self.cell(CellKind::Const(b), w, &[])
    }

    /// All ones at `w` bits.
    pub fn ones(&mut self, w: u32) -> NetId {
        self.cell(CellKind::Const(Bits::ones(w)), w, &[])
    }

    /// Bits `low..low + w` of `x`.
    pub fn bits(&mut self, x: NetId, low: u32, w: u32) -> NetId {
        if low == 0 && w == self.width(x) {
            return x;
        }
        self.cell(CellKind::Extract { low }, w, &[x])
    }

    /// Bit `i` of `x`.
    pub fn bit(&mut self, x: NetId, i: u32) -> NetId {
        self.bits(x, i, 1)
    }

    /// The top bit of `x`.
    pub fn msb(&mut self, x: NetId) -> NetId {
        let w = self.width(x);
        self.bit(x, w - 1)
    }

    /// `{parts[0], parts[1], ...}`, the first part on top.
    pub fn cat(&mut self, parts: &[NetId]) -> NetId {
        if parts.len() == 1 {
            return parts[0];
        }
        let w = parts.iter().map(|&p| self.width(p)).sum();
        self.cell(CellKind::Concat, w, parts)
    }

    /// `x` zero-extended (or truncated) to `w` bits.
    pub fn zext(&mut self, x: NetId, w: u32) -> NetId {
        let n = self.width(x);
        match n.cmp(&w) {
            std::cmp::Ordering::Equal => x,
            std::cmp::Ordering::Greater => self.bits(x, 0, w),
            std::cmp::Ordering::Less => {
                let z = self.konst(0, w - n);
                self.cat(&[z, x])
            }
        }
    }

    /// `x` sign-extended (or truncated) to `w` bits.
    pub fn sext(&mut self, x: NetId, w: u32) -> NetId {
        let n = self.width(x);
        if n >= w {
            return self.zext(x, w);
        }
        let s = self.msb(x);
        let rep = self.rep(s, w - n);
        self.cat(&[rep, x])
    }

    /// `x` with `n` zero bits appended below.
    pub fn shl_const(&mut self, x: NetId, n: u32) -> NetId {
        if n == 0 {
            return x;
        }
        let z = self.konst(0, n);
        self.cat(&[x, z])
    }

    /// A 1-bit `c` repeated `w` times.
    pub fn rep(&mut self, c: NetId, w: u32) -> NetId {
        if w == 1 {
            return c;
        }
        self.cell(CellKind::Replicate, w, &[c])
    }

    /// `c ? t : f`.
    pub fn mux(&mut self, c: NetId, t: NetId, f: NetId) -> NetId {
        let w = self.width(t);
        self.cell(CellKind::Mux, w, &[c, t, f])
    }

    /// Bitwise and of nets of one width.
    pub fn and(&mut self, xs: &[NetId]) -> NetId {
        let w = self.width(xs[0]);
        self.cell(CellKind::And, w, xs)
    }

    /// Bitwise or of nets of one width.
    pub fn or(&mut self, xs: &[NetId]) -> NetId {
        let w = self.width(xs[0]);
        self.cell(CellKind::Or, w, xs)
    }

    /// Bitwise xor of nets of one width.
    pub fn xor(&mut self, xs: &[NetId]) -> NetId {
        let w = self.width(xs[0]);
        self.cell(CellKind::Xor, w, xs)
    }

    /// Bitwise not.
    pub fn not(&mut self, x: NetId) -> NetId {
        let w = self.width(x);
        self.cell(CellKind::Inv, w, &[x])
    }

    /// `a + b` (same width, wrapping).
    pub fn add(&mut self, a: NetId, b: NetId) -> NetId {
        let w = self.width(a);
        self.cell(CellKind::Add, w, &[a, b])
    }

    /// `a - b` (same width, wrapping).
    pub fn sub(&mut self, a: NetId, b: NetId) -> NetId {
        let w = self.width(a);
        self.cell(CellKind::Sub, w, &[a, b])
    }

    /// `a + c` for a constant `c` (wrapping; a negative `c` subtracts).
    pub fn add_const(&mut self, a: NetId, c: i64) -> NetId {
        let w = self.width(a);
        let k = self.konst_signed(c, w);
        self.add(a, k)
    }

    /// The two's complement constant `v` at `w` bits.
    pub fn konst_signed(&mut self, v: i64, w: u32) -> NetId {
        let mut b = Bits::from_u128(v as i128 as u128, w.min(128));
        if w > 128 {
            b = Bits::from_words(b.words(), w);
        }
        self.cell(CellKind::Const(b), w, &[])
    }

    /// `a pred b` (same width), one bit.
    pub fn cmp(&mut self, pred: IcmpPred, a: NetId, b: NetId) -> NetId {
        self.cell(CellKind::Icmp(pred), 1, &[a, b])
    }

    /// `x == 0`.
    pub fn is_zero(&mut self, x: NetId) -> NetId {
        let w = self.width(x);
        let z = self.konst(0, w);
        self.cmp(IcmpPred::Eq, x, z)
    }

    /// `x != 0`.
    pub fn nonzero(&mut self, x: NetId) -> NetId {
        let w = self.width(x);
        let z = self.konst(0, w);
        self.cmp(IcmpPred::Ne, x, z)
    }

    /// `x == v` for a constant `v`.
    pub fn eq_const(&mut self, x: NetId, v: u64) -> NetId {
        let w = self.width(x);
        let k = self.konst(v, w);
        self.cmp(IcmpPred::Eq, x, k)
    }

    /// `x << s` or `x >> s` (logical) for an amount `s` of any width: an amount of at least
    /// `x`'s width gives 0.
    pub fn shift(&mut self, x: NetId, s: NetId, left: bool) -> NetId {
        let (w, sw) = (self.width(x), self.width(s));
        let kind = if left { CellKind::Shl } else { CellKind::ShrU };
        if sw <= w {
            let s = self.zext(s, w);
            return self.cell(kind, w, &[x, s]);
        }
        // A wide amount: its bits above x's width force 0.
        let low = self.bits(s, 0, w);
        let sh = self.cell(kind, w, &[x, low]);
        let big_w = self.konst(u64::from(w), sw);
        let big = self.cmp(IcmpPred::Uge, s, big_w);
        let z = self.konst(0, w);
        self.mux(big, z, sh)
    }

    /// `x >> s` (logical) and whether a one bit was shifted out (the sticky bit), for an
    /// unsigned amount `s` of any width.
    pub fn shr_sticky(&mut self, x: NetId, s: NetId) -> (NetId, NetId) {
        let w = self.width(x);
        let y = self.shift(x, s, false);
        let ones = self.ones(w);
        let kept = self.shift(ones, s, true);
        let lost_mask = self.not(kept);
        let lost = self.and(&[x, lost_mask]);
        (y, self.nonzero(lost))
    }

    /// Normalizes `x` so its top bit is 1 (unless `x` is 0): returns the shifted value and
    /// the number of leading zeros (0 for `x == 0` is not promised: the count is then the
    /// width's round-up to a power of two minus one, clamped by the stages), at `cw` bits.
    /// A logarithmic shifter: stage `k` shifts by `2^k` when the top `2^k` bits are 0.
    pub fn normalize(&mut self, x: NetId, cw: u32) -> (NetId, NetId) {
        let w = self.width(x);
        let stages = 32 - (w.max(2) - 1).leading_zeros();
        let mut v = x;
        let mut count = Vec::new();
        for k in (0..stages).rev() {
            let n = 1u32 << k;
            let take = if n >= w {
                // Shifting by n clears everything: only when v is 0, which any shift keeps.
                self.is_zero(v)
            } else {
                let top = self.bits(v, w - n, n);
                self.is_zero(top)
            };
            let shifted = if n >= w {
                self.konst(0, w)
            } else {
                let low = self.bits(v, 0, w - n);
                self.shl_const(low, n)
            };
            v = self.mux(take, shifted, v);
            count.push(take);
        }
        let c = self.cat(&count);
        (v, self.zext(c, cw))
    }

    /// A register on `clk` loading `d` every cycle (or when `en` is 1), starting at 0.
    pub fn reg(&mut self, d: NetId, clk: NetId, en: Option<NetId>) -> NetId {
        let w = self.width(d);
        let ops: Vec<NetId> = [d, clk].into_iter().chain(en).collect();
        let kind = CellKind::Reg { reset: false, enable: en.is_some(), async_reset: false, init: None };
        self.cell(kind, w, &ops)
    }

    /// A register of `w` bits whose operands are set later ([`Net::connect_reg`]).
    pub fn reg_later(&mut self, w: u32, clk: NetId, enable: bool) -> NetId {
        let z = self.konst(0, w);
        let z1 = self.konst(0, 1);
        let ops: Vec<NetId> = if enable { vec![z, clk, z1] } else { vec![z, clk] };
        let kind = CellKind::Reg { reset: false, enable, async_reset: false, init: None };
        self.cell(kind, w, &ops)
    }

    /// Sets a [`Net::reg_later`] register's data (and enable) operands.
    pub fn connect_reg(&mut self, r: NetId, d: NetId, clk: NetId, en: Option<NetId>) {
        let ops: Vec<NetId> = [d, clk].into_iter().chain(en).collect();
        self.m.set_operands(r, &ops);
    }
}
