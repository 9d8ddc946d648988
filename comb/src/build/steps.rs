//! A body's ops in build order, with nested regions that have no op of their own in the
//! netlist opened in place: the bodies of HEIR's `secret.generic` (`secret.rs`) and of the
//! procedural `sv` blocks (`sv.always`, `sv.alwaysff`, `sv.alwayscomb`, `sv.if`, `sv.case`,
//! `sv.initial`; `sv.rs`),
//! whose ordinary ops (comb ops, constants, `sv.read_inout`) are cells like any other.

use mlir_text::Operation;

/// One step of a body with its `secret.generic`s and procedural `sv` blocks opened.
pub(crate) enum Step<'f> {
    /// An op of the body, of a generic's body, or of a procedural block (the block op itself
    /// comes first).
    Op(&'f Operation),
    /// A `secret.generic` starts: bind its block arguments.
    Enter(&'f Operation),
    /// A `secret.generic` ends (after its body's ops): bind its results.
    Exit(&'f Operation),
}

/// The ops of `ops` with every `secret.generic`'s body and every procedural `sv` block's
/// ops spliced in, in textual order (iteratively: no recursion on nesting).
pub(crate) fn flatten(ops: &[Operation]) -> Vec<Step<'_>> {
    let mut out = Vec::with_capacity(ops.len());
    let mut stack: Vec<(std::slice::Iter<'_, Operation>, Option<&Operation>)> = vec![(ops.iter(), None)];
    while let Some((it, owner)) = stack.last_mut() {
        let Some(op) = it.next() else {
            if let Some(g) = *owner {
                out.push(Step::Exit(g));
            }
            stack.pop();
            continue;
        };
        if is_procedural(&op.name) {
            // The statements are `sv.rs`'s; the ops among them are built in place.
            out.push(Step::Op(op));
            for r in op.regions().iter().rev() {
                for b in r.blocks.iter().rev() {
                    stack.push((b.ops.iter(), None));
                }
            }
            continue;
        }
        if &*op.name == "secret.generic" {
            out.push(Step::Enter(op));
            let inner = op.regions().first().and_then(|r| r.blocks.first()).map_or(&[][..], |b| &b.ops);
            // The yield is the generic's to read at its exit, not an op of the body.
            let n = inner.len() - usize::from(inner.last().is_some_and(|y| &*y.name == "secret.yield"));
            stack.push((inner[..n].iter(), Some(op)));
        } else {
            out.push(Step::Op(op));
        }
    }
    out
}

/// The `sv` ops with procedural regions.
pub(crate) fn is_procedural(name: &str) -> bool {
    matches!(name, "sv.always" | "sv.alwaysff" | "sv.alwayscomb" | "sv.if" | "sv.case" | "sv.initial")
}
