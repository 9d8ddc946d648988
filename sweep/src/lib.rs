//! Design-space sweeps (`rmlir-hls sweep SPEC.toml -o DIR`): a TOML spec names inputs and
//! axes ([`spec`]); the points are the product of the axes ([`points`]); each point runs
//! the flow with its options in its own folder ([`run`]), on a local pool of workers
//! ([`local`]) or as a Slurm job array ([`slurm`]); results stream into
//! `DIR/results.jsonl` ([`record`]) and end in a summary with the Pareto front, plots and
//! the best point re-emitted ([`summary`], [`plot`]).
//!
//! ```text
//! DIR/points.json          the points (checked on --resume)
//! DIR/points/NNNN/         a point: its input copy, log, report.json, design.sv or fpga/, result.json
//! DIR/results.jsonl        one record per finished point, in finishing order
//! DIR/summary.md, .csv     the table sorted by the objective, the Pareto front marked
//! DIR/*.svg                cycles vs area with the front; Fmax vs seed (FPGA sweeps)
//! DIR/best/INPUT/          the best point of each input: SystemVerilog (and bitstream)
//! ```

pub mod filter;
pub mod local;
pub mod loops;
pub mod plot;
pub mod points;
pub mod record;
pub mod run;
pub mod slurm;
pub mod spec;
pub mod summary;

#[cfg(test)]
mod tests;

use flow::Error;
use points::{Point, PointId};
use record::{ResultsFile, Status};
use spec::{SlurmSpec, Spec};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Where the points run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Executor {
    /// A pool of worker processes on this machine.
    Local,
    /// A Slurm job array.
    Slurm,
}

/// What `rmlir-hls sweep` was asked.
#[derive(Clone, Debug)]
pub struct Request {
    /// The spec file.
    pub spec: PathBuf,
    /// The sweep folder.
    pub out: PathBuf,
    /// Print the points and stop.
    pub dry_run: bool,
    /// Local workers (default: the cores).
    pub jobs: Option<usize>,
    /// Keep the finished points of an earlier run into `out`.
    pub resume: bool,
    /// Where the points run.
    pub executor: Executor,
    /// Run this one point only (what a worker or a Slurm task runs).
    pub point: Option<usize>,
    /// Flags overriding the spec's `[slurm]` table.
    pub slurm: SlurmSpec,
    /// The `rmlir-hls` binary the workers run.
    pub exe: PathBuf,
}

/// Runs a sweep request; returns the text to print on standard output.
pub fn sweep(req: &Request) -> Result<String, Error> {
    let spec = Spec::load(&req.spec)?;
    let points = points::enumerate(&spec)?;
    if req.dry_run {
        return Ok(points::listing(&points));
    }
    if let Some(i) = req.point {
        let p = points.get(i).ok_or_else(|| {
            Error::user(format!("--point {i}: the sweep has {} points (0..{})", points.len(), points.len()))
        })?;
        let r = run::run_point(&spec, p, &req.out)?;
        if r.status != Status::Ok {
            return Err(Error::user(format!(
                "point {i} {}: {}",
                r.status.text(),
                r.error.unwrap_or_default()
            )));
        }
        return serde_json::to_string(&r).map(|s| s + "\n").map_err(|e| Error::internal(e.to_string()));
    }
    let slurm = if req.executor == Executor::Slurm {
        // Checked before anything is written: nothing is submitted to a missing scheduler.
        Some(slurm::check(&spec, &req.slurm)?)
    } else {
        None
    };
    let todo = prepare(&req.out, &points, req.resume)?;
    let results = ResultsFile::open(&req.out.join("results.jsonl"))?;
    let started = Instant::now();
    let abs = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let (spec_abs, dir_abs) = (abs(&req.spec), abs(&req.out));
    let done_before = points.len() - todo.len();
    let jobs = req.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    match slurm {
        None => {
            let runner = local::Runner { exe: &req.exe, spec: &spec_abs, dir: &dir_abs };
            let pb = local::progress(points.len(), done_before);
            local::run(&runner, &todo, jobs, &results, &pb)?;
            pb.finish_and_clear();
        }
        Some(cfg) => slurm::run(&cfg, &req.exe, &spec_abs, &dir_abs, &todo, &results, points.len())?,
    }
    let wall = started.elapsed().as_secs_f64();
    let records = record::read_results(&req.out.join("results.jsonl"));
    let s = summary::write(&spec, &records, &req.out)?;
    Ok(format!(
        "{} points ({} run now, {} kept from before), {} failed; wall {:.1} s, sum of the points' run times {:.1} s\nwrote {}\n",
        points.len(),
        todo.len(),
        done_before,
        s.failed,
        wall,
        s.sum_time_s,
        req.out.join("summary.md").display()
    ))
}

/// Sets up the sweep folder and returns the points still to run: all of them in a new
/// folder; with `resume`, those without a finished record (the folder must hold the same
/// points). A folder with results and no `resume` is an error, so nothing is overwritten.
pub fn prepare(dir: &Path, points: &[Point], resume: bool) -> Result<Vec<Point>, Error> {
    let list = dir.join("points.json");
    let json = serde_json::to_string_pretty(points).map_err(|e| Error::internal(e.to_string()))?;
    let results = dir.join("results.jsonl");
    if results.exists() && !resume {
        return Err(Error::user(format!(
            "'{}' already holds a sweep: add --resume to finish it, or choose another folder",
            dir.display()
        )));
    }
    if resume && list.exists() {
        let old = std::fs::read_to_string(&list).unwrap_or_default();
        if old != json {
            return Err(Error::user(format!(
                "--resume: the spec's points differ from those in '{}' (was the spec changed?)",
                list.display()
            )));
        }
    }
    std::fs::create_dir_all(dir.join("points"))
        .map_err(|e| Error::user(format!("cannot create '{}': {e}", dir.display())))?;
    run::write_atomic(&list, json.as_bytes())?;
    let done = record::read_results(&results);
    let finished = |id: PointId| done.get(&id).is_some_and(|r| r.status.finished());
    Ok(points.iter().filter(|p| !finished(p.id)).cloned().collect())
}
