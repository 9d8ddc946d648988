//! The `egraph` pass (`-O2`): each module's combinational logic through equality
//! saturation and DAG-aware extraction, kept only where it has fewer cells.
//!
//! The runner has explicit iteration and node limits and no wall-clock limit (egg's
//! default of 5 s is replaced by one that is never reached), and its `StopReason` is
//! checked: saturation and the two limits are normal ends; anything else leaves the module
//! as it was. Same input, same e-graph, same choice: the output is byte-identical.

use super::analysis::CombAnalysis;
use super::convert::{from_egraph, to_egraph};
use super::extract::{extract, extract_tree};
use super::lang::Node;
use super::{lut_rules, word_fn_rules, word_rules};
use crate::ids::ModuleId;
use crate::netlist::{CellKind, Design};
use crate::passes::{local_order, Pass};
use egg::{Id, Rewrite, Runner, StopReason};
use std::time::Duration;

/// Limits of one module's run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Rule-application rounds.
    pub iterations: usize,
    /// E-nodes, as a multiple of the nodes the module starts with ...
    pub node_factor: usize,
    /// ... but at least this many ...
    pub min_nodes: usize,
    /// ... and at most this many.
    pub max_nodes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { iterations: 12, node_factor: 8, min_nodes: 5_000, max_nodes: 400_000 }
    }
}

/// Which rule families run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleSet {
    /// Word-level rules.
    pub word: bool,
    /// LUT rules with this K (2..=6), on truth tables and i1 gates.
    pub lut_k: Option<usize>,
}

/// The rewrites of a rule set.
pub fn rules(set: RuleSet) -> Vec<Rewrite<Node, CombAnalysis>> {
    let mut v = Vec::new();
    if set.word {
        v.extend(word_rules::mux_rules());
        v.extend(word_rules::bool_rules());
        v.extend(word_rules::arith_rules());
        v.extend(word_fn_rules::fn_rules());
        v.extend(lut_rules::lut_cell_rules());
    }
    if let Some(k) = set.lut_k {
        v.extend(lut_rules::lut_rules(k));
    }
    v
}

/// What happened to one module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModuleReport {
    /// Why the runner stopped.
    pub stop: String,
    /// Cells before and after (equal when the module was kept).
    pub cells: (usize, usize),
}

/// Optimizes one module; `None` if it has no combinational logic or the run ended
/// abnormally, else what happened (the module is replaced only if it has fewer cells).
pub fn optimize_module(
    design: &mut Design,
    mid: ModuleId,
    set: RuleSet,
    limits: Limits,
) -> Option<ModuleReport> {
    let order = local_order(design, mid);
    let m = design.module(mid);
    let sk = to_egraph(m, &order)?;
    let start_nodes = sk.egraph.total_size();
    let node_limit = (start_nodes * limits.node_factor).clamp(limits.min_nodes, limits.max_nodes);
    let rules = rules(set);
    let mut runner = Runner::default()
        .with_egraph(sk.egraph)
        .with_iter_limit(limits.iterations)
        .with_node_limit(node_limit)
        .with_time_limit(Duration::from_secs(u64::MAX / 4))
        .run(&rules);
    let stop = match runner.stop_reason.as_ref()? {
        StopReason::Saturated => "saturated".to_string(),
        StopReason::IterationLimit(n) => format!("iteration limit {n}"),
        StopReason::NodeLimit(n) => format!("node limit {n}"),
        StopReason::TimeLimit(_) | StopReason::Other(_) => return None,
    };
    runner.egraph.rebuild();
    let sk = super::convert::Skeleton { egraph: runner.egraph, roots: sk.roots, comb: sk.comb };
    let roots: Vec<Id> = sk.roots.iter().map(|r| r.1).collect();
    let before = m.cell_count();
    let luts_only = !set.word && set.lut_k.is_some();
    let rebuilt = from_egraph(m, &sk, &extract(&sk.egraph, &roots, luts_only))
        .or_else(|| from_egraph(m, &sk, &extract_tree(&sk.egraph, &roots)));
    let after = rebuilt.as_ref().map_or(before, |r| r.cell_count());
    if after < before {
        *design.module_mut(mid) = rebuilt.expect("counted above");
        Some(ModuleReport { stop, cells: (before, after) })
    } else {
        Some(ModuleReport { stop, cells: (before, before) })
    }
}

/// The widest truth table of a design, capped at 6; `None` without truth tables.
pub fn widest_table(design: &Design) -> Option<usize> {
    let mut k = None;
    for m in &design.modules {
        for c in m.cells() {
            if let CellKind::TruthTable(_) = m.cell(c).kind {
                let n = m.operands(c).len().min(lut_rules::MAX_K);
                k = Some(k.map_or(n, |k: usize| k.max(n)));
            }
        }
    }
    k
}

/// Runs a rule set over every module; true if any module changed.
pub fn optimize_design(design: &mut Design, set: RuleSet, limits: Limits) -> bool {
    let mut changed = false;
    for mid in design.module_ids().collect::<Vec<_>>() {
        if let Some(r) = optimize_module(design, mid, set, limits) {
            changed |= r.cells.1 < r.cells.0;
        }
    }
    changed
}

/// The LUT-level optimization alone, for a network mapped to `k`-input truth tables
/// (`-O2 --lut K` runs it after mapping): true if any module changed.
pub fn optimize_luts(design: &mut Design, k: usize) -> bool {
    optimize_design(
        design,
        RuleSet { word: false, lut_k: Some(k.clamp(2, lut_rules::MAX_K)) },
        Limits::default(),
    )
}

/// The LUT-level rules alone on a network mapped to `k`-input truth tables: what `-O2 --lut K`
/// runs after the mapper (see [`optimize_luts`]).
pub struct EGraphLuts {
    /// The LUT size of the mapping; merged LUTs never exceed it.
    pub k: usize,
}

impl Pass for EGraphLuts {
    fn name(&self) -> &'static str {
        "egraph-luts"
    }
    fn description(&self) -> &'static str {
        "e-graph rewriting of a K-LUT network (LUT rules only), DAG-aware extraction"
    }
    fn run(&mut self, design: &mut Design) -> bool {
        optimize_luts(design, self.k)
    }
}

/// The `-O2` pass: word rules, plus LUT rules with K = the widest table present.
pub struct EGraph;

impl Pass for EGraph {
    fn name(&self) -> &'static str {
        "egraph"
    }
    fn description(&self) -> &'static str {
        "e-graph rewriting of combinational logic (word and LUT rules), DAG-aware extraction"
    }
    fn run(&mut self, design: &mut Design) -> bool {
        let set = RuleSet { word: true, lut_k: widest_table(design).map(|k| k.max(2)) };
        optimize_design(design, set, Limits::default())
    }
}
