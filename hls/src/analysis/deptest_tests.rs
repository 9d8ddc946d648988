//! Tests of the dependence test: the named cases (negative coefficients, steps above 1,
//! non-zero lower bounds, symbolic values, wrapping, periodic terms, a lowered function's
//! domains) and brute-force comparisons against enumeration on random problems.

use super::*;
use std::collections::BTreeMap;

/// `constant + sum(k * v)` over values numbered by the test.
fn form(constant: i64, terms: &[(u32, i64)]) -> LinForm {
    let terms: BTreeMap<ValId, i64> =
        terms.iter().filter(|t| t.1 != 0).map(|&(v, k)| (ValId(v), k)).collect();
    LinForm { constant, terms }
}

const I: u32 = 0;
const N: u32 = 1;
const M: u32 = 2;

/// `I` runs over `first, first + step, ...` (`count` values); `N`, `M` are any 32-bit values.
fn dom(first: i64, step: i64, count: u64) -> impl Fn(ValId) -> Seq {
    move |v| if v == ValId(I) { Seq::range(first, step, count) } else { Seq::any(32) }
}

#[test]
fn different_coefficients_in_one_iteration() {
    // o[2i] and o[i + 16] (fuse_siblings): never equal for i < 8, at i = 16 when it gets there.
    let (a, b) = (form(0, &[(I, 2)]), form(16, &[(I, 1)]));
    assert!(!may_meet(&a, &b, dom(0, 1, 8)));
    assert!(!may_meet(&a, &b, dom(0, 1, 16)));
    assert!(may_meet(&a, &b, dom(0, 1, 17)));
    // 4i and 2i + 1: even against odd (the GCD test), whatever the range.
    assert!(!may_meet(&form(0, &[(I, 4)]), &form(1, &[(I, 2)]), dom(0, 1, 1 << 20)));
}

#[test]
fn negative_coefficients() {
    // a[15 - i] and a[i]: 15 = 2i has no integer solution; a[14 - i] meets a[i] at i = 7.
    assert!(!may_meet(&form(15, &[(I, -1)]), &form(0, &[(I, 1)]), dom(0, 1, 16)));
    assert!(may_meet(&form(14, &[(I, -1)]), &form(0, &[(I, 1)]), dom(0, 1, 16)));
    // ... but not when i stops at 6.
    assert!(!may_meet(&form(14, &[(I, -1)]), &form(0, &[(I, 1)]), dom(0, 1, 7)));
}

#[test]
fn steps_and_lower_bounds() {
    // a[i] and a[2i - 3] meet at i = 3: in 0, 3, 6, ... but not in 1, 4, 7, ...
    let (a, b) = (form(0, &[(I, 1)]), form(-3, &[(I, 2)]));
    assert!(may_meet(&a, &b, dom(0, 3, 10)));
    assert!(!may_meet(&a, &b, dom(1, 3, 10)));
    // a[i] and a[2i - 20]: i = 20, outside 10..18 and inside 10..25.
    let (a, b) = (form(0, &[(I, 1)]), form(-20, &[(I, 2)]));
    assert!(!may_meet(&a, &b, dom(10, 1, 8)));
    assert!(may_meet(&a, &b, dom(10, 1, 15)));
}

#[test]
fn symbolic_values() {
    // Equal terms cancel: a[i + n] and a[i + n + 1] never meet.
    assert!(!may_meet(&form(0, &[(I, 1), (N, 1)]), &form(1, &[(I, 1), (N, 1)]), dom(0, 1, 8)));
    // Two unknowns: 2n = 2m + 1 has no solution modulo 2^32 (odd), 2n = 2m + 2 has.
    assert!(!may_meet(&form(0, &[(N, 2)]), &form(1, &[(M, 2)]), dom(0, 1, 8)));
    assert!(may_meet(&form(0, &[(N, 2)]), &form(2, &[(M, 2)]), dom(0, 1, 8)));
    // An unknown against a range: it may be anything.
    assert!(may_meet(&form(0, &[(N, 1)]), &form(0, &[(I, 2)]), dom(0, 1, 8)));
    // A narrow unknown keeps its width's range: an i8 n (-128..128) never reaches 200.
    let narrow = |v: ValId| if v == ValId(N) { Seq::any(8) } else { Seq::any(32) };
    assert!(!may_meet(&form(0, &[(N, 1)]), &form(200, &[]), narrow));
    assert!(may_meet(&form(0, &[(N, 1)]), &form(-128, &[]), narrow));
    // A zero extension from 8 bits: 0..256.
    let zext = |v: ValId| if v == ValId(N) { Seq::below(8) } else { Seq::any(32) };
    assert!(!may_meet(&form(0, &[(N, 1)]), &form(-1, &[]), zext));
    assert!(may_meet(&form(0, &[(N, 1)]), &form(255, &[]), zext));
}

