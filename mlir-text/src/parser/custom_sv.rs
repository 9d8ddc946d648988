//! Custom forms of the structural `sv` ops CIRCT's pipelines leave in `hw.module`s:
//! - `%w = sv.wire [sym @s] [{attrs}] : !hw.inout<T>`, `%r = sv.reg [sym @s] ... : !hw.inout<T>`
//!   (property `inner_sym`);
//! - `%v = sv.read_inout %w : !hw.inout<T>`;
//! - `sv.assign %w, %v : T`, and inside procedural regions `sv.passign` / `sv.bpassign`
//!   (operands `dest, src`);
//! - `sv.always posedge %clk {...}` (property `events`: the edge words, operands the clocks),
//!   `sv.alwaysff(posedge %clk) {...} [(syncreset|asyncreset : posedge %rst) {...}]`
//!   (properties `clockEdge`, `resetStyle`, `resetEdge`; operands `clock[, reset]`; two
//!   regions, the second empty without a reset), `sv.alwayscomb {...}`, `sv.initial {...}`;
//! - `sv.if %c {...} [else {...}]` (two regions, the second empty without `else`);
//! - `sv.case [casez|casex] %c : iN case b01z: {...} ... default: {...}` (one region per
//!   item; properties `caseStyle` and `casePatterns`);
//! - `sv.verbatim "text" [(%a, ...) : T, ...] [{attrs}]` (property `format_string`);
//! - `sv.assert %p, immediate|observed|final [label "l"] [message "m"]` (also `sv.assume`,
//!   `sv.cover`; procedural): operand `p`, properties `defer` (0 immediate, 1 observed,
//!   2 final), `label`, `message`; the message's substitutions `(%a, ...) : T, ...` are
//!   operands after `p`;
//! - `sv.assert_property %p [on EDGE %clk] [disable_iff %d] [label "l"] : T` (also
//!   `assume`, `cover`): operands `p [, clk] [, d]` with `operandSegmentSizes`, `event`.
//! - `sv.assert.concurrent posedge %clk, %p [label "l"] [message "m" [(%a) : T]]` (also
//!   `assume`, `cover`): operands `clk, p`, then the substitutions; properties `event` (0 posedge, 1 negedge, 2 edge) and `label`.
//!
//! - `sv.fwrite %fd, "fmt" [(%a) : T]` (operands `fd, a...`, property `format_string`) and
//!   `sv.fflush [fd %fd]`.
//!
//! Edges are kept as their words (`posedge`, `negedge`, `edge`) in string properties.

use super::{Draft, Parser, RegionKind};
use crate::ast::{Attr, Region, Type};
use crate::diag::Diagnostic;
use crate::lexer::Tok;
use crate::source::Span;

const PROCEDURAL: RegionKind = RegionKind { graph: false, isolated: false };

