//! Custom form of CIRCT's `seq.firreg`:
//! `%r = seq.firreg %next clock %clk [sym @s] [reset sync|async %rst, %value] [preset N]
//! {attrs} : T` (T an integer or hw aggregate), normalized to its generic shape: operands
//! `(next, clk[, rst, value])`, unit `isAsync` for an asynchronous reset, `preset = N : iW`
//! (W the flattened width), `inner_sym`.

use super::{Draft, Parser};
use crate::ast::{Attr, Type};
use crate::diag::Diagnostic;
use crate::lexer::Tok;
use crate::source::Span;

impl<'a> Parser<'a> {
    pub(crate) fn parse_firreg(&mut self, mut d: Draft) -> Result<Draft, Diagnostic> {
        let mut uses = vec![self.parse_use()?];
        if !self.eat_kw("clock")? {
            return Err(self.err_expected("'clock'"));
        }
        uses.push(self.parse_use()?);
        if self.eat_kw("sym")? {
            let s = self.expect(Tok::At)?;
            let text = format!("#hw<innerSym{}>", self.slice(s.span));
            d.prop("inner_sym", Attr::Opaque(text), s.span);
        }
        let reset = self.eat_kw("reset")?;
        if reset {
            let kw = self.tok.span;
            if self.eat_kw("async")? {
                d.prop("isAsync", Attr::Unit, kw);
            } else if !self.eat_kw("sync")? {
                return Err(self.err_expected("'sync' or 'async'"));
            }
            uses.push(self.parse_use()?);
            self.expect(Tok::Comma)?;
            uses.push(self.parse_use()?);
        }
        let preset = if self.eat_kw("preset")? { Some(self.parse_bigint()?) } else { None };
        d.attributes = self.parse_opt_attr_dict()?;
        self.expect(Tok::Colon)?;
        let start = self.tok.span.start as usize;
        let ty = self.parse_type()?;
        let span = Span::new(start, self.prev_end);
        if let Some((v, at)) = preset {
            // An aggregate's preset is an integer of its flattened width, as in CIRCT.
            let Some(width) = ty.bit_width() else {
                return Err(Diagnostic::error(
                    span,
                    "'seq.firreg' with a preset must have an integer or hw aggregate type",
                ));
            };
            // Bits of the magnitude (0 for 0; no trailing zero words).
            let bits = v
                .magnitude
                .last()
                .map_or(0, |w| v.magnitude.len() as u64 * 64 - u64::from(w.leading_zeros()));
            if v.negative || bits > width {
                return Err(Diagnostic::error(at, "'seq.firreg' preset value too large"));
            }
            d.prop("preset", Attr::Int(v, Type::int(width as u32)), at);
        }
        let mut types = vec![ty.clone(), Type::Clock];
        if reset {
            types.push(Type::int(1));
            types.push(ty.clone());
        }
        self.resolve_all(&mut d, &uses, &types, span)?;
        d.result_types.push(ty);
        Ok(d)
    }
}
