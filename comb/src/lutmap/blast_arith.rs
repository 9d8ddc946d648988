//! Bit-blasting of arithmetic into the [`Aig`]: ripple-carry adders (XOR for the sum,
//! majority for the carry), array multipliers, restoring dividers, comparators from the
//! carry out of a subtraction, and barrel shifters, each with exactly SPEC section 3's
//! meaning (the evaluator's `bits_ops` is the reference the tests compare against).
//!
//! Words are little-endian vectors of literals (bit 0 first). Constant operands fold as
//! the graph is built (`Aig::and` folds constants), so `x + 1` or a multiply by a constant
//! costs only the logic that is left.

use super::aig::{Aig, Lit};
use crate::netlist::IcmpPred;

/// A word: bit 0 first.
pub(crate) type Word = Vec<Lit>;

/// A full adder: (sum, carry out). The sum's `a ^ b` is shared with the carry.
pub(crate) fn full_add(g: &mut Aig, a: Lit, b: Lit, c: Lit) -> (Lit, Lit) {
    let t = g.xor(a, b);
    let s = g.xor(t, c);
    let ab = g.and(a, b);
    let ct = g.and(c, t);
    (s, g.or(ab, ct))
}

/// `a + b + cin` over the width of `a` (`b` as wide); returns the sum and the carry out.
pub(crate) fn add_carry(g: &mut Aig, a: &[Lit], b: &[Lit], cin: Lit) -> (Word, Lit) {
    let mut c = cin;
    let mut out = Vec::with_capacity(a.len());
    for (&x, &y) in a.iter().zip(b) {
        let (s, co) = full_add(g, x, y, c);
        out.push(s);
        c = co;
    }
    (out, c)
}

/// `a + b`, wrapping.
pub(crate) fn add(g: &mut Aig, a: &[Lit], b: &[Lit]) -> Word {
    add_carry(g, a, b, Lit::FALSE).0
}

/// `a - b`, wrapping.
pub(crate) fn sub(g: &mut Aig, a: &[Lit], b: &[Lit]) -> Word {
    let nb: Word = b.iter().map(|&x| !x).collect();
    add_carry(g, a, &nb, Lit::TRUE).0
}

/// `-a`, wrapping.
pub(crate) fn neg(g: &mut Aig, a: &[Lit]) -> Word {
    let zero = vec![Lit::FALSE; a.len()];
    sub(g, &zero, a)
}

/// `a * b`, wrapping: an array multiplier, one ripple-carry row per bit of `b`, each row
/// only as wide as the bits that stay in the result. When an operand repeats one literal
/// over a run of bits (a sign or zero extension, a constant's run of ones), the run is
/// recoded ([`recode`]) and that operand selects the rows: far fewer rows.
pub(crate) fn mul(g: &mut Aig, a: &[Lit], b: &[Lit]) -> Word {
    let ((ta, ga), (tb, gb)) = (recode(a), recode(b));
    if !ga && !gb {
        return array_mul(g, a, b);
    }
    if ta.len() < tb.len() {
        rows_mul(g, &ta, b)
    } else {
        rows_mul(g, &tb, a)
    }
}

/// The array multiplier itself (rows selected by the bits of `b`).
fn array_mul(g: &mut Aig, a: &[Lit], b: &[Lit]) -> Word {
    let w = a.len();
    let mut acc: Word = a.iter().map(|&x| g.and(x, b[0])).collect();
    for j in 1..w {
        let row: Word = (0..w - j).map(|i| g.and(a[i], b[j])).collect();
        let (sum, _) = add_carry(g, &acc[j..], &row, Lit::FALSE);
        acc.splice(j.., sum);
    }
    acc
}

/// One row of a recoded multiplier: `sel * (x << shift)`, added or (`neg`) subtracted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Term {
    /// The bit position the row starts at.
    pub shift: usize,
    /// The literal that selects the row.
    pub sel: Lit,
    /// Subtracted rather than added.
    pub neg: bool,
}

/// The terms of `r` with every run of at least three equal non-false literals recoded:
/// bits `i..j` all `s` stand for `s * (2^j - 2^i)`, a row added at `j` (none when `j` is the
/// width: it wraps away) and one subtracted at `i`; constant-false bits give no term. The
/// flag says whether a run was recoded (else [`mul`] keeps the plain array multiplier).
pub(crate) fn recode(r: &[Lit]) -> (Vec<Term>, bool) {
    let w = r.len();
    let mut terms = Vec::new();
    let mut gained = false;
    let mut i = 0;
    while i < w {
        let s = r[i];
        let mut j = i + 1;
        while j < w && r[j] == s {
            j += 1;
        }
        if s != Lit::FALSE && j - i >= 3 {
            gained = true;
            terms.push(Term { shift: i, sel: s, neg: true });
            if j < w {
                terms.push(Term { shift: j, sel: s, neg: false });
            }
        } else if s != Lit::FALSE {
            terms.extend((i..j).map(|k| Term { shift: k, sel: s, neg: false }));
        }
        i = j;
    }
    (terms, gained)
}

/// `Σ ±sel * (x << shift)` over `terms`, wrapping to the width of `x`: one ripple-carry
/// row per term (a subtraction adds the row's complement with a carry in).
fn rows_mul(g: &mut Aig, terms: &[Term], x: &[Lit]) -> Word {
    let w = x.len();
    let mut acc: Word = vec![Lit::FALSE; w];
    for t in terms {
        let row: Word = (0..w - t.shift).map(|i| g.and(x[i], t.sel).xor_neg(t.neg)).collect();
        let (sum, _) = add_carry(g, &acc[t.shift..], &row, Lit::constant(t.neg));
        acc.splice(t.shift.., sum);
    }
    acc
}

