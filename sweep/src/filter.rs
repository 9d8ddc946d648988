//! The spec's `filter`: a boolean expression over a point's axis values that keeps the
//! points for which it is true (`filter = "unroll * 2 <= clock-period && synth == 'native'"`).
//!
//! Values are integers, reals, strings (`"..."` or `'...'`) and `true`/`false`. Operators,
//! loosest first: `||`; `&&`; `== != < <= > >=` (not chained); `+ -`; `* / %`; unary `!`
//! and `-`; parentheses. `/` divides as reals; `%` of integers is the integer remainder.
//! Numbers compare with numbers (an integer equals the same real), strings with strings,
//! booleans with booleans (`==`, `!=` only); anything else is an error.
//!
//! Names: an axis as the spec writes it (`clock-period`, `seed`; `_` may stand for `-`, and
//! a `-` between two names needs spaces: `a - b`); a loop axis in full
//! (`hls.unroll[fir.mlir:14 %i]`) or by its attribute (`hls.unroll`, also `unroll`) when the
//! point has one loop axis of that attribute; `input`, the point's input file name. A point
//! without an axis the filter names (a loop axis of another input) is kept.
//!
//! Parse errors and unknown names are found when the spec is read; type errors when a
//! point is evaluated. Both carry the byte offset in the expression, which the spec turns
//! into its own line and column.

use crate::spec::{Val, LOOP_AXES};

/// An error in the expression: its byte offset in the text and the message.
#[derive(Clone, Debug, PartialEq)]
pub struct ExprError {
    /// Byte offset in the expression.
    pub at: usize,
    /// What is wrong.
    pub msg: String,
}

fn err<T>(at: usize, msg: impl Into<String>) -> Result<T, ExprError> {
    Err(ExprError { at, msg: msg.into() })
}

/// A binary operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bin {
    Or,
    And,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

impl Bin {
    fn text(self) -> &'static str {
        match self {
            Bin::Or => "||",
            Bin::And => "&&",
            Bin::Eq => "==",
            Bin::Ne => "!=",
            Bin::Lt => "<",
            Bin::Le => "<=",
            Bin::Gt => ">",
            Bin::Ge => ">=",
            Bin::Add => "+",
            Bin::Sub => "-",
            Bin::Mul => "*",
            Bin::Div => "/",
            Bin::Rem => "%",
        }
    }
}

/// What a name in the expression stands for.
#[derive(Clone, Debug, PartialEq)]
enum Name {
    /// An axis by its full name.
    Axis(String),
    /// The point's one loop axis of this attribute.
    Loop(&'static str),
    /// The input's file name.
    Input,
}

#[derive(Clone, Debug, PartialEq)]
enum Expr {
    Lit(Val),
    Name(Name, usize),
    Not(Box<Expr>, usize),
    Neg(Box<Expr>, usize),
    Bin(Bin, Box<Expr>, Box<Expr>, usize),
}

/// A token and its byte offset.
#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Val(Val),
    Ident(String),
    Op(&'static str),
    End,
}

const OPS: &[&str] = &["||", "&&", "==", "!=", "<=", ">=", "<", ">", "+", "-", "*", "/", "%", "!", "(", ")"];

fn lex(text: &str) -> Result<Vec<(Tok, usize)>, ExprError> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() || (c == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit)) {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'.' || b[i] == b'_') {
                let exp = matches!(b[i], b'e' | b'E');
                i += 1;
                if exp && matches!(b.get(i), Some(b'+' | b'-')) {
                    i += 1;
                }
            }
            let t = text[start..i].replace('_', "");
            let v = match t.parse::<i64>() {
                Ok(n) => Val::Int(n),
                Err(_) => match t.parse::<f64>() {
                    Ok(f) => Val::Float(f),
                    Err(_) => return err(start, format!("'{}' is not a number", &text[start..i])),
                },
            };
            out.push((Tok::Val(v), start));
        } else if c == b'"' || c == b'\'' {
            let start = i;
            let Some(len) = text[i + 1..].find(c as char) else {
                return err(start, "unterminated string");
            };
            out.push((Tok::Val(Val::Str(text[i + 1..i + 1 + len].to_string())), start));
            i += len + 2;
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < b.len() {
                let d = b[i];
                let dash = d == b'-' && b.get(i + 1).is_some_and(|n| n.is_ascii_alphabetic());
                if d.is_ascii_alphanumeric() || d == b'_' || d == b'.' || dash {
                    i += 1;
                } else {
                    break;
                }
            }
            if b.get(i) == Some(&b'[') {
                let Some(len) = text[i..].find(']') else { return err(i, "'[' without its ']'") };
                i += len + 1;
            }
            let word = &text[start..i];
            let tok = match word {
                "true" => Tok::Val(Val::Bool(true)),
                "false" => Tok::Val(Val::Bool(false)),
                _ => Tok::Ident(word.to_string()),
            };
            out.push((tok, start));
        } else {
            let Some(op) = OPS.iter().find(|o| text[i..].starts_with(**o)) else {
                return err(i, format!("unexpected '{}'", text[i..].chars().next().unwrap_or(' ')));
            };
            out.push((Tok::Op(op), i));
            i += op.len();
        }
    }
    out.push((Tok::End, text.len()));
    Ok(out)
}

