//! The front of the flow: a source file to a netlist, before any pass. Yosys JSON is
//! imported; MLIR is built as it streams in when it can be, else parsed into an op tree,
//! its `sv.ifdef`s specialized, and built — its HLS functions synthesized by `hls`, the
//! rest by the netlist builder, the modules meeting in one design.
//!
//! For HLS input the default top is the last HLS function (callees are inlined, so it is
//! the one a user means). The schedule report goes where [`Options::report`] says.

use crate::error::{Error, Result};
use crate::options::{Options, ReportTo};
use comb::{Design, ModuleId};
use mlir_text::{Diagnostic, File, SourceFile};

/// A built design, before the pass pipeline.
#[derive(Clone, Debug)]
pub struct Built {
    /// The netlist.
    pub design: Design,
    /// The HLS schedule report, for HLS input.
    pub report: Option<hls::report::Report>,
    /// With `hls_ir`: each HLS function's IR after its passes, as text.
    pub hls_ir: Vec<String>,
}

/// Builds the netlist of `src` as the options say (top, defines, HLS options, report).
/// With `flatten`, a hierarchy whose flat top would be too big is an error at the top.
pub fn build(src: &SourceFile, o: &Options) -> Result<Built> {
    build_as(src, o, false)
}

/// [`build`]; with `hls_ir`, HLS input stops after the HLS IR passes, their IR kept as
/// text ([`Built::hls_ir`]) and no netlist made for it.
pub fn build_as(src: &SourceFile, o: &Options, hls_ir: bool) -> Result<Built> {
    let built = build_netlist(src, o, hls_ir)?;
    if o.flatten {
        if let Err(why) = comb::passes::check_flat_size(&built.design) {
            let d = &built.design;
            let span = d.top.map_or_else(Default::default, |t| d.module(t).span);
            return Err(Error::input(src, vec![Diagnostic::error(span, why)]));
        }
    }
    Ok(built)
}

fn build_netlist(src: &SourceFile, o: &Options, hls_ir: bool) -> Result<Built> {
    let top = o.top.as_deref();
    let input_err = |d: Vec<Diagnostic>| Error::input(src, d);
    let plain = |design| Ok(Built { design, report: None, hls_ir: Vec::new() });
    if src.name().ends_with(".json") {
        warn_hls_options_unused(o);
        return plain(comb::yosys::import(src.text(), top).map_err(|e| json_error(src, e))?);
    }
    // The streaming path builds each body op as it is read; on anything unusual it gives
    // up and the op-tree path below runs (and reports the errors).
    if let Some(built) = comb::build::build_design_streaming(src, top) {
        warn_hls_options_unused(o);
        return plain(built.map_err(input_err)?);
    }
    let mut file = mlir_text::parse(src).map_err(|d| input_err(vec![d]))?;
    // `sv.ifdef`s take the branch the defines choose (user guide, docs/src/sv-ops.md).
    mlir_text::ifdef::specialize_ifdefs(&mut file, &o.defines);
    if hls::has_hls_input(&file) {
        comb::build::reject_zero_width(&file).map_err(input_err)?;
        build_hls(src, file, o, hls_ir)
    } else {
        warn_hls_options_unused(o);
        plain(comb::build::build_design_owned(file, top).map_err(input_err)?)
    }
}

/// Warns about the options that only HLS input uses, given for input without HLS functions.
fn warn_hls_options_unused(o: &Options) {
    let unused = &o.hls_only_given;
    if !unused.is_empty() {
        crate::stdio::err(&format!(
            "rmlir-hls: warning: {} {} no effect: the input has no HLS function (affine, scf, \
             memref, linalg or arith ops in a func.func)\n",
            unused.join(", "),
            if unused.len() == 1 { "has" } else { "have" }
        ));
    }
}

