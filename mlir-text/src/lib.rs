//! Reader for MLIR's textual form.
//!
//! Text goes in, an op tree ([`ast::File`]) comes out, with every op's source span kept.
//! The reader knows the custom syntax of the builtin, func, hw, comb, seq and arith-constant
//! ops (and the seed documents' older spellings) and the generic syntax of every op.
//! It knows nothing of hardware: building netlists happens in `comb`.
#![warn(missing_docs)]

pub mod ast;
pub mod diag;
pub mod source;

pub use ast::*;
pub use diag::{Diagnostic, Severity};
pub use source::{SourceFile, Span};
