//! Resynthesis of the mapped LUT network (in the manner of ABC's `lutpack`): a LUT and the
//! LUTs feeding only it (its fanout-free cone, up to [`MAX_WINDOW`] LUTs) form a window
//! whose support is at most K + 4 signals; its function, as a truth table over that
//! support, is re-decomposed into K-LUTs by repeated simple disjoint (Ashenhurst)
//! decomposition: a bound set B of at most K variables whose decomposition chart has
//! column multiplicity 2 gives `f = g(h(B), rest)`, with `h` one LUT, and `g` is
//! decomposed the same way until it fits one LUT. Larger bound sets are tried first, and
//! among equals the one whose LUT is shallowest. The window is replaced when the new
//! structure has fewer LUTs and the root's level does not grow, so the depth never grows.
//! Every replacement is checked by exhaustive simulation of the window over its support
//! before it is made. Rounds repeat until one changes nothing or [`MAX_ROUNDS`].

use super::lutnet::{Lut, LutNet};

/// The most LUTs in a window.
pub const MAX_WINDOW: usize = 4;
/// The most resynthesis rounds.
pub const MAX_ROUNDS: usize = 3;

/// A truth table over `n` variables (bit `m` is the value at minterm `m`).
#[derive(Clone, PartialEq, Eq, Debug)]
struct Tt {
    n: usize,
    w: Vec<u64>,
}

impl Tt {
    fn zero(n: usize) -> Tt {
        Tt { n, w: vec![0; (1usize << n).div_ceil(64)] }
    }
    fn bit(&self, m: usize) -> bool {
        self.w[m / 64] >> (m % 64) & 1 == 1
    }
    fn set(&mut self, m: usize) {
        self.w[m / 64] |= 1 << (m % 64);
    }
    fn to_u64(&self) -> u64 {
        debug_assert!(self.n <= 6);
        let bits = 1u32 << self.n;
        if bits >= 64 {
            self.w[0]
        } else {
            self.w[0] & ((1u64 << bits) - 1)
        }
    }
    fn depends_on(&self, v: usize) -> bool {
        (0..1usize << self.n).any(|m| m >> v & 1 == 0 && self.bit(m) != self.bit(m | 1 << v))
    }
    /// The table without variable `v` (which it must not depend on).
    fn drop_var(&self, v: usize) -> Tt {
        let mut t = Tt::zero(self.n - 1);
        for m in 0..1usize << (self.n - 1) {
            let low = m & ((1 << v) - 1);
            let old = low | (m >> v) << (v + 1);
            if self.bit(old) {
                t.set(m);
            }
        }
        t
    }
}

/// An input of a LUT being built: a signal of the network or the LUT `New(i)` of the list.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Src {
    Sig(u32),
    New(usize),
}

/// Decomposes `f` over `vars` (each with its level) into LUTs of at most `k` inputs,
/// appended to `out`; returns the source computing `f`, or `None` when no decomposition
/// was found within `budget` LUTs.
fn decompose(
    mut f: Tt,
    mut vars: Vec<(Src, u32)>,
    k: usize,
    budget: usize,
    out: &mut Vec<(u64, Vec<Src>, u32)>,
) -> Option<(Src, u32)> {
    // Drop the variables f does not depend on.
    let mut v = 0;
    while v < f.n {
        if f.depends_on(v) {
            v += 1;
        } else {
            f = f.drop_var(v);
            vars.remove(v);
        }
    }
    if out.len() >= budget {
        return None;
    }
    if f.n <= k {
        let lv = 1 + vars.iter().map(|x| x.1).max().unwrap_or(0);
        out.push((f.to_u64(), vars.iter().map(|x| x.0).collect(), lv));
        return Some((Src::New(out.len() - 1), lv));
    }
    let n = f.n;
    for size in (2..=k.min(n - 1)).rev() {
        let mut best: Option<(u32, Vec<usize>, Tt, Tt)> = None;
        for b in subsets(n, size) {
            let lv = 1 + b.iter().map(|&i| vars[i].1).max().unwrap_or(0);
            if best.as_ref().is_some_and(|x| x.0 <= lv) {
                continue;
            }
            if let Some((h, g)) = ashenhurst(&f, &b) {
                best = Some((lv, b, h, g));
            }
        }
        if let Some((lv, b, h, g)) = best {
            let hvars: Vec<Src> = b.iter().map(|&i| vars[i].0).collect();
            out.push((h.to_u64(), hvars, lv));
            let hsrc = (Src::New(out.len() - 1), lv);
            let mut gvars: Vec<(Src, u32)> = (0..n).filter(|i| !b.contains(i)).map(|i| vars[i]).collect();
            gvars.push(hsrc);
            return decompose(g, gvars, k, budget, out);
        }
    }
    None
}

