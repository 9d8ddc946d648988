//! High-level synthesis: functions with loops and memories to FSM + datapath netlists.
//!
//! The flow, one module per step (as Bambu and CIRCT's scheduling infrastructure split it):
//! [`lower`] turns a `func.func` op tree into the HLS IR ([`ir`], verified by
//! [`ir::verify`]); the [`transform`]s (registered by name, run by [`passes`], reading
//! [`analysis`]) rewrite it, each verified after it runs; [`schedule`] places each basic
//! block's ops in cycles (a problem stated as data, a list scheduler with chaining, and a
//! checker); [`gen`] binds ops to units and
//! values to registers and builds the FSM + datapath as an ordinary [`comb::Module`];
//! [`report`] summarizes the schedule. [`synthesize`] runs all of it for a file.
#![warn(missing_docs)]

pub mod analysis;
pub mod float;
pub mod gen;
pub mod ir;
pub mod lower;
pub mod passes;
pub mod report;
pub mod schedpic;
pub mod schedule;
pub mod transform;

pub use mlir_text::dialect::{is_hls_op, HLS_DIALECTS, STD_OPS};

use mlir_text::{ComplexType, Diagnostic, File, Operation, Type};
use std::collections::HashMap;

/// Synthesis options (the HLS flags of the command line).
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// Target clock period in ns (`--clock-period`, default 10): bounds chaining.
    pub clock_period: f64,
    /// At most this many multipliers busy in any cycle (`--max-mul`).
    pub max_mul: Option<u32>,
    /// At most this many dividers busy in any cycle (`--max-div`).
    pub max_div: Option<u32>,
    /// At most this many float units of each kind and format (`fadd f32`, ...) busy in
    /// any cycle, the ops sharing them (`--max-float`); without it every float op has a
    /// unit of its own.
    pub max_float: Option<u32>,
    /// Pipeline every eligible innermost loop (`--pipeline`), not only those with
    /// `hls.pipeline`.
    pub pipeline: bool,
    /// At most this many copies of a loop body made by automatic unrolling
    /// (`--max-unroll`): a short inner loop is fully unrolled into a loop being pipelined
    /// only if its trip count (times the copies already unrolled into it) is at most this.
    /// Explicit `hls.unroll` is not capped.
    pub max_unroll: u32,
    /// Narrow ops, multiplier operands and registers to the bits their values' ranges need
    /// (default; `--no-narrow` turns it off, to compare).
    pub narrow: bool,
    /// Compute the schedule pictures' data ([`report::FunctionReport::schedule`]): only
    /// `--report-html` draws them, and they cost a walk over every state's transitions.
    pub pictures: bool,
    /// The target's DSP multiplier blocks, if any (the `fpga` flow sets it from
    /// `--device`: 8 blocks of 16 x 16 on the iCE40 up5k): float significand products that
    /// fit the blocks left are built as one multiplier cell, which synthesis maps onto
    /// them, instead of a LUT compressor tree.
    pub dsp: Option<Dsp>,
}

/// DSP multiplier blocks of an FPGA: how many, and the operand width of one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dsp {
    /// Blocks on the device.
    pub blocks: u32,
    /// Operand width of one block's multiplier (16 for `SB_MAC16`).
    pub width: u32,
}

impl Dsp {
    /// Blocks a `p` x `q` bit product takes when split into block-sized partial products
    /// (as Yosys's `mul2dsp` splits it).
    pub fn blocks_for(self, p: u32, q: u32) -> u32 {
        p.div_ceil(self.width) * q.div_ceil(self.width)
    }
}

/// The default of [`Options::max_unroll`]: a pipelined loop gets at most 4 copies of an
/// inner loop's body (and its multipliers) unless the source asks for more.
pub const DEFAULT_MAX_UNROLL: u32 = 4;

impl Default for Options {
    fn default() -> Options {
        Options {
            clock_period: 10.0,
            max_mul: None,
            max_div: None,
            max_float: None,
            pipeline: false,
            max_unroll: DEFAULT_MAX_UNROLL,
            narrow: true,
            pictures: false,
            dsp: None,
        }
    }
}

/// How the HLS IR passes run: which ones, what to print, whether to time them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PassOptions {
    /// Run exactly these HLS IR passes (`--passes`) instead of the default pipeline.
    pub passes: Option<Vec<String>>,
    /// Print the HLS IR after the pass of this name (`all`: after every pass).
    pub print_after: Option<String>,
    /// Time each pass.
    pub time_passes: bool,
    /// Stop after the passes: keep each function's HLS IR as text ([`Synthesized::ir`])
    /// and generate no module.
    pub ir_only: bool,
}

