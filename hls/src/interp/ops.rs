//! Leaf ops: constants (integer, or a float's bit pattern), integer arithmetic, bitcasts,
//! calls, and memory (`memref` and `affine` loads/stores, `affine.apply`/`min`/`max`), in
//! today's and the seed's spellings; float ops go to [`super::float`].

use super::exec::{Frame, Machine, Value};
use super::value::{self, Int};
use super::{affine, err, int_width};
use mlir_text::{Attr, Diagnostic, Operation, Span};

/// The op's name without an `arith.` prefix (seed ops have none).
fn short(name: &str) -> &str {
    name.strip_prefix("arith.").unwrap_or(name)
}

impl<'f> Machine<'f> {
    /// The width of result `i`.
    fn result_width(&self, op: &Operation, i: usize) -> Result<u32, Diagnostic> {
        let r = op.results.get(i).ok_or_else(|| err(op.span, "missing result"))?;
        int_width(self.file.ty(*r))
            .ok_or_else(|| err(op.span, "expected an integer result (at most 64 bits)"))
    }

    fn set_int(&self, fr: &mut Frame, op: &Operation, v: Int) -> Result<(), Diagnostic> {
        let r = *op.results.first().ok_or_else(|| err(op.span, "missing result"))?;
        fr.set(r, Value::Int(v));
        Ok(())
    }

    fn operand_int(&self, fr: &Frame, op: &Operation, i: usize) -> Result<Int, Diagnostic> {
        let o = op.operands.get(i).ok_or_else(|| err(op.span, format!("missing operand {i}")))?;
        self.int(fr, o.value, o.span)
    }

    /// Runs one op that is neither control flow nor `linalg`.
    pub(crate) fn leaf(&mut self, fr: &mut Frame, op: &'f Operation) -> Result<(), Diagnostic> {
        if super::float::is_float_op(&op.name) {
            let v = self.float_op(fr, op)?;
            return self.set_int(fr, op, v);
        }
        let name = short(&op.name);
        match name {
            "constant" | "hw.constant" => {
                let w = self.result_width(op, 0)?;
                let v = match op.attr("value") {
                    Some(Attr::Int(b, _)) => {
                        let v =
                            b.to_i128().ok_or_else(|| err(op.span, "constant does not fit in 64 bits"))?;
                        Int::new(v as u64, w)
                    }
                    Some(Attr::Bool(b)) => Int::new(*b as u64, w),
                    // A float constant is its bit pattern.
                    Some(Attr::Float(lit)) if lit.kind.width() == w => Int::new(lit.bits, w),
                    _ => {
                        return Err(err(op.span, "expected an integer or float 'value' of the result's type"))
                    }
                };
                self.set_int(fr, op, v)
            }
            "cmpi" => {
                let pred = match op.attr("predicate") {
                    Some(Attr::Int(b, _)) => b.to_i128().map(|p| p as u32),
                    Some(Attr::String(s)) => value::predicate_number(s),
                    Some(Attr::Opaque(s)) => value::predicate_number(s.trim_matches('"')),
                    _ => None,
                };
                let pred = pred.ok_or_else(|| err(op.span, "unknown cmpi predicate"))?;
                let (a, b) = (self.operand_int(fr, op, 0)?, self.operand_int(fr, op, 1)?);
                let r = value::compare(pred, a, b).ok_or_else(|| err(op.span, "unknown cmpi predicate"))?;
                self.set_int(fr, op, Int::from_bool(r))
            }
            "select" => {
                let c = self.operand_int(fr, op, 0)?;
                let pick = if c.is_true() { 1 } else { 2 };
                let o = op.operands.get(pick).ok_or_else(|| err(op.span, "select needs three operands"))?;
                let v = self.get(fr, o.value, o.span)?;
                let r = *op.results.first().ok_or_else(|| err(op.span, "missing result"))?;
                fr.set(r, v);
                Ok(())
            }
            "extsi" | "extui" | "trunci" | "index_cast" | "index_castui" | "bitcast" => {
                let a = self.operand_int(fr, op, 0)?;
                let w = self.result_width(op, 0)?;
                self.set_int(fr, op, value::convert(name, a, w).expect("listed conversion"))
            }
            "func.call" | "call" => {
                let callee = match op.attr("callee") {
                    Some(Attr::SymbolRef(p)) => p.last().cloned(),
                    Some(Attr::String(s)) => Some(s.clone()),
                    _ => None,
                };
                let callee = callee.ok_or_else(|| err(op.span, "call without a callee"))?;
                let f = self.function(&callee, op.span)?;
                let args = op
                    .operands
                    .iter()
                    .map(|o| self.get(fr, o.value, o.span))
                    .collect::<Result<Vec<_>, _>>()?;
                let exit = self.call(f, &args, &fr.metas_of(&op.operands), op.span)?;
                if exit.values.len() != op.results.len() {
                    return Err(err(op.span, "the callee returns a different number of values"));
                }
                for ((&r, v), m) in op.results.iter().zip(exit.values).zip(exit.metas) {
                    fr.set(r, v);
                    fr.set_meta(r, m);
                }
                Ok(())
            }
            "memref.alloc" | "memref.alloca" | "alloc" | "alloca" => {
                let m = self.alloc(op)?;
                fr.set(op.results[0], Value::Mem(m));
                Ok(())
            }
            "memref.dealloc" | "dealloc" => Ok(()),
            "memref.load" | "load" => {
                let m = self.mem(fr, op.operands[0].value, op.span)?;
                let idx = self.ints(fr, &op.operands[1..])?;
                let v = self.load(m, &idx, op.name_span)?;
                let v = self.cell_load(op.span, m, self.flat(m, &idx, op.name_span)?, v);
                self.set_int(fr, op, v)
            }
            "memref.store" | "store" => {
                let v = self.operand_int(fr, op, 0)?;
                let m = self.mem(
                    fr,
                    op.operands.get(1).ok_or_else(|| err(op.span, "store needs a memref"))?.value,
                    op.span,
                )?;
                let idx = self.ints(fr, &op.operands[2..])?;
                self.cell_store(op.span, v);
                self.store(m, &idx, v, fr.meta(op.operands[0].value).t, op.name_span)
            }
            "affine.load" => {
                let m = self.mem(fr, op.operands[0].value, op.span)?;
                let map = affine::map_attr(op, "map")?;
                let idx = affine::eval_map(&map, &self.ints(fr, &op.operands[1..])?, op.span)?;
                let v = self.load(m, &idx, op.name_span)?;
                let v = self.cell_load(op.span, m, self.flat(m, &idx, op.name_span)?, v);
                self.set_int(fr, op, v)
            }
            "affine.store" => {
                let v = self.operand_int(fr, op, 0)?;
                let m = self.mem(
                    fr,
                    op.operands.get(1).ok_or_else(|| err(op.span, "store needs a memref"))?.value,
                    op.span,
                )?;
                let map = affine::map_attr(op, "map")?;
                let idx = affine::eval_map(&map, &self.ints(fr, &op.operands[2..])?, op.span)?;
                self.cell_store(op.span, v);
                self.store(m, &idx, v, fr.meta(op.operands[0].value).t, op.name_span)
            }
            "affine.apply" | "affine.min" | "affine.max" => {
                let map = affine::map_attr(op, "map")?;
                let vals = affine::eval_map(&map, &self.ints(fr, &op.operands)?, op.span)?;
                let v = match name {
                    "affine.min" => vals.iter().copied().min(),
                    "affine.max" => vals.iter().copied().max(),
                    _ if vals.len() == 1 => Some(vals[0]),
                    _ => None,
                };
                let v =
                    v.ok_or_else(|| err(op.span, "the map must have one result (min/max: at least one)"))?;
                self.set_int(fr, op, Int::from_i64(v, 32))
            }
            _ => {
                if op.operands.len() == 2 && op.results.len() == 1 {
                    let (a, b) = (self.operand_int(fr, op, 0)?, self.operand_int(fr, op, 1)?);
                    if let (Some(what), None) = (value::undefined(name, a, b), &self.undefined) {
                        self.undefined = Some(err(op.name_span, format!("undefined in MLIR: {what}")));
                    }
                    if let Some(v) = value::binary(name, a, b) {
                        return self.set_int(fr, op, v);
                    }
                }
                Err(err(op.name_span, format!("the interpreter does not know '{}'", op.name)))
            }
        }
    }

