//! The compile pipeline: read, parse, route, build, optimize, emit.
//!
//! MLIR text -> op tree (`mlir-text`) -> netlist (`comb::build`) -> passes (`comb::passes`)
//! -> a backend. Every stage's user errors come back as diagnostics against the one source
//! file; the caller renders them.

use crate::cli::{Args, Emit, HlsFlags};
use crate::output;
use comb::Design;
use mlir_text::{Diagnostic, SourceFile};
use std::io::{self, BufWriter, Read, Write};
use std::path::Path;

/// Why a run failed.
#[derive(Debug)]
pub enum Failure {
    /// Errors in the input, against its source.
    Input(Box<SourceFile>, Vec<Diagnostic>),
    /// Anything else (options, I/O, tools), already phrased for the user.
    Message(String),
}

impl Failure {
    /// The text to print on standard error.
    pub fn render(&self) -> String {
        match self {
            Failure::Input(src, diags) => diags.iter().map(|d| d.render(src)).collect(),
            Failure::Message(m) => format!("rmlir-hls: error: {m}\n"),
        }
    }
}

/// Reads INPUT (`-` is standard input) into a source file; bytes that are not UTF-8 are an
/// error at the first bad byte.
pub fn read_source(input: &str) -> Result<SourceFile, Failure> {
    let (name, bytes) = if input == "-" {
        let mut b = Vec::new();
        std::io::stdin()
            .read_to_end(&mut b)
            .map_err(|e| Failure::Message(format!("cannot read standard input: {e}")))?;
        ("<stdin>", b)
    } else {
        let b = std::fs::read(input).map_err(|e| Failure::Message(format!("cannot read '{input}': {e}")))?;
        (input, b)
    };
    match mlir_text::decode_source_owned(name, bytes) {
        (src, None) => Ok(src),
        (src, Some(diag)) => Err(Failure::Input(Box::new(src), vec![diag])),
    }
}

/// Parses and builds the netlist of a source file, optimized per the options; `sv.ifdef`s
/// take the branches `args`' `--define`s choose.
pub fn load_design(
    src: &SourceFile,
    top: Option<&str>,
    opt: u8,
    flatten: bool,
    args: Option<&Args>,
) -> Result<Design, Failure> {
    let hls = args.map_or_else(hls::Options::default, |a| a.hls.options());
    let defines = args.map_or(&[][..], |a| &a.define);
    let hls_given = args.map_or_else(Vec::new, |a| a.hls.given());
    load_design_defined(src, &LoadOptions { top, opt, flatten, args, defines, hls, hls_given })
}

/// What [`load_design_defined`] needs besides the source.
pub struct LoadOptions<'a> {
    /// The top module (`--top`).
    pub top: Option<&'a str>,
    /// The -O level.
    pub opt: u8,
    /// Flatten the hierarchy before the -O pipeline.
    pub flatten: bool,
    /// The main command's options (printing, statistics, LUT mapping), if it runs.
    pub args: Option<&'a Args>,
    /// The macros `sv.ifdef` sees (`--define`).
    pub defines: &'a [String],
    /// The HLS synthesis options.
    pub hls: hls::Options,
    /// The HLS flags the user gave (a warning names them when the input has no HLS).
    pub hls_given: Vec<&'static str>,
}

impl<'a> LoadOptions<'a> {
    /// A subcommand's load (`cosim`, `fpga`): its own top, -O level, defines and HLS
    /// flags, none of the main command's options, no flattening.
    pub fn subcommand(top: Option<&'a str>, opt: u8, defines: &'a [String], hls: &HlsFlags) -> Self {
        LoadOptions {
            top,
            opt,
            flatten: false,
            args: None,
            defines,
            hls: hls.options(),
            hls_given: hls.given(),
        }
    }
}

/// Warns about the flags that only HLS input uses, given for input without HLS functions.
fn warn_hls_flags_unused(o: &LoadOptions) {
    let mut unused = o.hls_given.clone();
    if o.args.is_some_and(|a| a.report.is_some()) {
        unused.push("--report");
    }
    if !unused.is_empty() {
        eprintln!(
            "rmlir-hls: warning: {} {} no effect: the input has no HLS function (affine, scf, \
             memref, linalg or arith ops in a func.func)",
            unused.join(", "),
            if unused.len() == 1 { "has" } else { "have" }
        );
    }
}

