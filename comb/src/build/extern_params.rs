//! Black boxes with parametric port widths: `hw.module.extern @ram<W: i32>(in %d :
//! !hw.int<#hw.param.decl.ref<"W">>, ...)`, specialized per instance on the op tree before the
//! build, after `specialize.rs` has made every `hw.module` concrete.
//!
//! Why: the netlist gives every port a width, and a black box has no body to specialize, only
//! its port list. Each distinct parameter assignment its instances use becomes its own extern
//! module with the port widths resolved (`param_types::resolve`), named as `specialize.rs`
//! names specializations (`ram_W_16`; the assignment equal to the defaults keeps the name),
//! with a `verilogName` of the original name (or its own `verilogName`): the SystemVerilog
//! still instantiates `ram #(.W(16))`, and `--emit mlir` prints one concrete extern per
//! assignment, each keeping its parameter declarations, which CIRCT verifies. Instances keep
//! their parameter lists. A parametric extern no instance uses has no widths to take: it is
//! specialized with its defaults when every parameter has one and dropped otherwise.
//!
//! An instance's parameter values must be constants here; inside a parametric `hw.module`
//! they may read its parameters (`#hw.param.decl.ref<"N">`), which [`resolve_instance_params`]
//! evaluates while that module is specialized. An instance whose parameters do not evaluate
//! is left alone: the builder reports what is wrong with it.

use super::param_types;
use super::specialize::{decls, eval, param_list, special_name, sym_name, truncate, Decl};
use mlir_text::{Attr, BigInt, Diagnostic, File, NamedAttr, Operation, Span};
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};

/// True if an `hw.module.extern` of `ops` (or of a nested `builtin.module`) has a parametric
/// port type.
pub(crate) fn has_parametric_externs(ops: &[Operation]) -> bool {
    ops.iter().any(|op| match &*op.name {
        "builtin.module" => {
            op.regions().iter().flat_map(|r| &r.blocks).any(|b| has_parametric_externs(&b.ops))
        }
        "hw.module.extern" => is_parametric_extern(op),
        _ => false,
    })
}

fn is_parametric_extern(op: &Operation) -> bool {
    &*op.name == "hw.module.extern"
        && matches!(op.attr("module_type"), Some(Attr::Type(t)) if param_types::is_parametric(t))
}