/// A recursive-descent parser over the tokens, resolving names against the axes.
struct Parser<'a> {
    toks: Vec<(Tok, usize)>,
    at: usize,
    axes: &'a [String],
}

impl Parser<'_> {
    fn peek(&self) -> &Tok {
        &self.toks[self.at].0
    }
    fn pos(&self) -> usize {
        self.toks[self.at].1
    }
    fn eat(&mut self, op: &str) -> bool {
        if *self.peek() == Tok::Op(OPS.iter().copied().find(|o| *o == op).unwrap_or("")) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    /// One level of left-associative binary operators over `next`.
    fn level(
        &mut self,
        ops: &[(&str, Bin)],
        next: fn(&mut Self) -> Result<Expr, ExprError>,
    ) -> Result<Expr, ExprError> {
        let mut lhs = next(self)?;
        'outer: loop {
            for (text, op) in ops {
                let at = self.pos();
                if self.eat(text) {
                    let rhs = next(self)?;
                    lhs = Expr::Bin(*op, Box::new(lhs), Box::new(rhs), at);
                    continue 'outer;
                }
            }
            return Ok(lhs);
        }
    }

    fn or(&mut self) -> Result<Expr, ExprError> {
        self.level(&[("||", Bin::Or)], Self::and)
    }
    fn and(&mut self) -> Result<Expr, ExprError> {
        self.level(&[("&&", Bin::And)], Self::cmp)
    }
    fn cmp(&mut self) -> Result<Expr, ExprError> {
        let ops = [
            ("==", Bin::Eq),
            ("!=", Bin::Ne),
            ("<=", Bin::Le),
            (">=", Bin::Ge),
            ("<", Bin::Lt),
            (">", Bin::Gt),
        ];
        let lhs = self.add()?;
        for (text, op) in ops {
            let at = self.pos();
            if self.eat(text) {
                let rhs = self.add()?;
                if let Tok::Op(next) = self.peek() {
                    if ops.iter().any(|(t, _)| t == next) {
                        return err(self.pos(), "comparisons do not chain: join them with &&");
                    }
                }
                return Ok(Expr::Bin(op, Box::new(lhs), Box::new(rhs), at));
            }
        }
        Ok(lhs)
    }
    fn add(&mut self) -> Result<Expr, ExprError> {
        self.level(&[("+", Bin::Add), ("-", Bin::Sub)], Self::mul)
    }
    fn mul(&mut self) -> Result<Expr, ExprError> {
        self.level(&[("*", Bin::Mul), ("/", Bin::Div), ("%", Bin::Rem)], Self::unary)
    }
    fn unary(&mut self) -> Result<Expr, ExprError> {
        let at = self.pos();
        if self.eat("!") {
            return Ok(Expr::Not(Box::new(self.unary()?), at));
        }
        if self.eat("-") {
            return Ok(Expr::Neg(Box::new(self.unary()?), at));
        }
        self.primary()
    }
    fn primary(&mut self) -> Result<Expr, ExprError> {
        let at = self.pos();
        match self.peek().clone() {
            Tok::Val(v) => {
                self.at += 1;
                Ok(Expr::Lit(v))
            }
            Tok::Ident(word) => {
                self.at += 1;
                Ok(Expr::Name(self.name(&word, at)?, at))
            }
            Tok::Op("(") => {
                self.at += 1;
                let e = self.or()?;
                if !self.eat(")") {
                    return err(self.pos(), "expected ')'");
                }
                Ok(e)
            }
            Tok::End => err(at, "the expression ends early: expected a value"),
            Tok::Op(op) => err(at, format!("expected a value, found '{op}'")),
        }
    }

    /// Resolves a name against the spec's axes.
    fn name(&self, word: &str, at: usize) -> Result<Name, ExprError> {
        if word == "input" {
            return Ok(Name::Input);
        }
        let dashed = word.replace('_', "-");
        if let Some(a) = self.axes.iter().find(|a| **a == word || **a == dashed) {
            return Ok(Name::Axis(a.clone()));
        }
        let attr = LOOP_AXES.iter().find(|l| **l == word || l.strip_prefix("hls.") == Some(word));
        if let Some(attr) = attr {
            if self.axes.iter().any(|a| a.starts_with(&format!("{attr}["))) {
                return Ok(Name::Loop(attr));
            }
        }
        let mut names: Vec<&str> = self.axes.iter().map(String::as_str).collect();
        names.push("input");
        let hint = mlir_text::suggest::did_you_mean(word, names.iter().copied());
        let dash = if word.contains('-') { " (write 'a - b' with spaces for a subtraction)" } else { "" };
        err(at, format!("unknown name '{word}'{hint}{dash}; the names are: {}", names.join(", ")))
    }
}

