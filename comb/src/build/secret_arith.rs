//! HEIR's `arith` bodies: the ops of a `secret.generic` body before HEIR's
//! `--yosys-optimizer` turns them into `comb`, rewritten here into the comb ops they mean, so
//! that the netlist builder (and `--lut 3`, HEIR's LUT form) takes HEIR's input as written.
//!
//! | arith | comb |
//! |---|---|
//! | `addi` `subi` `muli` `andi` `ori` `xori` | `add` `sub` `mul` `and` `or` `xor` |
//! | `shli` `shrui` `shrsi` | `shl` `shru` `shrs` |
//! | `divui` `divsi` `remui` `remsi` | `divu` `divs` `modu` `mods` (SPEC section 3's values where arith is undefined: division by zero) |
//! | `cmpi` | `icmp` (same predicate numbering, `eq`..`uge`) |
//! | `select` | `mux` |
//! | `trunci` | `extract` from bit 0 |
//! | `extui` | `concat` of a zero constant and the value |
//! | `extsi` | `concat` of the sign bit replicated and the value |
//! | `maxsi` `minsi` `maxui` `minui` | `icmp` + `mux` |
//!
//! `arith.constant` needs nothing (the builder reads it anywhere). Any other `arith` op in a
//! `secret.generic` body (float, `index_cast`, `ceildivsi`...) is a located error. Only
//! `secret.generic` bodies are rewritten: elsewhere `arith` is HLS input.

use super::ast_ops::{new_op, set_attr};
use mlir_text::{Attr, BigInt, Diagnostic, File, OpName, Operand, Operation, Type, ValueId};

/// True if some `secret.generic` body in `file` has an `arith` op other than a constant.
pub(crate) fn has_secret_arith(file: &File) -> bool {
    fn walk(ops: &[Operation], inside: bool) -> bool {
        ops.iter().any(|op| {
            (inside && op.name.starts_with("arith.") && &*op.name != "arith.constant")
                || op
                    .regions()
                    .iter()
                    .flat_map(|r| &r.blocks)
                    .any(|b| walk(&b.ops, inside || &*op.name == "secret.generic"))
        })
    }
    walk(&file.ops, false)
}

/// Rewrites every `arith` op of every `secret.generic` body into comb ops.
pub(crate) fn lower_secret_arith(file: &mut File) -> Result<(), Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let mut ops = std::mem::take(&mut file.ops);
    walk(file, &mut ops, false, &mut errors);
    file.ops = ops;
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

fn walk(file: &mut File, ops: &mut Vec<Operation>, inside: bool, errors: &mut Vec<Diagnostic>) {
    let mut out = Vec::with_capacity(ops.len());
    for mut op in std::mem::take(ops) {
        let inner = inside || &*op.name == "secret.generic";
        if let Some(extra) = op.extra.as_deref_mut() {
            for r in extra.regions.iter_mut() {
                for b in &mut r.blocks {
                    walk(file, &mut b.ops, inner, errors);
                }
            }
        }
        if inside && op.name.starts_with("arith.") && &*op.name != "arith.constant" {
            match lower(file, op, &mut out) {
                Ok(()) => {}
                Err(e) => errors.push(e),
            }
        } else {
            out.push(op);
        }
    }
    *ops = out;
}

/// The plain comb op of a binary arith op.
fn binary(name: &str) -> Option<&'static str> {
    Some(match name {
        "arith.addi" => "comb.add",
        "arith.subi" => "comb.sub",
        "arith.muli" => "comb.mul",
        "arith.andi" => "comb.and",
        "arith.ori" => "comb.or",
        "arith.xori" => "comb.xor",
        "arith.shli" => "comb.shl",
        "arith.shrui" => "comb.shru",
        "arith.shrsi" => "comb.shrs",
        "arith.divui" => "comb.divu",
        "arith.divsi" => "comb.divs",
        "arith.remui" => "comb.modu",
        "arith.remsi" => "comb.mods",
        "arith.select" => "comb.mux",
        _ => return None,
    })
}

