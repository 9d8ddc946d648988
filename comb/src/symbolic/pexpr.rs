//! Parameter expressions kept symbolic: CIRCT's `#hw.param.decl.ref<"W">`,
//! `#hw.param.expr.OP<...>`, integer and string literals and `#hw.param.verbatim<"...">`,
//! as a tree that prints back as MLIR attribute text and as a SystemVerilog constant
//! expression, and evaluates under an assignment (for checks and tests).
//!
//! The SystemVerilog spelling follows the meaning of each operator on unsigned values:
//! `shrs` is `$signed(a) >>> b`, `clog2` is `$clog2(a)`, `str.concat` is `{a, b}`. Every
//! operand that is itself an operator is parenthesized unless it binds tighter, so the
//! printed text never depends on a reader's precedence table beyond the usual one.

use std::fmt::Write;

/// An operator of `#hw.param.expr.OP<...>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum POp {
    /// `add` (n-ary)
    Add,
    /// `sub` (two operands; CIRCT itself writes `add` with `mul -1`)
    Sub,
    /// `mul` (n-ary)
    Mul,
    /// `and` (n-ary)
    And,
    /// `or` (n-ary)
    Or,
    /// `xor` (n-ary)
    Xor,
    /// `shl`
    Shl,
    /// `shru`
    Shru,
    /// `shrs`
    Shrs,
    /// `divu`
    Divu,
    /// `modu`
    Modu,
    /// `clog2` (one operand)
    Clog2,
    /// `str.concat` (n-ary, strings)
    StrConcat,
}

impl POp {
    /// The operator's MLIR name (after `#hw.param.expr.`).
    pub fn mlir(self) -> &'static str {
        match self {
            POp::Add => "add",
            POp::Sub => "sub",
            POp::Mul => "mul",
            POp::And => "and",
            POp::Or => "or",
            POp::Xor => "xor",
            POp::Shl => "shl",
            POp::Shru => "shru",
            POp::Shrs => "shrs",
            POp::Divu => "divu",
            POp::Modu => "modu",
            POp::Clog2 => "clog2",
            POp::StrConcat => "str.concat",
        }
    }

    fn from_mlir(s: &str) -> Option<POp> {
        [
            POp::Add,
            POp::Sub,
            POp::Mul,
            POp::And,
            POp::Or,
            POp::Xor,
            POp::Shl,
            POp::Shru,
            POp::Shrs,
            POp::Divu,
            POp::Modu,
            POp::Clog2,
            POp::StrConcat,
        ]
        .into_iter()
        .find(|o| o.mlir() == s)
    }

    /// The operand counts the operator takes: (min, max).
    fn arity(self) -> (usize, usize) {
        match self {
            POp::Add | POp::Mul | POp::And | POp::Or | POp::Xor | POp::StrConcat => (1, usize::MAX),
            POp::Clog2 => (1, 1),
            _ => (2, 2),
        }
    }

    /// SystemVerilog binding strength (higher binds tighter) and infix spelling.
    fn sv_infix(self) -> Option<(u8, &'static str)> {
        Some(match self {
            POp::Mul => (11, "*"),
            POp::Divu => (11, "/"),
            POp::Modu => (11, "%"),
            POp::Add => (10, "+"),
            POp::Sub => (10, "-"),
            POp::Shl => (9, "<<"),
            POp::Shru => (9, ">>"),
            POp::And => (6, "&"),
            POp::Xor => (5, "^"),
            POp::Or => (4, "|"),
            POp::Shrs | POp::Clog2 | POp::StrConcat => return None,
        })
    }
}

/// A parameter expression.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PExpr {
    /// An integer literal.
    Int(i128),
    /// A string literal (a parameter of type `none`).
    Str(String),
    /// `#hw.param.decl.ref<"NAME">`.
    Ref(String),
    /// `#hw.param.verbatim<"TEXT">`: SystemVerilog text the printers copy.
    Verbatim(String),
    /// `#hw.param.expr.OP<a, b, ...>`.
    Op(POp, Vec<PExpr>),
}

impl PExpr {
    /// Reads the attribute text of a parameter expression (`#hw.param...`, a literal with an
    /// optional `: iN`, a string).
    pub fn parse(text: &str) -> Result<PExpr, String> {
        let mut p = Reader { s: text.as_bytes(), pos: 0 };
        let e = p.expr()?;
        p.ws();
        if p.pos != p.s.len() {
            return Err(format!("unexpected text in parameter expression at '{}'", p.rest()));
        }
        Ok(e)
    }

