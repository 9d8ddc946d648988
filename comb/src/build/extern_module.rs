//! Black boxes: `hw.module.extern` declarations and the parameters their instances pass.
//!
//! An extern module becomes a [`Module`](crate::Module) with its ports, no cells and
//! [`ExternInfo`] (its `verilogName` and parameter declarations). An instance of it gets one
//! [`ParamValue`] per declared parameter, in declaration order: the value the instance
//! names. CIRCT's verifier wants all of them written, defaulted ones too, and so do we (a
//! missing parameter is an error whether or not it has a default). Every mistake is a located diagnostic: a duplicate parameter name, an unknown
//! one, a type that differs from the declaration, a value we cannot print.

use super::Builder;
use crate::bits::Bits;
use crate::ids::ModuleId;
use crate::netlist::{ExternInfo, ParamDecl, ParamValue};
use mlir_text::{Attr, Operation, Span, Type};
use std::collections::HashSet;
use std::sync::Arc;

/// One entry of a parsed parameter list: name, type, value, and where it was written.
struct Entry {
    name: String,
    ty: Type,
    value: Option<(Attr, Span)>,
    span: Span,
}

impl Builder<'_> {
    /// The black-box facts of `op`, an `hw.module.extern` (errors are recorded).
    pub(crate) fn extern_info(&mut self, op: &Operation) -> ExternInfo {
        let verilog_name = match op.named_attr("verilogName") {
            None => None,
            Some(a) => match &a.value {
                Attr::String(s) if !s.is_empty() => Some(s.clone()),
                _ => {
                    self.error(a.span, "'verilogName' must be a non-empty string");
                    None
                }
            },
        };
        let mut params = Vec::new();
        let mut seen = HashSet::new();
        for e in self.param_entries(op) {
            if !seen.insert(e.name.clone()) {
                self.error(e.span, format!("parameter '{}' is declared twice", e.name));
                continue;
            }
            // A default that does not read is reported here; the build fails on that error,
            // and a stand-in keeps every instance from reporting it again as missing.
            let stand_in = || ParamValue::Other { mlir: String::new(), sv: String::new() };
            let default =
                e.value.as_ref().map(|(v, span)| self.param_value(&e.ty, v, *span).unwrap_or_else(stand_in));
            params.push(ParamDecl { name: e.name, ty: e.ty.to_string(), default });
        }
        ExternInfo { verilog_name, params }
    }

    /// Checks the parameter list of `op`, an `hw.module`, for a name declared twice (the
    /// parameters of a module with a body are not used otherwise yet).
    pub(crate) fn check_module_params(&mut self, op: &Operation) {
        let mut seen = HashSet::new();
        for e in self.param_entries(op) {
            if !seen.insert(e.name.clone()) {
                self.error(e.span, format!("parameter '{}' is declared twice", e.name));
            }
        }
    }

    /// The parameter values of `op`, an `hw.instance` of `child`, one per parameter the
    /// child declares (`None` after an error). Modules that are not black boxes take none.
    pub(crate) fn instance_params(&mut self, op: &Operation, child: ModuleId) -> Option<Arc<[ParamValue]>> {
        let cm = self.design.module(child);
        let Some(info) = cm.extern_info.clone() else { return Some(Arc::from([])) };
        let cname = cm.name.clone();
        let at = op.named_attr("parameters").map_or(op.name_span, |a| a.span);
        let entries = self.param_entries(op);
        let mut given: Vec<Option<ParamValue>> = vec![None; info.params.len()];
        let mut ok = true;
        for e in entries {
            let Some(i) = info.params.iter().position(|d| d.name == e.name) else {
                self.error(e.span, format!("module '@{cname}' has no parameter '{}'", e.name));
                ok = false;
                continue;
            };
            let decl = &info.params[i];
            if e.ty.to_string() != decl.ty {
                self.error(
                    e.span,
                    format!("parameter '{}' of '@{cname}' has type '{}', not '{}'", e.name, decl.ty, e.ty),
                );
                ok = false;
                continue;
            }
            if given[i].is_some() {
                self.error(e.span, format!("parameter '{}' is given twice", e.name));
                ok = false;
                continue;
            }
            let Some((v, span)) = &e.value else {
                self.error(e.span, format!("parameter '{}' needs a value", e.name));
                ok = false;
                continue;
            };
            match self.param_value(&e.ty, v, *span) {
                Some(v) => given[i] = Some(v),
                None => ok = false,
            }
        }
        let mut out = Vec::with_capacity(given.len());
        for (g, d) in given.into_iter().zip(&info.params) {
            match g {
                Some(v) => out.push(v),
                None if !ok => {}
                None => {
                    let hint = d.default.as_ref().map_or(String::new(), |_| {
                        format!(", even one with a default: write `{}: {} = ...`", d.name, d.ty)
                    });
                    self.error(
                        at,
                        format!(
                            "instance of '@{cname}' omits parameter '{}' (CIRCT's verifier wants every parameter listed{hint})",
                            d.name
                        ),
                    );
                    ok = false;
                }
            }
        }
        ok.then(|| out.into())
    }

    /// The entries of the `parameters` property of `op` (custom form); a generic-form list
    /// is reported as unsupported.
    fn param_entries(&mut self, op: &Operation) -> Vec<Entry> {
        let Some(a) = op.named_attr("parameters") else { return Vec::new() };
        let Attr::Array(items) = &a.value else {
            self.error(a.span, "parameters must be a list");
            return Vec::new();
        };
        let mut out = Vec::new();
        for item in items {
            match item {
                Attr::Dict(fields) => {
                    let get = |k: &str| fields.iter().find(|f| f.name == k);
                    let (Some(n), Some(t)) = (get("name"), get("type")) else { continue };
                    let (Attr::String(name), Attr::Type(ty)) = (&n.value, &t.value) else { continue };
                    out.push(Entry {
                        name: name.clone(),
                        ty: ty.clone(),
                        value: get("value").map(|v| (v.value.clone(), v.span)),
                        span: n.span,
                    });
                }
                Attr::Opaque(text) => match generic_decl(text, a.span) {
                    Some(e) => out.push(e),
                    None => {
                        self.error(a.span, format!("cannot read parameter '{text}' (expected '#hw.param.decl<\"NAME\": type = value>')"));
                        return Vec::new();
                    }
                },
                _ => {
                    self.error(a.span, "a parameter must be '#hw.param.decl<...>'");
                    return Vec::new();
                }
            }
        }
        out
    }

    /// A parameter value of type `ty` written as `v` at `span`.
    fn param_value(&mut self, ty: &Type, v: &Attr, span: Span) -> Option<ParamValue> {
        match (ty, v) {
            (Type::Int { width, .. }, Attr::Int(n, _)) => {
                if !n.fits_width(*width) {
                    self.error(span, format!("parameter value {n} does not fit in {ty}"));
                    return None;
                }
                Some(ParamValue::Int(Bits::from_bigint(n, *width)))
            }
            (Type::None, Attr::String(s)) => Some(ParamValue::Str(s.clone())),
            (Type::Float(_), _) if f64_of(v).is_some() => {
                let text = float_text(f64_of(v).unwrap_or_default());
                Some(ParamValue::Other { mlir: text.clone(), sv: text })
            }
            (_, Attr::Opaque(s)) if s.starts_with("#hw.param.verbatim<\"") && s.ends_with("\">") => {
                let inner = &s["#hw.param.verbatim<\"".len()..s.len() - 2];
                let sv = inner.replace("\\\"", "\"").replace("\\\\", "\\");
                Some(ParamValue::Other { mlir: s.clone(), sv })
            }
            _ => {
                self.error(
                    span,
                    format!("parameter value of type '{ty}' is not supported here (integers, strings of type none, floats and #hw.param.verbatim are)"),
                );
                None
            }
        }
    }
}

