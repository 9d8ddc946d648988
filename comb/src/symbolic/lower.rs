//! The op tree to a [`SymDesign`]: every `hw.module` and `hw.module.extern` of the file
//! (at the top or in a `builtin.module`) with its parameters, ports and body kept symbolic.
//!
//! Two outcomes besides success: a user mistake in the parameters (an unknown parameter in
//! a width or an instance, a string parameter used as a width, an instance that omits or
//! reorders parameters) is a located error, as in the specializing path; anything the
//! symbolic printers cannot write at every width is [`Lowered::Unsupported`], with the op
//! and the reason, and the caller specializes instead.

use super::*;
use crate::netlist::IcmpPred;
use mlir_text::{Attr, ComplexType, Diagnostic, File, Operation, PortDir, Type, ValueId};
use std::collections::HashMap;

/// What [`lower()`] made of a file.
#[derive(Debug)]
pub enum Lowered {
    /// Every module kept symbolic.
    Design(SymDesign),
    /// Something cannot stay symbolic: where and why.
    Unsupported(Span, String),
    /// Mistakes in the input.
    Errors(Vec<Diagnostic>),
}

/// Why a module op cannot be lowered: not supported (fall back) or a user error.
enum Why {
    Unsupported(Span, String),
    Error(Diagnostic),
}

type R<T> = Result<T, Why>;

fn unsupported<T>(span: Span, msg: impl Into<String>) -> R<T> {
    Err(Why::Unsupported(span, msg.into()))
}

fn error<T>(span: Span, msg: impl Into<String>) -> R<T> {
    Err(Why::Error(Diagnostic::error(span, msg)))
}

/// The module ops of `ops` (descending into `builtin.module`), or the first other op.
fn collect<'f>(ops: &'f [Operation], out: &mut Vec<&'f Operation>) -> Result<(), &'f Operation> {
    for op in ops {
        match &*op.name {
            "builtin.module" => {
                for b in op.regions().iter().flat_map(|r| &r.blocks) {
                    collect(&b.ops, out)?;
                }
            }
            "hw.module" | "hw.module.extern" => out.push(op),
            _ => return Err(op),
        }
    }
    Ok(())
}

/// Whether the file has a module that cannot be specialized because a parameter has no
/// value: a parametric `hw.module` no instance uses (a top) with a parameter without a
/// default. Such a design can only be written with its parameters kept.
pub fn wants_symbolic(file: &File) -> bool {
    let mut mods = Vec::new();
    if collect(&file.ops, &mut mods).is_err() {
        return false;
    }
    let used: Vec<&str> = mods
        .iter()
        .flat_map(|m| m.regions().iter().flat_map(|r| &r.blocks).flat_map(|b| &b.ops))
        .filter(|o| &*o.name == "hw.instance")
        .filter_map(|o| match o.attr("moduleName") {
            Some(Attr::SymbolRef(p)) => p.last().map(String::as_str),
            _ => None,
        })
        .collect();
    mods.iter().any(|m| {
        &*m.name == "hw.module"
            && !sym_name(m).is_some_and(|n| used.contains(&n))
            && params_of(m).iter().any(|(_, _, v, _)| v.is_none())
    })
}

fn sym_name(op: &Operation) -> Option<&str> {
    match op.attr("sym_name") {
        Some(Attr::String(s)) => Some(s),
        _ => None,
    }
}

/// The entries of a `parameters` attribute: name, type, value, span.
fn params_of(op: &Operation) -> Vec<(String, Option<Type>, Option<Attr>, Span)> {
    let Some(Attr::Array(items)) = op.attr("parameters") else { return Vec::new() };
    let mut out = Vec::new();
    for it in items {
        let Attr::Dict(entries) = it else { continue };
        let get = |k: &str| entries.iter().find(|e| e.name == k);
        let Some(e) = get("name") else { continue };
        let Attr::String(name) = &e.value else { continue };
        let ty = match get("type") {
            Some(t) => match &t.value {
                Attr::Type(t) => Some(t.clone()),
                _ => None,
            },
            None => None,
        };
        out.push((name.clone(), ty, get("value").map(|v| v.value.clone()), e.span));
    }
    out
}

