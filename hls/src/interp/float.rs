//! Float ops of the interpreter: arith's `addf` ... `minnumf`, `negf`, `cmpf`, the
//! conversions and math's `absf`, `sqrt`, `fma`, evaluated on bit patterns by the reference
//! model [`crate::float::soft`] (a float value is an [`Int`] of the format's width holding
//! its IEEE 754 bits; memories of floats hold bit patterns). Float constants and `bitcast`
//! are bits and run in `ops.rs`.
//!
//! `fptosi`/`fptoui` of a NaN or of a value whose truncation is out of the integer's range
//! is poison in MLIR: the run gives the reference model's saturated answer and records the
//! op as undefined (as for a division by zero), so tests skip such data.

use super::exec::{Frame, Machine};
use super::{err, Int};
use crate::float::{soft, FCmpPred, FloatFormat};
use mlir_text::{Attr, Diagnostic, Operation, Type, ValueId};

/// The float format of a type.
fn format_of(ty: &Type) -> Option<FloatFormat> {
    match ty {
        Type::Float(k) => Some(FloatFormat::of_kind(*k)),
        _ => None,
    }
}

/// Whether `op` is one of the float ops this module runs (by its normalized name).
pub(crate) fn is_float_op(name: &str) -> bool {
    matches!(
        name,
        "arith.addf"
            | "arith.subf"
            | "arith.mulf"
            | "arith.divf"
            | "arith.remf"
            | "arith.maximumf"
            | "arith.minimumf"
            | "arith.maxnumf"
            | "arith.minnumf"
            | "arith.negf"
            | "arith.cmpf"
            | "arith.sitofp"
            | "arith.uitofp"
            | "arith.fptosi"
            | "arith.fptoui"
            | "arith.extf"
            | "arith.truncf"
            | "math.absf"
            | "math.sqrt"
            | "math.fma"
    )
}

/// Whether the truncation of float `a` fits an integer of `width` bits (signed or not);
/// false for a NaN. Exact: the bounds are powers of two, exact in `f64`.
fn fits_int(f: FloatFormat, a: u64, width: u32, signed: bool) -> bool {
    let v = f64::from_bits(soft::convert(f, FloatFormat::F64, a)).trunc();
    if v.is_nan() {
        return false;
    }
    let top = 2f64.powi(width as i32 - signed as i32);
    let low = if signed { -top } else { 0.0 };
    v >= low && v < top
}

impl<'f> Machine<'f> {
    fn operand_format(&self, op: &Operation, i: usize) -> Result<(ValueId, FloatFormat), Diagnostic> {
        let o = op.operands.get(i).ok_or_else(|| err(op.span, format!("missing operand {i}")))?;
        let f = format_of(self.file.ty(o.value))
            .ok_or_else(|| err(o.span, format!("'{}' expects a float operand", op.name)))?;
        Ok((o.value, f))
    }

    /// The bits of float operand `i` and its format.
    fn float_operand(&self, fr: &Frame, op: &Operation, i: usize) -> Result<(u64, FloatFormat), Diagnostic> {
        let (v, f) = self.operand_format(op, i)?;
        Ok((self.int(fr, v, op.span)?.bits, f))
    }

    /// Runs float op `op` (see [`is_float_op`]) and returns its result.
    pub(crate) fn float_op(&mut self, fr: &Frame, op: &Operation) -> Result<Int, Diagnostic> {
        let n = op.name.split_once('.').map_or(&*op.name, |(_, n)| n);
        let bin = |m: &Self, g: fn(FloatFormat, u64, u64) -> u64| -> Result<Int, Diagnostic> {
            let (a, f) = m.float_operand(fr, op, 0)?;
            let (b, _) = m.float_operand(fr, op, 1)?;
            Ok(Int::new(g(f, a, b), f.width()))
        };
        let un = |m: &Self, g: fn(FloatFormat, u64) -> u64| -> Result<Int, Diagnostic> {
            let (a, f) = m.float_operand(fr, op, 0)?;
            Ok(Int::new(g(f, a), f.width()))
        };
        match n {
            "addf" => bin(self, soft::add),
            "subf" => bin(self, soft::sub),
            "mulf" => bin(self, soft::mul),
            "divf" => bin(self, soft::div),
            "remf" => bin(self, soft::rem),
            "maximumf" => bin(self, soft::maximum),
            "minimumf" => bin(self, soft::minimum),
            "maxnumf" => bin(self, soft::maxnum),
            "minnumf" => bin(self, soft::minnum),
            "negf" => un(self, soft::neg),
            "absf" => un(self, soft::abs),
            "sqrt" => un(self, soft::sqrt),
            "fma" => {
                let (a, f) = self.float_operand(fr, op, 0)?;
                let (b, _) = self.float_operand(fr, op, 1)?;
                let (c, _) = self.float_operand(fr, op, 2)?;
                Ok(Int::new(soft::fma(f, a, b, c), f.width()))
            }
            "cmpf" => {
                let p = match op.attr("predicate") {
                    Some(Attr::Int(v, _)) => v.to_i128().and_then(FCmpPred::from_index),
                    Some(Attr::String(s)) => FCmpPred::from_name(s),
                    _ => None,
                };
                let p = p.ok_or_else(|| err(op.span, "unknown cmpf predicate"))?;
                let (a, f) = self.float_operand(fr, op, 0)?;
                let (b, _) = self.float_operand(fr, op, 1)?;
                Ok(Int::from_bool(soft::cmp(f, p, a, b)))
            }
            _ => self.float_conversion(fr, op, n),
        }
    }

