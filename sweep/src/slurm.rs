//! The Slurm executor: the points to run become one job array (`sbatch --array=...%K`),
//! each task running `rmlir-hls sweep SPEC --point $SLURM_ARRAY_TASK_ID -o DIR` on the
//! shared folder (its output in the point's log). The sweep follows the job with `squeue`,
//! merges each point's record into `DIR/results.jsonl` as it appears, and at the end asks
//! `sacct` why the tasks that left no record failed.

use crate::local::read_record;
use crate::points::Point;
use crate::record::{Metrics, Record, ResultsFile, Status};
use crate::run::point_dir;
use crate::spec::{SlurmSpec, Spec};
use flow::Error;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// The spec's `[slurm]` table with the flags over it, checked against a reachable `sbatch`.
pub fn check(spec: &Spec, flags: &SlurmSpec) -> Result<SlurmSpec, Error> {
    let mut cfg = spec.slurm.clone();
    let or = |a: &Option<String>, b: &Option<String>| a.clone().or_else(|| b.clone());
    cfg.partition = or(&flags.partition, &cfg.partition);
    cfg.time = or(&flags.time, &cfg.time);
    cfg.mem = or(&flags.mem, &cfg.mem);
    cfg.max_parallel = flags.max_parallel.or(cfg.max_parallel);
    cfg.extra.extend(flags.extra.iter().cloned());
    let reachable = Command::new("sbatch").arg("--version").output();
    match reachable {
        Ok(o) if o.status.success() => Ok(cfg),
        Ok(o) => Err(spec.error_at_line(
            spec.slurm_line,
            &format!(
                "--executor slurm: 'sbatch --version' failed ({}): nothing submitted",
                String::from_utf8_lossy(&o.stderr).trim()
            ),
        )),
        Err(e) => Err(spec.error_at_line(
            spec.slurm_line,
            &format!("--executor slurm: cannot run 'sbatch' ({e}): nothing submitted; is Slurm installed and on PATH?"),
        )),
    }
}

/// `0-3,5,7-9`: the indices as Slurm's array ranges.
pub fn array_ranges(ids: &[usize]) -> String {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < ids.len() {
        let mut j = i;
        while j + 1 < ids.len() && ids[j + 1] == ids[j] + 1 {
            j += 1;
        }
        parts.push(if i == j { ids[i].to_string() } else { format!("{}-{}", ids[i], ids[j]) });
        i = j + 1;
    }
    parts.join(",")
}

/// The job-array script.
pub fn script(cfg: &SlurmSpec, exe: &Path, spec: &Path, dir: &Path, todo: &[Point]) -> String {
    let ids: Vec<usize> = todo.iter().map(|p| p.id.0).collect();
    let mut s = String::from("#!/bin/sh\n#SBATCH --job-name=rmlir-sweep\n");
    let limit = cfg.max_parallel.map(|k| format!("%{k}")).unwrap_or_default();
    s += &format!("#SBATCH --array={}{limit}\n", array_ranges(&ids));
    s += &format!("#SBATCH --output={}/points/%4a/log\n", dir.display());
    s += "#SBATCH --ntasks=1\n";
    for (flag, v) in [("partition", &cfg.partition), ("time", &cfg.time), ("mem", &cfg.mem)] {
        if let Some(v) = v {
            s += &format!("#SBATCH --{flag}={v}\n");
        }
    }
    for e in &cfg.extra {
        s += &format!("#SBATCH {e}\n");
    }
    s += &format!(
        "exec '{}' sweep '{}' --point \"$SLURM_ARRAY_TASK_ID\" -o '{}'\n",
        exe.display(),
        spec.display(),
        dir.display()
    );
    s
}

fn tool(cmd: &mut Command) -> Result<String, Error> {
    let o = cmd.output().map_err(|e| Error::tool(format!("cannot run {cmd:?}: {e}")))?;
    if !o.status.success() {
        return Err(Error::tool(format!("{cmd:?} failed: {}", String::from_utf8_lossy(&o.stderr).trim())));
    }
    Ok(String::from_utf8_lossy(&o.stdout).into_owned())
}

