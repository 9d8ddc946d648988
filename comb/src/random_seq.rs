//! Turns some registers of a random design into `seq.firreg`-style ones: asynchronous resets
//! (their reset value becomes a constant) and power-on values (`init`).
//!
//! A separate step rather than a [`crate::random::RandomConfig`] switch, so that every
//! design the other tests generate stays exactly what it was (and the engines that do not
//! model asynchronous resets, Yosys JSON import and the native FPGA flow, never see one).
//! It draws from its own stream (the seed and the module's name), and keeps the netlist
//! verifying: only registers without an enable change (seq.firreg has none).

use crate::netlist::{CellKind, Design};
use crate::rng::Rng;
use mlir_text::Span;

/// What [`add_async_and_init`] changed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeqCounts {
    /// Registers given an asynchronous reset.
    pub async_resets: usize,
    /// Registers given a power-on value.
    pub inits: usize,
}

/// In every module of `design`, gives about half of the registers with a reset and no
/// enable an asynchronous reset (a non-constant reset value is replaced by a random
/// constant), and about a third of the registers without an enable a random power-on value.
pub fn add_async_and_init(design: &mut Design, seed: u64) -> SeqCounts {
    let mut counts = SeqCounts::default();
    for m in &mut design.modules {
        let h = m.name.bytes().fold(seed ^ 0x5E9_A5C, |h, b| h.wrapping_mul(0x100_0000_01B3) ^ b as u64);
        let mut rng = Rng::new(h);
        let regs: Vec<_> = m.cells().filter(|&c| matches!(m.cell(c).kind, CellKind::Reg { .. })).collect();
        for r in regs {
            let CellKind::Reg { reset, enable: false, .. } = m.cell(r).kind else { continue };
            let w = m.width(r);
            let make_async = reset && rng.chance(1, 2);
            let init = rng.chance(1, 3).then(|| rng.bits(w));
            if make_async {
                let value = m.operands(r)[3];
                if !matches!(m.cell(value).kind, CellKind::Const(_)) {
                    let k = m.add_cell(CellKind::Const(rng.bits(w)), w, &[], None, Span::default());
                    m.set_operand(r, 3, k);
                }
                counts.async_resets += 1;
            }
            counts.inits += init.is_some() as usize;
            if let CellKind::Reg { async_reset, init: i, .. } = &mut m.cell_mut(r).kind {
                *async_reset = make_async;
                *i = init;
            }
        }
    }
    counts
}
