//! Cuts of the mapped LUT network for resynthesis ([`super::lutpack`]), in the manner of
//! ABC's `lutpack`: from a root LUT, cuts grow by replacing one leaf LUT with its inputs
//! (breadth first, up to [`Limits::cuts`] cuts), so a root gets many candidate windows,
//! not one greedy one. A cut may take in LUTs outside the root's maximum fanout-free cone
//! (they stay, as duplicates: at most [`Limits::dups`] of them); cuts containing another
//! cut's leaves are dropped. [`rank`] orders the cuts by how many LUTs they could free per
//! LUT their support needs at least (`ceil((leaves - 1) / (k - 1))`): only cuts where that
//! ratio exceeds one can gain. [`dead`] gives the LUTs that die when the root is
//! re-implemented over the cut's leaves (reference counting, so reconvergence through a
//! leaf keeps a LUT alive).

use std::collections::BTreeMap;

use super::lutnet::LutNet;

/// Bounds of the cut enumeration (explicit, never a clock).
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The most leaves of a cut.
    pub leaves: usize,
    /// The most LUTs inside a cut.
    pub nodes: usize,
    /// The most LUTs of a cut outside the root's fanout-free cone.
    pub dups: usize,
    /// The most cuts enumerated per root.
    pub cuts: usize,
}

/// A cut: its leaves (sorted signal ids) and its LUTs (the root first, each LUT before
/// the LUTs feeding it, so the reverse is a topological order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cut {
    /// Leaf signal ids, sorted.
    pub leaves: Vec<u32>,
    /// LUTs of the cut, root first.
    pub nodes: Vec<u32>,
    /// How many of `nodes` lie outside the root's fanout-free cone.
    pub dups: usize,
}

/// The LUTs of `root`'s maximum fanout-free cone (root included): those whose every
/// fanout dies with the root. `fanouts` counts each use by a LUT input or an output.
pub fn mffc(net: &LutNet, fanouts: &[u32], root: u32) -> Vec<u32> {
    let mut refs: BTreeMap<u32, u32> = BTreeMap::new();
    let mut out = vec![root];
    let mut stack = vec![root];
    while let Some(n) = stack.pop() {
        let Some((_, ins)) = &net.luts[n as usize] else { continue };
        for &i in ins {
            if net.luts[i as usize].is_none() {
                continue;
            }
            let r = refs.entry(i).or_insert(fanouts[i as usize]);
            *r = r.saturating_sub(1);
            if *r == 0 {
                out.push(i);
                stack.push(i);
            }
        }
    }
    out.sort_unstable();
    out
}

/// The cuts of `root` (see the module doc); `in_mffc` is [`mffc`]'s result.
pub fn cuts(net: &LutNet, root: u32, in_mffc: &[u32], lim: Limits) -> Vec<Cut> {
    let mut all = vec![Cut { leaves: vec![root], nodes: Vec::new(), dups: 0 }];
    let mut live = vec![true];
    let mut i = 0;
    while i < all.len() && all.len() < lim.cuts {
        if !live[i] || all[i].nodes.len() == lim.nodes {
            i += 1;
            continue;
        }
        let cut = all[i].clone();
        i += 1;
        for &l in &cut.leaves {
            let Some((_, ins)) = &net.luts[l as usize] else { continue };
            let dup = in_mffc.binary_search(&l).is_err();
            if dup && cut.dups == lim.dups {
                continue;
            }
            let mut leaves: Vec<u32> =
                cut.leaves.iter().copied().filter(|&x| x != l).chain(ins.iter().copied()).collect();
            leaves.sort_unstable();
            leaves.dedup();
            // A leaf that is already inside the cut would make it no cut at all.
            if leaves.len() > lim.leaves || leaves.iter().any(|x| cut.nodes.contains(x) || *x == l) {
                continue;
            }
            if all.iter().zip(&live).any(|(c, &on)| on && is_subset(&c.leaves, &leaves)) {
                continue;
            }
            for (c, on) in all.iter().zip(live.iter_mut()) {
                if *on && is_subset(&leaves, &c.leaves) {
                    *on = false;
                }
            }
            let mut nodes = cut.nodes.clone();
            nodes.push(l);
            all.push(Cut { leaves, nodes, dups: cut.dups + usize::from(dup) });
            live.push(true);
            if all.len() == lim.cuts {
                break;
            }
        }
    }
    all.into_iter()
        .zip(live)
        .filter(|(c, on)| *on && c.leaves.len() >= 2 && c.nodes.len() >= 2)
        .map(|(c, _)| c)
        .collect()
}

/// True if sorted `a` is a subset of sorted `b`.
fn is_subset(a: &[u32], b: &[u32]) -> bool {
    let mut j = 0;
    for &x in a {
        while j < b.len() && b[j] < x {
            j += 1;
        }
        if j == b.len() || b[j] != x {
            return false;
        }
        j += 1;
    }
    true
}

/// The fewest `k`-LUTs any function of `leaves` inputs can need when it needs them all.
pub fn min_luts(leaves: usize, k: usize) -> usize {
    (leaves.saturating_sub(1)).div_ceil(k - 1).max(1)
}

