//! Float unit benchmark (issue 21): not a test. Three modes:
//!
//! - `model`: the latency table at 10 ns (delay estimate of `hls::float::units::pipeline`)
//!   for add and mul in every format, the multiplier built each way (compressor tree, 1-bit
//!   rows, one `Mul` cell), with the estimated stage delays;
//! - `stages`: per f32 module `sv` writes (every latency), the estimated stage delays and
//!   register-to-register period, to set beside nextpnr's Fmax of the same module;
//! - `sv DIR`: writes the f32 adder and the f32 multipliers at latencies 2 to 7 as
//!   `hw` MLIR (`DIR/{module}.mlir`) for `bench/float_fpga.sh` (`rmlir-hls fpga` on each);
//! - `vectors N [ICARUS_N [FORMAT]]`: N random operand tuples per op and format (drawn by the
//!   vector campaign's generator, `bench/fvectors/operands.rs`: specials, ties and
//!   narrow exponent ranges mixed in) through the generated units (as HLS builds them,
//!   combinational), simulated by the in-tree netlist evaluator, against Rust's `f32`/`f64`
//!   (and the `half` crate for f16/bf16); prints pairs and mismatches per op and format.
//!   With ICARUS_N, the first ICARUS_N tuples of each f32 unit also run through Icarus
//!   Verilog (the emitted SystemVerilog) and are compared the same way.
//!
//! `cargo run --release --example float_units -- vectors 1000000 2000`

use comb::eval::Simulator;
use comb::{Bits, Design, ModuleId};
use half::{bf16, f16};
use hls::float::units::fcmp::MinMax;
use hls::float::units::{min_latency_with, stage_delays_with, unit_module_with, FUnit, UnitOptions};
use hls::float::{FCmpPred, FloatFormat};
use hls::schedule::float_timing::UNIT_OPTIONS;
use std::fmt::Write as _;
use std::process::Command;

#[path = "fvectors/operands.rs"]
mod operands;

const FORMATS: [FloatFormat; 4] = [FloatFormat::F16, FloatFormat::BF16, FloatFormat::F32, FloatFormat::F64];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("model") => model(),
        Some("sv") => sv(args.get(1).expect("sv DIR")),
        Some("path") => path(args.get(1).map_or("0", String::as_str)),
        Some("stages") => stages(),
        Some("vectors") => {
            let n = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1_000_000);
            let icarus = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(0);
            let only = args.get(3).cloned();
            vectors(n, icarus, only.as_deref());
        }
        _ => eprintln!(
            "usage: float_units model | stages | path TILE | sv DIR | vectors N [ICARUS_N [FORMAT]]"
        ),
    }
}

