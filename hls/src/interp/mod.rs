//! An interpreter of HLS input: runs a function of the op tree on given scalar arguments and
//! memref contents, and returns its results and every memory as it is afterwards.
//!
//! It is the third voice of the HLS tests, next to `mlir-cpu-runner` (the reference, which
//! we did not write) and the synthesized circuit: it reads the same op tree the compiler
//! reads, but shares no code with the compiler, so a bug in lowering or scheduling cannot
//! hide in both. It also counts the accesses to each memory, which gives the benchmark's
//! port-bound lower bound, and the iterations of loops that carry a recurrence through a
//! register, which gives its recurrence bound; with the synthesis options, it also counts
//! the benchmark's floor ([`floor`]: those bounds weighted by the delay model, and the
//! limited units' issue cycles).
//!
//! What it runs: `func.func` and `func.call`; `affine.for` (bound maps with several
//! results = max/min, `step`, `iter_args`), `affine.if` with integer sets, `affine.load`/
//! `store`/`apply`/`min`/`max`/`yield`; `scf.for`/`if`/`while`/`yield`/`condition`;
//! `cf.br`/`cf.cond_br` between blocks; `memref.load`/`store`/`alloc`/`alloca`/`dealloc`;
//! every integer `arith` op and the seed's standard spellings (`addi`, `load`, `br`, ...);
//! the float ops (`arith` float arithmetic, `cmpf`, conversions, `math.absf`/`sqrt`/`fma`)
//! on bit patterns through [`crate::float::soft`] (`interp/float.rs`: a float value is an [`Int`]
//! of its format's width);
//! `linalg.matmul`/`matvec`/`dot`/`fill`/`copy`/`conv_2d`/`generic`; float reductions that
//! synthesis reassociated in the circuit's order when told which ([`run_planned`],
//! `interp/reassoc.rs`). Integer semantics are
//! in [`value`]. Memories start at 0 (SPEC section 4), as do locally allocated ones (which
//! MLIR leaves undefined: kernels initialize what they read). An index out of a memref's
//! bounds, or more than [`FUEL`] executed ops, is an error at the op.
//!
//! Ops must be in generic shape ([`mlir_text::Operation`]); both syntaxes arrive so.

mod affine;
pub mod data;
pub mod data_file;
mod exec;
mod float;
pub mod floor;
mod linalg;
mod ops;
mod reassoc;
mod recur;
pub mod value;

use mlir_text::{Attr, ComplexType, Diagnostic, File, Operation, Span, Type};
pub use value::Int;

/// The most ops one run may execute (a deterministic bound, not a time limit).
pub const FUEL: u64 = 200_000_000;

/// A memory: a memref argument or a local allocation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Memory {
    /// Dimensions (static; empty for a rank-0 memref of one element).
    pub shape: Vec<u64>,
    /// Element width in bits (`index` is 32).
    pub width: u32,
    /// Contents in row-major order, each zero-extended to 64 bits.
    pub data: Vec<u64>,
    /// Loads from it (each `load`, and each element a `linalg` op reads).
    pub reads: u64,
    /// Stores to it.
    pub writes: u64,
    /// The argument name (`A`), or `alloc@LINE` for a local allocation.
    pub name: String,
}

impl Memory {
    /// A memory of `shape` elements of `width` bits, all zero.
    pub fn zeroed(name: impl Into<String>, shape: Vec<u64>, width: u32) -> Memory {
        let n = shape.iter().product::<u64>() as usize;
        Memory { shape, width, data: vec![0; n], reads: 0, writes: 0, name: name.into() }
    }
    /// The most accesses one port must make: a memref argument has one port for reads and
    /// writes (SPEC section 4), a local memory one read and one write port.
    pub fn port_bound(&self, local: bool) -> u64 {
        if local {
            self.reads.max(self.writes)
        } else {
            self.reads + self.writes
        }
    }
}