/// Appends the comb ops of arith op `op` to `out`.
fn lower(file: &mut File, mut op: Operation, out: &mut Vec<Operation>) -> Result<(), Diagnostic> {
    let name = op.name.to_string();
    let span = op.span;
    let result = |op: &Operation| -> Result<(ValueId, u32), Diagnostic> {
        let r = *op
            .results
            .first()
            .ok_or_else(|| Diagnostic::error(op.span, format!("'{name}' needs a result")))?;
        let w = file.ty(r).int_width().ok_or_else(|| {
            Diagnostic::error(op.span, format!("'{name}' in a secret.generic body must give an integer"))
        })?;
        Ok((r, w))
    };
    let (r, w) = result(&op)?;
    let operand = |i: usize| -> Result<(Operand, u32), Diagnostic> {
        let o = *op
            .operands
            .get(i)
            .ok_or_else(|| Diagnostic::error(span, format!("'{name}' needs {} operands", i + 1)))?;
        let ow = file.ty(o.value).int_width().ok_or_else(|| {
            Diagnostic::error(
                o.span,
                format!("operand of '{name}' in a secret.generic body must be an integer"),
            )
        })?;
        Ok((o, ow))
    };
    if let Some(comb) = binary(&name) {
        op.name = OpName::new(comb);
        if let Some(extra) = op.extra.as_deref_mut() {
            // arith's overflow flags (`overflow<nsw>`) and fastmath mean nothing to comb.
            extra.properties.retain(|a| a.name != "overflowFlags");
        }
        out.push(op);
        return Ok(());
    }
    match name.as_str() {
        "arith.cmpi" => {
            let pred = op.attr("predicate").and_then(|a| match a {
                Attr::Int(v, _) => v.to_i128().filter(|&i| (0..10).contains(&i)),
                Attr::String(s) => crate::IcmpPred::from_name(s).map(|p| p as i128).filter(|&i| i < 10),
                _ => None,
            });
            let Some(pred) = pred else {
                return Err(Diagnostic::error(span, "'arith.cmpi' needs a predicate (eq, ne, slt, ...)"));
            };
            let mut c = make(file, "comb.icmp", span, vec![operand(0)?.0, operand(1)?.0], Some(r), 1);
            set_attr(&mut c, "predicate", Attr::Int(BigInt::from_i128(pred), Type::int(64)));
            out.push(c);
        }
        "arith.trunci" => {
            let (a, _) = operand(0)?;
            let mut c = make(file, "comb.extract", span, vec![a], Some(r), w);
            set_attr(&mut c, "lowBit", Attr::Int(BigInt::from_i128(0), Type::int(32)));
            out.push(c);
        }
        "arith.extui" | "arith.extsi" => {
            let (a, aw) = operand(0)?;
            if aw >= w {
                return Err(Diagnostic::error(span, format!("'{name}' must widen (i{aw} to i{w})")));
            }
            let high = if name == "arith.extui" {
                let mut z = make(file, "hw.constant", span, vec![], None, w - aw);
                set_attr(&mut z, "value", Attr::Int(BigInt::from_i128(0), Type::int(w - aw)));
                let v = z.results[0];
                out.push(z);
                v
            } else {
                let mut sign = make(file, "comb.extract", span, vec![a], None, 1);
                set_attr(
                    &mut sign,
                    "lowBit",
                    Attr::Int(BigInt::from_i128(i128::from(aw - 1)), Type::int(32)),
                );
                let s = Operand { value: sign.results[0], span };
                out.push(sign);
                let rep = make(file, "comb.replicate", span, vec![s], None, w - aw);
                let v = rep.results[0];
                out.push(rep);
                v
            };
            out.push(make(file, "comb.concat", span, vec![Operand { value: high, span }, a], Some(r), w));
        }
        "arith.maxsi" | "arith.minsi" | "arith.maxui" | "arith.minui" => {
            let (a, b) = (operand(0)?.0, operand(1)?.0);
            // Index of sgt / slt / ugt / ult: the result is `a` when it holds.
            let pred = match name.as_str() {
                "arith.maxsi" => 4,
                "arith.minsi" => 2,
                "arith.maxui" => 8,
                _ => 6,
            };
            let mut c = make(file, "comb.icmp", span, vec![a, b], None, 1);
            set_attr(&mut c, "predicate", Attr::Int(BigInt::from_i128(pred), Type::int(64)));
            let cv = Operand { value: c.results[0], span };
            out.push(c);
            out.push(make(file, "comb.mux", span, vec![cv, a, b], Some(r), w));
        }
        _ => {
            return Err(Diagnostic::error(
                op.name_span,
                format!(
                    "'{name}' is not supported in a secret.generic body (integer add/sub/mul/div/rem, \
                     and/or/xor, shifts, cmpi, select, extui/extsi/trunci, min/max are)"
                ),
            ))
        }
    }
    Ok(())
}

