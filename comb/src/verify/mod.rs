//! The netlist verifier, run after building and after every pass.
//!
//! Invariants checked, per module:
//! 1. Every operand names a live cell, and the use lists mirror the operand lists exactly
//!    (each net's use count is the number of operand slots naming it, and each is listed).
//! 2. Widths agree with each op's rule ([`CellKind::check_widths`]); an `Input` cell has its
//!    port's width; instance operands match the child's inputs in number and width; an
//!    instance output has the child port's width. An asynchronous register's reset value is
//!    a constant cell.
//! 3. Clocks: a register's (operand 1) and a memory's (operand 0) clock is a clock net; no
//!    clock net feeds a data operand except through `seq.from_clock`.
//! 4. Every output port is driven, by a net of the port's width (one driver per net holds
//!    by construction: a net is its cell). A black box (`extern_info`) has no cells and
//!    undriven outputs; an instance passes one value per parameter its module declares.
//! 5. No combinational cycle (see [`crate::order`]); no recursive instantiation.
//!
//! After the builder these are user errors and are reported with spans by the builder; a
//! failure after a pass is a bug in that pass and its message says so.

mod cell;
mod edits;

pub(crate) use edits::Verified;

use crate::ids::{ModuleId, NetId};
use crate::netlist::{CellKind, Design, Module};
use crate::order;
use mlir_text::Span;

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
    verify_with_facts(design).0
}

/// [`verify`], and per module the modules it instantiates (sorted) and whether its ids are
/// topological.
fn verify_with_facts(design: &Design) -> (Vec<VerifyError>, Vec<(Vec<ModuleId>, bool)>) {
    let mut errors = Vec::new();
    let local: Vec<Local> = design.module_ids().map(|mid| verify_local(design, mid)).collect();
    let children: Vec<Vec<ModuleId>> = local.iter().map(|l| l.children.clone()).collect();
    let facts = children.iter().cloned().zip(local.iter().map(|l| l.topological)).collect();
    if let Err(chain) = order::hierarchy_order_of(&children) {
        errors.push(recursion_error(design, &chain));
        return (errors, facts);
    }
    if local.iter().any(|l| !l.live_operands) {
        // The cycle search (and the summaries, which search children) needs live operands.
        errors.extend(local.into_iter().flat_map(|l| l.errors));
        return (errors, facts);
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
    (errors, facts)
}

/// The error for modules that instantiate each other (`chain`).
fn recursion_error(design: &Design, chain: &[ModuleId]) -> VerifyError {
    let names: Vec<&str> = chain.iter().map(|m| design.module(*m).name.as_str()).collect();
    VerifyError {
        module: names[0].to_string(),
        net: None,
        span: design.module(chain[0]).span,
        message: format!("recursive instantiation: {}", names.join(" -> ")),
    }
}

/// What one walk over a module's cells finds.
struct Local {
    errors: Vec<VerifyError>,
    /// The modules it instantiates, sorted, without duplicates.
    children: Vec<ModuleId>,
    /// Every cell depends only on lower ids ([`order::deps_have_lower_ids`]).
    topological: bool,
    /// Every operand names a live cell (else no cycle search can run).
    live_operands: bool,
}

/// Invariants 1 to 4 of one module, its children and whether its ids are topological.
fn verify_local(design: &Design, mid: ModuleId) -> Local {
    let module = design.module(mid);
    let mut errors = Vec::new();
    let mut children = Vec::new();
    // O(1) when no operand names a higher id; else the walk below checks each cell.
    let ascending = module.ids_ascending();
    let mut topological = true;
    let mut live_operands = true;
    let mut err = |net: Option<NetId>, message: String| errors.push(error(module, net, message));
    check_use_lists(module, &mut err);
    for (net, cell) in module.cell_refs() {
        if let CellKind::Instance { module: child, .. } = &cell.kind {
            children.push(*child);
        }
        if !ascending {
            topological &= order::deps_have_lower_ids(module, net);
        }
        live_operands &= cell::check(design, module, net, cell, &mut err);
    }
    cell::check_outputs(design, module, &mut err);
    children.sort();
    children.dedup();
    Local { errors, children, topological, live_operands }
}

/// A [`VerifyError`] at `net` (or the module) of `module`.
fn error(module: &Module, net: Option<NetId>, message: String) -> VerifyError {
    let span = net.filter(|n| module.contains(*n)).map(|n| module.cell(n).span).unwrap_or(module.span);
    VerifyError { module: module.name.clone(), net, span, message }
}

/// Invariant 1, use lists. Only `Module`'s own methods edit them, so a pass cannot break
/// them; the full check (a random access per use) runs on modules under
/// [`USE_LIST_CHECK_CELLS`] cells and in debug builds.
fn check_use_lists(module: &Module, err: &mut impl FnMut(Option<NetId>, String)) {
    if cfg!(debug_assertions) || module.cell_count() < USE_LIST_CHECK_CELLS {
        if let Err(net) = module.check_uses() {
            err(Some(net), "use lists do not match the operand lists".into());
        }
    }
}

/// Modules up to this size get their use lists checked in release builds.
const USE_LIST_CHECK_CELLS: usize = 100_000;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::netlist::{Dir, Module, Port};
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