#[test]
fn addresses_that_wrap_stay_conservative() {
    // (i + 65536) * 65536 against i * 65536: different by 2^32 as integers, one address
    // modulo 2^32 (the hardware's 32-bit arithmetic).
    let (a, b) = (form(1 << 32, &[(I, 65536)]), form(0, &[(I, 65536)]));
    assert!(may_meet(&a, &b, dom(0, 1, 4)));
    // i * 2^31 against 0: equal at i = 2 (2^32), not for i in {1}.
    let (a, b) = (form(0, &[(I, 1 << 31)]), form(0, &[]));
    assert!(may_meet(&a, &b, dom(1, 1, 2)));
    assert!(!may_meet(&a, &b, dom(1, 1, 1)));
    // Coefficients beyond 64 bits' worth of range do not overflow.
    let (a, b) = (form(i64::MAX, &[(I, i64::MIN), (N, i64::MAX)]), form(i64::MIN, &[(M, -7)]));
    let _ = may_meet(&a, &b, dom(i64::MIN, i64::MAX, u64::MAX));
    let _ = distance(&a, &b, ValId(I), Some(Seq::range(i64::MIN, i64::MAX, u64::MAX)), u64::MAX, |_| {
        Term::Periodic { modulus: 1 << 31, iv_coef: i64::MIN }
    });
    let _ = distance(&a, &b, ValId(I), None, u64::MAX, |_| Term::Periodic { modulus: 16, iv_coef: i64::MAX });
}

fn any(_: ValId) -> Term {
    Term::Shared(Seq::any(32))
}

#[test]
fn distances_with_equal_coefficients() {
    let iv = ValId(I);
    let seq = Some(Seq::range(0, 1, 32));
    // Store a[i + 2], load a[i]: the load two iterations later reads the store.
    assert_eq!(distance(&form(2, &[(I, 1)]), &form(0, &[(I, 1)]), iv, seq, 1, any), Some(2));
    // The other way round: the load's address is stored two iterations later, never earlier.
    assert_eq!(distance(&form(0, &[(I, 1)]), &form(2, &[(I, 1)]), iv, seq, 1, any), None);
    // Step 2 with addresses 4 apart: two iterations.
    let seq2 = Some(Seq::range(0, 2, 16));
    assert_eq!(distance(&form(4, &[(I, 1)]), &form(0, &[(I, 1)]), iv, seq2, 2, any), Some(2));
    // Addresses 3 apart with step 2: never.
    assert_eq!(distance(&form(3, &[(I, 1)]), &form(0, &[(I, 1)]), iv, seq2, 2, any), None);
    // A distance beyond the trip count: never.
    assert_eq!(distance(&form(40, &[(I, 1)]), &form(0, &[(I, 1)]), iv, seq, 1, any), None);
    // Past the exact distances: a lower bound of the true one (40).
    let long = Some(Seq::range(0, 1, 100));
    assert_eq!(
        distance(&form(40, &[(I, 1)]), &form(0, &[(I, 1)]), iv, long, 1, any),
        Some(EXACT_DISTANCES + 1)
    );
}

#[test]
fn distances_with_different_coefficients() {
    let iv = ValId(I);
    // Store a[3i], load a[i]: iteration i's store is read in iteration 3i (distance 2i):
    // at least 2, from i = 1.
    let (st, ld) = (form(0, &[(I, 3)]), form(0, &[(I, 1)]));
    assert_eq!(distance(&st, &ld, iv, Some(Seq::range(0, 1, 16)), 1, any), Some(2));
    assert_eq!(distance(&ld, &st, iv, Some(Seq::range(0, 1, 16)), 1, any), None);
    // With only two iterations, distance 2 does not exist.
    assert_eq!(distance(&st, &ld, iv, Some(Seq::range(0, 1, 2)), 1, any), None);
    // From i = 3: distance 2i >= 6.
    assert_eq!(distance(&st, &ld, iv, Some(Seq::range(3, 1, 16)), 1, any), Some(6));
    // fuse_siblings: o[2i] and o[i + 16] for i < 8, neither way.
    let (a, b) = (form(0, &[(I, 2)]), form(16, &[(I, 1)]));
    assert_eq!(distance(&a, &b, iv, Some(Seq::range(0, 1, 8)), 1, any), None);
    assert_eq!(distance(&b, &a, iv, Some(Seq::range(0, 1, 8)), 1, any), None);
    // Negative: store a[20 - i], load a[i]: 20 - x = x + d, d = 20 - 2x, least 2 (x = 9).
    let (st, ld) = (form(20, &[(I, -1)]), form(0, &[(I, 1)]));
    assert_eq!(distance(&st, &ld, iv, Some(Seq::range(0, 1, 16)), 1, any), Some(2));
}