/// True iff `a >= b` (unsigned): the carry out of `a + !b + 1`.
fn uge(g: &mut Aig, a: &[Lit], b: &[Lit]) -> Lit {
    let mut c = Lit::TRUE;
    for (&x, &y) in a.iter().zip(b) {
        c = g.maj(x, !y, c);
    }
    c
}

/// `a == b`.
fn eq(g: &mut Aig, a: &[Lit], b: &[Lit]) -> Lit {
    let bits: Word = a.iter().zip(b).map(|(&x, &y)| !g.xor(x, y)).collect();
    g.and_all(&bits)
}

/// `comb.icmp` with any predicate.
pub(crate) fn icmp(g: &mut Aig, p: IcmpPred, a: &[Lit], b: &[Lit]) -> Lit {
    use IcmpPred::*;
    let signed = matches!(p, Slt | Sle | Sgt | Sge);
    let flip = |w: &[Lit]| -> Word {
        let mut v = w.to_vec();
        if signed {
            if let Some(m) = v.last_mut() {
                *m = !*m;
            }
        }
        v
    };
    let (a, b) = (flip(a), flip(b));
    match p {
        Eq | Ceq | Weq => eq(g, &a, &b),
        Ne | Cne | Wne => !eq(g, &a, &b),
        Ult | Slt => !uge(g, &a, &b),
        Uge | Sge => uge(g, &a, &b),
        Ugt | Sgt => !uge(g, &b, &a),
        Ule | Sle => uge(g, &b, &a),
    }
}

/// Unsigned quotient and remainder by a restoring divider; both 0 when `b` is 0.
pub(crate) fn divmod_u(g: &mut Aig, a: &[Lit], b: &[Lit]) -> (Word, Word) {
    let w = a.len();
    let mut r: Word = vec![Lit::FALSE; w];
    let mut q: Word = vec![Lit::FALSE; w];
    let mut bx: Word = b.to_vec();
    bx.push(Lit::FALSE);
    for i in (0..w).rev() {
        // shifted = r * 2 + a_i, w + 1 bits.
        let mut shifted = Vec::with_capacity(w + 1);
        shifted.push(a[i]);
        shifted.extend_from_slice(&r);
        let nb: Word = bx.iter().map(|&x| !x).collect();
        let (diff, fits) = add_carry(g, &shifted, &nb, Lit::TRUE);
        q[i] = fits;
        r = (0..w).map(|k| g.mux(fits, diff[k], shifted[k])).collect();
    }
    let nonzero = g.or_all(b);
    let q = q.into_iter().map(|x| g.and(x, nonzero)).collect();
    let r = r.into_iter().map(|x| g.and(x, nonzero)).collect();
    (q, r)
}

/// `|a|` of a signed word (MIN stays MIN).
fn abs(g: &mut Aig, a: &[Lit]) -> Word {
    let s = *a.last().expect("words are at least 1 bit");
    let n = neg(g, a);
    a.iter().zip(&n).map(|(&x, &y)| g.mux(s, y, x)).collect()
}

/// `x` negated where `c` is 1.
fn cond_neg(g: &mut Aig, c: Lit, x: &[Lit]) -> Word {
    let n = neg(g, x);
    x.iter().zip(&n).map(|(&p, &q)| g.mux(c, q, p)).collect()
}

/// Signed division truncating toward zero; x/0 = 0 and MIN/-1 = MIN (through magnitudes).
pub(crate) fn divs(g: &mut Aig, a: &[Lit], b: &[Lit]) -> Word {
    let (sa, sb) = (*a.last().expect("non-empty"), *b.last().expect("non-empty"));
    let (ma, mb) = (abs(g, a), abs(g, b));
    let (q, _) = divmod_u(g, &ma, &mb);
    let s = g.xor(sa, sb);
    cond_neg(g, s, &q)
}

/// Signed remainder with the dividend's sign; x%0 = 0.
pub(crate) fn mods(g: &mut Aig, a: &[Lit], b: &[Lit]) -> Word {
    let sa = *a.last().expect("non-empty");
    let (ma, mb) = (abs(g, a), abs(g, b));
    let (_, r) = divmod_u(g, &ma, &mb);
    cond_neg(g, sa, &r)
}

/// Which shift.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shift {
    /// `comb.shl`.
    Left,
    /// `comb.shru`.
    RightU,
    /// `comb.shrs`.
    RightS,
}

/// A barrel shifter: one mux stage per amount bit below the width; any higher amount bit
/// set gives 0 (`shrs`: all sign bits).
pub(crate) fn shift(g: &mut Aig, kind: Shift, a: &[Lit], amount: &[Lit]) -> Word {
    let w = a.len();
    let fill = if kind == Shift::RightS { *a.last().expect("non-empty") } else { Lit::FALSE };
    let mut x = a.to_vec();
    let mut over = Vec::new();
    for (k, &s) in amount.iter().enumerate() {
        let step = 1usize.checked_shl(k as u32).filter(|&d| d < w);
        let Some(d) = step else {
            over.push(s);
            continue;
        };
        let shifted: Word = (0..w)
            .map(|i| match kind {
                Shift::Left => {
                    if i >= d {
                        x[i - d]
                    } else {
                        Lit::FALSE
                    }
                }
                _ => x.get(i + d).copied().unwrap_or(fill),
            })
            .collect();
        x = (0..w).map(|i| g.mux(s, shifted[i], x[i])).collect();
    }
    let over = g.or_all(&over);
    x.into_iter().map(|v| g.mux(over, fill, v)).collect()
}
