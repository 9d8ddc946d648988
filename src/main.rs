//! The `rmlir-hls` command line: parse options, run the pipeline, report errors.
//!
//! Exit status 0 on success, 1 on any error in the input or options (SPEC section 1).

mod cli;
mod driver;
mod hls_flow;
mod output;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // `rmlir-hls help [cosim|fpga]` is `--help` of the command or subcommand.
    if argv.get(1).is_some_and(|a| a == "help") {
        argv.remove(1);
        argv.insert(argv.len().min(2), "--help".into());
    }
    let result = if argv.get(1).is_some_and(|a| a == "cosim") {
        let rest = std::iter::once(argv[0].clone()).chain(argv[2..].iter().cloned());
        match cli::CosimArgs::try_parse_from(rest) {
            Ok(a) => cosim::run(&a),
            Err(e) => return clap_exit(e),
        }
    } else if argv.get(1).is_some_and(|a| a == "fpga") {
        let rest = std::iter::once(argv[0].clone()).chain(argv[2..].iter().cloned());
        match cli::FpgaArgs::try_parse_from(rest) {
            Ok(a) => fpga::run(&a),
            Err(e) => return clap_exit(e),
        }
    } else {
        match cli::Args::try_parse_from(&argv) {
            Ok(a) => driver::run(&a),
            Err(e) => return clap_exit(e),
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            eprint!("{}", f.render());
            ExitCode::from(1)
        }
    }
}

/// Prints clap's message; help and version succeed, every other option error exits 1.
fn clap_exit(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    let _ = e.print();
    match e.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => ExitCode::SUCCESS,
        _ => ExitCode::from(1),
    }
}

mod cosim;
mod cosim_hls;
mod fpga;