/// A parsed filter.
#[derive(Clone, Debug, PartialEq)]
pub struct Filter {
    expr: Expr,
}

/// Why a point's evaluation stopped.
enum Stop {
    /// The point has no value for an axis the filter names.
    Absent,
    /// A type error (or a division by zero).
    Error(ExprError),
}

impl From<ExprError> for Stop {
    fn from(e: ExprError) -> Stop {
        Stop::Error(e)
    }
}

fn type_name(v: &Val) -> &'static str {
    match v {
        Val::Bool(_) => "a boolean",
        Val::Int(_) => "an integer",
        Val::Float(_) => "a real",
        Val::Str(_) => "a string",
    }
}

fn shown(v: &Val) -> String {
    match v {
        Val::Str(s) => format!("\"{s}\""),
        v => v.text(),
    }
}

impl Filter {
    /// Parses `text`, whose names are those of `axes` (the spec's axis names) and `input`.
    pub fn parse(text: &str, axes: &[String]) -> Result<Filter, ExprError> {
        let mut p = Parser { toks: lex(text)?, at: 0, axes };
        let expr = p.or()?;
        if *p.peek() != Tok::End {
            return err(p.pos(), "unexpected text after the expression");
        }
        Ok(Filter { expr })
    }

    /// Whether the point (its input's file name and its axis values) is kept.
    pub fn keeps(&self, input: &str, params: &[(String, Val)]) -> Result<bool, ExprError> {
        match eval(&self.expr, input, params) {
            Ok(Val::Bool(b)) => Ok(b),
            Ok(v) => err(0, format!("the filter gives {} ({}), not true or false", shown(&v), type_name(&v))),
            Err(Stop::Absent) => Ok(true),
            Err(Stop::Error(e)) => Err(e),
        }
    }
}

