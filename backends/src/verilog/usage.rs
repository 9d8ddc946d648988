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

use comb::{Cell, CellKind, Module, NetId};

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
/// `pos`, whose width `width` gives (asked only by the few kinds that depend on it, so the
/// others spare a look at the operand's cell).
pub fn operand_need(kind: &CellKind, pos: usize, width: impl Fn() -> u32, result_width: u32) -> Need {
    match kind {
        CellKind::Extract { low } if *low == 0 && result_width == width() => Need::Any,
        CellKind::Reverse if width() == 1 => Need::Any,
        CellKind::Extract { .. } | CellKind::Reverse => Need::Atom,
        CellKind::DivU | CellKind::DivS | CellKind::ModU | CellKind::ModS => Need::Atom,
        CellKind::Reg { .. } if pos == 1 => Need::Ident,
        // `always_ff @(posedge clk or posedge rst)` names the asynchronous reset.
        CellKind::Reg { async_reset: true, .. } if pos == 2 => Need::Ident,
        CellKind::Memory { .. } if pos == 0 => Need::Ident,
        CellKind::Memory { .. } if pos < 5 => Need::Atom,
        CellKind::Shl | CellKind::ShrU | CellKind::ShrS if pos == 1 && width() > 32 => Need::Atom,
        CellKind::ShrS if pos == 0 && width() > super::signed::SIGNED_FORM_MAX_WIDTH => Need::Atom,
        CellKind::Lut { .. } if width() > 8 => Need::Atom,
        _ => Need::Any,
    }
}

/// What a cell reads of one operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Read {
    /// Nothing.
    Nothing,
    /// Every bit.
    Whole,
    /// Bits `[lo, hi)` (possibly all of them).
    Bits(u32, u32),
}

/// What a cell of kind `kind` and width `result_width` reads of its operand at `pos`.
pub fn operand_read(kind: &CellKind, pos: usize, result_width: u32) -> Read {
    match kind {
        CellKind::Extract { low } => Read::Bits(*low, low + result_width),
        // A constant table is printed as its constant; its inputs are not read.
        CellKind::TruthTable(t) if t.is_zero() || t.is_ones() => Read::Nothing,
        CellKind::Lut { coefficients, table } => {
            if table.len() == 1 || coefficients.get(pos).copied().unwrap_or(0) == 0 {
                Read::Nothing
            } else {
                Read::Bits(0, 8)
            }
        }
        _ => Read::Whole,
    }
}

/// Which bits of each net the printed text reads, and what each user needs of its
/// operands, gathered from the cells in any order ([`Usage::add`] each cell once).
///
/// A combinational cell whose only reader drops it is never printed, so its own operands
/// are not read through it. Unless some cell drops an operand nothing vanishes that way,
/// and the reads gathered as the cells come are exact; otherwise [`Usage::finish`] gathers
/// them again, readers before what they read. Most reads are whole-net reads, which settle
/// a net at once; only partial reads are kept, in one list sorted by net at the end (no
/// allocation per net).
pub struct Usage {
    full: Vec<bool>,
    any: Vec<bool>,
    partial: Vec<(NetId, u32, u32)>,
    need: Vec<Need>,
    /// Some cell reads nothing of an operand (a `comb.lut` operand with coefficient 0, a
    /// one-entry table, a constant truth table): an operand inlined into it is not printed.
    drops: bool,
}

impl Usage {
    /// Nothing read yet but the nets driving output ports.
    pub fn new(m: &Module) -> Usage {
        let bound = m.id_bound();
        let mut u = Usage {
            full: vec![false; bound],
            any: vec![false; bound],
            partial: Vec::new(),
            need: vec![Need::Any; bound],
            drops: false,
        };
        u.read_ports(m);
        u
    }

    fn read_ports(&mut self, m: &Module) {
        for p in m.outputs() {
            if let Some(n) = m.port_net(p) {
                self.any[n.index()] = true;
                self.full[n.index()] = true;
            }
        }
    }

    /// The needs and (as if it is printed) the reads of one cell, `cell`.
    pub fn add(&mut self, m: &Module, cell: &Cell) {
        for (pos, &op) in cell.operands().iter().enumerate() {
            let n = operand_need(&cell.kind, pos, || m.width(op), cell.width);
            let slot = &mut self.need[op.index()];
            *slot = (*slot).max(n);
        }
        // An instance output reads nothing: its operand is the instance.
        if !matches!(cell.kind, CellKind::InstOutput(_)) {
            self.read(m, cell);
        }
    }

    fn read(&mut self, m: &Module, cell: &Cell) {
        for (pos, &op) in cell.operands().iter().enumerate() {
            match operand_read(&cell.kind, pos, cell.width) {
                Read::Nothing => self.drops = true,
                Read::Whole => {
                    self.any[op.index()] = true;
                    self.full[op.index()] = true;
                }
                Read::Bits(lo, hi) => {
                    self.any[op.index()] = true;
                    if lo == 0 && hi >= m.width(op) {
                        self.full[op.index()] = true;
                    } else if !self.full[op.index()] {
                        self.partial.push((op, lo, hi));
                    }
                }
            }
        }
    }

    /// Per net (by index): true if every bit is read by some user or output port that is
    /// itself printed; and per net, its users' strongest [`Need`]. `topo` is the printing
    /// order (topological), `state` its registers, instances and instance outputs, and
    /// `drives_port` tells the nets that drive an output port.
    pub fn finish(
        mut self,
        m: &Module,
        topo: &[NetId],
        state: &[NetId],
        drives_port: impl Fn(NetId) -> bool,
    ) -> (Vec<bool>, Vec<Need>) {
        if self.drops {
            self.readers_first(m, topo, state, drives_port);
        }
        let Usage { mut full, mut partial, need, .. } = self;
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

    /// Gathers the reads again, leaving out cells that are never printed: combinational
    /// cells are visited readers first, so a net is known unread when it is reached.
    fn readers_first(
        &mut self,
        m: &Module,
        topo: &[NetId],
        state: &[NetId],
        drives_port: impl Fn(NetId) -> bool,
    ) {
        self.full.fill(false);
        self.any.fill(false);
        self.partial.clear();
        self.read_ports(m);
        // State and hierarchy are always printed, so are their reads.
        for &net in state {
            let cell = m.cell(net);
            if !matches!(cell.kind, CellKind::InstOutput(_)) {
                self.read(m, cell);
            }
        }
        for &net in topo.iter().rev() {
            let cell = m.cell(net);
            if matches!(
                cell.kind,
                CellKind::Reg { .. }
                    | CellKind::Memory { .. }
                    | CellKind::Instance { .. }
                    | CellKind::InstOutput(_)
            ) {
                continue;
            }
            let vanishes = !self.any[net.index()]
                && m.use_count(net) == 1
                && !drives_port(net)
                && cell.name.is_none()
                && self.need[net.index()] == Need::Any;
            if !vanishes {
                self.read(m, cell);
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
