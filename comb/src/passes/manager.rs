//! The pass manager: runs a pipeline, verifies after each pass, prints and times on request.
//!
//! While it runs, every module keeps an edit log (`Module`'s methods record each cell they
//! add, change or remove). After each pass the manager takes the logs; for each pass that
//! can run incrementally ([`Pass::incremental`]) it keeps the cells edited since a pass of
//! that name last started, and runs it again through [`Pass::run_edited`] with them, so a
//! rerun of `constant-fold` or `simplify` late in the fixed-point loop looks only near what
//! changed.

use super::dump::dump;
use super::{Edits, Pass};
use crate::netlist::Design;
use crate::verify::Verified;
use std::collections::HashMap;
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
    /// that changed nothing leaves the design that was verified already). The first
    /// verification of a run checks everything; later ones check what the edits since the
    /// previous one can have broken (`verify::Verified`), which decides the same.
    pub verify_each: bool,
    /// Print the design after the pass of this name (`"all"`: after every pass).
    pub print_after: Option<String>,
    /// Measure each pass's time.
    pub time_passes: bool,
    /// How to print the design for `print_after` (default: [`dump`]).
    pub printer: fn(&Design) -> String,
    /// The pipeline keeps running, round after round, until every pass has run without a
    /// change since the last change made by another one (removing dead logic does not
    /// count: it opens no new opportunity for the other passes), at most this many rounds
    /// (default 8). So `-O1` reaches a fixed point: its output, read back and optimized
    /// again, is the same netlist. Each pass is expected to reach its own fixed point in
    /// one run.
    pub max_rounds: usize,
}

impl Default for PassManager {
    fn default() -> Self {
        PassManager { verify_each: true, print_after: None, time_passes: false, printer: dump, max_rounds: 8 }
    }
}

impl PassManager {
    /// Runs `pipeline` over `design` in order, in rounds until a fixed point (see
    /// [`PassManager::max_rounds`]). `Err` means a pass broke the netlist: a bug.
    pub fn run(
        &self,
        design: &mut Design,
        pipeline: &mut [Box<dyn Pass>],
    ) -> Result<Vec<PassReport>, String> {
        self.run_with(design, pipeline)
    }

    /// Runs `pipeline` round by round (each round every pass once) and leaves `design` as
    /// the best round left it, as `better(a, b)` ("a is better than b") says, the earliest
    /// of equals. Unlike [`Self::run`], which stops at the first fixed point, the rounds go
    /// on while they keep finding better designs: until a round changes nothing, `patience`
    /// rounds in a row bring nothing better, or [`Self::max_rounds`] rounds have run. For
    /// pipelines that explore: the -O2 LUT mapping alternates the mapper and the e-graph LUT
    /// optimizer, and each remapping of the previous network is a new start that may end
    /// with fewer LUTs, or more. Every round's design is verified as in [`Self::run`].
    pub fn run_keep_best(
        &self,
        design: &mut Design,
        pipeline: &mut [Box<dyn Pass>],
        better: fn(&Design, &Design) -> bool,
        patience: usize,
    ) -> Result<Vec<PassReport>, String> {
        let one = PassManager { max_rounds: 1, ..self.clone() };
        let mut reports = Vec::new();
        let mut best: Option<Design> = None;
        let mut stale = 0;
        for _ in 0..self.max_rounds.max(1) {
            let round = one.run_with(design, pipeline)?;
            let changed = round.iter().any(|r| r.changed);
            reports.extend(round);
            if best.as_ref().is_none_or(|b| better(design, b)) {
                best = Some(design.clone());
                stale = 0;
            } else {
                stale += 1;
            }
            if !changed || stale >= patience.max(1) {
                break;
            }
        }
        if let Some(b) = best {
            *design = b;
        }
        Ok(reports)
    }

    fn run_with(
        &self,
        design: &mut Design,
        pipeline: &mut [Box<dyn Pass>],
    ) -> Result<Vec<PassReport>, String> {
        for m in design.modules.iter_mut() {
            m.start_edit_log();
        }
        let mut run = Run {
            names: design.modules.iter().map(|m| m.name.clone()).collect(),
            since: HashMap::new(),
            unverified: Edits::none(design.modules.len()),
            verified: None,
            reports: Vec::with_capacity(pipeline.len()),
        };
        let result = self.rounds(design, pipeline, &mut run);
        for m in design.modules.iter_mut() {
            m.stop_edit_log();
        }
        result.map(|()| run.reports)
    }

