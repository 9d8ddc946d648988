//! `rmlir-hls sweep`: a small local sweep (2 kernels x 3 unroll factors x 2 clock periods,
//! HLS points) checked point by point against single `rmlir-hls` runs; `--resume` after a
//! cut-short run redoes no finished point; bad specs are located errors with exit 1.

use crate::support::{bin, repo};
use serde_json::Value;
use std::path::Path;

/// The spec of the small sweep, its inputs from tests/hls.
fn spec(dir: &Path) -> std::path::PathBuf {
    let hls = repo().join("tests/hls");
    let text = format!(
        "[sweep]\ninputs = [\"{0}/fir.mlir\", \"{0}/dot.mlir\"]\nmode = \"hls\"\nobjective = \"cycles\"\n\n\
         [axes]\nclock-period = [5.0, 10.0]\n\"hls.unroll\" = {{ \"fir.mlir:14 %arg2\" = [1, 2, 4], \"dot.mlir:8 %arg2\" = [1, 2, 4] }}\n",
        hls.display()
    );
    let path = dir.join("spec.toml");
    std::fs::write(&path, text).unwrap();
    path
}

fn sweep(args: &[&str]) -> std::process::Output {
    bin().arg("sweep").args(args).output().unwrap()
}

fn records(dir: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(dir.join("results.jsonl")).unwrap();
    let mut v: Vec<Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    v.sort_by_key(|r| r["point"].as_u64());
    v
}

#[test]
fn a_local_sweep_matches_single_runs_and_resume_redoes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let spec = spec(tmp.path());
    let out = tmp.path().join("out");
    let (s, o) = (spec.to_str().unwrap(), out.to_str().unwrap());
    let dry = sweep(&[s, "-o", o, "--dry-run"]);
    assert!(dry.status.success(), "{}", String::from_utf8_lossy(&dry.stderr));
    assert!(String::from_utf8_lossy(&dry.stdout).contains("12 points"));
    let run = sweep(&[s, "-o", o, "--jobs", "2"]);
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let rs = records(&out);
    assert_eq!(rs.len(), 12);
    let mut cycles_by_unroll = std::collections::BTreeMap::new();
    for r in &rs {
        assert_eq!(r["status"], "ok", "{r}");
        let folder = out.join("points").join(format!("{:04}", r["point"].as_u64().unwrap()));
        let input = folder.join(r["input"].as_str().unwrap());
        let (loop_axis, unroll) =
            r["params"].as_object().unwrap().iter().find(|(k, _)| k.starts_with("hls.unroll")).unwrap();
        let copy = std::fs::read_to_string(&input).unwrap();
        assert!(copy.contains(&format!("hls.unroll = {unroll} : i64")), "{loop_axis}: {copy}");
        // The same point as one plain command.
        let report = tmp.path().join("single.json");
        let period = r["params"]["clock-period"].to_string();
        let single = bin()
            .args([input.to_str().unwrap(), "--emit", "verilog", "--clock-period", &period, "--report"])
            .arg(&report)
            .output()
            .unwrap();
        assert!(single.status.success());
        let rep: Value = serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
        let f = rep["functions"].as_array().unwrap().last().unwrap();
        assert_eq!(r["metrics"]["cycles"], f["latency_cycles"], "{r}");
        assert_eq!(std::fs::read(folder.join("design.sv")).unwrap(), single.stdout, "{r}");
        cycles_by_unroll
            .insert((r["input"].to_string(), period, unroll.to_string()), f["latency_cycles"].as_u64());
    }
    let fir = |u: &str| cycles_by_unroll[&("\"fir.mlir\"".to_string(), "10.0".to_string(), u.to_string())];
    assert!(fir("4") < fir("1"), "unrolling by 4 shortens fir: {cycles_by_unroll:?}");
    let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(summary.contains("| * |"), "a front is marked:\n{summary}");
    assert!(out.join("summary.csv").is_file() && out.join("cycles_vs_register_bits.svg").is_file());
    assert!(out.join("best/fir/design.sv").is_file() && out.join("best/dot/design.sv").is_file());

    slurm_gives_the_same_results(&spec, tmp.path(), &rs);

    // Cut the run short: keep 7 records, as a kill after 7 points would.
    let kept: Vec<String> = std::fs::read_to_string(out.join("results.jsonl"))
        .unwrap()
        .lines()
        .take(7)
        .map(String::from)
        .collect();
    std::fs::write(out.join("results.jsonl"), kept.join("\n") + "\n").unwrap();
    let finished: Vec<(u64, Vec<u8>)> = kept
        .iter()
        .map(|l| {
            let p = serde_json::from_str::<Value>(l).unwrap()["point"].as_u64().unwrap();
            (p, std::fs::read(out.join("points").join(format!("{p:04}/result.json"))).unwrap())
        })
        .collect();
    let again = sweep(&[s, "-o", o, "--resume", "--jobs", "2"]);
    assert!(again.status.success(), "{}", String::from_utf8_lossy(&again.stderr));
    assert!(String::from_utf8_lossy(&again.stdout).contains("(5 run now, 7 kept from before)"));
    for (p, before) in finished {
        let after = std::fs::read(out.join("points").join(format!("{p:04}/result.json"))).unwrap();
        assert_eq!(before, after, "point {p} was run again");
    }
    assert_eq!(records(&out).len(), 12);
    // Without --resume the folder is not overwritten.
    assert_eq!(sweep(&[s, "-o", o]).status.code(), Some(1));
}

