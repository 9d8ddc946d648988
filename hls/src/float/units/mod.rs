//! Floating-point hardware units generated as `comb` cells, parametric in the format
//! ([`FloatFormat`]): bit-exact IEEE 754 (round to nearest even, subnormals kept, signed
//! zeros, infinities; an invalid operation gives the format's default NaN).
//!
//! - [`builder`]: [`UnitBuilder`], the word-level cell helpers units are written with;
//! - [`pipeline`]: turns a unit's combinational cone into an `L`-stage pipeline (II 1);
//! - one file per unit (`fadd.rs`, `fmul.rs`, `fma.rs`; others add theirs), each with a
//!   `build_*` function that adds the combinational unit inline into any module from operand
//!   nets and returns the result net;
//! - [`unit_module`] wraps one unit as a standalone module (ports `clk` when pipelined,
//!   `a`, `b`, `c` as the unit needs, `y`) for tests and readable SystemVerilog;
//! - [`min_latency`] is the latency table the scheduler uses: the smallest pipeline depth
//!   whose stages fit a clock period by the delay estimate of [`pipeline`];
//!   [`stage_delays`] shows the estimated stages of a given depth.
//!
//! At 10 ns on the iCE40 the estimate gives f32 add latency 4; mul 4 with its significand
//! product as a compressor tree ([`csa`], what HLS builds), 4 with one `Mul` cell (estimated
//! 15 ns, alone in a stage: on hx parts that stage misses the period; Yosys maps it to DSPs
//! on up5k with `synth_ice40 -dsp`). `cargo run --release --example float_units -- model`
//! prints the table.

pub mod builder;
pub mod common;
pub mod csa;
pub mod ds_float;
pub mod ds_iter;
pub mod ds_net;
pub mod ds_pipe;
pub mod ds_unit;
pub mod fadd;
pub mod fcmp;
pub mod fconv;
pub mod fdiv;
pub mod fma;
pub mod fmul;
pub mod frem;
pub mod fsqrt;
pub mod mulrows;
pub mod pipeline;

pub use builder::UnitBuilder;
pub use fadd::build_fadd;
pub use fma::build_fma;
pub use fmul::build_fmul;

use super::{FCmpPred, FloatFormat};
use comb::{Dir, Module, NetId, Port};
use fcmp::MinMax;
use mlir_text::Span;

/// A kind of floating-point unit. Variants are added as units are written (match it with a
/// wildcard arm outside this module).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FUnit {
    /// `a + b`.
    Add,
    /// `a - b`.
    Sub,
    /// `a * b`.
    Mul,
    /// `a * b + c` with one rounding.
    Fma,
    /// `a / b` (`fdiv.rs`), pipelined between recurrence rows (II 1).
    Div,
    /// `a / b` on one sequential unit doing `rows` recurrence rows a cycle, with a
    /// start/done/busy protocol (`ds_iter.rs`); `ds_unit::seq_unit` picks the fields for a
    /// clock period.
    DivSeq {
        /// Rows per cycle (at least 1).
        rows: u32,
        /// Registers cutting the preparation and the finishing step, each.
        split: u32,
    },
    /// `sqrt(a)` (`fsqrt.rs`), pipelined between recurrence rows (II 1).
    Sqrt,
    /// `sqrt(a)` on one sequential unit doing `rows` rows a cycle (as `DivSeq`).
    SqrtSeq {
        /// Rows per cycle (at least 1).
        rows: u32,
        /// Registers cutting the preparation and the finishing step, each.
        split: u32,
    },
    /// `a rem b` (`arith.remf`, C's `fmod`; `frem.rs`), pipelined between recurrence rows
    /// (II 1): the worst case's rows, so only small formats are built this way.
    Rem,
    /// `a rem b` on one sequential unit doing `rows` rows a cycle (as `DivSeq`): HLS's
    /// remainder unit.
    RemSeq {
        /// Rows per cycle (at least 1).
        rows: u32,
        /// Registers cutting the preparation and the finishing step, each.
        split: u32,
    },
    /// `arith.cmpf` with a predicate: a 1-bit result (`fcmp.rs`).
    Cmp(FCmpPred),
    /// `minimumf`, `maximumf`, `minnumf` or `maxnumf` (`fcmp.rs`).
    MinMax(MinMax),
    /// `-a` (the sign bit).
    Neg,
    /// `|a|` (the sign bit).
    Abs,
    /// `sitofp`/`uitofp` from a `width`-bit integer; the format is the result's (`fconv.rs`).
    IToFp {
        /// The integer's width, 1..=64.
        width: u32,
        /// Two's complement (`sitofp`) or unsigned (`uitofp`).
        signed: bool,
    },
    /// `fptosi`/`fptoui` to a `width`-bit integer, truncating, saturating, NaN to 0; the
    /// format is the operand's.
    FpToI {
        /// The integer's width, 1..=64.
        width: u32,
        /// `fptosi` or `fptoui`.
        signed: bool,
    },
    /// `extf`/`truncf` from the unit's format to `to`.
    Convert {
        /// The result format.
        to: FloatFormat,
    },
}

