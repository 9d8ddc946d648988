//! Traces: seeded random stimulus, the in-process evaluator's outputs per cycle, and one
//! SystemVerilog test bench (reads `stim.hex`, writes `out.hex`) that runs on Icarus and on
//! Verilator, so every engine is compared on the same cycles.

use super::tools::{run, Tool};
use comb::eval::Simulator;
use comb::rng::Rng;
use comb::{Bits, Design, Dir};
use std::fmt::Write as _;
use std::path::Path;

/// Input values per cycle (non-clock inputs in port order), outputs per cycle (port order).
pub type Trace = Vec<Vec<Bits>>;

/// The data inputs (not clocks) of the top module: (name, width).
pub fn data_inputs(design: &Design) -> Vec<(String, u32)> {
    let m = design.module(design.top_id());
    m.inputs().map(|p| m.port(p)).filter(|p| !p.clock).map(|p| (p.name.clone(), p.width)).collect()
}

/// Outputs of the top module: (name, width).
pub fn outputs(design: &Design) -> Vec<(String, u32)> {
    let m = design.module(design.top_id());
    m.outputs().map(|p| m.port(p)).map(|p| (p.name.clone(), p.width)).collect()
}

/// Seeded random stimulus; 1-bit inputs named `rst`/`reset` are held high for the first
/// two cycles and low (mostly) after, so registers leave reset.
pub fn stimulus(design: &Design, seed: u64, cycles: usize) -> Trace {
    let mut rng = Rng::new(seed);
    let ins = data_inputs(design);
    (0..cycles)
        .map(|c| {
            ins.iter()
                .map(|(name, w)| {
                    if *w == 1 && (name == "rst" || name == "reset" || name.ends_with("_rst")) {
                        Bits::from_bool(c < 2 || rng.next_u64().is_multiple_of(64))
                    } else {
                        random_bits(&mut rng, *w)
                    }
                })
                .collect()
        })
        .collect()
}

/// Random bits with a bias towards edge values (0, 1, all ones, the sign bit alone).
pub fn random_bits(rng: &mut Rng, w: u32) -> Bits {
    match rng.next_u64() % 8 {
        0 => Bits::zero(w),
        1 => Bits::ones(w),
        2 => Bits::from_u64(1, w),
        3 => {
            let mut b = Bits::zero(w);
            b.set_bit(w - 1, true);
            b
        }
        4 => Bits::from_u64(rng.next_u64() % 4, w),
        _ => {
            let words: Vec<u64> = (0..w.div_ceil(64)).map(|_| rng.next_u64()).collect();
            Bits::from_words(&words, w)
        }
    }
}

/// The evaluator's outputs for a stimulus: per cycle set inputs, settle, read, clock edge.
pub fn eval_trace(design: &Design, stim: &[Vec<Bits>]) -> Trace {
    let mut sim = Simulator::new(design).expect("evaluator accepts the design");
    let ins = data_inputs(design);
    stim.iter()
        .map(|vals| {
            for ((name, _), v) in ins.iter().zip(vals) {
                sim.set_input(name, v.clone());
            }
            sim.eval();
            let outs = sim.outputs().into_iter().map(|(_, v)| v).collect();
            sim.tick();
            outs
        })
        .collect()
}

/// A SystemVerilog test bench for the top: reads `stim.hex`, writes `out.hex`, one line a
/// cycle. It runs on Icarus (-g2012) and on Verilator (--binary --timing). Ports are
/// connected by position, so it does not depend on how names were legalized.
pub fn testbench(design: &Design, cycles: usize) -> String {
    let m = design.module(design.top_id());
    // The top as the SystemVerilog names it (escaped if need be: `\\top[0] `).
    let top = &backends::verilog::sv_names(design).modules[design.top_id().index()];
    let mut s = String::from("`timescale 1ns/1ns\nmodule rmlir_tb;\n");
    let mut conns = Vec::new();
    for (i, p) in m.ports.iter().enumerate() {
        let range = if p.width > 1 { format!("[{}:0] ", p.width - 1) } else { String::new() };
        let kind = if p.dir == Dir::Input { "reg" } else { "wire" };
        let _ = writeln!(s, "  {kind} {range}p{i};");
        if p.dir == Dir::Input && !p.clock {
            // $fscanf reads into a staging variable: Verilator 5.006 does not wake the
            // logic a $fscanf output argument drives, a plain assignment does.
            let _ = writeln!(s, "  reg {range}s{i};");
        }
        conns.push(format!("p{i}"));
    }
    let _ = writeln!(s, "  {top} dut({});", conns.join(", "));
    let clocks: Vec<String> =
        m.ports.iter().enumerate().filter(|(_, p)| p.clock).map(|(i, _)| format!("p{i}")).collect();
    let ins: Vec<String> = m
        .ports
        .iter()
        .enumerate()
        .filter(|(_, p)| p.dir == Dir::Input && !p.clock)
        .map(|(i, _)| format!("p{i}"))
        .collect();
    let outs: Vec<String> = m
        .ports
        .iter()
        .enumerate()
        .filter(|(_, p)| p.dir == Dir::Output)
        .map(|(i, _)| format!("p{i}"))
        .collect();
    s.push_str("  integer fd, fo, r, cyc;\n  initial begin\n");
    for c in &clocks {
        let _ = writeln!(s, "    {c} = 1'b0;");
    }
    s.push_str("    fd = $fopen(\"stim.hex\", \"r\");\n    fo = $fopen(\"out.hex\", \"w\");\n");
    let _ = writeln!(s, "    for (cyc = 0; cyc < {cycles}; cyc = cyc + 1) begin");
    if !ins.is_empty() {
        let fmt = vec!["%h"; ins.len()].join(" ");
        let staged: Vec<String> = ins.iter().map(|p| p.replacen('p', "s", 1)).collect();
        let _ = writeln!(s, "      r = $fscanf(fd, \"{fmt}\\n\", {});", staged.join(", "));
        for (p, st) in ins.iter().zip(&staged) {
            let _ = writeln!(s, "      {p} = {st};");
        }
    }
    s.push_str("      #1;\n");
    let fmt = vec!["%h"; outs.len()].join(" ");
    let _ = writeln!(s, "      $fwrite(fo, \"{fmt}\\n\", {});", outs.join(", "));
    for c in &clocks {
        let _ = writeln!(s, "      {c} = 1'b1;");
    }
    s.push_str("      #1;\n");
    for c in &clocks {
        let _ = writeln!(s, "      {c} = 1'b0;");
    }
    s.push_str("      #1;\n    end\n    $fclose(fo);\n    $finish;\n  end\nendmodule\n");
    s
}