/// A parameter value attribute as an expression.
fn pexpr_of(a: &Attr, at: Span) -> R<PExpr> {
    match a {
        Attr::Int(v, _) => match v.to_i128() {
            Some(v) => Ok(PExpr::Int(v)),
            None => unsupported(at, "a parameter value wider than 128 bits"),
        },
        Attr::Bool(b) => Ok(PExpr::Int(*b as i128)),
        Attr::String(s) => Ok(PExpr::Str(s.clone())),
        Attr::Opaque(t) => PExpr::parse(t).or_else(|m| unsupported(at, m)),
        other => unsupported(at, format!("parameter value {other:?}")),
    }
}

/// Lowers the whole file; `top` names the top module (else the last module no other
/// instantiates).
pub fn lower(file: &File, top: Option<&str>) -> Lowered {
    let mut ops = Vec::new();
    if let Err(op) = collect(&file.ops, &mut ops) {
        return Lowered::Unsupported(op.name_span, format!("'{}' at the top level", op.name));
    }
    let mut errors = Vec::new();
    let mut modules = Vec::new();
    for op in &ops {
        match header(file, op) {
            Ok(m) => modules.push(m),
            Err(Why::Unsupported(s, m)) => return Lowered::Unsupported(s, m),
            Err(Why::Error(d)) => errors.push(d),
        }
    }
    if !errors.is_empty() {
        return Lowered::Errors(errors);
    }
    let index: HashMap<String, usize> =
        modules.iter().enumerate().map(|(i, m)| (m.name.clone(), i)).collect();
    for (i, op) in ops.iter().enumerate() {
        if &*op.name != "hw.module" {
            continue;
        }
        let mut b = Body {
            file,
            modules: &modules,
            index: &index,
            me: i,
            body: SymBody::default(),
            of: HashMap::new(),
        };
        match b.lower(op) {
            Ok(()) => {
                let body = b.body;
                modules[i].body = Some(body);
            }
            Err(Why::Unsupported(s, m)) => return Lowered::Unsupported(s, m),
            Err(Why::Error(d)) => errors.push(d),
        }
    }
    if !errors.is_empty() {
        return Lowered::Errors(errors);
    }
    match pick_top(&modules, top) {
        Some(top) => Lowered::Design(SymDesign { modules, top }),
        None => match top {
            Some(t) => Lowered::Errors(vec![Diagnostic::global(format!("no module named '{t}'"))]),
            None => Lowered::Unsupported(Span::default(), "the file has no hw.module".into()),
        },
    }
}

/// The named module, else the last module with a body that no module instantiates.
fn pick_top(modules: &[SymModule], top: Option<&str>) -> Option<usize> {
    if let Some(t) = top {
        return modules.iter().position(|m| m.name == t && m.body.is_some());
    }
    let used: Vec<usize> = modules
        .iter()
        .filter_map(|m| m.body.as_ref())
        .flat_map(|b| &b.stmts)
        .filter_map(|s| match s {
            Stmt::Instance { module, .. } => Some(*module),
            _ => None,
        })
        .collect();
    (0..modules.len()).rev().find(|i| modules[*i].body.is_some() && !used.contains(i))
}

/// A module's name, parameters and ports.
fn header(file: &File, op: &Operation) -> R<SymModule> {
    let Some(name) = sym_name(op) else { return unsupported(op.name_span, "a module without a name") };
    let mut params: Vec<SymParam> = Vec::new();
    for (pname, ty, value, span) in params_of(op) {
        let ty = match ty {
            Some(Type::Int { width, .. }) => ParamTy::Int(width),
            Some(Type::None) => ParamTy::Str,
            Some(t) => return unsupported(span, format!("parameter '{pname}' of type '{t}'")),
            None => return error(span, format!("parameter '{pname}' has no type")),
        };
        if params.iter().any(|p| p.name == pname) {
            return error(span, format!("parameter '{pname}' is declared twice"));
        }
        let default = value.map(|v| pexpr_of(&v, span)).transpose()?;
        if let Some(d) = &default {
            if let Some(r) = d.refs().first() {
                return error(span, format!("the default of parameter '{pname}' reads parameter '{r}'"));
            }
        }
        params.push(SymParam { name: pname, ty, default });
    }
    let Some(Attr::Type(Type::Complex(c))) = op.attr("module_type") else {
        return unsupported(op.name_span, "a module without a module_type");
    };
    let ComplexType::HwModule(mports) = &**c else {
        return unsupported(op.name_span, "a module_type that is not !hw.modty");
    };
    let mut ports = Vec::new();
    for p in mports {
        let dir = match p.dir {
            PortDir::Input => SymDir::In,
            PortDir::Output => SymDir::Out,
            PortDir::InOut => return unsupported(op.name_span, format!("inout port '{}'", p.name)),
        };
        let ty = sym_ty(&p.ty, &params, op.name_span, &format!("port '{}'", p.name))?;
        ports.push(SymPort { name: p.name.clone(), dir, ty });
    }
    let _ = file;
    let verilog_name = match op.attr("verilogName") {
        Some(Attr::String(s)) => Some(s.clone()),
        _ => None,
    };
    Ok(SymModule { name: name.to_string(), verilog_name, params, ports, body: None, span: op.name_span })
}