    /// The parameter names the expression reads, each once, in order.
    pub fn refs(&self) -> Vec<&str> {
        let mut out = Vec::new();
        self.collect_refs(&mut out);
        out
    }

    fn collect_refs<'a>(&'a self, out: &mut Vec<&'a str>) {
        match self {
            PExpr::Ref(n) if !out.contains(&n.as_str()) => out.push(n),
            PExpr::Op(_, args) => args.iter().for_each(|a| a.collect_refs(out)),
            _ => {}
        }
    }

    /// The constant value, if the expression reads no parameter and no verbatim text.
    pub fn constant(&self) -> Option<i128> {
        self.eval(&[]).ok()
    }

    /// Evaluates the expression under `env` (integer parameters only).
    pub fn eval(&self, env: &[(String, i128)]) -> Result<i128, String> {
        match self {
            PExpr::Int(v) => Ok(*v),
            PExpr::Ref(n) => env
                .iter()
                .find(|(k, _)| k == n)
                .map(|(_, v)| *v)
                .ok_or_else(|| format!("unknown parameter '{n}'")),
            PExpr::Str(_) => Err("a string is not an integer".into()),
            PExpr::Verbatim(t) => Err(format!("verbatim parameter text '{t}' has no value here")),
            PExpr::Op(op, args) => {
                let vals = args.iter().map(|a| a.eval(env)).collect::<Result<Vec<_>, _>>()?;
                apply(*op, &vals)
            }
        }
    }

    /// The MLIR attribute text (`#hw.param.expr.add<#hw.param.decl.ref<"W">, 1>`).
    pub fn to_mlir(&self) -> String {
        match self {
            PExpr::Int(v) => v.to_string(),
            PExpr::Str(s) => format!("{s:?}"),
            PExpr::Ref(n) => format!("#hw.param.decl.ref<{n:?}>"),
            PExpr::Verbatim(t) => format!("#hw.param.verbatim<{t:?}>"),
            PExpr::Op(op, args) => {
                let inner: Vec<String> = args.iter().map(PExpr::to_mlir).collect();
                format!("#hw.param.expr.{}<{}>", op.mlir(), inner.join(", "))
            }
        }
    }

    /// The SystemVerilog constant expression; `name` maps a parameter to its SV name.
    pub fn to_sv(&self, name: &dyn Fn(&str) -> String) -> String {
        let mut s = String::new();
        self.write_sv(&mut s, name);
        s
    }

    fn write_sv(&self, out: &mut String, name: &dyn Fn(&str) -> String) {
        match self {
            PExpr::Int(v) => {
                let _ = write!(out, "{v}");
            }
            PExpr::Str(s) => {
                let _ = write!(out, "{s:?}");
            }
            PExpr::Ref(n) => out.push_str(&name(n)),
            PExpr::Verbatim(t) => out.push_str(t),
            PExpr::Op(op, args) => match op.sv_infix() {
                Some((prec, sym)) => {
                    for (i, a) in args.iter().enumerate() {
                        if i > 0 {
                            let _ = write!(out, " {sym} ");
                        }
                        // The left operand of the same precedence needs no parentheses
                        // (SV's binary operators associate to the left).
                        let need = a.sv_prec() < prec || (i > 0 && a.sv_prec() == prec);
                        a.write_wrapped(out, name, need);
                    }
                }
                None => match op {
                    POp::Clog2 => {
                        out.push_str("$clog2(");
                        args[0].write_sv(out, name);
                        out.push(')');
                    }
                    POp::Shrs => {
                        out.push_str("$signed(");
                        args[0].write_sv(out, name);
                        out.push_str(") >>> ");
                        args[1].write_wrapped(out, name, args[1].sv_prec() < 12);
                    }
                    _ => {
                        out.push('{');
                        for (i, a) in args.iter().enumerate() {
                            if i > 0 {
                                out.push_str(", ");
                            }
                            a.write_sv(out, name);
                        }
                        out.push('}');
                    }
                },
            },
        }
    }

    fn write_wrapped(&self, out: &mut String, name: &dyn Fn(&str) -> String, parens: bool) {
        if parens {
            out.push('(');
        }
        self.write_sv(out, name);
        if parens {
            out.push(')');
        }
    }

    /// How tightly the printed expression binds (12: an atom or a call).
    fn sv_prec(&self) -> u8 {
        match self {
            PExpr::Int(v) if *v < 0 => 0,
            PExpr::Verbatim(_) => 0,
            PExpr::Op(POp::Shrs, _) => 9,
            PExpr::Op(op, _) => op.sv_infix().map_or(12, |(p, _)| p),
            _ => 12,
        }
    }

    /// The SystemVerilog range `[E - 1:0]` of a width `self` (empty for a constant 1).
    pub fn sv_range(&self, name: &dyn Fn(&str) -> String) -> String {
        match self.constant() {
            Some(1) => String::new(),
            Some(n) => format!("[{}:0]", n - 1),
            None => {
                let e = match self {
                    // `W + 1` minus one is `W`.
                    PExpr::Op(POp::Add, args) if args.len() == 2 && args[1] == PExpr::Int(1) => {
                        return format!("[{}:0]", args[0].to_sv(name));
                    }
                    e => e,
                };
                let need = e.sv_prec() < 10;
                let mut s = String::from("[");
                e.write_wrapped(&mut s, name, need);
                s.push_str(" - 1:0]");
                s
            }
        }
    }
}