/// Specializes the parametric black boxes of every op list (the file's, each
/// `builtin.module`'s).
pub(crate) fn specialize_externs(file: &mut File) -> Result<(), Vec<Diagnostic>> {
    let mut errors = Vec::new();
    specialize_ops(&mut file.ops, &mut errors);
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

fn specialize_ops(ops: &mut Vec<Operation>, errors: &mut Vec<Diagnostic>) {
    for op in ops.iter_mut().filter(|o| &*o.name == "builtin.module") {
        if let Some(extra) = op.extra.as_deref_mut() {
            for r in extra.regions.iter_mut() {
                for b in &mut r.blocks {
                    specialize_ops(&mut b.ops, errors);
                }
            }
        }
    }
    specialize_list(ops, errors);
}

/// One specialization: the extern's index and the assignment, by specialized name.
type Jobs = BTreeMap<String, (usize, Vec<(String, i128)>, Option<Span>)>;

fn specialize_list(ops: &mut Vec<Operation>, errors: &mut Vec<Diagnostic>) {
    let mut externs: HashMap<String, (usize, Vec<Decl>)> = HashMap::new();
    for (i, op) in ops.iter().enumerate() {
        if let (true, Some(n)) = (is_parametric_extern(op), sym_name(op)) {
            externs.insert(n.to_string(), (i, decls(op, errors)));
        }
    }
    if externs.is_empty() {
        return;
    }
    let mut jobs = Jobs::new();
    for op in ops.iter_mut().filter(|o| &*o.name == "hw.module") {
        retarget(op, &externs, &mut jobs);
    }
    let used: std::collections::HashSet<usize> = jobs.values().map(|(i, _, _)| *i).collect();
    for (name, (i, ds)) in &externs {
        if !used.contains(i) && ds.iter().all(|d| d.default.is_some()) {
            let env =
                ds.iter().map(|d| (d.name.clone(), truncate(d.default.unwrap_or(0), d.width))).collect();
            jobs.insert(name.clone(), (*i, env, None));
        }
    }
    let mut made: BTreeMap<usize, Vec<Operation>> = BTreeMap::new();
    for (name, (i, env, at)) in jobs {
        if let Some(op) = concrete(&ops[i], &name, &env, at, errors) {
            made.entry(i).or_default().push(op);
        }
    }
    let old = std::mem::take(ops);
    for (i, op) in old.into_iter().enumerate() {
        match made.remove(&i) {
            Some(v) => ops.extend(v),               // in name order (the jobs' order)
            None if is_parametric_extern(&op) => {} // unused, without defaults: dropped
            None => ops.push(op),
        }
    }
}

/// Points every instance of a parametric extern in `op`'s body at its specialization.
fn retarget(op: &mut Operation, externs: &HashMap<String, (usize, Vec<Decl>)>, jobs: &mut Jobs) {
    let Some(extra) = op.extra.as_deref_mut() else { return };
    for r in extra.regions.iter_mut() {
        for b in &mut r.blocks {
            for o in &mut b.ops {
                if &*o.name == "hw.instance" {
                    instance(o, externs, jobs);
                } else if !o.regions().is_empty() {
                    retarget(o, externs, jobs);
                }
            }
        }
    }
}

fn instance(o: &mut Operation, externs: &HashMap<String, (usize, Vec<Decl>)>, jobs: &mut Jobs) {
    let Some(Attr::SymbolRef(path)) = o.attr("moduleName") else { return };
    let Some(child) = path.last().cloned() else { return };
    let Some((ci, ds)) = externs.get(&child) else { return };
    // The values in declaration order; anything the builder would reject leaves it alone.
    let list = param_list(o);
    if list.len() != ds.len() {
        return;
    }
    let mut env = Vec::with_capacity(ds.len());
    for ((name, _, value, span), d) in list.into_iter().zip(ds) {
        let mut scratch = Vec::new();
        let v = value.and_then(|v| eval(&v, &[], span, &mut scratch));
        match v {
            Some(v) if name == d.name => env.push((name, truncate(v, d.width))),
            _ => return,
        }
    }
    let values: Vec<i128> = env.iter().map(|(_, v)| *v).collect();
    let name = special_name(&child, ds, &values);
    jobs.entry(name.clone()).or_insert((*ci, env, Some(o.name_span)));
    let extra = o.extra.get_or_insert_with(Default::default);
    for a in extra.properties.iter_mut().chain(extra.attributes.iter_mut()) {
        if a.name == "moduleName" {
            a.value = Attr::SymbolRef(vec![name.clone()]);
        }
    }
}

/// The extern `op` under `env`, named `name`: port types resolved, `verilogName` kept. A
/// width that does not resolve is reported at the first instance `at` that asks for it
/// (with a note at the port list), or at the port list for the defaults.
fn concrete(
    op: &Operation,
    name: &str,
    env: &[(String, i128)],
    at: Option<Span>,
    errors: &mut Vec<Diagnostic>,
) -> Option<Operation> {
    let original = sym_name(op).unwrap_or(name).to_string();
    let mut out = op.clone();
    let extra = out.extra.get_or_insert_with(Default::default);
    let mut has_verilog_name = false;
    for a in extra.properties.iter_mut().chain(extra.attributes.iter_mut()) {
        match &*a.name {
            "module_type" => {
                if let Attr::Type(t) = &a.value {
                    match param_types::resolve(t, env) {
                        Ok(r) => a.value = Attr::Type(r),
                        Err(m) => {
                            let d = match at {
                                Some(at) => Diagnostic::error(at, format!("black box '@{original}': {m}"))
                                    .with_note(Some(a.span), "its ports are declared here"),
                                None => Diagnostic::error(a.span, m),
                            };
                            errors.push(d);
                            return None;
                        }
                    }
                }
            }
            "sym_name" => a.value = Attr::String(name.to_string()),
            "verilogName" => has_verilog_name = true,
            _ => {}
        }
    }
    if !has_verilog_name && name != original {
        let mut attrs = extra.attributes.to_vec();
        attrs.push(NamedAttr {
            name: Cow::Borrowed("verilogName"),
            value: Attr::String(original),
            span: op.name_span,
        });
        extra.attributes = attrs.into();
    }
    Some(out)
}

/// While a parametric `hw.module` is specialized under `env`: the parameter values of an
/// instance `o` of a module that is not itself specialized (a black box) that read `env`
/// become integer constants of the parameter's type, so the black box sees constants (and
/// its SystemVerilog override prints a number, not an expression).
pub(super) fn resolve_instance_params(
    o: &mut Operation,
    env: &[(String, i128)],
    errors: &mut Vec<Diagnostic>,
) {
    if env.is_empty() {
        return;
    }
    let Some(extra) = o.extra.as_deref_mut() else { return };
    for a in extra.properties.iter_mut().chain(extra.attributes.iter_mut()) {
        if a.name != "parameters" {
            continue;
        }
        let Attr::Array(items) = &mut a.value else { continue };
        for it in items.iter_mut() {
            let Attr::Dict(entries) = it else { continue };
            let ty = entries.iter().find(|e| e.name == "type").and_then(|e| match &e.value {
                Attr::Type(t) => t.int_width().map(|w| (t.clone(), w)),
                _ => None,
            });
            let Some((ty, width)) = ty else { continue };
            for e in entries.iter_mut().filter(|e| e.name == "value") {
                if let Attr::Opaque(_) = e.value {
                    if let Some(v) = eval(&e.value, env, e.span, errors) {
                        e.value = Attr::Int(BigInt::from_i128(truncate(v, width)), ty.clone());
                    }
                }
            }
        }
    }
}
