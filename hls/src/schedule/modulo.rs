//! Modulo scheduling of a loop body: one iteration's schedule that a new iteration starts
//! every II cycles.
//!
//! The problem is the block [`Problem`] of the body (operator types, resources, the
//! dependences inside one iteration) plus [`CarriedDep`]s between iterations: op `to` of
//! iteration `i + iterations` must start at least `delay` cycles after op `from` of
//! iteration `i`, i.e. `t_to + iterations * II >= t_from + delay`. Resources are checked in a
//! modulo reservation table: an op occupying cycles `t .. t + occupancy` uses slots
//! `(t + k) mod II`, and no slot may exceed the resource's limit. An op with a multi-cycle
//! occupancy and no shared resource is either a sequential unit (a divider), which one
//! iteration holds for all those cycles (II must be at least its occupancy), or a
//! multi-cycle path, which the generator replicates `ceil(occupancy / II)` times (iterations
//! take the copies in turn), so it does not bound II.
//!
//! The algorithm, for II = MII, MII + 1, ... (MII = max(ResMII, RecMII)): first modulo list
//! scheduling: ops placed in their topological order at the earliest cycle their placed
//! predecessors, chaining and the reservation table allow (at most II tries: the table
//! repeats); this fails if an op finds no slot or a carried dependence is violated. Then, at
//! the same II, iterative modulo scheduling with eviction ([`super::ims`], Rau's algorithm:
//! height priority, a step budget, conflicting ops evicted and placed again). The first
//! that succeeds gives the schedule, so IMS only changes loops the list scheduler could not
//! place at that II. At II = the body's non-pipelined length + its longest span every
//! constraint holds, so the search ends.
//! [`verify`] checks any solution against every constraint.

use super::{Problem, Solution};
use std::collections::BTreeMap;

/// A dependence from one iteration to a later one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CarriedDep {
    /// The op of the earlier iteration.
    pub from: usize,
    /// The op of the later iteration.
    pub to: usize,
    /// Minimum cycles from `from`'s start to `to`'s start (both in absolute time).
    pub delay: u32,
    /// Iterations between them (>= 1).
    pub iterations: u32,
}

/// A modulo schedule.
#[derive(Clone, Debug, PartialEq)]
pub struct ModuloSolution {
    /// Initiation interval: cycles between the starts of consecutive iterations.
    pub ii: u32,
    /// The minimum II the resources and recurrences allow (the search's start).
    pub mii: u32,
    /// One iteration's schedule (`length` is the depth: cycles of one iteration).
    pub sol: Solution,
}

impl ModuloSolution {
    /// Pipeline stages: `ceil(depth / II)`.
    pub fn stages(&self) -> u32 {
        self.sol.length.div_ceil(self.ii).max(1)
    }
}

const EPS: f64 = 1e-9;

/// True if op `i` holds a unit of its own that is not replicated (a sequential divider,
/// also under `--max-div`): II must cover its occupancy.
pub fn own_unit(p: &Problem, i: usize) -> bool {
    p.types[p.ops[i].ty].sequential
}

/// ResMII: per resource, the cycles its ops occupy over its limit (rounded up); a
/// sequential unit of its own needs its occupancy.
pub fn res_mii(p: &Problem) -> u32 {
    let mut used: BTreeMap<usize, u32> = BTreeMap::new();
    let mut mii = 1;
    for (i, op) in p.ops.iter().enumerate() {
        let occ = p.types[op.ty].occupancy.max(1);
        if let Some(r) = op.resource {
            *used.entry(r).or_default() += occ;
        }
        if own_unit(p, i) {
            mii = mii.max(occ);
        }
    }
    for (r, n) in used {
        mii = mii.max(n.div_ceil(p.resources[r].limit.max(1)));
    }
    mii
}

/// Minimum cycles between the starts of `d.from` and `d.to` of one iteration.
pub(super) fn intra_delay(p: &Problem, d: &super::Dependence) -> i64 {
    let lat = if d.data { p.types[p.ops[d.from].ty].latency } else { 0 };
    i64::from(d.distance.max(lat))
}

/// True if the dependence graph has no cycle of positive weight at `ii` (carried edges
/// weigh `delay - iterations * ii`): a longest-path relaxation that must settle.
fn recurrences_hold(p: &Problem, carried: &[CarriedDep], ii: u32) -> bool {
    let n = p.ops.len();
    let mut edges: Vec<(usize, usize, i64)> =
        p.deps.iter().map(|d| (d.from, d.to, intra_delay(p, d))).collect();
    edges.extend(
        carried.iter().map(|c| (c.from, c.to, i64::from(c.delay) - i64::from(c.iterations) * i64::from(ii))),
    );
    let mut dist = vec![0i64; n];
    for _ in 0..=n {
        let mut changed = false;
        for &(a, b, w) in &edges {
            if dist[a] + w > dist[b] {
                dist[b] = dist[a] + w;
                changed = true;
            }
        }
        if !changed {
            return true;
        }
    }
    false
}

/// RecMII: the smallest II at which no recurrence is longer than its iteration distance
/// allows (None if even an II as long as every op's span together does not do).
pub fn rec_mii(p: &Problem, carried: &[CarriedDep]) -> Option<u32> {
    let limit = upper_ii(p, carried);
    (1..=limit).find(|&ii| recurrences_hold(p, carried, ii))
}

