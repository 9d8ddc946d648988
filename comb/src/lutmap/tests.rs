//! Unit tests of each stage of the mapper, with the evaluator (`bits_ops`) and AIG
//! simulation on random vectors as the reference.

use super::aig::{Aig, Lit, Node};
use super::cuts::{merge_cuts, Cut};
use super::truth::{cut_function, depends_on, shrink, VARS};
use super::{balance, blast_module, mapper};
use crate::bits::Bits;
use crate::bits_ops::eval_cell;
use crate::netlist::{CellKind, IcmpPred};
use crate::random::{random_design, RandomConfig};
use crate::rng::Rng;

/// A random AIG: `inputs` inputs, `ands` random gates over earlier literals, 8 outputs.
fn random_aig(seed: u64, inputs: usize, ands: usize) -> Aig {
    let mut rng = Rng::new(seed);
    let mut g = Aig::new();
    let mut lits: Vec<Lit> = (0..inputs).map(|_| g.input()).collect();
    for _ in 0..ands {
        let a = lits[rng.below(lits.len() as u64) as usize].xor_neg(rng.chance(1, 2));
        let b = lits[rng.below(lits.len() as u64) as usize].xor_neg(rng.chance(1, 2));
        let l = match rng.below(4) {
            0 => g.xor(a, b),
            1 => g.or(a, b),
            _ => g.and(a, b),
        };
        lits.push(l);
    }
    for i in 0..8 {
        g.outputs.push(lits[lits.len() - 1 - i * 3]);
    }
    g
}

/// A random AIG of reconvergent, deep chains: each gate's first operand among the `span`
/// latest literals, the second anywhere; one in `kinds` gates an XOR, one an OR, the rest
/// ANDs; 6 outputs every `stride` literals back from the last (lutpack's and mfs's tests).
pub(super) fn random_chain_aig(
    seed: u64,
    inputs: usize,
    ands: usize,
    (span, kinds, stride): (u64, u64, usize),
) -> Aig {
    let mut rng = Rng::new(seed);
    let mut g = Aig::new();
    let mut lits: Vec<Lit> = (0..inputs).map(|_| g.input()).collect();
    for _ in 0..ands {
        let n = lits.len() as u64;
        let a = lits[(n - 1 - rng.below(n.min(span))) as usize].xor_neg(rng.chance(1, 2));
        let b = lits[rng.below(n) as usize].xor_neg(rng.chance(1, 2));
        let l = match rng.below(kinds) {
            0 => g.xor(a, b),
            1 => g.or(a, b),
            _ => g.and(a, b),
        };
        lits.push(l);
    }
    g.outputs = (0..6).map(|i| lits[lits.len() - 1 - stride * i]).collect();
    g
}

fn patterns(rng: &mut Rng, n: usize) -> Vec<u64> {
    (0..n).map(|_| rng.next_u64()).collect()
}

#[test]
fn structural_hashing_shares_and_folds() {
    let mut g = Aig::new();
    let (a, b) = (g.input(), g.input());
    let x = g.and(a, b);
    assert_eq!(g.and(b, a), x, "commuted operands hash to the same node");
    assert_eq!(g.and_count(), 1);
    assert_eq!(g.and(a, Lit::FALSE), Lit::FALSE);
    assert_eq!(g.and(a, Lit::TRUE), a);
    assert_eq!(g.and(a, a), a);
    assert_eq!(g.and(a, !a), Lit::FALSE);
    let p = g.xor(a, b);
    let q = g.xor(!a, !b);
    assert_eq!(p, q, "xor is shared across input polarities");
    assert_eq!(g.xor(!a, b), !p);
    assert_eq!(g.and_count(), 4, "one AND plus the three of the XOR");
    g.outputs = vec![p, g.mux(a, b, !b), g.maj(a, b, Lit::TRUE)];
    let (va, vb) = (0b1100u64, 0b1010u64);
    let out = g.simulate(&[va, vb]);
    assert_eq!(out[0] & 0xF, (va ^ vb) & 0xF);
    assert_eq!(out[1] & 0xF, ((va & vb) | (!va & !vb)) & 0xF);
    assert_eq!(out[2] & 0xF, (va | vb) & 0xF);
}

