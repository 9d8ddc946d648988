//! `dead-code`: remove cells that do not reach an output port.
//!
//! A cell is live if an output port's driver reaches it through operands (through
//! registers and instances too: an instance is live when one of its outputs is, and then
//! all its operands and all its outputs are). Input cells always stay (they are ports). Everything else is
//! removed, dead register loops included. Modules themselves are kept.

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
        let mut changed = false;
        for m in design.modules.iter_mut() {
            changed |= remove_dead(m);
        }
        changed
    }
}

/// Removes the dead cells of one module; true if any were removed.
pub fn remove_dead(m: &mut Module) -> bool {
    let mut live = vec![false; m.id_bound()];
    let mut stack: Vec<NetId> = m.outputs().filter_map(|p| m.port_net(p)).collect();
    while let Some(n) = stack.pop() {
        if !m.contains(n) || std::mem::replace(&mut live[n.index()], true) {
            continue;
        }
        stack.extend(m.operands(n).iter().copied().filter(|o| !live[o.index()]));
    }
    // A live instance keeps all its outputs: they are part of the instance, and the text
    // forms (`%a, %b = hw.instance ...`) name every one, so reading the result back gives
    // the same netlist.
    for c in m.cells().collect::<Vec<_>>() {
        if matches!(m.cell(c).kind, CellKind::InstOutput(_)) && live[m.operands(c)[0].index()] {
            live[c.index()] = true;
        }
    }
    let dead: Vec<NetId> =
        m.cells().filter(|&c| !live[c.index()] && !matches!(m.cell(c).kind, CellKind::Input(_))).collect();
    // Cut every edge into a dead cell first: dead cells may use each other in loops.
    for &d in &dead {
        m.set_operands(d, &[]);
    }
    for &d in &dead {
        m.remove_cell(d);
    }
    !dead.is_empty()
}
