//! Signed operations on values wider than 32 bits, written with unsigned operators only.
//!
//! Verilator 5.006 miscompiles some signed operations on 33- to 64-bit values: a signed
//! division, remainder or comparison whose operand is a select of a concatenation (after
//! its own inlining) is computed as if unsigned. Icarus and Yosys get them right. Rather
//! than depend on `$signed` there, these identities give the same two's-complement result
//! with unsigned arithmetic, which every tool agrees on:
//!
//! - `a <s b`  is  `(a ^ MSB) <u (b ^ MSB)` (flipping the sign bit maps signed order onto
//!   unsigned order), likewise for `<=`, `>`, `>=`;
//! - `a /s b`  is  `sa ^ sb ? -(|a| / |b|) : |a| / |b|` with `|x| = sx ? -x : x` (this also
//!   gives MIN / -1 = MIN and needs no guard for it);
//! - `a %s b`  is  `sa ? -(|a| % |b|) : |a| % |b|` (the dividend's sign);
//! - `a >>>s n` is `sa ? ~(~a >> n) : a >> n`.
//!
//! `sa` is the sign bit of `a`; operands are identifiers or constants (the printer asks for
//! atoms), so the sign bit is a bit-select or a folded constant. Values of 32 bits or less
//! keep the readable `$signed` forms.

use super::expr::{BinOp, Expr, UnOp};
use comb::Bits;

/// Signed operations at this width or below use `$signed`.
pub const SIGNED_FORM_MAX_WIDTH: u32 = 0;

/// The sign bit of an atom of width `w`.
pub fn sign_bit<'n>(a: &Expr<'n>, w: u32) -> Expr<'n> {
    match a {
        _ if w == 1 => a.clone(),
        Expr::Ident(name) => Expr::Select { name: *name, hi: w - 1, lo: w - 1 },
        Expr::Const(b) => Expr::Const(Bits::from_bool(b.msb())),
        other => panic!("the sign bit of a non-atom {other:?}"),
    }
}

fn msb_const<'n>(w: u32) -> Expr<'n> {
    let mut b = Bits::zero(w);
    b.set_bit(w - 1, true);
    Expr::Const(b)
}

fn neg(a: Expr<'_>, w: u32) -> Expr<'_> {
    Expr::bin(BinOp::Sub, Expr::Const(Bits::zero(w)), a)
}

fn abs<'n>(a: &Expr<'n>, w: u32) -> Expr<'n> {
    Expr::ternary(sign_bit(a, w), neg(a.clone(), w), a.clone())
}

/// `b` with its sign bit inverted.
pub fn flip_sign(b: &Bits) -> Bits {
    let mut f = b.clone();
    let w = f.width();
    f.set_bit(w - 1, !b.msb());
    f
}

/// `x ^ MSB`, folded for a constant.
fn flipped(x: Expr<'_>, w: u32) -> Expr<'_> {
    match x {
        Expr::Const(b) => Expr::Const(flip_sign(&b)),
        x => Expr::bin(BinOp::Xor, x, msb_const(w)),
    }
}

/// A signed comparison `a op b` (`op` one of `<`, `<=`, `>`, `>=`) of `w`-bit values.
pub fn compare<'n>(op: BinOp, a: Expr<'n>, b: Expr<'n>, w: u32) -> Expr<'n> {
    Expr::bin(op, flipped(a, w), flipped(b, w))
}

/// Signed division of `w`-bit atoms, for a divisor that is neither 0 nor -1 (the caller
/// guards those; the formula is right for -1 too).
pub fn div<'n>(a: &Expr<'n>, b: &Expr<'n>, w: u32) -> Expr<'n> {
    let q = Expr::bin(BinOp::Div, abs(a, w), abs(b, w));
    let differ = Expr::bin(BinOp::Xor, sign_bit(a, w), sign_bit(b, w));
    Expr::ternary(differ, neg(q.clone(), w), q)
}

/// Signed remainder (sign of the dividend) of `w`-bit atoms, for a non-zero divisor.
pub fn rem<'n>(a: &Expr<'n>, b: &Expr<'n>, w: u32) -> Expr<'n> {
    let r = Expr::bin(BinOp::Mod, abs(a, w), abs(b, w));
    Expr::ternary(sign_bit(a, w), neg(r.clone(), w), r)
}

/// Arithmetic right shift of a `w`-bit atom by `amount` (already in Verilog's form).
pub fn shift_right<'n>(a: &Expr<'n>, amount: Expr<'n>, w: u32) -> Expr<'n> {
    let filled =
        Expr::unary(UnOp::Not, Expr::bin(BinOp::Shr, Expr::unary(UnOp::Not, a.clone()), amount.clone()));
    Expr::ternary(sign_bit(a, w), filled, Expr::bin(BinOp::Shr, a.clone(), amount))
}
