//! A semi-canonical NPN form of small functions (at most 8 variables), the key of the
//! exact-synthesis cache: the output is negated when more than half the minterms are 1,
//! each input is negated when its positive cofactor has more ones than its negative one,
//! and the inputs are sorted by their positive cofactor's ones; ties (equal counts,
//! balanced cofactors) are broken by trying the orders and phases and keeping the smallest
//! table, up to [`MAX_TIE_BREAKS`] candidates. Two functions with the same form are equal
//! up to input permutation and negation and output negation, so one LUT network serves
//! both (negations fold into LUT tables for free); past the tie-break limit a few
//! equivalent functions get different forms, which only costs a cache miss. With exactly
//! half the minterms 1, both output phases are formed and the smaller table is kept.

use super::super::bigtt::Tt;

/// How a function maps to its form: `form(y) = out ^ f(x)` where `x[perm[i]] = y[i] ^
/// bit i of phase`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transform {
    /// Form input `i` is function input `perm[i]`.
    pub perm: Vec<usize>,
    /// Bit `i`: form input `i` is that function input negated.
    pub phase: u32,
    /// The form is the function negated.
    pub out: bool,
}

/// The table of `form(y) = out ^ f(x)` with `x[perm[i]] = y[i] ^ phase_i`.
pub fn apply(f: &Tt, t: &Transform) -> Tt {
    let n = f.n;
    let mut g = Tt::zero(n);
    for y in 0..1usize << n {
        let mut x = 0usize;
        for (i, &p) in t.perm.iter().enumerate() {
            x |= ((y >> i & 1) ^ (t.phase as usize >> i & 1)) << p;
        }
        if f.bit(x) != t.out {
            g.set(y);
        }
    }
    g
}

fn ones(f: &Tt) -> u32 {
    f.w.iter().map(|w| w.count_ones()).sum()
}

/// Ones of the positive cofactor of every variable.
fn cofactor_ones(f: &Tt) -> Vec<u32> {
    let mut c = vec![0; f.n];
    for m in 0..1usize << f.n {
        if f.bit(m) {
            for (v, cv) in c.iter_mut().enumerate() {
                *cv += (m >> v & 1) as u32;
            }
        }
    }
    c
}

/// The most transforms tried to break ties (else the first order is kept).
pub const MAX_TIE_BREAKS: usize = 48;

/// The form for one output phase: inputs sorted by cofactor ones; inputs with equal
/// counts are tried in every order and inputs with balanced cofactors in both phases
/// (the smallest table wins) while that makes at most [`MAX_TIE_BREAKS`] candidates.
fn form_with(f: &Tt, out: bool) -> (Tt, Transform) {
    let n = f.n;
    let h =
        if out { apply(f, &Transform { perm: (0..n).collect(), phase: 0, out: true }) } else { f.clone() };
    let total = ones(&h);
    let pos = cofactor_ones(&h);
    let mut phase = 0u32;
    let mut key: Vec<(u32, usize)> = Vec::with_capacity(n);
    for (v, &p) in pos.iter().enumerate() {
        let neg = total - p;
        if p > neg {
            phase |= 1 << v;
        }
        key.push((p.min(neg), v));
    }
    key.sort();
    let order: Vec<usize> = key.iter().map(|&(_, v)| v).collect();
    // Candidate orders: every permutation within each group of equal counts.
    let mut cands: Vec<Vec<usize>> = vec![Vec::new()];
    let mut size = 1usize;
    let mut at = 0;
    while at < n {
        let end = (at..n).find(|&j| key[j].0 != key[at].0).unwrap_or(n);
        size = size.saturating_mul((1..=end - at).product());
        if size > MAX_TIE_BREAKS {
            cands = vec![order.clone()];
            break;
        }
        let group = &order[at..end];
        cands = cands
            .iter()
            .flat_map(|c| permutations(group).into_iter().map(move |p| [c.clone(), p].concat()))
            .collect();
        at = end;
    }
    let balanced: Vec<usize> = (0..n).filter(|&v| 2 * pos[v] == total).collect();
    let flips = if cands.len() << balanced.len() <= MAX_TIE_BREAKS { balanced } else { Vec::new() };
    let mut best: Option<(Tt, Transform)> = None;
    for perm in cands {
        for m in 0..1u32 << flips.len() {
            let ph = flips.iter().enumerate().fold(phase, |acc, (b, &v)| acc ^ (m >> b & 1) << v);
            // The phase bits follow the form's input order.
            let ph = perm.iter().enumerate().fold(0u32, |acc, (i, &v)| acc | (ph >> v & 1) << i);
            let t = Transform { perm: perm.clone(), phase: ph, out };
            let g = apply(f, &t);
            if best.as_ref().is_none_or(|b| g.w < b.0.w) {
                best = Some((g, t));
            }
        }
    }
    best.expect("at least one candidate")
}

/// Every order of `items`.
fn permutations(items: &[usize]) -> Vec<Vec<usize>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut out = Vec::new();
    for i in 0..items.len() {
        let mut rest = items.to_vec();
        let x = rest.remove(i);
        for mut p in permutations(&rest) {
            p.insert(0, x);
            out.push(p);
        }
    }
    out
}

/// The semi-canonical form of `f` and the transform that gives it (see the module doc).
pub fn canonical(f: &Tt) -> (Tt, Transform) {
    let half = 1u32 << f.n.saturating_sub(1);
    let o = ones(f);
    if o < half || f.n == 0 {
        return form_with(f, false);
    }
    if o > half {
        return form_with(f, true);
    }
    let a = form_with(f, false);
    let b = form_with(f, true);
    if b.0.w < a.0.w {
        b
    } else {
        a
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pseudo-random table with about a quarter of the minterms set.
    fn random(n: usize, seed: u64) -> Tt {
        crate::lutmap::bigtt::random_table(n, seed, |r| r & 3 == 0)
    }

    #[test]
    fn the_form_is_the_transformed_function_and_npn_variants_share_it() {
        let mut compared = 0;
        for seed in 0..40u64 {
            let n = 3 + (seed as usize % 6);
            let f = random(n, seed);
            let (g, t) = canonical(&f);
            assert_eq!(apply(&f, &t), g);
            // A variant: rotate the inputs, negate input 0 and the output.
            let perm: Vec<usize> = (0..n).map(|i| (i + 1) % n).collect();
            let v = apply(&f, &Transform { perm, phase: 1, out: true });
            let (gv, tv) = canonical(&v);
            assert_eq!(apply(&v, &tv), gv);
            // Within the tie-break limit the forms agree.
            if n <= 4 || seed % 4 == 0 {
                assert_eq!(g, gv, "seed {seed}");
                compared += 1;
            } else if g == gv {
                compared += 1;
            }
        }
        assert!(compared > 30, "only {compared} of 40 variants got the same form");
    }
}