/// A new op `name` with `operands` and one result: `result` if given (the arith op's), else a
/// new value of width `w` named `arithN`.
fn make(
    file: &mut File,
    name: &str,
    span: mlir_text::Span,
    operands: Vec<Operand>,
    result: Option<ValueId>,
    w: u32,
) -> Operation {
    let vname = format!("arith{}", file.values.len());
    new_op(file, name, span, operands, result, w, &vname)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(src: &str, inputs: &[u64]) -> u64 {
        let s = mlir_text::SourceFile::new("t.mlir", src.to_string());
        let file = mlir_text::parse(&s).unwrap_or_else(|d| panic!("{}", d.render(&s)));
        assert!(has_secret_arith(&file));
        let d = crate::build_design(&file, None).unwrap_or_else(|e| panic!("{}", e[0].render(&s)));
        let mut sim = crate::eval::Simulator::new(&d).unwrap();
        for (name, &v) in ["a", "b"].iter().zip(inputs) {
            let m = sim.module();
            let p = m.inputs().find(|&p| m.port(p).name == *name).unwrap();
            let w = m.port(p).width;
            sim.set_input(name, crate::Bits::from_u64(v, w));
        }
        sim.eval();
        sim.outputs()[0].1.to_u64()
    }

    fn generic(body: &str, ty_in: &str, ty_out: &str) -> String {
        format!(
            "func.func @f(%a: !secret.secret<{ty_in}>, %b: !secret.secret<{ty_in}>) -> !secret.secret<{ty_out}> {{\n\
             %0 = secret.generic ins(%a, %b : !secret.secret<{ty_in}>, !secret.secret<{ty_in}>) {{\n\
             ^bb0(%x: {ty_in}, %y: {ty_in}):\n{body}\n  secret.yield %r : {ty_out}\n}} -> !secret.secret<{ty_out}>\n\
             return %0 : !secret.secret<{ty_out}>\n}}\n"
        )
    }

    #[test]
    fn arith_ops_mean_what_mlir_says() {
        let add = generic(
            "  %c1 = arith.constant 1 : i8\n  %s = arith.addi %x, %y : i8\n  %r = arith.addi %s, %c1 : i8",
            "i8",
            "i8",
        );
        assert_eq!(eval(&add, &[200, 100]), 45);
        let maxs = generic("  %r = arith.maxsi %x, %y : i8", "i8", "i8");
        assert_eq!(eval(&maxs, &[0xff, 3]), 3);
        let minu = generic("  %r = arith.minui %x, %y : i8", "i8", "i8");
        assert_eq!(eval(&minu, &[0xff, 3]), 3);
        let ext = generic("  %r = arith.extsi %x : i4 to i8", "i4", "i8");
        assert_eq!(eval(&ext, &[0b1010, 0]), 0xfa);
        let extu = generic("  %r = arith.extui %x : i4 to i8", "i4", "i8");
        assert_eq!(eval(&extu, &[0b1010, 0]), 0x0a);
        let cmp =
            generic("  %c = arith.cmpi slt, %x, %y : i8\n  %r = arith.select %c, %x, %y : i8", "i8", "i8");
        assert_eq!(eval(&cmp, &[0x80, 5]), 0x80);
        let tr = generic("  %r = arith.trunci %x : i8 to i3", "i8", "i3");
        assert_eq!(eval(&tr, &[0b1101, 0]), 0b101);
        let rem = generic("  %r = arith.remsi %x, %y : i8", "i8", "i8");
        assert_eq!(eval(&rem, &[(-7i8) as u8 as u64, 3]), (-1i8) as u8 as u64);
    }

    #[test]
    fn other_arith_ops_are_located_errors() {
        let src = generic("  %r = arith.ceildivsi %x, %y : i8", "i8", "i8");
        let s = mlir_text::SourceFile::new("t.mlir", src);
        let file = mlir_text::parse(&s).unwrap();
        let e = crate::build_design(&file, None).unwrap_err();
        let text = e[0].render(&s);
        assert!(
            text.contains("t.mlir:4:")
                && text.contains("'arith.ceildivsi' is not supported in a secret.generic body"),
            "{text}"
        );
    }
}
