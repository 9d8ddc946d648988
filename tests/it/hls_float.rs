//! Floating point as hardware (issue 21): every float kernel of tests/hls/float/ that has a
//! unit for each of its ops synthesized by `rmlir-hls --emit verilog`, lint-clean, run in
//! Icarus with the block-RAM models on seeded random data holding signed zeros,
//! infinities, NaNs and subnormals, and compared bit for bit (any NaN equals any NaN, SPEC
//! section 4) with `mlir-cpu-runner` and with the interpreter, in the default mode and with
//! `--pipeline`; the report's latency equals Icarus' cycles. Data on which the interpreter
//! meets a conversion MLIR leaves poison is skipped (`data_sets`). Also: `rmlir-hls cosim`
//! on two float kernels, the report's float units, the dot product's II, the remainder's
//! sequential unit in both modes, and the located error of a float op HLS does not support
//! (`math.exp`).

use crate::support::{self, bin};

use crate::support::hls_support::{
    as_ref_run, assert_runs_eq, data_sets, icarus, interpret_planned, load, reassociated, reference, tb_spec,
};
use hls::interp::ArgValue;
use std::path::{Path, PathBuf};

/// Runs `rmlir-hls` with arguments; returns (success, stdout, stderr).
fn tool(args: &[&str]) -> (bool, String, String) {
    let out = bin().args(args).output().expect("run rmlir-hls");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn kernel(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/hls/float").join(name)
}

/// The float kernels (every float op of them has a unit).
fn synthesizable_kernels() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/hls/float");
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("tests/hls/float exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    v.sort();
    if let Ok(only) = std::env::var("HLS_ONLY") {
        v.retain(|p| only.split(',').any(|n| p.file_stem().is_some_and(|s| s == n)));
    }
    v
}

/// The latency of function `name` in a `--report -` table (`None` when data-dependent).
fn report_latency(table: &str, name: &str) -> Option<u64> {
    let line = table.lines().find(|l| l.starts_with(&format!("function {name}: latency ")));
    let line = line.unwrap_or_else(|| panic!("no report line for {name} in:\n{table}"));
    line.split_whitespace().nth(3).and_then(|v| v.parse().ok())
}

/// Data sets per kernel and mode.
const SETS: usize = 3;

/// Synthesizes `path` with `extra` flags and judges the circuit on `SETS` data sets against
/// the reference runs `refs` and the interpreter; returns the report and Icarus' cycles.
fn check(
    path: &Path,
    extra: &[&str],
    sets: &[Vec<ArgValue>],
    refs: &[reference::RefRun],
) -> (String, Vec<u64>) {
    let p = path.to_str().unwrap();
    let (ok, sv, err) = tool(&[&[p, "--emit", "verilog", "--report", "-"], extra].concat());
    assert!(ok, "{p} {extra:?}: synthesis failed:\n{err}");
    let k = load(path);
    support::verilator_lint(&sv, &k.sig.name);
    let latency = report_latency(&err, &k.sig.name);
    // A reassociated reduction is judged against the kernel that spells out its order (the
    // min/max ones give the source's result in any order).
    let plan = reassociated(&k, extra);
    let inexact: Vec<_> = plan.iter().copied().filter(|r| !r.exact()).collect();
    let by_hand = (!inexact.is_empty()).then(|| by_hand_reference(&k, &inexact, sets));
    let refs = by_hand.as_deref().unwrap_or(refs);
    let mut cycles = Vec::new();
    let (interps, specs): (Vec<_>, Vec<_>) = sets
        .iter()
        .map(|args| {
            let (interp, outcome) = interpret_planned(&k, args, &plan);
            (interp, tb_spec(&k, args, 20 * outcome.steps + 2000))
        })
        .unzip();
    let runs = icarus::run_icarus_sets(&sv, &specs);
    for (set, ((expected, interp), (spec, run))) in
        refs.iter().zip(interps).zip(specs.iter().zip(runs)).enumerate()
    {
        let run = run.unwrap_or_else(|e| panic!("{p} {extra:?} set {set}: Icarus: {e}"));
        let got = as_ref_run(&run, &k, spec);
        let what = format!("{p} {extra:?} data set {set}");
        let judge =
            if by_hand.is_some() { "mlir-cpu-runner on the by-hand order" } else { "mlir-cpu-runner" };
        assert_runs_eq(&format!("{what}: Icarus vs {judge}"), expected, &got, &k.sig);
        assert_runs_eq(&format!("{what}: Icarus vs the interpreter"), &interp, &got, &k.sig);
        if let Some(l) = latency {
            assert_eq!(l, run.cycles, "{what}: the report's latency vs Icarus' cycles");
        }
        cycles.push(run.cycles);
    }
    (err, cycles)
}

/// `mlir-cpu-runner`'s runs of the hand-written kernel that spells out the partial sums and
/// the tree synthesis made of `k`'s reduction (`tests/it/hls_float_reassoc/NAME_kK.mlir`,
/// one reduction per kernel).
fn by_hand_reference(
    k: &crate::support::hls_support::Kernel,
    plan: &[hls::transform::reassoc::Reassociated],
    sets: &[Vec<ArgValue>],
) -> Vec<reference::RefRun> {
    assert_eq!(plan.len(), 1, "{}: one reassociated reduction per kernel: {plan:?}", k.path.display());
    let stem = k.path.file_stem().unwrap().to_str().unwrap();
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/it/hls_float_reassoc")
        .join(format!("{stem}_k{}.mlir", plan[0].k));
    assert!(path.exists(), "{}: no by-hand kernel for k={}", path.display(), plan[0].k);
    let hand = load(&path);
    assert_eq!(hand.sig, k.sig, "{}: the by-hand kernel's signature", path.display());
    reference::reference(&hand.modern, &hand.sig, &hand.types, sets)
}

#[test]
fn float_kernels_in_icarus_match_mlir_cpu_runner_and_the_interpreter() {
    let kernels = synthesizable_kernels();
    assert!(std::env::var("HLS_ONLY").is_ok() || kernels.len() >= 12, "{kernels:?}");
    for path in &kernels {
        let k = load(path);
        let sets: Vec<Vec<ArgValue>> = data_sets(&k, SETS).into_iter().map(|(_, a)| a).collect();
        let refs = reference::reference(&k.modern, &k.sig, &k.types, &sets);
        let (report, _) = check(path, &[], &sets, &refs);
        assert!(report.contains(" latency "), "{}: the report lists float units:\n{report}", path.display());
        check(path, &["--pipeline"], &sets, &refs);
    }
}

/// `--max-float 1`: one unit per float kind and format, shared by the ops through input
/// multiplexers (a sequential divider started from each op's state), same results.
#[test]
fn max_float_shares_the_units() {
    for (name, unit) in [
        ("gemm_f32.mlir", "1 x fmul f32 latency"),
        ("divsqrt_f32.mlir", "1 x fdiv_seq f32 latency"),
        ("conversions.mlir", "1 x fconvert f32 latency 9"),
        ("half_bf16.mlir", "1 x fmul f16 latency"),
        ("remf_f16.mlir", "1 x frem_seq f16 latency"),
    ] {
        let path = kernel(name);
        let k = load(&path);
        let sets: Vec<Vec<ArgValue>> = data_sets(&k, 2).into_iter().map(|(_, a)| a).collect();
        let refs = reference::reference(&k.modern, &k.sig, &k.types, &sets);
        for extra in [&["--max-float", "1"][..], &["--max-float", "1", "--pipeline"][..]] {
            let (report, _) = check(&path, extra, &sets, &refs);
            if extra.len() == 2 {
                assert!(report.contains(unit), "{name}: '{unit}' expected:\n{report}");
            }
        }
    }
    let gemm = kernel("gemm_f32.mlir");
    let (_, _, report) = tool(&[gemm.to_str().unwrap(), "--emit", "verilog", "--report", "-"]);
    assert!(report.contains("3 x fmul f32 latency"), "without --max-float each op has its unit:\n{report}");
}

/// Other clock periods change every unit's latency: at 60 ns adders and multipliers are
/// combinational and chained, at 6 ns deeply pipelined; same results either way.
#[test]
fn clock_periods_change_latencies_not_results() {
    for name in ["dot_f32.mlir", "divsqrt_f32.mlir", "half_bf16.mlir"] {
        let path = kernel(name);
        let k = load(&path);
        let sets: Vec<Vec<ArgValue>> = data_sets(&k, 2).into_iter().map(|(_, a)| a).collect();
        let refs = reference::reference(&k.modern, &k.sig, &k.types, &sets);
        let (slow, _) = check(&path, &["--clock-period", "60"], &sets, &refs);
        assert!(slow.contains(" latency 0"), "{name}: combinational units at 60 ns:\n{slow}");
        check(&path, &["--clock-period", "6", "--pipeline"], &sets, &refs);
    }
}

/// A dot product of 64 elements without reassociation: the pipelined loop's II is the
/// adder's recurrence (its latency, and the cycle its result is registered in), and the
/// run takes `63 II + depth` cycles, far fewer than the FSM's.
#[test]
fn dot64_pipelined_keeps_the_adders_recurrence() {
    let path = kernel("dot64_f32.mlir");
    let add = hls::schedule::float_timing::op_type(
        hls::float::units::FUnit::Add,
        hls::float::FloatFormat::F32,
        10.0,
    );
    let k = load(&path);
    let sets: Vec<Vec<ArgValue>> = data_sets(&k, 1).into_iter().map(|(_, a)| a).collect();
    let refs = reference::reference(&k.modern, &k.sig, &k.types, &sets);
    let (report, piped) = check(&path, &["--pipeline"], &sets, &refs);
    let ii = format!("pipelined II={}", add.latency + 1);
    assert!(report.contains(&ii), "{ii} expected:\n{report}");
    let (_, fsm) = check(&path, &[], &sets, &refs);
    eprintln!(
        "dot64 f32: {} cycles pipelined (fadd latency {}), {} as an FSM",
        piped[0], add.latency, fsm[0]
    );
    assert!(piped[0] < 64 * u64::from(add.latency + 2) && piped[0] < fsm[0], "{piped:?} {fsm:?}");
}

/// f32 bit patterns of a dot product's operands on which every partial sum is exact in any
/// order: small integers with signed zeros, then with an infinity, both infinities (a NaN),
/// a NaN, and all products -0 (a +0 sum in the source's order: `0.0 + -0.0`).
fn exact_dot_sets() -> Vec<Vec<ArgValue>> {
    let f = |v: f32| u64::from(v.to_bits());
    let ints = |seed: u64| -> Vec<u64> {
        (0..64u64)
            .map(|i| {
                let h = (i + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(seed) >> 59;
                match h {
                    0 => f(-0.0),
                    1 => f(0.0),
                    _ => f(h as f32 - 16.0),
                }
            })
            .collect()
    };
    let (a, b) = (ints(1), ints(2));
    let with = |mut v: Vec<u64>, at: &[(usize, f32)]| {
        for &(i, x) in at {
            v[i] = f(x);
        }
        v
    };
    let one = |v: Vec<u64>| v.into_iter().map(|_| f(1.0)).collect::<Vec<u64>>();
    let sets = [
        (a.clone(), b.clone()),
        (with(a.clone(), &[(5, f32::INFINITY)]), with(b.clone(), &[(5, 2.0)])),
        (
            with(a.clone(), &[(5, f32::INFINITY), (9, f32::NEG_INFINITY)]),
            with(b.clone(), &[(5, 1.0), (9, 1.0)]),
        ),
        (with(a.clone(), &[(3, f32::NAN)]), b.clone()),
        // (not all -0: mlir-cpu-runner reads a splat -0.0 global as +0)
        (with(a.iter().map(|_| f(-0.0)).collect(), &[(0, -1.0)]), with(one(b), &[(0, 0.0)])),
    ];
    sets.into_iter().map(|(x, y)| vec![ArgValue::MemRef(x), ArgValue::MemRef(y)]).collect()
}

/// `fastmath<reassoc>` on the 64-element dot product with `--pipeline`: the sum is split
/// over as many partial sums as the adder's recurrence spans (the report lists the
/// transform and k), the loop runs at II 1, and the run takes at most 1.2 x (64 + the
/// pipeline's depth) cycles. On data where every partial sum is exact the circuit equals
/// `mlir-cpu-runner` on the source's order bit for bit (and on the by-hand order, which
/// `check` compares with); the interpreter, told the plan, equals the circuit. Without
/// `--pipeline` nothing is reassociated.
#[test]
fn dot64_reassoc_splits_the_sum_into_partials() {
    let path = kernel("dot64_reassoc_f32.mlir");
    let add = hls::schedule::float_timing::op_type(
        hls::float::units::FUnit::Add,
        hls::float::FloatFormat::F32,
        10.0,
    );
    let k = load(&path);
    let sets = exact_dot_sets();
    let source = reference::reference(&k.modern, &k.sig, &k.types, &sets);
    let plan = reassociated(&k, &["--pipeline"]);
    assert_eq!(plan.iter().map(|r| r.k).collect::<Vec<_>>(), [add.span], "k = the adder's span: {plan:?}");
    let hand = by_hand_reference(&k, &plan, &sets);
    for (set, (s, h)) in source.iter().zip(&hand).enumerate() {
        assert_runs_eq(&format!("exact data set {set}: source order vs by-hand order"), s, h, &k.sig);
    }
    let (report, cycles) = check(&path, &["--pipeline"], &sets, &source);
    let note = format!("reassociated: arith.addf f32 into k={} partial accumulators", add.span);
    assert!(report.contains(&note) && report.contains("pipelined II=1,"), "{note} at II 1:\n{report}");
    let depth: u64 = report
        .split("pipelined II=1, depth ")
        .nth(1)
        .and_then(|r| r.split(',').next())
        .and_then(|d| d.parse().ok())
        .unwrap_or_else(|| panic!("no depth in:\n{report}"));
    eprintln!("dot64 f32 reassoc --pipeline: {} cycles, II 1, depth {depth}", cycles[0]);
    assert!(cycles[0] * 10 <= (64 + depth) * 12, "{cycles:?} cycles, depth {depth}");
    // Random data: the by-hand order is the judge (`check`); and without --pipeline the
    // source's order.
    let random: Vec<Vec<ArgValue>> = data_sets(&k, 2).into_iter().map(|(_, a)| a).collect();
    let refs = reference::reference(&k.modern, &k.sig, &k.types, &random);
    check(&path, &["--pipeline"], &random, &refs);
    assert!(reassociated(&k, &[]).is_empty(), "nothing is reassociated without --pipeline");
    let (fsm, _) = check(&path, &[], &random, &refs);
    assert!(!fsm.contains("reassociated"), "{fsm}");
    // Without the flag the same loop keeps the adder's recurrence.
    assert!(reassociated(&load(&kernel("dot64_f32.mlir")), &["--pipeline"]).is_empty());
}

/// `fastmath<reassoc>` on a sum into a memory cell (gemm's `C[i][j] += ..` in the k loop):
/// with `--pipeline` scalar replacement keeps the cell in a register and the sum is split
/// into the adder's span of partial sums, the k loop at II 1 (judged against the by-hand
/// order, `gemm_reassoc_f32_k5.mlir`, and the interpreter told the plan); the same kernel
/// without the flag keeps the adder's recurrence (II = its span) and the source's order.
#[test]
fn memory_sums_are_split_into_partials() {
    let path = kernel("gemm_reassoc_f32.mlir");
    let add = hls::schedule::float_timing::op_type(
        hls::float::units::FUnit::Add,
        hls::float::FloatFormat::F32,
        10.0,
    );
    let k = load(&path);
    let plan = reassociated(&k, &["--pipeline"]);
    assert!(plan.len() == 1 && plan[0].memory && plan[0].k == add.span, "{plan:?}");
    let sets: Vec<Vec<ArgValue>> = data_sets(&k, 2).into_iter().map(|(_, a)| a).collect();
    let refs = reference::reference(&k.modern, &k.sig, &k.types, &sets);
    let (report, fast) = check(&path, &["--pipeline"], &sets, &refs);
    let note = format!("reassociated: arith.addf f32 into k={} partial accumulators", add.span);
    assert!(report.contains(&note) && report.contains("pipelined II=1,"), "{note} at II 1:\n{report}");
    // Without the flag: the source's order, II = the adder's span.
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("hls_float");
    std::fs::create_dir_all(&dir).unwrap();
    let plain = dir.join("gemm_plain_f32.mlir");
    let text = std::fs::read_to_string(&path).unwrap().replace(" fastmath<reassoc>", "");
    std::fs::write(&plain, text).unwrap();
    assert!(reassociated(&load(&plain), &["--pipeline"]).is_empty());
    let (report, slow) = check(&plain, &["--pipeline"], &sets, &refs);
    let ii = format!("pipelined II={},", add.span);
    assert!(report.contains(&ii) && !report.contains("reassociated"), "{ii} expected:\n{report}");
    eprintln!(
        "gemm f32 4x4x16 --pipeline: {} cycles with reassoc (II 1), {} without (II {})",
        fast[0], slow[0], add.span
    );
    assert!(fast[0] * 3 < slow[0] * 2, "{fast:?} vs {slow:?}");
}

/// Min/max reductions with `reassoc` (`maxnumf` into a memory cell, `minimumf` in a carried
/// value) are split too, the loop at II 1, and since their result does not depend on the
/// order they equal `mlir-cpu-runner` on the source, in both modes (`check`).
#[test]
fn min_max_reductions_are_split_exactly() {
    let path = kernel("rowmax_reassoc_f32.mlir");
    let k = load(&path);
    let plan = reassociated(&k, &["--pipeline"]);
    let mut ops: Vec<_> = plan.iter().map(|r| (r.op, r.memory, r.exact())).collect();
    ops.sort();
    use hls::ir::FBinOp;
    assert_eq!(ops, [(FBinOp::Minimum, false, true), (FBinOp::MaxNum, true, true)], "{plan:?}");
    let sets: Vec<Vec<ArgValue>> = data_sets(&k, 3).into_iter().map(|(_, a)| a).collect();
    let refs = reference::reference(&k.modern, &k.sig, &k.types, &sets);
    let (report, _) = check(&path, &["--pipeline"], &sets, &refs);
    assert!(report.contains("pipelined II=1,") && report.contains("arith.maxnumf f32 into k="), "{report}");
}

/// A `mulf` reduction (the accumulator as the second operand, `fast`) is split into partial
/// products starting at 1.0, and a `maximumf` reduction beside it into partial maxima
/// starting at -inf. The circuit equals the interpreter told the plan, and its maximum
/// (exact in any order) equals `mlir-cpu-runner`'s.
#[test]
fn a_product_reduction_is_split_too() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/it/hls_float_reassoc/prod_max_f32.mlir");
    let mul = hls::schedule::float_timing::op_type(
        hls::float::units::FUnit::Mul,
        hls::float::FloatFormat::F32,
        10.0,
    );
    let k = load(&path);
    let plan = reassociated(&k, &["--pipeline"]);
    assert_eq!(plan.len(), 2, "{plan:?}");
    assert_eq!(plan[0].k, mul.span, "{plan:?}");
    let p = path.to_str().unwrap();
    let (ok, sv, err) = tool(&[p, "--emit", "verilog", "--pipeline", "--report", "-"]);
    assert!(ok && err.contains("pipelined II=1,"), "{err}");
    let sets: Vec<Vec<ArgValue>> = data_sets(&k, 3).into_iter().map(|(_, a)| a).collect();
    let refs = reference::reference(&k.modern, &k.sig, &k.types, &sets);
    for (set, (args, expected)) in sets.iter().zip(&refs).enumerate() {
        let (interp, outcome) = interpret_planned(&k, args, &plan);
        let spec = tb_spec(&k, args, 20 * outcome.steps + 2000);
        let run = icarus::run_icarus(&sv, &spec).unwrap_or_else(|e| panic!("set {set}: Icarus: {e}"));
        let got = as_ref_run(&run, &k, &spec);
        assert_runs_eq(&format!("set {set}: Icarus vs the interpreter"), &interp, &got, &k.sig);
        let f = Some(hls::float::FloatFormat::F32);
        assert!(
            hls::interp::data::same(expected.results[1] as u64, got.results[1] as u64, f),
            "set {set}: the maximum: {:#x} vs mlir-cpu-runner {:#x}",
            got.results[1],
            expected.results[1]
        );
    }
}

/// `rmlir-hls cosim`: the Rust simulator against Verilator and the interpreter on float
/// kernels (a reduction and the f16/bf16 kernel with a divider).
#[test]
fn cosim_runs_float_kernels() {
    for (name, extra) in [
        ("dot_f32.mlir", &[][..]),
        ("half_bf16.mlir", &["--pipeline"][..]),
        ("dot64_reassoc_f32.mlir", &["--pipeline"][..]),
    ] {
        let path = kernel(name);
        let p = path.to_str().unwrap();
        let (ok, out, err) = tool(&[&["cosim", p, "--seed", "3"], extra].concat());
        assert!(ok, "{p} {extra:?}: rmlir-hls cosim failed:\n{out}{err}");
        assert!(out.contains("cycles: "), "{out}");
    }
}

/// A float op HLS does not support is a located error naming it: exit 1, no output.
#[test]
fn unsupported_float_op_is_a_located_error() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("exp.mlir");
    std::fs::write(&src, "func.func @f(%a: f32) -> f32 {\n  %0 = math.exp %a : f32\n  return %0 : f32\n}\n")
        .unwrap();
    let out_file = dir.path().join("out.sv");
    let out = bin().arg(&src).args(["--emit", "verilog", "-o"]).arg(&out_file).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("exp.mlir:2:8: error: 'math.exp' is not supported in HLS"), "{err}");
    assert!(!out_file.exists());
}