/// The cuts worth resynthesizing, best first: those that hold more fanout-free LUTs than
/// their support needs at least (ratio above one), by falling ratio, then fewer leaves,
/// then enumeration order (deterministic).
pub fn rank(cuts: Vec<Cut>, k: usize) -> Vec<Cut> {
    let mut scored: Vec<(u64, usize, Cut)> = cuts
        .into_iter()
        .filter_map(|c| {
            let own = c.nodes.len() - c.dups;
            let need = min_luts(c.leaves.len(), k);
            // Ratio in thousandths, compared as integers.
            let w = (own as u64 * 1000) / need as u64;
            (w > 1000).then_some((w, c.leaves.len(), c))
        })
        .collect();
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    scored.into_iter().map(|x| x.2).collect()
}

/// The LUTs of `cut` that die when its root is re-implemented over the leaves (the root
/// first): a LUT dies when every fanout it has is a dying LUT.
pub fn dead(net: &LutNet, fanouts: &[u32], cut: &Cut) -> Vec<u32> {
    let root = cut.nodes[0];
    let mut refs: BTreeMap<u32, u32> = BTreeMap::new();
    let mut out = vec![root];
    let mut at = 0;
    while at < out.len() {
        let n = out[at];
        at += 1;
        let Some((_, ins)) = &net.luts[n as usize] else { continue };
        for &i in ins {
            if !cut.nodes.contains(&i) {
                continue;
            }
            let r = refs.entry(i).or_insert(fanouts[i as usize]);
            *r = r.saturating_sub(1);
            if *r == 0 {
                out.push(i);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::aig::{Aig, Lit, Node};
    use super::super::lutnet::LutNet;
    use super::*;

    /// Inputs 1..=4; LUT 5 = and(1, 2), 6 = and(5, 3), 7 = or(6, 4) (root), 8 = xor(5, 4)
    /// (a second output, so 5 is shared).
    fn net() -> LutNet {
        let mut g = Aig::new();
        for _ in 0..4 {
            g.input();
        }
        let mut net = LutNet { luts: vec![None; 5], outputs: Vec::new(), inputs: g.inputs().to_vec() };
        net.luts.push(Some((0b1000, vec![1, 2])));
        net.luts.push(Some((0b1000, vec![5, 3])));
        net.luts.push(Some((0b1110, vec![6, 4])));
        net.luts.push(Some((0b0110, vec![5, 4])));
        net.outputs = vec![Lit::of(Node(7)), Lit::of(Node(8))];
        net
    }

    fn fanouts(net: &LutNet) -> Vec<u32> {
        let mut f = vec![0u32; net.len()];
        for (_, ins) in net.luts.iter().flatten() {
            for &i in ins {
                f[i as usize] += 1;
            }
        }
        for o in &net.outputs {
            f[o.node().0 as usize] += 1;
        }
        f
    }

    #[test]
    fn cuts_grow_through_the_cone_and_count_shared_luts_as_duplicates() {
        let net = net();
        let fo = fanouts(&net);
        let m = mffc(&net, &fo, 7);
        assert_eq!(m, vec![6, 7]);
        let lim = Limits { leaves: 6, nodes: 4, dups: 1, cuts: 50 };
        let cs = cuts(&net, 7, &m, lim);
        // {5,3,4} via 7 and 6; {1,2,3,4} via 5 too (a duplicate: 5 also feeds 8).
        let find = |leaves: &[u32]| cs.iter().find(|c| c.leaves == leaves).cloned();
        let c = find(&[3, 4, 5]).expect("cut over 5, 3, 4");
        assert_eq!((c.nodes.clone(), c.dups), (vec![7, 6], 0));
        let c = find(&[1, 2, 3, 4]).expect("cut over the inputs");
        assert_eq!((c.nodes.clone(), c.dups), (vec![7, 6, 5], 1));
        // 5 stays alive for 8: only 7 and 6 die.
        assert_eq!(dead(&net, &fo, &c), vec![7, 6]);
        // No duplicates allowed: the input cut is gone.
        let cs = cuts(&net, 7, &m, Limits { dups: 0, ..lim });
        assert!(cs.iter().all(|c| c.leaves != [1, 2, 3, 4]));
    }

    #[test]
    fn ranking_keeps_only_cuts_that_can_gain() {
        let c = |leaves: usize, nodes: usize, dups: usize| Cut {
            leaves: (0..leaves as u32).collect(),
            nodes: (100..100 + nodes as u32).collect(),
            dups,
        };
        // 6 leaves at K = 4 need 2 LUTs: 3 own LUTs gain, 2 cannot.
        let r = rank(vec![c(6, 2, 0), c(6, 3, 0), c(4, 2, 0), c(6, 4, 1)], 4);
        assert_eq!(r.len(), 3);
        assert_eq!(r[0], c(4, 2, 0));
        assert_eq!(min_luts(6, 4), 2);
        assert_eq!(min_luts(11, 6), 2);
        assert_eq!(min_luts(12, 6), 3);
    }
}
