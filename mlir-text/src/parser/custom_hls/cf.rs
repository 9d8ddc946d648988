//! Custom forms of the branches and calls: `cf.br ^bb(%a : i32)`, `cf.cond_br %c, ^t(...),
//! ^f(...)` (also the seed's `br`/`cond_br`), and `func.call @f(%a) : (i32) -> i32` (seed:
//! `call`). Successor operands become ordinary operands, split by `operandSegmentSizes` for
//! `cf.cond_br`, as in the generic form.

use super::{segments, Uses};
use crate::ast::{Attr, Type};
use crate::diag::Diagnostic;
use crate::lexer::Tok;
use crate::parser::{Draft, Parser};
use crate::source::Span;

impl<'a> Parser<'a> {
    pub(super) fn parse_cf(&mut self, d: Draft) -> Result<Draft, Diagnostic> {
        match &*d.name {
            "cf.br" => {
                let mut d = d;
                self.successor(&mut d)?;
                d.attributes = self.parse_opt_attr_dict()?;
                Ok(d)
            }
            "cf.cond_br" => self.cond_br(d),
            "func.call" => self.func_call(d),
            _ => Err(self.unknown_hls_op(&d)),
        }
    }

    /// `^label` or `^label(%a, %b : t1, t2)`: adds the successor and its operands; returns
    /// how many operands it had.
    fn successor(&mut self, d: &mut Draft) -> Result<usize, Diagnostic> {
        if self.tok.kind != Tok::Caret {
            return Err(self.err_expected("block label '^name'"));
        }
        let t = self.bump()?;
        let label = self.intern(&self.slice(t.span)[1..]);
        d.successors.push(label);
        if !self.eat(Tok::LParen)? {
            return Ok(0);
        }
        let uses = self.parse_uses()?;
        let mut types = Vec::new();
        if !uses.is_empty() {
            self.expect(Tok::Colon)?;
        }
        let start = self.tok.span.start as usize;
        if !uses.is_empty() {
            types = self.parse_type_list()?.into_vec();
        }
        let span = Span::new(start, self.prev_end);
        self.expect(Tok::RParen)?;
        self.resolve_all(d, &uses, &types, span)?;
        Ok(uses.len())
    }

    /// `cf.cond_br %c, ^t(...), ^f(...) {attrs}?`
    fn cond_br(&mut self, mut d: Draft) -> Result<Draft, Diagnostic> {
        let c = self.parse_use()?;
        let o = self.resolve(&c, &Type::int(1))?;
        d.operands.push(o);
        self.expect(Tok::Comma)?;
        let start = self.tok.span.start as usize;
        let n_true = self.successor(&mut d)?;
        self.expect(Tok::Comma)?;
        let n_false = self.successor(&mut d)?;
        d.prop("operandSegmentSizes", segments(&[1, n_true, n_false]), Span::new(start, self.prev_end));
        d.attributes = self.parse_opt_attr_dict()?;
        Ok(d)
    }

    /// `func.call @f(%a, %b) {attrs}? : (t1, t2) -> (r1, ...)`
    fn func_call(&mut self, mut d: Draft) -> Result<Draft, Diagnostic> {
        let callee_span = self.tok.span;
        if self.tok.kind != Tok::At {
            return Err(self.err_expected("callee '@name'"));
        }
        let callee = self.parse_attr()?;
        if !matches!(callee, Attr::SymbolRef(_)) {
            return Err(Diagnostic::error(callee_span, "expected a callee '@name'"));
        }
        self.expect(Tok::LParen)?;
        let uses: Uses<'a> = self.parse_uses()?;
        self.expect(Tok::RParen)?;
        d.attributes = self.parse_opt_attr_dict()?;
        self.expect(Tok::Colon)?;
        let start = self.tok.span.start as usize;
        let (ins, outs) = self.parse_function_type()?;
        let span = Span::new(start, self.prev_end);
        self.resolve_all(&mut d, &uses, &ins, span)?;
        d.prop("callee", callee, callee_span);
        d.result_types.extend(outs);
        Ok(d)
    }
}
