//! Loop pipelining through the in-tree evaluator (fast; tests/it/hls_kernels.rs judges every
//! pipelined kernel against mlir-cpu-runner under Icarus): results, the report's II, depth
//! and latency formula against simulated cycles, and why a loop is not pipelined.

use crate::support::hls_harness::{compile, dot_ref, kernel, matmul8_ref, simulate, Lcg, Mem};

fn piped() -> hls::Options {
    hls::Options { pipeline: true, ..Default::default() }
}

#[test]
fn pipelined_dot_issues_one_iteration_per_cycle() {
    let (d, rep) = compile(&kernel("dot.mlir"), &piped());
    let mut g = Lcg(7);
    let (a, b) = (g.vec(64, 32), g.vec(64, 32));
    let expect = dot_ref(&a, &b);
    let mut mems = [Mem::new("arg0", 32, a), Mem::new("arg1", 32, b)];
    let run = simulate(&d, &[], &mut mems, 10_000);
    assert_eq!(run.rets, vec![expect]);
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
    // seven cycles deepening the iteration (schedule/mul_timing.rs).
    let muls = |r: &hls::report::Report, k: &str| r.functions[0].units.get(&(k.to_string(), 32)).copied();
    assert_eq!(muls(&rep, "mul"), Some(2));
    let (d1, one) = compile(&kernel("dot.mlir"), &hls::Options { max_mul: Some(1), ..piped() });
    assert_eq!((muls(&one, "mul"), muls(&one, "mul_pipelined")), (None, Some(1)));
    assert_eq!(one.functions[0].loops[0].pipeline.as_deref(), Some("pipelined II=1, depth 9, 9 stages"));
    let mut mems = [Mem::new("arg0", 32, g.vec(64, 32)), Mem::new("arg1", 32, g.vec(64, 32))];
    let expect = dot_ref(&mems[0].data, &mems[1].data);
    let run = simulate(&d1, &[], &mut mems, 10_000);
    assert_eq!((run.rets[0], Some(run.cycles)), (expect, one.functions[0].latency));
}

#[test]
fn the_report_says_why_a_loop_is_not_pipelined() {
    // --pipeline: the outer loop of a nest is not asked; a short loop that would be no
    // faster stays as it was, and says so (linalg_generic's; linalg's short loop now fuses
    // with its sibling, transform/siblingfuse.rs).
    let (_, rep) = compile(&kernel("linalg.mlir"), &piped());
    let notes: Vec<Option<&str>> = rep.functions[0].loops.iter().map(|l| l.pipeline.as_deref()).collect();
    assert!(notes.iter().any(|n| n.is_none()), "{notes:?}");
    assert!(rep.to_json().contains("\"pipelined\": null, \"not_pipelined\": null"), "{}", rep.to_json());
    let (_, rep) = compile(&kernel("linalg_generic.mlir"), &hls::Options { max_unroll: 8, ..piped() });
    let notes: Vec<Option<&str>> = rep.functions[0].loops.iter().map(|l| l.pipeline.as_deref()).collect();
    assert!(notes.iter().any(|n| n.is_some_and(|n| n.starts_with("not pipelined: no faster"))), "{notes:?}");
    let json = rep.to_json();
    assert!(json.contains("\"pipelined\": null, \"not_pipelined\": \"no faster"), "{json}");
}

