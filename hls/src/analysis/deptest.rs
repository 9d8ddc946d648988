//! The dependence test for affine addresses: may two accesses touch one element?
//!
//! Two questions, on addresses given as linear forms ([`LinForm`]) over IR values:
//! - [`may_meet`]: may the two be equal in one execution of their basic block (where every
//!   value has one value for both)? The block scheduler's ordering ([`super::deps`]).
//! - [`distance`]: the smallest `d >= 1` at which address `a` of one iteration of a loop
//!   may equal address `b` of the iteration `d` later (the modulo scheduler's carried
//!   memory dependences, `schedule/pipelined_loops.rs`).
//!
//! Why: unrolling and sibling fusion leave loops whose accesses to one memory have
//! different coefficients of the induction variable (`o[2i]` beside `o[i + 16]`); comparing
//! only forms with equal terms orders those and a pipelined loop keeps a recurrence through
//! memory that is not there.
//!
//! The problem. Addresses are 32 bits ([`INDEX_WIDTH`]): the hardware computes them modulo
//! 2^32, and a linear form is congruent to its address modulo 2^32 (the form wraps at 64
//! bits, a multiple; a narrower value enters it only sign-extended as itself, see
//! [`super::deps::Linear`]). Accesses stay inside their memory (an access outside it is
//! undefined; the interpreter rejects it), so two addresses are equal exactly when their
//! forms are congruent modulo 2^32: `r + sum c_v * x_v = 0 (mod 2^32)` with each value `x_v`
//! ranging over what is known of it ([`Domains`]):
//! - the induction variable of a loop with a constant lower bound: `lb + step * k` for `k`
//!   below the trip count, or, with a symbolic upper bound, while it stays below 2^31 - 1
//!   (the loop compares signed 32-bit values; a counter that would wrap is a loop the tool
//!   does not reproduce anyway, as `index` is 32 bits here and 64 in the reference);
//! - a zero extension from `w` bits: `0 .. 2^w`; a mask `y & (2^k - 1)`: `0 .. 2^k`;
//! - anything else of `w` bits: `-2^(w-1) .. 2^(w-1)` (every residue at 32 bits).
//!
//! The congruence is an equation with one unknown more, the multiple of 2^32 (bounded by
//! the range of the sum), over a box `r + sum a_i * k_i = 0`, `0 <= k_i < n_i`. Coefficients
//! are reduced modulo 2^32 first, so every product stays far inside `i128`. It is decided
//! - by the GCD test and the Banerjee bounds first (either proves there is no solution);
//! - exactly, in closed form, for one or two unknowns whatever their ranges: the solutions
//!   of `a1 k1 + a2 k2 = t` are a line (extended Euclid), intersected with the box;
//! - with more unknowns, by enumerating the one of fewest values and recursing (GCD and
//!   bounds prune each branch), within [`BUDGET`] tried values per question, past which the
//!   answer is "may meet" (conservative). The common cases are exact in closed form (the
//!   loop's variable and the wrap multiple; one outer loop's variable more is one small
//!   enumeration), and the budget bounds the time on any input. Enumerating the iteration
//!   space itself would cost its size per pair, too much for nests of unknown extent.
//!
//! Values with different coefficients but no known range (symbolic) keep their width's
//! range, so in practice only the GCD test speaks for them. Between iterations, a value
//! computed in the loop differs from one iteration to the next (conservative: distance
//! 1), except the low bits of an affine form of the induction variable (`i mod 4`, lowered
//! to `i & 3`): its value in the later iteration follows from the earlier one's, so
//! [`distance`] enumerates the earlier one's (at most [`PERIODS`] combinations; past
//! that, both are independent unknowns) and `tmp[i mod 4]` meets itself at distance 4.
//!
//! [`distance`] tries `d = 1 ..= EXACT_DISTANCES` one at a time (the first iteration's
//! range shortened by `d` when the trip count is known) after one check of all distances
//! at once (most independent pairs end there); past them, the remaining distances are one
//! more unknown, and a solution answers `EXACT_DISTANCES + 1`, a lower bound of the true
//! distance, which is safe (a smaller distance only constrains the schedule more).

use super::deps::{LinForm, Linear};
use crate::ir::{BinOp, Func, Item, OpKind, Region, ValId, INDEX_WIDTH};
use std::collections::{BTreeSet, HashMap};

