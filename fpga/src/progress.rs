//! Progress of the flow's stages on standard error: an indicatif spinner per stage with the
//! elapsed time when standard error is a terminal, one plain line per stage otherwise (no
//! times there, so logs of runs compare equal).

use indicatif::{ProgressBar, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::time::Duration;

/// Reports stages as they start and end.
#[derive(Debug)]
pub struct Progress {
    interactive: bool,
    quiet: bool,
}

/// One running stage; [`Stage::done`] or [`Stage::failed`] closes it.
#[derive(Debug)]
pub struct Stage {
    bar: Option<ProgressBar>,
    label: String,
    quiet: bool,
}

impl Progress {
    /// Spinners when standard error is a terminal, plain lines otherwise.
    pub fn stderr() -> Progress {
        Progress { interactive: std::io::stderr().is_terminal(), quiet: false }
    }

    /// Prints nothing (library use, tests).
    pub fn quiet() -> Progress {
        Progress { interactive: false, quiet: true }
    }

    /// A line of its own between stages (a retry, a fallback).
    pub fn note(&self, text: &str) {
        if !self.quiet {
            let _ = writeln!(std::io::stderr(), "fpga: {text}");
        }
    }

    /// Starts a stage.
    pub fn stage(&self, label: &str) -> Stage {
        let bar = if self.interactive {
            let bar = ProgressBar::new_spinner();
            let style = ProgressStyle::with_template("{spinner} {msg} [{elapsed}]")
                .unwrap_or_else(|_| ProgressStyle::default_spinner());
            bar.set_style(style);
            bar.set_message(label.to_string());
            bar.enable_steady_tick(Duration::from_millis(100));
            Some(bar)
        } else {
            if !self.quiet {
                let _ = writeln!(std::io::stderr(), "fpga: {label} ...");
            }
            None
        };
        Stage { bar, label: label.to_string(), quiet: self.quiet }
    }
}

impl Stage {
    /// Ends the stage successfully.
    pub fn done(self) {
        if let Some(bar) = &self.bar {
            let t = bar.elapsed().as_secs_f64();
            bar.finish_with_message(format!("{} done ({t:.1}s)", self.label));
        }
    }

    /// Ends the stage with a failure.
    pub fn failed(self) {
        match &self.bar {
            Some(bar) => bar.abandon_with_message(format!("{} failed", self.label)),
            None if !self.quiet => {
                let _ = writeln!(std::io::stderr(), "fpga: {} failed", self.label);
            }
            None => {}
        }
    }
}