/// All `size`-subsets of `0..n` in lexicographic order.
fn subsets(n: usize, size: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut cur: Vec<usize> = (0..size).collect();
    loop {
        out.push(cur.clone());
        let mut i = size;
        while i > 0 && cur[i - 1] == n - size + i - 1 {
            i -= 1;
        }
        if i == 0 {
            return out;
        }
        cur[i - 1] += 1;
        for j in i..size {
            cur[j] = cur[j - 1] + 1;
        }
    }
}

/// `f = g(h(B), F)` for the bound set `b` if the chart has at most two distinct columns
/// (columns indexed by the bound variables' values): returns `h` over `b` (in order) and
/// `g` over the free variables (in order) then `h`.
fn ashenhurst(f: &Tt, b: &[usize]) -> Option<(Tt, Tt)> {
    let n = f.n;
    let free: Vec<usize> = (0..n).filter(|i| !b.contains(i)).collect();
    let nb = b.len();
    let nf = free.len();
    let mut first: Option<Tt> = None;
    let mut second: Option<Tt> = None;
    let mut h = Tt::zero(nb);
    for bv in 0..1usize << nb {
        let mut base = 0usize;
        for (j, &v) in b.iter().enumerate() {
            base |= (bv >> j & 1) << v;
        }
        let mut col = Tt::zero(nf);
        for a in 0..1usize << nf {
            let mut m = base;
            for (j, &v) in free.iter().enumerate() {
                m |= (a >> j & 1) << v;
            }
            if f.bit(m) {
                col.set(a);
            }
        }
        match (&first, &second) {
            (None, _) => first = Some(col),
            (Some(x), _) if *x == col => {}
            (Some(_), None) => {
                second = Some(col);
                h.set(bv);
            }
            (Some(_), Some(y)) if *y == col => h.set(bv),
            _ => return None,
        }
    }
    let first = first?;
    let second = second?;
    let mut g = Tt::zero(nf + 1);
    for a in 0..1usize << nf {
        if first.bit(a) {
            g.set(a);
        }
        if second.bit(a) {
            g.set(a | 1 << nf);
        }
    }
    Some((h, g))
}

/// Evaluates a LUT table at the values of its inputs.
fn lut_value(tt: u64, ins: &[bool]) -> bool {
    let idx = ins.iter().enumerate().fold(0usize, |acc, (j, &x)| acc | (x as usize) << j);
    tt >> idx & 1 == 1
}

/// One window: the root, its LUTs in topological order, and the support.
struct Window {
    luts: Vec<u32>,
    support: Vec<u32>,
}

fn window(net: &LutNet, fanouts: &[u32], root: u32, k: usize) -> Option<Window> {
    let max_support = k + 4;
    let mut luts = vec![root];
    let support_of = |luts: &[u32]| {
        let mut s: Vec<u32> = luts
            .iter()
            .flat_map(|&l| net.luts[l as usize].as_ref().expect("window LUTs").1.iter().copied())
            .filter(|x| !luts.contains(x))
            .collect();
        s.sort_unstable();
        s.dedup();
        s
    };
    let mut support = support_of(&luts);
    loop {
        let cand = support.iter().copied().find(|&s| {
            fanouts[s as usize] == 1 && net.luts[s as usize].is_some() && {
                let mut l2 = luts.clone();
                l2.push(s);
                support_of(&l2).len() <= max_support
            }
        });
        let Some(c) = cand else { break };
        if luts.len() == MAX_WINDOW {
            break;
        }
        luts.push(c);
        support = support_of(&luts);
    }
    if luts.len() < 2 {
        return None;
    }
    // Topological order inside the window: by the network's order (ids of the window
    // are sorted by a post-order walk from the root).
    let mut ordered = Vec::new();
    let mut stack = vec![(root, 0usize)];
    while let Some(&mut (id, ref mut next)) = stack.last_mut() {
        let ins = &net.luts[id as usize].as_ref().expect("window LUTs").1;
        if *next < ins.len() {
            let c = ins[*next];
            *next += 1;
            if luts.contains(&c) && !ordered.contains(&c) && !stack.iter().any(|s| s.0 == c) {
                stack.push((c, 0));
            }
        } else {
            ordered.push(id);
            stack.pop();
        }
    }
    Some(Window { luts: ordered, support })
}

