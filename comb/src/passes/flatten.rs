//! `flatten`: inline every instance into its parent, recursively, leaving only the top.
//!
//! Modules are processed children first, so an instance is always of an already flat
//! module. Inlined cells keep their span and get their name prefixed with the instance
//! name (`u0_count`); the child's inputs become the instance's operands and each instance
//! output is replaced by the net driving the child's output port. Afterwards the design
//! holds only the top module (when a top is set) and the black boxes (`hw.module.extern`),
//! whose instances stay; ports are untouched.

use super::Pass;
use crate::ids::{ModuleId, NetId, PortId};
use crate::netlist::{CellKind, Design, Module};
use crate::order;
use std::collections::HashMap;
use std::sync::Arc;

/// The `flatten` pass.
pub struct Flatten;

impl Pass for Flatten {
    fn name(&self) -> &'static str {
        "flatten"
    }
    fn description(&self) -> &'static str {
        "inline every instance into its parent and keep only the top module"
    }
    fn run(&mut self, design: &mut Design) -> bool {
        flatten_design(design).0
    }
}

/// Most cells a flattened top may hold (about 15 GB of netlist at ~450 bytes a cell).
pub const MAX_FLAT_CELLS: u64 = 1 << 25;

/// The number of cells the top module would hold once flat (black-box instances count
/// one), saturating; computed per module, children first, without copying anything.
pub fn flat_size(design: &Design) -> u64 {
    let Ok(order) = order::hierarchy_order(design) else { return 0 };
    let mut size = vec![0u64; design.modules.len()];
    for mid in order {
        let m = design.module(mid);
        size[mid.index()] = m.cells().fold(0u64, |acc, c| {
            let n = match &m.cell(c).kind {
                CellKind::Instance { module, .. } if design.module(*module).extern_info.is_none() => {
                    size[module.index()]
                }
                _ => 1,
            };
            acc.saturating_add(n)
        });
    }
    design.top.map_or(0, |t| size[t.index()])
}

/// Checks, before `flatten` runs, that the flat top stays under [`MAX_FLAT_CELLS`]: a deep
/// hierarchy of doublings would otherwise run out of memory. The error names the top and
/// the count, for the caller to locate at the top module's span.
pub fn check_flat_size(design: &Design) -> Result<(), String> {
    let n = flat_size(design);
    if n <= MAX_FLAT_CELLS {
        return Ok(());
    }
    let top = design.top.map_or("", |t| design.module(t).name.as_str());
    Err(format!(
        "--flatten: module '{top}' would hold {n} cells once flat, over the limit of {MAX_FLAT_CELLS} \
         (compile without --flatten: the hierarchy is kept in the output)"
    ))
}

