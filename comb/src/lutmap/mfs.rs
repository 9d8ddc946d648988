//! Don't-care resubstitution on the mapped LUT network, in the manner of ABC's `mfs`
//! (which Yosys's `abc -lut K` script ends with): for each LUT (the pivot, in topological
//! order), a window around it ([`super::window`]) gives by exhaustive simulation the
//! pivot's table over the window's leaves and its care set (where flipping the pivot
//! changes a root). The pivot is then re-expressed on the care set from at most K
//! divisors (signals of the window that do not depend on it): its own inputs less one or
//! two (support reduction), one or two inputs swapped for a divisor, a single divisor (the
//! pivot equals a signal or its complement where it matters: its readers then read that
//! signal and the pivot goes), or two divisors. A candidate is taken when it frees the
//! most LUTs (the inputs' fanout-free cones that lose their last reader), at least one,
//! or as many with fewer inputs; outside the care set the new table is 0, then inputs it
//! does not depend on are dropped. With `depth_bound` no LUT passes its required level
//! (from the network's depth at the start), so the depth never grows. Every change is
//! checked before it is made: the window's roots keep their tables over the leaves
//! (exhaustive simulation). Rounds repeat until one changes nothing or [`MAX_ROUNDS`].
//! Work is bounded by explicit limits ([`LIMITS`], [`MAX_CHECKS`], [`PAIR_DIVS`]).

use super::bigtt::Tt;
use super::lutnet::LutNet;
use super::mfs_edit::{freed, set_inputs, substitute};
use super::truth::shrink;
use super::window::{self, zip, Limits, Links};

/// Window bounds: 3 levels of fanout (at most 16 LUTs), 12 leaves (tables of 64 words),
/// 30 fanin LUTs below the first leaves, 80 divisors, 32 readers scanned per divisor.
pub const LIMITS: Limits =
    Limits { tfo_levels: 3, tfo_nodes: 16, leaves: 12, tfi_nodes: 30, divisors: 80, fanout_scan: 32 };
/// Networks with more LUTs are left as they are (on the 28,000-LUT `wide_ops` example the
/// pass cost 12 s for 0.1% of the LUTs; the AIG rewriter draws a line like it).
pub const MAX_LUTS: usize = 20_000;
/// The most resubstitution rounds (until one changes nothing).
pub const MAX_ROUNDS: usize = 3;
/// The most candidate input sets checked against the care set per pivot.
pub const MAX_CHECKS: usize = 200;
/// The divisors (highest levels first) tried in pairs.
pub const PAIR_DIVS: usize = 12;

/// Resubstitutes `net`'s LUTs with `k`-input LUTs in place (see the module doc); returns
/// the number of changes.
pub fn mfs(net: &mut LutNet, k: usize, depth_bound: bool) -> usize {
    let mut links = Links::new(net);
    let depth = net.depth();
    let mut total = 0;
    for _ in 0..MAX_ROUNDS {
        links.level = net.levels();
        let order = net.order();
        let mut req = vec![u32::MAX; net.len()];
        if depth_bound {
            for o in &net.outputs {
                req[o.node().0 as usize] = depth;
            }
            for &id in order.iter().rev() {
                let r = req[id as usize].saturating_sub(1);
                for &i in &net.luts[id as usize].as_ref().expect("ordered").1 {
                    req[i as usize] = req[i as usize].min(r);
                }
            }
        }
        let mut changed = 0;
        for &n in &order {
            if net.luts[n as usize].is_some() && links.refs(n) > 0 && resub(net, &mut links, &mut req, n, k) {
                changed += 1;
            }
        }
        total += changed;
        if changed == 0 {
            break;
        }
    }
    total
}

/// The best change found so far for a pivot.
struct Best {
    /// LUTs freed, then fewer inputs.
    score: (usize, std::cmp::Reverse<usize>),
    tt: u64,
    ins: Vec<u32>,
    subst: bool,
}

/// The candidate search around one pivot.
struct Search<'a> {
    net: &'a LutNet,
    links: &'a Links,
    win: &'a window::Window,
    pivot: u32,
    old: Vec<u32>,
    k: usize,
    req: u32,
    /// Care minterms where the pivot is 1 / 0.
    on: Tt,
    off: Tt,
    checks: usize,
    best: Option<Best>,
}

