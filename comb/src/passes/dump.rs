//! A plain, deterministic text dump of a design, for `--print-after`, debugging and
//! determinism tests. Not MLIR: the MLIR printer lives in the backends.

use crate::netlist::{CellKind, Design, Dir};
use std::fmt::Write;

/// One line per port and per cell, in id order.
pub fn dump(design: &Design) -> String {
    let mut s = String::new();
    for (i, m) in design.modules.iter().enumerate() {
        let top = if design.top.map(|t| t.index()) == Some(i) { " (top)" } else { "" };
        let _ = writeln!(s, "module {}{top}", m.name);
        for p in m.port_ids() {
            let port = m.port(p);
            let dir = if port.dir == Dir::Input { "in" } else { "out" };
            let net = m.port_net(p).map(|n| n.to_string()).unwrap_or_else(|| "-".into());
            let _ = writeln!(s, "  {dir} {} : i{} = {net}", port.name, port.width);
        }
        for id in m.cells() {
            let c = m.cell(id);
            let ops: Vec<String> = c.operands().iter().map(|o| o.to_string()).collect();
            let what = match &c.kind {
                CellKind::Const(b) => format!("const {b}"),
                CellKind::Icmp(p) => format!("icmp {}", p.name()),
                CellKind::Extract { low } => format!("extract {low}"),
                CellKind::TruthTable(t) => format!("truth_table {t}"),
                CellKind::Lut { coefficients, table } => format!("lut {coefficients:?} {table:?}"),
                CellKind::Reg { reset, enable, async_reset, init } => {
                    format!("reg reset={reset} enable={enable} async={async_reset} init={init:?}")
                }
                CellKind::Memory { depth } => format!("memory depth={depth}"),
                CellKind::Instance { module, name, .. } => {
                    format!("instance {name} of {}", design.module(*module).name)
                }
                CellKind::InstOutput(p) => format!("inst_output {}", p.index()),
                CellKind::Input(p) => format!("input {}", p.index()),
                k => k.op_name().to_string(),
            };
            let name = c.name.as_deref().map(|n| format!(" \"{n}\"")).unwrap_or_default();
            let _ = writeln!(s, "  {id}{name} : i{} = {what} [{}]", c.width, ops.join(", "));
        }
    }
    s
}
