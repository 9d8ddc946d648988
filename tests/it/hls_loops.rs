//! Loop-structure transforms under `--pipeline` (transform/siblingfuse.rs, transform/ivreduce.rs,
//! transform/rotate.rs): the report names what was done, its latency equals the cycles that
//! `rmlir-hls cosim` simulates (Verilator and the Rust simulator, checked against the
//! interpreter), and issue 8's cycle targets hold. tests/it/hls_kernels.rs judges the same kernels'
//! results against mlir-cpu-runner under Icarus.

use crate::support::bin;
use crate::support::hls_harness::{compile, kernel};

fn piped() -> hls::Options {
    hls::Options { pipeline: true, ..Default::default() }
}

/// `rmlir-hls cosim FILE --pipeline --seed S`: (cycles, port bound).
fn cosim(name: &str, seed: u32) -> (u64, u64) {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hls").join(name);
    let out = bin()
        .args(["cosim", p.to_str().unwrap(), "--pipeline", "--seed", &seed.to_string()])
        .output()
        .expect("run rmlir-hls");
    let text = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{name}: cosim failed:\n{text}");
    let num = |key: &str| -> u64 {
        text.lines()
            .find_map(|l| l.strip_prefix(key))
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or_else(|| panic!("{name}: no '{key}' in:\n{text}"))
    };
    (num("cycles:"), num("port bound:"))
}

fn notes(rep: &hls::report::Report) -> Vec<String> {
    rep.functions[0].loops.iter().flat_map(structural).collect()
}

/// A loop's transforms but bit-width narrowing's (`narrowed: ...`, `counter ...`: every
/// mode narrows, the loop structure is what these tests are about).
fn structural(l: &hls::report::LoopReport) -> Vec<String> {
    l.transforms
        .iter()
        .filter(|t| !t.starts_with("narrowed:") && !t.starts_with("counter "))
        .cloned()
        .collect()
}

#[test]
fn independent_sibling_loops_overlap() {
    // unroll_rem: the loop over %c runs inside the loops over %a/%b.
    let (_, rep) = compile(&kernel("unroll_rem.mlir"), &piped());
    let n = notes(&rep);
    assert!(n.iter().any(|t| t.starts_with("fused with")), "{n:?}");
    assert!(rep.to_json().contains("\"transforms\": [\"fused with"), "{}", rep.to_json());
    let (cycles, bound) = cosim("unroll_rem.mlir", 1);
    assert_eq!(rep.functions[0].latency, Some(cycles));
    assert_eq!(bound, 15);
    assert!(cycles <= 30, "unroll_rem: {cycles} cycles (issue 8: <= 30)");
    // Without --pipeline nothing fuses.
    let (_, plain) = compile(&kernel("unroll_rem.mlir"), &hls::Options::default());
    assert!(notes(&plain).is_empty());
    // A guarded fusion (loops of 12 and 5) keeps the latency equal to the cycles too.
    let (_, rep) = compile(&kernel("fuse_guarded.mlir"), &piped());
    assert!(notes(&rep).iter().any(|t| t.contains("guarded")), "{:?}", notes(&rep));
    assert_eq!(rep.functions[0].latency, Some(cosim("fuse_guarded.mlir", 1).0));
    // Dependent siblings stay: fuse_dep keeps three loops of its four. The loop reading %a
    // could fuse with the other reader of %a (one port: II 2) or with the loop on %b/%c;
    // ports apart come first, so it joins the latter and every loop keeps II 1.
    let (_, rep) = compile(&kernel("fuse_dep.mlir"), &piped());
    let loops = &rep.functions[0].loops;
    assert_eq!(loops.len(), 3);
    assert_eq!(
        structural(&loops[1]),
        ["fused with loop2: independent sibling loops of 8 iterations"],
        "{loops:?}"
    );
    assert!(
        loops.iter().all(|l| structural(l).len() <= 1
            && l.pipeline.as_deref().is_some_and(|p| p.starts_with("pipelined II=1,"))),
        "{loops:?}"
    );
    let (cycles, bound) = cosim("fuse_dep.mlir", 1);
    assert_eq!(rep.functions[0].latency, Some(cycles));
    assert!(cycles <= 2 * bound, "fuse_dep: {cycles} cycles, port bound {bound}");
}

