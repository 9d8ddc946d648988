//! Custom forms of CIRCT's `hwarith` dialect (bit-width extending arithmetic on `si<w>` and
//! `ui<w>` values), normalized to the generic shape:
//! - `hwarith.constant 22 : ui5` (property `rawValue`);
//! - `hwarith.cast %x : (i8) -> si5`;
//! - `hwarith.add %a, %b : (ui3, si4) -> si5` (also `sub`, `mul`, `div`);
//! - `hwarith.icmp lt %a, %b : si3, ui5` (property `predicate`, CIRCT's numbering `eq`=0,
//!   `ne`, `lt`, `ge`, `le`, `gt`=5; the result is `i1`).
//!
//! The operand count and the dialect's typing rules (which result type each op must name)
//! are the netlist builder's checks, located at the op: CIRCT's verifier reports them
//! there too.

use super::{Draft, Parser};
use crate::ast::{Attr, BigInt, Signedness, Type};
use crate::diag::Diagnostic;
use crate::lexer::Tok;
use crate::source::Span;

/// CIRCT's `hwarith.icmp` predicate keywords, in encoding order.
pub const HWARITH_PREDICATES: [&str; 6] = ["eq", "ne", "lt", "ge", "le", "gt"];

impl<'a> Parser<'a> {
    /// Dispatches the `hwarith.*` ops; anything else of the dialect is an unknown op.
    pub(crate) fn parse_hwarith(&mut self, mut d: Draft) -> Result<Draft, Diagnostic> {
        match &*d.name {
            "hwarith.constant" => {
                let start = self.tok.span.start as usize;
                let a = self.parse_attr()?;
                let span = Span::new(start, self.prev_end);
                let Attr::Int(v, ty) = a else {
                    return Err(Diagnostic::error(
                        span,
                        "'hwarith.constant' needs a typed integer such as `3 : ui4`",
                    ));
                };
                check_literal(&v, &ty, span)?;
                d.attributes = self.parse_opt_attr_dict()?;
                d.prop("rawValue", Attr::Int(v, ty.clone()), span);
                d.result_types.push(ty);
            }
            "hwarith.cast" | "hwarith.add" | "hwarith.sub" | "hwarith.mul" | "hwarith.div" => {
                let uses = self.parse_uses()?;
                if uses.is_empty() {
                    return Err(self.err_expected("operand"));
                }
                let ty = self.colon_fn_type(&mut d, &uses)?;
                d.result_types.push(ty);
            }
            "hwarith.icmp" => {
                let t = self.tok;
                if t.kind != Tok::BareId {
                    return Err(self.err_expected("comparison predicate"));
                }
                let word = self.tok_text();
                let Some(idx) = HWARITH_PREDICATES.iter().position(|p| *p == word) else {
                    return Err(Diagnostic::error(
                        t.span,
                        format!(
                            "unknown hwarith.icmp predicate '{word}' (expected one of {})",
                            HWARITH_PREDICATES.join(", ")
                        ),
                    ));
                };
                self.bump()?;
                d.prop("predicate", Attr::Int(BigInt::from_i128(idx as i128), Type::int(64)), t.span);
                let uses = self.parse_uses()?;
                d.attributes = self.parse_opt_attr_dict()?;
                self.expect(Tok::Colon)?;
                let start = self.tok.span.start as usize;
                let types = self.parse_type_list()?;
                let span = Span::new(start, self.prev_end);
                self.resolve_all(&mut d, &uses, &types, span)?;
                d.result_types.push(Type::int(1));
            }
            other => {
                let known = ["hwarith.constant", "hwarith.cast", "hwarith.add", "hwarith.sub", "hwarith.mul"]
                    .into_iter()
                    .chain(["hwarith.div", "hwarith.icmp"]);
                return Err(Diagnostic::error(
                    d.name_span,
                    format!("unknown op '{other}'{}", crate::suggest::did_you_mean(other, known)),
                ));
            }
        }
        Ok(d)
    }
}

/// A constant must fit its sign-aware type: `ui<w>` holds 0..2^w-1, `si<w>` holds
/// -2^(w-1)..2^(w-1)-1 (a signless type is the builder's error: CIRCT reports it as a type
/// mismatch of the result).
fn check_literal(v: &BigInt, ty: &Type, span: Span) -> Result<(), Diagnostic> {
    let Type::Int { width, signedness } = ty else {
        return Err(Diagnostic::error(span, format!("'hwarith.constant' needs an integer type, got '{ty}'")));
    };
    let fits = match signedness {
        Signedness::Unsigned => !v.negative && v.fits_width(*width),
        // A negative value fits as two's complement; a positive one needs a spare sign bit.
        Signedness::Signed => {
            if v.negative {
                v.fits_width(*width)
            } else {
                v.magnitude_bits() < u64::from(*width)
            }
        }
        Signedness::Signless => v.fits_width(*width),
    };
    if fits {
        Ok(())
    } else {
        Err(Diagnostic::error(span, format!("integer literal {v} does not fit in {ty}")))
    }
}
