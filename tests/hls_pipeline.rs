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
    // (n - 1) * II + depth (II = 1: depth = stages), plus the start edge.
    assert_eq!(l.latency, Some(64 + 5 - 1));
    assert_eq!(rep.functions[0].latency, Some(run.cycles));
    assert_eq!(run.cycles, 69);
    // The same loop without pipelining: 5 cycles per iteration, no pipeline entry.
    let (_, plain) = compile(&kernel("dot.mlir"), &hls::Options::default());
    assert_eq!(plain.functions[0].loops[0].pipeline, None);
    assert_eq!(plain.functions[0].latency, Some(321));
    // Two copies of the two-cycle multiplier; under --max-mul 1 one pipelined multiplier
    // (a multi-cycle path would hold the one unit two cycles: II = 2), still II = 1, its
    // seven cycles deepening the iteration (schedule/pipemul.rs).
    let muls = |r: &hls::report::Report, k: &str| r.functions[0].units.get(&(k.to_string(), 32)).copied();
    assert_eq!(muls(&rep, "mul"), Some(2));
    let (d1, one) = compile(&kernel("dot.mlir"), &hls::Options { max_mul: Some(1), ..piped() });
    assert_eq!((muls(&one, "mul"), muls(&one, "mul_pipelined")), (None, Some(1)));
    assert_eq!(one.functions[0].loops[0].pipeline.as_deref(), Some("pipelined II=1, depth 9, 9 stages"));
    let mut mems = [Mem::new("arg0", 32, g.vec(64, 32)), Mem::new("arg1", 32, g.vec(64, 32))];
    let expect = mems[0]
        .data
        .iter()
        .zip(&mems[1].data)
        .fold(0u32, |s, (&x, &y)| s.wrapping_add((x as u32).wrapping_mul(y as u32)));
    let run = simulate(&d1, &[], &mut mems, 10_000);
    assert_eq!((run.rets[0], Some(run.cycles)), (expect as u64, one.functions[0].latency));
}

#[test]
fn the_report_says_why_a_loop_is_not_pipelined() {
    // --pipeline: the outer loop of a nest is not asked; a short loop that would be no
    // faster stays as it was, and says so (linalg_generic's; linalg's short loop now fuses
    // with its sibling, ir/siblingfuse.rs).
    let (_, rep) = compile(&kernel("linalg.mlir"), &piped());
    let notes: Vec<Option<&str>> = rep.functions[0].loops.iter().map(|l| l.pipeline.as_deref()).collect();
    assert!(notes.iter().any(|n| n.is_none()), "{notes:?}");
    assert!(rep.to_json().contains("\"pipeline\": null"), "{}", rep.to_json());
    let (_, rep) = compile(&kernel("linalg_generic.mlir"), &piped());
    let notes: Vec<Option<&str>> = rep.functions[0].loops.iter().map(|l| l.pipeline.as_deref()).collect();
    assert!(notes.iter().any(|n| n.is_some_and(|n| n.starts_with("not pipelined: no faster"))), "{notes:?}");
    let json = rep.to_json();
    assert!(json.contains("\"pipeline\": \"not pipelined"), "{json}");
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

#[test]
fn a_pipelined_loop_leaves_with_its_last_iterations_last_cycle() {
    // Three loads of one port per iteration: II = 3 (nine iterations: not unrolled); the chain after the last load makes
    // the depth longer than II and not a multiple of it, so the loop leaves in the middle of
    // its final period, (n - 1) * II + depth cycles. Run again by the outer loop: the stage
    // bits cleared on the mid-period exit (else the next run's first period would write a
    // stale last stage's yield into the accumulator).
    let src = "func.func @k(%a: memref<108xi32>, %o: memref<4xi32>) {
  %z = arith.constant 0 : i32
  affine.for %j = 0 to 4 {
    %s = affine.for %i = 0 to 9 iter_args(%acc = %z) -> (i32) {
      %x = affine.load %a[%j * 27 + %i * 3] : memref<108xi32>
      %y = affine.load %a[%j * 27 + %i * 3 + 1] : memref<108xi32>
      %w = affine.load %a[%j * 27 + %i * 3 + 2] : memref<108xi32>
      %p = arith.xori %x, %y : i32
      %q = arith.subi %p, %w : i32
      %r = arith.addi %acc, %q : i32
      affine.yield %r : i32
    }
    affine.store %s, %o[%j] : memref<4xi32>
  }
  return
}";
    let (d, rep) = compile(src, &piped());
    let l = rep.functions[0].loops.iter().find(|l| l.pipeline.is_some()).expect("a pipelined loop");
    let note = l.pipeline.as_deref().unwrap();
    let depth: u64 = note.split("depth ").nth(1).unwrap().split(',').next().unwrap().parse().unwrap();
    assert!(note.starts_with("pipelined II=3, ") && depth > 3 && !depth.is_multiple_of(3), "{note}");
    assert_eq!(l.latency, Some(8 * 3 + depth), "{note}");
    let mut g = Lcg(11);
    let a = g.vec(108, 32);
    let mut mems = [Mem::new("a", 32, a.clone()), Mem::new("o", 32, vec![0; 4])];
    let run = simulate(&d, &[], &mut mems, 10_000);
    let expect: Vec<u64> = (0..4)
        .map(|j| {
            (0..9).fold(0u32, |acc, i| {
                let e = |k: usize| a[j * 27 + i * 3 + k] as u32;
                acc.wrapping_add((e(0) ^ e(1)).wrapping_sub(e(2)))
            }) as u64
        })
        .collect();
    assert_eq!(mems[1].data, expect);
    assert_eq!(rep.functions[0].latency, Some(run.cycles));
}
