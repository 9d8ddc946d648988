//! The generic op form:
//! `"name"(%a, %b) [^bb1] <{props}> ({regions}) {attrs} : (i8, i8) -> i8`.

use super::{normalize_name, Draft, Parser, RegionKind};
use crate::diag::Diagnostic;
use crate::lexer::Tok;
use crate::source::Span;
use smallvec::SmallVec;

impl<'a> Parser<'a> {
    pub(crate) fn parse_generic_op(&mut self) -> Result<Draft, Diagnostic> {
        let t = self.expect(Tok::Str)?;
        let raw = self.string_value(t);
        let name = normalize_name(&raw);
        if name.is_empty() {
            return Err(Diagnostic::error(t.span, "empty operation name"));
        }
        let mut d = Draft::new(self.intern_op(name), t.span);
        d.generic = true;
        self.expect(Tok::LParen)?;
        let uses: SmallVec<[_; 3]> = self.parse_uses()?;
        self.expect(Tok::RParen)?;
        if self.eat(Tok::LSquare)? {
            loop {
                let s = self.expect(Tok::Caret)?;
                let label = self.intern(&self.slice(s.span)[1..]);
                d.successors.push(label);
                if self.tok.kind == Tok::LParen {
                    return Err(Diagnostic::error(self.tok.span, "successor operands are not supported"));
                }
                if !self.eat(Tok::Comma)? {
                    break;
                }
            }
            self.expect(Tok::RSquare)?;
        }
        if self.tok.kind == Tok::Less {
            self.bump()?;
            d.properties = self.parse_attr_dict()?.into();
            self.expect(Tok::Greater)?;
        }
        if self.tok.kind == Tok::LParen {
            let kind = RegionKind::for_op(&d.name);
            d.regions = self.parse_region_list(kind)?;
        }
        d.attributes = self.parse_opt_attr_dict()?;
        self.expect(Tok::Colon)?;
        let ty_start = self.tok.span.start as usize;
        let (inputs, results) = self.parse_function_type()?;
        let ty_span = Span::new(ty_start, self.prev_end);
        if inputs.len() != uses.len() {
            return Err(Diagnostic::error(
                ty_span,
                format!("expected {} operand types but had {}", uses.len(), inputs.len()),
            ));
        }
        self.resolve_all(&mut d, &uses, &inputs, ty_span)?;
        d.result_types = results;
        if &*d.name == "arith.constant" {
            // `value = true` is the i1 constant the custom form `arith.constant true` gives.
            for p in d.properties.iter_mut().filter(|p| p.name == "value") {
                if let crate::ast::Attr::Bool(b) = p.value {
                    p.value = crate::ast::Attr::Int(
                        crate::ast::BigInt::from_i128(b as i128),
                        crate::ast::Type::int(1),
                    );
                }
            }
        }
        Ok(d)
    }
}