fn lookup(name: &Name, at: usize, input: &str, params: &[(String, Val)]) -> Result<Val, Stop> {
    match name {
        Name::Input => Ok(Val::Str(input.to_string())),
        Name::Axis(a) => params.iter().find(|(n, _)| n == a).map(|(_, v)| v.clone()).ok_or(Stop::Absent),
        Name::Loop(attr) => {
            let prefix = format!("{attr}[");
            let mut found = params.iter().filter(|(n, _)| n.starts_with(&prefix));
            match (found.next(), found.next()) {
                (None, _) => Err(Stop::Absent),
                (Some((_, v)), None) => Ok(v.clone()),
                (Some(_), Some(_)) => Err(Stop::Error(ExprError {
                    at,
                    msg: format!("input {input} has several {attr} axes: name the loop ({attr}[...])"),
                })),
            }
        }
    }
}

fn eval(e: &Expr, input: &str, params: &[(String, Val)]) -> Result<Val, Stop> {
    match e {
        Expr::Lit(v) => Ok(v.clone()),
        Expr::Name(n, at) => lookup(n, *at, input, params),
        Expr::Not(x, at) => match eval(x, input, params)? {
            Val::Bool(b) => Ok(Val::Bool(!b)),
            v => Err(Stop::Error(ExprError {
                at: *at,
                msg: format!("'!' takes a boolean, not {}", shown(&v)),
            })),
        },
        Expr::Neg(x, at) => match eval(x, input, params)? {
            Val::Int(i) => {
                Ok(Val::Int(i.checked_neg().ok_or_else(|| ExprError { at: *at, msg: "overflow".into() })?))
            }
            Val::Float(f) => Ok(Val::Float(-f)),
            v => {
                Err(Stop::Error(ExprError { at: *at, msg: format!("'-' takes a number, not {}", shown(&v)) }))
            }
        },
        Expr::Bin(op @ (Bin::And | Bin::Or), l, r, at) => {
            let want = |v: Val| match v {
                Val::Bool(b) => Ok(b),
                v => Err(Stop::Error(ExprError {
                    at: *at,
                    msg: format!("'{}' takes booleans, not {}", op.text(), shown(&v)),
                })),
            };
            let lhs = want(eval(l, input, params)?)?;
            if lhs == (*op == Bin::Or) {
                return Ok(Val::Bool(lhs));
            }
            Ok(Val::Bool(want(eval(r, input, params)?)?))
        }
        Expr::Bin(op, l, r, at) => {
            let (a, b) = (eval(l, input, params)?, eval(r, input, params)?);
            binary(*op, &a, &b, *at).map_err(Stop::Error)
        }
    }
}

