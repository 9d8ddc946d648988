//! Cut-based K-LUT mapping of an [`Aig`]: depth-optimal first, then area recovery, in the
//! manner of ABC's priority-cut mapper `if`.
//!
//! Each round visits the AND nodes in topological order and recomputes their priority cuts
//! (at most `cuts` per node, each list followed by the node's trivial cut) from the fanins'
//! cuts, choosing the first after sorting as the node's best:
//! 1. depth (three rounds): the least arrival time (1 + latest leaf), ties by fewer
//!    leaves, then area flow, then edge flow. The largest arrival over the outputs is the
//!    optimal depth D for these cuts, and every output is required at D. Two more rounds
//!    look for a cheaper start at the same depth: one ranks by arrival then area flow, one
//!    by area flow first; a node takes the new first cut only if it meets its required
//!    time (so D holds), and the reference counts are reset to the AIG fanouts before each.
//! 2. area flow (one round): only cuts meeting the node's required time are kept; ranked by
//!    area flow (the LUTs of the cone, a shared leaf's share divided among its estimated
//!    fanouts, an unused leaf counted whole), then edge flow, then more referenced leaves,
//!    fewer leaves, arrival.
//! 3. exact local area (two rounds): ranked by the LUTs (then edges) the cut adds to the
//!    current cover (reference it, count what becomes used, dereference it), for every
//!    node; a node in the cover has its own cut dereferenced while it chooses.
//!
//! After each round the cover is traced back from the outputs (reference counts) and the
//! required times propagated through it. In the area rounds a node keeps its previous
//! best cut as a candidate, so a required time it met before stays met: the final depth
//! never exceeds D. Area values are compared on a fixed-point grid and ties end on the
//! leaves, so every order is total and the result deterministic.
//!
//! The area goal ([`LutGoal::Area`], like ABC's `if -a`) replaces all of this: one first
//! round (ranked by area flow, or by arrival as above: three starts, the fewest LUTs
//! kept), then area-flow and exact-area rounds with no required time at all.

use super::aig::{Aig, Node};
use super::cuts::{merge_fanin_cuts, Cut};
use super::goal::LutGoal;

/// The result: the best cut of every node in the cover.
#[derive(Clone, Debug)]
pub struct Mapping {
    /// Per node: its chosen cut, for nodes in the cover (`None` elsewhere).
    pub cover: Vec<Option<Cut>>,
    /// The number of LUTs.
    pub luts: usize,
    /// The depth in LUTs.
    pub depth: u32,
    /// The depth after the depth-optimal pass, before area recovery.
    pub depth_bound: u32,
    /// LUT count after the depth-optimal pass.
    pub luts_depth_pass: usize,
}

/// How a depth round ranks cuts (all start with the arrival time but `Area`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Rank {
    /// Arrival, leaves, area flow, edge flow.
    Delay,
    /// Arrival, area flow, edge flow, leaves.
    DelayFlow,
    /// Area flow, edge flow, average leaf references, leaves, arrival.
    Area,
}

/// What a round optimizes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    /// Depth; with `guarded`, the new best cut is taken only when it meets the required time.
    Depth { rank: Rank, guarded: bool },
    /// Area flow.
    Flow,
    /// Exact local area.
    Exact,
}

const INF: u32 = u32::MAX;

/// Fixed-point scale for comparing area and edge values.
const GRID: f64 = 4096.0;

/// A candidate cut with its costs.
#[derive(Clone, Copy)]
struct Cand {
    cut: Cut,
    delay: u32,
    area: f64,
    edge: f64,
    refs: f64,
}

impl Cand {
    fn key(&self, rank: Rank) -> [i64; 5] {
        let q = |x: f64| (x * GRID).round() as i64;
        let (d, a, e, r, l) =
            (self.delay as i64, q(self.area), q(self.edge), -q(self.refs), self.cut.len() as i64);
        match rank {
            Rank::Delay => [d, l, a, e, 0],
            Rank::DelayFlow => [d, a, e, l, 0],
            Rank::Area => [a, e, r, l, d],
        }
    }
}

