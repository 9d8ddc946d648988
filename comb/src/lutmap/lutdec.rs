//! Decomposition of one function of up to 16 inputs into K-LUTs, for the resynthesis of
//! the mapped network ([`super::lutpack`]). Two splits, as ABC's `lutpack` has:
//! - a bound set (simple disjoint Ashenhurst decomposition): variables `B` whose
//!   cofactors take only two distinct values give `f = g(h(B), rest)`, `h` one LUT; the
//!   search grows `B` depth-first in order of the variables' levels, keeping only sets
//!   with at most two cofactor classes, and stops at the first set of the largest useful
//!   size (a step limit bounds it);
//! - a Shannon (MUX) split on one variable `x`: the cofactor with the larger support is
//!   decomposed on its own as `h`, and `f = x ? h : f0` over `x`, `h` and the other
//!   cofactor's support — the cofactors may share variables, which a bound set cannot.
//!
//! Each part is decomposed again until it fits one LUT; a budget on the number of LUTs
//! ends the search early. [`structure_function`] recomputes what a result computes, so
//! the caller can check it against the original before using it.

use super::bigtt::Tt;

/// An input of a LUT being built: a signal of the network or the LUT `New(i)` of the list.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Src {
    /// A signal of the network.
    Sig(u32),
    /// The `i`-th LUT of the result list.
    New(usize),
}

/// A LUT of a result: its table, its inputs and its level.
pub type NewLut = (u64, Vec<Src>, u32);

/// The most bound-set search steps (cofactor-class refinements) per split.
pub const BOUND_SET_STEPS: usize = 400;
/// The most split variables tried per MUX split.
pub const MUX_TRIES: usize = 1;

/// Decomposes `f` over `vars` (each with its level) into LUTs of at most `k` inputs,
/// appended to `out`; returns the source computing `f` and its level, or `None` when no
/// decomposition within `budget` LUTs in all was found (`out` is then left as it was).
pub fn decompose(
    mut f: Tt,
    mut vars: Vec<(Src, u32)>,
    k: usize,
    budget: usize,
    out: &mut Vec<NewLut>,
) -> Option<(Src, u32)> {
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
    // Even one LUT per k - 1 new variables would not fit the budget.
    if out.len() + (f.n - 1).div_ceil(k - 1) > budget {
        return None;
    }
    let mark = out.len();
    if let Some(r) = split_bound_set(&f, &vars, k, budget, out) {
        return Some(r);
    }
    out.truncate(mark);
    if let Some(r) = split_mux(&f, &vars, k, budget, out) {
        return Some(r);
    }
    out.truncate(mark);
    None
}

/// The search state of [`bound_set`].
struct Search<'a> {
    /// Variables by level (shallow first): the order candidates are tried in.
    order: Vec<usize>,
    levels: &'a [u32],
    max: usize,
    steps: usize,
    /// Sets already visited (bit `i` for variable `i`).
    seen: std::collections::BTreeSet<u32>,
    best: Option<(usize, u32, Vec<usize>, Vec<Tt>)>,
}

impl Search<'_> {
    /// Grows `set` by any variable that keeps at most two cofactor classes. A subset of a
    /// bound set need not be one (a chain's inner end is, its outer end is not), so sets
    /// grow from every seed in every direction; `seen` stops revisits.
    fn visit(&mut self, set: &mut Vec<usize>, mask: u32, classes: &[Tt]) {
        if set.len() >= 2 && classes.len() == 2 {
            let lv = set.iter().map(|&i| self.levels[i]).max().unwrap_or(0);
            let better = match &self.best {
                None => true,
                Some((size, l, _, _)) => set.len() > *size || (set.len() == *size && lv < *l),
            };
            if better {
                self.best = Some((set.len(), lv, set.clone(), classes.to_vec()));
            }
        }
        if set.len() == self.max {
            return;
        }
        for p in 0..self.order.len() {
            let v = self.order[p];
            if mask >> v & 1 == 1 || !self.seen.insert(mask | 1 << v) {
                continue;
            }
            if self.steps >= BOUND_SET_STEPS || self.best.as_ref().is_some_and(|b| b.0 == self.max) {
                return;
            }
            self.steps += 1;
            let mut next: Vec<Tt> = Vec::with_capacity(4);
            for c in classes {
                for val in [false, true] {
                    let x = c.cof(v, val);
                    if !next.contains(&x) {
                        next.push(x);
                    }
                }
                if next.len() > 2 {
                    break;
                }
            }
            if next.len() <= 2 {
                set.push(v);
                self.visit(set, mask | 1 << v, &next);
                set.pop();
            }
        }
    }
}