/// One parameter of a function, as its signature gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Param {
    /// A scalar of this width (`index`: 32).
    Scalar {
        /// The argument's name without `%`.
        name: String,
        /// Bits.
        width: u32,
    },
    /// A memref with a static shape.
    MemRef {
        /// The argument's name without `%`.
        name: String,
        /// Dimensions.
        shape: Vec<u64>,
        /// Element width.
        width: u32,
    },
}

/// A function's parameters and result widths.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signature {
    /// The function's name.
    pub name: String,
    /// Parameters in order.
    pub params: Vec<Param>,
    /// Result widths in order.
    pub results: Vec<u32>,
    /// Per parameter, the float format of the scalar or of the memref's elements (`None`
    /// for integers): those values are bit patterns, and any NaN equals any NaN.
    pub param_floats: Vec<Option<crate::float::FloatFormat>>,
    /// Per result, its float format (`None` for integers).
    pub result_floats: Vec<Option<crate::float::FloatFormat>>,
}

/// An argument value for [`run`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgValue {
    /// A scalar's bits (truncated to the parameter's width).
    Scalar(u64),
    /// A memref's contents in row-major order.
    MemRef(Vec<u64>),
}

/// What a run produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The function's results.
    pub results: Vec<Int>,
    /// The memref arguments after the run, in parameter order.
    pub memories: Vec<Memory>,
    /// Memories allocated during the run (access counts; contents as left).
    pub locals: Vec<Memory>,
    /// Ops executed.
    pub steps: u64,
    /// The first op whose result MLIR leaves undefined on this data (division by zero,
    /// `MIN / -1`, a shift by the width or more), if any: the run gave the answer of
    /// [`value`]'s header, but `mlir-cpu-runner` may trap or differ, so tests skip such data.
    pub undefined: Option<Diagnostic>,
    /// The recurrence bound: cycles no schedule can go below because a loop's next
    /// iteration needs this one's result through a register (scf.while loops, counted loops
    /// with a real recurrence in their `iter_args`; the header of `interp/recur.rs` says
    /// which).
    pub recurrence_bound: u64,
    /// The floor under the options of [`run_with`] ([`floor`]).
    pub floor: floor::Floor,
}

impl Outcome {
    /// The benchmark's port-bound lower bound: the most accesses any one memory port makes.
    pub fn port_bound(&self) -> u64 {
        let args = self.memories.iter().map(|m| m.port_bound(false));
        let locals = self.locals.iter().map(|m| m.port_bound(true));
        args.chain(locals).max().unwrap_or(0)
    }
}

/// The width of a scalar type (`index` is 32; a float its format's width, since a float
/// value is its bit pattern), if it is an integer or a float.
pub fn int_width(ty: &Type) -> Option<u32> {
    match ty {
        Type::Int { width, .. } if *width <= 64 => Some(*width),
        Type::Index => Some(32),
        Type::Float(k) => Some(crate::float::FloatFormat::of_kind(*k).width()),
        _ => None,
    }
}

/// The float format of a scalar type, or of a memref type's elements.
pub fn float_format(ty: &Type) -> Option<crate::float::FloatFormat> {
    match ty {
        Type::Float(k) => Some(crate::float::FloatFormat::of_kind(*k)),
        Type::Complex(c) => match &**c {
            ComplexType::MemRef { elem, .. } => float_format(elem),
            _ => None,
        },
        _ => None,
    }
}

/// Shape and element width of a memref type with a static shape.
pub fn memref_shape(ty: &Type) -> Option<(Vec<u64>, u32)> {
    match ty {
        Type::Complex(c) => match &**c {
            ComplexType::MemRef { shape, elem, .. } => {
                let dims: Option<Vec<u64>> = shape.iter().copied().collect();
                Some((dims?, int_width(elem)?))
            }
            _ => None,
        },
        _ => None,
    }
}

/// Every `func.func` of the file (inside `builtin.module`s too), by name, in source order.
pub fn functions(file: &File) -> Vec<(&str, &Operation)> {
    fn walk<'f>(ops: &'f [Operation], out: &mut Vec<(&'f str, &'f Operation)>) {
        for op in ops {
            if &*op.name == "func.func" {
                if let Some(Attr::String(n)) = op.attr("sym_name") {
                    out.push((n.as_str(), op));
                }
            } else if &*op.name == "builtin.module" {
                for b in op.regions().iter().flat_map(|r| &r.blocks) {
                    walk(&b.ops, out);
                }
            }
        }
    }
    let mut out = Vec::new();
    walk(&file.ops, &mut out);
    out
}

