//! DAG-aware AIG rewriting (in the manner of ABC's `rewrite`/`refactor`): each AND node is
//! re-expressed from one of its small cuts when that saves nodes.
//!
//! The graph is copied in topological order into a new one that keeps reference counts
//! (fanouts that are alive, plus the fanouts of the old node still to be copied). After a
//! node is copied, each of its cuts (up to `leaves` inputs) is tried: the cut's function
//! is resynthesized as the factored ISOP of both polarities ([`factor`]), and a dry run
//! counts the nodes the structure would add after structural hashing (a reused node that
//! is dead or would be freed counts as added). The gain is the node's maximum fanout-free
//! cone inside the cut (the nodes freed when it is replaced) minus that count; the best
//! positive gain is built, the node's fanouts move to it and the freed cone dies. A
//! replacement never raises the node's logic level, so the depth the mapper starts from
//! does not grow. Every replacement computes the same function of the same leaves, so
//! every output keeps its function; dead nodes are dropped by the balancing that follows.
//! Iteration is in node order and every choice is broken by a total order: deterministic.

use super::aig::{Aig, Lit, Node};
use super::cuts::{merge_fanin_cuts, Cut};
use super::factor::{self, AndBuilder, Cube};
use super::truth::cut_function;
use rustc_hash::FxHashMap;

/// Cuts kept per node while rewriting.
const CUTS: usize = 12;

/// The graph being built, with reference counts, levels and cuts per node.
struct Work {
    h: Aig,
    refs: Vec<u32>,
    level: Vec<u32>,
    cuts: Vec<Vec<Cut>>,
    k: usize,
    /// Per node: the round in which it was last marked as part of the cone being freed.
    mark: Vec<u32>,
    round: u32,
}

impl AndBuilder for Work {
    fn and(&mut self, a: Lit, b: Lit) -> Lit {
        let before = self.h.len();
        let r = self.h.and(a, b);
        if self.h.len() > before {
            let lv = 1 + self.level[a.node().0 as usize].max(self.level[b.node().0 as usize]);
            let c = self.node_cuts(a.node(), b.node());
            self.refs.push(0);
            self.level.push(lv);
            self.cuts.push(c);
            self.mark.push(0);
        }
        r
    }
}

impl Work {
    fn node_cuts(&self, a: Node, b: Node) -> Vec<Cut> {
        let mut c = Vec::new();
        merge_fanin_cuts(&self.cuts[a.0 as usize], a, &self.cuts[b.0 as usize], b, self.k, &mut c);
        c.sort_by(|x, y| y.len().cmp(&x.len()).then_with(|| x.leaves().cmp(y.leaves())));
        c.truncate(CUTS);
        c
    }
    fn push_leaf(&mut self) {
        self.refs.push(0);
        self.level.push(0);
        self.cuts.push(Vec::new());
        self.mark.push(0);
    }
    /// Adds `k` references to node `n`; a node coming alive references its fanins.
    fn reference(&mut self, n: Node, k: u32) {
        if k == 0 {
            return;
        }
        let i = n.0 as usize;
        self.refs[i] += k;
        if self.refs[i] == k && self.h.is_and(n) {
            for f in self.h.fanins(n) {
                self.reference(f.node(), 1);
            }
        }
    }
    /// Removes `k` references from node `n`; a node dying releases its fanins.
    fn release(&mut self, n: Node, k: u32) {
        if k == 0 {
            return;
        }
        let i = n.0 as usize;
        self.refs[i] -= k;
        if self.refs[i] == 0 && self.h.is_and(n) {
            for f in self.h.fanins(n) {
                self.release(f.node(), 1);
            }
        }
    }
    /// The size of the fanout-free cone of `n` above `leaves` (`n` included), marking its
    /// nodes with the current round; reference counts are restored.
    fn mffc(&mut self, n: Node, leaves: &[u32]) -> u32 {
        self.mark[n.0 as usize] = self.round;
        let mut size = 1;
        let mut freed = Vec::new();
        let mut stack: Vec<Node> = self.h.fanins(n).iter().map(|l| l.node()).collect();
        while let Some(x) = stack.pop() {
            let i = x.0 as usize;
            if !self.h.is_and(x) || leaves.contains(&x.0) {
                continue;
            }
            self.refs[i] -= 1;
            freed.push(x);
            if self.refs[i] == 0 {
                size += 1;
                self.mark[i] = self.round;
                stack.extend(self.h.fanins(x).iter().map(|l| l.node()));
            }
        }
        for x in freed {
            self.refs[x.0 as usize] += 1;
        }
        size
    }
}

/// A dry run of building a structure: counts the nodes it would add and its level.
struct DryRun<'a> {
    w: &'a Work,
    virt: FxHashMap<(Lit, Lit), Lit>,
    virt_level: Vec<u32>,
    counted: Vec<u32>,
    added: u32,
}

impl DryRun<'_> {
    fn level(&self, l: Lit) -> u32 {
        let i = l.node().0 as usize;
        if i < self.w.h.len() {
            self.w.level[i]
        } else {
            self.virt_level[i - self.w.h.len()]
        }
    }
}

