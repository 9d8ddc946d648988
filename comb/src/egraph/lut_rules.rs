//! LUT-level rewrites on `comb.truth_table` networks, after EqMap: constant inputs folded,
//! duplicate inputs merged, unused inputs dropped, inputs in canonical (class id) order, a
//! LUT merged into its user when the joint support fits in K, Shannon expansion, i1 gates
//! and muxes absorbed into LUTs, and `comb.lut` (HEIR) simplifications.
//!
//! Every new table is computed by evaluating the old function on all assignments of the
//! new inputs (at most 2^6), so a rule can only be as wrong as that evaluation.

use super::analysis::{konst, width, CombAnalysis, EG};
use super::lang::{Node, Op};
use super::node_rule::{node_rule, Rhs};
use crate::bits::Bits;
use egg::{Id, Rewrite};
use std::sync::Arc;

type Rw = Rewrite<Node, CombAnalysis>;

/// The widest table the rules build or read (a 64-bit word).
pub const MAX_K: usize = 6;

/// Bit `i` of a table of at most 64 bits.
fn table_bit(t: &Bits, i: usize) -> bool {
    t.bit(i as u32)
}

/// A node's function as (table, inputs) if it is a truth table of at most [`MAX_K`] inputs.
fn as_tt(n: &Node) -> Option<(&Bits, &[Id])> {
    match &n.op {
        Op::TruthTable(t) if n.children.len() <= MAX_K => Some((t, &n.children)),
        _ => None,
    }
}

/// The value of `inputs` (classes) under an assignment of `vars`: a constant, or the value
/// of the var of the same class; classes in neither take 0 (used only for inputs the
/// function does not depend on).
fn input_values(eg: &EG, inputs: &[Id], vars: &[Id], assign: usize) -> Vec<bool> {
    inputs
        .iter()
        .map(|&c| {
            if let Some(k) = konst(eg, c) {
                return k.bit(0);
            }
            let c = eg.find(c);
            vars.iter().position(|&v| v == c).is_some_and(|p| assign >> (vars.len() - 1 - p) & 1 == 1)
        })
        .collect()
}

/// Index into a table from input values (first input most significant).
fn index(vals: &[bool]) -> usize {
    vals.iter().fold(0, |i, &b| i << 1 | b as usize)
}

/// A truth table over `vars` computing `f` of each assignment (first var most significant),
/// simplified when it has 0 inputs (a constant) or is the identity or NOT of its one input.
fn table_rhs(vars: &[Id], f: impl Fn(usize) -> bool) -> Rhs {
    let n = vars.len();
    let mut t = Bits::zero(1 << n);
    for a in 0..1usize << n {
        t.set_bit(a as u32, f(a));
    }
    match n {
        0 => Rhs::konst(Bits::from_bool(t.bit(0))),
        1 if t.as_u64() == Some(2) => Rhs::Class(vars[0]),
        1 if t.as_u64() == Some(1) => Rhs::op(Op::Inv, vars),
        _ => Rhs::op(Op::TruthTable(t), vars),
    }
}

/// The table over `vars` of the truth table node `(t, inputs)`.
fn retable(eg: &EG, t: &Bits, inputs: &[Id], vars: &[Id]) -> Rhs {
    table_rhs(vars, |a| table_bit(t, index(&input_values(eg, inputs, vars, a))))
}

fn canon(eg: &EG, ids: &[Id]) -> Vec<Id> {
    ids.iter().map(|&i| eg.find(i)).collect()
}

/// Constant inputs folded into the table.
fn tt_const_input(eg: &EG, _id: Id, n: &Node) -> Option<Rhs> {
    let (t, inputs) = as_tt(n)?;
    inputs.iter().any(|&c| konst(eg, c).is_some()).then(|| {
        let vars: Vec<Id> = canon(eg, inputs).into_iter().filter(|&c| konst(eg, c).is_none()).collect();
        retable(eg, t, inputs, &vars)
    })
}

