//! Affine maps and integer sets as the lowering needs them: read by `mlir_text::affine`
//! from the attribute text (`(d0, d1)[s0] -> (d0 + s0, d1 floordiv 2)`,
//! `(d0) : (d0 - 1 >= 0, 62 - d0 >= 0)`) and kept as small expression trees (indices in
//! `usize`) that the lowering turns into 32-bit index arithmetic.

use mlir_text::affine::{AffineExpr, AffineMap, IntegerSet};

/// An affine expression over dimensions `d_i` and symbols `s_i`.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// A constant.
    Const(i64),
    /// Dimension number i.
    Dim(usize),
    /// Symbol number i.
    Sym(usize),
    /// Sum.
    Add(Box<Expr>, Box<Expr>),
    /// Product (one side constant in an affine expression).
    Mul(Box<Expr>, Box<Expr>),
    /// Floor division by a positive constant.
    FloorDiv(Box<Expr>, Box<Expr>),
    /// Ceiling division by a positive constant.
    CeilDiv(Box<Expr>, Box<Expr>),
    /// Non-negative remainder by a positive constant.
    Mod(Box<Expr>, Box<Expr>),
}

impl Expr {
    /// The value when it does not depend on dims or symbols.
    pub fn constant(&self) -> Option<i64> {
        let bin = |a: &Expr, b: &Expr, f: fn(i64, i64) -> Option<i64>| f(a.constant()?, b.constant()?);
        match self {
            Expr::Const(c) => Some(*c),
            Expr::Dim(_) | Expr::Sym(_) => None,
            Expr::Add(a, b) => bin(a, b, |x, y| x.checked_add(y)),
            Expr::Mul(a, b) => bin(a, b, |x, y| x.checked_mul(y)),
            Expr::FloorDiv(a, b) => bin(a, b, |x, y| (y > 0).then(|| x.div_euclid(y))),
            Expr::CeilDiv(a, b) => bin(a, b, |x, y| (y > 0).then(|| -((-x).div_euclid(y)))),
            Expr::Mod(a, b) => bin(a, b, |x, y| (y > 0).then(|| x.rem_euclid(y))),
        }
    }
}

/// A map: dimension and symbol counts and result expressions.
#[derive(Clone, Debug, PartialEq)]
pub struct Map {
    /// Number of dimensions.
    pub dims: usize,
    /// Number of symbols.
    pub syms: usize,
    /// Results.
    pub results: Vec<Expr>,
}

/// A set: constraints `e >= 0` (false) or `e == 0` (true).
#[derive(Clone, Debug, PartialEq)]
pub struct Set {
    /// Number of dimensions.
    pub dims: usize,
    /// Number of symbols.
    pub syms: usize,
    /// (expression, is equality).
    pub constraints: Vec<(Expr, bool)>,
}

fn convert(e: &AffineExpr) -> Expr {
    let b = |x: &AffineExpr| Box::new(convert(x));
    match e {
        AffineExpr::Dim(i) => Expr::Dim(*i as usize),
        AffineExpr::Sym(i) => Expr::Sym(*i as usize),
        AffineExpr::Const(c) => Expr::Const(*c),
        AffineExpr::Add(x, y) => Expr::Add(b(x), b(y)),
        AffineExpr::Mul(x, y) => Expr::Mul(b(x), b(y)),
        AffineExpr::FloorDiv(x, y) => Expr::FloorDiv(b(x), b(y)),
        AffineExpr::CeilDiv(x, y) => Expr::CeilDiv(b(x), b(y)),
        AffineExpr::Mod(x, y) => Expr::Mod(b(x), b(y)),
    }
}

/// Parses the text inside `affine_map<...>` (with `mlir_text::affine`).
pub fn parse_map(text: &str) -> Result<Map, String> {
    let m = AffineMap::parse(text)?;
    Ok(Map {
        dims: m.num_dims as usize,
        syms: m.num_syms as usize,
        results: m.results.iter().map(convert).collect(),
    })
}

/// Parses the text inside `affine_set<...>` (with `mlir_text::affine`).
pub fn parse_set(text: &str) -> Result<Set, String> {
    let s = IntegerSet::parse(text)?;
    Ok(Set {
        dims: s.num_dims as usize,
        syms: s.num_syms as usize,
        constraints: s.constraints.iter().map(|c| (convert(&c.expr), c.is_eq)).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_maps_and_sets() {
        let m = parse_map("(d0, d1)[s0] -> (d0 + s0 * 2, d1 floordiv 2, -d0 mod 3)").unwrap();
        assert_eq!((m.dims, m.syms, m.results.len()), (2, 1, 3));
        assert_eq!(parse_map("() -> (64)").unwrap().results[0].constant(), Some(64));
        assert_eq!(parse_map("() -> (7 floordiv 2 - 9 mod 4)").unwrap().results[0].constant(), Some(2));
        let s = parse_set("(d0) : (d0 - 1 >= 0, -d0 + 62 >= 0)").unwrap();
        assert_eq!(s.constraints.len(), 2);
        assert!(parse_map("(d0) -> (d1)").is_err());
    }
}
