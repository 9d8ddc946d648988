//! `sv.initial { sv.bpassign %r, %c }`: the power-on value of a register that an
//! `sv.alwaysff`/`sv.always` block drives, as CIRCT's SeqToSV writes register initial values.
//!
//! Only constant assignments to such registers have a netlist meaning (the register's `init`,
//! as `seq.firreg ... preset`); the block may also hold the constants themselves. Anything
//! else in it (`sv.if`, `sv.case`, an assignment of a computed value, an initial value of a
//! wire or of a combinational `sv.reg`) is a located "not supported" error, and so is an
//! `sv.reg` assigned nowhere else.

use super::body::NetOf;
use super::Builder;
use crate::ids::{ModuleId, NetId};
use crate::netlist::CellKind;
use mlir_text::{Operation, ValueId};
use std::collections::HashMap;

impl<'f> Builder<'f> {
    /// Records the assignments of the `sv.initial` block `o` in `inits` (storage -> its
    /// assignment); a storage assigned twice keeps the last value, as a simulator would.
    pub(crate) fn sv_initial(&mut self, o: &'f Operation, inits: &mut HashMap<ValueId, &'f Operation>) {
        let Some(ops) = o.regions().first().and_then(|r| r.blocks.first()).map(|b| b.ops.as_slice()) else {
            return;
        };
        for x in ops {
            match &*x.name {
                "sv.bpassign" | "sv.passign" if x.operands.len() == 2 => {
                    inits.insert(x.operands[0].value, x);
                }
                n if n.starts_with("sv.") => self.error(
                    x.name_span,
                    format!(
                        "'{n}' inside 'sv.initial' is not supported (only constant assignments to registers)"
                    ),
                ),
                _ => {}
            }
        }
    }

    /// Gives the register `net` the value its `sv.initial` assignment `init` writes.
    pub(crate) fn sv_initial_value(&mut self, mid: ModuleId, net: NetId, init: &Operation, net_of: &NetOf) {
        let value = net_of[init.operands[1].value.index()].and_then(|v| {
            match &self.design.module(mid).cell(v).kind {
                CellKind::Const(b) => Some(b.clone()),
                _ => None,
            }
        });
        let Some(value) = value else {
            return self
                .error(init.span, "an initial value in 'sv.initial' must be a constant ('hw.constant')");
        };
        match &mut self.design.module_mut(mid).cell_mut(net).kind {
            CellKind::Reg { init, .. } => *init = Some(value),
            _ => self.error(
                init.span,
                "an initial value of a storage that no clocked block ('sv.alwaysff', 'sv.always') assigns is not supported",
            ),
        }
    }
}
