//! Value ranges: the signed interval each value of an HLS function can take.
//!
//! Why: the source's types say how wide a value is stored, not how wide it is. An `i16`
//! product written with `extsi` to `i32`, a loop counter running to 64, a byte masked out of
//! a word: each fits far fewer bits than its type, and every bit costs a LUT or a flip-flop.
//! The narrowing transform ([`crate::transform::narrow`]), the binder's multiplier shapes and the
//! value registers ([`crate::gen`]) and the dividers' rows ([`crate::analysis::divwidth`]) all take
//! their widths from here.
//!
//! A value's range is `lo..=hi` in the signed reading of its bits (a value of width `w` is
//! always within `-2^(w-1)..=2^(w-1)-1`). It follows the value through the op that defines
//! it, in the regions of the body (dead ops of the arena are not looked at):
//! - constants; `extsi` (the operand's range), `extui` (the operand's when non-negative,
//!   else `0..=2^n-1`), `trunci` (the operand's when it fits, else the full range);
//! - `add`, `sub`, `mul` of bounded ranges when the exact result fits the width (the op
//!   cannot wrap), else the full range;
//! - `and` with a non-negative side (`0..=` that side's maximum), `or`/`xor` of non-negative
//!   ranges (up to the next power of two), shifts by a constant (left when it cannot wrap),
//!   unsigned division and remainder of non-negative ranges;
//! - `select` and the results of an `if` (the union of both sides);
//! - a `for` loop's induction variable: `lb.lo..=ub.hi - 1` (from its bounds' ranges);
//! - anything else (arguments, loads, loop-carried values, comparisons' 1-bit results) is
//!   the full range of its width.
//!
//! Ranges are computed on demand and remembered; a value whose definition is being computed
//! (there are no such cycles in the IR, but the guard keeps the analysis total) is the full
//! range.

use crate::ir::{BinOp, ForLoop, Func, Item, OpKind, Region, ValId};
use std::cell::RefCell;
use std::collections::HashMap;

/// A signed interval `lo..=hi` (never empty).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    /// The least value.
    pub lo: i128,
    /// The greatest value.
    pub hi: i128,
}

impl Range {
    /// `lo..=hi`.
    pub fn new(lo: i128, hi: i128) -> Range {
        debug_assert!(lo <= hi);
        Range { lo, hi }
    }
    /// Every value of a `w`-bit word, read as signed.
    pub fn full(w: u32) -> Range {
        let w = w.clamp(1, 64);
        Range { lo: -(1i128 << (w - 1)), hi: (1i128 << (w - 1)) - 1 }
    }
    /// The single value `v`.
    pub fn point(v: i128) -> Range {
        Range { lo: v, hi: v }
    }
    /// True when every value fits a `w`-bit signed word.
    pub fn fits(self, w: u32) -> bool {
        let f = Range::full(w);
        self.lo >= f.lo && self.hi <= f.hi
    }
    /// `self` if it fits `w` signed bits, else the full range of `w` (the value of a
    /// computation that may wrap).
    pub fn within(self, w: u32) -> Range {
        if self.fits(w) {
            self
        } else {
            Range::full(w)
        }
    }
    /// The smallest interval holding both.
    pub fn union(self, o: Range) -> Range {
        Range { lo: self.lo.min(o.lo), hi: self.hi.max(o.hi) }
    }
    /// The signed bits that hold every value (at least 1).
    pub fn signed_bits(self) -> u32 {
        let mag = |v: i128| 128 - v.leading_zeros();
        1 + mag(self.hi.max(0)).max(mag((-self.lo - 1).max(0)))
    }
    /// The unsigned bits that hold every value when none is negative (at least 1).
    pub fn unsigned_bits(self) -> Option<u32> {
        (self.lo >= 0).then(|| bits(self.hi).max(1))
    }
    /// True when no value is negative.
    pub fn non_negative(self) -> bool {
        self.lo >= 0
    }
}

/// The operands of a multiplier narrower than its product: `bits` each, read as signed or
/// unsigned (the product is the low bits of the exact product of the operands' values).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MulShape {
    /// Bits of each operand.
    pub bits: u32,
    /// Two's complement operands (else unsigned).
    pub signed: bool,
}

