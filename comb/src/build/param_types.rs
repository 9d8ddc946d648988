//! Parametric widths: CIRCT's `!hw.int<#hw.param.decl.ref<"W">>` and
//! `!hw.int<#hw.param.expr.add<...>>` on ports, values, registers and instance results,
//! and parametric array sizes (`!hw.array<#hw.param.decl.ref<"N"> x T>`), resolved while
//! a module is specialized (see `specialize.rs`).
//!
//! The reader keeps such a type as an opaque `!hw.int<...>` (nested in aggregates too).
//! When a module whose port list or body mentions one is specialized, every value the
//! clone defines gets a fresh `ValueId` whose type is resolved under the clone's parameter
//! assignment (two specializations of one module have values of different widths, so they
//! cannot share ids as other clones do), the uses are renumbered, and the `module_type`
//! and every type attribute in the body are resolved too. A width that is not a positive
//! constant of at most `MAX_WIDTH` bits is a located error naming the parameters it reads.
//! After this nothing in the op tree has a parametric type: the builder sees integers.

use mlir_text::{
    Attr, ComplexType, Diagnostic, ModulePort, Operation, Span, Type, ValueId, ValueInfo, MAX_WIDTH,
};
use std::collections::HashMap;

/// The expression inside `!hw.int<...>`, if `t` is a parametric integer type.
fn param_int_expr(t: &Type) -> Option<&str> {
    let Type::Complex(c) = t else { return None };
    let ComplexType::Opaque(text) = &**c else { return None };
    let inner = text.trim().strip_prefix("!hw.int")?.trim_start().strip_prefix('<')?;
    inner.trim_end().strip_suffix('>')
}

/// True if `t` is or contains a parametric integer type.
pub(super) fn is_parametric(t: &Type) -> bool {
    if param_int_expr(t).is_some() {
        return true;
    }
    let Type::Complex(c) = t else { return false };
    match &**c {
        ComplexType::HwArray { elem, .. } => is_parametric(elem),
        ComplexType::HwParamArray { .. } => true,
        ComplexType::HwStruct(fs) | ComplexType::HwUnion(fs) => fs.iter().any(|f| is_parametric(&f.ty)),
        ComplexType::HwAlias { inner, .. } | ComplexType::Secret(inner) | ComplexType::HwInOut(inner) => {
            is_parametric(inner)
        }
        ComplexType::HwModule(ports) => ports.iter().any(|p| is_parametric(&p.ty)),
        ComplexType::Function { inputs, results } => inputs.iter().chain(results).any(is_parametric),
        _ => false,
    }
}

/// True if the module op's `module_type` or any value its body defines is parametric.
pub(super) fn module_has_param_types(op: &Operation, values: &[ValueInfo]) -> bool {
    if matches!(op.attr("module_type"), Some(Attr::Type(t)) if is_parametric(t)) {
        return true;
    }
    fn body(op: &Operation, values: &[ValueInfo]) -> bool {
        op.regions().iter().flat_map(|r| &r.blocks).any(|b| {
            b.args.iter().any(|a| is_parametric(&values[a.index()].ty))
                || b.ops.iter().any(|o| {
                    o.results.iter().any(|r| is_parametric(&values[r.index()].ty)) || body(o, values)
                })
        })
    }
    body(op, values)
}

/// The parameter names an expression text reads (`#hw.param.decl.ref<"W">`), in order.
fn referenced(expr: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = expr;
    while let Some(i) = rest.find("#hw.param.decl.ref<\"") {
        rest = &rest[i + "#hw.param.decl.ref<\"".len()..];
        if let Some(j) = rest.find('"') {
            if !out.contains(&&rest[..j]) {
                out.push(&rest[..j]);
            }
            rest = &rest[j..];
        }
    }
    out
}

