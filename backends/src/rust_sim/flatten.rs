//! Inlines the instance hierarchy of the top module into one flat [`Module`].
//!
//! Every instance becomes a *context*; each cell of a context either becomes a cell of the
//! flat module (logic, constants, registers, the top's inputs) or an *alias* of a net
//! elsewhere (a child's input port is the parent's operand, an instance output is the
//! child's driver, `seq.to_clock`/`seq.from_clock` are the identity). Operands are resolved
//! through the aliases in a second phase, so graph regions (uses before definitions,
//! feedback through registers across instance boundaries) need no special care.
//! Cells keep hierarchical names (`u0.count`). A cycle made only of aliases is reported.

use comb::{CellKind, Design, Dir, Module, ModuleId, NetId};
use std::sync::Arc;

/// Where a net of some context lives.
#[derive(Clone, Copy)]
enum Slot {
    Flat(NetId),
    Alias(usize, NetId),
    None,
}

struct Ctx {
    module: ModuleId,
    /// Parent context and the instance cell there.
    parent: Option<(usize, NetId)>,
    /// Hierarchical prefix (`u0.u1.`).
    prefix: String,
    slots: Vec<Slot>,
    /// Child context per instance cell (by net index).
    children: Vec<(NetId, usize)>,
}

/// The flat module; ports are the top's, in the same order (same `PortId`s).
pub fn flatten(design: &Design) -> Result<Module, String> {
    let top = design.top_id();
    let tm = design.module(top);
    let mut flat = Module::new(tm.name.clone(), tm.span);
    for p in &tm.ports {
        flat.add_port(p.clone());
    }
    let mut ctxs: Vec<Ctx> = vec![Ctx {
        module: top,
        parent: None,
        prefix: String::new(),
        slots: Vec::new(),
        children: Vec::new(),
    }];
    // The original (context, net) of each flat cell, to set operands later.
    let mut origin: Vec<(NetId, usize, NetId)> = Vec::new();
    let mut c = 0;
    while c < ctxs.len() {
        if ctxs.len() > 1_000_000 {
            return Err("instance hierarchy too large to flatten".into());
        }
        let m = design.module(ctxs[c].module);
        let mut slots = vec![Slot::None; m.id_bound()];
        let mut children = Vec::new();
        for id in m.cells() {
            let cell = m.cell(id);
            slots[id.index()] = match &cell.kind {
                CellKind::Input(p) => match ctxs[c].parent {
                    None => Slot::Flat(flat.port_net(*p).ok_or("top input without a net")?),
                    Some((pc, inst)) => {
                        let pm = design.module(ctxs[pc].module);
                        let pos = m.inputs().position(|q| q == *p).unwrap_or(usize::MAX);
                        let op = *pm.operands(inst).get(pos).ok_or_else(|| {
                            format!("instance '{}' of '{}' misses input {}", ctxs[c].prefix, m.name, pos)
                        })?;
                        Slot::Alias(pc, op)
                    }
                },
                CellKind::Instance { module, name, .. } => {
                    let prefix = format!("{}{}.", ctxs[c].prefix, name);
                    ctxs.push(Ctx {
                        module: *module,
                        parent: Some((c, id)),
                        prefix,
                        slots: Vec::new(),
                        children: Vec::new(),
                    });
                    children.push((id, ctxs.len() - 1));
                    Slot::None
                }
                CellKind::InstOutput(_) | CellKind::ToClock | CellKind::FromClock => Slot::None,
                kind => {
                    let name: Option<Arc<str>> =
                        cell.name.as_ref().map(|n| format!("{}{}", ctxs[c].prefix, n).into());
                    let f = flat.add_cell(kind.clone(), cell.width, &[], name, cell.span);
                    origin.push((f, c, id));
                    Slot::Flat(f)
                }
            };
        }
        // Second sweep: aliases that need the child contexts made above.
        for id in m.cells() {
            let cell = m.cell(id);
            match &cell.kind {
                CellKind::InstOutput(p) => {
                    let inst = cell.operands()[0];
                    let child = children.iter().find(|(i, _)| *i == inst).map(|x| x.1);
                    let child = child.ok_or("instance output of a non-instance")?;
                    let cm = design.module(ctxs[child].module);
                    let drv = cm.port_net(*p).ok_or_else(|| {
                        format!("output '{}' of module '{}' is not driven", cm.port(*p).name, cm.name)
                    })?;
                    slots[id.index()] = Slot::Alias(child, drv);
                }
                CellKind::ToClock | CellKind::FromClock => {
                    slots[id.index()] = Slot::Alias(c, cell.operands()[0]);
                }
                _ => {}
            }
        }
        ctxs[c].slots = slots;
        ctxs[c].children = children;
        c += 1;
    }
    let resolve = |mut c: usize, mut n: NetId| -> Result<NetId, String> {
        for _ in 0..=ctxs.len() * 4 + 64 {
            match ctxs[c].slots.get(n.index()).copied().unwrap_or(Slot::None) {
                Slot::Flat(f) => return Ok(f),
                Slot::Alias(c2, n2) => {
                    c = c2;
                    n = n2;
                }
                Slot::None => return Err(format!("net {n} of '{}' has no value", ctxs[c].prefix)),
            }
        }
        Err("combinational loop through instance ports".into())
    };
    for (f, c, id) in origin {
        let m = design.module(ctxs[c].module);
        let ops = m.operands(id).iter().map(|&o| resolve(c, o)).collect::<Result<Vec<_>, _>>()?;
        flat.set_operands(f, &ops);
    }
    for p in tm.port_ids() {
        if tm.port(p).dir == Dir::Output {
            let n = tm.port_net(p).ok_or_else(|| format!("output '{}' is not driven", tm.port(p).name))?;
            let f = resolve(0, n)?;
            flat.set_output(p, f);
        }
    }
    Ok(flat)
}
