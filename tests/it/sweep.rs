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

/// An FPGA sweep (tests/hls/dot4_i8.mlir on hx8k, native synthesis: 2 unroll factors x 3
/// placer seeds at 12 MHz, and one point asking 400 MHz) gives per point the LUT4 count
/// and Fmax a single `rmlir-hls fpga` run of the same point gives; the point that misses
/// its clock is recorded as timing failed with its log and the others go on; the Fmax-vs-
/// seed plot has one series per unroll factor; `best/` holds the best bitstream and report.
#[test]
fn an_fpga_sweep_matches_single_fpga_runs() {
    let tmp = tempfile::tempdir().unwrap();
    let kernel = repo().join("tests/hls/dot4_i8.mlir");
    let text = format!(
        "[sweep]\ninputs = [\"{}\"]\nmode = \"fpga\"\nobjective = \"lut4\"\n\n\
         [axes]\ndevice = \"hx8k\"\nsynth = \"native\"\nfreq = [12.0, 400.0]\nseed = [1, 2, 3]\n\
         \"hls.unroll\" = {{ \"dot4_i8.mlir:5\" = [1, 2] }}\n\n\
         [[exclude]]\nfreq = 400.0\nseed = 2\n[[exclude]]\nfreq = 400.0\nseed = 3\n\
         [[exclude]]\nfreq = 400.0\n\"hls.unroll[dot4_i8.mlir:5]\" = 2\n",
        kernel.display()
    );
    let spec = tmp.path().join("fpga.toml");
    std::fs::write(&spec, text).unwrap();
    let out = tmp.path().join("out");
    let run = sweep(&[spec.to_str().unwrap(), "-o", out.to_str().unwrap(), "--jobs", "2"]);
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "{stdout}{}", String::from_utf8_lossy(&run.stderr));
    assert!(stdout.contains("7 points") && stdout.contains("1 failed"), "{stdout}");
    let rs = records(&out);
    assert_eq!(rs.len(), 7);
    for r in &rs {
        let m = &r["metrics"];
        let p = &r["params"];
        if p["freq"] == 400.0 {
            assert_eq!(r["status"], "timing-failed", "{r}");
            assert!(r["error"].as_str().unwrap().contains("400.00 MHz requested"), "{r}");
            assert!(out.join(r["log"].as_str().unwrap()).is_file(), "{r}");
            assert!(m["fmax_mhz"].as_f64().unwrap() < 400.0, "the metrics are kept: {r}");
            continue;
        }
        assert_eq!(r["status"], "ok", "{r}");
        assert!(m["lut4"].as_u64().unwrap() > 0 && m["dff"].as_u64().unwrap() > 0, "{r}");
        assert!(m.get("carry").is_some() && m.get("bram").is_some(), "{r}");
        // Check one seed of each unroll factor against a single run of the same point.
        if p["seed"] != 2 {
            continue;
        }
        let folder = out.join("points").join(format!("{:04}", r["point"].as_u64().unwrap()));
        let single = tmp.path().join(format!("single{}", r["point"]));
        let input = folder.join("dot4_i8.mlir");
        let args = [
            input.to_str().unwrap(),
            "-o",
            single.to_str().unwrap(),
            "--device",
            "hx8k",
            "--synth",
            "native",
            "--freq",
            "12",
            "--seed",
            "2",
        ];
        let one = crate::support::fpga::fpga_cmd(&args);
        assert!(one.status.success(), "{}", String::from_utf8_lossy(&one.stderr));
        let rep = crate::support::fpga::read_json(&single.join("report.json"));
        assert_eq!(m["lut4"], rep["resources"]["LUT4"]["used"], "{r}");
        assert_eq!(m["dff"], rep["resources"]["DFF"]["used"], "{r}");
        let fmax =
            rep["clocks"].as_object().unwrap().values().next().unwrap()["achieved_mhz"].as_f64().unwrap();
        assert_eq!(m["fmax_mhz"].as_f64().unwrap(), (fmax * 100.0).round() / 100.0, "{r}");
    }
    let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(
        summary.contains("LUT4") && summary.contains("Fmax MHz") && summary.contains("timing failed"),
        "{summary}"
    );
    assert!(summary.contains("## Failed points") && summary.contains("/log`"), "{summary}");
    let plot = std::fs::read_to_string(out.join("fmax_vs_seed.svg")).unwrap();
    assert!(plot.contains("hls.unroll=1") && plot.contains("hls.unroll=2"), "a series per unroll factor");
    let best = out.join("best/dot4_i8");
    assert!(best.join("report.json").is_file(), "best/ has the report");
    let bit =
        std::fs::read_dir(&best).unwrap().any(|e| e.unwrap().path().extension().is_some_and(|x| x == "bin"));
    assert!(bit, "best/ has the bitstream");
}

