//! Custom forms of CIRCT's initial values and constant clocks, normalized to their generic
//! shape:
//!
//! ```text
//! %init = seq.initial (%a) { ^bb0(%x: i8): ... seq.yield %v : i8 } : (!seq.immutable<i8>) -> !seq.immutable<i8>
//! %v = seq.from_immutable %init : (!seq.immutable<i8>) -> i8
//! %clk = seq.const_clock low
//! ```
//!
//! and `%r = seq.shiftreg [N] [sym @s] %in, %clk, %ce [reset %rst, %v] [powerOn %p] : T`
//! (operands in that order, `numElements = N : i64` and `operandSegmentSizes`).
//!
//! CIRCT's clock ops, with operands in their order and `!seq.clock` results:
//! `seq.clock_inv %clk`, `seq.clock_mux %cond, %t, %f`, `seq.clock_div %clk by N`
//! (`pow2 = N : i64`), `seq.clock_gate %clk, %en [, %test_en] [sym @s]`.
//!
//! `seq.initial` keeps its body as a region (isolated from above, as in CIRCT); the netlist
//! builder evaluates it to constants. `seq.const_clock` stores its value as the string
//! attribute `value` (`"low"` or `"high"`).

use super::{Draft, Parser, RegionKind};
use crate::ast::{Attr, Type};
use crate::diag::Diagnostic;
use crate::lexer::Tok;
use crate::source::Span;

impl<'a> Parser<'a> {
    /// `seq.initial`, `seq.yield`, `seq.from_immutable`, `seq.const_clock`.
    pub(crate) fn parse_seq_init(&mut self, mut d: Draft) -> Result<Draft, Diagnostic> {
        let name = d.name.clone();
        match &*name {
            "seq.initial" => {
                let start = self.tok.span.start as usize;
                self.expect(Tok::LParen)?;
                let uses = if self.tok.kind == Tok::RParen { Default::default() } else { self.parse_uses()? };
                self.expect(Tok::RParen)?;
                let at = Span::new(start, self.prev_end);
                let kind = RegionKind { graph: false, isolated: true };
                d.regions.push(self.parse_region(kind, &[])?);
                d.attributes = self.parse_opt_attr_dict()?;
                self.expect(Tok::Colon)?;
                let (ins, outs) = self.parse_function_type()?;
                self.resolve_all(&mut d, &uses, &ins, at)?;
                d.result_types.extend(outs);
            }
            "seq.yield" => {
                let uses = self.parse_uses()?;
                d.attributes = self.parse_opt_attr_dict()?;
                if !uses.is_empty() {
                    self.expect(Tok::Colon)?;
                    let start = self.tok.span.start as usize;
                    let tys = self.parse_type_list()?;
                    self.resolve_all(&mut d, &uses, &tys, Span::new(start, self.prev_end))?;
                }
            }
            "seq.from_immutable" => {
                let u = self.parse_use()?;
                d.attributes = self.parse_opt_attr_dict()?;
                self.expect(Tok::Colon)?;
                let start = self.tok.span.start as usize;
                let (ins, outs) = self.parse_function_type()?;
                let at = Span::new(start, self.prev_end);
                if ins.len() != 1 || outs.len() != 1 {
                    return Err(Diagnostic::error(
                        at,
                        "'seq.from_immutable' takes one operand and gives one result",
                    ));
                }
                self.resolve_all(&mut d, &[u], &ins, at)?;
                d.result_types.extend(outs);
            }
            "seq.shiftreg" => self.parse_shiftreg(&mut d)?,
            _ => {
                // seq.const_clock low|high
                let t = self.tok.span;
                let value = if self.eat_kw("low")? {
                    "low"
                } else if self.eat_kw("high")? {
                    "high"
                } else {
                    return Err(self.err_expected("'low' or 'high'"));
                };
                d.prop("value", Attr::String(value.into()), t);
                d.attributes = self.parse_opt_attr_dict()?;
                d.result_types.push(Type::Clock);
            }
        }
        Ok(d)
    }
}

