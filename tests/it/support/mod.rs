//! Test harness shared by the integration tests: random stimulus, the in-process
//! evaluator's trace, one SystemVerilog test bench run by both Icarus and Verilator, and
//! Yosys + ABC equivalence checks. Tools are installed by `scripts/test.sh`; a missing tool
//! fails the test rather than skipping it.
#![allow(dead_code)]

pub mod fpga;
pub mod hls_harness;
pub mod hls_support;
pub mod random_aggregates;

use comb::eval::Simulator;
use comb::rng::Rng;
use comb::{Bits, Design, Dir};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Input values per cycle (non-clock inputs in port order), outputs per cycle (port order).
pub type Trace = Vec<Vec<Bits>>;

/// The repository root.
pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `../shared` beside the repository, if present (the conformance suite).
pub fn shared() -> Option<PathBuf> {
    let p = repo().join("../shared");
    if p.join("SPEC.md").exists() {
        Some(p)
    } else {
        eprintln!("note: ../shared not found; the conformance part of this test is not run");
        None
    }
}

/// Runs a command, panicking with its output if it fails.
pub fn run(cmd: &mut Command) -> String {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e} (scripts/test.sh installs the tools)"));
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{cmd:?} failed:\n{text}");
    text
}

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
    let top = &m.name;
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
    /// Verilator, as a --binary with --timing.
    Verilator,
}

/// Runs `sv` with the test bench on one engine and returns the output trace.
pub fn simulate(engine: Engine, design: &Design, sv: &str, stim: &[Vec<Bits>]) -> Trace {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("design.sv"), sv).unwrap();
    std::fs::write(d.join("tb.sv"), testbench(design, stim.len())).unwrap();
    write_stimulus(d, stim);
    match engine {
        Engine::Icarus => {
            run(Command::new("iverilog").current_dir(d).args(["-g2012", "-o", "sim", "tb.sv", "design.sv"]));
            run(Command::new("vvp").current_dir(d).args(["-n", "sim"]));
        }
        Engine::Verilator => {
            let mut cmd = Command::new("verilator");
            if let Some(cache) = backends::cosim::build::objcache() {
                cmd.env("OBJCACHE", cache);
            }
            run(cmd.current_dir(d).args([
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
            run(Command::new(d.join("obj_dir/sim")).current_dir(d));
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

/// `verilator --lint-only -Wall` on `sv`; returns its output, which must be empty.
pub fn verilator_lint(sv: &str, top: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join(format!("{top}.sv"));
    std::fs::write(&f, sv).unwrap();
    let out = Command::new("verilator")
        .current_dir(dir.path())
        .args(["--lint-only", "-Wall", "--top-module", top])
        .arg(&f)
        .output()
        .expect("run verilator (scripts/test.sh installs it)");
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "verilator --lint-only failed:\n{text}\n--- source:\n{sv}");
    text
}

/// Yosys reads the SystemVerilog (`read_verilog -sv`) and elaborates the top.
pub fn yosys_accepts(sv: &str, top: &str) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("d.sv"), sv).unwrap();
    run(Command::new("yosys").current_dir(dir.path()).args([
        "-q",
        "-p",
        &format!("read_verilog -sv d.sv; hierarchy -check -top {top}; proc"),
    ]));
}

/// Icarus compiles the SystemVerilog.
pub fn iverilog_accepts(sv: &str) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("d.sv"), sv).unwrap();
    run(Command::new("iverilog").current_dir(dir.path()).args(["-g2012", "-o", "d.vvp", "d.sv"]));
}

/// Proves two SystemVerilog texts of the same top equivalent: Yosys lowers each to BLIF
/// (`proc; flatten; memory; techmap; opt_clean; dffunmap; write_blif`: `memory` maps the
/// ROMs Yosys infers from LUT case tables to logic, `opt_clean` drops the wires techmap
/// left unused, `dffunmap` turns enable/reset flip-flops into plain ones BLIF can hold)
/// and `yosys-abc` runs `cec` (purely combinational designs) or `dsec` (designs with
/// registers). Returns ABC's output. No `opt -fast` after techmap: on the gate-level
/// dividers of the random netlists it took three quarters of Yosys's time, and ABC
/// strashes the gates anyway.
pub fn prove_equivalent(a: &str, b: &str, top: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // The two lowerings run side by side (a 96-bit divider takes Yosys's techmap about a
    // minute and a half on each side).
    let sequential = std::thread::scope(|s| {
        let runs: Vec<_> = [("a", a), ("b", b)]
            .map(|(name, sv)| {
                s.spawn(move || {
                    std::fs::write(d.join(format!("{name}.sv")), sv).unwrap();
                    run(Command::new("yosys").current_dir(d).args([
                        "-q",
                        "-p",
                        &format!(
                            "read_verilog -sv {name}.sv; hierarchy -top {top}; proc; flatten; memory; techmap; \
                             opt_clean; dffunmap; write_blif {name}.blif"
                        ),
                    ]));
                    std::fs::read_to_string(d.join(format!("{name}.blif"))).unwrap().contains(".latch")
                })
            })
            .into_iter()
            .collect();
        runs.into_iter().fold(false, |acc, h| h.join().expect("yosys thread") | acc)
    });
    let cmd = if sequential { "dsec a.blif b.blif" } else { "cec a.blif b.blif" };
    let out = run(Command::new("yosys-abc").current_dir(d).args(["-c", cmd]));
    assert!(
        out.contains("Networks are equivalent") || out.contains("are equivalent"),
        "ABC did not prove equivalence ({cmd}):\n{out}"
    );
    assert!(!out.contains("NOT EQUIVALENT") && !out.contains("not equivalent"), "ABC: {out}");
    out
}

