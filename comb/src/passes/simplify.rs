//! `simplify`: local rewrites that need no constants folded.
//!
//! mux c,x,x -> x; mux c,1,0 -> c; mux c,0,1 -> inv c; inv(inv x) -> x;
//! reverse(reverse x) -> x; a one-bit reverse or parity -> its operand; extract of a
//! concat that hits one operand -> extract of (or just) that operand; extract of extract
//! -> one extract; a one-operand variadic op -> its operand (nand/nor/xnor -> inv); a
//! truth table or lut whose entries are all equal -> that constant.

use super::{replace, Pass};
use crate::ids::NetId;
use crate::netlist::{CellKind, Design, Module};
use smallvec::SmallVec;

/// The `simplify` pass.
pub struct Simplify;

impl Pass for Simplify {
    fn name(&self) -> &'static str {
        "simplify"
    }
    fn description(&self) -> &'static str {
        "remove trivial muxes, double inversions and nested extracts"
    }
    fn run(&mut self, design: &mut Design) -> bool {
        super::sweep(design, simplify_cell)
    }
}

fn const_val(m: &Module, id: NetId) -> Option<bool> {
    match &m.cell(id).kind {
        CellKind::Const(b) if b.width() == 1 => Some(b.bit(0)),
        _ => None,
    }
}

fn simplify_cell(m: &mut Module, id: NetId) -> bool {
    use CellKind::*;
    let cell = m.cell(id);
    let ops: SmallVec<[NetId; 4]> = SmallVec::from_slice(cell.operands());
    let w = cell.width;
    match cell.kind.clone() {
        Mux if ops[1] == ops[2] => replace(m, id, ops[1]),
        Mux if w == 1 => match (const_val(m, ops[1]), const_val(m, ops[2])) {
            (Some(true), Some(false)) => replace(m, id, ops[0]),
            (Some(false), Some(true)) => {
                m.set_operands(id, &ops[..1]);
                m.cell_mut(id).kind = Inv;
            }
            _ => return false,
        },
        Inv | Reverse if m.cell(ops[0]).kind == cell.kind => {
            let inner = m.operands(ops[0])[0];
            replace(m, id, inner)
        }
        Reverse | Parity if m.width(ops[0]) == 1 => replace(m, id, ops[0]),
        k if k.is_variadic_same_width() && ops.len() == 1 => {
            if matches!(k, Nand | Nor | Xnor) {
                m.cell_mut(id).kind = Inv;
            } else {
                replace(m, id, ops[0]);
            }
        }
        Extract { low } => return simplify_extract(m, id, low, w, ops[0]),
        // A table whose entries are all equal is that constant, whatever its inputs.
        TruthTable(t) if !ops.is_empty() && (t.is_zero() || t.is_ones()) => {
            m.set_operands(id, &[]);
            m.cell_mut(id).kind = Const(crate::Bits::from_bool(t.bit(0)));
        }
        Lut { table, .. } if !ops.is_empty() && table.iter().all(|e| *e == table[0]) => {
            m.set_operands(id, &[]);
            m.cell_mut(id).kind = Const(table[0].clone());
        }
        _ => return false,
    }
    true
}

fn simplify_extract(m: &mut Module, id: NetId, low: u32, w: u32, src: NetId) -> bool {
    let (new_src, new_low) = match &m.cell(src).kind {
        CellKind::Extract { low: inner } => (m.operands(src)[0], low + inner),
        CellKind::Concat => {
            // Operands from the least significant (last) up.
            let mut offset = 0;
            let mut hit = None;
            for &part in m.operands(src).iter().rev() {
                let pw = m.width(part);
                if low >= offset && low + w <= offset + pw {
                    hit = Some((part, low - offset));
                    break;
                }
                offset += pw;
            }
            match hit {
                Some(h) => h,
                None => return false,
            }
        }
        _ => return false,
    };
    if new_low == 0 && m.width(new_src) == w {
        replace(m, id, new_src);
    } else {
        m.set_operands(id, &[new_src]);
        m.cell_mut(id).kind = CellKind::Extract { low: new_low };
        super::remove_if_dead(m, src);
    }
    true
}
