//! CIRCT's `seq.firreg` as a register cell: operands `(next, clk[, rst, value])`, `isAsync`
//! for an asynchronous reset, `preset` for the power-on value. A synchronous reset is
//! today's register with a reset; an asynchronous one sets [`CellKind::Reg`]'s
//! `async_reset` (its value must be a constant, checked when the operands are connected).

use super::ops::Plan;
use super::Builder;
use crate::bits::Bits;
use crate::netlist::CellKind;
use mlir_text::{Attr, Operation};

impl<'f> Builder<'f> {
    pub(super) fn plan_firreg(&mut self, op: &Operation) -> Option<Plan> {
        let reset = match op.operands.len() {
            2 => false,
            4 => true,
            n => {
                self.error(
                    op.span,
                    format!("'seq.firreg' expects 2 operands, or 4 with a reset and reset value; got {n}"),
                );
                return None;
            }
        };
        let async_reset = op.attr("isAsync").is_some();
        if async_reset && !reset {
            let at = op.named_attr("isAsync").map(|a| a.span).unwrap_or(op.span);
            self.error(at, "'seq.firreg' with 'isAsync' needs a reset and a reset value");
            return None;
        }
        let (width, name) = self.reg_result(op)?;
        let init = match op.attr("preset") {
            None => None,
            Some(Attr::Int(v, _)) if !v.negative => {
                // Bits of the magnitude (0 for 0; no trailing zero words).
                let len = v
                    .magnitude
                    .last()
                    .map_or(0, |w| v.magnitude.len() as u64 * 64 - u64::from(w.leading_zeros()));
                if len > u64::from(width) {
                    let at = op.named_attr("preset").map(|a| a.span).unwrap_or(op.span);
                    self.error(at, format!("'seq.firreg' preset value does not fit i{width}"));
                    return None;
                }
                Some(Bits::from_bigint(v, width))
            }
            Some(_) => {
                let at = op.named_attr("preset").map(|a| a.span).unwrap_or(op.span);
                self.error(at, "'seq.firreg' preset must be a non-negative integer");
                return None;
            }
        };
        let kind = CellKind::Reg { reset, enable: false, async_reset, init };
        Some(Plan::Cell { kind, width, name })
    }
}
