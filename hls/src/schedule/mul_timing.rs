//! Pipelined multipliers: the scheduling side.
//!
//! A multiplier whose delay exceeds the chaining budget is a multi-cycle path of
//! `ceil(delay / budget)` cycles that holds its unit and operands all that time. A
//! pipelined multiplier (`gen/pipemul.rs`, [`super::delays::pipe_mul`]'s stages) takes
//! longer from operands to product but occupies its unit one cycle: in the scheduling
//! problem it is a `sequential` type of occupancy 1 (operands needed in the start cycle
//! only, registered there behind the unit's input multiplexer, one LUT level; the product
//! in cycle `start + latency`), as a pipelined divider is (`super::div_timing`).
//!
//! It costs registers (two `w`-bit carry-save rows and the operand bits still needed per
//! stage), so it is used only where it pays: a pipelined loop keeps it where the II is
//! smaller ([`super::div_timing::best_schedule`] tries both), a basic block where its list
//! schedule is shorter ([`super::block::schedule_block`]; only a `--max-mul` limit can make
//! it so, by letting multiplications share a unit in consecutive cycles). A multiply by a
//! constant is shifts and adds and stays as it is.

use super::Problem;
use crate::ir::{BinOp, Func, OpId, OpKind};
use std::collections::HashMap;

/// Per op: the width and pipelined latency of a multiplier to pipeline, or None.
pub type MulLatency = Option<(u32, u32)>;

/// For each op of the block `ops` (problem `p`'s ops, in order): its width and pipelined
/// latency if it is a multiply by a variable on a multi-cycle path, else None.
pub fn latencies(f: &Func, ops: &[OpId], p: &Problem) -> Vec<MulLatency> {
    let consts = f.constants();
    ops.iter()
        .enumerate()
        .map(|(i, &id)| {
            let op = f.op(id);
            let t = &p.types[p.ops[i].ty];
            let by_const = op.operands.iter().any(|o| consts.contains_key(o));
            match (&op.kind, op.result) {
                (OpKind::Bin(BinOp::Mul), Some(r)) if !by_const && t.latency > 0 && !t.sequential => {
                    Some((f.width(r), super::delays::pipe_mul(f.width(r), p.period).latency))
                }
                _ => None,
            }
        })
        .collect()
}

/// `p` with every op that has a latency in `latency` on a pipelined multiplier; None if
/// there is none. Ops of one type with different latencies get types of their own.
pub fn pipelined(p: &Problem, latency: &[MulLatency]) -> Option<Problem> {
    if !latency.iter().any(Option::is_some) {
        return None;
    }
    let mut q = p.clone();
    let mut made: HashMap<(usize, u32), usize> = HashMap::new();
    for (i, op) in q.ops.iter_mut().enumerate() {
        let Some((_, l)) = latency.get(i).copied().flatten() else { continue };
        let key = (op.ty, l.max(2));
        if let Some(&ty) = made.get(&key) {
            op.ty = ty;
            continue;
        }
        let mut n = p.types[op.ty].clone();
        n.name = format!("{} pipe", n.name);
        n.latency = key.1;
        n.occupancy = 1;
        n.span = n.latency + 1;
        n.delay = super::delays::CHAIN_NS;
        n.outgoing_delay = 0.0;
        n.sequential = true;
        q.types.push(n);
        let ty = q.types.len() - 1;
        made.insert(key, ty);
        op.ty = ty;
    }
    Some(q)
}

/// The widths `latency` pipelines, narrowest first.
pub fn widths(latency: &[MulLatency]) -> Vec<u32> {
    let w: std::collections::BTreeSet<u32> = latency.iter().flatten().map(|&(w, _)| w).collect();
    w.into_iter().collect()
}