impl MulShape {
    /// The shape that holds the operands of both (for a unit both share), if narrower
    /// than `w`.
    pub fn join(a: Option<MulShape>, b: Option<MulShape>, w: u32) -> Option<MulShape> {
        let (a, b) = (a?, b?);
        let signed = a.signed || b.signed;
        // An unsigned operand of `n` bits is a signed one of `n + 1`.
        let as_signed = |s: MulShape| if s.signed || !signed { s.bits } else { s.bits + 1 };
        let bits = as_signed(a).max(as_signed(b));
        (bits < w).then_some(MulShape { bits, signed })
    }
}

/// The smallest `b` with `v < 2^b`, for `v >= 0`.
pub fn bits(v: i128) -> u32 {
    128 - v.max(0).leading_zeros()
}

/// The constant `c`'s low `w` bits read as signed.
pub fn sext_const(c: u64, w: u32) -> i128 {
    let w = w.clamp(1, 64);
    let v = i128::from(c) & ((1i128 << w) - 1);
    if v >> (w - 1) == 1 {
        v - (1i128 << w)
    } else {
        v
    }
}

/// How a value is defined, for the analysis.
#[derive(Clone, Copy)]
enum Def {
    /// By this op of the arena.
    Op(usize),
    /// The induction variable of a `for` loop: (lower bound, upper bound).
    Iv(ValId, ValId),
    /// The result of an `if`: (then value, else value).
    Merge(ValId, ValId),
    /// More than one definition (the full range).
    Many,
}

/// The ranges of one function's values (computed on demand).
pub struct ValueRanges<'f> {
    f: &'f Func,
    def: HashMap<ValId, Def>,
    memo: RefCell<HashMap<ValId, Option<Range>>>,
}

