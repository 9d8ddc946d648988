//! Lowering one cell to an SV expression, with SPEC section 3's exact meaning.
//!
//! Every operand of an op has the result width except where Verilog evaluates it
//! self-determined anyway (icmp operands, concat/replicate/extract operands, mux condition,
//! shift amount), so the context width never exceeds the op's width and no carry or sign
//! leaks. Guards make division total: `x / 0 = 0`, `x % 0 = 0`, signed `x / -1 = 0 - x`
//! (C division traps on MIN / -1 in Verilator's runtime) and signed `x % -1 = 0`.
//!
//! Signed operations above 32 bits use unsigned identities (see [`super::signed`]): Verilator
//! 5.006 miscompiles some `$signed` operations on 33- to 64-bit values.
//!
//! Shift amounts wider than 32 bits are clamped to 32 bits (see `shift_amount`).
//!
//! Icarus Verilog 11 divides wrongly by 1 above 64 bits (`65'h1FFFFFFFFFFFFFFFE / 1` gives
//! 0), so divisions wider than 64 bits also guard `b == 1 ? a : ...`.

use super::expr::{BinOp, Expr, UnOp};
use super::signed::{self, SIGNED_FORM_MAX_WIDTH};
use comb::{Bits, CellKind, IcmpPred};

/// Bits `lo..lo+width` of `b`.
pub fn slice(b: &Bits, lo: u32, width: u32) -> Bits {
    let mut out = Bits::zero(width);
    for i in 0..width {
        out.set_bit(i, b.bit(lo + i));
    }
    out
}

/// `b` with its bits in reverse order.
pub fn reverse(b: &Bits) -> Bits {
    let w = b.width();
    let mut out = Bits::zero(w);
    for i in 0..w {
        out.set_bit(w - 1 - i, b.bit(i));
    }
    out
}

fn fold<'n>(op: BinOp, ops: &[Expr<'n>]) -> Expr<'n> {
    let mut it = ops.iter().cloned();
    let first = it.next().expect("variadic op with operands").operand();
    it.fold(first, |acc, e| Expr::bin(op, acc, e))
}

fn konst<'n>(v: u64, width: u32) -> Expr<'n> {
    Expr::Const(Bits::from_u64(v, width))
}

/// A shift amount as Verilog should see it, for a value of `value_width` bits. Amounts
/// wider than 32 bits are clamped to 32 bits: `amt[W-1:32] != 0 ? VALUE_WIDTH : amt[31:0]`
/// (the same result, since any amount of at least the value's width shifts everything
/// out). Verilator 5.006 rejects shifts by a constant of 2^32 or more, which its constant
/// propagation can create across instances, and reads a shift by `32'hFFFFFFFF` chosen in
/// a `?:` as a shift by -1, so the clamp is the (small, positive) value width.
fn shift_amount<'n>(amount: &Expr<'n>, width: u32, value_width: u32) -> Expr<'n> {
    if width <= 32 {
        return amount.clone();
    }
    let clamp = konst(value_width as u64, 32);
    match amount {
        Expr::Const(b) => match b.as_u64() {
            Some(v) if v < value_width as u64 => konst(v, 32),
            _ => clamp,
        },
        Expr::Ident(name) => {
            let high = Expr::Select { name: *name, hi: width - 1, lo: 32 };
            let over = Expr::bin(BinOp::Ne, high, Expr::Const(Bits::zero(width - 32)));
            Expr::ternary(over, clamp, Expr::Select { name: *name, hi: 31, lo: 0 })
        }
        other => panic!("a shift amount wider than 32 bits is not an identifier: {other:?}"),
    }
}

/// What a cell lowers to.
pub enum Lowered<'n> {
    /// A plain expression.
    Expr(Expr<'n>),
    /// A truth table: a localparam holding `table`, indexed by `index`.
    Table {
        /// The table constant.
        table: Bits,
        /// The index expression.
        index: Expr<'n>,
    },
}

