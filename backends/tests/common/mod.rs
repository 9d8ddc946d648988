//! Shared helpers for the backend tests: a terse netlist builder and runners for the
//! external tools (Verilator, Icarus Verilog, Yosys, mlir-opt).
#![allow(dead_code)]

use comb::{Bits, CellKind, Design, Dir, Module, ModuleId, NetId, Port};
use mlir_text::Span;
use std::path::Path;
use std::process::Command;
use std::sync::Arc;

/// A module under construction.
pub struct B {
    pub m: Module,
}

impl B {
    pub fn new(name: &str) -> B {
        B { m: Module::new(name, Span::default()) }
    }
    fn port(&mut self, name: &str, dir: Dir, width: u32, clock: bool) -> comb::PortId {
        self.m.add_port(Port { name: name.into(), dir, width, clock, span: Span::default() })
    }
    pub fn input(&mut self, name: &str, width: u32) -> NetId {
        let p = self.port(name, Dir::Input, width, false);
        self.m.port_net(p).unwrap()
    }
    pub fn clock(&mut self, name: &str) -> NetId {
        let p = self.port(name, Dir::Input, 1, true);
        self.m.port_net(p).unwrap()
    }
    pub fn output(&mut self, name: &str, net: NetId) {
        let w = self.m.width(net);
        let p = self.port(name, Dir::Output, w, false);
        self.m.set_output(p, net);
    }
    pub fn clock_output(&mut self, name: &str, net: NetId) {
        let p = self.port(name, Dir::Output, 1, true);
        self.m.set_output(p, net);
    }
    pub fn cell(&mut self, kind: CellKind, width: u32, ops: &[NetId]) -> NetId {
        self.m.add_cell(kind, width, ops, None, Span::default())
    }
    pub fn named(&mut self, name: &str, kind: CellKind, width: u32, ops: &[NetId]) -> NetId {
        self.m.add_cell(kind, width, ops, Some(Arc::from(name)), Span::default())
    }
    pub fn konst(&mut self, v: u128, width: u32) -> NetId {
        self.cell(CellKind::Const(Bits::from_u128(v, width)), width, &[])
    }
    pub fn bits(&mut self, b: Bits) -> NetId {
        let w = b.width();
        self.cell(CellKind::Const(b), w, &[])
    }
}

/// A design of the given modules; the last is the top.
pub fn design(modules: Vec<Module>) -> Design {
    let n = modules.len() as u32;
    let d = Design { modules, top: Some(ModuleId(n - 1)) };
    let errors = comb::verify::verify(&d);
    assert!(errors.is_empty(), "test netlist is broken: {errors:?}");
    d
}

