//! Combinational order: levelization, cycle detection and the hierarchy order.
//!
//! A cell's *combinational dependencies* are its operands, except that state elements
//! (registers) have none (their operands are sampled on a clock edge), an instance cell has
//! none (it drives no value), and an instance output depends only on the instance operands
//! that reach that output combinationally inside the child ([`CombSummary`]). A
//! combinational cycle is a cycle of this relation; [`topo_order`] finds one or returns every
//! cell so that each comes after its combinational dependencies. The printers emit cells in
//! the stricter [`emission_order`] (an instance after its operands), which reading the
//! printed text back reproduces.

use crate::ids::{ModuleId, NetId, PortId};
use crate::netlist::{CellKind, Design, Module};
use smallvec::SmallVec;

pub mod emission;
mod view;
pub use emission::emission_order;
use view::DepView;

/// For one module: for each port (by index), the input ports an output depends on
/// combinationally (empty for input ports).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CombSummary {
    /// Per port index: the inputs it depends on (sorted).
    pub deps: Vec<Vec<PortId>>,
}

/// Modules in an order where every instantiated module comes before its instantiator.
/// `Err` holds a chain of modules that instantiate each other recursively.
pub fn hierarchy_order(design: &Design) -> Result<Vec<ModuleId>, Vec<ModuleId>> {
    hierarchy_order_of(&children(design))
}

/// Per module, the modules it instantiates (sorted, without duplicates).
pub fn children(design: &Design) -> Vec<Vec<ModuleId>> {
    design
        .modules
        .iter()
        .map(|m| {
            let mut c: Vec<ModuleId> = m
                .cells()
                .filter_map(|id| match &m.cell(id).kind {
                    CellKind::Instance { module, .. } => Some(*module),
                    _ => None,
                })
                .collect();
            c.sort();
            c.dedup();
            c
        })
        .collect()
}

/// [`hierarchy_order`] given [`children`]: petgraph's depth-first post-order over the
/// instantiation relation (`view::dependency_order`).
pub fn hierarchy_order_of(children: &[Vec<ModuleId>]) -> Result<Vec<ModuleId>, Vec<ModuleId>> {
    let view = DepView::new(children.len(), |m: ModuleId| children[m.index()].iter().copied());
    view::dependency_order(view, (0..children.len() as u32).map(ModuleId))
}

/// Pushes the combinational dependencies of `net` onto `out`.
pub fn comb_deps(
    design: &Design,
    summaries: &[CombSummary],
    module: &Module,
    net: NetId,
    out: &mut SmallVec<[NetId; 4]>,
) {
    let cell = module.cell(net);
    match &cell.kind {
        k if k.is_state() => {}
        CellKind::Instance { .. } => {}
        CellKind::InstOutput(port) => {
            let inst = cell.operands()[0];
            out.push(inst);
            if let CellKind::Instance { module: child, .. } = &module.cell(inst).kind {
                let child_m = design.module(*child);
                if let Some(deps) = summaries.get(child.index()).and_then(|s| s.deps.get(port.index())) {
                    let inputs: Vec<PortId> = child_m.inputs().collect();
                    for d in deps {
                        if let Some(pos) = inputs.iter().position(|p| p == d) {
                            if let Some(&op) = module.cell(inst).operands().get(pos) {
                                out.push(op);
                            }
                        }
                    }
                }
            }
        }
        _ => out.extend(cell.operands().iter().copied()),
    }
}

/// Every live cell of `mid`, each after its combinational dependencies (ties broken by id,
/// so the order is deterministic). `Err` holds the nets of one combinational cycle, in
/// dependency order (each a dependency of the next, the last one of the first).
///
/// Petgraph's depth-first post-order over [`comb_deps`] (`view::dependency_order`), after
/// an O(1) or one-scan check that the id order already is one.
pub fn topo_order(
    design: &Design,
    summaries: &[CombSummary],
    mid: ModuleId,
) -> Result<Vec<NetId>, Vec<NetId>> {
    let module = design.module(mid);
    if ids_are_topological(module) {
        return Ok(module.cells().collect());
    }
    let deps = |net: NetId| {
        let mut out = SmallVec::<[NetId; 4]>::new();
        comb_deps(design, summaries, module, net, &mut out);
        out.into_iter()
    };
    view::dependency_order(DepView::new(module.id_bound(), deps), module.cells()).map_err(|mut cycle| {
        cycle.reverse();
        cycle
    })
}

