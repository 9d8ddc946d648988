//! The `rmlir-hls` command line: parse options (clap subcommands), run the flow
//! (`flow` crate), report errors.
//!
//! Exit status (`flow::ErrorKind`, the guide's troubleshooting page): 0 on success, 1 on an error in the
//! input or options (and every option error clap finds), 2 when an external tool is missing
//! or fails, 70 on an internal error.

mod cli;
mod cosim;
mod cosim_hls;
mod driver;
mod fpga;
mod sweep;

use clap::Parser;
use cli::{Cli, Command};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => return clap_exit(e),
    };
    let result = match &cli.command {
        Some(Command::Cosim(a)) => cosim::run(a),
        Some(Command::Fpga(a)) => fpga::run(a),
        Some(Command::Sweep(a)) => sweep::run(a),
        None => driver::run(&cli.compile),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            flow::stdio::err(&e.render());
            ExitCode::from(e.kind().exit_code())
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
