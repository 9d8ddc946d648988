//! A progress line on standard error while one module is being mapped: nothing for a
//! mapping that ends within [`DELAY`], then an indicatif spinner with the module, the
//! current stage and the elapsed time, cleared when the mapping ends. Only when standard
//! error is a terminal (as the FPGA flow's spinner): logs and piped output never change.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a mapping runs before its progress line appears.
pub const DELAY: Duration = Duration::from_secs(2);

/// The progress of one module's mapping; dropping it ends the line.
pub struct Progress {
    tx: Option<Sender<String>>,
    thread: Option<JoinHandle<()>>,
}

impl Progress {
    /// Starts watching the mapping of `label` (e.g. `lut-map @top`).
    pub fn start(label: &str) -> Progress {
        if !std::io::stderr().is_terminal() {
            return Progress { tx: None, thread: None };
        }
        let (tx, rx) = mpsc::channel::<String>();
        let label = label.to_string();
        let thread = std::thread::spawn(move || {
            let start = Instant::now();
            let mut stage = String::new();
            // Before the line shows: only remember the latest stage.
            loop {
                match rx.recv_timeout(DELAY.saturating_sub(start.elapsed())) {
                    Ok(s) => stage = s,
                    Err(RecvTimeoutError::Timeout) => break,
                    Err(RecvTimeoutError::Disconnected) => return,
                }
            }
            let bar = ProgressBar::new_spinner().with_elapsed(start.elapsed());
            let style = ProgressStyle::with_template("{spinner} {msg} [{elapsed}]")
                .unwrap_or_else(|_| ProgressStyle::default_spinner());
            bar.set_style(style);
            bar.set_message(format!("{label}: {stage}"));
            bar.enable_steady_tick(Duration::from_millis(100));
            while let Ok(s) = rx.recv() {
                bar.set_message(format!("{label}: {s}"));
            }
            bar.finish_and_clear();
        });
        Progress { tx: Some(tx), thread: Some(thread) }
    }

    /// Names the stage now running.
    pub fn stage(&self, stage: &str) {
        if let Some(tx) = &self.tx {
            // The watcher only ends when this is dropped: a send cannot fail before.
            let _ = tx.send(stage.to_string());
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.tx = None;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}
