//! The local executor: `jobs` worker threads, each taking the next point and running it as
//! a child `rmlir-hls sweep SPEC --point I -o DIR` (its output in the point's log), then
//! appending the point's record to `DIR/results.jsonl`. A point whose child dies without a
//! record is recorded as failed with its log; the others go on. Ctrl-C stops the children
//! with the sweep; the finished points' lines are already in the results file.

use crate::points::Point;
use crate::record::{Metrics, Record, ResultsFile, Status};
use crate::run::point_dir;
use flow::Error;
use indicatif::{ProgressBar, ProgressStyle};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// How to start one point's child.
pub struct Runner<'a> {
    /// The `rmlir-hls` binary.
    pub exe: &'a Path,
    /// The spec file.
    pub spec: &'a Path,
    /// The sweep folder.
    pub dir: &'a Path,
}

impl Runner<'_> {
    /// Runs point `p` in a child process and returns its record.
    pub fn run(&self, p: &Point) -> Record {
        let pdir = point_dir(self.dir, p);
        let log_rel = format!("points/{}/log", p.id.folder());
        let failed =
            |why: String| Record::new(p, Status::Failed, Metrics::default(), Some(why), log_rel.clone());
        if let Err(e) = std::fs::create_dir_all(&pdir) {
            return failed(format!("cannot create '{}': {e}", pdir.display()));
        }
        let _ = std::fs::remove_file(pdir.join("result.json"));
        let log = match std::fs::File::create(pdir.join("log")) {
            Ok(f) => f,
            Err(e) => return failed(format!("cannot create the log: {e}")),
        };
        let err = match log.try_clone() {
            Ok(f) => f,
            Err(e) => return failed(format!("cannot share the log: {e}")),
        };
        let status = Command::new(self.exe)
            .arg("sweep")
            .arg(self.spec)
            .arg("--point")
            .arg(p.id.0.to_string())
            .arg("-o")
            .arg(self.dir)
            .stdin(Stdio::null())
            .stdout(log)
            .stderr(err)
            .status();
        match (status, read_record(&pdir)) {
            (_, Some(r)) => r,
            (Ok(s), None) => failed(format!("the point's process ended ({s}) without a result")),
            (Err(e), None) => failed(format!("cannot start '{}': {e}", self.exe.display())),
        }
    }
}

/// The record a point's run left in its folder.
pub fn read_record(pdir: &Path) -> Option<Record> {
    let text = std::fs::read_to_string(pdir.join("result.json")).ok()?;
    serde_json::from_str(&text).ok()
}

/// A progress bar with ETA on a terminal (hidden otherwise).
pub fn progress(total: usize, done: usize) -> ProgressBar {
    let pb = ProgressBar::new(total as u64);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:30} {pos}/{len} points, {elapsed} elapsed, ETA {eta} {msg}")
    {
        pb.set_style(style);
    }
    pb.set_position(done as u64);
    pb
}

/// Runs `todo` on `jobs` workers, appending each record to `results` as it finishes.
pub fn run(
    runner: &Runner,
    todo: &[Point],
    jobs: usize,
    results: &ResultsFile,
    pb: &ProgressBar,
) -> Result<(), Error> {
    let next = AtomicUsize::new(0);
    let failed = AtomicUsize::new(0);
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..jobs.max(1).min(todo.len().max(1)))
            .map(|_| {
                s.spawn(|| -> Result<(), Error> {
                    loop {
                        let i = next.fetch_add(1, Ordering::SeqCst);
                        let Some(p) = todo.get(i) else { return Ok(()) };
                        let r = runner.run(p);
                        if r.status != Status::Ok {
                            let n = failed.fetch_add(1, Ordering::SeqCst) + 1;
                            pb.set_message(format!("({n} failed)"));
                        }
                        results.append(&r)?;
                        pb.inc(1);
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .try_for_each(|w| w.join().map_err(|_| Error::internal("a sweep worker panicked"))?)
    })
}
