//! Unit and register widths from value ranges (the generator's side of narrowing).
//!
//! The IR pass (`transform/narrow.rs`) narrows what it can express: ops whose operands and result
//! fit fewer bits. Three things are left to the generator, all from the same ranges
//! ([`crate::analysis::ranges`]), all off with `--no-narrow`:
//! - **multipliers with narrow operands**: a `w`-bit product of operands that fit `n < w`
//!   bits (an `i16 x i16` product extended to `i32`) is built from an `n x n` multiplier.
//!   Unsigned operands: the product of the zero-extended `n`-bit operands (synthesis drops
//!   the constant zeros). Signed operands `x = ux - 2^n sx` (`ux` the `n` bits unsigned, `sx`
//!   the sign bit): `x y = ux uy - 2^n (sx uy + sy ux) + 2^2n sx sy`, so the unit is the
//!   unsigned `n x n` product with two conditional `w - n`-bit subtractions from its high
//!   part (and one bit added at `2n` when `2n < w`). Every op sharing the unit must fit its
//!   shape (the binder groups multiplications by shape).
//! - **registers holding live bits**: a value register holds the bits of its value's range
//!   (signed bits, or unsigned when the range has no negative value) and is extended back
//!   on read (a wire); its writes are truncated (the values written are in the range).
//! - **loop counters**: the counter register of a `for` loop that is not pipelined holds
//!   `lb..=ub - 1 + step` (its values and the exit value), and its increment and bound test
//!   are adders and comparators of that width. A pipelined loop's counter runs past its
//!   bound while the pipeline drains and keeps its full width.
//!
//! Each is exact on the values of the range; the schedule is unchanged (the scheduler's
//! multiplier delay stays the product width's, an upper bound).

use super::Gen;
use crate::analysis::ranges::{MulShape, Range, ValueRanges};
use crate::ir::{ValId, INDEX_WIDTH};
use comb::{CellKind, IcmpPred, NetId};
use std::collections::HashMap;

/// What the generator narrows, from the function's ranges.
pub(crate) struct Widths<'f> {
    /// The ranges; `None` with `--no-narrow`.
    ranges: Option<ValueRanges<'f>>,
    /// Ranges of registers that hold more than their value's range (loop counters).
    reg_range: HashMap<ValId, Range>,
}

impl<'f> Widths<'f> {
    /// The widths of `f` laid out as `l`; nothing narrows unless `on`.
    pub(crate) fn new(f: &'f crate::ir::Func, l: &super::layout::Layout, on: bool) -> Widths<'f> {
        if !on {
            return Widths { ranges: None, reg_range: HashMap::new() };
        }
        let ranges = ValueRanges::new(f);
        let mut reg_range = HashMap::new();
        for (k, lp) in l.fors.iter().enumerate() {
            let piped = l.pipes.iter().any(|p| p.for_k == k);
            let r = if piped { Range::full(f.width(lp.iv)) } else { ranges.iv_register(lp) };
            reg_range.insert(lp.iv, r);
        }
        Widths { ranges: Some(ranges), reg_range }
    }

    /// The bits a register of `v` (of width `w`) needs and whether they are read signed,
    /// when fewer than `w`.
    pub(crate) fn register(&self, v: ValId, w: u32) -> Option<(u32, bool)> {
        let ranges = self.ranges.as_ref()?;
        let r = self.reg_range.get(&v).copied().unwrap_or_else(|| ranges.of(v));
        let (n, signed) = match r.unsigned_bits() {
            Some(u) => (u, false),
            None => (r.signed_bits(), true),
        };
        (n < w).then_some((n, signed))
    }

    /// The operand shape of a `w`-bit multiplication of `a` and `b`, if narrower.
    pub(crate) fn mul(&self, a: ValId, b: ValId, w: u32) -> Option<MulShape> {
        self.ranges.as_ref()?.mul_shape(a, b, w)
    }

    /// A note per `for` loop whose counter is narrowed (`counter 32->7 bits`).
    pub(crate) fn counter_notes(
        &self,
        f: &crate::ir::Func,
        l: &super::layout::Layout,
    ) -> Vec<(crate::ir::LoopId, String)> {
        let mut notes = Vec::new();
        for lp in &l.fors {
            if let Some(r) = self.counter(lp.iv) {
                let w = f.width(lp.iv);
                notes.push((lp.id, format!("counter {w}->{} bits", bits_of(r).0)));
            }
        }
        notes
    }

    /// The range of a `for` loop's counter register, if it is narrowed.
    fn counter(&self, iv: ValId) -> Option<Range> {
        self.ranges.as_ref()?;
        self.reg_range.get(&iv).copied().filter(|r| *r != Range::full(INDEX_WIDTH))
    }
}

impl Gen<'_> {
    /// `x` extended to `w` bits (sign or zero).
    pub(crate) fn extend(&mut self, x: NetId, w: u32, signed: bool) -> NetId {
        let xw = self.m.width(x);
        if xw >= w {
            return x;
        }
        let high = if signed {
            let sign = self.cell(CellKind::Extract { low: xw - 1 }, 1, &[x], None);
            self.cell(CellKind::Replicate, w - xw, &[sign], None)
        } else {
            self.konst(0, w - xw)
        };
        self.cell(CellKind::Concat, w, &[high, x], None)
    }

