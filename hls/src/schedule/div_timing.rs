//! Pipelined dividers in pipelined loops: the scheduling side.
//!
//! A sequential divider (`gen/seqdiv.rs`) is busy for its whole latency, so a pipelined
//! loop that divides by a variable has an II of at least that (17 cycles for 16 bits, 35 for
//! a signed 32-bit one). A pipelined divider (`gen/pipediv.rs`) has the same stages laid out
//! in space as register stages, accepting an operation every cycle. In the scheduling
//! problem it is the same operator type with an occupancy of one cycle and the latency
//! of its stage plan ([`super::delays::pipe_div`]: radix-4 rows where they
//! fit better, signed work folded into neighbouring stages, so often shorter than the
//! sequential unit); the start cycle registers the operands (one LUT level), and it stays
//! `sequential` (operands needed in the start cycle only, the result in cycle
//! `start + latency`). A `sequential` type whose occupancy is below
//! its latency is such a pipelined unit ([`is_pipelined`]); under `--max-div` each one is
//! one divider instance, used one cycle per operation.
//!
//! A pipelined divider of `w` bits holds about `3 w` flip-flops per step (32 steps at 32 bits
//! and 10 ns: some 3,000), so loops use one only where it lowers the II: the loop's planner
//! ([`super::pipelined_loops::plan`]) schedules with sequential dividers and with pipelined ones and
//! keeps the pipelined ones only if their II is smaller. Outside pipelined loops every
//! divider stays sequential (a one-op-at-a-time FSM gains nothing from a pipeline).

use super::modulo::{CarriedDep, ModuloSolution};
use super::{OperatorType, Problem};

/// True if `t` is a pipelined divider: sequential, occupying its unit less than its latency.
pub fn is_pipelined(t: &OperatorType) -> bool {
    t.sequential && t.latency > 1 && t.occupancy < t.latency
}

/// `p` with every sequential divider pipelined; None if it has none. `latency[i]`, where
/// given, is op `i`'s pipelined latency ([`super::delays::pipe_div`]: radix-4 rows and
/// signed work folded into neighbouring stages make it shorter than the sequential unit);
/// ops of one type with different latencies get types of their own. Without one an op
/// keeps the sequential latency; with `Some(0)` it keeps its sequential unit (a float
/// remainder, which has no pipelined form worth its size).
pub fn pipelined(p: &Problem, latency: &[Option<u32>]) -> Option<Problem> {
    let seq =
        |i: usize, t: &OperatorType| t.sequential && t.occupancy > 1 && latency.get(i) != Some(&Some(0));
    if !p.ops.iter().enumerate().any(|(i, o)| seq(i, &p.types[o.ty])) {
        return None;
    }
    let mut q = p.clone();
    // (old type, latency) -> new type; the first latency of a type keeps its slot.
    let mut made: Vec<((usize, u32), usize)> = Vec::new();
    for (i, op) in q.ops.iter_mut().enumerate() {
        let t = &p.types[op.ty];
        if !seq(i, t) {
            continue;
        }
        let key = (op.ty, latency.get(i).copied().flatten().unwrap_or(t.latency));
        if let Some(&(_, ty)) = made.iter().find(|(k, _)| *k == key) {
            op.ty = ty;
            continue;
        }
        let mut n = t.clone();
        n.occupancy = 1;
        n.name = n.name.replace(" seq", " pipe");
        n.latency = key.1.max(2);
        n.span = n.latency + 1;
        // The start cycle only registers the operands (behind a multiplexer when shared):
        // a radix-4 sequential unit's `3d` adder behind its load is not there.
        n.delay = super::delays::CHAIN_NS;
        let ty = if made.iter().any(|(k, _)| k.0 == op.ty) {
            q.types.push(n);
            q.types.len() - 1
        } else {
            q.types[op.ty] = n;
            op.ty
        };
        made.push((key, ty));
        op.ty = ty;
    }
    Some(q)
}

