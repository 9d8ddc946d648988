//! Co-simulation against Verilator on a hand-written SV twin of a small design: a counter
//! with reset and enable, an ALU, an accumulator, a 100-bit register and a 40-bit concat.
//! Checks agreement for 1,000 cycles (with an in-process reference as third trace), the
//! Verilator cache, and that injected faults are reported at the exact cycle and port.
#[path = "sim_common/mod.rs"]
mod common;

use comb::{Bits, CellKind, Design, IcmpPred, Module};
use common::*;
use cosim::{cosim, cosim_with_reference, CosimOptions, Fault, Side};

const SV: &str = r#"// Hand-written twin of the netlist below.
module cosim_alu(
  input  logic clk,
  input  logic rst,
  input  logic en,
  input  logic [7:0] a,
  input  logic [7:0] b,
  input  logic [1:0] op,
  input  logic [99:0] x,
  output logic [7:0] count,
  output logic [7:0] y,
  output logic [15:0] acc,
  output logic [99:0] wq,
  output logic [39:0] cat
);
  always_comb
    case (op)
      2'd0: y = a + b;
      2'd1: y = a - b;
      2'd2: y = a & b;
      default: y = a ^ b;
    endcase
  always_ff @(posedge clk) begin
    if (rst) count <= 8'd0; else if (en) count <= count + 8'd1;
    acc <= acc + {8'b0, y};
    if (rst) wq <= 100'h5; else wq <= wq ^ x;
  end
  assign cat = {a, b, count, a, b};
endmodule
"#;

fn alu_design() -> Design {
    use CellKind::*;
    let mut m = Module::new("cosim_alu", Default::default());
    let clk = m.add_port(clock("clk"));
    let clk = m.port_net(clk).unwrap();
    let rst = input(&mut m, "rst", 1);
    let en = input(&mut m, "en", 1);
    let a = input(&mut m, "a", 8);
    let b = input(&mut m, "b", 8);
    let op = input(&mut m, "op", 2);
    let x = input(&mut m, "x", 100);
    let (k0, k1, k0_2, k1_2, k2_2) = (
        konst(&mut m, 0, 8),
        konst(&mut m, 1, 8),
        konst(&mut m, 0, 2),
        konst(&mut m, 1, 2),
        konst(&mut m, 2, 2),
    );
    let count = named(
        &mut m,
        "count",
        Reg { reset: true, enable: true, async_reset: false, init: None },
        8,
        &[k0, clk, en, rst, k0],
    );
    let inc = cell(&mut m, Add, 8, &[count, k1]);
    m.set_operand(count, 0, inc);
    let add = cell(&mut m, Add, 8, &[a, b]);
    let sub = cell(&mut m, Sub, 8, &[a, b]);
    let and = cell(&mut m, And, 8, &[a, b]);
    let xor = cell(&mut m, Xor, 8, &[a, b]);
    let is0 = cell(&mut m, Icmp(IcmpPred::Eq), 1, &[op, k0_2]);
    let is1 = cell(&mut m, Icmp(IcmpPred::Eq), 1, &[op, k1_2]);
    let is2 = cell(&mut m, Icmp(IcmpPred::Eq), 1, &[op, k2_2]);
    let m2 = cell(&mut m, Mux, 8, &[is2, and, xor]);
    let m1 = cell(&mut m, Mux, 8, &[is1, sub, m2]);
    let y = cell(&mut m, Mux, 8, &[is0, add, m1]);
    let z8 = konst(&mut m, 0, 8);
    let y16 = cell(&mut m, Concat, 16, &[z8, y]);
    let acc = named(
        &mut m,
        "acc",
        Reg { reset: false, enable: false, async_reset: false, init: None },
        16,
        &[y16, clk],
    );
    let acc_n = cell(&mut m, Add, 16, &[acc, y16]);
    m.set_operand(acc, 0, acc_n);
    let k5 = konst(&mut m, 5, 100);
    let wq = named(
        &mut m,
        "wq",
        Reg { reset: true, enable: false, async_reset: false, init: None },
        100,
        &[x, clk, rst, k5],
    );
    let wx = cell(&mut m, Xor, 100, &[wq, x]);
    m.set_operand(wq, 0, wx);
    let cat = cell(&mut m, Concat, 40, &[a, b, count, a, b]);
    output(&mut m, "count", count);
    output(&mut m, "y", y);
    output(&mut m, "acc", acc);
    output(&mut m, "wq", wq);
    output(&mut m, "cat", cat);
    design(vec![m])
}

/// The in-process reference: the same design in plain u128 arithmetic.
fn reference(stim: &[Vec<Bits>]) -> Result<Vec<Vec<Bits>>, String> {
    let (mut count, mut acc, mut wq) = (0u8, 0u16, 0u128);
    let mut out = Vec::new();
    for s in stim {
        let (rst, en) = (s[0].bit(0), s[1].bit(0));
        let (a, b, op, x) = (s[2].to_u64() as u8, s[3].to_u64() as u8, s[4].to_u64(), s[5].to_u128());
        let y = match op {
            0 => a.wrapping_add(b),
            1 => a.wrapping_sub(b),
            2 => a & b,
            _ => a ^ b,
        };
        let cat = (a as u64) << 32 | (b as u64) << 24 | (count as u64) << 16 | (a as u64) << 8 | b as u64;
        out.push(vec![
            Bits::from_u64(count as u64, 8),
            Bits::from_u64(y as u64, 8),
            Bits::from_u64(acc as u64, 16),
            Bits::from_u128(wq, 100),
            Bits::from_u64(cat, 40),
        ]);
        count = if rst {
            0
        } else if en {
            count.wrapping_add(1)
        } else {
            count
        };
        acc = acc.wrapping_add(y as u16);
        wq = if rst { 5 } else { wq ^ x };
    }
    Ok(out)
}

fn setup() {
    std::env::set_var("RMLIR_HLS_CACHE_DIR", env!("CARGO_TARGET_TMPDIR"));
}

#[test]
fn agrees_with_verilator_for_1000_cycles() {
    setup();
    let d = alu_design();
    let opts = CosimOptions { cycles: 1000, seed: 42, ..Default::default() };
    let rep = cosim_with_reference(&d, SV, &opts, Some(&reference)).unwrap();
    assert!(rep.passed(), "{rep}");
    assert_eq!(rep.outputs, ["count", "y", "acc", "wq", "cat"]);
    // The second run finds Verilator's build in the cache.
    let rep2 = cosim(&d, SV, &opts).unwrap();
    assert!(rep2.passed() && rep2.verilator_cached, "{rep2}");
}

#[test]
fn faults_are_reported_at_the_exact_cycle_and_port() {
    setup();
    let d = alu_design();
    for (side, cycle, port) in [(Side::Rust, 123, "y"), (Side::Verilator, 7, "wq")] {
        let fault = Some(Fault { side, cycle, port: port.into() });
        let opts = CosimOptions { cycles: 200, seed: 7, fault, ..Default::default() };
        let rep = cosim(&d, SV, &opts).unwrap();
        let m = rep.mismatch.clone().unwrap_or_else(|| panic!("fault not detected: {rep}"));
        assert_eq!((m.cycle, m.port.as_str()), (cycle, port), "{rep}");
        let (r, v) =
            (u128::from_str_radix(&m.rust, 16).unwrap(), u128::from_str_radix(&m.verilator, 16).unwrap());
        assert_eq!(r ^ v, 1, "{rep}");
        assert!(rep.to_string().contains(&format!("cycle {cycle} on output '{port}'")), "{rep}");
    }
}

#[test]
fn vcd_and_keep_dir() {
    setup();
    let d = alu_design();
    let dir = tempfile::tempdir().unwrap();
    let opts = CosimOptions {
        cycles: 20,
        seed: 3,
        vcd_dir: Some(dir.path().join("vcd")),
        keep_dir: Some(dir.path().join("work")),
        ..Default::default()
    };
    let rep = cosim(&d, SV, &opts).unwrap();
    assert!(rep.passed(), "{rep}");
    for f in ["vcd/rust.vcd", "vcd/verilator.vcd", "work/stimulus.txt", "work/sim/src/lib.rs", "work/tb.cpp"]
    {
        assert!(dir.path().join(f).is_file(), "{f} missing");
    }
}
