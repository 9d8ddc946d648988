//! The FPGA flow: SystemVerilog of one top module to a bitstream, with its utilisation and
//! Fmax, through open tools run as steps with files in and out (edalize style).
//!
//! [`run()`] checks the request first (device, package, PCF against the ports and pins, I/O
//! count) so a bad request fails before any tool runs; then finds every tool; then runs
//! [`flow`]'s steps (synthesis, place and route, packing) in a temporary folder beside the
//! output folder, reads the figures from the tools' JSON ([`report`]) and only then renames
//! the folder into place: a failed run leaves nothing behind and an existing output folder
//! is replaced only on success. [`device`] and [`board`] describe the targets, [`pcf`] the
//! pin constraints, [`tools`] where programs are found, [`wrap`] the `--register-io`
//! wrapper. (The calibrated iCE40 operator delays live with their user, the HLS scheduler:
//! `hls/data/ice40-delays.tsv`.)
#![warn(missing_docs)]

pub mod board;
pub mod device;
pub mod flow;
pub mod native;
pub mod pcf;
pub mod progress;
pub mod report;
pub mod serial;
pub mod tools;
pub mod wrap;

mod run;
pub use run::run;

use std::fmt;
use std::path::PathBuf;

/// Why a run failed. Each is phrased for the user; the binary exits 1 on any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// The request itself is wrong (device, board, package, PCF, I/O count, options).
    Request(String),
    /// A program the flow needs is not installed.
    ToolMissing(String),
    /// A tool failed.
    ToolFailed {
        /// The step (`synth`, `pnr`, `pack`).
        step: &'static str,
        /// The program.
        tool: &'static str,
        /// What went wrong (exit status, missing output).
        why: String,
        /// The error lines of its log.
        log_excerpt: String,
    },
    /// The design needs more of a resource than the device has.
    DoesNotFit(String),
    /// A clock misses its requested frequency.
    Timing(String),
    /// Reading or writing files failed.
    Io(String),
}

impl Error {
    /// The same error with `note` added to its message (on a line of its own).
    pub fn with_note(self, note: &str) -> Error {
        let add = |m: String| format!("{m}\n({note})");
        match self {
            Error::Request(m) => Error::Request(add(m)),
            Error::ToolMissing(m) => Error::ToolMissing(add(m)),
            Error::DoesNotFit(m) => Error::DoesNotFit(add(m)),
            Error::Timing(m) => Error::Timing(add(m)),
            Error::Io(m) => Error::Io(add(m)),
            Error::ToolFailed { step, tool, why, log_excerpt } => {
                Error::ToolFailed { step, tool, why: add(why), log_excerpt }
            }
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Request(m)
            | Error::ToolMissing(m)
            | Error::DoesNotFit(m)
            | Error::Timing(m)
            | Error::Io(m) => f.write_str(m),
            Error::ToolFailed { step, tool, why, log_excerpt } => {
                write!(f, "{step} step failed: {tool}: {why}")?;
                if !log_excerpt.is_empty() {
                    write!(f, "\n{log_excerpt}")?;
                }
                Ok(())
            }
        }
    }
}

/// Port direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    /// An input.
    Input,
    /// An output.
    Output,
}

/// A port of the top module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Port {
    /// Its name in the SystemVerilog.
    pub name: String,
    /// Its width in bits.
    pub width: u32,
    /// Its direction.
    pub dir: Dir,
    /// Whether it is a clock.
    pub clock: bool,
}

impl Port {
    /// An input port.
    pub fn input(name: &str, width: u32, clock: bool) -> Port {
        Port { name: name.into(), width, dir: Dir::Input, clock }
    }

    /// An output port.
    pub fn output(name: &str, width: u32) -> Port {
        Port { name: name.into(), width, dir: Dir::Output, clock: false }
    }
}

/// The two synthesis paths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Synth {
    /// Yosys's `synth_ice40` / `synth_ecp5` on the emitted SystemVerilog.
    Yosys,
    /// The tool's own `-O2 --lut 4` mapping written as a nextpnr-ready netlist
    /// ([`native`]); the request carries it in [`Request::native`].
    Native,
}

impl Synth {
    /// The name on the command line and in report.json.
    pub fn name(self) -> &'static str {
        match self {
            Synth::Yosys => "yosys",
            Synth::Native => "native",
        }
    }
}

/// Where the pin constraints come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pins {
    /// None: nextpnr places every port.
    Free,
    /// A PCF file: (name for messages, text).
    Pcf(String, String),
    /// Every port bit on its own package pin, in pin order (so `icebox_vlog -p` gives the
    /// routed design back with its port names).
    All,
}

/// One run of the flow.
#[derive(Clone, Debug)]
pub struct Request {
    /// The top module's name.
    pub top: String,
    /// The SystemVerilog of the design.
    pub sv: String,
    /// The top's ports.
    pub ports: Vec<Port>,
    /// Device name (`hx8k`); `None` with no board: hx8k.
    pub device: Option<String>,
    /// Package; `None`: the board's or the device's default.
    pub package: Option<String>,
    /// Board name (`icestick`): device, package and PCF.
    pub board: Option<String>,
    /// Pin constraints (a given PCF replaces the board's).
    pub pins: Pins,
    /// Requested clock frequency in MHz.
    pub freq_mhz: f64,
    /// The placer's seed.
    pub seed: u64,
    /// The synthesis path.
    pub synth: Synth,
    /// Missed timing is reported, not an error.
    pub timing_allow_fail: bool,
    /// Put a flip-flop on every input and output ([`wrap::register_io`]).
    pub register_io: bool,
    /// The output folder.
    pub out_dir: PathBuf,
    /// HLS input: the schedule's clock, estimated Fmax and cycles, reported beside the
    /// achieved Fmax.
    pub scheduled: Option<report::Scheduled>,
    /// With [`Synth::Native`]: the netlist [`native::netlist`] wrote (synthesis is then
    /// writing it, no tool runs).
    pub native: Option<native::Netlist>,
}