/// Modulo-schedules `p` (at an II of at least `min_ii`) with sequential dividers and, if it
/// has any, with pipelined ones (of the latencies `latency`, see [`pipelined`]), each with
/// multi-cycle multipliers and, where `mul_latency` gives any, pipelined ones
/// ([`super::mul_timing::pipelined`]); a problem with more pipelined units is kept only if its
/// II is smaller, and then each multiplier width goes back to multi-cycle paths where the
/// II stays ([`super::mul_timing::fewest`]). Returns the problem, its schedule and the
/// dependences between iterations it satisfies: `carried` with a value's delay (the span
/// of the op computing it) raised where that op's new type spans longer (a pipelined
/// multiplier's).
pub fn best_schedule(
    p: Problem,
    carried: &[CarriedDep],
    min_ii: u32,
    latency: &[Option<u32>],
    mul_latency: &[super::mul_timing::MulLatency],
) -> Result<(Problem, ModuloSolution, Vec<CarriedDep>), String> {
    type Best = (Problem, ModuloSolution, Vec<CarriedDep>);
    let run = |q: Problem| -> Result<Best, String> {
        let c: Vec<CarriedDep> = carried
            .iter()
            .map(|d| {
                let (old, new) = (&p.types[p.ops[d.from].ty], &q.types[q.ops[d.from].ty]);
                let delay = if old != new { d.delay.max(new.span) } else { d.delay };
                CarriedDep { delay, ..*d }
            })
            .collect();
        let m = super::modulo::schedule(&q, &c, min_ii)?;
        Ok((q, m, c))
    };
    let mut best = run(p.clone())?;
    // Which of the tries won: (dividers pipelined, multipliers pipelined).
    let mut won = (false, false);
    let divs = pipelined(&p, latency);
    let tries = [
        (divs.clone(), (true, false)),
        (super::mul_timing::pipelined(&p, mul_latency), (false, true)),
        (divs.as_ref().and_then(|q| super::mul_timing::pipelined(q, mul_latency)), (true, true)),
    ];
    for (q, kind) in tries {
        let Some(q) = q else { continue };
        let r = run(q)?;
        if r.1.ii < best.1.ii {
            (best, won) = (r, kind);
        }
    }
    if !won.1 {
        return Ok(best);
    }
    let base = if won.0 { divs.unwrap_or_else(|| p.clone()) } else { p.clone() };
    let ii = best.1.ii;
    let (_, fewer) = super::mul_timing::fewest(
        mul_latency,
        |l| {
            let q = super::mul_timing::pipelined(&base, l).expect("a choice with a multiplier");
            let r = run(q)?;
            Ok((r.1.ii, r))
        },
        ii,
    )?;
    Ok(fewer.unwrap_or(best))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schedule::modulo::verify;
    use crate::schedule::tests::timed as t;
    use crate::schedule::{Dependence, Operation, Resource};

    /// load -> divide (sequential, 9 cycles) -> store, on one port; `stores` extra stores.
    fn problem(stores: usize, max_div: Option<u32>) -> Problem {
        let mut p = Problem {
            types: vec![
                t("load", 1, 1, 2, false),
                t("div16 seq", 9, 9, 10, true),
                t("store", 0, 1, 1, false),
            ],
            resources: vec![Resource { name: "port".into(), limit: 1 }],
            period: 7.0,
            ..Default::default()
        };
        p.ops.push(Operation { ty: 0, resource: Some(0) });
        let div = max_div.map(|l| {
            p.resources.push(Resource { name: "divider".into(), limit: l });
            1
        });
        p.ops.push(Operation { ty: 1, resource: div });
        p.ops.push(Operation { ty: 1, resource: div });
        for _ in 0..=stores {
            p.ops.push(Operation { ty: 2, resource: Some(0) });
        }
        let data = |from, to| Dependence { from, to, data: true, distance: 0 };
        p.deps = vec![data(0, 1), data(0, 2), data(1, 3), data(2, 3)];
        p
    }

    #[test]
    fn pipelined_dividers_lower_the_ii_to_the_port_bound() {
        let p = problem(0, None);
        let (q, m, _) = best_schedule(p, &[], 1, &[], &[]).unwrap();
        // Two accesses of one port: II = 2 (sequential dividers: 9).
        assert_eq!(m.ii, 2);
        assert!(q.types.iter().any(is_pipelined) && q.types[1].name == "div16 pipe");
        assert!(verify(&q, &[], &m).is_empty());
        // Same latency: the result is used 9 cycles after the divide starts.
        assert!(m.sol.start[3] >= m.sol.start[1] + 9);
        // Under --max-div 1 the two divisions share one unit, one slot each: still II = 2.
        let (q, m, _) = best_schedule(problem(0, Some(1)), &[], 1, &[], &[]).unwrap();
        assert_eq!(m.ii, 2);
        assert_ne!(m.sol.start[1] % 2, m.sol.start[2] % 2);
        assert!(verify(&q, &[], &m).is_empty());
    }

    #[test]
    fn sequential_dividers_stay_where_the_ii_is_no_better() {
        // Ten accesses of the port: II = 10 >= the divider's 9 busy cycles.
        let (q, m, _) = best_schedule(problem(8, None), &[], 1, &[], &[]).unwrap();
        assert_eq!(m.ii, 10);
        assert!(!q.types.iter().any(is_pipelined));
        assert!(pipelined(&q, &[]).is_some() && pipelined(&pipelined(&q, &[]).unwrap(), &[]).is_none());
    }
}