impl<'a> Parser<'a> {
    /// Dispatches the `sv.*` ops this reader knows; any other is an unknown op.
    pub(crate) fn parse_sv(&mut self, mut d: Draft) -> Result<Draft, Diagnostic> {
        let name = d.name.to_string();
        match name.as_str() {
            "sv.wire" | "sv.reg" => {
                if self.eat_kw("sym")? {
                    let s = self.expect(Tok::At)?;
                    let text = format!("#hw<innerSym{}>", self.slice(s.span));
                    d.prop("inner_sym", Attr::Opaque(text), s.span);
                }
                // `name "n"`: the declared name when it differs from the SSA name.
                if self.eat_kw("name")? {
                    let t = self.expect(Tok::Str)?;
                    let v = self.string_value(t);
                    d.prop("name", Attr::String(v), t.span);
                }
                d.attributes = self.parse_opt_attr_dict()?;
                self.expect(Tok::Colon)?;
                let start = self.tok.span.start as usize;
                let ty = self.parse_type()?;
                if !is_inout(&ty) {
                    let span = Span::new(start, self.prev_end);
                    return Err(Diagnostic::error(span, format!("'{name}' must have an '!hw.inout' type")));
                }
                d.result_types.push(ty);
            }
            "sv.read_inout" => {
                let u = self.parse_use()?;
                d.attributes = self.parse_opt_attr_dict()?;
                self.expect(Tok::Colon)?;
                let start = self.tok.span.start as usize;
                let ty = self.parse_type()?;
                let Some(inner) = inout_inner(&ty) else {
                    let span = Span::new(start, self.prev_end);
                    return Err(Diagnostic::error(span, "'sv.read_inout' reads an '!hw.inout' type"));
                };
                let o = self.resolve(&u, &ty)?;
                d.operands.push(o);
                d.result_types.push(inner);
            }
            "sv.assign" | "sv.passign" | "sv.bpassign" => {
                let dest = self.parse_use()?;
                self.expect(Tok::Comma)?;
                let src = self.parse_use()?;
                d.attributes = self.parse_opt_attr_dict()?;
                self.expect(Tok::Colon)?;
                let ty = self.parse_type()?;
                let inout = Type::Complex(Box::new(crate::ast::ComplexType::HwInOut(ty.clone())));
                let o = self.resolve(&dest, &inout)?;
                d.operands.push(o);
                let o = self.resolve(&src, &ty)?;
                d.operands.push(o);
            }
            "sv.always" => {
                let mut events = Vec::new();
                loop {
                    events.push(Attr::String(self.edge()?));
                    let u = self.parse_use()?;
                    let o = self.resolve(&u, &Type::int(1))?;
                    d.operands.push(o);
                    if !self.eat(Tok::Comma)? {
                        break;
                    }
                }
                d.prop("events", Attr::Array(events), d.name_span);
                d.regions.push(self.parse_region(PROCEDURAL, &[])?);
                d.attributes = self.parse_opt_attr_dict()?;
            }
            "sv.alwaysff" => {
                self.expect(Tok::LParen)?;
                let at = self.tok.span;
                let edge = self.edge()?;
                d.prop("clockEdge", Attr::String(edge), at);
                let u = self.parse_use()?;
                let o = self.resolve(&u, &Type::int(1))?;
                d.operands.push(o);
                self.expect(Tok::RParen)?;
                d.regions.push(self.parse_region(PROCEDURAL, &[])?);
                if self.eat(Tok::LParen)? {
                    let st = self.tok.span;
                    let style = self.tok_text().to_string();
                    if !matches!(style.as_str(), "syncreset" | "asyncreset" | "noreset") {
                        return Err(self.err_expected("'syncreset', 'asyncreset' or 'noreset'"));
                    }
                    self.bump()?;
                    d.prop("resetStyle", Attr::String(style), st);
                    self.expect(Tok::Colon)?;
                    let at = self.tok.span;
                    let edge = self.edge()?;
                    d.prop("resetEdge", Attr::String(edge), at);
                    let u = self.parse_use()?;
                    let o = self.resolve(&u, &Type::int(1))?;
                    d.operands.push(o);
                    self.expect(Tok::RParen)?;
                    d.regions.push(self.parse_region(PROCEDURAL, &[])?);
                } else {
                    d.regions.push(Region { blocks: Vec::new(), span: Span::point(self.prev_end) });
                }
                d.attributes = self.parse_opt_attr_dict()?;
            }
            "sv.alwayscomb" | "sv.initial" => {
                d.regions.push(self.parse_region(PROCEDURAL, &[])?);
                d.attributes = self.parse_opt_attr_dict()?;
            }
            "sv.if" => {
                let u = self.parse_use()?;
                let o = self.resolve(&u, &Type::int(1))?;
                d.operands.push(o);
                d.regions.push(self.parse_region(PROCEDURAL, &[])?);
                if self.eat_kw("else")? {
                    d.regions.push(self.parse_region(PROCEDURAL, &[])?);
                } else {
                    d.regions.push(Region { blocks: Vec::new(), span: Span::point(self.prev_end) });
                }
                d.attributes = self.parse_opt_attr_dict()?;
            }
            "sv.case" => self.parse_sv_case(&mut d)?,
            "sv.ifdef" | "sv.ifdef.procedural" => {
                // `COND {...} [else {...}]`; COND is `"M"`, `#sv<macro.ident "M">` or `@M`,
                // kept as the string property `cond` (the macro's name).
                let at = self.tok.span;
                let text = self.slice(at).to_string();
                let m = if self.tok.kind == Tok::Str {
                    let t = self.expect(Tok::Str)?;
                    self.string_value(t)
                } else if self.tok.kind == Tok::At {
                    self.bump()?;
                    text.trim_start_matches('@').trim_matches('"').to_string()
                } else {
                    let a = self.parse_attr()?;
                    let raw = if let Attr::Opaque(t) = &a { t.clone() } else { String::new() };
                    let inner = raw.split('"').nth(1).filter(|_| raw.contains("macro.ident"));
                    let Some(inner) = inner else {
                        return Err(Diagnostic::error(
                            at,
                            "expected a macro: \"NAME\" or #sv<macro.ident \"NAME\">",
                        ));
                    };
                    inner.to_string()
                };
                d.prop("cond", Attr::String(m), at);
                let kind =
                    if name == "sv.ifdef" { RegionKind { graph: true, isolated: false } } else { PROCEDURAL };
                d.regions.push(self.parse_region(kind, &[])?);
                if self.eat_kw("else")? {
                    d.regions.push(self.parse_region(kind, &[])?);
                } else {
                    d.regions.push(Region { blocks: Vec::new(), span: Span::point(self.prev_end) });
                }
                d.attributes = self.parse_opt_attr_dict()?;
            }
            "sv.macro.decl" => {
                let s = self.expect(Tok::At)?;
                let text = self.slice(s.span).trim_start_matches('@').trim_matches('"').to_string();
                d.prop("sym_name", Attr::String(text), s.span);
                // CIRCT prints the Verilog name as `["NAME"]` (older releases as `("NAME")`).
                if self.eat(Tok::LSquare)? {
                    let t = self.expect(Tok::Str)?;
                    let v = self.string_value(t);
                    d.prop("verilogName", Attr::String(v), t.span);
                    self.expect(Tok::RSquare)?;
                } else if self.eat(Tok::LParen)? {
                    let t = self.expect(Tok::Str)?;
                    let v = self.string_value(t);
                    d.prop("verilogName", Attr::String(v), t.span);
                    self.expect(Tok::RParen)?;
                }
                d.attributes = self.parse_opt_attr_dict()?;
            }
            "sv.verbatim" => {
                let t = self.expect(Tok::Str)?;
                let text = self.string_value(t);
                d.prop("format_string", Attr::String(text), t.span);
                if self.eat(Tok::LParen)? {
                    let uses = self.parse_uses()?;
                    self.expect(Tok::RParen)?;
                    self.expect(Tok::Colon)?;
                    let start = self.tok.span.start as usize;
                    let types = self.parse_type_list()?;
                    let span = Span::new(start, self.prev_end);
                    self.resolve_all(&mut d, &uses, &types, span)?;
                }
                d.attributes = self.parse_opt_attr_dict()?;
            }
            "sv.assert" | "sv.assume" | "sv.cover" => self.parse_sv_immediate(&mut d)?,
            "sv.fwrite" => {
                // `%fd, "fmt" [(%a, ...) : T, ...]`: operands `fd` (i32), then the
                // substitutions; property `format_string`.
                let fd = self.parse_use()?;
                self.expect(Tok::Comma)?;
                let t = self.expect(Tok::Str)?;
                let text = self.string_value(t);
                d.prop("format_string", Attr::String(text), t.span);
                let (mut uses, mut types, mut span) = (Vec::new(), Vec::new(), t.span);
                if self.eat(Tok::LParen)? {
                    uses = self.parse_uses()?.into_vec();
                    self.expect(Tok::RParen)?;
                    self.expect(Tok::Colon)?;
                    let start = self.tok.span.start as usize;
                    types = self.parse_type_list()?.into_vec();
                    span = Span::new(start, self.prev_end);
                }
                d.attributes = self.parse_opt_attr_dict()?;
                let o = self.resolve(&fd, &Type::int(32))?;
                d.operands.push(o);
                self.resolve_all(&mut d, &uses, &types, span)?;
            }
            "sv.fflush" => {
                // `[fd %fd]`: the optional operand `fd` (i32).
                if self.eat_kw("fd")? {
                    let fd = self.parse_use()?;
                    let o = self.resolve(&fd, &Type::int(32))?;
                    d.operands.push(o);
                }
                d.attributes = self.parse_opt_attr_dict()?;
            }
            "sv.assert_property" | "sv.assume_property" | "sv.cover_property" => {
                self.parse_sv_property(&mut d)?
            }
            "sv.assert.concurrent" | "sv.assume.concurrent" | "sv.cover.concurrent" => {
                // `EDGE %clk, %p [label "l"] [{attrs}]`: operands `clk, p`, the edge as the
                // integer attribute `event` (CIRCT's EventControl: 0 posedge, 1 negedge, 2 edge).
                let at = self.tok.span;
                let event = match self.edge()?.as_str() {
                    "posedge" => 0,
                    "negedge" => 1,
                    _ => 2,
                };
                d.prop("event", Attr::Int(crate::ast::BigInt::from_i128(event), Type::int(32)), at);
                let clk = self.parse_use()?;
                self.expect(Tok::Comma)?;
                let p = self.parse_use()?;
                if self.eat_kw("label")? {
                    let t = self.expect(Tok::Str)?;
                    let text = self.string_value(t);
                    d.prop("label", Attr::String(text), t.span);
                }
                let (uses, types, span) = self.parse_sv_message(&mut d)?;
                d.attributes = self.parse_opt_attr_dict()?;
                let o = self.resolve(&clk, &Type::int(1))?;
                d.operands.push(o);
                let o = self.resolve(&p, &Type::int(1))?;
                d.operands.push(o);
                self.resolve_all(&mut d, &uses, &types, span)?;
            }
            _ => return Err(Diagnostic::error(d.name_span, format!("unknown op '{name}'"))),
        }
        Ok(d)
    }