fn write_stimulus(dir: &Path, stim: &[Vec<Bits>]) {
    let mut text = String::new();
    for vals in stim {
        let line: Vec<String> = vals.iter().map(|v| v.to_hex()).collect();
        text.push_str(&line.join(" "));
        text.push('\n');
    }
    std::fs::write(dir.join("stim.hex"), text).unwrap();
}

fn read_trace(dir: &Path, widths: &[u32]) -> Trace {
    let text = std::fs::read_to_string(dir.join("out.hex")).expect("simulation wrote out.hex");
    text.lines()
        .map(|l| {
            l.split_whitespace()
                .zip(widths)
                .map(|(h, &w)| parse_hex(h, w).unwrap_or_else(|| panic!("bad hex '{h}' in simulator output")))
                .collect()
        })
        .collect()
}

/// Parses hex digits (x/z count as errors) into `w` bits.
pub fn parse_hex(h: &str, w: u32) -> Option<Bits> {
    let mut words = vec![0u64; w.div_ceil(64) as usize + 1];
    for (i, ch) in h.chars().rev().enumerate() {
        let d = ch.to_digit(16)? as u64;
        let bit = i * 4;
        if bit / 64 < words.len() {
            words[bit / 64] |= d << (bit % 64);
            if bit % 64 > 60 && bit / 64 + 1 < words.len() {
                words[bit / 64 + 1] |= d >> (64 - bit % 64);
            }
        }
    }
    Some(Bits::from_words(&words, w))
}

/// Which simulator runs the SystemVerilog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// Icarus Verilog.
    Icarus,
    /// Icarus Verilog reading Verilog-2005 only (`-g2005`).
    Icarus2005,
    /// Verilator, as a --binary with --timing.
    Verilator,
}

/// Runs `sv` with the test bench on one engine and returns the output trace.
pub fn simulate(engine: Engine, design: &Design, sv: &str, stim: &[Vec<Bits>]) -> Trace {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let file = if engine == Engine::Icarus2005 { "design.v" } else { "design.sv" };
    std::fs::write(d.join(file), sv).unwrap();
    std::fs::write(d.join("tb.sv"), testbench(design, stim.len())).unwrap();
    write_stimulus(d, stim);
    match engine {
        Engine::Icarus => {
            run(Tool::Iverilog.in_dir(d).args(["-g2012", "-o", "sim", "tb.sv", "design.sv"]));
            run(Tool::Vvp.in_dir(d).args(["-n", "sim"]));
        }
        Engine::Icarus2005 => {
            run(Tool::Iverilog.in_dir(d).args(["-g2005", "-o", "sim", "tb.sv", "design.v"]));
            run(Tool::Vvp.in_dir(d).args(["-n", "sim"]));
        }
        Engine::Verilator => {
            let mut cmd = Tool::Verilator.in_dir(d);
            if let Some(cache) = cosim::build::objcache() {
                cmd.env("OBJCACHE", cache);
            }
            run(cmd.args([
                "--binary",
                "--timing",
                "-j",
                "2",
                "--x-assign",
                "0",
                "--x-initial",
                "0",
                "-Wno-fatal",
                "-Wno-lint",
                "-Wno-style",
                "--top-module",
                "rmlir_tb",
                // The test benches run for seconds; compiling the model unoptimized saves
                // about a third of each build.
                "-MAKEFLAGS",
                "OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0",
                "-o",
                "sim",
                "tb.sv",
                "design.sv",
            ]));
            run(std::process::Command::new(d.join("obj_dir/sim")).current_dir(d));
        }
    }
    let widths: Vec<u32> = outputs(design).iter().map(|o| o.1).collect();
    read_trace(d, &widths)
}

/// Asserts two traces are equal, naming the first differing cycle and port.
pub fn assert_traces_eq(what: &str, design: &Design, expected: &[Vec<Bits>], actual: &[Vec<Bits>]) {
    let names = outputs(design);
    assert_eq!(expected.len(), actual.len(), "{what}: cycle counts differ");
    for (c, (e, a)) in expected.iter().zip(actual).enumerate() {
        for (i, (ev, av)) in e.iter().zip(a).enumerate() {
            assert_eq!(
                ev, av,
                "{what}: cycle {c}, output '{}': evaluator {ev} vs simulator {av}",
                names[i].0
            );
        }
        assert_eq!(e.len(), a.len(), "{what}: cycle {c}: output count differs");
    }
}