/// Addresses wrap at this modulus.
const MODULUS: i128 = 1 << INDEX_WIDTH;

/// Values tried by enumeration per question ([`may_meet`], [`distance`]: all its distances
/// together) before answering "may meet".
pub const BUDGET: u64 = 4096;

/// Distances [`distance`] decides one at a time.
pub const EXACT_DISTANCES: u64 = 16;

/// The values a term may take: `first + step * k` for `0 <= k < count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seq {
    /// The first value.
    pub first: i64,
    /// The distance between values.
    pub step: i64,
    /// How many (0: the term never has a value, e.g. the variable of a loop that never runs).
    pub count: u64,
}

impl Seq {
    /// Any value of `width` bits read as signed (every residue modulo 2^32 at 32 bits or more).
    pub fn any(width: u32) -> Seq {
        let w = width.clamp(1, INDEX_WIDTH);
        Seq { first: -(1i64 << (w - 1)), step: 1, count: 1u64 << w }
    }

    /// The values `0 .. 2^width` (a zero extension from `width` bits).
    pub fn below(width: u32) -> Seq {
        Seq { first: 0, step: 1, count: 1u64 << width.clamp(1, INDEX_WIDTH) }
    }

    /// `count` values from `first`, `step` apart.
    pub fn range(first: i64, step: i64, count: u64) -> Seq {
        Seq { first, step, count }
    }
}

/// What is known of the values of one function's address terms.
pub struct Domains<'f> {
    func: &'f Func,
    /// Induction variables of loops with a constant lower bound, zero extensions and masks.
    known: HashMap<ValId, Seq>,
    /// `y & (2^k - 1)` (below the value's width): the masked form and `2^k`.
    masks: HashMap<ValId, (LinForm, u64)>,
    /// Masks of one form by one constant: all but the first map to the first.
    same: HashMap<ValId, ValId>,
}

