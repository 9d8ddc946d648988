//! [`UnitBuilder`]: adds word-level `comb` cells to a module so that a floating-point unit
//! reads as a short list of steps (`extract`, `mux`, `add`, `lzc`, `shr_sticky`, ...).
//!
//! Units are built inline: a builder wraps any `&mut comb::Module` (a standalone test module
//! or HLS's datapath), takes operand nets and returns result nets; it adds only
//! combinational cells (the pipeliner in [`super::pipeline`] adds the registers), so the
//! cells it adds form a cone from the operands to the result.
//!
//! Conventions: every helper checks nothing about the user's design (there is none: units
//! are built by the compiler) but asserts its own width rules in debug builds; a width is
//! at least 1; constants are shared per (value, width) within one builder. Variable shifts
//! are barrel shifters of one multiplexer per amount bit (rather than one `Shl` cell), so
//! the pipeliner can cut between their stages and the delay estimate sees their depth.

use comb::{Bits, CellKind, IcmpPred, Module, NetId};
use mlir_text::Span;
use std::collections::HashMap;

/// Adds cells to a module for a floating-point unit (see the module doc).
pub struct UnitBuilder<'m> {
    m: &'m mut Module,
    consts: HashMap<Bits, NetId>,
    span: Span,
    mul_tile: Option<u32>,
}

/// Bits needed to count up to `n` (at least 1).
pub fn count_width(n: u32) -> u32 {
    (32 - n.leading_zeros()).max(1)
}

