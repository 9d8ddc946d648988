//! Building ops of the op tree, for the rewrites that run before the netlist is built
//! (`secret_arith.rs`, `hwarith.rs`): a new op with one result and a property on it.

use mlir_text::{
    Attr, File, NamedAttr, OpName, Operand, Operation, Span, Type, ValueDef, ValueId, ValueInfo,
};
use smallvec::smallvec;
use std::borrow::Cow;

/// A new op `name` with `operands` and one result: `result` if given, else a new value of
/// width `w` named `vname` (empty: unnamed).
pub(crate) fn new_op(
    file: &mut File,
    name: &str,
    span: Span,
    operands: Vec<Operand>,
    result: Option<ValueId>,
    w: u32,
    vname: &str,
) -> Operation {
    let r = result.unwrap_or_else(|| {
        let id = ValueId(file.values.len() as u32);
        file.values.push(ValueInfo {
            name: vname.into(),
            ty: Type::int(w),
            span,
            def: ValueDef::OpResult { index: 0 },
        });
        id
    });
    Operation {
        name: OpName::new(name),
        results: smallvec![r],
        operands: operands.into_iter().collect(),
        span,
        name_span: span,
        generic: false,
        extra: None,
    }
}

/// Adds property `name = value` to `op`, located at the op.
pub(crate) fn set_attr(op: &mut Operation, name: &'static str, value: Attr) {
    let span = op.span;
    op.extra.get_or_insert_with(Default::default).properties.push(NamedAttr {
        name: Cow::Borrowed(name),
        value,
        span,
    });
}