/// Lowers a purely combinational cell (not `Lut`, `Reg`, instances or inputs), given its
/// operands' expressions (identifiers where [`super::usage::Need`] asked for them).
pub fn lower<'n>(kind: &CellKind, width: u32, ops: &[Expr<'n>], op_widths: &[u32]) -> Lowered<'n> {
    use CellKind::*;
    let e = |i: usize| ops[i].clone();
    let zero = || Expr::Const(Bits::zero(width));
    let ex = match kind {
        Const(b) => Expr::Const(b.clone()),
        And => fold(BinOp::And, ops),
        Or => fold(BinOp::Or, ops),
        Xor => fold(BinOp::Xor, ops),
        Add => fold(BinOp::Add, ops),
        Mul => fold(BinOp::Mul, ops),
        Nand => Expr::unary(UnOp::Not, fold(BinOp::And, ops)),
        Nor => Expr::unary(UnOp::Not, fold(BinOp::Or, ops)),
        Xnor => Expr::unary(UnOp::Not, fold(BinOp::Xor, ops)),
        Sub => Expr::bin(BinOp::Sub, e(0), e(1)),
        DivU | ModU => {
            let op = if *kind == DivU { BinOp::Div } else { BinOp::Mod };
            let by_zero = Expr::bin(BinOp::Eq, e(1), zero());
            let mut q = Expr::bin(op, e(0), e(1));
            if *kind == DivU && width > 64 {
                q = Expr::ternary(Expr::bin(BinOp::Eq, e(1), konst(1, width)), e(0), q);
            }
            Expr::ternary(by_zero, zero(), q)
        }
        DivS => {
            let by_zero = Expr::bin(BinOp::Eq, e(1), zero());
            let by_minus_one = Expr::bin(BinOp::Eq, e(1), Expr::Const(Bits::ones(width)));
            let mut div = if width > SIGNED_FORM_MAX_WIDTH {
                signed::div(&ops[0], &ops[1], width)
            } else {
                Expr::bin_signed(BinOp::Div, Expr::signed(e(0)), Expr::signed(e(1)))
            };
            if width > 64 {
                div = Expr::ternary(Expr::bin(BinOp::Eq, e(1), konst(1, width)), e(0), div);
            }
            let neg = Expr::bin(BinOp::Sub, zero(), e(0));
            Expr::ternary(by_zero, zero(), Expr::ternary(by_minus_one, neg, div))
        }
        ModS => {
            let by_zero = Expr::bin(BinOp::Eq, e(1), zero());
            let by_minus_one = Expr::bin(BinOp::Eq, e(1), Expr::Const(Bits::ones(width)));
            let rem = if width > SIGNED_FORM_MAX_WIDTH {
                signed::rem(&ops[0], &ops[1], width)
            } else {
                Expr::bin_signed(BinOp::Mod, Expr::signed(e(0)), Expr::signed(e(1)))
            };
            Expr::ternary(Expr::bin(BinOp::LogOr, by_zero, by_minus_one), zero(), rem)
        }
        Shl => Expr::bin(BinOp::Shl, e(0), shift_amount(&ops[1], op_widths[1], width)),
        ShrU => Expr::bin(BinOp::Shr, e(0), shift_amount(&ops[1], op_widths[1], width)),
        ShrS if width > SIGNED_FORM_MAX_WIDTH => {
            signed::shift_right(&ops[0], shift_amount(&ops[1], op_widths[1], width), width)
        }
        ShrS => Expr::bin_signed(
            BinOp::AShr,
            Expr::signed(e(0)),
            shift_amount(&ops[1], op_widths[1], width).operand(),
        ),
        Icmp(p) => {
            use IcmpPred::*;
            let (op, signed) = match p {
                Eq | Ceq | Weq => (BinOp::Eq, false),
                Ne | Cne | Wne => (BinOp::Ne, false),
                Slt => (BinOp::Lt, true),
                Sle => (BinOp::Le, true),
                Sgt => (BinOp::Gt, true),
                Sge => (BinOp::Ge, true),
                Ult => (BinOp::Lt, false),
                Ule => (BinOp::Le, false),
                Ugt => (BinOp::Gt, false),
                Uge => (BinOp::Ge, false),
            };
            if signed && op_widths[0] > SIGNED_FORM_MAX_WIDTH {
                signed::compare(op, e(0), e(1), op_widths[0])
            } else if signed {
                Expr::bin_signed(op, Expr::signed(e(0)), Expr::signed(e(1)))
            } else {
                Expr::bin(op, e(0), e(1))
            }
        }
        Inv => Expr::unary(UnOp::Not, e(0)),
        Parity => Expr::unary(UnOp::RedXor, e(0)),
        Reverse => match &ops[0] {
            _ if width == 1 => e(0),
            Expr::Const(b) => Expr::Const(reverse(b)),
            Expr::Ident(name) => {
                Expr::Concat((0..width).map(|i| Expr::Select { name: *name, hi: i, lo: i }).collect())
            }
            other => panic!("reverse of a non-identifier {other:?}"),
        },
        Concat if ops.len() == 1 => e(0),
        Concat => Expr::Concat(ops.iter().cloned().map(Expr::operand).collect()),
        Extract { low } => match &ops[0] {
            _ if *low == 0 && width == op_widths[0] => e(0),
            Expr::Const(b) => Expr::Const(slice(b, *low, width)),
            Expr::Ident(name) => Expr::Select { name: *name, hi: low + width - 1, lo: *low },
            other => panic!("extract of a non-identifier {other:?}"),
        },
        Replicate => {
            let n = width / op_widths[0];
            if n == 1 {
                e(0)
            } else {
                Expr::Repl(n, Box::new(e(0).operand()))
            }
        }
        Mux => Expr::ternary(e(0), e(1), e(2)),
        TruthTable(t) => {
            if ops.is_empty() || t.is_zero() || t.is_ones() {
                return Lowered::Expr(Expr::Const(Bits::from_bool(t.bit(0))));
            }
            let index = if ops.len() == 1 { e(0) } else { Expr::Concat(ops.to_vec()) };
            return Lowered::Table { table: t.clone(), index };
        }
        ToClock | FromClock => e(0),
        Lut { .. }
        | Reg { .. }
        | Memory { .. }
        | Instance { .. }
        | InstOutput(_)
        | Input(_)
        | Check { .. } => {
            unreachable!("{} is not a plain expression", kind.op_name())
        }
    };
    Lowered::Expr(ex)
}

