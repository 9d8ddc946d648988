//! Resynthesis of the mapped LUT network (in the manner of ABC's `lutpack`): for each
//! LUT (a root, in topological order), cuts of the network grow from it
//! ([`super::packcut`]: up to 16 leaves, LUTs of its fanout-free cone plus a few shared
//! ones), ranked by how many LUTs they could free; for the best few, the root's function
//! over the cut's leaves is decomposed into K-LUTs ([`super::lutdec`]: bound sets, MUX
//! splits) and replaces the LUTs that die with the root when the new structure is
//! smaller. Required levels (from the network's depth) bound each new root's level, so
//! the depth never grows though a root may get deeper within its slack. Every
//! replacement is checked by exhaustive simulation of the cut before it is made; fanout
//! counts stay exact, so a LUT freed by one replacement can join the next cut. Rounds
//! repeat until one changes nothing or [`MAX_ROUNDS`]. With an exact-synthesis run
//! ([`pack_with`], the area goal), cuts of at most eight leaves also get the fewest LUTs
//! SAT finds within its limits ([`super::exact`]) when that beats the decomposition.

use super::bigtt::Tt;
use super::exact::{self, Exact};
use super::goal::LutGoal;
use super::lutdec::{decompose, structure_function, NewLut, Src};
use super::lutnet::{Lut, LutNet};
use super::packcut::{self, Cut, Limits};

/// The most LUTs in a cut.
pub const MAX_WINDOW: usize = 8;
/// The most LUTs of a cut outside the root's fanout-free cone (ABC's default, 3).
pub const MAX_DUPS: usize = 3;
/// The most cuts enumerated per root.
pub const MAX_CUTS: usize = 64;
/// The most cuts per root whose function is decomposed (best ranked first).
pub const MAX_EVALS: usize = 4;
/// The most resynthesis rounds (until one changes nothing).
pub const MAX_ROUNDS: usize = 12;

/// The function of a cut's root over its leaves (variable `i` is `leaves[i]`).
fn cut_function(net: &LutNet, cut: &Cut) -> Tt {
    let n = cut.leaves.len();
    let mut val: Vec<(u32, Tt)> = cut.leaves.iter().enumerate().map(|(i, &s)| (s, Tt::var(n, i))).collect();
    for &l in cut.nodes.iter().rev() {
        let (tt, ins) = net.luts[l as usize].as_ref().expect("cut LUTs");
        let args: Vec<&Tt> = ins
            .iter()
            .map(|x| &val.iter().find(|p| p.0 == *x).expect("cut inputs are leaves or LUTs").1)
            .collect();
        let t = Tt::apply(*tt, &args, n);
        val.push((l, t));
    }
    val.pop().expect("root").1
}

/// The cut limits for `k`-LUTs: supports of up to three LUTs' worth of inputs, at most 16
/// (ABC's `lutpack` limit; tables stay at 1,024 words).
fn limits(k: usize) -> Limits {
    let leaves = (3 * k).min(16);
    Limits { leaves, nodes: MAX_WINDOW, dups: MAX_DUPS, cuts: MAX_CUTS }
}

/// Resynthesizes `net` in place with `k`-LUTs for `goal` (see the module doc; the area
/// goal sets no required level); returns the number of cuts replaced.
pub fn pack(net: &mut LutNet, k: usize, goal: LutGoal) -> usize {
    pack_with(net, k, goal, None)
}

