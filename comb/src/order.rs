//! Combinational order: levelization, cycle detection and the hierarchy order.
//!
//! A cell's *combinational dependencies* are its operands, except that state elements
//! (registers) have none (their operands are sampled on a clock edge), an instance cell has
//! none (it drives no value), and an instance output depends only on the instance operands
//! that reach that output combinationally inside the child ([`CombSummary`]). A
//! combinational cycle is a cycle of this relation; [`topo_order`] finds one or returns every
//! cell so that each comes after its combinational dependencies.

use crate::ids::{ModuleId, NetId, PortId};
use crate::netlist::{CellKind, Design, Dir, Module};
use smallvec::SmallVec;

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
    let n = design.modules.len();
    let children: Vec<Vec<ModuleId>> = design
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
        .collect();
    // 0 = new, 1 = on stack, 2 = done
    let mut state = vec![0u8; n];
    let mut order = Vec::with_capacity(n);
    for root in 0..n {
        if state[root] != 0 {
            continue;
        }
        let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
        state[root] = 1;
        while let Some(&mut (m, ref mut i)) = stack.last_mut() {
            if let Some(&c) = children[m].get(*i) {
                *i += 1;
                match state[c.index()] {
                    0 => {
                        state[c.index()] = 1;
                        stack.push((c.index(), 0));
                    }
                    1 => {
                        let pos = stack.iter().position(|&(s, _)| s == c.index()).unwrap_or(0);
                        return Err(stack[pos..].iter().map(|&(s, _)| ModuleId(s as u32)).collect());
                    }
                    _ => {}
                }
            } else {
                state[m] = 2;
                order.push(ModuleId(m as u32));
                stack.pop();
            }
        }
    }
    Ok(order)
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
/// dependency order starting from the lowest id met.
pub fn topo_order(
    design: &Design,
    summaries: &[CombSummary],
    mid: ModuleId,
) -> Result<Vec<NetId>, Vec<NetId>> {
    let module = design.module(mid);
    let bound = module.id_bound();
    let mut state = vec![0u8; bound];
    let mut order = Vec::with_capacity(module.cell_count());
    let mut deps: SmallVec<[NetId; 4]> = SmallVec::new();
    let mut stack: Vec<(NetId, SmallVec<[NetId; 4]>, usize)> = Vec::new();
    for root in module.cells() {
        if state[root.index()] != 0 {
            continue;
        }
        deps.clear();
        comb_deps(design, summaries, module, root, &mut deps);
        state[root.index()] = 1;
        stack.push((root, deps.clone(), 0));
        while let Some((net, ds, i)) = stack.last_mut() {
            if let Some(&d) = ds.get(*i) {
                *i += 1;
                match state[d.index()] {
                    0 => {
                        deps.clear();
                        comb_deps(design, summaries, module, d, &mut deps);
                        state[d.index()] = 1;
                        stack.push((d, deps.clone(), 0));
                    }
                    1 => {
                        let pos = stack.iter().position(|(s, _, _)| *s == d).unwrap_or(0);
                        let mut cycle: Vec<NetId> = stack[pos..].iter().map(|(s, _, _)| *s).collect();
                        cycle.reverse();
                        return Err(cycle);
                    }
                    _ => {}
                }
            } else {
                let net = *net;
                state[net.index()] = 2;
                order.push(net);
                stack.pop();
            }
        }
    }
    Ok(order)
}

/// Computes every module's [`CombSummary`], children first. Modules in a recursive
/// instantiation or with a combinational cycle get conservative summaries (every output
/// depends on every input); the verifier reports those errors separately.
pub fn summaries(design: &Design) -> Vec<CombSummary> {
    let mut out = vec![CombSummary::default(); design.modules.len()];
    let order = hierarchy_order(design).unwrap_or_else(|_| design.module_ids().collect());
    for mid in order {
        let module = design.module(mid);
        let all_inputs: Vec<PortId> = module.inputs().collect();
        let mut summary = CombSummary { deps: vec![Vec::new(); module.ports.len()] };
        match topo_order(design, &out, mid) {
            Ok(topo) => {
                // Per net, the set of inputs it depends on, as a sorted vec.
                let mut reach: Vec<Vec<PortId>> = vec![Vec::new(); module.id_bound()];
                let mut deps = SmallVec::new();
                for net in topo {
                    let mut set: Vec<PortId> = Vec::new();
                    if let CellKind::Input(p) = module.cell(net).kind {
                        set.push(p);
                    }
                    deps.clear();
                    comb_deps(design, &out, module, net, &mut deps);
                    for d in &deps {
                        set.extend_from_slice(&reach[d.index()]);
                    }
                    set.sort();
                    set.dedup();
                    reach[net.index()] = set;
                }
                for p in module.outputs() {
                    if let Some(n) = module.port_net(p) {
                        summary.deps[p.index()] = reach[n.index()].clone();
                    }
                }
            }
            Err(_) => {
                for p in module.outputs() {
                    summary.deps[p.index()] = all_inputs.clone();
                }
            }
        }
        debug_assert!(module.ports.iter().all(|p| p.dir == Dir::Input || p.dir == Dir::Output));
        out[mid.index()] = summary;
    }
    out
}