    /// The flat index of `idx` in memory `m`, checked against its shape.
    pub(crate) fn flat(&self, m: usize, idx: &[i64], at: Span) -> Result<usize, Diagnostic> {
        let mem = &self.mems[m];
        if idx.len() != mem.shape.len() {
            return Err(err(at, format!("{} indices for a memref of rank {}", idx.len(), mem.shape.len())));
        }
        let mut flat = 0u64;
        for (&i, &d) in idx.iter().zip(&mem.shape) {
            if i < 0 || i as u64 >= d {
                return Err(err(
                    at,
                    format!("index {i} is out of bounds 0..{d} of '{}' ({idx:?})", mem.name),
                ));
            }
            flat = flat * d + i as u64;
        }
        Ok(flat as usize)
    }

    /// Reads one element (counted; the floor notes when its value exists).
    pub(crate) fn load(&mut self, m: usize, idx: &[i64], at: Span) -> Result<Int, Diagnostic> {
        let f = self.flat(m, idx, at)?;
        self.floor.load(m, f);
        let mem = &mut self.mems[m];
        mem.reads += 1;
        Ok(Int::new(mem.data[f], mem.width))
    }

    /// Writes one element (counted), a value that exists from cycle `t` ([`super::floor`]);
    /// the value is truncated to the element width.
    pub(crate) fn store(
        &mut self,
        m: usize,
        idx: &[i64],
        v: Int,
        t: u32,
        at: Span,
    ) -> Result<(), Diagnostic> {
        let f = self.flat(m, idx, at)?;
        self.floor.store(m, f, t);
        let mem = &mut self.mems[m];
        mem.writes += 1;
        mem.data[f] = Int::new(v.bits, mem.width).bits;
        Ok(())
    }
}