#[test]
fn distances_with_symbolic_bounds() {
    let iv = ValId(I);
    // Unknown lower bound: even and odd never meet, equal coefficients give their distance.
    assert_eq!(distance(&form(0, &[(I, 2)]), &form(1, &[(I, 2)]), iv, None, 1, any), None);
    assert_eq!(distance(&form(3, &[(I, 1)]), &form(0, &[(I, 1)]), iv, None, 1, any), Some(3));
    // Different coefficients and no range: modular arithmetic only. Store a[3i], load a[i]:
    // 3x = x + d needs an even d (2x modulo 2^32); a[3i] against a[i + 1] meets at d = 1.
    assert_eq!(distance(&form(0, &[(I, 3)]), &form(0, &[(I, 1)]), iv, None, 1, any), Some(2));
    assert_eq!(distance(&form(0, &[(I, 3)]), &form(1, &[(I, 1)]), iv, None, 1, any), Some(1));
    assert_eq!(distance(&form(0, &[(I, 4)]), &form(1, &[(I, 2)]), iv, None, 1, any), None);
    // A constant lower bound with a symbolic upper one: the bound x >= 5 still helps,
    // store a[3i], load a[i]: distance 2x >= 10.
    let from5 = Some(super::iv_range(5, 1, None));
    assert_eq!(distance(&form(0, &[(I, 3)]), &form(0, &[(I, 1)]), iv, from5, 1, any), Some(10));
    // An invariant symbolic term that cancels, and one that varies: conservative.
    let (a, b) = (form(2, &[(I, 1), (N, 1)]), form(0, &[(I, 1), (N, 1)]));
    assert_eq!(distance(&a, &b, iv, None, 1, any), Some(2));
    let varying = |v: ValId| if v == ValId(N) { Term::Varying } else { Term::Shared(Seq::any(32)) };
    assert_eq!(distance(&a, &b, iv, None, 1, varying), Some(1));
}

/// A small deterministic generator.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
    fn signed(&mut self, m: i64) -> i64 {
        self.next(2 * m as u64 + 1) as i64 - m
    }
}

fn brute_meets(c: i128, vars: &[(i128, Seq)]) -> bool {
    fn rec(c: i128, vars: &[(i128, Seq)]) -> bool {
        match vars.split_first() {
            None => c.rem_euclid(MODULUS) == 0,
            Some((&(k, s), rest)) => {
                (0..s.count).any(|j| rec(c + k * i128::from(s.first + s.step * j as i64), rest))
            }
        }
    }
    rec(c, vars)
}

#[test]
fn agrees_with_enumeration_on_random_problems() {
    // Up to four unknowns of small ranges (enumerable by brute force) with coefficients
    // of both signs, steps and offsets: the test is exact there (the budget is not reached).
    let mut g = Lcg(5);
    let (mut yes, mut no) = (0, 0);
    for _ in 0..4000 {
        let nv = 1 + g.next(4) as usize;
        let vars: Vec<(i128, Seq)> = (0..nv)
            .map(|_| {
                let k = i128::from(g.signed(9));
                (k, Seq::range(g.signed(20), 1 + g.next(4) as i64, 1 + g.next(9)))
            })
            .collect();
        let c = i128::from(g.signed(30));
        let expect = brute_meets(c, &vars);
        assert_eq!(solvable(c, &vars), expect, "{c} + {vars:?}");
        if expect {
            yes += 1
        } else {
            no += 1
        }
    }
    assert!(yes > 300 && no > 300, "{yes} {no}");
}

#[test]
fn agrees_with_enumeration_on_wrapping_problems() {
    // Coefficients near 2^31 make sums wrap at 2^32: still exact.
    let mut g = Lcg(9);
    let mut yes = 0;
    for _ in 0..2000 {
        let nv = 1 + g.next(3) as usize;
        let vars: Vec<(i128, Seq)> = (0..nv)
            .map(|_| {
                let k = (1i128 << 31) - i128::from(g.signed(3)) * (1 << 29);
                (k, Seq::range(g.signed(4), 1, 1 + g.next(8)))
            })
            .collect();
        let c = i128::from(g.signed(3)) << 30;
        let expect = brute_meets(c, &vars);
        yes += usize::from(expect);
        assert_eq!(solvable(c, &vars), expect, "{c} + {vars:?}");
    }
    assert!(yes > 100, "{yes}");
}

