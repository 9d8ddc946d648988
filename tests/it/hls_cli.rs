//! HLS through the command line: lint of the emitted SystemVerilog, the `--report` JSON
//! against simulated cycles, `--clock-period`/unit limits steering the schedule, located
//! errors on bad HLS input, and ../shared's examples in custom syntax.

use crate::support::hls_harness::{compile, dot_ref, kernel, matmul8_ref, sext, simulate, Lcg, Mem};

fn opts() -> hls::Options {
    hls::Options::default()
}

use crate::support::{self, bin};

const KERNELS: &[&str] = &[
    "bounds.mlir",
    "clamp.mlir",
    "linalg.mlir",
    "ops.mlir",
    "collatz.mlir",
    "dot.mlir",
    "fir.mlir",
    "gcd.mlir",
    "matmul.mlir",
    "stencil.mlir",
    "sumsq.mlir",
    "vadd_unroll.mlir",
];

#[test]
fn systemverilog_of_every_kernel_is_lint_clean() {
    for k in KERNELS {
        let path = format!("{}/tests/hls/{k}", env!("CARGO_MANIFEST_DIR"));
        let sv = support::cli(&[&path, "--emit", "verilog"]);
        // The top is the last module printed.
        let top = sv.rsplit("\nmodule ").next().and_then(|t| t.split('(').next()).unwrap();
        let out = support::verilator_lint(&sv, top);
        assert!(!out.contains("%Warning"), "{k}: {out}");
    }
}

#[test]
fn report_file_is_json_with_the_simulated_latency() {
    let dir = tempfile::tempdir().unwrap();
    let rep = dir.path().join("r.json");
    let path = format!("{}/tests/hls/dot.mlir", env!("CARGO_MANIFEST_DIR"));
    support::cli(&[
        &path,
        "--emit",
        "verilog",
        "-o",
        dir.path().join("d.sv").to_str().unwrap(),
        "--report",
        rep.to_str().unwrap(),
    ]);
    let json = std::fs::read_to_string(&rep).unwrap();
    let (d, _) = compile(&kernel("dot.mlir"), &opts());
    let mut mems = [Mem::new("arg0", 32, vec![1; 64]), Mem::new("arg1", 32, vec![2; 64])];
    let run = simulate(&d, &[], &mut mems, 10_000);
    assert!(json.contains(&format!("\"latency_cycles\": {},", run.cycles)), "{json}");
    assert!(json.contains("\"trip_count\": 64"), "{json}");
    assert!(json.contains("\"kind\": \"mul\""), "{json}");
    // As a table on stderr when the design goes to stdout.
    let out = bin().args([&path, "--emit", "verilog", "--report", "-"]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("latency {} cycles", run.cycles)), "{err}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("module dot"));
}

