//! The delay model: one function from (operator, width) to nanoseconds, from measurements.
//!
//! The figures are the calibrated iCE40 HX8K table ([`super::ice40`], nextpnr's
//! register-to-register periods of single-operator designs), plus what those single-operator
//! runs cannot measure:
//! - **chaining**: an operator that packs into a register's own logic cell (and/or/xor, small
//!   muxes, 1-bit arithmetic) measures 0 ns, but chained behind another operator it costs a
//!   LUT level and a routing hop, [`CHAIN_NS`]; so every operator but wiring costs at least that;
//! - **the cycle's fixed cost** ([`cycle_overhead`]): the register pair's clock-to-out, setup
//!   and hop (the table's bare `wire` period) and the multiplexer in front of a value register
//!   or memory port that several states write ([`CHAIN_NS`] again). The scheduler chains
//!   operators within [`budget`] = clock period - that overhead;
//! - **division**, which the table does not list: a restoring array of `width` rows, each a
//!   `width + 2`-bit subtraction and a `width`-bit multiplexer ([`div_row`]); 32 rows at 10 ns
//!   give the 263 ns nextpnr measured for gcd's one-cycle remainder within 10 %;
//! - **memories**: setup of a port's address is its multiplexer ([`CHAIN_NS`]), read data's
//!   clock-to-out beyond a flip-flop's is an estimate (1 ns; SB_RAM40_4K is not calibrated).
//!
//! Every number the scheduler, the binder and the report use comes from here.

use super::ice40::{self, Kind};
use crate::ir::BinOp;
use comb::IcmpPred;

/// What an operation is, for the delay model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DelayOp {
    /// An adder (carry chain).
    Add,
    /// A subtracter (carry chain).
    Sub,
    /// A multiplier.
    Mul,
    /// A divider or remainder, as a combinational restoring array.
    Div,
    /// A comparison (`true`: equality).
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

/// One LUT level and one routing hop on the iCE40, ns: the measured step from an 8-bit mux
/// (one LUT, packed with its register: 0 ns) to a 16-bit one (a second level: 1.24 ns).
pub const CHAIN_NS: f64 = 1.24;

/// Delay of `op` at `width` bits when chained with others in one cycle, in ns.
pub fn delay(op: DelayOp, width: u32) -> f64 {
    let table = |k: Kind| ice40::op_delay_ns(k, width).max(CHAIN_NS);
    match op {
        DelayOp::Add => table(Kind::Add),
        DelayOp::Sub => table(Kind::Sub),
        DelayOp::Mul => table(Kind::Mul),
        DelayOp::Div => f64::from(width.max(1)) * div_row(width),
        DelayOp::Cmp(true) => table(Kind::CmpEq),
        DelayOp::Cmp(false) => table(Kind::CmpLt),
        DelayOp::Logic => table(Kind::Xor),
        DelayOp::Shift => table(Kind::Shl).max(ice40::op_delay_ns(Kind::Shr, width)),
        DelayOp::Mux => table(Kind::Mux),
        DelayOp::Wire => 0.0,
        DelayOp::MemSetup => CHAIN_NS,
        DelayOp::MemOut => 1.0,
    }
}

/// A multiply by the constant `c` at `width` bits: the partial products of its one bits
/// (within the width) summed by a chain of adders, at most a full multiplier; a power of
/// two is wiring.
pub fn mul_by_const(c: u64, width: u32) -> f64 {
    let mask = if width >= 64 { u64::MAX } else { (1u64 << width) - 1 };
    let ones = (c & mask).count_ones();
    if ones <= 1 {
        return 0.0;
    }
    (f64::from(ones - 1) * delay(DelayOp::Add, width)).min(delay(DelayOp::Mul, width))
}

/// One row of a restoring divider of `width` bits: subtract, then select, ns.
pub fn div_row(width: u32) -> f64 {
    delay(DelayOp::Sub, width + 2) + delay(DelayOp::Mux, width)
}

/// What every cycle spends besides its operators, ns: the register pair (the table's bare
/// `wire` period) and the multiplexer in front of a register written in several states.
pub fn cycle_overhead() -> f64 {
    ice40::register_overhead_ns(1) + CHAIN_NS
}

/// The time operators may chain within a cycle of `period` ns.
pub fn budget(period: f64) -> f64 {
    period - cycle_overhead()
}

/// The shortest clock period the model can schedule anything in: the overhead and one LUT.
pub fn min_period() -> f64 {
    cycle_overhead() + CHAIN_NS
}

/// A conditional negation `c ? -x : x` of `width` bits as the dividers build it,
/// `(x ^ {w{c}}) + c`: one LUT level in front of an adder's carry chain, ns (7.4 ns as a
/// subtracter and a multiplexer at 32 bits; 6.0 this way).
pub fn negate(width: u32) -> f64 {
    CHAIN_NS + delay(DelayOp::Add, width)
}

