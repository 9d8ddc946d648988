//! `linalg` on memrefs, run as the loops `mlir-opt --convert-linalg-to-loops` makes of them:
//! the iteration space in lexicographic order, the first loop dimension outermost.
//!
//! Named ops (`matmul`, `matvec`, `dot`, `conv_2d`, `fill`, `copy`) are computed from their
//! definition (inputs sign-extended or truncated to the output's element type, as linalg's
//! default signed cast does), so they do not depend on how a reader spells their body;
//! `linalg.generic` runs its region once per point with the elements its indexing maps
//! select, and stores what `linalg.yield` gives. `linalg.index` reads a loop counter.
//! On float elements the named ops' multiply-add is `addf(out, mulf(a, b))` in the output's
//! format (two roundings, as the body linalg builds for them), inputs converted to it.

use super::exec::{segments, Frame, Machine, Value};
use super::floor::Meta;
use super::value::Int;
use super::{affine, err};
use crate::float::{soft, FloatFormat};
use mlir_text::affine::AffineExpr;
use mlir_text::{Attr, Diagnostic, Operation};

/// The float formats of a multiply-add's two inputs and its output (`None`: an integer).
type MacFormats = [Option<FloatFormat>; 3];

/// `x` (of format `from`, or a signed integer of `width` bits) in the float format `to`.
fn to_format(x: Int, from: Option<FloatFormat>, to: FloatFormat) -> u64 {
    match from {
        Some(f) => soft::convert(f, to, x.bits),
        None => soft::from_sint(to, x.bits, x.width),
    }
}

/// An operand of a linalg op: a memory, or (for `ins`) a scalar.
#[derive(Clone, Copy)]
enum Operand {
    Mem(usize),
    Scalar(Int),
}

impl<'f> Machine<'f> {
    /// Runs one `linalg.*` op.
    pub(crate) fn linalg(&mut self, fr: &mut Frame, op: &'f Operation) -> Result<(), Diagnostic> {
        let seg = segments(op, 2)?;
        let operands = op
            .operands
            .iter()
            .map(|o| {
                Ok(match self.get(fr, o.value, o.span)? {
                    Value::Mem(m) => Operand::Mem(m),
                    Value::Int(i) => Operand::Scalar(i),
                })
            })
            .collect::<Result<Vec<_>, Diagnostic>>()?;
        let (ins, outs) = operands.split_at(seg[0]);
        let name = op.name.strip_prefix("linalg.").unwrap_or(&op.name);
        let fmt = |i: usize| op.operands.get(i).and_then(|o| super::float_format(self.file.ty(o.value)));
        let fmts: MacFormats = [fmt(0), fmt(1), fmt(2)];
        let mem = |o: &Operand| match o {
            Operand::Mem(m) => Ok(*m),
            Operand::Scalar(_) => Err(err(op.span, format!("'{}' needs memref operands here", op.name))),
        };
        match (name, ins, outs) {
            ("generic", _, _) => self.generic(fr, op, &operands, seg[0]),
            ("fill", [Operand::Scalar(v)], [out]) => {
                let m = mem(out)?;
                let width = self.mems[m].width;
                self.steps += self.mems[m].data.len() as u64;
                let bits = match (fmt(0), fmt(1)) {
                    (from, Some(to)) => to_format(*v, from, to),
                    _ => Int::from_i64(v.signed(), width).bits,
                };
                for i in 0..self.mems[m].data.len() {
                    self.mems[m].data[i] = bits;
                    self.mems[m].writes += 1;
                }
                Ok(())
            }
            ("copy", [a], [b]) => {
                let (a, b) = (mem(a)?, mem(b)?);
                if self.mems[a].shape != self.mems[b].shape {
                    return Err(err(op.span, "linalg.copy needs equal shapes"));
                }
                let w = self.mems[b].width;
                self.steps += 2 * self.mems[a].data.len() as u64;
                for i in 0..self.mems[a].data.len() {
                    let v = Int::new(self.mems[a].data[i], self.mems[a].width);
                    self.mems[a].reads += 1;
                    self.mems[b].data[i] = Int::from_i64(v.signed(), w).bits;
                    self.mems[b].writes += 1;
                }
                Ok(())
            }
            ("matmul", [a, b], [c]) => {
                let (a, b, c) = (mem(a)?, mem(b)?, mem(c)?);
                let (m, k) = self.dims2(a, op)?;
                let (_, n) = self.dims2(b, op)?;
                self.mac_loops(
                    op,
                    fmts,
                    &[m, n, k],
                    c,
                    |p| vec![p[0], p[1]],
                    a,
                    |p| vec![p[0], p[2]],
                    b,
                    |p| vec![p[2], p[1]],
                )
            }
            ("matvec", [a, x], [y]) => {
                let (a, x, y) = (mem(a)?, mem(x)?, mem(y)?);
                let (m, n) = self.dims2(a, op)?;
                self.mac_loops(
                    op,
                    fmts,
                    &[m, n],
                    y,
                    |p| vec![p[0]],
                    a,
                    |p| vec![p[0], p[1]],
                    x,
                    |p| vec![p[1]],
                )
            }
            ("dot", [a, b], [c]) => {
                let (a, b, c) = (mem(a)?, mem(b)?, mem(c)?);
                let n =
                    *self.mems[a].shape.first().ok_or_else(|| err(op.span, "dot needs 1-D inputs"))? as i64;
                self.mac_loops(op, fmts, &[n], c, |_| vec![], a, |p| vec![p[0]], b, |p| vec![p[0]])
            }
            ("conv_2d", [i, f], [o]) => {
                let (i, f, o) = (mem(i)?, mem(f)?, mem(o)?);
                let (oh, ow) = self.dims2(o, op)?;
                let (kh, kw) = self.dims2(f, op)?;
                self.mac_loops(
                    op,
                    fmts,
                    &[oh, ow, kh, kw],
                    o,
                    |p| vec![p[0], p[1]],
                    i,
                    |p| vec![p[0] + p[2], p[1] + p[3]],
                    f,
                    |p| vec![p[2], p[3]],
                )
            }
            _ => Err(err(
                op.name_span,
                format!("the interpreter does not know '{}' with these operands", op.name),
            )),
        }
    }

