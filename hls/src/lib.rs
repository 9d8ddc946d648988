//! High-level synthesis: functions with affine loops and memories to FSM + datapath netlists.
//!
//! Not implemented yet (roadmap step 4). Today this crate only recognizes the ops that
//! belong to it, so the driver routes such functions here and reports "not supported yet"
//! at their location instead of an unknown-op error.
#![warn(missing_docs)]

pub use mlir_text::dialect::{is_hls_op, HLS_DIALECTS, STD_OPS};

/// The first op (in source order) that is HLS input, searching every region.
pub fn first_hls_op(file: &mlir_text::File) -> Option<&mlir_text::Operation> {
    fn walk(ops: &[mlir_text::Operation]) -> Option<&mlir_text::Operation> {
        for op in ops {
            if is_hls_op(&op.name) {
                return Some(op);
            }
            for b in op.regions().iter().flat_map(|r| &r.blocks) {
                if let Some(found) = walk(&b.ops) {
                    return Some(found);
                }
            }
        }
        None
    }
    walk(&file.ops)
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

    #[test]
    fn finds_the_first_hls_op_in_nested_regions() {
        let src = mlir_text::SourceFile::new(
            "t.mlir",
            "func.func @f(%a: i8) -> i8 {\n  %c = arith.constant 1 : i8\n  return %c : i8\n}\n",
        );
        let file = mlir_text::parse(&src).unwrap();
        assert!(super::first_hls_op(&file).is_none());
    }
}
pub mod interp;
