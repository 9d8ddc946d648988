//! Loop pipelining through the in-tree evaluator (fast; tests/hls.rs judges every
//! pipelined kernel against mlir-cpu-runner under Icarus): results, the report's II, depth
//! and latency formula against simulated cycles, and why a loop is not pipelined.

mod hls_harness;

use hls_harness::{compile, kernel, simulate, Lcg, Mem};

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
    let (_, rep) = compile(&kernel("linalg.mlir"), &piped());
    let notes: Vec<Option<&str>> = rep.functions[0].loops.iter().map(|l| l.pipeline.as_deref()).collect();
    assert!(notes.iter().any(|n| n.is_some_and(|n| n.starts_with("not pipelined: no faster"))), "{notes:?}");
    assert!(notes.iter().any(|n| n.is_none()), "{notes:?}");
    let json = rep.to_json();
    assert!(json.contains("\"pipeline\": null") && json.contains("\"pipeline\": \"not pipelined"), "{json}");
}

#[test]
fn scalar_replacement_removes_the_accumulation_through_memory() {
    // C[i][j] += A[i][k] * B[k][j]: without the transform the k loop reads and writes
    // C[i][j] every iteration (a recurrence through memory of distance 1), and unrolled it
    // would read and write it 8 times per j (II 16 on C's port).
    let (d, rep) = compile(&kernel("matmul.mlir"), &piped());
    let f = &rep.functions[0];
    // The k loop (8 iterations) is then unrolled into the j loop (ir/unroll_inner.rs),
    // which is pipelined with the replacement's note: II = 8, the 8 reads of A per j.
    let j_loop = f.loops.iter().find(|l| !l.scalar_replaced.is_empty()).unwrap();
    assert_eq!((j_loop.depth, &j_loop.scalar_replaced[..]), (1, &["arg2".to_string()][..]));
    assert_eq!(j_loop.memory_recurrence, Some(false));
    assert!(j_loop.pipeline.as_deref().unwrap().starts_with("pipelined II=8,"), "{:?}", j_loop.pipeline);
    assert_eq!(f.loops.len(), 2);
    assert!(rep.to_json().contains("\"scalar_replaced\": [\"arg2\"]"));
    let mut g = Lcg(3);
    let (a, b, c) = (g.vec(64, 16), g.vec(64, 16), g.vec(64, 16));
    let mut expect = c.clone();
    for i in 0..8 {
        for j in 0..8 {
            for k in 0..8 {
                let p = (a[i * 8 + k] as u16).wrapping_mul(b[k * 8 + j] as u16);
                expect[i * 8 + j] = u64::from((expect[i * 8 + j] as u16).wrapping_add(p));
            }
        }
    }
    let mut mems = [Mem::new("arg0", 16, a), Mem::new("arg1", 16, b), Mem::new("arg2", 16, c)];
    let run = simulate(&d, &[], &mut mems, 100_000);
    assert_eq!(mems[2].data, expect);
    assert_eq!(f.latency, Some(run.cycles));
    // A recurrence the transform must leave (a[i+1] = a[i] + x[i]) is reported as one;
    // the in-place accumulation c[0] is replaced.
    let (_, rep) = compile(&kernel("pipe_mem_recurrence.mlir"), &hls::Options::default());
    let recs: Vec<Option<bool>> = rep.functions[0].loops.iter().map(|l| l.memory_recurrence).collect();
    assert_eq!(recs, vec![Some(true), Some(true), Some(false)]);
    assert_eq!(rep.functions[0].loops[2].scalar_replaced, vec!["c".to_string()]);
}
