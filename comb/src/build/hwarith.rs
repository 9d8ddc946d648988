//! CIRCT's `hwarith` dialect: bit-width extending arithmetic on sign-aware integers
//! (`si<w>`, `ui<w>`), checked against the dialect's typing rules and rewritten into the
//! comb ops CIRCT's `--lower-hwarith-to-hw` produces, before the netlist is built.
//!
//! | op | result type (lhs `a` bits, rhs `b` bits) | comb |
//! |---|---|---|
//! | `add` | `ui`+`ui`: `ui<max+1>`; `si`+`si`: `si<max+1>`; mixed: `si<a+2>` if the unsigned one is at least as wide, else `si<b+1>` | `add` |
//! | `sub` | as `add`, but `ui`-`ui` is `si<max+1>` | `sub` |
//! | `mul` | `<a+b>`, signed if either is | `mul` |
//! | `div` | `ui`/`ui`: `ui<a>`; `si`/`si`, `ui`/`si`: `si<a+1>`; `si`/`ui`: `si<a>` | `divu`/`divs`, then truncated |
//! | `icmp` | `i1`; compared at the width and signedness of `add`'s result less one bit | `icmp` |
//! | `cast` | any width; one side sign-aware; a signless source never widens | `extract`/`concat` |
//!
//! Each operand is widened by its own signedness (sign or zero extension) to the width the
//! comb op works at. A `div` works at the result's width, or the divisor's plus one bit when
//! an unsigned divisor meets a signed division, as CIRCT lowers it; division by zero then
//! means what `comb.divu`/`comb.divs` mean.

use super::ast_ops::{new_op, set_attr};
use mlir_text::{Attr, BigInt, Diagnostic, File, Operand, Operation, Signedness, Span, Type, ValueId};

/// True if `file` has an `hwarith` op anywhere.
pub(crate) fn has_hwarith(file: &File) -> bool {
    fn walk(ops: &[Operation]) -> bool {
        ops.iter().any(|op| {
            op.name.starts_with("hwarith.")
                || op.regions().iter().flat_map(|r| &r.blocks).any(|b| walk(&b.ops))
        })
    }
    walk(&file.ops)
}

/// Rewrites every `hwarith` op of `file` into comb and hw ops.
pub(crate) fn lower_hwarith(file: &mut File) -> Result<(), Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let mut ops = std::mem::take(&mut file.ops);
    walk(file, &mut ops, &mut errors);
    file.ops = ops;
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

fn walk(file: &mut File, ops: &mut Vec<Operation>, errors: &mut Vec<Diagnostic>) {
    let mut out = Vec::with_capacity(ops.len());
    for mut op in std::mem::take(ops) {
        if let Some(extra) = op.extra.as_deref_mut() {
            for r in extra.regions.iter_mut() {
                for b in &mut r.blocks {
                    walk(file, &mut b.ops, errors);
                }
            }
        }
        if op.name.starts_with("hwarith.") {
            let mut lw = Lowering { file, out: &mut out, span: op.span };
            if let Err(e) = lw.lower(&op) {
                errors.push(e);
            }
        } else {
            out.push(op);
        }
    }
    *ops = out;
}

/// A sign-aware integer type: width and whether it is signed.
#[derive(Clone, Copy, PartialEq, Eq)]
struct SInt {
    width: u32,
    signed: bool,
}

impl SInt {
    fn of(ty: &Type) -> Option<SInt> {
        match ty {
            Type::Int { width, signedness: Signedness::Signed } => Some(SInt { width: *width, signed: true }),
            Type::Int { width, signedness: Signedness::Unsigned } => {
                Some(SInt { width: *width, signed: false })
            }
            _ => None,
        }
    }
    fn ty(self) -> Type {
        let signedness = if self.signed { Signedness::Signed } else { Signedness::Unsigned };
        Type::Int { width: self.width, signedness }
    }
    fn si(width: u32) -> SInt {
        SInt { width, signed: true }
    }
}

/// The result type of `add` (`sub` when `sub`): the dialect's rule.
fn add_type(a: SInt, b: SInt, sub: bool) -> SInt {
    match (a.signed, b.signed) {
        (false, false) => SInt { width: a.width.max(b.width) + 1, signed: sub },
        (true, true) => SInt::si(a.width.max(b.width) + 1),
        _ => {
            let (u, s) = if a.signed { (b, a) } else { (a, b) };
            SInt::si(if u.width >= s.width { u.width + 2 } else { s.width + 1 })
        }
    }
}

/// The result type of binary op `op` (`add`, `sub`, `mul`, `div`).
fn result_type(op: &str, a: SInt, b: SInt) -> SInt {
    match op {
        "add" => add_type(a, b, false),
        "sub" => add_type(a, b, true),
        "mul" => SInt { width: a.width + b.width, signed: a.signed || b.signed },
        _ => match (a.signed, b.signed) {
            (false, false) => a,
            (true, false) => SInt::si(a.width),
            _ => SInt::si(a.width + 1),
        },
    }
}