fn mul_options() -> [(&'static str, UnitOptions); 3] {
    [
        ("tree", UnitOptions { mul_tile: Some(0) }),
        ("rows1", UnitOptions { mul_tile: Some(1) }),
        ("cell", UnitOptions { mul_tile: None }),
    ]
}

fn model() {
    println!("unit\tformat\tproduct\tcomb_ns\tlatency@10ns\tstages_ns");
    for f in FORMATS {
        let mut rows = vec![(FUnit::Add, "-", UnitOptions::default())];
        rows.extend(mul_options().map(|(n, o)| (FUnit::Mul, n, o)));
        for (k, name, o) in rows {
            let comb = stage_delays_with(k, f, 0, &o)[0];
            let l = min_latency_with(k, f, 10.0, &o);
            let st: Vec<String> = stage_delays_with(k, f, l, &o).iter().map(|d| format!("{d:.1}")).collect();
            println!("{}\t{f}\t{name}\t{comb:.1}\t{l}\t{}", k.name(), st.join(" "));
        }
    }
    println!("\nlatency at 10 ns as HLS builds the units (schedule::float_timing)");
    println!("unit\tf16\tbf16\tf32\tf64");
    for k in [FUnit::Add, FUnit::Mul, FUnit::Fma, FUnit::Div, FUnit::Sqrt] {
        let l: Vec<String> = FORMATS
            .iter()
            .map(|&f| hls::schedule::float_timing::timing(k, f, 10.0).latency.to_string())
            .collect();
        println!("{}\t{}", k.name(), l.join("\t"));
    }
}

/// The estimated stage delays of the f32 units `sv` writes, per latency, and the
/// register-to-register period they predict (the longest stage plus a register pair, the
/// figure to set beside nextpnr's Fmax of the same module).
fn stages() {
    println!("module\test_period_ns\tstages_ns");
    let overhead = hls::schedule::ice40::register_overhead_ns(1);
    let mut units = vec![(FUnit::Add, UnitOptions::default())];
    units.extend(mul_options().map(|(_, o)| (FUnit::Mul, o)));
    for (k, o) in units {
        for l in 2..=7 {
            let s = stage_delays_with(k, FloatFormat::F32, l, &o);
            let name = unit_module_with(k, FloatFormat::F32, l, &o).name;
            let max = s.iter().copied().fold(0.0, f64::max);
            let st: Vec<String> = s.iter().map(|d| format!("{d:.1}")).collect();
            println!("{name}\t{:.1}\t{}", max + overhead, st.join(" "));
        }
    }
}

/// The estimated critical path of the combinational f32 multiplier (`tile`: as `mul_tile`).
fn path(tile: &str) {
    let o = UnitOptions { mul_tile: tile.parse().ok() };
    let m = unit_module_with(FUnit::Mul, FloatFormat::F32, 0, &o);
    let ins: Vec<comb::NetId> = (0..2).map(|i| m.port_net(comb::PortId(i)).expect("input")).collect();
    let y = m.port_net(comb::PortId(2)).expect("output");
    for (n, d, t) in hls::float::units::pipeline::critical_path(&m, &ins, y) {
        println!("{t:6.2} {d:5.2} {:?} w{}", m.cell(n).kind, m.width(n));
    }
}

fn sv(dir: &str) {
    std::fs::create_dir_all(dir).expect("output folder");
    let mut units = vec![(FUnit::Add, UnitOptions::default())];
    units.extend(mul_options().map(|(_, o)| (FUnit::Mul, o)));
    for (k, o) in units {
        for l in 2..=7 {
            write_unit(dir, k, FloatFormat::F32, l, &o);
        }
    }
    // At the latency HLS picks at 10 ns: the f32 fma (its product as HLS builds it and as
    // one cell, the DSP form), the pipelined f32 divider and the f64 adder.
    let at10 = |k, f| hls::schedule::float_timing::timing(k, f, 10.0).latency;
    for (_, o) in mul_options() {
        write_unit(dir, FUnit::Fma, FloatFormat::F32, at10(FUnit::Fma, FloatFormat::F32), &o);
    }
    write_unit(dir, FUnit::Div, FloatFormat::F32, at10(FUnit::Div, FloatFormat::F32), &UNIT_OPTIONS);
    write_unit(dir, FUnit::Add, FloatFormat::F64, at10(FUnit::Add, FloatFormat::F64), &UNIT_OPTIONS);
}

/// Writes unit `k` at format `f` and latency `l`, built with `o`, as `DIR/{module}.mlir`.
fn write_unit(dir: &str, k: FUnit, f: FloatFormat, l: u32, o: &UnitOptions) {
    let m = unit_module_with(k, f, l, o);
    let path = format!("{dir}/{}.mlir", m.name);
    let text = backends::mlir::emit(&Design { modules: vec![m], top: Some(ModuleId(0)) }, false);
    std::fs::write(&path, text).expect("write MLIR");
}

/// An op of the benchmark: its unit and the format's reference.
#[derive(Clone, Copy)]
enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Sqrt,
    Fma,
    Cmp(FCmpPred),
    MinMax(MinMax),
    SiToFp32,
    FpToSi32,
    /// To the next wider (f16, bf16 -> f32; f32 -> f64) or from f64 to f32.
    Convert,
}

impl Op {
    fn name(self) -> String {
        match self {
            Op::Cmp(p) => format!("cmpf {p:?}"),
            Op::MinMax(m) => format!("{m:?}"),
            Op::SiToFp32 => "sitofp i32".into(),
            Op::FpToSi32 => "fptosi i32".into(),
            Op::Convert => "extf/truncf".into(),
            Op::Add => "addf".into(),
            Op::Sub => "subf".into(),
            Op::Mul => "mulf".into(),
            Op::Div => "divf".into(),
            Op::Sqrt => "sqrt".into(),
            Op::Fma => "fma".into(),
        }
    }

    fn unit(self, f: FloatFormat) -> FUnit {
        match self {
            Op::Add => FUnit::Add,
            Op::Sub => FUnit::Sub,
            Op::Mul => FUnit::Mul,
            Op::Div => FUnit::Div,
            Op::Sqrt => FUnit::Sqrt,
            Op::Fma => FUnit::Fma,
            Op::Cmp(p) => FUnit::Cmp(p),
            Op::MinMax(m) => FUnit::MinMax(m),
            Op::SiToFp32 => FUnit::IToFp { width: 32, signed: true },
            Op::FpToSi32 => FUnit::FpToI { width: 32, signed: true },
            Op::Convert => FUnit::Convert { to: convert_target(f) },
        }
    }
}

/// The format a conversion of `f` goes to: f32 widens to f64, every other format to f32.
fn convert_target(f: FloatFormat) -> FloatFormat {
    if f == FloatFormat::F32 {
        FloatFormat::F64
    } else {
        FloatFormat::F32
    }
}

