//! The netlist verifier, run after building and after every pass.
//!
//! Invariants checked, per module:
//! 1. Every operand names a live cell, and the use lists mirror the operand lists exactly
//!    (each net's use count is the number of operand slots naming it, and each is listed).
//! 2. Widths agree with each op's rule ([`CellKind::check_widths`]); an `Input` cell has its
//!    port's width; instance operands match the child's inputs in number and width; an
//!    instance output has the child port's width.
//! 3. Clocks: a register's clock operand is a clock net; no clock net feeds a data operand
//!    except through `seq.from_clock`.
//! 4. Every output port is driven, by a net of the port's width (one driver per net holds
//!    by construction: a net is its cell).
//! 5. No combinational cycle (see [`crate::order`]); no recursive instantiation.
//!
//! After the builder these are user errors and are reported with spans by the builder; a
//! failure after a pass is a bug in that pass and its message says so.

use crate::ids::{ModuleId, NetId};
use crate::netlist::{CellKind, Design, Dir, Module};
use crate::order;
use mlir_text::Span;
use smallvec::SmallVec;

/// One broken invariant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyError {
    /// The module.
    pub module: String,
    /// The cell concerned, if any.
    pub net: Option<NetId>,
    /// Where it was written (may be empty).
    pub span: Span,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for VerifyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.net {
            Some(n) => write!(f, "module '{}', {}: {}", self.module, n, self.message),
            None => write!(f, "module '{}': {}", self.module, self.message),
        }
    }
}

/// True if `net` carries a clock.
pub fn is_clock(design: &Design, module: &Module, net: NetId) -> bool {
    cell_is_clock(design, module, module.cell(net))
}

/// [`is_clock`] of a cell of `module`.
fn cell_is_clock(design: &Design, module: &Module, cell: &crate::netlist::Cell) -> bool {
    match &cell.kind {
        CellKind::Input(p) => module.port(*p).clock,
        CellKind::ToClock => true,
        CellKind::InstOutput(p) => match &module.cell(cell.operands()[0]).kind {
            CellKind::Instance { module: child, .. } => design.module(*child).port(*p).clock,
            _ => false,
        },
        _ => false,
    }
}

/// Checks every invariant of every module; returns all failures (empty when sound).
///
/// Each module's cells are walked once: the local checks, the instances it holds and whether
/// its ids are already topological (then it has no cycle and needs no search) come from
/// the same pass over its cells.
pub fn verify(design: &Design) -> Vec<VerifyError> {
    let mut errors = Vec::new();
    let local: Vec<Local> = design.module_ids().map(|mid| verify_local(design, mid)).collect();
    let children: Vec<Vec<ModuleId>> = local.iter().map(|l| l.children.clone()).collect();
    if let Err(chain) = order::hierarchy_order_of(&children) {
        let names: Vec<&str> = chain.iter().map(|m| design.module(*m).name.as_str()).collect();
        errors.push(VerifyError {
            module: names[0].to_string(),
            net: None,
            span: design.module(chain[0]).span,
            message: format!("recursive instantiation: {}", names.join(" -> ")),
        });
        return errors;
    }
    let summaries = order::summaries_of(design, &children);
    for (mid, l) in design.module_ids().zip(local) {
        errors.extend(l.errors);
        // 5. no combinational cycle
        if l.topological {
            continue;
        }
        if let Err(cycle) = order::topo_order(design, &summaries, mid) {
            let module = design.module(mid);
            let names: Vec<String> = cycle.iter().map(|n| n.to_string()).collect();
            let net = cycle.first().copied();
            errors.push(VerifyError {
                module: module.name.clone(),
                net,
                span: net.map(|n| module.cell(n).span).unwrap_or(module.span),
                message: format!("combinational cycle: {}", names.join(" -> ")),
            });
        }
    }
    errors
}

/// What one walk over a module's cells finds.
struct Local {
    errors: Vec<VerifyError>,
    /// The modules it instantiates, sorted, without duplicates.
    children: Vec<ModuleId>,
    /// Every cell depends only on lower ids ([`order::deps_have_lower_ids`]).
    topological: bool,
}

