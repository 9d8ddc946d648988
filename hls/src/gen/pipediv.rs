//! Pipelined dividers: the sequential divider's steps (`seqdiv.rs`) laid out as register
//! stages, so a pipelined loop can start a division every cycle.
//!
//! Why: in a pipelined loop a sequential divider bounds the II by its busy time (35 cycles
//! for a signed 32-bit division); a pipeline of the same rows accepts one operation per
//! cycle, so the II is bounded by the memory ports instead (`schedule/div_timing.rs` decides
//! where one is used). Its stages need not be the sequential unit's steps: more bits per
//! stage (radix-4 rows) and signed work folded into neighbouring stages make it shorter.
//!
//! Structure and timing (the plan is `schedule::delays::pipe_div`, which gives the
//! scheduler's latency too), for an op started in cycle `t`: the operands are registered at
//! the end of cycle `t`. Unsigned: each step stage does its rows into the next stage's
//! registers (partial remainder, dividend/quotient word, divisor, and `3d` for radix-4
//! rows), and the last stage's registers hold the result in cycle `t + latency`. Signed:
//! cycle `t + 1` takes absolute values (`(x ^ s) + s`), `3|d|` for radix-4 rows and, where
//! it fits, the first row: `|a|`'s top bit is `a == MIN`, so that row needs the divisor's
//! short `m`-bit absolute value and an equality compare, not the `w`-bit adder; then the
//! step stages; then a last stage with (where the plan has one) the last row and the sign
//! fix-ups into result registers. Beside that last row, `-U` of the quotient bits already
//! known is an adder from registers, and the row's bit picks `{-U, 0}` or `{~U, 1}` (one
//! LUT level), so the negation does not follow the row. A radix-2 row shifts one dividend
//! bit into the partial remainder and subtracts the divisor where it fits; a radix-4 row
//! shifts two and subtracts `d`, `2d` or `3d` (three subtracters side by side), keeping the
//! largest that fits. (An OR-tree negation chained into the consumer's cycle was tried:
//! Yosys/ABC mapped the OR prefix into a chain of LUTs, 15 ns on the hx8k.)
//! Every register loads every cycle (the
//! pipeline runs freely): an operation's values move one stage per clock whatever else
//! happens, which is exactly what the modulo schedule counts on, and a stage holding no
//! operation computes garbage nobody reads. A division and a remainder of the same operands
//! started in the same cycle (what `floordivsi`/`ceildivsi` by a variable lower to) share one
//! unit with both outputs. Results match the sequential divider bit for bit and SPEC
//! section 3: division and remainder by zero give 0 (the unit's very last row selects 0 when
//! the divisor register feeding it is 0; the select folds into the row's multiplexer),
//! `MIN / -1 = MIN` and `MIN % -1 = 0`.

use super::pipeline::Ctx;
use super::Gen;
use crate::analysis::divwidth::divisor_bits;
use crate::ir::{BinOp, OpKind};
use crate::schedule::delays::PipeDiv;
use comb::{CellKind, NetId};
use std::collections::HashMap;

/// A pipelined divider's input registers; [`Gen::pipe_div_connect`] wires them.
pub(crate) struct PipeDivUnit {
    a: NetId,
    b: NetId,
}