const OPS: [Op; 15] = [
    Op::Add,
    Op::Sub,
    Op::Mul,
    Op::Div,
    Op::Sqrt,
    Op::Fma,
    Op::Cmp(FCmpPred::Olt),
    Op::Cmp(FCmpPred::Oeq),
    Op::Cmp(FCmpPred::Uge),
    Op::MinMax(MinMax::Maximum),
    Op::MinMax(MinMax::MinNum),
    Op::SiToFp32,
    Op::FpToSi32,
    Op::Convert,
    Op::Cmp(FCmpPred::Une),
];

/// A bit pattern of format `f` as f64 (exact for every format here).
fn to_f64(f: FloatFormat, x: u64) -> f64 {
    match f {
        FloatFormat::F16 => f16::from_bits(x as u16).to_f64(),
        FloatFormat::BF16 => bf16::from_bits(x as u16).to_f64(),
        FloatFormat::F32 => f64::from(f32::from_bits(x as u32)),
        _ => f64::from_bits(x),
    }
}

/// `v` rounded once into format `f` (f16/bf16 from f64: exact enough for +, -, *, /, sqrt,
/// whose f64 results round to the narrow format as the exact ones do).
fn from_f64(f: FloatFormat, v: f64) -> u64 {
    match f {
        _ if v.is_nan() => f.default_nan(),
        // (not `half`'s `from_f64`, which is not correctly rounded)
        FloatFormat::F16 | FloatFormat::BF16 => operands::round_narrow(shape(f), v),
        FloatFormat::F32 => u64::from((v as f32).to_bits()),
        _ => v.to_bits(),
    }
}

/// The expected result of `op` on `x` in format `f` (Rust's host arithmetic).
fn reference(op: Op, f: FloatFormat, x: &[u64]) -> u64 {
    let (a, b, c) = (to_f64(f, x[0]), to_f64(f, x[1]), to_f64(f, x[2]));
    match op {
        Op::Add | Op::Sub | Op::Mul | Op::Div | Op::Sqrt | Op::Fma if f == FloatFormat::F32 => {
            let (a, b, c) = (a as f32, b as f32, c as f32);
            let r = match op {
                Op::Add => a + b,
                Op::Sub => a - b,
                Op::Mul => a * b,
                Op::Div => a / b,
                Op::Sqrt => a.sqrt(),
                _ => a.mul_add(b, c),
            };
            u64::from(r.to_bits())
        }
        Op::Fma if f != FloatFormat::F64 => hls::float::soft::fma(f, x[0], x[1], x[2]),
        Op::Add => from_f64(f, a + b),
        Op::Sub => from_f64(f, a - b),
        Op::Mul => from_f64(f, a * b),
        Op::Div => from_f64(f, a / b),
        Op::Sqrt => from_f64(f, a.sqrt()),
        Op::Fma => a.mul_add(b, c).to_bits(),
        Op::Cmp(p) => u64::from(compare(p, a, b)),
        Op::MinMax(m) => min_max(m, f, x[0], x[1], a, b),
        Op::SiToFp32 => from_f64(f, f64::from(x[0] as u32 as i32)),
        Op::FpToSi32 => u64::from(a as i32 as u32),
        Op::Convert => from_f64(convert_target(f), a),
    }
}

fn compare(p: FCmpPred, a: f64, b: f64) -> bool {
    let un = a.is_nan() || b.is_nan();
    match p {
        FCmpPred::Olt => a < b,
        FCmpPred::Oeq => a == b,
        FCmpPred::Uge => un || a >= b,
        FCmpPred::Une => a != b,
        _ => unreachable!("not benchmarked"),
    }
}

fn min_max(m: MinMax, f: FloatFormat, xa: u64, xb: u64, a: f64, b: f64) -> u64 {
    let nan = f.default_nan();
    let less = a < b || (a == b && a.is_sign_negative() && !b.is_sign_negative());
    match m {
        MinMax::Maximum if a.is_nan() || b.is_nan() => nan,
        MinMax::Maximum => {
            if less {
                xb
            } else {
                xa
            }
        }
        MinMax::MinNum if a.is_nan() && b.is_nan() => nan,
        MinMax::MinNum if a.is_nan() => xb,
        MinMax::MinNum if b.is_nan() => xa,
        MinMax::MinNum => {
            if less {
                xa
            } else {
                xb
            }
        }
        _ => unreachable!("not benchmarked"),
    }
}

/// Results equal, any NaN equal to any NaN (float results only).
fn same(op: Op, f: FloatFormat, got: u64, want: u64) -> bool {
    if got == want {
        return true;
    }
    let rf = match op {
        Op::Cmp(_) | Op::FpToSi32 => return false,
        Op::Convert => convert_target(f),
        _ => f,
    };
    to_f64(rf, got).is_nan() && to_f64(rf, want).is_nan()
}

/// The operands of the vector campaign (`bench/fvectors`), in format `f`.
fn shape(f: FloatFormat) -> operands::Shape {
    operands::Shape { width: f.width(), man: f.man }
}