#[derive(Clone)]
struct Mapper<'a> {
    g: &'a Aig,
    k: usize,
    keep: usize,
    cuts: Vec<Vec<Cut>>,
    best: Vec<Option<Cut>>,
    arrival: Vec<u32>,
    required: Vec<u32>,
    /// Area of the best cut in the mode of the round that chose it.
    area: Vec<f64>,
    /// Edge count of the best cut, likewise.
    edge: Vec<f64>,
    /// Estimated fanouts in the final cover.
    est: Vec<f64>,
    /// References: AIG fanouts in the depth rounds, cover references afterwards.
    refs: Vec<u32>,
    fanouts: Vec<u32>,
    /// Scratch: the candidate cuts of the node being visited.
    cands: Vec<Cut>,
    /// Scratch: the stack of [`Mapper::cut_ref`] and [`Mapper::cut_deref`].
    stack: Vec<u32>,
    /// Scratch: the scored candidates of the node being visited, with their sort keys.
    scored: Vec<([i64; 5], Cand)>,
}

/// Maps `g` into LUTs of at most `k` inputs keeping `cuts` priority cuts per node, for
/// `goal` (see the module doc).
pub fn map(g: &Aig, k: usize, cuts: usize, goal: LutGoal) -> Mapping {
    if goal == LutGoal::Area {
        return map_area(g, k, cuts);
    }
    if large(g) {
        return map_from(g, k, cuts, Rank::DelayFlow);
    }
    // The two starts are independent: the second runs on its own thread.
    let (strict, loose) = std::thread::scope(|s| {
        let loose = s.spawn(|| map_from(g, k, cuts, Rank::DelayFlow));
        let strict = map_from(g, k, cuts, Rank::Delay);
        (strict, loose.join().expect("the mapping thread does not panic"))
    });
    if (loose.luts, loose.depth) < (strict.luts, strict.depth) {
        loose
    } else {
        strict
    }
}

/// The area goal: the rounds rank cuts by area flow from the start and recover area with
/// no required time. Three starts (area flow first; arrival then leaves; arrival then
/// area flow) are recovered and the fewest LUTs kept (then the smaller depth, then the
/// earlier start); a large graph gets the area-flow start only.
fn map_area(g: &Aig, k: usize, cuts: usize) -> Mapping {
    let starts: &[Rank] = if large(g) { &[Rank::Area] } else { &[Rank::Area, Rank::Delay, Rank::DelayFlow] };
    let mut best: Option<Mapping> = None;
    for &first in starts {
        let m = map_area_from(g, k, cuts, first);
        if best.as_ref().is_none_or(|b| (m.luts, m.depth) < (b.luts, b.depth)) {
            best = Some(m);
        }
    }
    best.expect("at least one start")
}

/// One area-goal mapping whose first round ranks cuts by `first`.
fn map_area_from(g: &Aig, k: usize, cuts: usize, first: Rank) -> Mapping {
    let mut m = Mapper::new(g, k, cuts);
    m.round(Mode::Depth { rank: first, guarded: false });
    let (luts_depth_pass, depth_bound) = m.cover();
    let (luts, depth) = m.recover(&AREA_ROUNDS, INF);
    m.finish(luts_depth_pass, depth_bound, luts, depth)
}

/// The area rounds of the area goal: area flow, then exact local area until it settles.
const AREA_ROUNDS: [Mode; 5] = [Mode::Flow, Mode::Exact, Mode::Flow, Mode::Exact, Mode::Exact];

/// Whether `g` is over the size at which only one start and one recovery run.
fn large(g: &Aig) -> bool {
    g.len() > super::script::MAX_NODES
}

/// One mapping whose first depth round ranks cuts by `first`.
fn map_from(g: &Aig, k: usize, cuts: usize, first: Rank) -> Mapping {
    let mut m = Mapper::new(g, k, cuts);
    m.round(Mode::Depth { rank: first, guarded: false });
    let (_, depth_bound) = m.cover();
    for rank in [Rank::DelayFlow, Rank::Area] {
        m.set_required(depth_bound);
        m.refs.clone_from(&m.fanouts);
        m.round(Mode::Depth { rank, guarded: true });
        m.cover();
    }
    let (luts_depth_pass, depth) = m.cover();
    debug_assert!(depth <= depth_bound);
    // Recovery with every output required at D, and without a constraint: the latter is
    // kept only if it has fewer LUTs and still meets D (greedy recovery under tight
    // required times can miss covers an area-only pass finds at the same depth).
    let rounds = [Mode::Flow, Mode::Exact, Mode::Exact];
    let free = (!large(g)).then(|| m.clone());
    let (luts, depth) = m.recover(&rounds, depth_bound);
    let (m, luts, depth) = match free {
        Some(mut free) => {
            let (free_luts, free_depth) = free.recover(&rounds, INF);
            if free_depth <= depth_bound && free_luts < luts {
                (free, free_luts, free_depth)
            } else {
                (m, luts, depth)
            }
        }
        None => (m, luts, depth),
    };
    m.finish(luts_depth_pass, depth_bound, luts, depth)
}

