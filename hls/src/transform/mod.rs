//! Transforms of the HLS IR, one per file, and their registry.
//!
//! Each transform has a kebab-case name and a one-line description ([`Pass`]); the
//! [`manager`] runs a list of them, verifying the IR after every pass (a failure there is
//! a bug in the pass, an internal error naming it), printing and timing on request. The
//! default pipeline of synthesis is [`crate::passes::default_pipeline`].
//!
//! Transforms do not import the scheduler: what they ask of it (how long a basic block
//! takes, whether a loop can be pipelined, a float unit's span) comes through [`Costs`],
//! passed in by the caller.

pub mod cfgloop;
pub mod constdiv;
pub mod ifconvert;
pub mod ivreduce;
pub mod magic;
pub mod manager;
pub mod narrow;
pub mod reassoc;
pub mod rotate;
pub mod scalrep;
pub mod siblingfuse;
pub mod storemerge;
pub mod unroll_inner;
pub mod whilefuse;

#[cfg(test)]
mod float_tests;

use crate::ir::{ForLoop, Func, OpId, OpKind};
use crate::Options;

/// What the transforms ask the scheduler, as a callback (the scheduler implements it,
/// [`crate::passes::ScheduleCosts`]).
pub trait Costs {
    /// Cycles the basic block `ops` of `f` takes in a list schedule (`None` if it cannot
    /// be scheduled).
    fn block_cycles(&self, f: &Func, ops: &[OpId]) -> Option<u32>;
    /// Why loop `l` cannot be pipelined, or `None` when it can.
    fn pipeline_ineligible(&self, f: &Func, l: &ForLoop) -> Option<String>;
    /// Cycles between two starts of dependent float ops of this kind on their unit (its
    /// latency at the clock period), `None` for a kind without a unit.
    fn float_span(&self, kind: &OpKind) -> Option<u32>;
}

/// What a pass gets besides the function.
pub struct PassCtx<'a> {
    /// The synthesis options.
    pub opts: &'a Options,
    /// The scheduler's answers.
    pub costs: &'a dyn Costs,
    /// Float reductions split by `reassoc`, collected for the interpreter.
    pub reassociated: Vec<reassoc::Reassociated>,
}

/// A named transform of the HLS IR.
#[derive(Clone, Copy)]
pub struct Pass {
    /// Kebab-case name, as on the command line (`const-div`).
    pub name: &'static str,
    /// One line saying what it does.
    pub description: &'static str,
    /// Runs it; true if it changed the function.
    pub run: fn(&mut Func, &mut PassCtx) -> bool,
}

impl std::fmt::Debug for Pass {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

/// Every HLS IR pass, in the order of the default pipeline.
pub fn registry() -> Vec<Pass> {
    let p = |name, description, run| Pass { name, description, run };
    vec![
        p("cfg-loop", "raise counted cf.br/cf.cond_br loops to structured for loops", |f, _| {
            cfgloop::run(f) > 0
        }),
        p("const-div", "divide and take remainders by constants with shifts and multiplies", |f, _| {
            constdiv::run(f) > 0
        }),
        p("if-convert", "turn conditionals in loops to be pipelined into predicated ops", |f, c| {
            ifconvert::run(f, c.opts.pipeline);
            true
        }),
        p("store-merge", "merge the predicated stores of both sides of an if-converted branch", |f, c| {
            storemerge::run(f, c.opts.pipeline) > 0
        }),
        p("scalar-replace", "keep memory accumulations of innermost loops in registers", |f, c| {
            scalrep::run(f, c.opts.pipeline);
            true
        }),
        p(
            "unroll-inner",
            "fully unroll short inner loops into a loop to be pipelined (one round)",
            |f, c| unroll_inner::run(f, c.opts.pipeline, c.opts.max_unroll) > 0,
        ),
        p("sibling-fuse", "dissolve one-iteration loops and fuse independent sibling loops", |f, _| {
            siblingfuse::run(f) != (0, 0)
        }),
        p("while-fuse", "run a while loop's body beside its condition when that is not slower", |f, c| {
            whilefuse::run(f, c.costs) > 0
        }),
        p("iv-reduce", "carry offsets of induction variables in registers", |f, c| {
            ivreduce::run(f, c.costs) > 0
        }),
        p("rotate", "move the ops after an inner loop into the next iteration", |f, _| rotate_noting(f)),
        p("reassoc", "split reassociable float reductions into partial accumulators", |f, c| {
            let found = reassoc::run(f, c.opts, c.costs);
            let changed = !found.is_empty();
            c.reassociated.extend(found);
            changed
        }),
        p("narrow", "narrow ops and values to the bits their ranges need", |f, _| narrow::run(f) > 0),
    ]
}

/// [`rotate::run`], noting each rotated loop for the report.
fn rotate_noting(f: &mut Func) -> bool {
    let rotated = rotate::run(f);
    for &id in &rotated {
        f.loop_notes.push((
            id,
            "rotated: the ops after its inner loop run in the next iteration's first state".into(),
        ));
    }
    !rotated.is_empty()
}

/// A pass by its name.
pub fn by_name(name: &str) -> Option<Pass> {
    registry().into_iter().find(|p| p.name == name)
}
