//! The back of the flow: a design to a backend's output, written whole or not at all
//! (see `output.rs`), or streamed to standard output.

use crate::error::{Error, Result};
use crate::options::{Backend, Output};
use comb::Design;
use std::io::{self, BufWriter, Write};

/// Writes `design` as `backend` to `out`.
pub fn emit(design: &Design, backend: Backend, out: &Output) -> Result<()> {
    match backend {
        Backend::Verilog { dialect } => {
            write_with(out, |w| backends::verilog::emit_dialect_to(design, dialect, w))
        }
        Backend::Mlir { generic, dialect } => {
            let text = backends::mlir::emit_as(design, generic, dialect).map_err(Error::user)?;
            write_text(out, &text)
        }
        Backend::Dot => write_text(out, &backends::dot::emit(design)),
        Backend::RustSim => {
            let Output::Path(dir) = out else {
                return Err(Error::user("--emit rust-sim needs an output directory: -o DIR"));
            };
            for w in backends::verbatim::ignored_warnings(design, "the Rust simulator") {
                crate::stdio::err(&format!("{w}\n"));
            }
            let krate = backends::rust_sim::emit(design).map_err(Error::user)?;
            crate::output::write_dir(dir, &krate.files).map_err(Error::user)
        }
        Backend::YosysJson => {
            let text = backends::yosys_json::emit(design).map_err(Error::user)?;
            write_text(out, &text)
        }
        Backend::HlsIr => Err(Error::internal("the HLS IR is written by emit_hls_ir, not from a netlist")),
    }
}

/// Writes the HLS IR texts of a build made with `hls_ir` (one function after another).
pub fn emit_hls_ir(built: &crate::Built, out: &Output) -> Result<()> {
    if built.hls_ir.is_empty() {
        return Err(Error::user(
            "--emit hls-ir needs HLS input (a func.func with affine, scf, memref or arith ops)",
        ));
    }
    write_text(out, &built.hls_ir.join("\n"))
}

pub(crate) fn write_text(out: &Output, text: &str) -> Result<()> {
    write_with(out, |w| w.write_all(text.as_bytes()))
}

/// Writes what `write` writes, as it writes it, to the file (whole or not at all) or to
/// standard output.
fn write_with(out: &Output, write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> Result<()> {
    match out {
        Output::Path(p) => crate::output::write_file_with(p, write).map_err(Error::user),
        Output::Stdout => {
            let mut so = BufWriter::with_capacity(1 << 16, io::stdout().lock());
            // A closed pipe (`| head`) is not an error of ours; a full device is.
            crate::stdio::checked(write(&mut so).and_then(|()| so.flush()))
        }
    }
}
