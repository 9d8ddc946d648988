//! Which loops are pipelined, and their modulo scheduling problem.
//!
//! Eligible: a `for` loop whose body (after unrolling and if-conversion) is one basic
//! block of plain ops with at least one op that needs a cycle, whose yields are computed
//! in the body (or pass an iter_arg through unchanged). The problem is the body's block
//! problem ([`super::block::block_problem`]: one iteration) plus the dependences between
//! iterations ([`CarriedDep`]):
//! - a loop-carried value: the op computing the yield must have its result in a register
//!   before the next iteration's first use (`t_use + II >= t_yield + span`, where the
//!   yield's result is in its cell in cycle `t_yield + span - 1`); a carried value that
//!   yields another one (a rotation, `transform::reassoc`) is the value computed `d` iterations
//!   earlier, `d` the length of the chain ([`rotation`]): `t_use + d II >= t_yield + span`;
//! - memory: two accesses to one memory, at least one a store, that may touch one address
//!   `d >= 1` iterations apart keep the iteration order (`t_b + d * II >= t_a + 1` after a
//!   store, `+ 0` after a load: a store may share the cycle of an earlier read). Addresses
//!   are linear forms in the induction variable and loop-invariant values; the smallest
//!   such `d` comes from the dependence test ([`crate::analysis::deptest::distance`]: exact over
//!   the induction variables' ranges, whatever the coefficients; `i mod 2^k` follows the
//!   induction variable); a form with another value computed in the body is ordered at
//!   distance 1 (conservative).

use super::block::{block_problem, BlockSchedule};
use super::modulo::{self, CarriedDep, ModuloSolution};
use crate::analysis::deps::{LinForm, Linear};
use crate::analysis::deptest::{self, Domains, Term};
use crate::ir::{ForLoop, Func, Item, OpId, OpKind, ValId};
use crate::Options;
use std::collections::{BTreeSet, HashMap};

/// A modulo-scheduled loop body.
#[derive(Clone, Debug)]
pub struct PipelinePlan {
    /// The body's ops (without constants), problem and one iteration's schedule.
    pub block: BlockSchedule,
    /// The initiation interval and minimum.
    pub modulo: ModuloSolution,
    /// The dependences between iterations it satisfies.
    pub carried: Vec<CarriedDep>,
    /// How many of them are through memory (the last ones of `carried`): a recurrence
    /// through memory that the loop keeps.
    pub memory_carried: usize,
    /// The II asked for (`hls.pipeline = N`, else 1).
    pub target: u32,
    /// What set the II when it is above the target.
    pub bound: Option<super::iibound::IiBound>,
}

impl PipelinePlan {
    /// Initiation interval.
    pub fn ii(&self) -> u32 {
        self.modulo.ii
    }
    /// Cycles of one iteration.
    pub fn depth(&self) -> u32 {
        self.modulo.sol.length
    }
    /// Stages: `ceil(depth / II)`.
    pub fn stages(&self) -> u32 {
        self.modulo.stages()
    }
    /// Cycles of a run of `n >= 1` iterations: one starts every II cycles and the loop
    /// ends with the last one's last cycle, `(n - 1) * II + depth`.
    pub fn latency(&self, n: u64) -> u64 {
        n.saturating_sub(1) * u64::from(self.ii()) + u64::from(self.depth().max(1))
    }
}

