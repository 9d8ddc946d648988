//! Arithmetic on [`Bits`] with exactly SPEC section 3's meaning, for any width.
//!
//! Every function takes operands of the widths its op requires (the verifier guarantees
//! them) and returns a fresh value with the high bits clear. [`eval_cell`] applies a
//! [`CellKind`] to operand values; the evaluator and constant folding both use it, so the
//! two can never disagree on what an op means.

mod arith;
mod logic;
mod shift;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_wide;

pub use arith::{add, cmp_s, cmp_u, divmod_u, divs, divu, mods, modu, mul, sub};
pub use logic::{
    and, concat, extract, icmp, lut, mux, not, or, parity, replicate, reverse, truth_table, xor,
};
pub use shift::{shl, shl_by, shrs, shrs_by, shru, shru_by};

use crate::bits::Bits;
use crate::netlist::CellKind;

fn fold(ops: &[&Bits], f: fn(&Bits, &Bits) -> Bits) -> Bits {
    let mut acc = ops[0].clone();
    for o in &ops[1..] {
        acc = f(&acc, o);
    }
    acc
}

/// The value of a combinational cell of `kind` and `width` given its operand values.
/// `None` for kinds without a combinational value of their own (inputs, registers,
/// memories, instances and instance outputs). Clock conversions pass their operand through.
pub fn eval_cell(kind: &CellKind, width: u32, ops: &[&Bits]) -> Option<Bits> {
    use CellKind::*;
    Some(match kind {
        Input(_) | Reg { .. } | Memory { .. } | Instance { .. } | InstOutput(_) | Check { .. } => {
            return None
        }
        Const(b) => b.clone(),
        And => fold(ops, and),
        Or => fold(ops, or),
        Xor => fold(ops, xor),
        Nand => fold(ops, and).not(),
        Nor => fold(ops, or).not(),
        Xnor => fold(ops, xor).not(),
        Add => fold(ops, add),
        Mul => fold(ops, mul),
        Sub => sub(ops[0], ops[1]),
        DivU => divu(ops[0], ops[1]),
        DivS => divs(ops[0], ops[1]),
        ModU => modu(ops[0], ops[1]),
        ModS => mods(ops[0], ops[1]),
        Shl => shl(ops[0], ops[1]),
        ShrU => shru(ops[0], ops[1]),
        ShrS => shrs(ops[0], ops[1]),
        Icmp(p) => Bits::from_bool(icmp(*p, ops[0], ops[1])),
        Inv => ops[0].not(),
        Parity => parity(ops[0]),
        Reverse => reverse(ops[0]),
        Concat => concat(ops),
        Extract { low } => extract(ops[0], *low, width),
        Replicate => replicate(ops[0], width),
        Mux => mux(ops[0], ops[1], ops[2]),
        TruthTable(t) => truth_table(t, ops),
        Lut { coefficients, table } => lut(coefficients, table, ops),
        ToClock | FromClock => ops[0].clone(),
    })
}