/// The function a design is made of: the last one no other function calls.
pub fn top_function(file: &File) -> Option<&str> {
    let funcs = functions(file);
    let mut called = std::collections::BTreeSet::new();
    fn calls<'f>(ops: &'f [Operation], out: &mut std::collections::BTreeSet<&'f str>) {
        for op in ops {
            if matches!(&*op.name, "func.call" | "call") {
                if let Some(Attr::SymbolRef(p)) = op.attr("callee") {
                    if let Some(n) = p.last() {
                        out.insert(n.as_str());
                    }
                }
            }
            for b in op.regions().iter().flat_map(|r| &r.blocks) {
                calls(&b.ops, out);
            }
        }
    }
    for (_, f) in &funcs {
        calls(std::slice::from_ref(*f), &mut called);
    }
    funcs.iter().rev().map(|(n, _)| *n).find(|n| !called.contains(n))
}

/// The signature of function `name`.
pub fn signature(file: &File, name: &str) -> Result<Signature, Diagnostic> {
    let (_, f) = functions(file)
        .into_iter()
        .find(|(n, _)| *n == name)
        .ok_or_else(|| Diagnostic::global(format!("no function '@{name}'")))?;
    let entry = f.regions().first().and_then(|r| r.blocks.first());
    let Some(entry) = entry else {
        return Err(Diagnostic::error(f.name_span, format!("function '@{name}' has no body")));
    };
    let mut params = Vec::new();
    let mut param_floats = Vec::new();
    for &a in &entry.args {
        let info = file.value(a);
        param_floats.push(float_format(&info.ty));
        let pname = info.name.to_string();
        if let Some(width) = int_width(&info.ty) {
            params.push(Param::Scalar { name: pname, width });
        } else if let Some((shape, width)) = memref_shape(&info.ty) {
            params.push(Param::MemRef { name: pname, shape, width });
        } else {
            return Err(Diagnostic::error(
                info.span,
                "the interpreter takes integer, float and static memref arguments only",
            ));
        }
    }
    let result_types = match f.attr("function_type") {
        Some(Attr::Type(Type::Complex(c))) => match &**c {
            ComplexType::Function { results, .. } => results.clone(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    };
    let results = result_types
        .iter()
        .map(|t| {
            int_width(t).ok_or_else(|| Diagnostic::error(f.name_span, "results must be integers or floats"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let result_floats = result_types.iter().map(float_format).collect();
    Ok(Signature { name: name.to_string(), params, results, param_floats, result_floats })
}

/// Runs function `name` of `file` on `args` (one per parameter, in order); the floor is
/// counted under the default synthesis options.
pub fn run(file: &File, name: &str, args: &[ArgValue]) -> Result<Outcome, Diagnostic> {
    run_with(file, name, args, &crate::Options::default())
}

/// [`run`], counting the floor under the synthesis options `opts`.
pub fn run_with(
    file: &File,
    name: &str,
    args: &[ArgValue],
    opts: &crate::Options,
) -> Result<Outcome, Diagnostic> {
    run_planned(file, name, args, opts, &[])
}

/// [`run_with`], computing the float reductions synthesis reassociated
/// ([`crate::Synthesized::reassociated`]) in the circuit's order (`interp/reassoc.rs`).
pub fn run_planned(
    file: &File,
    name: &str,
    args: &[ArgValue],
    opts: &crate::Options,
    reassociated: &[crate::transform::reassoc::Reassociated],
) -> Result<Outcome, Diagnostic> {
    let sig = signature(file, name)?;
    if sig.params.len() != args.len() {
        return Err(Diagnostic::global(format!(
            "'@{name}' takes {} arguments, {} given",
            sig.params.len(),
            args.len()
        )));
    }
    let transforms = opts.pipeline || asks_for_transforms(&file.ops);
    let mut machine = exec::Machine::new(file, opts, transforms);
    machine.reassoc = reassociated.iter().map(|r| (r.op_span, r.k, r.memory)).collect();
    let mut out = machine.run_top(name, &sig, args)?;
    // Without loop transforms every access the run makes is one the circuit makes.
    if !transforms {
        out.floor.port = out.port_bound();
    }
    Ok(out)
}

/// True if some op in `ops` (or nested in them) has an `hls.pipeline` attribute (its loop
/// gets the loop transforms as with `--pipeline`: scalar replacement, store merging,
/// unrolling, which may remove repeated accesses) or `hls.unroll`.
fn asks_for_transforms(ops: &[Operation]) -> bool {
    ops.iter().any(|op| {
        op.attr("hls.pipeline").is_some()
            || op.attr("hls.unroll").is_some()
            || op.regions().iter().flat_map(|r| &r.blocks).any(|b| asks_for_transforms(&b.ops))
    })
}

/// An error at an op.
pub(crate) fn err(span: Span, msg: impl Into<String>) -> Diagnostic {
    Diagnostic::error(span, msg.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(text: &str) -> (mlir_text::SourceFile, File) {
        let src = mlir_text::SourceFile::new("t.mlir", text);
        let f = mlir_text::parse(&src).unwrap_or_else(|d| panic!("{}", d.render(&src)));
        (src, f)
    }

    // Generic form, so the test does not depend on the reader's HLS custom syntax.
    const LOOP: &str = r#""func.func"() <{function_type = (memref<4xi8>, i32) -> i8, sym_name = "f"}> ({
^bb0(%m: memref<4xi8>, %n: i32):
  %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
  %c1 = "arith.constant"() <{value = 1 : index}> : () -> index
  %ub = "arith.index_cast"(%n) : (i32) -> index
  %z = "arith.constant"() <{value = 0 : i8}> : () -> i8
  %r = "scf.for"(%c0, %ub, %c1, %z) ({
  ^bb0(%i: index, %acc: i8):
    %v = "memref.load"(%m, %i) : (memref<4xi8>, index) -> i8
    %q = "arith.divui"(%acc, %v) : (i8, i8) -> i8
    %s = "arith.addi"(%v, %q) : (i8, i8) -> i8
    "scf.yield"(%s) : (i8) -> ()
  }) : (index, index, index, i8) -> i8
  "func.return"(%r) : (i8) -> ()
}) : () -> ()
"#;

    #[test]
    fn runs_a_loop_and_counts_accesses() {
        let (_, f) = file(LOOP);
        let sig = signature(&f, "f").unwrap();
        assert_eq!(sig.results, vec![8]);
        let out = run(&f, "f", &[ArgValue::MemRef(vec![3, 2, 7, 1]), ArgValue::Scalar(4)]).unwrap();
        // acc: 3 + 0/3 = 3; 2 + 3/2 = 3; 7 + 3/7 = 7; 1 + 7/1 = 8
        assert_eq!(out.results[0].unsigned(), 8);
        assert_eq!(out.memories[0].reads, 4);
        assert_eq!(out.port_bound(), 4);
        assert!(out.undefined.is_none());
    }

    #[test]
    fn reports_undefined_ops_and_out_of_bounds_accesses_at_the_op() {
        let (src, f) = file(LOOP);
        let out = run(&f, "f", &[ArgValue::MemRef(vec![3, 0, 7, 1]), ArgValue::Scalar(4)]).unwrap();
        let d = out.undefined.expect("division by zero is undefined in MLIR");
        assert!(
            d.render(&src).contains("t.mlir:10:10: error: undefined in MLIR: division by zero"),
            "{}",
            d.render(&src)
        );
        let e = run(&f, "f", &[ArgValue::MemRef(vec![1, 1, 1, 1]), ArgValue::Scalar(5)]).unwrap_err();
        assert!(
            e.render(&src).contains("t.mlir:9:10: error: index 4 is out of bounds 0..4"),
            "{}",
            e.render(&src)
        );
    }
}
