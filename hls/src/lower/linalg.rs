//! Lowering of linalg on memrefs to loop nests.
//!
//! Every supported op is seen as a `linalg.generic`: an iteration domain (one loop per
//! dimension, extents read from the operand shapes), one affine indexing map per operand,
//! and a body over one element per operand whose yielded values are stored to the outputs.
//! Named ops (`matmul`, `matvec`, `dot`, `fill`, `copy`, `conv_2d`) bring their standard
//! maps; their body is the region when the op carries one (the generic form prints it),
//! else the op's standard computation. Loops run in domain order (outermost = d0), which
//! is a valid order for any iterator types, reductions included.

use super::{parse_map, Lower, Map, Res};
use crate::ir::{BinOp, OpKind, ValId, INDEX_WIDTH};
use mlir_text::{Attr, Block, Diagnostic, Operation, ValueId};

fn maps_of(name: &str) -> Option<&'static [&'static str]> {
    Some(match name {
        "linalg.matmul" => {
            &["(d0, d1, d2) -> (d0, d2)", "(d0, d1, d2) -> (d2, d1)", "(d0, d1, d2) -> (d0, d1)"]
        }
        "linalg.matvec" => &["(d0, d1) -> (d0, d1)", "(d0, d1) -> (d1)", "(d0, d1) -> (d0)"],
        "linalg.dot" => &["(d0) -> (d0)", "(d0) -> (d0)", "(d0) -> ()"],
        "linalg.conv_2d" => &[
            "(d0, d1, d2, d3) -> (d0 + d2, d1 + d3)",
            "(d0, d1, d2, d3) -> (d2, d3)",
            "(d0, d1, d2, d3) -> (d0, d1)",
        ],
        _ => return None,
    })
}

fn uses(block: &Block, v: ValueId) -> bool {
    block.ops.iter().any(|op| {
        op.operands.iter().any(|o| o.value == v)
            || op.regions().iter().flat_map(|r| &r.blocks).any(|b| uses(b, v))
    })
}

