//! Lowering: the op tree of one `func.func` (generic shape) into the HLS IR.
//!
//! func/affine/scf/arith/memref/linalg ops and the seed's standard ops become plain ops,
//! loops and conditionals of [`crate::ir`]. Affine maps become 32-bit index arithmetic,
//! multi-dimensional memrefs are flattened row-major, linalg ops become loop nests
//! (`linalg.rs`), `func.call` is inlined (recursion is an error), and `hls.unroll = N`
//! unrolls a loop with constant bounds (`control.rs`), float ops become the IR's float ops
//! (`float.rs`; a float value is its bit pattern). Anything outside this subset (tensors,
//! dynamic shapes beyond 1-D, float types other than f16/bf16/f32/f64, unknown ops) is a
//! located error.

mod affine;
pub mod affine_valid;
mod cfg;
mod control;
mod float;
mod linalg;
mod ops;
/// The binary op of an arith name, for the interpreter's floor (`interp/floor.rs`).
pub(crate) use ops::bin_op;

pub use affine::{parse_map, parse_set, Expr, Map, Set};

use crate::ir::{Func, Item, MemId, MemKind, Memory, OpId, OpKind, Param, Region, ValId, INDEX_WIDTH};
use mlir_text::{Attr, ComplexType, Diagnostic, File, Operation, Span, Type, ValueId};
use std::collections::HashMap;

pub(crate) type Res<T> = Result<T, Diagnostic>;

/// A memref value: its memory and shape (row-major).
#[derive(Clone, Debug)]
pub(crate) struct MemRef {
    pub mem: MemId,
    pub shape: Vec<u64>,
}

/// Lowering state for one function (callees are inlined into it).
pub(crate) struct Lower<'a> {
    pub file: &'a File,
    pub funcs: &'a HashMap<String, &'a Operation>,
    pub f: Func,
    pub vals: HashMap<ValueId, ValId>,
    pub mems: HashMap<ValueId, MemRef>,
    pub stack: Vec<Vec<Item>>,
    pub calls: Vec<String>,
    pub warnings: Vec<Diagnostic>,
    /// Loop indices of the `linalg.generic` bodies being lowered, innermost last
    /// (what `linalg.index` reads).
    pub linalg_ivs: Vec<Vec<ValId>>,
    /// The `hls.pipeline` request of the loop being lowered (taken by the next loop made).
    pub pipeline: Option<crate::ir::PipelineRequest>,
}

/// What a block's terminator hands back.
pub(crate) struct Term {
    pub name: String,
    pub values: Vec<ValId>,
    pub types: Vec<Type>,
    pub span: Span,
}

/// The function's name (`sym_name`).
pub fn func_name(op: &Operation) -> Option<&str> {
    match op.attr("sym_name") {
        Some(Attr::String(s)) => Some(s),
        _ => None,
    }
}

/// Lowers function `op` of `file` (other functions in `funcs` may be called and are inlined).
/// Returns the IR and warnings.
pub fn lower_func(
    file: &File,
    funcs: &HashMap<String, &Operation>,
    op: &Operation,
) -> Result<(Func, Vec<Diagnostic>), Diagnostic> {
    let name = func_name(op).unwrap_or("top").to_string();
    let mut lw = Lower {
        file,
        funcs,
        f: Func { name: name.clone(), span: op.span, ..Default::default() },
        vals: HashMap::new(),
        mems: HashMap::new(),
        stack: vec![Vec::new()],
        calls: vec![name],
        warnings: Vec::new(),
        linalg_ivs: Vec::new(),
        pipeline: None,
    };
    let Some(block) = op.regions().first().and_then(|r| r.blocks.first()) else {
        return Err(Diagnostic::error(op.name_span, "a function without a body cannot be synthesized"));
    };
    for &arg in &block.args {
        let info = file.value(arg);
        if let Some(mr) = lw.memref_type(&info.ty, info.span)? {
            let (mem, shape) = lw.add_memory(info.name.to_string(), &mr, MemKind::Port, info.span)?;
            lw.f.params.push(Param::Mem(mem));
            lw.mems.insert(arg, MemRef { mem, shape });
        } else {
            let w = lw.int_width(&info.ty, info.span)?;
            let v = lw.f.new_value(w, Some(info.name.to_string()));
            lw.vals.insert(arg, v);
            lw.f.params.push(Param::Scalar { name: info.name.to_string(), val: v });
        }
    }
    let blocks = &op.regions()[0].blocks;
    if blocks.len() > 1 {
        lw.f.rets = lw.cfg(blocks, op.span)?;
        lw.f.body = Region { items: lw.stack.pop().unwrap_or_default() };
        return Ok((lw.f, lw.warnings));
    }
    let term = lw.block_ops(&block.ops)?;
    match term {
        Some(t) if t.name == "func.return" => lw.f.rets = t.values,
        Some(t) => return Err(Diagnostic::error(t.span, format!("unexpected terminator '{}'", t.name))),
        None => return Err(Diagnostic::error(op.span, "function body has no return")),
    }
    lw.f.body = Region { items: lw.stack.pop().unwrap_or_default() };
    Ok((lw.f, lw.warnings))
}

