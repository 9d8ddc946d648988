//! What set a pipelined loop's initiation interval, for the report.
//!
//! A modulo schedule starts at `MII = max(ResMII, RecMII)` ([`super::modulo`]) and may end
//! higher when no placement fits. [`explain`] names the constraint behind an II above the
//! target:
//! - a *recurrence*: a carried dependence whose cycle (the longest chain of dependences
//!   inside one iteration from its target back to its source, plus its own delay) needs
//!   `ceil(length / iterations)` cycles; the ops on the cycle are listed;
//! - a *resource*: a memory port or a unit limit (`--max-mul`, ...) whose ops occupy more
//!   cycles than `II x limit` allows below this II; its ops are listed;
//! - a *sequential unit* (a divider held for its whole occupancy);
//! - the *schedule*: MII was lower, but chaining within the clock and the reservation table
//!   left no placement below this II.
//!
//! Op indices refer to the [`Problem`]'s ops; the caller maps them to source locations.

use super::modulo::{intra_delay, own_unit, rec_mii, res_mii, CarriedDep};
use super::Problem;
use std::collections::BTreeMap;

/// The constraint that set an II.
#[derive(Clone, Debug, PartialEq)]
pub struct IiBound {
    /// `recurrence`, `resource`, `sequential unit` or `schedule`.
    pub kind: &'static str,
    /// The smallest II this constraint alone allows.
    pub min_ii: u32,
    /// Which recurrence, resource or unit (without locations).
    pub what: String,
    /// The ops involved (indices into the problem's ops), in a chain's order.
    pub ops: Vec<usize>,
    /// For a recurrence: the index of its carried dependence in the list given.
    pub carried: Option<usize>,
}

/// Why `ii` (above `target`) is needed, or None when `ii <= target`.
pub fn explain(p: &Problem, carried: &[CarriedDep], ii: u32, target: u32) -> Option<IiBound> {
    if ii <= target.max(1) {
        return None;
    }
    let rec = rec_mii(p, carried).unwrap_or(0);
    let res = res_mii(p);
    if rec >= ii {
        if let Some(b) = recurrence(p, carried) {
            return Some(b);
        }
    }
    if res >= ii {
        return Some(resource(p));
    }
    Some(IiBound {
        kind: "schedule",
        min_ii: res.max(rec),
        what: format!(
            "no placement below II={ii} fits the clock's chaining and the units' slots (MII {})",
            res.max(rec)
        ),
        ops: Vec::new(),
        carried: None,
    })
}

/// The carried dependence with the longest cycle per iteration of distance, and its chain.
fn recurrence(p: &Problem, carried: &[CarriedDep]) -> Option<IiBound> {
    let mut best: Option<IiBound> = None;
    for (k, c) in carried.iter().enumerate() {
        let (len, chain) = longest_path(p, c.to, c.from)?;
        let cycle = len + i64::from(c.delay);
        let need = u32::try_from(cycle.max(1)).unwrap_or(u32::MAX).div_ceil(c.iterations.max(1));
        if best.as_ref().is_none_or(|b| need > b.min_ii) {
            let names: Vec<&str> = chain.iter().map(|&i| p.types[p.ops[i].ty].name.as_str()).collect();
            let over = if c.iterations == 1 {
                "the next iteration".into()
            } else {
                format!("{} iterations later", c.iterations)
            };
            best = Some(IiBound {
                kind: "recurrence",
                min_ii: need,
                what: format!("{} -> {over}: {cycle} cycles", names.join(" -> ")),
                ops: chain,
                carried: Some(k),
            });
        }
    }
    best
}

/// The longest path of intra-iteration dependences from `a` to `b` (weights: the minimum
/// cycles between starts) and its ops, or None if `b` is not reachable from `a`.
fn longest_path(p: &Problem, a: usize, b: usize) -> Option<(i64, Vec<usize>)> {
    let n = p.ops.len();
    let mut dist: Vec<Option<i64>> = vec![None; n];
    let mut prev: Vec<Option<usize>> = vec![None; n];
    dist[a] = Some(0);
    // Dependences inside an iteration form a DAG: n rounds of relaxation settle it.
    for _ in 0..n {
        let mut changed = false;
        for d in &p.deps {
            let Some(x) = dist[d.from] else { continue };
            let y = x + intra_delay(p, d);
            if dist[d.to].is_none_or(|z| y > z) {
                dist[d.to] = Some(y);
                prev[d.to] = Some(d.from);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let len = dist[b]?;
    let mut chain = vec![b];
    let mut at = b;
    while at != a {
        at = prev[at]?;
        chain.push(at);
        if chain.len() > n {
            return None;
        }
    }
    chain.reverse();
    Some((len, chain))
}

/// The resource (or sequential unit) with the largest ResMII share.
fn resource(p: &Problem) -> IiBound {
    let mut used: BTreeMap<usize, (u32, Vec<usize>)> = BTreeMap::new();
    let mut best =
        IiBound { kind: "resource", min_ii: 0, what: String::new(), ops: Vec::new(), carried: None };
    for (i, op) in p.ops.iter().enumerate() {
        let occ = p.types[op.ty].occupancy.max(1);
        if let Some(r) = op.resource {
            let e = used.entry(r).or_default();
            e.0 += occ;
            e.1.push(i);
        }
        if own_unit(p, i) && occ > best.min_ii {
            best = IiBound {
                kind: "sequential unit",
                min_ii: occ,
                what: format!("{} holds its unit for {occ} cycles", p.types[op.ty].name),
                ops: vec![i],
                carried: None,
            };
        }
    }
    for (r, (n, ops)) in used {
        let lim = p.resources[r].limit.max(1);
        let need = n.div_ceil(lim);
        if need > best.min_ii {
            best = IiBound {
                kind: "resource",
                min_ii: need,
                what: format!(
                    "{} (limit {lim}): {} ops need {n} cycles of it per iteration",
                    p.resources[r].name,
                    ops.len()
                ),
                ops,
                carried: None,
            };
        }
    }
    best
}
