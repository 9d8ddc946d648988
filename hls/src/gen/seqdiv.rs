//! Sequential dividers: one restoring-division unit that computes `rows` quotient bits per
//! cycle, for divisions whose combinational array does not fit the clock period.
//!
//! Why: a 32-bit divider as one combinational array is 32 subtract-and-select rows, about
//! 260 ns on the iCE40, which caps the whole design's clock (gcd ran at 3.8 MHz). A multi-cycle
//! path does not help there: place and route still times the array as one cycle. Here the
//! array's rows are reused over cycles instead, so every cycle holds at most `rows` rows.
//!
//! Timing (all known to the scheduler, `schedule::delays::seq_div`): in an op's start state
//! the unit loads its registers (`R = 0`, `Q = a`, `D = b`; signed ops load the one's
//! complements `a ^ sign(a)`, `b ^ sign(b)` instead and keep both signs and the result's
//! sign); signed ops then spend one state adding the kept signs to `Q` and `D`, which makes
//! them the absolute values (`|x| = (x ^ s) + s`: an adder, not a subtracter and a mux); in
//! each of the next `steps` states the unit shifts `rows` bits of `Q` into `R`, subtracting
//! `D` where it fits and shifting the quotient bit into `Q`; signed ops then spend one state
//! writing the quotient or remainder, negated as `(x ^ s) + s` if the sign says so, into a
//! result register. In state `start + latency` the result is in a register (`Q`, `R` or the
//! result register) and stays there until the unit's next load at the end of that state or
//! later. The unit's registers are written only in the states an op occupies, so the binder
//! may share it between ops whose occupied states are disjoint.
//!
//! Division by zero follows SPEC section 3 (quotient and remainder 0, as the comb dividers
//! and the HLS interpreter give; MLIR leaves it undefined): the last row of every step
//! writes 0 to `R` and `Q` when `D` is 0, a select folded into the row's own multiplexer
//! (one LUT4: borrow, zero flag and the two candidates), the zero flag an equality compare of
//! `D` computed beside the row's subtraction. Signed `MIN / -1` gives `MIN` (`|MIN|` is
//! `2^(w-1)` unsigned, negated back to `MIN`), `MIN % -1` gives 0.

use super::Gen;
use crate::ir::BinOp;
use comb::{CellKind, NetId};

/// A sequential divider's registers; [`Gen::seq_div_connect`] wires their inputs.
pub(crate) struct SeqDivUnit {
    op: BinOp,
    width: u32,
    /// The divisor's bits (`analysis::divwidth`): the width of `R` and `D`.
    m: u32,
    rows: u32,
    r: NetId,
    q: NetId,
    d: NetId,
    /// Radix-4 steps: the `3d` register (`rows / 2` radix-4 rows per step).
    d3: Option<NetId>,
    /// Signed: the result's sign and the result register.
    neg: Option<(NetId, NetId)>,
    /// Signed: the dividend's and the divisor's signs (added in the absolute-value state).
    signs: Option<(NetId, NetId)>,
}

/// The states of one op on a sequential divider, as `state == S` nets (signed phases
/// `None` for unsigned ops).
pub(crate) struct Phases {
    pub load: NetId,
    pub abs: Option<NetId>,
    pub step: NetId,
    pub fix: Option<NetId>,
}

