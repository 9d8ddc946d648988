//! The f32 adder and multiplier (combinational and 3-stage pipelined) as SystemVerilog, run
//! in Icarus Verilog over special and random operands and compared with Rust's f32
//! arithmetic (issue 21). One Icarus run covers the four units; the pipelined ones are
//! streamed, a new operation every cycle. Skipped when `iverilog` is not installed.

use crate::support::tools::{self, run, Tool};
use comb::{Design, ModuleId};
use hls::float::units::{unit_module, FUnit};
use hls::float::FloatFormat;
use std::fmt::Write as _;

const UNITS: [(FUnit, u32); 4] = [(FUnit::Add, 0), (FUnit::Add, 3), (FUnit::Mul, 0), (FUnit::Mul, 3)];

fn operands() -> Vec<(u32, u32)> {
    let mags: [u32; 16] = [
        0,
        1,
        2,
        0x007F_FFFF,
        0x0080_0000,
        0x0080_0001,
        0x3F80_0000,
        0x3F80_0001,
        0x3FC0_0000,
        0x3F7F_FFFF,
        0x4000_0000,
        0x7F7F_FFFF,
        0x7F00_0000,
        0x4B80_0001,
        0x7F80_0000,
        0x7FC0_0000,
    ];
    let sp: Vec<u32> = mags.iter().flat_map(|&m| [m, m | 0x8000_0000]).collect();
    let mut v: Vec<(u32, u32)> = sp.iter().flat_map(|&a| sp.iter().map(move |&b| (a, b))).collect();
    let mut s = 0x9E37_79B9_7F4A_7C15u64;
    for i in 0..3000 {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        let (a, r) = ((s >> 32) as u32, s as u32);
        // A third of the pairs close together (cancellation), a third with a tiny operand.
        let b = match i % 3 {
            0 => r,
            1 => (a ^ (r & 0x8000_0000)).wrapping_add(r & 0xF),
            _ => (r & 0x8000_0000) | (r & 0x00FF_FFFF),
        };
        v.push((a, b));
    }
    v
}

fn same(a: u32, b: u32) -> bool {
    a == b || (f32::from_bits(a).is_nan() && f32::from_bits(b).is_nan())
}

fn testbench(n: usize) -> String {
    let mut tb = String::from("module tb;\n  reg clk = 0;\n  reg [31:0] a, b;\n");
    let _ = writeln!(tb, "  reg [31:0] va [0:{}];\n  reg [31:0] vb [0:{}];", n - 1, n - 1);
    for (k, &(kind, l)) in UNITS.iter().enumerate() {
        let m = unit_module(kind, FloatFormat::F32, l).name;
        let clk = if l > 0 { ".clk(clk), " } else { "" };
        let _ = writeln!(tb, "  wire [31:0] y{k};\n  {m} u{k}({clk}.a(a), .b(b), .y(y{k}));");
    }
    let _ = writeln!(
        tb,
        "  integer i;\n  initial begin\n    $readmemh(\"a.hex\", va);\n    $readmemh(\"b.hex\", vb);\n    \
         for (i = 0; i < {}; i = i + 1) begin\n      if (i < {n}) begin a = va[i]; b = vb[i]; end\n      \
         #1 $display(\"%h %h %h %h\", y0, y1, y2, y3);\n      clk = 1;\n      #1 clk = 0;\n    end\n    \
         $finish;\n  end\nendmodule",
        n + 3
    );
    tb
}