/// The largest (then shallowest) bound set found, with its two cofactor classes (the
/// first is the class of the all-zero assignment).
fn bound_set(f: &Tt, levels: &[u32], k: usize) -> Option<(Vec<usize>, Vec<Tt>)> {
    let mut order: Vec<usize> = (0..f.n).collect();
    order.sort_by_key(|&i| (levels[i], i));
    let mut s = Search { order, levels, max: k.min(f.n - 1), steps: 0, seen: Default::default(), best: None };
    s.visit(&mut Vec::new(), 0, std::slice::from_ref(f));
    let (_, _, mut set, classes) = s.best?;
    set.sort_unstable();
    Some((set, classes))
}

/// `f = g(h(B), rest)` for the bound set found; `g` is decomposed further.
fn split_bound_set(
    f: &Tt,
    vars: &[(Src, u32)],
    k: usize,
    budget: usize,
    out: &mut Vec<NewLut>,
) -> Option<(Src, u32)> {
    let levels: Vec<u32> = vars.iter().map(|v| v.1).collect();
    let (b, classes) = bound_set(f, &levels, k)?;
    // h over B: the class of each assignment, by cofactoring down the assignment tree.
    let mut h = 0u64;
    let mut level_tabs = vec![f.clone()];
    for &v in b.iter().rev() {
        level_tabs = level_tabs.iter().flat_map(|t| [t.cof(v, false), t.cof(v, true)]).collect();
    }
    // Splitting on b[last] first and b[0] last leaves the value of b[j] at bit j of the
    // index: exactly h's input order.
    for (a, t) in level_tabs.iter().enumerate() {
        if *t != classes[0] {
            h |= 1 << a;
        }
    }
    let lv = 1 + b.iter().map(|&i| vars[i].1).max().unwrap_or(0);
    out.push((h, b.iter().map(|&i| vars[i].0).collect(), lv));
    let hsrc = (Src::New(out.len() - 1), lv);
    let drop_b = |t: &Tt| b.iter().rev().fold(t.clone(), |acc, &v| acc.drop_var(v));
    let g = Tt::concat(&drop_b(&classes[0]), &drop_b(&classes[1]));
    // g's variables: h first (the inner end of what is left), then the rest in order; the
    // table has h on top, so rotate it down to variable 0.
    let rest: Vec<(Src, u32)> = (0..f.n).filter(|i| !b.contains(i)).map(|i| vars[i]).collect();
    let g = rotate_top_to_front(&g);
    let mut gvars = vec![hsrc];
    gvars.extend(rest);
    decompose(g, gvars, k, budget, out)
}

/// The same function with its top variable moved to position 0 (the others up by one).
fn rotate_top_to_front(t: &Tt) -> Tt {
    let n = t.n;
    let mut r = Tt::zero(n);
    for m in 0..1usize << n {
        if t.bit(m) {
            r.set((m << 1 | m >> (n - 1)) & ((1 << n) - 1));
        }
    }
    r
}

/// The Shannon split (see the module doc).
fn split_mux(
    f: &Tt,
    vars: &[(Src, u32)],
    k: usize,
    budget: usize,
    out: &mut Vec<NewLut>,
) -> Option<(Src, u32)> {
    let n = f.n;
    let support = Tt::support_size;
    let mut cands: Vec<(usize, usize, usize)> = (0..n)
        .map(|x| {
            let (a, b) = (support(&f.cof(x, false)), support(&f.cof(x, true)));
            (a.max(b), a.min(b), x)
        })
        .collect();
    cands.sort_unstable();
    let mark = out.len();
    for &(_, small, x) in cands.iter().take(MUX_TRIES) {
        // Each part must be smaller than f, or the recursion would not end: h has at most
        // n - 1 inputs, g the smaller cofactor's support and two more.
        if small + 2 >= n {
            continue;
        }
        let rest: Vec<(Src, u32)> = (0..n).filter(|&i| i != x).map(|i| vars[i]).collect();
        let c0 = f.cof(x, false).drop_var(x);
        let c1 = f.cof(x, true).drop_var(x);
        let (hi_is_one, h, lo) = if support(&c1) >= support(&c0) { (true, c1, c0) } else { (false, c0, c1) };
        let Some(hsrc) = decompose(h, rest.clone(), k, budget, out) else {
            out.truncate(mark);
            continue;
        };
        // g over (rest..., h, x): x selects h (on its side) or lo(rest).
        let m = n - 1;
        let sel = Tt::concat(&Tt::zero(m), &Tt::ones(m)); // h itself, over (rest, h)
        let other = Tt::concat(&lo, &lo); // lo, independent of h
        let g = if hi_is_one { Tt::concat(&other, &sel) } else { Tt::concat(&sel, &other) };
        let mut gvars = rest;
        gvars.push(hsrc);
        gvars.push(vars[x]);
        if let Some(r) = decompose(g, gvars, k, budget, out) {
            return Some(r);
        }
        out.truncate(mark);
    }
    None
}