#[test]
fn balancing_keeps_every_output_and_does_not_deepen() {
    let mut rng = Rng::new(5);
    for seed in 0..40 {
        let g = random_aig(seed, 6 + seed as usize % 10, 200);
        let h = balance::balance(&g);
        assert_eq!(h.inputs().len(), g.inputs().len());
        for _ in 0..8 {
            let p = patterns(&mut rng, g.inputs().len());
            assert_eq!(g.simulate(&p), h.simulate(&p), "seed {seed}");
        }
        let depth = |a: &Aig| {
            let lv = a.levels();
            a.outputs.iter().map(|o| lv[o.node().0 as usize]).max().unwrap_or(0)
        };
        assert!(depth(&h) <= depth(&g), "seed {seed}: balancing deepened the graph");
    }
    // A chain of ANDs becomes a tree.
    let mut g = Aig::new();
    let ins: Vec<Lit> = (0..16).map(|_| g.input()).collect();
    let mut acc = ins[0];
    for &i in &ins[1..] {
        acc = g.and(acc, i);
    }
    g.outputs.push(acc);
    let h = balance::balance(&g);
    assert_eq!(h.levels()[h.outputs[0].node().0 as usize], 4);
}

#[test]
fn cuts_are_k_feasible_and_not_dominated_and_their_functions_match_simulation() {
    let mut rng = Rng::new(9);
    for seed in 0..20 {
        let g = random_aig(100 + seed, 8, 120);
        let k = 2 + seed as usize % 5;
        let mut cuts: Vec<Vec<Cut>> = vec![Vec::new(); g.len()];
        let p = patterns(&mut rng, g.inputs().len());
        // Simulated value of every node.
        let mut val = vec![0u64; g.len()];
        for (i, n) in g.inputs().iter().enumerate() {
            val[n.0 as usize] = p[i];
        }
        for n in g.nodes() {
            if !g.is_and(n) {
                continue;
            }
            let [a, b] = g.fanins(n);
            let lit = |l: Lit| val[l.node().0 as usize] ^ if l.is_neg() { u64::MAX } else { 0 };
            val[n.0 as usize] = lit(a) & lit(b);
            let with = |x: Node| {
                let mut v = cuts[x.0 as usize].clone();
                v.push(Cut::trivial(x));
                v
            };
            let set = merge_cuts(&with(a.node()), &with(b.node()), k);
            for (i, c) in set.iter().enumerate() {
                assert!(c.len() <= k && c.leaves().windows(2).all(|w| w[0] < w[1]));
                for (j, d) in set.iter().enumerate() {
                    assert!(i == j || !d.subset_of(c), "a dominated cut was kept");
                }
                // The cut's function, applied to the leaves' values, gives the node's.
                let tt = cut_function(&g, n, c.leaves());
                for bit in 0..64 {
                    let idx: usize = c
                        .leaves()
                        .iter()
                        .enumerate()
                        .map(|(v, &l)| ((val[l as usize] >> bit & 1) as usize) << v)
                        .sum();
                    assert_eq!(tt >> idx & 1, val[n.0 as usize] >> bit & 1, "seed {seed}");
                }
            }
            cuts[n.0 as usize] = set.into_iter().take(8).collect();
        }
    }
}

#[test]
fn truth_tables_shrink_to_their_support() {
    // x0 XOR x2 over three variables.
    let tt = (VARS[0] ^ VARS[2]) & 0xFF;
    assert!(depends_on(tt, 3, 0) && !depends_on(tt, 3, 1) && depends_on(tt, 3, 2));
    assert_eq!(shrink(tt, 3), (0b0110, vec![0, 2]));
    assert_eq!(shrink(0xFF, 3), (1, vec![]));
    assert_eq!(shrink(VARS[5], 6), (0b10, vec![5]));
    let maj = (VARS[0] & VARS[1]) | (VARS[2] & (VARS[0] | VARS[1]));
    assert_eq!(shrink(maj & 0xFF, 3), (0xE8, vec![0, 1, 2]));
}

/// (LUT count, depth) of a cover, computed from the cover itself.
fn cover_depth(g: &Aig, m: &mapper::Mapping) -> (usize, u32) {
    let mut d = vec![0u32; g.len()];
    let mut luts = 0;
    for n in g.nodes() {
        if let Some(c) = m.cover[n.0 as usize] {
            luts += 1;
            d[n.0 as usize] = 1 + c.leaves().iter().map(|&l| d[l as usize]).max().unwrap_or(0);
        }
    }
    (luts, g.outputs.iter().map(|o| d[o.node().0 as usize]).max().unwrap_or(0))
}