/// The 8-bit index sum of a `comb.lut`: `sum(c_k * x_k) mod 256`, as an expression of width
/// 8 (operands narrower than 8 bits are zero-extended, wider ones must be identifiers and are
/// cut to their low byte). `None` when every coefficient is 0.
pub fn lut_sum<'n>(coefficients: &[u8], ops: &[Expr<'n>], op_widths: &[u32]) -> Option<Expr<'n>> {
    let mut terms = Vec::new();
    for ((&c, x), &w) in coefficients.iter().zip(ops).zip(op_widths) {
        if c == 0 {
            continue;
        }
        let x8 = match w {
            8 => x.clone(),
            w if w < 8 => Expr::Concat(vec![konst(0, 8 - w), x.clone().operand()]),
            _ => match x {
                Expr::Ident(name) => Expr::Select { name: *name, hi: 7, lo: 0 },
                Expr::Const(b) => Expr::Const(slice(b, 0, 8)),
                other => panic!("lut operand wider than 8 bits is not an identifier: {other:?}"),
            },
        };
        terms.push(if c == 1 { x8.operand() } else { Expr::bin(BinOp::Mul, konst(c as u64, 8), x8) });
    }
    if terms.is_empty() {
        None
    } else {
        Some(fold(BinOp::Add, &terms))
    }
}

/// `sum mod len` for an 8-bit `sum` (the identity when the table has 256 or more entries).
pub fn lut_index(sum: Expr<'_>, len: usize) -> Expr<'_> {
    if len >= 256 {
        sum
    } else {
        Expr::bin(BinOp::Mod, sum, konst(len as u64, 8))
    }
}
