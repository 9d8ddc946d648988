//! The compile command: its flags checked and turned into the flow's options, then
//! `flow::Flow::compile` (read, build, optimize, emit).

use crate::cli::{Args, Emit, SvDialectArg};
use flow::{Backend, Error, Flow, Input, LutOptions, Options, Output, ReportTo};

/// The flow's options for the compile command.
fn options(args: &Args, emit: Emit) -> Options {
    let mut o = args.design.options(&args.hls);
    o.flatten = args.flatten;
    o.keep_params = args.keep_params;
    o.lut = args.lut.map(|k| LutOptions {
        k: k as usize,
        goal: args.lut_goal.lut_goal.to_mapper(),
        exact_budget: args.lut_exact_budget,
    });
    o.print_after = args.print_after.clone();
    o.passes = args.passes.clone();
    o.time_passes = args.time_passes;
    o.stats = args.stats;
    o.report = args.report.as_ref().map(|path| {
        let design_on_stdout =
            emit != Emit::RustSim && args.output.as_ref().is_none_or(|p| p.as_os_str() == "-");
        match path.as_str() {
            "-" if design_on_stdout => ReportTo::TableStderr,
            "-" => ReportTo::TableStdout,
            _ => ReportTo::Json(path.into()),
        }
    });
    if args.report.is_some() {
        o.hls_only_given.push("--report".into());
    }
    o.report_html = args.report_html.clone();
    if args.report_html.is_some() {
        o.hls_only_given.push("--report-html".into());
    }
    o
}

/// The backend `--emit` (with `--generic`, `--dialect`) names.
fn backend(args: &Args, emit: Emit) -> Backend {
    match emit {
        Emit::Verilog => Backend::Verilog { dialect: args.sv_dialect.to_backend() },
        Emit::Mlir => Backend::Mlir { generic: args.generic, dialect: args.dialect.map(|d| d.to_backend()) },
        Emit::Dot => Backend::Dot,
        Emit::RustSim => Backend::RustSim,
        Emit::YosysJson => Backend::YosysJson,
        Emit::HlsIr => Backend::HlsIr,
    }
}

/// Checks the flags that only make sense together.
fn check(args: &Args, emit: Emit) -> Result<(), Error> {
    if args.generic && emit != Emit::Mlir {
        return Err(Error::user("--generic only applies to --emit mlir"));
    }
    if args.dialect.is_some() && emit != Emit::Mlir {
        return Err(Error::user("--dialect only applies to --emit mlir"));
    }
    if args.sv_dialect != SvDialectArg::Sv && emit != Emit::Verilog {
        return Err(Error::user("--sv-dialect only applies to --emit verilog"));
    }
    if let Some(p) = args.print_after.as_deref() {
        flow::passes::check_print_after(p)?;
    }
    if let Some(names) = &args.passes {
        flow::passes::split(names)?;
    }
    Ok(())
}

/// Runs one compile as the options say.
pub fn run(args: &Args) -> Result<(), Error> {
    let (Some(input), Some(emit)) = (args.input.as_deref(), args.emit) else {
        return Err(Error::internal("clap lets no compile through without INPUT and --emit"));
    };
    check(args, emit)?;
    let flow = Flow::new(options(args, emit));
    flow.compile(&Input::from_arg(input), backend(args, emit), &Output::from_arg(args.output.as_deref()))
}