impl Lower<'_> {
    /// Lowers a linalg op into loops in the current region.
    pub fn linalg(&mut self, op: &Operation) -> Res<()> {
        let name: &str = &op.name;
        let s = op.span;
        let n = op.operands.len();
        let (n_in, n_out) = match op.attr("operandSegmentSizes") {
            Some(Attr::DenseArray(_, v)) if v.len() == 2 => {
                (v[0].to_i128().unwrap_or(0) as usize, v[1].to_i128().unwrap_or(0) as usize)
            }
            _ => (n.saturating_sub(1), n.min(1)),
        };
        if n_in + n_out != n || n_out == 0 {
            return Err(Diagnostic::error(
                op.name_span,
                format!("'{name}' needs ins(...) and outs(...) operands"),
            ));
        }
        for o in &op.operands {
            if !self.mems.contains_key(&o.value) {
                let ty = self.file.ty(o.value);
                if let mlir_text::Type::Complex(c) = ty {
                    if let mlir_text::ComplexType::Opaque(t) = &**c {
                        if t.starts_with("tensor") {
                            return Err(Diagnostic::error(
                                o.span,
                                "tensors are not supported in HLS (use memrefs)",
                            ));
                        }
                    }
                }
            }
        }
        let rank_of = |lw: &Self, i: usize| lw.mems.get(&op.operands[i].value).map_or(0, |m| m.shape.len());
        let maps: Vec<Map> = match name {
            "linalg.generic" => match op.attr("indexing_maps") {
                Some(Attr::Array(a)) => a
                    .iter()
                    .map(|m| match m {
                        Attr::AffineMap(t) => parse_map(t).map_err(|e| Diagnostic::error(s, e)),
                        _ => Err(Diagnostic::error(s, "indexing_maps must be affine maps")),
                    })
                    .collect::<Res<Vec<_>>>()?,
                _ => return Err(Diagnostic::error(op.name_span, "'linalg.generic' needs indexing_maps")),
            },
            "linalg.fill" | "linalg.copy" => {
                let r = rank_of(self, n - 1);
                let dims: Vec<String> = (0..r).map(|i| format!("d{i}")).collect();
                let id = format!("({}) -> ({})", dims.join(", "), dims.join(", "));
                let scalar = format!("({}) -> ()", dims.join(", "));
                let first = if name == "linalg.fill" { scalar } else { id.clone() };
                vec![
                    parse_map(&first).map_err(|e| Diagnostic::error(s, e))?,
                    parse_map(&id).map_err(|e| Diagnostic::error(s, e))?,
                ]
            }
            _ => match maps_of(name) {
                Some(ms) => ms.iter().map(|m| parse_map(m).expect("built-in maps parse")).collect(),
                None => {
                    return Err(Diagnostic::error(op.name_span, format!("'{name}' is not supported in HLS")))
                }
            },
        };
        if maps.len() != n || maps.windows(2).any(|w| w[0].dims != w[1].dims) {
            return Err(Diagnostic::error(
                s,
                format!("'{name}' needs one indexing map per operand, all over one domain"),
            ));
        }
        for (i, m) in maps.iter().enumerate() {
            if m.results.len() != rank_of(self, i) || m.syms != 0 {
                return Err(Diagnostic::error(
                    op.operands[i].span,
                    "indexing map does not match the operand's rank",
                ));
            }
        }
        // Extent of each dimension: from an operand indexed by exactly that dimension.
        let dims = maps[0].dims;
        let mut extent = vec![None; dims];
        for (i, m) in maps.iter().enumerate() {
            let Some(mr) = self.mems.get(&op.operands[i].value) else { continue };
            for (k, e) in m.results.iter().enumerate() {
                if let super::Expr::Dim(d) = e {
                    extent[*d].get_or_insert(mr.shape[k]);
                }
            }
        }
        let extent: Vec<u64> = extent
            .into_iter()
            .map(|e| {
                e.ok_or_else(|| Diagnostic::error(s, "cannot infer a loop extent from the operand shapes"))
            })
            .collect::<Res<Vec<_>>>()?;
        let block = op.regions().first().and_then(|r| r.blocks.first()).filter(|b| !b.ops.is_empty());
        self.nest(op, &maps, &extent, Vec::new(), n_in, block)
    }

    /// `linalg.index {dim = k}`: the loop index of dimension `k` of the innermost
    /// enclosing `linalg.generic`, resized to the result type.
    pub fn linalg_index(&mut self, op: &Operation) -> Res<()> {
        let d = match op.attr("dim") {
            Some(Attr::Int(v, _)) => v.to_i128().and_then(|d| usize::try_from(d).ok()),
            _ => None,
        };
        let Some(d) = d else {
            return Err(Diagnostic::error(op.name_span, "'linalg.index' needs a 'dim' attribute"));
        };
        let iv = self.linalg_ivs.last().and_then(|ivs| ivs.get(d)).copied().ok_or_else(|| {
            Diagnostic::error(op.span, "'linalg.index' outside a linalg.generic loop of that dimension")
        })?;
        let &[r] = op.results.as_slice() else {
            return Err(Diagnostic::error(op.name_span, "'linalg.index' has one result"));
        };
        let w = self.int_width(self.file.ty(r), op.span)?;
        let v = self.resize(iv, w, false, op.span);
        self.vals.insert(r, v);
        Ok(())
    }

    fn nest(
        &mut self,
        op: &Operation,
        maps: &[Map],
        extent: &[u64],
        ivs: Vec<ValId>,
        n_in: usize,
        block: Option<&Block>,
    ) -> Res<()> {
        let s = op.span;
        if ivs.len() < extent.len() {
            let lb = self.konst(0, INDEX_WIDTH, s);
            let ub = self.konst(extent[ivs.len()] as i64, INDEX_WIDTH, s);
            let iv = self.f.new_value(INDEX_WIDTH, Some(format!("d{}", ivs.len())));
            let (body, ()) = self.sub_region(|lw| {
                let mut ivs = ivs.clone();
                ivs.push(iv);
                lw.nest(op, maps, extent, ivs, n_in, block)
            })?;
            let id = self.f.new_loop();
            self.push(crate::ir::Item::For(Box::new(crate::ir::ForLoop {
                id,
                iv,
                lb,
                ub,
                step: 1,
                iter_args: Vec::new(),
                inits: Vec::new(),
                body,
                yields: Vec::new(),
                results: Vec::new(),
                trip: Some(extent[ivs.len()]),
                pipeline: None,
                span: s,
            })));
            return Ok(());
        }
        // Innermost: the elements, the body, the stores.
        let n = op.operands.len();
        let mut elems = Vec::with_capacity(n);
        let mut addrs = Vec::with_capacity(n);
        #[allow(clippy::needless_range_loop)]
        for i in 0..n {
            let o = op.operands[i];
            let used = match block {
                Some(b) => b.args.get(i).is_some_and(|&a| uses(b, a)),
                None => !(op.name.ends_with(".fill") || op.name.ends_with(".copy")) || i < n_in,
            };
            match self.mems.get(&o.value).cloned() {
                Some(m) => {
                    let idx = self.map_results(&maps[i], &ivs, op)?;
                    let addr = self.address(&m, &idx, s)?;
                    addrs.push(Some((m.mem, addr)));
                    let w = self.f.mems[m.mem.index()].width;
                    elems.push(if used {
                        Some(self.emit(OpKind::Load(m.mem), vec![addr], w, s))
                    } else {
                        None
                    });
                }
                None => {
                    addrs.push(None);
                    elems.push(Some(self.val(o.value, o.span)?));
                }
            }
        }
        let yields: Vec<ValId> = match block {
            Some(b) => {
                if b.args.len() != n {
                    return Err(Diagnostic::error(b.span, "linalg body needs one argument per operand"));
                }
                for (i, &a) in b.args.iter().enumerate() {
                    if let Some(v) = elems[i] {
                        self.vals.insert(a, v);
                    }
                }
                self.linalg_ivs.push(ivs.clone());
                let t = self.block_ops(&b.ops);
                self.linalg_ivs.pop();
                let t = t?;
                t.map(|t| t.values).unwrap_or_default()
            }
            None if op.name.ends_with(".fill") || op.name.ends_with(".copy") => {
                vec![elems[0].expect("input")]
            }
            None => {
                let (a, b, c) = (elems[0].expect("in"), elems[1].expect("in"), elems[2].expect("out"));
                let w = self.f.width(c);
                let a = self.resize(a, w, true, s);
                let b = self.resize(b, w, true, s);
                let p = self.emit(OpKind::Bin(BinOp::Mul), vec![a, b], w, s);
                vec![self.emit(OpKind::Bin(BinOp::Add), vec![c, p], w, s)]
            }
        };
        if yields.len() != n - n_in {
            return Err(Diagnostic::error(s, "linalg body must yield one value per output"));
        }
        for (k, y) in yields.into_iter().enumerate() {
            let Some((mem, addr)) = addrs[n_in + k] else {
                return Err(Diagnostic::error(op.operands[n_in + k].span, "linalg outputs must be memrefs"));
            };
            if self.f.width(y) != self.f.mems[mem.index()].width {
                return Err(Diagnostic::error(s, "linalg body yields a value of the wrong type"));
            }
            self.emit_store(mem, addr, y, s);
        }
        Ok(())
    }
}
