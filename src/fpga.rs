//! `rmlir-hls fpga`: compile the input as for `--emit verilog`, then hand the SystemVerilog
//! and the top's ports to the `fpga` crate's flow and print its table.

use crate::cli::{FpgaArgs, SynthPath};
use crate::driver::{load_design, read_source, Failure};
use comb::{Design, Dir};

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

/// Runs the flow the options describe; any failure exits 1 and leaves no output folder.
pub fn run(args: &FpgaArgs) -> Result<(), Failure> {
    let src = read_source(&args.input)?;
    let design = load_design(&src, args.top.as_deref(), args.opt, false, None)?;
    let pins = match (&args.pcf, args.pin_all) {
        (Some(p), _) => {
            let text = std::fs::read_to_string(p)
                .map_err(|e| Failure::Message(format!("cannot read '{}': {e}", p.display())))?;
            fpga::Pins::Pcf(p.display().to_string(), text)
        }
        (None, true) => fpga::Pins::All,
        (None, false) => fpga::Pins::Free,
    };
    let req = fpga::Request {
        top: design.module(design.top_id()).name.clone(),
        sv: backends::verilog::emit(&design),
        ports: ports(&design),
        device: args.device.clone(),
        package: args.package.clone(),
        board: args.board.clone(),
        pins,
        freq_mhz: args.freq,
        seed: args.seed,
        synth: match args.synth {
            SynthPath::Yosys => fpga::Synth::Yosys,
            SynthPath::Native => fpga::Synth::Native,
        },
        timing_allow_fail: args.timing_allow_fail,
        out_dir: args.output.clone(),
    };
    let report =
        fpga::run(&req, &fpga::progress::Progress::stderr()).map_err(|e| Failure::Message(e.to_string()))?;
    print!("{}", report.table());
    println!("wrote {}/{}", args.output.display(), report.files["bitstream"]);
    Ok(())
}