/// `[measure] cycles = "sim"`: each point's `sim_cycles` is what `rmlir-hls cosim --data`
/// counts on the point's kernel (tests/hls/dot4_i8.mlir unrolled by 1 and 2, a data file),
/// beside the report's latency; the summary has the column.
#[test]
fn simulated_cycles_equal_cosim_data() {
    let tmp = tempfile::tempdir().unwrap();
    let kernel = repo().join("tests/hls/dot4_i8.mlir");
    std::fs::write(
        tmp.path().join("d.json"),
        "{\"memories\": {\"%A\": [1, 2, 3, 4], \"%B\": [5, 6, 7, -8]}}\n",
    )
    .unwrap();
    let text = format!(
        "[sweep]\ninputs = [\"{}\"]\n\n[measure]\ncycles = \"sim\"\ndata = \"d.json\"\n\n\
         [axes]\n\"hls.unroll\" = {{ \"dot4_i8.mlir:5\" = [1, 2] }}\n",
        kernel.display()
    );
    let spec = tmp.path().join("sim.toml");
    std::fs::write(&spec, text).unwrap();
    let out = tmp.path().join("out");
    let run = sweep(&[spec.to_str().unwrap(), "-o", out.to_str().unwrap(), "--jobs", "2"]);
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let rs = records(&out);
    assert_eq!(rs.len(), 2);
    let mut sims = Vec::new();
    for r in &rs {
        assert_eq!(r["status"], "ok", "{r}");
        let folder = out.join("points").join(format!("{:04}", r["point"].as_u64().unwrap()));
        let one = bin()
            .arg("cosim")
            .arg(folder.join("dot4_i8.mlir"))
            .arg("--data")
            .arg(tmp.path().join("d.json"))
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&one.stdout);
        assert!(one.status.success(), "{text}{}", String::from_utf8_lossy(&one.stderr));
        let cycles: u64 = text.lines().find_map(|l| l.strip_prefix("cycles: ")).unwrap().parse().unwrap();
        assert_eq!(r["metrics"]["sim_cycles"].as_u64(), Some(cycles), "{r}");
        assert!(r["metrics"]["cycles"].as_u64().is_some(), "the report's latency is kept beside: {r}");
        sims.push(cycles);
    }
    assert!(sims[1] < sims[0], "unrolling by 2 runs in fewer cycles: {sims:?}");
    let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(summary.contains("| sim cycles |"), "{summary}");
}

/// `filter` (an expression over the axes) and `sample` cut the points `--dry-run` lists;
/// a bad filter is an error at its line and column in the spec.
#[test]
fn filters_and_samples_cut_the_dry_run() {
    let tmp = tempfile::tempdir().unwrap();
    let fir = repo().join("tests/hls/fir.mlir");
    let write = |tail: &str| {
        let path = tmp.path().join("spec.toml");
        let text = format!(
            "[sweep]\ninputs = [\"{}\"]\n{tail}\n[axes]\nclock-period = [4.0, 8.0, 16.0]\n\
             \"hls.unroll\" = {{ \"fir.mlir:14 %arg2\" = [1, 2, 4, 8] }}\n",
            fir.display()
        );
        std::fs::write(&path, text).unwrap();
        let out = tmp.path().join("o");
        sweep(&[path.to_str().unwrap(), "-o", out.to_str().unwrap(), "--dry-run"])
    };
    let all = write("");
    assert!(String::from_utf8_lossy(&all.stdout).ends_with("12 points\n"));
    let cut = write("filter = \"unroll * 2 <= clock_period && !(unroll == 1 && clock-period > 4)\"\n");
    let listing = String::from_utf8_lossy(&cut.stdout);
    assert!(cut.status.success(), "{}", String::from_utf8_lossy(&cut.stderr));
    // (4,1) (4,2) (8,2) (8,4) (16,2) (16,4) (16,8)
    assert!(listing.ends_with("7 points\n"), "{listing}");
    assert!(!listing.contains("clock-period=8 hls.unroll[fir.mlir:14 %arg2]=1"), "{listing}");
    assert!(listing.contains("clock-period=16 hls.unroll[fir.mlir:14 %arg2]=8"), "{listing}");
    let sampled = write("filter = \"unroll * 2 <= clock_period\"\nsample = 3\nsample-seed = 5\n");
    let listing = String::from_utf8_lossy(&sampled.stdout);
    assert!(listing.ends_with("3 points\n"), "{listing}");
    assert_eq!(
        listing,
        String::from_utf8_lossy(
            &write("filter = \"unroll * 2 <= clock_period\"\nsample = 3\nsample-seed = 5\n").stdout
        )
    );
    let cases = [
        (
            "filter = \"unroll * 2 <= clock_perod\"\n",
            "spec.toml:3:25: error: filter: unknown name 'clock_perod'",
        ),
        ("filter = \"unroll * (2 <= clock-period\"\n", "spec.toml:3:38: error: filter: expected ')'"),
        ("filter = \"unroll + 'x' == 1\"\n", "spec.toml:3:18: error: filter: '+' cannot take"),
    ];
    for (tail, want) in cases {
        let o = write(tail);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{err}");
        assert!(err.contains(want), "want {want}\ngot {err}");
    }
}
