//! What a run of the flow does, as plain data (no command-line types): the caller — the
//! `rmlir-hls` binary, a test, a benchmark — fills it in.

use comb::lutmap::LutGoal;
pub use comb::passes::OptLevel;
use std::path::PathBuf;

/// The options of the front of the flow: reading, building, the pass pipeline and the
/// LUT mapping.
#[derive(Clone, Debug)]
pub struct Options {
    /// The top module (default: the last module no other instantiates; for HLS input the
    /// last HLS function).
    pub top: Option<String>,
    /// The optimization pipeline.
    pub opt: OptLevel,
    /// Inline every instance into the top module before the pipeline.
    pub flatten: bool,
    /// The macros `sv.ifdef` sees as defined.
    pub defines: Vec<String>,
    /// The HLS synthesis options.
    pub hls: hls::Options,
    /// Options the caller was given that only HLS input uses, by the caller's names: a
    /// warning names them when the input has no HLS function.
    pub hls_only_given: Vec<String>,
    /// Map combinational logic to LUTs after the pipeline.
    pub lut: Option<LutOptions>,
    /// Print the netlist (or, for an HLS IR pass, the HLS IR) on standard error after the
    /// pass of this name (`all`: every pass).
    pub print_after: Option<String>,
    /// Run exactly these passes (`--passes`): the HLS IR passes among them instead of the
    /// HLS pipeline, the netlist passes instead of the -O pipeline.
    pub passes: Option<Vec<String>>,
    /// Print each pass's time on standard error.
    pub time_passes: bool,
    /// Print cell counts, LUT count and LUT depth per module on standard error at the end.
    pub stats: bool,
    /// Where the HLS schedule report goes, if anywhere.
    pub report: Option<ReportTo>,
    /// Where the HLS schedule pictures go as an HTML page, if anywhere (whole or not at all).
    pub report_html: Option<PathBuf>,
    /// Write parametric `hw.module`s with their parameters (`--keep-params`; see
    /// `params.rs`) instead of specializing them.
    pub keep_params: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            top: None,
            opt: OptLevel::O1,
            flatten: false,
            defines: Vec::new(),
            hls: hls::Options::default(),
            hls_only_given: Vec::new(),
            lut: None,
            print_after: None,
            passes: None,
            time_passes: false,
            stats: false,
            report: None,
            report_html: None,
            keep_params: false,
        }
    }
}

impl Options {
    /// The default options at optimization level `opt`.
    pub fn at(opt: OptLevel) -> Options {
        Options { opt, ..Options::default() }
    }
}

/// The LUT mapping: `K`-input cells, optimizing `goal` first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LutOptions {
    /// Inputs per LUT (2..=6).
    pub k: usize,
    /// Depth or area first.
    pub goal: LutGoal,
    /// The area goal's exact-resynthesis budget in solver conflicts per module (0 = off;
    /// `--lut-exact-budget`).
    pub exact_budget: u64,
}

/// Where the HLS schedule report is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReportTo {
    /// As JSON to this file (whole or not at all).
    Json(PathBuf),
    /// As a table on standard output.
    TableStdout,
    /// As a table on standard error (when the design itself goes to standard output).
    TableStderr,
}

/// The input of a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A file: MLIR text, or a Yosys JSON netlist when the name ends in `.json`.
    File(PathBuf),
    /// Standard input (MLIR text), named `<stdin>` in messages.
    Stdin,
}

impl Input {
    /// A command-line input: `-` is standard input, anything else a file.
    pub fn from_arg(arg: &str) -> Input {
        if arg == "-" {
            Input::Stdin
        } else {
            Input::File(PathBuf::from(arg))
        }
    }
}

/// Where an output file goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Output {
    /// Standard output (a closed pipe is not an error).
    Stdout,
    /// A file, written whole or not at all; a directory for the Rust simulator.
    Path(PathBuf),
}

impl Output {
    /// A command-line `-o`: none or `-` is standard output.
    pub fn from_arg(arg: Option<&std::path::Path>) -> Output {
        match arg {
            Some(p) if p.as_os_str() != "-" => Output::Path(p.to_path_buf()),
            _ => Output::Stdout,
        }
    }
}

/// A backend and its settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// Synthesizable SystemVerilog, or Verilog-2005.
    Verilog {
        /// The language written.
        dialect: backends::verilog::SvDialect,
    },
    /// MLIR text: generic form or not, and the dialect of every module (default: each in
    /// the container it was read from).
    Mlir {
        /// Print the generic form.
        generic: bool,
        /// CIRCT or HEIR containers for every module.
        dialect: Option<backends::mlir::Dialect>,
    },
    /// Graphviz.
    Dot,
    /// A Cargo crate with a cycle-accurate simulator (needs a directory).
    RustSim,
    /// A Yosys JSON netlist.
    YosysJson,
    /// The HLS IR of each HLS function after its passes, as text (no netlist is made).
    HlsIr,
}
