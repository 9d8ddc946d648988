//! DAG-aware extraction with an area cost.
//!
//! egg's `Extractor` sums the cost of a sub-DAG once per use, so it prefers duplicating
//! logic over sharing it. Here every class keeps, besides its best node, the set of classes
//! that node needs with each one's node cost (greedy DAG extraction): a node's cost is the
//! sum over the union of its children's sets, so a class shared by two operands counts
//! once. The sets are recomputed to a fixed point in ascending class order (costs only go
//! down, so it ends); ties keep the earlier node, so the result is deterministic.
//!
//! Sets grow with the logic below a class, so a set larger than [`SET_CAP`] collapses into
//! one entry; on an e-graph with more than [`DAG_CLASSES`] classes the tree cost (each
//! child's total once per use) is used instead. Either way the
//! caller falls back to the module as it was if the rebuilt module has more cells.

use super::analysis::EG;
use super::convert::Choice;
use super::lang::{Node, Op};
use egg::Id;
use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;

/// Above this many classes the per-class sets are not kept (tree cost instead).
pub const DAG_CLASSES: usize = 100_000;

/// A set with more classes than this collapses into one entry for its own class carrying
/// the whole cost: sharing is then seen at that granularity, and each node's work stays
/// bounded (a chain of n ops would otherwise cost n^2).
pub const SET_CAP: usize = 64;

/// Sweeps over the classes after every class has a cost.
const MAX_SWEEPS: usize = 8;

/// The area of one node: a cell, plus its logic weighted by width (a LUT counts as one).
/// With `luts_only` (a mapped LUT network), an i1 gate or mux costs more than a truth
/// table, so the network stays one of LUTs (every such gate has a LUT form in its class).
pub fn node_cost(eg: &EG, n: &Node, luts_only: bool) -> u64 {
    const CELL: u64 = 8;
    let w = |i: usize| eg[n.children[i]].data.width as u64;
    let gate = matches!(n.op, Op::And | Op::Or | Op::Xor | Op::Inv | Op::Mux);
    if luts_only && gate && n.children.iter().all(|&c| eg[c].data.width == 1) {
        return CELL + 64;
    }
    let lg = |x: u64| 64 - x.max(1).leading_zeros() as u64;
    CELL + match &n.op {
        Op::Leaf { .. } => return 0,
        Op::Const(_) | Op::Concat | Op::Extract { .. } | Op::Replicate { .. } | Op::Reverse => 0,
        Op::And | Op::Or | Op::Xor | Op::Inv | Op::Parity => w(0),
        Op::Mux => w(1),
        Op::Add | Op::Sub | Op::Icmp(_) => 2 * w(0),
        Op::Shl | Op::ShrU | Op::ShrS => w(0) * lg(w(0)),
        Op::Mul | Op::DivU | Op::DivS | Op::ModU | Op::ModS => w(0) * w(0),
        Op::TruthTable(_) => 4,
        Op::Lut { table, .. } => table.len() as u64 * table[0].width() as u64,
    }
}

type Set = Rc<BTreeMap<Id, u64>>;

/// Chooses a node for every class reachable from `roots` (see [`node_cost`] for
/// `luts_only`).
pub fn extract(eg: &EG, roots: &[Id], luts_only: bool) -> Choice {
    let mut classes: Vec<Id> = eg.classes().map(|c| c.id).collect();
    classes.sort();
    let dag = classes.len() <= DAG_CLASSES;
    // Per class: (total, node index, set).
    let mut best: HashMap<Id, (u64, usize, Set)> = HashMap::new();
    let empty: Set = Rc::new(BTreeMap::new());
    let mut sweeps_done = 0;
    loop {
        let mut changed = false;
        for &c in &classes {
            for (i, n) in eg[c].nodes.iter().enumerate() {
                let Some(kids) =
                    n.children.iter().map(|&k| best.get(&eg.find(k))).collect::<Option<Vec<_>>>()
                else {
                    continue;
                };
                let own = node_cost(eg, n, luts_only);
                let (total, set) = if dag {
                    let mut set: BTreeMap<Id, u64> =
                        kids.iter().max_by_key(|k| k.2.len()).map(|k| (*k.2).clone()).unwrap_or_default();
                    for k in &kids {
                        for (id, cost) in k.2.iter() {
                            set.entry(*id).or_insert(*cost);
                        }
                    }
                    if set.contains_key(&c) {
                        continue; // needs its own class: a cycle
                    }
                    set.insert(c, own);
                    let total: u64 = set.values().sum();
                    if set.len() > SET_CAP {
                        // Too much below: the class becomes one opaque entry of its cost.
                        set = BTreeMap::from([(c, total)]);
                    }
                    (total, Rc::new(set))
                } else {
                    let t = kids.iter().fold(own, |a, k| a.saturating_add(k.0));
                    (t, empty.clone())
                };
                if best.get(&c).is_none_or(|b| total < b.0) {
                    best.insert(c, (total, i, set));
                    changed = true;
                }
            }
        }
        sweeps_done += 1;
        if !changed || sweeps_done >= MAX_SWEEPS {
            break;
        }
    }
    let mut choice = Choice::new();
    let mut stack: Vec<Id> = roots.iter().map(|&r| eg.find(r)).collect();
    while let Some(c) = stack.pop() {
        if choice.contains_key(&c) {
            continue;
        }
        let Some(&(_, i, _)) = best.get(&c) else { continue };
        let mut n = eg[c].nodes[i].clone();
        for k in n.children.iter_mut() {
            *k = eg.find(*k);
        }
        stack.extend(n.children.iter().copied());
        choice.insert(c, n);
    }
    choice
}

/// The tree-cost choice (acyclic by construction, every node costing more than its
/// children): the fallback when the DAG choice has a cycle.
pub fn extract_tree(eg: &EG, roots: &[Id]) -> Choice {
    struct Area;
    impl egg::CostFunction<Node> for Area {
        type Cost = u64;
        fn cost<C: FnMut(Id) -> u64>(&mut self, _n: &Node, mut costs: C) -> u64 {
            // Node costs need the e-graph; the plain count keeps the fallback simple.
            _n.children.iter().fold(1, |a, &k| a.saturating_add(costs(k)))
        }
    }
    let ex = egg::Extractor::new(eg, Area);
    let mut choice = Choice::new();
    let mut stack: Vec<Id> = roots.iter().map(|&r| eg.find(r)).collect();
    while let Some(c) = stack.pop() {
        if choice.contains_key(&c) {
            continue;
        }
        let mut n = ex.find_best_node(c).clone();
        for k in n.children.iter_mut() {
            *k = eg.find(*k);
        }
        stack.extend(n.children.iter().copied());
        choice.insert(c, n);
    }
    choice
}
