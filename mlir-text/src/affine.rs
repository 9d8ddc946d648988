//! Affine maps and integer sets as data: `affine_map<(d0)[s0] -> (d0 + s0, 3)>` and
//! `affine_set<(d0)[s0] : (d0 - s0 >= 0)>`.
//!
//! The op tree keeps an affine attribute as the text between its angle brackets
//! ([`crate::Attr::AffineMap`]); HLS code that needs to evaluate an index, find a constant
//! trip count or read off linear coefficients parses that text here. Semantics are MLIR's:
//! `floordiv` rounds toward negative infinity, `ceildiv` toward positive infinity, and `mod`
//! by a positive constant is never negative. Expressions are built through small
//! simplifying constructors (constants folded, `x + 0`, `x * 1`, constants on the right), so
//! a parsed expression is usually in the shape `mlir-opt` prints, but two equal functions can
//! still differ structurally: compare with [`AffineMap::equivalent`].
//!
//! Subtraction `a - b` is stored as `a + b * -1` and negation `-a` as `a * -1`; the printer
//! writes them back as `a - b` and `-a`.

mod parse;

pub use parse::{parse_ssa_exprs, AffineError, SsaExprs};

use std::fmt;

/// An affine expression over dimensions `d<i>` and symbols `s<i>`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AffineExpr {
    /// Dimension number `i` (`d<i>`).
    Dim(u32),
    /// Symbol number `i` (`s<i>`).
    Sym(u32),
    /// An integer constant.
    Const(i64),
    /// `a + b` (`a - b` is `a + b * -1`).
    Add(Box<AffineExpr>, Box<AffineExpr>),
    /// `a * b`, one side a constant (or, semi-affine, free of dimensions).
    Mul(Box<AffineExpr>, Box<AffineExpr>),
    /// `a floordiv b`, rounding toward negative infinity; `b` a nonzero constant.
    FloorDiv(Box<AffineExpr>, Box<AffineExpr>),
    /// `a ceildiv b`, rounding toward positive infinity; `b` a nonzero constant.
    CeilDiv(Box<AffineExpr>, Box<AffineExpr>),
    /// `a mod b`; not negative when `b` is positive.
    Mod(Box<AffineExpr>, Box<AffineExpr>),
}

/// `(d0, ..)[s0, ..] -> (e0, ..)`: a function from dimensions and symbols to results.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AffineMap {
    /// Number of dimensions.
    pub num_dims: u32,
    /// Number of symbols.
    pub num_syms: u32,
    /// One expression per result.
    pub results: Vec<AffineExpr>,
}

/// `(d0, ..)[s0, ..] : (c0, ..)`: the points where every constraint holds.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct IntegerSet {
    /// Number of dimensions.
    pub num_dims: u32,
    /// Number of symbols.
    pub num_syms: u32,
    /// The constraints, all of which must hold.
    pub constraints: Vec<Constraint>,
}

/// One constraint of an [`IntegerSet`]: `expr == 0` when `is_eq`, else `expr >= 0`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Constraint {
    /// The constrained expression (`a >= b` is stored as `a - b >= 0`).
    pub expr: AffineExpr,
    /// `expr == 0` (true) or `expr >= 0` (false).
    pub is_eq: bool,
}

/// Floor division as MLIR defines it (toward negative infinity); wrapping, `b != 0`.
pub fn floor_div(a: i64, b: i64) -> i64 {
    let q = a.wrapping_div(b);
    if (a.wrapping_rem(b) != 0) && ((a < 0) != (b < 0)) {
        q.wrapping_sub(1)
    } else {
        q
    }
}

/// Ceiling division as MLIR defines it (toward positive infinity); wrapping, `b != 0`.
pub fn ceil_div(a: i64, b: i64) -> i64 {
    let q = a.wrapping_div(b);
    if (a.wrapping_rem(b) != 0) && ((a < 0) == (b < 0)) {
        q.wrapping_add(1)
    } else {
        q
    }
}

/// `a mod b` as MLIR's lowering computes it: the truncated remainder, plus `b` when negative
/// (so the result lies in `[0, b)` for positive `b`); `b != 0`.
pub fn modulo(a: i64, b: i64) -> i64 {
    let r = a.wrapping_rem(b);
    if r < 0 {
        r.wrapping_add(b)
    } else {
        r
    }
}

