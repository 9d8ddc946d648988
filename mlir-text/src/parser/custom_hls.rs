//! Custom forms of HLS-dialect ops (affine, scf, memref, linalg, arith, seed standard ops).
//!
//! The netlist builder rejects these ops for now, so the reader only has to get past them:
//! where a form is not understood it reports "'X' is HLS input, which is not supported yet"
//! at the op name, the same message the builder would give.

use super::{Draft, Parser};
use crate::diag::Diagnostic;

impl<'a> Parser<'a> {
    pub(crate) fn parse_hls(&mut self, d: Draft) -> Result<Draft, Diagnostic> {
        Err(crate::dialect::hls_unsupported(&d.name, d.name_span))
    }
}
