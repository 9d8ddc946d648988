//! Custom forms of the `math` dialect: `math.absf %x : f32`, `math.sqrt %x fastmath<fast> :
//! f64`, `math.fma %a, %b, %c : f32`, `math.powf %a, %b : f32`, `math.fpowi %a, %n : f32,
//! i32`, and every other elementwise math op in the same shape (operands, optional
//! `fastmath<...>`, attributes, `: T`), also reached from the seed's `absf`, `sqrt`, `exp`,
//! ... HLS decides later which of them it synthesizes; the reader only keeps them exact.

use crate::diag::Diagnostic;
use crate::lexer::Tok;
use crate::parser::{Draft, Parser};

/// Math ops without a `fastmath` property (integer ones).
const NO_FASTMATH: &[&str] = &["absi", "ctlz", "cttz", "ctpop", "ipowi"];

impl<'a> Parser<'a> {
    /// `math.OP %a, ... (fastmath<...>)? {attrs}? : T (, T2)?`: every operand of type `T`
    /// but the last, which takes `T2` when given (`fpowi`'s integer exponent).
    pub(super) fn parse_math(&mut self, mut d: Draft, op: &str) -> Result<Draft, Diagnostic> {
        let uses = self.hls_operands()?;
        if !NO_FASTMATH.contains(&op) {
            self.fastmath(&mut d)?;
        }
        d.attributes = self.parse_opt_attr_dict()?;
        let (ty, _) = self.colon_one_type()?;
        if self.eat(Tok::Comma)? {
            let last_ty = self.parse_type()?;
            let (last, first) = uses.split_last().expect("hls_operands gives at least one");
            self.resolve_same(&mut d, first, &ty)?;
            let o = self.resolve(last, &last_ty)?;
            d.operands.push(o);
        } else {
            self.resolve_same(&mut d, &uses, &ty)?;
        }
        d.result_types.push(ty);
        Ok(d)
    }
}
