//! Attributes, attribute dictionaries and `loc(...)` locations.
//!
//! Builtin attributes the later stages look at are parsed into [`Attr`] variants; dialect
//! attributes (`#hw<innerSym@x>`, `dense<...>`) are kept verbatim as [`Attr::Opaque`] by
//! skipping their balanced `<...>` body.

use super::Parser;
use crate::ast::{Attr, BigInt, FloatKind, Location, NamedAttr, Type};
use crate::diag::Diagnostic;
use crate::float_lit::FloatLit;
use crate::lexer::Tok;
use crate::source::Span;
use smallvec::SmallVec;

/// Longest integer literal accepted, in characters (2^24 bits need ~5 million digits; far
/// beyond any real input, and parsing stays linear-ish below this).
pub(crate) const MAX_INT_CHARS: usize = 20_000;

/// Parses the text of an integer token (decimal or `0x` hex) into a magnitude.
pub(crate) fn parse_magnitude(s: &str) -> Option<SmallVec<[u64; 2]>> {
    let mut mag: SmallVec<[u64; 2]> = SmallVec::new();
    if let Some(hex) = s.strip_prefix("0x") {
        let digits: Vec<u32> = hex.chars().map(|c| c.to_digit(16)).collect::<Option<_>>()?;
        for (i, d) in digits.iter().rev().enumerate() {
            let word = i / 16;
            if mag.len() <= word {
                mag.push(0);
            }
            mag[word] |= (*d as u64) << ((i % 16) * 4);
        }
    } else {
        for c in s.bytes() {
            if !c.is_ascii_digit() {
                return None;
            }
            let mut carry = (c - b'0') as u128;
            for w in mag.iter_mut() {
                let v = *w as u128 * 10 + carry;
                *w = v as u64;
                carry = v >> 64;
            }
            if carry != 0 {
                mag.push(carry as u64);
            }
        }
    }
    while mag.last() == Some(&0) {
        mag.pop();
    }
    Some(mag)
}

impl<'a> Parser<'a> {
    /// Parses one attribute value.
    pub(crate) fn parse_attr(&mut self) -> Result<Attr, Diagnostic> {
        self.enter()?;
        let r = self.parse_attr_inner();
        self.leave();
        r
    }

    fn parse_attr_inner(&mut self) -> Result<Attr, Diagnostic> {
        match self.tok.kind {
            Tok::Minus | Tok::Int | Tok::Float => self.parse_number_attr(),
            Tok::Str => {
                let t = self.bump()?;
                let s = self.string_value(t);
                if self.eat(Tok::Colon)? {
                    self.parse_type()?;
                }
                Ok(Attr::String(s))
            }
            Tok::LSquare => {
                self.bump()?;
                let mut v = Vec::new();
                if !self.eat(Tok::RSquare)? {
                    loop {
                        v.push(self.parse_attr()?);
                        if !self.eat(Tok::Comma)? {
                            break;
                        }
                    }
                    self.expect(Tok::RSquare)?;
                }
                Ok(Attr::Array(v))
            }
            Tok::LBrace => Ok(Attr::Dict(self.parse_attr_dict()?)),
            Tok::At => {
                let mut path = vec![self.symbol_name()?];
                while self.eat(Tok::ColonColon)? {
                    if self.tok.kind != Tok::At {
                        return Err(self.err_expected("symbol name after '::'"));
                    }
                    path.push(self.symbol_name()?);
                }
                Ok(Attr::SymbolRef(path))
            }
            Tok::Hash => {
                let t = self.tok;
                let name = self.tok_text();
                if self.lex.byte(t.span.end as usize) == b'<' {
                    let end = self.skip_balanced(t.span.end as usize)?;
                    let text = self.slice(Span::new(t.span.start as usize, end)).to_string();
                    self.reset_to(end)?;
                    return Ok(Attr::Opaque(text));
                }
                self.bump()?;
                Ok(self.attr_aliases.get(name).cloned().unwrap_or_else(|| Attr::Opaque(name.to_string())))
            }
            Tok::BareId => {
                let t = self.tok;
                match self.tok_text() {
                    "true" => {
                        self.bump()?;
                        Ok(Attr::Bool(true))
                    }
                    "false" => {
                        self.bump()?;
                        Ok(Attr::Bool(false))
                    }
                    "unit" => {
                        self.bump()?;
                        Ok(Attr::Unit)
                    }
                    "array" => self.parse_dense_array(),
                    "affine_map" | "affine_set" => {
                        let is_map = self.tok_text() == "affine_map";
                        self.bump()?;
                        let body = self.balanced_body(Tok::Less)?;
                        Ok(if is_map { Attr::AffineMap(body) } else { Attr::AffineSet(body) })
                    }
                    "dense" | "dense_resource" | "sparse" | "opaque" | "strided" | "loc" => {
                        self.bump()?;
                        let open = if self.tok.kind == Tok::LParen { Tok::LParen } else { Tok::Less };
                        self.balanced_body(open)?;
                        if self.tok.kind == Tok::Colon {
                            self.bump()?;
                            self.parse_type()?;
                        }
                        Ok(Attr::Opaque(
                            self.slice(Span::new(t.span.start as usize, self.prev_end)).to_string(),
                        ))
                    }
                    _ => Ok(Attr::Type(self.parse_type()?)),
                }
            }
            Tok::Bang | Tok::LParen => Ok(Attr::Type(self.parse_type()?)),
            _ => Err(self.err_expected("attribute value")),
        }
    }

