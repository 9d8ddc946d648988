//! Custom forms of the arith ops (integer and, for later rejection with a location,
//! floating point), also reached from the seed's standard-dialect names (`addi`, `cmpi
//! "slt"`, `select`, `index_cast`, `divi_signed`, ...) after name normalization.
//! `arith.constant` is read by the constant form of [`super::super::custom_core`].

use super::int_attr;
use crate::ast::{Attr, ComplexType, Type};
use crate::diag::Diagnostic;
use crate::lexer::Tok;
use crate::parser::{Draft, Parser};
use crate::source::Span;

/// `arith.cmpi` predicates, in encoding order.
pub const CMPI_PREDICATES: [&str; 10] = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"];

/// `arith.cmpf` predicates, in encoding order.
pub const CMPF_PREDICATES: [&str; 16] = [
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une",
    "uno", "true",
];

/// Integer ops with two operands and one result of the same type.
const INT_BINARY: &[&str] = &[
    "addi",
    "subi",
    "muli",
    "divsi",
    "divui",
    "remsi",
    "remui",
    "ceildivsi",
    "ceildivui",
    "floordivsi",
    "andi",
    "ori",
    "xori",
    "shli",
    "shrsi",
    "shrui",
    "maxsi",
    "minsi",
    "maxui",
    "minui",
];

/// The integer ops that carry `overflowFlags`.
const WITH_OVERFLOW: &[&str] = &["addi", "subi", "muli", "shli"];

/// Float ops with two operands (carry `fastmath`).
const FLOAT_BINARY: &[&str] =
    &["addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf", "maxnumf", "minnumf", "powf"];

/// Casts: `op %a : T1 to T2`.
const CASTS: &[&str] = &[
    "extsi",
    "extui",
    "trunci",
    "index_cast",
    "index_castui",
    "sitofp",
    "uitofp",
    "fptosi",
    "fptoui",
    "extf",
    "truncf",
    "bitcast",
];

/// The `i1` type of the same shape as `ty` (`i1` for scalars, `tensor<4xi1>` for a tensor).
fn bool_like(ty: &Type) -> Type {
    if let Type::Complex(c) = ty {
        if let ComplexType::Opaque(text) = &**c {
            if let Some((shape, _)) = text.rsplit_once('x') {
                return Type::Complex(Box::new(ComplexType::Opaque(format!("{shape}xi1>"))));
            }
        }
    }
    Type::int(1)
}

impl<'a> Parser<'a> {
    pub(super) fn parse_arith(&mut self, d: Draft, op: &str) -> Result<Draft, Diagnostic> {
        if INT_BINARY.contains(&op) || FLOAT_BINARY.contains(&op) {
            return self.arith_binary(d, op);
        }
        if CASTS.contains(&op) {
            return self.arith_cast(d);
        }
        match op {
            "cmpi" | "cmpf" => self.arith_cmp(d, op == "cmpf"),
            "select" => self.arith_select(d),
            "negf" => {
                let mut d = d;
                let u = self.parse_use()?;
                self.fastmath(&mut d)?;
                d.attributes = self.parse_opt_attr_dict()?;
                let (ty, _) = self.colon_one_type()?;
                let o = self.resolve(&u, &ty)?;
                d.operands.push(o);
                d.result_types.push(ty);
                Ok(d)
            }
            _ => Err(self.unknown_hls_op(&d)),
        }
    }

    /// `fastmath<...>` if present (else `none`), as the `fastmath` property.
    pub(super) fn fastmath(&mut self, d: &mut Draft) -> Result<(), Diagnostic> {
        let start = self.tok.span.start as usize;
        let flags = if self.eat_kw("fastmath")? { self.flag_list()? } else { Vec::new() };
        let text = if flags.is_empty() { "none".to_string() } else { flags.join(", ") };
        d.prop("fastmath", Attr::Opaque(format!("#arith.fastmath<{text}>")), Span::new(start, self.prev_end));
        Ok(())
    }

    /// `<a, b>` after `overflow`/`fastmath`: the words.
    fn flag_list(&mut self) -> Result<Vec<String>, Diagnostic> {
        let body = self.balanced_body(Tok::Less)?;
        Ok(body.split(',').map(|w| w.trim().to_string()).filter(|w| !w.is_empty() && w != "none").collect())
    }