/// The records without their run times.
fn timeless(rs: &[Value]) -> Vec<Value> {
    rs.iter()
        .map(|r| {
            let mut r = r.clone();
            r["metrics"].as_object_mut().unwrap().remove("time_s");
            r
        })
        .collect()
}

/// The same sweep on a one-node Slurm (scripts/slurm-local.sh) gives the same records.
fn slurm_gives_the_same_results(spec: &Path, tmp: &Path, local: &[Value]) {
    let script = repo().join("scripts/slurm-local.sh");
    let start = std::process::Command::new(&script).arg("start").output().unwrap();
    if !start.status.success() {
        eprintln!(
            "SKIPPED: the one-node Slurm does not start here: {}{}",
            String::from_utf8_lossy(&start.stdout),
            String::from_utf8_lossy(&start.stderr)
        );
        return;
    }
    let out = tmp.join("slurm-out");
    let run = sweep(&[
        spec.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--executor",
        "slurm",
        "--max-parallel",
        "2",
    ]);
    let _ = std::process::Command::new(&script).arg("stop").output();
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let script_text = std::fs::read_to_string(out.join("slurm/sweep.sbatch")).unwrap();
    assert!(script_text.contains("#SBATCH --array=0-11%2"), "{script_text}");
    assert_eq!(timeless(&records(&out)), timeless(local), "Slurm and local records differ");
}

#[test]
fn bad_specs_are_located_errors() {
    let tmp = tempfile::tempdir().unwrap();
    let fir = repo().join("tests/hls/fir.mlir");
    let cases = [
        ("[axes]\nclock-perod = [5.0]\n", "spec.toml:6:1", "unknown axis 'clock-perod'"),
        ("[axes]\nseed = []\n", "spec.toml:6:8", "the product is empty"),
        (
            "[axes]\n\"hls.unroll\" = { \"fir.mlir:99 %i\" = [2] }\n",
            "spec.toml:6:",
            "no loop named 'fir.mlir:99 %i'",
        ),
        ("[slurm]\npartition = \"x\"\n", "spec.toml:5:1", "nothing submitted"),
    ];
    for (i, (tail, at, msg)) in cases.iter().enumerate() {
        let path = tmp.path().join("spec.toml");
        std::fs::write(&path, format!("[sweep]\ninputs = [\"{}\"]\nmode = \"hls\"\n\n{tail}", fir.display()))
            .unwrap();
        let mut args = vec![
            path.to_str().unwrap().to_string(),
            "-o".into(),
            tmp.path().join(format!("o{i}")).display().to_string(),
        ];
        if tail.contains("slurm") {
            args.extend(["--executor".into(), "slurm".into()]);
        }
        let out = bin().env("PATH", "/nonexistent").arg("sweep").args(&args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains(at) && err.contains(msg), "expected {at} {msg}:\n{err}");
        assert!(!tmp.path().join(format!("o{i}/slurm")).exists(), "nothing submitted");
    }
}