impl FUnit {
    /// Number of operands (`a`, `b`, `c` in that order).
    pub fn operands(self) -> usize {
        match self {
            FUnit::Add | FUnit::Sub | FUnit::Mul => 2,
            FUnit::Fma => 3,
            k => ds_unit::operand_widths(k, FloatFormat::F32).map_or(0, |w| w.len()),
        }
    }

    /// Width of the result for format `f`.
    pub fn result_width(self, f: FloatFormat) -> u32 {
        match self {
            FUnit::Add | FUnit::Sub | FUnit::Mul | FUnit::Fma => f.width(),
            k => ds_unit::result_width(k, f).unwrap_or(0),
        }
    }

    /// A short name (`fadd`), used for module names.
    pub fn name(self) -> &'static str {
        match self {
            FUnit::Add => "fadd",
            FUnit::Sub => "fsub",
            FUnit::Mul => "fmul",
            FUnit::Fma => "fma",
            k => ds_unit::name(k).unwrap_or("funit"),
        }
    }
}

#[cfg(test)]
mod tests_builder;
/// How units are built.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UnitOptions {
    /// Significand products as rows of this many bits of one operand (for LUT fabrics,
    /// [`mulrows`]); `Some(0)`: a bit-level compressor tree ([`csa`], the fastest on LUT
    /// fabrics); `None`: one `Mul` cell (for DSPs).
    pub mul_tile: Option<u32>,
}

/// Adds the combinational unit `kind` for format `f` on `ops` (`a`, `b`, `c` as the unit
/// takes them); returns its result net.
pub fn build_unit(b: &mut UnitBuilder, kind: FUnit, f: FloatFormat, ops: &[NetId]) -> NetId {
    match kind {
        FUnit::Add => build_fadd(b, f, ops[0], ops[1], false),
        FUnit::Sub => build_fadd(b, f, ops[0], ops[1], true),
        FUnit::Mul => build_fmul(b, f, ops[0], ops[1]),
        FUnit::Fma => build_fma(b, f, ops[0], ops[1], ops[2]),
        k => ds_unit::build(b, k, f, ops).expect("every FUnit kind is built by one family"),
    }
}

/// Operand widths of `kind` for format `f`.
fn operand_widths(kind: FUnit, f: FloatFormat) -> Vec<u32> {
    ds_unit::operand_widths(kind, f).unwrap_or_else(|| vec![f.width(); kind.operands()])
}

/// One unit as a standalone module named `{kind}_{format}_l{latency}` (`_t{tile}` added for
/// row multipliers) with ports `clk`
/// (only when `latency > 0`), `a`, `b`(, `c`) and `y`: the result of the operands presented
/// `latency` clock cycles before (a new operation may start every cycle).
pub fn unit_module(kind: FUnit, f: FloatFormat, latency: u32) -> Module {
    unit_module_with(kind, f, latency, &UnitOptions::default())
}

