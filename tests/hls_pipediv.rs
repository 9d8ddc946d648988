//! Pipelined dividers (`hls/src/gen/pipediv.rs`) on the operands mlir-cpu-runner cannot
//! judge (division by zero and `MIN / -1` trap on x86): a pipelined loop dividing by a
//! variable, synthesized once with `hls.pipeline` (pipelined dividers, II = 4: the stores) and once
//! without (sequential dividers), both simulated under Icarus with SPEC section 4 block-RAM
//! models on the same data, must give the same memories word for word; and every defined
//! element must be what Rust's own arithmetic gives, `MIN / -1` must be `MIN`, and division
//! by zero the sequential divider's all-ones quotient and dividend remainder. (The division
//! and the remainder of one pair of operands share a pipelined unit with both outputs.)

mod common;
mod hls_support;

use hls_support::icarus::{run_icarus, TbMem, TbSpec};
use std::process::Command;

const N: usize = 16;

fn kernel(pipelined: bool) -> String {
    format!(
        "func.func @pdiv(%a: memref<16xi16>, %b: memref<16xi16>, %o: memref<4x16xi16>) {{
  affine.for %i = 0 to 16 {{
    %x = affine.load %a[%i] : memref<16xi16>
    %y = affine.load %b[%i] : memref<16xi16>
    %q = arith.divsi %x, %y : i16
    %r = arith.remsi %x, %y : i16
    %u = arith.divui %x, %y : i16
    %v = arith.remui %x, %y : i16
    affine.store %q, %o[0, %i] : memref<4x16xi16>
    affine.store %r, %o[1, %i] : memref<4x16xi16>
    affine.store %u, %o[2, %i] : memref<4x16xi16>
    affine.store %v, %o[3, %i] : memref<4x16xi16>
  }}{}
  return
}}
",
        if pipelined { " {hls.pipeline}" } else { "" }
    )
}

/// Synthesizes `text` to SystemVerilog; returns it and the `--report -` table.
fn synthesize(dir: &std::path::Path, name: &str, text: &str) -> (String, String) {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_rmlir-hls"))
        .args([path.to_str().unwrap(), "--emit", "verilog", "--report", "-"])
        .output()
        .expect("run rmlir-hls");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{name}: {err}");
    (String::from_utf8_lossy(&out.stdout).into_owned(), err)
}

#[test]
fn pipelined_dividers_equal_sequential_ones_on_zero_and_overflow() {
    let min = 0x8000u64;
    let mut a: Vec<u64> =
        vec![min, min, 7, 0xfff9, 0, 5, 0x7fff, 0xffff, min, 1234, 0xfb2e, 3, 0x7fff, min, 9, 0];
    let mut b: Vec<u64> =
        vec![0xffff, 0, 0, 0, 0, 3, 0xffff, 0, 1, 0xfff9, 37, 0x8000, 0x7fff, 2, 0xfffe, 0xffff];
    a.truncate(N);
    b.truncate(N);
    let dir = tempfile::tempdir().unwrap();
    let (pipe_sv, pipe_report) = synthesize(dir.path(), "pipe.mlir", &kernel(true));
    let (seq_sv, seq_report) = synthesize(dir.path(), "seq.mlir", &kernel(false));
    assert!(pipe_report.contains("pipelined II=4"), "{pipe_report}");
    // Each division and remainder of the same operands share one unit with both outputs.
    assert!(pipe_report.contains("1 x divsrem_pipelined16, 1 x divurem_pipelined16"), "{pipe_report}");
    assert!(!seq_report.contains("pipelined"), "{seq_report}");
    let mem =
        |name: &str, data: Vec<u64>| TbMem { name: name.into(), depth: data.len() as u64, width: 16, data };
    let spec = TbSpec {
        top: "pdiv".into(),
        scalars: Vec::new(),
        mems: vec![mem("a", a.clone()), mem("b", b.clone()), mem("o", vec![0; 4 * N])],
        results: Vec::new(),
        max_cycles: 20_000,
    };
    let pipe = run_icarus(&pipe_sv, &spec).expect("Icarus on the pipelined design");
    let seq = run_icarus(&seq_sv, &spec).expect("Icarus on the sequential design");
    assert_eq!(pipe.memories, seq.memories, "pipelined vs sequential dividers");
    assert!(pipe.cycles * 4 < seq.cycles, "II = 4 is much faster: {} vs {} cycles", pipe.cycles, seq.cycles);
    let o = &pipe.memories[2];
    let sx = |v: u64| v as u16 as i16;
    for i in 0..N {
        let (x, y) = (sx(a[i]), sx(b[i]));
        let got = [o[i], o[N + i], o[2 * N + i], o[3 * N + i]];
        let want: [u64; 4] = if y == 0 {
            // The sequential divider's answer (MLIR leaves it undefined): all ones, the dividend.
            let q = if x < 0 { 1 } else { 0xffff };
            [q, a[i], 0xffff, a[i]]
        } else {
            let (q, r) = (x.wrapping_div(y), x.wrapping_rem(y));
            [q as u16 as u64, r as u16 as u64, a[i] / b[i], a[i] % b[i]]
        };
        assert_eq!(got, want, "element {i}: {x} and {y}");
    }
    // MIN / -1 = MIN, remainder 0.
    assert_eq!((o[0], o[N]), (min, 0));
}
