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
//! - **pipelined multipliers** ([`pipe_mul`]): a registered carry-save stage reducing `n`
//!   rows (the two carry-save rows of the stage before and `n - 2` new partial products
//!   `a << j & b[j]`; or, in the first stage, `n` partial products) to two by
//!   [`csa_levels`] levels of 3:2 compressors on whole vectors. nextpnr measured such stages
//!   between registers (scripts/calibrate-pipemul.sh: yosys synth_ice40 + nextpnr-ice40 on
//!   the hx8k, seed 1, minus the `wire` period) at 16, 32 and 64 bits and one to six
//!   levels; [`CSA_NS`] keeps, per level count and width, the slower of the two kinds
//!   (first stages measured at 16 and 32 bits: 64 takes the 32-bit figure where larger).
//!   Widths between are interpolated; more levels add 1.4 ns each (the measured step from
//!   five to six). The additions of the finished low bits are the table's adders;
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

/// What a path beyond the cycle's register pair takes in a routed kernel, relative to the
/// model's sum of single-operator delays. Measured by `bench/hls_timing.sh` (six HLS
/// kernels on the hx8k through `fpga`, Yosys and native synthesis, three placer seeds
/// each): the sum is slightly pessimistic on whole kernels (each operator's measurement
/// carries a routing hop that operators chained in one logic cluster share, and both
/// synthesis paths merge a LUT level across some operator boundaries), while the longest
/// paths are the multi-cycle ones, timed whole. 0.97 puts the estimate within 0.89..1.12 of
/// the median routed Fmax on the kernels whose longest path the model sees (the table in
/// ARCHITECTURE.md "Estimated Fmax").
pub const ROUTED_SCALE: f64 = 0.97;

/// The register-to-register path place and route is expected to report for a path the
/// model puts at `model_ns` (fixed cycle cost included), ns: the register pair as measured,
/// the rest scaled by [`ROUTED_SCALE`].
pub fn routed_path(model_ns: f64) -> f64 {
    let regs = ice40::register_overhead_ns(1);
    if model_ns <= regs {
        return model_ns;
    }
    regs + (model_ns - regs) * ROUTED_SCALE
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
    /// Radix-4 steps: `rows / 2` radix-4 rows each, with a `3d` register.
    pub radix4: bool,
}

/// The sequential divider plan for `width` bits under `budget` ns, for divisors that fit
/// `divisor_bits` bits (`analysis::divwidth`; the width when unknown): the partial remainder is
/// below the divisor, so each row subtracts at `divisor_bits + 2` bits. Radix-4 steps
/// ([`div_row4`]) where they give more quotient bits per step than radix-2 rows: `3d` is
/// made in the load cycle (unsigned: an adder behind the load, the start needs it) or in
/// the absolute-value cycle (signed: after `|d|`'s adder).
pub fn seq_div(signed: bool, width: u32, divisor_bits: u32, budget: f64) -> SeqDiv {
    let r2 = seq_div_radix2(signed, width, divisor_bits, budget);
    let w = width.max(1);
    let m = divisor_bits.clamp(1, w);
    let fit4 = (budget / div_row4(m)).floor() as u32;
    let Some(k) = (1..=fit4).rev().find(|k| w.is_multiple_of(2 * k)) else { return r2 };
    let triple = delay(DelayOp::Add, m + 2);
    let (load, abs) =
        if signed { (CHAIN_NS, delay(DelayOp::Add, m) + triple) } else { (CHAIN_NS + triple, 0.0) };
    if 2 * k <= r2.rows || load.max(abs) > budget {
        return r2;
    }
    let steps = w / (2 * k);
    let step = (f64::from(k) * div_row4(m)).max(delay(DelayOp::Cmp(true), m) + CHAIN_NS);
    SeqDiv {
        rows: 2 * k,
        steps,
        latency: steps + if signed { 3 } else { 1 },
        load_delay: load,
        // Signed: the absolute-value cycle (|d| and 3|d|; |a| with its multiplexer) and the
        // negating cycle.
        step_delay: if signed {
            step.max(abs).max(delay(DelayOp::Add, w) + CHAIN_NS).max(negate(w))
        } else {
            step
        },
        radix4: true,
    }
}