/// The window's function over its support (variable `i` is `support[i]`).
fn window_function(net: &LutNet, w: &Window) -> Tt {
    let n = w.support.len();
    let mut f = Tt::zero(n);
    let mut val = std::collections::BTreeMap::new();
    for m in 0..1usize << n {
        val.clear();
        for (i, &s) in w.support.iter().enumerate() {
            val.insert(s, m >> i & 1 == 1);
        }
        for &l in &w.luts {
            let (tt, ins) = net.luts[l as usize].as_ref().expect("window LUTs");
            let bits: Vec<bool> = ins.iter().map(|x| val[x]).collect();
            val.insert(l, lut_value(*tt, &bits));
        }
        if val[w.luts.last().expect("root")] {
            f.set(m);
        }
    }
    f
}

/// The function of a decomposition over the window's support.
fn structure_function(new: &[(u64, Vec<Src>, u32)], support: &[u32]) -> Tt {
    let n = support.len();
    let mut f = Tt::zero(n);
    for m in 0..1usize << n {
        let mut vals: Vec<bool> = Vec::with_capacity(new.len());
        for (tt, ins, _) in new {
            let bits: Vec<bool> = ins
                .iter()
                .map(|s| match s {
                    Src::Sig(x) => m >> support.iter().position(|y| y == x).expect("support") & 1 == 1,
                    Src::New(i) => vals[*i],
                })
                .collect();
            vals.push(lut_value(*tt, &bits));
        }
        if *vals.last().expect("root LUT") {
            f.set(m);
        }
    }
    f
}