impl AndBuilder for DryRun<'_> {
    fn and(&mut self, a: Lit, b: Lit) -> Lit {
        let real = self.w.h.len() as u32;
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        if a.node().0 < real && b.node().0 < real {
            if let Some(r) = self.w.h.lookup(a, b) {
                let i = r.node().0 as usize;
                let dead = self.w.refs[i] == 0 || self.w.mark[i] == self.w.round;
                if dead && self.w.h.is_and(r.node()) && !self.counted.contains(&r.node().0) {
                    self.counted.push(r.node().0);
                    self.added += 1;
                }
                return r;
            }
        } else if a == Lit::FALSE || a == !b {
            return Lit::FALSE;
        } else if a == Lit::TRUE || a == b {
            return b;
        }
        if let Some(&r) = self.virt.get(&(a, b)) {
            return r;
        }
        let r = Lit::of(Node(real + self.virt_level.len() as u32));
        let lv = 1 + self.level(a).max(self.level(b));
        self.virt_level.push(lv);
        self.virt.insert((a, b), r);
        self.added += 1;
        r
    }
}

/// One rewriting pass over `g` with cuts of at most `leaves` inputs (2..=6); the result
/// has the same inputs and outputs (by function) and may hold dead nodes (balance it).
/// Returns the graph and the number of replacements.
pub fn rewrite(g: &Aig, leaves: usize) -> (Aig, usize) {
    let refs_g = g.fanout_counts();
    let mut w = Work {
        h: Aig::new(),
        refs: vec![0],
        level: vec![0],
        cuts: vec![Vec::new()],
        k: leaves.clamp(2, 6),
        mark: vec![0],
        round: 0,
    };
    let mut map = vec![Lit::FALSE; g.len()];
    w.reference(Node(0), refs_g[0]);
    for &i in g.inputs() {
        map[i.0 as usize] = w.h.input();
        w.push_leaf();
        w.reference(map[i.0 as usize].node(), refs_g[i.0 as usize]);
    }
    let mut replaced = 0;
    for n in g.nodes() {
        if !g.is_and(n) {
            continue;
        }
        let pending = refs_g[n.0 as usize];
        let [a, b] = g.fanins(n);
        let (ma, mb) =
            (map[a.node().0 as usize].xor_neg(a.is_neg()), map[b.node().0 as usize].xor_neg(b.is_neg()));
        let d = w.and(ma, mb);
        w.reference(d.node(), pending);
        w.release(ma.node(), 1);
        w.release(mb.node(), 1);
        map[n.0 as usize] = d;
        let dn = d.node();
        if pending == 0 || !w.h.is_and(dn) || w.refs[dn.0 as usize] != pending {
            continue;
        }
        if let Some(r) = try_replace(&mut w, dn) {
            w.reference(r.node(), pending);
            w.release(dn, pending);
            map[n.0 as usize] = r.xor_neg(d.is_neg());
            replaced += 1;
        }
    }
    let mut h = w.h;
    h.outputs = g.outputs.iter().map(|o| map[o.node().0 as usize].xor_neg(o.is_neg())).collect();
    (h, replaced)
}

/// The best replacement of node `n` from its cuts, if one saves nodes without raising
/// its level; the structure is built (unreferenced) and its literal returned.
fn try_replace(w: &mut Work, n: Node) -> Option<Lit> {
    let cuts = w.cuts[n.0 as usize].clone();
    let level = w.level[n.0 as usize];
    // (gain, level, cut index, complemented cover)
    let mut best: Option<(i64, u32, usize, bool, Vec<Cube>)> = None;
    for (ci, cut) in cuts.iter().enumerate() {
        if cut.len() < 2 {
            continue;
        }
        w.round += 1;
        let freed = w.mffc(n, cut.leaves());
        if freed < 2 {
            continue;
        }
        let tt = cut_function(&w.h, n, cut.leaves());
        let lits: Vec<Lit> = cut.leaves().iter().map(|&l| Lit::of(Node(l))).collect();
        for neg in [false, true] {
            let t = factor::extend(if neg { !tt } else { tt }, cut.len());
            let (cubes, _) = factor::isop(t, 0);
            let mut dry = DryRun {
                w,
                virt: FxHashMap::default(),
                virt_level: Vec::new(),
                counted: Vec::new(),
                added: 0,
            };
            let r = factor::build(&mut dry, &cubes, &lits);
            let lv = dry.level(r);
            let gain = freed as i64 - dry.added as i64;
            if gain <= 0 || lv > level {
                continue;
            }
            let better = match &best {
                None => true,
                Some(b) => (gain, std::cmp::Reverse(lv)) > (b.0, std::cmp::Reverse(b.1)),
            };
            if better {
                best = Some((gain, lv, ci, neg, cubes));
            }
        }
    }
    let (_, _, ci, neg, cubes) = best?;
    let lits: Vec<Lit> = cuts[ci].leaves().iter().map(|&l| Lit::of(Node(l))).collect();
    let r = factor::build(w, &cubes, &lits);
    Some(r.xor_neg(neg))
}

