//! The delay model: one table from (operator, width) to nanoseconds.
//!
//! Rough figures for a small FPGA (iCE40-class LUT4 fabric with carry chains), used for
//! chaining decisions and the report's critical-path estimate; they are estimates, not a
//! sign-off timing model. Every number the scheduler and the report use comes from here.

use crate::ir::BinOp;
use comb::IcmpPred;

/// What an operation is, for the delay model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DelayOp {
    /// An adder or subtracter (carry chain).
    AddSub,
    /// A multiplier.
    Mul,
    /// A divider or remainder (restoring array).
    Div,
    /// A comparison.
    Cmp(bool),
    /// Bitwise and/or/xor.
    Logic,
    /// A shift by a variable amount (barrel shifter).
    Shift,
    /// A 2-way multiplexer (select).
    Mux,
    /// Extension, truncation, constants: wires.
    Wire,
    /// Setup of a memory port's address/data before the clock edge.
    MemSetup,
    /// Clock-to-output of a memory's read data.
    MemOut,
}

/// Delay of `op` at `width` bits, in ns.
pub fn delay(op: DelayOp, width: u32) -> f64 {
    let w = width.max(1) as f64;
    let log = (w.log2().ceil()).max(1.0);
    match op {
        DelayOp::AddSub => 0.8 + 0.05 * w,
        DelayOp::Mul => 1.5 + 0.24 * w,
        DelayOp::Div => 1.0 + 0.9 * w,
        DelayOp::Cmp(_) => 0.7 + 0.04 * w,
        DelayOp::Logic => 0.4,
        DelayOp::Shift => 0.5 * log,
        DelayOp::Mux => 0.5,
        DelayOp::Wire => 0.0,
        DelayOp::MemSetup => 0.5,
        DelayOp::MemOut => 1.0,
    }
}

/// The delay class of a binary IR operator.
pub fn of_bin(b: BinOp) -> DelayOp {
    match b {
        BinOp::Add | BinOp::Sub => DelayOp::AddSub,
        BinOp::Mul => DelayOp::Mul,
        BinOp::DivS | BinOp::DivU | BinOp::RemS | BinOp::RemU => DelayOp::Div,
        BinOp::And | BinOp::Or | BinOp::Xor => DelayOp::Logic,
        BinOp::Shl | BinOp::ShrS | BinOp::ShrU => DelayOp::Shift,
    }
}

/// The delay class of a comparison.
pub fn of_cmp(p: IcmpPred) -> DelayOp {
    DelayOp::Cmp(matches!(p, IcmpPred::Eq | IcmpPred::Ne))
}

/// Extra delay of the input multiplexers of a unit shared by `n` operations.
pub fn sharing_mux(n: usize) -> f64 {
    if n <= 1 {
        0.0
    } else {
        delay(DelayOp::Mux, 1) * (n as f64).log2().ceil()
    }
}
