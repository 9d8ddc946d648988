//! Sequential dividers: one restoring-division unit that computes `rows` quotient bits per
//! cycle, for divisions whose combinational array does not fit the clock period.
//!
//! Why: a 32-bit divider as one combinational array is 32 subtract-and-select rows, about
//! 260 ns on the iCE40, which caps the whole design's clock (gcd ran at 3.8 MHz). A multi-cycle
//! path does not help there: place and route still times the array as one cycle. Here the
//! array's rows are reused over cycles instead, so every cycle holds at most `rows` rows.
//!
//! Timing (all known to the scheduler, `schedule::delays::seq_div`): in an op's start state
//! the unit loads its registers (`R = 0`, `Q = a`, `D = b`, and for signed ops the result's
//! sign); signed ops then spend one state replacing `Q` and `D` by their absolute values; in
//! each of the next `steps` states the unit shifts `rows` bits of `Q` into `R`, subtracting
//! `D` where it fits and shifting the quotient bit into `Q`; signed ops then spend one state
//! writing the negated (if the sign says so) quotient or remainder into a result register.
//! In state `start + latency` the result is in a register (`Q`, `R` or the result register)
//! and stays there until the unit's next load at the end of that state or later. The unit's
//! registers are written only in the states an op occupies, so the binder may share it
//! between ops whose occupied states are disjoint. Division by zero gives an all-ones
//! quotient and the dividend as remainder (MLIR leaves it undefined).

use super::Gen;
use crate::ir::BinOp;
use comb::{CellKind, NetId};

/// A sequential divider's registers; [`Gen::seq_div_connect`] wires their inputs.
pub(crate) struct SeqDivUnit {
    op: BinOp,
    width: u32,
    rows: u32,
    r: NetId,
    q: NetId,
    d: NetId,
    /// Signed: the result's sign and the result register.
    neg: Option<(NetId, NetId)>,
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
        let r = self.unit_reg(width, &format!("{tag}_rem"));
        let q = self.unit_reg(width, &format!("{tag}_quo"));
        let d = self.unit_reg(width, &format!("{tag}_den"));
        let signed = matches!(op, BinOp::DivS | BinOp::RemS);
        let neg = signed
            .then(|| (self.unit_reg(1, &format!("{tag}_neg")), self.unit_reg(width, &format!("{tag}_res"))));
        let out = match neg {
            Some((_, res)) => res,
            None if matches!(op, BinOp::DivU) => q,
            None => r,
        };
        (SeqDivUnit { op, width, rows, r, q, d, neg }, out)
    }

    /// `c ? 0 - x : x`.
    pub(crate) fn negate_if(&mut self, c: NetId, x: NetId) -> NetId {
        let w = self.m.width(x);
        let z = self.konst(0, w);
        let n = self.cell(CellKind::Sub, w, &[z, x], None);
        self.mux(c, n, x)
    }

    /// One restoring row: `(r, q)` to the next `(r, q)` against divisor `d`.
    pub(crate) fn div_row(&mut self, r: NetId, q: NetId, d: NetId, w: u32) -> (NetId, NetId) {
        let top = self.cell(CellKind::Extract { low: w - 1 }, 1, &[q], None);
        let t = self.cell(CellKind::Concat, w + 1, &[r, top], None);
        let z1 = self.konst(0, 1);
        let z2 = self.konst(0, 2);
        let t2 = self.cell(CellKind::Concat, w + 2, &[z1, t], None);
        let d2 = self.cell(CellKind::Concat, w + 2, &[z2, d], None);
        let diff = self.cell(CellKind::Sub, w + 2, &[t2, d2], None);
        let borrow = self.cell(CellKind::Extract { low: w + 1 }, 1, &[diff], None);
        let fits = self.not(borrow);
        let dl = self.cell(CellKind::Extract { low: 0 }, w, &[diff], None);
        let tl = self.cell(CellKind::Extract { low: 0 }, w, &[t], None);
        let r2 = self.mux(fits, dl, tl);
        let q2 = if w == 1 {
            fits
        } else {
            let ql = self.cell(CellKind::Extract { low: 0 }, w - 1, &[q], None);
            self.cell(CellKind::Concat, w, &[ql, fits], None)
        };
        (r2, q2)
    }

    /// Wires `u`'s registers: operands `a`, `b` are read in the load state.
    pub(crate) fn seq_div_connect(&mut self, u: &SeqDivUnit, a: NetId, b: NetId, ph: &Phases) {
        let w = u.width;
        let clk = self.clk;
        let (mut r, mut q) = (u.r, u.q);
        for _ in 0..u.rows {
            (r, q) = self.div_row(r, q, u.d, w);
        }
        let z = self.konst(0, w);
        let rd = self.mux(ph.load, z, r);
        let en = self.or(&[ph.load, ph.step]);
        self.m.set_operands(u.r, &[rd, clk, en]);
        match (u.neg, ph.abs, ph.fix) {
            (Some((neg, res)), Some(abs), Some(fix)) => {
                let sa = self.cell(CellKind::Extract { low: w - 1 }, 1, &[a], None);
                let sb = self.cell(CellKind::Extract { low: w - 1 }, 1, &[b], None);
                let s = if u.op == BinOp::DivS { self.cell(CellKind::Xor, 1, &[sa, sb], None) } else { sa };
                self.m.set_operands(neg, &[s, clk, ph.load]);
                // The absolute values, in place, the state after the load.
                let qs = self.cell(CellKind::Extract { low: w - 1 }, 1, &[u.q], None);
                let ds = self.cell(CellKind::Extract { low: w - 1 }, 1, &[u.d], None);
                let qa = self.negate_if(qs, u.q);
                let da = self.negate_if(ds, u.d);
                let qn = self.mux(abs, qa, q);
                let qd = self.mux(ph.load, a, qn);
                let dd = self.mux(ph.load, b, da);
                let qen = self.or(&[ph.load, abs, ph.step]);
                let den = self.or(&[ph.load, abs]);
                self.m.set_operands(u.q, &[qd, clk, qen]);
                self.m.set_operands(u.d, &[dd, clk, den]);
                let mag = if u.op == BinOp::DivS { u.q } else { u.r };
                let out = self.negate_if(neg, mag);
                self.m.set_operands(res, &[out, clk, fix]);
            }
            _ => {
                let qd = self.mux(ph.load, a, q);
                self.m.set_operands(u.q, &[qd, clk, en]);
                self.m.set_operands(u.d, &[b, clk, ph.load]);
            }
        }
    }
}