/// `t` with every parametric integer replaced by `iN` under `env`; the message names the
/// type and the parameters it reads.
pub(super) fn resolve(t: &Type, env: &[(String, i128)]) -> Result<Type, String> {
    if let Some(expr) = param_int_expr(t) {
        let names = referenced(expr);
        let with = names
            .iter()
            .filter_map(|n| env.iter().find(|(k, _)| k == n).map(|(k, v)| format!("{k} = {v}")))
            .collect::<Vec<_>>()
            .join(", ");
        let v = super::specialize::eval_text(expr, env)
            .map_err(|m| format!("the width of '!hw.int<{expr}>' does not evaluate: {m}"))?;
        if v <= 0 || v > MAX_WIDTH as i128 {
            let params = if names.is_empty() { String::new() } else { format!(" with {with}") };
            return Err(format!(
                "the width of '!hw.int<{expr}>' is {v}{params}; a width must be a positive constant of at most {MAX_WIDTH} bits"
            ));
        }
        return Ok(Type::int(v as u32));
    }
    let Type::Complex(c) = t else { return Ok(t.clone()) };
    if !is_parametric(t) {
        return Ok(t.clone());
    }
    let c = match &**c {
        ComplexType::HwArray { len, elem } => ComplexType::HwArray { len: *len, elem: resolve(elem, env)? },
        ComplexType::HwParamArray { len, elem } => {
            let names = referenced(len);
            let v = super::specialize::eval_text(len, env)
                .map_err(|m| format!("the size of '{t}' does not evaluate: {m}"))?;
            let elem = resolve(elem, env)?;
            let ew = elem.bit_width().unwrap_or(0) as i128;
            if v < 0 || v.checked_mul(ew).is_none_or(|w| w > MAX_WIDTH as i128) {
                let with = names
                    .iter()
                    .filter_map(|n| env.iter().find(|(k, _)| k == n).map(|(k, v)| format!("{k} = {v}")))
                    .collect::<Vec<_>>()
                    .join(", ");
                let params = if names.is_empty() { String::new() } else { format!(" with {with}") };
                return Err(format!(
                    "the size of '{t}' is {v}{params}; an array must have 0 or more elements and at most {MAX_WIDTH} bits"
                ));
            }
            ComplexType::HwArray { len: v as u64, elem }
        }
        ComplexType::HwStruct(fs) | ComplexType::HwUnion(fs) => {
            let mut out = fs.clone();
            for f in &mut out {
                f.ty = resolve(&f.ty, env)?;
            }
            if matches!(&**c, ComplexType::HwStruct(_)) {
                ComplexType::HwStruct(out)
            } else {
                ComplexType::HwUnion(out)
            }
        }
        ComplexType::HwAlias { path, inner } => {
            ComplexType::HwAlias { path: path.clone(), inner: resolve(inner, env)? }
        }
        ComplexType::Secret(inner) => ComplexType::Secret(resolve(inner, env)?),
        ComplexType::HwInOut(inner) => ComplexType::HwInOut(resolve(inner, env)?),
        ComplexType::HwModule(ports) => {
            let mut out = Vec::with_capacity(ports.len());
            for p in ports {
                out.push(ModulePort { dir: p.dir, name: p.name.clone(), ty: resolve(&p.ty, env)? });
            }
            ComplexType::HwModule(out)
        }
        ComplexType::Function { inputs, results } => ComplexType::Function {
            inputs: inputs.iter().map(|t| resolve(t, env)).collect::<Result<_, _>>()?,
            results: results.iter().map(|t| resolve(t, env)).collect::<Result<_, _>>()?,
        },
        other => other.clone(),
    };
    Ok(Type::Complex(Box::new(c)))
}

/// Gives every value `op`'s body defines a fresh id with its type resolved under `env`,
/// renumbers the uses, and resolves the type attributes of `op` and its nested ops.
/// Errors are located at the value's definition (a port: its argument; an output port:
/// the module's type).
pub(super) fn renumber_resolved(
    op: &mut Operation,
    env: &[(String, i128)],
    values: &mut Vec<ValueInfo>,
    errors: &mut Vec<Diagnostic>,
) {
    let mut map: HashMap<ValueId, ValueId> = HashMap::new();
    define(op, env, values, &mut map, errors);
    uses(op, &map);
    // Input ports are reported at their argument already: only outputs here.
    attrs(op, env, errors, true);
}