    fn dims2(&self, m: usize, op: &Operation) -> Result<(i64, i64), Diagnostic> {
        match self.mems[m].shape[..] {
            [a, b] => Ok((a as i64, b as i64)),
            _ => Err(err(op.span, format!("'{}' needs 2-D memrefs here", op.name))),
        }
    }

    /// `out[fo(p)] += a[fa(p)] * b[fb(p)]` over the box `bounds`, in lexicographic order,
    /// with inputs cast (signed) to the output's element width (floats: see the header).
    #[allow(clippy::too_many_arguments)]
    fn mac_loops(
        &mut self,
        op: &Operation,
        fmts: MacFormats,
        bounds: &[i64],
        out: usize,
        fo: impl Fn(&[i64]) -> Vec<i64>,
        a: usize,
        fa: impl Fn(&[i64]) -> Vec<i64>,
        b: usize,
        fb: impl Fn(&[i64]) -> Vec<i64>,
    ) -> Result<(), Diagnostic> {
        let w = self.mems[out].width;
        let points = points(bounds);
        self.steps += 4 * points.len() as u64;
        for p in points {
            // The floor: the sum exists no earlier than its three inputs (the multiply-add
            // itself counts 0 cycles, a lower bound).
            let x = self.load(a, &fa(&p), op.span)?;
            let mut t = self.floor.loaded;
            let y = self.load(b, &fb(&p), op.span)?;
            t = t.max(self.floor.loaded);
            let acc = self.load(out, &fo(&p), op.span)?;
            t = t.max(self.floor.loaded);
            let r = match fmts[2] {
                Some(f) => {
                    let (x, y) = (to_format(x, fmts[0], f), to_format(y, fmts[1], f));
                    Int::new(soft::add(f, acc.bits, soft::mul(f, x, y)), w)
                }
                None => {
                    let x = Int::from_i64(x.signed(), w);
                    let y = Int::from_i64(y.signed(), w);
                    Int::new(acc.bits.wrapping_add(x.bits.wrapping_mul(y.bits)), w)
                }
            };
            self.store(out, &fo(&p), r, t, op.span)?;
        }
        Ok(())
    }

