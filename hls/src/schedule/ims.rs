//! Iterative modulo scheduling with eviction (after Rau, "Iterative Modulo Scheduling",
//! 1994), for an II at which the plain modulo list scheduler ([`super::modulo`]) finds no
//! slot for some op.
//!
//! Ops are taken by priority, the greatest *height* first (the longest path of dependence
//! delays from the op to any op after it, carried edges weighing `delay - iterations * II`;
//! ties by index, so the result is deterministic). An op goes to the first cycle of
//! `[estart, estart + II)` where its chained inputs fit the clock and its resource has a free
//! slot modulo II (`estart`: its scheduled predecessors' constraints). If there is none, it
//! is forced into `estart` (or one cycle after its previous place, so it never cycles
//! between two places) and the ops it conflicts with are *evicted*: those holding the
//! resource slots it needs, and scheduled successors whose dependence it now violates or
//! whose chained inputs no longer fit the clock. Evicted ops are scheduled again later.
//! A budget of steps per op bounds the work; when it runs out the II fails and the caller
//! tries the next one.
//!
//! Invariant between steps: every constraint among the scheduled ops holds (dependences,
//! chaining within the period, resource slots). So when every op is scheduled the solution
//! is valid; [`super::modulo::verify`] checks it anyway.

use super::modulo::{intra_delay, own_unit, CarriedDep};
use super::{Problem, Solution};
use std::collections::BTreeMap;

const EPS: f64 = 1e-9;

/// Scheduling steps allowed per op at one II.
const BUDGET_PER_OP: usize = 16;

/// A constraint `t_to >= t_from + w` (`w` already counts the iteration distance), and for
/// a data dependence inside one iteration its index in [`Problem::deps`] (for chaining).
#[derive(Clone, Copy)]
struct Edge {
    from: usize,
    to: usize,
    w: i64,
    data: bool,
}

struct Ims<'p> {
    p: &'p Problem,
    ii: u32,
    edges: Vec<Edge>,
    ins: Vec<Vec<usize>>,
    start: Vec<Option<u32>>,
    time: Vec<f64>,
    /// Uses of each resource slot `(resource, cycle mod II)` by scheduled ops.
    mrt: BTreeMap<(usize, u32), Vec<usize>>,
}

/// Schedules every op of `p` at `ii` with eviction, or None (budget exhausted, or a
/// constraint no placement can meet at this II).
pub fn place(p: &Problem, carried: &[CarriedDep], ii: u32) -> Option<Solution> {
    let n = p.ops.len();
    if (0..n).any(|i| own_unit(p, i) && p.types[p.ops[i].ty].occupancy.max(1) > ii) {
        return None;
    }
    let mut edges: Vec<Edge> =
        p.deps.iter().map(|d| Edge { from: d.from, to: d.to, w: intra_delay(p, d), data: d.data }).collect();
    edges.extend(carried.iter().map(|c| Edge {
        from: c.from,
        to: c.to,
        w: i64::from(c.delay) - i64::from(c.iterations) * i64::from(ii),
        data: false,
    }));
    if edges.iter().any(|e| e.from >= n || e.to >= n) {
        return None;
    }
    let height = heights(n, &edges)?;
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(height[i]), i));
    let mut ins = vec![Vec::new(); n];
    for (k, e) in edges.iter().enumerate() {
        ins[e.to].push(k);
    }
    let mut s = Ims { p, ii, edges, ins, start: vec![None; n], time: vec![0.0; n], mrt: BTreeMap::new() };
    let mut previous: Vec<Option<u32>> = vec![None; n];
    let mut budget = BUDGET_PER_OP * n.max(1);
    while let Some(i) = order.iter().copied().find(|&i| s.start[i].is_none()) {
        if budget == 0 {
            return None;
        }
        budget -= 1;
        let est = s.estart(i);
        let free =
            (est..est + ii).find_map(|c| s.fits(i, c).filter(|_| s.resource_free(i, c)).map(|z| (c, z)));
        let (c, z) = match free {
            Some(x) => x,
            None => {
                let c = match previous[i] {
                    Some(prev) if est <= prev => prev + 1,
                    _ => est,
                };
                // A chained input arriving too late moves the op to the next cycle, where
                // nothing is chained (every type fits the period on its own).
                match s.fits(i, c) {
                    Some(z) => (c, z),
                    None => (c + 1, 0.0),
                }
            }
        };
        s.evict_resource_conflicts(i, c);
        s.put(i, c, z);
        previous[i] = Some(c);
        s.repair(i);
    }
    let mut sol = Solution { start: vec![0; n], time: s.time.clone(), length: 0 };
    for i in 0..n {
        let c = s.start[i]?;
        sol.start[i] = c;
        sol.length = sol.length.max(c + p.types[p.ops[i].ty].span.max(1));
    }
    Some(sol)
}