/// True if every cell's combinational dependencies have lower ids (and no instance outputs,
/// whose dependencies go through summaries, exist). Then the search below would emit every
/// cell as a root, right after the lower ids it depends on: the order is the id order. A
/// netlist built from SSA text is mostly like that, and passes keep it so (merges keep
/// the lower id; constants fold in place); one sequential scan replaces the search, and
/// none is needed when no operand names a higher id ([`Module::ids_ascending`], O(1)).
fn ids_are_topological(module: &Module) -> bool {
    module.ids_ascending() || module.cells().all(|n| deps_have_lower_ids(module, n))
}

/// True if the combinational dependencies of `net` all have lower ids (false for instance
/// outputs, whose dependencies go through summaries). When it holds for every cell,
/// [`topo_order`] is the id order and there is no combinational cycle.
pub fn deps_have_lower_ids(module: &Module, net: NetId) -> bool {
    let cell = module.cell(net);
    match &cell.kind {
        k if k.is_state() => true,
        CellKind::Instance { .. } => true,
        CellKind::InstOutput(_) => false,
        _ => cell.operands().iter().all(|&o| o < net),
    }
}

/// Computes the [`CombSummary`] of every instantiated module, children first. Modules in a
/// recursive instantiation or with a combinational cycle get conservative summaries (every
/// output depends on every input); the verifier reports those errors separately. A module
/// nothing instantiates gets an empty summary: only [`comb_deps`] reads summaries, and only
/// those of instantiated children.
pub fn summaries(design: &Design) -> Vec<CombSummary> {
    summaries_of(design, &children(design))
}

/// [`summaries`] given [`children`].
pub fn summaries_of(design: &Design, children: &[Vec<ModuleId>]) -> Vec<CombSummary> {
    let mut out = vec![CombSummary::default(); design.modules.len()];
    let mut instantiated = vec![false; design.modules.len()];
    for c in children.iter().flatten() {
        if let Some(i) = instantiated.get_mut(c.index()) {
            *i = true;
        }
    }
    let order = hierarchy_order_of(children).unwrap_or_else(|_| design.module_ids().collect());
    for mid in order.into_iter().filter(|m| instantiated[m.index()]) {
        out[mid.index()] = summarize(design, &out, mid);
    }
    out
}

/// One module's summary, given its children's: per net, the set of inputs it depends on as
/// a bit set (bit i for the i-th input port), computed in topological order.
fn summarize(design: &Design, children: &[CombSummary], mid: ModuleId) -> CombSummary {
    let module = design.module(mid);
    let all_inputs: Vec<PortId> = module.inputs().collect();
    let mut summary = CombSummary { deps: vec![Vec::new(); module.ports.len()] };
    // A black box may pass any input to any output: assume it does, so that no loop
    // through it is taken for a registered path.
    let topo = if module.extern_info.is_some() { Err(Vec::new()) } else { topo_order(design, children, mid) };
    let Ok(topo) = topo else {
        for p in module.outputs() {
            summary.deps[p.index()] = all_inputs.clone();
        }
        return summary;
    };
    let words = all_inputs.len().div_ceil(64).max(1);
    let mut reach = vec![0u64; module.id_bound() * words];
    let mut deps = SmallVec::new();
    for net in topo {
        let i = net.index() * words;
        if let CellKind::Input(p) = module.cell(net).kind {
            let k = all_inputs.binary_search(&p).expect("an input cell's port is an input");
            reach[i + k / 64] |= 1 << (k % 64);
        }
        deps.clear();
        comb_deps(design, children, module, net, &mut deps);
        for d in &deps {
            let j = d.index() * words;
            for w in 0..words {
                reach[i + w] |= reach[j + w];
            }
        }
    }
    for p in module.outputs() {
        if let Some(n) = module.port_net(p) {
            let set = &reach[n.index() * words..][..words];
            summary.deps[p.index()] = all_inputs
                .iter()
                .enumerate()
                .filter(|(k, _)| set[k / 64] >> (k % 64) & 1 == 1)
                .map(|(_, &p)| p)
                .collect();
        }
    }
    summary
}