/// [`seq_div`] with radix-2 rows only: the most rows that fit, among the divisors of the
/// width.
pub fn seq_div_radix2(signed: bool, width: u32, divisor_bits: u32, budget: f64) -> SeqDiv {
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
        radix4: false,
    }
}

/// One row of a radix-4 restoring divider with a divisor of `divisor_bits` bits: the partial
/// remainder shifted by two bits minus `d`, `2d` and `3d` (three subtracters side by side,
/// `3d` kept in a register), then a priority choice among the four candidates (two LUT
/// levels: the multiplexer and one more for its three conditions), ns.
pub fn div_row4(divisor_bits: u32) -> f64 {
    delay(DelayOp::Sub, divisor_bits + 3) + delay(DelayOp::Mux, divisor_bits) + CHAIN_NS
}

/// One register stage of a pipelined divider: `digits` radix-4 rows (two quotient bits
/// each), then `rows` radix-2 rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PipeStage {
    /// Radix-4 rows.
    pub digits: u32,
    /// Radix-2 rows.
    pub rows: u32,
}

/// How a pipelined divider of `width` bits is laid out (see `gen/pipediv.rs`). Cycle `t`
/// (the start) registers the operands. Unsigned: the step stages follow, the last one's
/// registers hold the result in cycle `t + latency` (`latency = steps + 1`). Signed: a stage
/// takes absolute values (and `3|d|` for radix-4 rows, and, where it fits, the first row:
/// the top bit of `|a|` is `a == MIN`, no adder needed), then the step stages, then a stage
/// doing `final_rows` last rows and the sign fix-ups into the result registers
/// (`latency = steps + 3`). With a last row there, the quotient's negation runs beside it:
/// `-U` of the bits already known (an adder from registers), then the row's bit picks
/// `{-U, 0}` or `{~U, 1}` (one LUT level).
#[derive(Clone, Debug, PartialEq)]
pub struct PipeDiv {
    /// The registered step stages, first to last.
    pub stages: Vec<PipeStage>,
    /// True if some stage uses radix-4 rows (the unit keeps `3d` in its stages).
    pub radix4: bool,
    /// Signed: the absolute-value stage also does the first radix-2 row.
    pub abs_row: bool,
    /// Signed: radix-2 rows in the last (sign fix-up) stage.
    pub final_rows: u32,
    /// Cycles from the start to the result.
    pub latency: u32,
    /// The longest registered stage's logic, ns.
    pub stage_delay: f64,
}