impl AffineExpr {
    /// `a + b`, simplified: constants folded and kept on the right, `x + 0` is `x`,
    /// `(x + c1) + c2` is `x + (c1 + c2)`, `(x + c) + e` is `(x + e) + c`.
    pub fn sum(a: AffineExpr, b: AffineExpr) -> AffineExpr {
        use AffineExpr::*;
        match (a, b) {
            (Const(x), Const(y)) => Const(x.wrapping_add(y)),
            (Const(0), e) | (e, Const(0)) => e,
            (Const(c), e) => AffineExpr::sum(e, Const(c)),
            (Add(x, c1), Const(c2)) if matches!(*c1, Const(_)) => {
                let Const(c1) = *c1 else { unreachable!() };
                AffineExpr::sum(*x, Const(c1.wrapping_add(c2)))
            }
            // `(x + c) + e` is `(x + e) + c`: constants collect at the end.
            (Add(x, c), e) if matches!(*c, Const(_)) => AffineExpr::sum(AffineExpr::sum(*x, e), *c),
            (a, b) => Add(Box::new(a), Box::new(b)),
        }
    }

    /// `a * b`, simplified: constants folded and kept on the right, `x * 1` is `x`,
    /// `x * 0` is `0`, `(x * c1) * c2` is `x * (c1 * c2)`.
    pub fn product(a: AffineExpr, b: AffineExpr) -> AffineExpr {
        use AffineExpr::*;
        match (a, b) {
            (Const(x), Const(y)) => Const(x.wrapping_mul(y)),
            (Const(0), _) | (_, Const(0)) => Const(0),
            (Const(1), e) | (e, Const(1)) => e,
            (Const(c), e) => AffineExpr::product(e, Const(c)),
            (Mul(x, c1), Const(c2)) if matches!(*c1, Const(_)) => {
                let Const(c1) = *c1 else { unreachable!() };
                AffineExpr::product(*x, Const(c1.wrapping_mul(c2)))
            }
            (a, b) => Mul(Box::new(a), Box::new(b)),
        }
    }

    /// `a - b`, that is `a + b * -1`.
    pub fn difference(a: AffineExpr, b: AffineExpr) -> AffineExpr {
        AffineExpr::sum(a, AffineExpr::product(b, AffineExpr::Const(-1)))
    }

    /// `a floordiv b`, folded when both are constants and `b != 0`; `x floordiv 1` is `x`.
    pub fn floor_div(a: AffineExpr, b: AffineExpr) -> AffineExpr {
        use AffineExpr::*;
        match (a, b) {
            (Const(x), Const(y)) if y != 0 => Const(floor_div(x, y)),
            (e, Const(1)) => e,
            (a, b) => FloorDiv(Box::new(a), Box::new(b)),
        }
    }

    /// `a ceildiv b`, folded when both are constants and `b != 0`; `x ceildiv 1` is `x`.
    pub fn ceil_div(a: AffineExpr, b: AffineExpr) -> AffineExpr {
        use AffineExpr::*;
        match (a, b) {
            (Const(x), Const(y)) if y != 0 => Const(ceil_div(x, y)),
            (e, Const(1)) => e,
            (a, b) => CeilDiv(Box::new(a), Box::new(b)),
        }
    }

    /// `a mod b`, folded when both are constants and `b != 0`; `x mod 1` is `0`.
    pub fn modulo(a: AffineExpr, b: AffineExpr) -> AffineExpr {
        use AffineExpr::*;
        match (a, b) {
            (Const(x), Const(y)) if y != 0 => Const(modulo(x, y)),
            (_, Const(1)) => Const(0),
            (a, b) => Mod(Box::new(a), Box::new(b)),
        }
    }

    /// The value at the given dimension and symbol values (wrapping `i64` arithmetic; a
    /// division by zero, which the parser never builds, gives 0).
    ///
    /// # Panics
    /// When the expression names a dimension or symbol beyond the given slices.
    pub fn eval(&self, dims: &[i64], syms: &[i64]) -> i64 {
        use AffineExpr::*;
        let bin = |a: &AffineExpr, b: &AffineExpr| (a.eval(dims, syms), b.eval(dims, syms));
        match self {
            Dim(i) => dims[*i as usize],
            Sym(i) => syms[*i as usize],
            Const(c) => *c,
            Add(a, b) => {
                let (x, y) = bin(a, b);
                x.wrapping_add(y)
            }
            Mul(a, b) => {
                let (x, y) = bin(a, b);
                x.wrapping_mul(y)
            }
            FloorDiv(a, b) | CeilDiv(a, b) | Mod(a, b) => {
                let (x, y) = bin(a, b);
                if y == 0 {
                    return 0;
                }
                match self {
                    FloorDiv(..) => floor_div(x, y),
                    CeilDiv(..) => ceil_div(x, y),
                    _ => modulo(x, y),
                }
            }
        }
    }