impl Gen<'_> {
    /// A free-running register (no enable, no reset) of `d`'s width; `d` may be set later.
    pub(crate) fn stage_reg(&mut self, d: Option<NetId>, width: u32, name: &str) -> NetId {
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

    /// Builds a pipelined divider of `width` bits (signed or not, divisors of `m` bits) laid
    /// out as `plan`'s stages, padded with pass-through stages to `latency` cycles, named
    /// after `tag`, giving the quotient and/or the remainder (`want`); returns it (inputs
    /// unconnected) and the two result nets (None where not wanted).
    pub(crate) fn pipe_div_unit(
        &mut self,
        (signed, m): (bool, u32),
        width: u32,
        (plan, latency): (&PipeDiv, u32),
        tag: &str,
        want: (bool, bool),
    ) -> (PipeDivUnit, Option<NetId>, Option<NetId>) {
        let w = width;
        let (want_q, want_r) = want;
        let a = self.stage_reg(None, w, &format!("{tag}_a"));
        let b = self.stage_reg(None, w, &format!("{tag}_b"));
        // (partial remainder, dividend/quotient, divisor), the remainder and divisor at the
        // divisor's `m` bits; `3d` at `m + 2` bits for radix-4 rows; signed: the quotient's
        // and the remainder's signs.
        let zero = self.konst(0, m);
        let bl = self.low(b, m);
        let (mut r, mut q, mut d) = (zero, a, bl);
        let mut d3 = None;
        let (mut sq, mut sr) = (None, None);
        if signed {
            let sa = self.cell(CellKind::Extract { low: w - 1 }, 1, &[a], None);
            let sb = self.cell(CellKind::Extract { low: w - 1 }, 1, &[b], None);
            let qa = self.negate_if(sa, a);
            // |b| < 2^m: its low m bits are the negation of b's low m bits.
            let da = self.negate_if(sb, bl);
            let mut qa = qa;
            if plan.abs_row {
                // The first row, beside the adders: |a|'s top bit is `a == MIN` (only MIN's
                // absolute value reaches 2^(w-1)), so the row does not wait for |a|.
                let min = self.konst(1 << (w - 1), w);
                let top = self.cell(CellKind::Icmp(comb::IcmpPred::Eq), 1, &[a, min], None);
                let rest = self.cell(CellKind::Extract { low: 0 }, w - 1, &[qa], None);
                let qx = self.cell(CellKind::Concat, w, &[top, rest], None);
                let (r1, q1) = self.div_row((zero, qx), da, w, None);
                qa = q1;
                r = self.stage_reg(Some(r1), m, &format!("{tag}_abs_r"));
            }
            q = self.stage_reg(Some(qa), w, &format!("{tag}_abs_q"));
            d = self.stage_reg(Some(da), m, &format!("{tag}_abs_d"));
            if plan.radix4 {
                let t = self.triple(da);
                d3 = Some(self.stage_reg(Some(t), m + 2, &format!("{tag}_abs_d3")));
            }
            if want_q {
                let x = self.cell(CellKind::Xor, 1, &[sa, sb], None);
                sq = Some(self.stage_reg(Some(x), 1, &format!("{tag}_abs_sq")));
            }
            if want_r {
                sr = Some(self.stage_reg(Some(sa), 1, &format!("{tag}_abs_sr")));
            }
        }
        let steps = plan.stages.len();
        // The registers after the last step stage: what the last rows and fix-ups read.
        let (keep_q, keep_r) = if plan.final_rows > 0 { (true, true) } else { (want_q, want_r) };
        for (k, st) in plan.stages.iter().enumerate() {
            let last = k + 1 == steps;
            let zero = (last && plan.final_rows == 0).then(|| self.is_zero(d));
            // Unsigned radix-4 units make 3d beside their first stage's radix-2 rows.
            let made = (plan.radix4 && d3.is_none()).then(|| self.triple(d));
            for j in 0..st.digits {
                let z = zero.filter(|_| st.rows == 0 && j + 1 == st.digits);
                let t = d3.expect("a radix-4 stage follows the stage that makes 3d");
                (r, q) = self.div_row4((r, q), (d, t), w, z);
            }
            for j in 0..st.rows {
                (r, q) = self.div_row((r, q), d, w, zero.filter(|_| j + 1 == st.rows));
            }
            if !last || keep_q {
                q = self.stage_reg(Some(q), w, &format!("{tag}_s{k}_q"));
            }
            if !last || keep_r {
                r = self.stage_reg(Some(r), m, &format!("{tag}_s{k}_r"));
            }
            if !last {
                d3 = made.or(d3).map(|t| self.stage_reg(Some(t), m + 2, &format!("{tag}_s{k}_d3")));
            }
            if !last || plan.final_rows > 0 {
                d = self.stage_reg(Some(d), m, &format!("{tag}_s{k}_d"));
            }
            sq = sq.map(|n| self.stage_reg(Some(n), 1, &format!("{tag}_s{k}_sq")));
            sr = sr.map(|n| self.stage_reg(Some(n), 1, &format!("{tag}_s{k}_sr")));
        }
        // Pass-through stages up to the type's latency (ops of one type with a longer plan).
        for k in plan.latency..latency {
            q = if keep_q { self.stage_reg(Some(q), w, &format!("{tag}_p{k}_q")) } else { q };
            r = if keep_r { self.stage_reg(Some(r), m, &format!("{tag}_p{k}_r")) } else { r };
            if plan.final_rows > 0 {
                d = self.stage_reg(Some(d), m, &format!("{tag}_p{k}_d"));
            }
            sq = sq.map(|n| self.stage_reg(Some(n), 1, &format!("{tag}_p{k}_sq")));
            sr = sr.map(|n| self.stage_reg(Some(n), 1, &format!("{tag}_p{k}_sr")));
        }
        if !signed {
            return (PipeDivUnit { a, b }, want_q.then_some(q), want_r.then(|| self.zext(r, w)));
        }
        // Signed: the last stage, the last row (where the plan has one) and the sign
        // fix-ups into the result registers.
        let (mut qo, mut ro) = (None, None);
        if plan.final_rows > 0 {
            let zero = self.is_zero(d);
            // The quotient bits already known (they become bits 1.. of the result), zeroed
            // for a zero divisor; their negation runs beside the row.
            let upper = (w > 1).then(|| {
                let u = self.cell(CellKind::Extract { low: 0 }, w - 1, &[q], None);
                let nz = self.not(zero);
                let nzw = if w == 2 { nz } else { self.cell(CellKind::Replicate, w - 1, &[nz], None) };
                let uz = self.cell(CellKind::And, w - 1, &[u, nzw], None);
                let one = self.konst(1, 1);
                let nu = self.flip_if(one, uz);
                let neg = self.add_bit(nu, one);
                (uz, nu, neg)
            });
            let (r2, q2) = self.div_row((r, q), d, w, Some(zero));
            r = r2;
            if let Some(s) = sq.filter(|_| want_q) {
                let v = match upper {
                    // -{U, 1} = {~U, 1}, -{U, 0} = {-U, 0}.
                    Some((uz, nu, neg)) => {
                        let fit = self.cell(CellKind::Extract { low: 0 }, 1, &[q2], None);
                        let n = self.mux(fit, nu, neg);
                        let hi = self.mux(s, n, uz);
                        self.cell(CellKind::Concat, w, &[hi, fit], None)
                    }
                    None => q2,
                };
                qo = Some(self.stage_reg(Some(v), w, &format!("{tag}_quo")));
            }
        } else if let Some(s) = sq.filter(|_| want_q) {
            let v = self.negate_if(s, q);
            qo = Some(self.stage_reg(Some(v), w, &format!("{tag}_quo")));
        }
        if let Some(s) = sr.filter(|_| want_r) {
            // |r| < 2^m: negated at m + 1 bits, sign-extended.
            let n = (m + 1).min(w);
            let rz = self.zext(r, n);
            let v = self.negate_if(s, rz);
            let v = self.sext(v, w);
            ro = Some(self.stage_reg(Some(v), w, &format!("{tag}_rem")));
        }
        (PipeDivUnit { a, b }, qo, ro)
    }

    /// `x` sign-extended to `w` bits.
    fn sext(&mut self, x: NetId, w: u32) -> NetId {
        let n = self.m.width(x);
        if n >= w {
            return x;
        }
        let top = self.cell(CellKind::Extract { low: n - 1 }, 1, &[x], None);
        let rep = if w - n == 1 { top } else { self.cell(CellKind::Replicate, w - n, &[top], None) };
        self.cell(CellKind::Concat, w, &[rep, x], None)
    }

    /// `3 d` at `m + 2` bits for an `m`-bit `d`: `2 d + d`, one adder.
    pub(crate) fn triple(&mut self, d: NetId) -> NetId {
        let m = self.m.width(d);
        let (z1, z2) = (self.konst(0, 1), self.konst(0, 2));
        let d2 = self.cell(CellKind::Concat, m + 2, &[z1, d, z1], None);
        let d1 = self.cell(CellKind::Concat, m + 2, &[z2, d], None);
        self.cell(CellKind::Add, m + 2, &[d2, d1], None)
    }

    /// One radix-4 restoring row: `(r, q)` to the next `(r, q)` against the divisor `d` and
    /// `d3 = 3 d`: the top two bits of `q` shifted into `r` (`t = 4 r + bits`, below `4 d`),
    /// `t - d`, `t - 2 d` and `t - 3 d` side by side, the largest that does not borrow kept
    /// (or `t`), the two quotient bits shifted into `q`. `zero` as in [`Gen::div_row`].
    pub(crate) fn div_row4(
        &mut self,
        (r, q): (NetId, NetId),
        (d, d3): (NetId, NetId),
        w: u32,
        zero: Option<NetId>,
    ) -> (NetId, NetId) {
        let m = self.m.width(r);
        let top = self.cell(CellKind::Extract { low: w - 2 }, 2, &[q], None);
        let t = self.cell(CellKind::Concat, m + 2, &[r, top], None);
        let (z1, z2, z3) = (self.konst(0, 1), self.konst(0, 2), self.konst(0, 3));
        let t3 = self.cell(CellKind::Concat, m + 3, &[z1, t], None);
        let d1 = self.cell(CellKind::Concat, m + 3, &[z3, d], None);
        let d2 = self.cell(CellKind::Concat, m + 3, &[z2, d, z1], None);
        let d3 = self.cell(CellKind::Concat, m + 3, &[z1, d3], None);
        let mut fits = Vec::new();
        let mut lows = Vec::new();
        for x in [d1, d2, d3] {
            let diff = self.cell(CellKind::Sub, m + 3, &[t3, x], None);
            let borrow = self.cell(CellKind::Extract { low: m + 2 }, 1, &[diff], None);
            fits.push(self.not(borrow));
            lows.push(self.cell(CellKind::Extract { low: 0 }, m, &[diff], None));
        }
        let tl = self.cell(CellKind::Extract { low: 0 }, m, &[t], None);
        let r1 = self.mux(fits[0], lows[0], tl);
        let r2 = self.mux(fits[1], lows[1], r1);
        let r2 = self.mux(fits[2], lows[2], r2);
        // Digit: 3 (c3), 2 (c2), 1 (c1), 0; c3 implies c2 implies c1 for d > 0.
        let hi = fits[1];
        let n2 = self.not(fits[1]);
        let one = self.and(fits[0], n2);
        let lo = self.or(&[fits[2], one]);
        let digit = self.cell(CellKind::Concat, 2, &[hi, lo], None);
        self.row_out(r2, (q, digit, 2), w, zero)
    }

    /// A pipelined divider for an op of type `t` (a pipelined `sequential` type; its stages
    /// are [`crate::schedule::delays::pipe_div`]'s plan, padded to the type's latency),
    /// recorded as a unit; with `both`, it gives the quotient and the remainder. Returns it
    /// and the op's result net, then the other result.
    pub(crate) fn pipe_div_for(
        &mut self,
        op: BinOp,
        width: u32,
        t: &crate::schedule::OperatorType,
        tag: &str,
        (ops, both): (usize, bool),
    ) -> Result<(PipeDivUnit, NetId, Option<NetId>), String> {
        let signed = matches!(op, BinOp::DivS | BinOp::RemS);
        let m = crate::analysis::divwidth::divisor_bits(self.f, op, width);
        let plan = crate::schedule::delays::pipe_div(signed, width, m, self.budget);
        if plan.latency > t.latency {
            return Err(format!(
                "internal error: a pipelined {op:?} divider of {width} bits needs {} cycles, its type {}",
                plan.latency, t.latency
            ));
        }
        let quotient = matches!(op, BinOp::DivS | BinOp::DivU);
        let kind =
            if both { format!("{}rem", if signed { "divs" } else { "divu" }) } else { format!("{op:?}") };
        self.units.push(super::Unit { kind: format!("{kind}_pipelined").to_lowercase(), width, ops });
        let want = (quotient || both, !quotient || both);
        let (u, q, r) = self.pipe_div_unit((signed, m), width, (&plan, t.latency), tag, want);
        let (main, other) = if quotient { (q, r) } else { (r, q) };
        match main {
            Some(n) => Ok((u, n, other)),
            None => Err("internal error: a pipelined divider without its result".into()),
        }
    }

    /// The later op of a pipelined loop that is op `i`'s partner on one divider (`b` at
    /// `w` bits): the other of division and remainder, same operands, start, latency and
    /// divisor bits, neither limited by `--max-div`.
    pub(crate) fn div_partner(&self, c: &Ctx, i: usize, (b, w): (BinOp, u32)) -> Option<usize> {
        let sched = &c.pipe.plan.block;
        let t = sched.start(i);
        let operands = &self.f.op(sched.ops[i]).operands;
        let other = match b {
            BinOp::DivS => BinOp::RemS,
            BinOp::RemS => BinOp::DivS,
            BinOp::DivU => BinOp::RemU,
            _ => BinOp::DivU,
        };
        // Same operands, start and latency (a pipelined loop's types are split by
        // latency, `schedule::div_timing::pipelined`).
        let ty = |k: usize| &sched.problem.types[sched.problem.ops[k].ty];
        (i + 1..sched.ops.len()).find(|&j| {
            let o = self.f.op(sched.ops[j]);
            o.kind == OpKind::Bin(other)
                && &o.operands == operands
                && sched.start(j) == t
                && ty(j).latency == ty(i).latency
                && divisor_bits(self.f, other, w) == divisor_bits(self.f, b, w)
                && sched.problem.ops[i].resource.is_none()
                && sched.problem.ops[j].resource.is_none()
        })
    }

    /// The op `i` of a pipelined loop on a pipelined divider (`ty`), `b` at `w` bits, with
    /// its partner ([`Gen::div_partner`]) on one unit of their own: the later op's result
    /// is left in `pairs`.
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
        let partner = self.div_partner(c, i, (b, w));
        let a0 = self.pv(c, operands[0], i64::from(t))?;
        let a1 = self.pv(c, operands[1], i64::from(t))?;
        let tag = format!("{}{w}_pipe{}_op{i}", format!("{b:?}").to_lowercase(), c.pipe.first);
        let n = if partner.is_some() { 2 } else { 1 };
        let (unit, out, other) = self.pipe_div_for(b, w, ty, &tag, (n, partner.is_some()))?;
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
