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
    remove_staged_outputs_on_interrupt();
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

/// On SIGINT, SIGTERM or SIGHUP, a thread removes the run's staged outputs and build
/// folders ([`scratch::remove_all`]) and the process then dies of the same signal, so the
/// shell sees an interrupted run. (A staged file is unnamed until its rename, so even
/// SIGKILL leaves none behind.)
fn remove_staged_outputs_on_interrupt() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
        return;
    };
    std::thread::spawn(move || {
        if let Some(sig) = signals.forever().next() {
            scratch::remove_all();
            let _ = signal_hook::low_level::emulate_default_handler(sig);
            std::process::exit(128 + sig);
        }
    });
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