/// An II at which every constraint surely holds: all ops one after another, plus the
/// longest carried delay.
fn upper_ii(p: &Problem, carried: &[CarriedDep]) -> u32 {
    let spans: u32 = p.ops.iter().map(|o| p.types[o.ty].span.max(1) + p.types[o.ty].latency).sum();
    spans + carried.iter().map(|c| c.delay).max().unwrap_or(0) + 1
}

/// Modulo-schedules `p` with the carried dependences, at an II of at least `min_ii`.
pub fn schedule(p: &Problem, carried: &[CarriedDep], min_ii: u32) -> Result<ModuloSolution, String> {
    for t in &p.types {
        if t.delay > p.period + EPS {
            return Err(format!(
                "'{}' needs {:.2} ns, more than the {:.2} ns clock period",
                t.name, t.delay, p.period
            ));
        }
    }
    let Some(rec) = rec_mii(p, carried) else {
        return Err("internal error: no initiation interval satisfies the loop's recurrences".into());
    };
    let mii = res_mii(p).max(rec);
    let limit = upper_ii(p, carried) + res_mii(p);
    for ii in mii.max(min_ii.max(1))..=limit {
        if let Some(sol) = place(p, carried, ii).or_else(|| super::ims::place(p, carried, ii)) {
            return Ok(ModuloSolution { ii, mii, sol });
        }
    }
    Err("internal error: the modulo scheduler found no initiation interval".into())
}

/// Places every op at `ii`, or None.
fn place(p: &Problem, carried: &[CarriedDep], ii: u32) -> Option<Solution> {
    let n = p.ops.len();
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (k, d) in p.deps.iter().enumerate() {
        if d.from >= d.to || d.to >= n {
            return None;
        }
        preds[d.to].push(k);
    }
    let mut s = Solution { start: vec![0; n], time: vec![0.0; n], length: 0 };
    let mut mrt: BTreeMap<(usize, u32), u32> = BTreeMap::new();
    #[allow(clippy::needless_range_loop)]
    for i in 0..n {
        let ty = &p.types[p.ops[i].ty];
        let occ = ty.occupancy.max(1);
        if own_unit(p, i) && occ > ii {
            return None;
        }
        let mut c: i64 = 0;
        for &k in &preds[i] {
            let d = p.deps[k];
            c = c.max(i64::from(s.start[d.from]) + intra_delay(p, &d));
        }
        for cd in carried.iter().filter(|cd| cd.to == i && cd.from < i) {
            let lo =
                i64::from(s.start[cd.from]) + i64::from(cd.delay) - i64::from(cd.iterations) * i64::from(ii);
            c = c.max(lo);
        }
        let mut c = c as u32;
        let first = c;
        loop {
            if c > first + ii + 1 {
                return None;
            }
            let z = p.chained_arrival(&s, &preds[i], c);
            if z + ty.delay > p.period + EPS {
                c += 1;
                continue;
            }
            if let Some(r) = p.ops[i].resource {
                let busy = (c..c + occ)
                    .any(|cc| mrt.get(&(r, cc % ii)).copied().unwrap_or(0) >= p.resources[r].limit);
                if busy {
                    c += 1;
                    continue;
                }
                for cc in c..c + occ {
                    *mrt.entry((r, cc % ii)).or_default() += 1;
                }
            }
            s.start[i] = c;
            s.time[i] = z;
            s.length = s.length.max(c + ty.span.max(1));
            break;
        }
    }
    let ok = carried.iter().all(|cd| {
        i64::from(s.start[cd.to]) + i64::from(cd.iterations) * i64::from(ii)
            >= i64::from(s.start[cd.from] + cd.delay)
    });
    ok.then_some(s)
}

/// Checks a modulo schedule: every constraint of one iteration ([`super::verify`]), each
/// resource at most its limit in every slot modulo II, own multi-cycle units free again
/// before the next iteration, and every carried dependence.
pub fn verify(p: &Problem, carried: &[CarriedDep], m: &ModuloSolution) -> Vec<String> {
    let mut errs = super::verify(p, &m.sol);
    if !errs.is_empty() {
        return errs;
    }
    let ii = m.ii;
    if ii == 0 {
        return vec!["initiation interval 0".into()];
    }
    let mut slots: BTreeMap<(usize, u32), u32> = BTreeMap::new();
    for (i, op) in p.ops.iter().enumerate() {
        let occ = p.types[op.ty].occupancy.max(1);
        if let Some(r) = op.resource {
            for c in m.sol.start[i]..m.sol.start[i] + occ {
                *slots.entry((r, c % ii)).or_default() += 1;
            }
        }
        if own_unit(p, i) && occ > ii {
            errs.push(format!(
                "op {i} ({}) holds its unit {occ} cycles, longer than II = {ii}",
                p.types[op.ty].name
            ));
        }
    }
    for ((r, slot), n) in slots {
        if n > p.resources[r].limit {
            errs.push(format!(
                "resource '{}' used {n} times in slot {slot} modulo II = {ii} (limit {})",
                p.resources[r].name, p.resources[r].limit
            ));
        }
    }
    for cd in carried {
        if u64::from(m.sol.start[cd.to]) + u64::from(cd.iterations) * u64::from(ii)
            < u64::from(m.sol.start[cd.from]) + u64::from(cd.delay)
        {
            errs.push(format!(
                "op {} of iteration i+{} starts less than {} cycles after op {} of iteration i (II = {ii})",
                cd.to, cd.iterations, cd.delay, cd.from
            ));
        }
    }
    errs
}

#[cfg(test)]
#[path = "modulo_tests.rs"]
mod tests;
