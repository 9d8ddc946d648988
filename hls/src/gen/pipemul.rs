//! Pipelined multipliers: a `w`-bit multiply (modulo `2^w`, `arith.muli`) as register
//! stages, so one unit accepts a multiplication every cycle.
//!
//! Why: a multiplier slower than a cycle is otherwise a multi-cycle path that holds its
//! unit (and its operands) for all its cycles, so under `--max-mul` a pipelined loop's II is
//! at least that many cycles per multiplication, and an FSM's multiplications queue behind
//! each other. `schedule/mul_timing.rs` decides where this unit is used.
//!
//! Structure (the plan is `schedule::delays::pipe_mul`, which gives the scheduler's latency
//! too), for an op started in cycle `t`: the operands are registered at the end of cycle
//! `t`. Each carry-save stage adds its partial products `a << j & b[j]` (the next rows `j`
//! in order, each truncated to `w` bits) to the carry-save pair (sum, carry) of the stage
//! before, reducing them to a new pair by 3:2 compressors on whole vectors (sum `x ^ y ^
//! z`, carry `maj(x, y, z) << 1`, truncated: exact modulo `2^w`), registered with the
//! operand bits later rows still need (`a`'s low `w - j` bits, `b`'s bits from `j`). Once
//! rows below `R` are in, the pair's bits below `R` take nothing more (later rows start at
//! bit `R`), so the cycle after a stage adds those of its bits (the stage's row count of
//! them) with the carry of the addition before (entering as the low bit of an adder one
//! bit wider; its carry out registered), beside the next stage, which carries on with the
//! pair's bits from `R` only: a small adder each cycle instead of a `w`-bit one at the end,
//! and a pair that narrows stage by stage. The cycle after the last stage adds its bits;
//! that register holds the product in cycle `t + latency`. Every register loads every cycle (the pipeline runs freely): an
//! operation's values move one stage per clock, which is what the schedules count on, and
//! a stage holding no operation computes garbage nobody reads.

use super::Gen;
use crate::schedule::delays::PipeMul;
use comb::{CellKind, NetId};

/// A pipelined multiplier's input registers; [`Gen::pipe_mul_connect`] wires them.
pub(crate) struct PipeMulUnit {
    a: NetId,
    b: NetId,
}