#[test]
fn clock_period_and_unit_limits_steer_the_schedule() {
    let src = kernel("fir.mlir");
    let lat = |o: &hls::Options| {
        let (d, rep) = compile(&src, o);
        let mut g = Lcg(9);
        let x = g.vec(35, 32);
        let h = [3i64, -1, 4, 2];
        let expect: Vec<u64> = (0..32)
            .map(|i| {
                (0..4).fold(0i64, |s, k| s.wrapping_add(sext(x[i + k], 32).wrapping_mul(h[k]))) as u64
                    & 0xffff_ffff
            })
            .collect();
        let mut mems = [Mem::new("arg0", 32, x), Mem::new("arg1", 32, vec![0; 32])];
        let run = simulate(&d, &[], &mut mems, 100_000);
        assert_eq!(mems[1].data, expect, "{o:?}");
        assert_eq!(rep.functions[0].latency, Some(run.cycles), "{o:?}");
        let muls: u32 = rep.functions[0].units.iter().filter(|((k, _), _)| k == "mul").map(|(_, n)| n).sum();
        (run.cycles, muls, rep.functions[0].critical_path)
    };
    let base = lat(&opts());
    let fast = lat(&hls::Options { clock_period: 6.0, ..opts() });
    let fastest = lat(&hls::Options { clock_period: 4.5, ..opts() });
    assert!(fastest.0 > fast.0 && fastest.2 <= 4.5 + 1e-9);
    assert!(fast.0 > base.0, "a shorter period needs more cycles: {base:?} {fast:?}");
    assert!(fast.2 <= 6.0 + 1e-9 && base.2 <= 10.0 + 1e-9);
    // fir multiplies by constants: shifts and adds (`mulc`), no multiplier unit to limit.
    assert_eq!(base.1, 0);
    assert_eq!(lat(&hls::Options { max_mul: Some(1), ..opts() }), base);
    // Two independent products per iteration: two multipliers, or one with --max-mul 1.
    let src = "func.func @sq2(%a: memref<8xi32>, %b: memref<8xi32>) -> i32 {
  %z = arith.constant 0 : i32
  %r = affine.for %i = 0 to 8 iter_args(%acc = %z) -> (i32) {
    %x = affine.load %a[%i] : memref<8xi32>
    %y = affine.load %b[%i] : memref<8xi32>
    %p = arith.muli %x, %x : i32
    %q = arith.muli %y, %y : i32
    %s = arith.addi %p, %q : i32
    %t = arith.addi %acc, %s : i32
    affine.yield %t : i32
  }
  return %r : i32
}
";
    let mut g = Lcg(4);
    let (a, b) = (g.vec(8, 32), g.vec(8, 32));
    let expect = a.iter().zip(&b).fold(0u32, |s, (&x, &y)| {
        s.wrapping_add((x as u32).wrapping_mul(x as u32)).wrapping_add((y as u32).wrapping_mul(y as u32))
    });
    let muls = |o: &hls::Options| {
        let (d, rep) = compile(src, o);
        let mut mems = [Mem::new("a", 32, a.clone()), Mem::new("b", 32, b.clone())];
        let run = simulate(&d, &[], &mut mems, 10_000);
        assert_eq!(run.rets, vec![expect as u64], "{o:?}");
        assert_eq!(rep.functions[0].latency, Some(run.cycles), "{o:?}");
        rep.functions[0].units.iter().filter(|((k, _), _)| k == "mul").map(|(_, n)| *n).sum::<u32>()
    };
    assert_eq!(muls(&opts()), 2);
    assert_eq!(muls(&hls::Options { max_mul: Some(1), ..opts() }), 1);
}