impl Search<'_> {
    /// Considers `set` as the pivot's new inputs.
    fn try_set(&mut self, mut set: Vec<u32>) {
        set.sort_unstable();
        set.dedup();
        if set.is_empty() || set.len() > self.k || set == self.old {
            return;
        }
        let Some(score) = self.score(&set) else { return };
        if self.best.as_ref().is_some_and(|b| score <= b.score) || self.checks == MAX_CHECKS {
            return;
        }
        self.checks += 1;
        let tabs: Vec<&Tt> = set.iter().map(|x| &self.win.tables[x]).collect();
        let Some(tt) = feasible(&self.on, &self.off, &tabs) else { return };
        let (tt, kept) = shrink(tt, set.len());
        if kept.is_empty() {
            return;
        }
        let set: Vec<u32> = kept.iter().map(|&v| set[v]).collect();
        let Some(score) = self.score(&set) else { return };
        if self.best.as_ref().is_some_and(|b| score <= b.score) {
            return;
        }
        let subst = self.subst(&set);
        self.best = Some(Best { score, tt, ins: set, subst });
    }

    /// True if the pivot would go, its readers reading `set[0]`.
    fn subst(&self, set: &[u32]) -> bool {
        set.len() == 1 && self.links.out_uses[self.pivot as usize] == 0
    }

    /// The score of `set` if it meets the depth bound and gains.
    fn score(&self, set: &[u32]) -> Option<(usize, std::cmp::Reverse<usize>)> {
        let subst = self.subst(set);
        let top = set.iter().map(|&x| self.links.level[x as usize]).max().unwrap_or(0);
        if top >= self.req && !(subst && top == self.req) {
            return None;
        }
        let gain = freed(self.net, self.links, self.pivot, &self.old, set, subst);
        (gain > 0 || set.len() < self.old.len()).then_some((gain, std::cmp::Reverse(set.len())))
    }
}

/// Tries to resubstitute pivot `n`; true if it changed.
fn resub(net: &mut LutNet, links: &mut Links, req: &mut [u32], n: u32, k: usize) -> bool {
    let win = window::build(net, links, n, LIMITS, req[n as usize]);
    let old = net.luts[n as usize].as_ref().expect("pivots are LUTs").1.clone();
    let f = &win.tables[&n];
    let mut s = Search {
        net,
        links,
        win: &win,
        pivot: n,
        old: old.clone(),
        k,
        req: req[n as usize],
        on: zip(f, &win.care, |a, b| a & b),
        off: zip(f, &win.care, |a, b| !a & b),
        checks: 0,
        best: None,
    };
    let divs: Vec<u32> = win.divs.iter().copied().filter(|d| !old.contains(d)).collect();
    for &d in &divs {
        s.try_set(vec![d]);
    }
    let without = |drop: &[usize]| -> Vec<u32> {
        old.iter().enumerate().filter(|(i, _)| !drop.contains(i)).map(|(_, &x)| x).collect()
    };
    let j = old.len();
    let mut drops: Vec<Vec<usize>> = (0..j).map(|i| vec![i]).collect();
    for a in 0..j {
        for b in a + 1..j {
            drops.push(vec![a, b]);
        }
    }
    for drop in &drops {
        s.try_set(without(drop));
    }
    for drop in &drops {
        for &d in &divs {
            let mut set = without(drop);
            set.push(d);
            s.try_set(set);
        }
    }
    let mut high = divs.clone();
    high.sort_by_key(|&d| (std::cmp::Reverse(links.level[d as usize]), d));
    high.truncate(PAIR_DIVS);
    for (a, &x) in high.iter().enumerate() {
        for &y in &high[a + 1..] {
            s.try_set(vec![x, y]);
        }
    }
    let Some(best) = s.best else { return false };
    if !window::check(net, &win, best.tt, &best.ins) {
        debug_assert!(false, "a resubstitution changed a window root");
        return false;
    }
    if best.subst {
        substitute(net, links, req, n, best.ins[0], best.tt == 0b01);
    } else {
        set_inputs(net, links, req, n, best.tt, best.ins);
    }
    true
}

/// A table over `divs` (variable `i` is `divs[i]`) that is 1 on every minterm of `on`
/// and 0 on every minterm of `off`, 0 elsewhere; None if some divisor values meet both.
fn feasible(on: &Tt, off: &Tt, divs: &[&Tt]) -> Option<u64> {
    let mut sets = (0u64, 0u64);
    let mut ds = [0u64; 6];
    for w in 0..on.w.len() {
        for (x, d) in ds.iter_mut().zip(divs) {
            *x = d.w[w];
        }
        if !split(on.w[w], off.w[w], &ds[..divs.len()], 0, 0, &mut sets) {
            return None;
        }
    }
    Some(sets.0)
}

/// Splits the minterms of one word by the values of divisors `depth..` (the key holds
/// those of `..depth`), recording which keys meet the on-set and the off-set; false on a
/// key meeting both.
fn split(on: u64, off: u64, ds: &[u64], depth: usize, key: usize, sets: &mut (u64, u64)) -> bool {
    if on == 0 && off == 0 {
        return true;
    }
    if depth == ds.len() {
        if on != 0 {
            sets.0 |= 1 << key;
        }
        if off != 0 {
            sets.1 |= 1 << key;
        }
        return sets.0 & sets.1 == 0;
    }
    let d = ds[depth];
    split(on & !d, off & !d, ds, depth + 1, key, sets)
        && split(on & d, off & d, ds, depth + 1, key | 1 << depth, sets)
}

#[cfg(test)]
#[path = "mfs_tests.rs"]
mod tests;