    /// `sv.case [casez|casex] %c : iN` then `case bPATTERN: {...}` items and an optional
    /// `default: {...}`: property `caseStyle` (`case`, `casez`, `casex`), property
    /// `casePatterns` (the pattern of each region, most significant bit first, in `0 1 x z`,
    /// or `default`), one region per item.
    fn parse_sv_case(&mut self, d: &mut Draft) -> Result<(), Diagnostic> {
        let at = self.tok.span;
        let style = ["casez", "casex"].into_iter().find(|s| self.at_kw(s)).unwrap_or("case");
        if style != "case" {
            self.bump()?;
        }
        d.prop("caseStyle", Attr::String(style.to_string()), at);
        let u = self.parse_use()?;
        self.expect(Tok::Colon)?;
        let ty_at = self.tok.span;
        let ty = self.parse_type()?;
        let Some(width) = ty.int_width() else {
            return Err(Diagnostic::error(
                ty_at,
                "'sv.case' on a non-integer value is not supported (enum and expression patterns neither)",
            ));
        };
        let o = self.resolve(&u, &ty)?;
        d.operands.push(o);
        let mut patterns = Vec::new();
        loop {
            let pattern = if self.eat_kw("case")? {
                let t = self.tok;
                let text = self.tok_text();
                let bits = text.strip_prefix('b').filter(|b| b.bytes().all(|c| b"01xz".contains(&c)));
                let Some(bits) = bits.filter(|b| b.len() == width as usize) else {
                    return Err(Diagnostic::error(
                        t.span,
                        format!("expected a bit pattern of {width} bits ('b' then 0, 1, x or z), found '{text}' (enum and expression patterns are not supported)"),
                    ));
                };
                let bits = bits.to_string();
                self.bump()?;
                bits
            } else if self.eat_kw("default")? {
                "default".to_string()
            } else {
                break;
            };
            self.expect(Tok::Colon)?;
            d.regions.push(self.parse_region(PROCEDURAL, &[])?);
            patterns.push(Attr::String(pattern));
        }
        d.prop("casePatterns", Attr::Array(patterns), d.name_span);
        d.attributes = self.parse_opt_attr_dict()?;
        Ok(())
    }

