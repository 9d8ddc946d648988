//! Custom forms of HEIR's `secret` dialect, normalized to the generic shape:
//! - `secret.generic(%a: !secret.secret<i8>, %b: i8) [attrs = {...}] { ^body(%x: i8, %y: i8): ...
//!   secret.yield %r : i8 } -> !secret.secret<i8>` (HEIR today), and the older
//!   `secret.generic ins(%a, %b : !secret.secret<i8>, i8) {...} -> (...)`: operands, one region
//!   (its entry block's arguments are the plain types of the operands), results;
//! - `secret.yield %r, %s : i8, i8` (also without operands);
//! - `secret.cast %x : T to U`, `secret.conceal %x : T -> U`, `secret.reveal %x : T -> U`.
//!
//! Types are resolved against the uses here; whether a generic's block arguments are the
//! plain types of its operands (and the yield's the plain types of its results) is the
//! netlist builder's check, which reports it at the op.

use super::{Draft, Parser, RegionKind};
use crate::diag::Diagnostic;
use crate::lexer::Tok;
use crate::source::Span;

impl<'a> Parser<'a> {
    /// Dispatches the `secret.*` ops; anything else of the dialect is an unknown op.
    pub(crate) fn parse_secret(&mut self, d: Draft) -> Result<Draft, Diagnostic> {
        match &*d.name {
            "secret.generic" => self.parse_secret_generic(d),
            "secret.yield" => self.parse_terminator(d),
            "secret.cast" | "secret.conceal" | "secret.reveal" => self.parse_secret_convert(d),
            other => Err(Diagnostic::error(d.name_span, format!("unknown op '{other}'"))),
        }
    }

    fn parse_secret_generic(&mut self, mut d: Draft) -> Result<Draft, Diagnostic> {
        if self.tok.kind == Tok::Less {
            // Properties `<{...}>`: kept as an opaque attribute.
            let start = self.tok.span.start as usize;
            let body = self.balanced_body(Tok::Less)?;
            let span = Span::new(start, self.prev_end);
            d.prop("properties", crate::ast::Attr::Opaque(format!("<{body}>")), span);
        }
        let start = self.tok.span.start as usize;
        if self.eat_kw("ins")? {
            // Older form: `ins(%a, %b : T1, T2)`.
            self.expect(Tok::LParen)?;
            let uses = self.parse_uses()?;
            if !uses.is_empty() {
                self.expect(Tok::Colon)?;
                let types = self.parse_type_list()?;
                let span = Span::new(start, self.prev_end);
                self.resolve_all(&mut d, &uses, &types, span)?;
            }
            self.expect(Tok::RParen)?;
        } else {
            self.expect(Tok::LParen)?;
            if !self.eat(Tok::RParen)? {
                loop {
                    let u = self.parse_use()?;
                    self.expect(Tok::Colon)?;
                    let ty = self.parse_type()?;
                    if self.tok.kind == Tok::LBrace {
                        // A per-operand attribute dictionary (HEIR's `secret.*` annotations).
                        self.parse_attr_dict()?;
                    }
                    let o = self.resolve(&u, &ty)?;
                    d.operands.push(o);
                    if !self.eat(Tok::Comma)? {
                        break;
                    }
                }
                self.expect(Tok::RParen)?;
            }
        }
        if self.eat_kw("attrs")? {
            self.expect(Tok::Equal)?;
            d.attributes = self.parse_opt_attr_dict()?;
        }
        d.regions.push(self.parse_region(RegionKind { graph: false, isolated: false }, &[])?);
        if self.eat(Tok::Arrow)? {
            if self.eat(Tok::LParen)? {
                if !self.eat(Tok::RParen)? {
                    loop {
                        d.result_types.push(self.parse_type()?);
                        if self.tok.kind == Tok::LBrace {
                            self.parse_attr_dict()?;
                        }
                        if !self.eat(Tok::Comma)? {
                            break;
                        }
                    }
                    self.expect(Tok::RParen)?;
                }
            } else {
                d.result_types.push(self.parse_type()?);
                if self.tok.kind == Tok::LBrace {
                    self.parse_attr_dict()?;
                }
            }
        }
        Ok(d)
    }

    /// `%r = secret.cast %x : T to U` (`->` for conceal and reveal).
    fn parse_secret_convert(&mut self, mut d: Draft) -> Result<Draft, Diagnostic> {
        let u = self.parse_use()?;
        d.attributes = self.parse_opt_attr_dict()?;
        self.expect(Tok::Colon)?;
        let from = self.parse_type()?;
        if &*d.name == "secret.cast" {
            self.expect_kw("to")?;
        } else {
            self.expect(Tok::Arrow)?;
        }
        let to = self.parse_type()?;
        let o = self.resolve(&u, &from)?;
        d.operands.push(o);
        d.result_types.push(to);
        Ok(d)
    }
}