impl<'a> Lower<'a> {
    /// Appends an op with a result of `width`; returns the result.
    pub fn emit(&mut self, kind: OpKind, operands: Vec<ValId>, width: u32, span: Span) -> ValId {
        let r = self.f.new_value(width, None);
        let id = self.f.new_op(kind, operands, Some(r), span);
        self.push(Item::Op(id));
        r
    }
    /// Appends a store.
    pub fn emit_store(&mut self, mem: MemId, addr: ValId, data: ValId, span: Span) -> OpId {
        let id = self.f.new_op(OpKind::Store(mem), vec![addr, data], None, span);
        self.push(Item::Op(id));
        id
    }
    /// Appends an item to the innermost region being built.
    pub fn push(&mut self, item: Item) {
        self.stack.last_mut().expect("a region is open").push(item);
    }
    /// A constant of `width` bits (two's complement of `v`).
    pub fn konst(&mut self, v: i64, width: u32, span: Span) -> ValId {
        let mask = if width >= 64 { u64::MAX } else { (1u64 << width) - 1 };
        self.emit(OpKind::Const(v as u64 & mask), vec![], width, span)
    }
    /// Runs `f` with a fresh region open; returns the region built and `f`'s result.
    pub fn sub_region<T>(&mut self, f: impl FnOnce(&mut Self) -> Res<T>) -> Res<(Region, T)> {
        self.stack.push(Vec::new());
        let r = f(self);
        let items = self.stack.pop().unwrap_or_default();
        r.map(|t| (Region { items }, t))
    }
    /// The IR value of a scalar operand.
    pub fn val(&self, v: ValueId, span: Span) -> Res<ValId> {
        self.vals.get(&v).copied().ok_or_else(|| {
            let what = if self.mems.contains_key(&v) { "a memref" } else { "a value HLS cannot use" };
            Diagnostic::error(span, format!("expected a scalar (integer or float) here, got {what}"))
        })
    }
    /// The memref of an operand.
    pub fn memref(&self, v: ValueId, span: Span) -> Res<MemRef> {
        self.mems.get(&v).cloned().ok_or_else(|| Diagnostic::error(span, "expected a memref here"))
    }
    /// Width of a scalar type: `iN` (N <= 64), `index` = 32, a float its format's width (its
    /// values are bit patterns); anything else is an error.
    pub fn int_width(&self, ty: &Type, span: Span) -> Res<u32> {
        match ty {
            Type::Int { width, .. } if *width <= 64 => Ok(*width),
            Type::Int { width, .. } => Err(Diagnostic::error(
                span,
                format!("integers wider than 64 bits (i{width}) are not supported in HLS"),
            )),
            Type::Index => Ok(INDEX_WIDTH),
            Type::Float(k) => Ok(crate::float::FloatFormat::of_kind(*k).width()),
            Type::Complex(c) => match &**c {
                ComplexType::Opaque(t) if t.starts_with("tensor") => {
                    Err(Diagnostic::error(span, "tensors are not supported in HLS (use memrefs)"))
                }
                _ => Err(Diagnostic::error(span, "expected an integer or index type")),
            },
            _ => Err(Diagnostic::error(span, "expected an integer or index type")),
        }
    }
    /// `Some((shape, elem width))` for a memref type; `None` for other types.
    pub fn memref_type(&self, ty: &Type, span: Span) -> Res<Option<(Vec<Option<u64>>, u32)>> {
        match ty {
            Type::Complex(c) => match &**c {
                ComplexType::MemRef { shape, elem, .. } => {
                    Ok(Some((shape.clone(), self.int_width(elem, span)?)))
                }
                _ => Ok(None),
            },
            _ => Ok(None),
        }
    }
    /// Declares a memory of a memref type; returns it and its static shape.
    pub fn add_memory(
        &mut self,
        name: String,
        (shape, width): &(Vec<Option<u64>>, u32),
        kind: MemKind,
        span: Span,
    ) -> Res<(MemId, Vec<u64>)> {
        let dynamic = shape.iter().any(|d| d.is_none());
        if dynamic && (shape.len() != 1 || kind == MemKind::Local) {
            return Err(Diagnostic::error(
                span,
                "dynamic shapes are supported only for 1-D memref arguments",
            ));
        }
        let dims: Vec<u64> = shape.iter().map(|d| d.unwrap_or(1 << 32)).collect();
        let elems = dims.iter().try_fold(1u64, |a, &d| a.checked_mul(d)).filter(|&e| e <= 1 << 32);
        let Some(elems) = elems else {
            return Err(Diagnostic::error(span, "memref has more than 2^32 elements"));
        };
        // A local memory becomes a block-RAM cell, which holds at most 2^30 bits.
        if kind == MemKind::Local && elems.saturating_mul(u64::from(*width)) > comb::netlist::MAX_MEMORY_BITS
        {
            return Err(Diagnostic::error(
                span,
                format!(
                    "a local memory of {elems} x {width} bits is larger than the limit of 2^30 bits \
                     (128 MiB) of an on-chip memory"
                ),
            ));
        }
        self.f.mems.push(Memory { name, elems, width: *width, kind, span });
        Ok((MemId(self.f.mems.len() as u32 - 1), dims))
    }
    /// Lowers the ops of a block up to its terminator, which is returned (not lowered).
    pub fn block_ops(&mut self, ops: &[Operation]) -> Res<Option<Term>> {
        for op in ops {
            if let Some(t) = self.op(op)? {
                return Ok(Some(t));
            }
        }
        Ok(None)
    }
    /// Lowers one op; returns `Some` for a terminator.
    fn op(&mut self, op: &Operation) -> Res<Option<Term>> {
        let name: &str = &op.name;
        match name {
            "affine.yield" | "scf.yield" | "func.return" | "linalg.yield" | "scf.condition" => {
                let values =
                    op.operands.iter().map(|o| self.val(o.value, o.span)).collect::<Res<Vec<_>>>()?;
                let types = op.operands.iter().map(|o| self.file.ty(o.value).clone()).collect();
                return Ok(Some(Term { name: name.to_string(), values, types, span: op.span }));
            }
            "cf.br" | "cf.cond_br" | "br" | "cond_br" => {
                return Err(Diagnostic::error(
                    op.name_span,
                    format!("'{name}' is supported only between the blocks of a function body"),
                ))
            }
            _ => {}
        }
        if name == "linalg.index" {
            return self.linalg_index(op).map(|()| None);
        }
        if name.starts_with("linalg.") {
            return self.linalg(op).map(|()| None);
        }
        if self.control(op)? || self.float(op)? || self.arith(op)? || self.memory(op)? {
            return Ok(None);
        }
        Err(Diagnostic::error(op.name_span, format!("'{name}' is not supported in HLS")))
    }
    /// Checks that `op` has `n` operands.
    pub fn arity(&self, op: &Operation, n: usize) -> Res<()> {
        if op.operands.len() == n {
            Ok(())
        } else {
            Err(Diagnostic::error(
                op.name_span,
                format!("'{}' expects {n} operands, got {}", op.name, op.operands.len()),
            ))
        }
    }
    /// Binds the results of `op` to `vals` (checking count and widths).
    pub fn bind_results(&mut self, op: &Operation, vals: &[ValId]) -> Res<()> {
        if op.results.len() != vals.len() {
            return Err(Diagnostic::error(
                op.name_span,
                format!("'{}' has {} results but yields {}", op.name, op.results.len(), vals.len()),
            ));
        }
        for (&r, &v) in op.results.iter().zip(vals) {
            let w = self.int_width(self.file.ty(r), op.span)?;
            if w != self.f.width(v) {
                return Err(Diagnostic::error(
                    op.span,
                    format!("'{}' yields an i{} where its result is i{w}", op.name, self.f.width(v)),
                ));
            }
            let name = self.file.value(r).name.to_string();
            if !name.is_empty() && !name.chars().all(|c| c.is_ascii_digit()) {
                self.f.values[v.index()].name.get_or_insert(name);
            }
            self.vals.insert(r, v);
        }
        Ok(())
    }
}