/// [`load_design`] with the macros `sv.ifdef` sees and the HLS options given apart from the
/// main command's options (`rmlir-hls cosim --define`, `rmlir-hls fpga --define
/// --clock-period`).
pub fn load_design_defined(src: &SourceFile, o: &LoadOptions) -> Result<Design, Failure> {
    let LoadOptions { top, opt, flatten, args, defines, .. } = *o;
    let hls_opts = &o.hls;
    let input_err = |d: Vec<Diagnostic>| Failure::Input(Box::new(src.clone()), d);
    let mut design = if src.name().ends_with(".json") {
        warn_hls_flags_unused(o);
        comb::yosys::import(src.text(), top).map_err(|e| json_failure(src, e))?
    } else {
        // The streaming path builds each body op as it is read; on anything unusual it
        // gives up and the op-tree path below runs (and reports the errors).
        match comb::build::build_design_streaming(src, top) {
            Some(built) => {
                warn_hls_flags_unused(o);
                built.map_err(input_err)?
            }
            None => {
                let mut file = mlir_text::parse(src).map_err(|d| input_err(vec![d]))?;
                // `sv.ifdef`s take the branch `--define` chooses (user guide, docs/src/sv-ops.md "sv.ifdef").
                mlir_text::ifdef::specialize_ifdefs(&mut file, defines);
                if hls::has_hls_input(&file) {
                    comb::build::reject_zero_width(&file).map_err(input_err)?;
                    crate::hls_flow::build(src, file, top, hls_opts, args)?
                } else {
                    warn_hls_flags_unused(o);
                    comb::build::build_design_owned(file, top).map_err(input_err)?
                }
            }
        }
    };
    let level = match opt {
        0 => comb::passes::OptLevel::O0,
        1 => comb::passes::OptLevel::O1,
        _ => comb::passes::OptLevel::O2,
    };
    let mut pipeline = comb::passes::pipeline(level);
    if flatten {
        if let Err(why) = comb::passes::check_flat_size(&design) {
            let span = design.top.map_or_else(Default::default, |t| design.module(t).span);
            return Err(input_err(vec![Diagnostic::error(span, why)]));
        }
        pipeline.insert(0, comb::passes::by_name("flatten").expect("flatten is registered"));
    }

    let mut pm =
        comb::passes::PassManager { printer: |d| backends::mlir::emit(d, false), ..Default::default() };
    if let Some(a) = args {
        pm.print_after = a.print_after.clone();
        pm.time_passes = a.time_passes;
    }
    // -O2 --lut K also maps the -O1 netlist and keeps the mapping with fewer LUTs.
    let lut = args.and_then(|a| a.lut);
    let goal =
        args.map_or(comb::lutmap::LutGoal::Depth, |a| a.lut_goal.parse().expect("clap checked the goal"));
    let o1_alternative = (opt >= 2 && lut.is_some()).then(|| design.clone());
    let mut reports = pm.run(&mut design, &mut pipeline).map_err(Failure::Message)?;
    // LUT mapping runs once after the -O pipeline, verified like any pass.
    if let Some(k) = lut {
        reports.extend(map_luts(&pm, &mut design, (k as usize, goal), opt >= 2, o1_alternative, flatten)?);
    }
    for r in &reports {
        if let Some(text) = &r.printed {
            eprint!("// -----// IR after {} //----- //\n{text}", r.name);
        }
    }
    if pm.time_passes {
        eprint!("{}", comb::passes::format_times(&reports));
    }
    if args.is_some_and(|a| a.stats) {
        eprint!("{}", comb::lutmap::stats::format_stats(&design));
    }
    Ok(design)
}

/// `--lut K --lut-goal G` (`lut` is `(K, G)`) on `design` (already through its -O pipeline), verified like any pass; with
/// `o2`, the LUT-level e-graph rules follow. `o1_alternative` (for -O2: the design before
/// its pipeline) is also taken through -O1 (after `flatten` if asked) and mapped, and the
/// mapping with fewer LUTs is kept: a word-level rewrite can hand the mapper a structure
/// that maps worse. Used by the CLI and by `fpga --synth native`.
pub fn map_luts(
    pm: &comb::passes::PassManager,
    design: &mut Design,
    (k, goal): (usize, comb::lutmap::LutGoal),
    o2: bool,
    o1_alternative: Option<Design>,
    flatten: bool,
) -> Result<Vec<comb::passes::PassReport>, Failure> {
    let mut map: Vec<Box<dyn comb::passes::Pass>> = vec![Box::new(comb::lutmap::LutMap { k, goal })];
    if o2 {
        map.push(Box::new(comb::egraph::EGraphLuts { k }));
    }
    // -O2 alternates the mapper and the e-graph LUT optimizer while rounds find networks
    // with fewer LUTs (then less depth), until two rounds in a row find none, and keeps the
    // best (user guide, docs/src/lut-mapping.md): remapping a mapped network is a new start, which ended
    // with fewer LUTs on most EPFL circuits (priority K=6 area 117 -> 106) than the first
    // fixed point, and any round can also end worse.
    let reports = if o2 {
        pm.run_keep_best(design, &mut map, comb::lutmap::stats::prefer_fewer_luts, 2)
    } else {
        pm.run(design, &mut map)
    }
    .map_err(Failure::Message)?;
    if let Some(mut alt) = o1_alternative {
        let mut p = comb::passes::pipeline(comb::passes::OptLevel::O1);
        if flatten {
            p.insert(0, comb::passes::by_name("flatten").expect("flatten is registered"));
        }
        // A pipeline repeats until nothing changes: the mapper runs on its own, once.
        let quiet = comb::passes::PassManager::default();
        quiet.run(&mut alt, &mut p).map_err(Failure::Message)?;
        let mut map: Vec<Box<dyn comb::passes::Pass>> = vec![Box::new(comb::lutmap::LutMap { k, goal })];
        quiet.run(&mut alt, &mut map).map_err(Failure::Message)?;
        if comb::lutmap::stats::prefer_fewer_luts(&alt, design) {
            *design = alt;
        }
    }
    Ok(reports)
}

