//! Float ops as operator types: which hardware unit (`float::units`) an op of the HLS IR
//! takes, and its latency and delays at a clock period.
//!
//! Why here: the units' latency table ([`units::min_latency`]) gives the fewest pipeline
//! registers for which every stage fits the chaining budget; the scheduler needs that as an
//! [`OperatorType`], like the integer multipliers' `schedule/mul_timing.rs`:
//! - a unit whose cone fits one cycle (latency 0: comparisons, min/max, negation, absolute
//!   value, small conversions at most clock periods) is combinational and chained, its
//!   delay the cone's estimate;
//! - any other is a pipelined unit (II 1): a `sequential` type of occupancy 1 and latency
//!   `L`, needing its first stage's delay in the start cycle (the operands go straight into
//!   the unit's first slice) and giving its result `L` cycles later at its last stage's
//!   delay (`units::pipeline`'s plan, the same cuts the generator makes);
//! - a divider or square root too slow for one cycle is, in an FSM block, one sequential
//!   unit (start/done, `ds_iter`), busy from start to done, as integer dividers are; in a
//!   pipelined loop ([`pipelined_in_loop`]) the pipelined form (II 1), so the loop's II is
//!   not held to the unit's busy cycles;
//! - a remainder (`arith.remf`) is always one sequential unit, in a pipelined loop too
//!   (whose II is then at least its busy cycles): its recurrence has the worst case's rows
//!   (276 for `f32`, 2097 for `f64`), which pipelined would take tens of thousands of LUTs.
//!
//! The timings build a unit to measure it, so they are cached per (unit, format, period).
//!
//! Units are built with [`UNIT_OPTIONS`]: significand products from a bit-level compressor
//! tree of full adders (`mul_tile: Some(0)`, `units::csa`), not one `Mul` cell. Why: a
//! 24 x 24 `Mul` cell is one ~15 ns stage on the iCE40 hx parts that no register cut can
//! split (an f32 multiplier scheduled for 10 ns placed and routed at 57.8 MHz); the tree's
//! levels are one LUT each and the pipeliner cuts between them: f32 mul latency 5 at 10 ns
//! (7 with the earlier whole-row compressors).

use super::{OperatorType, Problem};
use crate::float::units::{self, ds_unit, FUnit, UnitOptions};
use crate::float::FloatFormat;
use crate::ir::{FBinOp, FUnOp, Num, OpKind};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// How HLS builds its float units (see the module doc): multipliers from a compressor tree.
pub const UNIT_OPTIONS: UnitOptions = UnitOptions { mul_tile: Some(0) };

/// The unit an op of kind `k` runs on and its format (the operand's; for `sitofp`/`uitofp`
/// the result's), or None for ops that are not float ops or have no unit.
pub fn unit_of(k: &OpKind) -> Option<(FUnit, FloatFormat)> {
    use crate::float::units::fcmp::MinMax;
    Some(match *k {
        OpKind::FBin { op, fmt, .. } => {
            let u = match op {
                FBinOp::Add => FUnit::Add,
                FBinOp::Sub => FUnit::Sub,
                FBinOp::Mul => FUnit::Mul,
                FBinOp::Div => FUnit::Div,
                FBinOp::Rem => FUnit::Rem,
                FBinOp::Maximum => FUnit::MinMax(MinMax::Maximum),
                FBinOp::Minimum => FUnit::MinMax(MinMax::Minimum),
                FBinOp::MaxNum => FUnit::MinMax(MinMax::MaxNum),
                FBinOp::MinNum => FUnit::MinMax(MinMax::MinNum),
            };
            (u, fmt)
        }
        OpKind::FUn(op, fmt) => {
            let u = match op {
                FUnOp::Neg => FUnit::Neg,
                FUnOp::Abs => FUnit::Abs,
                FUnOp::Sqrt => FUnit::Sqrt,
            };
            (u, fmt)
        }
        OpKind::Fma { fmt, .. } => (FUnit::Fma, fmt),
        OpKind::FCmp(p, fmt) => (FUnit::Cmp(p), fmt),
        // The conversion units take integers of 1 to 64 bits.
        OpKind::FConv { from, to }
            if from.width().max(to.width()) > 64 && !matches!((from, to), (Num::Float(_), Num::Float(_))) =>
        {
            return None
        }
        OpKind::FConv { from, to } => match (from, to) {
            (Num::SInt(w), Num::Float(f)) => (FUnit::IToFp { width: w, signed: true }, f),
            (Num::UInt(w), Num::Float(f)) => (FUnit::IToFp { width: w, signed: false }, f),
            (Num::Float(f), Num::SInt(w)) => (FUnit::FpToI { width: w, signed: true }, f),
            (Num::Float(f), Num::UInt(w)) => (FUnit::FpToI { width: w, signed: false }, f),
            (Num::Float(f), Num::Float(t)) => (FUnit::Convert { to: t }, f),
            _ => return None,
        },
        _ => return None,
    })
}

