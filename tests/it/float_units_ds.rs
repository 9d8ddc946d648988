//! The f32 divider (pipelined and sequential) and square root (pipelined) of
//! `hls::float::units`, emitted as SystemVerilog and run in Icarus with a generated test
//! bench over a few thousand vectors (special values pairwise, then random operands biased
//! toward subnormal, unit and overflowing exponents); every result must equal Rust's `f32`
//! arithmetic bit for bit (any NaN for a NaN), and every sequential operation must take the
//! latency the unit's table gives. One Icarus run for all three units.

use crate::support::{run, Tool};
use comb::rng::Rng;
use comb::{Design, ModuleId};
use hls::float::units::{ds_unit, min_latency, unit_module, FUnit};
use hls::float::FloatFormat;
use std::fmt::Write as _;

const F32: FloatFormat = FloatFormat::F32;

/// Special f32 patterns, both signs.
fn specials() -> Vec<u32> {
    let mags = [
        0u32,
        1,
        0x007f_ffff,
        0x0080_0000,
        0x0080_0001,
        0x7f7f_ffff,
        0x3f80_0000,
        0x3f80_0001,
        0x3f7f_ffff,
        0x3fc0_0000,
        0x4040_0000,
        0x7f80_0000,
        0x7fc0_0000,
        0x7f80_0001,
    ];
    mags.iter().flat_map(|&m| [m, m | 0x8000_0000]).collect()
}

/// A random f32 pattern: uniform bits or an exponent near an edge.
fn random(rng: &mut Rng) -> u32 {
    let man = (rng.next_u64() as u32) & 0x007f_ffff;
    let sign = (rng.below(2) as u32) << 31;
    let exp = match rng.below(4) {
        0 => return rng.next_u64() as u32,
        1 => rng.below(8) as u32,
        2 => 123 + rng.below(8) as u32,
        _ => 254 - rng.below(8) as u32,
    };
    sign | (exp << 23) | man
}

fn vectors() -> Vec<(u32, u32)> {
    let s = specials();
    let mut v: Vec<(u32, u32)> = s.iter().flat_map(|&a| s.iter().map(move |&b| (a, b))).collect();
    let mut rng = Rng::new(21);
    while v.len() < 3000 {
        v.push((random(&mut rng), random(&mut rng)));
    }
    v
}

/// The bench: the pipelined units get a vector every cycle and their outputs are written
/// `latency` cycles later; then the sequential divider runs each vector, start to done.
fn bench(n: usize, (ldiv, lsqrt): (u32, u32)) -> String {
    let mut s = String::new();
    let _ = write!(
        s,
        "`timescale 1ns/1ns
module tb;
  reg clk = 0;
  always #5 clk = ~clk;
  reg [31:0] va [0:{last}];
  reg [31:0] vb [0:{last}];
  reg [31:0] a = 0, b = 0, sa = 0, sb = 0;
  reg start = 0;
  wire [31:0] qdiv, qsqrt, qseq;
  wire done, busy;
  fdiv_pipe u_div (.clk(clk), .a(a), .b(b), .y(qdiv));
  fsqrt_pipe u_sqrt (.clk(clk), .a(a), .y(qsqrt));
  fdiv_seq u_seq (.clk(clk), .a(sa), .b(sb), .start(start), .y(qseq), .done(done), .busy(busy));
  integer k, cyc, f;
  initial begin
    $readmemh(\"a.hex\", va);
    $readmemh(\"b.hex\", vb);
    f = $fopen(\"out.txt\", \"w\");
    for (k = 0; k < {n} + {lmax}; k = k + 1) begin
      @(negedge clk);
      if (k < {n}) begin a = va[k]; b = vb[k]; end
      #1;
      if (k >= {ldiv} && k < {n} + {ldiv}) $fwrite(f, \"d %h\\n\", qdiv);
      if (k >= {lsqrt} && k < {n} + {lsqrt}) $fwrite(f, \"s %h\\n\", qsqrt);
    end
    for (k = 0; k < {n}; k = k + 1) begin
      @(negedge clk);
      sa = va[k]; sb = vb[k]; start = 1;
      @(negedge clk);
      start = 0; cyc = 1;
      while (!done && cyc < 1000) begin @(negedge clk); cyc = cyc + 1; end
      $fwrite(f, \"q %h %0d\\n\", qseq, cyc);
    end
    $fclose(f);
    $finish;
  end
endmodule
",
        last = n - 1,
        lmax = ldiv.max(lsqrt),
    );
    s
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
    let v = vectors();
    let dir = tempfile::tempdir().expect("a temporary directory");
    let hex = |f: fn(&(u32, u32)) -> u32| v.iter().map(|p| format!("{:08x}\n", f(p))).collect::<String>();
    std::fs::write(dir.path().join("a.hex"), hex(|p| p.0)).expect("write a.hex");
    std::fs::write(dir.path().join("b.hex"), hex(|p| p.1)).expect("write b.hex");
    std::fs::write(dir.path().join("design.sv"), sv).expect("write design.sv");
    std::fs::write(dir.path().join("tb.sv"), bench(v.len(), (ldiv, lsqrt))).expect("write tb.sv");
    run(Tool::Iverilog.command().current_dir(dir.path()).args(["-g2012", "-o", "sim", "tb.sv", "design.sv"]));
    run(Tool::Vvp.command().current_dir(dir.path()).args(["-n", "sim"]));
    let out = std::fs::read_to_string(dir.path().join("out.txt")).expect("the bench's output");
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
        let (x, y) = (f32::from_bits(a), f32::from_bits(b));
        let div = (x / y).to_bits();
        assert!(same(d[i], div), "pipelined {a:#010x} / {b:#010x}: {:#010x}, want {div:#010x}", d[i]);
        assert!(same(q[i].0, div), "sequential {a:#010x} / {b:#010x}: {:#010x}, want {div:#010x}", q[i].0);
        assert_eq!(q[i].1, lseq, "sequential division {i} took {} cycles, the table says {lseq}", q[i].1);
        let root = x.sqrt().to_bits();
        assert!(same(s[i], root), "sqrt {a:#010x}: {:#010x}, want {root:#010x}", s[i]);
    }
}