fn error_of(src: &str) -> (String, i32) {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("bad.mlir");
    std::fs::write(&f, src).unwrap();
    let out = bin().arg(&f).args(["--emit", "verilog"]).output().unwrap();
    (
        String::from_utf8_lossy(&out.stderr).replace(f.to_str().unwrap(), "bad.mlir"),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn bad_hls_input_gives_located_errors() {
    let cases = [
        (
            "func.func @f(%a: f32) -> f32 {\n  %0 = \"math.exp\"(%a) : (f32) -> f32\n  return %0 : f32\n}\n",
            "bad.mlir:2:8",
            "'math.exp' is not supported in HLS",
        ),
        (
            "func.func @f(%t: tensor<4xi32>) {\n  return\n}\n",
            "bad.mlir:1:",
            "tensors are not supported",
        ),
        (
            "func.func @f(%a: i32) -> i32 {\n  %0 = \"arith.addi\"(%a, %a) : (i32, i32) -> i32\n  %1 = \"func.call\"(%0) <{callee = @f}> : (i32) -> i32\n  return %1 : i32\n}\n",
            "bad.mlir:3:",
            "recursive call",
        ),
        (
            "func.func @f(%A: memref<64xi32>) -> i32 {\n  %c = \"arith.constant\"() <{value = 70 : index}> : () -> index\n  %0 = \"memref.load\"(%A, %c) : (memref<64xi32>, index) -> i32\n  return %0 : i32\n}\n",
            "bad.mlir:3:",
            "out of range",
        ),
        (
            "func.func @f(%a: i32) -> i32 {\n  %0 = \"arith.addi\"(%a, %a) : (i32, i32) -> i32\n  %1 = \"foo.bar\"(%0) : (i32) -> i32\n  return %1 : i32\n}\n",
            "bad.mlir:3:",
            "'foo.bar' is not supported",
        ),
        (
            "func.func @f(%a: i32) -> i32 {\n  %c0 = \"arith.constant\"() <{value = 0 : index}> : () -> index\n  %c1 = \"arith.constant\"() <{value = 1 : index}> : () -> index\n  %r = \"scf.for\"(%c0, %c1, %c1, %a) ({\n  ^bb0(%i: index, %x: i32):\n    \"scf.yield\"(%i) : (index) -> ()\n  }) : (index, index, index, i32) -> i32\n  return %r : i32\n}\n",
            "bad.mlir:6:",
            "do not match",
        ),
    ];
    // hls.pipeline on an eligible loop: no warning; on an outer loop or with an II the
    // loop cannot reach: a located warning naming the reason (the design is still produced).
    let src = "func.func @f(%A: memref<4xi32>) {\n  %c0 = \"arith.constant\"() <{value = 0 : index}> : () -> index\n  %c4 = \"arith.constant\"() <{value = 4 : index}> : () -> index\n  %c1 = \"arith.constant\"() <{value = 1 : index}> : () -> index\n  \"scf.for\"(%c0, %c4, %c1) ({\n  ^bb0(%i: index):\n    \"memref.store\"(%c1, %A, %i) : (index, memref<4xi32>, index) -> ()\n    \"scf.yield\"() : () -> ()\n  }) {hls.pipeline = 1 : i64} : (index, index, index) -> ()\n  return\n}\n";
    let (err, code) = error_of(src);
    assert!(code == 1 && err.contains("stored value"), "{err}");
    let src = src.replace("memref<4xi32>", "memref<4xindex>");
    let (err, code) = error_of(&src);
    assert!(code == 0 && !err.contains("warning"), "{err}");
    // (An inner loop of at most 8 iterations would be unrolled into it, transform/unroll_inner.rs.)
    let outer = "func.func @g(%A: memref<100xi32>) {\n  affine.for %i = 0 to 4 {\n    affine.for %j = 0 to 10 {\n      %x = affine.load %A[%i * 10 + %j] : memref<100xi32>\n      affine.store %x, %A[%j * 10 + %i] : memref<100xi32>\n    }\n  } {hls.pipeline}\n  return\n}\n";
    let (err, code) = error_of(outer);
    assert!(
        code == 0
            && err.contains("bad.mlir:7:")
            && err.contains("warning: hls.pipeline: the loop is not pipelined: it contains a loop"),
        "{err}"
    );
    // a[i+1] = a[i] + 1 with a target II of 1: the recurrence through memory needs 2.
    let rec = "func.func @r(%A: memref<16xi32>) {\n  %c1 = arith.constant 1 : i32\n  affine.for %i = 0 to 15 {\n    %x = affine.load %A[%i] : memref<16xi32>\n    %y = arith.addi %x, %c1 : i32\n    affine.store %y, %A[%i + 1] : memref<16xi32>\n  } {hls.pipeline = 1 : i64}\n  return\n}\n";
    let (err, code) = error_of(rec);
    assert!(
        code == 0
            && err.contains("bad.mlir:7:")
            && err.contains("II = 1 is not reachable; pipelined at II = 2"),
        "{err}"
    );
    for (src, at, msg) in cases {
        let (err, code) = error_of(src);
        assert_eq!(code, 1, "{err}");
        assert!(
            err.contains(at) && err.contains(msg) && err.contains("error:"),
            "expected {at} {msg}:\n{err}"
        );
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn shared_examples_in_custom_syntax() {
    let Some(shared) = support::shared() else { return };
    let read = |n: &str| std::fs::read_to_string(shared.join("examples").join(n)).unwrap();
    let mut g = Lcg(15);
    // dot
    let (d, rep) = compile(&read("dot.mlir"), &opts());
    let (a, b) = (g.vec(64, 32), g.vec(64, 32));
    let expect = dot_ref(&a, &b);
    let run = simulate(&d, &[], &mut [Mem::new("A", 32, a), Mem::new("B", 32, b)], 10_000);
    assert_eq!((run.rets, rep.functions[0].latency), (vec![expect], Some(run.cycles)), "dot");
    // fir_std (the seed's spelling)
    let (d, rep) = compile(&read("fir_std.mlir"), &opts());
    let x = g.vec(35, 32);
    let h = [3i64, -1, 4, 2];
    let y: Vec<u64> = (0..32)
        .map(|i| {
            (0..4).fold(0i64, |s, k| s.wrapping_add(sext(x[i + k], 32).wrapping_mul(h[k]))) as u64
                & 0xffff_ffff
        })
        .collect();
    let mut mems = [Mem::new("x", 32, x), Mem::new("y", 32, vec![0; 32])];
    let run = simulate(&d, &[], &mut mems, 10_000);
    assert_eq!((&mems[1].data, rep.functions[0].latency), (&y, Some(run.cycles)), "fir_std");
    // matmul
    let (d, rep) = compile(&read("matmul.mlir"), &opts());
    let (a, b, c) = (g.vec(64, 16), g.vec(64, 16), g.vec(64, 16));
    let want = matmul8_ref(&a, &b, &c);
    let mut mems = [Mem::new("A", 16, a), Mem::new("B", 16, b), Mem::new("C", 16, c)];
    let run = simulate(&d, &[], &mut mems, 100_000);
    assert_eq!((&mems[2].data, rep.functions[0].latency), (&want, Some(run.cycles)), "matmul");
    // stencil
    let (d, _) = compile(&read("stencil.mlir"), &opts());
    let input: Vec<u64> = g.vec(64, 32).into_iter().map(|v| v >> 3).collect();
    let lim = 1u64 << 29;
    let want: Vec<u64> = (0..64)
        .map(|i| {
            if !(1..=62).contains(&i) {
                return input[i];
            }
            let s = sext(input[i - 1], 32) + sext(input[i + 1], 32) + (sext(input[i], 32) << 1);
            let s = sext(s as u64 & 0xffff_ffff, 32);
            s.min(lim as i64) as u64 & 0xffff_ffff
        })
        .collect();
    let mut mems = [Mem::new("in", 32, input), Mem::new("out", 32, vec![0; 64])];
    simulate(&d, &[("lim", lim)], &mut mems, 10_000);
    assert_eq!(mems[1].data, want, "stencil");
}

/// Synthesis flags out of range are errors (exit 1) naming the flag, for the main command
/// and `cosim` alike: a period below the delay model's shortest cycle, zero units.
#[test]
fn out_of_range_synthesis_flags_are_rejected() {
    let k = support::repo().join("tests/hls/dot.mlir");
    for (args, says) in [
        (&["--clock-period", "2"][..], "--clock-period must be at least 4.08 ns"),
        (&["--clock-period=-1"][..], "--clock-period must be at least"),
        (&["--max-mul", "0"][..], "invalid value '0' for '--max-mul <N>'"),
        (&["--max-div", "0"][..], "invalid value '0' for '--max-div <N>'"),
    ] {
        for cosim in [false, true] {
            let mut cmd = bin();
            if cosim {
                cmd.arg("cosim");
            }
            let emit: &[&str] = if cosim { &[] } else { &["--emit", "verilog"] };
            let out = cmd.arg(&k).args(args).args(emit).output().unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{args:?} cosim={cosim}: {err}");
            assert!(err.contains(says), "{args:?} cosim={cosim}: {err}");
            assert!(out.stdout.is_empty(), "{args:?}: nothing written");
        }
    }
}

/// `cosim` waits long enough for `done` when every op is slow: three dependent 64-bit
/// sequential divisions per iteration on one divider (`--max-div 1`) take about 65 cycles
/// each, over six times what the wait allowed per interpreted op before (found by fuzzing:
/// "no done within N cycles" on a design that was fine).
#[test]
fn cosim_waits_for_slow_sequential_dividers() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("div64.mlir");
    std::fs::write(
        &f,
        "func.func @div64(%a: memref<32xi64>, %o: memref<32xi64>) {
  %one = arith.constant 1 : i64
  affine.for %i = 0 to 32 {
    %x = affine.load %a[%i] : memref<32xi64>
    %y = arith.ori %x, %one : i64
    %q = arith.divui %x, %y : i64
    %r = arith.divui %q, %y : i64
    %s = arith.divui %r, %y : i64
    affine.store %s, %o[%i] : memref<32xi64>
  }
  return
}
",
    )
    .unwrap();
    let out = support::bin().arg("cosim").arg(&f).args(["--max-div", "1", "--seed", "1"]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{text}");
    let cycles: u64 = text.lines().find_map(|l| l.strip_prefix("cycles: ")).unwrap().parse().unwrap();
    assert!(cycles > 32 * 3 * 60, "three 64-bit sequential divisions an iteration: {cycles} cycles");
}
