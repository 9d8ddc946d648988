//! Module parameters on `hw.module`: specialized on the op tree before the build, as
//! CIRCT's HWSpecialize pass does.
//!
//! Every distinct parameter assignment an `hw.instance` uses becomes its own module: the
//! assignment equal to the defaults keeps the module's name, any other is named
//! `NAME_P1_V1_P2_V2...` (every parameter in declaration order, a negative value as `m5`).
//! A parametric module no instance uses is specialized with its defaults under its own
//! name (it is a top). In a specialized body `hw.param.value` becomes `hw.constant`, and
//! the parameters an instance passes are evaluated in the instantiating module's
//! assignment, so parameters flow down through the hierarchy. Values are integers:
//! literals, `#hw.param.decl.ref<"NAME">` and `#hw.param.expr.OP<...>` (add, mul, sub,
//! and, or, xor, shl, shru, divu, modu, clog2). Parametric widths (`!hw.int<...>`) are
//! resolved per specialization by `param_types.rs`. An instance lists every parameter of
//! its module, in order, as CIRCT's verifier requires (defaults are not filled in). Errors,
//! each located: an unknown or missing parameter, a parameter without value and default on
//! the top, a non-integer value, a width that is not a positive constant, and recursion
//! through instances (more than [`MAX_SPECIALIZATIONS`] specializations).
//!
//! Clones share the `ValueId`s of their original: the builder numbers nets per body and
//! sets every value's net before it connects a use, so bodies built one after the other
//! never see each other's nets. A module with parametric widths is the exception: each of
//! its clones gets fresh ids, since the clones' values differ in type.

use super::param_types;
use mlir_text::{Attr, BigInt, Diagnostic, NamedAttr, OpName, Operation, Span, Type, ValueInfo};
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};

/// Beyond this many specialized modules the instances are taken to recurse.
pub(crate) const MAX_SPECIALIZATIONS: usize = 1000;

/// A specialization to build: the original module's index, the assignment, the new name.
type Job = (usize, Vec<(String, i128)>, String);

/// One declared parameter.
pub(super) struct Decl {
    pub(super) name: String,
    pub(super) width: u32,
    pub(super) default: Option<i128>,
    pub(super) span: Span,
}

/// True if a module in `ops` (at the top or in a `builtin.module`) declares parameters
/// and has a body, or an op uses `hw.param.value`.
pub(crate) fn has_module_params(ops: &[Operation]) -> bool {
    ops.iter().any(|op| match &*op.name {
        "builtin.module" => op.regions().iter().flat_map(|r| &r.blocks).any(|b| has_module_params(&b.ops)),
        "hw.module" => {
            matches!(op.attr("parameters"), Some(Attr::Array(a)) if !a.is_empty())
                || matches!(op.attr("module_type"), Some(Attr::Type(t)) if param_types::is_parametric(t))
                || op
                    .regions()
                    .iter()
                    .flat_map(|r| &r.blocks)
                    .flat_map(|b| &b.ops)
                    .any(|o| &*o.name == "hw.param.value")
        }
        _ => false,
    })
}

/// Specializes the parametric modules of every op list (the file's, each `builtin.module`'s).
pub(crate) fn specialize(file: &mut mlir_text::File) -> Result<(), Vec<Diagnostic>> {
    let mut ops = std::mem::take(&mut file.ops);
    let r = specialize_ops(&mut ops, &mut file.values);
    file.ops = ops;
    r
}