/// The symbolic type of `t` in a module with `params`; `what` names the port or value.
fn sym_ty(t: &Type, params: &[SymParam], at: Span, what: &str) -> R<SymTy> {
    let mlir = t.to_string();
    let width = match t {
        Type::Int { width: 0, .. } => return unsupported(at, format!("{what} of type i0")),
        Type::Int { width, .. } => PExpr::Int(*width as i128),
        Type::Clock => return Ok(SymTy { width: PExpr::Int(1), mlir, clock: true }),
        Type::Complex(c) => match &**c {
            ComplexType::Opaque(text) => {
                let inner = text
                    .trim()
                    .strip_prefix("!hw.int<")
                    .and_then(|s| s.strip_suffix('>'))
                    .map(str::to_string);
                match inner {
                    Some(e) => {
                        PExpr::parse(&e).or_else(|m| error(at, format!("the width of {what}: {m}")))?
                    }
                    None => return unsupported(at, format!("{what} of type '{t}'")),
                }
            }
            _ => {
                return unsupported(
                    at,
                    format!("{what} of type '{t}' (only integer and clock types stay parametric)"),
                )
            }
        },
        _ => return unsupported(at, format!("{what} of type '{t}'")),
    };
    check_refs(&width, params, at, &format!("the width of {what}"))?;
    Ok(SymTy { width, mlir, clock: false })
}

/// Every parameter `e` reads is an integer parameter of `params`.
fn check_refs(e: &PExpr, params: &[SymParam], at: Span, what: &str) -> R<()> {
    for r in e.refs() {
        match params.iter().find(|p| p.name == r) {
            None => {
                return error(at, format!("{what} reads parameter '{r}', which the module does not declare"))
            }
            Some(p) if p.ty == ParamTy::Str => {
                return error(
                    at,
                    format!("{what} reads parameter '{r}', a string (type none), as an integer"),
                )
            }
            Some(_) => {}
        }
    }
    if let PExpr::Str(_) = e {
        return error(at, format!("{what} is a string, not an integer"));
    }
    Ok(())
}

/// The lowering of one body.
struct Body<'a> {
    file: &'a File,
    modules: &'a [SymModule],
    index: &'a HashMap<String, usize>,
    me: usize,
    body: SymBody,
    of: HashMap<ValueId, SymVal>,
}

