//! IEEE 754 binary floating point for HLS: the formats ([`FloatFormat`]) and the
//! comparison predicates ([`FCmpPred`]) that the IR, the interpreter and the hardware
//! units share.
//!
//! A float value anywhere in the flow is its bit pattern (sign, biased exponent, stored
//! fraction, in that order from the top bit), carried as an integer of the format's width:
//! the IR's values, memory words and ports stay plain bit vectors and only the operations
//! know the format.

pub mod format;
pub mod soft;
pub mod units;

pub use format::{FCmpPred, FloatFormat};