fn specialize_ops(ops: &mut Vec<Operation>, values: &mut Vec<ValueInfo>) -> Result<(), Vec<Diagnostic>> {
    let mut errors = Vec::new();
    for op in ops.iter_mut().filter(|o| &*o.name == "builtin.module") {
        if let Some(extra) = op.extra.as_deref_mut() {
            for r in extra.regions.iter_mut() {
                for b in &mut r.blocks {
                    if let Err(e) = specialize_ops(&mut b.ops, values) {
                        errors.extend(e);
                    }
                }
            }
        }
    }
    if let Err(e) = specialize_list(ops, values) {
        errors.extend(e);
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

pub(super) fn sym_name(op: &Operation) -> Option<&str> {
    match op.attr("sym_name") {
        Some(Attr::String(s)) => Some(s),
        _ => None,
    }
}

/// The declared parameters of a module op (empty for a plain module).
pub(super) fn decls(op: &Operation, errors: &mut Vec<Diagnostic>) -> Vec<Decl> {
    let mut out: Vec<Decl> = Vec::new();
    for e in param_list(op) {
        let (name, ty, value, span) = e;
        if out.iter().any(|d| d.name == name) {
            errors.push(Diagnostic::error(span, format!("parameter '{name}' is declared twice")));
            continue;
        }
        let Some(width) = ty.as_ref().and_then(Type::int_width) else {
            errors.push(Diagnostic::error(span, format!("parameter '{name}' must have an integer type")));
            continue;
        };
        let default = match value {
            None => None,
            Some(Attr::Int(v, _)) => v.to_i128(),
            Some(_) => {
                errors.push(Diagnostic::error(
                    span,
                    format!("parameter '{name}': the default must be an integer"),
                ));
                continue;
            }
        };
        out.push(Decl { name, width, default, span });
    }
    out
}

/// The entries of the `parameters` property: name, type, value, span.
pub(super) fn param_list(op: &Operation) -> Vec<(String, Option<Type>, Option<Attr>, Span)> {
    let Some(Attr::Array(items)) = op.attr("parameters") else { return Vec::new() };
    let mut out = Vec::new();
    for it in items {
        let Attr::Dict(entries) = it else { continue };
        let get = |k: &str| entries.iter().find(|e| e.name == k);
        let Some(NamedAttr { value: Attr::String(name), span, .. }) = get("name") else { continue };
        let ty = match get("type") {
            Some(NamedAttr { value: Attr::Type(t), .. }) => Some(t.clone()),
            _ => None,
        };
        out.push((name.clone(), ty, get("value").map(|e| e.value.clone()), *span));
    }
    out
}

/// Truncates `v` to `width` bits (two's complement, as an unsigned value for widths < 128).
pub(super) fn truncate(v: i128, width: u32) -> i128 {
    if width >= 127 {
        v
    } else {
        v & ((1i128 << width) - 1)
    }
}

/// The specialized name of `base` under `values` (`None`: the defaults, keep the name).
pub(super) fn special_name(base: &str, decls: &[Decl], values: &[i128]) -> String {
    if decls.iter().zip(values).all(|(d, v)| d.default == Some(*v)) {
        return base.to_string();
    }
    let mut s = base.to_string();
    for (d, v) in decls.iter().zip(values) {
        let v = if *v < 0 { format!("m{}", -v) } else { v.to_string() };
        s.push_str(&format!("_{}_{v}", d.name));
    }
    s
}

fn specialize_list(ops: &mut Vec<Operation>, values: &mut Vec<ValueInfo>) -> Result<(), Vec<Diagnostic>> {
    let mut errors = Vec::new();
    // The parametric modules, by name: index and declarations.
    let mut generic: HashMap<String, (usize, Vec<Decl>)> = HashMap::new();
    for (i, op) in ops.iter().enumerate() {
        if &*op.name != "hw.module" || !matches!(op.attr("parameters"), Some(Attr::Array(a)) if !a.is_empty())
        {
            continue;
        }
        if let Some(n) = sym_name(op) {
            generic.insert(n.to_string(), (i, decls(op, &mut errors)));
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let instantiated: std::collections::HashSet<String> = ops
        .iter()
        .flat_map(|m| m.regions().iter().flat_map(|r| &r.blocks).flat_map(|b| &b.ops))
        .filter(|o| &*o.name == "hw.instance")
        .filter_map(|o| match o.attr("moduleName") {
            Some(Attr::SymbolRef(p)) => p.last().cloned(),
            _ => None,
        })
        .collect();
    // Work list: (index of the original op, assignment, name); done: name -> specialized op.
    let mut queue: Vec<Job> = Vec::new();
    let mut seen: BTreeMap<String, ()> = BTreeMap::new();
    let mut made: BTreeMap<usize, Vec<Operation>> = BTreeMap::new();
    // Plain modules keep their body (their instances are rewritten in place).
    #[allow(clippy::needless_range_loop)] // `ops` is read again inside
    for i in 0..ops.len() {
        let Some(n) = sym_name(&ops[i]).map(str::to_string) else { continue };
        if &*ops[i].name != "hw.module" {
            continue;
        }
        match generic.get(&n) {
            None => {
                let mut op = ops[i].clone();
                if param_types::module_has_param_types(&op, values) {
                    param_types::renumber_resolved(&mut op, &[], values, &mut errors);
                }
                rewrite_body(&mut op, &[], &[], &generic, values, &mut queue, &mut seen, &mut errors);
                made.entry(i).or_default().push(op);
            }
            Some((_, ds)) if !instantiated.contains(&n) => {
                let mut env = Vec::new();
                for d in ds {
                    match d.default {
                        Some(v) => env.push((d.name.clone(), truncate(v, d.width))),
                        None => errors.push(Diagnostic::error(
                            d.span,
                            format!("parameter '{}' of the top module '@{n}' has no default value", d.name),
                        )),
                    }
                }
                if env.len() == ds.len() && seen.insert(n.clone(), ()).is_none() {
                    queue.push((i, env, n.clone()));
                }
            }
            Some(_) => {}
        }
    }
    let mut count = 0;
    while let Some((i, env, name)) = queue.pop() {
        count += 1;
        if count > MAX_SPECIALIZATIONS {
            errors.push(Diagnostic::error(
                ops[i].name_span,
                format!("instances recurse through the parameters of '@{}' (more than {MAX_SPECIALIZATIONS} specializations)", sym_name(&ops[i]).unwrap_or("?")),
            ));
            break;
        }
        let mut op = ops[i].clone();
        if param_types::module_has_param_types(&op, values) {
            param_types::renumber_resolved(&mut op, &env, values, &mut errors);
        }
        let own = sym_name(&op).and_then(|n| generic.get(n)).map_or(&[][..], |g| &g.1[..]);
        rewrite_body(&mut op, &env, own, &generic, values, &mut queue, &mut seen, &mut errors);
        if let Some(extra) = op.extra.as_deref_mut() {
            extra.properties.retain(|a| a.name != "parameters");
            let attrs: Vec<NamedAttr> =
                extra.attributes.iter().filter(|a| a.name != "parameters").cloned().collect();
            extra.attributes = attrs.into();
            for a in extra.properties.iter_mut().chain(extra.attributes.iter_mut()) {
                if a.name == "sym_name" {
                    a.value = Attr::String(name.clone());
                }
            }
        }
        made.entry(i).or_default().push(op);
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    // Each original op is replaced by its specializations (by name, for a stable order).
    let old = std::mem::take(ops);
    for (i, op) in old.into_iter().enumerate() {
        match made.remove(&i) {
            Some(mut v) => {
                v.sort_by(|a, b| sym_name(a).cmp(&sym_name(b)));
                ops.extend(v);
            }
            None if &*op.name == "hw.module" => {} // a parametric module only used specialized
            None => ops.push(op),
        }
    }
    Ok(())
}

/// Rewrites one body under `env`: `hw.param.value` to constants, instances of parametric
/// modules to their specializations (queued when new).
#[allow(clippy::too_many_arguments)]
fn rewrite_body(
    op: &mut Operation,
    env: &[(String, i128)],
    own: &[Decl],
    generic: &HashMap<String, (usize, Vec<Decl>)>,
    values: &[ValueInfo],
    queue: &mut Vec<Job>,
    seen: &mut BTreeMap<String, ()>,
    errors: &mut Vec<Diagnostic>,
) {
    let Some(extra) = op.extra.as_deref_mut() else { return };
    for r in extra.regions.iter_mut() {
        for b in &mut r.blocks {
            for o in &mut b.ops {
                match &*o.name {
                    "hw.param.value" => param_value(o, env, own, values, errors),
                    "hw.instance" => {
                        super::extern_params::resolve_instance_params(o, env, errors);
                        instance(o, env, generic, queue, seen, errors)
                    }
                    _ if !o.regions().is_empty() => {
                        rewrite_body(o, env, own, generic, values, queue, seen, errors)
                    }
                    _ => {}
                }
            }
        }
    }
}

/// `hw.param.value` becomes the `hw.constant` of its value.
fn param_value(
    o: &mut Operation,
    env: &[(String, i128)],
    decls: &[Decl],
    values: &[ValueInfo],
    errors: &mut Vec<Diagnostic>,
) {
    let at = o.named_attr("value").map_or(o.span, |a| a.span);
    let Some(width) = o.results.first().and_then(|r| values[r.index()].ty.int_width()) else {
        errors.push(Diagnostic::error(o.span, "'hw.param.value' must have one integer result"));
        return;
    };
    let Some(value) = o.attr("value").cloned() else { return };
    if let Attr::Opaque(text) = &value {
        let name = text.strip_prefix("#hw.param.decl.ref<\"").and_then(|t| t.strip_suffix("\">"));
        if let Some(d) = name.and_then(|n| decls.iter().find(|d| d.name == n)) {
            if d.width != width {
                errors.push(Diagnostic::error(
                    at,
                    format!(
                        "parameter '{}' is i{} but 'hw.param.value' reads it as i{width}",
                        d.name, d.width
                    ),
                ));
                return;
            }
        }
    }
    let Some(v) = eval(&value, env, at, errors) else { return };
    let ty = Type::int(width);
    let v = truncate(v, width);
    o.name = OpName::new("hw.constant");
    let extra = o.extra.get_or_insert_with(Default::default);
    extra.properties.clear();
    extra.properties.push(NamedAttr {
        name: Cow::Borrowed("value"),
        value: Attr::Int(BigInt::from_i128(v), ty),
        span: at,
    });
}

/// Evaluates a parameter value under `env`.
pub(super) fn eval(a: &Attr, env: &[(String, i128)], at: Span, errors: &mut Vec<Diagnostic>) -> Option<i128> {
    let r = match a {
        Attr::Int(v, _) => v.to_i128().ok_or_else(|| "the value does not fit 128 bits".to_string()),
        Attr::Bool(b) => Ok(*b as i128),
        Attr::Opaque(text) => Expr { s: text.as_bytes(), pos: 0, env }.parse_all(),
        other => Err(format!("parameter value {other:?} is not an integer expression")),
    };
    r.map_err(|m| errors.push(Diagnostic::error(at, m))).ok()
}

/// Evaluates the text of a parameter expression (`#hw.param.decl.ref<"W">`, a literal,
/// `#hw.param.expr.OP<...>`) under `env`.
pub(super) fn eval_text(text: &str, env: &[(String, i128)]) -> Result<i128, String> {
    Expr { s: text.as_bytes(), pos: 0, env }.parse_all()
}

/// The instance takes its child's specialization.
fn instance(
    o: &mut Operation,
    env: &[(String, i128)],
    generic: &HashMap<String, (usize, Vec<Decl>)>,
    queue: &mut Vec<Job>,
    seen: &mut BTreeMap<String, ()>,
    errors: &mut Vec<Diagnostic>,
) {
    let Some(Attr::SymbolRef(path)) = o.attr("moduleName") else { return };
    let Some(child) = path.last().cloned() else { return };
    let Some((ci, ds)) = generic.get(&child) else { return };
    let at = o.named_attr("parameters").map_or(o.name_span, |a| a.span);
    let mut values: Vec<Option<i128>> = vec![None; ds.len()];
    let list = param_list(o);
    let before = errors.len();
    for (pos, (name, ty, value, span)) in list.into_iter().enumerate() {
        let Some(k) = ds.iter().position(|d| d.name == name) else {
            errors.push(Diagnostic::error(span, format!("module '@{child}' has no parameter '{name}'")));
            continue;
        };
        // CIRCT's InstanceOp verifier: the module's parameters, in its order, same types.
        if k != pos {
            errors.push(Diagnostic::error(
                span,
                format!(
                    "parameter #{pos} of this instance is '{name}', but '@{child}' declares '{}' there (CIRCT wants the module's order)",
                    ds.get(pos).map_or("nothing", |d| d.name.as_str())
                ),
            ));
            continue;
        }
        if let Some(w) = ty.as_ref().and_then(Type::int_width).filter(|w| *w != ds[k].width) {
            errors.push(Diagnostic::error(
                span,
                format!("parameter '{name}' of '@{child}' has type 'i{}', not 'i{w}'", ds[k].width),
            ));
            continue;
        }
        let Some(value) = value else {
            errors.push(Diagnostic::error(span, format!("parameter '{name}' needs a value")));
            continue;
        };
        if let Some(v) = eval(&value, env, span, errors) {
            values[k] = Some(truncate(v, ds[k].width));
        }
    }
    if errors.len() > before {
        return;
    }
    let mut full = Vec::new();
    for (d, v) in ds.iter().zip(&values) {
        match v {
            Some(v) => full.push(*v),
            None => {
                let default = d.default.map_or(String::new(), |v| {
                    format!(", even one with a default: write `{}: i{} = {v}`", d.name, d.width)
                });
                errors.push(
                    Diagnostic::error(
                        at,
                        format!(
                            "instance of '@{child}' omits parameter '{}' (CIRCT's verifier wants every parameter listed{default})",
                            d.name
                        ),
                    )
                    .with_note(Some(d.span), "declared here"),
                );
                return;
            }
        }
    }
    let name = special_name(&child, ds, &full);
    if seen.insert(name.clone(), ()).is_none() {
        queue.push((*ci, ds.iter().map(|d| d.name.clone()).zip(full).collect(), name.clone()));
    }
    let extra = o.extra.get_or_insert_with(Default::default);
    extra.properties.retain(|a| a.name != "parameters");
    for a in extra.properties.iter_mut() {
        if a.name == "moduleName" {
            a.value = Attr::SymbolRef(vec![name.clone()]);
        }
    }
}

/// A parameter expression in CIRCT's attribute syntax.
struct Expr<'s> {
    s: &'s [u8],
    pos: usize,
    env: &'s [(String, i128)],
}

impl Expr<'_> {
    fn parse_all(&mut self) -> Result<i128, String> {
        let v = self.value()?;
        self.ws();
        if self.pos != self.s.len() {
            return Err(format!("unexpected text in parameter expression at '{}'", self.rest()));
        }
        Ok(v)
    }
    fn rest(&self) -> String {
        String::from_utf8_lossy(&self.s[self.pos..]).into_owned()
    }
    fn ws(&mut self) {
        while self.pos < self.s.len() && self.s[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }
    fn eat(&mut self, t: &str) -> bool {
        self.ws();
        if self.s[self.pos..].starts_with(t.as_bytes()) {
            self.pos += t.len();
            true
        } else {
            false
        }
    }
    fn value(&mut self) -> Result<i128, String> {
        self.ws();
        if self.eat("#hw.param.decl.ref<\"") {
            let start = self.pos;
            while self.pos < self.s.len() && self.s[self.pos] != b'"' {
                self.pos += 1;
            }
            let name = String::from_utf8_lossy(&self.s[start..self.pos]).into_owned();
            if !self.eat("\"") || !self.eat(">") {
                return Err("malformed #hw.param.decl.ref".into());
            }
            return self
                .env
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| *v)
                .ok_or_else(|| format!("unknown parameter '{name}'"));
        }
        if self.eat("#hw.param.expr.") {
            let start = self.pos;
            while self.pos < self.s.len() && self.s[self.pos].is_ascii_alphanumeric() {
                self.pos += 1;
            }
            let op = String::from_utf8_lossy(&self.s[start..self.pos]).into_owned();
            if !self.eat("<") {
                return Err(format!("expected '<' after #hw.param.expr.{op}"));
            }
            let mut args = vec![self.value()?];
            while self.eat(",") {
                args.push(self.value()?);
            }
            if !self.eat(">") {
                return Err(format!("expected '>' to close #hw.param.expr.{op}"));
            }
            return apply(&op, &args);
        }
        // An integer literal, with an optional `: iN`.
        let start = self.pos;
        if self.pos < self.s.len() && self.s[self.pos] == b'-' {
            self.pos += 1;
        }
        while self.pos < self.s.len() && self.s[self.pos].is_ascii_digit() {
            self.pos += 1;
        }
        let text = String::from_utf8_lossy(&self.s[start..self.pos]).into_owned();
        let v = text
            .parse::<i128>()
            .map_err(|_| format!("expected a parameter expression at '{}'", self.rest()))?;
        if self.eat(":") {
            self.ws();
            while self.pos < self.s.len() && self.s[self.pos].is_ascii_alphanumeric() {
                self.pos += 1;
            }
        }
        Ok(v)
    }
}

/// One `#hw.param.expr` operator on its evaluated operands.
fn apply(op: &str, a: &[i128]) -> Result<i128, String> {
    let fold = |f: fn(i128, i128) -> Option<i128>| {
        a.iter()
            .skip(1)
            .try_fold(a[0], |x, y| f(x, *y))
            .ok_or_else(|| format!("#hw.param.expr.{op} overflows"))
    };
    match (op, a.len()) {
        ("add", _) => fold(i128::checked_add),
        ("mul", _) => fold(i128::checked_mul),
        ("sub", 2) => fold(i128::checked_sub),
        ("and", _) => fold(|x, y| Some(x & y)),
        ("or", _) => fold(|x, y| Some(x | y)),
        ("xor", _) => fold(|x, y| Some(x ^ y)),
        ("shl", 2) => fold(|x, y| u32::try_from(y).ok().and_then(|y| x.checked_shl(y))),
        ("shru", 2) => fold(|x, y| u32::try_from(y).ok().and_then(|y| x.checked_shr(y))),
        ("divu", 2) => fold(|x, y| x.checked_div(y)),
        ("modu", 2) => fold(|x, y| x.checked_rem(y)),
        ("clog2", 1) => Ok(if a[0] <= 1 { 0 } else { 128 - (a[0] - 1).leading_zeros() as i128 }),
        _ => Err(format!("#hw.param.expr.{op} with {} operands is not supported", a.len())),
    }
}
