//! Windows of the mapped LUT network for don't-care resubstitution ([`super::mfs`]), in
//! the manner of ABC's `mfs`: around a pivot LUT, its transitive fanout up to a few
//! levels (every LUT reachable from the pivot whose level is at most the pivot's plus
//! [`Limits::tfo_levels`], so no signal outside that set but below its top level depends
//! on the pivot), the side inputs of those LUTs and the pivot's fanins as leaves, then the
//! transitive fanin grown leaf by leaf (highest level first) while at most
//! [`Limits::leaves`] leaves remain. The roots are the window LUTs read outside it or by
//! an output. Exhaustive simulation over the leaves gives every window signal's table;
//! the care set of the pivot is where flipping it changes some root (observability don't
//! cares; leaf combinations that cannot occur are kept as care, which is conservative).
//! Divisors are the signals that do not depend on the pivot: the leaves, the fanin LUTs
//! and LUTs elsewhere whose inputs are all divisors.
//!
//! [`Links`] keeps what the pass needs of the network between changes: LUT readers,
//! output uses and levels (strictly increasing along every edge, so sorting by level is a
//! topological order).

use std::collections::{BTreeMap, BTreeSet};

use super::bigtt::Tt;
use super::lutnet::LutNet;

/// Window bounds (explicit, never a clock).
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Levels of transitive fanout above the pivot (shrunk until the window fits).
    pub tfo_levels: u32,
    /// The most fanout LUTs in a window.
    pub tfo_nodes: usize,
    /// The most leaves (at most 16: tables of 1,024 words).
    pub leaves: usize,
    /// The most fanin LUTs taken into the window below the first leaves.
    pub tfi_nodes: usize,
    /// The most divisors.
    pub divisors: usize,
    /// The most readers of a divisor looked at for more divisors.
    pub fanout_scan: usize,
}

/// Connectivity of the live LUTs (those the outputs need).
#[derive(Clone, Debug)]
pub struct Links {
    /// Per signal: the LUTs reading it (each once).
    pub fanouts: Vec<Vec<u32>>,
    /// Per signal: how many outputs read it.
    pub out_uses: Vec<u32>,
    /// Per signal: its level (inputs 0; one more than its highest fanin).
    pub level: Vec<u32>,
}

impl Links {
    /// The links of `net`'s live LUTs.
    pub fn new(net: &LutNet) -> Links {
        let mut fanouts = vec![Vec::new(); net.len()];
        let mut out_uses = vec![0; net.len()];
        for id in net.order() {
            for &i in &net.luts[id as usize].as_ref().expect("ordered ids are LUTs").1 {
                if !fanouts[i as usize].contains(&id) {
                    fanouts[i as usize].push(id);
                }
            }
        }
        for o in &net.outputs {
            out_uses[o.node().0 as usize] += 1;
        }
        Links { fanouts, out_uses, level: net.levels() }
    }

    /// Readers of `x`: LUTs and outputs.
    pub fn refs(&self, x: u32) -> usize {
        self.fanouts[x as usize].len() + self.out_uses[x as usize] as usize
    }
}

/// A window around a pivot with the tables of its signals (see the module doc).
#[derive(Clone, Debug)]
pub struct Window {
    /// The pivot LUT.
    pub pivot: u32,
    /// Leaf signals; leaf `i` is variable `i` of every table.
    pub leaves: Vec<u32>,
    /// The pivot's transitive fanout inside the window, by level.
    pub tfo: Vec<u32>,
    /// Window LUTs read outside the window or by an output (the pivot may be one).
    pub roots: Vec<u32>,
    /// Signals not depending on the pivot (leaves first, then LUTs by level).
    pub divs: Vec<u32>,
    /// The table of every leaf, divisor and window LUT.
    pub tables: BTreeMap<u32, Tt>,
    /// Where flipping the pivot changes a root.
    pub care: Tt,
}

/// Word-wise `a op b`.
pub fn zip(a: &Tt, b: &Tt, op: impl Fn(u64, u64) -> u64) -> Tt {
    Tt { n: a.n, w: a.w.iter().zip(&b.w).map(|(&x, &y)| op(x, y)).collect() }
}

/// True if the table is zero everywhere.
pub fn is_zero(t: &Tt) -> bool {
    t.w.iter().all(|&x| x == 0)
}

/// The table of LUT `id` from the tables of its inputs (`over` first, then `tables`).
pub fn eval(net: &LutNet, id: u32, tables: &BTreeMap<u32, Tt>, over: &BTreeMap<u32, Tt>, n: usize) -> Tt {
    let (tt, ins) = net.luts[id as usize].as_ref().expect("window LUTs exist");
    let args: Vec<&Tt> = ins
        .iter()
        .map(|x| over.get(x).or_else(|| tables.get(x)).expect("inputs are simulated first"))
        .collect();
    Tt::apply(*tt, &args, n)
}

/// The pivot's fanout LUTs up to `levels` levels above it, or None if more than `max`.
fn tfo(net: &LutNet, links: &Links, pivot: u32, levels: u32, max: usize) -> Option<BTreeSet<u32>> {
    let top = links.level[pivot as usize].saturating_add(levels);
    let mut set = BTreeSet::new();
    let mut stack = vec![pivot];
    while let Some(x) = stack.pop() {
        for &f in &links.fanouts[x as usize] {
            if links.level[f as usize] <= top && net.luts[f as usize].is_some() && set.insert(f) {
                if set.len() > max {
                    return None;
                }
                stack.push(f);
            }
        }
    }
    Some(set)
}

