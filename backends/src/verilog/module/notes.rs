//! What the printer adds for a reader of the SystemVerilog, from the module's annotations
//! (no netlist meaning): cell notes ([`comb::Module::notes`]) as `// note` comments, and a
//! register's named values ([`comb::Module::named_values`]) as `localparam`s used in place
//! of the constants it is compared with or loaded from.
//!
//! A note goes on the line that declares its cell (`wire`, `assign`, the register's
//! `always` line); a cell inlined into its reader hands its notes on to the reader, so a
//! source op's note survives inlining. A named value replaces a constant operand in three
//! places only, where the constant is the register's value by construction: an `==`/`!=`
//! comparison of the register with it, the register's reset value and its next value
//! through a tree of multiplexers (their data operands).

use super::Printer;
use crate::verilog::text::range;
use comb::{Bits, CellKind, IcmpPred, Module, NetId};
use std::collections::{BTreeMap, BTreeSet};

/// Operand slots (cell, operand index) that print as a named value, with the name.
pub(super) type NamedSlots<'n> = BTreeMap<(NetId, usize), &'n str>;

/// The operand slots of `m` that print as one of its register's named values.
pub(super) fn named_slots(m: &Module) -> NamedSlots<'_> {
    let mut out = BTreeMap::new();
    let Some(nv) = &m.named_values else { return out };
    let name_of = |o: NetId| match &m.cell(o).kind {
        CellKind::Const(b) => b.as_u64().and_then(|v| nv.names.get(v as usize)).map(|n| &**n),
        _ => None,
    };
    for (net, cell) in m.cell_refs() {
        let ops = cell.operands();
        if matches!(cell.kind, CellKind::Icmp(IcmpPred::Eq | IcmpPred::Ne)) && ops.len() == 2 {
            for (i, j) in [(0, 1), (1, 0)] {
                if ops[i] == nv.reg {
                    if let Some(n) = name_of(ops[j]) {
                        out.insert((net, j), n);
                    }
                }
            }
        }
    }
    let CellKind::Reg { reset, enable, .. } = m.cell(nv.reg).kind else { return out };
    let ops = m.operands(nv.reg);
    if reset {
        let rv = 3 + enable as usize;
        if let Some(n) = name_of(ops[rv]) {
            out.insert((nv.reg, rv), n);
        }
    }
    // The next value: constants and multiplexer trees of them.
    let mut todo = vec![(nv.reg, 0)];
    let mut seen = BTreeSet::new();
    while let Some((user, i)) = todo.pop() {
        let o = m.operands(user)[i];
        if let Some(n) = name_of(o) {
            out.insert((user, i), n);
        } else if matches!(m.cell(o).kind, CellKind::Mux) && seen.insert(o) {
            todo.extend([(o, 1), (o, 2)]);
        }
    }
    out
}

impl<'n> Printer<'n> {
    /// The `localparam` declarations of the named values (waived: not all need be read).
    pub(super) fn named_value_decls(&mut self) {
        let m: &'n Module = self.m;
        let Some(nv) = &m.named_values else { return };
        let w = m.width(nv.reg);
        self.state.push("/* verilator lint_off UNUSEDPARAM */");
        for (v, name) in nv.names.iter().enumerate() {
            let value = super::Expr::Const(Bits::from_u64(v as u64, w)).text();
            self.state.push(format!("localparam {}{name} = {value};", range(w)));
        }
        self.state.push("/* verilator lint_on UNUSEDPARAM */");
    }

    /// Whether some operand of `net` prints as a named value.
    pub(super) fn has_named_slot(&self, net: NetId) -> bool {
        !self.named.is_empty() && self.named.range((net, 0)..=(net, usize::MAX)).next().is_some()
    }

    /// The name operand `i` of `net` prints as, if it is a named value.
    pub(super) fn named_slot(&self, net: NetId, i: usize) -> Option<&'n str> {
        self.named.get(&(net, i)).copied()
    }

    /// Takes the notes of `net` and of its inlined `operands` (in that order, each once).
    pub(super) fn gather_notes(&mut self, net: NetId, operands: &[NetId]) -> Vec<&'n str> {
        let m: &'n Module = self.m;
        let mut v: Vec<&'n str> = Vec::new();
        if m.notes.is_empty() {
            return v;
        }
        if let Some(n) = m.notes.get(&net) {
            v.push(n);
        }
        for o in operands {
            if let Some(p) = self.pending.remove(o) {
                for n in p {
                    if !v.contains(&n) {
                        v.push(n);
                    }
                }
            }
        }
        v
    }

    /// ` // a, b` for `notes` (empty for none).
    pub(super) fn comment(notes: &[&str]) -> String {
        if notes.is_empty() {
            String::new()
        } else {
            format!("  // {}", notes.join(", "))
        }
    }

    /// Keeps the current cell's notes for its reader (the cell was inlined).
    pub(super) fn hand_on_notes(&mut self, net: NetId) {
        if !self.cur_notes.is_empty() {
            let notes = std::mem::take(&mut self.cur_notes);
            self.pending.insert(net, notes);
        }
    }
}
