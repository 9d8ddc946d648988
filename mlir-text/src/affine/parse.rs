//! Parser for affine expressions, in two modes: inside `affine_map<...>`/`affine_set<...>`
//! (atoms are the names declared in the `(d0, ..)[s0, ..]` header) and inside an op's
//! operand list such as `affine.load %A[%i + 1, symbol(%n)]` (atoms are SSA names, numbered
//! as dimensions in order of first use, `symbol(%x)` as symbols), which is how MLIR builds the
//! map of such an op. Precedence as in MLIR: `+ -` below `* floordiv ceildiv mod`, unary `-`
//! binding tightest, all left-associative.

use super::{AffineExpr, AffineMap, Constraint, IntegerSet};
use std::fmt;

/// A parse error at byte `offset` of the parsed text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AffineError {
    /// Byte offset in the text given to the parser.
    pub offset: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for AffineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at character {})", self.message, self.offset + 1)
    }
}

/// The result of [`parse_ssa_exprs`]: expressions over dimensions and symbols, and the SSA
/// names (without `%`) standing for them, each with the byte offset of its first use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SsaExprs {
    /// The expressions, in order.
    pub exprs: Vec<AffineExpr>,
    /// `dims[i]` is the value of `d<i>`.
    pub dims: Vec<(String, usize)>,
    /// `syms[i]` is the value of `s<i>`.
    pub syms: Vec<(String, usize)>,
    /// Bytes consumed: the offset of the closing delimiter that ended the list (or the end).
    pub end: usize,
}

enum Mode {
    Named { dims: Vec<String>, syms: Vec<String> },
    Ssa { dims: Vec<(String, usize)>, syms: Vec<(String, usize)> },
}

struct P<'t> {
    text: &'t str,
    pos: usize,
    mode: Mode,
    /// Open parentheses and negations around the cursor (bounded by [`MAX_NESTING`]).
    depth: u32,
    /// Binary operators read so far (bounded by [`MAX_OPERATORS`]).
    ops: u32,
}

/// Most binary operators accepted in one map, set or subscript list: a chain of them is a
/// tree as deep as it is long, and evaluating or printing it recurses that deep.
pub const MAX_OPERATORS: u32 = 10_000;

/// Deepest nesting of parentheses and unary minus accepted, so that deep input gives an
/// error rather than exhausting the stack (here or in the recursive `eval`/`Display`).
pub const MAX_NESTING: u32 = 500;

type R<T> = Result<T, AffineError>;

fn is_id_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

fn is_id_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.')
}

impl<'t> P<'t> {
    fn err<T>(&self, at: usize, message: impl Into<String>) -> R<T> {
        Err(AffineError { offset: at, message: message.into() })
    }