/// Flattens `design` in place. Returns whether it changed and, for the top module, the
/// nets that replaced removed instance outputs (old net, new net), so that callers
/// holding the top's old [`NetId`]s can follow them.
pub fn flatten_design(design: &mut Design) -> (bool, HashMap<NetId, NetId>) {
    let order = match order::hierarchy_order(design) {
        Ok(o) => o,
        Err(_) => return (false, HashMap::new()),
    };
    let mut changed = false;
    let mut top_redirects = HashMap::new();
    for mid in order {
        let mut parent =
            std::mem::replace(&mut design.modules[mid.index()], Module::new("", Default::default()));
        let instances: Vec<NetId> = parent
            .cells()
            .filter(|&c| {
                matches!(&parent.cell(c).kind, CellKind::Instance { module, .. }
                    if design.module(*module).extern_info.is_none())
            })
            .collect();
        let mut redirects = HashMap::new();
        // Removals wait until every instance is inlined: a freed id would be reused by the
        // next cell added, and the redirects are keyed by the removed ids.
        let mut removed = Vec::new();
        for &inst in &instances {
            inline_instance(design, &mut parent, inst, &mut redirects, &mut removed);
            changed = true;
        }
        for n in removed.into_iter().chain(instances) {
            parent.remove_cell(n);
        }
        if Some(mid) == design.top {
            top_redirects = redirects;
        }
        design.modules[mid.index()] = parent;
    }
    if let Some(top) = design.top {
        // The top stays, and so do the black boxes (their instances are left in place).
        let keep: Vec<ModuleId> =
            design.module_ids().filter(|&m| m == top || design.module(m).extern_info.is_some()).collect();
        if keep.len() < design.modules.len() || keep[0] != top {
            let mut new_id = vec![None; design.modules.len()];
            new_id[top.index()] = Some(ModuleId(0));
            for (k, m) in keep.iter().filter(|&&m| m != top).enumerate() {
                new_id[m.index()] = Some(ModuleId(k as u32 + 1));
            }
            let mut old = std::mem::take(&mut design.modules);
            let mut top_m = std::mem::replace(&mut old[top.index()], Module::new("", Default::default()));
            let insts: Vec<NetId> = top_m.cells().collect();
            for c in insts {
                if let CellKind::Instance { module, .. } = &mut top_m.cell_mut(c).kind {
                    *module = new_id[module.index()].expect("a black box is kept");
                }
            }
            design.modules.push(top_m);
            for m in keep.into_iter().filter(|&m| m != top) {
                design
                    .modules
                    .push(std::mem::replace(&mut old[m.index()], Module::new("", Default::default())));
            }
            design.top = Some(ModuleId(0));
            changed = true;
        }
    }
    (changed, top_redirects)
}

fn follow(redirects: &HashMap<NetId, NetId>, mut n: NetId) -> NetId {
    while let Some(&next) = redirects.get(&n) {
        n = next;
    }
    n
}

/// Copies the (flat) child of `inst` into `parent` and rewires the instance's outputs.
fn inline_instance(
    design: &Design,
    parent: &mut Module,
    inst: NetId,
    redirects: &mut HashMap<NetId, NetId>,
    removed: &mut Vec<NetId>,
) {
    let CellKind::Instance { module, name, .. } = parent.cell(inst).kind.clone() else { return };
    let child = design.module(module);
    // A child's `sv.verbatim` texts move up with its logic.
    parent.verbatim.extend(child.verbatim.iter().cloned());
    let ops: Vec<NetId> = parent.operands(inst).to_vec();
    let mut map: Vec<Option<NetId>> = vec![None; child.id_bound()];
    for (k, p) in child.inputs().enumerate() {
        if let (Some(net), Some(&op)) = (child.port_net(p), ops.get(k)) {
            map[net.index()] = Some(op);
        }
    }
    let cells: Vec<NetId> = child.cells().filter(|c| map[c.index()].is_none()).collect();
    for &c in &cells {
        let cell = child.cell(c);
        let cname: Option<Arc<str>> = cell.name.as_ref().map(|n| format!("{name}_{n}").into());
        let mut kind = cell.kind.clone();
        // A black box's instance stays; its name takes the prefix like every copied name.
        if let CellKind::Instance { name: iname, .. } = &mut kind {
            *iname = format!("{name}_{iname}").into();
        }
        // So is a check's label (labels stay unique in the parent).
        if let CellKind::Check { label: Some(l), .. } = &mut kind {
            *l = format!("{name}_{l}").into();
        }
        let id = parent.add_cell(kind, cell.width, &[], cname, cell.span);
        parent.cell_mut(id).two_state = cell.two_state;
        map[c.index()] = Some(id);
    }
    let mapped = |n: NetId| map[n.index()].expect("operand of a live cell");
    for &c in &cells {
        let new_ops: Vec<NetId> = child.operands(c).iter().map(|&o| mapped(o)).collect();
        parent.set_operands(mapped(c), &new_ops);
    }
    for (out, _) in parent.users(inst) {
        let CellKind::InstOutput(p) = parent.cell(out).kind else { continue };
        let driver = child.port_net(PortId(p.0)).map(mapped).expect("verified child drives its outputs");
        let target = follow(redirects, driver);
        parent.replace_all_uses(out, target);
        redirects.insert(out, target);
        removed.push(out);
    }
}
