//! Cut-based K-LUT mapping of an [`Aig`]: depth-optimal first, then area recovery.
//!
//! Each pass visits the AND nodes in topological order and recomputes their priority cuts
//! (at most `cuts` per node) from the fanins' cuts, choosing one as the node's best:
//! 1. depth: the cut with the smallest arrival time (1 + latest leaf), ties by area flow.
//!    The largest arrival over the outputs is the optimal depth D for these cuts, and
//!    every output is required at D.
//! 2. area flow (twice): among the cuts that meet the node's required time, the one with
//!    the least area flow (the LUTs of the cone, each shared one divided among its
//!    fanouts).
//! 3. exact local area (twice): for a node in the cover, the cut whose LUTs not shared with
//!    the rest of the cover (found by referencing and dereferencing the cover) are
//!    fewest, again only among cuts meeting the required time.
//!
//! Between passes the cover is traced back from the outputs and the required times
//! propagated through it. A node keeps its previous best cut as a candidate, so a required
//! time it met before stays met: the final depth never exceeds D. Orders are total
//! (ties broken by the leaves), so the result is deterministic.

use super::aig::{Aig, Node};
use super::cuts::{merge_cuts, Cut};

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

/// What a pass optimizes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    Depth,
    Flow,
    Exact,
}

const INF: u32 = u32::MAX;

#[derive(Clone)]
struct Mapper<'a> {
    g: &'a Aig,
    k: usize,
    keep: usize,
    cuts: Vec<Vec<Cut>>,
    best: Vec<Option<Cut>>,
    arrival: Vec<u32>,
    required: Vec<u32>,
    flow: Vec<f64>,
    est: Vec<f64>,
    refs: Vec<u32>,
}

/// Maps `g` into LUTs of at most `k` inputs keeping `cuts` priority cuts per node.
pub fn map(g: &Aig, k: usize, cuts: usize) -> Mapping {
    let n = g.len();
    let est = g.fanout_counts().iter().map(|&r| r.max(1) as f64).collect();
    let mut m = Mapper {
        g,
        k,
        keep: cuts.max(1),
        cuts: vec![Vec::new(); n],
        best: vec![None; n],
        arrival: vec![0; n],
        required: vec![INF; n],
        flow: vec![0.0; n],
        est,
        refs: vec![0; n],
    };
    m.pass(Mode::Depth);
    let (luts_depth_pass, depth_bound) = m.cover();
    // Area recovery twice from the depth-optimal mapping: with every output required at
    // the optimal depth, and unconstrained; the unconstrained result wins only if it has
    // fewer LUTs and still meets the optimal depth (greedy recovery under tight required
    // times can miss covers that an area-only pass finds at the same depth).
    let mut free = m.clone();
    let (luts, depth) = m.recover(depth_bound);
    let (free_luts, free_depth) = free.recover(INF);
    let (m, luts, depth) = if free_depth <= depth_bound && free_luts < luts {
        (free, free_luts, free_depth)
    } else {
        (m, luts, depth)
    };
    let mut cover = vec![None; n];
    for node in g.nodes() {
        if m.refs[node.0 as usize] > 0 && g.is_and(node) {
            cover[node.0 as usize] = m.best[node.0 as usize];
        }
    }
    Mapping { cover, luts, depth, depth_bound, luts_depth_pass }
}