/// [`pack`], also asking `exact` ([`super::exact`]) for fewer LUTs on cuts of at most
/// [`super::exact::MAX_INPUTS`] leaves than the decomposition found (or dying LUTs).
pub fn pack_with(net: &mut LutNet, k: usize, goal: LutGoal, mut exact: Option<&mut Exact>) -> usize {
    let lim = limits(k);
    let mut total = 0;
    let mut fanouts = vec![0u32; net.len()];
    for id in net.order() {
        for &i in &net.luts[id as usize].as_ref().expect("ordered").1 {
            fanouts[i as usize] += 1;
        }
    }
    for o in &net.outputs {
        fanouts[o.node().0 as usize] += 1;
    }
    for _ in 0..MAX_ROUNDS {
        let mut changed = 0;
        let order = net.order();
        let mut level = net.levels();
        let mut req = match goal {
            LutGoal::Depth => required(net, &order, &level),
            LutGoal::Area => vec![u32::MAX; net.len()],
        };
        for root in order {
            let Some((_, ins)) = &net.luts[root as usize] else { continue };
            if fanouts[root as usize] == 0 {
                continue;
            }
            // Inputs replaced earlier in this round may have moved: the level is fresh.
            level[root as usize] = 1 + ins.iter().map(|&i| level[i as usize]).max().unwrap_or(0);
            let m = packcut::mffc(net, &fanouts, root);
            if m.len() < 2 {
                continue;
            }
            let ranked = packcut::rank(packcut::cuts(net, root, &m, lim), k);
            for cut in ranked.iter().take(MAX_EVALS) {
                let dying = packcut::dead(net, &fanouts, cut);
                if dying.len() < 2 {
                    continue;
                }
                let f = cut_function(net, cut);
                let vars: Vec<(Src, u32)> = cut
                    .leaves
                    .iter()
                    .enumerate()
                    .map(|(i, &s)| (Src::Sig(i as u32), level[s as usize]))
                    .collect();
                let mut new = Vec::new();
                let mut found = decompose(f.clone(), vars, k, dying.len() - 1, &mut new)
                    .map(|(_, lv)| (new, lv))
                    .filter(|(new, lv)| new.len() < dying.len() && *lv <= req[root as usize]);
                if let Some(ex) = exact.as_deref_mut().filter(|_| cut.leaves.len() <= exact::MAX_INPUTS) {
                    let below = found.as_ref().map_or(dying.len(), |c| c.0.len());
                    let lvs: Vec<u32> = cut.leaves.iter().map(|&s| level[s as usize]).collect();
                    if let Some(net) = ex.synthesize(&f, &lvs, below) {
                        let lv = net.last().expect("a network has a LUT").2;
                        if lv <= req[root as usize] {
                            found = Some((net, lv));
                        }
                    }
                }
                let Some((new, lv)) = found else { continue };
                if structure_function(&new, cut.leaves.len()) != f {
                    debug_assert!(false, "a decomposition changed the cut's function");
                    continue;
                }
                // The leaves and the new LUTs must not arrive later than the new
                // structure allows: their required levels tighten by the root's slack.
                let slack = req[root as usize] - lv;
                for &x in &cut.leaves {
                    req[x as usize] = req[x as usize].min(level[x as usize].saturating_add(slack));
                }
                let first_new = net.luts.len();
                replace(net, &mut fanouts, &mut level, (root, &cut.leaves), &dying, &new, lv);
                req.resize(net.luts.len(), u32::MAX);
                for id in first_new..net.luts.len() {
                    req[id] = level[id].saturating_add(slack);
                }
                changed += 1;
                break;
            }
        }
        total += changed;
        if changed == 0 {
            break;
        }
    }
    total
}

/// The latest level each signal may have without deepening the network: the largest
/// output level at the outputs, one less than the tightest fanout's inward.
fn required(net: &LutNet, order: &[u32], level: &[u32]) -> Vec<u32> {
    let depth = net.outputs.iter().map(|o| level[o.node().0 as usize]).max().unwrap_or(0);
    let mut req = vec![u32::MAX; net.len()];
    for o in &net.outputs {
        req[o.node().0 as usize] = depth;
    }
    for &id in order.iter().rev() {
        let r = req[id as usize];
        for &i in &net.luts[id as usize].as_ref().expect("ordered").1 {
            req[i as usize] = req[i as usize].min(r.saturating_sub(1));
        }
    }
    req
}

/// Replaces the dying LUTs (root first) by the new structure, whose last LUT takes the
/// root's id; keeps fanout counts exact.
fn replace(
    net: &mut LutNet,
    fanouts: &mut Vec<u32>,
    level: &mut Vec<u32>,
    (root, leaves): (u32, &[u32]),
    dying: &[u32],
    new: &[NewLut],
    lv: u32,
) {
    for &d in dying {
        let (_, ins) = net.luts[d as usize].take().expect("dying LUTs exist");
        for i in ins {
            fanouts[i as usize] -= 1;
        }
    }
    let mut ids: Vec<u32> = Vec::with_capacity(new.len());
    for (j, (tt, ins, lvl)) in new.iter().enumerate() {
        let ins: Vec<u32> = ins
            .iter()
            .map(|s| match s {
                Src::Sig(x) => leaves[*x as usize],
                Src::New(i) => ids[*i],
            })
            .collect();
        for &i in &ins {
            fanouts[i as usize] += 1;
        }
        let lut: Lut = (*tt, ins);
        let id = if j + 1 == new.len() {
            net.luts[root as usize] = Some(lut);
            root
        } else {
            net.luts.push(Some(lut));
            fanouts.push(0);
            level.push(*lvl);
            (net.luts.len() - 1) as u32
        };
        ids.push(id);
    }
    level[root as usize] = lv;
}