impl<'a> Mapper<'a> {
    /// A mapper with no cuts yet; references are the AIG fanouts.
    fn new(g: &'a Aig, k: usize, cuts: usize) -> Self {
        let n = g.len();
        let fanouts = g.fanout_counts();
        Mapper {
            g,
            k,
            keep: cuts.max(1),
            cuts: vec![Vec::new(); n],
            best: vec![None; n],
            arrival: vec![0; n],
            required: vec![INF; n],
            area: vec![0.0; n],
            edge: vec![0.0; n],
            est: vec![1.0; n],
            refs: fanouts.clone(),
            fanouts,
            cands: Vec::new(),
            stack: Vec::new(),
            scored: Vec::new(),
        }
    }

    /// The mapping of the current cover (whose LUT count and depth are `luts`, `depth`).
    fn finish(&self, luts_depth_pass: usize, depth_bound: u32, luts: usize, depth: u32) -> Mapping {
        let mut cover = vec![None; self.g.len()];
        for node in self.g.nodes() {
            if self.refs[node.0 as usize] > 0 && self.g.is_and(node) {
                cover[node.0 as usize] = self.best[node.0 as usize];
            }
        }
        Mapping { cover, luts, depth, depth_bound, luts_depth_pass }
    }

    /// Area recovery: the rounds of `modes`, every output required at `target`; returns
    /// (LUT count, depth).
    fn recover(&mut self, modes: &[Mode], target: u32) -> (usize, u32) {
        for &mode in modes {
            self.set_required(target);
            self.round(mode);
            self.cover();
        }
        self.cover()
    }
    fn cut_arrival(&self, c: &Cut) -> u32 {
        1 + c.leaves().iter().map(|&l| self.arrival[l as usize]).max().unwrap_or(0)
    }
    /// Area and edge flow: a leaf used elsewhere contributes its share, an unused one
    /// its whole flow.
    fn cut_flow(&self, c: &Cut) -> (f64, f64) {
        let (mut a, mut e) = (1.0, c.len() as f64);
        for &l in c.leaves() {
            let i = l as usize;
            let div = if self.refs[i] == 0 { 1.0 } else { self.est[i] };
            a += self.area[i] / div;
            e += self.edge[i] / div;
        }
        (a, e)
    }
    fn cut_avg_refs(&self, c: &Cut) -> f64 {
        c.leaves().iter().map(|&l| self.refs[l as usize] as f64).sum::<f64>() / c.len().max(1) as f64
    }
    fn is_and(&self, l: u32) -> bool {
        self.g.is_and(Node(l))
    }

    /// References the cut's cone in the cover; returns the LUTs and edges newly used.
    fn cut_ref(&mut self, c: &Cut) -> (u32, u32) {
        let (mut area, mut edges) = (1, c.len() as u32);
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.extend_from_slice(c.leaves());
        while let Some(l) = stack.pop() {
            if !self.is_and(l) {
                continue;
            }
            self.refs[l as usize] += 1;
            if self.refs[l as usize] == 1 {
                let b = self.best[l as usize].expect("a node's fanins are mapped before it");
                area += 1;
                edges += b.len() as u32;
                stack.extend_from_slice(b.leaves());
            }
        }
        self.stack = stack;
        (area, edges)
    }
    /// Dereferences the cut's cone; returns the LUTs and edges freed.
    fn cut_deref(&mut self, c: &Cut) -> (u32, u32) {
        let (mut area, mut edges) = (1, c.len() as u32);
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.extend_from_slice(c.leaves());
        while let Some(l) = stack.pop() {
            if !self.is_and(l) {
                continue;
            }
            self.refs[l as usize] -= 1;
            if self.refs[l as usize] == 0 {
                let b = self.best[l as usize].expect("a node's fanins are mapped before it");
                area += 1;
                edges += b.len() as u32;
                stack.extend_from_slice(b.leaves());
            }
        }
        self.stack = stack;
        (area, edges)
    }