    /// `sitofp`, `uitofp`, `fptosi`, `fptoui`, `extf`, `truncf`.
    fn float_conversion(&mut self, fr: &Frame, op: &Operation, n: &str) -> Result<Int, Diagnostic> {
        let r = *op.results.first().ok_or_else(|| err(op.span, "missing result"))?;
        let to_ty = self.file.ty(r);
        let o = op.operands.first().ok_or_else(|| err(op.span, "missing operand 0"))?;
        let a = self.int(fr, o.value, o.span)?;
        let bad = || err(op.span, format!("'{}' with these types is not a conversion", op.name));
        match n {
            "sitofp" | "uitofp" => {
                let f = format_of(to_ty).ok_or_else(bad)?;
                let bits = if n == "sitofp" {
                    soft::from_sint(f, a.bits, a.width)
                } else {
                    soft::from_uint(f, a.bits, a.width)
                };
                Ok(Int::new(bits, f.width()))
            }
            "fptosi" | "fptoui" => {
                let f = format_of(self.file.ty(o.value)).ok_or_else(bad)?;
                let w = super::int_width(to_ty).filter(|_| format_of(to_ty).is_none()).ok_or_else(bad)?;
                let signed = n == "fptosi";
                if !fits_int(f, a.bits, w, signed) && self.undefined.is_none() {
                    self.undefined = Some(err(
                        op.name_span,
                        "undefined in MLIR: float to integer of a NaN or out of range",
                    ));
                }
                let bits = if signed { soft::to_sint(f, a.bits, w) } else { soft::to_uint(f, a.bits, w) };
                Ok(Int::new(bits, w))
            }
            "extf" | "truncf" => {
                let from = format_of(self.file.ty(o.value)).ok_or_else(bad)?;
                let to = format_of(to_ty).ok_or_else(bad)?;
                Ok(Int::new(soft::convert(from, to, a.bits), to.width()))
            }
            _ => Err(err(op.name_span, format!("the interpreter does not know '{}'", op.name))),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::interp::{run, ArgValue};

    fn file(text: &str) -> mlir_text::File {
        let src = mlir_text::SourceFile::new("t.mlir", text);
        mlir_text::parse(&src).unwrap_or_else(|d| panic!("{}", d.render(&src)))
    }

    /// The linalg seed's `@fma` (mulf then addf: two roundings), run on bit patterns.
    #[test]
    fn seed_fma_rounds_twice() {
        let f = file("func @fma(%a: f32, %b: f32, %c: f32) -> f32 {\n  %d = mulf %a, %b: f32\n  %e = addf %c, %d: f32\n  return %e: f32\n}\n");
        let go = |a: f32, b: f32, c: f32| {
            let args = [a, b, c].map(|x| ArgValue::Scalar(x.to_bits() as u64));
            f32::from_bits(run(&f, "fma", &args).unwrap().results[0].bits as u32)
        };
        assert_eq!(go(2.0, 3.0, 1.0), 7.0);
        let (a, b, c) = (1.0 + f32::EPSILON, 1.0 - f32::EPSILON, -1.0);
        assert_eq!(go(a, b, c).to_bits(), (a * b + c).to_bits(), "not fused");
        assert!(go(0.0, f32::INFINITY, 1.0).is_nan());
        assert_eq!(go(-0.0, 1.0, -0.0).to_bits(), (-0.0f32).to_bits());
    }

    /// fptosi of a NaN or an out-of-range value is poison in MLIR: the run saturates and
    /// reports the op as undefined, so tests skip that data.
    #[test]
    fn poison_conversions_are_reported() {
        let f = file("func.func @c(%x: f32) -> (i8, f16, i1) {\n  %i = arith.fptosi %x : f32 to i8\n  %h = arith.truncf %x : f32 to f16\n  %o = arith.cmpf ord, %x, %x : f32\n  return %i, %h, %o : i8, f16, i1\n}\n");
        let go = |x: f32| run(&f, "c", &[ArgValue::Scalar(x.to_bits() as u64)]).unwrap();
        let ok = go(-128.9);
        assert_eq!(ok.results[0].signed(), -128);
        assert!(ok.undefined.is_none());
        let r = go(200.0);
        assert_eq!(r.results[0].signed(), 127, "saturates");
        assert!(r.undefined.is_some_and(|d| d.message.contains("out of range")));
        let n = go(f32::NAN);
        assert_eq!((n.results[0].bits, n.results[2].bits), (0, 0));
        assert!(n.undefined.is_some());
        assert_eq!(go(65520.0).results[1].bits, 0x7C00, "f16 overflow rounds to infinity");
    }
}