#[test]
fn a_loop_nest_spends_one_state_per_outer_iteration_on_control() {
    // bounds: inner bounds max(0, i - 2) / min(s, i + 3), the store after the inner loop.
    let (_, rep) = compile(&kernel("bounds.mlir"), &piped());
    let n = notes(&rep);
    assert!(n.iter().any(|t| t.starts_with("rotated")), "{n:?}");
    assert!(n.iter().any(|t| t.contains("induction-variable offsets")), "{n:?}");
    let (cycles, bound) = cosim("bounds.mlir", 1);
    assert_eq!(bound, 8);
    assert!(cycles <= 16, "bounds: {cycles} cycles (issue 8: <= 16, 2 per outer iteration)");
    // A store the next iteration reads is not rotated.
    let (_, rep) = compile(&kernel("rotate_dep.mlir"), &piped());
    assert!(notes(&rep).is_empty(), "{:?}", notes(&rep));
    // scf_while's Collatz loop: its store rotates into the next element's first state.
    let (_, rep) = compile(&kernel("scf_while.mlir"), &piped());
    assert!(notes(&rep).iter().any(|t| t.starts_with("rotated")));
    assert!(cosim("scf_while.mlir", 1).0 < 610);
}

/// Loops that cannot do anything are gone before scheduling: one that never runs (7 to 3),
/// and around it loops whose bodies are then empty; an `hls.pipeline` on a removed loop
/// warns. What is left (empty_paths' loops around an inner loop of a data-dependent trip
/// count) is co-simulated with a zero and a non-zero trip count.
#[test]
fn loops_that_do_nothing_are_removed() {
    let src = "func.func @idle(%a: memref<8xi32>) -> i32 {
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 3 {
      affine.for %k = 7 to 3 {
        affine.store %one, %a[%k] : memref<8xi32>
      } {hls.pipeline}
    }
  }
  %r = affine.for %i = 0 to 5 iter_args(%s = %z) -> (i32) {
    affine.yield %s : i32
  }
  affine.store %one, %a[2] : memref<8xi32>
  return %r : i32
}
";
    let file = mlir_text::SourceFile::new("k.mlir", src);
    let parsed = mlir_text::parse(&file).unwrap();
    let s = hls::synthesize(&parsed, &hls::Options::default()).unwrap();
    assert!(s.report.functions[0].loops.is_empty(), "{:?}", s.report.functions[0].loops);
    assert!(
        s.warnings.iter().any(|w| w.message.contains("hls.pipeline: the loop is removed: it never runs")),
        "{:?}",
        s.warnings
    );
    // One state stores, then done: the start edge, the store, done.
    assert!(s.report.functions[0].latency.is_some_and(|l| l <= 2), "{:?}", s.report.functions[0].latency);
    let (_, rep) = compile(&kernel("empty_paths.mlir"), &hls::Options::default());
    assert_eq!(rep.functions[0].loops.len(), 4, "{:?}", rep.functions[0].loops);
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hls/empty_paths.mlir");
    let mut seen = Vec::new();
    for seed in [1, 4] {
        let out = bin()
            .args(["cosim", p.to_str().unwrap(), "--seed", &seed.to_string()])
            .output()
            .expect("run rmlir-hls");
        let text = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "seed {seed}:\n{text}");
        seen.push(text.lines().find_map(|l| l.strip_prefix("cycles: ")).unwrap().to_string());
    }
    assert_ne!(seen[0], seen[1], "the two seeds run the inner loop a different number of times");
}