/// A Yosys JSON import error as a failure, located in the netlist's text.
fn json_failure(src: &SourceFile, e: comb::yosys::ImportError) -> Failure {
    Failure::Input(Box::new(src.clone()), vec![e.diagnostic(src.text())])
}

/// Runs one compile as the options say.
pub fn run(args: &Args) -> Result<(), Failure> {
    if args.generic && args.emit != Emit::Mlir {
        return Err(Failure::Message("--generic only applies to --emit mlir".into()));
    }
    if args.dialect.is_some() && args.emit != Emit::Mlir {
        return Err(Failure::Message("--dialect only applies to --emit mlir".into()));
    }
    if let Some(p) = args.print_after.as_deref() {
        let names: Vec<&str> = comb::passes::registry().iter().map(|p| p.name()).collect();
        if p != "all" && !names.contains(&p) {
            let hint = mlir_text::suggest::did_you_mean(p, names.iter().copied());
            return Err(Failure::Message(format!(
                "--print-after: unknown pass '{p}'{hint}; the passes are: {}, all",
                names.join(", ")
            )));
        }
    }
    let src = read_source(&args.input)?;
    let design = load_design(&src, args.top.as_deref(), args.opt, args.flatten, Some(args))?;
    // Nothing is reported against the input from here on: free it (it is as big as the
    // text it holds) before the output is made.
    drop(src);
    match args.emit {
        Emit::Verilog => write_with(args.output.as_deref(), |w| backends::verilog::emit_to(&design, w)),
        Emit::Mlir => {
            let dialect = args.dialect.map(|d| match d {
                crate::cli::MlirDialect::Circt => backends::mlir::Dialect::Circt,
                crate::cli::MlirDialect::Heir => backends::mlir::Dialect::Heir,
            });
            let text = backends::mlir::emit_as(&design, args.generic, dialect).map_err(Failure::Message)?;
            write_text(args.output.as_deref(), &text)
        }
        Emit::Dot => write_text(args.output.as_deref(), &backends::dot::emit(&design)),
        Emit::RustSim => {
            let Some(dir) = args.output.as_deref() else {
                return Err(Failure::Message("--emit rust-sim needs an output directory: -o DIR".into()));
            };
            for w in backends::verbatim::ignored_warnings(&design, "the Rust simulator") {
                eprintln!("{w}");
            }
            let krate = backends::rust_sim::emit(&design).map_err(Failure::Message)?;
            output::write_dir(dir, &krate.files).map_err(Failure::Message)
        }
        Emit::YosysJson => {
            let text = backends::yosys_json::emit(&design).map_err(Failure::Message)?;
            write_text(args.output.as_deref(), &text)
        }
    }
}

fn write_text(out: Option<&Path>, text: &str) -> Result<(), Failure> {
    write_with(out, |w| w.write_all(text.as_bytes()))
}

/// Writes what `write` writes, as it writes it, to the file `out` (whole or not at all) or
/// to standard output (`-` or none).
fn write_with(
    out: Option<&Path>,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<(), Failure> {
    match out {
        Some(p) if p.as_os_str() != "-" => output::write_file_with(p, write).map_err(Failure::Message),
        _ => {
            let mut so = BufWriter::with_capacity(1 << 16, io::stdout().lock());
            // A closed pipe (`| head`) is not an error of ours.
            let _ = write(&mut so).and_then(|()| so.flush());
            Ok(())
        }
    }
}
