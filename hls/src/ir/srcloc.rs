//! Source locations for reports and generated code: the `file:line` of a span.
//!
//! The HLS IR keeps byte spans ([`mlir_text::Span`]); a report or a SystemVerilog comment
//! wants `gemm.mlir:12`. [`Lines`] holds the file's base name and where each line starts,
//! set on a [`super::Func`] by [`crate::synthesize_source`]; without a source (the
//! in-process API called on a parsed file alone) locations read `?:BYTE`.

use mlir_text::{SourceFile, Span};
use std::sync::Arc;

/// The base name of a source file and its line starts.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Lines {
    /// File base name (`gemm.mlir`), empty when unknown.
    pub file: String,
    /// Byte offset of each line's first byte (empty when unknown).
    starts: Arc<Vec<u32>>,
}

impl Lines {
    /// The lines of `src`, named by its base name.
    pub fn new(src: &SourceFile) -> Lines {
        let name = src.name();
        let file = std::path::Path::new(name)
            .file_name()
            .map_or_else(|| name.to_string(), |n| n.to_string_lossy().into_owned());
        let mut starts = vec![0u32];
        starts.extend(src.text().bytes().enumerate().filter(|&(_, b)| b == b'\n').map(|(i, _)| i as u32 + 1));
        Lines { file, starts: Arc::new(starts) }
    }

    /// The 1-based line of a span's start, when the source is known.
    pub fn line(&self, span: Span) -> Option<usize> {
        if self.starts.is_empty() {
            return None;
        }
        Some(match self.starts.binary_search(&span.start) {
            Ok(i) => i + 1,
            Err(i) => i,
        })
    }

    /// `file:line` of a span (`?:BYTE` without a source).
    pub fn at(&self, span: Span) -> String {
        match self.line(span) {
            Some(l) => format!("{}:{l}", self.file),
            None => format!("?:{}", span.start),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_one_based_and_named_by_base_name() {
        let src = SourceFile::new("/tmp/k/gemm.mlir", "a\nbc\n\nd");
        let l = Lines::new(&src);
        assert_eq!(l.at(Span::point(0)), "gemm.mlir:1");
        assert_eq!(l.at(Span::point(2)), "gemm.mlir:2");
        assert_eq!(l.at(Span::point(3)), "gemm.mlir:2");
        assert_eq!(l.at(Span::point(5)), "gemm.mlir:3");
        assert_eq!(l.at(Span::point(6)), "gemm.mlir:4");
        assert_eq!(Lines::default().at(Span::point(7)), "?:7");
    }
}
