//! Netlist to e-graph and back, around a fixed skeleton.
//!
//! Only the combinational kinds listed in [`is_comb`] enter the e-graph. Every other cell
//! (ports, registers, instances and their outputs, clock conversions, and any state kind
//! added later) stays where it is: its net is an [`Op::Leaf`], and the nets it reads, with
//! the nets driving output ports, are the roots to extract. Going back, the chosen nodes
//! become new cells (binary chains of one op used once fold back into variadic cells,
//! `inv` of such a chain into `nand`/`nor`/`xnor`), the skeleton's operands and the output
//! ports move to them, and the old combinational cells are removed.

use super::analysis::{CombAnalysis, EG};
use super::lang::{Node, Op};
use crate::ids::NetId;
use crate::netlist::{CellKind, Module};
use egg::{EGraph, Id};
use mlir_text::Span;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Arc;

/// True for the kinds that enter the e-graph: [`CellKind::is_combinational`].
pub fn is_comb(kind: &CellKind) -> bool {
    kind.is_combinational()
}

/// A module's combinational logic as an e-graph.
pub struct Skeleton {
    /// The e-graph (rebuilt).
    pub egraph: EG,
    /// The nets to keep, ascending, with their classes.
    pub roots: Vec<(NetId, Id)>,
    /// The combinational cells of the module, operands before users.
    pub comb: Vec<NetId>,
}

/// Builds the e-graph of `m`'s combinational cells; `order` lists the cells with operands
/// before users (registers and instances excepted). `None` if there is nothing to do.
pub fn to_egraph(m: &Module, order: &[NetId]) -> Option<Skeleton> {
    let mut eg: EG = EGraph::new(CombAnalysis);
    let mut ids: HashMap<NetId, Id> = HashMap::new();
    let mut comb = Vec::new();
    for &net in order {
        let cell = m.cell(net);
        if !is_comb(&cell.kind) {
            continue;
        }
        comb.push(net);
        let kids: Vec<Id> = cell
            .operands()
            .iter()
            .map(|&o| {
                *ids.entry(o).or_insert_with(|| {
                    eg.add(Node::new(Op::Leaf { net: o.index() as u32, width: m.width(o) }, &[]))
                })
            })
            .collect();
        let id = add_cell(&mut eg, &cell.kind, cell.width, &kids);
        ids.insert(net, id);
    }
    if comb.is_empty() {
        return None;
    }
    let mut roots = BTreeSet::new();
    for c in m.cells() {
        if !is_comb(&m.cell(c).kind) {
            roots.extend(m.operands(c).iter().copied().filter(|o| is_comb(&m.cell(*o).kind)));
        }
    }
    for p in m.outputs() {
        roots.extend(m.port_net(p).filter(|&n| is_comb(&m.cell(n).kind)));
    }
    eg.rebuild();
    let roots = roots.into_iter().map(|r| (r, eg.find(ids[&r]))).collect();
    Some(Skeleton { egraph: eg, roots, comb })
}

/// Adds one cell's nodes; returns the class of its value.
fn add_cell(eg: &mut EG, kind: &CellKind, width: u32, kids: &[Id]) -> Id {
    let chain = |eg: &mut EG, op: Op| {
        let mut acc = kids[0];
        for &k in &kids[1..] {
            acc = eg.add(Node::new(op.clone(), &[acc, k]));
        }
        acc
    };
    let inv = |eg: &mut EG, id| eg.add(Node::new(Op::Inv, &[id]));
    use CellKind::*;
    match kind {
        And => chain(eg, Op::And),
        Or => chain(eg, Op::Or),
        Xor => chain(eg, Op::Xor),
        Add => chain(eg, Op::Add),
        Mul => chain(eg, Op::Mul),
        Concat => chain(eg, Op::Concat),
        Nand => {
            let a = chain(eg, Op::And);
            inv(eg, a)
        }
        Nor => {
            let a = chain(eg, Op::Or);
            inv(eg, a)
        }
        Xnor => {
            let a = chain(eg, Op::Xor);
            inv(eg, a)
        }
        Const(b) => eg.add(Node::konst(b.clone())),
        Sub => eg.add(Node::new(Op::Sub, kids)),
        DivU => eg.add(Node::new(Op::DivU, kids)),
        DivS => eg.add(Node::new(Op::DivS, kids)),
        ModU => eg.add(Node::new(Op::ModU, kids)),
        ModS => eg.add(Node::new(Op::ModS, kids)),
        Shl => eg.add(Node::new(Op::Shl, kids)),
        ShrU => eg.add(Node::new(Op::ShrU, kids)),
        ShrS => eg.add(Node::new(Op::ShrS, kids)),
        Icmp(p) => eg.add(Node::new(Op::Icmp(*p), kids)),
        Inv => eg.add(Node::new(Op::Inv, kids)),
        Parity => eg.add(Node::new(Op::Parity, kids)),
        Reverse => eg.add(Node::new(Op::Reverse, kids)),
        Extract { low } => eg.add(Node::new(Op::Extract { low: *low, width }, kids)),
        Replicate => eg.add(Node::new(Op::Replicate { width }, kids)),
        Mux => eg.add(Node::new(Op::Mux, kids)),
        TruthTable(t) => eg.add(Node::new(Op::TruthTable(t.clone()), kids)),
        Lut { coefficients, table } => eg.add(Node::new(
            Op::Lut { coefficients: Arc::from(&coefficients[..]), table: Arc::from(&table[..]) },
            kids,
        )),
        _ => unreachable!("is_comb admits only the kinds above"),
    }
}

