//! Shared helpers of the Rust-simulator tests: netlist building shortcuts and a harness that
//! compiles several generated simulator crates in one `cargo build` and runs them on
//! per-cycle stimuli (protocol: set inputs, eval, read outputs, tick).
#![allow(dead_code)]

pub mod refbits;

use backends::rust_sim;
use comb::{Bits, CellKind, Design, Dir, Module, ModuleId, NetId, Port, PortId};
use cosim::stimulus::{parse_trace, stimulus_text};
use cosim::testbench::{rust_run_fn, TbPorts};
use mlir_text::Span;
use std::path::PathBuf;
use std::process::Command;

/// A port.
pub fn port(name: &str, dir: Dir, width: u32) -> Port {
    Port { name: name.into(), dir, width, clock: false, span: Span::default() }
}

/// A clock input port.
pub fn clock(name: &str) -> Port {
    Port { name: name.into(), dir: Dir::Input, width: 1, clock: true, span: Span::default() }
}

/// Adds an input; returns its net.
pub fn input(m: &mut Module, name: &str, width: u32) -> NetId {
    let p = m.add_port(port(name, Dir::Input, width));
    m.port_net(p).unwrap()
}

/// Adds an output driven by `net`.
pub fn output(m: &mut Module, name: &str, net: NetId) -> PortId {
    let w = m.width(net);
    let p = m.add_port(port(name, Dir::Output, w));
    m.set_output(p, net);
    p
}

/// Adds a cell.
pub fn cell(m: &mut Module, kind: CellKind, width: u32, ops: &[NetId]) -> NetId {
    m.add_cell(kind, width, ops, None, Span::default())
}

/// Adds a named cell.
pub fn named(m: &mut Module, name: &str, kind: CellKind, width: u32, ops: &[NetId]) -> NetId {
    m.add_cell(kind, width, ops, Some(name.into()), Span::default())
}

/// A constant.
pub fn konst(m: &mut Module, v: u128, width: u32) -> NetId {
    cell(m, CellKind::Const(Bits::from_u128(v, width)), width, &[])
}

/// A design whose top is the last module.
pub fn design(modules: Vec<Module>) -> Design {
    let top = Some(ModuleId(modules.len() as u32 - 1));
    Design { modules, top }
}

/// Shared target dir for all generated crates of a test run.
pub fn target_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("rust_sim_target")
}

/// Emits each design's simulator, builds them all in one harness crate named `harness`,
/// runs each on its stimulus; returns per design, per cycle, the output hex strings.
pub fn run_all(harness: &str, cases: &[(&Design, Vec<Vec<Bits>>)]) -> Vec<Vec<Vec<String>>> {
    run_all_with(harness, cases, "")
}

/// [`run_all`], with extra statements run at the start of `main` (they may use the
/// simulator crates directly and `dir`, the work directory).
pub fn run_all_with(
    harness: &str,
    cases: &[(&Design, Vec<Vec<Bits>>)],
    extra: &str,
) -> Vec<Vec<Vec<String>>> {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let mut deps = String::new();
    let mut mods = String::new();
    let mut calls = String::new();
    for (k, (d, stim)) in cases.iter().enumerate() {
        let sim = rust_sim::emit(d).unwrap_or_else(|e| panic!("emit failed: {e}"));
        let sdir = root.join(format!("sim{k}"));
        sim.write_to(&sdir).unwrap();
        let name = rust_sim::crate_name(&d.module(d.top_id()).name);
        deps.push_str(&format!("{name} = {{ path = {:?} }}\n", sdir.display().to_string()));
        let ports = TbPorts::new(d).unwrap();
        mods.push_str(&format!("mod case{k} {{\n{}\n}}\n", rust_run_fn(&ports, d)));
        std::fs::write(root.join(format!("stim{k}.txt")), stimulus_text(stim)).unwrap();
        calls.push_str(&format!(
            "    std::fs::write(dir.join(\"out{k}.txt\"), case{k}::run(&std::fs::read_to_string(dir.join(\"stim{k}.txt\")).unwrap(), None)).unwrap();\n"
        ));
    }
    let h = root.join("harness");
    std::fs::create_dir_all(h.join("src")).unwrap();
    std::fs::write(
        h.join("Cargo.toml"),
        format!(
            "[package]\nname = \"{harness}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[workspace]\n\n[dependencies]\n{deps}\n\
             [profile.release]\nopt-level = 3\ncodegen-units = 16\nlto = \"off\"\n"
        ),
    )
    .unwrap();
    std::fs::write(
        h.join("src/main.rs"),
        format!("#![allow(unused_parens)]\n{mods}\nfn main() {{\n    let dir = std::path::PathBuf::from(std::env::args().nth(1).unwrap());\n{extra}\n{calls}}}\n"),
    )
    .unwrap();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .current_dir(&h)
        .env("CARGO_TARGET_DIR", target_dir())
        .args(["build", "--release", "--offline"])
        .output()
        .unwrap();
    if !out.status.success() {
        let keep = std::env::temp_dir().join(format!("failed_{harness}"));
        let _ = std::fs::remove_dir_all(&keep);
        let _ = Command::new("cp").arg("-r").arg(root).arg(&keep).status();
        panic!(
            "harness build failed (copied to {}):\n{}",
            keep.display(),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let st = Command::new(target_dir().join("release").join(harness)).arg(root).status().unwrap();
    assert!(st.success(), "harness run failed");
    (0..cases.len())
        .map(|k| parse_trace(&std::fs::read_to_string(root.join(format!("out{k}.txt"))).unwrap()))
        .collect()
}

/// Lower-case hex of a value.
pub fn hex(b: &Bits) -> String {
    cosim::stimulus::hex(b)
}