/// Why `l` cannot be pipelined, or None if it can.
pub fn ineligible(f: &Func, l: &ForLoop) -> Option<String> {
    for item in &l.body.items {
        let why = match item {
            Item::Op(_) => continue,
            Item::For(_) | Item::While(_) => "it contains a loop (only innermost loops are pipelined)",
            Item::If(_) => "its body has a conditional with memory accesses or loops (not if-converted)",
            Item::Cfg(_) => "its body has branches",
        };
        return Some(why.into());
    }
    if l.trip == Some(0) {
        return Some("it never runs (trip count 0)".into());
    }
    // A constant is no body op of the schedule (its cells are shared), so a carried value
    // that becomes a constant (scalar replacement of a store of one) is not computed here.
    let defined: BTreeSet<ValId> = body_ops(l)
        .iter()
        .filter(|&&o| !matches!(f.op(o).kind, OpKind::Const(_)))
        .filter_map(|&o| f.op(o).result)
        .collect();
    // A carried value that yields a constant or a value from before the loop is that value
    // after the first iteration: fine when nothing in the body reads it (only the loop's
    // result does), not otherwise.
    let read: BTreeSet<ValId> = body_ops(l)
        .iter()
        .flat_map(|&o| f.op(o).operands.iter().copied())
        .chain(l.yields.iter().copied())
        .collect();
    for (i, (a, y)) in l.iter_args.iter().zip(&l.yields).enumerate() {
        let rotated = rotation(l, i).is_some_and(|(v, _)| defined.contains(&v));
        if a != y && !defined.contains(y) && !rotated && read.contains(a) {
            return Some("it yields a value that is not computed in its body".into());
        }
        // A carried value that yields another carried value outside a rotation (their
        // starting values differ, as when scalar replacement keeps a stored iter_arg) must
        // take that value before it changes, which the pipeline's registers do not do.
        if a != y && l.iter_args.contains(y) && !rotated {
            return Some("a carried value yields another carried value that starts elsewhere".into());
        }
    }
    None
}

/// When carried value `i` of `l` yields another carried value, which yields another, ...
/// until a value that is no carried value (a rotation, `transform::reassoc`): that value and the
/// chain's length in iterations (1 for a carried value that yields a body value directly).
/// None for a chain that comes back to itself, or whose carried values start at different
/// values (the generator's shift register needs them alike, `gen/pipeline.rs`).
pub fn rotation(l: &ForLoop, i: usize) -> Option<(ValId, u32)> {
    let mut y = l.yields[i];
    let mut d = 1;
    while let Some(j) = l.iter_args.iter().position(|&a| a == y) {
        if d as usize > l.iter_args.len() || l.inits[j] != l.inits[i] {
            return None;
        }
        y = l.yields[j];
        d += 1;
    }
    Some((y, d))
}

/// The body's plain ops in program order.
pub fn body_ops(l: &ForLoop) -> Vec<OpId> {
    l.body.items.iter().filter_map(|i| if let Item::Op(o) = i { Some(*o) } else { None }).collect()
}