/// Starting from `latency` (a choice of pipelined multipliers that scored `score0`), each
/// width in turn (narrowest first) goes back to multi-cycle paths where `score` (lower is
/// better) of what is left is no worse, and at least one multiplier stays pipelined: the
/// fewest pipelined units (their registers) for the best score. Returns the choice and the
/// value `score` gave for it (None: `latency` itself).
pub fn fewest<T>(
    latency: &[MulLatency],
    mut score: impl FnMut(&[MulLatency]) -> Result<(u32, T), String>,
    score0: u32,
) -> Result<(Vec<MulLatency>, Option<T>), String> {
    let mut best: (Vec<MulLatency>, Option<T>, u32) = (latency.to_vec(), None, score0);
    for w in widths(latency) {
        let fewer: Vec<MulLatency> = best.0.iter().map(|l| l.filter(|&(lw, _)| lw != w)).collect();
        if !fewer.iter().any(Option::is_some) {
            continue;
        }
        let (s, t) = score(&fewer)?;
        if s <= best.2 {
            best = (fewer, Some(t), s);
        }
    }
    Ok((best.0, best.1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schedule::modulo::verify;
    use crate::schedule::tests::timed;
    use crate::schedule::{list, Dependence, Operation, Resource};

    /// Four independent loads, each multiplied (a 4-cycle path) and stored; one multiplier.
    fn problem() -> Problem {
        let t = |name: &str, latency, occupancy, span| timed(name, latency, occupancy, span, false);
        let mut p = Problem {
            types: vec![t("load", 1, 1, 2), t("mul32", 4, 4, 4), t("store", 0, 1, 1)],
            resources: vec![
                Resource { name: "in port".into(), limit: 2 },
                Resource { name: "multiplier".into(), limit: 1 },
                Resource { name: "out port".into(), limit: 2 },
            ],
            period: 7.0,
            ..Default::default()
        };
        for k in 0..4 {
            p.ops.push(Operation { ty: 0, resource: Some(0) });
            p.ops.push(Operation { ty: 1, resource: Some(1) });
            p.ops.push(Operation { ty: 2, resource: Some(2) });
            let data = |from, to| Dependence { from, to, data: true, distance: 0 };
            p.deps.extend([data(3 * k, 3 * k + 1), data(3 * k + 1, 3 * k + 2)]);
        }
        p
    }

    #[test]
    fn pipelined_multipliers_share_one_unit_cycle_by_cycle() {
        let p = problem();
        let lat: Vec<MulLatency> = (0..12).map(|i| (i % 3 == 1).then_some((32, 7))).collect();
        let q = pipelined(&p, &lat).unwrap();
        assert!(q.ops.iter().filter(|o| q.types[o.ty].name == "mul32 pipe").count() == 4);
        // A block: four 4-cycle paths on one unit take 16 cycles; pipelined, one a cycle.
        let (s, t) = (list::schedule(&p).unwrap(), list::schedule(&q).unwrap());
        assert!(crate::schedule::verify(&q, &t).is_empty());
        assert!(t.length < s.length, "{} {}", t.length, s.length);
        // A pipelined loop: II 16 with the paths, 4 (one slot per multiply) pipelined.
        let (r, m, _) = super::super::div_timing::best_schedule(p.clone(), &[], 1, &[], &lat).unwrap();
        assert_eq!(m.ii, 4);
        assert!(verify(&r, &[], &m).is_empty());
        // The four multiplies in four different slots; each store waits for its product.
        let slots: std::collections::BTreeSet<u32> = (0..4).map(|k| m.sol.start[3 * k + 1] % 4).collect();
        assert_eq!(slots.len(), 4);
        assert!((0..4).all(|k| m.sol.start[3 * k + 2] >= m.sol.start[3 * k + 1] + 7));
        assert!(pipelined(&p, &[None; 12]).is_none());
    }

    #[test]
    fn fewest_keeps_only_the_widths_that_pay() {
        let lat = vec![Some((32, 7)), None, Some((16, 5)), Some((32, 7))];
        assert_eq!(widths(&lat), vec![16, 32]);
        // Only the 32-bit multipliers matter: the 16-bit one goes back to a path.
        let score = |l: &[MulLatency]| Ok((if l[0].is_some() { 10 } else { 20 }, l.to_vec()));
        let (l, t) = fewest(&lat, score, 10).unwrap();
        assert_eq!(l, vec![Some((32, 7)), None, None, Some((32, 7))]);
        assert_eq!(t, Some(l));
        // Every width pays: nothing changes (and the last width always stays).
        let (l, t) = fewest(&lat, |l: &[MulLatency]| Ok((11, l.to_vec())), 10).unwrap();
        assert_eq!((l, t), (lat.clone(), None));
    }
}