#[test]
fn distances_agree_with_enumeration() {
    // Random store/load pairs `ka * x + ca + kn * n` vs `kb * x + cb + kn * n`, with an outer
    // induction variable n (shared) of a small range: the least distance by brute force.
    let mut g = Lcg(13);
    for _ in 0..1500 {
        let (ka, kb, ca, cb) = (g.signed(4), g.signed(4), g.signed(12), g.signed(12));
        let (kn_a, kn_b) = (g.signed(3), g.signed(3));
        let (first, step, count) = (g.signed(5), 1 + g.next(3) as i64, 1 + g.next(12));
        let outer = Seq::range(g.signed(3), 1 + g.next(2) as i64, 1 + g.next(4));
        let a = form(ca, &[(I, ka), (N, kn_a)]);
        let b = form(cb, &[(I, kb), (N, kn_b)]);
        let shared = |_: ValId| Term::Shared(outer);
        let got = distance(&a, &b, ValId(I), Some(Seq::range(first, step, count)), step as u64, shared);
        let mut expect = None;
        'd: for d in 1..count {
            for k in 0..count - d {
                let x = first + step * k as i64;
                let y = x + step * d as i64;
                for j in 0..outer.count {
                    let n = outer.first + outer.step * j as i64;
                    if ka * x + ca + kn_a * n == kb * y + cb + kn_b * n {
                        expect = Some(d);
                        break 'd;
                    }
                }
            }
        }
        assert_eq!(got, expect, "{a:?} {b:?} from {first} by {step} x {count}, n in {outer:?}");
    }
}

#[test]
fn periodic_terms_follow_the_induction_variable() {
    let iv = ValId(I);
    let seq = Some(Seq::range(0, 1, 16));
    // tmp[i mod 4] read and written: the same element again 4 iterations later.
    let t = form(0, &[(N, 1)]);
    let p4 = |v: ValId| if v == ValId(N) { Term::Periodic { modulus: 4, iv_coef: 1 } } else { any(v) };
    assert_eq!(distance(&t, &t, iv, seq, 1, p4), Some(4));
    // With 4 iterations there is no distance 4.
    assert_eq!(distance(&t, &t, iv, Some(Seq::range(0, 1, 4)), 1, p4), None);
    // (2i) mod 8 with step 1: period 4; tmp[(2i) mod 8] against tmp[(2i) mod 8 + 1]: never
    // (even against odd).
    let p8 = |v: ValId| if v == ValId(N) { Term::Periodic { modulus: 8, iv_coef: 2 } } else { any(v) };
    assert_eq!(distance(&t, &t, iv, seq, 1, p8), Some(4));
    assert_eq!(distance(&t, &form(1, &[(N, 1)]), iv, seq, 1, p8), None);
    // tmp[i mod 4 + 1] stored, tmp[i mod 4] read: (x mod 4) + 1 = (x + d) mod 4 at d = 1.
    assert_eq!(distance(&form(1, &[(N, 1)]), &t, iv, seq, 1, p4), Some(1));
    // Mixed with the variable itself: a[4i + i mod 4] (every element once) never meets itself.
    let mixed = form(0, &[(I, 4), (N, 1)]);
    assert_eq!(distance(&mixed, &mixed, iv, seq, 1, p4), None);
    // A varying term stays conservative.
    let vary = |v: ValId| if v == ValId(N) { Term::Varying } else { any(v) };
    assert_eq!(distance(&t, &t, iv, seq, 1, vary), Some(1));
}