impl Body<'_> {
    fn params(&self) -> &[SymParam] {
        &self.modules[self.me].params
    }

    /// A new value for `v` (its name kept if it is a word).
    fn define(&mut self, v: ValueId, at: Span) -> R<SymVal> {
        let info = self.file.value(v);
        let ty = sym_ty(&info.ty, &self.modules[self.me].params, at, &format!("value '%{}'", info.name))?;
        let name = if info.name.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_') {
            info.name.replace('#', "_")
        } else {
            String::new()
        };
        let id = SymVal(self.body.values.len() as u32);
        self.body.values.push(SymValue { name, ty });
        self.of.insert(v, id);
        Ok(id)
    }

    fn lower(&mut self, op: &Operation) -> R<()> {
        let regions = op.regions();
        let Some(block) = regions.first().and_then(|r| r.blocks.first()) else {
            return unsupported(op.name_span, "a module without a body");
        };
        if regions.iter().map(|r| r.blocks.len()).sum::<usize>() != 1 {
            return unsupported(op.name_span, "a module body with several blocks");
        }
        for a in &block.args {
            self.define(*a, op.name_span)?;
        }
        // Results first (graph regions use values before their definition).
        for o in &block.ops {
            for r in &o.results {
                self.define(*r, o.span)?;
            }
        }
        let mut output = None;
        for o in &block.ops {
            if &*o.name == "hw.output" {
                output = Some(o);
                continue;
            }
            let s = self.stmt(o)?;
            self.body.stmts.push(s);
        }
        let outs: Vec<SymVal> = match output {
            Some(o) => o.operands.iter().map(|x| self.of[&x.value]).collect(),
            None => Vec::new(),
        };
        let want = self.modules[self.me].ports.iter().filter(|p| p.dir == SymDir::Out).count();
        if outs.len() != want {
            return error(
                op.name_span,
                format!("'hw.output' gives {} values for {want} outputs", outs.len()),
            );
        }
        self.body.outputs = outs;
        Ok(())
    }

    fn val(&self, o: &Operation, i: usize) -> R<SymVal> {
        match o.operands.get(i) {
            Some(x) => Ok(self.of[&x.value]),
            None => error(o.span, format!("'{}' needs operand #{i}", o.name)),
        }
    }

    fn ty(&self, v: SymVal) -> &SymTy {
        &self.body.values[v.index()].ty
    }

    /// Operand and result types agree (CIRCT's same-type rule); returns the result.
    fn same_types(&self, o: &Operation) -> R<SymVal> {
        let Some(r) = o.results.first().map(|r| self.of[r]) else {
            return error(o.span, format!("'{}' needs a result", o.name));
        };
        for (i, x) in o.operands.iter().enumerate() {
            let v = self.of[&x.value];
            if self.ty(v).mlir != self.ty(r).mlir {
                return error(
                    x.span,
                    format!(
                        "operand #{i} of '{}' is '{}' but its result is '{}'",
                        o.name,
                        self.ty(v).mlir,
                        self.ty(r).mlir
                    ),
                );
            }
        }
        Ok(r)
    }

    fn stmt(&mut self, o: &Operation) -> R<Stmt> {
        let assign = |dst, expr| Ok(Stmt::Assign { dst, expr });
        let nary = |op| -> R<Stmt> {
            let dst = self.same_types(o)?;
            let vals = (0..o.operands.len()).map(|i| self.val(o, i)).collect::<R<Vec<_>>>()?;
            if vals.is_empty() {
                return unsupported(o.span, format!("'{}' without operands", o.name));
            }
            Ok(Stmt::Assign { dst, expr: SExpr::Nary(op, vals) })
        };
        let binary = |op| -> R<Stmt> {
            let dst = self.same_types(o)?;
            Ok(Stmt::Assign { dst, expr: SExpr::Binary(op, self.val(o, 0)?, self.val(o, 1)?) })
        };
        match &*o.name {
            "comb.add" => nary(NOp::Add),
            "comb.mul" => nary(NOp::Mul),
            "comb.and" => nary(NOp::And),
            "comb.or" => nary(NOp::Or),
            "comb.xor" => nary(NOp::Xor),
            "comb.sub" => binary(BOp::Sub),
            "comb.shl" => binary(BOp::Shl),
            "comb.shru" => binary(BOp::Shru),
            "comb.shrs" => binary(BOp::Shrs),
            "hw.constant" => self.constant(o),
            "hw.param.value" => self.param_value(o),
            "comb.icmp" => self.icmp(o),
            "comb.mux" => {
                let dst = self.result(o)?;
                let (c, a, b) = (self.val(o, 0)?, self.val(o, 1)?, self.val(o, 2)?);
                if self.ty(a).mlir != self.ty(dst).mlir || self.ty(b).mlir != self.ty(dst).mlir {
                    return error(o.span, "the two values of 'comb.mux' and its result must have one type");
                }
                assign(dst, SExpr::Mux(c, a, b))
            }
            "comb.concat" => {
                let dst = self.result(o)?;
                let vals = (0..o.operands.len()).map(|i| self.val(o, i)).collect::<R<Vec<_>>>()?;
                assign(dst, SExpr::Concat(vals))
            }
            "comb.extract" => self.extract(o),
            "comb.replicate" => self.replicate(o),
            "comb.parity" => assign(self.result(o)?, SExpr::Parity(self.val(o, 0)?)),
            "seq.to_clock" | "seq.from_clock" => {
                let name = if &*o.name == "seq.to_clock" { "seq.to_clock" } else { "seq.from_clock" };
                assign(self.result(o)?, SExpr::Clock(self.val(o, 0)?, name))
            }
            "seq.compreg" | "seq.compreg.ce" | "seq.firreg" => self.reg(o),
            "hw.instance" => self.instance(o),
            other => unsupported(
                o.name_span,
                format!("'{other}' has no parametric SystemVerilog form here (its meaning or spelling depends on the width, or it is not supported symbolically)"),
            ),
        }
    }

    fn result(&self, o: &Operation) -> R<SymVal> {
        match o.results.as_slice() {
            [r] => Ok(self.of[r]),
            _ => error(o.span, format!("'{}' must have one result", o.name)),
        }
    }

    fn constant(&self, o: &Operation) -> R<Stmt> {
        let dst = self.result(o)?;
        let Some(w) = self.ty(dst).width.constant() else {
            return unsupported(o.span, "'hw.constant' of a parametric type");
        };
        let Some(Attr::Int(v, _)) = o.attr("value") else {
            return match o.attr("value") {
                Some(Attr::Bool(b)) => {
                    Ok(Stmt::Assign { dst, expr: SExpr::Const(Bits::from_u64(*b as u64, 1)) })
                }
                _ => error(o.span, "'hw.constant' needs an integer value"),
            };
        };
        Ok(Stmt::Assign { dst, expr: SExpr::Const(Bits::from_bigint(v, w as u32)) })
    }

    fn param_value(&self, o: &Operation) -> R<Stmt> {
        let dst = self.result(o)?;
        let at = o.named_attr("value").map_or(o.span, |a| a.span);
        let Some(a) = o.attr("value") else { return error(o.span, "'hw.param.value' needs a value") };
        let e = pexpr_of(a, at)?;
        check_refs(&e, self.params(), at, "'hw.param.value'")?;
        if let PExpr::Ref(n) = &e {
            let p = self.params().iter().find(|p| &p.name == n).expect("checked");
            if ParamTy::Int(self.ty(dst).width.constant().unwrap_or(-1) as u32) != p.ty {
                return error(
                    at,
                    format!(
                        "parameter '{n}' is {:?} but 'hw.param.value' reads it as '{}'",
                        p.ty,
                        self.ty(dst).mlir
                    ),
                );
            }
        }
        Ok(Stmt::Assign { dst, expr: SExpr::Param(e) })
    }

    fn icmp(&self, o: &Operation) -> R<Stmt> {
        let dst = self.result(o)?;
        let pred = match o.attr("predicate") {
            Some(Attr::Int(v, _)) => v.to_i128().and_then(IcmpPred::from_index),
            _ => None,
        };
        let Some(pred) = pred else { return error(o.span, "'comb.icmp' needs a predicate") };
        if matches!(pred, IcmpPred::Ceq | IcmpPred::Cne | IcmpPred::Weq | IcmpPred::Wne) {
            return unsupported(o.span, format!("'comb.icmp {}' (four-state equality)", pred.name()));
        }
        let (a, b) = (self.val(o, 0)?, self.val(o, 1)?);
        if self.ty(a).mlir != self.ty(b).mlir {
            return error(o.span, "the operands of 'comb.icmp' must have one type");
        }
        Ok(Stmt::Assign { dst, expr: SExpr::Icmp(pred, a, b) })
    }

    fn extract(&self, o: &Operation) -> R<Stmt> {
        let dst = self.result(o)?;
        let low = match o.attr("lowBit") {
            Some(Attr::Int(v, _)) => v.to_i128().and_then(|v| u32::try_from(v).ok()),
            _ => None,
        };
        let Some(low) = low else { return error(o.span, "'comb.extract' needs a 'lowBit'") };
        let a = self.val(o, 0)?;
        if let (Some(wi), Some(wo)) = (self.ty(a).width.constant(), self.ty(dst).width.constant()) {
            if low as i128 + wo > wi {
                return error(
                    o.span,
                    format!("'comb.extract' of bits {}..{low} from a {wi}-bit value", low as i128 + wo - 1),
                );
            }
        }
        Ok(Stmt::Assign { dst, expr: SExpr::Extract(a, low) })
    }

    fn replicate(&self, o: &Operation) -> R<Stmt> {
        let dst = self.result(o)?;
        let a = self.val(o, 0)?;
        match (self.ty(a).width.constant(), self.ty(dst).width.constant()) {
            (Some(wi), Some(wo)) if wi > 0 && wo % wi == 0 => {
                Ok(Stmt::Assign { dst, expr: SExpr::Replicate(a, (wo / wi) as u32) })
            }
            (Some(_), Some(_)) => {
                error(o.span, "'comb.replicate': the result width is no multiple of the input's")
            }
            _ => unsupported(
                o.span,
                "'comb.replicate' of parametric width (the count is not written in the type)",
            ),
        }
    }
}