    fn skip_ws(&mut self) {
        let b = self.text.as_bytes();
        while self.pos < b.len() && b[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.text.as_bytes().get(self.pos).copied()
    }

    fn eat(&mut self, s: &str) -> bool {
        self.skip_ws();
        if self.text[self.pos..].starts_with(s) {
            self.pos += s.len();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, s: &str) -> R<()> {
        if self.eat(s) {
            Ok(())
        } else {
            let found = self.describe_here();
            self.err(self.pos, format!("expected '{s}' in affine expression, found {found}"))
        }
    }

    fn describe_here(&mut self) -> String {
        self.skip_ws();
        match self.text[self.pos..].chars().next() {
            None => "the end".to_string(),
            Some(c) => format!("'{c}'"),
        }
    }

    /// A bare identifier at the cursor (not consumed when absent).
    fn ident(&mut self) -> Option<&'t str> {
        self.skip_ws();
        let b = self.text.as_bytes();
        if self.pos < b.len() && is_id_start(b[self.pos]) {
            let start = self.pos;
            while self.pos < b.len() && is_id_char(b[self.pos]) {
                self.pos += 1;
            }
            Some(&self.text[start..self.pos])
        } else {
            None
        }
    }

    /// A keyword operator (`floordiv`, `ceildiv`, `mod`) at the cursor, consumed.
    fn keyword(&mut self, kw: &str) -> bool {
        self.skip_ws();
        let rest = &self.text.as_bytes()[self.pos..];
        if rest.starts_with(kw.as_bytes()) && rest.get(kw.len()).is_none_or(|c| !is_id_char(*c)) {
            self.pos += kw.len();
            true
        } else {
            false
        }
    }

    fn integer(&mut self, negative: bool) -> R<AffineExpr> {
        let start = self.pos;
        let b = self.text.as_bytes();
        while self.pos < b.len() && b[self.pos].is_ascii_digit() {
            self.pos += 1;
        }
        let digits = &self.text[start..self.pos];
        let v: i128 = match digits.parse::<i128>() {
            Ok(v) => v,
            Err(_) => return self.err(start, "integer too large for an affine expression"),
        };
        let v = if negative { -v } else { v };
        match i64::try_from(v) {
            Ok(v) => Ok(AffineExpr::Const(v)),
            Err(_) => self.err(start, "integer too large for an affine expression"),
        }
    }

    fn ssa_name(&mut self) -> R<(String, usize)> {
        self.skip_ws();
        let start = self.pos;
        if !self.eat("%") {
            let found = self.describe_here();
            return self.err(start, format!("expected an SSA value, found {found}"));
        }
        let b = self.text.as_bytes();
        let name_start = self.pos;
        while self.pos < b.len() && (is_id_char(b[self.pos]) || b[self.pos] == b'-' || b[self.pos] == b'#') {
            self.pos += 1;
        }
        if self.pos == name_start {
            return self.err(start, "expected a value name after '%'");
        }
        Ok((self.text[name_start..self.pos].to_string(), start))
    }

    fn atom(&mut self) -> R<AffineExpr> {
        let at = {
            self.skip_ws();
            self.pos
        };
        if self.depth >= MAX_NESTING {
            return self.err(at, format!("affine expression nested deeper than {MAX_NESTING} levels"));
        }
        self.depth += 1;
        let r = self.atom_inner(at);
        self.depth -= 1;
        r
    }

    fn atom_inner(&mut self, at: usize) -> R<AffineExpr> {
        match self.peek() {
            Some(b'(') => {
                self.pos += 1;
                let e = self.expr()?;
                self.expect(")")?;
                Ok(e)
            }
            Some(b'-') => {
                self.pos += 1;
                if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                    return self.integer(true);
                }
                let e = self.atom()?;
                Ok(AffineExpr::product(e, AffineExpr::Const(-1)))
            }
            Some(c) if c.is_ascii_digit() => self.integer(false),
            Some(b'%') if matches!(self.mode, Mode::Ssa { .. }) => {
                let (name, at) = self.ssa_name()?;
                let Mode::Ssa { dims, .. } = &mut self.mode else { unreachable!() };
                let i = match dims.iter().position(|(n, _)| *n == name) {
                    Some(i) => i,
                    None => {
                        dims.push((name, at));
                        dims.len() - 1
                    }
                };
                Ok(AffineExpr::Dim(i as u32))
            }
            _ => {
                let Some(id) = self.ident() else {
                    let found = self.describe_here();
                    return self.err(at, format!("expected an affine expression, found {found}"));
                };
                match &mut self.mode {
                    Mode::Named { dims, syms } => {
                        if let Some(i) = dims.iter().position(|n| n == id) {
                            Ok(AffineExpr::Dim(i as u32))
                        } else if let Some(i) = syms.iter().position(|n| n == id) {
                            Ok(AffineExpr::Sym(i as u32))
                        } else {
                            self.err(at, format!("use of undeclared identifier '{id}' in affine expression"))
                        }
                    }
                    Mode::Ssa { .. } if id == "symbol" => {
                        self.expect("(")?;
                        let (name, vat) = self.ssa_name()?;
                        self.expect(")")?;
                        let Mode::Ssa { syms, .. } = &mut self.mode else { unreachable!() };
                        let i = match syms.iter().position(|(n, _)| *n == name) {
                            Some(i) => i,
                            None => {
                                syms.push((name, vat));
                                syms.len() - 1
                            }
                        };
                        Ok(AffineExpr::Sym(i as u32))
                    }
                    Mode::Ssa { .. } => {
                        self.err(at, format!("expected an SSA value or 'symbol(...)', found '{id}'"))
                    }
                }
            }
        }
    }

    /// Counts one binary operator at `at`.
    fn count_op(&mut self, at: usize) -> R<()> {
        self.ops += 1;
        if self.ops > MAX_OPERATORS {
            return self.err(at, format!("affine expression longer than {MAX_OPERATORS} operators"));
        }
        Ok(())
    }

    fn term(&mut self) -> R<AffineExpr> {
        let mut lhs = self.atom()?;
        loop {
            let at = {
                self.skip_ws();
                self.pos
            };
            let op = if self.eat("*") {
                "*"
            } else if self.keyword("floordiv") {
                "floordiv"
            } else if self.keyword("ceildiv") {
                "ceildiv"
            } else if self.keyword("mod") {
                "mod"
            } else {
                return Ok(lhs);
            };
            self.count_op(at)?;
            let rhs = self.atom()?;
            if op == "*" {
                if lhs.uses_dims() && rhs.uses_dims() {
                    return self
                        .err(at, "non-affine expression: one operand of '*' must be a constant or symbolic");
                }
                lhs = AffineExpr::product(lhs, rhs);
                continue;
            }
            match rhs.as_const() {
                None => {
                    return self.err(
                        at,
                        format!("non-affine expression: the right operand of '{op}' must be a constant"),
                    )
                }
                Some(0) => return self.err(at, format!("division by zero in '{op}'")),
                Some(_) => {}
            }
            lhs = match op {
                "floordiv" => AffineExpr::floor_div(lhs, rhs),
                "ceildiv" => AffineExpr::ceil_div(lhs, rhs),
                _ => AffineExpr::modulo(lhs, rhs),
            };
        }
    }