    /// The constant value when the expression uses no dimension or symbol.
    pub fn as_const(&self) -> Option<i64> {
        if self.uses_dims_or_syms() {
            None
        } else {
            Some(self.eval(&[], &[]))
        }
    }

    /// Whether any dimension or symbol occurs.
    pub fn uses_dims_or_syms(&self) -> bool {
        !matches!(self.max_positions(), (None, None))
    }

    /// Whether any dimension occurs (an expression without one is "symbolic").
    pub fn uses_dims(&self) -> bool {
        self.max_positions().0.is_some()
    }

    /// The highest dimension and symbol positions used.
    pub fn max_positions(&self) -> (Option<u32>, Option<u32>) {
        use AffineExpr::*;
        match self {
            Dim(i) => (Some(*i), None),
            Sym(i) => (None, Some(*i)),
            Const(_) => (None, None),
            Add(a, b) | Mul(a, b) | FloorDiv(a, b) | CeilDiv(a, b) | Mod(a, b) => {
                let (da, sa) = a.max_positions();
                let (db, sb) = b.max_positions();
                (da.max(db), sa.max(sb))
            }
        }
    }

    /// `Some((dim coefficients, symbol coefficients, constant))` when the expression is a
    /// linear combination `sum(c_i * d_i) + sum(k_j * s_j) + c`. The vectors are one longer
    /// than the highest position used (empty when none is); see [`AffineExpr::as_linear_in`]
    /// for fixed lengths. `floordiv`/`ceildiv`/`mod` of non-constants and products of two
    /// non-constants are not linear.
    pub fn as_linear(&self) -> Option<(Vec<i64>, Vec<i64>, i64)> {
        let (d, s) = self.max_positions();
        self.as_linear_in(d.map_or(0, |d| d + 1), s.map_or(0, |s| s + 1))
    }

    /// Like [`AffineExpr::as_linear`] with vectors of exactly `num_dims` and `num_syms`
    /// entries (`None` also when a position is out of range).
    pub fn as_linear_in(&self, num_dims: u32, num_syms: u32) -> Option<(Vec<i64>, Vec<i64>, i64)> {
        let mut d = vec![0i64; num_dims as usize];
        let mut s = vec![0i64; num_syms as usize];
        let mut c = 0i64;
        self.linear_into(1, &mut d, &mut s, &mut c)?;
        Some((d, s, c))
    }

    fn linear_into(&self, k: i64, d: &mut [i64], s: &mut [i64], c: &mut i64) -> Option<()> {
        use AffineExpr::*;
        match self {
            Dim(i) => {
                let slot = d.get_mut(*i as usize)?;
                *slot = slot.wrapping_add(k);
            }
            Sym(i) => {
                let slot = s.get_mut(*i as usize)?;
                *slot = slot.wrapping_add(k);
            }
            Const(v) => *c = c.wrapping_add(k.wrapping_mul(*v)),
            Add(a, b) => {
                a.linear_into(k, d, s, c)?;
                b.linear_into(k, d, s, c)?;
            }
            Mul(a, b) => match (a.as_const(), b.as_const()) {
                (_, Some(y)) => a.linear_into(k.wrapping_mul(y), d, s, c)?,
                (Some(x), None) => b.linear_into(k.wrapping_mul(x), d, s, c)?,
                (None, None) => return None,
            },
            FloorDiv(..) | CeilDiv(..) | Mod(..) => {
                *c = c.wrapping_add(k.wrapping_mul(self.as_const()?));
            }
        }
        Some(())
    }

