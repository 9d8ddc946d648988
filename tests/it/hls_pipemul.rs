//! Pipelined multipliers (`hls/src/gen/pipemul.rs`, `schedule/mul_timing.rs`) at 8, 16, 32 and
//! 64 bits under Icarus with SPEC section 4 block-RAM models: every product of the corner
//! operands 0, 1, -1, MIN and MAX with each other and of random ones must be the product
//! modulo 2^w (`arith.muli`), computed here in Rust.
//!
//! A pipelined loop with one multiply and `--max-mul 1` at a clock where the multiply
//! does not fit a cycle would hold the one unit for all its cycles; on the pipelined unit it
//! starts a multiplication every cycle back to back (II = 1). The same loop without the
//! limit (multi-cycle paths, replicated) gives the same products. A plain loop with four
//! multiplies on one unit (at 5 ns, 32 bits: pipelined, one a cycle) is checked the same
//! way. In every run the report's latency must equal the simulated cycles. The clocks give
//! stages of two compressor levels (5 ns: 8 and 32 bits) and four (10 ns), so the low bits
//! retire in chunks of two to nine bits, each with the carry of the chunk before.
//!
//! pipe_mul_shared under `--pipeline` at 5 ns with `--max-mul 1`: its three pipelined loops
//! run one after another, so their 32-bit multiplies share one pipelined unit
//! (`gen/share.rs`); the report must list exactly one, and the circuit must still match
//! mlir-cpu-runner under Icarus with the report's latency.

use crate::support::bin;
use crate::support::hls_support::icarus::{run_icarus, TbMem, TbSpec};
use crate::support::hls_support::{
    as_ref_run, assert_runs_eq, data_sets, interpret, load, reference, tb_spec,
};

const N: usize = 32;

/// The pipelined loop `o[i] = a[i] * b[i]` (`pipelined`) or a plain loop storing
/// `a*b ^ a*a ^ b*b ^ (a ^ k)*b` (four multiplies) at `w` bits.
fn kernel(w: u32, pipelined: bool) -> String {
    let body = if pipelined {
        "    %m = arith.muli %x, %y : iW\n    affine.store %m, %o[%i] : memref<32xiW>\n  } {hls.pipeline}\n"
    } else {
        "    %k = arith.constant 85 : iW
    %xy = arith.muli %x, %y : iW
    %xx = arith.muli %x, %x : iW
    %yy = arith.muli %y, %y : iW
    %xk = arith.xori %x, %k : iW
    %ky = arith.muli %xk, %y : iW
    %s0 = arith.xori %xy, %xx : iW
    %s1 = arith.xori %s0, %yy : iW
    %s2 = arith.xori %s1, %ky : iW
    affine.store %s2, %o[%i] : memref<32xiW>
  }
"
    };
    format!(
        "func.func @pmul(%a: memref<32xiW>, %b: memref<32xiW>, %o: memref<32xiW>) {{
  affine.for %i = 0 to 32 {{
    %x = affine.load %a[%i] : memref<32xiW>
    %y = affine.load %b[%i] : memref<32xiW>
{body}  return
}}
"
    )
    .replace("iW", &format!("i{w}"))
}

/// What the kernel stores for `x`, `y` at `w` bits.
fn expected(w: u32, pipelined: bool, x: u64, y: u64) -> u64 {
    let mask = if w == 64 { u64::MAX } else { (1u64 << w) - 1 };
    let m = |p: u64, q: u64| p.wrapping_mul(q) & mask;
    if pipelined {
        m(x, y)
    } else {
        m(x, y) ^ m(x, x) ^ m(y, y) ^ m(x ^ 85, y)
    }
}

/// Synthesizes `text` with `opts`; returns the SystemVerilog and the `--report -` table.
fn synthesize(dir: &std::path::Path, name: &str, text: &str, opts: &[&str]) -> (String, String) {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    let out = bin()
        .args([path.to_str().unwrap(), "--emit", "verilog", "--report", "-"])
        .args(opts)
        .output()
        .expect("run rmlir-hls");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{name}: {err}");
    (String::from_utf8_lossy(&out.stdout).into_owned(), err)
}

/// The latency of `pmul` in a report table.
fn latency(report: &str) -> u64 {
    let line = report.lines().find(|l| l.starts_with("function pmul: latency ")).expect("a report line");
    line.split_whitespace().nth(3).and_then(|v| v.parse().ok()).expect("a fixed latency")
}

/// Operand pairs at `w` bits: every pairing of 0, 1, -1, MIN and MAX, then random ones
/// (xorshift), in runs of `N`.
fn data(w: u32) -> Vec<(Vec<u64>, Vec<u64>)> {
    let mask = if w == 64 { u64::MAX } else { (1u64 << w) - 1 };
    let min = 1u64 << (w - 1);
    let corners = [0, 1, mask, min, min - 1];
    let mut pairs: Vec<(u64, u64)> =
        corners.iter().flat_map(|&x| corners.iter().map(move |&y| (x, y))).collect();
    let mut s = 0x9e37_79b9_7f4a_7c15u64 ^ u64::from(w);
    let mut next = || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s & mask
    };
    while pairs.len() < 3 * N {
        pairs.push((next(), next()));
    }
    pairs.chunks(N).map(|c| (c.iter().map(|p| p.0).collect(), c.iter().map(|p| p.1).collect())).collect()
}

