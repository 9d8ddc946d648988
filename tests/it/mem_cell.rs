//! The memory cell (`CellKind::Memory`, CIRCT's `seq.firmem`) end to end:
//! - its meaning, cycle by cycle on the evaluator: write then read, read-first when both
//!   ports touch one word on the same edge, out-of-range addresses (read 0, write nothing),
//!   read data held while the read enable is 0;
//! - a hand-written design with small, partly out-of-range memories under 1,000 random
//!   cycles: Icarus and Verilator on the emitted SystemVerilog agree with the evaluator,
//!   and `rmlir-hls cosim` (generated Rust simulator + Verilator + evaluator) agrees too;
//! - the SystemVerilog is lint-clean under `verilator -Wall` and survives an MLIR round trip
//!   (custom and generic form) byte for byte;
//! - Yosys `synth_ice40` infers one `SB_RAM40_4K` block RAM for a 256 x 16 memory.

use crate::support::*;
use comb::eval::Simulator;
use comb::Bits;

/// Two memories on 3- and 2-bit addresses: 6 and 3 words, so some addresses are out of
/// range; the second reads and writes one word each cycle (an accumulator).
const DESIGN: &str = r#"
hw.module @rams(in %clk : !seq.clock, in %raddr : i3, in %ren : i1, in %waddr : i3, in %we : i1, in %wdata : i4, out q : i4, out acc : i4) {
  %mem = seq.firmem 1, 1, old, port_order : <6 x 4>
  %q = seq.firmem.read_port %mem[%raddr], clock %clk enable %ren : <6 x 4>
  seq.firmem.write_port %mem[%waddr] = %wdata, clock %clk enable %we : <6 x 4>
  %a = comb.extract %waddr from 1 : (i3) -> i2
  %sums = seq.firmem 1, 1, old, port_order : <3 x 4>
  %acc = seq.firmem.read_port %sums[%a], clock %clk enable %ren : <3 x 4>
  %next = comb.add %acc, %wdata : i4
  seq.firmem.write_port %sums[%a] = %next, clock %clk enable %we : <3 x 4>
  hw.output %q, %acc : i4, i4
}
"#;

fn step(sim: &mut Simulator, ins: &[(&str, u64)]) -> u64 {
    for &(name, v) in ins {
        sim.set_input(name, Bits::from_u64(v, 64));
    }
    sim.tick();
    sim.output("q").to_u64()
}

#[test]
fn memory_meaning_on_the_evaluator() {
    let design = load_text("rams.mlir", DESIGN, 0);
    let mut sim = Simulator::new(&design).unwrap();
    assert_eq!(sim.output("q").to_u64(), 0, "read data starts at 0");
    // Write 5 to word 2 while reading it: the read sees the old word (read-first).
    let q = step(&mut sim, &[("we", 1), ("waddr", 2), ("wdata", 5), ("ren", 1), ("raddr", 2)]);
    assert_eq!(q, 0, "read-first: the same edge's write is not seen");
    let q = step(&mut sim, &[("we", 0), ("raddr", 2)]);
    assert_eq!(q, 5, "the word written on the previous edge");
    // Read enable 0: the read data holds, whatever the address.
    let q = step(&mut sim, &[("ren", 0), ("raddr", 3)]);
    assert_eq!(q, 5, "ren = 0 holds");
    // Out of range (6 and 7 of 6 words): writes nothing, reads 0.
    step(&mut sim, &[("we", 1), ("waddr", 7), ("wdata", 9), ("ren", 1), ("raddr", 2)]);
    step(&mut sim, &[("we", 1), ("waddr", 6), ("wdata", 9)]);
    let q = step(&mut sim, &[("we", 0), ("raddr", 6)]);
    assert_eq!(q, 0, "an out-of-range address reads 0");
    for a in [0, 1, 3, 4, 5] {
        assert_eq!(step(&mut sim, &[("raddr", a)]), 0, "word {a} was never written");
    }
    assert_eq!(step(&mut sim, &[("raddr", 2)]), 5, "word 2 kept its value");
}

#[test]
fn icarus_verilator_and_the_evaluator_agree_for_1000_cycles() {
    let design = load_text("rams.mlir", DESIGN, 1);
    let sv = backends::verilog::emit(&design);
    let lint = verilator_lint(&sv, "rams");
    assert!(lint.trim().is_empty(), "verilator -Wall warned:\n{lint}\n{sv}");
    for generic in [false, true] {
        let mlir = backends::mlir::emit(&design, generic);
        let again = backends::verilog::emit(&load_text("again.mlir", &mlir, 1));
        assert_eq!(again, sv, "the SV changed after an MLIR round trip (generic: {generic}):\n{mlir}");
    }
    let stim = stimulus(&design, 11, 1000);
    let expected = eval_trace(&design, &stim);
    // The traffic does exercise the memories: both outputs take several values.
    for port in 0..2 {
        let mut seen: Vec<u64> = expected.iter().map(|c| c[port].to_u64()).collect();
        seen.sort();
        seen.dedup();
        assert!(seen.len() > 4, "output {port} barely changes: {seen:?}");
    }
    // Icarus here; Verilator (and the generated Rust simulator) in `cosim` below, which
    // compares both with the evaluator too.
    let got = simulate(Engine::Icarus, &design, &sv, &stim);
    assert_traces_eq("memories on Icarus", &design, &expected, &got);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("rams.mlir");
    std::fs::write(&file, DESIGN).unwrap();
    let out =
        bin().args(["cosim", file.to_str().unwrap(), "--cycles", "1000", "--seed", "3"]).output().unwrap();
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success() && text.contains("all agree"), "cosim:\n{text}");
}

#[test]
fn yosys_infers_a_block_ram_for_256_by_16() {
    let src = r#"
hw.module @bram(in %clk : !seq.clock, in %raddr : i8, in %ren : i1, in %waddr : i8, in %we : i1, in %wdata : i16, out q : i16) {
  %mem = seq.firmem 1, 1, old, port_order : <256 x 16>
  %q = seq.firmem.read_port %mem[%raddr], clock %clk enable %ren : <256 x 16>
  seq.firmem.write_port %mem[%waddr] = %wdata, clock %clk enable %we : <256 x 16>
  hw.output %q : i16
}
"#;
    let sv = backends::verilog::emit(&load_text("bram.mlir", src, 1));
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bram.sv"), &sv).unwrap();
    run(Tool::Yosys.command().current_dir(dir.path()).args([
        "-q",
        "-p",
        "read_verilog -sv bram.sv; synth_ice40 -top bram; tee -q -o stat.json stat -json",
    ]));
    let stat = std::fs::read_to_string(dir.path().join("stat.json")).unwrap();
    let count = |cell: &str| -> u64 {
        let key = format!("\"{cell}\":");
        stat.find(&key)
            .map(|i| stat[i + key.len()..].trim_start().split(|c: char| !c.is_ascii_digit()).next().unwrap())
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    };
    assert_eq!(count("SB_RAM40_4K"), 1, "expected one block RAM:\n{stat}\n{sv}");
    // Not 4,096 flip-flops: what remains in the fabric is the read data register and the
    // logic that gives the same-address read its old word (read-first), about 45 FFs.
    assert!(count("SB_DFF") + count("SB_DFFE") < 100, "the memory became flip-flops:\n{stat}");
}