/// The result of [`synthesize`]: one module per HLS function, the report, warnings.
#[derive(Debug)]
pub struct Synthesized {
    /// FSM + datapath modules, in source order of their functions.
    pub modules: Vec<comb::Module>,
    /// The schedule report.
    pub report: report::Report,
    /// Warnings against the source (e.g. a loop with `hls.pipeline` that cannot be pipelined).
    pub warnings: Vec<Diagnostic>,
    /// The float reductions split into partial accumulators ([`transform::reassoc`]), for the
    /// interpreter ([`interp::run_planned`]) to compute the circuit's order.
    pub reassociated: Vec<transform::reassoc::Reassociated>,
    /// Each HLS IR pass run, in order (with the IR printed after it, if asked).
    pub pass_runs: Vec<transform::manager::PassRun>,
    /// With [`PassOptions::ir_only`]: each function's HLS IR after the passes, as text.
    pub ir: Vec<String>,
}

fn funcs_in(ops: &[Operation]) -> Vec<&Operation> {
    let mut out = Vec::new();
    for op in ops {
        match &*op.name {
            "func.func" => out.push(op),
            "builtin.module" => {
                for b in op.regions().iter().flat_map(|r| &r.blocks) {
                    out.extend(funcs_in(&b.ops));
                }
            }
            _ => {}
        }
    }
    out
}

fn has_hls_op(ops: &[Operation]) -> bool {
    has_hls_op_in(ops, false)
}

/// Whether `ops` (or their regions) have an HLS op; `arith` ops inside a `secret.generic`
/// body are not (HEIR's combinational bodies: the netlist builder lowers them).
fn has_hls_op_in(ops: &[Operation], secret: bool) -> bool {
    ops.iter().any(|op| {
        let inner = secret || &*op.name == "secret.generic";
        mlir_text::dialect::is_hls_op_in(&op.name, secret)
            || op.regions().iter().flat_map(|r| &r.blocks).any(|b| has_hls_op_in(&b.ops, inner))
    })
}

/// True if `op` is a `func.func` that HLS synthesizes (rather than a combinational function):
/// its body has HLS ops, or it takes memrefs, `index` or float values, or returns floats.
pub fn is_hls_func(file: &File, op: &Operation) -> bool {
    if &*op.name != "func.func" {
        return false;
    }
    let Some(block) = op.regions().first().and_then(|r| r.blocks.first()) else { return false };
    let odd_arg = block.args.iter().any(|&a| match file.ty(a) {
        Type::Index | Type::Float(_) => true,
        Type::Complex(c) => matches!(&**c, ComplexType::MemRef { .. } | ComplexType::Opaque(_)),
        _ => false,
    });
    let float_result = match op.attr("function_type") {
        Some(mlir_text::Attr::Type(Type::Complex(c))) => match &**c {
            ComplexType::Function { results, .. } => results.iter().any(|t| matches!(t, Type::Float(_))),
            _ => false,
        },
        _ => false,
    };
    odd_arg || float_result || op.regions().iter().flat_map(|r| &r.blocks).any(|b| has_hls_op(&b.ops))
}

/// True if `file` has anything for HLS: an HLS op anywhere, or an HLS function (one with
/// memref, index, float or tensor arguments, which then get their own errors).
pub fn has_hls_input(file: &File) -> bool {
    first_hls_op(file).is_some() || funcs_in(&file.ops).iter().any(|op| is_hls_func(file, op))
}

/// `file` without its HLS functions (what remains goes to the netlist builder), and
/// whether anything remains.
pub fn without_hls_funcs(file: &File) -> (File, bool) {
    fn strip(file: &File, ops: &[Operation], any: &mut bool) -> Vec<Operation> {
        let mut out = Vec::new();
        for op in ops {
            if is_hls_func(file, op) {
                continue;
            }
            let mut op = op.clone();
            if &*op.name == "builtin.module" {
                if let Some(extra) = op.extra.as_mut() {
                    for r in extra.regions.iter_mut() {
                        for b in &mut r.blocks {
                            b.ops = strip(file, &b.ops, any);
                        }
                    }
                }
            } else {
                *any = true;
            }
            out.push(op);
        }
        out
    }
    let mut any = false;
    let ops = strip(file, &file.ops, &mut any);
    (File { ops, values: file.values.clone() }, any)
}

/// Synthesizes every HLS function of `file` (calls are inlined) into a module; without
/// its source text, locations in the report and the SystemVerilog comments read `?:BYTE`
/// (see [`synthesize_source`]).
pub fn synthesize(file: &File, opts: &Options) -> Result<Synthesized, Vec<Diagnostic>> {
    synthesize_lines(file, opts, &PassOptions::default(), ir::srcloc::Lines::default())
}

/// [`synthesize`] with the source `file` was parsed from, so the report names loops and
/// the SystemVerilog comments name ops by `file:line`.
pub fn synthesize_source(
    src: &mlir_text::SourceFile,
    file: &File,
    opts: &Options,
) -> Result<Synthesized, Vec<Diagnostic>> {
    synthesize_lines(file, opts, &PassOptions::default(), ir::srcloc::Lines::new(src))
}

