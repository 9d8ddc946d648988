//! Affine maps and integer sets as the lowering needs them: parsed from the attribute text
//! (`(d0, d1)[s0] -> (d0 + s0, d1 floordiv 2)`, `(d0) : (d0 - 1 >= 0, 62 - d0 >= 0)`) into
//! small expression trees that the lowering turns into 32-bit index arithmetic.
//!
//! This is the lowering's own view (expression trees to emit as ops); it reads the same
//! text that the reader keeps in `Attr::AffineMap` / `Attr::AffineSet`.

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

struct P<'a> {
    s: &'a [u8],
    i: usize,
    dims: Vec<String>,
    syms: Vec<String>,
}

type R<T> = Result<T, String>;

impl P<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }
    fn eat(&mut self, t: &str) -> bool {
        self.ws();
        if self.s[self.i..].starts_with(t.as_bytes()) {
            self.i += t.len();
            true
        } else {
            false
        }
    }
    fn expect(&mut self, t: &str) -> R<()> {
        if self.eat(t) {
            Ok(())
        } else {
            Err(format!("expected '{t}' in affine expression at offset {}", self.i))
        }
    }
    fn ident(&mut self) -> Option<String> {
        self.ws();
        let st = self.i;
        while self.i < self.s.len() && (self.s[self.i].is_ascii_alphanumeric() || self.s[self.i] == b'_') {
            self.i += 1;
        }
        (self.i > st).then(|| String::from_utf8_lossy(&self.s[st..self.i]).into_owned())
    }
    fn id_list(&mut self, close: &str) -> R<Vec<String>> {
        let mut out = Vec::new();
        if self.eat(close) {
            return Ok(out);
        }
        loop {
            out.push(self.ident().ok_or("expected an identifier in an affine map")?);
            if self.eat(close) {
                return Ok(out);
            }
            self.expect(",")?;
        }
    }
    fn header(&mut self) -> R<()> {
        self.expect("(")?;
        self.dims = self.id_list(")")?;
        if self.eat("[") {
            self.syms = self.id_list("]")?;
        }
        Ok(())
    }
    fn expr(&mut self) -> R<Expr> {
        let mut e = self.term()?;
        loop {
            if self.eat("+") {
                e = Expr::Add(Box::new(e), Box::new(self.term()?));
            } else if self.peek_minus() {
                self.i += 1;
                let t = self.term()?;
                e = Expr::Add(Box::new(e), Box::new(Expr::Mul(Box::new(t), Box::new(Expr::Const(-1)))));
            } else {
                return Ok(e);
            }
        }
    }
    fn peek_minus(&mut self) -> bool {
        self.ws();
        self.s.get(self.i) == Some(&b'-')
    }
    fn term(&mut self) -> R<Expr> {
        let mut e = self.factor()?;
        loop {
            if self.eat("*") {
                e = Expr::Mul(Box::new(e), Box::new(self.factor()?));
            } else if self.kw("floordiv") {
                e = Expr::FloorDiv(Box::new(e), Box::new(self.factor()?));
            } else if self.kw("ceildiv") {
                e = Expr::CeilDiv(Box::new(e), Box::new(self.factor()?));
            } else if self.kw("mod") {
                e = Expr::Mod(Box::new(e), Box::new(self.factor()?));
            } else {
                return Ok(e);
            }
        }
    }
    fn kw(&mut self, k: &str) -> bool {
        self.ws();
        let rest = &self.s[self.i..];
        if rest.starts_with(k.as_bytes())
            && !rest.get(k.len()).is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
        {
            self.i += k.len();
            true
        } else {
            false
        }
    }
    fn factor(&mut self) -> R<Expr> {
        self.ws();
        if self.eat("(") {
            let e = self.expr()?;
            self.expect(")")?;
            return Ok(e);
        }
        if self.eat("-") {
            let f = self.factor()?;
            return Ok(Expr::Mul(Box::new(f), Box::new(Expr::Const(-1))));
        }
        let st = self.i;
        while self.i < self.s.len() && self.s[self.i].is_ascii_digit() {
            self.i += 1;
        }
        if self.i > st {
            let t = std::str::from_utf8(&self.s[st..self.i]).unwrap_or("0");
            return t.parse().map(Expr::Const).map_err(|_| "affine constant out of range".to_string());
        }
        let id = self
            .ident()
            .ok_or_else(|| format!("unexpected text in affine expression at offset {}", self.i))?;
        if let Some(i) = self.dims.iter().position(|d| *d == id) {
            Ok(Expr::Dim(i))
        } else if let Some(i) = self.syms.iter().position(|d| *d == id) {
            Ok(Expr::Sym(i))
        } else {
            Err(format!("unknown identifier '{id}' in affine expression"))
        }
    }
    fn end(&mut self) -> R<()> {
        self.ws();
        if self.i == self.s.len() {
            Ok(())
        } else {
            Err(format!("unexpected text after affine expression at offset {}", self.i))
        }
    }
}

fn parser(text: &str) -> P<'_> {
    P { s: text.as_bytes(), i: 0, dims: Vec::new(), syms: Vec::new() }
}

/// Parses the text inside `affine_map<...>`.
pub fn parse_map(text: &str) -> R<Map> {
    let mut p = parser(text);
    p.header()?;
    p.expect("->")?;
    p.expect("(")?;
    let mut results = Vec::new();
    if !p.eat(")") {
        loop {
            results.push(p.expr()?);
            if p.eat(")") {
                break;
            }
            p.expect(",")?;
        }
    }
    p.end()?;
    Ok(Map { dims: p.dims.len(), syms: p.syms.len(), results })
}

/// Parses the text inside `affine_set<...>`.
pub fn parse_set(text: &str) -> R<Set> {
    let mut p = parser(text);
    p.header()?;
    p.expect(":")?;
    p.expect("(")?;
    let mut constraints = Vec::new();
    if !p.eat(")") {
        loop {
            let lhs = p.expr()?;
            let eq = if p.eat(">=") {
                false
            } else if p.eat("==") {
                true
            } else {
                return Err("expected '>=' or '==' in an affine set".into());
            };
            let rhs = p.expr()?;
            let e = Expr::Add(Box::new(lhs), Box::new(Expr::Mul(Box::new(rhs), Box::new(Expr::Const(-1)))));
            constraints.push((e, eq));
            if p.eat(")") {
                break;
            }
            p.expect(",")?;
        }
    }
    p.end()?;
    Ok(Set { dims: p.dims.len(), syms: p.syms.len(), constraints })
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