/// How a sequential divider of `width` bits runs within a chaining budget (see
/// `gen/seqdiv.rs`): a load cycle; when signed, a cycle taking the operands' absolute values;
/// `steps` cycles of `rows` quotient bits each (`rows` divides the width); when signed, a
/// cycle negating the result into a result register. The result is read from a register
/// the cycle after the last of these.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeqDiv {
    /// Quotient bits per step cycle.
    pub rows: u32,
    /// Step cycles.
    pub steps: u32,
    /// Cycles from the load to the result: `steps + 1`, or `steps + 3` when signed.
    pub latency: u32,
    /// What the load needs in its cycle (the load multiplexer), ns.
    pub load_delay: f64,
    /// The longest of its own cycles' logic (a step; the sign cycles), ns.
    pub step_delay: f64,
}

/// The sequential divider plan for `width` bits under `budget` ns, for divisors that fit
/// `divisor_bits` bits (`ir::divwidth`; the width when unknown): the partial remainder is
/// below the divisor, so each row subtracts at `divisor_bits + 2` bits.
pub fn seq_div(signed: bool, width: u32, divisor_bits: u32, budget: f64) -> SeqDiv {
    let w = width.max(1);
    let m = divisor_bits.clamp(1, w);
    let row = div_row(m);
    // The most rows that fit, among the divisors of the width (every step does `rows`).
    // The quotient register's extra source in signed units (load / absolute value / step)
    // is selected before the step's late bits, so a step is its rows alone; the divisor's
    // zero test runs beside the first row's subtraction and folds into the last row's
    // multiplexer.
    let fit = ((budget / row).floor().max(1.0) as u32).min(w);
    let rows = (1..=fit).rev().find(|k| w.is_multiple_of(*k)).unwrap_or(1);
    let steps = w / rows;
    let step = (f64::from(rows) * row).max(delay(DelayOp::Cmp(true), m) + CHAIN_NS);
    // Signed: the absolute-value cycle adds the kept sign (an adder, then the quotient
    // register's second multiplexer level); the last cycle negates (a LUT level and an adder).
    let sign = delay(DelayOp::Add, w) + CHAIN_NS;
    SeqDiv {
        rows,
        steps,
        latency: steps + if signed { 3 } else { 1 },
        load_delay: CHAIN_NS,
        step_delay: if signed { step.max(sign).max(negate(w)) } else { step },
    }
}

/// The delay class of a binary IR operator.
pub fn of_bin(b: BinOp) -> DelayOp {
    match b {
        BinOp::Add => DelayOp::Add,
        BinOp::Sub => DelayOp::Sub,
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
        CHAIN_NS * (n as f64).log2().ceil()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calibrated_figures_and_chaining_floor() {
        // The measured 32-bit adder, not the old 2.4 ns guess.
        assert!((delay(DelayOp::Add, 32) - 4.754).abs() < 1e-9);
        // Logic measures 0 alone but costs a LUT level chained.
        assert_eq!(delay(DelayOp::Logic, 32), CHAIN_NS);
        assert_eq!(delay(DelayOp::Wire, 32), 0.0);
        // gcd's one-cycle 32-bit remainder measured 263 ns (3.8 MHz) with nextpnr.
        let d = delay(DelayOp::Div, 32) + cycle_overhead();
        assert!((d - 263.0).abs() < 26.0, "{d}");
        assert!(budget(10.0) > delay(DelayOp::Add, 32) && budget(10.0) < delay(DelayOp::Mul, 32));
        // Constant multiplies: shifts and adds.
        assert_eq!(mul_by_const(16, 32), 0.0);
        assert_eq!(mul_by_const(12, 32), delay(DelayOp::Add, 32));
        assert_eq!(mul_by_const(u64::MAX, 32), delay(DelayOp::Mul, 32));
    }

    #[test]
    fn sequential_divider_plans() {
        let p = seq_div(false, 32, 32, budget(10.0));
        assert_eq!((p.rows, p.steps, p.latency), (1, 32, 33));
        assert_eq!(seq_div(true, 32, 32, budget(10.0)).latency, 35);
        // An 8-bit divisor: 10-bit rows, two per 10 ns cycle.
        let n = seq_div(false, 32, 8, budget(10.0));
        assert_eq!((n.rows, n.steps, n.latency), (2, 16, 17));
        assert!(n.step_delay <= budget(10.0), "{}", n.step_delay);
        // The sign cycles fit a 10 ns clock at 32 bits (the subtracter-and-mux negation,
        // 7.4 ns, did not); what is left over the budget is the 32-bit row itself.
        assert!(negate(32) < budget(10.0), "{}", negate(32));
        let s = seq_div(true, 32, 32, budget(10.0));
        assert_eq!(s.step_delay, div_row(32));
        let q = seq_div(true, 8, 8, budget(20.0));
        assert!(q.rows > 1 && q.step_delay <= budget(20.0) && q.latency == 3 + 8 / q.rows);
        assert!(8u32.is_multiple_of(q.rows));
    }
}