#[test]
fn scalar_replacement_removes_the_accumulation_through_memory() {
    // C[i][j] += A[i][k] * B[k][j]: without the transform the k loop reads and writes
    // C[i][j] every iteration (a recurrence through memory of distance 1), and unrolled it
    // would read and write it 8 times per j (II 16 on C's port).
    let (d, rep) = compile(&kernel("matmul.mlir"), &hls::Options { max_unroll: 8, ..piped() });
    let f = &rep.functions[0];
    // The k loop (8 iterations) is then unrolled into the j loop (transform/unroll_inner.rs),
    // which is pipelined with the replacement's note: II = 8, the 8 reads of A per j.
    let j_loop = f.loops.iter().find(|l| !l.scalar_replaced.is_empty()).unwrap();
    assert_eq!((j_loop.level, &j_loop.scalar_replaced[..]), (1, &["arg2".to_string()][..]));
    assert_eq!(j_loop.memory_recurrence, Some(false));
    assert!(j_loop.pipeline.as_deref().unwrap().starts_with("pipelined II=8,"), "{:?}", j_loop.pipeline);
    assert_eq!(f.loops.len(), 2);
    assert!(rep.to_json().contains("\"scalar_replaced\": [\"arg2\"]"));
    let mut g = Lcg(3);
    let (a, b, c) = (g.vec(64, 16), g.vec(64, 16), g.vec(64, 16));
    let expect = matmul8_ref(&a, &b, &c);
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

#[test]
fn exact_dependences_free_the_ii_of_accesses_with_different_coefficients() {
    // b[4i], b[4i + 2] read and b[2i + 1] written (analysis/deptest.rs: even against odd, never
    // equal): no recurrence through memory, II = b's three accesses per iteration.
    let (d, rep) = compile(&kernel("pipe_dep_exact.mlir"), &hls::Options::default());
    let l = &rep.functions[0].loops[0];
    assert_eq!(l.memory_recurrence, Some(false));
    assert!(l.pipeline.as_deref().unwrap().starts_with("pipelined II=3,"), "{:?}", l.pipeline);
    let mut g = Lcg(21);
    let (b, x) = (g.vec(64, 32), g.next() as u32);
    let mut expect_b = b.clone();
    let mut expect_o = vec![0; 16];
    for i in 0..16 {
        let q = (expect_b[4 * i] as u32).wrapping_mul(x);
        let r = q.wrapping_mul(q).wrapping_add(x);
        expect_b[2 * i + 1] = u64::from(r);
        expect_o[i] = u64::from(expect_b[4 * i + 2] as u32 ^ r);
    }
    let mut mems = [Mem::new("b", 32, b), Mem::new("o", 32, vec![0; 16])];
    let run = simulate(&d, &[("x", u64::from(x))], &mut mems, 10_000);
    assert_eq!((&mems[0].data, &mems[1].data), (&expect_b, &expect_o));
    assert_eq!(rep.functions[0].latency, Some(run.cycles));
}

#[test]
fn a_dependence_at_distance_two_halves_the_recurrence() {
    // a[3i] written, a[i] read: iteration 3i reads what iteration i wrote, at least 2
    // iterations later. The recurrence (load, two multiplies, add, store) is spread over two
    // initiation intervals: II = ceil(chain / 2), above the ports' 2 and below the chain.
    let (d, rep) = compile(&kernel("pipe_dep_distance.mlir"), &hls::Options::default());
    let l = &rep.functions[0].loops[0];
    assert_eq!(l.memory_recurrence, Some(true));
    let note = l.pipeline.as_deref().unwrap();
    let (ii, depth) = ii_and_depth(note);
    assert!(ii > 2 && ii < depth, "{note}");
    // Data where every dependence matters: iteration 3i's result depends on iteration i's.
    let mut g = Lcg(5);
    let (a, b, x) = (g.vec(48, 32), g.vec(32, 32), (g.next() as u32) | 1);
    let (mut ea, mut eb) = (a.clone(), b.clone());
    for i in 0..16 {
        let p = ea[i] as u32;
        let q = p.wrapping_mul(x);
        ea[3 * i] = u64::from(q.wrapping_mul(q).wrapping_add(x));
        eb[i + 16] = u64::from((eb[15 - i] as u32).wrapping_sub(p));
    }
    let mut mems = [Mem::new("a", 32, a), Mem::new("b", 32, b)];
    let run = simulate(&d, &[("x", u64::from(x))], &mut mems, 10_000);
    assert_eq!((&mems[0].data, &mems[1].data), (&ea, &eb));
    assert_eq!(rep.functions[0].latency, Some(run.cycles));
}

#[test]
fn exact_dependences_under_a_symbolic_bound() {
    // The trip count is min(max(n, 0), 16), unknown to the test: b[4i] against b[2i + 1]
    // is independent by parity alone (II = b's two accesses); a[3i] against a[i] keeps a
    // recurrence of distance 2 (from the lower bound 0 and the step).
    let (d, rep) = compile(&kernel("pipe_dep_symbolic.mlir"), &hls::Options::default());
    let loops = &rep.functions[0].loops;
    assert_eq!(loops.iter().map(|l| l.memory_recurrence).collect::<Vec<_>>(), vec![Some(false), Some(true)]);
    assert!(loops[0].pipeline.as_deref().unwrap().starts_with("pipelined II=2,"), "{:?}", loops[0].pipeline);
    let note = loops[1].pipeline.as_deref().unwrap();
    let ii: u64 = note.strip_prefix("pipelined II=").unwrap().split(',').next().unwrap().parse().unwrap();
    let depth: u64 = note.split("depth ").nth(1).unwrap().split(',').next().unwrap().parse().unwrap();
    assert!(ii > 2 && ii < depth, "{note}");
    let mut g = Lcg(17);
    for n in [16i32, 5, 1, 0, -3, 1000] {
        let (b, a, x) = (g.vec(64, 32), g.vec(48, 32), g.next() as u32);
        let (mut eb, mut ea) = (b.clone(), a.clone());
        let m = n.clamp(0, 16) as usize;
        for i in 0..m {
            let q = (eb[4 * i] as u32).wrapping_mul(x);
            eb[2 * i + 1] = u64::from(q.wrapping_mul(q).wrapping_add(x));
        }
        for i in 0..m {
            let q = (ea[i] as u32).wrapping_mul(x);
            ea[3 * i] = u64::from(q.wrapping_mul(q).wrapping_add(n as u32));
        }
        let mut mems = [Mem::new("b", 32, b), Mem::new("a", 32, a)];
        simulate(&d, &[("n", u64::from(n as u32)), ("x", u64::from(x))], &mut mems, 10_000);
        assert_eq!((&mems[0].data, &mems[1].data), (&eb, &ea), "n = {n}");
    }
}

#[test]
fn exact_dependences_shorten_an_unpipelined_iteration() {
    // In one iteration a[2i] is written, then a[i + 16] read: equal only at i = 16. Within
    // 0..16 the read does not wait for the store (analysis/deps.rs with analysis/deptest.rs) and the
    // iteration is shorter than within 0..17, where the read must follow the store.
    let src = |ub: usize| {
        format!(
            "func.func @k(%x: memref<17xi32>, %a: memref<40xi32>, %o: memref<17xi32>, %s: i32) {{
  affine.for %i = 0 to {ub} {{
    %p = affine.load %x[%i] : memref<17xi32>
    %q = arith.muli %p, %s : i32
    %q2 = arith.muli %q, %q : i32
    affine.store %q2, %a[2 * %i] : memref<40xi32>
    %v = affine.load %a[%i + 16] : memref<40xi32>
    %w = arith.addi %v, %q2 : i32
    affine.store %w, %o[%i] : memref<17xi32>
  }}
  return
}}"
        )
    };
    let per_iteration = |ub: usize| {
        let (d, rep) = compile(&src(ub), &hls::Options::default());
        let mut g = Lcg(ub as u64);
        let (x, a, s) = (g.vec(17, 32), g.vec(40, 32), g.next() as u32);
        let (mut ea, mut eo) = (a.clone(), vec![0; 17]);
        for i in 0..ub {
            let q = (x[i] as u32).wrapping_mul(s);
            let q2 = q.wrapping_mul(q);
            ea[2 * i] = u64::from(q2);
            eo[i] = u64::from((ea[i + 16] as u32).wrapping_add(q2));
        }
        let mut mems = [Mem::new("x", 32, x), Mem::new("a", 32, a), Mem::new("o", 32, vec![0; 17])];
        let run = simulate(&d, &[("s", u64::from(s))], &mut mems, 10_000);
        assert_eq!((&mems[1].data, &mems[2].data), (&ea, &eo), "0 to {ub}");
        assert_eq!(rep.functions[0].latency, Some(run.cycles));
        rep.functions[0].loops[0].cycles_per_iteration
    };
    let (free, ordered) = (per_iteration(16), per_iteration(17));
    assert!(free < ordered, "{free:?} {ordered:?}");
}

