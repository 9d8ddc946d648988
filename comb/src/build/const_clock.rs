//! Constant clocks: CIRCT's `seq.const_clock low|high`, and its canonical equivalent
//! `seq.to_clock` of an `hw.constant`. A constant clock never has a rising edge, so a
//! register it clocks holds its initial value (its `init`, else 0) forever: the builder
//! makes such a register a constant cell of that value (as CIRCT's canonicalizer folds an
//! unclocked `seq.firreg`), which every backend handles without a clock. The clock itself
//! becomes `seq.to_clock` of a constant (SystemVerilog gets a constant wire); any other use
//! of it (an instance's or memory's clock) is a derived clock as before. A register with an
//! asynchronous reset on a constant clock still changes with its reset: that is an error.

use super::body::NetOf;
use super::ops::Plan;
use super::Builder;
use crate::bits::Bits;
use crate::ids::{ModuleId, NetId};
use crate::netlist::CellKind;
use mlir_text::{Attr, Operation, ValueId};
use std::collections::HashSet;

/// The constant clocks of a body: `seq.const_clock` results and `seq.to_clock`s of a
/// one-bit `hw.constant`.
pub(crate) fn scan(ops: &[Operation]) -> HashSet<ValueId> {
    let consts: HashSet<ValueId> = ops
        .iter()
        .filter(|o| matches!(&*o.name, "hw.constant" | "arith.constant"))
        .filter_map(|o| o.results.first().copied())
        .collect();
    ops.iter()
        .filter(|o| {
            &*o.name == "seq.const_clock"
                || (&*o.name == "seq.to_clock"
                    && o.operands.first().is_some_and(|u| consts.contains(&u.value)))
        })
        .filter_map(|o| o.results.first().copied())
        .collect()
}

/// Whether a `seq.const_clock` is `high` (`Some(false)` for `low`): the custom form's
/// string, or the generic form's `#seq<clock_constant low|high>`.
fn is_high(op: &Operation) -> Option<bool> {
    match op.attr("value")? {
        Attr::String(s) => (s == "low" || s == "high").then(|| s == "high"),
        Attr::Opaque(t) => {
            let inner = t.strip_prefix("#seq<clock_constant")?.strip_suffix('>')?.trim();
            (inner == "low" || inner == "high").then(|| inner == "high")
        }
        _ => None,
    }
}

impl<'f> Builder<'f> {
    /// `seq.const_clock`: a `seq.to_clock` cell, its constant operand added on connecting.
    pub(crate) fn plan_const_clock(&mut self, op: &Operation) -> Option<Plan> {
        if is_high(op).is_none() {
            self.error(op.span, "'seq.const_clock' needs the value 'low' or 'high'");
            return None;
        }
        let name = super::cell_name(&self.file.value(*op.results.first()?).name);
        Some(Plan::Cell { kind: CellKind::ToClock, width: 1, name })
    }

    /// Connects a `seq.const_clock` cell to its constant.
    pub(crate) fn connect_const_clock(&mut self, mid: ModuleId, o: &Operation, net: NetId) {
        let high = is_high(o) == Some(true);
        let m = self.design.module_mut(mid);
        let c = m.add_cell(CellKind::Const(Bits::from_bool(high)), 1, &[], None, o.span);
        m.set_operands(net, &[c]);
    }

    /// A register op on a constant clock: the constant cell of its initial value (plan
    /// time), or `None` when its clock is not constant.
    pub(crate) fn plan_unclocked(&mut self, op: &Operation) -> Option<Option<Plan>> {
        if !matches!(&*op.name, "seq.compreg" | "seq.compreg.ce" | "seq.firreg") {
            return None;
        }
        let clk = op.operands.get(1)?;
        if !self.const_clocks.contains(&clk.value) {
            return None;
        }
        let plan = if &*op.name == "seq.firreg" { self.plan_firreg(op) } else { self.plan_reg(op) };
        let Some(Plan::Cell { kind: CellKind::Reg { async_reset, init, .. }, width, name }) = plan else {
            return Some(None);
        };
        if async_reset {
            self.error(
                clk.span,
                "a register with an asynchronous reset on a constant clock is not supported",
            );
            return Some(None);
        }
        let value = init.unwrap_or_else(|| Bits::zero(width));
        Some(Some(Plan::Cell { kind: CellKind::Const(value), width, name }))
    }

    /// Connects a register op made a constant by [`Self::plan_unclocked`]: only a
    /// `powerOn %c` changes its value.
    pub(crate) fn connect_unclocked(&mut self, mid: ModuleId, o: &Operation, net: NetId, net_of: &NetOf) {
        if !super::initial::has_initial_operand(o) {
            return;
        }
        let Some(u) = o.operands.last() else { return };
        if super::initial::is_immutable(&self.file.value(u.value).ty) {
            return;
        }
        let Some(v) = net_of.get(u.value.index()).copied().flatten() else { return };
        let m = self.design.module_mut(mid);
        match m.cell(v).kind.clone() {
            CellKind::Const(b) if b.width() == m.cell(net).width => m.cell_mut(net).kind = CellKind::Const(b),
            _ => self
                .error(u.span, "a register's 'powerOn' value must be a constant ('hw.constant') of its type"),
        }
    }
}
