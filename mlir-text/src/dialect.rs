//! Which ops belong to which stage: the HLS dialects the netlist builder does not handle.
//!
//! Mirrors `hls::is_hls_op` (the `hls` crate depends on this one, so the list lives here
//! for the reader and the netlist builder).

use crate::diag::Diagnostic;
use crate::source::Span;

/// Dialects whose ops are HLS input.
pub const HLS_DIALECTS: &[&str] = &["affine", "scf", "memref", "linalg", "arith", "math", "cf"];

/// Seed documents' standard-dialect op names (without a dialect prefix) that are HLS input.
pub const STD_OPS: &[&str] = &[
    "addi",
    "subi",
    "muli",
    "divi_signed",
    "divi_unsigned",
    "remi_signed",
    "remi_unsigned",
    "cmpi",
    "select",
    "load",
    "store",
    "alloc",
    "alloca",
    "dealloc",
    "index_cast",
    "and",
    "or",
    "xor",
    "shift_left",
    "shift_right_signed",
    "shift_right_unsigned",
    "br",
    "cond_br",
    "call",
    "addf",
    "mulf",
    "subf",
    "divf",
];

/// True if an op of this name is HLS input (not lowered to hardware by the netlist builder).
/// `func.call` is one: calls between functions are HLS's to inline or instantiate.
pub fn is_hls_op(name: &str) -> bool {
    if name == "func.call" {
        return true;
    }
    match name.split_once('.') {
        Some((dialect, _)) => HLS_DIALECTS.contains(&dialect) && name != "arith.constant",
        None => STD_OPS.contains(&name),
    }
}

/// The error for an HLS op where only hardware ops are handled.
pub fn hls_unsupported(name: &str, span: Span) -> Diagnostic {
    Diagnostic::error(
        span,
        format!(
            "'{name}' is software-level (HLS) input: it belongs in a 'func.func' that the HLS flow \
             synthesizes, not in a hardware module (use comb/seq ops here)"
        ),
    )
}
