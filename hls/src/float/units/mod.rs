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
//!   whose stages fit a clock period by the delay estimate of [`pipeline`].

pub mod builder;
pub mod ds_float;
pub mod ds_iter;
pub mod ds_net;
pub mod ds_unit;
pub mod fcmp;
pub mod fconv;
pub mod fdiv;
pub mod fsqrt;

pub use builder::UnitBuilder;

use super::FloatFormat;

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
}

impl FUnit {
    /// Number of operands (`a`, `b`, `c` in that order).
    pub fn operands(self) -> usize {
        match self {
            FUnit::Add | FUnit::Sub | FUnit::Mul => 2,
            FUnit::Fma => 3,
        }
    }

    /// Width of the result for format `f`.
    pub fn result_width(self, f: FloatFormat) -> u32 {
        match self {
            FUnit::Add | FUnit::Sub | FUnit::Mul | FUnit::Fma => f.width(),
        }
    }

    /// A short name (`fadd`), used for module names.
    pub fn name(self) -> &'static str {
        match self {
            FUnit::Add => "fadd",
            FUnit::Sub => "fsub",
            FUnit::Mul => "fmul",
            FUnit::Fma => "fma",
        }
    }
}

#[cfg(test)]
mod tests_builder;
#[cfg(test)]
mod tests_ds;
#[cfg(test)]
mod tests_ds_conv;
#[cfg(test)]
mod tests_ds_soft;
#[cfg(test)]
mod tests_ds_util;
#[cfg(test)]
mod testutil;
