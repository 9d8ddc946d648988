//! `rmlir-hls sweep`: the flags turned into a `sweep::Request` and the sweep run (the
//! `sweep` crate: spec, points, executors, summary); what it reports is printed.

use crate::cli::{SweepArgs, SweepExecutor};
use flow::Error;

/// Runs the sweep the flags describe.
pub fn run(a: &SweepArgs) -> Result<(), Error> {
    let exe =
        std::env::current_exe().map_err(|e| Error::internal(format!("cannot find rmlir-hls itself: {e}")))?;
    let req = sweep::Request {
        spec: a.spec.clone(),
        out: a.output.clone(),
        dry_run: a.dry_run,
        jobs: a.jobs.map(|j| j as usize),
        resume: a.resume,
        executor: match a.executor {
            SweepExecutor::Local => sweep::Executor::Local,
            SweepExecutor::Slurm => sweep::Executor::Slurm,
        },
        point: a.point,
        slurm: sweep::spec::SlurmSpec {
            partition: a.partition.clone(),
            time: a.time.clone(),
            mem: a.mem.clone(),
            max_parallel: a.max_parallel,
            extra: a.sbatch.clone(),
        },
        exe,
    };
    let text = sweep::sweep(&req)?;
    flow::stdio::out(&text)
}