impl<'f> Domains<'f> {
    /// The domains of `func`'s values (its loops are found in its body).
    pub fn new(func: &'f Func) -> Domains<'f> {
        let mut known = HashMap::new();
        let mut lin = Linear::new(func);
        walk(&func.body, &mut lin, &mut known);
        let mut masks = HashMap::new();
        for op in &func.ops {
            match (&op.kind, op.result) {
                (OpKind::ZExt, Some(r)) => {
                    known.insert(r, Seq::below(func.width(op.operands[0])));
                }
                (OpKind::Bin(BinOp::And), Some(r)) => {
                    let w = func.width(r);
                    for (y, c) in [(op.operands[0], op.operands[1]), (op.operands[1], op.operands[0])] {
                        let fc = lin.form(c);
                        let Some(mask) = fc.terms.is_empty().then_some(fc.constant) else { continue };
                        let m = mask.wrapping_add(1);
                        if mask > 0 && m.count_ones() == 1 && m.trailing_zeros() < w {
                            known.insert(r, Seq::range(0, 1, m as u64));
                            masks.insert(r, (lin.form(y), m as u64));
                            break;
                        }
                    }
                }
                _ => {}
            }
        }
        // Masks computed twice (`tmp[i mod 4]` loaded and stored: two `and` ops) are one value.
        let mut first: Vec<(&(LinForm, u64), ValId)> = Vec::new();
        let mut same = HashMap::new();
        let mut ids: Vec<&ValId> = masks.keys().collect();
        ids.sort();
        for v in ids {
            match first.iter().find(|(k, _)| *k == &masks[v]) {
                Some(&(_, w)) => {
                    same.insert(*v, w);
                }
                None => first.push((&masks[v], *v)),
            }
        }
        Domains { func, known, masks, same }
    }

    /// `form` with every mask replaced by the first mask of the same form and constant.
    pub fn canonical(&self, form: &LinForm) -> LinForm {
        if !form.terms.keys().any(|v| self.same.contains_key(v)) {
            return form.clone();
        }
        let mut out = LinForm { constant: form.constant, terms: Default::default() };
        for (v, &k) in &form.terms {
            let e = out.terms.entry(*self.same.get(v).unwrap_or(v)).or_insert(0i64);
            *e = e.wrapping_add(k);
        }
        out.terms.retain(|_, k| *k != 0);
        out
    }

    /// `v = y & (2^k - 1)` with `2^k - 1` a constant below `v`'s width: `y`'s form and `2^k`.
    pub fn mask(&self, v: ValId) -> Option<(&LinForm, u64)> {
        self.masks.get(&v).map(|(f, m)| (f, *m))
    }

    /// The values `v` may take.
    pub fn seq(&self, v: ValId) -> Seq {
        self.known.get(&v).copied().unwrap_or_else(|| Seq::any(self.func.width(v)))
    }

    /// The values of a loop's induction variable, if its lower bound is a constant.
    pub fn iv_seq(&self, iv: ValId) -> Option<Seq> {
        self.known.get(&iv).copied()
    }
}

fn walk(r: &Region, lin: &mut Linear, out: &mut HashMap<ValId, Seq>) {
    for item in &r.items {
        match item {
            Item::Op(_) => {}
            Item::For(l) => {
                if let Some(lb) = lin.form(l.lb).terms.is_empty().then(|| lin.form(l.lb).constant) {
                    out.insert(l.iv, iv_range(lb, l.step, l.trip));
                }
                walk(&l.body, lin, out);
            }
            Item::If(i) => {
                walk(&i.then_region, lin, out);
                walk(&i.else_region, lin, out);
            }
            Item::While(w) => {
                walk(&w.before, lin, out);
                walk(&w.after, lin, out);
            }
            Item::Cfg(g) => {
                for b in &g.blocks {
                    walk(&b.body, lin, out);
                }
            }
        }
    }
}

/// The values of an induction variable from `lb` by `step`: `trip` of them, or with a
/// symbolic upper bound those below `i32::MAX` (the signed bound it is compared with).
fn iv_range(lb: i64, step: u64, trip: Option<u64>) -> Seq {
    let step = i64::try_from(step.max(1)).unwrap_or(i64::MAX);
    let count = match trip {
        Some(t) => t,
        None => {
            let last = i64::from(i32::MAX) - 1;
            if lb > last {
                0
            } else {
                ((last - lb) / step) as u64 + 1
            }
        }
    };
    Seq { first: lb, step, count }
}

/// May `a` and `b` be equal in one execution of their block (each term one value, in `dom`)?
pub fn may_meet(a: &LinForm, b: &LinForm, dom: impl Fn(ValId) -> Seq) -> bool {
    let terms: BTreeSet<ValId> = a.terms.keys().chain(b.terms.keys()).copied().collect();
    let mut vars = Vec::new();
    for v in terms {
        let c = coef(a, v) - coef(b, v);
        if c != 0 {
            vars.push((c, dom(v)));
        }
    }
    solvable(i128::from(a.constant) - i128::from(b.constant), &vars)
}

/// What [`distance`] knows of a term other than the loop's induction variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    /// Loop-invariant: one value for both iterations, in this range.
    Shared(Seq),
    /// `(iv_coef * iv + e) mod modulus` with `e` loop-invariant: the low bits of an affine
    /// form of the induction variable (an affine `mod` by a power of two).
    Periodic {
        /// A power of two.
        modulus: u64,
        /// The induction variable's coefficient in the masked form.
        iv_coef: i64,
    },
    /// Anything else computed in the loop: it differs from iteration to iteration.
    Varying,
}

/// Enumerated values of [`Term::Periodic`] terms per distance, past which they are taken
/// as independent unknowns (a relaxation: safe, not exact).
pub const PERIODS: u64 = 256;