struct Lowering<'f, 'o> {
    file: &'f mut File,
    out: &'o mut Vec<Operation>,
    span: Span,
}

impl Lowering<'_, '_> {
    fn lower(&mut self, op: &Operation) -> Result<(), Diagnostic> {
        let name = op.name.to_string();
        let short = name.strip_prefix("hwarith.").unwrap_or("");
        let result = *op
            .results
            .first()
            .ok_or_else(|| Diagnostic::error(op.span, format!("'{name}' needs a result")))?;
        match short {
            "constant" => self.constant(op, &name, result),
            "cast" => self.cast(op, &name, result),
            "add" | "sub" | "mul" | "div" => self.binary(op, &name, short, result),
            "icmp" => self.icmp(op, &name, result),
            _ => Err(Diagnostic::error(op.name_span, format!("unknown op '{name}'"))),
        }
    }

    /// The sign-aware type of operand `i`, or the dialect's error.
    fn operand(&self, op: &Operation, name: &str, i: usize) -> Result<(Operand, SInt), Diagnostic> {
        let o = op.operands[i];
        let ty = self.file.ty(o.value);
        let t = SInt::of(ty).ok_or_else(|| {
            Diagnostic::error(
                o.span,
                format!(
                    "'{name}' op operand #{i} must be an integer with signedness semantics \
                     (si<w> or ui<w>), but got '{ty}'"
                ),
            )
        })?;
        Ok((o, t))
    }

    fn two_operands(&self, op: &Operation, name: &str) -> Result<[(Operand, SInt); 2], Diagnostic> {
        if op.operands.len() != 2 {
            return Err(Diagnostic::error(
                op.span,
                format!("'{name}' op expected 2 operands but got {}", op.operands.len()),
            ));
        }
        Ok([self.operand(op, name, 0)?, self.operand(op, name, 1)?])
    }

    fn constant(&mut self, op: &Operation, name: &str, result: ValueId) -> Result<(), Diagnostic> {
        let ty = self.file.ty(result).clone();
        if SInt::of(&ty).is_none() {
            return Err(Diagnostic::error(
                op.span,
                format!(
                    "'{name}' op result #0 must be an integer with signedness semantics \
                     (si<w> or ui<w>), but got '{ty}'"
                ),
            ));
        }
        let Some(Attr::Int(v, _)) = op.attr("rawValue") else {
            return Err(Diagnostic::error(op.span, format!("'{name}' needs an integer 'rawValue'")));
        };
        let width = ty.int_width().unwrap_or(0);
        let mut c = self.make("hw.constant", vec![], Some(result), width);
        set_attr(&mut c, "value", Attr::Int(v.clone(), Type::int(width)));
        self.out.push(c);
        Ok(())
    }

    fn cast(&mut self, op: &Operation, name: &str, result: ValueId) -> Result<(), Diagnostic> {
        if op.operands.len() != 1 {
            return Err(Diagnostic::error(op.span, format!("'{name}' op expects one operand")));
        }
        let o = op.operands[0];
        let (from, to) = (self.file.ty(o.value).clone(), self.file.ty(result).clone());
        let (Some(fw), Some(tw)) = (from.int_width(), to.int_width()) else {
            return Err(Diagnostic::error(
                op.span,
                format!("'{name}' casts integers, not '{from}' to '{to}'"),
            ));
        };
        let source = SInt::of(&from);
        if source.is_none() && SInt::of(&to).is_none() {
            return Err(Diagnostic::error(
                op.span,
                format!("'{name}' op: at least one type needs to carry sign semantics (ui/si)"),
            ));
        }
        if source.is_none() && fw < tw {
            return Err(Diagnostic::error(
                op.span,
                format!("'{name}' op: bit extension is undefined for a signless type ('{from}' to '{to}')"),
            ));
        }
        let signed = source.is_some_and(|s| s.signed);
        self.resize(o, fw, signed, tw, Some(result));
        Ok(())
    }

    fn binary(&mut self, op: &Operation, name: &str, short: &str, result: ValueId) -> Result<(), Diagnostic> {
        let [(a, at), (b, bt)] = self.two_operands(op, name)?;
        let want = result_type(short, at, bt);
        self.check_result(op, name, result, want)?;
        let comb = match short {
            "add" => "comb.add",
            "sub" => "comb.sub",
            "mul" => "comb.mul",
            _ if want.signed => "comb.divs",
            _ => "comb.divu",
        };
        let work = if short == "div" {
            want.width.max(bt.width + u32::from(want.signed && !bt.signed))
        } else {
            want.width
        };
        let a = self.resize(a, at.width, at.signed, work, None);
        let b = self.resize(b, bt.width, bt.signed, work, None);
        if work == want.width {
            let c = self.make(comb, vec![a, b], Some(result), work);
            self.out.push(c);
        } else {
            let c = self.make(comb, vec![a, b], None, work);
            let q = Operand { value: c.results[0], span: self.span };
            self.out.push(c);
            self.resize(q, work, want.signed, want.width, Some(result));
        }
        Ok(())
    }

