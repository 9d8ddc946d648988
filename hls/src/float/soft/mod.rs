//! The bit-exact software reference model of IEEE 754 binary arithmetic: every float
//! operation of the HLS flow on bit patterns, in any [`FloatFormat`](crate::float::FloatFormat) with 2..=11 exponent
//! bits and a width of at most 64 (`f16`, `bf16`, `f32`, `f64`, and odd ones like `e6m9`).
//!
//! The interpreter evaluates float ops with these functions and the hardware units are
//! tested against them, so they are the flow's definition of float arithmetic. They use only
//! integer arithmetic (no host floats): decode into (sign, exponent, significand) with
//! subnormals normalized (`value`), compute the exact result or one with two extra bits and
//! a sticky bit, and round once (`round`: to nearest, ties to even, overflow to infinity,
//! gradual underflow, signed zeros).
//!
//! Decisions where IEEE 754 or LLVM leave a choice (the hardware units implement the same):
//! - Inputs are read from the format's low bits only; results are masked to its width.
//! - Every NaN result, from a NaN operand or an invalid operation, is [`FloatFormat::default_nan`](crate::float::FloatFormat::default_nan)
//!   (positive, quiet, empty payload). Payloads are not propagated: any NaN equals any NaN.
//!   Only `neg` and `abs` (pure sign-bit operations) and `maxnum`/`minnum` (which return an
//!   operand unchanged) may return another NaN pattern.
//! - `to_sint`/`to_uint` (`arith.fptosi`/`fptoui`) truncate toward zero and saturate where
//!   LLVM's result is poison: NaN gives 0, out-of-range values clamp to the integer range
//!   (every negative number gives 0 for `to_uint`), like Rust's `as` and LLVM's
//!   `fptosi.sat`. Integer widths outside 1..=64 are clamped into that range.
//! - `maximum`/`minimum`/`maxnum`/`minnum` order `-0` below `+0`; `maxnum`/`minnum` return the
//!   non-NaN operand when exactly one is NaN (quiet or signalling alike).
//! - `rem` is LLVM's `frem` (C `fmod`): `a - trunc(a / b) * b` computed exactly, with the sign
//!   of `a`.

mod arith;
mod compare;
mod convert;
mod root_rem;
mod round;
mod value;

#[cfg(test)]
mod tests_convert;
#[cfg(test)]
mod tests_native;
#[cfg(test)]
mod tests_support;

pub use arith::{add, div, mul, sub};
pub use compare::{abs, cmp, maximum, maxnum, minimum, minnum, neg};
pub use convert::{convert, from_f64, from_sint, from_uint, to_sint, to_uint};
pub use root_rem::{fma, rem, sqrt};