#[test]
fn mapping_meets_the_depth_bound_and_recovery_never_deepens() {
    for seed in 0..30 {
        let g = random_aig(300 + seed, 10, 300);
        for k in 2..=6 {
            let m = mapper::map(&g, k, 8, super::LutGoal::Depth);
            let (luts, depth) = cover_depth(&g, &m);
            assert_eq!((luts, depth), (m.luts, m.depth), "seed {seed} k {k}: reported figures");
            assert!(m.depth <= m.depth_bound, "seed {seed} k {k}: recovery deepened the mapping");
            assert!(m.luts <= m.luts_depth_pass, "seed {seed} k {k}: recovery added LUTs");
            // Every output node's cone is covered: each LUT leaf is an input or a LUT.
            for n in g.nodes() {
                if let Some(c) = m.cover[n.0 as usize] {
                    assert!(c.len() <= k);
                    for &l in c.leaves() {
                        assert!(!g.is_and(Node(l)) || m.cover[l as usize].is_some());
                    }
                }
            }
            // The depth pass is optimal for the cuts: no LUT depth below the AIG depth / K-ish
            // bound can be checked exactly, but a single LUT level suffices when every output
            // depends on at most K inputs.
        }
    }
}

#[test]
fn blasted_ops_match_the_evaluator() {
    let mut rng = Rng::new(77);
    let kinds: Vec<CellKind> = vec![
        CellKind::Add,
        CellKind::Sub,
        CellKind::Mul,
        CellKind::DivU,
        CellKind::DivS,
        CellKind::ModU,
        CellKind::ModS,
        CellKind::Shl,
        CellKind::ShrU,
        CellKind::ShrS,
        CellKind::Xnor,
        CellKind::Nand,
    ]
    .into_iter()
    .chain(IcmpPred::ALL.iter().map(|&p| CellKind::Icmp(p)))
    .collect();
    for w in [1u32, 2, 3, 5, 8, 13] {
        for kind in &kinds {
            let mut g = Aig::new();
            let a: Vec<Lit> = (0..w).map(|_| g.input()).collect();
            let b: Vec<Lit> = (0..w).map(|_| g.input()).collect();
            let rw = if matches!(kind, CellKind::Icmp(_)) { 1 } else { w };
            let out = super::blast::blast(&mut g, kind, rw, &[&a, &b]).unwrap();
            g.outputs = out;
            for _ in 0..4 {
                let p = patterns(&mut rng, 2 * w as usize);
                // Edge values in the first patterns: 0, -1, MIN, 1.
                let mut p = p;
                for (i, v) in p.iter_mut().enumerate() {
                    let bit = i % w as usize;
                    *v = (*v & !0xFF)
                        | [0x00, 0xFF, 0x11, 0x22, 0x30, 0x0C, 0xC3, 0x5A][bit % 8]
                            ^ if bit + 1 == w as usize { 0x44 } else { 0 };
                }
                let o = g.simulate(&p);
                for t in 0..64 {
                    let word = |off: usize| {
                        let mut x = Bits::zero(w);
                        for i in 0..w as usize {
                            x.set_bit(i as u32, p[off + i] >> t & 1 == 1);
                        }
                        x
                    };
                    let (x, y) = (word(0), word(w as usize));
                    let want = eval_cell(kind, rw, &[&x, &y]).unwrap();
                    for i in 0..rw {
                        assert_eq!(
                            o[i as usize] >> t & 1 == 1,
                            want.bit(i),
                            "{kind:?} i{w} of {x:?} and {y:?}, bit {i}"
                        );
                    }
                }
            }
        }
    }
}

