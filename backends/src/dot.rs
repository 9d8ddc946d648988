//! The netlist as Graphviz: one digraph, one cluster per module.
//!
//! Nodes are ports and cells, labelled with the op and width (`comb.add\ni8`); edges run from
//! a driver to each user in operand order. Node ids are `<module index>_<net index>` so the
//! text is deterministic for a given netlist. Instances point at their child's cluster label.

use comb::{CellKind, Design, Dir};
use std::fmt::Write;

fn esc(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The design as a Graphviz digraph.
pub fn emit(design: &Design) -> String {
    let mut out =
        String::from("digraph design {\n  rankdir=LR;\n  node [shape=box, fontname=\"monospace\"];\n");
    for mid in design.module_ids() {
        let m = design.module(mid);
        let id = |n: comb::NetId| format!("m{}_n{}", mid.index(), n.index());
        let _ = writeln!(
            out,
            "  subgraph cluster_{} {{",
            esc(&m.name).replace(|c: char| !c.is_ascii_alphanumeric(), "_")
        );
        let _ = writeln!(out, "    label=\"{}\";", esc(&m.name));
        for net in m.cells() {
            let cell = m.cell(net);
            let (label, shape) = match &cell.kind {
                CellKind::Input(p) => (format!("in {}\\ni{}", esc(&m.port(*p).name), cell.width), "ellipse"),
                CellKind::Const(b) => (format!("{}'h{}", b.width(), b.to_hex()), "plaintext"),
                CellKind::Icmp(p) => (format!("comb.icmp {}\\ni1", p.name()), "box"),
                CellKind::Extract { low } => (format!("comb.extract from {low}\\ni{}", cell.width), "box"),
                CellKind::Instance { module, name, .. } => {
                    (format!("hw.instance {}\\n@{}", esc(name), esc(&design.module(*module).name)), "box3d")
                }
                CellKind::InstOutput(p) => {
                    let child = match &m.cell(cell.operands()[0]).kind {
                        CellKind::Instance { module, .. } => design.module(*module).port(*p).name.clone(),
                        _ => String::new(),
                    };
                    (format!(".{}\\ni{}", esc(&child), cell.width), "ellipse")
                }
                CellKind::Memory { depth } => (format!("seq.firmem\\n{depth} x i{}", cell.width), "box3d"),
                k if k.is_state() => (format!("{}\\ni{}", k.op_name(), cell.width), "box3d"),
                k => (format!("{}\\ni{}", k.op_name(), cell.width), "box"),
            };
            let name = cell.name.as_deref().map(|n| format!("%{}\\n", esc(n))).unwrap_or_default();
            let _ = writeln!(out, "    {} [label=\"{name}{label}\", shape={shape}];", id(net));
        }
        for p in m.outputs() {
            let port = m.port(p);
            let _ = writeln!(
                out,
                "    m{}_out{} [label=\"out {}\\ni{}\", shape=ellipse];",
                mid.index(),
                p.index(),
                esc(&port.name),
                port.width
            );
        }
        for net in m.cells() {
            for (i, &op) in m.operands(net).iter().enumerate() {
                let _ = writeln!(out, "    {} -> {} [label=\"{i}\"];", id(op), id(net));
            }
        }
        for p in m.outputs() {
            debug_assert_eq!(m.port(p).dir, Dir::Output);
            if let Some(n) = m.port_net(p) {
                let _ = writeln!(out, "    {} -> m{}_out{};", id(n), mid.index(), p.index());
            }
        }
        out.push_str("  }\n");
    }
    out.push_str("}\n");
    out
}