/// A unit's timing at one clock period.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timing {
    /// Pipeline registers (0: combinational).
    pub latency: u32,
    /// Delay in the start cycle (the whole cone when combinational), ns.
    pub first: f64,
    /// Delay after the last register in the result's cycle, ns.
    pub last: f64,
}

type Key = (FUnit, FloatFormat, u64);

fn cache() -> &'static Mutex<HashMap<Key, Timing>> {
    static C: OnceLock<Mutex<HashMap<Key, Timing>>> = OnceLock::new();
    C.get_or_init(|| Mutex::new(HashMap::new()))
}

/// The pipelined (or combinational) timing of `u` at format `f` for a clock period of
/// `period` ns (`units::min_latency`, the slices of `units::stage_delays`). A divider's or
/// square root's pipeline is cut by its own structure, not the generic plan: its first and
/// last stages are taken as the whole budget.
pub fn timing(u: FUnit, f: FloatFormat, period: f64) -> Timing {
    let key = (u, f, period.to_bits());
    if let Some(t) = cache().lock().ok().and_then(|c| c.get(&key).copied()) {
        return t;
    }
    let latency = units::min_latency_with(u, f, period, &UNIT_OPTIONS);
    let budget = super::delays::budget(period);
    let t = if latency > 0 && matches!(u, FUnit::Div | FUnit::Sqrt) {
        Timing { latency, first: budget, last: budget }
    } else {
        let s = units::stage_delays_with(u, f, latency, &UNIT_OPTIONS);
        let first = s.first().copied().unwrap_or(0.0).min(budget);
        let last = if latency > 0 && s.len() == latency as usize + 1 { s[latency as usize] } else { 0.0 };
        Timing { latency, first, last: last.min(budget) }
    };
    if let Ok(mut c) = cache().lock() {
        c.insert(key, t);
    }
    t
}

/// The operator type of a float op on unit `u` at format `f` (see the module doc), in an
/// FSM block (`pipelined_in_loop` adjusts a loop's).
pub fn op_type(u: FUnit, f: FloatFormat, period: f64) -> OperatorType {
    let name = format!("{} {f}", u.name());
    if u == FUnit::Rem {
        return seq_type(name, seq_unit(u, f, period), f, period);
    }
    let t = timing(u, f, period);
    if t.latency == 0 {
        return OperatorType {
            name,
            latency: 0,
            delay: t.first,
            outgoing_delay: 0.0,
            occupancy: 1,
            span: 1,
            sequential: false,
        };
    }
    if let Some(seq) = seq_unit(u, f, period) {
        return seq_type(name, Some(seq), f, period);
    }
    pipe_type(name, t)
}

/// The operator type of sequential unit `seq` (start/done): busy from start to done.
fn seq_type(name: String, seq: Option<FUnit>, f: FloatFormat, period: f64) -> OperatorType {
    let l = seq.map_or(1, |s| units::min_latency_with(s, f, period, &UNIT_OPTIONS));
    OperatorType {
        name: format!("{name} seq"),
        latency: l,
        delay: super::delays::CHAIN_NS,
        outgoing_delay: 0.0,
        occupancy: l,
        span: l + 1,
        sequential: true,
    }
}

/// [`ds_unit::seq_unit`], cached per (unit, format, period): it measures the recurrence.
fn seq_unit(u: FUnit, f: FloatFormat, period: f64) -> Option<FUnit> {
    type SeqKey = (FUnit, FloatFormat, u64);
    static C: OnceLock<Mutex<HashMap<SeqKey, Option<FUnit>>>> = OnceLock::new();
    let c = C.get_or_init(|| Mutex::new(HashMap::new()));
    let key = (u, f, period.to_bits());
    if let Some(s) = c.lock().ok().and_then(|c| c.get(&key).copied()) {
        return s;
    }
    let s = ds_unit::seq_unit(u, f, period);
    if let Ok(mut c) = c.lock() {
        c.insert(key, s);
    }
    s
}

fn pipe_type(name: String, t: Timing) -> OperatorType {
    OperatorType {
        name: format!("{name} pipe"),
        latency: t.latency,
        delay: t.first,
        outgoing_delay: t.last,
        occupancy: 1,
        span: t.latency + 1,
        sequential: true,
    }
}

/// True if `t` (of a float op) is a sequential divider or square root (start/done).
pub fn is_sequential(t: &OperatorType) -> bool {
    t.sequential && t.occupancy > 1
}

