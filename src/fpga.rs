//! `rmlir-hls fpga`: the flags turned into the flow's options, `flow::Flow::fpga` (compile
//! as for `--emit verilog`, then the `fpga` crate's flow), and its table printed.

use crate::cli::{FpgaArgs, SynthPath};
use flow::fpga::{FpgaOptions, PinSource};
use flow::{Error, Flow, Input};

/// Runs the flow the options describe; any failure leaves DIR as it was (a failure in a
/// tool's step leaves its evidence in `DIR.failed`, see `fpga::run`).
pub fn run(args: &FpgaArgs) -> Result<(), Error> {
    let f = FpgaOptions {
        out_dir: args.output.clone(),
        device: args.device.clone(),
        package: args.package.clone(),
        board: args.board.clone(),
        pins: match (&args.pcf, args.pin_all) {
            (Some(p), _) => PinSource::Pcf(p.clone()),
            (None, true) => PinSource::All,
            (None, false) => PinSource::Free,
        },
        freq_mhz: args.freq,
        seed: args.seed,
        synth: match args.synth {
            SynthPath::Yosys => fpga::Synth::Yosys,
            SynthPath::Native => fpga::Synth::Native,
        },
        lut_goal: args.lut_goal.lut_goal.to_mapper(),
        timing_allow_fail: args.timing_allow_fail,
        register_io: args.register_io,
        serial_io: args.serial_io,
    };
    let flow = Flow::new(args.design.options(&args.hls));
    let report = flow.fpga(&Input::from_arg(&args.input), &f)?;
    flow::stdio::out(&format!(
        "{}wrote {}/{}\n",
        report.table(),
        args.output.display(),
        report.files["bitstream"]
    ))?;
    Ok(())
}