/// A cell to build: its kind and operand classes.
type CellOf = (CellKind, Vec<Id>);

/// The chosen node of each class reached from the roots (canonical ids).
pub type Choice = BTreeMap<Id, Node>;

/// Rebuilds `m` from the e-graph: new cells for the chosen nodes, uses of the roots moved
/// to them, the old combinational cells removed. `None` (and `m` untouched) if the choice
/// has a cycle.
pub fn from_egraph(m: &Module, sk: &Skeleton, choice: &Choice) -> Option<Module> {
    let eg = &sk.egraph;
    let root_classes: BTreeSet<Id> = sk.roots.iter().map(|r| eg.find(r.1)).collect();
    // Uses of each class inside the chosen DAG.
    let mut refs: HashMap<Id, u32> = HashMap::new();
    let mut seen = BTreeSet::new();
    let mut stack: Vec<Id> = root_classes.iter().copied().collect();
    while let Some(c) = stack.pop() {
        if !seen.insert(c) {
            continue;
        }
        for &k in &choice.get(&c)?.children {
            let k = eg.find(k);
            *refs.entry(k).or_default() += 1;
            stack.push(k);
        }
    }
    let absorbable = |c: Id| refs.get(&c) == Some(&1) && !root_classes.contains(&c);
    // The operands of a chain of `op`, through the classes it absorbs.
    let flatten = |op: &Op, kids: &[Id]| {
        let mut out = Vec::new();
        let mut work: Vec<Id> = kids.iter().rev().map(|&k| eg.find(k)).collect();
        while let Some(k) = work.pop() {
            match choice.get(&k) {
                Some(n) if &n.op == op && absorbable(k) => {
                    work.extend(n.children.iter().rev().map(|&c| eg.find(c)))
                }
                _ => out.push(k),
            }
        }
        out
    };
    let cell_of = |c: Id| -> (CellKind, Vec<Id>) {
        let n = &choice[&c];
        match &n.op {
            Op::And | Op::Or | Op::Xor | Op::Add | Op::Mul | Op::Concat => {
                (n.op.cell_kind().expect("an op"), flatten(&n.op, &n.children))
            }
            Op::Inv => {
                let k = eg.find(n.children[0]);
                let inner = choice.get(&k).filter(|_| absorbable(k));
                match inner.map(|i| (&i.op, i)) {
                    Some((Op::And, i)) => (CellKind::Nand, flatten(&Op::And, &i.children)),
                    Some((Op::Or, i)) => (CellKind::Nor, flatten(&Op::Or, &i.children)),
                    Some((Op::Xor, i)) => (CellKind::Xnor, flatten(&Op::Xor, &i.children)),
                    _ => (CellKind::Inv, vec![k]),
                }
            }
            op => (op.cell_kind().expect("an op"), n.children.iter().map(|&k| eg.find(k)).collect()),
        }
    };
    let mut out = m.clone();
    let names: BTreeMap<Id, &NetId> = sk.roots.iter().rev().map(|(n, c)| (eg.find(*c), n)).collect();
    let mut built: HashMap<Id, NetId> = HashMap::new();
    let mut stack: Vec<(Id, Option<CellOf>)> = root_classes.iter().rev().map(|&c| (c, None)).collect();
    let mut on_stack = BTreeSet::new();
    while let Some((c, expanded)) = stack.pop() {
        if built.contains_key(&c) {
            continue;
        }
        let node = choice.get(&c)?;
        if let Op::Leaf { net, .. } = node.op {
            built.insert(c, NetId::from_index(net as usize));
            continue;
        }
        match expanded {
            None => {
                if !on_stack.insert(c) {
                    return None; // a cycle in the choice
                }
                let (kind, ops) = cell_of(c);
                let pending: Vec<Id> = ops.iter().copied().filter(|o| !built.contains_key(o)).collect();
                stack.push((c, Some((kind, ops))));
                stack.extend(pending.into_iter().rev().map(|o| (o, None)));
            }
            Some((kind, ops)) => {
                let operands: Option<Vec<NetId>> = ops.iter().map(|o| built.get(o).copied()).collect();
                let name = names.get(&c).and_then(|&&n| m.cell(n).name.clone());
                let net = out.add_cell(kind, eg[c].data.width, &operands?, name, Span::default());
                built.insert(c, net);
            }
        }
    }
    for (net, class) in &sk.roots {
        out.replace_all_uses(*net, built[&eg.find(*class)]);
    }
    for &old in sk.comb.iter().rev() {
        if out.use_count(old) == 0 && out.driven_ports(old).next().is_none() {
            out.remove_cell(old);
        } else {
            return None; // still used: a bug in this function; keep the original
        }
    }
    Some(out)
}