#[test]
fn f32_units_in_icarus() {
    let modules: Vec<_> = UNITS.iter().map(|&(k, l)| unit_module(k, FloatFormat::F32, l)).collect();
    let design = Design { modules, top: Some(ModuleId(0)) };
    let sv = backends::verilog::emit(&design);
    let ops = operands();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("units.sv"), sv).unwrap();
    std::fs::write(d.join("tb.sv"), testbench(ops.len())).unwrap();
    let hex = |f: fn(&(u32, u32)) -> u32| ops.iter().map(|o| format!("{:08x}\n", f(o))).collect::<String>();
    std::fs::write(d.join("a.hex"), hex(|o| o.0)).unwrap();
    std::fs::write(d.join("b.hex"), hex(|o| o.1)).unwrap();
    run(Tool::Iverilog.in_dir(d).args(["-g2012", "-o", "sim", "units.sv", "tb.sv"]));
    let text = tools::output(Tool::Vvp.in_dir(d).args(["-n", "sim"]), None).expect_success("vvp").stdout;
    let lines: Vec<Vec<u32>> = text
        .lines()
        .filter(|l| l.split_whitespace().count() == 4)
        .map(|l| l.split_whitespace().map(|h| u32::from_str_radix(h, 16).unwrap_or(0xDEAD_BEEF)).collect())
        .collect();
    assert_eq!(lines.len(), ops.len() + 3, "one line per cycle");
    let mut bad = Vec::new();
    for (i, &(a, b)) in ops.iter().enumerate() {
        let (x, y) = (f32::from_bits(a), f32::from_bits(b));
        for (k, &(kind, l)) in UNITS.iter().enumerate() {
            let want = if kind == FUnit::Add { x + y } else { x * y }.to_bits();
            let got = lines[i + l as usize][k];
            if !same(got, want) {
                bad.push(format!("{kind:?} L{l}: {a:08x} {b:08x} gave {got:08x}, want {want:08x}"));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} mismatches of {}, first: {:?}",
        bad.len(),
        4 * ops.len(),
        &bad[..bad.len().min(8)]
    );
}

/// For `bench/float_units.py`: prints the latency table and, when `FLOAT_UNITS_SV_DIR` is
/// set, writes the f32 add and mul units (the mul also with 4-bit and 1-bit rows) at latencies
/// 0 to 7 there as SystemVerilog (run
/// with `--ignored --nocapture`).
#[test]
#[ignore]
fn latency_table_and_sv() {
    use hls::float::units::{min_latency_with, stage_delays_with, unit_module_with, UnitOptions};
    println!("unit\tformat\tmul_tile\tcomb_ns\tlatency@10ns\tstages_ns");
    let tiled = UnitOptions { mul_tile: Some(4) };
    let rows1 = UnitOptions { mul_tile: Some(1) };
    for f in [FloatFormat::F16, FloatFormat::BF16, FloatFormat::F32, FloatFormat::F64] {
        for k in [FUnit::Add, FUnit::Mul, FUnit::Fma] {
            for o in [UnitOptions::default(), tiled, rows1] {
                if k == FUnit::Add && o != UnitOptions::default() {
                    continue;
                }
                let comb = stage_delays_with(k, f, 0, &o)[0];
                let l = min_latency_with(k, f, 10.0, &o);
                let st: Vec<String> =
                    stage_delays_with(k, f, l, &o).iter().map(|d| format!("{d:.1}")).collect();
                let t = o.mul_tile.map_or("-".to_string(), |t| t.to_string());
                println!("{}\t{f}\t{t}\t{comb:.1}\t{l}\t{}", k.name(), st.join(" "));
            }
        }
    }
    let Ok(dir) = std::env::var("FLOAT_UNITS_SV_DIR") else { return };
    let units = [
        (FUnit::Add, UnitOptions::default()),
        (FUnit::Mul, UnitOptions::default()),
        (FUnit::Mul, tiled),
        (FUnit::Mul, rows1),
    ];
    for (k, o) in units {
        for l in 0..=7 {
            let m = unit_module_with(k, FloatFormat::F32, l, &o);
            let path = format!("{dir}/{}.sv", m.name);
            let sv = backends::verilog::emit(&Design { modules: vec![m], top: Some(ModuleId(0)) });
            std::fs::write(&path, sv).unwrap();
        }
    }
}
