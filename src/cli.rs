//! Command-line options (clap), as the guide's command-line reference documents them.
//!
//! Three commands: `rmlir-hls INPUT --emit KIND [...]` compiles (no subcommand),
//! `rmlir-hls cosim INPUT [...]` co-simulates, `rmlir-hls fpga INPUT -o DIR [...]` runs the
//! FPGA flow. The flags they share come in flattened groups ([`DesignArgs`], [`HlsFlags`],
//! [`LutGoalArg`]); every enumerated flag is a `ValueEnum` (except `--device`, `--package`
//! and `--board`, whose names and messages belong to the `fpga` crate's tables). Each
//! command turns its flags into the flow's plain options (`flow::Options`). clap's own
//! exit status for bad options is 2; `main` maps every option error to 1 as the SPEC asks.

use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// What to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Emit {
    /// Synthesizable SystemVerilog.
    #[value(alias = "sv")]
    Verilog,
    /// The design after lowering and optimization, as MLIR (custom syntax; `--generic`).
    Mlir,
    /// The netlist as Graphviz.
    Dot,
    /// A self-contained Cargo crate with a cycle-accurate simulator (needs `-o DIR`).
    RustSim,
    /// A Yosys JSON netlist.
    YosysJson,
    /// HLS input: the HLS IR of each function after its passes, as text (no netlist).
    HlsIr,
}

/// The MLIR dialect `--emit mlir` writes (`--dialect`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum MlirDialect {
    /// `hw.module`s that CIRCT parses (truth tables as arrays, NOT as `comb.xor` with -1).
    Circt,
    /// HEIR's `func.func`s (combinational modules only; truth tables as integers).
    Heir,
}

impl MlirDialect {
    /// The backend's dialect.
    pub fn to_backend(self) -> backends::mlir::Dialect {
        match self {
            MlirDialect::Circt => backends::mlir::Dialect::Circt,
            MlirDialect::Heir => backends::mlir::Dialect::Heir,
        }
    }
}

/// The language `--emit verilog` writes (`--sv-dialect`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum SvDialectArg {
    /// SystemVerilog (IEEE 1800-2017).
    #[default]
    Sv,
    /// Verilog-2005 (IEEE 1364-2005): `reg`, `always @(posedge ...)`, no assertions.
    #[value(name = "2005")]
    V2005,
}

impl SvDialectArg {
    /// The backend's dialect.
    pub fn to_backend(self) -> backends::verilog::SvDialect {
        match self {
            SvDialectArg::Sv => backends::verilog::SvDialect::Sv2017,
            SvDialectArg::V2005 => backends::verilog::SvDialect::Verilog2005,
        }
    }
}

/// What the LUT mapping optimizes first (the values carry no doc comment, so that `--help`
/// lists them on one line).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
#[allow(missing_docs)]
pub enum LutGoal {
    Depth,
    Area,
}

impl LutGoal {
    /// The mapper's goal.
    pub fn to_mapper(self) -> comb::lutmap::LutGoal {
        match self {
            LutGoal::Depth => comb::lutmap::LutGoal::Depth,
            LutGoal::Area => comb::lutmap::LutGoal::Area,
        }
    }
}

/// `rmlir-hls`: the compile command, or a subcommand.
#[derive(Debug, Parser)]
#[command(
    name = "rmlir-hls",
    version,
    about = "MLIR (CIRCT hw/comb/seq; affine, scf, memref and linalg functions by high-level synthesis) to SystemVerilog, a Rust simulator and FPGA bitstreams",
    subcommand_negates_reqs = true,
    args_conflicts_with_subcommands = true
)]
#[command(
    after_help = "Co-simulation: rmlir-hls cosim INPUT [--cycles N] [--seed S] [--vcd DIR] [--keep DIR] [--define NAME]\n\
                  FPGA flow: rmlir-hls fpga INPUT -o DIR [--device D] [--board B] [--pcf F] [--freq MHZ] (fpga --help)"
)]
pub struct Cli {
    /// A subcommand; none compiles.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The compile command's flags.
    #[command(flatten)]
    pub compile: Args,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Co-simulate the Rust simulator against Verilator.
    #[command(hide = true, display_name = "rmlir-hls cosim")]
    Cosim(CosimArgs),
    /// Compile to an FPGA bitstream (Yosys, nextpnr, icepack) and report utilisation and Fmax.
    #[command(hide = true, display_name = "rmlir-hls fpga")]
    Fpga(FpgaArgs),
    /// Run a design-space sweep described by a TOML spec, locally or on Slurm.
    #[command(hide = true, display_name = "rmlir-hls sweep")]
    Sweep(SweepArgs),
}

