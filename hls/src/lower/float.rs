//! Lowering of floating-point ops: arith's float ops (`addf` ... `minnumf`, `negf`,
//! `cmpf`, the conversions `sitofp`/`uitofp`/`fptosi`/`fptoui`/`extf`/`truncf`, `bitcast`)
//! and math's `absf`, `sqrt` and `fma`, in today's and the seed's spellings, into the float
//! ops of [`crate::ir::fop`].
//!
//! A float value is its bit pattern ([`crate::float`]), so a float constant is an ordinary
//! `Const` of those bits (in `ops.rs`) and a bitcast is the operand itself. Any other op on
//! float types (`math.exp`, `math.sin`, ...) is a located error naming it.

use super::{Lower, Res};
use crate::float::{FCmpPred, FloatFormat};
use crate::ir::{FBinOp, FUnOp, Num, OpKind, ValId};
use mlir_text::{Attr, Diagnostic, Operation, Type, ValueId};

/// The float ops of the math dialect that HLS supports, by their short names.
const MATH_SUPPORTED: &[&str] = &["absf", "sqrt", "fma"];

/// Whether the op's `fastmath` flags allow reassociation (`reassoc` or `fast`).
fn reassoc(op: &Operation) -> bool {
    match op.attr("fastmath") {
        Some(Attr::Opaque(t)) | Some(Attr::String(t)) => {
            let inner = t.split_once('<').map_or(t.as_str(), |(_, r)| r.trim_end_matches('>'));
            inner.split(',').map(str::trim).any(|w| w == "reassoc" || w == "fast")
        }
        _ => false,
    }
}

/// The cmpf predicate of the op (an integer property, or a name).
fn fcmp_pred(op: &Operation) -> Option<FCmpPred> {
    match op.attr("predicate")? {
        Attr::Int(v, _) => FCmpPred::from_index(v.to_i128()?),
        Attr::String(s) => FCmpPred::from_name(s),
        _ => None,
    }
}