/// The pipelined divider plan for `width` bits under `budget` ns with divisors of
/// `divisor_bits` bits. Where two radix-2 rows do not fit a stage but a radix-4 row does
/// (a 17-bit divisor at 10 ns: a 4.9 ns radix-2 row, a 6.3 ns radix-4 one), the steps use
/// radix-4 rows: half as many stages. `3d` is an adder beside the signed unit's absolute
/// values, or beside the unsigned unit's first stage of radix-2 rows. Unsigned radix-2
/// plans are the sequential divider's steps ([`seq_div`]).
pub fn pipe_div(signed: bool, width: u32, divisor_bits: u32, budget: f64) -> PipeDiv {
    let w = width.max(1);
    let m = divisor_bits.clamp(1, w);
    let seq = seq_div_radix2(signed, w, m, budget);
    let (row2, row4) = (div_row(m), div_row4(m));
    let fit2 = ((budget / row2).floor().max(1.0) as u32).min(w);
    let fit4 = (budget / row4).floor() as u32;
    // 3d beside the stage that makes it: after the signed divisor's absolute value at m
    // bits, or an adder alone (unsigned).
    let triple = delay(DelayOp::Add, m + 2) + if signed { negate(m) } else { 0.0 };
    let radix4 = w >= 4 && fit4 >= 1 && 2 * fit4 > fit2 && triple <= budget;
    let zero_test = delay(DelayOp::Cmp(true), m) + CHAIN_NS;
    // Packs `bits` quotient bits into stages (radix-4 digits where chosen; the first stage
    // radix-2 when it has to make 3d).
    let pack = |mut left: u32, first_makes_3d: bool| {
        let mut stages = Vec::new();
        if !radix4 {
            while left > 0 {
                let n = fit2.min(left);
                stages.push(PipeStage { digits: 0, rows: n });
                left -= n;
            }
            return stages;
        }
        if first_makes_3d && left > 0 {
            let n = fit2.min(left);
            stages.push(PipeStage { digits: 0, rows: n });
            left -= n;
        }
        while left >= 2 {
            let k = fit4.min(left / 2);
            stages.push(PipeStage { digits: k, rows: 0 });
            left -= 2 * k;
        }
        if left == 1 {
            // An odd bit: with the last digits if both fit, else a stage of its own.
            let last = stages
                .last_mut()
                .filter(|s: &&mut PipeStage| f64::from(s.digits) * row4 + row2 <= budget && s.rows == 0);
            match last {
                Some(s) => s.rows = 1,
                None => stages.push(PipeStage { digits: 0, rows: 1 }),
            }
        }
        stages
    };
    let logic = |stages: &[PipeStage]| {
        stages.iter().map(|s| f64::from(s.digits) * row4 + f64::from(s.rows) * row2).fold(zero_test, f64::max)
    };
    if !signed {
        let stages = if radix4 {
            pack(w, true)
        } else {
            vec![PipeStage { digits: 0, rows: seq.rows }; seq.steps as usize]
        };
        let stage_delay = logic(&stages).max(if radix4 { triple } else { 0.0 });
        let latency = stages.len() as u32 + 1;
        return PipeDiv { stages, radix4, abs_row: false, final_rows: 0, latency, stage_delay };
    }
    // Signed. The absolute-value stage: |a| (an adder), |d| at m bits, 3|d|, and the first
    // row where it fits behind |d| and the `a == MIN` test.
    let abs = negate(w).max(if radix4 { triple } else { 0.0 });
    let row_in_abs = delay(DelayOp::Cmp(true), w).max(negate(m)) + row2;
    let abs_row = w >= 2 && row_in_abs <= budget;
    let rest = w - u32::from(abs_row);
    // The last stage (registered): the fix-ups alone, or one more row with them, whichever
    // is shorter. With the row, the quotient's negation runs beside it on the bits already
    // known (`-U` of the upper bits, an adder from registers), and the row's bit picks
    // `{-U, 0}` or `{~U, 1}` (one LUT level); the remainder's negation (at `m + 1` bits,
    // sign-extended) follows the row.
    let neg_r = negate((m + 1).min(w));
    let mut best: Option<PipeDiv> = None;
    for f in 0..=u32::from(rest >= 1) {
        let fix = if f == 0 {
            negate(w).max(neg_r)
        } else {
            (row2.max(negate(w - 1)) + CHAIN_NS).max(row2 + neg_r)
        };
        if f > 0 && fix > budget {
            continue;
        }
        let stages = pack(rest - f, false);
        let stage_delay = logic(&stages).max(abs).max(fix).max(if abs_row { row_in_abs } else { 0.0 });
        let plan =
            PipeDiv { latency: stages.len() as u32 + 3, stages, radix4, abs_row, final_rows: f, stage_delay };
        if best.as_ref().is_none_or(|b| plan.latency < b.latency) {
            best = Some(plan);
        }
    }
    best.expect("the plan without a last row always exists")
}

/// Widths of [`CSA_NS`]'s columns.
const CSA_WIDTHS: [u32; 3] = [16, 32, 64];

