//! Netlist passes, their registry and the named pipelines.
//!
//! Each pass lives in its own file, has a kebab-case [`Pass::name`], a one-line
//! [`Pass::description`], and reports whether it changed anything. [`PassManager`] runs a
//! pipeline, verifying after every pass that changed the design (a failure there is a bug
//! in the pass, not in the input). Passes never add, remove or rename ports, keep every output driven, iterate
//! cells in id (or id-tie-broken topological) order, and give cells they create an empty
//! span and no name unless the name moved over from a user's cell.
//!
//! Passes edit cells only through `Module`'s methods, which log the cells they touch while
//! the manager runs; from those logs the manager reruns the passes that allow it
//! ([`Pass::incremental`]: `constant-fold`, `simplify`) only near what changed
//! (`edits::sweep_edited`), and verifies only what the edits can have broken.

mod constant_fold;
mod cse;
mod dead_code;
pub mod dump;
mod edits;
mod flatten;
mod manager;
mod simplify;
#[cfg(test)]
mod tests;

pub use constant_fold::ConstantFold;
pub use cse::Cse;
pub use dead_code::DeadCode;
pub use edits::Edits;
pub use flatten::{check_flat_size, flat_size, flatten_design, Flatten, MAX_FLAT_CELLS};
pub use manager::{format_times, PassManager, PassReport};
pub use simplify::Simplify;

use crate::ids::{ModuleId, NetId};
use crate::netlist::{CellKind, Design, Module};
use mlir_text::Span;

/// A rewrite of the whole design.
pub trait Pass {
    /// Kebab-case name, as used on the command line (`constant-fold`).
    fn name(&self) -> &'static str;
    /// One line saying what it does.
    fn description(&self) -> &'static str;
    /// Runs the pass; returns true if the design changed.
    fn run(&mut self, design: &mut Design) -> bool;
    /// True if [`Pass::run_edited`] may look only near the edits. The [`PassManager`] then
    /// keeps, per pass name, the cells edited since a pass of that name last started, and
    /// runs it again through [`Pass::run_edited`].
    fn incremental(&self) -> bool {
        false
    }
    /// Runs the pass given the cells edited since a pass of the same name (one with the
    /// same rules) last started: it must change the design exactly as [`Pass::run`] would.
    /// The default runs [`Pass::run`].
    fn run_edited(&mut self, design: &mut Design, edits: &Edits) -> bool {
        let _ = edits;
        self.run(design)
    }
}

/// Optimization levels with a named pipeline each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptLevel {
    /// Keep the netlist as written.
    O0,
    /// Fold constants, simplify, remove duplicate and dead logic.
    O1,
    /// `-O1` plus the e-graph optimizer (`crate::egraph`).
    O2,
}

/// Every pass, in a fixed order.
pub fn registry() -> Vec<Box<dyn Pass>> {
    vec![
        Box::new(ConstantFold),
        Box::new(Simplify),
        Box::new(Cse),
        Box::new(DeadCode),
        Box::new(Flatten),
        Box::new(crate::egraph::EGraph),
        Box::new(crate::lutmap::LutMap { k: 6, goal: crate::lutmap::LutGoal::Depth, exact_budget: 0 }),
    ]
}

/// A pass by its kebab-case name.
pub fn by_name(name: &str) -> Option<Box<dyn Pass>> {
    registry().into_iter().find(|p| p.name() == name)
}

/// The pipeline of an optimization level.
pub fn pipeline(level: OptLevel) -> Vec<Box<dyn Pass>> {
    match level {
        OptLevel::O0 => Vec::new(),
        OptLevel::O1 => vec![
            Box::new(ConstantFold),
            Box::new(Simplify),
            Box::new(Cse),
            Box::new(ConstantFold),
            Box::new(Simplify),
            Box::new(DeadCode),
        ],
        OptLevel::O2 => vec![
            Box::new(ConstantFold),
            Box::new(Simplify),
            Box::new(Cse),
            Box::new(ConstantFold),
            Box::new(Simplify),
            Box::new(crate::egraph::EGraph),
            Box::new(Cse),
            Box::new(DeadCode),
        ],
    }
}