    /// `sv.assert %p, DEFER [label "l"] [message "m"] [{attrs}]` (CIRCT's immediate
    /// assertions; also `sv.assume`, `sv.cover`).
    fn parse_sv_immediate(&mut self, d: &mut Draft) -> Result<(), Diagnostic> {
        let p = self.parse_use()?;
        self.expect(Tok::Comma)?;
        let at = self.tok.span;
        let defer = match self.tok_text() {
            "immediate" => 0,
            "observed" => 1,
            "final" => 2,
            _ => return Err(self.err_expected("'immediate', 'observed' or 'final'")),
        };
        self.bump()?;
        d.prop("defer", Attr::Int(crate::ast::BigInt::from_i128(defer), Type::int(32)), at);
        if self.eat_kw("label")? {
            let t = self.expect(Tok::Str)?;
            let text = self.string_value(t);
            d.prop("label", Attr::String(text), t.span);
        }
        let (uses, types, span) = self.parse_sv_message(d)?;
        d.attributes = self.parse_opt_attr_dict()?;
        let o = self.resolve(&p, &Type::int(1))?;
        d.operands.push(o);
        self.resolve_all(d, &uses, &types, span)?;
        Ok(())
    }

    /// `[message "m" [(%a, ...) : T, ...]]` after a check's label: property `message`, and the
    /// substitutions to resolve after the check's own operands (they come last, as in CIRCT).
    fn parse_sv_message(
        &mut self,
        d: &mut Draft,
    ) -> Result<(Vec<super::UseRef<'a>>, Vec<Type>, Span), Diagnostic> {
        let mut out = (Vec::new(), Vec::new(), self.tok.span);
        if self.eat_kw("message")? {
            let t = self.expect(Tok::Str)?;
            let text = self.string_value(t);
            d.prop("message", Attr::String(text), t.span);
            if self.eat(Tok::LParen)? {
                out.0 = self.parse_uses()?.into_vec();
                self.expect(Tok::RParen)?;
                self.expect(Tok::Colon)?;
                let start = self.tok.span.start as usize;
                out.1 = self.parse_type_list()?.into_vec();
                out.2 = Span::new(start, self.prev_end);
            }
        }
        Ok(out)
    }