impl Mapper<'_> {
    /// Area flow twice, then exact area twice, every output required at `target`;
    /// returns (LUT count, depth).
    fn recover(&mut self, target: u32) -> (usize, u32) {
        for mode in [Mode::Flow, Mode::Flow, Mode::Exact, Mode::Exact] {
            self.set_required(target);
            self.pass(mode);
            self.cover();
        }
        self.cover()
    }
    fn cut_arrival(&self, c: &Cut) -> u32 {
        1 + c.leaves().iter().map(|&l| self.arrival[l as usize]).max().unwrap_or(0)
    }
    fn cut_flow(&self, c: &Cut) -> f64 {
        1.0 + c.leaves().iter().map(|&l| self.flow[l as usize] / self.est[l as usize]).sum::<f64>()
    }
    fn is_and(&self, l: u32) -> bool {
        self.g.is_and(Node(l))
    }

    /// References the cut's cone in the cover; returns the LUTs newly referenced.
    fn cut_ref(&mut self, c: &Cut) -> u32 {
        let mut area = 1;
        let mut stack: Vec<u32> = c.leaves().to_vec();
        while let Some(l) = stack.pop() {
            if !self.is_and(l) {
                continue;
            }
            self.refs[l as usize] += 1;
            if self.refs[l as usize] == 1 {
                area += 1;
                let b = self.best[l as usize].expect("a node's fanins are mapped before it");
                stack.extend_from_slice(b.leaves());
            }
        }
        area
    }
    /// Dereferences the cut's cone; returns the LUTs freed.
    fn cut_deref(&mut self, c: &Cut) -> u32 {
        let mut area = 1;
        let mut stack: Vec<u32> = c.leaves().to_vec();
        while let Some(l) = stack.pop() {
            if !self.is_and(l) {
                continue;
            }
            self.refs[l as usize] -= 1;
            if self.refs[l as usize] == 0 {
                area += 1;
                let b = self.best[l as usize].expect("a node's fanins are mapped before it");
                stack.extend_from_slice(b.leaves());
            }
        }
        area
    }

    fn pass(&mut self, mode: Mode) {
        let g = self.g;
        for node in g.nodes() {
            let i = node.0 as usize;
            if !g.is_and(node) {
                continue;
            }
            let [a, b] = g.fanins(node);
            let with_trivial = |m: &Self, n: Node| {
                let mut v = m.cuts[n.0 as usize].clone();
                v.push(Cut::trivial(n));
                v
            };
            let (ca, cb) = (with_trivial(self, a.node()), with_trivial(self, b.node()));
            let mut cands = merge_cuts(&ca, &cb, self.k);
            if let Some(prev) = self.best[i] {
                if !cands.contains(&prev) {
                    cands.push(prev);
                }
            }
            let in_cover = self.refs[i] > 0;
            if mode == Mode::Exact && in_cover {
                let prev = self.best[i].expect("a node in the cover has a cut");
                self.cut_deref(&prev);
            }
            let req = self.required[i];
            let mut scored: Vec<(u32, u32, f64, Cut)> = cands
                .into_iter()
                .map(|c| {
                    let arr = self.cut_arrival(&c);
                    let area = if mode == Mode::Exact && in_cover {
                        let a = self.cut_ref(&c);
                        self.cut_deref(&c);
                        a
                    } else {
                        0
                    };
                    (arr, area, self.cut_flow(&c), c)
                })
                .collect();
            let key_leaves = |c: &Cut| c.leaves().to_vec();
            scored.sort_by(|x, y| {
                let ord = match mode {
                    Mode::Depth => x.0.cmp(&y.0).then(x.2.total_cmp(&y.2)),
                    Mode::Flow => (x.0 > req).cmp(&(y.0 > req)).then(x.2.total_cmp(&y.2)).then(x.0.cmp(&y.0)),
                    Mode::Exact => (x.0 > req)
                        .cmp(&(y.0 > req))
                        .then(x.1.cmp(&y.1))
                        .then(x.2.total_cmp(&y.2))
                        .then(x.0.cmp(&y.0)),
                };
                ord.then(x.3.len().cmp(&y.3.len())).then_with(|| key_leaves(&x.3).cmp(&key_leaves(&y.3)))
            });
            let chosen = scored[0];
            self.best[i] = Some(chosen.3);
            self.arrival[i] = chosen.0;
            self.flow[i] = chosen.2;
            if mode == Mode::Exact && in_cover {
                self.cut_ref(&chosen.3);
            }
            // Keep the best few, dropping trivial-sized repeats of the fanins.
            self.cuts[i] = scored.into_iter().take(self.keep).map(|s| s.3).collect();
        }
    }

    /// Recomputes the cover from the outputs (reference counts) and the fanout estimates;
    /// returns (LUT count, depth).
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
                luts += self.cut_ref(&b) as usize;
            }
        }
        for (e, &r) in self.est.iter_mut().zip(&self.refs) {
            *e = ((*e + 2.0 * r as f64) / 3.0).max(1.0);
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
