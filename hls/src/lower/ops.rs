//! Lowering of scalar ops (arith and the seed's standard spellings), affine index
//! arithmetic (`affine.apply`/`min`/`max`, map results) and memory accesses (affine and
//! memref loads and stores, local allocations).

use super::{Expr, Lower, Map, MemRef, Res};
use crate::ir::{BinOp, MemKind, OpKind, ValId, INDEX_WIDTH};
use comb::IcmpPred;
use mlir_text::{Attr, Diagnostic, Operation, Span};

/// The binary op of an arith (or seed) name.
pub(crate) fn bin_op(name: &str) -> Option<BinOp> {
    let n = name.strip_prefix("arith.").unwrap_or(name);
    Some(match n {
        "addi" => BinOp::Add,
        "subi" => BinOp::Sub,
        "muli" => BinOp::Mul,
        "divsi" | "divi_signed" => BinOp::DivS,
        "divui" | "divi_unsigned" => BinOp::DivU,
        "remsi" | "remi_signed" => BinOp::RemS,
        "remui" | "remi_unsigned" => BinOp::RemU,
        "andi" | "and" => BinOp::And,
        "ori" | "or" => BinOp::Or,
        "xori" | "xor" => BinOp::Xor,
        "shli" | "shift_left" => BinOp::Shl,
        "shrsi" | "shift_right_signed" => BinOp::ShrS,
        "shrui" | "shift_right_unsigned" => BinOp::ShrU,
        _ => return None,
    })
}

fn pred_of(a: &Attr) -> Option<IcmpPred> {
    match a {
        Attr::Int(v, _) => IcmpPred::from_index(v.to_i128()?).filter(|p| (*p as u8) < 10),
        Attr::String(s) => IcmpPred::from_name(s).filter(|p| (*p as u8) < 10),
        _ => None,
    }
}