/// Runs the `rmlir-hls` binary; returns standard output, panicking on failure.
pub fn cli(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_rmlir-hls")).args(args).output().expect("run rmlir-hls");
    assert!(out.status.success(), "rmlir-hls {args:?} failed:\n{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// Runs the `rmlir-hls` binary with `stdin` (if any) as standard input; returns its output
/// whatever the exit status.
pub fn cli_output(args: &[&str], stdin: Option<&[u8]>) -> std::process::Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_rmlir-hls"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run rmlir-hls");
    let mut input = child.stdin.take().unwrap();
    if let Some(bytes) = stdin {
        input.write_all(bytes).unwrap();
    }
    drop(input); // end of input before waiting
    child.wait_with_output().unwrap()
}

/// Runs the `rmlir-hls` binary with `stdin` as standard input.
pub fn cli_stdin(args: &[&str], stdin: &str) -> String {
    let out = cli_output(args, Some(stdin.as_bytes()));
    assert!(out.status.success(), "rmlir-hls {args:?} failed:\n{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// Reads MLIR text into a design at an optimization level, through the library.
pub fn load_text(name: &str, text: &str, opt: u8) -> Design {
    let src = mlir_text::SourceFile::new(name, text);
    let file = mlir_text::parse(&src).unwrap_or_else(|d| panic!("{}", d.render(&src)));
    let mut design = comb::build::build_design(&file, None)
        .unwrap_or_else(|ds| panic!("{}", ds.iter().map(|d| d.render(&src)).collect::<String>()));
    let level = if opt == 0 { comb::passes::OptLevel::O0 } else { comb::passes::OptLevel::O1 };
    let mut pipeline = comb::passes::pipeline(level);
    comb::passes::PassManager::default().run(&mut design, &mut pipeline).expect("passes");
    design
}

/// The hardware examples: the project's own, plus ../shared's when present.
pub fn hardware_examples() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(repo().join("examples"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    if let Some(shared) = shared() {
        for name in ["alu", "counter", "add_one_lut3", "gates", "generic"] {
            v.push(shared.join("examples").join(format!("{name}.mlir")));
        }
    }
    v.sort();
    v
}

/// CIRCT's own SystemVerilog for `file` (`scripts/circt_check.py export`, written under
/// `dir`), panicking with CIRCT's message if it does not export.
pub fn circt_export(file: &Path, dir: &Path) -> String {
    let verdict = run(Command::new(circt_python())
        .arg(repo().join("scripts/circt_check.py"))
        .arg("export")
        .arg(dir)
        .arg(file));
    let theirs = verdict
        .split_whitespace()
        .last()
        .filter(|_| verdict.starts_with("ok "))
        .unwrap_or_else(|| panic!("CIRCT did not export: {verdict}"));
    std::fs::read_to_string(theirs).unwrap()
}

/// The Python that has CIRCT's package: `RMLIR_CIRCT_PYTHON`, or the venv
/// `scripts/install-tools.sh` makes in `~/.cache/rmlir-hls/circt-venv`.
pub fn circt_python() -> PathBuf {
    if let Some(p) = std::env::var_os("RMLIR_CIRCT_PYTHON") {
        return PathBuf::from(p);
    }
    let home = std::env::var_os("HOME").expect("HOME is set");
    let py = Path::new(&home).join(".cache/rmlir-hls/circt-venv/bin/python");
    assert!(
        py.exists(),
        "{} is missing: run scripts/install-tools.sh (it installs CIRCT's Python package)",
        py.display()
    );
    py
}

/// The `rmlir-hls` binary as a command, with the cosim cache under `target/` shared by the
/// tests (a clean clone builds each simulator once).
pub fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_rmlir-hls"));
    c.env("RMLIR_HLS_CACHE_DIR", repo().join("target/cosim-cache"));
    c
}

/// CIRCT's parser and verifier (`scripts/circt_check.py verify`, one `ok FILE` line per
/// file it accepts) on `files`: panics with its verdicts unless it accepts every one.
pub fn assert_circt_verifies<P: AsRef<Path>>(files: &[P]) {
    let verdicts = run(Command::new(circt_python())
        .arg(repo().join("scripts/circt_check.py"))
        .arg("verify")
        .args(files.iter().map(|f| f.as_ref())));
    let ok = verdicts.lines().filter(|l| l.starts_with("ok ")).count();
    assert_eq!(ok, files.len(), "CIRCT's verifier rejects a file:\n{verdicts}");
}

/// `rmlir-hls INPUT --emit mlir` written to `DIR/emitted.mlir`, and with `generic` also
/// `--emit mlir --generic` to `DIR/generic.mlir`: the files.
pub fn emit_mlir_files(input: &Path, dir: &Path, generic: bool) -> Vec<PathBuf> {
    let p = input.to_str().expect("a UTF-8 path");
    let emitted = dir.join("emitted.mlir");
    std::fs::write(&emitted, cli(&[p, "--emit", "mlir"])).unwrap();
    let mut files = vec![emitted];
    if generic {
        let g = dir.join("generic.mlir");
        std::fs::write(&g, cli(&[p, "--emit", "mlir", "--generic"])).unwrap();
        files.push(g);
    }
    files
}

/// `rmlir-hls cosim INPUT --cycles N --seed S --keep KEEP` (the simulators' outputs and the
/// stimulus stay in KEEP): its exit status and stdout + stderr.
pub fn cosim_kept(input: &Path, cycles: u64, seed: u64, keep: &Path) -> (Option<i32>, String) {
    let out = bin()
        .arg("cosim")
        .arg(input)
        .args(["--cycles", &cycles.to_string(), "--seed", &seed.to_string(), "--keep"])
        .arg(keep)
        .output()
        .unwrap();
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    (out.status.code(), text)
}