#[cfg(test)]
mod tests {
    use super::super::aig::{Aig, Lit};
    use super::super::{balance, lutnet::LutNet, mapper};
    use super::*;
    use crate::rng::Rng;

    /// A random AIG: chains of and/or/xor over recent literals (reconvergent, deep).
    fn random_aig(seed: u64, inputs: usize, ands: usize) -> Aig {
        crate::lutmap::tests::random_chain_aig(seed, inputs, ands, (10, 4, 5))
    }

    #[test]
    fn packing_keeps_every_function_never_adds_luts_or_depth() {
        let mut rng = Rng::new(11);
        let (mut before, mut after) = (0, 0);
        for seed in 0..30u64 {
            let ni = if seed % 3 == 0 { 6 } else { 12 };
            let g = balance::balance(&random_aig(seed, ni, 120));
            for k in [3, 4, 6] {
                let m = mapper::map(&g, k, 8, LutGoal::Depth);
                let mut net = LutNet::from_mapping(&g, &m);
                let (l0, d0) = (net.lut_count(), net.depth());
                pack(&mut net, k, LutGoal::Depth);
                let (l1, d1) = (net.lut_count(), net.depth());
                assert!(l1 <= l0 && d1 <= d0, "seed {seed} k {k}: {l0}/{d0} -> {l1}/{d1}");
                assert!(net.luts.iter().flatten().all(|(_, ins)| ins.len() <= k));
                // Exhaustive for 6 inputs, random words otherwise.
                let pats: Vec<Vec<u64>> = if ni <= 6 {
                    vec![crate::lutmap::truth::VARS[..ni].to_vec()]
                } else {
                    (0..8).map(|_| (0..ni).map(|_| rng.next_u64()).collect()).collect()
                };
                for p in pats {
                    assert_eq!(net.simulate(&p), g.simulate(&p), "seed {seed} k {k}");
                }
                before += l0;
                after += l1;
            }
        }
        assert!(after < before, "packing never helped: {before} LUTs");
    }

    #[test]
    fn a_fanout_free_cone_collapses_and_decomposes() {
        // Three 2-LUTs computing (a & b) & (c & d): one 4-LUT.
        let mut g = Aig::new();
        let ins: Vec<Lit> = (0..4).map(|_| g.input()).collect();
        g.outputs = vec![Lit::FALSE];
        let mut net = LutNet::from_mapping(&g, &mapper::map(&g, 4, 8, LutGoal::Depth));
        let n = |l: Lit| l.node().0;
        net.luts.push(Some((0b1000, vec![n(ins[0]), n(ins[1])])));
        net.luts.push(Some((0b1000, vec![n(ins[2]), n(ins[3])])));
        net.luts.push(Some((0b1000, vec![5, 6])));
        net.outputs = vec![Lit::of(super::super::aig::Node(7))];
        let p: Vec<u64> = crate::lutmap::truth::VARS[..4].to_vec();
        let want = net.simulate(&p);
        assert_eq!(net.lut_count(), 3);
        assert_eq!(pack(&mut net, 4, LutGoal::Depth), 1);
        assert_eq!((net.lut_count(), net.depth()), (1, 1));
        assert_eq!(net.simulate(&p), want);

        // x = a ^ b ^ c ^ d ^ e as 2-LUTs (4 LUTs, depth 3) at K = 3: two 3-LUTs.
        let mut g = Aig::new();
        let ins: Vec<Lit> = (0..5).map(|_| g.input()).collect();
        g.outputs = vec![Lit::FALSE];
        let mut net = LutNet::from_mapping(&g, &mapper::map(&g, 3, 8, LutGoal::Depth));
        net.luts.push(Some((0b0110, vec![n(ins[0]), n(ins[1])]))); // 6
        net.luts.push(Some((0b0110, vec![n(ins[2]), n(ins[3])]))); // 7
        net.luts.push(Some((0b0110, vec![6, 7]))); // 8
        net.luts.push(Some((0b0110, vec![8, n(ins[4])]))); // 9
        net.outputs = vec![Lit::of(super::super::aig::Node(9))];
        let p: Vec<u64> = crate::lutmap::truth::VARS[..5].to_vec();
        let want = net.simulate(&p);
        pack(&mut net, 3, LutGoal::Depth);
        assert_eq!(net.lut_count(), 2);
        assert!(net.depth() <= 3);
        assert_eq!(net.simulate(&p), want);
    }
}