/// The value of a float or integer attribute.
fn f64_of(v: &Attr) -> Option<f64> {
    match v {
        Attr::Float(f) => Some(f.to_f64()),
        Attr::Int(n, _) if n.magnitude.len() <= 1 => {
            let m = n.magnitude.first().copied().unwrap_or(0) as f64;
            Some(if n.negative { -m } else { m })
        }
        _ => None,
    }
}

/// A float as MLIR and SystemVerilog both read it (always with a `.`).
fn float_text(f: f64) -> String {
    let s = format!("{f:e}");
    match s.split_once('e') {
        Some((m, e)) if !m.contains('.') => format!("{m}.0e{e}"),
        _ => s,
    }
}

/// Reads the generic form `#hw.param.decl<"NAME": type = value>` (integer, float, `none`
/// types; integer, float and string values, anything else kept verbatim).
fn generic_decl(text: &str, span: Span) -> Option<Entry> {
    let body = text.strip_prefix("#hw.param.decl<\"")?.strip_suffix('>')?;
    let (name, rest) = body.split_once("\":")?;
    let (ty_text, value) = match rest.split_once(" = ") {
        Some((t, v)) => (t.trim(), Some(v.trim())),
        None => (rest.trim(), None),
    };
    let ty = match ty_text {
        "none" => Type::None,
        "f64" => Type::Float(mlir_text::FloatKind::F64),
        "f32" => Type::Float(mlir_text::FloatKind::F32),
        t => Type::int(t.strip_prefix('i')?.parse().ok().filter(|&w| w > 0)?),
    };
    let value = value.map(|v| {
        let attr = if let Some(s) = v.strip_prefix('"').and_then(|s| s.strip_suffix('"')) {
            Attr::String(s.replace("\\\"", "\"").replace("\\\\", "\\"))
        } else if let Ok(i) = v.parse::<i128>() {
            Attr::Int(mlir_text::BigInt::from_i128(i), ty.clone())
        } else if let Ok(f) = v.parse::<f64>() {
            match &ty {
                Type::Float(k) => Attr::Float(mlir_text::FloatLit::from_f64(f, *k)),
                _ => Attr::Opaque(v.to_string()),
            }
        } else {
            Attr::Opaque(v.to_string())
        };
        (attr, span)
    });
    Some(Entry { name: name.to_string(), ty, value, span })
}