/// Inputs of the same class merged into one.
fn tt_duplicate_input(eg: &EG, _id: Id, n: &Node) -> Option<Rhs> {
    let (t, inputs) = as_tt(n)?;
    let c = canon(eg, inputs);
    let mut vars: Vec<Id> = Vec::new();
    for &i in &c {
        if !vars.contains(&i) {
            vars.push(i);
        }
    }
    (vars.len() < c.len()).then(|| retable(eg, t, inputs, &vars))
}

/// True if the function of `(t, n inputs)` depends on input `j`.
fn depends(t: &Bits, n: usize, j: usize) -> bool {
    let p = n - 1 - j;
    (0..1usize << n).any(|i| i >> p & 1 == 0 && table_bit(t, i) != table_bit(t, i | 1 << p))
}

/// Inputs the function does not depend on dropped.
fn tt_unused_input(eg: &EG, _id: Id, n: &Node) -> Option<Rhs> {
    let (t, inputs) = as_tt(n)?;
    let c = canon(eg, inputs);
    let keep: Vec<Id> = (0..c.len()).filter(|&j| depends(t, c.len(), j)).map(|j| c[j]).collect();
    if keep.len() == c.len() {
        return None;
    }
    // Evaluate with the dropped positions at 0 (any value gives the same result).
    let n_in = c.len();
    Some(table_rhs(&keep, |a| {
        let mut idx = 0;
        let mut k = 0;
        for j in 0..n_in {
            let bit = if depends(t, n_in, j) {
                let b = a >> (keep.len() - 1 - k) & 1 == 1;
                k += 1;
                b
            } else {
                false
            };
            idx = idx << 1 | bit as usize;
        }
        table_bit(t, idx)
    }))
}

/// Distinct, non-constant inputs put in ascending class order (one canonical permutation).
fn tt_sort_inputs(eg: &EG, _id: Id, n: &Node) -> Option<Rhs> {
    let (t, inputs) = as_tt(n)?;
    let c = canon(eg, inputs);
    let mut sorted = c.clone();
    sorted.sort();
    sorted.dedup();
    let ok = sorted.len() == c.len() && c.iter().all(|&i| konst(eg, i).is_none());
    (ok && sorted != c).then(|| retable(eg, t, inputs, &sorted))
}

/// The first truth-table node of a class.
fn tt_of(eg: &EG, c: Id) -> Option<(&Bits, &[Id])> {
    eg[c].nodes.iter().find_map(as_tt)
}

/// A LUT input that is itself a LUT, merged when the joint support has at most K inputs.
fn tt_merge<const K: usize>(eg: &EG, _id: Id, n: &Node) -> Option<Rhs> {
    let (t, inputs) = as_tt(n)?;
    let c = canon(eg, inputs);
    for (j, &child) in c.iter().enumerate() {
        let Some((ti, inner)) = tt_of(eg, child) else { continue };
        let inner = canon(eg, inner);
        if inner.contains(&child) {
            continue;
        }
        let mut vars: Vec<Id> = c
            .iter()
            .enumerate()
            .filter(|&(k, _)| k != j)
            .map(|(_, &x)| x)
            .chain(inner.iter().copied())
            .collect();
        vars.retain(|&v| konst(eg, v).is_none());
        vars.sort();
        vars.dedup();
        if vars.len() > K || vars.contains(&child) {
            continue;
        }
        return Some(table_rhs(&vars, |a| {
            let inner_v = table_bit(ti, index(&input_values(eg, &inner, &vars, a)));
            let mut outer = input_values(eg, &c, &vars, a);
            outer[j] = inner_v;
            table_bit(t, index(&outer))
        }));
    }
    None
}