#[cfg(test)]
mod tests {
    use super::super::{aiger, balance, script};
    use super::*;

    /// A random graph: `ni` inputs, `na` AND attempts over random earlier literals, the
    /// last `no` literals as outputs (xorshift, fixed seed).
    fn random_aig(seed: u64, ni: usize, na: usize, no: usize) -> Aig {
        let mut s = seed | 1;
        let mut next = move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        let mut g = Aig::new();
        let mut lits: Vec<Lit> = (0..ni).map(|_| g.input()).collect();
        for _ in 0..na {
            let n = lits.len() as u64;
            // Prefer recent literals so the graph is deep and reconvergent.
            let pick = |r: u64| lits[(n - 1 - (r % n.min(12 + n / 4))) as usize];
            let (a, b) = (pick(next()).xor_neg(next() & 1 == 1), pick(next()).xor_neg(next() & 1 == 1));
            let x = match next() % 4 {
                0 => g.or(a, b),
                1 => g.xor(a, b),
                _ => g.and(a, b),
            };
            lits.push(x);
        }
        g.outputs = lits[lits.len() - no..].to_vec();
        g
    }

    /// Every input pattern (for up to 6 inputs) or 4 x 64 random ones.
    fn patterns(ni: usize) -> Vec<Vec<u64>> {
        if ni <= 6 {
            return vec![crate::lutmap::truth::VARS[..ni].to_vec()];
        }
        let mut s = 0x1234_5678_9abc_def1u64;
        (0..4)
            .map(|_| {
                (0..ni)
                    .map(|_| {
                        s ^= s << 13;
                        s ^= s >> 7;
                        s ^= s << 17;
                        s
                    })
                    .collect()
            })
            .collect()
    }

    fn same_function(a: &Aig, b: &Aig) {
        assert_eq!(a.inputs().len(), b.inputs().len());
        for p in patterns(a.inputs().len()) {
            assert_eq!(a.simulate(&p), b.simulate(&p));
        }
    }

    #[test]
    fn rewriting_keeps_every_function_and_never_grows() {
        let mut total_before = 0;
        let mut total_after = 0;
        for seed in 1..=40u64 {
            let ni = if seed % 2 == 0 { 6 } else { 14 };
            let g = balance::balance(&random_aig(seed, ni, 150, 8));
            for leaves in [4, 6] {
                let (r, _) = rewrite(&g, leaves);
                let r = balance::balance(&r);
                same_function(&g, &r);
                assert!(r.and_count() <= g.and_count(), "seed {seed}: {} > {}", r.and_count(), g.and_count());
            }
            let o = script::optimize(&g);
            same_function(&g, &o);
            let lv = |g: &Aig| {
                let l = g.levels();
                g.outputs.iter().map(|o| l[o.node().0 as usize]).max().unwrap_or(0)
            };
            assert!(lv(&o) <= lv(&g), "seed {seed}: level grew");
            total_before += g.and_count();
            total_after += o.and_count();
        }
        // Random logic is full of redundancy: the script must find some of it.
        assert!(total_after * 10 < total_before * 9, "{total_after} vs {total_before}");
    }

    #[test]
    fn redundant_cones_shrink_to_their_minimum() {
        // (a&b&c) | (a&b&!c) is a&b: four nodes become one.
        let mut g = Aig::new();
        let (a, b, c) = (g.input(), g.input(), g.input());
        let ab = g.and(a, b);
        let x = g.and(ab, c);
        let y = g.and(ab, !c);
        g.outputs = vec![g.or(x, y)];
        assert_eq!(g.and_count(), 4);
        let o = script::optimize(&balance::balance(&g));
        assert_eq!(o.and_count(), 1);
        same_function(&g, &o);

        // a&b | a&c | a&d (five nodes) is a & (b|c|d): three.
        let mut g = Aig::new();
        let l: Vec<Lit> = (0..4).map(|_| g.input()).collect();
        let t: Vec<Lit> = (1..4).map(|i| g.and(l[0], l[i])).collect();
        g.outputs = vec![g.or_all(&t)];
        assert_eq!(g.and_count(), 5);
        let o = script::optimize(&balance::balance(&g));
        assert_eq!(o.and_count(), 3);
        same_function(&g, &o);
    }

    #[test]
    fn shared_logic_is_not_duplicated() {
        // x = a&b is also an output: rewriting y = (a&b)&c | (a&b)&d must keep using x.
        let mut g = Aig::new();
        let l: Vec<Lit> = (0..4).map(|_| g.input()).collect();
        let x = g.and(l[0], l[1]);
        let p = g.and(x, l[2]);
        let q = g.and(x, l[3]);
        let y = g.or(p, q);
        g.outputs = vec![x, y];
        let o = script::optimize(&balance::balance(&g));
        assert_eq!(o.and_count(), 3, "x, c|d and x&(c|d)");
        same_function(&g, &o);
    }

    #[test]
    fn the_script_is_deterministic() {
        let g = balance::balance(&random_aig(7, 12, 400, 10));
        assert_eq!(aiger::to_aag(&script::optimize(&g)), aiger::to_aag(&script::optimize(&g)));
    }
}