    fn generic(
        &mut self,
        fr: &mut Frame,
        op: &'f Operation,
        operands: &[Operand],
        n_ins: usize,
    ) -> Result<(), Diagnostic> {
        let maps = match op.attr("indexing_maps") {
            Some(Attr::Array(items)) => items
                .iter()
                .map(|a| match a {
                    Attr::AffineMap(t) => mlir_text::affine::AffineMap::parse(t)
                        .map_err(|e| err(op.span, format!("bad indexing map: {e}"))),
                    _ => Err(err(op.span, "indexing_maps must hold affine maps")),
                })
                .collect::<Result<Vec<_>, _>>()?,
            _ => return Err(err(op.span, "linalg.generic needs 'indexing_maps'")),
        };
        if maps.len() != operands.len() {
            return Err(err(op.span, "one indexing map per operand is needed"));
        }
        let n_loops = maps.first().map(|m| m.num_dims as usize).unwrap_or(0);
        // Each loop's extent: the size of a memref dimension its map sends the loop to.
        let mut bounds = vec![None; n_loops];
        for (map, o) in maps.iter().zip(operands) {
            if let Operand::Mem(m) = o {
                for (r, e) in map.results.iter().enumerate() {
                    if let (AffineExpr::Dim(d), Some(&size)) = (e, self.mems[*m].shape.get(r)) {
                        bounds[*d as usize].get_or_insert(size as i64);
                    }
                }
            }
        }
        let bounds: Vec<i64> = bounds
            .into_iter()
            .map(|b| {
                b.ok_or_else(|| {
                    err(op.span, "a loop of linalg.generic is not the size of any operand dimension")
                })
            })
            .collect::<Result<_, _>>()?;
        let body = op.regions().first().ok_or_else(|| err(op.span, "linalg.generic needs a body"))?;
        for p in points(&bounds) {
            self.loop_index = p.clone();
            let mut args = Vec::with_capacity(operands.len());
            // Elements read from memory are variable (and exist when their read or the
            // store it forwards does); scalar operands count as foldable.
            let mut metas = Vec::with_capacity(operands.len());
            for (map, o) in maps.iter().zip(operands) {
                args.push(Value::Int(match o {
                    Operand::Scalar(v) => {
                        metas.push(Meta::default());
                        *v
                    }
                    Operand::Mem(m) => {
                        let idx = affine::eval_map(map, &p, op.span)?;
                        let v = self.load(*m, &idx, op.span)?;
                        metas.push(Meta { var: true, t: self.floor.loaded, ..Meta::default() });
                        v
                    }
                }));
            }
            let exit = self.run_region(fr, body, &args, &metas)?;
            let outs = &operands[n_ins..];
            if exit.values.len() != outs.len() {
                return Err(err(op.span, "linalg.yield must give one value per output"));
            }
            for (((map, o), v), meta) in maps[n_ins..].iter().zip(outs).zip(exit.values).zip(exit.metas) {
                let (Operand::Mem(m), Value::Int(v)) = (o, v) else {
                    return Err(err(op.span, "outputs must be memrefs and yield integers"));
                };
                let idx = affine::eval_map(map, &p, op.span)?;
                self.store(*m, &idx, v, meta.t, op.span)?;
            }
        }
        Ok(())
    }
}

/// Every point of the box `0..bounds[0] x 0..bounds[1] x ...`, lexicographically.
fn points(bounds: &[i64]) -> Vec<Vec<i64>> {
    let mut out = Vec::new();
    if bounds.iter().any(|&b| b <= 0) {
        return out;
    }
    let mut p = vec![0i64; bounds.len()];
    loop {
        out.push(p.clone());
        let mut d = bounds.len();
        loop {
            if d == 0 {
                return out;
            }
            d -= 1;
            p[d] += 1;
            if p[d] < bounds[d] {
                break;
            }
            p[d] = 0;
        }
    }
}