fn vectors(n: usize, icarus: usize, only: Option<&str>) {
    println!("op\tformat\tunit\tpairs\tmismatches\tfirst mismatch");
    let mut total = (0usize, 0usize);
    for f in FORMATS.into_iter().filter(|f| only.is_none_or(|o| o == f.to_string())) {
        for op in OPS {
            let unit = op.unit(f);
            let m = unit_module_with(unit, f, 0, &UNIT_OPTIONS);
            let name = m.name.clone();
            let ins = match unit {
                FUnit::Fma => 3,
                FUnit::Sqrt | FUnit::IToFp { .. } | FUnit::FpToI { .. } | FUnit::Convert { .. } => 1,
                _ => 2,
            };
            let design = Design { modules: vec![m], top: Some(ModuleId(0)) };
            let mut sim = Simulator::new(&design).expect("a unit simulates");
            let sp = operands::specials(shape(f));
            let mut r = operands::Rng(0x9E37_79B9_7F4A_7C15 ^ (f.width() as u64) << 32);
            let (mut bad, mut first) = (0usize, String::new());
            let mut sample = Vec::new();
            for i in 0..n {
                let mut x = [0u64; 3];
                for v in x.iter_mut().take(ins) {
                    *v = if matches!(op, Op::SiToFp32) {
                        operands::int_operand(32, &mut r)
                    } else {
                        operands::float_operand(shape(f), &sp, &mut r)
                    };
                }
                let got = run(&mut sim, &x[..ins]);
                let want = reference(op, f, &x);
                if i < icarus {
                    sample.push((x, want));
                }
                if !same(op, f, got, want) {
                    bad += 1;
                    if first.is_empty() {
                        first = format!("{x:x?} gave {got:x}, want {want:x}");
                    }
                }
            }
            total = (total.0 + n, total.1 + bad);
            println!("{}\t{f}\t{name}\t{n}\t{bad}\t{first}", op.name());
            if icarus > 0 && f == FloatFormat::F32 {
                icarus_check(&design, op, f, ins, &sample);
            }
        }
    }
    println!("total\t\t\t{}\t{}", total.0, total.1);
}

fn run(sim: &mut Simulator, x: &[u64]) -> u64 {
    for (i, &v) in x.iter().enumerate() {
        sim.set_input(["a", "b", "c"][i], Bits::from_u64(v, 64));
    }
    sim.eval();
    sim.output("y").to_u64()
}

/// The sample through Icarus: the unit's SystemVerilog and a testbench that prints `y` for
/// every tuple.
fn icarus_check(design: &Design, op: Op, f: FloatFormat, ins: usize, sample: &[([u64; 3], u64)]) {
    let dir = tempfile::tempdir().expect("temp dir");
    let m = &design.modules[0];
    let sv = backends::verilog::emit(design);
    let mut tb = String::from("module tb;\n");
    let widths: Vec<u32> = m.ports.iter().map(|p| p.width).collect();
    for (i, p) in m.ports.iter().enumerate() {
        let _ = writeln!(tb, "  logic [{}:0] {};", widths[i] - 1, p.name);
    }
    let conns: Vec<String> = m.ports.iter().map(|p| format!(".{0}({0})", p.name)).collect();
    let _ = writeln!(tb, "  {} u({});\n  initial begin", m.name, conns.join(", "));
    for (x, _) in sample {
        for (i, v) in x.iter().take(ins).enumerate() {
            let _ = writeln!(tb, "    {} = 64'h{v:x};", ["a", "b", "c"][i]);
        }
        let _ = writeln!(tb, "    #1 $display(\"%h\", y);");
    }
    tb.push_str("  end\nendmodule\n");
    let (svp, tbp, out) = (dir.path().join("u.sv"), dir.path().join("tb.sv"), dir.path().join("a.out"));
    std::fs::write(&svp, sv).expect("write");
    std::fs::write(&tbp, tb).expect("write");
    let ok = Command::new("iverilog").args(["-g2012", "-o"]).arg(&out).arg(&svp).arg(&tbp).status();
    if !ok.map(|s| s.success()).unwrap_or(false) {
        println!("  icarus\t{f}\tcould not compile {}", m.name);
        return;
    }
    let run = Command::new("vvp").arg(&out).output().expect("vvp");
    let text = String::from_utf8_lossy(&run.stdout);
    let got: Vec<u64> = text.lines().filter_map(|l| u64::from_str_radix(l.trim(), 16).ok()).collect();
    let bad = sample.iter().zip(&got).filter(|((_, w), g)| !same(op, f, **g, *w)).count();
    let missing = sample.len() - got.len().min(sample.len());
    println!("  icarus\t{f}\t{}\t{}\t{}", m.name, sample.len(), bad + missing);
}
