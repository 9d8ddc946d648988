//! Diagnostics: user-facing errors that point into the source.
//!
//! Rendered as `FILE:LINE:COL: error: MESSAGE`, then the offending source line and a caret
//! (with `~` under the rest of the span on that line), then any notes in the same shape.
//! Internal errors (a verifier failing after a pass) are not diagnostics of the user's input
//! and say so in their message.

use crate::source::{SourceFile, Span};
use std::fmt::Write;

/// How bad a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// The input is wrong; the run fails.
    Error,
    /// Something the user should know; the run goes on.
    Warning,
    /// Extra context attached to another diagnostic.
    Note,
}

/// One message about a place in the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error, warning or note.
    pub severity: Severity,
    /// Where; `None` for errors about no particular place (options, I/O).
    pub span: Option<Span>,
    /// What is wrong, starting lower-case, no final period.
    pub message: String,
    /// Further notes, each optionally at its own place.
    pub notes: Vec<(Option<Span>, String)>,
}

impl Diagnostic {
    /// An error at `span`.
    pub fn error(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Error, span: Some(span), message: message.into(), notes: Vec::new() }
    }
    /// An error about no particular place.
    pub fn global(message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Error, span: None, message: message.into(), notes: Vec::new() }
    }
    /// Adds a note (builder style).
    pub fn with_note(mut self, span: Option<Span>, message: impl Into<String>) -> Diagnostic {
        self.notes.push((span, message.into()));
        self
    }

    /// Renders the diagnostic against the file it points into.
    pub fn render(&self, file: &SourceFile) -> String {
        let mut out = String::new();
        render_one(&mut out, file, self.severity, self.span, &self.message);
        for (span, msg) in &self.notes {
            render_one(&mut out, file, Severity::Note, *span, msg);
        }
        out
    }
}

fn render_one(out: &mut String, file: &SourceFile, sev: Severity, span: Option<Span>, msg: &str) {
    let word = match sev {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    };
    let Some(span) = span else {
        let _ = writeln!(out, "{}: {word}: {msg}", file.name());
        return;
    };
    let (line, col) = file.line_col(span.start);
    let _ = writeln!(out, "{}:{line}:{col}: {word}: {msg}", file.name());
    let text = file.line_text(line);
    let (shown, skipped) = window(text, col);
    let lead = if skipped > 0 { "..." } else { "" };
    let tail = if skipped + shown.chars().count() < text.chars().count() { "..." } else { "" };
    let _ = writeln!(out, "{lead}{shown}{tail}");
    // Caret under the start, tildes under the rest of the span on this line (in the window).
    let mut marker = lead.replace('.', " ");
    for ch in shown.chars().take(col - 1 - skipped) {
        marker.push(if ch == '\t' { '\t' } else { ' ' });
    }
    marker.push('^');
    let (end_line, end_col) = file.line_col(span.end);
    let last = if end_line == line { end_col } else { text.chars().count() + 1 };
    let last = last.min(skipped + shown.chars().count() + 1);
    for _ in (col + 1)..last {
        marker.push('~');
    }
    let _ = writeln!(out, "{marker}");
}

/// Longest source line printed whole; a longer one is shown as a window around the column.
const MAX_LINE: usize = 160;
/// Characters of a long line shown before the column.
const BEFORE: usize = 60;
/// Characters of a long line shown in all.
const WINDOW: usize = 120;

/// The part of `text` to print for a diagnostic at 1-based `col`, and how many characters
/// precede it: the whole line when it is short, else a window around the column (a 100 MB
/// one-line input must not give 200 MB of error text).
fn window(text: &str, col: usize) -> (&str, usize) {
    if text.len() <= MAX_LINE || text.chars().count() <= MAX_LINE {
        return (text, 0);
    }
    let skipped = (col - 1).saturating_sub(BEFORE);
    let byte_at = |n: usize| text.char_indices().nth(n).map_or(text.len(), |(i, _)| i);
    let start = byte_at(skipped);
    let rest = &text[start..];
    let end = rest.char_indices().nth(WINDOW).map_or(rest.len(), |(i, _)| i);
    (&rest[..end], skipped)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_file_line_col_and_caret() {
        let f = SourceFile::new("t.mlir", "hw.module @m() {\n  %x = comb.foo %a : i8\n}\n");
        let start = f.text().find("comb.foo").unwrap();
        let d = Diagnostic::error(Span::new(start, start + 8), "unknown op 'comb.foo'");
        assert_eq!(
            d.render(&f),
            "t.mlir:2:8: error: unknown op 'comb.foo'\n  %x = comb.foo %a : i8\n       ^~~~~~~~\n"
        );
    }

    #[test]
    fn long_lines_show_a_window_around_the_column() {
        let line = format!("{}comb.foo{}", "a".repeat(5000), "b".repeat(5000));
        let f = SourceFile::new("t.mlir", &line);
        let d = Diagnostic::error(Span::new(5000, 5008), "unknown op");
        let text = d.render(&f);
        assert!(text.starts_with("t.mlir:1:5001: error: unknown op\n..."), "{text}");
        assert!(text.len() < 400, "{} bytes", text.len());
        let lines: Vec<&str> = text.lines().collect();
        let at = lines[1].find("comb.foo").unwrap();
        assert_eq!(lines[2].find('^'), Some(at));
        assert!(lines[1].ends_with("..."));
        assert_eq!(lines[2].trim_start(), "^~~~~~~~");
    }
}