impl<'f> ValueRanges<'f> {
    /// The analysis of `f`'s body as it is now.
    pub fn new(f: &'f Func) -> ValueRanges<'f> {
        let mut def = HashMap::new();
        collect(f, &f.body, &mut def);
        ValueRanges { f, def, memo: RefCell::new(HashMap::new()) }
    }

    /// The range of `v`.
    pub fn of(&self, v: ValId) -> Range {
        let w = self.f.width(v);
        if let Some(r) = self.memo.borrow().get(&v) {
            // `None`: being computed (a cycle), the full range.
            return r.unwrap_or_else(|| Range::full(w));
        }
        self.memo.borrow_mut().insert(v, None);
        let r = self.compute(v, w).within(w);
        self.memo.borrow_mut().insert(v, Some(r));
        r
    }

    /// The range of the register that holds `l`'s induction variable: the body's values
    /// and the exit value (the last one plus the step), or the lower bound when the loop
    /// does not run; the full 32 bits when that may wrap.
    pub fn iv_register(&self, l: &ForLoop) -> Range {
        let (lb, ub) = (self.of(l.lb), self.of(l.ub));
        let step = i128::from(l.step);
        let w = self.f.width(l.iv);
        Range::new(lb.lo, lb.hi.max(ub.hi - 1 + step)).within(w)
    }

    /// The operand shape of a `w`-bit multiplier of `a` and `b` when both operands fit
    /// fewer bits than `w`: unsigned when neither can be negative (cheaper), else signed.
    pub fn mul_shape(&self, a: ValId, b: ValId, w: u32) -> Option<MulShape> {
        let (x, y) = (self.of(a), self.of(b));
        let shape = match (x.unsigned_bits(), y.unsigned_bits()) {
            (Some(p), Some(q)) => MulShape { bits: p.max(q), signed: false },
            _ => MulShape { bits: x.signed_bits().max(y.signed_bits()), signed: true },
        };
        (shape.bits < w).then_some(shape)
    }

    fn compute(&self, v: ValId, w: u32) -> Range {
        match self.def.get(&v) {
            Some(&Def::Op(i)) => self.op_range(i, w),
            Some(&Def::Iv(lb, ub)) => {
                let (lb, ub) = (self.of(lb), self.of(ub));
                Range::new(lb.lo, lb.hi.max(ub.hi - 1))
            }
            Some(&Def::Merge(a, b)) => self.of(a).union(self.of(b)),
            Some(Def::Many) | None => Range::full(w),
        }
    }

    fn op_range(&self, i: usize, w: u32) -> Range {
        let op = &self.f.ops[i];
        let arg = |k: usize| self.of(op.operands[k]);
        let full = Range::full(w);
        match &op.kind {
            OpKind::Const(c) => Range::point(sext_const(*c, w)),
            OpKind::SExt => arg(0),
            OpKind::ZExt => {
                let x = arg(0);
                if x.non_negative() {
                    x
                } else {
                    Range::new(0, (1i128 << self.f.width(op.operands[0])) - 1)
                }
            }
            OpKind::Trunc => arg(0).within(w),
            OpKind::Select => arg(1).union(arg(2)),
            OpKind::Bin(b) => bin_range(*b, arg(0), arg(1), w),
            _ => full,
        }
    }
}

/// The range of `a b c` at `w` bits, before [`Range::within`] (a result outside the width
/// means the op may wrap, and the caller takes the full range).
fn bin_range(b: BinOp, a: Range, c: Range, w: u32) -> Range {
    let full = Range::full(w);
    let corners = |f: fn(i128, i128) -> i128| {
        let v = [f(a.lo, c.lo), f(a.lo, c.hi), f(a.hi, c.lo), f(a.hi, c.hi)];
        Range::new(*v.iter().min().expect("four"), *v.iter().max().expect("four"))
    };
    // A shift by a constant in range (a shift by the width or more is the full range).
    let amount = (c.lo == c.hi && c.lo >= 0 && c.lo < i128::from(w)).then_some(c.lo as u32);
    match b {
        BinOp::Add => Range::new(a.lo + c.lo, a.hi + c.hi),
        BinOp::Sub => Range::new(a.lo - c.hi, a.hi - c.lo),
        BinOp::Mul => corners(|x, y| x * y),
        BinOp::And => match (a.non_negative(), c.non_negative()) {
            (true, true) => Range::new(0, a.hi.min(c.hi)),
            (true, false) => Range::new(0, a.hi),
            (false, true) => Range::new(0, c.hi),
            (false, false) => full,
        },
        BinOp::Or if a.non_negative() && c.non_negative() => {
            Range::new(a.lo.max(c.lo), (1i128 << bits(a.hi.max(c.hi))) - 1)
        }
        BinOp::Xor if a.non_negative() && c.non_negative() => {
            Range::new(0, (1i128 << bits(a.hi.max(c.hi))) - 1)
        }
        BinOp::Shl => match amount {
            Some(k) => Range::new(a.lo << k, a.hi << k),
            None => full,
        },
        BinOp::ShrS => match amount {
            Some(k) => Range::new(a.lo >> k, a.hi >> k),
            None => full,
        },
        BinOp::ShrU => match amount {
            Some(k) if a.non_negative() => Range::new(a.lo >> k, a.hi >> k),
            Some(k) if k > 0 => Range::new(0, ((1i128 << w) - 1) >> k),
            _ => full,
        },
        // x / 0 = 0 and x / y <= x for y >= 1.
        BinOp::DivU if a.non_negative() && c.non_negative() => Range::new(0, a.hi),
        // x % y < y for y >= 1, and at most x.
        BinOp::RemU if a.non_negative() && c.non_negative() => {
            let by = if c.lo >= 1 { c.hi - 1 } else { c.hi };
            Range::new(0, a.hi.min(by).max(0))
        }
        _ => full,
    }
}

/// Records the definition of every value defined in `r` (and the regions inside it).
fn collect(f: &Func, r: &Region, def: &mut HashMap<ValId, Def>) {
    let put = |def: &mut HashMap<ValId, Def>, v: ValId, d: Def| {
        def.entry(v).and_modify(|x| *x = Def::Many).or_insert(d);
    };
    for item in &r.items {
        match item {
            Item::Op(id) => {
                if let Some(v) = f.op(*id).result {
                    put(def, v, Def::Op(id.index()));
                }
            }
            Item::For(l) => {
                put(def, l.iv, Def::Iv(l.lb, l.ub));
                collect(f, &l.body, def);
            }
            Item::If(i) => {
                collect(f, &i.then_region, def);
                collect(f, &i.else_region, def);
                for (k, &v) in i.results.iter().enumerate() {
                    put(def, v, Def::Merge(i.then_yields[k], i.else_yields[k]));
                }
            }
            Item::While(w) => {
                collect(f, &w.before, def);
                collect(f, &w.after, def);
            }
            Item::Cfg(g) => {
                for b in &g.blocks {
                    collect(f, &b.body, def);
                }
            }
        }
    }
}

#[cfg(test)]
#[path = "ranges_tests.rs"]
mod tests;
