//! The f32 divider (pipelined and sequential) and square root (pipelined) of
//! `hls::float::units`, emitted as SystemVerilog and run in Icarus with a generated test
//! bench over a few thousand vectors (special values pairwise, then random operands biased
//! toward subnormal, unit and overflowing exponents); every result must equal Rust's `f32`
//! arithmetic bit for bit (any NaN for a NaN), and every sequential operation must take the
//! latency the unit's table gives. One Icarus run for all three units.

use crate::support::float_bench::{bench, icarus, sequential_loop, vectors};
use comb::{Design, ModuleId};
use hls::float::units::{ds_unit, min_latency, unit_module, FUnit};
use hls::float::FloatFormat;

const F32: FloatFormat = FloatFormat::F32;

/// The bench: the pipelined units get a vector every cycle and their outputs are written
/// `latency` cycles later; then the sequential divider runs each vector, start to done.
fn tb(n: usize, (ldiv, lsqrt): (u32, u32)) -> String {
    let decls = "  reg [31:0] a = 0, b = 0, sa = 0, sb = 0;
  reg start = 0;
  wire [31:0] qdiv, qsqrt, qseq;
  wire done, busy;
  fdiv_pipe u_div (.clk(clk), .a(a), .b(b), .y(qdiv));
  fsqrt_pipe u_sqrt (.clk(clk), .a(a), .y(qsqrt));
  fdiv_seq u_seq (.clk(clk), .a(sa), .b(sb), .start(start), .y(qseq), .done(done), .busy(busy));
";
    let pipelined = format!(
        "    for (k = 0; k < {n} + {lmax}; k = k + 1) begin
      @(negedge clk);
      if (k < {n}) begin a = va[k]; b = vb[k]; end
      #1;
      if (k >= {ldiv} && k < {n} + {ldiv}) $fwrite(f, \"d %h\\n\", qdiv);
      if (k >= {lsqrt} && k < {n} + {lsqrt}) $fwrite(f, \"s %h\\n\", qsqrt);
    end
",
        lmax = ldiv.max(lsqrt),
    );
    let body = pipelined + &sequential_loop(n, ("sa", "sb", "qseq"), "q", 1000);
    bench(n, 32, decls, &body)
}

fn same(got: u32, want: u32) -> bool {
    F32.same_result(u64::from(got), u64::from(want))
}

#[test]
fn f32_divider_and_square_root_in_icarus_match_rust() {
    let lat = |k| min_latency(k, F32, 10.0);
    let (ldiv, lsqrt) = (lat(FUnit::Div), lat(FUnit::Sqrt));
    let seq = ds_unit::seq_unit(FUnit::Div, F32, 10.0).expect("a sequential divider");
    let lseq = lat(seq);
    let mut modules = vec![
        unit_module(FUnit::Div, F32, ldiv),
        unit_module(FUnit::Sqrt, F32, lsqrt),
        unit_module(seq, F32, 0),
    ];
    for (m, name) in modules.iter_mut().zip(["fdiv_pipe", "fsqrt_pipe", "fdiv_seq"]) {
        m.name = name.to_string();
    }
    let design = Design { modules, top: Some(ModuleId(2)) };
    let sv = backends::verilog::emit(&design);
    let v = vectors(F32, 3000, 21);
    let out = icarus(&sv, &tb(v.len(), (ldiv, lsqrt)), &v, 32);
    let (mut d, mut s, mut q) = (Vec::new(), Vec::new(), Vec::new());
    for line in out.lines() {
        let w: Vec<&str> = line.split_whitespace().collect();
        let val = u32::from_str_radix(w[1], 16).unwrap_or_else(|_| panic!("a hex result, not '{line}'"));
        match w[0] {
            "d" => d.push(val),
            "s" => s.push(val),
            _ => q.push((val, w[2].parse::<u32>().expect("a cycle count"))),
        }
    }
    assert_eq!((d.len(), s.len(), q.len()), (v.len(), v.len(), v.len()), "one result per vector and unit");
    for (i, &(a, b)) in v.iter().enumerate() {
        let (a, b) = (a as u32, b as u32);
        let (x, y) = (f32::from_bits(a), f32::from_bits(b));
        let div = (x / y).to_bits();
        assert!(same(d[i], div), "pipelined {a:#010x} / {b:#010x}: {:#010x}, want {div:#010x}", d[i]);
        assert!(same(q[i].0, div), "sequential {a:#010x} / {b:#010x}: {:#010x}, want {div:#010x}", q[i].0);
        assert_eq!(q[i].1, lseq, "sequential division {i} took {} cycles, the table says {lseq}", q[i].1);
        let root = x.sqrt().to_bits();
        assert!(same(s[i], root), "sqrt {a:#010x}: {:#010x}, want {root:#010x}", s[i]);
    }
}
