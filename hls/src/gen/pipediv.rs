//! Pipelined dividers: the sequential divider's steps (`seqdiv.rs`) laid out as register
//! stages, so a pipelined loop can start a division every cycle.
//!
//! Why: in a pipelined loop a sequential divider bounds the II by its busy time (35 cycles
//! for a signed 32-bit division); a pipeline of the same rows accepts one operation per
//! cycle, so the II is bounded by the memory ports instead (`schedule/pipediv.rs` decides
//! where one is used).
//!
//! Structure and timing, for an op started in cycle `t` (the same latency as the sequential
//! unit, so the schedule is the same): the operands are registered at the end of cycle `t`;
//! signed ops spend cycle `t + 1` taking absolute values and the result's sign; each of the
//! next `steps` cycles does `rows` restoring rows (shift one dividend bit into the partial
//! remainder, subtract the divisor where it fits, shift the quotient bit in) into the next
//! stage's registers, which carry the partial remainder, the dividend/quotient word, the
//! divisor and (signed) the sign; signed ops then negate the result into a last register.
//! The result is in a register in cycle `t + latency`. Every register loads every cycle (the
//! pipeline runs freely): an operation's values move one stage per clock whatever else
//! happens, which is exactly what the modulo schedule counts on, and a stage holding no
//! operation computes garbage nobody reads. Results match the sequential divider bit for
//! bit, including division by zero (all-ones quotient, the dividend as remainder) and
//! `MIN / -1 = MIN`.

use super::Gen;
use crate::ir::BinOp;
use comb::{CellKind, NetId};

/// A pipelined divider's input registers; [`Gen::pipe_div_connect`] wires them.
pub(crate) struct PipeDivUnit {
    a: NetId,
    b: NetId,
}

impl Gen<'_> {
    /// A free-running register (no enable, no reset) of `d`'s width; `d` may be set later.
    fn stage_reg(&mut self, d: Option<NetId>, width: u32, name: &str) -> NetId {
        let clk = self.clk;
        let d = d.unwrap_or_else(|| self.konst(0, width));
        self.own_regs.push(width);
        self.cell(
            CellKind::Reg { reset: false, enable: false, async_reset: false, init: None },
            width,
            &[d, clk],
            Some(name),
        )
    }

    /// Builds a pipelined divider for `op` of `width` bits with `steps` stages of `rows`
    /// rows, named after `tag`; returns it (inputs unconnected) and its result net.
    pub(crate) fn pipe_div_unit(
        &mut self,
        op: BinOp,
        width: u32,
        rows: u32,
        steps: u32,
        tag: &str,
    ) -> (PipeDivUnit, NetId) {
        let w = width;
        let signed = matches!(op, BinOp::DivS | BinOp::RemS);
        let a = self.stage_reg(None, w, &format!("{tag}_a"));
        let b = self.stage_reg(None, w, &format!("{tag}_b"));
        let zero = self.konst(0, w);
        // (partial remainder, dividend/quotient, divisor, result sign).
        let (mut r, mut q, mut d, mut neg) = (zero, a, b, None);
        if signed {
            let sa = self.cell(CellKind::Extract { low: w - 1 }, 1, &[a], None);
            let sb = self.cell(CellKind::Extract { low: w - 1 }, 1, &[b], None);
            let s = if op == BinOp::DivS { self.cell(CellKind::Xor, 1, &[sa, sb], None) } else { sa };
            let qa = self.negate_if(sa, a);
            let da = self.negate_if(sb, b);
            q = self.stage_reg(Some(qa), w, &format!("{tag}_abs_q"));
            d = self.stage_reg(Some(da), w, &format!("{tag}_abs_d"));
            neg = Some(self.stage_reg(Some(s), 1, &format!("{tag}_abs_neg")));
        }
        let want_q = matches!(op, BinOp::DivS | BinOp::DivU);
        for k in 0..steps {
            for _ in 0..rows {
                (r, q) = self.div_row(r, q, d, w);
            }
            let last = k + 1 == steps;
            if !last || want_q {
                q = self.stage_reg(Some(q), w, &format!("{tag}_s{k}_q"));
            }
            if !last || !want_q {
                r = self.stage_reg(Some(r), w, &format!("{tag}_s{k}_r"));
            }
            if !last {
                d = self.stage_reg(Some(d), w, &format!("{tag}_s{k}_d"));
            }
            neg = neg.map(|n| self.stage_reg(Some(n), 1, &format!("{tag}_s{k}_neg")));
        }
        let mag = if want_q { q } else { r };
        let out = match neg {
            Some(n) => {
                let v = self.negate_if(n, mag);
                self.stage_reg(Some(v), w, &format!("{tag}_res"))
            }
            None => mag,
        };
        (PipeDivUnit { a, b }, out)
    }

    /// A pipelined divider for an op of type `t` (a pipelined `sequential` type: its latency
    /// gives the steps, as for the sequential unit), recorded as a unit; returns it and its
    /// result net.
    pub(crate) fn pipe_div_for(
        &mut self,
        op: BinOp,
        width: u32,
        t: &crate::schedule::OperatorType,
        tag: &str,
        ops: usize,
    ) -> (PipeDivUnit, NetId) {
        let signed = matches!(op, BinOp::DivS | BinOp::RemS);
        let steps = (t.latency - if signed { 3 } else { 1 }).max(1);
        let rows = width.div_ceil(steps);
        self.units.push(super::Unit { kind: format!("{op:?}_pipelined").to_lowercase(), width, ops });
        self.pipe_div_unit(op, width, rows, steps, tag)
    }

    /// Connects `u`'s operand registers to `a` and `b` (sampled every cycle).
    pub(crate) fn pipe_div_connect(&mut self, u: &PipeDivUnit, a: NetId, b: NetId) {
        let clk = self.clk;
        self.m.set_operands(u.a, &[a, clk]);
        self.m.set_operands(u.b, &[b, clk]);
    }
}