/// Modulo-schedules the body of the eligible loop `l` at a target II (at least 1).
pub fn plan(f: &Func, l: &ForLoop, opts: &Options, target_ii: u32) -> Result<PipelinePlan, String> {
    let ops: Vec<OpId> =
        body_ops(l).into_iter().filter(|&o| !matches!(f.op(o).kind, OpKind::Const(_))).collect();
    let mut p = block_problem(f, &ops, opts)?;
    // Float dividers and square roots pipelined, never sequential, in a loop (`float_timing.rs`).
    let kinds: Vec<&OpKind> = ops.iter().map(|&o| &f.op(o).kind).collect();
    super::float_timing::pipelined_in_loop(&mut p, &kinds, opts.clock_period);
    let index: HashMap<OpId, usize> = ops.iter().enumerate().map(|(i, &o)| (o, i)).collect();
    let def: HashMap<ValId, usize> =
        ops.iter().enumerate().filter_map(|(i, &o)| f.op(o).result.map(|r| (r, i))).collect();
    let mut carried = Vec::new();
    // Loop-carried values: the yield's op before the next iteration's uses.
    for (i, a) in l.iter_args.iter().enumerate() {
        let Some((y, iterations)) = rotation(l, i) else { continue };
        let Some(&from) = def.get(&y) else { continue };
        let span = p.types[p.ops[from].ty].span.max(1);
        for (to, &o) in ops.iter().enumerate() {
            if f.op(o).operands.contains(a) {
                carried.push(CarriedDep { from, to, delay: span, iterations });
            }
        }
    }
    // Memory: accesses in different iterations.
    let value_carried = carried.len();
    let varying: BTreeSet<ValId> =
        body_ops(l).iter().filter_map(|&o| f.op(o).result).chain(l.iter_args.iter().copied()).collect();
    let mut lin = Linear::new(f);
    let dom = Domains::new(f);
    for (i, &a) in ops.iter().enumerate() {
        for &b in &ops {
            let (Some((ma, wa)), Some((mb, wb))) = (access(f, a), access(f, b)) else { continue };
            if ma != mb || !(wa || wb) || a == b {
                continue;
            }
            let fa = dom.canonical(&lin.form(f.op(a).operands[0]));
            let fb = dom.canonical(&lin.form(f.op(b).operands[0]));
            if let Some(d) = distance(&fa, &fb, l, &varying, &dom) {
                carried.push(CarriedDep { from: i, to: index[&b], delay: u32::from(wa), iterations: d });
            }
        }
    }
    // Sequential or pipelined dividers, whichever gives the smaller II (`div_timing.rs`).
    // Each divider's pipelined latency, `delays::pipe_div`.
    let mut latency = vec![None; p.ops.len()];
    for (i, &o) in ops.iter().enumerate() {
        let op = f.op(o);
        if let (OpKind::Bin(b), Some(r), true) = (&op.kind, op.result, p.types[p.ops[i].ty].sequential) {
            let w = f.width(r);
            let m = crate::analysis::divwidth::divisor_bits(f, *b, w);
            let signed = matches!(b, crate::ir::BinOp::DivS | crate::ir::BinOp::RemS);
            let plan = super::delays::pipe_div(signed, w, m, p.period);
            latency[i] = Some(plan.latency);
        }
        // A float remainder keeps its sequential unit (`float_timing.rs`).
        if super::float_timing::stays_sequential(&op.kind) {
            latency[i] = Some(0);
        }
    }
    // Multi-cycle or pipelined multipliers likewise (`mul_timing.rs`).
    let mul_latency = super::mul_timing::latencies(f, &ops, &p);
    let (p, m, carried) = super::div_timing::best_schedule(p, &carried, target_ii, &latency, &mul_latency)?;
    let errs = modulo::verify(&p, &carried, &m);
    if let Some(e) = errs.first() {
        return Err(format!("internal error: the modulo scheduler produced an invalid schedule: {e}"));
    }
    let block = BlockSchedule { ops, problem: p, solution: m.sol.clone() };
    let memory_carried = carried.len() - value_carried;
    let bound = super::iibound::explain(&block.problem, &carried, m.ii, target_ii);
    Ok(PipelinePlan { block, modulo: m, carried, memory_carried, target: target_ii.max(1), bound })
}

fn access(f: &Func, o: OpId) -> Option<(crate::ir::MemId, bool)> {
    match f.op(o).kind {
        OpKind::Load(m) => Some((m, false)),
        OpKind::Store(m) => Some((m, true)),
        _ => None,
    }
}

/// The smallest `d >= 1` at which address `fa` of iteration `i` may equal `fb` of
/// iteration `i + d` (None: never; 1 when a term varies between iterations), by the
/// dependence test ([`crate::analysis::deptest::distance`]). A body value `y & (2^k - 1)` with
/// `y` affine in the induction variable and invariant values is periodic, not varying.
fn distance(
    fa: &LinForm,
    fb: &LinForm,
    l: &ForLoop,
    varying: &BTreeSet<ValId>,
    dom: &Domains,
) -> Option<u32> {
    let term = |v: ValId| {
        if let Some((fy, modulus)) = dom.mask(v) {
            if fy.terms.keys().all(|t| *t == l.iv || !varying.contains(t)) {
                let iv_coef = fy.terms.get(&l.iv).copied().unwrap_or(0);
                return Term::Periodic { modulus, iv_coef };
            }
        }
        if varying.contains(&v) {
            Term::Varying
        } else {
            Term::Shared(dom.seq(v))
        }
    };
    let d = deptest::distance(fa, fb, l.iv, dom.iv_seq(l.iv), l.step, term)?;
    Some(u32::try_from(d.min(1 << 16)).unwrap_or(1 << 16))
}
