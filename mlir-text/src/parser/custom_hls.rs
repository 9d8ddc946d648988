//! Custom forms of the HLS-input ops: affine, scf, memref, arith, cf, `func.call` and
//! linalg, in today's spelling and (after [`super::normalize_name`]) the seed documents'.
//!
//! The contract: a custom form gives exactly the op tree that parsing the generic form
//! printed by `mlir-opt --mlir-print-op-generic` gives: the same operands in the same order,
//! result types, properties (maps, `operandSegmentSizes`, `overflowFlags`, predicates as
//! integers), attributes, regions with their block arguments, and the terminators MLIR adds
//! implicitly (`affine.yield`, `scf.yield`). linalg's named ops get the region body MLIR
//! builds for them. One submodule per dialect family; this one dispatches and holds the
//! helpers they share.

mod affine;
mod arith;
mod cf;
mod linalg;
mod math;
mod memref;
mod scf;

use super::{Draft, Parser, UseRef};
use crate::ast::{
    Attr, BigInt, Block, NamedAttr, OpExtra, OpName, Operand, Operation, Region, Type, ValueDef,
};
use crate::ast::{ValueId, ValueInfo};
use crate::diag::Diagnostic;
use crate::lexer::Tok;
use crate::source::Span;
use smallvec::SmallVec;
use std::sync::Arc;

/// Uses parsed before their types are known.
type Uses<'a> = SmallVec<[UseRef<'a>; 3]>;

/// `array<i32: a, b, ...>` as the generic form writes `operandSegmentSizes`.
fn segments(sizes: &[usize]) -> Attr {
    Attr::DenseArray(Type::int(32), sizes.iter().map(|&n| BigInt::from_i128(n as i128)).collect())
}

/// An `i64` integer attribute.
fn int_attr(v: i64, ty: Type) -> Attr {
    Attr::Int(BigInt::from_i128(v as i128), ty)
}

impl<'a> Parser<'a> {
    pub(crate) fn parse_hls(&mut self, d: Draft) -> Result<Draft, Diagnostic> {
        let name = d.name.clone();
        let (dialect, op) = name.split_once('.').unwrap_or(("", &name));
        match dialect {
            "affine" => self.parse_affine(d, op),
            "scf" => self.parse_scf(d, op),
            "memref" => self.parse_memref_op(d, op),
            "arith" => self.parse_arith(d, op),
            "math" => self.parse_math(d, op),
            "cf" | "func" => self.parse_cf(d),
            "linalg" => self.parse_linalg(d, op),
            _ => Err(crate::dialect::hls_unsupported(&name, d.name_span)),
        }
    }

    /// The error for an op of a known dialect whose custom form the reader does not know.
    fn unknown_hls_op(&self, d: &Draft) -> Diagnostic {
        Diagnostic::error(
            d.name_span,
            format!("unknown op '{}' (no custom form known; use the generic form)", d.name),
        )
    }

    /// Parses one or more operands (`%a, %b`).
    fn hls_operands(&mut self) -> Result<Uses<'a>, Diagnostic> {
        let u = self.parse_uses()?;
        if u.is_empty() {
            return Err(self.err_expected("operand"));
        }
        Ok(u)
    }

    /// `: type`, returning the type and its span.
    fn colon_one_type(&mut self) -> Result<(Type, Span), Diagnostic> {
        self.expect(Tok::Colon)?;
        let start = self.tok.span.start as usize;
        let ty = self.parse_type()?;
        Ok((ty, Span::new(start, self.prev_end)))
    }

    /// `-> t` or `-> (t1, t2)` if an arrow comes, else nothing.
    fn opt_arrow_types(&mut self) -> Result<Vec<Type>, Diagnostic> {
        if self.eat(Tok::Arrow)? {
            Ok(self.parse_result_types()?.into_vec())
        } else {
            Ok(Vec::new())
        }
    }

    /// A terminator: `name %a, %b : t1, t2` or `name` alone.
    fn hls_terminator(&mut self, d: Draft) -> Result<Draft, Diagnostic> {
        self.parse_terminator(d)
    }

    /// A fresh value with no name (a result or block argument of a synthesized op).
    fn anon_value(&mut self, ty: Type, span: Span, def: ValueDef) -> ValueId {
        let id = ValueId(self.values.len() as u32);
        self.values.push(ValueInfo { name: Arc::from(""), ty, span, def });
        id
    }

    /// An op the custom form implies (an implicit terminator, a linalg body op).
    fn synth_op(
        &mut self,
        name: &str,
        operands: &[ValueId],
        result_types: &[Type],
        properties: Vec<NamedAttr>,
        span: Span,
    ) -> Operation {
        let name: OpName = self.intern_op(name);
        let results = result_types
            .iter()
            .enumerate()
            .map(|(i, t)| self.anon_value(t.clone(), span, ValueDef::OpResult { index: i as u32 }))
            .collect();
        let operands = operands.iter().map(|&value| Operand { value, span }).collect();
        let extra = if properties.is_empty() {
            None
        } else {
            Some(Box::new(OpExtra { properties: properties.into(), ..Default::default() }))
        };
        Operation { name, results, operands, span, name_span: span, generic: false, extra }
    }

    /// Adds `terminator` (no operands) to a single-block region whose block does not end
    /// in it, as MLIR's `ensureTerminator` does; an empty region gets a block first.
    fn ensure_terminator(&mut self, region: &mut Region, terminator: &str) {
        let span = Span::new(region.span.end as usize, region.span.end as usize);
        if region.blocks.is_empty() {
            region.blocks.push(Block { label: None, args: Vec::new(), ops: Vec::new(), span });
        }
        let Some(block) = region.blocks.last() else { return };
        if block.ops.last().is_some_and(|op| &*op.name == terminator) {
            return;
        }
        let op = self.synth_op(terminator, &[], &[], Vec::new(), span);
        if let Some(block) = region.blocks.last_mut() {
            block.ops.push(op);
        }
    }

    /// Moves the named entries of the attribute dictionary into the properties (MLIR keeps
    /// an op's inherent attributes there, wherever they were written).
    fn inherent_to_props(d: &mut Draft, names: &[&str]) {
        let (props, rest): (Vec<NamedAttr>, Vec<NamedAttr>) =
            std::mem::take(&mut d.attributes).into_iter().partition(|a| names.contains(&&*a.name));
        d.properties.extend(props);
        d.attributes = rest;
    }

    /// `(%a = %x, %b = %y)`: names defined in a region and the uses initializing them.
    #[allow(clippy::type_complexity)]
    fn assignment_list(&mut self) -> Result<(Vec<(&'a str, Span)>, Uses<'a>), Diagnostic> {
        self.expect(Tok::LParen)?;
        let mut names = Vec::new();
        let mut uses = Uses::new();
        if self.eat(Tok::RParen)? {
            return Ok((names, uses));
        }
        loop {
            names.push(self.parse_def_name()?);
            self.expect(Tok::Equal)?;
            uses.push(self.parse_use()?);
            if !self.eat(Tok::Comma)? {
                break;
            }
        }
        self.expect(Tok::RParen)?;
        Ok((names, uses))
    }
}

#[cfg(test)]
mod float_tests;
#[cfg(test)]
mod tests;
