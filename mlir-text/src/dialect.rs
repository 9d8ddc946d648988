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
    "remf",
    "negf",
    "maxf",
    "minf",
    "cmpf",
    "sitofp",
    "uitofp",
    "fptosi",
    "fptoui",
    "fpext",
    "fptrunc",
    "absf",
    "sqrt",
    "exp",
    "cos",
    "tanh",
    "ceilf",
    "copysign",
];

/// CIRCT's `hw` aggregate ops (arrays, structs, unions, enums, constants, bitcasts) and
/// `hw.wire`: the reader's custom forms and the netlist builder's lowering both use this list.
pub const HW_AGGREGATE_OPS: &[&str] = &[
    "hw.array_create",
    "hw.array_get",
    "hw.array_slice",
    "hw.array_concat",
    "hw.array_inject",
    "hw.struct_create",
    "hw.struct_extract",
    "hw.struct_inject",
    "hw.struct_explode",
    "hw.union_create",
    "hw.union_extract",
    "hw.enum.constant",
    "hw.enum.cmp",
    "hw.aggregate_constant",
    "hw.bitcast",
    "hw.wire",
];

/// CIRCT's `datapath` dialect ops.
pub const DATAPATH_OPS: &[&str] =
    &["datapath.compress", "datapath.partial_product", "datapath.pos_partial_product"];

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

/// True if an op of this name is HLS input where it stands: inside a HEIR `secret.generic`
/// body (`in_secret_generic`), `arith` ops are the body's combinational logic, as HEIR's
/// `--yosys-optimizer` reads them, and the netlist builder lowers them to comb ops.
pub fn is_hls_op_in(name: &str, in_secret_generic: bool) -> bool {
    !(in_secret_generic && name.starts_with("arith.")) && is_hls_op(name)
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
