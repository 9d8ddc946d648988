//! CIRCT's formal contracts, `verif.contract` with the `verif.require` and `verif.ensure`
//! checks in its body, rewritten before the netlist is built as CIRCT describes them outside
//! formal verification: each result is its operand (an `hw.wire` of it, so the result's
//! name is kept), and the body's ops join the enclosing block. The checks stay checks, as
//! where CIRCT inlines a contract into the design that uses it: a requirement is the
//! design's obligation, an assertion (`verif.require` becomes `verif.assert`), and a
//! guarantee is what the contracted logic promises, an assumption (`verif.ensure` becomes
//! `verif.assume`); both keep their enable and label and become check cells like any other
//! (see `verif.rs`).

use mlir_text::{Diagnostic, File, OpName, Operand, Operation};
use smallvec::smallvec;

/// True if `file` has a contract, or a requirement or guarantee anywhere.
pub(crate) fn has_contracts(file: &File) -> bool {
    fn walk(ops: &[Operation]) -> bool {
        ops.iter().any(|op| {
            matches!(&*op.name, "verif.contract" | "verif.require" | "verif.ensure")
                || op.regions().iter().flat_map(|r| &r.blocks).any(|b| walk(&b.ops))
        })
    }
    walk(&file.ops)
}

/// Rewrites every `verif.contract` of `file` (see the module header).
pub(crate) fn lower_contracts(file: &mut File) -> Result<(), Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let mut ops = std::mem::take(&mut file.ops);
    walk(&mut ops, false, &mut errors);
    file.ops = ops;
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// Rewrites `ops` in place; `in_contract` when they are a contract's body.
fn walk(ops: &mut Vec<Operation>, in_contract: bool, errors: &mut Vec<Diagnostic>) {
    let mut out = Vec::with_capacity(ops.len());
    for mut op in std::mem::take(ops) {
        match &*op.name {
            "verif.contract" => {
                if op.operands.len() != op.results.len() {
                    errors.push(Diagnostic::error(
                        op.span,
                        format!(
                            "'verif.contract' has {} operands and {} results: each result is its operand",
                            op.operands.len(),
                            op.results.len()
                        ),
                    ));
                    continue;
                }
                for (o, r) in op.operands.iter().zip(&op.results) {
                    out.push(wire(&op, *o, *r));
                }
                let regions =
                    op.extra.as_deref_mut().map(|e| std::mem::take(&mut e.regions)).unwrap_or_default();
                for region in regions.into_vec() {
                    for mut block in region.blocks {
                        walk(&mut block.ops, true, errors);
                        out.append(&mut block.ops);
                    }
                }
            }
            "verif.require" | "verif.ensure" if !in_contract => errors.push(Diagnostic::error(
                op.name_span,
                format!("'{}' must be inside a 'verif.contract'", op.name),
            )),
            "verif.require" | "verif.ensure" => {
                let assert = &*op.name == "verif.require";
                op.name = OpName::new(if assert { "verif.assert" } else { "verif.assume" });
                out.push(op);
            }
            _ => {
                if let Some(extra) = op.extra.as_deref_mut() {
                    for r in extra.regions.iter_mut() {
                        for b in &mut r.blocks {
                            walk(&mut b.ops, false, errors);
                        }
                    }
                }
                out.push(op);
            }
        }
    }
    *ops = out;
}

/// `%r = hw.wire %o`, located at the contract.
fn wire(contract: &Operation, o: Operand, r: mlir_text::ValueId) -> Operation {
    Operation {
        name: OpName::new("hw.wire"),
        results: smallvec![r],
        operands: smallvec![o],
        span: contract.span,
        name_span: contract.name_span,
        generic: false,
        extra: None,
    }
}
