//! `rmlir-hls fpga`: compile the input as for `--emit verilog`, then hand the SystemVerilog
//! and the top's ports to the `fpga` crate's flow and print its table.

use crate::cli::{FpgaArgs, SynthPath};
use crate::driver::{load_design_defined, read_source, Failure, LoadOptions};
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

/// The clock the flow asks nextpnr for, in MHz: `--freq`, else for HLS input the period
/// the kernel was scheduled for (`--clock-period`), else 12 MHz.
pub fn requested_mhz(args: &FpgaArgs, src: &mlir_text::SourceFile) -> f64 {
    if let Some(f) = args.freq {
        return f;
    }
    let hls_input = mlir_text::parse(src).is_ok_and(|f| crate::cosim_hls::is_hls(&f));
    if hls_input {
        1000.0 / args.hls.options().clock_period
    } else {
        12.0
    }
}

/// Runs the flow the options describe; any failure exits 1 and leaves DIR as it was (a
/// failure in a tool's step leaves its evidence in `DIR.failed`, see `fpga::run`).
pub fn run(args: &FpgaArgs) -> Result<(), Failure> {
    let src = read_source(&args.input)?;
    let freq_mhz = requested_mhz(args, &src);
    let load = LoadOptions::subcommand(args.top.as_deref(), args.opt, &args.define, &args.hls);
    let mut design = load_design_defined(&src, &load)?;
    if let Some(x) = design.extern_in_use() {
        return Err(Failure::Message(Design::extern_model_error(x, "the FPGA flow")));
    }
    // The native path never reads SystemVerilog: --register-io wraps its netlist instead (and
    // the design whose SystemVerilog DIR keeps, so both say the same).
    let native_regio = args.register_io && args.synth == SynthPath::Native;
    if native_regio {
        fpga::native::regio::register_io(&mut design).map_err(Failure::Message)?;
    }
    if args.serial_io {
        fpga::serial::serial_io(&mut design).map_err(Failure::Message)?;
    }
    let pins = match (&args.pcf, args.pin_all) {
        (Some(p), _) => {
            let text = std::fs::read_to_string(p)
                .map_err(|e| Failure::Message(format!("cannot read '{}': {e}", p.display())))?;
            fpga::Pins::Pcf(p.display().to_string(), text)
        }
        (None, true) => fpga::Pins::All,
        (None, false) => fpga::Pins::Free,
    };
    let sv = backends::verilog::emit(&design);
    // The names the SystemVerilog gives the top and its ports (a port `reg` becomes `reg_0`):
    // the PCF and the routed design use them.
    let mut ports = ports(&design);
    let names = backends::verilog::sv_names(&design);
    let top_index = design.top_id().index();
    let top = names.modules[top_index].clone();
    for (p, n) in ports.iter_mut().zip(&names.ports[top_index]) {
        p.name = n.clone();
    }
    let native = match args.synth {
        SynthPath::Yosys => None,
        SynthPath::Native => {
            let names: Vec<String> = ports.iter().map(|p| p.name.clone()).collect();
            let (mut mapped, carries, rams) = native_design(&src, args)?;
            if native_regio {
                fpga::native::regio::register_io(&mut mapped).map_err(Failure::Message)?;
            }
            if args.serial_io {
                // The same wrapper as the SystemVerilog's, flattened into one module.
                fpga::serial::serial_io(&mut mapped).map_err(Failure::Message)?;
                comb::passes::flatten_design(&mut mapped);
            }
            Some(fpga::native::netlist(&mapped, &top, &names, &carries, &rams).map_err(Failure::Message)?)
        }
    };
    let req = fpga::Request {
        top,
        sv,
        ports,
        device: args.device.clone(),
        package: args.package.clone(),
        board: args.board.clone(),
        pins,
        freq_mhz,
        seed: args.seed,
        synth: match args.synth {
            SynthPath::Yosys => fpga::Synth::Yosys,
            SynthPath::Native => fpga::Synth::Native,
        },
        timing_allow_fail: args.timing_allow_fail,
        register_io: args.register_io && !native_regio,
        out_dir: args.output.clone(),
        native,
    };
    let report =
        fpga::run(&req, &fpga::progress::Progress::stderr()).map_err(|e| Failure::Message(e.to_string()))?;
    print!("{}", report.table());
    println!("wrote {}/{}", args.output.display(), report.files["bitstream"]);
    Ok(())
}

/// The design as `--synth native` maps it: the pipeline of `--emit mlir -O2 --lut 4
/// --flatten` (with `--lut-goal`), except that the adders, subtracters and comparators that get carry chains
/// are taken out before mapping ([`fpga::native::carry::extract`]; multiplications first
/// become adder trees, [`fpga::native::mul::expand`]), and the memories become
/// block-RAM banks ([`fpga::native::ram::extract`]). As `-O2 --lut 4` does,
/// the -O1 netlist is mapped too and the mapping with fewer LUTs kept. The source is read
/// once: -O2 and the -O1 alternative start from the same flattened netlist.
fn native_design(
    src: &mlir_text::SourceFile,
    args: &FpgaArgs,
) -> Result<(Design, fpga::native::carry::Carries, fpga::native::ram::Rams), Failure> {
    use comb::passes::{pipeline, OptLevel, PassManager};
    let pm = PassManager { printer: |d| backends::mlir::emit(d, false), ..Default::default() };
    let goal: comb::lutmap::LutGoal = args.lut_goal.parse().expect("clap checked the goal");
    let load = LoadOptions {
        flatten: true,
        ..LoadOptions::subcommand(args.top.as_deref(), 0, &args.define, &args.hls)
    };
    let base = load_design_defined(src, &load)?;
    let mut design = base.clone();
    pm.run(&mut design, &mut pipeline(OptLevel::O2)).map_err(Failure::Message)?;
    let rams = fpga::native::ram::extract(&mut design);
    fpga::native::mul::expand(&mut design);
    let carries = fpga::native::carry::extract(&mut design);
    crate::driver::map_luts(&pm, &mut design, (4, goal), true, None, false)?;
    let mut alt = base;
    let quiet = PassManager::default();
    quiet.run(&mut alt, &mut pipeline(OptLevel::O1)).map_err(Failure::Message)?;
    let alt_rams = fpga::native::ram::extract(&mut alt);
    fpga::native::mul::expand(&mut alt);
    let alt_carries = fpga::native::carry::extract(&mut alt);
    let mut map: Vec<Box<dyn comb::passes::Pass>> = vec![Box::new(comb::lutmap::LutMap { k: 4, goal })];
    quiet.run(&mut alt, &mut map).map_err(Failure::Message)?;
    if comb::lutmap::stats::prefer_fewer_luts(&alt, &design) {
        return Ok((alt, alt_carries, alt_rams));
    }
    Ok((design, carries, rams))
}