    /// Whether two expressions agree: equal linear forms when both are linear, otherwise
    /// equal values on a fixed set of pseudo-random points (a test helper, not a proof).
    pub fn equivalent(&self, other: &AffineExpr, num_dims: u32, num_syms: u32) -> bool {
        if self == other {
            return true;
        }
        if let (Some(a), Some(b)) =
            (self.as_linear_in(num_dims, num_syms), other.as_linear_in(num_dims, num_syms))
        {
            return a == b;
        }
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % 201) as i64 - 100
        };
        (0..64).all(|_| {
            let d: Vec<i64> = (0..num_dims).map(|_| next()).collect();
            let s: Vec<i64> = (0..num_syms).map(|_| next()).collect();
            self.eval(&d, &s) == other.eval(&d, &s)
        })
    }

    /// Prints at a binding level: 0 anywhere, 1 as the left operand of `*`/`floordiv`/..
    /// (a sum needs parentheses), 2 as a right operand (anything but an atom or a negation
    /// needs them).
    fn fmt_prec(&self, f: &mut fmt::Formatter<'_>, level: u8) -> fmt::Result {
        use AffineExpr::*;
        match self {
            Dim(i) => write!(f, "d{i}"),
            Sym(i) => write!(f, "s{i}"),
            Const(c) => write!(f, "{c}"),
            Add(a, b) => {
                if level >= 1 {
                    f.write_str("(")?;
                }
                a.fmt_prec(f, 0)?;
                match &**b {
                    Const(c) if *c < 0 && *c != i64::MIN => write!(f, " - {}", -c)?,
                    Mul(x, m) if matches!(**m, Const(-1)) => {
                        f.write_str(" - ")?;
                        x.fmt_prec(f, 1)?;
                    }
                    Mul(x, m) if matches!(**m, Const(c) if c < 0 && c != i64::MIN) => {
                        let Const(c) = **m else { unreachable!() };
                        f.write_str(" - ")?;
                        x.fmt_prec(f, 1)?;
                        write!(f, " * {}", -c)?;
                    }
                    _ => {
                        f.write_str(" + ")?;
                        b.fmt_prec(f, if matches!(**b, Add(..)) { 1 } else { 0 })?;
                    }
                }
                if level >= 1 {
                    f.write_str(")")?;
                }
                Ok(())
            }
            Mul(a, m) if matches!(**m, Const(-1)) => {
                f.write_str("-")?;
                a.fmt_prec(f, 2)
            }
            Mul(a, b) | FloorDiv(a, b) | CeilDiv(a, b) | Mod(a, b) => {
                let op = match self {
                    Mul(..) => "*",
                    FloorDiv(..) => "floordiv",
                    CeilDiv(..) => "ceildiv",
                    _ => "mod",
                };
                if level >= 2 {
                    f.write_str("(")?;
                }
                a.fmt_prec(f, 1)?;
                write!(f, " {op} ")?;
                b.fmt_prec(f, 2)?;
                if level >= 2 {
                    f.write_str(")")?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for AffineExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_prec(f, 0)
    }
}

fn fmt_header(f: &mut fmt::Formatter<'_>, num_dims: u32, num_syms: u32) -> fmt::Result {
    f.write_str("(")?;
    for i in 0..num_dims {
        write!(f, "{}d{i}", if i > 0 { ", " } else { "" })?;
    }
    f.write_str(")")?;
    if num_syms > 0 {
        f.write_str("[")?;
        for i in 0..num_syms {
            write!(f, "{}s{i}", if i > 0 { ", " } else { "" })?;
        }
        f.write_str("]")?;
    }
    Ok(())
}

impl AffineMap {
    /// Parses the text between `affine_map<` and `>`: `(d0)[s0] -> (d0 + s0, 3)`. Dimension
    /// and symbol names may be any bare identifiers (`(i, j) -> (j, i)`).
    pub fn parse(text: &str) -> Result<AffineMap, String> {
        parse::parse_map(text).map_err(|e| e.to_string())
    }

    /// Like [`AffineMap::parse`], keeping the byte offset of the error in `text`.
    pub fn parse_located(text: &str) -> Result<AffineMap, AffineError> {
        parse::parse_map(text)
    }

    /// The map of an [`Attr::AffineMap`](crate::Attr::AffineMap) (as the reader stores
    /// `lowerBoundMap`, `map`, ...); `None` for any other attribute.
    pub fn from_attr(attr: &crate::Attr) -> Option<Result<AffineMap, String>> {
        match attr {
            crate::Attr::AffineMap(text) => Some(AffineMap::parse(text)),
            _ => None,
        }
    }

    /// The results at the given dimension and symbol values.
    ///
    /// # Panics
    /// When a result names a dimension or symbol beyond the given slices.
    pub fn eval(&self, dims: &[i64], syms: &[i64]) -> Vec<i64> {
        self.results.iter().map(|e| e.eval(dims, syms)).collect()
    }

    /// The results when every one is a constant (a constant loop bound, a fixed index).
    pub fn constant_results(&self) -> Option<Vec<i64>> {
        self.results.iter().map(AffineExpr::as_const).collect()
    }

    /// Whether the map sends dimension `i` to result `i` and uses no symbol.
    pub fn is_identity(&self) -> bool {
        self.num_syms == 0
            && self.results.len() == self.num_dims as usize
            && self.results.iter().enumerate().all(|(i, e)| *e == AffineExpr::Dim(i as u32))
    }

    /// Whether two maps compute the same function (see [`AffineExpr::equivalent`]).
    pub fn equivalent(&self, other: &AffineMap) -> bool {
        self.num_dims == other.num_dims
            && self.num_syms == other.num_syms
            && self.results.len() == other.results.len()
            && self
                .results
                .iter()
                .zip(&other.results)
                .all(|(a, b)| a.equivalent(b, self.num_dims, self.num_syms))
    }
}

impl fmt::Display for AffineMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_header(f, self.num_dims, self.num_syms)?;
        f.write_str(" -> (")?;
        for (i, e) in self.results.iter().enumerate() {
            write!(f, "{}{e}", if i > 0 { ", " } else { "" })?;
        }
        f.write_str(")")
    }
}