impl<'a> Parser<'a> {
    /// `seq.clock_inv`, `seq.clock_mux`, `seq.clock_div`, `seq.clock_gate` (custom forms).
    pub(crate) fn parse_clock_op(&mut self, mut d: Draft) -> Result<Draft, Diagnostic> {
        let start = self.tok.span.start as usize;
        let mut uses = vec![self.parse_use()?];
        let mut types = vec![Type::Clock];
        match &*d.name {
            "seq.clock_mux" => {
                for _ in 0..2 {
                    self.expect(Tok::Comma)?;
                    uses.push(self.parse_use()?);
                }
                types = vec![Type::int(1), Type::Clock, Type::Clock];
            }
            "seq.clock_div" => {
                if !self.eat_kw("by")? {
                    return Err(self.err_expected("'by'"));
                }
                let (n, at) = self.parse_bigint()?;
                if n.negative || n.to_i128().is_none_or(|v| v > 63) {
                    return Err(Diagnostic::error(at, "'seq.clock_div' divides by 2^N with N from 0 to 63"));
                }
                d.prop("pow2", Attr::Int(n, Type::int(64)), at);
            }
            "seq.clock_gate" => {
                self.expect(Tok::Comma)?;
                uses.push(self.parse_use()?);
                types.push(Type::int(1));
                if self.tok.kind == Tok::Comma {
                    self.expect(Tok::Comma)?;
                    uses.push(self.parse_use()?);
                    types.push(Type::int(1));
                }
                if self.eat_kw("sym")? {
                    let s = self.expect(Tok::At)?;
                    let text = format!("#hw<innerSym{}>", self.slice(s.span));
                    d.prop("inner_sym", Attr::Opaque(text), s.span);
                }
            }
            _ => {}
        }
        let at = Span::new(start, self.prev_end);
        self.resolve_all(&mut d, &uses, &types, at)?;
        d.attributes = self.parse_opt_attr_dict()?;
        d.result_types.push(Type::Clock);
        Ok(d)
    }

    fn parse_shiftreg(&mut self, d: &mut Draft) -> Result<(), Diagnostic> {
        self.expect(Tok::LSquare)?;
        let (n, at) = self.parse_bigint()?;
        if n.negative || n.to_i128().is_none_or(|v| v < 1 || v > i64::MAX as i128) {
            return Err(Diagnostic::error(at, "'seq.shiftreg' needs a positive number of elements"));
        }
        d.prop("numElements", Attr::Int(n, Type::int(64)), at);
        self.expect(Tok::RSquare)?;
        if self.eat_kw("sym")? {
            let s = self.expect(Tok::At)?;
            let text = format!("#hw<innerSym{}>", self.slice(s.span));
            d.prop("inner_sym", Attr::Opaque(text), s.span);
        }
        let start = self.tok.span.start as usize;
        let mut uses = vec![self.parse_use()?];
        for _ in 0..2 {
            self.expect(Tok::Comma)?;
            uses.push(self.parse_use()?);
        }
        let reset = self.eat_kw("reset")?;
        if reset {
            uses.push(self.parse_use()?);
            self.expect(Tok::Comma)?;
            uses.push(self.parse_use()?);
        }
        let power_on = self.eat_kw("powerOn")?;
        if power_on {
            uses.push(self.parse_use()?);
        }
        d.attributes = self.parse_opt_attr_dict()?;
        self.expect(Tok::Colon)?;
        let ty = self.parse_type()?;
        let span = Span::new(start, self.prev_end);
        let mut types = vec![ty.clone(), Type::Clock, Type::int(1)];
        if reset {
            types.extend([Type::int(1), ty.clone()]);
        }
        if power_on {
            types.push(ty.clone());
        }
        self.resolve_all(d, &uses, &types, span)?;
        let (r, p) = (reset as i128, power_on as i128);
        let segs = [1, 1, 1, r, r, p].map(crate::ast::BigInt::from_i128).to_vec();
        d.prop("operandSegmentSizes", Attr::DenseArray(Type::int(32), segs), d.name_span);
        d.result_types.push(ty);
        Ok(())
    }
}

/// `!seq.immutable<T>` in the reader's one spelling (no whitespace).
pub(crate) fn immutable_of(ty: &Type) -> Type {
    let text: String = format!("!seq.immutable<{ty}>").split_whitespace().collect();
    Type::Complex(Box::new(crate::ast::ComplexType::Opaque(text)))
}