/// [`synthesize_source`] with the HLS IR passes run, printed and timed as `passes` says.
pub fn synthesize_with_passes(
    src: &mlir_text::SourceFile,
    file: &File,
    opts: &Options,
    passes: &PassOptions,
) -> Result<Synthesized, Vec<Diagnostic>> {
    synthesize_lines(file, opts, passes, ir::srcloc::Lines::new(src))
}

fn synthesize_lines(
    file: &File,
    opts: &Options,
    pass_opts: &PassOptions,
    lines: ir::srcloc::Lines,
) -> Result<Synthesized, Vec<Diagnostic>> {
    let all = funcs_in(&file.ops);
    let by_name: HashMap<String, &Operation> =
        all.iter().filter_map(|op| lower::func_name(op).map(|n| (n.to_string(), *op))).collect();
    let mut modules = Vec::new();
    let mut report = report::Report { clock_period: opts.clock_period, functions: Vec::new() };
    let mut warnings = Vec::new();
    let mut reassociated = Vec::new();
    let mut runner = transform::manager::Runner {
        print_after: pass_opts.print_after.clone(),
        time_passes: pass_opts.time_passes,
        runs: Vec::new(),
    };
    let mut ir_text = Vec::new();
    // mlir-opt's rule for affine subscripts, in every function (callees are inlined).
    for op in &all {
        lower::affine_valid::check(file, op).map_err(|d| vec![d])?;
    }
    for op in all.into_iter().filter(|op| is_hls_func(file, op)) {
        let (mut func, w) = lower::lower_func(file, &by_name, op).map_err(|d| vec![d])?;
        func.lines = lines.clone();
        gen::support::check(&func).map_err(|d| vec![d])?;
        if let Some(e) = ir::verify::verify(&func).first() {
            let msg = format!("internal error: HLS IR invalid after lowering: {e}");
            return Err(vec![Diagnostic::error(op.name_span, msg)]);
        }
        let mut ctx =
            transform::PassCtx { opts, costs: &passes::ScheduleCosts(opts), reassociated: Vec::new() };
        let ran = match &pass_opts.passes {
            None => passes::default_pipeline(&mut func, &mut ctx, &mut runner),
            Some(names) => passes::named_pipeline(&mut func, &mut ctx, &mut runner, names),
        };
        ran.map_err(|e| vec![Diagnostic::error(op.name_span, e)])?;
        reassociated.extend(ctx.reassociated);
        warnings.extend(w);
        if pass_opts.ir_only {
            ir_text.push(ir::print::print(&func));
            continue;
        }
        let g = gen::generate(&func, opts).map_err(|e| vec![Diagnostic::error(op.name_span, e)])?;
        // What the generator narrowed (loop counters), with the loops' other transforms.
        func.loop_notes.extend(g.loop_notes.iter().cloned());
        for (span, msg) in &g.layout.warnings {
            warnings
                .push(Diagnostic { severity: mlir_text::Severity::Warning, ..Diagnostic::error(*span, msg) });
        }
        report.functions.push(report::function_report(&func, &g, opts));
        let design = comb::Design { modules: vec![g.module.clone()], top: Some(comb::ModuleId(0)) };
        if let Some(e) = comb::verify::verify(&design).first() {
            return Err(vec![Diagnostic::error(
                op.name_span,
                format!("internal error: generated netlist is invalid: {e}"),
            )]);
        }
        modules.push(g.module);
    }
    Ok(Synthesized { modules, report, warnings, reassociated, pass_runs: runner.runs, ir: ir_text })
}

/// The first op (in source order) that is HLS input, searching every region.
pub fn first_hls_op(file: &mlir_text::File) -> Option<&mlir_text::Operation> {
    fn walk(ops: &[mlir_text::Operation], secret: bool) -> Option<&mlir_text::Operation> {
        for op in ops {
            if mlir_text::dialect::is_hls_op_in(&op.name, secret) {
                return Some(op);
            }
            let inner = secret || &*op.name == "secret.generic";
            for b in op.regions().iter().flat_map(|r| &r.blocks) {
                if let Some(found) = walk(&b.ops, inner) {
                    return Some(found);
                }
            }
        }
        None
    }
    walk(&file.ops, false)
}

#[cfg(test)]
mod tests {
    #[test]
    fn recognizes_hls_ops() {
        assert!(super::is_hls_op("affine.for"));
        assert!(super::is_hls_op("muli"));
        assert!(!super::is_hls_op("arith.constant"));
        assert!(!super::is_hls_op("comb.add"));
    }

    #[test]
    fn finds_the_first_hls_op_in_nested_regions() {
        let src = mlir_text::SourceFile::new(
            "t.mlir",
            "func.func @f(%a: i8) -> i8 {\n  %c = arith.constant 1 : i8\n  return %c : i8\n}\n",
        );
        let file = mlir_text::parse(&src).unwrap();
        assert!(super::first_hls_op(&file).is_none());
    }
}
pub mod interp;