/// Submits `todo` as a job array, follows it, and appends each record to `results`.
pub fn run(
    cfg: &SlurmSpec,
    exe: &Path,
    spec: &Path,
    dir: &Path,
    todo: &[Point],
    results: &ResultsFile,
    total: usize,
) -> Result<(), Error> {
    if todo.is_empty() {
        return Ok(());
    }
    for p in todo {
        let pdir = point_dir(dir, p);
        std::fs::create_dir_all(&pdir)
            .map_err(|e| Error::user(format!("cannot create '{}': {e}", pdir.display())))?;
        let _ = std::fs::remove_file(pdir.join("result.json"));
    }
    let sdir = dir.join("slurm");
    std::fs::create_dir_all(&sdir)
        .map_err(|e| Error::user(format!("cannot create '{}': {e}", sdir.display())))?;
    let path = sdir.join("sweep.sbatch");
    crate::run::write_atomic(&path, script(cfg, exe, spec, dir, todo).as_bytes())?;
    let out = tool(Command::new("sbatch").arg("--parsable").arg(&path))?;
    let job = out.trim().split(';').next().unwrap_or("").to_string();
    if job.is_empty() {
        return Err(Error::tool(format!("sbatch printed no job id: {out:?}")));
    }
    flow::stdio::err(&format!("rmlir-hls: submitted job array {job} ({} tasks)\n", todo.len()));
    let pb = crate::local::progress(total, total - todo.len());
    let mut merged: BTreeSet<usize> = BTreeSet::new();
    loop {
        let running = tool(Command::new("squeue").args(["-h", "-j", &job, "-o", "%i"]))
            .map(|s| !s.trim().is_empty())
            .unwrap_or(false);
        collect(dir, todo, results, &mut merged, &pb)?;
        if !running {
            break;
        }
        std::thread::sleep(Duration::from_secs(2));
    }
    // A task may have written its record just as squeue stopped listing it.
    collect(dir, todo, results, &mut merged, &pb)?;
    let states = task_states(&job);
    for p in todo.iter().filter(|p| !merged.contains(&p.id.0)) {
        let state = states.get(&p.id.0).map_or("unknown", String::as_str);
        let why = format!("the Slurm task {job}_{} ended {state} without a result", p.id.0);
        let log = format!("points/{}/log", p.id.folder());
        results.append(&Record::new(p, Status::Failed, Metrics::default(), Some(why), log))?;
        pb.inc(1);
    }
    pb.finish_and_clear();
    Ok(())
}

/// Appends the records that appeared since the last call.
fn collect(
    dir: &Path,
    todo: &[Point],
    results: &ResultsFile,
    merged: &mut BTreeSet<usize>,
    pb: &indicatif::ProgressBar,
) -> Result<(), Error> {
    for p in todo {
        if merged.contains(&p.id.0) {
            continue;
        }
        if let Some(r) = read_record(&point_dir(dir, p)) {
            results.append(&r)?;
            merged.insert(p.id.0);
            pb.inc(1);
        }
    }
    Ok(())
}

/// The final state of each array task, from `sacct` (empty when accounting is off).
fn task_states(job: &str) -> BTreeMap<usize, String> {
    let out = tool(Command::new("sacct").args(["-n", "-P", "-X", "-j", job, "-o", "JobID,State"]))
        .unwrap_or_default();
    out.lines()
        .filter_map(|l| {
            let (id, state) = l.split_once('|')?;
            let index = id.rsplit_once('_')?.1.parse().ok()?;
            Some((index, state.to_string()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn array_ranges_compress_runs() {
        assert_eq!(array_ranges(&[0, 1, 2, 3]), "0-3");
        assert_eq!(array_ranges(&[1, 3, 4, 5, 9]), "1,3-5,9");
        assert_eq!(array_ranges(&[7]), "7");
    }
}
