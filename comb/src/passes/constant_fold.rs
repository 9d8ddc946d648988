//! `constant-fold`: fold cells whose operands are all constants, and apply the identities
//! of partially constant operands.
//!
//! Cells are visited operands-first, so folds cascade in one run. A fully constant cell
//! becomes a constant in place (keeping its id, name and span), computed by
//! [`crate::bits_ops::eval_cell`], the same function the evaluator uses. Partial rules:
//! constants of a variadic op merge into one (and identity elements drop, absorbing ones
//! win: x&0, x|ones, x*0), x^x cancels, x&x and x|x dedupe, x-0, x-x, x/1, x%1, division by
//! a constant 0, shifts by 0 or by >= width, mux with a constant condition or identical
//! arms, full-width extract, one-operand concat, replicate x1, icmp of identical operands.
//!
//! Whether and how a cell folds depends only on the cell and its operands (their kinds,
//! widths and constant values), so when the pass manager runs it again it visits only the
//! cells edited since its previous run and their users ([`super::edits::sweep_edited`]).

use super::{add_const, is_pure, make_const, replace, Pass};
use crate::bits::Bits;
use crate::bits_ops::eval_cell;
use crate::ids::NetId;
use crate::netlist::{CellKind, Design, IcmpPred, Module};
use smallvec::SmallVec;
use std::collections::{HashMap, HashSet};

/// The `constant-fold` pass.
pub struct ConstantFold;

impl Pass for ConstantFold {
    fn name(&self) -> &'static str {
        "constant-fold"
    }
    fn description(&self) -> &'static str {
        "fold constant cells and identities with constant operands"
    }
    fn run(&mut self, design: &mut Design) -> bool {
        super::sweep(design, fold_cell)
    }
    fn incremental(&self) -> bool {
        true
    }
    fn run_edited(&mut self, design: &mut Design, edits: &super::Edits) -> bool {
        super::edits::sweep_edited(design, fold_cell, edits, |_| false)
    }
}

fn const_of(m: &Module, id: NetId) -> Option<&Bits> {
    match &m.cell(id).kind {
        CellKind::Const(b) => Some(b),
        _ => None,
    }
}

/// What [`fold_cell`] does to a cell.
enum Fold {
    /// Make it this constant.
    Const(Bits),
    /// Replace it by this net.
    Use(NetId),
    /// Apply the variadic rules ([`fold_variadic`]).
    Variadic,
}

/// Most 64-bit word operations one fold may take (about a tenth of a second).
const FOLD_BUDGET: u64 = 1 << 27;

/// Whether folding `kind` on constants `vals` stays within [`FOLD_BUDGET`]: products and
/// divisions of very wide constants are quadratic (a 2^24-bit `divu` took minutes), so such
/// a cell is left as logic, which computes the same value.
fn affordable(kind: &CellKind, width: u32, vals: &[&Bits]) -> bool {
    let words = |b: &Bits| b.words().iter().rposition(|&x| x != 0).map_or(0, |i| i as u64 + 1);
    let all = u64::from(width).div_ceil(64);
    let cost = match kind {
        // Left to right, as eval_cell folds: each step costs the significant words of the
        // product so far times those of the next factor.
        CellKind::Mul => {
            let (mut acc, mut cost) = (1u64, 0u64);
            for v in vals {
                cost = cost.saturating_add(acc.saturating_mul(words(v)));
                acc = acc.saturating_add(words(v)).min(all);
            }
            cost
        }
        CellKind::DivU | CellKind::DivS | CellKind::ModU | CellKind::ModS => match vals {
            [_, d] if d.as_u64().is_some() || (d.msb() && d.is_ones()) => all,
            [a, _] => words(a).saturating_mul(64).saturating_mul(all),
            _ => all,
        },
        _ => all,
    };
    cost <= FOLD_BUDGET
}

/// Folds one cell; true if it changed anything.
pub(crate) fn fold_cell(m: &mut Module, id: NetId) -> bool {
    let fold = match plan(m, id) {
        None => return false,
        Some(f) => f,
    };
    match fold {
        Fold::Const(v) => make_const(m, id, v),
        Fold::Use(op) => replace(m, id, op),
        Fold::Variadic => {
            let kind = m.cell(id).kind.clone();
            return fold_variadic(m, id, &kind);
        }
    }
    true
}

