//! Which lowered expressions are (or may print as) constants: the facts the printer
//! needs to place Verilator lint waivers around constant comparisons and tables.

use super::super::expr::Expr;
use comb::{Bits, CellKind, IcmpPred, NetId};

/// The value of a constant expression: a constant, or a concatenation of constants.
pub(super) fn const_bits(e: &Expr) -> Option<Bits> {
    match e {
        Expr::Const(b) => Some(b.clone()),
        Expr::Concat(parts) => {
            let mut bits: Vec<bool> = Vec::new();
            for p in parts {
                let b = const_bits(p)?;
                bits.extend((0..b.width()).rev().map(|i| b.bit(i)));
            }
            let mut out = Bits::zero(bits.len() as u32);
            for (k, v) in bits.iter().rev().enumerate() {
                out.set_bit(k as u32, *v);
            }
            Some(out)
        }
        _ => None,
    }
}

/// True for an unsigned ordering comparison against 0 or all-ones (constant for any
/// input), given the comparison's constant operands.
pub(super) fn is_constant_compare<'b>(p: IcmpPred, consts: impl IntoIterator<Item = &'b Bits>) -> bool {
    use IcmpPred::*;
    let extreme = |b: &Bits| b.is_zero() || b.is_ones();
    let mut consts = consts.into_iter();
    match p {
        Ult | Ule | Ugt | Uge => consts.any(extreme),
        // Signed compares are printed as unsigned ones of the operands with their sign bit
        // flipped (see `signed::compare`): MIN and MAX become 0 and all-ones.
        Slt | Sle | Sgt | Sge => consts.any(|b| extreme(&super::super::signed::flip_sign(b))),
        _ => false,
    }
}

/// Whether a cell of `kind` with `ops`, inlined, might print as a constant (for some
/// constant operands). False only for kinds [`lower::lower`](super::super::lower::lower) always gives an operator or a
/// concatenation for; `Printer::predict_waiver` relies on it.
pub(super) fn may_fold_to_constant(kind: &CellKind, ops: &[NetId]) -> bool {
    use CellKind::*;
    match kind {
        Input(_) | Reg { .. } | Memory { .. } | Instance { .. } | InstOutput(_) => false,
        Sub | DivU | DivS | ModU | ModS | Shl | ShrU | ShrS | Icmp(_) | Inv | Parity | Mux | Nand | Nor
        | Xnor => false,
        And | Or | Xor | Add | Mul | Concat => ops.len() < 2,
        _ => true,
    }
}