    /// `posedge`, `negedge` or `edge`.
    /// `sv.assert_property %p [on EDGE %clk] [disable_iff %d] [label "l"] [{attrs}] : T`
    /// (also `assume`, `cover`): operands `p`, then `clk` and `d` when present, counted by
    /// `operandSegmentSizes` as in CIRCT's generic form; the edge as the integer `event`.
    fn parse_sv_property(&mut self, d: &mut Draft) -> Result<(), Diagnostic> {
        let start = self.tok.span.start as usize;
        let p = self.parse_use()?;
        let mut clk = None;
        if self.eat_kw("on")? {
            let at = self.tok.span;
            let event = match self.edge()?.as_str() {
                "posedge" => 0,
                "negedge" => 1,
                _ => 2,
            };
            d.prop("event", Attr::Int(crate::ast::BigInt::from_i128(event), Type::int(32)), at);
            clk = Some(self.parse_use()?);
        }
        let disable = if self.eat_kw("disable_iff")? { Some(self.parse_use()?) } else { None };
        if self.eat_kw("label")? {
            let t = self.expect(Tok::Str)?;
            let text = self.string_value(t);
            d.prop("label", Attr::String(text), t.span);
        }
        d.attributes = self.parse_opt_attr_dict()?;
        self.expect(Tok::Colon)?;
        let ty = self.parse_type()?;
        let at = Span::new(start, self.prev_end);
        let segs = [1, clk.is_some() as i128, disable.is_some() as i128];
        let segs = segs.iter().map(|&v| crate::ast::BigInt::from_i128(v)).collect();
        d.prop("operandSegmentSizes", Attr::DenseArray(Type::int(32), segs), at);
        let o = self.resolve(&p, &ty)?;
        d.operands.push(o);
        for u in clk.iter().chain(disable.iter()) {
            let o = self.resolve(u, &Type::int(1))?;
            d.operands.push(o);
        }
        Ok(())
    }

    fn edge(&mut self) -> Result<String, Diagnostic> {
        let w = self.tok_text();
        if self.tok.kind == Tok::BareId && matches!(w, "posedge" | "negedge" | "edge") {
            let w = w.to_string();
            self.bump()?;
            Ok(w)
        } else {
            Err(self.err_expected("'posedge', 'negedge' or 'edge'"))
        }
    }
}

fn inout_inner(ty: &Type) -> Option<Type> {
    match ty {
        Type::Complex(c) => match &**c {
            crate::ast::ComplexType::HwInOut(t) => Some(t.clone()),
            _ => None,
        },
        _ => None,
    }
}

fn is_inout(ty: &Type) -> bool {
    inout_inner(ty).is_some()
}