/// `p` (a pipelined loop's body, ops `kinds`) with every sequential float divider and square
/// root pipelined instead (II 1), so the loop's II is not held to their busy cycles; a
/// remainder stays sequential (see the module doc).
pub fn pipelined_in_loop(p: &mut Problem, kinds: &[&OpKind], period: f64) {
    let mut made: HashMap<usize, usize> = HashMap::new();
    for (i, k) in kinds.iter().enumerate() {
        let ty = p.ops[i].ty;
        if !is_sequential(&p.types[ty]) {
            continue;
        }
        let Some((u, f)) = unit_of(k) else { continue };
        if u == FUnit::Rem {
            continue;
        }
        if let Some(&n) = made.get(&ty) {
            p.ops[i].ty = n;
            continue;
        }
        p.types.push(pipe_type(format!("{} {f}", u.name()), timing(u, f, period)));
        let n = p.types.len() - 1;
        made.insert(ty, n);
        p.ops[i].ty = n;
    }
}

/// True if float op kind `k` keeps its sequential unit in a pipelined loop (a remainder).
pub fn stays_sequential(k: &OpKind) -> bool {
    matches!(unit_of(k), Some((FUnit::Rem, _)))
}

/// The unit an op with type `t` is built as: the sequential form of a divider, square
/// root or remainder when `t` is sequential ([`is_sequential`]), else `u` itself.
pub fn built_unit(u: FUnit, f: FloatFormat, t: &OperatorType, period: f64) -> FUnit {
    if is_sequential(t) {
        seq_unit(u, f, period).unwrap_or(u)
    } else {
        u
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn f32_add_and_mul_are_pipelined_at_10ns_and_compares_chain() {
        let add = op_type(FUnit::Add, FloatFormat::F32, 10.0);
        assert!(add.sequential && add.occupancy == 1 && add.latency >= 1, "{add:?}");
        assert_eq!(add.span, add.latency + 1);
        let budget = super::super::delays::budget(10.0);
        assert!(add.delay <= budget && add.outgoing_delay <= budget);
        let mul = op_type(FUnit::Mul, FloatFormat::F32, 10.0);
        assert!(mul.latency >= 1 && mul.occupancy == 1);
        let neg = op_type(FUnit::Neg, FloatFormat::F32, 10.0);
        assert_eq!((neg.latency, neg.sequential), (0, false));
        // A longer period needs fewer registers.
        let slow = op_type(FUnit::Add, FloatFormat::F32, 40.0);
        assert!(slow.latency < add.latency, "{slow:?} {add:?}");
    }

    #[test]
    fn dividers_are_sequential_in_blocks_and_pipelined_in_loops() {
        let div = op_type(FUnit::Div, FloatFormat::F32, 10.0);
        assert!(is_sequential(&div) && div.occupancy == div.latency, "{div:?}");
        let kind = OpKind::FBin { op: FBinOp::Div, fmt: FloatFormat::F32, reassoc: false };
        let mut p = Problem { types: vec![div], ..Default::default() };
        p.ops.push(super::super::Operation { ty: 0, resource: None });
        pipelined_in_loop(&mut p, &[&kind], 10.0);
        let t = &p.types[p.ops[0].ty];
        assert!(t.sequential && t.occupancy == 1 && t.latency >= 2, "{t:?}");
        assert_eq!(built_unit(FUnit::Div, FloatFormat::F32, t, 10.0), FUnit::Div);
        assert!(matches!(built_unit(FUnit::Div, FloatFormat::F32, &p.types[0], 10.0), FUnit::DivSeq { .. }));
    }

    #[test]
    fn remainders_stay_sequential_in_loops() {
        let kind = OpKind::FBin { op: FBinOp::Rem, fmt: FloatFormat::F32, reassoc: false };
        let (u, f) = unit_of(&kind).unwrap();
        let rem = op_type(u, f, 10.0);
        assert!(is_sequential(&rem) && rem.occupancy == rem.latency, "{rem:?}");
        // The worst case's 276 rows: well beyond the divider's latency.
        let div = op_type(FUnit::Div, f, 10.0);
        assert!(rem.latency > div.latency && rem.latency >= 276 / 4, "{rem:?} {div:?}");
        let mut p = Problem { types: vec![rem.clone()], ..Default::default() };
        p.ops.push(super::super::Operation { ty: 0, resource: None });
        pipelined_in_loop(&mut p, &[&kind], 10.0);
        assert_eq!(p.types[p.ops[0].ty], rem);
        assert!(matches!(built_unit(u, f, &rem, 10.0), FUnit::RemSeq { rows, .. } if rows >= 1));
        assert_eq!(built_unit(u, f, &rem, 10.0), seq_unit(u, f, 10.0).unwrap());
        assert!(stays_sequential(&kind));
    }
}
