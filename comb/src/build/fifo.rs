//! CIRCT's `seq.fifo`, built as CIRCT 1.62's `lower-seq-fifo` (+ `lower-seq-hlmem`) lowers
//! it, cell for cell: a count register of `clog2(depth + 1)` bits, read and write pointers
//! of `clog2(depth)` bits (synchronous reset to 0), and a memory of `depth` words read
//! combinationally at the read pointer (read latency 0), here one register per word.
//!
//! Meaning (CIRCT 1.62's, quirks included, docs/src/memories.md "FIFOs"):
//! - `full` = `count == depth - 1`, `empty` = `count == 0`, `almost_full` = `count >= N`,
//!   `almost_empty` = `count <= M`;
//! - the count goes up on a write without a read unless full, down on a read without a
//!   write unless empty, and stays on both or neither;
//! - the write pointer advances on a write when not full, the read pointer on a read when
//!   not empty; pointers wrap at `depth` (a power of two);
//! - every write with the reset low writes the word at the write pointer, full or not;
//! - `out` is the word at the read pointer (0 before anything is written: CIRCT's is `x`).
//!
//! Depths must be powers of two from 2 to 4096 (CIRCT 1.62 lets the pointers run past
//! another depth) and read latency 0 (1.62 has no other).

use super::body::NetOf;
use super::ops::Plan;
use super::{cell_name, Builder};
use crate::bits::Bits;
use crate::ids::{ModuleId, NetId};
use crate::netlist::{CellKind, IcmpPred};
use mlir_text::{Attr, Operation, Span, Type};

fn int_attr(op: &Operation, name: &str) -> Option<i128> {
    match op.attr(name)? {
        Attr::Int(v, _) => v.to_i128(),
        _ => None,
    }
}

fn clog2(n: u64) -> u32 {
    64 - n.saturating_sub(1).leading_zeros()
}

impl<'f> Builder<'f> {
    /// One one-operand `comb.concat` cell per result, wired by [`Builder::connect_fifo`].
    pub(crate) fn plan_fifo(&mut self, op: &Operation) -> Option<Plan> {
        let at = |n: &str| op.named_attr(n).map(|a| a.span).unwrap_or(op.span);
        let depth = int_attr(op, "depth").unwrap_or(0);
        if !(2..=4096).contains(&depth) || depth.count_ones() != 1 {
            self.error(at("depth"), "'seq.fifo' depth must be a power of two from 2 to 4096");
            return None;
        }
        if int_attr(op, "rdLatency").unwrap_or(0) != 0 {
            self.error(at("rdLatency"), "'seq.fifo' supports read latency 0 only (CIRCT 1.62's)");
            return None;
        }
        for t in ["almostFullThreshold", "almostEmptyThreshold"] {
            if int_attr(op, t).is_some_and(|v| v > depth) {
                self.error(at(t), format!("a 'seq.fifo' threshold must be at most its depth {depth}"));
                return None;
            }
        }
        let want = 3
            + op.attr("almostFullThreshold").is_some() as usize
            + op.attr("almostEmptyThreshold").is_some() as usize;
        let width = self.file.value(*op.results.first()?).ty.int_width().unwrap_or(0);
        if op.results.len() != want || op.operands.len() != 5 || width == 0 {
            self.error(
                op.span,
                format!("'seq.fifo' needs 5 operands and {want} results, the first an integer"),
            );
            return None;
        }
        if (depth as u64).saturating_mul(width as u64) > super::memory_regs::MAX_REG_BITS {
            self.error(op.span, "a 'seq.fifo' is built from registers and limited to 65536 bits");
            return None;
        }
        let cells = op
            .results
            .iter()
            .enumerate()
            .map(|(i, r)| {
                (CellKind::Concat, if i == 0 { width } else { 1 }, cell_name(&self.file.value(*r).name))
            })
            .collect();
        Some(Plan::Cells(cells))
    }

