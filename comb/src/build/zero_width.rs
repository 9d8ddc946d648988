//! Zero-width (`i0`) values, erased before the build as CIRCT's ExportVerilog erases them.
//!
//! The netlist has no zero-width nets: an `i0` carries no information, so the op tree is
//! rewritten first and every backend (SystemVerilog, the Rust simulator, the evaluator,
//! cosim, Yosys JSON, LUT mapping, `--emit mlir`) sees a design without them:
//! - an `i0` port leaves its module's port list (`module_type` / `function_type`) and its
//!   entry-block argument; `hw.output`/`func.return` drop their `i0` operands;
//! - `hw.instance` drops its `i0` operands and results and their `argNames`/`resultNames`
//!   labels (the child lost the same ports);
//! - `comb.concat` and `hw.array_concat` drop their `i0` operands (`comb.concat :` with none
//!   left is an `i0`);
//! - zero-width aggregates (`!hw.array<0xT>`, `!hw.struct<>`, aggregates of `i0`) count as
//!   `i0` everywhere here;
//! - an op whose results are all `i0` is removed (`hw.constant 0 : i0`, an extract of no
//!   bits, an `i0` wire or register, arithmetic on `i0`, an `sv.wire` of `!hw.inout<i0>`),
//!   and so is an op without results or regions whose operands are all `i0` (`sv.assign`);
//! - `comb.icmp` of two `i0` becomes its constant (two empty values are equal);
//! - `hw.union_create` of an `i0` field loses its operand (the union is all padding, 0);
//! - `hw.array_get` of a one-element array (its index is an `i0`) becomes an `hw.bitcast` of
//!   the array to the element (the same bits), and `hw.array_inject` into one an
//!   `hw.array_create` of the new element;
//! - any other use of an `i0` is a located error (nothing else can take one meaningfully).
//!
//! The rewrite runs only when the file has an `i0` anywhere ([`has_zero_width`]).

use mlir_text::{Attr, BigInt, ComplexType, Diagnostic, File, NamedAttr, OpName, Operation, Type, ValueId};
use std::borrow::Cow;

/// True if `t` is `i0` (any signedness), a zero-width hw aggregate (`!hw.array<0xT>`,
/// `!hw.struct<>`, a struct or array of `i0`s, an alias of one) or an `!hw.inout` of one (an
/// `sv.wire` of no bits).
pub(crate) fn is_i0(t: &Type) -> bool {
    match t {
        Type::Complex(c) => match &**c {
            ComplexType::HwInOut(inner) => is_i0(inner),
            ComplexType::HwArray { .. }
            | ComplexType::HwStruct(_)
            | ComplexType::HwUnion(_)
            | ComplexType::HwAlias { .. } => t.bit_width() == Some(0),
            _ => false,
        },
        _ => t.int_width() == Some(0),
    }
}

/// True if the file has an `i0` value or port (module headers included).
pub(crate) fn has_zero_width(file: &File) -> bool {
    file.values.iter().any(|v| is_i0(&v.ty)) || file.ops.iter().any(header_has_i0)
}

/// True if `op` (or a module nested in it) declares an `i0` port.
pub(crate) fn header_has_i0(op: &Operation) -> bool {
    if &*op.name == "builtin.module" {
        return op.regions().iter().flat_map(|r| &r.blocks).flat_map(|b| &b.ops).any(header_has_i0);
    }
    match op.attr("module_type").or_else(|| op.attr("function_type")) {
        Some(Attr::Type(Type::Complex(c))) => match &**c {
            ComplexType::HwModule(ports) => ports.iter().any(|p| is_i0(&p.ty)),
            ComplexType::Function { inputs, results } => inputs.iter().chain(results).any(is_i0),
            _ => false,
        },
        _ => false,
    }
}

/// For the HLS flow, which does not erase them: a located error at the first `i0` value.
pub fn reject_zero_width(file: &File) -> Result<(), Vec<Diagnostic>> {
    match file.values.iter().find(|v| is_i0(&v.ty)) {
        Some(v) => Err(vec![Diagnostic::error(
            v.span,
            format!(
                "'%{}' is zero-width (i0); HLS input (affine/scf/memref functions) does not take i0",
                v.name
            ),
        )]),
        None => Ok(()),
    }
}