/// The function a decomposition computes over `n` leaf variables (`Sig(i)` is variable
/// `i`); the last LUT is the result.
pub fn structure_function(new: &[NewLut], n: usize) -> Tt {
    let leaves: Vec<Tt> = (0..n).map(|v| Tt::var(n, v)).collect();
    let mut vals: Vec<Tt> = Vec::with_capacity(new.len());
    for (tt, ins, _) in new {
        let args: Vec<&Tt> = ins
            .iter()
            .map(|s| match s {
                Src::Sig(x) => &leaves[*x as usize],
                Src::New(i) => &vals[*i],
            })
            .collect();
        let t = Tt::apply(*tt, &args, n);
        vals.push(t);
    }
    vals.pop().expect("a decomposition has a LUT")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(n: usize, f: impl Fn(&dyn Fn(usize) -> bool) -> bool) -> Tt {
        let mut t = Tt::zero(n);
        for m in 0..1usize << n {
            if f(&|i| m >> i & 1 == 1) {
                t.set(m);
            }
        }
        t
    }

    fn leaves(n: usize) -> Vec<(Src, u32)> {
        (0..n).map(|i| (Src::Sig(i as u32), 0)).collect()
    }

    #[test]
    fn a_bound_set_is_found_and_a_prime_function_refused() {
        // f = (a & b & c) | (d ^ e): bound set {a, b, c} at K = 3.
        let f = table(5, |v: &dyn Fn(usize) -> bool| (v(0) && v(1) && v(2)) || (v(3) ^ v(4)));
        let mut out = Vec::new();
        assert!(decompose(f.clone(), leaves(5), 3, 10, &mut out).is_some());
        assert_eq!(out.len(), 2);
        assert_eq!(structure_function(&out, 5), f);
        // "Exactly two of four" has no decomposition into 2-LUTs within three LUTs.
        let p = table(4, |v: &dyn Fn(usize) -> bool| (0..4).filter(|&i| v(i)).count() == 2);
        let mut out = Vec::new();
        assert!(decompose(p, leaves(4), 2, 3, &mut out).is_none());
        assert!(out.is_empty());
    }

    #[test]
    fn a_mux_split_shares_variables_between_the_cofactors() {
        // f = s ? (a & b & c & d) : (a ^ b ^ c ^ d ^ e ^ g) over 7 inputs at K = 6: two
        // LUTs by the MUX split on s (the cofactors share a, b, c, d).
        let f = table(
            7,
            |v: &dyn Fn(usize) -> bool| {
                if v(6) {
                    (0..4).all(v)
                } else {
                    (0..6).filter(|&i| v(i)).count() % 2 == 1
                }
            },
        );
        let mut out = Vec::new();
        let r = decompose(f.clone(), leaves(7), 6, 2, &mut out);
        assert!(r.is_some());
        assert_eq!(out.len(), 2);
        assert_eq!(structure_function(&out, 7), f);
    }

    #[test]
    fn wide_functions_decompose_exactly() {
        // A 16-input AND-OR (a priority-like chain) within the three-LUT minimum at K = 6.
        let f =
            table(16, |v: &dyn Fn(usize) -> bool| (0..8).any(|i| v(2 * i) && (0..i).all(|j| !v(2 * j + 1))));
        let mut out = Vec::new();
        assert!(decompose(f.clone(), leaves(16), 6, 4, &mut out).is_some());
        assert!(out.len() <= 4, "{} LUTs", out.len());
        assert!(out.iter().all(|l| l.1.len() <= 6));
        assert_eq!(structure_function(&out, 16), f);
    }
}
