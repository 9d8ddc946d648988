//! Invariants 1 to 4 at one cell, and invariant 4 (outputs) of a module: the checks the
//! full and the incremental verifier share.
//!
//! What a cell's check reads: the cell; each operand's liveness, width and clock-ness
//! (for an instance output operand that includes its instance's kind and the child's port);
//! for an input cell its port; for an instance or an instance output the child's ports.

use super::{cell_is_clock, is_clock};
use crate::ids::NetId;
use crate::netlist::{Cell, CellKind, Design, Dir, Module};
use smallvec::SmallVec;

/// Checks one cell (operands live, widths, clocks), reporting each failure to `err`;
/// false if an operand is not a live cell.
pub(super) fn check(
    design: &Design,
    module: &Module,
    net: NetId,
    cell: &Cell,
    err: &mut impl FnMut(Option<NetId>, String),
) -> bool {
    plain(&cell.kind) && plain_ok(design, module, cell) || check_in_full(design, module, net, cell, err)
}

/// Kinds whose operands must all be data (not clocks) and whose widths follow
/// [`CellKind::check_widths`] alone.
fn plain(kind: &CellKind) -> bool {
    !matches!(
        kind,
        CellKind::Input(_)
            | CellKind::Instance { .. }
            | CellKind::InstOutput(_)
            | CellKind::Reg { .. }
            | CellKind::Memory { .. }
            | CellKind::FromClock
            | CellKind::Check { .. }
    )
}

/// True if a cell of a [`plain`] kind passes every check of [`check_in_full`] (which then
/// reports nothing): operands live and not clocks, widths by the kind's rule, width not 0.
fn plain_ok(design: &Design, module: &Module, cell: &Cell) -> bool {
    let mut widths: SmallVec<[u32; 4]> = SmallVec::new();
    for &o in cell.operands() {
        match module.try_cell(o) {
            Some(c) if !cell_is_clock(design, module, c) => widths.push(c.width),
            _ => return false,
        }
    }
    cell.width != 0 && cell.kind.check_widths(&widths, cell.width).is_ok()
}

/// Every check of one cell, with its messages; false if an operand is not a live cell.
fn check_in_full(
    design: &Design,
    module: &Module,
    net: NetId,
    cell: &Cell,
    err: &mut impl FnMut(Option<NetId>, String),
) -> bool {
    // 1. operands live; their widths and clock-ness, reading each operand's cell once
    let mut widths: SmallVec<[u32; 4]> = SmallVec::new();
    let mut clocks: SmallVec<[bool; 4]> = SmallVec::new();
    let mut dead = None;
    for &o in cell.operands() {
        match module.try_cell(o) {
            Some(c) => {
                widths.push(c.width);
                clocks.push(cell_is_clock(design, module, c));
            }
            None => {
                dead = Some(o);
                break;
            }
        }
    }
    if let Some(bad) = dead {
        err(Some(net), format!("operand {bad} is not a live cell"));
        return false;
    }
    // 2. widths
    match &cell.kind {
        CellKind::Input(p) => {
            if module.port(*p).width != cell.width || module.port(*p).dir != Dir::Input {
                err(Some(net), "input cell does not match its port".into());
            }
        }
        CellKind::Instance { module: child, .. } => {
            let Some(child_m) = design.modules.get(child.index()) else {
                err(Some(net), "instance of a missing module".into());
                return true;
            };
            let ins: Vec<u32> = child_m.inputs().map(|p| child_m.port(p).width).collect();
            if ins[..] != widths[..] {
                err(Some(net), format!("instance operands do not match the inputs of '{}'", child_m.name));
            }
            if cell.width != 0 {
                err(Some(net), "an instance drives no net; its width must be 0".into());
            }
            let declared = child_m.extern_info.as_ref().map_or(0, |x| x.params.len());
            if let CellKind::Instance { params, .. } = &cell.kind {
                if params.len() != declared {
                    err(
                        Some(net),
                        format!(
                            "instance gives {} parameters; '{}' declares {declared}",
                            params.len(),
                            child_m.name
                        ),
                    );
                }
            }
        }
        CellKind::InstOutput(p) => {
            let ok = match cell.operands().first().map(|&i| &module.cell(i).kind) {
                Some(CellKind::Instance { module: child, .. }) => {
                    let cm = design.module(*child);
                    p.index() < cm.ports.len()
                        && cm.port(*p).dir == Dir::Output
                        && cm.port(*p).width == cell.width
                        && cell.operands().len() == 1
                }
                _ => false,
            };
            if !ok {
                err(Some(net), "instance output does not match an output of its instance".into());
            }
        }
        kind => {
            if let Err(m) = kind.check_widths(&widths, cell.width) {
                err(Some(net), m);
            } else if let CellKind::Reg { async_reset: true, .. } = kind {
                let value = cell.operands().last().map(|&v| &module.cell(v).kind);
                if !matches!(value, Some(CellKind::Const(_))) {
                    err(Some(net), "an asynchronous reset value must be a constant".into());
                }
            }
        }
    }
    if cell.width == 0 && !matches!(cell.kind, CellKind::Instance { .. } | CellKind::Check { .. }) {
        err(Some(net), "zero-width net".into());
    }
    // 3. clocks
    for (i, &clk) in clocks.iter().enumerate() {
        let wants_clock = matches!(cell.kind, CellKind::Reg { .. }) && i == 1
            || matches!(cell.kind, CellKind::Memory { .. }) && i == 0
            || matches!(cell.kind, CellKind::FromClock)
            || matches!(cell.kind, CellKind::Check { clocked: true, .. }) && i == 1
            || matches!(&cell.kind, CellKind::InstOutput(_))
            || match &cell.kind {
                CellKind::Instance { module: child, .. } => {
                    let cm = design.module(*child);
                    cm.inputs().nth(i).map(|p| cm.port(p).clock).unwrap_or(false)
                }
                _ => false,
            };
        let neutral = matches!(&cell.kind, CellKind::InstOutput(_));
        if !neutral && clk != wants_clock {
            err(
                Some(net),
                if clk {
                    format!("operand {i} of '{}' is a clock; use seq.from_clock", cell.kind.op_name())
                } else {
                    format!("operand {i} of '{}' must be a !seq.clock", cell.kind.op_name())
                },
            );
        }
    }
    true
}

/// Invariant 4: every output port is driven, by a live net of its width and clock-ness.
pub(super) fn check_outputs(design: &Design, module: &Module, err: &mut impl FnMut(Option<NetId>, String)) {
    if module.extern_info.is_some() {
        // A black box: no cells but its inputs, outputs driven by what we cannot see.
        if module.cells().any(|c| !matches!(module.cell(c).kind, CellKind::Input(_))) {
            err(None, "an extern module has no cells but its inputs".into());
        }
        return;
    }
    for p in module.outputs() {
        match module.port_net(p) {
            None => err(None, format!("output '{}' is not driven", module.port(p).name)),
            Some(n) if !module.contains(n) => {
                err(None, format!("output '{}' is driven by a dead cell", module.port(p).name))
            }
            Some(n) => {
                if module.width(n) != module.port(p).width {
                    err(
                        Some(n),
                        format!(
                            "output '{}' has width {} but is driven by a net of width {}",
                            module.port(p).name,
                            module.port(p).width,
                            module.width(n)
                        ),
                    );
                }
                if is_clock(design, module, n) != module.port(p).clock {
                    err(
                        Some(n),
                        format!("output '{}' and its driver disagree on being a clock", module.port(p).name),
                    );
                }
            }
        }
    }
}
