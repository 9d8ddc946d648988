//! `rmlir-hls cosim`: the generated Rust simulator, Verilator on the emitted
//! SystemVerilog, and the in-process evaluator, driven by the same seeded stimulus and
//! compared on every output every cycle.
//!
//! A test-only hook plants a wrong result: `RMLIR_COSIM_FAULT=rust:CYCLE:PORT` (or
//! `verilator:...`) flips bit 0 of that output at that cycle on that side, so the tests can
//! check that a mismatch is caught and reported at the right cycle and port.

use crate::cli::CosimArgs;
use comb::Bits;
use cosim::{cosim_with_reference, evaluate, CosimOptions, Fault, Side};
use flow::{Error, Flow, Input};

fn fault_from_env() -> Result<Option<Fault>, Error> {
    let Ok(spec) = std::env::var("RMLIR_COSIM_FAULT") else { return Ok(None) };
    let bad = || Error::user(format!("RMLIR_COSIM_FAULT='{spec}' is not SIDE:CYCLE:PORT"));
    let mut parts = spec.splitn(3, ':');
    let side = match parts.next() {
        Some("rust") => Side::Rust,
        Some("verilator") => Side::Verilator,
        _ => return Err(bad()),
    };
    let cycle = parts.next().and_then(|c| c.parse().ok()).ok_or_else(bad)?;
    let port = parts.next().ok_or_else(bad)?.to_string();
    Ok(Some(Fault { side, cycle, port }))
}

/// Runs the co-simulation the options describe; a mismatch is a failure (exit 1).
pub fn run(args: &CosimArgs) -> Result<(), Error> {
    let src = flow::read_source(&Input::from_arg(&args.input))?;
    if let Ok(file) = mlir_text::parse(&src) {
        if crate::cosim_hls::is_hls(&file) {
            return crate::cosim_hls::run(args, &src, &file);
        }
    }
    if args.data.is_some() || args.dump.is_some() {
        return Err(Error::user("--data and --dump apply to HLS input (a function to synthesize) only"));
    }
    let design = Flow::new(args.design.options(&args.hls)).load(&src)?;
    for w in backends::verbatim::ignored_warnings(&design, "cosim (Rust simulator and evaluator)") {
        flow::stdio::err(&format!("{w}\n"));
    }
    let sv = backends::verilog::emit(&design);
    let opts = CosimOptions {
        cycles: args.cycles as usize,
        seed: args.seed,
        vcd_dir: args.vcd.clone(),
        keep_dir: args.keep_dir(),
        reset_cycles: 2,
        fault: fault_from_env()?,
    };
    let reference = |stim: &[Vec<Bits>]| evaluate(&design, stim);
    let report = cosim_with_reference(&design, &sv, &opts, Some(&reference)).map_err(Error::user)?;
    if report.passed() {
        let mut text = format!("{report}\n");
        if let Some(v) = &args.vcd {
            text += &format!("waveforms: {0}/rust.vcd, {0}/verilator.vcd\n", v.display());
        }
        flow::stdio::out(&text)
    } else {
        Err(Error::user(report.to_string()))
    }
}
