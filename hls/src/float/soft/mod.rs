//! The bit-exact software reference model of IEEE 754 binary arithmetic: every float
//! operation of the HLS flow on bit patterns, in any [`FloatFormat`](crate::float::FloatFormat)
//! with at least one fraction bit and a width of at most 64: `f16`, `bf16`, `f32`, `f64` and
//! odd ones like `e6m9` or `e2m61` (tested against references for exponents of 2..=11 bits;
//! wider exponents, up to the 20 bits `FloatFormat` accepts, are only checked not to panic).
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
//! - Every NaN result, from a NaN operand or an invalid operation, is the format's
//!   [`default_nan`](crate::float::FloatFormat::default_nan) (positive, quiet, empty payload). Payloads are not propagated: any NaN equals any NaN.
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
//!
//! ```
//! use hls::float::{soft, FloatFormat};
//! let f = FloatFormat::F32;
//! // 1 + 2^-24 is half-way between 1 and its successor: ties go to the even one, 1.
//! assert_eq!(soft::add(f, 0x3F80_0000, 0x3380_0000), 0x3F80_0000);
//! // 0 / 0 is the default NaN; fptosi of NaN saturates to 0.
//! assert_eq!(soft::div(f, 0, 0), f.default_nan());
//! assert_eq!(soft::to_sint(f, f.default_nan(), 32), 0);
//! // An f64 constant in bf16.
//! assert_eq!(soft::from_f64(FloatFormat::BF16, 1.0), 0x3F80);
//! ```

mod arith;
mod compare;
mod convert;
mod root_rem;
mod round;
mod value;

#[cfg(test)]
mod tests_convert;
#[cfg(test)]
mod tests_half;
#[cfg(test)]
mod tests_minmax;
#[cfg(test)]
mod tests_native;
#[cfg(test)]
mod tests_odd;
#[cfg(test)]
mod tests_robust;
#[cfg(test)]
mod tests_support;
#[cfg(test)]
mod tests_wide;

pub use arith::{add, div, mul, sub};
pub use compare::{abs, cmp, maximum, maxnum, minimum, minnum, neg};
pub use convert::{convert, from_f64, from_sint, from_uint, to_sint, to_uint};
pub use root_rem::{fma, rem, sqrt};
