//! CIRCT's `datapath` dialect lowered while the netlist is built.
//!
//! Its ops only define the *sum* of their results: `datapath.compress` (sum = the sum of
//! its inputs), `datapath.partial_product` (sum = `lhs * rhs`) and
//! `datapath.pos_partial_product` (sum = `(addend0 + addend1) * multiplicand`), all modulo
//! 2^width. We pick the simplest valid choice: result 0 is that sum (a `comb.add` /
//! `comb.mul` cell), every other result is 0. Verifier rules are CIRCT's: all operands
//! and results share one integer type; compress takes at least 3 operands and gives at
//! least 2 and fewer results than operands.

use super::body::NetOf;
use super::ops::Plan;
use super::{cell_name, Builder};
use crate::bits::Bits;
use crate::ids::{ModuleId, NetId};
use crate::netlist::CellKind;
use mlir_text::Operation;

/// True for the datapath ops.
pub(crate) fn is_datapath_op(name: &str) -> bool {
    mlir_text::dialect::DATAPATH_OPS.contains(&name)
}

impl<'f> Builder<'f> {
    /// Pass 1: one cell per result; result 0 gets its operand in pass 2, the rest are 0.
    pub(crate) fn plan_datapath(&mut self, op: &Operation) -> Option<Plan> {
        let name = &*op.name;
        let (n, r) = (op.operands.len(), op.results.len());
        let bad = match name {
            "datapath.compress" if n < 3 => Some("requires 3 or more operands".to_string()),
            "datapath.compress" if r >= n => Some("must reduce the number of operands by at least 1".into()),
            "datapath.compress" if r < 2 => Some("must produce at least 2 results".into()),
            "datapath.partial_product" if n != 2 => Some(format!("takes 2 operands, got {n}")),
            "datapath.pos_partial_product" if n != 3 => Some(format!("takes 3 operands, got {n}")),
            _ if r == 0 => Some("must have at least one result".into()),
            _ => None,
        };
        if let Some(m) = bad {
            self.error(op.span, format!("'{name}' {m}"));
            return None;
        }
        let ty = self.file.ty(op.results[0]).clone();
        let Some(w) = ty.int_width() else {
            self.error(op.span, format!("results of '{name}' must be integers, got '{ty}'"));
            return None;
        };
        let mut cells = Vec::with_capacity(r);
        for (k, v) in op.results.iter().enumerate() {
            let info = self.file.value(*v);
            if info.ty != ty {
                self.error(
                    op.span,
                    format!("results of '{name}' must all be '{ty}', result #{k} is '{}'", info.ty),
                );
                return None;
            }
            let kind = if k == 0 { CellKind::Concat } else { CellKind::Const(Bits::zero(w)) };
            cells.push((kind, w, cell_name(&info.name)));
        }
        Some(Plan::Cells(cells))
    }

    /// Pass 2: checks the operand types and drives result 0 with the sum.
    pub(crate) fn connect_datapath(&mut self, mid: ModuleId, o: &Operation, net_of: &NetOf) {
        let name = &*o.name;
        let ty = self.file.ty(o.results[0]);
        let w = ty.int_width().unwrap_or(0);
        let mut nets: Vec<NetId> = Vec::with_capacity(o.operands.len());
        for i in 0..o.operands.len() {
            let Some((n, _, t)) = self.operand(o, i, net_of) else { return };
            if t != Some(ty) {
                let got = t.map(|t| t.to_string()).unwrap_or_default();
                self.error(
                    o.operands[i].span,
                    format!("operand #{i} of '{name}' must be '{ty}', got '{got}'"),
                );
                return;
            }
            nets.push(n);
        }
        let Some(r0) = net_of[o.results[0].index()] else { return };
        let span = o.span;
        let m = self.design.module_mut(mid);
        let sum = match name {
            "datapath.compress" => m.add_cell(CellKind::Add, w, &nets, None, span),
            "datapath.partial_product" => m.add_cell(CellKind::Mul, w, &nets, None, span),
            _ => {
                let s = m.add_cell(CellKind::Add, w, &nets[..2], None, span);
                m.add_cell(CellKind::Mul, w, &[s, nets[2]], None, span)
            }
        };
        m.set_operands(r0, &[sum]);
    }
}
