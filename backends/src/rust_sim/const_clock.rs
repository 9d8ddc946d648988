//! Registers on a constant clock, after flattening: an instance of a module whose clock port
//! is driven by `seq.const_clock` (or `seq.to_clock` of a constant) puts the child's
//! registers on a clock that never has a rising edge.
//!
//! Why: the builder folds such a register to its initial value where the constant clock
//! and the register are in one module (`comb/src/build/const_clock.rs`), but through an
//! instance the child is generic and only the flat module sees the constant. The generated
//! simulator knows clocks as input ports, so each register whose clock is a constant cell
//! becomes the constant of its power-on value (its `init`, else 0), which is what
//! SystemVerilog's `always_ff @(posedge k)` on a constant `k` does in Verilator and Icarus.
//! A clocked check on a constant clock never samples, so it is dropped. What a constant
//! clock cannot simply freeze is an error naming the cell: a register with an asynchronous
//! reset (its reset still changes it) and a memory (its contents and read ports).

use comb::{Bits, CellKind, Module, NetId};

/// Folds the registers and checks of `flat` that a constant clocks (see the module doc).
pub fn fold(flat: &mut Module) -> Result<(), String> {
    let is_const = |m: &Module, n: NetId| matches!(m.cell(n).kind, CellKind::Const(_));
    let cells: Vec<NetId> = flat.cells().collect();
    for id in cells {
        let cell = flat.cell(id);
        let name = cell.name.as_deref().unwrap_or("?").to_string();
        match &cell.kind {
            CellKind::Reg { async_reset, init, .. } => {
                let Some(&clk) = flat.operands(id).get(1) else { continue };
                if !is_const(flat, clk) {
                    continue;
                }
                if *async_reset {
                    return Err(format!(
                        "register '{name}' has an asynchronous reset and a constant clock (through an instance), which the Rust simulator does not model"
                    ));
                }
                let width = cell.width;
                let value = init.clone().unwrap_or_else(|| Bits::zero(width));
                let (span, keep) = (cell.span, cell.name.clone());
                let c = flat.add_cell(CellKind::Const(value), width, &[], keep, span);
                flat.replace_all_uses(id, c);
                flat.set_operands(id, &[]);
                flat.remove_cell(id);
            }
            CellKind::Check { clocked: true, .. }
                if flat.operands(id).get(1).is_some_and(|&c| is_const(flat, c)) =>
            {
                flat.set_operands(id, &[]);
                flat.remove_cell(id);
            }
            CellKind::Memory { .. } if flat.operands(id).first().is_some_and(|&c| is_const(flat, c)) => {
                return Err(format!(
                    "memory '{name}' is clocked by a constant clock (through an instance), which the Rust simulator does not model"
                ));
            }
            _ => {}
        }
    }
    Ok(())
}
