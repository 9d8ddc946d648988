//! Command-line options (clap), as SPEC section 1 fixes them.
//!
//! Two shapes: `rmlir-hls INPUT --emit KIND [...]` compiles; `rmlir-hls cosim INPUT [...]`
//! co-simulates. clap's own exit status for bad options is 2; `main` maps every option
//! error to 1 as the SPEC asks.

use clap::{Parser, ValueEnum};
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
}

/// The MLIR dialect `--emit mlir` writes (`--dialect`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum MlirDialect {
    /// `hw.module`s that CIRCT parses (truth tables as arrays, NOT as `comb.xor` with -1).
    Circt,
    /// HEIR's `func.func`s (combinational modules only; truth tables as integers).
    Heir,
}

/// `rmlir-hls INPUT --emit KIND`: compile MLIR to hardware.
#[derive(Debug, Parser)]
#[command(
    name = "rmlir-hls",
    version,
    about = "MLIR (CIRCT hw/comb/seq; affine, scf, memref and linalg functions by high-level synthesis) to SystemVerilog, a Rust simulator and FPGA bitstreams"
)]
#[command(
    after_help = "Co-simulation: rmlir-hls cosim INPUT [--cycles N] [--seed S] [--vcd DIR] [--keep DIR] [--define NAME]\n\
                  FPGA flow: rmlir-hls fpga INPUT -o DIR [--device D] [--board B] [--pcf F] [--freq MHZ] (fpga --help)"
)]
pub struct Args {
    /// Input `.mlir` file, or `-` for standard input.
    pub input: String,
    /// Output kind.
    #[arg(long, value_enum)]
    pub emit: Emit,
    /// Output file (directory for rust-sim); standard output if absent.
    #[arg(short = 'o', long = "output")]
    pub output: Option<PathBuf>,
    /// The top module (default: the last module no other instantiates).
    #[arg(long)]
    pub top: Option<String>,
    /// Optimization level: 0 keeps the netlist as written, 1 folds constants and removes
    /// dead and duplicate logic, 2 adds the e-graph optimizer.
    #[arg(short = 'O', default_value_t = 1, value_parser = clap::value_parser!(u8).range(0..=2))]
    pub opt: u8,
    /// Map combinational logic to K-input `comb.truth_table` cells (2..=6).
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=6))]
    pub lut: Option<u8>,
    /// With `--lut`: what the mapping optimizes first, `depth` (LUT levels, then LUT
    /// count) or `area` (LUT count, depth only breaking ties).
    #[arg(long, value_name = "GOAL", default_value = "depth", value_parser = ["depth", "area"])]
    pub lut_goal: String,
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
    /// Inline every instance into the top module.
    #[arg(long)]
    pub flatten: bool,
    /// Print the netlist (as MLIR) to standard error after the named pass, or `all`.
    #[arg(long, value_name = "PASS")]
    pub print_after: Option<String>,
    /// Print the time each pass takes to standard error.
    #[arg(long)]
    pub time_passes: bool,
    /// Define a Verilog macro for `sv.ifdef` (repeatable): its then-branch is built, an
    /// undefined macro's else-branch.
    #[arg(long = "define", value_name = "NAME")]
    pub define: Vec<String>,
    /// HLS: write the schedule report as JSON to FILE, or as a table with `-`.
    #[arg(long, value_name = "FILE")]
    pub report: Option<String>,
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
            narrow: !self.no_narrow,
        }
    }
}

/// `rmlir-hls cosim INPUT`: run the generated Rust simulator and Verilator side by side.
#[derive(Debug, Parser)]
#[command(name = "rmlir-hls cosim", version, about = "Co-simulate the Rust simulator against Verilator")]
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
    /// The top module.
    #[arg(long)]
    pub top: Option<String>,
    /// Optimization level of the design under test.
    #[arg(short = 'O', default_value_t = 1, value_parser = clap::value_parser!(u8).range(0..=2))]
    pub opt: u8,
    /// Define a Verilog macro for `sv.ifdef` (repeatable): its then-branch is built, an
    /// undefined macro's else-branch.
    #[arg(long = "define", value_name = "NAME")]
    pub define: Vec<String>,
    /// HLS input: co-simulate this netlist (an `hw.module` named like the function, with the
    /// SPEC section 4 ports) against the function instead of the synthesized design.
    #[arg(long, value_name = "FILE")]
    pub design: Option<PathBuf>,
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
#[derive(Debug, Parser)]
#[command(
    name = "rmlir-hls fpga",
    version,
    about = "Compile to an FPGA bitstream (Yosys, nextpnr, icepack) and report utilisation and Fmax"
)]
pub struct FpgaArgs {
    /// Input `.mlir` file, or `-` for standard input.
    pub input: String,
    /// Output folder (replaced only when the run succeeds).
    #[arg(short = 'o', long = "output")]
    pub output: PathBuf,
    /// The top module.
    #[arg(long)]
    pub top: Option<String>,
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
    /// Define a Verilog macro for `sv.ifdef` (repeatable): its then-branch is built, an
    /// undefined macro's else-branch.
    #[arg(long = "define", value_name = "NAME")]
    pub define: Vec<String>,
    /// Optimization level before synthesis (-O2 needs the e-graph optimizer).
    #[arg(short = 'O', default_value_t = 1, value_parser = clap::value_parser!(u8).range(0..=2))]
    pub opt: u8,
    /// With `--synth native`: what the LUT4 mapping optimizes first, `depth` (LUT levels,
    /// for Fmax) or `area` (LUT4 count, depth only breaking ties).
    #[arg(long, value_name = "GOAL", default_value = "depth", value_parser = ["depth", "area"])]
    pub lut_goal: String,
    #[command(flatten)]
    pub hls: HlsFlags,
}
