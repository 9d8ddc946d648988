//! The printers' emission order: a canonical order that printing and reading back keeps.
//!
//! [`topo_order`](super::topo_order) gives an instance no dependencies, so that no false
//! cycle runs through the hierarchy; it may put an instance before the cells that drive its
//! inputs and its outputs anywhere after it. Text loses that placement: `hw.instance` is one
//! op with all its results, and the reader makes the instance cell followed by one output
//! cell per result. An output whose child path is combinational then pulls its operands'
//! logic forward at a different point than in the original netlist, and the SystemVerilog
//! temporaries of the read-back netlist get other numbers.
//!
//! [`emission_order`] orders by *ordering dependencies*: a cell's operands, except that a
//! state element has none and an instance depends on all its operands (an instance output
//! on its instance). It is a depth-first search from every cell in id order, and an
//! instance's outputs follow it at once, by port and then id. Every ordering dependency
//! comes first, so a combinational one does too. If a netlist's ids already are such an
//! order, as they are for a netlist read from text printed in this order, the search
//! returns the id order: printing, reading back and printing again emits the same cells in
//! the same order.
//!
//! The relation has a cycle only if an instance's operand depends on one of that instance's
//! outputs through a child path that is not combinational (a register): the instance must
//! precede the operand that must follow it. No such order exists; the module then falls
//! back to the combinational order of [`topo_order`](super::topo_order).

use super::{topo_order, CombSummary};
use crate::ids::{ModuleId, NetId, PortId};
use crate::netlist::{CellKind, Design, Module};

/// Every live cell of `mid` in emission order (see the module documentation): each after
/// its ordering dependencies, every instance's outputs right after it, ties broken by id.
/// Falls back to [`topo_order`] when the ordering dependencies form a cycle, and to the id
/// order when the module has a combinational cycle (the verifier rejects those).
pub fn emission_order(design: &Design, summaries: &[CombSummary], mid: ModuleId) -> Vec<NetId> {
    let module = design.module(mid);
    if ids_are_emission_order(module) {
        return module.cells().collect();
    }
    search(module)
        .unwrap_or_else(|| topo_order(design, summaries, mid).unwrap_or_else(|_| module.cells().collect()))
}

/// The ordering dependencies of `net`.
fn deps(module: &Module, net: NetId) -> &[NetId] {
    let cell = module.cell(net);
    if cell.kind.is_state() {
        &[]
    } else {
        cell.operands()
    }
}

/// True if the id order is the emission order: every cell's ordering dependencies have
/// lower ids, and each instance is followed by all its outputs, sorted by port. Then the
/// search below would emit every cell as a root, in id order. One sequential scan.
fn ids_are_emission_order(module: &Module) -> bool {
    let ascending = module.ids_ascending();
    // The instance whose outputs may follow, and the port of the last one seen.
    let mut group: Option<(NetId, Option<PortId>)> = None;
    for net in module.cells() {
        let cell = module.cell(net);
        match cell.kind {
            CellKind::InstOutput(p) => match group {
                Some((inst, last)) if inst == cell.operands()[0] && last.is_none_or(|l| l <= p) => {
                    group = Some((inst, Some(p)));
                }
                _ => return false,
            },
            _ => {
                if !ascending && deps(module, net).iter().any(|&d| d >= net) {
                    return false;
                }
                group = matches!(cell.kind, CellKind::Instance { .. }).then_some((net, None));
            }
        }
    }
    true
}

/// Per instance, its outputs sorted by port and then id: (instance, port, output) triples,
/// sorted, to be searched by instance.
fn instance_outputs(module: &Module) -> Vec<(NetId, PortId, NetId)> {
    let mut outs: Vec<(NetId, PortId, NetId)> = module
        .cells()
        .filter_map(|n| match module.cell(n).kind {
            CellKind::InstOutput(p) => Some((module.cell(n).operands()[0], p, n)),
            _ => None,
        })
        .collect();
    outs.sort_unstable();
    outs
}

/// The depth-first search, iterative; `None` if the ordering dependencies form a cycle.
fn search(module: &Module) -> Option<Vec<NetId>> {
    let outputs = instance_outputs(module);
    // 0 = new, 1 = on the search path, 2 = emitted
    let mut state = vec![0u8; module.id_bound()];
    let mut order = Vec::with_capacity(module.cell_count());
    // The search path: (cell, index of its next ordering dependency).
    let mut path: Vec<(NetId, usize)> = Vec::new();
    for root in module.cells() {
        if state[root.index()] != 0 {
            continue;
        }
        state[root.index()] = 1;
        path.push((root, 0));
        while let Some(&mut (net, ref mut next)) = path.last_mut() {
            if let Some(&d) = deps(module, net).get(*next) {
                *next += 1;
                match state[d.index()] {
                    0 => {
                        state[d.index()] = 1;
                        path.push((d, 0));
                    }
                    1 => return None,
                    _ => {}
                }
                continue;
            }
            path.pop();
            // An instance output may have been emitted with its instance while on the path.
            if state[net.index()] == 2 {
                continue;
            }
            state[net.index()] = 2;
            order.push(net);
            if matches!(module.cell(net).kind, CellKind::Instance { .. }) {
                let start = outputs.partition_point(|&(i, _, _)| i < net);
                for &(_, _, out) in outputs[start..].iter().take_while(|&&(i, _, _)| i == net) {
                    state[out.index()] = 2;
                    order.push(out);
                }
            }
        }
    }
    Some(order)
}

#[cfg(test)]
mod tests;
