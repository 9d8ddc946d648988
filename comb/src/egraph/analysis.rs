//! The e-class analysis: every class knows its width and, when all its values are one
//! constant, that constant (constant folding).
//!
//! Folding calls `comb::bits_ops::eval_cell`, the function the evaluator and the `-O1`
//! folder use, so the e-graph can never disagree with them on what an op means. A class
//! found constant gets a `Const` node and loses its other nodes (they can only cost more).

use super::lang::{Node, Op};
use crate::bits::Bits;
use crate::bits_ops::eval_cell;
use egg::{Analysis, DidMerge, EGraph, Id};

/// The e-graph type of the optimizer.
pub type EG = EGraph<Node, CombAnalysis>;

/// What is known about an e-class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Data {
    /// The width of every value of the class.
    pub width: u32,
    /// The constant, if the class is one.
    pub konst: Option<Bits>,
}

/// Width and constant-folding analysis.
#[derive(Clone, Debug, Default)]
pub struct CombAnalysis;

/// The widest value folded: wider constants (up to 2^24 bits) are left to `-O1`.
const FOLD_WIDTH: u32 = 1 << 16;

impl Analysis<Node> for CombAnalysis {
    type Data = Data;

    fn make(egraph: &mut EG, enode: &Node, _id: Id) -> Data {
        let kids: Vec<&Data> = enode.children.iter().map(|&c| &egraph[c].data).collect();
        let widths: Vec<u32> = kids.iter().map(|d| d.width).collect();
        // Nodes come from the netlist (verified) or from rules that keep widths; a mismatch
        // is a bug in a rule.
        let width = enode.op.width(&widths).unwrap_or_else(|| panic!("ill-typed e-node {enode:?}"));
        Data { width, konst: fold(&enode.op, width, &kids) }
    }

    fn merge(&mut self, a: &mut Data, b: Data) -> DidMerge {
        debug_assert_eq!(a.width, b.width, "merged classes of different widths");
        match (&a.konst, b.konst) {
            (None, Some(k)) => {
                a.konst = Some(k);
                DidMerge(true, false)
            }
            (Some(x), Some(y)) => {
                debug_assert_eq!(*x, y, "merged different constants");
                DidMerge(false, false)
            }
            (Some(_), None) => DidMerge(false, true),
            (None, None) => DidMerge(false, false),
        }
    }

    fn modify(egraph: &mut EG, id: Id) {
        if let Some(k) = egraph[id].data.konst.clone() {
            let c = egraph.add(Node::konst(k));
            egraph.union(id, c);
            let id = egraph.find(id);
            egraph[id].nodes.retain(|n| n.children.is_empty());
        }
    }
}

/// The constant value of `op` on constant children, if every child is constant.
fn fold(op: &Op, width: u32, kids: &[&Data]) -> Option<Bits> {
    if let Op::Const(b) = op {
        return Some(b.clone());
    }
    if width > FOLD_WIDTH || kids.is_empty() {
        return None;
    }
    let vals: Option<Vec<&Bits>> = kids.iter().map(|d| d.konst.as_ref()).collect();
    let vals = vals?;
    if vals.iter().any(|v| v.width() > FOLD_WIDTH) {
        return None;
    }
    eval_cell(&op.cell_kind()?, width, &vals)
}

/// The constant of a class, if it is one.
pub fn konst(egraph: &EG, id: Id) -> Option<&Bits> {
    egraph[id].data.konst.as_ref()
}

/// The width of a class.
pub fn width(egraph: &EG, id: Id) -> u32 {
    egraph[id].data.width
}