    fn rounds(
        &self,
        design: &mut Design,
        pipeline: &mut [Box<dyn Pass>],
        run: &mut Run,
    ) -> Result<(), String> {
        let names: std::collections::BTreeSet<&str> =
            pipeline.iter().map(|p| p.name()).filter(|&n| n != "dead-code").collect();
        // The passes that ran without a change since the last change, and who made it.
        let mut settled: std::collections::BTreeSet<&str> = std::collections::BTreeSet::new();
        let mut last_changer: Option<&str> = None;
        // Whether dead-code ran after the last change of any other pass.
        let mut swept = false;
        'rounds: for _ in 0..self.max_rounds.max(1) {
            for pass in pipeline.iter_mut() {
                self.step(design, pass, run)?;
                let r = run.reports.last().expect("a report per pass");
                if r.name == "dead-code" {
                    swept = true;
                    continue;
                }
                if r.changed {
                    settled.clear();
                    last_changer = Some(r.name);
                    swept = false;
                } else {
                    settled.insert(r.name);
                }
                if names.iter().all(|n| settled.contains(n) || Some(*n) == last_changer) {
                    break 'rounds;
                }
            }
        }
        if !swept {
            for pass in pipeline.iter_mut().filter(|p| p.name() == "dead-code") {
                self.step(design, pass, run)?;
            }
        }
        Ok(())
    }

    fn step(&self, design: &mut Design, pass: &mut Box<dyn Pass>, run: &mut Run) -> Result<(), String> {
        let start = self.time_passes.then(Instant::now);
        let incremental = pass.incremental();
        let changed = match run.since.get(pass.name()) {
            Some(edits) if incremental => pass.run_edited(design, edits),
            _ => pass.run(design),
        };
        let time = start.map(|s| s.elapsed()).unwrap_or_default();
        let edits = run.take_edits(design);
        if incremental {
            run.since.insert(pass.name(), Edits::none(edits.len()));
        }
        for e in run.since.values_mut() {
            e.append(&edits);
        }
        if self.verify_each {
            run.unverified.append(&edits);
        }
        if self.verify_each && changed {
            let unverified = std::mem::replace(&mut run.unverified, Edits::none(design.modules.len()));
            let result = match &mut run.verified {
                Some(v) => v.update(design, &unverified),
                None => Verified::establish(design).map(|v| run.verified = Some(v)),
            };
            if let Err(errors) = result {
                let first = &errors[0];
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
        run.reports.push(PassReport { name: pass.name(), changed, time, printed });
        Ok(())
    }
}

/// The state of one [`PassManager::run`].
struct Run {
    /// The module names when the edits were last taken (a pass that adds, removes or
    /// reorders modules makes every module's edits unknown).
    names: Vec<String>,
    /// Per incremental pass name: the cells edited since a pass of that name last started.
    since: HashMap<&'static str, Edits>,
    /// The cells edited since the design was last verified.
    unverified: Edits,
    /// What the last verification established (none before the first).
    verified: Option<Verified>,
    reports: Vec<PassReport>,
}

impl Run {
    /// The cells edited since the last call (by the pass that just ran), restarting the
    /// modules' edit logs.
    fn take_edits(&mut self, design: &mut Design) -> Edits {
        let same = design.modules.len() == self.names.len()
            && design.modules.iter().zip(&self.names).all(|(m, n)| m.name == *n);
        let mut edits = Edits::unknown(design.modules.len());
        for (mid, m) in design.module_ids().zip(design.modules.iter_mut()) {
            let e = m.take_edits();
            if e.is_none() {
                // A module made by the pass: log it from now on.
                m.start_edit_log();
            }
            if same {
                edits.set(mid, e);
            }
        }
        if !same {
            self.names = design.modules.iter().map(|m| m.name.clone()).collect();
        }
        edits
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