impl<'m> UnitBuilder<'m> {
    /// A builder adding cells to `m` (with an empty span).
    pub fn new(m: &'m mut Module) -> UnitBuilder<'m> {
        UnitBuilder { m, consts: HashMap::new(), span: Span::default(), mul_tile: None }
    }

    /// Makes [`UnitBuilder::mul_full`] build rows of `t`-bit chunks
    /// ([`UnitBuilder::mul_rows`]) instead of one `Mul` cell (`None`, the default).
    pub fn set_mul_tile(&mut self, t: Option<u32>) {
        self.mul_tile = t;
    }

    /// The module being built.
    pub fn module(&self) -> &Module {
        self.m
    }

    /// The module being built, mutably (for ports and registers the builder does not make).
    pub fn module_mut(&mut self) -> &mut Module {
        self.m
    }

    /// Width of a net.
    pub fn width(&self, x: NetId) -> u32 {
        self.m.width(x)
    }

    /// Adds one cell.
    pub fn cell(&mut self, kind: CellKind, width: u32, ops: &[NetId]) -> NetId {
        debug_assert!(width >= 1, "a unit's nets have at least one bit");
        self.m.add_cell(kind, width, ops, None, self.span)
    }

    /// A constant of `width` bits (`v` truncated; zero-extended when `width > 64`).
    pub fn konst(&mut self, v: u64, width: u32) -> NetId {
        self.konst_bits(Bits::from_u64(v, width))
    }

    /// A constant given as bits.
    pub fn konst_bits(&mut self, b: Bits) -> NetId {
        if let Some(&n) = self.consts.get(&b) {
            return n;
        }
        let w = b.width();
        let n = self.cell(CellKind::Const(b.clone()), w, &[]);
        self.consts.insert(b, n);
        n
    }

    /// All zeros.
    pub fn zero(&mut self, width: u32) -> NetId {
        self.konst_bits(Bits::zero(width))
    }

    /// All ones.
    pub fn ones(&mut self, width: u32) -> NetId {
        self.konst_bits(Bits::ones(width))
    }

    /// A 1-bit constant.
    pub fn bool(&mut self, v: bool) -> NetId {
        self.konst(v as u64, 1)
    }

    /// Bits `low .. low + n` of `x` (`x` itself when that is all of it).
    pub fn extract(&mut self, x: NetId, low: u32, n: u32) -> NetId {
        debug_assert!(low + n <= self.width(x), "extract beyond the net");
        if low == 0 && n == self.width(x) {
            return x;
        }
        self.cell(CellKind::Extract { low }, n, &[x])
    }

    /// Bit `i` of `x`.
    pub fn bit(&mut self, x: NetId, i: u32) -> NetId {
        self.extract(x, i, 1)
    }

    /// The top bit of `x`.
    pub fn msb(&mut self, x: NetId) -> NetId {
        let w = self.width(x);
        self.bit(x, w - 1)
    }

    /// Concatenation, the first part most significant.
    pub fn concat(&mut self, parts: &[NetId]) -> NetId {
        if let [one] = parts {
            return *one;
        }
        let w = parts.iter().map(|&p| self.width(p)).sum();
        self.cell(CellKind::Concat, w, parts)
    }

    /// `x` zero-extended (or truncated) to `width` bits.
    pub fn zext(&mut self, x: NetId, width: u32) -> NetId {
        let w = self.width(x);
        if w >= width {
            return self.extract(x, 0, width);
        }
        let z = self.zero(width - w);
        self.concat(&[z, x])
    }

    /// `x` with `n` zero bits appended below (`x << n` in a net `n` bits wider).
    pub fn append_zeros(&mut self, x: NetId, n: u32) -> NetId {
        if n == 0 {
            return x;
        }
        let z = self.zero(n);
        self.concat(&[x, z])
    }

    /// `c ? t : e` (operands of equal width).
    pub fn mux(&mut self, c: NetId, t: NetId, e: NetId) -> NetId {
        if t == e {
            return t;
        }
        debug_assert_eq!(self.width(t), self.width(e), "mux arms differ in width");
        let w = self.width(t);
        self.cell(CellKind::Mux, w, &[c, t, e])
    }

    /// `c ? t : e` as multiplexers of at most 8 bits each (concatenated). For a select that
    /// is ready early (an amount computed beside the data): each data bit crosses one LUT,
    /// and the delay estimate of a wide multiplexer (whose select fans out to every bit on
    /// the calibrated critical path) does not apply.
    pub fn mux_early(&mut self, c: NetId, t: NetId, e: NetId) -> NetId {
        let w = self.width(t);
        if w <= 8 || t == e {
            return self.mux(c, t, e);
        }
        let parts: Vec<NetId> = (0..w.div_ceil(8))
            .rev()
            .map(|k| {
                let (lo, n) = (8 * k, 8.min(w - 8 * k));
                let (tk, ek) = (self.extract(t, lo, n), self.extract(e, lo, n));
                self.mux(c, tk, ek)
            })
            .collect();
        self.concat(&parts)
    }

    fn variadic(&mut self, kind: CellKind, xs: &[NetId]) -> NetId {
        if let [one] = xs {
            return *one;
        }
        let w = self.width(xs[0]);
        debug_assert!(xs.iter().all(|&x| self.width(x) == w), "{kind:?} operands differ in width");
        self.cell(kind, w, xs)
    }

    /// Bitwise and of one or more nets of one width.
    pub fn and(&mut self, xs: &[NetId]) -> NetId {
        self.variadic(CellKind::And, xs)
    }

    /// Bitwise or.
    pub fn or(&mut self, xs: &[NetId]) -> NetId {
        self.variadic(CellKind::Or, xs)
    }

    /// Bitwise xor.
    pub fn xor(&mut self, xs: &[NetId]) -> NetId {
        self.variadic(CellKind::Xor, xs)
    }

    /// Bitwise not.
    pub fn not(&mut self, x: NetId) -> NetId {
        let w = self.width(x);
        self.cell(CellKind::Inv, w, &[x])
    }

    /// `x + y` modulo `2^w` (equal widths).
    pub fn add(&mut self, x: NetId, y: NetId) -> NetId {
        self.variadic(CellKind::Add, &[x, y])
    }

    /// `x - y` modulo `2^w` (equal widths).
    pub fn sub(&mut self, x: NetId, y: NetId) -> NetId {
        debug_assert_eq!(self.width(x), self.width(y), "sub operands differ in width");
        let w = self.width(x);
        self.cell(CellKind::Sub, w, &[x, y])
    }

    /// `x + c` for a constant `c`, modulo `2^w`.
    pub fn add_const(&mut self, x: NetId, c: u64) -> NetId {
        let w = self.width(x);
        let k = self.konst(c, w);
        self.add(x, k)
    }

    /// `x * y` modulo `2^w` (equal widths; one `Mul` cell).
    pub fn mul(&mut self, x: NetId, y: NetId) -> NetId {
        self.variadic(CellKind::Mul, &[x, y])
    }

    /// The full product of `x` and `y` (any widths), `width(x) + width(y)` bits: one `Mul`
    /// cell, or rows of the chunk width set by [`UnitBuilder::set_mul_tile`].
    pub fn mul_full(&mut self, x: NetId, y: NetId) -> NetId {
        match self.mul_tile {
            Some(0) => self.mul_tree(x, y),
            Some(t) if t < self.width(y) => self.mul_rows(x, y, t),
            _ => self.mul_one(x, y),
        }
    }

    /// The full product of `x` and `y` as one `Mul` cell on zero-extended operands.
    pub fn mul_one(&mut self, x: NetId, y: NetId) -> NetId {
        let w = self.width(x) + self.width(y);
        let (xe, ye) = (self.zext(x, w), self.zext(y, w));
        self.mul(xe, ye)
    }

    /// A comparison (equal widths), 1 bit.
    pub fn icmp(&mut self, pred: IcmpPred, x: NetId, y: NetId) -> NetId {
        debug_assert_eq!(self.width(x), self.width(y), "icmp operands differ in width");
        self.cell(CellKind::Icmp(pred), 1, &[x, y])
    }

    /// `x == c` for a constant `c`.
    pub fn eq_const(&mut self, x: NetId, c: u64) -> NetId {
        let w = self.width(x);
        let k = self.konst(c, w);
        self.icmp(IcmpPred::Eq, x, k)
    }

    /// Whether `x` is all zeros.
    pub fn is_zero(&mut self, x: NetId) -> NetId {
        let w = self.width(x);
        let z = self.zero(w);
        self.icmp(IcmpPred::Eq, x, z)
    }

    /// Whether any bit of `x` is set (or-reduction).
    pub fn any(&mut self, x: NetId) -> NetId {
        let w = self.width(x);
        if w == 1 {
            return x;
        }
        let z = self.zero(w);
        self.icmp(IcmpPred::Ne, x, z)
    }

    /// Whether every bit of `x` is set (and-reduction).
    pub fn all(&mut self, x: NetId) -> NetId {
        let w = self.width(x);
        if w == 1 {
            return x;
        }
        let o = self.ones(w);
        self.icmp(IcmpPred::Eq, x, o)
    }

    /// `x` replicated to `width` bits (`x` is 1 bit).
    pub fn replicate(&mut self, x: NetId, width: u32) -> NetId {
        if width == 1 {
            return x;
        }
        self.cell(CellKind::Replicate, width, &[x])
    }

    /// The larger of two unsigned values and whether `y` was larger:
    /// `(max, y > x)`.
    pub fn umax(&mut self, x: NetId, y: NetId) -> (NetId, NetId) {
        let lt = self.icmp(IcmpPred::Ult, x, y);
        (self.mux(lt, y, x), lt)
    }

    /// The leading-zero count of `x`: `width(x)` when `x` is 0, in
    /// [`count_width`]`(width(x))` bits. A tree of `log2` multiplexer levels: each level
    /// joins two halves' (all-zero, count) pairs.
    pub fn lzc(&mut self, x: NetId) -> NetId {
        let w = self.width(x);
        // Pad below with ones to a power of two above `w`: the count stops at `w`.
        let p = (w + 1).next_power_of_two();
        let padded = if p > w {
            let o = self.ones(p - w);
            self.concat(&[x, o])
        } else {
            x
        };
        let (_, count) = self.lzc_pow2(padded);
        let cw = count_width(w);
        let cnt = count.expect("a padded value is at least 2 bits");
        self.zext(cnt, cw)
    }

    /// (all zero, leading-zero count or `None` for one bit) of a power-of-two-wide value.
    fn lzc_pow2(&mut self, x: NetId) -> (NetId, Option<NetId>) {
        let w = self.width(x);
        if w == 1 {
            return (self.not(x), None);
        }
        let hi = self.extract(x, w / 2, w / 2);
        let lo = self.extract(x, 0, w / 2);
        let (zh, ch) = self.lzc_pow2(hi);
        let (zl, cl) = self.lzc_pow2(lo);
        let zero = self.and(&[zh, zl]);
        // High half all zero: {1, low count}; else {0, high count}.
        let (one, nil) = (self.bool(true), self.bool(false));
        let count = match (ch, cl) {
            (Some(ch), Some(cl)) => {
                let a = self.concat(&[one, cl]);
                let b = self.concat(&[nil, ch]);
                self.mux(zh, a, b)
            }
            _ => zh,
        };
        (zero, Some(count))
    }

    /// `x << amt` (a barrel shifter of one multiplexer per amount bit; 0 when
    /// `amt >= width(x)`).
    pub fn shl(&mut self, x: NetId, amt: NetId) -> NetId {
        self.barrel(x, amt, true)
    }

    /// `x >> amt` (logical), 0 when `amt >= width(x)`.
    pub fn shr(&mut self, x: NetId, amt: NetId) -> NetId {
        self.barrel(x, amt, false)
    }

    /// `x >> amt` (logical) and the sticky bit: whether any 1 bit was shifted out. The
    /// sticky bit does not wait for the shifter: a 1 is lost exactly when `x` is nonzero and
    /// has fewer trailing zeros than `amt` (a trailing-zero count beside the shifter).
    pub fn shr_sticky(&mut self, x: NetId, amt: NetId) -> (NetId, NetId) {
        let y = self.shr(x, amt);
        (y, self.lost_right(x, amt))
    }

    /// Whether `x >> amt` loses a 1 bit.
    pub fn lost_right(&mut self, x: NetId, amt: NetId) -> NetId {
        let tz = self.tzc(x);
        let cw = self.width(tz).max(self.width(amt));
        let (tz, a) = (self.zext(tz, cw), self.zext(amt, cw));
        let fewer = self.icmp(IcmpPred::Ult, tz, a);
        let nz = self.any(x);
        self.and(&[fewer, nz])
    }

    /// The trailing-zero count of `x` (`width(x)` when `x` is 0), as [`UnitBuilder::lzc`].
    pub fn tzc(&mut self, x: NetId) -> NetId {
        let w = self.width(x);
        let r = if w == 1 { x } else { self.cell(CellKind::Reverse, w, &[x]) };
        self.lzc(r)
    }

    /// A barrel shifter: one multiplexer per amount bit below the width, and one that
    /// clears the result when a higher amount bit is set.
    fn barrel(&mut self, x: NetId, amt: NetId, left: bool) -> NetId {
        let w = self.width(x);
        let aw = self.width(amt);
        let mut v = x;
        let mut big = Vec::new();
        for i in 0..aw {
            let a = self.bit(amt, i);
            if i >= 32 || (1u64 << i) >= u64::from(w) {
                big.push(a);
                continue;
            }
            let k = 1u32 << i;
            let shifted = if left {
                let lo = self.extract(v, 0, w - k);
                self.append_zeros(lo, k)
            } else {
                let hi = self.extract(v, k, w - k);
                self.zext(hi, w)
            };
            v = self.mux(a, shifted, v);
        }
        if !big.is_empty() {
            let over = self.or(&big);
            let z = self.zero(w);
            v = self.mux(over, z, v);
        }
        v
    }
}
