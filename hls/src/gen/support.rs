//! The boundary between the HLS IR and the hardware: which op kinds the scheduler's delay
//! model and the generator can turn into circuits. This is the one list; the synthesis
//! driver ([`crate::synthesize`]) checks every function against it right after lowering,
//! so an op outside it is a located error (exit 1), never a panic or wrong hardware.
//!
//! Float ops ([`crate::ir::fop`]) are in it when they have a hardware unit
//! (`schedule::float_timing::unit_of`: scheduled by `schedule/float_timing.rs`, built by `gen/float.rs`);
//! one without (a conversion between a float and an integer wider than 64 bits) stops
//! synthesis here with "floating-point 'arith.sitofp' has no hardware unit", though the
//! interpreter runs it (via `float::soft`).

use crate::ir::{Func, Item, OpKind, Region};
use mlir_text::Diagnostic;

/// Whether the scheduler and the generator handle ops of this kind.
pub fn synthesizable(kind: &OpKind) -> bool {
    match kind {
        OpKind::Const(_)
        | OpKind::Bin(_)
        | OpKind::Cmp(_)
        | OpKind::Select
        | OpKind::SExt
        | OpKind::ZExt
        | OpKind::Trunc
        | OpKind::Load(_)
        | OpKind::Store(_) => true,
        OpKind::FBin { .. }
        | OpKind::FUn(..)
        | OpKind::Fma { .. }
        | OpKind::FCmp(..)
        | OpKind::FConv { .. } => crate::schedule::float_timing::unit_of(kind).is_some(),
    }
}

/// The first op of `f` (in program order) that cannot be synthesized, as a located error.
pub fn check(f: &Func) -> Result<(), Diagnostic> {
    fn region(f: &Func, r: &Region) -> Result<(), Diagnostic> {
        for item in &r.items {
            match item {
                Item::Op(o) => {
                    let op = f.op(*o);
                    if !synthesizable(&op.kind) {
                        let what = op.kind.float_name().unwrap_or("this op");
                        return Err(Diagnostic::error(
                            op.span,
                            format!(
                                "floating-point '{what}' has no hardware unit (the interpreter runs it; \
                                 synthesis does not)"
                            ),
                        ));
                    }
                }
                Item::For(l) => region(f, &l.body)?,
                Item::If(i) => {
                    region(f, &i.then_region)?;
                    region(f, &i.else_region)?;
                }
                Item::While(w) => {
                    region(f, &w.before)?;
                    region(f, &w.after)?;
                }
                Item::Cfg(g) => {
                    for b in &g.blocks {
                        region(f, &b.body)?;
                    }
                }
            }
        }
        Ok(())
    }
    region(f, &f.body)
}
