//! Pipelined dividers in pipelined loops: the scheduling side.
//!
//! A sequential divider (`gen/seqdiv.rs`) is busy for its whole latency, so a pipelined
//! loop that divides by a variable has an II of at least that (17 cycles for 16 bits, 35 for
//! a signed 32-bit one). A pipelined divider (`gen/pipediv.rs`) has the same stages laid out
//! in space: a register stage per sequential step, accepting an operation every cycle. In
//! the scheduling problem it is the same operator type with an occupancy of one cycle: the
//! latency (`steps + 1`, or `steps + 3` when signed), the start-cycle delay and the span stay
//! the sequential divider's, and it stays `sequential` (operands needed in the start cycle
//! only, the result in a register in cycle `start + latency`). A `sequential` type whose
//! occupancy is below its latency is such a pipelined unit ([`is_pipelined`]); under
//! `--max-div` each one is one divider instance, used one cycle per operation.
//!
//! A pipelined divider of `w` bits holds about `3 w` flip-flops per step (32 steps at 32 bits
//! and 10 ns: some 3,000), so loops use one only where it lowers the II: the loop's planner
//! ([`super::pipeline::plan`]) schedules with sequential dividers and with pipelined ones and
//! keeps the pipelined ones only if their II is smaller. Outside pipelined loops every
//! divider stays sequential (a one-op-at-a-time FSM gains nothing from a pipeline).

use super::{OperatorType, Problem};

/// True if `t` is a pipelined divider: sequential, occupying its unit less than its latency.
pub fn is_pipelined(t: &OperatorType) -> bool {
    t.sequential && t.latency > 1 && t.occupancy < t.latency
}

/// `p` with every sequential divider pipelined; None if it has none.
pub fn pipelined(p: &Problem) -> Option<Problem> {
    if !p.types.iter().any(|t| t.sequential && t.occupancy > 1) {
        return None;
    }
    let mut q = p.clone();
    for t in q.types.iter_mut().filter(|t| t.sequential && t.occupancy > 1) {
        t.occupancy = 1;
        t.name = t.name.replace(" seq", " pipe");
    }
    Some(q)
}

/// Modulo-schedules `p` (at an II of at least `min_ii`) with sequential dividers and, if it
/// has any, with pipelined ones; the pipelined problem is kept only if its II is smaller.
pub fn best_schedule(
    p: Problem,
    carried: &[super::modulo::CarriedDep],
    min_ii: u32,
) -> Result<(Problem, super::modulo::ModuloSolution), String> {
    let m = super::modulo::schedule(&p, carried, min_ii)?;
    if let Some(q) = pipelined(&p) {
        let mq = super::modulo::schedule(&q, carried, min_ii)?;
        if mq.ii < m.ii {
            return Ok((q, mq));
        }
    }
    Ok((p, m))
}