    /// Builds the FIFO's logic and wires its results.
    pub(crate) fn connect_fifo(&mut self, mid: ModuleId, o: &Operation, net_of: &NetOf) {
        let Some(width) = self.file.value(o.results[0]).ty.int_width() else { return };
        let mut nets = Vec::with_capacity(5);
        for (i, want) in [Some(width), Some(1), Some(1), None, Some(1)].into_iter().enumerate() {
            let Some((n, w, ty)) = self.operand(o, i, net_of) else { return };
            let ok = match want {
                None => matches!(ty, Some(Type::Clock)),
                Some(x) => matches!(ty, Some(Type::Int { .. })) && w == x,
            };
            if !ok {
                let what = want.map_or("!seq.clock".to_string(), |x| format!("i{x}"));
                let got = ty.map(|t| t.to_string()).unwrap_or_default();
                self.error(
                    o.operands[i].span,
                    format!("operand #{i} of 'seq.fifo' must be {what}, got '{got}'"),
                );
                return;
            }
            nets.push(n);
        }
        let (input, rd, wr, clk, rst) = (nets[0], nets[1], nets[2], nets[3], nets[4]);
        let depth = int_attr(o, "depth").unwrap_or(2) as u64;
        let af = int_attr(o, "almostFullThreshold");
        let ae = int_attr(o, "almostEmptyThreshold");
        let outs: Vec<NetId> = o.results.iter().filter_map(|r| net_of[r.index()]).collect();
        let (cw, pw) = (clog2(depth + 1), clog2(depth));
        let span = o.span;
        let m = self.design.module_mut(mid);
        let k = |m: &mut crate::Module, v: u64, w: u32| {
            m.add_cell(CellKind::Const(Bits::from_u64(v, w)), w, &[], None, Span::default())
        };
        let cell = |m: &mut crate::Module, kind: CellKind, w: u32, ops: &[NetId]| {
            m.add_cell(kind, w, ops, None, span)
        };
        let reg = |m: &mut crate::Module, w: u32, name: &str| {
            let kind = CellKind::Reg { reset: true, enable: false, async_reset: false, init: None };
            m.add_cell(kind, w, &[], Some(name.into()), span)
        };
        let count = reg(m, cw, "fifo_count");
        let rd_addr = reg(m, pw, "fifo_rd_addr");
        let wr_addr = reg(m, pw, "fifo_wr_addr");
        let (c0, c1, cfull) = (k(m, 0, cw), k(m, 1, cw), k(m, depth - 1, cw));
        let (p0, p1) = (k(m, 0, pw), k(m, 1, pw));
        let full = cell(m, CellKind::Icmp(IcmpPred::Eq), 1, &[count, cfull]);
        let empty = cell(m, CellKind::Icmp(IcmpPred::Eq), 1, &[count, c0]);
        let not_rd = cell(m, CellKind::Inv, 1, &[rd]);
        let not_wr = cell(m, CellKind::Inv, 1, &[wr]);
        let neither = cell(m, CellKind::And, 1, &[not_rd, not_wr]);
        let rd_only = cell(m, CellKind::And, 1, &[rd, not_wr]);
        let wr_only = cell(m, CellKind::And, 1, &[wr, not_rd]);
        let up = cell(m, CellKind::Add, cw, &[count, c1]);
        let inc = cell(m, CellKind::Mux, cw, &[full, count, up]);
        let down = cell(m, CellKind::Sub, cw, &[count, c1]);
        let dec = cell(m, CellKind::Mux, cw, &[empty, count, down]);
        let inner = cell(m, CellKind::Mux, cw, &[rd_only, dec, count]);
        let mid_mux = cell(m, CellKind::Mux, cw, &[wr_only, inc, inner]);
        let next = cell(m, CellKind::Mux, cw, &[neither, count, mid_mux]);
        m.set_operands(count, &[next, clk, rst, c0]);
        let not_full = cell(m, CellKind::Inv, 1, &[full]);
        let wr_ok = cell(m, CellKind::And, 1, &[wr, not_full]);
        let wr_up = cell(m, CellKind::Add, pw, &[wr_addr, p1]);
        let wr_next = cell(m, CellKind::Mux, pw, &[wr_ok, wr_up, wr_addr]);
        m.set_operands(wr_addr, &[wr_next, clk, rst, p0]);
        let not_empty = cell(m, CellKind::Inv, 1, &[empty]);
        let rd_ok = cell(m, CellKind::And, 1, &[rd, not_empty]);
        let rd_up = cell(m, CellKind::Add, pw, &[rd_addr, p1]);
        let rd_next = cell(m, CellKind::Mux, pw, &[rd_ok, rd_up, rd_addr]);
        m.set_operands(rd_addr, &[rd_next, clk, rst, p0]);
        // The memory: writes while not in reset, full or not.
        let not_rst = cell(m, CellKind::Inv, 1, &[rst]);
        let we = cell(m, CellKind::And, 1, &[wr, not_rst]);
        let mut data = k(m, 0, width);
        for i in 0..depth {
            let kind = CellKind::Reg { reset: false, enable: false, async_reset: false, init: None };
            let word = m.add_cell(kind, width, &[], Some(format!("fifo_mem_{i}").into()), span);
            let c = k(m, i, pw);
            let hit = cell(m, CellKind::Icmp(IcmpPred::Eq), 1, &[wr_addr, c]);
            let w = cell(m, CellKind::And, 1, &[we, hit]);
            let d = cell(m, CellKind::Mux, width, &[w, input, word]);
            m.set_operands(word, &[d, clk]);
            let rhit = cell(m, CellKind::Icmp(IcmpPred::Eq), 1, &[rd_addr, c]);
            data = cell(m, CellKind::Mux, width, &[rhit, word, data]);
        }
        let mut results = vec![data, full, empty];
        if let Some(n) = af {
            let t = k(m, n as u64, cw);
            results.push(cell(m, CellKind::Icmp(IcmpPred::Uge), 1, &[count, t]));
        }
        if let Some(n) = ae {
            let t = k(m, n as u64, cw);
            results.push(cell(m, CellKind::Icmp(IcmpPred::Ule), 1, &[count, t]));
        }
        for (out, r) in outs.into_iter().zip(results) {
            m.set_operands(out, &[r]);
        }
    }
}