impl Gen<'_> {
    fn unit_reg(&mut self, width: u32, name: &str) -> NetId {
        let (z, z1) = (self.konst(0, width), self.konst(0, 1));
        let clk = self.clk;
        self.cell(
            CellKind::Reg { reset: false, enable: true, async_reset: false, init: None },
            width,
            &[z, clk, z1],
            Some(name),
        )
    }

    /// Creates the registers of a divider for `op` of `width` bits doing `rows` quotient
    /// bits per step, named after `tag`; returns it and its result net.
    pub(crate) fn seq_div_unit(
        &mut self,
        op: BinOp,
        width: u32,
        rows: u32,
        tag: &str,
    ) -> (SeqDivUnit, NetId) {
        let m = crate::analysis::divwidth::divisor_bits(self.f, op, width);
        let r = self.unit_reg(m, &format!("{tag}_rem"));
        let q = self.unit_reg(width, &format!("{tag}_quo"));
        let d = self.unit_reg(m, &format!("{tag}_den"));
        let signed = matches!(op, BinOp::DivS | BinOp::RemS);
        // Radix-4 steps where the plan has them and the caller's bits per step agree.
        let plan = crate::schedule::delays::seq_div(signed, width, m, self.budget);
        let d3 = (plan.radix4 && plan.rows == rows).then(|| self.unit_reg(m + 2, &format!("{tag}_den3")));
        let neg = signed
            .then(|| (self.unit_reg(1, &format!("{tag}_neg")), self.unit_reg(width, &format!("{tag}_res"))));
        let signs =
            signed.then(|| (self.unit_reg(1, &format!("{tag}_sa")), self.unit_reg(1, &format!("{tag}_sb"))));
        let out = match neg {
            Some((_, res)) => res,
            None if matches!(op, BinOp::DivU) => q,
            None => self.zext(r, width),
        };
        (SeqDivUnit { op, width, m, rows, r, q, d, d3, neg, signs }, out)
    }

    /// `x` zero-extended to `w` bits.
    pub(crate) fn zext(&mut self, x: NetId, w: u32) -> NetId {
        let n = self.m.width(x);
        if n >= w {
            return x;
        }
        let z = self.konst(0, w - n);
        self.cell(CellKind::Concat, w, &[z, x], None)
    }

    /// The low `m` bits of `x`.
    pub(crate) fn low(&mut self, x: NetId, m: u32) -> NetId {
        if self.m.width(x) <= m {
            return x;
        }
        self.cell(CellKind::Extract { low: 0 }, m, &[x], None)
    }

    /// `x ^ {w{c}}`: the one's complement of `x` where `c` is 1.
    pub(crate) fn flip_if(&mut self, c: NetId, x: NetId) -> NetId {
        let w = self.m.width(x);
        let cw = if w == 1 { c } else { self.cell(CellKind::Replicate, w, &[c], None) };
        self.cell(CellKind::Xor, w, &[x, cw], None)
    }

    /// `x + c` for a 1-bit `c` (zero-extended).
    pub(crate) fn add_bit(&mut self, x: NetId, c: NetId) -> NetId {
        let w = self.m.width(x);
        let cz = if w == 1 {
            c
        } else {
            let z = self.konst(0, w - 1);
            self.cell(CellKind::Concat, w, &[z, c], None)
        };
        self.cell(CellKind::Add, w, &[x, cz], None)
    }

    /// `c ? 0 - x : x`, built as `(x ^ {w{c}}) + c`: one LUT level in front of an adder's
    /// carry chain (`schedule::delays::negate`), where a subtracter and a wide multiplexer
    /// would not fit a 10 ns cycle at 32 bits.
    pub(crate) fn negate_if(&mut self, c: NetId, x: NetId) -> NetId {
        let f = self.flip_if(c, x);
        self.add_bit(f, c)
    }

    /// `x == 0`.
    pub(crate) fn is_zero(&mut self, x: NetId) -> NetId {
        let w = self.m.width(x);
        let z = self.konst(0, w);
        self.cell(CellKind::Icmp(comb::IcmpPred::Eq), 1, &[x, z], None)
    }

    /// One restoring row: `(r, q)` to the next `(r, q)` against divisor `d`; `r` and `d` have
    /// the divisor's bits `m` (the remainder stays below the divisor), `q` the width `w`;
    /// where `zero` is given and 1 (the divisor is 0), both become 0 (SPEC section 3's
    /// `x / 0`, `x % 0`).
    pub(crate) fn div_row(
        &mut self,
        (r, q): (NetId, NetId),
        d: NetId,
        w: u32,
        zero: Option<NetId>,
    ) -> (NetId, NetId) {
        let m = self.m.width(r);
        let top = self.cell(CellKind::Extract { low: w - 1 }, 1, &[q], None);
        let t = self.cell(CellKind::Concat, m + 1, &[r, top], None);
        let z1 = self.konst(0, 1);
        let z2 = self.konst(0, 2);
        let t2 = self.cell(CellKind::Concat, m + 2, &[z1, t], None);
        let d2 = self.cell(CellKind::Concat, m + 2, &[z2, d], None);
        let diff = self.cell(CellKind::Sub, m + 2, &[t2, d2], None);
        let borrow = self.cell(CellKind::Extract { low: m + 1 }, 1, &[diff], None);
        let fits = self.not(borrow);
        let dl = self.cell(CellKind::Extract { low: 0 }, m, &[diff], None);
        let tl = self.cell(CellKind::Extract { low: 0 }, m, &[t], None);
        let r2 = self.mux(fits, dl, tl);
        self.row_out(r2, (q, fits, 1), w, zero)
    }

    /// A row's outputs: the new remainder `r2` and `q` with the row's `n` new quotient bits
    /// `bits` shifted in at the bottom (`q` is `w` bits); where `zero` is given and 1, both
    /// become 0 (SPEC section 3's `x / 0`, `x % 0`).
    pub(crate) fn row_out(
        &mut self,
        r2: NetId,
        (q, bits, n): (NetId, NetId, u32),
        w: u32,
        zero: Option<NetId>,
    ) -> (NetId, NetId) {
        let q2 = if w == n {
            bits
        } else {
            let ql = self.cell(CellKind::Extract { low: 0 }, w - n, &[q], None);
            self.cell(CellKind::Concat, w, &[ql, bits], None)
        };
        match zero {
            Some(z) => {
                let zm = self.konst(0, self.m.width(r2));
                let zw = self.konst(0, w);
                (self.mux(z, zm, r2), self.mux(z, zw, q2))
            }
            None => (r2, q2),
        }
    }

    /// Wires `u`'s registers: operands `a`, `b` are read in the load state.
    pub(crate) fn seq_div_connect(&mut self, u: &SeqDivUnit, a: NetId, b: NetId, ph: &Phases) {
        let w = u.width;
        let clk = self.clk;
        let (mut r, mut q) = (u.r, u.q);
        let zero = self.is_zero(u.d);
        match u.d3 {
            Some(d3) => {
                for k in 0..u.rows / 2 {
                    let last = k + 1 == u.rows / 2;
                    (r, q) = self.div_row4((r, q), (u.d, d3), w, last.then_some(zero));
                }
            }
            None => {
                for k in 0..u.rows {
                    let last = k + 1 == u.rows;
                    (r, q) = self.div_row((r, q), u.d, w, last.then_some(zero));
                }
            }
        }
        let z = self.konst(0, u.m);
        let rd = self.mux(ph.load, z, r);
        let en = self.or(&[ph.load, ph.step]);
        self.m.set_operands(u.r, &[rd, clk, en]);
        match (u.neg, u.signs, ph.abs, ph.fix) {
            (Some((neg, res)), Some((ra, rb)), Some(abs), Some(fix)) => {
                let sa = self.cell(CellKind::Extract { low: w - 1 }, 1, &[a], None);
                let sb = self.cell(CellKind::Extract { low: w - 1 }, 1, &[b], None);
                let s = if u.op == BinOp::DivS { self.cell(CellKind::Xor, 1, &[sa, sb], None) } else { sa };
                self.m.set_operands(neg, &[s, clk, ph.load]);
                self.m.set_operands(ra, &[sa, clk, ph.load]);
                self.m.set_operands(rb, &[sb, clk, ph.load]);
                // The load takes the one's complements, the state after adds the signs.
                // |b| < 2^m, so b's one's complement fits m bits too.
                let af = self.flip_if(sa, a);
                let bf = self.flip_if(sb, b);
                let bf = self.low(bf, u.m);
                let qa = self.add_bit(u.q, ra);
                let da = self.add_bit(u.d, rb);
                // The step's late quotient bits pass one multiplexer; load and absolute
                // value are selected before it.
                let early = self.mux(ph.load, af, qa);
                let load_or_abs = self.or(&[ph.load, abs]);
                let qd = self.mux(load_or_abs, early, q);
                let dd = self.mux(ph.load, bf, da);
                let qen = self.or(&[ph.load, abs, ph.step]);
                self.m.set_operands(u.q, &[qd, clk, qen]);
                self.m.set_operands(u.d, &[dd, clk, load_or_abs]);
                if let Some(d3) = u.d3 {
                    // 3|d| from |d|, in the absolute-value state.
                    let t = self.triple(da);
                    self.m.set_operands(d3, &[t, clk, abs]);
                }
                let mag = if u.op == BinOp::DivS { u.q } else { self.zext(u.r, w) };
                let out = self.negate_if(neg, mag);
                self.m.set_operands(res, &[out, clk, fix]);
            }
            _ => {
                let qd = self.mux(ph.load, a, q);
                self.m.set_operands(u.q, &[qd, clk, en]);
                let bl = self.low(b, u.m);
                self.m.set_operands(u.d, &[bl, clk, ph.load]);
                if let Some(d3) = u.d3 {
                    // 3d behind the load (the plan's load delay counts the adder).
                    let t = self.triple(bl);
                    self.m.set_operands(d3, &[t, clk, ph.load]);
                }
            }
        }
    }
}