    fn symbol_name(&mut self) -> Result<String, Diagnostic> {
        let t = self.expect(Tok::At)?;
        let s = &self.slice(t.span)[1..];
        Ok(if s.starts_with('"') { crate::lexer::unescape(s) } else { s.to_string() })
    }

    /// Parses a possibly negative integer literal into a [`BigInt`].
    pub(crate) fn parse_bigint(&mut self) -> Result<(BigInt, Span), Diagnostic> {
        let start = self.tok.span;
        let negative = self.eat(Tok::Minus)?;
        if self.tok.kind != Tok::Int {
            return Err(self.err_expected("integer"));
        }
        self.int_literal(start, negative)
    }

    /// The integer token under the cursor (known to be `Tok::Int`), negated if `negative`
    /// (a `-` already eaten at `start`).
    fn int_literal(&mut self, start: Span, negative: bool) -> Result<(BigInt, Span), Diagnostic> {
        let t = self.bump()?;
        let text = self.slice(t.span);
        let span = start.to(t.span);
        if text.len() > MAX_INT_CHARS {
            return Err(Diagnostic::error(span, "integer literal is too long"));
        }
        let magnitude = parse_magnitude(text)
            .ok_or_else(|| Diagnostic::error(span, format!("invalid integer literal '{text}'")))?;
        let negative = negative && !magnitude.is_empty();
        Ok((BigInt { negative, magnitude }, span))
    }

    fn parse_number_attr(&mut self) -> Result<Attr, Diagnostic> {
        let start = self.tok.span;
        let neg = self.tok.kind == Tok::Minus;
        if neg {
            self.bump()?;
        }
        if self.tok.kind == Tok::Float {
            let t = self.bump()?;
            let v: f64 = self.slice(t.span).parse().unwrap_or(0.0);
            let v = if neg { -v } else { v };
            let ty = if self.eat(Tok::Colon)? { self.parse_type()? } else { Type::Float(FloatKind::F64) };
            let Type::Float(kind) = ty else {
                return Err(Diagnostic::error(
                    start.to(t.span),
                    format!("floating point value not valid for type '{ty}'"),
                ));
            };
            return Ok(Attr::Float(FloatLit::from_f64(v, kind)));
        }
        if self.tok.kind != Tok::Int {
            return Err(self.err_expected("integer or float"));
        }
        let hex = self.slice(self.tok.span).starts_with("0x");
        let (v, span) = self.int_literal(start, neg)?;
        let ty = if self.eat(Tok::Colon)? { self.parse_type()? } else { Type::int(64) };
        if let Type::Float(kind) = ty {
            return float_of_int(&v, neg, hex, kind, span);
        }
        Ok(Attr::Int(v, ty))
    }

    fn parse_dense_array(&mut self) -> Result<Attr, Diagnostic> {
        let start = self.tok.span.start as usize;
        self.bump()?;
        let open = self.tok.span.end as usize;
        self.expect(Tok::Less)?;
        let ty = self.parse_type()?;
        let mut vals = Vec::new();
        if self.eat(Tok::Colon)? {
            loop {
                match self.tok.kind {
                    Tok::Minus | Tok::Int => vals.push(self.parse_bigint()?.0),
                    Tok::BareId if self.at_kw("true") || self.at_kw("false") => {
                        vals.push(BigInt::from_i128(self.at_kw("true") as i128));
                        self.bump()?;
                    }
                    Tok::Float => {
                        // Float arrays: kept verbatim.
                        let end = self.skip_balanced(open - 1)?;
                        self.reset_to(end)?;
                        return Ok(Attr::Opaque(self.slice(Span::new(start, end)).to_string()));
                    }
                    _ => return Err(self.err_expected("array element")),
                }
                if !self.eat(Tok::Comma)? {
                    break;
                }
            }
        }
        self.expect(Tok::Greater)?;
        Ok(Attr::DenseArray(ty, vals))
    }

    /// Parses `{a = 1, b, "c" = 2}`.
    pub(crate) fn parse_attr_dict(&mut self) -> Result<Vec<NamedAttr>, Diagnostic> {
        self.expect(Tok::LBrace)?;
        let mut v = Vec::new();
        if self.eat(Tok::RBrace)? {
            return Ok(v);
        }
        loop {
            let t = self.tok;
            let name = match t.kind {
                Tok::BareId => self.tok_text().to_string().into(),
                Tok::Str => self.string_value(t).into(),
                _ => return Err(self.err_expected("attribute name")),
            };
            self.bump()?;
            let value = if self.eat(Tok::Equal)? { self.parse_attr()? } else { Attr::Unit };
            v.push(NamedAttr { name, value, span: Span::new(t.span.start as usize, self.prev_end) });
            if !self.eat(Tok::Comma)? {
                break;
            }
        }
        if self.tok.kind != Tok::RBrace {
            return Err(self.err_expected("'}' or ',' in attribute dictionary"));
        }
        self.bump()?;
        Ok(v)
    }