/// Invariants 1 to 4 of one module, its children and whether its ids are topological.
fn verify_local(design: &Design, mid: ModuleId) -> Local {
    let module = design.module(mid);
    let mut errors = Vec::new();
    let mut children = Vec::new();
    // O(1) when no operand names a higher id; else the walk below checks each cell.
    let ascending = module.ids_ascending();
    let mut topological = true;
    let mut err = |net: Option<NetId>, message: String| {
        let span = net.filter(|n| module.contains(*n)).map(|n| module.cell(n).span).unwrap_or(module.span);
        errors.push(VerifyError { module: module.name.clone(), net, span, message });
    };
    // 1. use lists mirror operands. Only `Module`'s own methods edit them, so a pass cannot
    // break them; the full check (a random access per use) runs on modules under 100k cells
    // and in debug builds.
    if cfg!(debug_assertions) || module.cell_count() < 100_000 {
        if let Err(net) = module.check_uses() {
            err(Some(net), "use lists do not match the operand lists".into());
        }
    }
    for net in module.cells() {
        let cell = module.cell(net);
        if let CellKind::Instance { module: child, .. } = &cell.kind {
            children.push(*child);
        }
        if !ascending {
            topological &= order::deps_have_lower_ids(module, net);
        }
        // 1. operands live; their widths and clock-ness, reading each operand's cell once
        let mut widths: SmallVec<[u32; 4]> = SmallVec::new();
        let mut clocks: SmallVec<[bool; 4]> = SmallVec::new();
        let mut dead = None;
        for &o in cell.operands() {
            match module.graph().node_weight(o.0) {
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
            continue;
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
                    continue;
                };
                let ins: Vec<u32> = child_m.inputs().map(|p| child_m.port(p).width).collect();
                if ins[..] != widths[..] {
                    err(
                        Some(net),
                        format!("instance operands do not match the inputs of '{}'", child_m.name),
                    );
                }
                if cell.width != 0 {
                    err(Some(net), "an instance drives no net; its width must be 0".into());
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
                }
            }
        }
        if cell.width == 0 && !matches!(cell.kind, CellKind::Instance { .. }) {
            err(Some(net), "zero-width net".into());
        }
        // 3. clocks
        for (i, &clk) in clocks.iter().enumerate() {
            let wants_clock = matches!(cell.kind, CellKind::Reg { .. }) && i == 1
                || matches!(cell.kind, CellKind::FromClock)
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
    }
    // 4. outputs driven
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
    children.sort();
    children.dedup();
    Local { errors, children, topological }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::netlist::{Module, Port};
    use crate::Bits;

    fn one_module(m: Module) -> Design {
        Design { modules: vec![m], top: Some(ModuleId(0)) }
    }

    fn module_with_output() -> (Module, NetId, crate::PortId) {
        let mut m = Module::new("m", Span::default());
        let port =
            |name: &str, dir| Port { name: name.into(), dir, width: 8, clock: false, span: Span::default() };
        let a = m.add_port(port("a", Dir::Input));
        let y = m.add_port(port("y", Dir::Output));
        let a = m.port_net(a).unwrap();
        (m, a, y)
    }

    #[test]
    fn finds_a_cycle_through_higher_ids() {
        let (mut m, a, y) = module_with_output();
        let k = m.add_cell(CellKind::Const(Bits::zero(8)), 8, &[], None, Span::default());
        let x = m.add_cell(CellKind::And, 8, &[a, k], None, Span::default());
        let z = m.add_cell(CellKind::Xor, 8, &[x, a], None, Span::default());
        m.set_operand(x, 1, z);
        m.set_output(y, z);
        let errors = verify(&one_module(m));
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(errors[0].message.starts_with("combinational cycle"), "{}", errors[0]);
    }

    #[test]
    fn accepts_forward_references_and_reports_widths() {
        let (mut m, a, y) = module_with_output();
        let k = m.add_cell(CellKind::Const(Bits::zero(8)), 8, &[], None, Span::default());
        let x = m.add_cell(CellKind::And, 8, &[a, k], None, Span::default());
        let z = m.add_cell(CellKind::Xor, 8, &[a, a], None, Span::default());
        m.set_operand(x, 1, z); // x now reads a higher id: not a cycle
        m.set_output(y, x);
        assert_eq!(verify(&one_module(m.clone())), vec![]);
        m.cell_mut(z).width = 4;
        let errors = verify(&one_module(m));
        assert!(errors.iter().any(|e| e.message.contains("operands and result")), "{errors:?}");
    }
}