/// Rewrites `file` so that no `i0` is left (see the module documentation).
pub(crate) fn erase_zero_width(file: &mut File) -> Result<(), Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let mut ops = std::mem::take(&mut file.ops);
    for op in &mut ops {
        top_level(file, op, &mut errors);
    }
    file.ops = ops;
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// A top-level op: descends into `builtin.module`, rewrites module headers and bodies.
fn top_level(file: &File, op: &mut Operation, errors: &mut Vec<Diagnostic>) {
    if &*op.name == "builtin.module" {
        for_each_block(op, |blk| {
            for o in &mut blk.ops {
                top_level(file, o, errors);
            }
        });
        return;
    }
    if !matches!(&*op.name, "hw.module" | "hw.module.extern" | "func.func") {
        return;
    }
    if let Some(extra) = op.extra.as_deref_mut() {
        for a in extra.properties.iter_mut().chain(extra.attributes.iter_mut()) {
            if a.name != "module_type" && a.name != "function_type" {
                continue;
            }
            if let Attr::Type(Type::Complex(c)) = &mut a.value {
                match &mut **c {
                    ComplexType::HwModule(ports) => ports.retain(|p| !is_i0(&p.ty)),
                    ComplexType::Function { inputs, results } => {
                        inputs.retain(|t| !is_i0(t));
                        results.retain(|t| !is_i0(t));
                    }
                    _ => {}
                }
            }
        }
        if let Some(entry) = extra.regions.first_mut().and_then(|r| r.blocks.first_mut()) {
            entry.args.retain(|a| !is_i0(file.ty(*a)));
        }
    }
    for_each_block(op, |blk| body(file, &mut blk.ops, errors));
}

/// Runs `f` on every block of every region of `op`.
fn for_each_block(op: &mut Operation, mut f: impl FnMut(&mut mlir_text::Block)) {
    if let Some(extra) = op.extra.as_deref_mut() {
        for r in extra.regions.iter_mut() {
            for blk in &mut r.blocks {
                f(blk);
            }
        }
    }
}

/// Rewrites the ops of one body block (and the blocks nested in them).
fn body(file: &File, ops: &mut Vec<Operation>, errors: &mut Vec<Diagnostic>) {
    ops.retain_mut(|op| {
        let i0 = |v: ValueId| is_i0(file.ty(v));
        if !op.results.is_empty() && op.results.iter().all(|r| i0(*r)) {
            return false;
        }
        // A result-less op on zero-width values only (`sv.assign %w, %z : i0`) does nothing.
        let terminator = matches!(&*op.name, "hw.output" | "func.return");
        if op.results.is_empty()
            && !terminator
            && op.regions().is_empty()
            && !op.operands.is_empty()
            && op.operands.iter().all(|u| i0(u.value))
        {
            return false;
        }
        match &*op.name {
            "hw.output" | "func.return" | "comb.concat" | "hw.array_concat" => {
                op.operands.retain(|u| !i0(u.value))
            }
            "hw.instance" => instance(file, op),
            "comb.icmp" if op.operands.iter().any(|u| i0(u.value)) => icmp_constant(op, errors),
            // The one element of a one-element array (its index is `i0`): the same bits.
            "hw.array_get"
                if op.operands.len() == 2 && i0(op.operands[1].value) && !i0(op.operands[0].value) =>
            {
                op.operands.truncate(1);
                op.name = OpName::new("hw.bitcast");
            }
            // A union made from a zero-width field: all of its bits are padding, which
            // CIRCT's export fills with 0 (`2'h0`), as the aggregate builder does.
            "hw.union_create" if op.operands.len() == 1 && i0(op.operands[0].value) => op.operands.clear(),
            // Injecting into a one-element array replaces its one element.
            "hw.array_inject"
                if op.operands.len() == 3 && i0(op.operands[1].value) && !i0(op.operands[0].value) =>
            {
                op.operands.drain(..2);
                op.name = OpName::new("hw.array_create");
            }
            _ => {}
        }
        if let Some(u) = op.operands.iter().find(|u| i0(u.value)) {
            errors.push(Diagnostic::error(
                u.span,
                format!(
                    "'{}' cannot take a zero-width (i0) value (i0 is erased; only comb.concat, comb.icmp, \
                     hw.instance and the terminator take one)",
                    op.name
                ),
            ));
        } else if let Some(r) = op.results.iter().find(|r| i0(**r)) {
            errors.push(Diagnostic::error(
                file.value(*r).span,
                format!("'{}' has a zero-width (i0) result beside others; it cannot be erased", op.name),
            ));
        }
        for_each_block(op, |blk| {
            if let Some(a) = blk.args.iter().find(|a| i0(**a)) {
                errors.push(Diagnostic::error(
                    file.value(*a).span,
                    "a zero-width (i0) argument of a nested block is not supported",
                ));
            }
            body(file, &mut blk.ops, errors)
        });
        true
    });
}

