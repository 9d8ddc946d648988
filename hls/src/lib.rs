//! High-level synthesis: functions with affine loops and memories to FSM + datapath netlists.
//!
//! Not implemented yet (roadmap step 4). Today this crate only recognizes the ops that
//! belong to it so the driver can say "not supported yet" at their location.
#![warn(missing_docs)]

/// Dialects whose ops this crate will lower; the netlist builder rejects them for now.
pub const HLS_DIALECTS: &[&str] = &["affine", "scf", "memref", "linalg", "arith", "math", "cf"];

/// Seed documents' standard-dialect op names (without a dialect prefix) that belong to HLS.
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

/// True if an op of this name is HLS input (not yet lowered to hardware).
pub fn is_hls_op(name: &str) -> bool {
    match name.split_once('.') {
        Some((dialect, _)) => HLS_DIALECTS.contains(&dialect) && name != "arith.constant",
        None => STD_OPS.contains(&name),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn recognizes_hls_ops() {
        assert!(super::is_hls_op("affine.for"));
        assert!(super::is_hls_op("muli"));
        assert!(!super::is_hls_op("arith.constant"));
        assert!(!super::is_hls_op("comb.add"));
    }
}

/// The first op (in source order) that is HLS input, searching every region.
pub fn first_hls_op(file: &mlir_text::File) -> Option<&mlir_text::Operation> {
    fn walk(ops: &[mlir_text::Operation]) -> Option<&mlir_text::Operation> {
        for op in ops {
            if is_hls_op(&op.name) {
                return Some(op);
            }
            for r in &op.regions {
                for b in &r.blocks {
                    if let Some(found) = walk(&b.ops) {
                        return Some(found);
                    }
                }
            }
        }
        None
    }
    walk(&file.ops)
}