#[test]
fn a_mod_index_recurs_at_its_period() {
    // acc[i mod 2] read and written: distance 2 (analysis/deptest.rs, periodic terms), so the
    // load-multiply-multiply-add-store chain spans two IIs: II above the port's 2, below
    // the chain. local_mem's tmp[i mod 4] (distance 4) pipelines at II 1.
    let (d, rep) = compile(&kernel("pipe_dep_mod.mlir"), &hls::Options::default());
    let l = &rep.functions[0].loops[0];
    assert_eq!(l.memory_recurrence, Some(true));
    let note = l.pipeline.as_deref().unwrap();
    let (ii, depth) = ii_and_depth(note);
    assert!(ii > 2 && ii < depth, "{note}");
    let mut g = Lcg(31);
    let (x, acc, s) = (g.vec(32, 32), g.vec(2, 32), g.next() as u32);
    let mut e = acc.clone();
    for (i, &v) in x.iter().enumerate() {
        let v = v as u32;
        let m = (e[i % 2] as u32).wrapping_mul(s).wrapping_mul(v.wrapping_mul(s));
        e[i % 2] = u64::from(m.wrapping_add(v));
    }
    let mut mems = [Mem::new("x", 32, x), Mem::new("acc", 32, acc)];
    let run = simulate(&d, &[("s", u64::from(s))], &mut mems, 10_000);
    assert_eq!(mems[1].data, e);
    assert_eq!(rep.functions[0].latency, Some(run.cycles));
    let (_, rep) = compile(&kernel("local_mem.mlir"), &piped());
    let l = rep.functions[0].loops.last().unwrap();
    assert!(l.pipeline.as_deref().unwrap().starts_with("pipelined II=1,"), "{:?}", l.pipeline);
}

