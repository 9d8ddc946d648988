//! Unit tests of don't-care resubstitution ([`super::mfs`]): small networks with a known
//! redundancy, and random mapped networks whose functions, LUT counts and depth are
//! compared before and after.

use super::super::aig::{Aig, Lit, Node};
use super::super::lutnet::LutNet;
use super::super::truth::VARS;
use super::super::{balance, lutpack, mapper, LutGoal};
use super::mfs;
use crate::rng::Rng;

/// A network over `inputs` inputs (ids 1..=inputs) with no LUTs yet.
fn empty(inputs: usize) -> LutNet {
    let mut g = Aig::new();
    for _ in 0..inputs {
        g.input();
    }
    g.outputs = vec![Lit::FALSE];
    LutNet::from_mapping(&g, &mapper::map(&g, 4, 8, LutGoal::Depth))
}

/// Adds a LUT; returns its id.
fn lut(net: &mut LutNet, tt: u64, ins: &[u32]) -> u32 {
    net.luts.push(Some((tt, ins.to_vec())));
    (net.luts.len() - 1) as u32
}

fn out(ids: &[u32]) -> Vec<Lit> {
    ids.iter().map(|&i| Lit::of(Node(i))).collect()
}

#[test]
fn an_input_unobservable_downstream_is_dropped() {
    // n = a ^ b; y = n & !a: where y reads n, a = 0, so n = b there and y = b & !a.
    let mut net = empty(2);
    let n = lut(&mut net, 0b0110, &[1, 2]);
    let y = lut(&mut net, 0b0010, &[n, 1]);
    net.outputs = out(&[y]);
    let p = VARS[..2].to_vec();
    let want = net.simulate(&p);
    assert_eq!(net.lut_count(), 2);
    assert!(mfs(&mut net, 4, true) > 0);
    assert_eq!(net.lut_count(), 1);
    assert_eq!(net.simulate(&p), want);
    assert!(net.luts[n as usize].is_none(), "the pivot went");
    let mut ins = net.luts[y as usize].as_ref().unwrap().1.clone();
    ins.sort_unstable();
    assert_eq!(ins, vec![1, 2]);
}

#[test]
fn a_node_equal_to_a_signal_on_its_care_set_is_replaced() {
    // m = a & b (an output); n = (a & b) | (!a & c); y = (n & a) ^ d: n matters only where
    // a = 1, where it equals m (and b): n goes, y reads m or b.
    let mut net = empty(4);
    let m = lut(&mut net, 0b1000, &[1, 2]);
    let n = lut(&mut net, 0b1101_1000, &[1, 2, 3]);
    let y = lut(&mut net, 0b0111_1000, &[n, 1, 4]);
    net.outputs = out(&[m, y]);
    let p = VARS[..4].to_vec();
    let want = net.simulate(&p);
    assert_eq!(net.lut_count(), 3);
    mfs(&mut net, 4, true);
    assert_eq!(net.lut_count(), 2);
    assert_eq!(net.simulate(&p), want);
    assert!(net.luts[n as usize].is_none());
    assert!(net.depth() <= 2);
}

#[test]
fn a_root_read_outside_keeps_its_function() {
    // Same as the first network, but n is an output too: nothing may change n's function.
    let mut net = empty(2);
    let n = lut(&mut net, 0b0110, &[1, 2]);
    let y = lut(&mut net, 0b0010, &[n, 1]);
    net.outputs = out(&[y, n]);
    let p = VARS[..2].to_vec();
    let want = net.simulate(&p);
    mfs(&mut net, 4, true);
    assert_eq!(net.simulate(&p), want);
    assert_eq!(net.lut_count(), 2);
}

/// A random AIG: and/or/xor chains over recent literals (reconvergent, deep).
fn random_aig(seed: u64, inputs: usize, ands: usize) -> Aig {
    super::super::tests::random_chain_aig(seed, inputs, ands, (12, 5, 7))
}

#[test]
fn random_networks_keep_every_function_and_never_grow() {
    let mut rng = Rng::new(5);
    let (mut before, mut after) = (0, 0);
    for seed in 0..40u64 {
        let ni = if seed % 2 == 0 { 6 } else { 14 };
        let g = balance::balance(&random_aig(seed, ni, 150));
        for (k, bound) in [(3, true), (4, true), (6, true), (4, false)] {
            let mut net = LutNet::from_mapping(&g, &mapper::map(&g, k, 8, LutGoal::Depth));
            lutpack::pack(&mut net, k, LutGoal::Depth);
            let (l0, d0) = (net.lut_count(), net.depth());
            mfs(&mut net, k, bound);
            let (l1, d1) = (net.lut_count(), net.depth());
            assert!(l1 <= l0, "seed {seed} k {k}: {l0} -> {l1} LUTs");
            if bound {
                assert!(d1 <= d0, "seed {seed} k {k}: depth {d0} -> {d1}");
            }
            assert!(net.order().iter().all(|&id| net.luts[id as usize].as_ref().unwrap().1.len() <= k));
            let pats: Vec<Vec<u64>> = if ni <= 6 {
                vec![VARS[..ni].to_vec()]
            } else {
                (0..16).map(|_| (0..ni).map(|_| rng.next_u64()).collect()).collect()
            };
            for p in pats {
                assert_eq!(net.simulate(&p), g.simulate(&p), "seed {seed} k {k}");
            }
            before += l0;
            after += l1;
        }
    }
    assert!(after < before, "resubstitution never helped: {before} LUTs");
}
