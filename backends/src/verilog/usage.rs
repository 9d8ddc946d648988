//! Which bits of each net the emitted text reads, and what shape each operand must have.
//!
//! Verilator's `-Wall` reports a declared signal whose bits are not all read
//! (UNUSEDSIGNAL); the printer wraps such declarations in `lint_off` pragmas. A net is read
//! whole by most users; `comb.extract` reads only its range, a `comb.lut` operand wider than
//! 8 bits only its low byte, and a lut with a single entry or a zero coefficient nothing.
//!
//! [`Need`] is what a user requires of an operand's expression: an identifier (clocks) or an
//! atom, an identifier or constant (bit-selects, which fold on constants, and operands
//! repeated by the division guards, shift amounts wider than 32 bits, which are clamped).

use comb::{CellKind, Module, NetId};

/// What a user requires of an operand's expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Need {
    /// Any expression.
    Any,
    /// An identifier or a constant.
    Atom,
    /// An identifier.
    Ident,
}

/// The requirement a cell of kind `kind` and width `result_width` places on its operand at
/// `pos` of width `width`.
pub fn operand_need(kind: &CellKind, pos: usize, width: u32, result_width: u32) -> Need {
    match kind {
        CellKind::Extract { low } if *low == 0 && result_width == width => Need::Any,
        CellKind::Reverse if width == 1 => Need::Any,
        CellKind::Extract { .. } | CellKind::Reverse => Need::Atom,
        CellKind::DivU | CellKind::DivS | CellKind::ModU | CellKind::ModS => Need::Atom,
        CellKind::Reg { .. } if pos == 1 => Need::Ident,
        CellKind::Shl | CellKind::ShrU | CellKind::ShrS if pos == 1 && width > 32 => Need::Atom,
        CellKind::ShrS if pos == 0 && width > super::signed::SIGNED_FORM_MAX_WIDTH => Need::Atom,
        CellKind::Lut { .. } if width > 8 => Need::Atom,
        _ => Need::Any,
    }
}

/// The bit range `[lo, hi)` of operand `pos` (of width `width`) that a cell reads.
pub fn operand_read(kind: &CellKind, pos: usize, width: u32, result_width: u32) -> Option<(u32, u32)> {
    match kind {
        CellKind::Extract { low } => Some((*low, low + result_width)),
        CellKind::Instance { .. } => Some((0, width)),
        // A constant table is printed as its constant; its inputs are not read.
        CellKind::TruthTable(t) if t.is_zero() || t.is_ones() => None,
        CellKind::Lut { coefficients, table } => {
            if table.len() == 1 || coefficients.get(pos).copied().unwrap_or(0) == 0 {
                None
            } else {
                Some((0, width.min(8)))
            }
        }
        _ => Some((0, width)),
    }
}

/// Per net (by index): true if every bit is read by some user or output port that is
/// itself printed; and per net, its users' strongest [`Need`]. `topo` is the printing
/// order: a combinational cell that will be inlined into a reader that drops it (a
/// `comb.lut` operand with coefficient 0, a one-entry table) is never printed, so its own
/// operands are not read through it. `named` tells which cells have a (canonical) user
/// name: those are always declared.
///
/// Most reads are whole-net reads, which settle a net at once; only partial reads are kept,
/// in one list sorted by net afterwards (no allocation per net).
pub fn read_and_needs(m: &Module, topo: &[NetId], named: impl Fn(NetId) -> bool) -> (Vec<bool>, Vec<Need>) {
    let bound = m.id_bound();
    let need = needs(m);
    let mut reads = Reads { full: vec![false; bound], any: vec![false; bound], partial: Vec::new() };
    let mut driven = vec![false; bound];
    for p in m.outputs() {
        if let Some(n) = m.port_net(p) {
            let w = m.width(n);
            reads.add(n, (0, w), w);
            driven[n.index()] = true;
        }
    }
    // State and hierarchy are always printed, so are their reads (an instance output reads
    // nothing: its operand is the instance).
    let fixed = |net: NetId| {
        matches!(m.cell(net).kind, CellKind::Reg { .. } | CellKind::Instance { .. } | CellKind::InstOutput(_))
    };
    for &net in topo {
        if fixed(net) && !matches!(m.cell(net).kind, CellKind::InstOutput(_)) {
            reads.cell(m, net);
        }
    }
    // Combinational cells, readers before what they read.
    for &net in topo.iter().rev() {
        if fixed(net) {
            continue;
        }
        let vanishes = !reads.any[net.index()]
            && m.use_count(net) == 1
            && !driven[net.index()]
            && !named(net)
            && need[net.index()] == Need::Any;
        if !vanishes {
            reads.cell(m, net);
        }
    }
    let Reads { mut full, mut partial, .. } = reads;
    partial.sort_unstable();
    let mut ranges: Vec<(u32, u32)> = Vec::new();
    for group in partial.chunk_by(|a, b| a.0 == b.0) {
        let net = group[0].0;
        if !full[net.index()] {
            ranges.clear();
            ranges.extend(group.iter().map(|&(_, lo, hi)| (lo, hi)));
            full[net.index()] = covers(&mut ranges, m.width(net));
        }
    }
    (full, need)
}

/// Reads seen so far: nets read whole, nets read at all, and partial ranges.
struct Reads {
    full: Vec<bool>,
    any: Vec<bool>,
    partial: Vec<(NetId, u32, u32)>,
}

impl Reads {
    fn add(&mut self, op: NetId, (lo, hi): (u32, u32), width: u32) {
        self.any[op.index()] = true;
        if lo == 0 && hi >= width {
            self.full[op.index()] = true;
        } else {
            self.partial.push((op, lo, hi));
        }
    }

    /// The reads of one cell's operands.
    fn cell(&mut self, m: &Module, net: NetId) {
        let cell = m.cell(net);
        for (pos, &op) in cell.operands().iter().enumerate() {
            let w = m.width(op);
            if let Some(r) = operand_read(&cell.kind, pos, w, cell.width) {
                self.add(op, r, w);
            }
        }
    }
}

fn covers(ranges: &mut [(u32, u32)], width: u32) -> bool {
    ranges.sort_unstable();
    let mut next = 0;
    for &(lo, hi) in ranges.iter() {
        if lo > next {
            return false;
        }
        next = next.max(hi);
    }
    next >= width
}

/// Users' strongest requirement per net (by index).
pub fn needs(m: &Module) -> Vec<Need> {
    let mut out = vec![Need::Any; m.id_bound()];
    for net in m.cells() {
        let cell = m.cell(net);
        for (pos, &op) in cell.operands().iter().enumerate() {
            let n = operand_need(&cell.kind, pos, m.width(op), cell.width);
            out[op.index()] = out[op.index()].max(n);
        }
    }
    out
}

/// Number of reads of each net: operand uses plus output ports driven.
pub fn use_counts(m: &Module) -> Vec<usize> {
    let mut out = vec![0; m.id_bound()];
    for net in m.cells() {
        out[net.index()] = m.use_count(net);
    }
    for p in m.outputs() {
        if let Some(n) = m.port_net(p) {
            out[n.index()] += 1;
        }
    }
    out
}

/// True for cells that never become a declaration of their own: constants and inputs.
pub fn is_source(m: &Module, net: NetId) -> bool {
    matches!(m.cell(net).kind, CellKind::Const(_) | CellKind::Input(_))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interval_cover() {
        assert!(covers(&mut [(4, 8), (0, 4)], 8));
        assert!(!covers(&mut [(0, 3), (4, 8)], 8));
        assert!(!covers(&mut [], 1));
        assert!(covers(&mut [(0, 8), (2, 3)], 8));
    }
}