    /// The costs of cut `c` in `mode` (exact area: the cone is referenced and released).
    fn score(&mut self, c: Cut, mode: Mode) -> Cand {
        let delay = self.cut_arrival(&c);
        let (area, edge) = if mode == Mode::Exact {
            let (a, e) = self.cut_ref(&c);
            self.cut_deref(&c);
            (a as f64, e as f64)
        } else {
            self.cut_flow(&c)
        };
        let refs = if matches!(mode, Mode::Depth { .. }) { 0.0 } else { self.cut_avg_refs(&c) };
        Cand { cut: c, delay, area, edge, refs }
    }

    fn round(&mut self, mode: Mode) {
        let g = self.g;
        let rank = match mode {
            Mode::Depth { rank, .. } => rank,
            Mode::Flow | Mode::Exact => Rank::Area,
        };
        for node in g.nodes() {
            let i = node.0 as usize;
            if !g.is_and(node) {
                continue;
            }
            match mode {
                Mode::Depth { .. } => self.est[i] = self.refs[i].max(1) as f64,
                Mode::Flow => self.est[i] = ((2.0 * self.est[i] + self.refs[i] as f64) / 3.0).max(1.0),
                Mode::Exact => {}
            }
            let in_cover = mode == Mode::Exact && self.refs[i] > 0;
            if in_cover {
                let prev = self.best[i].expect("a node in the cover has a cut");
                self.cut_deref(&prev);
            }
            let [a, b] = g.fanins(node);
            let (a, b) = (a.node(), b.node());
            let mut cands = std::mem::take(&mut self.cands);
            merge_fanin_cuts(&self.cuts[a.0 as usize], a, &self.cuts[b.0 as usize], b, self.k, &mut cands);
            let prev = self.best[i];
            let area_mode = matches!(mode, Mode::Flow | Mode::Exact);
            if let (true, Some(p)) = (area_mode, prev) {
                if !cands.contains(&p) {
                    cands.push(p);
                }
            }
            let req = self.required[i];
            // Each candidate's sort key is computed once (the same order as comparing keys).
            let mut scored = std::mem::take(&mut self.scored);
            scored.clear();
            for &c in &cands {
                let s = self.score(c, mode);
                if area_mode && s.delay > req && Some(c) != prev {
                    continue;
                }
                scored.push((s.key(rank), s));
            }
            self.cands = cands;
            scored.sort_by(|(kx, x), (ky, y)| kx.cmp(ky).then_with(|| x.cut.leaves().cmp(y.cut.leaves())));
            let first = scored[0].1;
            let chosen = match (mode, prev) {
                (Mode::Depth { guarded: true, .. }, Some(p)) if first.delay > req => self.score(p, mode),
                _ => first,
            };
            self.best[i] = Some(chosen.cut);
            self.arrival[i] = chosen.delay;
            self.area[i] = chosen.area;
            self.edge[i] = chosen.edge;
            if in_cover {
                self.cut_ref(&chosen.cut);
            }
            let kept = &mut self.cuts[i];
            kept.clear();
            kept.extend(scored.iter().take(self.keep).map(|(_, s)| s.cut));
            self.scored = scored;
        }
    }

    /// Recomputes the cover from the outputs (reference counts); returns (LUT count,
    /// depth).
    fn cover(&mut self) -> (usize, u32) {
        let g = self.g;
        self.refs.iter_mut().for_each(|r| *r = 0);
        let mut luts = 0;
        let mut depth = 0;
        for o in &g.outputs {
            let n = o.node().0;
            if self.is_and(n) {
                depth = depth.max(self.arrival[n as usize]);
            }
        }
        let outs: Vec<u32> = g.outputs.iter().map(|o| o.node().0).collect();
        for n in outs {
            if !self.is_and(n) {
                continue;
            }
            self.refs[n as usize] += 1;
            if self.refs[n as usize] == 1 {
                let b = self.best[n as usize].expect("mapped");
                luts += self.cut_ref(&b).0 as usize;
            }
        }
        (luts, depth)
    }

    /// Required times: `target` at every output, propagated back through the cover.
    fn set_required(&mut self, target: u32) {
        let g = self.g;
        self.required.iter_mut().for_each(|r| *r = INF);
        for o in &g.outputs {
            self.required[o.node().0 as usize] = target;
        }
        for i in (0..g.len()).rev() {
            if self.refs[i] == 0 || !self.is_and(i as u32) || self.required[i] == INF {
                continue;
            }
            let r = self.required[i] - 1;
            let b = self.best[i].expect("mapped");
            for &l in b.leaves() {
                let slot = &mut self.required[l as usize];
                *slot = (*slot).min(r);
            }
        }
    }
}