/// Heights: the longest weighted path from each op to any later op (None if a cycle has a
/// positive weight: the II is below the recurrences' minimum).
fn heights(n: usize, edges: &[Edge]) -> Option<Vec<i64>> {
    let mut h = vec![0i64; n];
    for _ in 0..=n {
        let mut changed = false;
        for e in edges {
            if h[e.to] + e.w > h[e.from] {
                h[e.from] = h[e.to] + e.w;
                changed = true;
            }
        }
        if !changed {
            return Some(h);
        }
    }
    None
}

impl Ims<'_> {
    /// The earliest cycle the scheduled predecessors allow.
    fn estart(&self, i: usize) -> u32 {
        let mut est = 0i64;
        for &k in &self.ins[i] {
            let e = self.edges[k];
            if let Some(t) = self.start[e.from] {
                est = est.max(i64::from(t) + e.w);
            }
        }
        u32::try_from(est).unwrap_or(0)
    }

    /// When op `i` at cycle `c` gets its last chained input (ns), if it then fits the period.
    fn fits(&self, i: usize, c: u32) -> Option<f64> {
        let mut z = 0.0f64;
        for &k in &self.ins[i] {
            let e = self.edges[k];
            let Some(t) = self.start[e.from] else { continue };
            if !e.data {
                continue;
            }
            let ft = &self.p.types[self.p.ops[e.from].ty];
            let (rc, rt) = if ft.latency == 0 {
                (t, self.time[e.from] + ft.delay)
            } else {
                (t + ft.latency, ft.outgoing_delay)
            };
            if rc == c {
                z = z.max(rt);
            }
        }
        let d = self.p.types[self.p.ops[i].ty].delay;
        (z + d <= self.p.period + EPS).then_some(z)
    }

    fn slots(&self, i: usize, c: u32) -> Option<(usize, Vec<u32>)> {
        let r = self.p.ops[i].resource?;
        let occ = self.p.types[self.p.ops[i].ty].occupancy.max(1);
        Some((r, (c..c + occ).map(|x| x % self.ii).collect()))
    }

    fn resource_free(&self, i: usize, c: u32) -> bool {
        let Some((r, slots)) = self.slots(i, c) else { return true };
        let limit = self.p.resources[r].limit as usize;
        // An op occupying more cycles than II uses some slots twice.
        let mut need: BTreeMap<u32, usize> = BTreeMap::new();
        for x in slots {
            *need.entry(x).or_default() += 1;
        }
        need.iter().all(|(&x, &k)| self.mrt.get(&(r, x)).map_or(0, Vec::len) + k <= limit)
    }

    fn put(&mut self, i: usize, c: u32, z: f64) {
        self.start[i] = Some(c);
        self.time[i] = z;
        if let Some((r, slots)) = self.slots(i, c) {
            for x in slots {
                self.mrt.entry((r, x)).or_default().push(i);
            }
        }
    }

    fn unschedule(&mut self, j: usize) {
        if let Some(c) = self.start[j] {
            if let Some((r, slots)) = self.slots(j, c) {
                for x in slots {
                    if let Some(v) = self.mrt.get_mut(&(r, x)) {
                        if let Some(pos) = v.iter().position(|&o| o == j) {
                            v.remove(pos);
                        }
                    }
                }
            }
        }
        self.start[j] = None;
    }

    /// Frees the resource slots op `i` needs at cycle `c`: evicts their holders, lowest
    /// index first, until `i` fits.
    fn evict_resource_conflicts(&mut self, i: usize, c: u32) {
        let Some((r, _)) = self.slots(i, c) else { return };
        while !self.resource_free(i, c) {
            let (_, slots) = self.slots(i, c).expect("has a resource");
            let victim = slots
                .iter()
                .filter_map(|&x| self.mrt.get(&(r, x)).and_then(|v| v.iter().min().copied()))
                .min();
            match victim {
                Some(j) => self.unschedule(j),
                // Over its limit on its own (cannot happen at II >= ResMII): give up on slots.
                None => break,
            }
        }
    }

    /// After placing `i`: evicts scheduled successors whose dependence on `i` fails, then
    /// recomputes chained arrival times in index (topological) order, evicting ops that no
    /// longer fit the period.
    fn repair(&mut self, i: usize) {
        let ti = i64::from(self.start[i].expect("placed"));
        let broken: Vec<usize> = self
            .edges
            .iter()
            .filter(|e| e.from == i && e.to != i)
            .filter(|e| self.start[e.to].is_some_and(|t| i64::from(t) < ti + e.w))
            .map(|e| e.to)
            .collect();
        for j in broken {
            self.unschedule(j);
        }
        for j in 0..self.p.ops.len() {
            let Some(c) = self.start[j] else { continue };
            match self.fits(j, c) {
                Some(z) => self.time[j] = z,
                None => self.unschedule(j),
            }
        }
    }
}