/// Where `rmlir-hls sweep` runs its points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SweepExecutor {
    /// A pool of worker processes on this machine.
    Local,
    /// A Slurm job array (sbatch), followed with squeue and sacct.
    Slurm,
}

/// `rmlir-hls sweep SPEC.toml -o DIR`: a design-space sweep.
#[derive(Debug, clap::Args)]
#[command(
    name = "sweep",
    version,
    about = "Run a design-space sweep described by a TOML spec, locally or on Slurm"
)]
pub struct SweepArgs {
    /// The sweep spec (TOML).
    pub spec: PathBuf,
    /// The sweep folder (points, results.jsonl, summary).
    #[arg(short = 'o', long = "output")]
    pub output: PathBuf,
    /// Print the points and stop.
    #[arg(long)]
    pub dry_run: bool,
    /// Local workers [default: the cores].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub jobs: Option<u32>,
    /// Finish an earlier sweep into DIR: skip its finished points.
    #[arg(long)]
    pub resume: bool,
    /// Where the points run.
    #[arg(long, value_enum, default_value_t = SweepExecutor::Local)]
    pub executor: SweepExecutor,
    /// Run only point I (what each worker and Slurm task runs).
    #[arg(long, value_name = "I")]
    pub point: Option<usize>,
    /// Slurm: partition (over the spec's).
    #[arg(long)]
    pub partition: Option<String>,
    /// Slurm: time limit per task (over the spec's).
    #[arg(long)]
    pub time: Option<String>,
    /// Slurm: memory per task (over the spec's).
    #[arg(long)]
    pub mem: Option<String>,
    /// Slurm: at most K tasks at once (`--array=...%K`).
    #[arg(long, value_name = "K")]
    pub max_parallel: Option<u32>,
    /// Slurm: one more `#SBATCH` line (repeatable).
    #[arg(long = "sbatch", value_name = "LINE")]
    pub sbatch: Vec<String>,
}

/// Top module, optimization level and macros: every command's.
#[derive(Clone, Debug, clap::Args)]
pub struct DesignArgs {
    /// The top module (default: the last module no other instantiates).
    #[arg(long)]
    pub top: Option<String>,
    /// Optimization level: 0 keeps the netlist as written, 1 folds constants and removes
    /// dead and duplicate logic, 2 adds the e-graph optimizer.
    #[arg(short = 'O', default_value_t = 1, value_parser = clap::value_parser!(u8).range(0..=2))]
    pub opt: u8,
    /// Define a Verilog macro for `sv.ifdef` (repeatable): its then-branch is built, an
    /// undefined macro's else-branch.
    #[arg(long = "define", value_name = "NAME")]
    pub define: Vec<String>,
}

impl DesignArgs {
    /// The flow's optimization level.
    pub fn level(&self) -> flow::OptLevel {
        match self.opt {
            0 => flow::OptLevel::O0,
            1 => flow::OptLevel::O1,
            _ => flow::OptLevel::O2,
        }
    }

    /// The flow's options these flags and the HLS flags set (nothing printed, no LUTs).
    pub fn options(&self, hls: &HlsFlags) -> flow::Options {
        flow::Options {
            top: self.top.clone(),
            opt: self.level(),
            defines: self.define.clone(),
            hls: hls.options(),
            hls_only_given: hls.given().into_iter().map(String::from).collect(),
            ..flow::Options::default()
        }
    }
}

/// `--lut-goal`: the compile command's (with `--lut`) and `fpga --synth native`'s.
#[derive(Clone, Debug, clap::Args)]
pub struct LutGoalArg {
    /// With `--lut` (or `fpga --synth native`): what the LUT mapping optimizes first,
    /// `depth` (LUT levels, then LUT count, for Fmax) or `area` (LUT count, depth only
    /// breaking ties).
    #[arg(long, value_name = "GOAL", value_enum, default_value_t = LutGoal::Depth)]
    pub lut_goal: LutGoal,
}

