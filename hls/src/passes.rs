//! The HLS IR pass pipeline of synthesis, and the scheduler as the transforms' cost model.
//!
//! [`default_pipeline`] runs the registered passes ([`crate::transform::registry`]) in the
//! order synthesis always used, each verified by the [`Runner`]; [`named_pipeline`] runs
//! exactly the passes the user named (`--passes`). [`ScheduleCosts`] answers the
//! transforms' questions ([`Costs`]) with the block scheduler and the float units' latencies.

use crate::ir::{ForLoop, Func, OpId, OpKind};
use crate::schedule::{block::schedule_block, float_timing, pipelined_loops};
use crate::transform::manager::Runner;
use crate::transform::{by_name, Costs, Pass, PassCtx};
use crate::Options;

/// The scheduler at the options' clock period and limits, as a [`Costs`].
pub struct ScheduleCosts<'o>(pub &'o Options);

impl Costs for ScheduleCosts<'_> {
    fn block_cycles(&self, f: &Func, ops: &[OpId]) -> Option<u32> {
        schedule_block(f, ops, self.0).ok().map(|s| s.solution.length)
    }
    fn pipeline_ineligible(&self, f: &Func, l: &ForLoop) -> Option<String> {
        pipelined_loops::ineligible(f, l)
    }
    fn float_span(&self, kind: &OpKind) -> Option<u32> {
        let (unit, fmt) = float_timing::unit_of(kind)?;
        Some(float_timing::op_type(unit, fmt, self.0.clock_period).span)
    }
}

fn pass(name: &str) -> Pass {
    by_name(name).unwrap_or_else(|| panic!("HLS pass {name} is registered"))
}

/// The passes synthesis runs on every function: CFG loops raised (with `--pipeline`),
/// constant divisions, if-conversion and store merging, scalar replacement and inner-loop
/// unrolling until no loop is left to unroll; with `--pipeline` the loop-structure passes
/// (sibling and while fusion, induction-variable offsets, rotation); then float
/// reassociation and, unless `--no-narrow`, narrowing.
pub fn default_pipeline(f: &mut Func, ctx: &mut PassCtx, runner: &mut Runner) -> Result<(), String> {
    let pipeline = ctx.opts.pipeline;
    if pipeline {
        runner.run(&pass("cfg-loop"), f, ctx)?;
    }
    for name in ["const-div", "if-convert", "store-merge", "scalar-replace"] {
        runner.run(&pass(name), f, ctx)?;
    }
    // Each unrolling removes a loop, so this ends.
    runner.run_while_changing(&pass("unroll-inner"), &pass("scalar-replace"), f, ctx)?;
    if pipeline {
        for name in ["sibling-fuse", "while-fuse", "iv-reduce", "rotate"] {
            runner.run(&pass(name), f, ctx)?;
        }
    }
    runner.run(&pass("reassoc"), f, ctx)?;
    if ctx.opts.narrow {
        runner.run(&pass("narrow"), f, ctx)?;
    }
    Ok(())
}

/// Runs exactly the passes `names` (registered HLS pass names), in order.
pub fn named_pipeline(
    f: &mut Func,
    ctx: &mut PassCtx,
    runner: &mut Runner,
    names: &[String],
) -> Result<(), String> {
    for name in names {
        let p = by_name(name).ok_or_else(|| format!("unknown HLS pass '{name}'"))?;
        runner.run(&p, f, ctx)?;
    }
    Ok(())
}

/// The names of the HLS IR passes, in registry order.
pub fn names() -> Vec<&'static str> {
    crate::transform::registry().iter().map(|p| p.name).collect()
}