    /// Parses an optional attribute dictionary.
    pub(crate) fn parse_opt_attr_dict(&mut self) -> Result<Vec<NamedAttr>, Diagnostic> {
        if self.tok.kind == Tok::LBrace {
            self.parse_attr_dict()
        } else {
            Ok(Vec::new())
        }
    }

    /// Parses `loc(...)`.
    pub(crate) fn parse_location(&mut self) -> Result<Location, Diagnostic> {
        self.expect_kw("loc")?;
        let lp = self.tok.span.start as usize;
        self.expect(Tok::LParen)?;
        match self.tok.kind {
            Tok::Str => {
                let t = self.bump()?;
                if self.eat(Tok::Colon)? && self.tok.kind == Tok::Int {
                    let (line, _) = self.parse_u32("line")?;
                    if self.eat(Tok::Colon)? && self.tok.kind == Tok::Int {
                        let (col, _) = self.parse_u32("column")?;
                        if self.eat(Tok::RParen)? {
                            return Ok(Location::FileLineCol { file: self.string_value(t), line, col });
                        }
                    }
                }
            }
            Tok::BareId if self.at_kw("unknown") => {
                self.bump()?;
                if self.eat(Tok::RParen)? {
                    return Ok(Location::Unknown);
                }
            }
            Tok::Hash => {
                let name = self.tok_text();
                self.bump()?;
                if self.eat(Tok::RParen)? {
                    return Ok(self
                        .loc_aliases
                        .get(name)
                        .cloned()
                        .unwrap_or_else(|| Location::Other(name.to_string())));
                }
            }
            _ => {}
        }
        let end = self.skip_balanced(lp)?;
        self.reset_to(end)?;
        Ok(Location::Other(self.slice(Span::new(lp + 1, end.saturating_sub(1))).to_string()))
    }

    /// With the current token `open` (`<` or `(`), skips to its match and returns the text
    /// between them.
    pub(crate) fn balanced_body(&mut self, open: Tok) -> Result<String, Diagnostic> {
        if self.tok.kind != open {
            return Err(self.err_expected(open.describe()));
        }
        let start = self.tok.span.start as usize;
        let end = self.skip_balanced(start)?;
        self.reset_to(end)?;
        Ok(self.slice(Span::new(start + 1, end.saturating_sub(1))).to_string())
    }

    /// Given the position of an opening `<`, `(`, `[` or `{`, returns the position just past
    /// its matching close. Strings are skipped; `->` is not a close; a `>` that does not
    /// close a `<` (as in `>=`) is an ordinary character.
    pub(crate) fn skip_balanced(&self, open: usize) -> Result<usize, Diagnostic> {
        let mut stack: Vec<u8> = Vec::new();
        let mut i = open;
        let len = self.lex.len();
        while i < len {
            let b = self.lex.byte(i);
            match b {
                b'<' | b'(' | b'[' | b'{' => stack.push(b),
                b'"' => {
                    i = self.lex.string_end(i)?;
                    continue;
                }
                b'-' if self.lex.byte(i + 1) == b'>' => i += 1,
                b'>' if stack.last() == Some(&b'<') => {
                    stack.pop();
                }
                b')' | b']' | b'}' => {
                    let want = match b {
                        b')' => b'(',
                        b']' => b'[',
                        _ => b'{',
                    };
                    if stack.last() != Some(&want) {
                        return Err(Diagnostic::error(
                            Span::new(i, i + 1),
                            format!("unbalanced '{}'", b as char),
                        ));
                    }
                    stack.pop();
                }
                _ => {}
            }
            i += 1;
            if stack.is_empty() {
                return Ok(i);
            }
        }
        let close = match stack.last() {
            Some(b'(') => "')'",
            Some(b'[') => "']'",
            Some(b'{') => "'}'",
            _ => "'>'",
        };
        Err(Diagnostic::error(Span::new(open, open + 1), format!("unexpected end of file, expected {close}")))
    }
}

/// An integer literal typed as a float: a hexadecimal one is the bit pattern (MLIR's
/// reading; it must fit the type and take no minus sign); a decimal one is an error, as in
/// mlir-opt (`1 : f32` must be written `1.0 : f32`).
fn float_of_int(v: &BigInt, neg: bool, hex: bool, kind: FloatKind, span: Span) -> Result<Attr, Diagnostic> {
    if !hex {
        return Err(Diagnostic::error(span, "unexpected decimal integer literal for a floating point value")
            .with_note(Some(span), "add a trailing dot to make the literal a float"));
    }
    if neg {
        return Err(Diagnostic::error(span, "hexadecimal float literal should not have a leading minus"));
    }
    let lit = v.to_i128().and_then(|b| u64::try_from(b).ok()).and_then(|b| FloatLit::from_bits(b, kind));
    lit.map(Attr::Float).ok_or_else(|| {
        Diagnostic::error(span, format!("hexadecimal float constant out of range for type '{}'", kind.name()))
    })
}