/// Drops the `i0` operands and results of an `hw.instance` and their port labels.
fn instance(file: &File, op: &mut Operation) {
    let i0 = |v: ValueId| is_i0(file.ty(v));
    let keep_in: Vec<bool> = op.operands.iter().map(|u| !i0(u.value)).collect();
    let keep_out: Vec<bool> = op.results.iter().map(|r| !i0(*r)).collect();
    op.operands.retain(|u| !i0(u.value));
    op.results.retain(|r| !i0(*r));
    let Some(extra) = op.extra.as_deref_mut() else { return };
    for a in extra.properties.iter_mut().chain(extra.attributes.iter_mut()) {
        let keep = match &*a.name {
            "argNames" => &keep_in,
            "resultNames" => &keep_out,
            _ => continue,
        };
        if let Attr::Array(labels) = &mut a.value {
            if labels.len() == keep.len() {
                let mut k = keep.iter();
                labels.retain(|_| *k.next().unwrap_or(&true));
            }
        }
    }
}

/// Turns `comb.icmp` of two `i0` into the `hw.constant` it equals.
fn icmp_constant(op: &mut Operation, errors: &mut Vec<Diagnostic>) {
    let Some(Attr::Int(p, _)) = op.attr("predicate") else {
        errors.push(Diagnostic::error(op.span, "'comb.icmp' of i0 needs a predicate the reader knows"));
        return;
    };
    // eq ne slt sle sgt sge ult ule ugt uge ceq cne weq wne: true where equality satisfies it.
    const HOLDS: [bool; 14] =
        [true, false, false, true, false, true, false, true, false, true, true, false, true, false];
    let Some(&holds) = p.to_i128().and_then(|i| HOLDS.get(usize::try_from(i).ok()?)) else {
        errors.push(Diagnostic::error(op.span, "'comb.icmp' has an unknown predicate"));
        return;
    };
    let span = op.span;
    op.name = OpName::new("hw.constant");
    op.operands.clear();
    let extra = op.extra.get_or_insert_with(Default::default);
    extra.properties.clear();
    extra.attributes = Box::new([]);
    extra.properties.push(NamedAttr {
        name: Cow::Borrowed("value"),
        value: Attr::Int(BigInt::from_i128(holds as i128), Type::int(1)),
        span,
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewritten(src: &str) -> Result<File, Vec<Diagnostic>> {
        let mut f = mlir_text::parse(&mlir_text::SourceFile::new("t.mlir", src)).expect("parses");
        assert!(has_zero_width(&f));
        erase_zero_width(&mut f).map(|_| f)
    }

    #[test]
    fn ports_and_ops_of_i0_are_erased() {
        let f = rewritten(
            "hw.module @m(in %a : i0, in %b : i4, out y : i4, out z : i0) {\n  %c = hw.constant 0 : i0\n  \
             %e = comb.concat :\n  %x = comb.concat %a, %b, %e : i0, i4, i0\n  hw.output %x, %c : i4, i0\n}",
        )
        .expect("no error");
        let m = &f.ops[0];
        let Some(Attr::Type(Type::Complex(c))) = m.attr("module_type") else { panic!("no module type") };
        let ComplexType::HwModule(ports) = &**c else { panic!("not a module type") };
        assert_eq!(ports.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(), ["b", "y"]);
        let blk = &m.regions()[0].blocks[0];
        assert_eq!(blk.args.len(), 1);
        let names: Vec<&str> = blk.ops.iter().map(|o| &*o.name).collect();
        assert_eq!(names, ["comb.concat", "hw.output"]);
        assert_eq!(blk.ops[0].operands.len(), 1);
        assert_eq!(blk.ops[1].operands.len(), 1);
    }

    #[test]
    fn other_uses_of_i0_are_located_errors() {
        let errs = rewritten(
            "hw.module @m(in %a : i0, out y : i1) {\n  %p = comb.parity %a : i0\n  hw.output %p : i1\n}",
        )
        .expect_err("parity of i0");
        assert_eq!(errs.len(), 1);
        assert!(
            errs[0].message.contains("'comb.parity' cannot take a zero-width (i0) value"),
            "{:?}",
            errs[0]
        );
    }
}
