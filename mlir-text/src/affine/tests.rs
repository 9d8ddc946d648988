//! Unit tests of affine maps and sets: parsing (incl. the MLIR reference's examples),
//! printing that parses back to the same value, MLIR's rounding rules, linear forms, errors.

use super::*;

fn map(s: &str) -> AffineMap {
    AffineMap::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn roundtrip(s: &str) {
    let m = map(s);
    let printed = m.to_string();
    let again = map(&printed);
    assert_eq!(m, again, "{s} printed as {printed}");
}

#[test]
fn reference_examples_with_constant_divisors() {
    let padded = map("(d0, d1) -> (d0, (d1 + 2) floordiv 2, (d1 + 2) mod 2)");
    assert_eq!(padded.eval(&[7, 5], &[]), vec![7, 3, 1]);
    let tiled = map("(i, j) -> (i floordiv 64, j floordiv 64, i mod 64, j mod 64)");
    assert_eq!(tiled.num_dims, 2);
    assert_eq!(tiled.eval(&[130, 63], &[]), vec![2, 0, 2, 63]);
    let m = map("(d0, d1)[s0] -> (d0 + s0, d1 * 2 - 1, 3)");
    assert_eq!((m.num_dims, m.num_syms), (2, 1));
    assert_eq!(m.eval(&[1, 4], &[10]), vec![11, 7, 3]);
    assert_eq!(m.to_string(), "(d0, d1)[s0] -> (d0 + s0, d1 * 2 - 1, 3)");
    let empty = map("() -> ()");
    assert!(empty.results.is_empty());
    assert_eq!(map("() -> (0)").constant_results(), Some(vec![0]));
}

#[test]
fn symbolic_divisor_is_an_error() {
    // The reference's `#tiled_dynamic` divides by symbols (semi-affine); we reject that.
    let e = AffineMap::parse_located("(d0)[s0] -> (d0 floordiv s0)").unwrap_err();
    assert!(e.message.contains("must be a constant"), "{e}");
    assert_eq!(e.offset, 16);
    let e = AffineMap::parse("(d0) -> (d0 mod 0)").unwrap_err();
    assert!(e.contains("division by zero"), "{e}");
    let e = AffineMap::parse("(d0, d1) -> (d0 * d1)").unwrap_err();
    assert!(e.contains("non-affine"), "{e}");
    // A product with a symbol is semi-affine and allowed.
    assert_eq!(map("(d0)[s0] -> (d0 * s0)").eval(&[3], &[4]), vec![12]);
}

#[test]
fn mlir_rounding() {
    let m = map("(d0) -> (d0 floordiv 4, d0 ceildiv 4, d0 mod 4)");
    assert_eq!(m.eval(&[7], &[]), vec![1, 2, 3]);
    assert_eq!(m.eval(&[-7], &[]), vec![-2, -1, 1]);
    assert_eq!(m.eval(&[-8], &[]), vec![-2, -2, 0]);
    assert_eq!(m.eval(&[0], &[]), vec![0, 0, 0]);
    let n = map("(d0) -> (d0 floordiv -4, d0 ceildiv -4)");
    assert_eq!(n.eval(&[7], &[]), vec![-2, -1]);
    assert_eq!(n.eval(&[-7], &[]), vec![1, 2]);
    assert_eq!(floor_div(i64::MIN, -1), i64::MIN); // wraps, no panic
}

#[test]
fn precedence_and_negation() {
    let m = map("(d0, d1) -> (d0 + d1 * 3, (d0 + d1) * 3, -d0 floordiv 2, -(d0 floordiv 2), d0 - d1 - 1, d0 - (d1 - 1))");
    assert_eq!(m.eval(&[5, 2], &[]), vec![11, 21, -3, -2, 2, 4]);
    roundtrip("(d0, d1) -> (d0 + d1 * 3, (d0 + d1) * 3, -d0 floordiv 2, -(d0 floordiv 2), d0 - d1 - 1, d0 - (d1 - 1))");
    assert_eq!(m.to_string(), "(d0, d1) -> (d0 + d1 * 3, (d0 + d1) * 3, -d0 floordiv 2, -(d0 floordiv 2), d0 - d1 - 1, d0 - (d1 - 1))");
}

#[test]
fn printing_round_trips() {
    for s in [
        "(d0) -> (d0)",
        "(d0)[s0] -> (d0 + s0, 3)",
        "(d0, d1, d2) -> (d0 * 4 + d1 floordiv 3 - d2 mod 5, -7)",
        "(d0)[s0, s1] -> (s0 * d0 + s1, (d0 + 1) ceildiv 8 * 8, d0 * -3 + 2)",
        "(d0) -> (((d0 mod 8) floordiv 2) mod 3, d0 - (d0 floordiv 4) * 4)",
        "(d0)[s0] -> (-(d0 + s0), -s0, d0 - s0 * 2, d0 + (s0 + 1) * -2)",
        "(d0) -> (-9223372036854775808, 9223372036854775807)",
    ] {
        roundtrip(s);
    }
}

#[test]
fn simplifies_like_mlir() {
    assert_eq!(map("(d0) -> (1 + d0 + 2)").to_string(), "(d0) -> (d0 + 3)");
    assert_eq!(
        map("(d0) -> (d0 * 1 + 0, d0 * 0, 2 * 3 * d0, d0 floordiv 1, d0 mod 1)").to_string(),
        "(d0) -> (d0, 0, d0 * 6, d0, 0)"
    );
    assert_eq!(map("() -> (7 floordiv -2, -7 mod 3)").constant_results(), Some(vec![-4, 2]));
}

#[test]
fn linear_forms() {
    let m =
        map("(d0, d1)[s0] -> (d0 * 2 - d1 + s0 * 3 + 4, d0 floordiv 2, d0 * s0, (2 + 6) floordiv 3 + d1)");
    assert_eq!(m.results[0].as_linear(), Some((vec![2, -1], vec![3], 4)));
    assert_eq!(m.results[1].as_linear(), None);
    assert_eq!(m.results[2].as_linear(), None);
    assert_eq!(m.results[3].as_linear(), Some((vec![0, 1], vec![], 2)));
    assert_eq!(m.results[3].as_linear_in(2, 1), Some((vec![0, 1], vec![0], 2)));
    assert!(map("(d0, d1) -> (d0 + d1 + d0)").equivalent(&map("(d0, d1) -> (d0 * 2 + d1)")));
    assert!(!map("(d0, d1) -> (d0 + d1)").equivalent(&map("(d0, d1) -> (d0 * 2 + d1)")));
    assert!(map("(d0) -> (d0 mod 4)").equivalent(&map("(d0) -> (d0 - (d0 floordiv 4) * 4)")));
    assert!(!map("(d0) -> (d0 mod 4)").equivalent(&map("(d0) -> (d0 mod 8)")));
}

#[test]
fn integer_sets() {
    let s =
        IntegerSet::parse("(d0, d1)[s0] : (d0 - 10 >= 0, s0 - d0 - 9 >= 0, d1 == 0, d0 <= d1 + 50)").unwrap();
    assert_eq!(s.constraints.len(), 4);
    assert!(s.contains(&[10, 0], &[19]));
    assert!(!s.contains(&[10, 0], &[18]));
    assert!(!s.contains(&[10, 1], &[19]));
    assert!(!s.contains(&[60, 0], &[100]));
    assert_eq!(s.constraints[3].expr.as_linear_in(2, 1), Some((vec![-1, 1], vec![0], 50)));
    let printed = s.to_string();
    assert_eq!(IntegerSet::parse(&printed).unwrap(), s, "{printed}");
    assert_eq!(printed, "(d0, d1)[s0] : (d0 - 10 >= 0, s0 - d0 - 9 >= 0, d1 == 0, d1 - d0 + 50 >= 0)");
    let e = IntegerSet::parse("(d0) : (d0 > 0)").unwrap_err();
    assert!(e.contains("expected '>=', '<=' or '=='"), "{e}");
}

#[test]
fn malformed_input_is_located() {
    for (text, offset, needle) in [
        ("(d0) -> (d0 +)", 13, "expected an affine expression"),
        ("(d0) -> (d1)", 9, "undeclared identifier 'd1'"),
        ("(d0) (d0)", 5, "expected '->'"),
        ("(d0) -> (d0", 11, "expected ','"),
        ("(d0) -> (d0) x", 13, "unexpected 'x'"),
        ("(d0, d0) -> (d0)", 0, "declared twice"),
        ("(d0) -> (d0 * 99999999999999999999)", 14, "too large"),
        ("(d0 -> (d0)", 4, "expected ','"),
        ("", 0, "expected '('"),
        ("(d0) -> (d0 floordiv (d0 - d0))", 12, "must be a constant"),
    ] {
        let e = AffineMap::parse_located(text).unwrap_err();
        assert!(e.message.contains(needle), "{text}: {e}");
        assert_eq!(e.offset, offset, "{text}: {e}");
    }
    // Every prefix of a valid map is an error or a valid map, never a panic.
    let full = "(d0, d1)[s0] -> (d0 floordiv 4 + -(d1 mod 3) * s0, 2)";
    for i in 0..full.len() {
        let _ = AffineMap::parse(&full[..i]);
    }
}

#[test]
fn ssa_operand_lists() {
    let r = parse_ssa_exprs("%i + %j + %i + 1 + 2, %j * 3 + symbol(%n) * 2 - %i] : memref").unwrap();
    assert_eq!(r.dims.iter().map(|d| d.0.as_str()).collect::<Vec<_>>(), ["i", "j"]);
    assert_eq!(r.syms.iter().map(|d| d.0.as_str()).collect::<Vec<_>>(), ["n"]);
    assert_eq!(r.exprs.len(), 2);
    assert_eq!(r.exprs[1].as_linear_in(2, 1), Some((vec![-1, 3], vec![2], 0)));
    assert_eq!(&"%i + %j + %i + 1 + 2, %j * 3 + symbol(%n) * 2 - %i] : memref"[r.end..r.end + 1], "]");
    assert_eq!(r.dims[1].1, 5);
    let r = parse_ssa_exprs("]").unwrap();
    assert!(r.exprs.is_empty());
    let r = parse_ssa_exprs("%arg0#1 floordiv 2)").unwrap();
    assert_eq!(r.dims[0].0, "arg0#1");
    assert!(parse_ssa_exprs("%i * %j]").is_err());
    assert!(parse_ssa_exprs("d0]").is_err());
    assert!(parse_ssa_exprs("%i %j]").is_err());
}

#[test]
fn operator_traits_simplify() {
    use AffineExpr::*;
    let e = (Dim(0) + Const(2)) * Const(3) - Sym(0) + Const(1);
    assert_eq!(e.eval(&[4], &[5]), 14);
    assert_eq!((-Dim(1)).to_string(), "-d1");
    assert_eq!((Const(2) + Dim(0) + Const(3)).to_string(), "d0 + 5");
}

/// Random expressions built through the simplifying constructors print and parse back to
/// the same structure, and the printed text evaluates the same.
#[test]
fn random_expressions_round_trip_structurally() {
    let mut seed = 0x1234_5678_9abc_def1u64;
    let mut next = move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    fn gen(next: &mut dyn FnMut(u64) -> u64, depth: u32) -> AffineExpr {
        use AffineExpr::*;
        if depth == 0 || next(4) == 0 {
            return match next(3) {
                0 => Dim(next(3) as u32),
                1 => Sym(next(2) as u32),
                _ => Const(next(41) as i64 - 20),
            };
        }
        let a = gen(next, depth - 1);
        let k = Const(next(9) as i64 - 4);
        let c = Const(next(6) as i64 + 1);
        match next(7) {
            0 => a + gen(next, depth - 1),
            1 => a - gen(next, depth - 1),
            2 => a * k,
            3 => -a,
            4 => AffineExpr::floor_div(a, c),
            5 => AffineExpr::ceil_div(a, c),
            _ => AffineExpr::modulo(a, c),
        }
    }
    for _ in 0..2000 {
        let m = AffineMap { num_dims: 3, num_syms: 2, results: vec![gen(&mut next, 5), gen(&mut next, 3)] };
        let text = m.to_string();
        let back = AffineMap::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(back, m, "{text}");
        let (d, s) = ([3, -7, 11], [5, -2]);
        assert_eq!(back.eval(&d, &s), m.eval(&d, &s), "{text}");
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let deep = format!("(d0) -> ({}d0{})", "(".repeat(100_000), ")".repeat(100_000));
    let e = AffineMap::parse(&deep).unwrap_err();
    assert!(e.contains("nested deeper than"), "{e}");
    let negs = format!("(d0) -> ({}d0)", "-".repeat(100_000));
    assert!(AffineMap::parse(&negs).unwrap_err().contains("nested deeper than"));
    let ok = format!("(d0) -> ({}d0{})", "(".repeat(200), ")".repeat(200));
    assert_eq!(AffineMap::parse(&ok).unwrap().to_string(), "(d0) -> (d0)");
    // A long flat sum is not nesting: it parses (left-associative, iteratively).
    let long = format!("(d0) -> ({})", vec!["d0"; 2000].join(" + "));
    assert_eq!(AffineMap::parse(&long).unwrap().eval(&[1], &[]), vec![2000]);
}

#[test]
fn overlong_expressions_are_an_error() {
    let long = format!("(d0) -> ({})", vec!["d0"; 20_000].join(" + "));
    assert!(matches!(AffineMap::parse(&long), Err(e) if e.contains("longer than")));
    let many = format!("(d0) -> ({})", vec!["d0 * 2"; 12_000].join(", "));
    assert!(matches!(AffineMap::parse(&many), Err(e) if e.contains("longer than")));
}