/// The window around `pivot` (see the module doc); divisors above `max_div_level` are
/// left out (they could not feed the pivot without deepening the network).
pub fn build(net: &LutNet, links: &Links, pivot: u32, lim: Limits, max_div_level: u32) -> Window {
    let ins_of = |x: u32| &net.luts[x as usize].as_ref().expect("window LUTs exist").1;
    // The fanout part and the first leaves, shrinking levels until both fit.
    let mut levels = lim.tfo_levels;
    let (fanout, mut leaves) = loop {
        let set = tfo(net, links, pivot, levels, lim.tfo_nodes);
        if let Some(set) = set {
            let mut leaves = BTreeSet::new();
            for &x in std::iter::once(&pivot).chain(&set) {
                for &i in ins_of(x) {
                    if i != pivot && !set.contains(&i) {
                        leaves.insert(i);
                    }
                }
            }
            if leaves.len() <= lim.leaves || levels == 0 {
                break (set, leaves);
            }
        }
        levels -= 1;
    };
    // The fanin part: replace the highest leaf LUT by its inputs while the leaves fit.
    let mut tfi: BTreeSet<u32> = BTreeSet::new();
    while tfi.len() < lim.tfi_nodes {
        let mut cands: Vec<u32> =
            leaves.iter().copied().filter(|&l| net.luts[l as usize].is_some()).collect();
        cands.sort_by_key(|&l| (std::cmp::Reverse(links.level[l as usize]), l));
        let pick = cands.into_iter().find(|&l| {
            let extra = ins_of(l).iter().filter(|i| !leaves.contains(i)).count();
            leaves.len() - 1 + extra <= lim.leaves
        });
        let Some(l) = pick else { break };
        leaves.remove(&l);
        leaves.extend(ins_of(l).iter().copied());
        tfi.insert(l);
    }
    let leaves: Vec<u32> = leaves.into_iter().collect();
    let n = leaves.len();
    // Divisors: leaves, fanin LUTs, then LUTs whose inputs are all divisors.
    let mut divs: Vec<u32> = leaves.clone();
    let mut is_div: BTreeSet<u32> = leaves.iter().copied().collect();
    let mut inner: Vec<u32> = tfi.iter().copied().collect();
    inner.sort_by_key(|&x| (links.level[x as usize], x));
    for &x in &inner {
        is_div.insert(x);
    }
    divs.extend(inner.iter().copied());
    let mut at = 0;
    while at < divs.len() && divs.len() < lim.divisors {
        let d = divs[at];
        at += 1;
        for &f in links.fanouts[d as usize].iter().take(lim.fanout_scan) {
            if divs.len() >= lim.divisors {
                break;
            }
            if f == pivot || fanout.contains(&f) || is_div.contains(&f) {
                continue;
            }
            if ins_of(f).iter().all(|i| is_div.contains(i)) {
                is_div.insert(f);
                divs.push(f);
            }
        }
    }
    // Simulation: divisors (leaves, then LUTs by level), the pivot, the fanout by level.
    let mut tables: BTreeMap<u32, Tt> = BTreeMap::new();
    for (i, &l) in leaves.iter().enumerate() {
        tables.insert(l, Tt::var(n, i));
    }
    let none = BTreeMap::new();
    let mut luts: Vec<u32> = divs[n..].to_vec();
    luts.sort_by_key(|&x| (links.level[x as usize], x));
    for &x in &luts {
        let t = eval(net, x, &tables, &none, n);
        tables.insert(x, t);
    }
    let f = eval(net, pivot, &tables, &none, n);
    tables.insert(pivot, f.clone());
    let mut tfo: Vec<u32> = fanout.iter().copied().collect();
    tfo.sort_by_key(|&x| (links.level[x as usize], x));
    for &x in &tfo {
        let t = eval(net, x, &tables, &none, n);
        tables.insert(x, t);
    }
    let read_outside = |x: u32| {
        links.out_uses[x as usize] > 0 || links.fanouts[x as usize].iter().any(|f| !fanout.contains(f))
    };
    let roots: Vec<u32> =
        std::iter::once(pivot).chain(tfo.iter().copied()).filter(|&x| read_outside(x)).collect();
    // Care set: where the flipped pivot changes a root.
    let care = if roots.first() == Some(&pivot) {
        Tt::ones(n)
    } else {
        let mut flipped = BTreeMap::new();
        flipped.insert(pivot, zip(&f, &Tt::ones(n), |a, b| a ^ b));
        let mut care = Tt::zero(n);
        for &x in &tfo {
            let t = eval(net, x, &tables, &flipped, n);
            flipped.insert(x, t);
        }
        for r in &roots {
            care = zip(&care, &zip(&tables[r], &flipped[r], |a, b| a ^ b), |a, b| a | b);
        }
        care
    };
    divs.retain(|&d| links.level[d as usize] <= max_div_level);
    Window { pivot, leaves, tfo, roots, divs, tables, care }
}

/// True if the window's roots keep their tables when the pivot becomes `tt` over `ins`
/// (divisors of the window): the exhaustive check of a change.
pub fn check(net: &LutNet, win: &Window, tt: u64, ins: &[u32]) -> bool {
    let n = win.leaves.len();
    let args: Vec<&Tt> = ins.iter().map(|x| &win.tables[x]).collect();
    let mut over = BTreeMap::new();
    over.insert(win.pivot, Tt::apply(tt, &args, n));
    for &x in &win.tfo {
        let t = eval(net, x, &win.tables, &over, n);
        over.insert(x, t);
    }
    win.roots.iter().all(|r| over[r] == win.tables[r])
}