fn run(cmd: &mut Command) -> (bool, String, String) {
    let out = cmd.output().unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Writes `sv` as `dir/top.sv` and returns the path.
pub fn write_sv(dir: &Path, top: &str, sv: &str) -> std::path::PathBuf {
    let path = dir.join(format!("{top}.sv"));
    std::fs::write(&path, sv).unwrap();
    path
}

/// Verilator `--lint-only -Wall`: no warning at all.
pub fn verilator_lint(sv: &str, top: &str) {
    let dir = tempfile::tempdir().unwrap();
    let path = write_sv(dir.path(), top, sv);
    let (ok, out, err) =
        run(Command::new("verilator").args(["--lint-only", "-Wall", "--top-module", top]).arg(&path));
    assert!(ok && err.trim().is_empty() && out.trim().is_empty(), "verilator:\n{err}{out}\n---\n{sv}");
}

/// Icarus compiles it.
pub fn iverilog_compile(sv: &str, top: &str) {
    let dir = tempfile::tempdir().unwrap();
    let path = write_sv(dir.path(), top, sv);
    let (ok, out, err) = run(Command::new("iverilog")
        .args(["-g2012", "-s", top, "-o"])
        .arg(dir.path().join("a.out"))
        .arg(&path));
    assert!(ok && err.trim().is_empty(), "iverilog:\n{err}{out}\n---\n{sv}");
}

/// Yosys reads, elaborates and optimizes it.
pub fn yosys(sv: &str, top: &str) {
    let dir = tempfile::tempdir().unwrap();
    let path = write_sv(dir.path(), top, sv);
    let script = format!("read_verilog -sv {}; hierarchy -check -top {top}; proc; opt", path.display());
    let (ok, out, err) = run(Command::new("yosys").args(["-q", "-p", &script]));
    assert!(ok && !err.contains("ERROR"), "yosys:\n{err}{out}\n---\n{sv}");
    assert!(!err.to_lowercase().contains("warning"), "yosys warned:\n{err}\n---\n{sv}");
}

/// All three tools accept it.
pub fn all_tools(sv: &str, top: &str) {
    verilator_lint(sv, top);
    iverilog_compile(sv, top);
    yosys(sv, top);
}

/// Runs `tb` (a module named `tb`) against `sv` in Icarus and returns its standard output.
pub fn icarus_run(sv: &str, top: &str, tb: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = write_sv(dir.path(), top, sv);
    let tb_path = dir.path().join("tb.sv");
    std::fs::write(&tb_path, tb).unwrap();
    let exe = dir.path().join("sim");
    let (ok, out, err) =
        run(Command::new("iverilog").args(["-g2012", "-s", "tb", "-o"]).arg(&exe).arg(&path).arg(&tb_path));
    assert!(ok, "iverilog:\n{err}{out}\n---\n{sv}\n---\n{tb}");
    let (ok, out, err) = run(Command::new("vvp").arg("-n").arg(&exe));
    assert!(ok, "vvp:\n{err}{out}");
    out
}

/// A combinational testbench: for each vector, drives the inputs, waits, and prints
/// `name=hex` for each output, one line per vector, space separated.
pub fn comb_tb(top: &str, inputs: &[(&str, u32)], outputs: &[(&str, u32)], vectors: &[Vec<Bits>]) -> String {
    let mut s = String::from("module tb;\n");
    for (n, w) in inputs.iter().chain(outputs) {
        s += &format!("  logic [{}:0] {n};\n", w - 1);
    }
    let conns: Vec<String> = inputs.iter().chain(outputs).map(|(n, _)| format!(".{n}({n})")).collect();
    s += &format!("  {top} dut({});\n  initial begin\n", conns.join(", "));
    for v in vectors {
        for ((n, w), val) in inputs.iter().zip(v) {
            s += &format!("    {n} = {w}'h{};\n", val.to_hex());
        }
        s += "    #1;\n    $display(\"";
        let fmt: Vec<String> = outputs.iter().map(|(n, _)| format!("{n}=%h")).collect();
        s += &fmt.join(" ");
        s += "\"";
        for (n, _) in outputs {
            s += &format!(", {n}");
        }
        s += ");\n";
    }
    s += "    $finish;\n  end\nendmodule\n";
    s
}

/// Parses one line of `name=hex` pairs into (name, value) with the value as lower-case hex
/// without leading zeros.
pub fn parse_line(line: &str) -> Vec<(String, String)> {
    line.split_whitespace()
        .filter_map(|kv| kv.split_once('='))
        .map(|(k, v)| {
            let t = v.trim_start_matches('0').to_lowercase();
            (k.to_string(), if t.is_empty() { "0".into() } else { t })
        })
        .collect()
}

/// Lower-case hex of a value, no leading zeros.
pub fn hex(b: &Bits) -> String {
    let t = b.to_hex().trim_start_matches('0').to_lowercase();
    if t.is_empty() {
        "0".into()
    } else {
        t
    }
}

/// Runs `mlir-opt --allow-unregistered-dialect` on `text`; returns (success, stderr).
pub fn mlir_opt(text: &str) -> (bool, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("in.mlir");
    std::fs::write(&path, text).unwrap();
    let (ok, _out, err) =
        run(Command::new("/usr/lib/llvm-19/bin/mlir-opt").arg("--allow-unregistered-dialect").arg(&path));
    (ok, err)
}

/// A module `child(x: i4) -> (y = ~x, p = parity(x))`, instanced by several tests' tops.
pub fn inv_parity_child() -> comb::Module {
    let mut c = B::new("child");
    let x = c.input("x", 4);
    let inv = c.cell(CellKind::Inv, 4, &[x]);
    c.output("y", inv);
    let p = c.cell(CellKind::Parity, 1, &[x]);
    c.output("p", p);
    c.m
}