/// Runs `sv` on every data set and checks each stored element and the cycle count.
fn check(sv: &str, report: &str, w: u32, pipelined: bool, what: &str) -> u64 {
    let mut cycles = 0;
    for (a, b) in data(w) {
        let mem = |name: &str, data: Vec<u64>| TbMem { name: name.into(), depth: N as u64, width: w, data };
        let spec = TbSpec {
            top: "pmul".into(),
            scalars: Vec::new(),
            mems: vec![mem("a", a.clone()), mem("b", b.clone()), mem("o", vec![0; N])],
            results: Vec::new(),
            max_cycles: 20_000,
        };
        let run = run_icarus(sv, &spec).unwrap_or_else(|e| panic!("{what}: Icarus: {e}"));
        for i in 0..N {
            assert_eq!(
                run.memories[2][i],
                expected(w, pipelined, a[i], b[i]),
                "{what}: element {i}, {:#x} and {:#x}",
                a[i],
                b[i]
            );
        }
        assert_eq!(latency(report), run.cycles, "{what}: the report's latency vs Icarus' cycles");
        cycles = run.cycles;
    }
    cycles
}

#[test]
fn pipelined_multipliers_are_exact_and_take_one_operation_a_cycle() {
    let dir = tempfile::tempdir().unwrap();
    for (w, clock) in [(8, "5"), (16, "10"), (32, "10"), (32, "5"), (64, "10")] {
        let what = format!("i{w} at {clock} ns");
        let text = kernel(w, true);
        let opts = ["--clock-period", clock];
        let (sv, report) = synthesize(
            dir.path(),
            &format!("p{w}_{clock}.mlir"),
            &text,
            &[&opts[..], &["--max-mul", "1"]].concat(),
        );
        // One unit, one multiplication a cycle.
        assert!(report.contains("pipelined II=1"), "{what}: {report}");
        assert!(report.contains(&format!("1 x mul_pipelined{w}")), "{what}: {report}");
        let piped = check(&sv, &report, w, true, &format!("{what}, pipelined multiplier"));
        // Without the limit: replicated multi-cycle paths, no pipelined unit.
        let (sv, report) = synthesize(dir.path(), &format!("m{w}_{clock}.mlir"), &text, &opts);
        assert!(
            !report.contains("mul_pipelined") && report.contains(&format!("x mul{w}")),
            "{what}: {report}"
        );
        let paths = check(&sv, &report, w, true, &format!("{what}, multi-cycle paths"));
        // The pipelined unit is deeper than the path; 32 iterations at II = 1 either way.
        assert!(piped >= paths && piped < paths + 24, "{what}: {piped} vs {paths} cycles");
        // Four multiplies on one unit in a plain loop: pipelined where that is shorter.
        let (sv, report) = synthesize(
            dir.path(),
            &format!("f{w}_{clock}.mlir"),
            &kernel(w, false),
            &[&opts[..], &["--max-mul", "1"]].concat(),
        );
        if (w, clock) == (32, "5") {
            assert!(report.contains("1 x mul_pipelined32"), "{what}: {report}");
        }
        check(&sv, &report, w, false, &format!("{what}, four multiplies on one unit"));
    }
}

#[test]
fn sequential_pipelined_loops_share_one_pipelined_multiplier() {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/hls/pipe_mul_shared.mlir");
    let p = path.to_str().unwrap();
    let out = bin()
        .args([
            p,
            "--emit",
            "verilog",
            "--report",
            "-",
            "--clock-period",
            "5",
            "--max-mul",
            "1",
            "--pipeline",
        ])
        .output()
        .expect("run rmlir-hls");
    let report = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{report}");
    let sv = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(report.matches("pipelined II=").count(), 3, "three pipelined loops: {report}");
    let units = report.lines().find_map(|l| l.trim().strip_prefix("units: ")).expect("a units line");
    let pipelined32: Vec<&str> = units.split(", ").filter(|u| u.ends_with(" x mul_pipelined32")).collect();
    assert_eq!(pipelined32, ["1 x mul_pipelined32"], "one shared 32-bit unit: {report}");
    let k = load(&path);
    let sets: Vec<_> = data_sets(&k, 2).into_iter().map(|(_, a)| a).collect();
    let refs = reference::reference(&k.modern, &k.sig, &k.types, &sets);
    let line =
        report.lines().find(|l| l.starts_with("function pipe_mul_shared: latency ")).expect("a report line");
    let cycles: u64 = line.split_whitespace().nth(3).and_then(|v| v.parse().ok()).expect("a fixed latency");
    for (set, (args, expected)) in sets.iter().zip(&refs).enumerate() {
        let (_, outcome) = interpret(&k, args);
        let spec = tb_spec(&k, args, 10 * outcome.steps + 1000);
        let run = run_icarus(&sv, &spec).unwrap_or_else(|e| panic!("data set {set}: Icarus: {e}"));
        let what = format!("pipe_mul_shared --pipeline, data set {set}: Icarus vs mlir-cpu-runner");
        assert_eq!(run.cycles, cycles, "data set {set}: the report's latency vs Icarus' cycles");
        assert_runs_eq(&what, expected, &as_ref_run(&run, &k, &spec), &k.sig);
    }
}
