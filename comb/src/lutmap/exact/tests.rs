//! Tests of exact synthesis: minimum LUT counts against brute force over every network of
//! up to three 2-LUTs, known minima, depth, the NPN cache and the budget.

use super::*;
use crate::lutmap::lutdec::structure_function;

/// The table of `f` over `n` variables.
fn table(n: usize, f: impl Fn(usize) -> bool) -> Tt {
    let mut t = Tt::zero(n);
    for m in 0..1usize << n {
        if f(m) {
            t.set(m);
        }
    }
    t
}

/// Per 3-input function (an 8-bit table), the fewest 2-LUTs of any network of at most
/// `max` LUTs computing it with its last LUT (brute force over every choice of fanins and
/// tables), or `None` past `max`.
fn brute_force_2luts(max: usize) -> Vec<Option<usize>> {
    fn rec(sigs: &mut Vec<u8>, left: usize, used: usize, best: &mut [Option<usize>]) {
        if left == 0 {
            return;
        }
        let s = sigs.len();
        for a in 0..s {
            for b in a + 1..s {
                for tt in 0..16u8 {
                    let mut v = 0u8;
                    for m in 0..8 {
                        let q = (sigs[a] >> m & 1) | (sigs[b] >> m & 1) << 1;
                        v |= (tt >> q & 1) << m;
                    }
                    let e = &mut best[v as usize];
                    if e.is_none_or(|x| x > used + 1) {
                        *e = Some(used + 1);
                    }
                    sigs.push(v);
                    rec(sigs, left - 1, used + 1, best);
                    sigs.pop();
                }
            }
        }
    }
    let mut best = vec![None; 256];
    rec(&mut vec![0xAA, 0xCC, 0xF0], max, 0, &mut best);
    best
}

#[test]
fn minimum_2lut_counts_match_brute_force_on_every_3_input_function() {
    let brute = brute_force_2luts(3);
    let mut ex = Exact::new(2, u64::MAX);
    let mut checked = 0;
    for (bits, &known) in brute.iter().enumerate() {
        let f = table(3, |m| bits >> m & 1 == 1);
        if f.support_size() < 3 {
            continue;
        }
        let net = ex.synthesize(&f, &[0, 0, 0], 6).expect("a 3-input function needs at most 5 2-LUTs");
        assert_eq!(structure_function(&net, 3), f, "function {bits:#04x}");
        assert!(net.iter().all(|l| l.1.len() <= 2));
        // Brute force knows every function of at most 3 LUTs; the rest need more.
        match known {
            Some(r) => assert_eq!(net.len(), r, "function {bits:#04x}"),
            None => assert!(net.len() > 3, "function {bits:#04x}"),
        }
        checked += 1;
    }
    assert_eq!(checked, 218, "functions of exactly 3 variables");
    assert_eq!(ex.stats.unknown, 0, "no call ran out of conflicts");
    assert!(ex.stats.hits > 150, "NPN classes: most functions share a search: {:?}", ex.stats);
}

#[test]
fn majority_of_3_takes_4_2luts_and_parity_of_5_takes_2_3luts() {
    let mut ex = Exact::new(2, u64::MAX);
    let maj = table(3, |m| m.count_ones() >= 2);
    let net = ex.synthesize(&maj, &[0; 3], 10).unwrap();
    assert_eq!(net.len(), 4);
    assert_eq!(structure_function(&net, 3), maj);
    // Parity of 5 with 3-LUTs: two LUTs, depth 2.
    let mut ex3 = Exact::new(3, u64::MAX);
    let par = table(5, |m| m.count_ones() % 2 == 1);
    let net = ex3.synthesize(&par, &[0; 5], 10).unwrap();
    assert_eq!(net.len(), 2);
    assert_eq!(structure_function(&net, 5), par);
    // Nothing below the lower bound: None when asked for fewer than 2.
    assert!(ex3.synthesize(&par, &[0; 5], 2).is_none());
}

#[test]
fn an_8_input_and_takes_4_3luts_at_depth_2() {
    let mut ex = Exact::new(3, u64::MAX);
    let and8 = table(8, |m| m == 255);
    let net = ex.synthesize(&and8, &[0; 8], 8).unwrap();
    assert_eq!(net.len(), 4);
    assert_eq!(net.last().unwrap().2, 2, "the least depth: three 3-LUTs then one");
    assert_eq!(structure_function(&net, 8), and8);
    // Leaf levels count: one late leaf puts the result a level above it.
    let mut lv = [0; 8];
    lv[5] = 4;
    let net = ex.synthesize(&and8, &lv, 8).unwrap();
    assert!(net.last().unwrap().2 >= 5);
}

#[test]
fn random_6_input_functions_with_4luts_are_exact_and_cached_by_npn_class() {
    let mut rng = crate::rng::Rng::new(5);
    let mut ex = Exact::new(4, u64::MAX);
    for _ in 0..6 {
        // A structured function: two 4-LUTs feeding a third (so 3 LUTs suffice).
        let a = rng.next_u64() & 0xFFFF;
        let b = rng.next_u64() & 0xFFFF;
        let c = rng.next_u64() & 0xFF;
        let f = table(6, |m| {
            let x = a >> (m & 15) & 1;
            let y = b >> (m >> 2 & 15) & 1;
            c >> (x | y << 1 | (m as u64 & 1) << 2) & 1 == 1
        });
        if f.support_size() < 6 {
            continue;
        }
        let before = ex.stats;
        let Some(net) = ex.synthesize(&f, &[0; 6], 4) else { continue };
        assert!(net.len() <= 3 && net.len() >= lower_bound(6, 4));
        assert_eq!(structure_function(&net, 6), f);
        // An NPN variant (inputs reversed and negated, output negated): from the cache
        // when the form matches, and always a correct network.
        let g = table(6, |m| !f.bit(!(m.reverse_bits() >> (usize::BITS - 6)) & 63));
        let spent = ex.stats.conflicts;
        let net = ex.synthesize(&g, &[0; 6], 4);
        let net =
            net.unwrap_or_else(|| panic!("{:?} {:?} {:?}", ex.stats, npn::canonical(&f), npn::canonical(&g)));
        assert_eq!(structure_function(&net, 6), g);
        if npn::canonical(&f).0 == npn::canonical(&g).0 {
            assert_eq!(ex.stats.conflicts, spent, "a cache hit costs no conflict");
            assert_eq!(ex.stats.hits, before.hits + 1);
        }
    }
}

#[test]
fn no_budget_no_search() {
    let mut ex = Exact::new(2, 0);
    let maj = table(3, |m| m.count_ones() >= 2);
    assert!(ex.synthesize(&maj, &[0; 3], 10).is_none());
    assert_eq!(ex.stats.conflicts, 0);
    assert_eq!(ex.stats.sat + ex.stats.unsat + ex.stats.unknown, 0);
}