/// The design of a file with HLS functions: those synthesized, the rest built.
fn build_hls(src: &SourceFile, file: File, o: &Options, hls_ir: bool) -> Result<Built> {
    let input_err = |d: Vec<Diagnostic>| Error::input(src, d);
    // The schedule pictures are computed only for the page that draws them.
    let opts = &hls::Options { pictures: o.hls.pictures || o.report_html.is_some(), ..o.hls.clone() };
    let min = hls::schedule::delays::min_period();
    if !(opts.clock_period.is_finite() && opts.clock_period >= min) {
        return Err(Error::user(format!(
            "--clock-period must be at least {min:.2} ns (the iCE40 delay model's shortest cycle: \
             register clock-to-out, setup and routing, one LUT level)"
        )));
    }
    let pass_opts = hls::PassOptions {
        passes: match &o.passes {
            Some(names) => Some(crate::passes::split(names)?.0),
            None => None,
        },
        print_after: o.print_after.clone(),
        time_passes: o.time_passes,
        ir_only: hls_ir,
    };
    let synth = hls::synthesize_with_passes(src, &file, opts, &pass_opts).map_err(input_err)?;
    for w in &synth.warnings {
        crate::stdio::err(&w.render(src));
    }
    print_pass_runs(&synth.pass_runs, o.time_passes);
    if hls_ir {
        return Ok(Built { design: Design::default(), report: None, hls_ir: synth.ir });
    }
    let (rest, any) = hls::without_hls_funcs(&file);
    drop(file);
    let mut design =
        if any { comb::build::build_design_owned(rest, None).map_err(input_err)? } else { Design::default() };
    let first_hls = design.modules.len();
    for m in synth.modules {
        if let Some(prev) = design.find(&m.name) {
            // The function is the second definition: the hw.modules were built first.
            let d = Diagnostic::error(m.span, format!("module '@{}' is defined twice", m.name))
                .with_note(Some(design.module(prev).span), "previous definition here");
            return Err(input_err(vec![d]));
        }
        design.modules.push(m);
    }
    design.top = match o.top.as_deref() {
        Some(t) => Some(design.find(t).ok_or_else(|| Error::user(design.no_such_module(t)))?),
        None if design.modules.len() > first_hls => Some(ModuleId(design.modules.len() as u32 - 1)),
        None => design.top,
    };
    write_report(&synth.report, o.report.as_ref())?;
    if let Some(path) = &o.report_html {
        let html = crate::schedule_html::page(&synth.report, src.name(), true);
        crate::output::write_file_with(path, |w| w.write_all(html.as_bytes())).map_err(Error::user)?;
    }
    Ok(Built { design, report: Some(synth.report), hls_ir: Vec::new() })
}

/// The HLS IR printed after the passes that asked for it, and the pass times, on
/// standard error.
fn print_pass_runs(runs: &[hls::transform::manager::PassRun], time_passes: bool) {
    for r in runs {
        if let Some(text) = &r.printed {
            crate::stdio::err(&format!(
                "// -----// HLS IR after {} (@{}) //----- //\n{text}",
                r.name, r.func
            ));
        }
    }
    if time_passes && !runs.is_empty() {
        crate::stdio::err(&hls::transform::manager::format_times(runs));
    }
}

/// Writes the schedule report where `to` says.
fn write_report(report: &hls::report::Report, to: Option<&ReportTo>) -> Result<()> {
    match to {
        None => {}
        Some(ReportTo::TableStdout) => crate::stdio::out(&report.to_table())?,
        Some(ReportTo::TableStderr) => crate::stdio::err(&report.to_table()),
        Some(ReportTo::Json(path)) => {
            let json = report.to_json();
            crate::output::write_file_with(path, |w| w.write_all(json.as_bytes())).map_err(Error::user)?;
        }
    }
    Ok(())
}

/// A Yosys JSON import error: a syntax error at its line and column (rendered with the
/// source line and a caret), anything else naming the module and cell.
fn json_error(src: &SourceFile, e: comb::yosys::ImportError) -> Error {
    Error::input(src, vec![e.diagnostic(src.text())])
}
