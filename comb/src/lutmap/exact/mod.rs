//! Exact resynthesis of small windows of the mapped LUT network: the fewest `k`-LUTs
//! (then the least depth) that compute a function of at most [`MAX_INPUTS`] inputs, found
//! by SAT ([`encode`], [`solve`]): for `r` from the lower bound `ceil((n - 1) / (k - 1))`
//! up, ask whether `r` LUTs suffice; the first model is minimal when every smaller `r`
//! was proven impossible (an `r` whose call ran out of conflicts is passed over, so the
//! result is then merely smaller, never wrong). With the count fixed, a tighter depth
//! bound is asked for until none is found.
//!
//! Every call is bounded by [`CONFLICTS_PER_CALL`] conflicts and a run ([`Exact`]) by a
//! total conflict budget (each call costs it at least [`CALL_COST`]): explicit counts,
//! never a clock, so the result is the same on every run. Results are cached by the function's semi-canonical NPN form ([`npn`]):
//! functions equal up to input permutation and negation and output negation cost one
//! search, and a function searched before costs nothing. [`super::lutpack`] calls
//! [`Exact::synthesize`] on its cuts of at most [`MAX_INPUTS`] leaves under the area goal.

pub mod encode;
pub mod npn;
pub mod solve;

use std::collections::HashMap;

use super::bigtt::Tt;
use super::lutdec::{NewLut, Src};
use super::truth::{mask, shrink};
use encode::{Gate, Problem};
use solve::Outcome;

/// The most inputs of a window function.
pub const MAX_INPUTS: usize = 8;
/// The most LUTs of a result.
pub const MAX_LUTS: usize = 5;
/// The most conflicts of one solver call.
pub const CONFLICTS_PER_CALL: u64 = 1_000;
/// What a call costs the run's budget at least (building the CNF of an 8-input window
/// takes about as long as a few hundred conflicts), so the calls of a run are bounded too.
pub const CALL_COST: u64 = 250;
/// The default total conflicts of one run (the mappings of one module).
pub const CONFLICTS_PER_RUN: u64 = 60_000;

/// What a run did (for the benchmark and tests).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Functions asked for.
    pub queries: usize,
    /// Answered from the cache.
    pub hits: usize,
    /// Solver calls by outcome.
    pub sat: usize,
    /// Calls proving that no smaller network exists.
    pub unsat: usize,
    /// Calls that ran out of conflicts.
    pub unknown: usize,
    /// Conflicts spent.
    pub conflicts: u64,
}

/// A cached search: the best network found for a form (its LUTs read form inputs `< n`
/// and earlier LUTs `n + i`; the last is the output), and the largest LUT count tried.
#[derive(Clone, Debug)]
struct Entry {
    net: Option<Vec<Gate>>,
    tried: usize,
}

/// One run of exact synthesis: the LUT size, the cache and the budget left.
#[derive(Clone, Debug)]
pub struct Exact {
    k: usize,
    cache: HashMap<(usize, Vec<u64>), Entry>,
    budget: u64,
    /// What the run did so far.
    pub stats: Stats,
}

/// The fewest `k`-LUTs any network of `n` inputs needs: each LUT adds at most `k - 1`.
pub fn lower_bound(n: usize, k: usize) -> usize {
    n.saturating_sub(1).div_ceil(k - 1).max(1)
}

impl Exact {
    /// A run for `k`-LUTs with `budget` conflicts in all.
    pub fn new(k: usize, budget: u64) -> Exact {
        Exact { k, cache: HashMap::new(), budget, stats: Stats::default() }
    }