/// An arithmetic operator or a comparison on two values.
fn binary(op: Bin, a: &Val, b: &Val, at: usize) -> Result<Val, ExprError> {
    let mismatch = || {
        err(
            at,
            format!(
                "'{}' cannot take {} ({}) and {} ({})",
                op.text(),
                shown(a),
                type_name(a),
                shown(b),
                type_name(b)
            ),
        )
    };
    let ord = match (a, b) {
        (Val::Str(x), Val::Str(y)) => Some(x.cmp(y)),
        (Val::Bool(x), Val::Bool(y)) if matches!(op, Bin::Eq | Bin::Ne) => Some(x.cmp(y)),
        _ => match (a.num(), b.num()) {
            (Some(x), Some(y)) => x.partial_cmp(&y),
            _ => None,
        },
    };
    use std::cmp::Ordering::{Equal, Greater, Less};
    let cmp = |ok: &[std::cmp::Ordering]| match ord {
        Some(o) => Ok(Val::Bool(ok.contains(&o))),
        None => mismatch(),
    };
    match op {
        Bin::Eq => return cmp(&[Equal]),
        Bin::Ne => return cmp(&[Less, Greater]),
        Bin::Lt => return cmp(&[Less]),
        Bin::Le => return cmp(&[Less, Equal]),
        Bin::Gt => return cmp(&[Greater]),
        Bin::Ge => return cmp(&[Greater, Equal]),
        _ => {}
    }
    if let (Val::Int(x), Val::Int(y)) = (a, b) {
        let r = match op {
            Bin::Add => x.checked_add(*y),
            Bin::Sub => x.checked_sub(*y),
            Bin::Mul => x.checked_mul(*y),
            Bin::Rem if *y == 0 => return err(at, "remainder by zero"),
            Bin::Rem => x.checked_rem(*y),
            _ => None,
        };
        if op != Bin::Div {
            return r.map(Val::Int).ok_or_else(|| ExprError { at, msg: "integer overflow".into() });
        }
    }
    let (Some(x), Some(y)) = (a.num(), b.num()) else { return mismatch() };
    if matches!(op, Bin::Div | Bin::Rem) && y == 0.0 {
        return err(at, "division by zero");
    }
    Ok(Val::Float(match op {
        Bin::Add => x + y,
        Bin::Sub => x - y,
        Bin::Mul => x * y,
        Bin::Div => x / y,
        _ => x % y,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn axes() -> Vec<String> {
        ["clock-period", "seed", "lut-goal", "pipeline", "hls.unroll[k.mlir:3 %i]"].map(String::from).to_vec()
    }

    fn point(cp: f64, seed: i64, goal: &str, unroll: i64) -> Vec<(String, Val)> {
        vec![
            ("clock-period".into(), Val::Float(cp)),
            ("seed".into(), Val::Int(seed)),
            ("lut-goal".into(), Val::Str(goal.into())),
            ("pipeline".into(), Val::Bool(true)),
            ("hls.unroll[k.mlir:3 %i]".into(), Val::Int(unroll)),
        ]
    }

    fn keeps(text: &str, p: &[(String, Val)]) -> Result<bool, ExprError> {
        Filter::parse(text, &axes())?.keeps("k.mlir", p)
    }

    #[test]
    fn expressions_evaluate_with_precedence_and_types() {
        let p = point(10.0, 3, "area", 4);
        let cases = [
            ("unroll * 2 <= clock_period", true),
            ("hls.unroll[k.mlir:3 %i] * 2 <= clock-period - 3", false),
            ("1 + 2 * 3 == 7 && (1 + 2) * 3 == 9", true),
            ("seed % 2 == 1 || false", true),
            ("7 / 2 == 3.5 && -seed < 0 && 2 == 2.0", true),
            ("!(lut-goal == 'area') || input != \"k.mlir\"", false),
            ("pipeline && lut_goal < 'depth'", true),
            ("1.5e1 > 14 && seed >= 3 && seed > 2 && seed != 4", true),
            ("false && 1 / 0 == 1", false),
        ];
        for (text, want) in cases {
            assert_eq!(keeps(text, &p), Ok(want), "{text}");
        }
        // A point without the loop axis (another input's point) is kept.
        assert_eq!(keeps("unroll > 100", &p[..4]), Ok(true));
    }

    #[test]
    fn errors_carry_their_offset() {
        let p = point(10.0, 3, "area", 4);
        let cases = [
            ("seed +", 6, "ends early"),
            ("(seed > 1", 9, "expected ')'"),
            ("sed > 1", 0, "unknown name 'sed' (did you mean 'seed'?)"),
            ("seed-unroll > 1", 0, "with spaces for a subtraction"),
            ("1 < seed < 3", 9, "do not chain"),
            ("seed == 'x'", 5, "'==' cannot take 3 (an integer) and \"x\" (a string)"),
            ("seed && true", 5, "'&&' takes booleans"),
            ("seed + 1", 0, "gives 4 (an integer), not true or false"),
            ("seed % 0 == 1", 5, "remainder by zero"),
            ("seed $ 1", 5, "unexpected '$'"),
            ("'open", 0, "unterminated string"),
            ("seed 1", 5, "unexpected text after"),
        ];
        for (text, at, msg) in cases {
            let e = keeps(text, &p).unwrap_err();
            assert!(e.at == at && e.msg.contains(msg), "{text}: {e:?}");
        }
    }
}