/// The smallest `d >= 1` such that `a` with the induction variable `iv` at some value `x`
/// may equal `b` with it at `x + step * d` (None: never). `iv_seq` holds the values of `iv`
/// (None: unknown, any 32-bit value and any distance); `term` what is known of every other
/// term ([`Term::Varying`] anywhere gives the conservative 1).
pub fn distance(
    a: &LinForm,
    b: &LinForm,
    iv: ValId,
    iv_seq: Option<Seq>,
    step: u64,
    term: impl Fn(ValId) -> Term,
) -> Option<u64> {
    let terms: BTreeSet<ValId> = a.terms.keys().chain(b.terms.keys()).copied().collect();
    let mut vars = Vec::new();
    // Periodic terms: (coefficient in a, in b, modulus, the per-iteration advance).
    let mut periodic = Vec::new();
    for v in terms.into_iter().filter(|&v| v != iv) {
        let (ca, cb) = (coef(a, v), coef(b, v));
        match term(v) {
            Term::Varying => return Some(1),
            Term::Shared(s) => {
                if ca != cb {
                    vars.push((ca - cb, s));
                }
            }
            Term::Periodic { modulus, iv_coef } => {
                let m = i128::from(modulus.max(1));
                periodic.push((ca, cb, m, (i128::from(iv_coef) * i128::from(step)).rem_euclid(m)));
            }
        }
    }
    // Relaxed: each periodic term any residue in either iteration.
    let mut relaxed = vars.clone();
    for &(ca, cb, m, _) in &periodic {
        let below = Seq::range(0, 1, m as u64);
        relaxed.extend([(ca, below), (-cb, below)]);
    }
    let combos = periodic.iter().try_fold(1u64, |n, p| n.checked_mul(p.2 as u64)).filter(|&n| n <= PERIODS);
    let (ka, kb) = (coef(a, iv), coef(b, iv));
    let constant = i128::from(a.constant) - i128::from(b.constant);
    // The first access's iteration, and `b`'s variable is `x + step * d`: the `d` term.
    let first = |d: u64| match iv_seq {
        Some(s) => Seq { count: s.count.saturating_sub(d), ..s },
        None => Seq::any(INDEX_WIDTH),
    };
    let per = -centered(kb) * centered(i128::from(step));
    let max_d = iv_seq.map_or(u64::MAX, |s| s.count.saturating_sub(1));
    let budget = std::cell::Cell::new(BUDGET);
    let all_from = |d0: u64| {
        let mut v = relaxed.clone();
        v.push((ka - kb, first(d0)));
        let n = (max_d - d0 + 1).min(MODULUS as u64);
        v.push((per, Seq::range(d0 as i64, 1, n)));
        within(constant, &v, &budget)
    };
    if max_d == 0 || !all_from(1) {
        return None;
    }
    for d in 1..=max_d.min(EXACT_DISTANCES) {
        let at = |base: &[(i128, Seq)], c: i128| {
            let mut v = base.to_vec();
            v.push((ka - kb, first(d)));
            within(c + per * i128::from(d), &v, &budget)
        };
        let meets = match combos {
            // Each periodic term's value in the first iteration; the second's follows.
            Some(n) => (0..n).any(|mut combo| {
                let mut c = constant;
                for &(ca, cb, m, adv) in &periodic {
                    let ta = i128::from(combo % m as u64);
                    combo /= m as u64;
                    c += ca * ta - cb * (ta + adv * i128::from(d)).rem_euclid(m);
                }
                at(&vars, c)
            }),
            None => at(&relaxed, constant),
        };
        if meets {
            return Some(d);
        }
    }
    (max_d > EXACT_DISTANCES && all_from(EXACT_DISTANCES + 1)).then_some(EXACT_DISTANCES + 1)
}

fn coef(f: &LinForm, v: ValId) -> i128 {
    i128::from(f.terms.get(&v).copied().unwrap_or(0))
}

/// `x` modulo 2^32 in `-2^31 .. 2^31` (the residue address arithmetic keeps).
fn centered(x: i128) -> i128 {
    let m = x.rem_euclid(MODULUS);
    if m >= MODULUS / 2 {
        m - MODULUS
    } else {
        m
    }
}

/// Has `constant + sum(c * x) = 0 (mod 2^32)` a solution with each `x` in its [`Seq`]?
/// Exact but for the enumeration [`BUDGET`] (then true).
pub fn solvable(constant: i128, vars: &[(i128, Seq)]) -> bool {
    within(constant, vars, &std::cell::Cell::new(BUDGET))
}

