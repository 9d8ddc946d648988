//! Source text and byte spans.
//!
//! Every op, value and attribute the reader produces carries a [`Span`] into the one
//! [`SourceFile`] it was read from; diagnostics turn a span back into `LINE:COL`.

/// A half-open byte range `start..end` into a [`SourceFile`]'s text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl Span {
    /// A span from `start` to `end` (bytes).
    pub fn new(start: usize, end: usize) -> Span {
        Span { start: start as u32, end: end as u32 }
    }
    /// An empty span at `pos`.
    pub fn point(pos: usize) -> Span {
        Span::new(pos, pos)
    }
    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span { start: self.start.min(other.start), end: self.end.max(other.end) }
    }
}

/// One input file: its name (as given on the command line, `<stdin>` for `-`) and text.
#[derive(Clone, Debug)]
pub struct SourceFile {
    name: String,
    text: String,
    /// Byte offset of each line's start; computed on the first diagnostic (reading a big
    /// file that has no error never needs it).
    line_starts: std::sync::OnceLock<Vec<u32>>,
}

impl SourceFile {
    /// Wraps `text`, read from `name`.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> SourceFile {
        SourceFile { name: name.into(), text: text.into(), line_starts: std::sync::OnceLock::new() }
    }
    fn line_starts(&self) -> &[u32] {
        self.line_starts.get_or_init(|| {
            let mut v = vec![0u32];
            v.extend(self.text.bytes().enumerate().filter(|&(_, b)| b == b'\n').map(|(i, _)| i as u32 + 1));
            v
        })
    }
    /// The file name used in diagnostics.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// The whole text.
    pub fn text(&self) -> &str {
        &self.text
    }
    /// The text a span covers.
    pub fn slice(&self, span: Span) -> &str {
        let end = (span.end as usize).min(self.text.len());
        let start = (span.start as usize).min(end);
        self.text.get(start..end).unwrap_or("")
    }
    /// 1-based line and column (column counted in characters) of byte offset `pos`.
    pub fn line_col(&self, pos: u32) -> (usize, usize) {
        let pos = pos.min(self.text.len() as u32);
        let line_starts = self.line_starts();
        let line = match line_starts.binary_search(&pos) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        let start = line_starts[line] as usize;
        let mut end = pos as usize;
        while end > start && !self.text.is_char_boundary(end) {
            end -= 1;
        }
        let col = self.text[start..end].chars().count() + 1;
        (line + 1, col)
    }
    /// The text of 1-based line `line`, without its newline.
    pub fn line_text(&self, line: usize) -> &str {
        let line_starts = self.line_starts();
        let Some(&start) = line_starts.get(line.wrapping_sub(1)) else { return "" };
        let start = start as usize;
        let end = line_starts.get(line).map(|&e| e as usize).unwrap_or(self.text.len());
        self.text[start..end].trim_end_matches(['\n', '\r'])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_from_one() {
        let f = SourceFile::new("a.mlir", "ab\ncd\n\nx");
        assert_eq!(f.line_col(0), (1, 1));
        assert_eq!(f.line_col(1), (1, 2));
        assert_eq!(f.line_col(3), (2, 1));
        assert_eq!(f.line_col(7), (4, 1));
        assert_eq!(f.line_text(2), "cd");
        assert_eq!(f.line_text(3), "");
        assert_eq!(f.line_text(9), "");
    }
}