/// A registered carry-save stage of 1..=6 levels of 3:2 compressors at 16, 32 and 64 bits,
/// ns beyond the register pair (module header; scripts/calibrate-pipemul.sh). Measured
/// (later stage / first stage): 1 level 1.67/1.83, 1.32/1.91, 2.00; 2 levels 1.90, 2.00,
/// 2.54; 3 levels 2.98/3.65, 3.40/4.40, 3.40; 4 levels 5.20/5.26, 5.38/5.60, 5.84; 5 levels
/// 6.59/5.97, 7.27/7.10, 7.22; 6 levels (32 and 64 bits) 8.47, 9.26.
pub const CSA_NS: [[f64; 3]; 6] = [
    [1.834, 1.911, 2.002],
    [1.904, 1.995, 2.541],
    [3.647, 4.397, 4.397],
    [5.264, 5.600, 5.838],
    [6.594, 7.273, 7.273],
    [8.470, 8.470, 9.261],
];

/// Levels of 3:2 compressors that reduce `rows` rows to two (each level turns every three
/// rows into two): 0 up to two rows, then 1, 2, 3, 3, 4, 4, 4 for 3 to 9 rows.
pub fn csa_levels(rows: u32) -> u32 {
    let (mut n, mut levels) = (rows, 0);
    while n > 2 {
        n = 2 * (n / 3) + n % 3;
        levels += 1;
    }
    levels
}

/// A registered carry-save stage of `levels` compressor levels on `width`-bit rows, ns
/// ([`CSA_NS`]; no level: the partial products' AND packs into the registers' cells).
pub fn csa_stage(levels: u32, width: u32) -> f64 {
    if levels == 0 {
        return 0.0;
    }
    let row = (levels.min(6) - 1) as usize;
    let points: Vec<(f64, f64)> = CSA_WIDTHS.iter().map(|&w| f64::from(w)).zip(CSA_NS[row]).collect();
    let w = f64::from(width).clamp(points[0].0, points[2].0);
    let i = if w <= points[1].0 { 1 } else { 2 };
    let ((w0, d0), (w1, d1)) = (points[i - 1], points[i]);
    d0 + (d1 - d0) * (w - w0) / (w1 - w0) + 1.4 * f64::from(levels.saturating_sub(6))
}

/// How a pipelined multiplier of `width` bits is laid out (see `gen/pipemul.rs`): cycle
/// `t` registers the operands; carry-save stage `k` (cycle `t + 1 + k`) adds `rows[k]`
/// partial products (rows `j` of `a << j & b[j]`, in order) into the carry-save pair. Once
/// rows below `R` are in, the pair's bits below `R` take nothing more: the cycle after each
/// stage adds those bits (the `rows[k]` bits from the last ones done, with the carry of the
/// addition before) beside the next stage, which carries on with the bits above. The cycle
/// after the last stage adds its bits; that register holds the product modulo `2^width` in
/// cycle `t + latency`.
#[derive(Clone, Debug, PartialEq)]
pub struct PipeMul {
    /// Partial products each carry-save stage adds, first to last (they sum to the width).
    pub rows: Vec<u32>,
    /// Cycles from the start to the result: `rows.len() + 2`.
    pub latency: u32,
    /// The longest registered stage's logic, ns.
    pub stage_delay: f64,
}

