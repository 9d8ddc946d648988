//! Resynthesis of a small function for AIG rewriting: an irredundant sum of products
//! (Minato–Morreale ISOP) of a truth table over up to six variables, and an algebraic
//! factored form of it (divide by the literal shared by most cubes, recursively) built
//! through any [`AndBuilder`] — the real graph, or a dry run that only counts the nodes a
//! structure would add. Tables are 64-bit words over six variables (a function of fewer
//! variables is replicated, see [`extend`]).

use super::aig::{Aig, Lit};
use super::truth::VARS;

/// A product term: variable `v` is in the cube when bit `v` of `mask` is set, positive
/// when bit `v` of `pos` is set too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Cube {
    /// The variables present.
    pub mask: u8,
    /// Their polarities (1 = positive).
    pub pos: u8,
}

/// The table of `tt` over `n` variables (its low `2^n` bits) replicated to 64 bits.
pub fn extend(tt: u64, n: usize) -> u64 {
    let mut t = tt & super::truth::mask(n);
    for i in n..6 {
        t |= t << (1 << i);
    }
    t
}

fn cof0(t: u64, x: usize) -> u64 {
    let lo = t & !VARS[x];
    lo | (lo << (1 << x))
}

fn cof1(t: u64, x: usize) -> u64 {
    let hi = t & VARS[x];
    hi | (hi >> (1 << x))
}

/// An irredundant cover of a function `f` with `on <= f <= on | dc`, as (cubes, f).
pub fn isop(on: u64, dc: u64) -> (Vec<Cube>, u64) {
    let mut cubes = Vec::new();
    let f = isop_rec(on, on | dc, 6, &mut cubes);
    (cubes, f)
}

fn isop_rec(l: u64, u: u64, nv: usize, out: &mut Vec<Cube>) -> u64 {
    if l == 0 {
        return 0;
    }
    if u == u64::MAX {
        out.push(Cube { mask: 0, pos: 0 });
        return u64::MAX;
    }
    // The highest variable either bound depends on.
    let mut x = nv;
    while x > 0 {
        x -= 1;
        if cof0(l, x) != cof1(l, x) || cof0(u, x) != cof1(u, x) {
            break;
        }
    }
    let (l0, l1, u0, u1) = (cof0(l, x), cof1(l, x), cof0(u, x), cof1(u, x));
    let start0 = out.len();
    let f0 = isop_rec(l0 & !u1, u0, x, out);
    for c in &mut out[start0..] {
        c.mask |= 1 << x;
    }
    let start1 = out.len();
    let f1 = isop_rec(l1 & !u0, u1, x, out);
    for c in &mut out[start1..] {
        c.mask |= 1 << x;
        c.pos |= 1 << x;
    }
    let rest = (l0 & !f0) | (l1 & !f1);
    let fs = isop_rec(rest, u0 & u1, x, out);
    (f0 & !VARS[x]) | (f1 & VARS[x]) | fs
}

/// Something that makes AND nodes: the graph itself or a dry run.
pub trait AndBuilder {
    /// `a AND b`.
    fn and(&mut self, a: Lit, b: Lit) -> Lit;
    /// `a OR b`.
    fn or(&mut self, a: Lit, b: Lit) -> Lit {
        !self.and(!a, !b)
    }
}

impl AndBuilder for Aig {
    fn and(&mut self, a: Lit, b: Lit) -> Lit {
        Aig::and(self, a, b)
    }
}

fn tree<B: AndBuilder + ?Sized>(b: &mut B, lits: &[Lit], or: bool) -> Lit {
    match lits.len() {
        0 => Lit::constant(!or),
        1 => lits[0],
        n => {
            let x = tree(b, &lits[..n / 2], or);
            let y = tree(b, &lits[n / 2..], or);
            if or {
                b.or(x, y)
            } else {
                b.and(x, y)
            }
        }
    }
}

fn cube_lits(c: Cube, leaves: &[Lit]) -> Vec<Lit> {
    (0..leaves.len())
        .filter(|&v| c.mask >> v & 1 == 1)
        .map(|v| leaves[v].xor_neg(c.pos >> v & 1 == 0))
        .collect()
}

