//! The printers' emission order: a canonical order that printing and reading back keeps.
//!
//! [`super::topo_order`] gives an instance no dependencies, so that no false
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
//! That relation has a cycle when an instance's operand depends on one of that instance's
//! outputs through a child path that is not combinational (a register): a parent computing
//! a child register's next value from its output. Then an instance depends only on the
//! operands that reach one of its outputs combinationally ([`CombSummary`]), which is
//! still enough for its outputs to follow it at once; the others may come after it. Which
//! relation applies depends only on the netlist's structure, so a netlist read back
//! chooses the same one. Only if that relation has a cycle too (two instances, each fed by
//! a registered output of the other into an input that reaches an output
//! combinationally) does the module fall back to the combinational order of
//! [`super::topo_order`], which a round trip need not keep.

use super::{topo_order, CombSummary};
use crate::ids::{ModuleId, NetId, PortId};
use crate::netlist::{CellKind, Design, Module};
use std::collections::BTreeMap;

/// Every live cell of `mid` in emission order (see the module documentation): each after
/// its ordering dependencies, every instance's outputs right after it, ties broken by id.
/// Falls back to [`topo_order`] when both dependency relations have a cycle, and to the id
/// order when the module has a combinational cycle (the verifier rejects those).
pub fn emission_order(design: &Design, summaries: &[CombSummary], mid: ModuleId) -> Vec<NetId> {
    let module = design.module(mid);
    if ids_are_emission_order(module) {
        return module.cells().collect();
    }
    if let Some(order) = search(module, None) {
        return order;
    }
    let feeds = feeding_inputs(design, summaries, module);
    if let Some(order) = search(module, Some(&feeds)) {
        return order;
    }
    topo_order(design, summaries, mid).unwrap_or_else(|_| module.cells().collect())
}

/// Per module instantiated in a module: per input (in order), true if it reaches one of
/// the outputs combinationally.
type Feeds = BTreeMap<ModuleId, Vec<bool>>;

/// [`Feeds`] for the modules `module` instantiates.
fn feeding_inputs(design: &Design, summaries: &[CombSummary], module: &Module) -> Feeds {
    let mut feeds = Feeds::new();
    for net in module.cells() {
        let CellKind::Instance { module: child, .. } = module.cell(net).kind else { continue };
        feeds.entry(child).or_insert_with(|| {
            let cm = design.module(child);
            let deps = summaries.get(child.index()).map(|s| s.deps.as_slice()).unwrap_or(&[]);
            let reached: Vec<PortId> =
                cm.outputs().flat_map(|p| deps.get(p.index()).into_iter().flatten().copied()).collect();
            cm.inputs().map(|p| reached.contains(&p)).collect()
        });
    }
    feeds
}

/// Operand `i` of `net` if it is an ordering dependency: no operand of a state element is,
/// and with `feeds` only an instance's operands that reach one of its outputs
/// combinationally are (without a summary, all are).
fn dep(module: &Module, feeds: Option<&Feeds>, net: NetId, i: usize) -> Option<NetId> {
    let cell = module.cell(net);
    let counts = match (&cell.kind, feeds) {
        (k, _) if k.is_state() => false,
        (CellKind::Instance { module: child, .. }, Some(feeds)) => {
            feeds.get(child).and_then(|f| f.get(i)).copied().unwrap_or(true)
        }
        _ => true,
    };
    counts.then(|| cell.operands()[i])
}

/// True if the id order is the emission order: every cell's operands (but a state
/// element's) have lower ids, and each instance is followed by all its outputs, sorted by
/// port. Then the search below would emit every cell as a root, in id order. One
/// sequential scan.
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
                let forward = !cell.kind.is_state() && cell.operands().iter().any(|&d| d >= net);
                if !ascending && forward {
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

/// The depth-first search, iterative, with the ordering dependencies of [`dep`]; `None` if
/// they form a cycle.
fn search(module: &Module, feeds: Option<&Feeds>) -> Option<Vec<NetId>> {
    let outputs = instance_outputs(module);
    // 0 = new, 1 = on the search path, 2 = emitted
    let mut state = vec![0u8; module.id_bound()];
    let mut order = Vec::with_capacity(module.cell_count());
    // The search path: (cell, index of its next operand).
    let mut path: Vec<(NetId, usize)> = Vec::new();
    for root in module.cells() {
        if state[root.index()] != 0 {
            continue;
        }
        state[root.index()] = 1;
        path.push((root, 0));
        while let Some(&mut (net, ref mut next)) = path.last_mut() {
            if *next < module.cell(net).operands().len() {
                let i = *next;
                *next += 1;
                let Some(d) = dep(module, feeds, net, i) else { continue };
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