    /// `%a, %b (overflow<...> | fastmath<...>)? {attrs}? : T`
    fn arith_binary(&mut self, mut d: Draft, op: &str) -> Result<Draft, Diagnostic> {
        let uses = self.hls_operands()?;
        if uses.len() != 2 {
            return Err(Diagnostic::error(
                d.name_span,
                format!("'{}' takes two operands, got {}", d.name, uses.len()),
            ));
        }
        if WITH_OVERFLOW.contains(&op) {
            let start = self.tok.span.start as usize;
            let mut flags = if self.eat_kw("overflow")? { self.flag_list()? } else { Vec::new() };
            for f in &flags {
                if f != "nsw" && f != "nuw" {
                    return Err(Diagnostic::error(
                        Span::new(start, self.prev_end),
                        format!("unknown overflow flag '{f}' (expected nsw or nuw)"),
                    ));
                }
            }
            flags.sort();
            flags.dedup();
            let text = if flags.is_empty() { "none".to_string() } else { flags.join(", ") };
            d.prop(
                "overflowFlags",
                Attr::Opaque(format!("#arith.overflow<{text}>")),
                Span::new(start, self.prev_end),
            );
        } else if FLOAT_BINARY.contains(&op) {
            self.fastmath(&mut d)?;
        }
        d.attributes = self.parse_opt_attr_dict()?;
        let (ty, _) = self.colon_one_type()?;
        self.resolve_same(&mut d, &uses, &ty)?;
        d.result_types.push(ty);
        Ok(d)
    }

    /// `%a {attrs}? : T1 to T2`
    fn arith_cast(&mut self, mut d: Draft) -> Result<Draft, Diagnostic> {
        let u = self.parse_use()?;
        d.attributes = self.parse_opt_attr_dict()?;
        let (from, _) = self.colon_one_type()?;
        self.expect_kw("to")?;
        let to = self.parse_type()?;
        let o = self.resolve(&u, &from)?;
        d.operands.push(o);
        d.result_types.push(to);
        Ok(d)
    }

    /// `arith.cmpi slt, %a, %b : T` (seed: `cmpi "slt", ...`), `arith.cmpf olt, ...`.
    fn arith_cmp(&mut self, mut d: Draft, float: bool) -> Result<Draft, Diagnostic> {
        let t = self.tok;
        let word = match t.kind {
            Tok::BareId => self.tok_text().to_string(),
            Tok::Str => self.string_value(t),
            _ => return Err(self.err_expected("comparison predicate")),
        };
        let list: &[&str] = if float { &CMPF_PREDICATES } else { &CMPI_PREDICATES };
        let Some(idx) = list.iter().position(|p| *p == word) else {
            return Err(Diagnostic::error(
                t.span,
                format!("unknown {} predicate '{word}' (expected one of {})", d.name, list.join(", ")),
            ));
        };
        self.bump()?;
        self.expect(Tok::Comma)?;
        let uses = self.hls_operands()?;
        if uses.len() != 2 {
            return Err(Diagnostic::error(
                d.name_span,
                format!("'{}' takes two operands, got {}", d.name, uses.len()),
            ));
        }
        if float {
            self.fastmath(&mut d)?;
        }
        d.attributes = self.parse_opt_attr_dict()?;
        let (ty, _) = self.colon_one_type()?;
        self.resolve_same(&mut d, &uses, &ty)?;
        d.prop("predicate", int_attr(idx as i64, Type::int(64)), t.span);
        d.result_types.push(bool_like(&ty));
        Ok(d)
    }

    /// `arith.select %c, %a, %b : T` or `: i1, T` (seed: `select`).
    fn arith_select(&mut self, mut d: Draft) -> Result<Draft, Diagnostic> {
        let uses = self.hls_operands()?;
        if uses.len() != 3 {
            return Err(Diagnostic::error(
                d.name_span,
                format!("'{}' takes three operands, got {}", d.name, uses.len()),
            ));
        }
        d.attributes = self.parse_opt_attr_dict()?;
        let (first, _) = self.colon_one_type()?;
        let (cond_ty, ty) =
            if self.eat(Tok::Comma)? { (first, self.parse_type()?) } else { (bool_like(&first), first) };
        let c = self.resolve(&uses[0], &cond_ty)?;
        d.operands.push(c);
        self.resolve_same(&mut d, &uses[1..], &ty)?;
        d.result_types.push(ty);
        Ok(d)
    }
}