/// `rmlir-hls INPUT --emit KIND`: compile MLIR to hardware.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Input `.mlir` file, or `-` for standard input.
    #[arg(required = true)]
    pub input: Option<String>,
    /// Output kind.
    #[arg(long, value_enum, required = true)]
    pub emit: Option<Emit>,
    /// Output file (directory for rust-sim); standard output if absent.
    #[arg(short = 'o', long = "output")]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub design: DesignArgs,
    /// Map combinational logic to K-input `comb.truth_table` cells (2..=6).
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=6))]
    pub lut: Option<u8>,
    #[command(flatten)]
    pub lut_goal: LutGoalArg,
    /// With `--lut K --lut-goal area`: exact (SAT-based) resynthesis of small LUT windows
    /// with a budget of N solver conflicts per module; 0 (the default) is off. 60000 is a
    /// good value; it can multiply the mapping's time.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub lut_exact_budget: u64,
    /// Print cell counts by kind, LUT count and LUT depth per module on standard error.
    #[arg(long)]
    pub stats: bool,
    /// With `--emit mlir`: print the generic form.
    #[arg(long)]
    pub generic: bool,
    /// With `--emit mlir`: write every module for CIRCT or for HEIR (default: each in the
    /// container it was read from).
    #[arg(long, value_enum)]
    pub dialect: Option<MlirDialect>,
    /// With `--emit verilog`: the language written, SystemVerilog or Verilog-2005.
    #[arg(long, value_enum, value_name = "DIALECT", default_value = "sv")]
    pub sv_dialect: SvDialectArg,
    /// With `--emit verilog` or `--emit mlir`: write parametric modules with their
    /// parameters (`module m #(parameter int W = 8)`) instead of one module per assignment.
    #[arg(long)]
    pub keep_params: bool,
    /// Inline every instance into the top module.
    #[arg(long)]
    pub flatten: bool,
    /// Print the netlist (as MLIR), or for an HLS IR pass the HLS IR, to standard error
    /// after the named pass, or `all`.
    #[arg(long, value_name = "PASS")]
    pub print_after: Option<String>,
    /// Run exactly these passes, in order: HLS IR passes on HLS functions (instead of the
    /// HLS pipeline), netlist passes on the netlist (instead of the -O pipeline); an
    /// unknown name lists the passes.
    #[arg(short = 'p', long, value_name = "PASS,...", value_delimiter = ',')]
    pub passes: Option<Vec<String>>,
    /// Print the time each pass takes to standard error.
    #[arg(long)]
    pub time_passes: bool,
    /// HLS: write the schedule report as JSON to FILE, or as a table with `-`.
    #[arg(long, value_name = "FILE")]
    pub report: Option<String>,
    /// HLS: write the schedule pictures (a Gantt chart per block and pipelined loop, the
    /// FSM as Graphviz) as one self-contained HTML page to FILE.
    #[arg(long, value_name = "FILE")]
    pub report_html: Option<PathBuf>,
    #[command(flatten)]
    pub hls: HlsFlags,
}

/// The HLS synthesis options, the same for the main command, `cosim` and `fpga`.
#[derive(Clone, Debug, clap::Args)]
pub struct HlsFlags {
    /// HLS: target clock period in ns; bounds what chains in one cycle [default: 10].
    #[arg(long, value_name = "NS")]
    pub clock_period: Option<f64>,
    /// HLS: at most N multipliers busy in any cycle (N >= 1).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_mul: Option<u32>,
    /// HLS: at most N dividers busy in any cycle (N >= 1).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_div: Option<u32>,
    /// HLS: at most N float units of each kind and format (fadd f32, fmul f16, ...) busy in
    /// any cycle, shared by the float ops (N >= 1); by default each float op has its own.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_float: Option<u32>,
    /// HLS: pipeline every eligible innermost loop (modulo scheduling), not only those
    /// marked `hls.pipeline`.
    #[arg(long)]
    pub pipeline: bool,
    /// HLS: at most N copies of a loop body made by automatic unrolling of short inner
    /// loops under a pipelined loop (N >= 1; explicit `hls.unroll` is not capped) [default: 4].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_unroll: Option<u32>,
    /// HLS: keep every op, multiplier and register at its type's width (bit-width narrowing
    /// from value ranges is on by default; this flag is for comparing).
    #[arg(long)]
    pub no_narrow: bool,
}

impl HlsFlags {
    /// The HLS flags given on the command line (to warn when the input has no HLS function).
    pub fn given(&self) -> Vec<&'static str> {
        let mut v = Vec::new();
        if self.clock_period.is_some() {
            v.push("--clock-period");
        }
        if self.max_mul.is_some() {
            v.push("--max-mul");
        }
        if self.max_div.is_some() {
            v.push("--max-div");
        }
        if self.max_float.is_some() {
            v.push("--max-float");
        }
        if self.pipeline {
            v.push("--pipeline");
        }
        if self.max_unroll.is_some() {
            v.push("--max-unroll");
        }
        if self.no_narrow {
            v.push("--no-narrow");
        }
        v
    }

    /// The synthesis options these flags set.
    pub fn options(&self) -> hls::Options {
        hls::Options {
            clock_period: self.clock_period.unwrap_or(hls::Options::default().clock_period),
            max_mul: self.max_mul,
            max_div: self.max_div,
            max_float: self.max_float,
            pipeline: self.pipeline,
            max_unroll: self.max_unroll.unwrap_or(hls::DEFAULT_MAX_UNROLL),
            narrow: !self.no_narrow,
            pictures: false,
            dsp: None,
        }
    }
}