impl Lower<'_> {
    /// The float format of a type, if it is a float.
    fn format_of(&self, v: ValueId) -> Option<FloatFormat> {
        match self.file.ty(v) {
            Type::Float(k) => Some(FloatFormat::of_kind(*k)),
            _ => None,
        }
    }

    /// The format of operand `i` (which must be a float).
    fn operand_format(&self, op: &Operation, i: usize) -> Res<FloatFormat> {
        let o = op.operands.get(i).ok_or_else(|| {
            Diagnostic::error(op.name_span, format!("'{}' is missing operand {i}", op.name))
        })?;
        self.format_of(o.value).ok_or_else(|| {
            Diagnostic::error(o.span, format!("'{}' expects a float operand (f16, bf16, f32, f64)", op.name))
        })
    }

    /// The numeric kind of a value's type for a conversion: a float, or an integer (signed
    /// or not, as the conversion reads it).
    fn num_of(&self, v: ValueId, signed: bool, at: mlir_text::Span) -> Res<Num> {
        if let Some(f) = self.format_of(v) {
            return Ok(Num::Float(f));
        }
        let w = self.int_width(self.file.ty(v), at)?;
        Ok(if signed { Num::SInt(w) } else { Num::UInt(w) })
    }

    /// Lowers `op` if it is a float op; returns false if it is not one.
    pub fn float(&mut self, op: &Operation) -> Res<bool> {
        let name: &str = &op.name;
        let Some((dialect, n)) = name.split_once('.') else { return Ok(false) };
        let s = op.span;
        let v = match (dialect, n) {
            ("arith", _) if FBinOp::from_short(n).is_some() => {
                let b = FBinOp::from_short(n).expect("checked");
                self.arity(op, 2)?;
                let fmt = self.operand_format(op, 0)?;
                self.operand_format(op, 1)?;
                let vals = self.float_operands(op)?;
                self.emit(OpKind::FBin { op: b, fmt, reassoc: reassoc(op) }, vals, fmt.width(), s)
            }
            ("arith", "negf") | ("math", "absf") | ("math", "sqrt") => {
                self.arity(op, 1)?;
                let fmt = self.operand_format(op, 0)?;
                let u = match n {
                    "negf" => FUnOp::Neg,
                    "absf" => FUnOp::Abs,
                    _ => FUnOp::Sqrt,
                };
                let vals = self.float_operands(op)?;
                self.emit(OpKind::FUn(u, fmt), vals, fmt.width(), s)
            }
            ("math", "fma") => {
                self.arity(op, 3)?;
                let fmt = self.operand_format(op, 0)?;
                let vals = self.float_operands(op)?;
                self.emit(OpKind::Fma { fmt, reassoc: reassoc(op) }, vals, fmt.width(), s)
            }
            ("arith", "cmpf") => {
                self.arity(op, 2)?;
                let fmt = self.operand_format(op, 0)?;
                let Some(p) = fcmp_pred(op) else {
                    return Err(Diagnostic::error(op.name_span, "'cmpf' needs a predicate (oeq, olt, ...)"));
                };
                let vals = self.float_operands(op)?;
                self.emit(OpKind::FCmp(p, fmt), vals, 1, s)
            }
            ("arith", "sitofp" | "uitofp" | "fptosi" | "fptoui" | "extf" | "truncf") => {
                self.conversion(op, n)?
            }
            ("arith", "bitcast") => {
                self.arity(op, 1)?;
                let x = self.val(op.operands[0].value, op.operands[0].span)?;
                let w = self.result_width_of(op)?;
                if w != self.f.width(x) {
                    return Err(Diagnostic::error(s, "'arith.bitcast' must keep the width"));
                }
                x
            }
            ("math", _) if !MATH_SUPPORTED.contains(&n) => {
                return Err(Diagnostic::error(
                    op.name_span,
                    format!(
                        "'{name}' is not supported in HLS (floating-point ops it supports: \
                         arith.addf/subf/mulf/divf/remf/negf/cmpf/maximumf/minimumf/maxnumf/minnumf, \
                         the conversions, math.absf/sqrt/fma)"
                    ),
                ))
            }
            _ => return Ok(false),
        };
        self.bind_float_result(op, v);
        Ok(true)
    }

    fn float_operands(&self, op: &Operation) -> Res<Vec<ValId>> {
        op.operands.iter().map(|o| self.val(o.value, o.span)).collect()
    }

    fn result_width_of(&self, op: &Operation) -> Res<u32> {
        let r = op.results.first().ok_or_else(|| Diagnostic::error(op.name_span, "expected a result"))?;
        self.int_width(self.file.ty(*r), op.span)
    }

    /// `sitofp`, `uitofp`, `fptosi`, `fptoui`, `extf`, `truncf`.
    fn conversion(&mut self, op: &Operation, n: &str) -> Res<ValId> {
        self.arity(op, 1)?;
        let Some(&r) = op.results.first() else {
            return Err(Diagnostic::error(op.name_span, "expected a result"));
        };
        let signed = matches!(n, "sitofp" | "fptosi");
        let from = self.num_of(op.operands[0].value, signed, op.operands[0].span)?;
        let to = self.num_of(r, signed, op.span)?;
        let ok = match n {
            "sitofp" | "uitofp" => from.float().is_none() && to.float().is_some(),
            "fptosi" | "fptoui" => from.float().is_some() && to.float().is_none(),
            "extf" => from.float().is_some() && to.float().is_some() && from.width() < to.width(),
            _ => from.float().is_some() && to.float().is_some() && from.width() > to.width(),
        };
        if !ok {
            return Err(Diagnostic::error(
                op.span,
                format!(
                    "'{}' does not convert {} to {}",
                    op.name,
                    self.file.ty(op.operands[0].value),
                    self.file.ty(r)
                ),
            ));
        }
        let x = self.val(op.operands[0].value, op.operands[0].span)?;
        Ok(self.emit(OpKind::FConv { from, to }, vec![x], to.width(), op.span))
    }

    /// Names the result after the source value, as other scalar ops do.
    fn bind_float_result(&mut self, op: &Operation, v: ValId) {
        if let Some(&r) = op.results.first() {
            let name = self.file.value(r).name.to_string();
            if !name.chars().all(|c| c.is_ascii_digit()) && !name.is_empty() {
                self.f.values[v.index()].name.get_or_insert(name);
            }
            self.vals.insert(r, v);
        }
    }
}