    /// A network of fewer than `below` `k`-LUTs computing `f` (variable `i` is `Sig(i)`,
    /// arriving at `levels[i]`), the last LUT its output; `None` if the function has more
    /// than [`MAX_INPUTS`] or at most `k` support variables, or none was found within
    /// the limits.
    pub fn synthesize(&mut self, f: &Tt, levels: &[u32], below: usize) -> Option<Vec<NewLut>> {
        let support: Vec<usize> = (0..f.n).filter(|&v| f.depends_on(v)).collect();
        let n = support.len();
        if n <= self.k || n > MAX_INPUTS || below <= lower_bound(n, self.k) {
            return None;
        }
        self.stats.queries += 1;
        let mut g = f.clone();
        for v in (0..f.n).rev() {
            if !support.contains(&v) {
                g = g.drop_var(v);
            }
        }
        let (form, t) = npn::canonical(&g);
        let want = (below - 1).min(MAX_LUTS);
        let key = (n, form.w.clone());
        let mut entry = match self.cache.remove(&key) {
            Some(e) => {
                self.stats.hits += 1;
                e
            }
            None => Entry { net: None, tried: lower_bound(n, self.k) - 1 },
        };
        if entry.net.is_none() && entry.tried < want {
            self.search(&form, &mut entry, want);
        }
        let net = entry.net.clone().filter(|net| net.len() < below);
        self.cache.insert(key, entry);
        let net = net?;
        // Back to f's variables: form input i is support[perm[i]], negated by phase bit i.
        let mut out: Vec<NewLut> = Vec::with_capacity(net.len());
        for (gi, (tt, ins)) in net.iter().enumerate() {
            let mut tt = *tt;
            let mut srcs = Vec::with_capacity(ins.len());
            let mut lv = 0;
            for (p, &s) in ins.iter().enumerate() {
                if s < n {
                    if t.phase >> s & 1 == 1 {
                        tt = flip_input(tt, ins.len(), p);
                    }
                    let var = support[t.perm[s]];
                    lv = lv.max(levels[var]);
                    srcs.push(Src::Sig(var as u32));
                } else {
                    lv = lv.max(out[s - n].2);
                    srcs.push(Src::New(s - n));
                }
            }
            if gi + 1 == net.len() && t.out {
                tt = !tt & mask(ins.len());
            }
            out.push((tt, srcs, lv + 1));
        }
        Some(out)
    }

    /// Searches LUT counts `entry.tried + 1 ..= want` for `form` until a network is found
    /// (then its depth is reduced) or the budget runs out.
    fn search(&mut self, form: &Tt, entry: &mut Entry, want: usize) {
        let levels = vec![0; form.n];
        for r in entry.tried + 1..=want {
            let Some(gates) = self.ask(form, r, None, &levels) else {
                if self.budget == 0 {
                    return;
                }
                entry.tried = r;
                continue;
            };
            entry.tried = r;
            let mut best = gates;
            // Depth at least 2 (more than k inputs): tighten while a model is found.
            let mut d = depth(&best, form.n);
            while d > 2 {
                match self.ask(form, r, Some(d - 1), &levels) {
                    Some(better) => {
                        d = depth(&better, form.n);
                        best = better;
                    }
                    None => break,
                }
            }
            entry.net = Some(best);
            return;
        }
    }

    /// One solver call: `r` LUTs for `form` within `depth`; the LUTs if a usable model
    /// was found (every LUT reads an input after shrinking).
    fn ask(&mut self, form: &Tt, r: usize, depth: Option<u32>, levels: &[u32]) -> Option<Vec<Gate>> {
        if self.budget == 0 {
            return None;
        }
        let negate = form.bit(0);
        let f = if negate { complement(form) } else { form.clone() };
        let (cnf, layout) = encode::encode(&Problem { f: &f, k: self.k, r, depth, levels });
        dump(&cnf);
        let (outcome, spent) = solve::solve(&cnf, CONFLICTS_PER_CALL.min(self.budget));
        self.budget = self.budget.saturating_sub(spent.max(CALL_COST));
        self.stats.conflicts += spent;
        match outcome {
            Outcome::Unsat => {
                self.stats.unsat += 1;
                None
            }
            Outcome::Unknown => {
                self.stats.unknown += 1;
                None
            }
            Outcome::Sat(model) => {
                self.stats.sat += 1;
                let mut gates = encode::decode(&layout, &model);
                if negate {
                    let last = gates.last_mut().expect("r >= 1");
                    last.0 = !last.0 & mask(last.1.len());
                }
                sweep(&gates, form.n)
            }
        }
    }
}

