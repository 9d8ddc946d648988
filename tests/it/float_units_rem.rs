//! The remainder unit (`arith.remf`, C's `fmod`) of `hls::float::units` as HLS builds it —
//! sequential, the rows per cycle and cuts its table picks at 10 ns — emitted as
//! SystemVerilog and run in Icarus with a generated test bench, in `f32` and `f16`: special
//! values pairwise (zeros, subnormals, the largest finite, infinities, NaNs), then random
//! operands biased toward the exponent extremes (the longest reductions). Every result must
//! equal Rust's `f32` `%` (for `f16`: the `f64` `%` of the exact values, converted back:
//! `fmod` is exact) bit for bit, any NaN for a NaN, and every operation must take the
//! latency of the unit's table.

use crate::support::{run, Tool};
use comb::rng::Rng;
use comb::{Design, ModuleId};
use hls::float::units::{ds_unit, min_latency, unit_module, FUnit};
use hls::float::{soft, FloatFormat};
use std::fmt::Write as _;

/// The special patterns of `f`, both signs.
fn specials(f: FloatFormat) -> Vec<u64> {
    let one = (f.bias() as u64) << f.man;
    let top = f.exp_max() - 1;
    let mags = [
        0,
        1,
        3,
        f.man_mask(),
        1 << f.man,
        (1 << f.man) | 1,
        (top << f.man) | f.man_mask(),
        (top << f.man) | 1,
        one,
        one + 1,
        one - 1,
        one | (1 << (f.man - 1)),
        f.inf(false),
        f.default_nan(),
        f.inf(false) | 1,
    ];
    mags.iter().flat_map(|&m| [m, m | f.sign_bit()]).collect()
}

/// A random pattern of `f`: uniform bits or an exponent near an edge or the bias.
fn random(rng: &mut Rng, f: FloatFormat) -> u64 {
    let man = rng.next_u64() & f.man_mask();
    let sign = rng.below(2) == 1;
    let exp = match rng.below(4) {
        0 => return rng.next_u64() & f.mask(),
        1 => rng.below(4),
        2 => f.bias() as u64 - 4 + rng.below(8),
        _ => f.exp_max() - 1 - rng.below(4),
    };
    f.pack(sign, exp, man)
}

fn vectors(f: FloatFormat, n: usize) -> Vec<(u64, u64)> {
    let s = specials(f);
    let mut v: Vec<(u64, u64)> = s.iter().flat_map(|&a| s.iter().map(move |&b| (a, b))).collect();
    let mut rng = Rng::new(23);
    while v.len() < n {
        v.push((random(&mut rng, f), random(&mut rng, f)));
    }
    v
}

/// The bench: each vector started, then waited for until `done`; writes the result and the
/// cycles from start to done.
fn bench(n: usize, w: u32) -> String {
    let mut s = String::new();
    let _ = write!(
        s,
        "`timescale 1ns/1ns
module tb;
  reg clk = 0;
  always #5 clk = ~clk;
  reg [{hi}:0] va [0:{last}];
  reg [{hi}:0] vb [0:{last}];
  reg [{hi}:0] a = 0, b = 0;
  reg start = 0;
  wire [{hi}:0] y;
  wire done, busy;
  frem u (.clk(clk), .a(a), .b(b), .start(start), .y(y), .done(done), .busy(busy));
  integer k, cyc, f;
  initial begin
    $readmemh(\"a.hex\", va);
    $readmemh(\"b.hex\", vb);
    f = $fopen(\"out.txt\", \"w\");
    for (k = 0; k < {n}; k = k + 1) begin
      @(negedge clk);
      a = va[k]; b = vb[k]; start = 1;
      @(negedge clk);
      start = 0; cyc = 1;
      while (!done && cyc < 5000) begin @(negedge clk); cyc = cyc + 1; end
      $fwrite(f, \"%h %0d\\n\", y, cyc);
    end
    $fclose(f);
    $finish;
  end
endmodule
",
        hi = w - 1,
        last = n - 1,
    );
    s
}

/// Runs the sequential remainder of `f` in Icarus on `v`: (result, cycles) per vector, and
/// the table's latency.
fn icarus(f: FloatFormat, v: &[(u64, u64)]) -> (Vec<(u64, u32)>, u32) {
    let seq = ds_unit::seq_unit(FUnit::Rem, f, 10.0).expect("a sequential remainder");
    let lat = min_latency(seq, f, 10.0);
    let mut m = unit_module(seq, f, 0);
    m.name = "frem".into();
    let sv = backends::verilog::emit(&Design { modules: vec![m], top: Some(ModuleId(0)) });
    let dir = tempfile::tempdir().expect("a temporary directory");
    let digits = f.width().div_ceil(4) as usize;
    let hex =
        |g: fn(&(u64, u64)) -> u64| v.iter().map(|p| format!("{:0digits$x}\n", g(p))).collect::<String>();
    std::fs::write(dir.path().join("a.hex"), hex(|p| p.0)).expect("write a.hex");
    std::fs::write(dir.path().join("b.hex"), hex(|p| p.1)).expect("write b.hex");
    std::fs::write(dir.path().join("design.sv"), sv).expect("write design.sv");
    std::fs::write(dir.path().join("tb.sv"), bench(v.len(), f.width())).expect("write tb.sv");
    run(Tool::Iverilog.command().current_dir(dir.path()).args(["-g2012", "-o", "sim", "tb.sv", "design.sv"]));
    run(Tool::Vvp.command().current_dir(dir.path()).args(["-n", "sim"]));
    let out = std::fs::read_to_string(dir.path().join("out.txt")).expect("the bench's output");
    let got = out
        .lines()
        .map(|line| {
            let w: Vec<&str> = line.split_whitespace().collect();
            let val = u64::from_str_radix(w[0], 16).unwrap_or_else(|_| panic!("a hex result, not '{line}'"));
            (val, w[1].parse::<u32>().expect("a cycle count"))
        })
        .collect();
    (got, lat)
}

fn judge(f: FloatFormat, v: &[(u64, u64)], want: impl Fn(u64, u64) -> u64) {
    let (got, lat) = icarus(f, v);
    assert_eq!(got.len(), v.len(), "one result per vector");
    for (i, (&(a, b), &(y, cycles))) in v.iter().zip(&got).enumerate() {
        let w = want(a, b);
        assert!(f.same_result(y, w), "{f} {a:#x} rem {b:#x}: {y:#x}, want {w:#x}");
        assert_eq!(cycles, lat, "{f} remainder {i} took {cycles} cycles, the table says {lat}");
    }
}

#[test]
fn f32_remainder_in_icarus_matches_rust() {
    let f = FloatFormat::F32;
    judge(f, &vectors(f, 1500), |a, b| {
        u64::from((f32::from_bits(a as u32) % f32::from_bits(b as u32)).to_bits())
    });
}

#[test]
fn f16_remainder_in_icarus_matches_f64_fmod() {
    let (f, d) = (FloatFormat::F16, FloatFormat::F64);
    judge(f, &vectors(f, 4000), |a, b| {
        let x = f64::from_bits(soft::convert(f, d, a)) % f64::from_bits(soft::convert(f, d, b));
        soft::convert(d, f, x.to_bits())
    });
}
