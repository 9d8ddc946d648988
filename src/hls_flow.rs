//! The HLS branch of the pipeline: functions that are HLS input go to `hls::synthesize`,
//! the rest of the file to the netlist builder, and the modules meet in one design.
//!
//! The default top is the last HLS function (callees are inlined, so it is the one a user
//! means); `--top` may name any module. The schedule report goes where `--report` says:
//! a JSON file, or with `-` a table on stdout (stderr when the design itself goes to stdout).

use crate::cli::{Args, Emit};
use crate::driver::Failure;
use crate::output;
use comb::{Design, ModuleId};
use mlir_text::{Diagnostic, File, Severity, SourceFile};

/// Builds the design of a file with HLS functions, synthesized with `opts`; `args` (the
/// main command's) says where the schedule report goes.
pub fn build(
    src: &SourceFile,
    file: File,
    top: Option<&str>,
    opts: &hls::Options,
    args: Option<&Args>,
) -> Result<Design, Failure> {
    let input_err = |d: Vec<Diagnostic>| Failure::Input(Box::new(src.clone()), d);
    let min = hls::schedule::delays::min_period();
    if !(opts.clock_period.is_finite() && opts.clock_period >= min) {
        return Err(Failure::Message(format!(
            "--clock-period must be at least {min:.2} ns (the iCE40 delay model's shortest cycle: \
             register clock-to-out, setup and routing, one LUT level)"
        )));
    }
    let synth = hls::synthesize_source(src, &file, opts).map_err(input_err)?;
    for w in &synth.warnings {
        eprint!("{}", w.render(src));
    }
    let (rest, any) = hls::without_hls_funcs(&file);
    drop(file);
    let mut design =
        if any { comb::build::build_design_owned(rest, None).map_err(input_err)? } else { Design::default() };
    let first_hls = design.modules.len();
    for m in synth.modules {
        if design.find(&m.name).is_some() {
            let d = Diagnostic {
                severity: Severity::Error,
                ..Diagnostic::global(format!("module '{}' is defined twice", m.name))
            };
            return Err(input_err(vec![d]));
        }
        design.modules.push(m);
    }
    design.top = match top {
        Some(t) => Some(design.find(t).ok_or_else(|| Failure::Message(design.no_such_module(t)))?),
        None if design.modules.len() > first_hls => Some(ModuleId(design.modules.len() as u32 - 1)),
        None => design.top,
    };
    if let Some(a) = args {
        if let Some(path) = &a.report {
            if path == "-" {
                let table = synth.report.to_table();
                let design_on_stdout =
                    a.emit != Emit::RustSim && a.output.as_ref().is_none_or(|p| p.as_os_str() == "-");
                if design_on_stdout {
                    eprint!("{table}");
                } else {
                    print!("{table}");
                }
            } else {
                let json = synth.report.to_json();
                output::write_file_with(std::path::Path::new(path), |w| w.write_all(json.as_bytes()))
                    .map_err(Failure::Message)?;
            }
        }
    }
    Ok(design)
}
