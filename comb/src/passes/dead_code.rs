//! `dead-code`: remove cells that do not reach an output port.
//!
//! A cell is live if an output port's driver reaches it through operands (through
//! registers and instances too: an instance is live when one of its outputs is, and then
//! all its operands and all its outputs are). Input cells always stay (they are ports). Everything else is
//! removed, dead register loops included. Modules themselves are kept. Checks
//! (`verif.assert`/`assume`/`cover` cells) are roots like output drivers, and so is every
//! instance of a module that holds a check (directly or below): a check never disappears.
//!
//! Marking walks operands from the output drivers; when every operand has a lower id than
//! its user (the usual case) that is one sweep down the ids instead of a search. Finding
//! the dead then reads only the marks, and the cells of unmarked ids.

use super::Pass;
use crate::ids::NetId;
use crate::netlist::{CellKind, Design, Module};

/// The `dead-code` pass.
pub struct DeadCode;

impl Pass for DeadCode {
    fn name(&self) -> &'static str {
        "dead-code"
    }
    fn description(&self) -> &'static str {
        "remove cells, registers and instances that do not reach an output port"
    }
    fn run(&mut self, design: &mut Design) -> bool {
        let checked = modules_with_checks(design);
        let mut changed = false;
        for m in design.modules.iter_mut() {
            changed |= remove_dead(m, &checked);
        }
        changed
    }
}

/// Per module: true if it holds a check cell, itself or through an instance.
fn modules_with_checks(design: &Design) -> Vec<bool> {
    let mut has: Vec<bool> = design
        .modules
        .iter()
        .map(|m| m.cells().any(|c| matches!(m.cell(c).kind, CellKind::Check { .. })))
        .collect();
    // Instantiation is acyclic: at most one round per level of hierarchy.
    loop {
        let mut changed = false;
        for (i, m) in design.modules.iter().enumerate() {
            if !has[i]
                && m.cells().any(
                    |c| matches!(m.cell(c).kind, CellKind::Instance { module, .. } if has[module.index()]),
                )
            {
                has[i] = true;
                changed = true;
            }
        }
        if !changed {
            return has;
        }
    }
}

/// Removes the dead cells of one module; true if any were removed. `checked[i]` says that
/// module `i` holds a check, so its instances stay.
fn remove_dead(m: &mut Module, checked: &[bool]) -> bool {
    let live = mark_live(m, checked);
    // A live instance keeps all its outputs: they are part of the instance, and the text
    // forms (`%a, %b = hw.instance ...`) name every one, so reading the result back gives
    // the same netlist. Only unmarked ids are looked at: the scan reads the marks, not the
    // cells.
    let mut dead: Vec<NetId> = Vec::new();
    for (i, _) in live.iter().enumerate().filter(|(_, &l)| !l) {
        let c = NetId::from_index(i);
        let Some(cell) = m.try_cell(c) else { continue };
        let keep = match cell.kind {
            CellKind::Input(_) => true,
            CellKind::InstOutput(_) => live[cell.operands()[0].index()],
            _ => false,
        };
        if !keep {
            dead.push(c);
        }
    }
    // Cut every edge into a dead cell first: dead cells may use each other in loops.
    for &d in &dead {
        m.set_operands(d, &[]);
    }
    for &d in &dead {
        m.remove_cell(d);
    }
    !dead.is_empty()
}

/// Per id: true if an output port's driver reaches the cell through operands.
fn mark_live(m: &Module, checked: &[bool]) -> Vec<bool> {
    let mut live = vec![false; m.id_bound()];
    let sinks: Vec<NetId> = if checked.iter().any(|&c| c) {
        m.cells()
            .filter(|&c| match &m.cell(c).kind {
                CellKind::Check { .. } => true,
                CellKind::Instance { module, .. } => checked[module.index()],
                _ => false,
            })
            .collect()
    } else {
        Vec::new()
    };
    let roots = m.outputs().filter_map(|p| m.port_net(p)).filter(|&n| m.contains(n)).chain(sinks);
    if m.ids_ascending() {
        // Every operand has a lower id than its user: one sweep down the ids marks
        // everything reachable, each cell before its operands are looked at.
        for n in roots {
            live[n.index()] = true;
        }
        for i in (0..live.len()).rev() {
            if !live[i] {
                continue;
            }
            let Some(cell) = m.try_cell(NetId::from_index(i)) else { continue };
            for &o in cell.operands() {
                live[o.index()] = true;
            }
        }
    } else {
        let mut stack: Vec<NetId> = roots.collect();
        while let Some(n) = stack.pop() {
            if !m.contains(n) || std::mem::replace(&mut live[n.index()], true) {
                continue;
            }
            stack.extend(m.operands(n).iter().copied().filter(|o| !live[o.index()]));
        }
    }
    live
}
