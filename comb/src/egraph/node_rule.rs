//! Rewrites written as Rust functions of one e-node, for what egg's patterns cannot say:
//! ops with parameters (`extract.L.W`, truth tables), constants whose width depends on the
//! match (`x ^ x = 0`), and computed tables (LUT rules).
//!
//! A [`NodeFn`] looks at an e-node of a class and may return a right-hand side [`Rhs`]: a
//! small tree of new nodes over existing classes. [`node_rule`] wraps it as an egg
//! [`Rewrite`]: the searcher reports each class with a node the function accepts, the
//! applier evaluates the function again on the class's nodes and unions every result in.

use super::analysis::{CombAnalysis, EG};
use super::lang::{Node, Op};
use crate::bits::Bits;
use egg::{Applier, Id, PatternAst, Rewrite, SearchMatches, Searcher, Subst, Symbol, Var};

/// A right-hand side: an existing class, or a new node over right-hand sides.
#[derive(Clone, Debug)]
pub enum Rhs {
    /// An existing e-class.
    Class(Id),
    /// A new node.
    Node(Op, Vec<Rhs>),
}

impl Rhs {
    /// A new node over existing classes.
    pub fn op(op: Op, kids: &[Id]) -> Rhs {
        Rhs::Node(op, kids.iter().map(|&k| Rhs::Class(k)).collect())
    }
    /// A constant.
    pub fn konst(b: Bits) -> Rhs {
        Rhs::Node(Op::Const(b), Vec::new())
    }
}

/// A rule as a function: the e-graph, the class and one of its nodes; `Some` right-hand
/// side to add to the class.
pub type NodeFn = fn(&EG, Id, &Node) -> Option<Rhs>;

/// Adds a right-hand side to the e-graph; returns its class.
pub fn add_rhs(eg: &mut EG, rhs: &Rhs) -> Id {
    match rhs {
        Rhs::Class(id) => *id,
        Rhs::Node(op, kids) => {
            let kids: Vec<Id> = kids.iter().map(|k| add_rhs(eg, k)).collect();
            eg.add(Node::new(op.clone(), &kids))
        }
    }
}

struct FnRule(NodeFn);

impl Searcher<Node, CombAnalysis> for FnRule {
    fn search_eclass_with_limit(&self, eg: &EG, eclass: Id, limit: usize) -> Option<SearchMatches<'_, Node>> {
        let hit = limit > 0 && eg[eclass].nodes.iter().any(|n| (self.0)(eg, eclass, n).is_some());
        hit.then(|| SearchMatches { eclass, substs: vec![Subst::default()], ast: None })
    }
    fn vars(&self) -> Vec<Var> {
        Vec::new()
    }
}

impl Applier<Node, CombAnalysis> for FnRule {
    fn apply_one(
        &self,
        eg: &mut EG,
        eclass: Id,
        _subst: &Subst,
        _ast: Option<&PatternAst<Node>>,
        _rule: Symbol,
    ) -> Vec<Id> {
        let rhs: Vec<Rhs> = eg[eclass].nodes.iter().filter_map(|n| (self.0)(eg, eclass, n)).collect();
        let mut changed = false;
        for r in &rhs {
            let id = add_rhs(eg, r);
            changed |= eg.union(eclass, id);
        }
        if changed {
            vec![eclass]
        } else {
            Vec::new()
        }
    }
}

/// An egg rewrite from a node function.
pub fn node_rule(name: &str, f: NodeFn) -> Rewrite<Node, CombAnalysis> {
    Rewrite::new(name, FnRule(f), FnRule(f)).expect("a node rule binds no variables")
}