#[test]
fn periodic_distances_agree_with_enumeration() {
    // `ka * x + pa * ((kp * x) mod m) + ca` against the same shape in iteration x + d.
    let mut g = Lcg(29);
    for _ in 0..1500 {
        let (ka, kb, ca, cb) = (g.signed(3), g.signed(3), g.signed(10), g.signed(10));
        let (pa, pb, kp) = (g.signed(3), g.signed(3), g.signed(5));
        let m = 1i64 << (1 + g.next(3));
        let (first, step, count) = (g.signed(5), 1 + g.next(3) as i64, 1 + g.next(14));
        let a = form(ca, &[(I, ka), (N, pa)]);
        let b = form(cb, &[(I, kb), (N, pb)]);
        let term = |_: ValId| Term::Periodic { modulus: m as u64, iv_coef: kp };
        let got = distance(&a, &b, ValId(I), Some(Seq::range(first, step, count)), step as u64, term);
        let mut expect = None;
        'd: for d in 1..count {
            for k in 0..count - d {
                let x = first + step * k as i64;
                let y = x + step * d as i64;
                let (tx, ty) = ((kp * x).rem_euclid(m), (kp * y).rem_euclid(m));
                if ka * x + pa * tx + ca == kb * y + pb * ty + cb {
                    expect = Some(d);
                    break 'd;
                }
            }
        }
        // The periodic value is enumerated apart from x (a relaxation): never later than
        // the truth, and exact whenever the truth is "never" or the earliest distance.
        match (got, expect) {
            (None, Some(e)) => panic!("missed distance {e}: {a:?} {b:?} m {m} kp {kp}"),
            (Some(g), Some(e)) => assert!(g <= e, "{g} > {e}"),
            _ => {}
        }
    }
}

#[test]
fn domains_of_a_lowered_function() {
    // Induction variables (constant bounds with a step, a symbolic upper bound), a mask from
    // `mod 4`, a zero extension, and what mem_deps' forms see of them.
    let f = crate::ir::lower_first(
        "func.func @k(%a: memref<64xi32>, %n: index, %b: i8) {
  affine.for %i = 3 to 20 step 4 {
    %v = affine.load %a[%i mod 4] : memref<64xi32>
    affine.store %v, %a[%i mod 4 + 1] : memref<64xi32>
  }
  affine.for %j = 2 to %n {
    %w = arith.extui %b : i8 to i32
    affine.store %w, %a[%j] : memref<64xi32>
  }
  return
}",
    );
    let dom = Domains::new(&f);
    let loops: Vec<&crate::ir::ForLoop> =
        f.body.items.iter().filter_map(|i| if let Item::For(l) = i { Some(&**l) } else { None }).collect();
    assert_eq!(dom.iv_seq(loops[0].iv), Some(Seq::range(3, 4, 5)));
    assert_eq!(dom.iv_seq(loops[1].iv), Some(Seq::range(2, 1, i32::MAX as u64 - 2)));
    let mut lin = Linear::new(&f);
    let addrs: Vec<LinForm> = f
        .ops
        .iter()
        .filter(|o| matches!(o.kind, OpKind::Load(_) | OpKind::Store(_)))
        .map(|o| dom.canonical(&lin.form(o.operands[0])))
        .collect();
    // `%i mod 4` is one masked value `i & 3` (0..4) in both addresses, the store's plus 1.
    let [t] = addrs[0].terms.keys().copied().collect::<Vec<_>>()[..] else { panic!("{:?}", addrs[0]) };
    assert_eq!(dom.seq(t), Seq::range(0, 1, 4));
    assert_eq!(dom.mask(t).map(|(y, m)| (y.terms.get(&loops[0].iv).copied(), m)), Some((Some(1), 4)));
    assert_eq!(addrs[1], LinForm { constant: 1, terms: addrs[0].terms.clone() });
    // One value in one iteration: t and t + 1 never meet.
    assert!(!may_meet(&addrs[0], &addrs[1], |v| dom.seq(v)));
    // Between iterations: i = 3 + 4k, so the masked value is the same every iteration
    // (advance 1 * 4 = 0 modulo 4): a[3] loaded and a[4] stored in every iteration, never
    // one address, either way.
    let varying: std::collections::BTreeSet<ValId> = [t].into_iter().collect();
    let term = |v: ValId| match dom.mask(v) {
        Some((y, m)) if y.terms.keys().all(|u| *u == loops[0].iv) => {
            Term::Periodic { modulus: m, iv_coef: y.terms.get(&loops[0].iv).copied().unwrap_or(0) }
        }
        _ if varying.contains(&v) => Term::Varying,
        _ => Term::Shared(dom.seq(v)),
    };
    let (iv, seq, step) = (loops[0].iv, dom.iv_seq(loops[0].iv), loops[0].step);
    assert_eq!(distance(&addrs[1], &addrs[0], iv, seq, step, term), None);
    assert_eq!(distance(&addrs[0], &addrs[1], iv, seq, step, term), None);
    // The zero extension of an i8 is 0..256.
    let ext = f.ops.iter().find(|o| o.kind == OpKind::ZExt).and_then(|o| o.result).unwrap();
    assert_eq!(dom.seq(ext), Seq::below(8));
}