    fn icmp(&mut self, op: &Operation, name: &str, result: ValueId) -> Result<(), Diagnostic> {
        let [(a, at), (b, bt)] = self.two_operands(op, name)?;
        let pred = match op.attr("predicate") {
            Some(Attr::Int(v, _)) => v.to_i128().filter(|p| (0..6).contains(p)),
            Some(Attr::String(s)) => {
                ["eq", "ne", "lt", "ge", "le", "gt"].iter().position(|p| p == s).map(|p| p as i128)
            }
            _ => None,
        };
        let Some(pred) = pred else {
            return Err(Diagnostic::error(
                op.span,
                format!("'{name}' needs a predicate (eq, ne, lt, ge, le, gt)"),
            ));
        };
        let cmp = add_type(at, bt, false);
        let width = cmp.width - 1;
        // comb's numbering: eq ne slt sle sgt sge ult ule ugt uge.
        let comb_pred = match (pred, cmp.signed) {
            (0, _) => 0,
            (1, _) => 1,
            (2, true) => 2,
            (3, true) => 5,
            (4, true) => 3,
            (5, true) => 4,
            (2, false) => 6,
            (3, false) => 9,
            (4, false) => 7,
            _ => 8,
        };
        let a = self.resize(a, at.width, at.signed, width, None);
        let b = self.resize(b, bt.width, bt.signed, width, None);
        let mut c = self.make("comb.icmp", vec![a, b], Some(result), 1);
        set_attr(&mut c, "predicate", Attr::Int(BigInt::from_i128(comb_pred), Type::int(64)));
        self.out.push(c);
        Ok(())
    }

    /// The dialect's inferred result type must be the one written.
    fn check_result(
        &self,
        op: &Operation,
        name: &str,
        result: ValueId,
        want: SInt,
    ) -> Result<(), Diagnostic> {
        let got = self.file.ty(result);
        if SInt::of(got).is_none() {
            return Err(Diagnostic::error(
                op.span,
                format!(
                    "'{name}' op result #0 must be an integer with signedness semantics \
                     (si<w> or ui<w>), but got '{got}'"
                ),
            ));
        }
        if SInt::of(got) != Some(want) {
            return Err(Diagnostic::error(
                op.span,
                format!(
                    "'{name}' op inferred type '{}' is incompatible with the result type '{got}'",
                    want.ty()
                ),
            ));
        }
        Ok(())
    }

    /// `o` (`from` bits) at `to` bits: truncated, or widened by sign (`signed`) or zero
    /// extension; the value is `result` if given (always defined by a new op then).
    fn resize(&mut self, o: Operand, from: u32, signed: bool, to: u32, result: Option<ValueId>) -> Operand {
        let span = self.span;
        if to == from && result.is_none() {
            return o;
        }
        let base = self.file.value(o.value).name.clone();
        let named = |what: &str| if base.is_empty() { String::new() } else { format!("{base}_{what}{to}") };
        let op = if to <= from {
            let mut c = self.make_named("comb.extract", vec![o], result, to, &named("trunc"));
            set_attr(&mut c, "lowBit", Attr::Int(BigInt::from_i128(0), Type::int(32)));
            c
        } else {
            let high = if signed {
                let mut sign = self.make("comb.extract", vec![o], None, 1);
                set_attr(
                    &mut sign,
                    "lowBit",
                    Attr::Int(BigInt::from_i128(i128::from(from - 1)), Type::int(32)),
                );
                let s = Operand { value: sign.results[0], span };
                self.out.push(sign);
                self.make("comb.replicate", vec![s], None, to - from)
            } else {
                let mut z = self.make("hw.constant", vec![], None, to - from);
                set_attr(&mut z, "value", Attr::Int(BigInt::from_i128(0), Type::int(to - from)));
                z
            };
            let h = Operand { value: high.results[0], span };
            self.out.push(high);
            let what = if signed { "sext" } else { "zext" };
            self.make_named("comb.concat", vec![h, o], result, to, &named(what))
        };
        let v = Operand { value: op.results[0], span };
        self.out.push(op);
        v
    }

    /// A new op `name` with `operands` and one result: `result` if given, else a new
    /// unnamed value of width `w`.
    fn make(&mut self, name: &str, operands: Vec<Operand>, result: Option<ValueId>, w: u32) -> Operation {
        self.make_named(name, operands, result, w, "")
    }

    /// Like [`Lowering::make`], naming a new value `vname` (empty: unnamed).
    fn make_named(
        &mut self,
        name: &str,
        operands: Vec<Operand>,
        result: Option<ValueId>,
        w: u32,
        vname: &str,
    ) -> Operation {
        new_op(self.file, name, self.span, operands, result, w, vname)
    }
}
