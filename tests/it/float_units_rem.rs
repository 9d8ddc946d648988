//! The remainder unit (`arith.remf`, C's `fmod`) of `hls::float::units` as HLS builds it —
//! sequential, the rows per cycle and cuts its table picks at 10 ns — emitted as
//! SystemVerilog and run in Icarus with a generated test bench, in `f32` and `f16`: special
//! values pairwise (zeros, subnormals, the largest finite, infinities, NaNs), then random
//! operands biased toward the exponent extremes (the longest reductions). Every result must
//! equal Rust's `f32` `%` (for `f16`: the `f64` `%` of the exact values, converted back:
//! `fmod` is exact) bit for bit, any NaN for a NaN, and every operation must take the
//! latency of the unit's table.

use crate::support::float_bench::{bench, icarus, sequential_loop, vectors};
use comb::{Design, ModuleId};
use hls::float::units::{ds_unit, min_latency, unit_module, FUnit};
use hls::float::{soft, FloatFormat};

/// The bench: each vector started, then waited for until `done`; writes the result and the
/// cycles from start to done.
fn tb(n: usize, w: u32) -> String {
    let decls = format!(
        "  reg [{hi}:0] a = 0, b = 0;
  reg start = 0;
  wire [{hi}:0] y;
  wire done, busy;
  frem u (.clk(clk), .a(a), .b(b), .start(start), .y(y), .done(done), .busy(busy));
",
        hi = w - 1
    );
    bench(n, w, &decls, &sequential_loop(n, ("a", "b", "y"), "", 5000))
}

/// Runs the sequential remainder of `f` in Icarus on `v`: (result, cycles) per vector, and
/// the table's latency.
fn run_unit(f: FloatFormat, v: &[(u64, u64)]) -> (Vec<(u64, u32)>, u32) {
    let seq = ds_unit::seq_unit(FUnit::Rem, f, 10.0).expect("a sequential remainder");
    let lat = min_latency(seq, f, 10.0);
    let mut m = unit_module(seq, f, 0);
    m.name = "frem".into();
    let sv = backends::verilog::emit(&Design { modules: vec![m], top: Some(ModuleId(0)) });
    let out = icarus(&sv, &tb(v.len(), f.width()), v, f.width());
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
    let (got, lat) = run_unit(f, v);
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
    judge(f, &vectors(f, 1500, 23), |a, b| {
        u64::from((f32::from_bits(a as u32) % f32::from_bits(b as u32)).to_bits())
    });
}

#[test]
fn f16_remainder_in_icarus_matches_f64_fmod() {
    let (f, d) = (FloatFormat::F16, FloatFormat::F64);
    judge(f, &vectors(f, 4000, 23), |a, b| {
        let x = f64::from_bits(soft::convert(f, d, a)) % f64::from_bits(soft::convert(f, d, b));
        soft::convert(d, f, x.to_bits())
    });
}
