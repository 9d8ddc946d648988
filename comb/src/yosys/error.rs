//! Errors of the Yosys JSON importer.
//!
//! Two kinds: the text is not a Yosys netlist at all (malformed JSON or a wrong shape,
//! located by serde_json's line and column), or it is one whose content we cannot give a
//! two-state meaning (an asynchronous flip-flop, a latch, an `x` bit reaching logic...),
//! named by module and cell since the JSON model keeps no positions.

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
        /// What is wrong.
        message: String,
    },
}

impl ImportError {
    /// An error about the netlist as a whole.
    pub fn global(message: impl Into<String>) -> ImportError {
        ImportError::Netlist { module: None, cell: None, message: message.into() }
    }
    /// An error in a module, outside any cell.
    pub fn in_module(module: &str, message: impl Into<String>) -> ImportError {
        ImportError::Netlist { module: Some(module.into()), cell: None, message: message.into() }
    }
    /// An error at a cell of a module.
    pub fn at_cell(module: &str, cell: &str, ty: &str, message: impl Into<String>) -> ImportError {
        ImportError::Netlist {
            module: Some(module.into()),
            cell: Some(format!("{cell}' ({ty})")),
            message: message.into(),
        }
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
            ImportError::Netlist { module, cell, message } => {
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
