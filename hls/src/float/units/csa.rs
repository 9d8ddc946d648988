//! A significand product for LUT fabrics: the partial products `x_j & y_i` as single bits,
//! reduced column by column by full adders (a Dadda tree) to two rows, then one carry-select
//! adder.
//!
//! Why: a full adder is one LUT per output on the iCE40 (its sum a 3-input xor, its carry a
//! 3-input majority, each one `TruthTable`/`Xor` cell here, one LUT level in the delay
//! model), where a whole-row 3:2 compressor made of word-level `and`/`or` cells costs two
//! levels per step. Each level lowers every column to the next height of Dadda's sequence
//! (2, 3, 4, 6, 9, 13, 19, ...) with the fewest adders, taking a column's earliest bits first
//! (by the pipeliner's own delay estimate, so late bits such as the partial products of the
//! hidden bit join near the end: the bits are taken from the operands of the significand's
//! concatenation, so only the hidden bit's products are late); the carries go to the next column. The two rows are added
//! by a carry-select adder: the low half's carry picks between the high half plus 0 and plus
//! 1, both computed beside it, so no carry chain is longer than half the product.

use super::pipeline::cell_delay;
use super::UnitBuilder;
use comb::{Bits, CellKind, NetId};
use std::collections::HashMap;

/// The truth table of a 3-input majority (a full adder's carry).
const MAJORITY: u64 = 0b1110_1000;

impl UnitBuilder<'_> {
    /// The full product of `x` and `y` (`width(x) + width(y)` bits) by a compressor tree
    /// (see the module doc).
    pub fn mul_tree(&mut self, x: NetId, y: NetId) -> NetId {
        let (p, q) = (self.width(x), self.width(y));
        let w = p + q;
        let xb = self.source_bits(x);
        let yb = self.source_bits(y);
        debug_assert_eq!((xb.len(), yb.len()), (p as usize, q as usize));
        let mut arrival = Arrival::default();
        let mut cols: Vec<Vec<(f64, NetId)>> = vec![Vec::new(); w as usize + 1];
        for (i, &yi) in yb.iter().enumerate() {
            for (j, &xj) in xb.iter().enumerate() {
                let pp = self.and(&[xj, yi]);
                let t = arrival.of(self, pp);
                cols[i + j].push((t, pp));
            }
        }
        let height = cols.iter().map(Vec::len).max().unwrap_or(0);
        let mut targets = vec![2usize];
        while targets.last().is_some_and(|&d| d < height) {
            let d = *targets.last().unwrap_or(&2);
            targets.push(d * 3 / 2);
        }
        targets.pop();
        for &d in targets.iter().rev() {
            cols = self.dadda_stage(cols, d, &mut arrival);
        }
        // Dadda's heights leave at most two bits a column; this only guards that.
        while cols.iter().any(|c| c.len() > 2) {
            cols = self.dadda_stage(cols, 2, &mut arrival);
        }
        let row = |b: &mut Self, k: usize| -> NetId {
            let bits: Vec<NetId> = (0..w as usize)
                .rev()
                .map(|c| cols[c].get(k).map_or_else(|| b.bool(false), |x| x.1))
                .collect();
            b.concat(&bits)
        };
        let (r0, r1) = (row(self, 0), row(self, 1));
        self.add_select(r0, r1)
    }

    /// One level of the tree: every column reduced to at most `d` bits, counting the carries
    /// the column before sends in this level (Dadda's rule: the fewest adders), the
    /// earliest bits first.
    fn dadda_stage(
        &mut self,
        cols: Vec<Vec<(f64, NetId)>>,
        d: usize,
        arrival: &mut Arrival,
    ) -> Vec<Vec<(f64, NetId)>> {
        let mut next: Vec<Vec<(f64, NetId)>> = vec![Vec::new(); cols.len()];
        for (c, mut col) in cols.into_iter().enumerate() {
            col.sort_by(|a, b| a.0.total_cmp(&b.0));
            let mut col = std::collections::VecDeque::from(col);
            let add = |s: &mut Self, next: &mut Vec<Vec<(f64, NetId)>>, arrival: &mut Arrival, sum, carry| {
                let (ts, tk) = (arrival.of(s, sum), arrival.of(s, carry));
                next[c].push((ts, sum));
                if c + 1 < next.len() {
                    next[c + 1].push((tk, carry));
                }
            };
            loop {
                let have = col.len() + next[c].len();
                if have <= d || col.len() < 2 {
                    break;
                }
                let (a, b) = (col.pop_front().map(|x| x.1), col.pop_front().map(|x| x.1));
                let (Some(a), Some(b)) = (a, b) else { break };
                if have == d + 1 || col.is_empty() {
                    let (s, k) = (self.xor(&[a, b]), self.and(&[a, b]));
                    add(self, &mut next, arrival, s, k);
                } else {
                    let e = col.pop_front().map_or(a, |x| x.1);
                    let (s, k) = self.full_adder(a, b, e);
                    add(self, &mut next, arrival, s, k);
                }
            }
            next[c].extend(col);
        }
        next
    }

    /// The bits of `x`, low first, each taken from the operand of the concatenation that
    /// makes it (through nested concatenations): so a partial product of a bit that is an
    /// operand's wire does not wait, in the arrival estimate, for a late bit concatenated
    /// beside it (such as a significand's hidden bit).
    fn source_bits(&mut self, x: NetId) -> Vec<NetId> {
        let c = self.module().cell(x);
        if matches!(c.kind, CellKind::Concat) {
            let ops: Vec<NetId> = c.operands().to_vec();
            // Operands are high first.
            return ops.iter().rev().flat_map(|&o| self.source_bits(o)).collect();
        }
        (0..self.width(x)).map(|j| self.bit(x, j)).collect()
    }

    /// A full adder on three bits: (sum, carry), one LUT each.
    fn full_adder(&mut self, a: NetId, b: NetId, c: NetId) -> (NetId, NetId) {
        let s = self.xor(&[a, b, c]);
        let k = self.cell(CellKind::TruthTable(Bits::from_u64(MAJORITY, 8)), 1, &[a, b, c]);
        (s, k)
    }

    /// `x + y` (equal widths, modulo `2^w`) as a carry-select adder: the low half and its
    /// carry, the high half with carry 0 and with carry 1 beside it, a multiplexer.
    pub fn add_select(&mut self, x: NetId, y: NetId) -> NetId {
        let w = self.width(x);
        if w < 16 {
            return self.add(x, y);
        }
        let lw = w / 2;
        let hw = w - lw;
        let lo = {
            let (xl, yl) = (self.extract(x, 0, lw), self.extract(y, 0, lw));
            let (xl, yl) = (self.zext(xl, lw + 1), self.zext(yl, lw + 1));
            self.add(xl, yl)
        };
        let carry = self.bit(lo, lw);
        let (xh, yh) = (self.extract(x, lw, hw), self.extract(y, lw, hw));
        let h0 = self.add(xh, yh);
        // x + y + 1 as ({x, 1} + {y, 1}) >> 1: one carry chain with a carry in.
        let h1 = {
            let one = self.bool(true);
            let xo = self.concat(&[xh, one]);
            let yo = self.concat(&[yh, one]);
            let s = self.add(xo, yo);
            self.extract(s, 1, hw)
        };
        let hi = self.mux(carry, h1, h0);
        let lo = self.extract(lo, 0, lw);
        self.concat(&[hi, lo])
    }
}

