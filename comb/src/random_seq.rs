//! Turns some registers of a random design into `seq.firreg`-style ones: asynchronous resets
//! (their reset value becomes a constant) and power-on values (`init`).
//!
//! A separate step rather than a [`crate::random::RandomConfig`] switch, so that every
//! design the other tests generate stays exactly what it was (and the engines that do not
//! model asynchronous resets, Yosys JSON import and the native FPGA flow, never see one).
//! It draws from its own stream (the seed and the module's name), and keeps the netlist
//! verifying: seq.firreg has no enable, so an enabled register it picks for an
//! asynchronous reset first gets its enable folded into its data (`en ? d : q`); an
//! enabled register it leaves alone may get a power-on value (`seq.compreg.ce ... initial`).

use crate::ids::NetId;
use crate::netlist::{CellKind, Design, Module};
use crate::rng::Rng;
use mlir_text::Span;

/// What [`add_async_and_init`] changed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeqCounts {
    /// Registers given an asynchronous reset.
    pub async_resets: usize,
    /// Registers given a power-on value.
    pub inits: usize,
    /// Of those, registers with an enable (`seq.compreg.ce ... initial %v`).
    pub enable_inits: usize,
}

/// In every module of `design`, gives a quarter of the enabled registers a random power-on
/// value and leaves them enabled, folds the enable of the other half into their data, then gives two thirds of the registers with a reset and no enable an asynchronous
/// reset (a non-constant reset value is replaced by a random constant) when the reset's
/// logic reaches no asynchronous register (which could close a combinational loop) and half of the
/// registers without an enable a random power-on value.
pub fn add_async_and_init(design: &mut Design, seed: u64) -> SeqCounts {
    let mut counts = SeqCounts::default();
    for m in &mut design.modules {
        let h = m.name.bytes().fold(seed ^ 0x5E9_A5C, |h, b| h.wrapping_mul(0x100_0000_01B3) ^ b as u64);
        let mut rng = Rng::new(h);
        let regs: Vec<_> = m.cells().filter(|&c| matches!(m.cell(c).kind, CellKind::Reg { .. })).collect();
        for r in regs {
            let CellKind::Reg { reset, enable, .. } = m.cell(r).kind else { continue };
            let w = m.width(r);
            if enable {
                if rng.chance(1, 2) {
                    // Keeps its enable; half of these get a power-on value too.
                    if rng.chance(1, 2) {
                        let v = rng.bits(w);
                        if let CellKind::Reg { init, .. } = &mut m.cell_mut(r).kind {
                            *init = Some(v);
                        }
                        counts.inits += 1;
                        counts.enable_inits += 1;
                    }
                    continue;
                }
                // Fold the enable into the data: d' = en ? d : q.
                let ops = m.operands(r).to_vec();
                let d = m.add_cell(CellKind::Mux, w, &[ops[2], ops[0], r], None, Span::default());
                let mut new_ops = vec![d, ops[1]];
                new_ops.extend_from_slice(&ops[3..]);
                m.set_operands(r, &new_ops);
                if let CellKind::Reg { enable, .. } = &mut m.cell_mut(r).kind {
                    *enable = false;
                }
            }
            let make_async = reset && rng.chance(2, 3) && !reaches_async(m, m.operands(r)[2], r);
            let init = rng.chance(1, 2).then(|| rng.bits(w));
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

/// True if the logic cone of `net` (through combinational cells) reaches `reg`, an
/// asynchronous register or an instance output. An asynchronous reset is a combinational
/// path from the reset to the register's output, so such a reset could close a loop.
fn reaches_async(m: &Module, net: NetId, reg: NetId) -> bool {
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![net];
    while let Some(n) = stack.pop() {
        if n == reg {
            return true;
        }
        if !seen.insert(n) {
            continue;
        }
        match &m.cell(n).kind {
            CellKind::Reg { async_reset, .. } => {
                if *async_reset {
                    return true;
                }
            }
            CellKind::InstOutput(_) | CellKind::Instance { .. } => return true,
            k if k.is_state() => {}
            _ => stack.extend_from_slice(m.operands(n)),
        }
    }
    false
}
