//! The FPGA end of the flow: the design compiled as for SystemVerilog, then handed with
//! its top's ports to the `fpga` crate (Yosys or the native LUT4 netlist, nextpnr, the
//! packer), which writes the output folder and reports utilisation and Fmax.

use crate::error::{Error, Result};
use crate::optimize::{map_keeping_smaller, pass_manager};
use crate::options::{LutOptions, OptLevel, Options};
use comb::lutmap::LutGoal;
use comb::{Design, Dir};
use mlir_text::SourceFile;
use std::path::PathBuf;

/// Where the pins come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PinSource {
    /// nextpnr places every port (or the board's constraints).
    Free,
    /// A PCF file (replaces the board's).
    Pcf(PathBuf),
    /// Every port bit on its own package pin, in pin order.
    All,
}

/// The FPGA flow's own options (the front's are [`Options`]).
#[derive(Clone, Debug)]
pub struct FpgaOptions {
    /// The output folder (replaced only when the run succeeds).
    pub out_dir: PathBuf,
    /// Device, package and board, as the `fpga` crate names them.
    pub device: Option<String>,
    /// The package.
    pub package: Option<String>,
    /// The board.
    pub board: Option<String>,
    /// The pin constraints.
    pub pins: PinSource,
    /// Requested clock in MHz (default: for HLS input the kernel's clock, else 12 MHz).
    pub freq_mhz: Option<f64>,
    /// The placer's seed.
    pub seed: u64,
    /// Yosys synthesis or the native LUT4 mapping.
    pub synth: fpga::Synth,
    /// What the native LUT4 mapping optimizes first.
    pub lut_goal: LutGoal,
    /// Report missed timing instead of failing.
    pub timing_allow_fail: bool,
    /// A flip-flop on every input and output.
    pub register_io: bool,
    /// Every I/O bit through a shift register on one pin pair.
    pub serial_io: bool,
}

/// The top module's ports as the flow sees them.
pub fn ports(design: &Design) -> Vec<fpga::Port> {
    let m = design.module(design.top_id());
    m.ports
        .iter()
        .map(|p| match p.dir {
            Dir::Input => fpga::Port::input(&p.name, p.width, p.clock),
            _ => fpga::Port::output(&p.name, p.width),
        })
        .collect()
}

/// The clock asked of nextpnr, in MHz: the option, else for HLS input the period the
/// kernel was scheduled for, else 12 MHz (the iCEstick's and iCEBreaker's oscillator).
pub fn requested_mhz(o: &Options, f: &FpgaOptions, src: &SourceFile) -> f64 {
    if let Some(mhz) = f.freq_mhz {
        return mhz;
    }
    let hls_input = mlir_text::parse(src).is_ok_and(|file| hls::first_hls_op(&file).is_some());
    if hls_input {
        1000.0 / o.hls.clock_period
    } else {
        12.0
    }
}

/// Runs the FPGA flow on `src`; any failure leaves the output folder as it was (a failure
/// in a tool's step leaves its evidence in `DIR.failed`, see `fpga::run`).
pub fn run(o: &Options, f: &FpgaOptions, src: &SourceFile) -> Result<fpga::report::Report> {
    let freq_mhz = requested_mhz(o, f, src);
    let o = &Options { hls: hls::Options { dsp: target_dsp(f), ..o.hls.clone() }, ..o.clone() };
    let built = crate::build::build(src, o)?;
    let mut design = crate::optimize::optimize(o, built.design)?;
    let top_name = design.module(design.top_id()).name.clone();
    let scheduled = built.report.as_ref().map(|r| scheduled(o, r, &top_name));
    if let Some(x) = design.extern_in_use() {
        return Err(Error::user(Design::extern_model_error(x, "the FPGA flow")));
    }
    // The native path never reads SystemVerilog: register_io wraps its netlist instead (and
    // the design whose SystemVerilog the folder keeps, so both say the same).
    let native_regio = f.register_io && f.synth == fpga::Synth::Native;
    if native_regio {
        fpga::native::regio::register_io(&mut design).map_err(Error::user)?;
    }
    if f.serial_io {
        fpga::serial::serial_io(&mut design).map_err(Error::user)?;
    }
    let pins = match &f.pins {
        PinSource::Pcf(p) => {
            let text = std::fs::read_to_string(p)
                .map_err(|e| Error::user(format!("cannot read '{}': {e}", p.display())))?;
            fpga::Pins::Pcf(p.display().to_string(), text)
        }
        PinSource::All => fpga::Pins::All,
        PinSource::Free => fpga::Pins::Free,
    };
    let sv = backends::verilog::emit(&design);
    // The names the SystemVerilog gives the top and its ports (a port `reg` becomes `reg_0`),
    // as Yosys and nextpnr see them: an escaped identifier `\a[0] ` is the name `a[0]`. The
    // PCF and the routed design use them.
    let mut ports = ports(&design);
    let names = backends::verilog::sv_names(&design);
    let top_index = design.top_id().index();
    let unescape = |n: &str| backends::verilog::names::unescape(n).to_string();
    let top = unescape(&names.modules[top_index]);
    for (p, n) in ports.iter_mut().zip(&names.ports[top_index]) {
        p.name = unescape(n);
    }
    let native = match f.synth {
        fpga::Synth::Yosys => None,
        fpga::Synth::Native => {
            let names: Vec<String> = ports.iter().map(|p| p.name.clone()).collect();
            let (mut mapped, (carries, rams)) = native_design(o, f, src)?;
            if native_regio {
                fpga::native::regio::register_io(&mut mapped).map_err(Error::user)?;
            }
            if f.serial_io {
                // The same wrapper as the SystemVerilog's, flattened into one module.
                fpga::serial::serial_io(&mut mapped).map_err(Error::user)?;
                comb::passes::flatten_design(&mut mapped);
            }
            Some(fpga::native::netlist(&mapped, &top, &names, &carries, &rams).map_err(Error::user)?)
        }
    };
    let req = fpga::Request {
        top,
        sv,
        ports,
        device: f.device.clone(),
        package: f.package.clone(),
        board: f.board.clone(),
        pins,
        freq_mhz,
        seed: f.seed,
        synth: f.synth,
        timing_allow_fail: f.timing_allow_fail,
        register_io: f.register_io && !native_regio,
        out_dir: f.out_dir.clone(),
        native,
        scheduled,
    };
    fpga::run(&req, &fpga::progress::Progress::stderr()).map_err(Error::from_fpga)
}

