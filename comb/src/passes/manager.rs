//! The pass manager: runs a pipeline, verifies after each pass, prints and times on request.

use super::dump::dump;
use super::Pass;
use crate::netlist::Design;
use crate::verify;
use std::time::{Duration, Instant};

/// What one pass did.
#[derive(Clone, Debug)]
pub struct PassReport {
    /// The pass's name.
    pub name: &'static str,
    /// True if it changed the design.
    pub changed: bool,
    /// Wall time of the pass itself (zero unless `time_passes`).
    pub time: Duration,
    /// The design printed after the pass, if `print_after` asked for it.
    pub printed: Option<String>,
}

/// Runs pipelines of passes.
#[derive(Clone, Debug)]
pub struct PassManager {
    /// Run the verifier after every pass that changed the design (on by default; a pass
    /// that changed nothing leaves the design that was verified already).
    pub verify_each: bool,
    /// Print the design after the pass of this name (`"all"`: after every pass).
    pub print_after: Option<String>,
    /// Measure each pass's time.
    pub time_passes: bool,
    /// How to print the design for `print_after` (default: [`dump`]).
    pub printer: fn(&Design) -> String,
}

impl Default for PassManager {
    fn default() -> Self {
        PassManager { verify_each: true, print_after: None, time_passes: false, printer: dump }
    }
}

impl PassManager {
    /// Runs `pipeline` over `design` in order. `Err` means a pass broke the netlist: a bug.
    pub fn run(
        &self,
        design: &mut Design,
        pipeline: &mut [Box<dyn Pass>],
    ) -> Result<Vec<PassReport>, String> {
        let mut reports = Vec::with_capacity(pipeline.len());
        for pass in pipeline.iter_mut() {
            let start = self.time_passes.then(Instant::now);
            let changed = pass.run(design);
            let time = start.map(|s| s.elapsed()).unwrap_or_default();
            if self.verify_each && changed {
                let errors = verify::verify(design);
                if let Some(first) = errors.first() {
                    return Err(format!(
                        "internal error: pass '{}' broke the netlist: {}{}; this is a bug in rmlir-hls",
                        pass.name(),
                        first,
                        if errors.len() > 1 {
                            format!(" (and {} more)", errors.len() - 1)
                        } else {
                            String::new()
                        }
                    ));
                }
            }
            let printed = match &self.print_after {
                Some(p) if p == "all" || p == pass.name() => Some((self.printer)(design)),
                _ => None,
            };
            reports.push(PassReport { name: pass.name(), changed, time, printed });
        }
        Ok(reports)
    }
}

/// Formats `--time-passes` output: one line per pass, then the total.
pub fn format_times(reports: &[PassReport]) -> String {
    let mut s = String::new();
    let total: Duration = reports.iter().map(|r| r.time).sum();
    for r in reports {
        s.push_str(&format!(
            "{:>10.3} ms  {}{}\n",
            r.time.as_secs_f64() * 1e3,
            r.name,
            if r.changed { "" } else { " (no change)" }
        ));
    }
    s.push_str(&format!("{:>10.3} ms  total\n", total.as_secs_f64() * 1e3));
    s
}
