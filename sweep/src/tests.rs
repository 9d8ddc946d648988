//! Unit tests of the spec, the enumeration, resume and merging.

use crate::points::{enumerate, PointId};
use crate::record::{merge, read_results, Metrics, Record, ResultsFile, Status};
use crate::spec::{Spec, Val};
use std::path::{Path, PathBuf};

fn hls(name: &str) -> String {
    format!("{}/../tests/hls/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn spec(tail: &str) -> Result<Spec, String> {
    let text = format!("[sweep]\ninputs = [\"{}\", \"{}\"]\n\n{tail}", hls("fir.mlir"), hls("dot.mlir"));
    Spec::parse(Path::new("s.toml"), &text).map_err(|e| e.render())
}

#[test]
fn axes_multiply_per_input_and_exclude_and_sample_cut() {
    let s = spec(
        "[axes]\nclock-period = [5, 10.0]\npipeline = [false, true]\n\
         \"hls.unroll\" = { \"fir.mlir:14 %arg2\" = [1, 2, 4] }\n",
    )
    .unwrap();
    let pts = enumerate(&s).unwrap();
    assert_eq!(pts.len(), 2 * 2 * 3 + 2 * 2, "fir has the unroll axis, dot does not");
    assert_eq!(pts.iter().map(|p| p.id.0).collect::<Vec<_>>(), (0..16).collect::<Vec<_>>());
    assert_eq!(pts[0].get("clock-period"), Some(&Val::Int(5)));
    let s = spec("[axes]\nclock-period = [5.0, 10.0]\npipeline = [false, true]\n[[exclude]]\nclock-period = 5\npipeline = true\n")
        .unwrap();
    let pts = enumerate(&s).unwrap();
    assert_eq!(pts.len(), 6, "one of four combinations dropped per input");
    assert!(!pts
        .iter()
        .any(|p| p.get("pipeline") == Some(&Val::Bool(true))
            && p.get("clock-period") == Some(&Val::Float(5.0))));
    let s = spec("filter = \"seed % 2 == 0 || input == 'dot.mlir'\"\n[axes]\nseed = [1, 2, 3, 4]\n").unwrap();
    let kept: Vec<(String, i64)> = enumerate(&s)
        .unwrap()
        .iter()
        .map(|p| (p.input_name.clone(), p.get("seed").and_then(Val::num).unwrap() as i64))
        .collect();
    let want = [
        ("fir.mlir", 2),
        ("fir.mlir", 4),
        ("dot.mlir", 1),
        ("dot.mlir", 2),
        ("dot.mlir", 3),
        ("dot.mlir", 4),
    ];
    assert_eq!(kept, want.map(|(i, s)| (i.to_string(), s)), "the filter keeps even seeds of fir, all of dot");
    let e = spec("filter = \"seed + 1\"\n[axes]\nseed = [1]\n").map(|s| enumerate(&s).unwrap_err().render());
    assert!(e.unwrap().contains("s.toml:4:11: error: filter: the filter gives 2"), "a type error is located");
    let sampled = spec("[axes]\nseed = [1, 2, 3, 4, 5, 6]\n").unwrap();
    let mut sampled = sampled;
    sampled.sample = Some((5, 7));
    let a = enumerate(&sampled).unwrap();
    assert_eq!(a.len(), 5);
    assert_eq!(a, enumerate(&sampled).unwrap(), "the sample is seeded");
}

#[test]
fn spec_errors_are_located() {
    let cases = [
        ("[axes]\nmax-mull = [1]\n", "s.toml:5:1: error: unknown axis 'max-mull' (did you mean 'max-mul'?)"),
        ("[axes]\nopt = [3]\n", "s.toml:5:7: error: bad value 3: expected 0, 1 or 2"),
        ("[axes]\nseed = []\n", "s.toml:5:8: error: an axis with no values"),
        (
            "[axes]\n\"hls.unroll\" = { \"fir.mlir:3\" = [2] }\n",
            "s.toml:5:19: error: no loop named 'fir.mlir:3'",
        ),
        (
            "[axes]\n\"hls.unroll\" = { \"gemm.mlir:3\" = [2] }\n",
            "error: loop 'gemm.mlir:3': no input is named 'gemm.mlir'",
        ),
        (
            "[axes]\npipeline = [true]\n[[exclude]]\nseed = 1\n",
            "s.toml:7:1: error: exclude: 'seed' is not an axis",
        ),
        ("[sweeps]\n", "unknown field `sweeps`"),
        (
            "[measure]\ncycles = \"simm\"\n",
            "s.toml:5:10: error: cycles = \"simm\": expected \"sim\" or \"report\"",
        ),
        ("[measure]\ndata-seed = 3\n", "s.toml:5:13: error: the simulation's data without cycles = \"sim\""),
        ("[measure]\ncycles = \"sim\"\ndata = \"no.json\"\n", "s.toml:6:8: error: cannot read the data file"),
        (
            "filter = \"sed > 1\"\n[axes]\nseed = [1]\n",
            "s.toml:4:11: error: filter: unknown name 'sed' (did you mean 'seed'?)",
        ),
        ("filter = 'seed >'\n[axes]\nseed = [1]\n", "s.toml:4:17: error: filter: the expression ends early"),
    ];
    for (tail, want) in cases {
        let e = spec(tail).unwrap_err();
        assert!(e.contains(want), "want {want}\ngot {e}");
    }
    let s = spec("[axes]\npipeline = [true]\n[[exclude]]\npipeline = true\n").unwrap();
    let e = enumerate(&s).unwrap_err().render();
    assert!(e.starts_with("s.toml:1:1: error: the sweep has no points"), "{e}");
}

fn record(point: usize, status: Status, cycles: u64) -> Record {
    Record {
        point: PointId(point),
        input: "fir.mlir".into(),
        params: Default::default(),
        status,
        error: None,
        log: format!("points/{point:04}/log"),
        metrics: Metrics { cycles: Some(cycles), time_s: Some(0.5), ..Metrics::default() },
    }
}

#[test]
fn results_merge_last_wins_and_a_torn_line_is_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("results.jsonl");
    let f = ResultsFile::open(&path).unwrap();
    f.append(&record(0, Status::Failed, 1)).unwrap();
    f.append(&record(1, Status::Ok, 2)).unwrap();
    f.append(&record(0, Status::Ok, 3)).unwrap();
    std::fs::write(&path, std::fs::read_to_string(&path).unwrap() + "{\"point\": 2, \"inp").unwrap();
    let m = read_results(&path);
    assert_eq!(m.len(), 2);
    assert_eq!(m[&PointId(0)].metrics.cycles, Some(3));
    assert_eq!(
        merge(vec![record(4, Status::Ok, 1), record(4, Status::Ok, 9)])[&PointId(4)].metrics.cycles,
        Some(9)
    );
    assert_eq!(record(1, Status::Ok, 2).without_times().metrics.time_s, None);
}

#[test]
fn resume_runs_only_unfinished_points_and_refuses_a_changed_spec() {
    let dir = tempfile::tempdir().unwrap();
    let out: PathBuf = dir.path().join("out");
    let pts = enumerate(&spec("[axes]\nclock-period = [5.0, 10.0]\n").unwrap()).unwrap();
    assert_eq!(crate::prepare(&out, &pts, false).unwrap().len(), 4);
    let f = ResultsFile::open(&out.join("results.jsonl")).unwrap();
    f.append(&record(1, Status::Ok, 2)).unwrap();
    f.append(&record(2, Status::Failed, 2)).unwrap();
    assert!(crate::prepare(&out, &pts, false).is_err(), "results are not overwritten without --resume");
    let todo: Vec<usize> = crate::prepare(&out, &pts, true).unwrap().iter().map(|p| p.id.0).collect();
    assert_eq!(todo, vec![0, 2, 3], "the finished point is skipped, the failed one rerun");
    let other = enumerate(&spec("[axes]\nclock-period = [5.0, 20.0]\n").unwrap()).unwrap();
    assert!(crate::prepare(&out, &other, true).unwrap_err().render().contains("differ"));
}