/// `arith.remf` on its sequential unit (start/done, the worst case's rows): one unit per op,
/// busy for its latency; in a pipelined loop too, whose II is then at least that latency
/// (same results as mlir-cpu-runner); under `--max-float 1` the ops share one unit.
#[test]
fn remf_runs_on_sequential_units() {
    let path = kernel("remf_f32.mlir");
    let rem = hls::schedule::float_timing::op_type(
        hls::float::units::FUnit::Rem,
        hls::float::FloatFormat::F32,
        10.0,
    );
    let k = load(&path);
    let sets: Vec<Vec<ArgValue>> = data_sets(&k, 1).into_iter().map(|(_, a)| a).collect();
    let refs = reference::reference(&k.modern, &k.sig, &k.types, &sets);
    let unit = format!("frem_seq f32 latency {}", rem.latency);
    let (report, _) = check(&path, &["--pipeline"], &sets, &refs);
    assert!(report.contains(&format!("3 x {unit}")), "{unit} expected:\n{report}");
    assert!(report.contains(&format!("pipelined II={}", rem.latency)), "{report}");
    // One shared unit for the three ops: II three times its latency. (The report only;
    // `max_float_shares_the_units` runs the f16 kernel this way in Icarus.)
    let p = path.to_str().unwrap();
    let (ok, _, report) =
        tool(&[p, "--emit", "verilog", "-o", "-", "--report", "-", "--pipeline", "--max-float", "1"]);
    assert!(ok && report.contains(&format!("1 x {unit}")), "{report}");
    assert!(report.contains(&format!("pipelined II={}", 3 * rem.latency)), "{report}");
}