/// The pipelined multiplier plan for `width` bits under `budget` ns: as many compressor
/// levels a stage as fit (at least one), so the first stage takes the most partial
/// products those levels reduce to two and every later one that many less two (the pair
/// it carries in). Each stage's bits are added the cycle after it, with a carry in and out
/// (an adder two bits wider than the stage's rows), beside the next stage.
pub fn pipe_mul(width: u32, budget: f64) -> PipeMul {
    let w = width.max(1);
    let levels = (1..=12).rev().find(|&l| csa_stage(l, w) <= budget).unwrap_or(1);
    let cap = (3..=512).take_while(|&n| csa_levels(n) <= levels).last().unwrap_or(3);
    let mut rows = vec![cap.min(w)];
    let mut left = w - rows[0];
    while left > 0 {
        let n = (cap - 2).min(left);
        rows.push(n);
        left -= n;
    }
    let stage_delay = rows
        .iter()
        .enumerate()
        .map(|(k, &n)| {
            let csa = csa_stage(csa_levels(n + if k == 0 { 0 } else { 2 }), w);
            csa.max(delay(DelayOp::Add, n + 2))
        })
        .fold(0.0, f64::max);
    PipeMul { latency: rows.len() as u32 + 2, rows, stage_delay }
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
    fn routed_paths() {
        // The register pair alone is as measured; what lies beyond it is scaled.
        let regs = ice40::register_overhead_ns(1);
        assert_eq!(routed_path(regs), regs);
        assert_eq!(routed_path(0.5), 0.5);
        let one_add = cycle_overhead() + delay(DelayOp::Add, 32);
        let r = routed_path(one_add);
        assert!((r - (regs + (one_add - regs) * ROUTED_SCALE)).abs() < 1e-9, "{r}");
        // Longer paths grow by the scale, and stay within 10% of the model.
        assert!((routed_path(20.0) - routed_path(10.0) - 10.0 * ROUTED_SCALE).abs() < 1e-9);
        for ns in [2.0, 5.0, 9.1, 16.0, 40.0] {
            assert!((routed_path(ns) / ns - 1.0).abs() < 0.1, "{ns}");
        }
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

    #[test]
    fn radix4_sequential_dividers() {
        let b = budget(10.0);
        // A 64-bit quotient by a 17-bit divisor: two bits a step instead of one.
        let u = seq_div(false, 64, 17, b);
        assert!(u.radix4 && (u.rows, u.steps, u.latency) == (2, 32, 33), "{u:?}");
        assert!(u.load_delay > CHAIN_NS && u.load_delay <= b && u.step_delay <= b, "{u:?}");
        let s = seq_div(true, 64, 17, b);
        assert!(s.radix4 && s.latency == 35 && s.load_delay == CHAIN_NS, "{s:?}");
        assert_eq!(seq_div_radix2(true, 64, 17, b).latency, 67);
        // Two radix-2 rows fit (8-bit divisors), or no radix-4 row does (32 bits): radix-2.
        assert!(!seq_div(false, 32, 8, b).radix4 && !seq_div(true, 32, 32, b).radix4);
        // Never longer than radix-2, and every step divides the width.
        for w in 1..=64 {
            for m in 1..=w {
                for signed in [false, true] {
                    let p = seq_div(signed, w, m, b);
                    assert!(p.latency <= seq_div_radix2(signed, w, m, b).latency);
                    assert_eq!(p.rows * p.steps, w);
                    assert!(!p.radix4 || p.rows.is_multiple_of(2) && p.load_delay <= b);
                }
            }
        }
    }

    #[test]
    fn pipelined_divider_plans() {
        let b = budget(10.0);
        let bits = |p: &PipeDiv| {
            p.stages.iter().map(|s| 2 * s.digits + s.rows).sum::<u32>() + u32::from(p.abs_row) + p.final_rows
        };
        // A 17-bit divisor: radix-2 rows one per stage, radix-4 rows fit one per stage.
        assert!(2.0 * div_row(17) > b && div_row4(17) <= b);
        let s = pipe_div(true, 64, 17, b);
        assert!(s.radix4 && s.stages.iter().all(|x| (x.digits, x.rows) == (1, 0)));
        assert_eq!((s.stages.len(), s.latency, bits(&s)), (32, 35, 64));
        // Unsigned: a radix-2 stage while 3d is made, 31 radix-4 stages, the odd bit.
        let u = pipe_div(false, 64, 17, b);
        assert_eq!(u.stages[0], PipeStage { digits: 0, rows: 1 });
        assert_eq!((u.stages.len(), u.latency, bits(&u)), (33, 34, 64));
        assert!(u.stage_delay <= b, "{}", u.stage_delay);
        // 16-bit divisors: radix-4 too (a 4.8 ns radix-2 row, a 6.2 ns radix-4 one).
        assert!(pipe_div(true, 16, 16, b).radix4);
        // A signed 32-bit division by an 8-bit divisor: the first row beside the absolute
        // values, 15 stages of two rows, the last row with the sign fix-up: 18 cycles, not
        // the sequential unit's 19.
        let p = pipe_div(true, 32, 8, b);
        assert!(p.abs_row && p.final_rows == 1 && !p.radix4);
        assert_eq!((p.stages.len(), p.latency), (15, 18));
        assert!(p.stage_delay <= b, "{p:?}");
        assert_eq!(seq_div(true, 32, 8, b).latency, 19);
        // Unsigned radix-2 plans are the sequential divider's steps.
        for (w, m) in [(32, 8), (32, 32), (64, 64), (3, 3)] {
            let p = pipe_div(false, w, m, b);
            let q = seq_div_radix2(false, w, m, b);
            assert!(!p.radix4 && p.latency == q.latency && bits(&p) == w, "{w} {m}");
        }
        // Every width and divisor width: every bit in one stage, never longer than the
        // sequential unit; stages within the budget wherever
        // the parts fit at all (a row, the absolute value).
        for w in 1..=64 {
            for m in 1..=w {
                for signed in [false, true] {
                    let p = pipe_div(signed, w, m, b);
                    assert_eq!(bits(&p), w, "{w} {m}");
                    assert_eq!(p.latency, p.stages.len() as u32 + if signed { 3 } else { 1 });
                    assert!(p.latency <= seq_div_radix2(signed, w, m, b).latency, "{w} {m}");
                    let parts = div_row(m).max(if signed { negate(w) } else { 0.0 });
                    assert!(p.stage_delay <= b.max(parts), "{w} {m} {}", p.stage_delay);
                }
            }
        }
    }

    #[test]
    fn pipelined_multiplier_plans() {
        assert_eq!(
            (csa_levels(2), csa_levels(3), csa_levels(4), csa_levels(6), csa_levels(9)),
            (0, 1, 2, 3, 4)
        );
        assert_eq!((csa_levels(10), csa_levels(13), csa_levels(19), csa_levels(28)), (5, 5, 6, 7));
        // The measured points come back; widths between lie between them.
        assert_eq!(csa_stage(4, 32), 5.6);
        let m = csa_stage(4, 48);
        assert!(m > 5.6 && m < 5.838);
        assert!(csa_stage(7, 32) > csa_stage(6, 32));
        // 32 bits at 10 ns: four levels (nine rows, then seven more with the pair) a stage,
        // five stages, the last one's bits added the cycle after: 7 cycles.
        let p = pipe_mul(32, budget(10.0));
        assert_eq!((p.rows.clone(), p.latency), (vec![9, 7, 7, 7, 2], 7));
        assert!(p.stage_delay <= budget(10.0));
        // 32 bits at 5 ns: two levels (four rows, then two a stage): 17 cycles.
        let q = pipe_mul(32, budget(5.0));
        assert!(q.rows[0] == 4 && q.rows[1..].iter().all(|&n| n == 2) && q.latency == 17, "{q:?}");
        assert!(q.stage_delay <= budget(5.0), "{q:?}");
        // 64 bits at 10 ns: nine stages, 11 cycles (a multi-cycle path: 3).
        assert_eq!(pipe_mul(64, budget(10.0)).latency, 11);
        for w in 1..=64 {
            for period in [5.0, 7.0, 10.0, 20.0] {
                let p = pipe_mul(w, budget(period));
                assert_eq!(p.rows.iter().sum::<u32>(), w);
                assert_eq!(p.latency, p.rows.len() as u32 + 2);
                assert!(p.stage_delay <= budget(period), "{w} {period} {p:?}");
            }
        }
    }
}
