//! The differential target against Verilator: a batch of generated designs under one top
//! ([`crate::gen::comb_batch`]) is built once at `-O0` for the evaluator (the reference)
//! and once at `-O1` (with LUT mapping for some batches) for the generated SystemVerilog,
//! which Verilator and the generated Rust simulator run on the same random stimulus
//! ([`cosim::cosim_with_reference`]): every output of every design on every
//! cycle must agree three ways. One Verilator build and one Rust simulator build cover
//! the whole batch.

use crate::gen;
use crate::targets::Finding;
use comb::Bits;
use cosim::{cosim_with_reference, evaluate, CosimOptions};
use flow::{Flow, LutOptions, OptLevel, Options};

/// Runs one batch of `designs` (generator inputs) for `cycles` cycles; the number of
/// designs checked, or the finding (with the batch's MLIR text).
pub fn run_batch(designs: &[Vec<u8>], cycles: usize) -> Result<usize, Finding> {
    let slices: Vec<&[u8]> = designs.iter().map(Vec::as_slice).collect();
    let text = gen::comb_batch(&slices).map_err(|e| format!("generator: {e}"))?;
    let load = |o: Options| {
        Flow::new(o)
            .load_text("batch.mlir", &text)
            .map_err(|e| format!("a valid batch is rejected: {}\n{text}", e.render()))
    };
    let reference = load(Options::at(OptLevel::O0))?;
    let seed = designs.first().map_or(0, |d| d.iter().fold(0u64, |h, &b| h.rotate_left(5) ^ u64::from(b)));
    let narrow = designs.iter().all(|d| {
        let ports = gen::comb_module(&mut arbitrary::Unstructured::new(d), "c").map(|(_, p)| p);
        ports.is_ok_and(|p| p.arith_width <= crate::targets::LUT_ARITH_WIDTH)
    });
    let lut = (narrow && seed.is_multiple_of(3)).then_some(LutOptions {
        k: 4,
        goal: comb::lutmap::LutGoal::Depth,
        exact_budget: 0,
    });
    let design = load(Options { lut, ..Options::at(OptLevel::O1) })?;
    let sv = backends::verilog::emit(&design);
    let opts = CosimOptions { cycles, seed, reset_cycles: 0, ..CosimOptions::default() };
    let judge = |stim: &[Vec<Bits>]| evaluate(&reference, stim);
    let report =
        cosim_with_reference(&design, &sv, &opts, Some(&judge)).map_err(|e| format!("cosim: {e}\n{text}"))?;
    if report.passed() {
        Ok(designs.len())
    } else {
        Err(format!("{report}\n{text}"))
    }
}