/// One operator on evaluated operands.
fn apply(op: POp, a: &[i128]) -> Result<i128, String> {
    let fold = |f: fn(i128, i128) -> Option<i128>| {
        a.iter()
            .skip(1)
            .try_fold(a[0], |x, y| f(x, *y))
            .ok_or_else(|| format!("#hw.param.expr.{} overflows or divides by zero", op.mlir()))
    };
    match op {
        POp::Add => fold(i128::checked_add),
        POp::Sub => fold(i128::checked_sub),
        POp::Mul => fold(i128::checked_mul),
        POp::And => fold(|x, y| Some(x & y)),
        POp::Or => fold(|x, y| Some(x | y)),
        POp::Xor => fold(|x, y| Some(x ^ y)),
        POp::Shl => fold(|x, y| u32::try_from(y).ok().and_then(|y| x.checked_shl(y))),
        POp::Shru | POp::Shrs => fold(|x, y| u32::try_from(y).ok().and_then(|y| x.checked_shr(y))),
        POp::Divu => fold(|x, y| x.checked_div(y)),
        POp::Modu => fold(|x, y| x.checked_rem(y)),
        POp::Clog2 => Ok(if a[0] <= 1 { 0 } else { 128 - (a[0] - 1).leading_zeros() as i128 }),
        POp::StrConcat => Err("a string is not an integer".into()),
    }
}

/// A cursor over attribute text.
struct Reader<'s> {
    s: &'s [u8],
    pos: usize,
}