/// `rmlir-hls cosim INPUT`: run the generated Rust simulator and Verilator side by side.
#[derive(Debug, clap::Args)]
#[command(name = "cosim", version, about = "Co-simulate the Rust simulator against Verilator")]
pub struct CosimArgs {
    /// Input `.mlir` file, or `-` for standard input.
    pub input: String,
    /// Number of clock cycles.
    #[arg(long, default_value_t = 1000)]
    pub cycles: u64,
    /// Seed of the random stimulus.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write a VCD from each side into this directory.
    #[arg(long)]
    pub vcd: Option<PathBuf>,
    /// Keep the build directories here instead of a temporary folder.
    #[arg(long)]
    pub keep: Option<PathBuf>,
    #[command(flatten)]
    pub design: DesignArgs,
    /// HLS input: co-simulate this netlist (an `hw.module` named like the function, with the
    /// ports of the HLS interface) against the function instead of the synthesized design.
    #[arg(long = "design", value_name = "FILE")]
    pub design_file: Option<PathBuf>,
    /// HLS input: run on these scalar arguments and memory contents (JSON, see the guide)
    /// instead of random ones, and print the results and final memories.
    #[arg(long, value_name = "FILE")]
    pub data: Option<PathBuf>,
    /// HLS input: write the results and final memories as JSON to FILE.
    #[arg(long, value_name = "FILE")]
    pub dump: Option<PathBuf>,
    #[command(flatten)]
    pub hls: HlsFlags,
}

impl CosimArgs {
    /// `--keep DIR` made absolute: the runner is built and run from inside it, so a
    /// relative path would name the wrong place.
    pub fn keep_dir(&self) -> Option<PathBuf> {
        self.keep.as_ref().map(|p| std::path::absolute(p).unwrap_or_else(|_| p.clone()))
    }
}

/// The synthesis path of `rmlir-hls fpga`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SynthPath {
    /// Yosys `synth_ice40` / `synth_ecp5` on the emitted SystemVerilog.
    Yosys,
    /// The tool's own `--lut 4` mapping written as a nextpnr netlist (needs the LUT mapper).
    Native,
}

/// `rmlir-hls fpga INPUT -o DIR`: synthesis, place and route and a bitstream.
#[derive(Debug, clap::Args)]
#[command(
    name = "fpga",
    version,
    about = "Compile to an FPGA bitstream (Yosys, nextpnr, icepack) and report utilisation and Fmax"
)]
pub struct FpgaArgs {
    /// Input `.mlir` file, or `-` for standard input.
    pub input: String,
    /// Output folder (replaced only when the run succeeds).
    #[arg(short = 'o', long = "output")]
    pub output: PathBuf,
    #[command(flatten)]
    pub design: DesignArgs,
    /// Device: lp384, lp1k, hx1k, lp4k, hx4k, lp8k, hx8k, up5k (iCE40); 25k, 45k, 85k (ECP5).
    /// Default: the board's, else hx8k.
    #[arg(long)]
    pub device: Option<String>,
    /// Package (default: the board's, else the device's usual one).
    #[arg(long)]
    pub package: Option<String>,
    /// Board: icestick or icebreaker (sets device, package and pin constraints).
    #[arg(long)]
    pub board: Option<String>,
    /// Pin constraint file (replaces the board's).
    #[arg(long, conflicts_with = "pin_all")]
    pub pcf: Option<PathBuf>,
    /// Pin every port bit to its own package pin, in pin order (written as TOP.pcf).
    #[arg(long)]
    pub pin_all: bool,
    /// Requested clock frequency in MHz. Default: for HLS input the kernel's own clock
    /// (1000 / `--clock-period`, 100 MHz at the default 10 ns), otherwise 12 MHz (the
    /// iCEstick's and iCEBreaker's oscillator).
    #[arg(long)]
    pub freq: Option<f64>,
    /// The placer's seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Synthesis path.
    #[arg(long, value_enum, default_value_t = SynthPath::Yosys)]
    pub synth: SynthPath,
    /// Report missed timing instead of failing.
    #[arg(long)]
    pub timing_allow_fail: bool,
    /// Put a flip-flop on every input and output (top `TOP_regio`), so that every path is
    /// register to register and Fmax means something for combinational designs.
    #[arg(long)]
    pub register_io: bool,
    /// For designs with more I/O bits than pins: a new top `TOP_serial(clk, sin, sout)` feeds
    /// every input bit from a shift register on `sin` and puts every output bit through a
    /// flip-flop, their parity (registered) on `sout`.
    #[arg(long, conflicts_with = "register_io")]
    pub serial_io: bool,
    #[command(flatten)]
    pub lut_goal: LutGoalArg,
    #[command(flatten)]
    pub hls: HlsFlags,
}
