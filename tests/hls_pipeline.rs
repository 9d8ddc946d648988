//! Loop pipelining through the in-tree evaluator (fast; tests/hls.rs judges every
//! pipelined kernel against mlir-cpu-runner under Icarus): results, the report's II, depth
//! and latency formula against simulated cycles, and why a loop is not pipelined.

mod hls_harness;

use hls_harness::{compile, simulate, Lcg, Mem};

fn kernel(name: &str) -> String {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hls").join(name);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn piped() -> hls::Options {
    hls::Options { pipeline: true, ..Default::default() }
}

#[test]
fn pipelined_dot_issues_one_iteration_per_cycle() {
    let (d, rep) = compile(&kernel("dot.mlir"), &piped());
    let mut g = Lcg(7);
    let (a, b) = (g.vec(64, 32), g.vec(64, 32));
    let expect = a.iter().zip(&b).fold(0u32, |s, (&x, &y)| s.wrapping_add((x as u32).wrapping_mul(y as u32)));
    let mut mems = [Mem::new("arg0", 32, a), Mem::new("arg1", 32, b)];
    let run = simulate(&d, &[], &mut mems, 10_000);
    assert_eq!(run.rets, vec![expect as u64]);
    let l = &rep.functions[0].loops[0];
    assert_eq!(l.pipeline.as_deref(), Some("pipelined II=1, depth 5, 5 stages"));
    // (n + stages - 1) * II, plus the start edge.
    assert_eq!(l.latency, Some(64 + 5 - 1));
    assert_eq!(rep.functions[0].latency, Some(run.cycles));
    assert_eq!(run.cycles, 69);
    // The same loop without pipelining: 5 cycles per iteration, no pipeline entry.
    let (_, plain) = compile(&kernel("dot.mlir"), &hls::Options::default());
    assert_eq!(plain.functions[0].loops[0].pipeline, None);
    assert_eq!(plain.functions[0].latency, Some(321));
    // Two copies of the two-cycle multiplier, or one under --max-mul 1 (then II = 2).
    let muls = |r: &hls::report::Report| r.functions[0].units.get(&("mul".to_string(), 32)).copied();
    assert_eq!(muls(&rep), Some(2));
    let (d1, one) = compile(&kernel("dot.mlir"), &hls::Options { max_mul: Some(1), ..piped() });
    assert_eq!(muls(&one), Some(1));
    assert_eq!(one.functions[0].loops[0].pipeline.as_deref(), Some("pipelined II=2, depth 5, 3 stages"));
    let mut mems = [Mem::new("arg0", 32, vec![3; 64]), Mem::new("arg1", 32, vec![5; 64])];
    let run = simulate(&d1, &[], &mut mems, 10_000);
    assert_eq!((run.rets[0], Some(run.cycles)), (15 * 64, one.functions[0].latency));
}

#[test]
fn the_report_says_why_a_loop_is_not_pipelined() {
    // --pipeline: the outer loop of a nest is not asked; a short inner loop that would be
    // no faster stays as it was, and says so.
    let (_, rep) = compile(&kernel("matmul.mlir"), &piped());
    let notes: Vec<Option<&str>> = rep.functions[0].loops.iter().map(|l| l.pipeline.as_deref()).collect();
    assert!(notes.iter().any(|n| n.is_some_and(|n| n.starts_with("not pipelined: no faster"))), "{notes:?}");
    assert!(notes.iter().any(|n| n.is_none()), "{notes:?}");
    let json = rep.to_json();
    assert!(json.contains("\"pipeline\": null") && json.contains("\"pipeline\": \"not pipelined"), "{json}");
}
