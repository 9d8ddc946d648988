//! MLIR's rule for the index operands of `affine.load` and `affine.store`: each must be a
//! valid dimension or symbol identifier of the function's affine scope, as `mlir-opt`'s
//! verifier requires (so `affine.load %a[%j]` with `%j = arith.muli %i, %n` inside the loop
//! is an error here as it is there, located at the operand).
//!
//! The classes, as MLIR defines them for a `func.func` scope:
//! - a valid symbol: an argument of the function's blocks, a result of any op directly in
//!   the function's region (a top-level value), a constant anywhere, an `affine.apply`,
//!   `affine.min` or `affine.max` of valid symbols;
//! - a valid dimension: a valid symbol, an induction variable of `affine.for` or
//!   `affine.parallel`, an `affine.apply`/`affine.min`/`affine.max` of valid dimensions.
//!
//! Values are classified in program order (a definition comes before its uses in these
//! regions), so one walk of the function suffices. The check is no stricter than MLIR's: a
//! dimension in a symbol position of the map is accepted.

use mlir_text::{Diagnostic, File, Operation, ValueId};
use std::collections::HashSet;

/// The value classes found so far.
#[derive(Default)]
struct Classes {
    symbols: HashSet<ValueId>,
    dims: HashSet<ValueId>,
}

impl Classes {
    fn is_dim(&self, v: ValueId) -> bool {
        self.dims.contains(&v) || self.symbols.contains(&v)
    }
}

/// Checks every `affine.load`/`affine.store` of function `func`.
pub fn check(file: &File, func: &Operation) -> Result<(), Diagnostic> {
    let mut c = Classes::default();
    for region in func.regions() {
        for block in &region.blocks {
            c.symbols.extend(block.args.iter().copied());
            for op in &block.ops {
                c.symbols.extend(op.results.iter().copied());
            }
        }
    }
    for region in func.regions() {
        for block in &region.blocks {
            for op in &block.ops {
                walk(file, op, &mut c)?;
            }
        }
    }
    Ok(())
}

fn is_constant(name: &str) -> bool {
    matches!(name, "arith.constant" | "constant" | "hw.constant")
}

/// Classifies `op`'s results, checks it if it is an affine access, and descends.
fn walk(file: &File, op: &Operation, c: &mut Classes) -> Result<(), Diagnostic> {
    let name: &str = &op.name;
    let index_from = match name {
        "affine.load" => Some(1),
        "affine.store" => Some(2),
        _ => None,
    };
    if let Some(from) = index_from {
        for u in op.operands.iter().skip(from) {
            if !c.is_dim(u.value) {
                return Err(Diagnostic::error(
                    u.span,
                    format!(
                        "'{name}' index must be a valid dimension or symbol identifier ('%{}' is \
                         neither: compute it with affine.apply, or use memref.{})",
                        file.value(u.value).name,
                        &name["affine.".len()..]
                    ),
                ));
            }
        }
    }
    if is_constant(name) {
        c.symbols.extend(op.results.iter().copied());
    } else if matches!(name, "affine.apply" | "affine.min" | "affine.max") {
        if op.operands.iter().all(|u| c.symbols.contains(&u.value)) {
            c.symbols.extend(op.results.iter().copied());
        } else if op.operands.iter().all(|u| c.is_dim(u.value)) {
            c.dims.extend(op.results.iter().copied());
        }
    }
    let ivs = matches!(name, "affine.for" | "affine.parallel");
    for region in op.regions() {
        for (bi, block) in region.blocks.iter().enumerate() {
            if ivs && bi == 0 {
                // affine.for: the induction variable, then the iter_args (not dimensions);
                // affine.parallel: one induction variable per dimension, all block arguments.
                let n = if name == "affine.for" { 1 } else { block.args.len() };
                c.dims.extend(block.args.iter().take(n).copied());
            }
            for o in &block.ops {
                walk(file, o, c)?;
            }
        }
    }
    Ok(())
}