/// (II, depth) of a report's `pipelined II=k, depth d, S stages` note.
fn ii_and_depth(note: &str) -> (u64, u64) {
    let ii = note.strip_prefix("pipelined II=").unwrap().split(',').next().unwrap().parse().unwrap();
    let depth = note.split("depth ").nth(1).unwrap().split(',').next().unwrap().parse().unwrap();
    (ii, depth)
}

/// A found bug (fuzzing, `hls_diff`): a loop that stores a carried value to a fixed cell
/// each iteration becomes, after scalar replacement, a carried value that yields another one
/// starting elsewhere; pipelined, the last store took the next iteration's value. Such a loop
/// is not pipelined now (the report says why), and Verilator and the Rust simulator agree with
/// the interpreter on it (`rmlir-hls cosim`, the seed that found it).
#[test]
fn a_stored_carried_value_is_not_pipelined_wrongly() {
    let dir = tempfile::tempdir().unwrap();
    let k = dir.path().join("k.mlir");
    std::fs::write(
        &k,
        "func.func @k(%m0: memref<16xi8>, %m1: memref<16xi32>, %s: i32) -> i32 {
  %r = affine.for %i = 2 to 8 step 2 iter_args(%a = %s) -> (i32) {
    %x = affine.load %m0[6] : memref<16xi8>
    affine.store %a, %m1[2] : memref<16xi32>
    affine.store %x, %m0[7] : memref<16xi8>
    affine.store %x, %m0[2] : memref<16xi8>
    %y = arith.addi %a, %a : i32
    affine.yield %y : i32
  } {hls.pipeline}
  return %r : i32
}
",
    )
    .unwrap();
    let (_, rep) = compile(&std::fs::read_to_string(&k).unwrap(), &piped());
    let note = rep.functions[0].loops[0].pipeline.clone().unwrap_or_default();
    assert!(note.contains("not pipelined: a carried value yields another carried value"), "{note}");
    let (code, out) = crate::support::cosim_kept(&k, 200, 273125, &dir.path().join("keep"));
    assert_eq!(code, Some(0), "{out}");
}
