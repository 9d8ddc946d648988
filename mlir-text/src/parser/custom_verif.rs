//! Custom forms of CIRCT's `verif` assertions and the two `ltl` ops that clock and disable
//! them, normalized to the generic shape `circt-opt --mlir-print-op-generic` prints (CIRCT
//! 1.62):
//! - `verif.assert %p [if %en] [label "name"] [{attrs}] : T` (also `verif.assume`,
//!   `verif.cover`): operands `p[, en]` (the `if %en` enable is the newer CIRCT spelling), the
//!   label as the string property `label`; `T` is `i1`, `!ltl.sequence` or `!ltl.property`;
//! - `%s = ltl.clock %p, posedge %clk [{attrs}] : T`: operands `p, clk` (an `i1`), the edge as
//!   the integer attribute `edge` (0 posedge, 1 negedge, 2 both, CIRCT's `ClockEdge`); the
//!   result is `!ltl.property` when `T` is, else `!ltl.sequence`;
//! - `%q = ltl.disable %p if %c [{attrs}] : T`: operands `p, c`, result `!ltl.property`;
//! - `%r, %s = verif.contract %a, %b : T, U [attributes {...}] { ... }`: operands, results of
//!   the same types, one graph region holding `verif.require` and `verif.ensure` (written
//!   like `verif.assert`) and the logic they check.
//!
//! Which properties the netlist accepts (one-cycle boolean ones) is the builder's check.

use super::{Draft, Parser, RegionKind};
use crate::ast::{Attr, BigInt, ComplexType, Type};
use crate::diag::Diagnostic;
use crate::lexer::Tok;

/// `!ltl.<name>` as a type.
pub(crate) fn ltl_type(name: &str) -> Type {
    Type::Complex(Box::new(ComplexType::Opaque(format!("!ltl.{name}"))))
}

fn is_ltl(ty: &Type, name: &str) -> bool {
    matches!(ty, Type::Complex(c) if matches!(&**c, ComplexType::Opaque(s) if s == &format!("!ltl.{name}")))
}

impl<'a> Parser<'a> {
    /// Dispatches `verif.assert/assume/cover/require/ensure/contract`, `ltl.clock` and
    /// `ltl.disable`; any other op of the two dialects is an unknown op.
    pub(crate) fn parse_verif(&mut self, mut d: Draft) -> Result<Draft, Diagnostic> {
        let name = d.name.to_string();
        match name.as_str() {
            "verif.assert" | "verif.assume" | "verif.cover" | "verif.require" | "verif.ensure" => {
                let p = self.parse_use()?;
                let en = if self.eat_kw("if")? { Some(self.parse_use()?) } else { None };
                if self.eat_kw("label")? {
                    let t = self.expect(Tok::Str)?;
                    let text = self.string_value(t);
                    d.prop("label", Attr::String(text), t.span);
                }
                d.attributes = self.parse_opt_attr_dict()?;
                self.expect(Tok::Colon)?;
                let ty = self.parse_type()?;
                let o = self.resolve(&p, &ty)?;
                d.operands.push(o);
                if let Some(en) = en {
                    let o = self.resolve(&en, &Type::int(1))?;
                    d.operands.push(o);
                }
            }
            "ltl.clock" => {
                let p = self.parse_use()?;
                self.expect(Tok::Comma)?;
                let at = self.tok.span;
                let edge = match self.tok_text() {
                    "posedge" => 0,
                    "negedge" => 1,
                    "edge" => 2,
                    _ => return Err(self.err_expected("'posedge', 'negedge' or 'edge'")),
                };
                self.bump()?;
                d.prop("edge", Attr::Int(BigInt::from_i128(edge), Type::int(32)), at);
                let clk = self.parse_use()?;
                d.attributes = self.parse_opt_attr_dict()?;
                self.expect(Tok::Colon)?;
                let ty = self.parse_type()?;
                let o = self.resolve(&p, &ty)?;
                d.operands.push(o);
                let o = self.resolve(&clk, &Type::int(1))?;
                d.operands.push(o);
                let out = if is_ltl(&ty, "property") { "property" } else { "sequence" };
                d.result_types.push(ltl_type(out));
            }
            "ltl.disable" => {
                let p = self.parse_use()?;
                if !self.eat_kw("if")? {
                    return Err(self.err_expected("'if'"));
                }
                let c = self.parse_use()?;
                d.attributes = self.parse_opt_attr_dict()?;
                self.expect(Tok::Colon)?;
                let ty = self.parse_type()?;
                let o = self.resolve(&p, &ty)?;
                d.operands.push(o);
                let o = self.resolve(&c, &Type::int(1))?;
                d.operands.push(o);
                d.result_types.push(ltl_type("property"));
            }
            "verif.contract" => {
                let uses = self.parse_uses()?;
                if !uses.is_empty() {
                    self.expect(Tok::Colon)?;
                    let start = self.tok.span.start as usize;
                    let types = self.parse_type_list()?;
                    let span = crate::source::Span::new(start, self.prev_end);
                    self.resolve_all(&mut d, &uses, &types, span)?;
                    d.result_types.extend(types);
                }
                if self.eat_kw("attributes")? {
                    d.attributes = self.parse_opt_attr_dict()?;
                }
                d.regions.push(self.parse_region(RegionKind { graph: true, isolated: false }, &[])?);
            }
            _ => return Err(Diagnostic::error(d.name_span, format!("unknown op '{name}'"))),
        }
        Ok(d)
    }
}