/// [`unit_module`] built with `opts`.
pub fn unit_module_with(kind: FUnit, f: FloatFormat, latency: u32, opts: &UnitOptions) -> Module {
    if let Some(m) = ds_unit::module(kind, f, latency) {
        return m;
    }
    let tile = opts.mul_tile.map_or(String::new(), |t| format!("_t{t}"));
    let mut m = Module::new(format!("{}_{f}_l{latency}{tile}", kind.name()), Span::default());
    let port = |m: &mut Module, name: &str, dir: Dir, width: u32, clock: bool| {
        m.add_port(Port { name: name.to_string(), dir, width, clock, span: Span::default() })
    };
    let clk = (latency > 0).then(|| port(&mut m, "clk", Dir::Input, 1, true));
    let mut ins = Vec::new();
    for (i, w) in operand_widths(kind, f).into_iter().enumerate() {
        let p = port(&mut m, ["a", "b", "c"][i], Dir::Input, w, false);
        ins.push(m.port_net(p).expect("an input has a net"));
    }
    let mut b = UnitBuilder::new(&mut m);
    b.set_mul_tile(opts.mul_tile);
    let y = build_unit(&mut b, kind, f, &ins);
    let y = match clk {
        Some(c) => {
            let c = m.port_net(c).expect("an input has a net");
            pipeline::pipeline(&mut m, &ins, y, c, latency)
        }
        None => y,
    };
    let out = port(&mut m, "y", Dir::Output, kind.result_width(f), false);
    m.set_output(out, y);
    m
}

#[cfg(test)]
mod reference;
#[cfg(test)]
mod tests_arith;
/// A unit built alone: the module, its operand nets and its (combinational) result.
fn scratch(kind: FUnit, f: FloatFormat, opts: &UnitOptions) -> (Module, Vec<NetId>, NetId) {
    let mut m = Module::new(kind.name(), Span::default());
    let mut ins = Vec::new();
    for (i, w) in operand_widths(kind, f).into_iter().enumerate() {
        let p = m.add_port(Port {
            name: ["a", "b", "c"][i].to_string(),
            dir: Dir::Input,
            width: w,
            clock: false,
            span: Span::default(),
        });
        ins.push(m.port_net(p).expect("an input has a net"));
    }
    let mut b = UnitBuilder::new(&mut m);
    b.set_mul_tile(opts.mul_tile);
    let y = build_unit(&mut b, kind, f, &ins);
    (m, ins, y)
}

/// The latency table: the fewest pipeline registers for which every stage of unit `kind`
/// in format `f` fits a clock period of `clock_period_ns` by the delay estimate of
/// [`pipeline`] (each stage gets the scheduler's chaining budget,
/// `schedule::delays::budget`: the period less the register and input-multiplexer
/// overhead). A single cell slower than the budget counts as one stage.
pub fn min_latency(kind: FUnit, f: FloatFormat, clock_period_ns: f64) -> u32 {
    min_latency_with(kind, f, clock_period_ns, &UnitOptions::default())
}

/// [`min_latency`] of the unit built with `opts`.
pub fn min_latency_with(kind: FUnit, f: FloatFormat, clock_period_ns: f64, opts: &UnitOptions) -> u32 {
    if let Some(l) = ds_unit::latency(kind, f, clock_period_ns) {
        return l;
    }
    let (m, ins, y) = scratch(kind, f, opts);
    let budget = crate::schedule::delays::budget(clock_period_ns);
    pipeline::min_latency(&m, &ins, y, budget)
}

/// The estimated delay of each stage of unit `kind` in format `f` pipelined with `latency`
/// registers, ns (one entry per stage that holds logic).
pub fn stage_delays(kind: FUnit, f: FloatFormat, latency: u32) -> Vec<f64> {
    stage_delays_with(kind, f, latency, &UnitOptions::default())
}

/// [`stage_delays`] of the unit built with `opts`.
pub fn stage_delays_with(kind: FUnit, f: FloatFormat, latency: u32, opts: &UnitOptions) -> Vec<f64> {
    let (m, ins, y) = scratch(kind, f, opts);
    pipeline::plan(&m, &ins, y, latency).slice_ns
}

#[cfg(test)]
mod tests_ds;
#[cfg(test)]
mod tests_ds_conv;
#[cfg(test)]
mod tests_ds_soft;
#[cfg(test)]
mod tests_ds_util;
#[cfg(test)]
mod tests_pipeline;
#[cfg(test)]
mod tests_rem;
#[cfg(test)]
mod testutil;