/// Estimated arrival times of nets (the longest path of [`cell_delay`]s from the sources).
#[derive(Default)]
struct Arrival(HashMap<NetId, f64>);

impl Arrival {
    fn of(&mut self, b: &UnitBuilder, n: NetId) -> f64 {
        if let Some(&t) = self.0.get(&n) {
            return t;
        }
        let m = b.module();
        // Iterative: operands first.
        let mut stack = vec![n];
        while let Some(&top) = stack.last() {
            let ops: Vec<NetId> = if matches!(m.cell(top).kind, CellKind::Reg { .. }) {
                Vec::new()
            } else {
                m.operands(top).iter().copied().filter(|o| !self.0.contains_key(o)).collect()
            };
            if ops.is_empty() {
                stack.pop();
                let t = if matches!(m.cell(top).kind, CellKind::Reg { .. }) {
                    0.0
                } else {
                    m.operands(top).iter().map(|o| self.0[o]).fold(0.0, f64::max)
                };
                self.0.insert(top, t + cell_delay(m, top));
            } else {
                stack.extend(ops);
            }
        }
        self.0[&n]
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::{comb_module, eval, simulator, Rng};

    #[test]
    fn tree_products_are_exact() {
        // 8 x 8 exhaustively, 24 x 24 and 53 x 11 on random operands.
        let m = comb_module(&[8, 8], |b, x| b.mul_tree(x[0], x[1]));
        let mut sim = simulator(m);
        for a in 0..256u128 {
            for c in 0..256u128 {
                assert_eq!(eval(&mut sim, &[a, c]), a * c, "{a} * {c}");
            }
        }
        let mut r = Rng(7);
        for (p, q) in [(24u32, 24u32), (53, 11)] {
            let m = comb_module(&[p, q], |b, x| b.mul_tree(x[0], x[1]));
            let mut sim = simulator(m);
            for _ in 0..2000 {
                let a = u128::from(r.next()) & ((1 << p) - 1);
                let c = u128::from(r.next()) & ((1 << q) - 1);
                assert_eq!(eval(&mut sim, &[a, c]), a * c, "{a} * {c}");
            }
        }
    }

    #[test]
    fn carry_select_adds() {
        let m = comb_module(&[40, 40], |b, x| b.add_select(x[0], x[1]));
        let mut sim = simulator(m);
        let mut r = Rng(11);
        for _ in 0..2000 {
            let (a, c) = (u128::from(r.next() >> 24), u128::from(r.next() >> 24));
            assert_eq!(eval(&mut sim, &[a, c]), (a + c) & ((1 << 40) - 1));
        }
    }
}
