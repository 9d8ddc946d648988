//! Reader for MLIR's textual form.
//!
//! Text goes in, an op tree ([`ast::File`]) comes out, with every op's source span kept.
//! The reader knows the custom syntax of the builtin, func, hw, comb, seq and arith-constant
//! ops (and the seed documents' older spellings) and the generic syntax of every op.
//! It knows nothing of hardware: building netlists happens in `comb`.
//!
//! ```
//! let src = mlir_text::SourceFile::new("t.mlir", "hw.module @m(in %a : i8, out y : i8) {\n  hw.output %a : i8\n}\n");
//! let file = mlir_text::parse(&src).unwrap();
//! assert_eq!(&*file.ops[0].name, "hw.module");
//! ```
#![warn(missing_docs)]

pub mod affine;
pub mod ast;
pub mod diag;
pub mod dialect;
mod display;
pub mod firmem;
pub mod float_lit;
pub mod fxhash;
pub mod hw_types;
pub mod ifdef;
pub mod lexer;
mod parser;
pub mod source;
pub mod suggest;

pub use ast::*;
pub use diag::{Diagnostic, Severity};
pub use float_lit::FloatLit;
pub use parser::{
    normalize_name, parse, parse_streaming, OpSink, SimpleAttr, SimpleKind, SimpleOp, SimpleUse, SimpleValue,
    MAX_DEPTH, MAX_PAYLOAD,
};
pub use source::{SourceFile, Span};

/// Turns raw input bytes into a [`SourceFile`]. Bytes that are not UTF-8 give an error at
/// the first bad byte (the file then holds the text with replacement characters, so the
/// error renders at the right line and column).
pub fn decode_source(name: &str, bytes: &[u8]) -> (SourceFile, Option<Diagnostic>) {
    match std::str::from_utf8(bytes) {
        Ok(s) => (SourceFile::new(name, s), None),
        Err(e) => {
            let at = e.valid_up_to();
            let bad = bytes.get(at).copied().unwrap_or(0);
            let file = SourceFile::new(name, String::from_utf8_lossy(bytes).into_owned());
            let d = Diagnostic::error(
                Span::new(at, at + 1),
                format!("input is not valid UTF-8 (byte 0x{bad:02x})"),
            );
            (file, Some(d))
        }
    }
}

/// Like [`decode_source`], but takes the bytes: valid UTF-8 becomes the file's text without
/// a copy (a 40 MB input is not held twice).
pub fn decode_source_owned(name: &str, bytes: Vec<u8>) -> (SourceFile, Option<Diagnostic>) {
    match String::from_utf8(bytes) {
        Ok(s) => (SourceFile::new(name, s), None),
        Err(e) => decode_source(name, e.as_bytes()),
    }
}