impl IntegerSet {
    /// Parses the text between `affine_set<` and `>`: `(d0)[s0] : (d0 - s0 >= 0, d0 == 0)`.
    /// `a >= b`, `a <= b` and `a == b` are accepted and stored against zero.
    pub fn parse(text: &str) -> Result<IntegerSet, String> {
        parse::parse_set(text).map_err(|e| e.to_string())
    }

    /// Like [`IntegerSet::parse`], keeping the byte offset of the error in `text`.
    pub fn parse_located(text: &str) -> Result<IntegerSet, AffineError> {
        parse::parse_set(text)
    }

    /// The set of an [`Attr::AffineSet`](crate::Attr::AffineSet) (the `condition` of
    /// `affine.if`); `None` for any other attribute.
    pub fn from_attr(attr: &crate::Attr) -> Option<Result<IntegerSet, String>> {
        match attr {
            crate::Attr::AffineSet(text) => Some(IntegerSet::parse(text)),
            _ => None,
        }
    }

    /// Whether every constraint holds at the given point.
    ///
    /// # Panics
    /// When a constraint names a dimension or symbol beyond the given slices.
    pub fn contains(&self, dims: &[i64], syms: &[i64]) -> bool {
        self.constraints.iter().all(|c| {
            let v = c.expr.eval(dims, syms);
            if c.is_eq {
                v == 0
            } else {
                v >= 0
            }
        })
    }

    /// Whether two sets have the same constraints, in order, up to equivalent expressions.
    pub fn equivalent(&self, other: &IntegerSet) -> bool {
        self.num_dims == other.num_dims
            && self.num_syms == other.num_syms
            && self.constraints.len() == other.constraints.len()
            && self
                .constraints
                .iter()
                .zip(&other.constraints)
                .all(|(a, b)| a.is_eq == b.is_eq && a.expr.equivalent(&b.expr, self.num_dims, self.num_syms))
    }
}

impl fmt::Display for Constraint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} 0", self.expr, if self.is_eq { "==" } else { ">=" })
    }
}

impl fmt::Display for IntegerSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_header(f, self.num_dims, self.num_syms)?;
        f.write_str(" : (")?;
        for (i, c) in self.constraints.iter().enumerate() {
            write!(f, "{}{c}", if i > 0 { ", " } else { "" })?;
        }
        f.write_str(")")
    }
}

impl std::ops::Add for AffineExpr {
    type Output = AffineExpr;
    /// [`AffineExpr::sum`].
    fn add(self, rhs: AffineExpr) -> AffineExpr {
        AffineExpr::sum(self, rhs)
    }
}

impl std::ops::Sub for AffineExpr {
    type Output = AffineExpr;
    /// [`AffineExpr::difference`].
    fn sub(self, rhs: AffineExpr) -> AffineExpr {
        AffineExpr::difference(self, rhs)
    }
}

impl std::ops::Mul for AffineExpr {
    type Output = AffineExpr;
    /// [`AffineExpr::product`].
    fn mul(self, rhs: AffineExpr) -> AffineExpr {
        AffineExpr::product(self, rhs)
    }
}

impl std::ops::Neg for AffineExpr {
    type Output = AffineExpr;
    /// `self * -1`.
    fn neg(self) -> AffineExpr {
        AffineExpr::product(self, AffineExpr::Const(-1))
    }
}

#[cfg(test)]
mod tests;
