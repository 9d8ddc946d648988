//! Bit-blasting one netlist cell into the [`Aig`]: bitwise logic bit by bit, wiring
//! (concat, extract, replicate, reverse) as literal shuffles with no nodes, `comb.mux` as
//! a mux per bit, `comb.truth_table` and `comb.lut` as mux trees over constant leaves
//! (which structural hashing folds), arithmetic through `blast_arith`.
//!
//! [`is_mapped`] decides which cells the mapper replaces: every pure combinational kind.
//! Everything else (ports, registers and any other state element, instances and their
//! outputs, clock conversions) is a fixed boundary, whatever kinds are added later.

use super::aig::{Aig, Lit};
use super::blast_arith::{self as arith, Shift, Word};
use crate::bits::Bits;
use crate::netlist::CellKind;

/// True for the cells the mapper turns into LUTs: [`CellKind::is_combinational`].
pub fn is_mapped(kind: &CellKind) -> bool {
    kind.is_combinational()
}

/// A bitwise fold over the operands, bit by bit.
fn bitwise(g: &mut Aig, ops: &[&[Lit]], width: u32, f: fn(&mut Aig, &[Lit]) -> Lit, neg: bool) -> Word {
    (0..width as usize)
        .map(|i| {
            let bits: Vec<Lit> = ops.iter().map(|o| o[i]).collect();
            f(g, &bits).xor_neg(neg)
        })
        .collect()
}

/// Folds a binary word op over variadic operands.
fn fold(g: &mut Aig, ops: &[&[Lit]], f: fn(&mut Aig, &[Lit], &[Lit]) -> Word) -> Word {
    let mut acc = ops[0].to_vec();
    for o in &ops[1..] {
        acc = f(g, &acc, o);
    }
    acc
}

/// A mux tree selecting `leaf(index)` by `sel` (bit 0 first), the leaves constants.
fn mux_tree(g: &mut Aig, sel: &[Lit], leaf: &dyn Fn(usize) -> bool) -> Lit {
    fn go(g: &mut Aig, sel: &[Lit], level: usize, base: usize, leaf: &dyn Fn(usize) -> bool) -> Lit {
        if level == 0 {
            return Lit::constant(leaf(base));
        }
        let s = sel[level - 1];
        let hi = go(g, sel, level - 1, base | (1 << (level - 1)), leaf);
        let lo = go(g, sel, level - 1, base, leaf);
        g.mux(s, hi, lo)
    }
    go(g, sel, sel.len(), 0, leaf)
}

/// `comb.lut`: the 8-bit index sum as adders of shifted operands, then a mux tree per
/// result bit over the 256 sums (entry `sum mod len`).
fn lut(g: &mut Aig, coefficients: &[u8], table: &[Bits], ops: &[&[Lit]], width: u32) -> Word {
    let mut sum: Word = vec![Lit::FALSE; 8];
    for (&c, x) in coefficients.iter().zip(ops) {
        let x8: Word = (0..8).map(|i| x.get(i).copied().unwrap_or(Lit::FALSE)).collect();
        for k in 0..8 {
            if c >> k & 1 == 1 {
                let shifted: Word = (0..8).map(|i| if i >= k { x8[i - k] } else { Lit::FALSE }).collect();
                sum = arith::add(g, &sum, &shifted);
            }
        }
    }
    let len = table.len();
    (0..width).map(|j| mux_tree(g, &sum, &|v| table[v % len].bit(j))).collect()
}

/// The literals of a cell's result given its operands' literals; `None` for a kind that
/// is not mapped ([`is_mapped`]).
pub fn blast(g: &mut Aig, kind: &CellKind, width: u32, ops: &[&[Lit]]) -> Option<Word> {
    use CellKind::*;
    Some(match kind {
        Const(b) => (0..width).map(|i| Lit::constant(b.bit(i))).collect(),
        And => bitwise(g, ops, width, Aig::and_all, false),
        Or => bitwise(g, ops, width, Aig::or_all, false),
        Xor => bitwise(g, ops, width, Aig::xor_all, false),
        Nand => bitwise(g, ops, width, Aig::and_all, true),
        Nor => bitwise(g, ops, width, Aig::or_all, true),
        Xnor => bitwise(g, ops, width, Aig::xor_all, true),
        Add => fold(g, ops, arith::add),
        Mul => fold(g, ops, arith::mul),
        Sub => arith::sub(g, ops[0], ops[1]),
        DivU => arith::divmod_u(g, ops[0], ops[1]).0,
        ModU => arith::divmod_u(g, ops[0], ops[1]).1,
        DivS => arith::divs(g, ops[0], ops[1]),
        ModS => arith::mods(g, ops[0], ops[1]),
        Shl => arith::shift(g, Shift::Left, ops[0], ops[1]),
        ShrU => arith::shift(g, Shift::RightU, ops[0], ops[1]),
        ShrS => arith::shift(g, Shift::RightS, ops[0], ops[1]),
        Icmp(p) => vec![arith::icmp(g, *p, ops[0], ops[1])],
        Inv => ops[0].iter().map(|&x| !x).collect(),
        Parity => vec![g.xor_all(ops[0])],
        Reverse => ops[0].iter().rev().copied().collect(),
        Concat => ops.iter().rev().flat_map(|o| o.iter().copied()).collect(),
        Extract { low } => ops[0][*low as usize..(*low + width) as usize].to_vec(),
        Replicate => (0..width as usize).map(|i| ops[0][i % ops[0].len()]).collect(),
        Mux => {
            let c = ops[0][0];
            ops[1].iter().zip(ops[2]).map(|(&t, &e)| g.mux(c, t, e)).collect()
        }
        TruthTable(t) => {
            // The first operand is the index's most significant bit.
            let sel: Word = ops.iter().rev().map(|o| o[0]).collect();
            vec![mux_tree(g, &sel, &|i| t.bit(i as u32))]
        }
        Lut { coefficients, table } => lut(g, coefficients, table, ops, width),
        _ => return None,
    })
}