impl Reader<'_> {
    fn rest(&self) -> String {
        String::from_utf8_lossy(&self.s[self.pos..]).into_owned()
    }
    fn ws(&mut self) {
        while self.pos < self.s.len() && self.s[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }
    fn eat(&mut self, t: &str) -> bool {
        self.ws();
        if self.s[self.pos..].starts_with(t.as_bytes()) {
            self.pos += t.len();
            true
        } else {
            false
        }
    }
    /// A double-quoted string (simple escapes), the opening quote not yet read.
    fn string(&mut self) -> Result<String, String> {
        if !self.eat("\"") {
            return Err(format!("expected a string at '{}'", self.rest()));
        }
        let mut out = Vec::new();
        while self.pos < self.s.len() && self.s[self.pos] != b'"' {
            if self.s[self.pos] == b'\\' && self.pos + 1 < self.s.len() {
                self.pos += 1;
                out.push(match self.s[self.pos] {
                    b'n' => b'\n',
                    b't' => b'\t',
                    c => c,
                });
            } else {
                out.push(self.s[self.pos]);
            }
            self.pos += 1;
        }
        if !self.eat("\"") {
            return Err("unterminated string in parameter expression".into());
        }
        Ok(String::from_utf8_lossy(&out).into_owned())
    }
    fn expr(&mut self) -> Result<PExpr, String> {
        self.ws();
        if self.eat("#hw.param.decl.ref<") {
            let n = self.string()?;
            return if self.eat(">") {
                Ok(PExpr::Ref(n))
            } else {
                Err("malformed #hw.param.decl.ref".into())
            };
        }
        if self.eat("#hw.param.verbatim<") {
            let t = self.string()?;
            return if self.eat(">") {
                Ok(PExpr::Verbatim(t))
            } else {
                Err("malformed #hw.param.verbatim".into())
            };
        }
        if self.eat("#hw.param.expr.") {
            let start = self.pos;
            while self.pos < self.s.len()
                && (self.s[self.pos].is_ascii_alphanumeric() || self.s[self.pos] == b'.')
            {
                self.pos += 1;
            }
            let name = String::from_utf8_lossy(&self.s[start..self.pos]).into_owned();
            let op =
                POp::from_mlir(&name).ok_or_else(|| format!("#hw.param.expr.{name} is not supported"))?;
            if !self.eat("<") {
                return Err(format!("expected '<' after #hw.param.expr.{name}"));
            }
            let mut args = vec![self.expr()?];
            while self.eat(",") {
                args.push(self.expr()?);
            }
            if !self.eat(">") {
                return Err(format!("expected '>' to close #hw.param.expr.{name}"));
            }
            let (lo, hi) = op.arity();
            if args.len() < lo || args.len() > hi {
                return Err(format!("#hw.param.expr.{name} with {} operands is not supported", args.len()));
            }
            return Ok(PExpr::Op(op, args));
        }
        self.ws();
        if self.s.get(self.pos) == Some(&b'"') {
            return self.string().map(PExpr::Str);
        }
        if self.eat("true") {
            return Ok(PExpr::Int(1));
        }
        if self.eat("false") {
            return Ok(PExpr::Int(0));
        }
        let start = self.pos;
        if self.s.get(self.pos) == Some(&b'-') {
            self.pos += 1;
        }
        while self.pos < self.s.len() && self.s[self.pos].is_ascii_digit() {
            self.pos += 1;
        }
        let text = String::from_utf8_lossy(&self.s[start..self.pos]).into_owned();
        let v = text
            .parse::<i128>()
            .map_err(|_| format!("expected a parameter expression at '{}'", self.rest()))?;
        // An optional `: iN` after a literal.
        if self.eat(":") {
            self.ws();
            while self.pos < self.s.len() && self.s[self.pos].is_ascii_alphanumeric() {
                self.pos += 1;
            }
        }
        Ok(PExpr::Int(v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sv(text: &str) -> String {
        PExpr::parse(text).unwrap().to_sv(&|n| n.to_string())
    }

    #[test]
    fn expressions_read_print_and_evaluate() {
        let t = "#hw.param.expr.mul<#hw.param.expr.add<#hw.param.decl.ref<\"W\">, 1>, 4>";
        let e = PExpr::parse(t).unwrap();
        assert_eq!(e.to_mlir(), t);
        assert_eq!(e.eval(&[("W".into(), 7)]), Ok(32));
        assert_eq!(sv(t), "(W + 1) * 4");
        assert_eq!(sv("#hw.param.expr.clog2<#hw.param.decl.ref<\"N\">>"), "$clog2(N)");
        assert_eq!(sv("#hw.param.expr.shrs<#hw.param.decl.ref<\"N\">, 2>"), "$signed(N) >>> 2");
        assert_eq!(sv("#hw.param.expr.str.concat<\".\", #hw.param.decl.ref<\"n\">>"), "{\".\", n}");
        assert_eq!(e.refs(), vec!["W"]);
        assert!(PExpr::parse("#hw.param.expr.clog2<1, 2>").is_err());
        assert!(PExpr::parse("#hw.param.expr.pow<1, 2>").unwrap_err().contains("pow"));
    }

    #[test]
    fn ranges_are_minus_one() {
        let w = PExpr::parse("#hw.param.decl.ref<\"W\">").unwrap();
        assert_eq!(w.sv_range(&|n| n.to_string()), "[W - 1:0]");
        let w1 = PExpr::parse("#hw.param.expr.add<#hw.param.decl.ref<\"W\">, 1>").unwrap();
        assert_eq!(w1.sv_range(&|n| n.to_string()), "[W:0]");
        let w2 = PExpr::parse("#hw.param.expr.shl<1, #hw.param.decl.ref<\"W\">>").unwrap();
        assert_eq!(w2.sv_range(&|n| n.to_string()), "[(1 << W) - 1:0]");
        assert_eq!(PExpr::Int(8).sv_range(&|n| n.to_string()), "[7:0]");
        assert_eq!(PExpr::Int(1).sv_range(&|n| n.to_string()), "");
    }
}