impl Gen<'_> {
    /// Bits `low .. low + n` of `x`.
    fn bits(&mut self, x: NetId, low: u32, n: u32) -> NetId {
        if low == 0 && self.m.width(x) == n {
            return x;
        }
        self.cell(CellKind::Extract { low }, n, &[x], None)
    }

    /// `x` (of `w - j` bits) shifted left by `j` into `w` bits.
    fn shifted(&mut self, x: NetId, j: u32, w: u32) -> NetId {
        if j == 0 {
            return x;
        }
        let z = self.konst(0, j);
        self.cell(CellKind::Concat, w, &[x, z], None)
    }

    /// One 3:2 compressor on three `w`-bit rows: their sum and carry rows (same total
    /// modulo `2^w`).
    fn compress(&mut self, x: NetId, y: NetId, z: NetId, w: u32) -> (NetId, NetId) {
        let s = self.cell(CellKind::Xor, w, &[x, y, z], None);
        let xy = self.cell(CellKind::And, w, &[x, y], None);
        let xz = self.cell(CellKind::And, w, &[x, z], None);
        let yz = self.cell(CellKind::And, w, &[y, z], None);
        let m = self.cell(CellKind::Or, w, &[xy, xz, yz], None);
        let c = if w == 1 {
            self.konst(0, 1)
        } else {
            let lo = self.bits(m, 0, w - 1);
            self.shifted(lo, 1, w)
        };
        (s, c)
    }

    /// Builds a pipelined multiplier of `width` bits laid out as `plan`'s stages, padded
    /// with pass-through stages to `latency` cycles, named after `tag`; returns it (inputs
    /// unconnected) and its result net.
    pub(crate) fn pipe_mul_unit(
        &mut self,
        width: u32,
        (plan, latency): (&PipeMul, u32),
        tag: &str,
    ) -> (PipeMulUnit, NetId) {
        let w = width.max(1);
        let a = self.stage_reg(None, w, &format!("{tag}_a"));
        let b = self.stage_reg(None, w, &format!("{tag}_b"));
        // `ra` holds a's low `w - next` bits, `rb` b's bits from `next` (the rows still to
        // do); the pair holds the sum's bits from `base`, those below `next` final; the
        // product's bits below `base` are in `product`, the carry into bit `base` in `carry`.
        let (mut ra, mut rb, mut next, mut base) = (a, b, 0u32, 0u32);
        let mut pair: Option<(NetId, NetId)> = None;
        let (mut product, mut carry): (Option<NetId>, Option<NetId>) = (None, None);
        for (k, &n) in plan.rows.iter().enumerate() {
            // This stage's window: bits `next..w`.
            let ww = w - next;
            let mut rows = Vec::new();
            if let Some((s, c)) = pair {
                (product, carry) = self.retire((s, c), next - base, (product, carry), tag, k);
                rows.push(self.bits(s, next - base, ww));
                rows.push(self.bits(c, next - base, ww));
            }
            base = next;
            for j in next..next + n {
                let bit = self.bits(rb, j - next, 1);
                let rep = if w - j == 1 { bit } else { self.cell(CellKind::Replicate, w - j, &[bit], None) };
                let lo = self.bits(ra, 0, w - j);
                let pp = self.cell(CellKind::And, w - j, &[lo, rep], None);
                rows.push(self.shifted(pp, j - next, ww));
            }
            while rows.len() > 2 {
                let mut out = Vec::new();
                let mut it = rows.chunks_exact(3);
                for t in it.by_ref() {
                    let (s, c) = self.compress(t[0], t[1], t[2], ww);
                    out.extend([s, c]);
                }
                out.extend_from_slice(it.remainder());
                rows = out;
            }
            if rows.len() == 1 {
                rows.push(self.konst(0, ww));
            }
            pair = Some((
                self.stage_reg(Some(rows[0]), ww, &format!("{tag}_s{k}_sum")),
                self.stage_reg(Some(rows[1]), ww, &format!("{tag}_s{k}_carry")),
            ));
            let done = next + n;
            if done < w {
                let a1 = self.bits(ra, 0, w - done);
                ra = self.stage_reg(Some(a1), w - done, &format!("{tag}_s{k}_a"));
                let b1 = self.bits(rb, done - next, w - done);
                rb = self.stage_reg(Some(b1), w - done, &format!("{tag}_s{k}_b"));
            }
            next = done;
        }
        let (s, c) = pair.expect("a plan has a stage");
        let (product, _) = self.retire((s, c), w - base, (product, carry), tag, plan.rows.len());
        let mut out = product.expect("the last addition gives the product");
        for k in plan.latency..latency {
            out = self.stage_reg(Some(out), w, &format!("{tag}_p{k}"));
        }
        (PipeMulUnit { a, b }, out)
    }

    /// Adds the low `n` bits of the carry-save pair `(s, c)` (final: no partial product
    /// reaches them any more) and the carry into them, below the product bits done so far;
    /// registers the product bits and, unless that makes the top bit, the carry out.
    fn retire(
        &mut self,
        (s, c): (NetId, NetId),
        n: u32,
        (product, carry): (Option<NetId>, Option<NetId>),
        tag: &str,
        k: usize,
    ) -> (Option<NetId>, Option<NetId>) {
        let last = self.m.width(s) == n;
        let (sl, cl) = (self.bits(s, 0, n), self.bits(c, 0, n));
        // With a carry in: {0, s, 1} + {0, c, carry}, bit 0 dropped; the top bit is the
        // carry out (not made by the last addition).
        let (mut xs, mut ys) = (vec![sl], vec![cl]);
        if let Some(ci) = carry {
            xs.push(self.konst(1, 1));
            ys.push(ci);
        }
        if !last {
            let z = self.konst(0, 1);
            xs.insert(0, z);
            ys.insert(0, z);
        }
        let cin = u32::from(carry.is_some());
        let aw = n + cin + u32::from(!last);
        let cat = |g: &mut Self, v: &[NetId]| match v {
            [one] => *one,
            _ => g.cell(CellKind::Concat, aw, v, None),
        };
        let (xv, yv) = (cat(self, &xs), cat(self, &ys));
        let sum = self.cell(CellKind::Add, aw, &[xv, yv], None);
        let bits = self.bits(sum, cin, n);
        let done = product.map_or(0, |p| self.m.width(p));
        let p = match product {
            Some(pv) => self.cell(CellKind::Concat, done + n, &[bits, pv], None),
            None => bits,
        };
        let p = self.stage_reg(Some(p), done + n, &format!("{tag}_add{k}_p"));
        let co = (!last).then(|| {
            let co = self.bits(sum, aw - 1, 1);
            self.stage_reg(Some(co), 1, &format!("{tag}_add{k}_carry"))
        });
        (Some(p), co)
    }

    /// Connects `u`'s operand registers to `a` and `b` (sampled every cycle).
    pub(crate) fn pipe_mul_connect(&mut self, u: &PipeMulUnit, a: NetId, b: NetId) {
        let clk = self.clk;
        self.m.set_operands(u.a, &[a, clk]);
        self.m.set_operands(u.b, &[b, clk]);
    }
}