/// Cells of `mid` with operands before users, ignoring operands of registers and
/// instances (so it never fails on a verified design); ties broken by id.
pub(crate) fn local_order(design: &Design, mid: ModuleId) -> Vec<NetId> {
    crate::order::topo_order(design, &[], mid).unwrap_or_else(|_| design.module(mid).cells().collect())
}

/// The cells of a module in [`local_order`], without listing them when that is the id order.
pub(crate) enum Visit {
    /// Every id below the bound, ascending (the caller skips ids that are not live).
    Ids(usize),
    /// An explicit order.
    List(Vec<NetId>),
}

impl Visit {
    /// The ids in order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = NetId> + '_ {
        let (range, list) = match self {
            Visit::Ids(bound) => (0..*bound, &[][..]),
            Visit::List(l) => (0..0, &l[..]),
        };
        range.map(NetId::from_index).chain(list.iter().copied())
    }
    /// Number of ids [`Visit::iter`] gives.
    pub(crate) fn len(&self) -> usize {
        match self {
            Visit::Ids(bound) => *bound,
            Visit::List(l) => l.len(),
        }
    }
}

/// [`local_order`] of `mid` as a [`Visit`]: the ids up to the current bound when every
/// operand has a lower id (then the order is the id order), without building the list,
/// which reads every cell once more. The ids include free ones; a cell the caller creates
/// in one of those ahead of its cursor is visited, where the listed order would not visit
/// it, so a caller that creates cells must leave them alone when visiting them.
pub(crate) fn visit_order(design: &Design, mid: ModuleId) -> Visit {
    let m = design.module(mid);
    if m.ids_ascending() {
        Visit::Ids(m.id_bound())
    } else {
        Visit::List(local_order(design, mid))
    }
}

/// True for cells that compute a pure function of their operands (candidates for folding
/// and sharing).
pub(crate) fn is_pure(kind: &CellKind) -> bool {
    kind.is_combinational()
}

/// Adds a constant cell made by a pass (no name, empty span).
pub(crate) fn add_const(m: &mut Module, value: crate::Bits) -> NetId {
    let w = value.width();
    m.add_cell(CellKind::Const(value), w, &[], None, Span::default())
}

/// Turns `id` into a constant in place (keeping its id, name and span).
pub(crate) fn make_const(m: &mut Module, id: NetId, value: crate::Bits) {
    m.set_operands(id, &[]);
    m.cell_mut(id).kind = CellKind::Const(value);
}

/// Makes every user of `old` (cells and output ports) use `new`, then removes `old` if
/// nothing uses it any more.
pub(crate) fn replace(m: &mut Module, old: NetId, new: NetId) {
    if old == new {
        return;
    }
    m.replace_all_uses(old, new);
    remove_if_dead(m, old);
}

/// Applies `f` to every live cell of every module, each module in [`local_order`] (a cell
/// after its operands); true if any call changed something. The shape of `constant-fold`
/// and `simplify`. `f` must leave alone the cells it creates (see [`visit_order`]).
pub(crate) fn sweep(design: &mut Design, f: fn(&mut Module, NetId) -> bool) -> bool {
    let mut changed = false;
    for mid in design.module_ids() {
        changed |= sweep_module(design, mid, f);
    }
    changed
}

/// [`sweep`] over one module.
pub(crate) fn sweep_module(design: &mut Design, mid: ModuleId, f: fn(&mut Module, NetId) -> bool) -> bool {
    let order = visit_order(design, mid);
    let m = design.module_mut(mid);
    let mut changed = false;
    for id in order.iter() {
        if m.contains(id) {
            changed |= f(m, id);
        }
    }
    changed
}

/// Removes `id` if nothing uses it (cells or output ports) and it is not an input.
pub(crate) fn remove_if_dead(m: &mut Module, id: NetId) {
    if m.contains(id)
        && m.use_count(id) == 0
        && !matches!(m.cell(id).kind, CellKind::Input(_))
        && m.driven_ports(id).next().is_none()
    {
        m.remove_cell(id);
    }
}
