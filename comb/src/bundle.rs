//! Several designs under one generated top, so that one tool run (a Verilator build, a
//! Yosys proof) covers them all: the differential tests bundle random netlists and the
//! examples, which turns dozens of simulator and Verilator builds into a few.
//!
//! Design `i` keeps its hierarchy (instances are re-pointed into the bundle); its top is
//! instantiated as `m<i>` with every port exposed as `m<i>_<name>`, except inputs named in
//! `shared`, which all designs take from one top port of that name (the first design to
//! have it fixes its width and clock flag; a later port of that name with another width or
//! clock flag gets its own `m<i>_` port). With `prefix_modules`, module `n` of design `i`
//! is renamed `m<i>_n` so designs that reuse a module name stay distinct.

use crate::ids::{ModuleId, NetId};
use crate::netlist::{CellKind, Design, Dir, Module, Port};
use mlir_text::Span;
use std::sync::Arc;

/// The designs under one top module called `name` (see the module docs).
pub fn bundle(name: &str, designs: Vec<Design>, shared: &[&str], prefix_modules: bool) -> Design {
    let mut design = Design::default();
    let mut tops = Vec::new();
    for (i, d) in designs.into_iter().enumerate() {
        let base = design.modules.len() as u32;
        let top = d.top_id();
        for mut m in d.modules {
            let insts: Vec<NetId> =
                m.cells().filter(|&c| matches!(m.cell(c).kind, CellKind::Instance { .. })).collect();
            for c in insts {
                if let CellKind::Instance { module, .. } = &mut m.cell_mut(c).kind {
                    module.0 += base;
                }
            }
            if prefix_modules {
                m.name = format!("m{i}_{}", m.name);
            }
            design.modules.push(m);
        }
        tops.push(ModuleId(base + top.0));
    }
    let mut top = Module::new(name.to_string(), Span::default());
    for (i, &t) in tops.iter().enumerate() {
        let child = design.module(t);
        let mut ops = Vec::new();
        for p in child.inputs() {
            let cp = child.port(p);
            let is_shared = shared.contains(&cp.name.as_ref());
            let named = top.port_ids().find(|&q| top.port(q).name == cp.name);
            let tp = match named {
                Some(q) if is_shared && top.port(q).width == cp.width && top.port(q).clock == cp.clock => q,
                None if is_shared => top.add_port(port(&cp.name, Dir::Input, cp.width, cp.clock)),
                _ => top.add_port(port(&format!("m{i}_{}", cp.name), Dir::Input, cp.width, cp.clock)),
            };
            ops.push(top.port_net(tp).expect("input ports have cells"));
        }
        let inst_name: Arc<str> = format!("m{i}").into();
        let inst = top.add_cell(
            CellKind::Instance { module: t, name: inst_name, params: Default::default() },
            0,
            &ops,
            None,
            Span::default(),
        );
        for p in child.outputs() {
            let cp = child.port(p);
            let o = top.add_cell(CellKind::InstOutput(p), cp.width, &[inst], None, Span::default());
            let tp = top.add_port(port(&format!("m{i}_{}", cp.name), Dir::Output, cp.width, false));
            top.set_output(tp, o);
        }
    }
    design.modules.push(top);
    design.top = Some(ModuleId(design.modules.len() as u32 - 1));
    design
}

fn port(name: &str, dir: Dir, width: u32, clock: bool) -> Port {
    Port { name: name.into(), dir, width, clock, span: Span::default() }
}