/// Operands with runs of one literal (sign and zero extensions, constants with runs of
/// ones) take the recoded multiplier: it matches the evaluator too, and needs fewer AND
/// nodes than the array multiplier on a sign-extended operand.
#[test]
fn recoded_multiplies_match_the_evaluator() {
    let mut rng = Rng::new(91);
    // Per bit of an operand: 'v' a fresh input, 's' the shared sign input, '0'/'1' constants.
    let shapes = [
        ("vvvsssss", "vvvvvvvv"),
        ("vvvvvvvv", "vvssss00"),
        ("vvsss000", "v111v0v1"),
        ("111111vv", "vvvvvvvv"),
        ("vvvvssssssssssss000", "vvvvvvvvvvvvvvvv000"),
        ("vvsss", "vvsss"),
    ];
    for (sa, sb) in shapes {
        let w = sa.len();
        let mut g = Aig::new();
        let mut inputs = 0usize;
        let mut word = |g: &mut Aig, shape: &str, sign: Lit| -> (Vec<Lit>, Vec<Option<usize>>) {
            let mut lits = Vec::new();
            let mut src = Vec::new();
            for c in shape.chars() {
                let (l, s) = match c {
                    'v' => {
                        inputs += 1;
                        (g.input(), Some(inputs))
                    }
                    's' => (sign, Some(0)),
                    '1' => (Lit::TRUE, None),
                    _ => (Lit::FALSE, None),
                };
                lits.push(l);
                src.push(s);
            }
            (lits, src)
        };
        let sign = g.input();
        let (a, asrc) = word(&mut g, sa, sign);
        let (b, bsrc) = word(&mut g, sb, sign);
        g.outputs = super::blast_arith::mul(&mut g, &a, &b);
        let n = 1 + inputs;
        for _ in 0..4 {
            let p = patterns(&mut rng, n);
            let o = g.simulate(&p);
            for t in 0..64 {
                let val = |shape: &str, src: &[Option<usize>]| {
                    let mut x = Bits::zero(w as u32);
                    for (i, c) in shape.chars().enumerate() {
                        let bit = match src[i] {
                            Some(k) => p[k] >> t & 1 == 1,
                            None => c == '1',
                        };
                        x.set_bit(i as u32, bit);
                    }
                    x
                };
                let (x, y) = (val(sa, &asrc), val(sb, &bsrc));
                let want = eval_cell(&CellKind::Mul, w as u32, &[&x, &y]).unwrap();
                for (i, oi) in o.iter().enumerate().take(w) {
                    assert_eq!(oi >> t & 1 == 1, want.bit(i as u32), "{sa} * {sb}: {x:?} * {y:?}, bit {i}");
                }
            }
        }
    }
    // Fewer AND nodes than the plain array on an 8-bit value sign-extended to 32 bits.
    let ands = |recoded: bool| {
        let mut g = Aig::new();
        let mut a: Vec<Lit> = (0..8).map(|_| g.input()).collect();
        let s = a[7];
        a.resize(32, s);
        if !recoded {
            // Distinct high bits: no run to recode.
            for x in &mut a[8..] {
                *x = g.input();
            }
        }
        let b: Vec<Lit> = (0..32).map(|_| g.input()).collect();
        super::blast_arith::mul(&mut g, &a, &b);
        g.and_count()
    };
    assert!(ands(true) * 2 < ands(false), "{} vs {}", ands(true), ands(false));
}

#[test]
fn a_module_blasts_to_one_output_per_sink_bit() {
    let d = random_design(
        3,
        &RandomConfig { ops: 30, max_width: 16, registers: true, instances: true, memories: true },
    );
    for mid in d.module_ids() {
        let b = blast_module(&d, mid);
        let m = d.module(mid);
        let bits: u32 = b.sinks.iter().map(|&s| m.width(s)).sum();
        assert_eq!(bits as usize, b.aig.outputs.len());
        assert_eq!(b.input_src.len(), b.aig.inputs().len());
        assert!(b.mapped.iter().all(|&c| super::is_mapped(&m.cell(c).kind)));
    }
}

#[test]
fn the_area_goal_never_maps_to_more_luts_than_the_depth_goal() {
    use super::LutGoal;
    let mut rng = Rng::new(77);
    let (mut depth_total, mut area_total) = (0, 0);
    for seed in 0..12 {
        let g = balance::balance(&random_aig(500 + seed, 12, 250));
        for k in [3, 4, 6] {
            let (_, d) = super::map_graph(g.clone(), k, LutGoal::Depth);
            let (_, a) = super::map_graph(g.clone(), k, LutGoal::Area);
            let (dl, al) = (d.lut_count(), a.lut_count());
            assert!(al <= dl, "seed {seed} k {k}: area {al} LUTs, depth {dl}");
            assert!(a.luts.iter().flatten().all(|(_, ins)| ins.len() <= k));
            for _ in 0..4 {
                let p = patterns(&mut rng, 12);
                assert_eq!(a.simulate(&p), g.simulate(&p), "seed {seed} k {k}: area mapping");
            }
            depth_total += dl;
            area_total += al;
        }
    }
    // Not only never worse: the area goal must find fewer LUTs somewhere.
    assert!(area_total < depth_total, "area {area_total} LUTs, depth {depth_total}");
}