impl Lower<'_> {
    fn operand_vals(&self, op: &Operation) -> Res<Vec<ValId>> {
        op.operands.iter().map(|o| self.val(o.value, o.span)).collect()
    }
    fn result_width(&self, op: &Operation) -> Res<u32> {
        let r = op.results.first().ok_or_else(|| Diagnostic::error(op.name_span, "expected a result"))?;
        self.int_width(self.file.ty(*r), op.span)
    }
    fn set_result(&mut self, op: &Operation, v: ValId) {
        if let Some(&r) = op.results.first() {
            let name = self.file.value(r).name.to_string();
            if !name.chars().all(|c| c.is_ascii_digit()) {
                self.f.values[v.index()].name.get_or_insert(name);
            }
            self.vals.insert(r, v);
        }
    }
    fn same_width(&self, op: &Operation, vals: &[ValId], w: u32) -> Res<()> {
        if vals.iter().any(|&v| self.f.width(v) != w) {
            return Err(Diagnostic::error(op.span, format!("'{}' operands must be i{w}", op.name)));
        }
        Ok(())
    }

    /// Scalar ops; returns false if `op` is not one.
    pub fn arith(&mut self, op: &Operation) -> Res<bool> {
        let name: &str = &op.name;
        let n = name.strip_prefix("arith.").unwrap_or(name);
        let s = op.span;
        let v = match n {
            "constant" if name == "constant" || name == "arith.constant" => {
                let w = self.result_width(op)?;
                let value = match op.attr("value") {
                    Some(Attr::Int(b, _)) => b.to_i128().filter(|v| *v >= -(1i128 << 64) && *v < 1i128 << 64),
                    Some(Attr::Bool(b)) => Some(*b as i128),
                    // A float constant is its bit pattern, in the result's format.
                    Some(Attr::Float(lit)) if lit.kind.width() == w => Some(lit.bits as i128),
                    _ => None,
                };
                let Some(value) = value else {
                    return Err(Diagnostic::error(op.span, "expected an integer constant"));
                };
                self.konst(value as i64, w, s)
            }
            "cmpi" => {
                self.arity(op, 2)?;
                let vals = self.operand_vals(op)?;
                let w = self.f.width(vals[0]);
                self.same_width(op, &vals, w)?;
                let Some(p) = op.attr("predicate").and_then(pred_of) else {
                    return Err(Diagnostic::error(
                        op.name_span,
                        "'cmpi' needs a predicate (eq, ne, slt, ...)",
                    ));
                };
                self.emit(OpKind::Cmp(p), vals, 1, s)
            }
            "select" => {
                self.arity(op, 3)?;
                let vals = self.operand_vals(op)?;
                let w = self.result_width(op)?;
                if self.f.width(vals[0]) != 1 {
                    return Err(Diagnostic::error(op.span, "'select' condition must be i1"));
                }
                self.same_width(op, &vals[1..], w)?;
                self.emit(OpKind::Select, vals, w, s)
            }
            "extsi" | "extui" | "trunci" | "index_cast" | "index_castui" => {
                self.arity(op, 1)?;
                let x = self.operand_vals(op)?[0];
                let w = self.result_width(op)?;
                let signed = n != "extui" && n != "index_castui";
                self.resize(x, w, signed, s)
            }
            "maxsi" | "minsi" | "maxui" | "minui" => {
                self.arity(op, 2)?;
                let vals = self.operand_vals(op)?;
                let w = self.result_width(op)?;
                self.same_width(op, &vals, w)?;
                let p = match n {
                    "maxsi" => IcmpPred::Sgt,
                    "minsi" => IcmpPred::Slt,
                    "maxui" => IcmpPred::Ugt,
                    _ => IcmpPred::Ult,
                };
                let c = self.emit(OpKind::Cmp(p), vals.clone(), 1, s);
                self.emit(OpKind::Select, vec![c, vals[0], vals[1]], w, s)
            }
            "ceildivsi" | "floordivsi" => {
                self.arity(op, 2)?;
                let vals = self.operand_vals(op)?;
                let w = self.result_width(op)?;
                self.same_width(op, &vals, w)?;
                self.signed_round_div(vals[0], vals[1], n == "ceildivsi", s)
            }
            "ceildivui" => {
                self.arity(op, 2)?;
                let vals = self.operand_vals(op)?;
                let w = self.result_width(op)?;
                self.same_width(op, &vals, w)?;
                self.unsigned_ceil_div(vals[0], vals[1], s)
            }
            "affine.apply" | "affine.min" | "affine.max" => {
                let map = self.map_attr(op, "map")?;
                let vals = self.operand_vals(op)?;
                let mut rs = self.map_results(&map, &vals, op)?;
                if rs.is_empty() {
                    return Err(Diagnostic::error(op.span, "affine map has no results"));
                }
                let mut v = rs.remove(0);
                for r in rs {
                    let p = if name == "affine.min" { IcmpPred::Slt } else { IcmpPred::Sgt };
                    let c = self.emit(OpKind::Cmp(p), vec![r, v], 1, s);
                    v = self.emit(OpKind::Select, vec![c, r, v], INDEX_WIDTH, s);
                }
                v
            }
            _ if name.starts_with("affine.") => return Ok(false),
            _ => {
                let Some(b) = bin_op(name) else { return Ok(false) };
                self.arity(op, 2)?;
                let vals = self.operand_vals(op)?;
                let w = self.result_width(op)?;
                self.same_width(op, &vals, w)?;
                self.emit(OpKind::Bin(b), vals, w, s)
            }
        };
        self.set_result(op, v);
        Ok(true)
    }

    /// `x` at `w` bits: extended (signed or not) or truncated.
    pub fn resize(&mut self, x: ValId, w: u32, signed: bool, s: Span) -> ValId {
        let xw = self.f.width(x);
        match xw.cmp(&w) {
            std::cmp::Ordering::Equal => x,
            std::cmp::Ordering::Less => {
                self.emit(if signed { OpKind::SExt } else { OpKind::ZExt }, vec![x], w, s)
            }
            std::cmp::Ordering::Greater => self.emit(OpKind::Trunc, vec![x], w, s),
        }
    }

    /// Signed division rounding toward +inf (`ceil`) or -inf.
    fn signed_round_div(&mut self, a: ValId, b: ValId, ceil: bool, s: Span) -> ValId {
        let w = self.f.width(a);
        let q = self.emit(OpKind::Bin(BinOp::DivS), vec![a, b], w, s);
        let r = self.emit(OpKind::Bin(BinOp::RemS), vec![a, b], w, s);
        let zero = self.konst(0, w, s);
        let nz = self.emit(OpKind::Cmp(IcmpPred::Ne), vec![r, zero], 1, s);
        let rneg = self.emit(OpKind::Cmp(IcmpPred::Slt), vec![r, zero], 1, s);
        let bneg = self.emit(OpKind::Cmp(IcmpPred::Slt), vec![b, zero], 1, s);
        let same =
            self.emit(OpKind::Cmp(if ceil { IcmpPred::Eq } else { IcmpPred::Ne }), vec![rneg, bneg], 1, s);
        let adj = self.emit(OpKind::Bin(BinOp::And), vec![nz, same], 1, s);
        let adj = self.resize(adj, w, false, s);
        self.emit(OpKind::Bin(if ceil { BinOp::Add } else { BinOp::Sub }), vec![q, adj], w, s)
    }

    /// Unsigned division rounding up: the quotient plus one when the remainder is not zero.
    fn unsigned_ceil_div(&mut self, a: ValId, b: ValId, s: Span) -> ValId {
        let w = self.f.width(a);
        let q = self.emit(OpKind::Bin(BinOp::DivU), vec![a, b], w, s);
        let r = self.emit(OpKind::Bin(BinOp::RemU), vec![a, b], w, s);
        let zero = self.konst(0, w, s);
        let nz = self.emit(OpKind::Cmp(IcmpPred::Ne), vec![r, zero], 1, s);
        let adj = self.resize(nz, w, false, s);
        self.emit(OpKind::Bin(BinOp::Add), vec![q, adj], w, s)
    }

    /// The affine map attribute `key` of `op`, parsed.
    pub fn map_attr(&self, op: &Operation, key: &str) -> Res<Map> {
        let at = op.named_attr(key);
        match at.map(|a| &a.value) {
            Some(Attr::AffineMap(t)) => {
                super::parse_map(t).map_err(|e| Diagnostic::error(at.map_or(op.span, |a| a.span), e))
            }
            _ => Err(Diagnostic::error(op.name_span, format!("'{}' needs an affine map '{key}'", op.name))),
        }
    }

    /// Emits the results of `map` applied to dims then symbols `vals` (32-bit index values).
    pub fn map_results(&mut self, map: &Map, vals: &[ValId], op: &Operation) -> Res<Vec<ValId>> {
        if vals.len() != map.dims + map.syms {
            return Err(Diagnostic::error(
                op.span,
                format!("affine map takes {} operands, got {}", map.dims + map.syms, vals.len()),
            ));
        }
        let vals: Vec<ValId> = vals.iter().map(|&v| self.resize(v, INDEX_WIDTH, true, op.span)).collect();
        map.results.iter().map(|e| self.affine_expr(e, &vals, map.dims, op.span)).collect()
    }

    /// Emits one affine expression (dims are `vals[..dims]`, symbols follow).
    pub fn affine_expr(&mut self, e: &Expr, vals: &[ValId], dims: usize, s: Span) -> Res<ValId> {
        if let Some(c) = e.constant() {
            return Ok(self.konst(c, INDEX_WIDTH, s));
        }
        Ok(match e {
            Expr::Const(c) => self.konst(*c, INDEX_WIDTH, s),
            Expr::Dim(i) => vals[*i],
            Expr::Sym(i) => vals[dims + *i],
            Expr::Add(a, b) => {
                let (a, b) = (self.affine_expr(a, vals, dims, s)?, self.affine_expr(b, vals, dims, s)?);
                self.emit(OpKind::Bin(BinOp::Add), vec![a, b], INDEX_WIDTH, s)
            }
            Expr::Mul(a, b) => {
                let (a, b) = match (a.constant(), b.constant()) {
                    (Some(_), None) => (b, a),
                    _ => (a, b),
                };
                let x = self.affine_expr(a, vals, dims, s)?;
                match b.constant() {
                    Some(1) => x,
                    Some(k) if k > 0 && k.count_ones() == 1 => {
                        let sh = self.konst(k.trailing_zeros() as i64, INDEX_WIDTH, s);
                        self.emit(OpKind::Bin(BinOp::Shl), vec![x, sh], INDEX_WIDTH, s)
                    }
                    Some(-1) => {
                        let zero = self.konst(0, INDEX_WIDTH, s);
                        self.emit(OpKind::Bin(BinOp::Sub), vec![zero, x], INDEX_WIDTH, s)
                    }
                    _ => {
                        let y = self.affine_expr(b, vals, dims, s)?;
                        self.emit(OpKind::Bin(BinOp::Mul), vec![x, y], INDEX_WIDTH, s)
                    }
                }
            }
            Expr::FloorDiv(a, b) | Expr::CeilDiv(a, b) | Expr::Mod(a, b) => {
                let Some(k) = b.constant().filter(|&k| k > 0) else {
                    return Err(Diagnostic::error(s, "affine floordiv/ceildiv/mod need a positive constant"));
                };
                let x = self.affine_expr(a, vals, dims, s)?;
                let kv = self.konst(k, INDEX_WIDTH, s);
                if k.count_ones() == 1 {
                    let sh = self.konst(k.trailing_zeros() as i64, INDEX_WIDTH, s);
                    match e {
                        Expr::FloorDiv(..) => {
                            self.emit(OpKind::Bin(BinOp::ShrS), vec![x, sh], INDEX_WIDTH, s)
                        }
                        Expr::CeilDiv(..) => {
                            // (x >> s) + (low bits != 0): exact for every i32 x, where
                            // (x + k - 1) >> s wrapped near the largest index.
                            let km1 = self.konst(k - 1, INDEX_WIDTH, s);
                            let q = self.emit(OpKind::Bin(BinOp::ShrS), vec![x, sh], INDEX_WIDTH, s);
                            let low = self.emit(OpKind::Bin(BinOp::And), vec![x, km1], INDEX_WIDTH, s);
                            let zero = self.konst(0, INDEX_WIDTH, s);
                            let nz = self.emit(OpKind::Cmp(IcmpPred::Ne), vec![low, zero], 1, s);
                            let up = self.resize(nz, INDEX_WIDTH, false, s);
                            self.emit(OpKind::Bin(BinOp::Add), vec![q, up], INDEX_WIDTH, s)
                        }
                        _ => {
                            let km1 = self.konst(k - 1, INDEX_WIDTH, s);
                            self.emit(OpKind::Bin(BinOp::And), vec![x, km1], INDEX_WIDTH, s)
                        }
                    }
                } else if let Expr::Mod(..) = e {
                    let r = self.emit(OpKind::Bin(BinOp::RemS), vec![x, kv], INDEX_WIDTH, s);
                    let zero = self.konst(0, INDEX_WIDTH, s);
                    let neg = self.emit(OpKind::Cmp(IcmpPred::Slt), vec![r, zero], 1, s);
                    let rk = self.emit(OpKind::Bin(BinOp::Add), vec![r, kv], INDEX_WIDTH, s);
                    self.emit(OpKind::Select, vec![neg, rk, r], INDEX_WIDTH, s)
                } else {
                    self.signed_round_div(x, kv, matches!(e, Expr::CeilDiv(..)), s)
                }
            }
        })
    }

    /// The flat row-major address of `idx` in `m` (constant indices are range-checked).
    pub fn address(&mut self, m: &MemRef, idx: &[ValId], s: Span) -> Res<ValId> {
        if idx.len() != m.shape.len() {
            return Err(Diagnostic::error(
                s,
                format!("memref of rank {} indexed with {} indices", m.shape.len(), idx.len()),
            ));
        }
        if idx.is_empty() {
            return Ok(self.konst(0, INDEX_WIDTH, s));
        }
        let mut lin = crate::analysis::deps::Linear::new(&self.f);
        for (k, (&i, &d)) in idx.iter().zip(&m.shape).enumerate() {
            if let Some(c) = lin.form(i).terms.is_empty().then(|| lin.form(i).constant) {
                if c < 0 || c as u64 >= d {
                    return Err(Diagnostic::error(s, format!("index {k} is {c}, out of range 0..{d}")));
                }
            }
        }
        let mut addr: Option<ValId> = None;
        for (k, &i) in idx.iter().enumerate() {
            let i = self.resize(i, INDEX_WIDTH, true, s);
            let stride: u64 = m.shape[k + 1..].iter().product();
            let term = if stride == 1 {
                i
            } else if stride.is_power_of_two() {
                let sh = self.konst(stride.trailing_zeros() as i64, INDEX_WIDTH, s);
                self.emit(OpKind::Bin(BinOp::Shl), vec![i, sh], INDEX_WIDTH, s)
            } else {
                let st = self.konst(stride as i64, INDEX_WIDTH, s);
                self.emit(OpKind::Bin(BinOp::Mul), vec![i, st], INDEX_WIDTH, s)
            };
            addr = Some(match addr {
                None => term,
                Some(a) => self.emit(OpKind::Bin(BinOp::Add), vec![a, term], INDEX_WIDTH, s),
            });
        }
        Ok(addr.expect("rank >= 1"))
    }

    /// Loads, stores and allocations; returns false if `op` is none of them.
    pub fn memory(&mut self, op: &Operation) -> Res<bool> {
        let name: &str = &op.name;
        let s = op.span;
        match name {
            "affine.load" | "memref.load" | "load" => {
                let Some(first) = op.operands.first() else {
                    return Err(Diagnostic::error(op.name_span, "a load needs a memref"));
                };
                let m = self.memref(first.value, first.span)?;
                let idx = self.indices(op, 1)?;
                let addr = self.address(&m, &idx, s)?;
                let w = self.f.mems[m.mem.index()].width;
                let v = self.emit(OpKind::Load(m.mem), vec![addr], w, s);
                self.set_result(op, v);
            }
            "affine.store" | "memref.store" | "store" => {
                if op.operands.len() < 2 {
                    return Err(Diagnostic::error(op.name_span, "a store needs a value and a memref"));
                }
                let data = self.val(op.operands[0].value, op.operands[0].span)?;
                let m = self.memref(op.operands[1].value, op.operands[1].span)?;
                let elem = match self.file.ty(op.operands[1].value) {
                    mlir_text::Type::Complex(c) => match &**c {
                        mlir_text::ComplexType::MemRef { elem, .. } => Some(elem.clone()),
                        _ => None,
                    },
                    _ => None,
                };
                let same_type = elem.as_ref().is_none_or(|e| e == self.file.ty(op.operands[0].value));
                if !same_type || self.f.width(data) != self.f.mems[m.mem.index()].width {
                    return Err(Diagnostic::error(
                        s,
                        "stored value's width differs from the memref's elements",
                    ));
                }
                let idx = self.indices(op, 2)?;
                let addr = self.address(&m, &idx, s)?;
                self.emit_store(m.mem, addr, data, s);
            }
            "memref.alloc" | "memref.alloca" | "alloc" | "alloca" => {
                let Some(&r) = op.results.first() else {
                    return Err(Diagnostic::error(op.name_span, "an allocation needs a result"));
                };
                let info = self.file.value(r);
                let Some(mt) = self.memref_type(&info.ty, s)? else {
                    return Err(Diagnostic::error(s, "an allocation must give a memref"));
                };
                if !op.operands.is_empty() {
                    return Err(Diagnostic::error(s, "dynamic allocations are not supported in HLS"));
                }
                let name = info.name.to_string();
                let name = if name.chars().all(|c| c.is_ascii_digit()) { format!("mem{name}") } else { name };
                let (mem, shape) = self.add_memory(name, &mt, MemKind::Local, s)?;
                self.mems.insert(r, MemRef { mem, shape });
            }
            "memref.dealloc" | "dealloc" => {}
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The index values of a load/store whose indices start at operand `from` (through the
    /// `map` attribute for affine accesses).
    fn indices(&mut self, op: &Operation, from: usize) -> Res<Vec<ValId>> {
        let vals = op.operands[from..].iter().map(|o| self.val(o.value, o.span)).collect::<Res<Vec<_>>>()?;
        if op.name.starts_with("affine.") && op.attr("map").is_some() {
            let map = self.map_attr(op, "map")?;
            self.map_results(&map, &vals, op)
        } else {
            Ok(vals)
        }
    }
}
