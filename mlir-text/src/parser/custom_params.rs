//! Parameter lists of `hw.module`, `hw.module.extern` and `hw.instance`:
//! `<WIDTH: i32 = 8, NAME: none = "x", INIT: i8>`.
//!
//! The list becomes the `parameters` property as an [`Attr::Array`] of one
//! [`Attr::Dict`] per parameter, `{name = "WIDTH", type = i32, value = 8 : i32}` (no
//! `value` entry when none is written), each entry with the span of its text, so the
//! builder can check names and values and point at the one that is wrong. A value is any
//! attribute (integers are typed by the parameter's type, as CIRCT reads them).

use super::Parser;
use crate::ast::{Attr, NamedAttr, Type};
use crate::diag::Diagnostic;
use crate::lexer::Tok;
use crate::source::Span;

impl<'a> Parser<'a> {
    /// `hw.param.value i32 = #hw.param.decl.ref<"W">` (or any parameter expression or
    /// literal): the result type, and the value as the `value` property.
    pub(crate) fn parse_param_value(&mut self, mut d: super::Draft) -> Result<super::Draft, Diagnostic> {
        let ty = self.parse_type()?;
        self.expect(Tok::Equal)?;
        let vstart = self.tok.span.start as usize;
        let value = match self.parse_attr()? {
            Attr::Int(v, Type::Int { width: 64, .. }) if ty.int_width().is_some() => Attr::Int(v, ty.clone()),
            a => a,
        };
        d.prop("value", value, Span::new(vstart, self.prev_end));
        d.attributes = self.parse_opt_attr_dict()?;
        d.result_types.push(ty);
        Ok(d)
    }

    /// Parses `<name: type [= value], ...>` (the current token is `<`).
    pub(crate) fn parse_param_list(&mut self) -> Result<Attr, Diagnostic> {
        self.expect(Tok::Less)?;
        let mut out = Vec::new();
        if self.eat(Tok::Greater)? {
            return Ok(Attr::Array(out));
        }
        loop {
            let start = self.tok.span.start as usize;
            let name = self.port_name()?;
            self.expect(Tok::Colon)?;
            let ty = self.parse_type()?;
            let mut entries = vec![
                NamedAttr {
                    name: "name".into(),
                    value: Attr::String(name),
                    span: Span::new(start, self.prev_end),
                },
                NamedAttr {
                    name: "type".into(),
                    value: Attr::Type(ty.clone()),
                    span: Span::new(start, self.prev_end),
                },
            ];
            if self.eat(Tok::Equal)? {
                let vstart = self.tok.span.start as usize;
                let value = match self.parse_attr()? {
                    // `= 8` takes the parameter's integer type, as CIRCT's parser does.
                    Attr::Int(v, Type::Int { width: 64, .. }) if ty.int_width().is_some() => Attr::Int(v, ty),
                    Attr::Bool(b) if ty.int_width() == Some(1) => {
                        Attr::Int(crate::BigInt::from_i128(b as i128), ty)
                    }
                    a => a,
                };
                entries.push(NamedAttr {
                    name: "value".into(),
                    value,
                    span: Span::new(vstart, self.prev_end),
                });
            }
            let span = Span::new(start, self.prev_end);
            entries[0].span = span;
            out.push(Attr::Dict(entries));
            if !self.eat(Tok::Comma)? {
                break;
            }
        }
        self.expect(Tok::Greater)?;
        Ok(Attr::Array(out))
    }
}