    fn expr(&mut self) -> R<AffineExpr> {
        let mut lhs = self.term()?;
        loop {
            // `->` never follows an expression, but guard against reading its '-'.
            if self.peek() == Some(b'-') && !self.text[self.pos..].starts_with("->") {
                self.count_op(self.pos)?;
                self.pos += 1;
                let rhs = self.term()?;
                lhs = AffineExpr::difference(lhs, rhs);
            } else if self.peek() == Some(b'+') {
                self.count_op(self.pos)?;
                self.pos += 1;
                let rhs = self.term()?;
                lhs = AffineExpr::sum(lhs, rhs);
            } else {
                return Ok(lhs);
            }
        }
    }

    /// `(a, b)` then optionally `[c]`: the names of dimensions and symbols.
    fn header(&mut self) -> R<(Vec<String>, Vec<String>)> {
        let dims = self.id_list("(", ")")?;
        let syms = if self.peek() == Some(b'[') { self.id_list("[", "]")? } else { Vec::new() };
        let mut all: Vec<&String> = dims.iter().chain(&syms).collect();
        all.sort();
        if let Some(w) = all.windows(2).find(|w| w[0] == w[1]) {
            return self.err(0, format!("identifier '{}' is declared twice", w[0]));
        }
        Ok((dims, syms))
    }

    fn id_list(&mut self, open: &str, close: &str) -> R<Vec<String>> {
        self.expect(open)?;
        let mut out = Vec::new();
        if self.eat(close) {
            return Ok(out);
        }
        loop {
            let at = self.pos;
            match self.ident() {
                Some(id) => out.push(id.to_string()),
                None => {
                    let found = self.describe_here();
                    return self.err(at, format!("expected a dimension or symbol name, found {found}"));
                }
            }
            if self.eat(close) {
                return Ok(out);
            }
            self.expect(",")?;
        }
    }

    fn end(&mut self) -> R<()> {
        self.skip_ws();
        if self.pos < self.text.len() {
            let found = self.describe_here();
            return self.err(self.pos, format!("unexpected {found} after the affine map or set"));
        }
        Ok(())
    }
}

fn count(v: &[String]) -> u32 {
    v.len() as u32
}

pub(super) fn parse_map(text: &str) -> R<AffineMap> {
    let mut p =
        P { text, pos: 0, mode: Mode::Named { dims: Vec::new(), syms: Vec::new() }, depth: 0, ops: 0 };
    let (dims, syms) = p.header()?;
    let (num_dims, num_syms) = (count(&dims), count(&syms));
    p.mode = Mode::Named { dims, syms };
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
    Ok(AffineMap { num_dims, num_syms, results })
}

pub(super) fn parse_set(text: &str) -> R<IntegerSet> {
    let mut p =
        P { text, pos: 0, mode: Mode::Named { dims: Vec::new(), syms: Vec::new() }, depth: 0, ops: 0 };
    let (dims, syms) = p.header()?;
    let (num_dims, num_syms) = (count(&dims), count(&syms));
    p.mode = Mode::Named { dims, syms };
    p.expect(":")?;
    p.expect("(")?;
    let mut constraints = Vec::new();
    loop {
        let lhs = p.expr()?;
        let at = p.pos;
        let (expr, is_eq) = if p.eat(">=") {
            (AffineExpr::difference(lhs, p.expr()?), false)
        } else if p.eat("<=") {
            (AffineExpr::difference(p.expr()?, lhs), false)
        } else if p.eat("==") {
            (AffineExpr::difference(lhs, p.expr()?), true)
        } else {
            let found = p.describe_here();
            return p
                .err(at, format!("expected '>=', '<=' or '==' in integer set constraint, found {found}"));
        };
        constraints.push(Constraint { expr, is_eq });
        if p.eat(")") {
            break;
        }
        p.expect(",")?;
    }
    p.end()?;
    Ok(IntegerSet { num_dims, num_syms, constraints })
}

/// Parses a comma-separated list of affine expressions over SSA values, as written in an
/// op's operands (`%i + 1, symbol(%n) * 2`), stopping before the first `]` or `)` that closes
/// nothing opened in the list. An empty list is allowed.
pub fn parse_ssa_exprs(text: &str) -> Result<SsaExprs, AffineError> {
    let mut p = P { text, pos: 0, mode: Mode::Ssa { dims: Vec::new(), syms: Vec::new() }, depth: 0, ops: 0 };
    let mut exprs = Vec::new();
    if !matches!(p.peek(), Some(b']' | b')') | None) {
        loop {
            exprs.push(p.expr()?);
            if p.eat(",") {
                continue;
            }
            match p.peek() {
                Some(b']' | b')') | None => break,
                _ => {
                    let found = p.describe_here();
                    return p.err(p.pos, format!("expected ',' or a closing bracket, found {found}"));
                }
            }
        }
    }
    p.skip_ws();
    let Mode::Ssa { dims, syms } = p.mode else { unreachable!() };
    Ok(SsaExprs { exprs, dims, syms, end: p.pos })
}