/// The DSP blocks HLS may give float significand products on the target device: the
/// device's (16 x 16 `SB_MAC16` on the iCE40 up5k, 18 x 18 on the ECP5) on the Yosys path,
/// whose synthesis maps a multiplier cell onto them; none on devices without DSPs and on
/// the native path (its multipliers become carry-chain adder trees, so a LUT compressor
/// tree is smaller). The device as `fpga::run` resolves it: `--device`, else the board's,
/// else the hx8k; a name it refuses gives None here and its error there.
pub fn target_dsp(f: &FpgaOptions) -> Option<hls::Dsp> {
    if f.synth != fpga::Synth::Yosys {
        return None;
    }
    let name = match (&f.device, &f.board) {
        (Some(d), _) => d.clone(),
        (None, Some(b)) => fpga::board::board(b).ok()?.device.to_string(),
        (None, None) => "hx8k".to_string(),
    };
    let d = fpga::device::device(&name).ok()?;
    let width = match d.arch {
        fpga::device::Arch::Ice40 => 16,
        _ => 18,
    };
    (d.dsps > 0).then(|| hls::Dsp { blocks: u32::try_from(d.dsps).unwrap_or(u32::MAX), width })
}

/// What the HLS report promised: the clock scheduled for, the estimated Fmax (the slowest
/// function's: every function is in the design) and the latency of the top's function
/// (named `top`; else the report's last).
fn scheduled(o: &Options, r: &hls::report::Report, top: &str) -> fpga::report::Scheduled {
    let est = r.functions.iter().map(|f| f.estimated_fmax()).reduce(f64::min);
    let top_fn = r.functions.iter().find(|f| f.name == top).or(r.functions.last());
    fpga::report::Scheduled {
        clock_mhz: 1000.0 / o.hls.clock_period,
        estimated_fmax_mhz: est.unwrap_or(1000.0 / o.hls.clock_period),
        latency_cycles: top_fn.and_then(|f| f.latency),
    }
}

/// What the native path takes out of the netlist before mapping.
type Extracted = (fpga::native::carry::Carries, fpga::native::ram::Rams);

/// The design as the native path maps it: the pipeline of `-O2 --lut 4 --flatten` (with
/// the LUT goal), except that the adders, subtracters and comparators that get carry
/// chains are taken out before mapping ([`fpga::native::carry::extract`]; multiplications
/// first become adder trees, [`fpga::native::mul::expand`]), and the memories become
/// block-RAM banks ([`fpga::native::ram::extract`]). As under `-O2 --lut K`, the -O1
/// netlist is mapped too and the mapping with fewer LUTs kept; both start from the same
/// flattened netlist, read once.
fn native_design(o: &Options, f: &FpgaOptions, src: &SourceFile) -> Result<(Design, Extracted)> {
    let load = Options { flatten: true, opt: OptLevel::O0, lut: None, ..o.clone() };
    let base = crate::load(&load, src)?;
    let pm = pass_manager(&Options::default());
    let lut = LutOptions { k: 4, goal: f.lut_goal, exact_budget: 0 };
    let prepare = |d: &mut Design| {
        let rams = fpga::native::ram::extract(d);
        fpga::native::mul::expand(d);
        (fpga::native::carry::extract(d), rams)
    };
    let (design, taken, _) = map_keeping_smaller(&pm, base, (OptLevel::O2, false), lut, prepare)?;
    Ok((design, taken))
}