fn fresh(
    v: ValueId,
    env: &[(String, i128)],
    values: &mut Vec<ValueInfo>,
    map: &mut HashMap<ValueId, ValueId>,
    errors: &mut Vec<Diagnostic>,
) -> ValueId {
    let mut info = values[v.index()].clone();
    match resolve(&info.ty, env) {
        Ok(t) => info.ty = t,
        Err(m) => {
            errors.push(Diagnostic::error(info.span, m));
            info.ty = Type::int(1);
        }
    }
    let id = ValueId(values.len() as u32);
    values.push(info);
    map.insert(v, id);
    id
}

fn define(
    op: &mut Operation,
    env: &[(String, i128)],
    values: &mut Vec<ValueInfo>,
    map: &mut HashMap<ValueId, ValueId>,
    errors: &mut Vec<Diagnostic>,
) {
    let Some(extra) = op.extra.as_deref_mut() else { return };
    for r in extra.regions.iter_mut() {
        for b in &mut r.blocks {
            for a in &mut b.args {
                *a = fresh(*a, env, values, map, errors);
            }
            for o in &mut b.ops {
                for r in &mut o.results {
                    *r = fresh(*r, env, values, map, errors);
                }
                define(o, env, values, map, errors);
            }
        }
    }
}

fn uses(op: &mut Operation, map: &HashMap<ValueId, ValueId>) {
    for u in &mut op.operands {
        if let Some(n) = map.get(&u.value) {
            u.value = *n;
        }
    }
    let Some(extra) = op.extra.as_deref_mut() else { return };
    for r in extra.regions.iter_mut() {
        for b in &mut r.blocks {
            for o in &mut b.ops {
                uses(o, map);
            }
        }
    }
}

/// Resolves every `Attr::Type` of `op` (and, below, of its nested ops). On the module op
/// itself (`module`), the `module_type`'s errors are reported for output ports only.
fn attrs(op: &mut Operation, env: &[(String, i128)], errors: &mut Vec<Diagnostic>, module: bool) {
    let Some(extra) = op.extra.as_deref_mut() else { return };
    for a in extra.properties.iter_mut().chain(extra.attributes.iter_mut()) {
        let span = a.span;
        let outputs_only = module && a.name == "module_type";
        attr(&mut a.value, env, span, errors, outputs_only);
    }
    for r in extra.regions.iter_mut() {
        for b in &mut r.blocks {
            for o in &mut b.ops {
                attrs(o, env, errors, false);
            }
        }
    }
}

fn attr(a: &mut Attr, env: &[(String, i128)], at: Span, errors: &mut Vec<Diagnostic>, outputs_only: bool) {
    match a {
        Attr::Type(t) if is_parametric(t) => {
            if outputs_only {
                if let Type::Complex(c) = t {
                    if let ComplexType::HwModule(ports) = &**c {
                        for p in ports.iter().filter(|p| p.dir == mlir_text::PortDir::Output) {
                            if let Err(m) = resolve(&p.ty, env) {
                                errors.push(Diagnostic::error(at, format!("output '{}': {m}", p.name)));
                            }
                        }
                    }
                }
            }
            match resolve(t, env) {
                Ok(r) => *t = r,
                Err(m) if !outputs_only => errors.push(Diagnostic::error(at, m)),
                Err(_) => {}
            }
        }
        Attr::Array(items) => items.iter_mut().for_each(|x| attr(x, env, at, errors, false)),
        Attr::Dict(entries) => entries.iter_mut().for_each(|e| {
            let s = e.span;
            attr(&mut e.value, env, s, errors, false)
        }),
        _ => {}
    }
}
