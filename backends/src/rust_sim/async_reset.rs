//! Asynchronous resets in the Rust simulator, as a rewrite of the flat module.
//!
//! A register `q` with an asynchronous reset `(rst, value)` (value a constant) becomes a
//! register with a *synchronous* reset (the state, sampled on the edge exactly as before) and
//! a *view* `rst ? value : state` that every former reader of `q` reads instead. The view is
//! `value` at once whenever `rst` is 1, which is what `always_ff @(posedge clk or posedge
//! rst)` shows. To keep the value once `rst` falls again without a clock edge, the generated
//! `force()` copies each view into its state after every settle (`new`, `eval`, a tick):
//! when `rst` is 0 the view is the state and nothing changes; when it is 1 the state becomes
//! `value`. Only the view reads the state, so no other settled value goes stale.

use comb::{CellKind, Module, NetId};
use mlir_text::Span;

/// Rewrites every asynchronous register of `flat`; returns (state register, view) pairs.
pub fn split(flat: &mut Module) -> Vec<(NetId, NetId)> {
    let regs: Vec<NetId> = flat
        .cells()
        .filter(|&n| matches!(flat.cell(n).kind, CellKind::Reg { async_reset: true, .. }))
        .collect();
    let mut pairs = Vec::with_capacity(regs.len());
    for r in regs {
        let ops = flat.operands(r).to_vec();
        let (rst, value) = (ops[2], ops[3]);
        let w = flat.width(r);
        let view = flat.add_cell(CellKind::Mux, w, &[rst, value, value], None, Span::default());
        flat.replace_all_uses(r, view);
        flat.set_operand(view, 2, r);
        if let CellKind::Reg { async_reset, .. } = &mut flat.cell_mut(r).kind {
            *async_reset = false;
        }
        pairs.push((r, view));
    }
    pairs
}