/// Builds the sum of `cubes` over `leaves` (variable `i` is `leaves[i]`) as a factored
/// form: the literal in most cubes (ties: lowest variable, positive first) is divided
/// out, `l & (quotient) | (remainder)`, until no literal is shared.
pub fn build<B: AndBuilder + ?Sized>(b: &mut B, cubes: &[Cube], leaves: &[Lit]) -> Lit {
    if cubes.is_empty() {
        return Lit::FALSE;
    }
    if cubes.iter().any(|c| c.mask == 0) {
        return Lit::TRUE;
    }
    if cubes.len() == 1 {
        return tree(b, &cube_lits(cubes[0], leaves), false);
    }
    let mut best = (0usize, 0usize, false);
    for v in 0..leaves.len() {
        for pos in [true, false] {
            let n = cubes.iter().filter(|c| c.mask >> v & 1 == 1 && (c.pos >> v & 1 == 1) == pos).count();
            if n > best.0 {
                best = (n, v, pos);
            }
        }
    }
    if best.0 < 2 {
        let terms: Vec<Lit> = cubes.iter().map(|&c| tree(b, &cube_lits(c, leaves), false)).collect();
        return tree(b, &terms, true);
    }
    let (_, v, pos) = best;
    let bit = 1u8 << v;
    let has = |c: &Cube| c.mask & bit != 0 && (c.pos & bit != 0) == pos;
    let quotient: Vec<Cube> =
        cubes.iter().filter(|c| has(c)).map(|c| Cube { mask: c.mask & !bit, pos: c.pos & !bit }).collect();
    let rest: Vec<Cube> = cubes.iter().filter(|c| !has(c)).copied().collect();
    let q = build(b, &quotient, leaves);
    let t = b.and(leaves[v].xor_neg(!pos), q);
    if rest.is_empty() {
        t
    } else {
        let r = build(b, &rest, leaves);
        b.or(t, r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The function of a cover.
    fn eval(cubes: &[Cube]) -> u64 {
        let mut f = 0;
        for c in cubes {
            let mut t = u64::MAX;
            for (v, &var) in VARS.iter().enumerate() {
                if c.mask >> v & 1 == 1 {
                    t &= if c.pos >> v & 1 == 1 { var } else { !var };
                }
            }
            f |= t;
        }
        f
    }

    #[test]
    fn isop_covers_every_four_input_function_exactly() {
        for tt in 0..=0xFFFFu64 {
            let t = extend(tt, 4);
            let (cubes, f) = isop(t, 0);
            assert_eq!(f, t, "{tt:#x}");
            assert_eq!(eval(&cubes), t, "{tt:#x}");
            // Irredundant: dropping any cube changes the function.
            for i in 0..cubes.len() {
                let mut less = cubes.clone();
                less.remove(i);
                assert_ne!(eval(&less), t, "{tt:#x} cube {i} redundant");
            }
        }
    }

    #[test]
    fn factored_forms_compute_the_table() {
        let mut g = Aig::new();
        let leaves: Vec<Lit> = (0..4).map(|_| g.input()).collect();
        for tt in (0..=0xFFFFu64).step_by(7) {
            let (cubes, _) = isop(extend(tt, 4), 0);
            let r = build(&mut g, &cubes, &leaves);
            g.outputs = vec![r];
            let got = g.simulate(&VARS[..4]);
            assert_eq!(got[0] & 0xFFFF, tt, "{tt:#x}");
        }
    }

    #[test]
    fn factoring_shares_the_common_literal() {
        // a&b | a&c | a&d: isop gives three cubes; the factored form is a & (b|c|d), 3 ANDs.
        let mut g = Aig::new();
        let l: Vec<Lit> = (0..4).map(|_| g.input()).collect();
        let tt = (VARS[0] & (VARS[1] | VARS[2] | VARS[3])) & 0xFFFF;
        let (cubes, _) = isop(extend(tt, 4), 0);
        assert_eq!(cubes.len(), 3);
        let r = build(&mut g, &cubes, &l);
        g.outputs = vec![r];
        assert_eq!(g.and_count(), 3);
    }
}
