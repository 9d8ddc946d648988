//! The flow's one error type: what went wrong, of which kind, and where in the input when
//! there is a place to point at.
//!
//! The kind decides the exit status of the command line: [`ErrorKind::User`] (bad input
//! or options) 1, [`ErrorKind::Tool`] (an external program missing or failing) 2,
//! [`ErrorKind::Internal`] (a bug of ours: a pass broke the netlist, a backend met a
//! netlist it cannot write) 70 (`EX_SOFTWARE`).

use mlir_text::{Diagnostic, SourceFile};
use std::fmt;

/// Who is to act on an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The input or the options are wrong; the user fixes them.
    User,
    /// An external program (Yosys, nextpnr, Verilator, ...) is missing or failed.
    Tool,
    /// The flow itself went wrong: a bug to report.
    Internal,
}

impl ErrorKind {
    /// The exit status of the command line for this kind.
    pub fn exit_code(self) -> u8 {
        match self {
            ErrorKind::User => 1,
            ErrorKind::Tool => 2,
            ErrorKind::Internal => 70,
        }
    }
}

/// What an error says.
#[derive(Clone, Debug)]
enum Detail {
    /// Diagnostics against the source they point into.
    Located(Box<SourceFile>, Vec<Diagnostic>),
    /// A message already phrased for the user, with no place in the input.
    Message(String),
}

/// A failed step of the flow.
#[derive(Clone, Debug)]
pub struct Error {
    kind: ErrorKind,
    detail: Detail,
}

/// The flow's result.
pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    /// Errors in the input, located in `src` (always [`ErrorKind::User`]).
    pub fn input(src: &SourceFile, diags: Vec<Diagnostic>) -> Error {
        Error { kind: ErrorKind::User, detail: Detail::Located(Box::new(src.clone()), diags) }
    }

    /// A user error without a location (options, files that cannot be read or written).
    pub fn user(message: impl Into<String>) -> Error {
        Error { kind: ErrorKind::User, detail: Detail::Message(message.into()) }
    }

    /// An external tool missing or failing.
    pub fn tool(message: impl Into<String>) -> Error {
        Error { kind: ErrorKind::Tool, detail: Detail::Message(message.into()) }
    }

    /// A bug of the flow.
    pub fn internal(message: impl Into<String>) -> Error {
        Error { kind: ErrorKind::Internal, detail: Detail::Message(message.into()) }
    }

    /// An error of the FPGA flow, of the kind its variant says.
    pub fn from_fpga(e: fpga::Error) -> Error {
        let kind = match e {
            fpga::Error::ToolMissing(_) | fpga::Error::ToolFailed { .. } => ErrorKind::Tool,
            _ => ErrorKind::User,
        };
        Error { kind, detail: Detail::Message(e.to_string()) }
    }

    /// Who is to act on it.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The diagnostics, when the error points into the input.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        match &self.detail {
            Detail::Located(_, d) => d,
            Detail::Message(_) => &[],
        }
    }

    /// The text to print on standard error: each diagnostic with its source line and caret,
    /// or `rmlir-hls: error: MESSAGE`.
    pub fn render(&self) -> String {
        match &self.detail {
            Detail::Located(src, diags) => diags.iter().map(|d| d.render(src)).collect(),
            Detail::Message(m) => format!("rmlir-hls: error: {m}\n"),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.render().trim_end())
    }
}

impl std::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_give_the_exit_codes_and_messages_render() {
        assert_eq!(Error::user("bad").kind().exit_code(), 1);
        assert_eq!(Error::tool("no yosys").kind().exit_code(), 2);
        assert_eq!(Error::internal("broken").kind().exit_code(), 70);
        assert_eq!(Error::user("bad").render(), "rmlir-hls: error: bad\n");
        let missing = Error::from_fpga(fpga::Error::ToolMissing("yosys".into()));
        assert_eq!(missing.kind(), ErrorKind::Tool);
        assert_eq!(Error::from_fpga(fpga::Error::Request("pcf".into())).kind(), ErrorKind::User);
    }

    #[test]
    fn located_errors_point_into_the_source() {
        let src = SourceFile::new("a.mlir", "hw.module @m() {}\n");
        let d = Diagnostic::error(mlir_text::Span::point(3), "here");
        let e = Error::input(&src, vec![d]);
        assert_eq!(e.kind(), ErrorKind::User);
        assert_eq!(e.diagnostics().len(), 1);
        assert!(e.render().starts_with("a.mlir:1:4: error: here"), "{}", e.render());
    }
}