/// The fold of one cell, read without changing anything.
fn plan(m: &Module, id: NetId) -> Option<Fold> {
    let cell = m.cell(id);
    if !is_pure(&cell.kind) || matches!(cell.kind, CellKind::Const(_)) {
        return None;
    }
    let ops = cell.operands();
    if ops.iter().all(|&o| const_of(m, o).is_some()) {
        let vals: SmallVec<[&Bits; 4]> = ops.iter().filter_map(|&o| const_of(m, o)).collect();
        if !affordable(&cell.kind, cell.width, &vals) {
            return None;
        }
        return eval_cell(&cell.kind, cell.width, &vals).map(Fold::Const);
    }
    let w = cell.width;
    let c0 = ops.first().and_then(|&o| const_of(m, o));
    let c1 = ops.get(1).and_then(|&o| const_of(m, o));
    let zero = || Some(Fold::Const(Bits::zero(w)));
    use CellKind::*;
    match &cell.kind {
        k if k.is_variadic_same_width() => Some(Fold::Variadic),
        Sub if ops[0] == ops[1] => zero(),
        Sub | Shl | ShrU | ShrS if c1.is_some_and(|c| c.is_zero()) => Some(Fold::Use(ops[0])),
        Shl | ShrU if c1.is_some_and(|c| c.as_u64().is_none_or(|s| s >= w as u64)) => zero(),
        Shl | ShrU | ShrS if c0.is_some_and(|c| c.is_zero()) => zero(),
        DivU | DivS | ModU | ModS if c1.is_some_and(|c| c.is_zero()) => zero(),
        DivU | DivS | ModU | ModS if c0.is_some_and(|c| c.is_zero()) => zero(),
        DivU | DivS if c1.is_some_and(|c| c.as_u64() == Some(1)) => Some(Fold::Use(ops[0])),
        ModU | ModS if c1.is_some_and(|c| c.as_u64() == Some(1)) => zero(),
        ModS if c1.is_some_and(|c| c.is_ones()) => zero(),
        Mux => match c0 {
            Some(c) => Some(Fold::Use(if c.bit(0) { ops[1] } else { ops[2] })),
            None if ops[1] == ops[2] => Some(Fold::Use(ops[1])),
            None => None,
        },
        Extract { low: 0 } if m.width(ops[0]) == w => Some(Fold::Use(ops[0])),
        Concat | Replicate if ops.len() == 1 && m.width(ops[0]) == w => Some(Fold::Use(ops[0])),
        Icmp(p) => {
            use IcmpPred::*;
            let v = matches!(p, Eq | Sle | Sge | Ule | Uge | Ceq | Weq);
            (ops[0] == ops[1]).then(|| Fold::Const(Bits::from_bool(v)))
        }
        _ => None,
    }
}

/// Merges the constants of a variadic op, drops identities, applies absorbing elements,
/// cancels x^x and dedupes x&x, x|x.
fn fold_variadic(m: &mut Module, id: NetId, kind: &CellKind) -> bool {
    use CellKind::*;
    let w = m.width(id);
    // The common case: no constant operand and no repeated one changes nothing.
    {
        let ops = m.operands(id);
        let distinct = match ops {
            [a, b] => a != b,
            _ => ops.iter().enumerate().all(|(i, o)| !ops[..i].contains(o)),
        };
        if (distinct || matches!(kind, Add | Mul)) && ops.iter().all(|&o| const_of(m, o).is_none()) {
            return false;
        }
    }
    let (base, invert) = match kind {
        And => (And, false),
        Nand => (And, true),
        Or => (Or, false),
        Nor => (Or, true),
        Xor => (Xor, false),
        Xnor => (Xor, true),
        k => (k.clone(), false),
    };
    let ops: Vec<NetId> = m.operands(id).to_vec();
    let mut vars: Vec<NetId> = Vec::new();
    let mut const_nets: Vec<NetId> = Vec::new();
    for &o in &ops {
        if const_of(m, o).is_some() {
            const_nets.push(o);
        } else {
            vars.push(o);
        }
    }
    let identity = match base {
        And => Bits::ones(w),
        Mul => Bits::from_u64(1, w),
        _ => Bits::zero(w),
    };
    let merged: Option<Bits> = if const_nets.is_empty() {
        None
    } else {
        let vals: Vec<&Bits> = const_nets.iter().map(|&c| const_of(m, c).unwrap()).collect();
        if !affordable(&base, w, &vals) {
            return false;
        }
        eval_cell(&base, w, &vals)
    };
    let finish = |v: Bits| if invert { v.not() } else { v };
    if let Some(c) = &merged {
        let absorbing = match base {
            And | Mul => c.is_zero(),
            Or => c.is_ones(),
            _ => false,
        };
        if absorbing {
            make_const(m, id, finish(c.clone()));
            return true;
        }
    }
    match base {
        Xor => {
            // x ^ x = 0: keep the operands that occur an odd number of times.
            let mut count: HashMap<NetId, usize> = HashMap::new();
            for v in &vars {
                *count.entry(*v).or_default() += 1;
            }
            let mut seen = HashSet::new();
            vars.retain(|v| count[v] % 2 == 1 && seen.insert(*v));
        }
        And | Or => {
            let mut seen = HashSet::new();
            vars.retain(|v| seen.insert(*v));
        }
        _ => {}
    }
    let keep_const = merged.as_ref().filter(|c| **c != identity);
    if vars.is_empty() {
        make_const(m, id, finish(keep_const.cloned().unwrap_or(identity)));
        return true;
    }
    let mut new_ops = vars;
    if let Some(c) = keep_const {
        let net = match const_nets.as_slice() {
            [single] => *single,
            _ => add_const(m, c.clone()),
        };
        new_ops.push(net);
    }
    if new_ops == ops {
        return false;
    }
    if new_ops.len() == 1 {
        if invert {
            m.set_operands(id, &new_ops);
            m.cell_mut(id).kind = Inv;
        } else {
            replace(m, id, new_ops[0]);
        }
        return true;
    }
    m.set_operands(id, &new_ops);
    true
}