    /// A `w`-bit multiplier of `shape`: returns its two `n`-bit operand cells (truncations
    /// whose operand the caller sets) and its product.
    pub(crate) fn narrow_mul(&mut self, shape: MulShape, w: u32) -> ([NetId; 2], NetId) {
        let n = shape.bits;
        let zw = self.konst(0, w);
        let ins = [self.low_placeholder(zw, n), self.low_placeholder(zw, n)];
        let (ua, ub) = (self.extend(ins[0], w, false), self.extend(ins[1], w, false));
        let p = self.cell(CellKind::Mul, w, &[ua, ub], None);
        if !shape.signed {
            return (ins, p);
        }
        // The high `w - n` bits less the two conditional terms (and the sign product).
        let hw = w - n;
        let high = self.cell(CellKind::Extract { low: n }, hw, &[p], None);
        let mut terms = Vec::new();
        for (s, o) in [(ins[0], ins[1]), (ins[1], ins[0])] {
            let sign = self.cell(CellKind::Extract { low: n - 1 }, 1, &[s], None);
            let other = if n >= hw { self.low(o, hw) } else { self.extend(o, hw, false) };
            let z = self.konst(0, hw);
            terms.push((sign, self.mux(sign, other, z)));
        }
        let mut hi = self.cell(CellKind::Sub, hw, &[high, terms[0].1], None);
        hi = self.cell(CellKind::Sub, hw, &[hi, terms[1].1], None);
        if 2 * n < w {
            // 2^2n sx sy: bit n of the high part.
            let both = self.and(terms[0].0, terms[1].0);
            let below = self.konst(0, n);
            let mut parts = vec![both, below];
            if hw > n + 1 {
                parts.insert(0, self.konst(0, hw - n - 1));
            }
            let bit = self.cell(CellKind::Concat, hw, &parts, None);
            hi = self.cell(CellKind::Add, hw, &[hi, bit], None);
        }
        let lowp = self.low(p, n);
        (ins, self.cell(CellKind::Concat, w, &[hi, lowp], None))
    }

    /// An `n`-bit truncation of `x` (a cell of its own, whose operand is set later).
    fn low_placeholder(&mut self, x: NetId, n: u32) -> NetId {
        self.cell(CellKind::Extract { low: 0 }, n, &[x], None)
    }

    /// `iv + step` of a `for` loop's counter (32 bits), at the counter's width.
    pub(crate) fn counter_next(&mut self, iv: ValId, cur: NetId, step: u64) -> NetId {
        let Some(r) = self.widths.counter(iv) else {
            let st = self.konst(step, INDEX_WIDTH);
            return self.cell(CellKind::Add, INDEX_WIDTH, &[cur, st], None);
        };
        let (n, signed) = bits_of(r);
        let (c, st) = (self.low(cur, n), self.konst(step, n));
        let next = self.cell(CellKind::Add, n, &[c, st], None);
        self.extend(next, INDEX_WIDTH, signed)
    }

    /// `iv < ub` (signed) of a `for` loop's counter, at the width both need.
    pub(crate) fn counter_in_range(&mut self, iv: ValId, ub: ValId, cur: NetId, bound: NetId) -> NetId {
        let narrow = self.widths.counter(iv).zip(self.widths.ranges.as_ref().map(|r| r.of(ub)));
        let Some((r, b)) = narrow else {
            return self.cell(CellKind::Icmp(IcmpPred::Slt), 1, &[cur, bound], None);
        };
        let n = r.signed_bits().max(b.signed_bits());
        let (c, u) = (self.low(cur, n), self.low(bound, n));
        self.cell(CellKind::Icmp(IcmpPred::Slt), 1, &[c, u], None)
    }
}

/// The bits of `r` and whether they are signed (unsigned when nothing is negative).
fn bits_of(r: Range) -> (u32, bool) {
    match r.unsigned_bits() {
        Some(u) => (u, false),
        None => (r.signed_bits(), true),
    }
}