/// Resynthesizes `net` in place with `k`-LUTs (see the module doc); returns the number of
/// windows replaced.
pub fn pack(net: &mut LutNet, k: usize) -> usize {
    let mut total = 0;
    for _ in 0..MAX_ROUNDS {
        let mut changed = 0;
        let mut level = net.levels();
        let mut fanouts = vec![0u32; net.len()];
        for id in net.order() {
            for &i in &net.luts[id as usize].as_ref().expect("ordered").1 {
                fanouts[i as usize] += 1;
            }
        }
        for o in &net.outputs {
            fanouts[o.node().0 as usize] += 1;
        }
        for root in net.order() {
            if net.luts[root as usize].is_none() {
                continue;
            }
            let Some(w) = window(net, &fanouts, root, k) else { continue };
            let f = window_function(net, &w);
            let vars: Vec<(Src, u32)> = w.support.iter().map(|&s| (Src::Sig(s), level[s as usize])).collect();
            let mut new = Vec::new();
            let Some((_, lv)) = decompose(f.clone(), vars, k, w.luts.len() - 1, &mut new) else { continue };
            if new.len() >= w.luts.len() || lv > level[root as usize] {
                continue;
            }
            if structure_function(&new, &w.support) != f {
                debug_assert!(false, "a decomposition changed the window's function");
                continue;
            }
            // Apply: window LUTs other than the root go; new LUTs get fresh ids, the last
            // one is the root.
            for &l in &w.luts {
                if l != root {
                    net.luts[l as usize] = None;
                }
            }
            let mut ids: Vec<u32> = Vec::with_capacity(new.len());
            for (j, (tt, ins, lvl)) in new.iter().enumerate() {
                let ins: Vec<u32> = ins
                    .iter()
                    .map(|s| match s {
                        Src::Sig(x) => *x,
                        Src::New(i) => ids[*i],
                    })
                    .collect();
                for &i in &ins {
                    // Counts only grow (old references are not removed): a LUT is never
                    // taken as fanout-free when it is not.
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
            changed += 1;
        }
        total += changed;
        if changed == 0 {
            break;
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::super::aig::{Aig, Lit};
    use super::super::{balance, lutnet::LutNet, mapper};
    use super::*;
    use crate::rng::Rng;

    /// A random AIG: chains of and/or/xor over recent literals (reconvergent, deep).
    fn random_aig(seed: u64, inputs: usize, ands: usize) -> Aig {
        let mut rng = Rng::new(seed);
        let mut g = Aig::new();
        let mut lits: Vec<Lit> = (0..inputs).map(|_| g.input()).collect();
        for _ in 0..ands {
            let n = lits.len() as u64;
            let span = n.min(10);
            let a = lits[(n - 1 - rng.below(span)) as usize].xor_neg(rng.chance(1, 2));
            let b = lits[rng.below(n) as usize].xor_neg(rng.chance(1, 2));
            let l = match rng.below(4) {
                0 => g.xor(a, b),
                1 => g.or(a, b),
                _ => g.and(a, b),
            };
            lits.push(l);
        }
        g.outputs = (0..6).map(|i| lits[lits.len() - 1 - 5 * i]).collect();
        g
    }

    #[test]
    fn packing_keeps_every_function_never_adds_luts_or_depth() {
        let mut rng = Rng::new(11);
        let (mut before, mut after) = (0, 0);
        for seed in 0..30u64 {
            let ni = if seed % 3 == 0 { 6 } else { 12 };
            let g = balance::balance(&random_aig(seed, ni, 120));
            for k in [3, 4, 6] {
                let m = mapper::map(&g, k, 8);
                let mut net = LutNet::from_mapping(&g, &m);
                let (l0, d0) = (net.lut_count(), net.depth());
                pack(&mut net, k);
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
        let mut net = LutNet::from_mapping(&g, &mapper::map(&g, 4, 8));
        let n = |l: Lit| l.node().0;
        net.luts.push(Some((0b1000, vec![n(ins[0]), n(ins[1])])));
        net.luts.push(Some((0b1000, vec![n(ins[2]), n(ins[3])])));
        net.luts.push(Some((0b1000, vec![5, 6])));
        net.outputs = vec![Lit::of(super::super::aig::Node(7))];
        let p: Vec<u64> = crate::lutmap::truth::VARS[..4].to_vec();
        let want = net.simulate(&p);
        assert_eq!(net.lut_count(), 3);
        assert_eq!(pack(&mut net, 4), 1);
        assert_eq!((net.lut_count(), net.depth()), (1, 1));
        assert_eq!(net.simulate(&p), want);

        // x = a ^ b ^ c ^ d ^ e as 2-LUTs (4 LUTs, depth 3) at K = 3: two 3-LUTs.
        let mut g = Aig::new();
        let ins: Vec<Lit> = (0..5).map(|_| g.input()).collect();
        g.outputs = vec![Lit::FALSE];
        let mut net = LutNet::from_mapping(&g, &mapper::map(&g, 3, 8));
        net.luts.push(Some((0b0110, vec![n(ins[0]), n(ins[1])]))); // 6
        net.luts.push(Some((0b0110, vec![n(ins[2]), n(ins[3])]))); // 7
        net.luts.push(Some((0b0110, vec![6, 7]))); // 8
        net.luts.push(Some((0b0110, vec![8, n(ins[4])]))); // 9
        net.outputs = vec![Lit::of(super::super::aig::Node(9))];
        let p: Vec<u64> = crate::lutmap::truth::VARS[..5].to_vec();
        let want = net.simulate(&p);
        pack(&mut net, 3);
        assert_eq!(net.lut_count(), 2);
        assert!(net.depth() <= 3);
        assert_eq!(net.simulate(&p), want);
    }

    #[test]
    fn decomposition_finds_a_bound_set_and_refuses_a_prime_function() {
        // f = (a & b & c) | (d ^ e): bound set {a, b, c} at K = 3.
        let mut f = Tt::zero(5);
        for m in 0..32usize {
            let v = |i: usize| m >> i & 1 == 1;
            if (v(0) && v(1) && v(2)) || (v(3) ^ v(4)) {
                f.set(m);
            }
        }
        let vars: Vec<(Src, u32)> = (0..5).map(|i| (Src::Sig(i), 0)).collect();
        let mut out = Vec::new();
        assert!(decompose(f.clone(), vars.clone(), 3, 10, &mut out).is_some());
        assert_eq!(out.len(), 2);
        assert_eq!(structure_function(&out, &[0, 1, 2, 3, 4]), f);
        // "Exactly two of four" has no bound set of two with column multiplicity 2.
        let mut p = Tt::zero(4);
        for m in 0..16usize {
            if (m as u32).count_ones() == 2 {
                p.set(m);
            }
        }
        let vars: Vec<(Src, u32)> = (0..4).map(|i| (Src::Sig(i), 0)).collect();
        assert!(decompose(p, vars, 2, 10, &mut Vec::new()).is_none());
    }
}
