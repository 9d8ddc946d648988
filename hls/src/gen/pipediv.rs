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
//! operation computes garbage nobody reads. A division and a remainder of the same operands
//! started in the same cycle (what `floordivsi`/`ceildivsi` by a variable lower to) share one
//! unit with both outputs. Results match the sequential divider bit for bit and SPEC
//! section 3: division and remainder by zero give 0 (the unit's very last row selects 0 when
//! the divisor register feeding it is 0; the select folds into the row's multiplexer),
//! `MIN / -1 = MIN` and `MIN % -1 = 0`. Absolute values and the final negation are
//! `(x ^ s) + s` (a LUT level and an adder, within a 10 ns cycle at 32 bits).

use super::pipeline::Ctx;
use super::Gen;
use crate::ir::{BinOp, OpKind};
use comb::{CellKind, NetId};
use std::collections::HashMap;

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

    /// Builds a pipelined divider of `width` bits (signed or not) with `steps` stages of
    /// `rows` rows, named after `tag`, giving the quotient and/or the remainder (`want`);
    /// returns it (inputs unconnected) and the two result nets (None where not wanted).
    pub(crate) fn pipe_div_unit(
        &mut self,
        (signed, m): (bool, u32),
        width: u32,
        (rows, steps): (u32, u32),
        tag: &str,
        want: (bool, bool),
    ) -> (PipeDivUnit, Option<NetId>, Option<NetId>) {
        let w = width;
        let (want_q, want_r) = want;
        let a = self.stage_reg(None, w, &format!("{tag}_a"));
        let b = self.stage_reg(None, w, &format!("{tag}_b"));
        // (partial remainder, dividend/quotient, divisor), the remainder and divisor at the
        // divisor's `m` bits; signed: the quotient's and the remainder's signs.
        let zero = self.konst(0, m);
        let bl = self.low(b, m);
        let (mut r, mut q, mut d) = (zero, a, bl);
        let (mut sq, mut sr) = (None, None);
        if signed {
            let sa = self.cell(CellKind::Extract { low: w - 1 }, 1, &[a], None);
            let sb = self.cell(CellKind::Extract { low: w - 1 }, 1, &[b], None);
            let qa = self.negate_if(sa, a);
            let da = self.negate_if(sb, b);
            let da = self.low(da, m);
            q = self.stage_reg(Some(qa), w, &format!("{tag}_abs_q"));
            d = self.stage_reg(Some(da), m, &format!("{tag}_abs_d"));
            if want_q {
                let x = self.cell(CellKind::Xor, 1, &[sa, sb], None);
                sq = Some(self.stage_reg(Some(x), 1, &format!("{tag}_abs_sq")));
            }
            if want_r {
                sr = Some(self.stage_reg(Some(sa), 1, &format!("{tag}_abs_sr")));
            }
        }
        for k in 0..steps {
            let last = k + 1 == steps;
            let zero = last.then(|| self.is_zero(d));
            for j in 0..rows {
                (r, q) = self.div_row((r, q), d, w, zero.filter(|_| j + 1 == rows));
            }
            if !last || want_q {
                q = self.stage_reg(Some(q), w, &format!("{tag}_s{k}_q"));
            }
            if !last || want_r {
                r = self.stage_reg(Some(r), m, &format!("{tag}_s{k}_r"));
            }
            if !last {
                d = self.stage_reg(Some(d), m, &format!("{tag}_s{k}_d"));
            }
            sq = sq.map(|n| self.stage_reg(Some(n), 1, &format!("{tag}_s{k}_sq")));
            sr = sr.map(|n| self.stage_reg(Some(n), 1, &format!("{tag}_s{k}_sr")));
        }
        let out = |g: &mut Self, wanted: bool, sign: Option<NetId>, mag: NetId, name: &str| {
            wanted.then(|| match sign {
                Some(n) => {
                    let v = g.negate_if(n, mag);
                    g.stage_reg(Some(v), w, &format!("{tag}_{name}"))
                }
                None => mag,
            })
        };
        let qo = out(self, want_q, sq, q, "quo");
        let rw = self.zext(r, w);
        let ro = out(self, want_r, sr, rw, "rem");
        (PipeDivUnit { a, b }, qo, ro)
    }

    /// A pipelined divider for an op of type `t` (a pipelined `sequential` type: its latency
    /// gives the steps, as for the sequential unit), recorded as a unit; with `both`, it
    /// gives the quotient and the remainder. Returns it and the op's result net, then the
    /// other result.
    pub(crate) fn pipe_div_for(
        &mut self,
        op: BinOp,
        width: u32,
        t: &crate::schedule::OperatorType,
        tag: &str,
        (ops, both): (usize, bool),
    ) -> (PipeDivUnit, NetId, Option<NetId>) {
        let signed = matches!(op, BinOp::DivS | BinOp::RemS);
        let steps = (t.latency - if signed { 3 } else { 1 }).max(1);
        let rows = width.div_ceil(steps);
        let quotient = matches!(op, BinOp::DivS | BinOp::DivU);
        let kind =
            if both { format!("{}rem", if signed { "divs" } else { "divu" }) } else { format!("{op:?}") };
        self.units.push(super::Unit { kind: format!("{kind}_pipelined").to_lowercase(), width, ops });
        let want = (quotient || both, !quotient || both);
        let m = crate::ir::divwidth::divisor_bits(self.f, op, width);
        let (u, q, r) = self.pipe_div_unit((signed, m), width, (rows, steps), tag, want);
        let (main, other) = if quotient { (q, r) } else { (r, q) };
        (u, main.expect("the op's own result is built"), other)
    }

    /// The op `i` of a pipelined loop on a pipelined divider (`ty`), `b` at `w` bits. An
    /// unshared division and remainder of the same operands started in the same cycle share
    /// one unit: the later op's result is left in `pairs`.
    pub(crate) fn pipe_div_op(
        &mut self,
        c: &mut Ctx,
        i: usize,
        (b, w): (BinOp, u32),
        ty: &crate::schedule::OperatorType,
        pairs: &mut HashMap<usize, NetId>,
    ) -> Result<NetId, String> {
        if let Some(n) = pairs.remove(&i) {
            return Ok(n);
        }
        let sched = &c.pipe.plan.block;
        let t = sched.start(i);
        let operands = self.f.op(sched.ops[i]).operands.clone();
        let partner = (i + 1..sched.ops.len()).find(|&j| {
            let o = self.f.op(sched.ops[j]);
            let other = match b {
                BinOp::DivS => BinOp::RemS,
                BinOp::RemS => BinOp::DivS,
                BinOp::DivU => BinOp::RemU,
                _ => BinOp::DivU,
            };
            o.kind == OpKind::Bin(other)
                && o.operands == operands
                && sched.start(j) == t
                && sched.problem.ops[j].ty == sched.problem.ops[i].ty
                && sched.problem.ops[j].resource.is_none()
        });
        let a0 = self.pv(c, operands[0], i64::from(t))?;
        let a1 = self.pv(c, operands[1], i64::from(t))?;
        let tag = format!("{}{w}_pipe{}_op{i}", format!("{b:?}").to_lowercase(), c.pipe.first);
        let n = if partner.is_some() { 2 } else { 1 };
        let (unit, out, other) = self.pipe_div_for(b, w, ty, &tag, (n, partner.is_some()));
        self.pipe_div_connect(&unit, a0, a1);
        if let (Some(j), Some(o)) = (partner, other) {
            pairs.insert(j, o);
        }
        Ok(out)
    }

    /// Connects `u`'s operand registers to `a` and `b` (sampled every cycle).
    pub(crate) fn pipe_div_connect(&mut self, u: &PipeDivUnit, a: NetId, b: NetId) {
        let clk = self.clk;
        self.m.set_operands(u.a, &[a, clk]);
        self.m.set_operands(u.b, &[b, clk]);
    }
}
