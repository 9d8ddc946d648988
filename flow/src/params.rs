//! Parametric modules kept parametric: when the flow writes them with their parameters
//! instead of specializing them (`build::specialize` in `comb`).
//!
//! The parameters are kept for `--emit verilog` and `--emit mlir` when the user asks
//! (`--keep-params`) or when nothing else is possible: a top module (no instance uses it)
//! with a parameter without a default cannot be specialized. The whole design is then
//! lowered to `comb::symbolic` and printed from there; no netlist pass runs on it (widths
//! are not constants). What cannot stay symbolic is specialized as before, with a warning
//! located at the reason: LUT mapping, `-O2`, `--flatten`, `--passes`, `--print-after`, the
//! other backends, `--generic` MLIR, and any op the symbolic path does not support
//! (`comb::symbolic` lists them). A top without defaults then fails as before, with the
//! reason as a note.

use crate::error::{Error, Result};
use crate::options::{Backend, OptLevel, Options, Output};
use comb::symbolic::{self, Lowered};
use mlir_text::{Diagnostic, Severity, SourceFile, Span};

/// Writes `src` with its parameters kept if the options and the input call for it; false
/// if the ordinary (specializing) flow should run.
pub(crate) fn compile_kept(src: &SourceFile, o: &Options, backend: Backend, out: &Output) -> Result<bool> {
    if src.name().ends_with(".json") || !(o.keep_params || may_have_params(src.text())) {
        return Ok(false);
    }
    let Ok(mut file) = mlir_text::parse(src) else { return Ok(false) };
    mlir_text::ifdef::specialize_ifdefs(&mut file, &o.defines);
    if hls::has_hls_input(&file) || !(o.keep_params || symbolic::wants_symbolic(&file)) {
        return Ok(false);
    }
    let at = first_param_module(&file);
    if let Some(why) = blocker(o, backend) {
        warn(src, at, &format!("parametric modules are specialized: {why}"));
        return Ok(false);
    }
    let d = match symbolic::lower(&file, o.top.as_deref()) {
        Lowered::Design(d) => d,
        Lowered::Unsupported(span, why) => {
            warn(src, span, &format!("parametric modules are specialized: {why}"));
            return Ok(false);
        }
        Lowered::Errors(ds) => return Err(Error::input(src, ds)),
    };
    let text = match backend {
        Backend::Verilog { dialect } => {
            let (text, warnings) = backends::verilog::param_sv::emit_symbolic(&d, dialect);
            for (span, w) in warnings {
                warn(src, span, &w);
            }
            text
        }
        _ => backends::mlir_param::emit(&d),
    };
    crate::emit::write_text(out, &text)?;
    Ok(true)
}

/// Why the options need concrete widths, if they do.
fn blocker(o: &Options, backend: Backend) -> Option<String> {
    let reason = match backend {
        Backend::Verilog { .. } => None,
        Backend::Mlir { generic: true, .. } => Some("--generic MLIR is written from the netlist".to_string()),
        Backend::Mlir { dialect: Some(_), .. } => {
            Some("--dialect MLIR is written from the netlist".to_string())
        }
        Backend::Mlir { .. } => None,
        Backend::Dot => Some("--emit dot is drawn from the netlist".to_string()),
        Backend::RustSim => Some("the Rust simulator needs concrete widths".to_string()),
        Backend::YosysJson => Some("a Yosys netlist has concrete widths".to_string()),
        Backend::HlsIr => Some("--emit hls-ir".to_string()),
    };
    reason.or_else(|| {
        let flag = if o.lut.is_some() {
            "--lut (LUT mapping needs concrete widths)"
        } else if o.opt == OptLevel::O2 {
            "-O2 (its rewrites need concrete widths)"
        } else if o.flatten {
            "--flatten"
        } else if o.passes.is_some() {
            "--passes"
        } else if o.print_after.is_some() {
            "--print-after"
        } else {
            return None;
        };
        Some(flag.to_string())
    })
}

/// Where the first parametric module is named (for a warning about the whole design).
fn first_param_module(file: &mlir_text::File) -> Span {
    fn find(ops: &[mlir_text::Operation]) -> Option<Span> {
        ops.iter().find_map(|op| match &*op.name {
            "builtin.module" => op.regions().iter().flat_map(|r| &r.blocks).find_map(|b| find(&b.ops)),
            "hw.module" if op.attr("parameters").is_some() => Some(op.name_span),
            _ => None,
        })
    }
    find(&file.ops).unwrap_or_default()
}

/// True if the text may declare a parametric module (`hw.module @m<` or a generic
/// `parameters = [...]`): the cheap test before parsing twice.
fn may_have_params(text: &str) -> bool {
    text.match_indices("hw.module @").any(|(i, m)| {
        let rest = &text[i + m.len()..];
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$' || c == '.'))
            .unwrap_or(rest.len());
        rest[end..].starts_with('<')
    }) || text.contains("parameters = [{")
}

fn warn(src: &SourceFile, span: Span, msg: &str) {
    let d = Diagnostic { severity: Severity::Warning, ..Diagnostic::error(span, msg) };
    crate::stdio::err(&d.render(src));
}