/// Shannon expansion on an input where one cofactor is a constant, or on the first input
/// of a table wider than K: t = mux(x, t|x=1, t|x=0).
fn tt_shannon<const K: usize>(eg: &EG, _id: Id, n: &Node) -> Option<Rhs> {
    let (t, inputs) = as_tt(n)?;
    let c = canon(eg, inputs);
    let m = c.len();
    if m < 2 || c.iter().any(|&i| konst(eg, i).is_some()) {
        return None;
    }
    let cof = |j: usize, v: bool| -> Vec<bool> {
        let p = m - 1 - j;
        (0..1usize << m).filter(|i| (i >> p & 1 == 1) == v).map(|i| table_bit(t, i)).collect()
    };
    let constant = |bits: &[bool]| bits.iter().all(|&b| b == bits[0]);
    let j = (0..m).find(|&j| constant(&cof(j, false)) || constant(&cof(j, true))).or((m > K).then_some(0))?;
    let rest: Vec<Id> = c.iter().enumerate().filter(|&(k, _)| k != j).map(|(_, &x)| x).collect();
    let half = |v: bool| {
        let bits = cof(j, v);
        table_rhs(&rest, |a| bits[a])
    };
    Some(Rhs::Node(Op::Mux, vec![Rhs::Class(c[j]), half(true), half(false)]))
}

/// An i1 gate or mux as a truth table.
fn gate_to_tt(eg: &EG, id: Id, n: &Node) -> Option<Rhs> {
    if width(eg, id) != 1 {
        return None;
    }
    let table: u64 = match (&n.op, n.children.len()) {
        (Op::And, 2) => 0b1000,
        (Op::Or, 2) => 0b1110,
        (Op::Xor, 2) => 0b0110,
        (Op::Inv, 1) => 0b01,
        (Op::Mux, 3) => 0b1100_1010, // index = c a b: c ? a : b
        _ => return None,
    };
    let w = 1u32 << n.children.len();
    Some(Rhs::op(Op::TruthTable(Bits::from_u64(table, w)), &n.children))
}

/// `comb.lut` (HEIR): operands with coefficient 0 dropped, repeated operands merged (their
/// coefficients added), and a table of one value is that constant.
fn lut_simplify(eg: &EG, _id: Id, n: &Node) -> Option<Rhs> {
    let Op::Lut { coefficients, table } = &n.op else { return None };
    if table.iter().all(|e| *e == table[0]) {
        return Some(Rhs::konst(table[0].clone()));
    }
    let mut ops: Vec<Id> = Vec::new();
    let mut coef: Vec<u8> = Vec::new();
    for (&c, &x) in coefficients.iter().zip(canon(eg, &n.children).iter()) {
        match ops.iter().position(|&o| o == x) {
            Some(p) => coef[p] = coef[p].wrapping_add(c),
            None => {
                ops.push(x);
                coef.push(c);
            }
        }
    }
    let keep: Vec<usize> = (0..ops.len()).filter(|&i| coef[i] != 0).collect();
    if keep.len() == n.children.len() {
        return None;
    }
    if keep.is_empty() {
        return Some(Rhs::konst(table[0].clone()));
    }
    let op = Op::Lut {
        coefficients: keep.iter().map(|&i| coef[i]).collect::<Vec<u8>>().into(),
        table: Arc::clone(table),
    };
    Some(Rhs::op(op, &keep.iter().map(|&i| ops[i]).collect::<Vec<Id>>()))
}

/// The LUT rules for at most `k` inputs (2..=6).
pub fn lut_rules(k: usize) -> Vec<Rw> {
    let (merge, shannon): (super::node_rule::NodeFn, super::node_rule::NodeFn) = match k {
        0..=2 => (tt_merge::<2>, tt_shannon::<2>),
        3 => (tt_merge::<3>, tt_shannon::<3>),
        4 => (tt_merge::<4>, tt_shannon::<4>),
        5 => (tt_merge::<5>, tt_shannon::<5>),
        _ => (tt_merge::<6>, tt_shannon::<6>),
    };
    vec![
        node_rule("tt-const-input", tt_const_input),
        node_rule("tt-duplicate-input", tt_duplicate_input),
        node_rule("tt-unused-input", tt_unused_input),
        node_rule("tt-sort-inputs", tt_sort_inputs),
        node_rule("tt-merge", merge),
        node_rule("tt-shannon", shannon),
        node_rule("gate-to-tt", gate_to_tt),
    ]
}

/// Rules on `comb.lut` cells (HEIR's form).
pub fn lut_cell_rules() -> Vec<Rw> {
    vec![node_rule("lut-simplify", lut_simplify)]
}