/// [`solvable`] within what is left of `budget` (true once it runs out).
fn within(constant: i128, vars: &[(i128, Seq)], budget: &std::cell::Cell<u64>) -> bool {
    let mut r = centered(constant);
    let mut unknowns = Vec::new();
    for &(c, s) in vars {
        if s.count == 0 {
            return false;
        }
        let c = centered(c);
        r = centered(r + c * centered(i128::from(s.first)));
        // Values further than 2^32 steps apart repeat modulo 2^32.
        let n = i128::from(s.count).min(MODULUS);
        let a = centered(c * centered(i128::from(s.step)));
        if a != 0 && n > 1 {
            unknowns.push((a, n));
        }
    }
    // The multiple of 2^32 the sum equals.
    let (lo, hi) = bounds(r, &unknowns);
    let (wlo, whi) = (div_ceil(lo, MODULUS), div_floor(hi, MODULUS));
    if wlo > whi {
        return false;
    }
    r -= wlo * MODULUS;
    if whi > wlo {
        unknowns.push((-MODULUS, whi - wlo + 1));
    }
    let mut left = budget.get();
    let found = search(r, &unknowns, &mut left);
    budget.set(left);
    found
}

/// The least and greatest `r + sum(a * k)` over the box.
fn bounds(r: i128, unknowns: &[(i128, i128)]) -> (i128, i128) {
    unknowns.iter().fold((r, r), |(lo, hi), &(a, n)| {
        let x = a * (n - 1);
        (lo + x.min(0), hi + x.max(0))
    })
}

/// Has `r + sum(a * k) = 0` a solution with `0 <= k < n` for each `(a, n)` (`a != 0`, `n >= 2`)?
fn search(r: i128, unknowns: &[(i128, i128)], budget: &mut u64) -> bool {
    let g = unknowns.iter().fold(0, |g, &(a, _)| gcd(g, a.abs()));
    if g == 0 {
        return r == 0;
    }
    if r % g != 0 {
        return false;
    }
    let (lo, hi) = bounds(r, unknowns);
    if lo > 0 || hi < 0 {
        return false;
    }
    match *unknowns {
        [(a, n)] => (0..n).contains(&(-r / a)),
        [(a1, n1), (a2, n2)] => two(-r, (a1, n1), (a2, n2)),
        _ => {
            let i = (0..unknowns.len()).min_by_key(|&i| unknowns[i].1).unwrap_or(0);
            let (a, n) = unknowns[i];
            let tries = u64::try_from(n).unwrap_or(u64::MAX);
            if tries > *budget {
                return true;
            }
            *budget -= tries;
            let rest: Vec<(i128, i128)> =
                unknowns.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &u)| u).collect();
            (0..n).any(|k| search(r + a * k, &rest, budget))
        }
    }
}

/// Has `a1 * k1 + a2 * k2 = t` a solution in the box (`gcd(a1, a2)` divides `t`)? The
/// solutions are `k1 = k1_0 + m * s`, `k2 = k2_0 + d * s` for integer `s`.
fn two(t: i128, (a1, n1): (i128, i128), (a2, n2): (i128, i128)) -> bool {
    let (g, x, _) = ext_gcd(a1, a2);
    let m = (a2 / g).abs();
    let k1_0 = (x.rem_euclid(m) * (t / g).rem_euclid(m)).rem_euclid(m);
    if k1_0 >= n1 {
        return false;
    }
    let s_max = (n1 - 1 - k1_0) / m;
    let k2_0 = (t - a1 * k1_0) / a2;
    let d = -(a1 / g) * a2.signum();
    // 0 <= k2_0 + d * s <= n2 - 1
    let (lo, hi) = if d > 0 {
        (div_ceil(-k2_0, d), div_floor(n2 - 1 - k2_0, d))
    } else {
        (div_ceil(k2_0 - (n2 - 1), -d), div_floor(k2_0, -d))
    };
    lo.max(0) <= hi.min(s_max)
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// `(g, x, y)` with `a * x + b * y = g = gcd(|a|, |b|)`.
fn ext_gcd(a: i128, b: i128) -> (i128, i128, i128) {
    let (mut r0, mut r1, mut x0, mut x1, mut y0, mut y1) = (a.abs(), b.abs(), 1i128, 0i128, 0i128, 1i128);
    while r1 != 0 {
        let q = r0 / r1;
        (r0, r1) = (r1, r0 - q * r1);
        (x0, x1) = (x1, x0 - q * x1);
        (y0, y1) = (y1, y0 - q * y1);
    }
    (r0, x0 * a.signum(), y0 * b.signum())
}

fn div_floor(a: i128, b: i128) -> i128 {
    a.div_euclid(b)
}

fn div_ceil(a: i128, b: i128) -> i128 {
    -(-a).div_euclid(b)
}

#[cfg(test)]
#[path = "deptest_tests.rs"]
mod tests;