impl Body<'_> {
    fn reg(&self, o: &Operation) -> R<Stmt> {
        let dst = self.result(o)?;
        let op: &'static str = match &*o.name {
            "seq.compreg" => "seq.compreg",
            "seq.compreg.ce" => "seq.compreg.ce",
            _ => "seq.firreg",
        };
        if o.attr("preset").is_some() || o.attr("initialValue").is_some() {
            return unsupported(o.span, format!("'{op}' with a power-on value"));
        }
        let base = if op == "seq.compreg.ce" { 3 } else { 2 };
        let n = o.operands.len();
        if let Some(Attr::DenseArray(_, segs)) = o.attr("operandSegmentSizes") {
            if segs.last().and_then(|v| v.to_i128()) == Some(1) {
                return unsupported(o.span, format!("'{op}' with a power-on value"));
            }
        }
        let reset = match n - base.min(n) {
            0 if n == base => None,
            2 => Some((self.val(o, base)?, self.val(o, base + 1)?)),
            _ => {
                return error(o.span, format!("'{op}' expects {base} operands, or {} with a reset", base + 2))
            }
        };
        let async_reset = op == "seq.firreg" && o.attr("isAsync").is_some();
        if async_reset && reset.is_none() {
            return error(o.span, "'seq.firreg' with 'isAsync' needs a reset and a reset value");
        }
        let d = self.val(o, 0)?;
        if self.ty(d).mlir != self.ty(dst).mlir {
            return error(o.span, format!("the input of '{op}' must have the register's type"));
        }
        let enable = if base == 3 { Some(self.val(o, 2)?) } else { None };
        Ok(Stmt::Reg { dst, d, clk: self.val(o, 1)?, enable, reset, async_reset, op })
    }

    fn instance(&self, o: &Operation) -> R<Stmt> {
        let at = o.named_attr("moduleName").map_or(o.span, |a| a.span);
        let child = match o.attr("moduleName") {
            Some(Attr::SymbolRef(p)) => p.last().cloned().unwrap_or_default(),
            _ => return error(o.span, "'hw.instance' needs a 'moduleName'"),
        };
        let Some(&mi) = self.index.get(&child) else {
            return error(at, format!("instance of unknown module '@{child}'"));
        };
        let m = &self.modules[mi];
        let pat = o.named_attr("parameters").map_or(o.name_span, |a| a.span);
        let given = params_of(o);
        let mut params = Vec::new();
        for (pos, d) in m.params.iter().enumerate() {
            let Some((name, _, value, span)) = given.get(pos) else {
                return error(pat, format!("instance of '@{child}' omits parameter '{}' (CIRCT's verifier wants every parameter listed, in order)", d.name));
            };
            if *name != d.name {
                return error(*span, format!("parameter #{pos} of this instance is '{name}', but '@{child}' declares '{}' there (CIRCT wants the module's order)", d.name));
            }
            let Some(value) = value else { return error(*span, format!("parameter '{name}' needs a value")) };
            let e = pexpr_of(value, *span)?;
            for r in e.refs() {
                if !self.params().iter().any(|p| p.name == r) {
                    return error(*span, format!("parameter '{name}' of this instance reads '{r}', which the instantiating module does not declare"));
                }
            }
            params.push(e);
        }
        if let Some((name, _, _, span)) = given.get(m.params.len()) {
            return error(*span, format!("module '@{child}' has no parameter '{name}'"));
        }
        let ins = m.ports.iter().filter(|p| p.dir == SymDir::In).count();
        let outs = m.ports.len() - ins;
        if o.operands.len() != ins || o.results.len() != outs {
            return error(
                o.span,
                format!(
                    "'@{child}' has {ins} inputs and {outs} outputs, the instance {} and {}",
                    o.operands.len(),
                    o.results.len()
                ),
            );
        }
        let name = match o.attr("instanceName") {
            Some(Attr::String(s)) => s.clone(),
            _ => "inst".to_string(),
        };
        let inputs = o.operands.iter().map(|x| self.of[&x.value]).collect();
        let outputs = o.results.iter().map(|r| self.of[r]).collect();
        Ok(Stmt::Instance { name, module: mi, params, inputs, outputs })
    }
}
