//! Errors of the Yosys JSON importer.
//!
//! Two kinds: the text is not a Yosys netlist at all (malformed JSON or a wrong shape,
//! located by serde_json's line and column), or it is one whose content we cannot give a
//! two-state meaning (an asynchronous flip-flop, a latch, an `x` bit reaching logic...),
//! named by module and cell (or port or wire); [`ImportError::diagnostic`] finds that key in
//! the text ([`super::locate`]) to give every error a line and column.

use std::fmt;

/// Why a Yosys JSON netlist could not be imported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImportError {
    /// The text is not valid JSON, or not the shape `write_json` writes.
    Syntax {
        /// 1-based line of the error.
        line: usize,
        /// 1-based column of the error.
        column: usize,
        /// serde_json's description, without its position.
        message: String,
    },
    /// The netlist is well formed but cannot be imported.
    Netlist {
        /// The module concerned, if any.
        module: Option<String>,
        /// The cell concerned, with its type: `add0 ($adff)`.
        cell: Option<String>,
        /// The key that locates the error inside the module: its section (`cells`,
        /// `ports`, `netnames`) and name.
        key: Option<(&'static str, String)>,
        /// What is wrong.
        message: String,
    },
}

impl ImportError {
    /// An error about the netlist as a whole.
    pub fn global(message: impl Into<String>) -> ImportError {
        ImportError::Netlist { module: None, cell: None, key: None, message: message.into() }
    }
    /// An error in a module, outside any cell.
    pub fn in_module(module: &str, message: impl Into<String>) -> ImportError {
        ImportError::Netlist { module: Some(module.into()), cell: None, key: None, message: message.into() }
    }
    /// An error about a port (`ports`) or a wire (`netnames`) of a module.
    pub fn at_key(module: &str, section: &'static str, key: &str, message: impl Into<String>) -> ImportError {
        ImportError::Netlist {
            module: Some(module.into()),
            cell: None,
            key: Some((section, key.into())),
            message: message.into(),
        }
    }
    /// An error at a cell of a module.
    pub fn at_cell(module: &str, cell: &str, ty: &str, message: impl Into<String>) -> ImportError {
        ImportError::Netlist {
            module: Some(module.into()),
            cell: Some(format!("{cell}' ({ty})")),
            key: Some(("cells", cell.into())),
            message: message.into(),
        }
    }
    /// The same error, located at `section`/`key` of its module unless it already is.
    pub fn with_key(mut self, section: &'static str, name: &str) -> ImportError {
        if let ImportError::Netlist { key: key @ None, .. } = &mut self {
            *key = Some((section, name.into()));
        }
        self
    }
    /// From serde_json's error (which knows the line and column).
    pub fn from_json(e: &serde_json::Error) -> ImportError {
        let full = e.to_string();
        // serde_json appends " at line L column C"; keep the description only.
        let message = match full.rfind(" at line ") {
            Some(i) => full[..i].to_string(),
            None => full,
        };
        ImportError::Syntax { line: e.line().max(1), column: e.column().max(1), message }
    }
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::Syntax { line, column, message } => write!(f, "{line}:{column}: {message}"),
            ImportError::Netlist { module, cell, message, .. } => {
                if let Some(m) = module {
                    write!(f, "module '{m}'")?;
                    if let Some(c) = cell {
                        write!(f, ", cell '{c}")?;
                    }
                    write!(f, ": ")?;
                }
                write!(f, "{message}")
            }
        }
    }
}

impl std::error::Error for ImportError {}

impl ImportError {
    /// The error as a diagnostic located in `text` (the netlist it came from): a syntax
    /// error at serde_json's line and column, any other at the key of its cell, port, wire
    /// or module (or of `modules`, or the first byte, for errors about the whole netlist).
    pub fn diagnostic(&self, text: &str) -> mlir_text::Diagnostic {
        let span = match self {
            ImportError::Syntax { line, column, .. } => {
                let start: usize = text.split_inclusive('\n').take(line - 1).map(str::len).sum();
                // serde_json counts columns in bytes, from 1.
                let mut pos = (start + column.saturating_sub(1)).min(text.len());
                while !text.is_char_boundary(pos) {
                    pos -= 1;
                }
                mlir_text::Span::point(pos)
            }
            ImportError::Netlist { module, key, .. } => {
                let mut path = vec!["modules"];
                path.extend(module.as_deref());
                if let Some((section, name)) = key {
                    path.extend([*section, name.as_str()]);
                }
                match super::locate::key_path(text, &path) {
                    Some((at, len)) => mlir_text::Span::new(at, at + len),
                    None => mlir_text::Span::point(0),
                }
            }
        };
        let message = match self {
            ImportError::Syntax { message, .. } => message.clone(),
            other => other.to_string(),
        };
        mlir_text::Diagnostic::error(span, message)
    }
}
