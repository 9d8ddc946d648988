//! `simplify`: local rewrites that need no constants folded.
//!
//! mux c,x,x -> x; mux c,1,0 -> c; mux c,0,1 -> inv c; inv(inv x) -> x;
//! reverse(reverse x) -> x; a one-bit reverse or parity -> its operand; extract of a
//! concat that hits one operand -> extract of (or just) that operand; extract of extract
//! -> one extract; a one-operand variadic op -> its operand (nand/nor/xnor -> inv); a
//! truth table or lut whose entries are all equal -> that constant.
//!
//! A rewrite reads the cell and its operands (kinds, widths, operand lists) and, for an
//! extract of a concat or of an extract, the widths of that operand's operands; so when the
//! pass manager runs it again it visits only the cells edited since its previous run, their
//! users, and the users of concats and extracts among those
//! ([`super::edits::sweep_edited`]).

use super::{replace, Pass};
use crate::ids::NetId;
use crate::netlist::{CellKind, Design, Module};

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
    fn incremental(&self) -> bool {
        true
    }
    fn run_edited(&mut self, design: &mut Design, edits: &super::Edits) -> bool {
        super::edits::sweep_edited(design, simplify_cell, edits, |k| {
            matches!(k, CellKind::Concat | CellKind::Extract { .. })
        })
    }
}

fn const_val(m: &Module, id: NetId) -> Option<bool> {
    match &m.cell(id).kind {
        CellKind::Const(b) if b.width() == 1 => Some(b.bit(0)),
        _ => None,
    }
}

/// What [`simplify_cell`] does to a cell.
enum Rewrite {
    /// Replace it by this net.
    Use(NetId),
    /// Make it `comb.inv` of this net.
    Invert(NetId),
    /// Make it `comb.inv` of its single operand.
    KindInv,
    /// Make it this constant.
    Const(crate::Bits),
}

fn simplify_cell(m: &mut Module, id: NetId) -> bool {
    use CellKind::*;
    let cell = m.cell(id);
    let ops = cell.operands();
    let w = cell.width;
    let rewrite = match &cell.kind {
        Mux if ops[1] == ops[2] => Rewrite::Use(ops[1]),
        Mux if w == 1 => match (const_val(m, ops[1]), const_val(m, ops[2])) {
            (Some(true), Some(false)) => Rewrite::Use(ops[0]),
            (Some(false), Some(true)) => Rewrite::Invert(ops[0]),
            _ => return false,
        },
        k @ (Inv | Reverse) if m.cell(ops[0]).kind == *k => Rewrite::Use(m.operands(ops[0])[0]),
        Reverse | Parity if m.width(ops[0]) == 1 => Rewrite::Use(ops[0]),
        k if k.is_variadic_same_width() && ops.len() == 1 => {
            if matches!(k, Nand | Nor | Xnor) {
                Rewrite::KindInv
            } else {
                Rewrite::Use(ops[0])
            }
        }
        &Extract { low } => {
            let src = ops[0];
            return simplify_extract(m, id, low, w, src);
        }
        // A table whose entries are all equal is that constant, whatever its inputs.
        TruthTable(t) if !ops.is_empty() && (t.is_zero() || t.is_ones()) => {
            Rewrite::Const(crate::Bits::from_bool(t.bit(0)))
        }
        Lut { table, .. } if !ops.is_empty() && table.iter().all(|e| *e == table[0]) => {
            Rewrite::Const(table[0].clone())
        }
        _ => return false,
    };
    match rewrite {
        Rewrite::Use(net) => replace(m, id, net),
        Rewrite::Invert(net) => {
            m.set_operands(id, &[net]);
            m.cell_mut(id).kind = Inv;
        }
        Rewrite::KindInv => m.cell_mut(id).kind = Inv,
        Rewrite::Const(v) => {
            m.set_operands(id, &[]);
            m.cell_mut(id).kind = Const(v);
        }
    }
    true
}

/// Folds an extract through the extracts and concats under it, to the end: an extract of
/// an extract of a concat becomes an extract of the concat's operand in one visit, so one
/// `-O1` run reaches the fixed point (the pass manager does not revisit a cell whose
/// operand it just rewrote).
fn simplify_extract(m: &mut Module, id: NetId, low: u32, w: u32, src: NetId) -> bool {
    let (mut low, mut src) = (low, src);
    let mut changed = false;
    loop {
        match extract_step(m, id, low, w, src) {
            Step::Stuck => return changed,
            Step::Replaced => return true,
            Step::Moved(new_low, new_src) => (low, src) = (new_low, new_src),
        }
        changed = true;
    }
}

/// One step of [`simplify_extract`].
enum Step {
    /// Nothing folds.
    Stuck,
    /// The extract was replaced by a whole net; it is gone.
    Replaced,
    /// The extract now reads `(low, src)`.
    Moved(u32, NetId),
}

fn extract_step(m: &mut Module, id: NetId, low: u32, w: u32, src: NetId) -> Step {
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
                None => return Step::Stuck,
            }
        }
        _ => return Step::Stuck,
    };
    if new_low == 0 && m.width(new_src) == w {
        replace(m, id, new_src);
        Step::Replaced
    } else {
        m.set_operands(id, &[new_src]);
        m.cell_mut(id).kind = CellKind::Extract { low: new_low };
        super::remove_if_dead(m, src);
        Step::Moved(new_low, new_src)
    }
}