/// `gates` without the inputs their tables ignore, constant LUTs (folded into their
/// readers) and LUTs the last one does not need; `None` if the last LUT is constant.
/// (A model for `r` LUTs may waste some when a smaller `r` was not proven impossible.)
fn sweep(gates: &[Gate], n: usize) -> Option<Vec<Gate>> {
    enum S {
        Lut(usize),
        Const(bool),
    }
    let mut map: Vec<S> = Vec::with_capacity(gates.len());
    let mut out: Vec<Gate> = Vec::with_capacity(gates.len());
    for (tt, ins) in gates {
        let (mut tt, mut sigs) = (*tt, ins.clone());
        let mut p = 0;
        while p < sigs.len() {
            let s = sigs[p];
            if s >= n {
                match map[s - n] {
                    S::Const(c) => {
                        tt = fix_input(tt, sigs.len(), p, c);
                        sigs.remove(p);
                        continue;
                    }
                    S::Lut(i) => sigs[p] = n + i,
                }
            }
            p += 1;
        }
        let (tt, kept) = shrink(tt, sigs.len());
        if kept.is_empty() {
            map.push(S::Const(tt & 1 == 1));
        } else {
            map.push(S::Lut(out.len()));
            out.push((tt, kept.iter().map(|&p| sigs[p]).collect()));
        }
    }
    let S::Lut(last) = map.last()? else { return None };
    // Keep what the last LUT needs, renumbered in order.
    let mut need = vec![false; out.len()];
    need[*last] = true;
    for i in (0..out.len()).rev() {
        if need[i] {
            for &s in &out[i].1 {
                if s >= n {
                    need[s - n] = true;
                }
            }
        }
    }
    let mut new_id = vec![usize::MAX; out.len()];
    let mut kept = Vec::with_capacity(out.len());
    for (i, (tt, ins)) in out.into_iter().enumerate() {
        if need[i] {
            new_id[i] = kept.len();
            kept.push((tt, ins.iter().map(|&s| if s < n { s } else { n + new_id[s - n] }).collect()));
        }
    }
    Some(kept)
}

/// The table over `m - 1` inputs of a LUT over `m` with input `p` fixed to `c`.
fn fix_input(tt: u64, m: usize, p: usize, c: bool) -> u64 {
    let mut out = 0u64;
    for q in 0..1usize << (m - 1) {
        let lo = q & ((1 << p) - 1);
        let full = lo | (c as usize) << p | (q >> p) << (p + 1);
        out |= (tt >> full & 1) << q;
    }
    out
}

/// Writes `cnf` to the folder `RMLIR_EXACT_CNF_DUMP` names, if set (`exact-N.cnf`, for
/// measuring solvers on the questions a real run asks: `comb/examples/exact_solvers.rs`).
fn dump(cnf: &encode::Cnf) {
    static COUNT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    if let Some(dir) = std::env::var_os("RMLIR_EXACT_CNF_DUMP") {
        let n = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path = std::path::Path::new(&dir).join(format!("exact-{n}.cnf"));
        if let Err(e) = std::fs::write(&path, cnf.to_dimacs()) {
            eprintln!("warning: cannot write {}: {e}", path.display());
        }
    }
}

/// The complement of a table.
fn complement(f: &Tt) -> Tt {
    let mut g = f.clone();
    let all = Tt::ones(f.n);
    for (x, a) in g.w.iter_mut().zip(&all.w) {
        *x = !*x & a;
    }
    g
}

/// The table of a LUT over `m` inputs with input `p` negated.
fn flip_input(tt: u64, m: usize, p: usize) -> u64 {
    (0..1usize << m).fold(0u64, |acc, q| acc | (tt >> (q ^ (1 << p)) & 1) << q)
}

/// The level of the last of `gates` over inputs at level 0.
fn depth(gates: &[Gate], n: usize) -> u32 {
    let mut lv: Vec<u32> = Vec::with_capacity(gates.len());
    for (_, ins) in gates {
        let l = 1 + ins.iter().map(|&s| if s < n { 0 } else { lv[s - n] }).max().unwrap_or(0);
        lv.push(l);
    }
    lv.last().copied().unwrap_or(0)
}

#[cfg(test)]
mod tests;
