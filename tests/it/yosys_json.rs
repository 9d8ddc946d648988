//! Yosys JSON in and out (`rmlir-hls X.json`, `--emit yosys-json`), judged by Yosys, ABC and
//! Icarus:
//! - Import: small Verilog files of tests/yosys/ (one per cell family, some through
//!   `techmap`, `abc -g`, `synth -lut`, `abc -sop` for gate, `$lut` and `$sop` cells) and
//!   every EPFL circuit of ../shared go through `yosys ... write_json` (one Yosys run for
//!   all), our importer and our SystemVerilog, and ABC proves that equal to the source.
//! - Export: every hardware example and 20 random netlists go through `--emit yosys-json`,
//!   `yosys read_json; write_verilog` (one run for all); ABC proves the result equal to our
//!   own SystemVerilog (examples with multipliers or dividers wider than ABC proves quickly
//!   are compared by Verilator simulation against the evaluator instead), and our importer
//!   reads the JSON back to a netlist that evaluates the same.
//! - Errors: malformed JSON (line and column), unknown cells, asynchronous flip-flops,
//!   `x` bits, latches and memories exit 1 naming module and cell. Output is deterministic.

use crate::support::*;
use comb::netlist::CellKind;
use comb::random::{random_batch, RandomConfig};
use std::path::{Path, PathBuf};

/// Runs one Yosys script (many designs at once) in `dir`.
fn yosys(dir: &Path, script: &str) {
    std::fs::write(dir.join("run.ys"), script).unwrap();
    run(Tool::Yosys.command().current_dir(dir).args(["-q", "-s", "run.ys"]));
}

/// The design our importer makes of a JSON file, with its top.
fn import(path: &Path) -> comb::Design {
    comb::yosys::import(&std::fs::read_to_string(path).unwrap(), None)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn top_name(d: &comb::Design) -> String {
    d.module(d.top_id()).name.clone()
}

/// The Verilog files of tests/yosys/ with the Yosys passes that make their JSON.
const CASES: &[(&str, &str, &str)] = &[
    ("arith", "arith", "proc; opt"),
    ("shifts", "shifts", "proc; opt"),
    ("compare", "compare", "proc; opt"),
    ("reduce", "reduce", "proc; opt"),
    ("bitwise", "bitwise", "proc; opt"),
    ("pmux", "pmux", "proc; opt"),
    ("ff", "ff", "proc; opt"),
    ("hier", "hier", "proc; opt"),
    ("lut_lut4", "lut", "synth -top lut -lut 4"),
    ("lut_sop", "lut", "proc; opt; techmap; abc -sop"),
    ("ff_gates", "ff", "proc; opt; techmap; simplemap; opt"),
    ("arith_gates", "arith", "proc; opt; techmap; simplemap"),
    (
        "compare_gates",
        "compare",
        "proc; opt; techmap; abc -g AND,NAND,OR,NOR,XOR,XNOR,ANDNOT,ORNOT,MUX,AOI3,OAI3,AOI4,OAI4",
    ),
];

#[test]
fn yosys_json_of_each_cell_family_proven_equal_to_its_verilog() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let src = repo().join("tests/yosys");
    let mut script = String::new();
    for (tag, file, passes) in CASES {
        let v = src.join(format!("{file}.v"));
        script.push_str(&format!(
            "design -reset\nread_verilog {}\nhierarchy -top {file}\n{passes}\nwrite_json {tag}.json\n",
            v.display()
        ));
    }
    yosys(d, &script);
    for (tag, file, _) in CASES {
        let json = d.join(format!("{tag}.json"));
        let text = std::fs::read_to_string(&json).unwrap();
        // The family's cells really are in the JSON we import.
        match *tag {
            "lut_lut4" => assert!(text.contains("\"$lut\""), "{tag}: no $lut cell"),
            "lut_sop" => assert!(text.contains("\"$sop\""), "{tag}: no $sop cell"),
            "ff_gates" => {
                assert!(text.contains("$_SDFFCE_") && text.contains("$_DFFE_"), "{tag}: no gate flip-flops")
            }
            "compare_gates" => {
                assert!(text.contains("$_AOI3_") || text.contains("$_OAI3_"), "{tag}: no AOI/OAI gates")
            }
            "ff" => {
                for ty in ["$dff\"", "$dffe\"", "$sdff\"", "$sdffe\"", "$sdffce\""] {
                    assert!(text.contains(ty), "ff: no {ty} cell");
                }
            }
            "pmux" => assert!(text.contains("$pmux") && text.contains("$shiftx"), "pmux: cells missing"),
            _ => {}
        }
        let ours = cli(&[json.to_str().unwrap(), "--emit", "verilog"]);
        let original = std::fs::read_to_string(src.join(format!("{file}.v"))).unwrap();
        prove_equivalent(&original, &ours, file);
    }
}

/// Every EPFL circuit of ../shared read as Yosys JSON: ABC proves it equal to the original
/// as imported, after `-O2 --lut 6`, and after `-O2 --lut 6`/`--lut 4` with `--lut-goal area`.
/// The circuits name their ports bit by bit as escaped identifiers (`\\opcode[0] `); our
/// output keeps every one exactly, so ABC's `cec` (which matches inputs and outputs by
/// name) compares the original file as it is. A conformance test: without ../shared it
/// says so and checks nothing.
#[test]
fn epfl_circuits_imported_from_yosys_json_proven_equal() {
    let Some(shared) = shared() else {
        eprintln!("epfl_circuits_imported_from_yosys_json_proven_equal: no ../shared, nothing checked");
        return;
    };
    let epfl = shared.join("benchmarks/epfl");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&epfl)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "v"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no EPFL circuits in {}", epfl.display());
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut script = String::new();
    for (i, f) in files.iter().enumerate() {
        script.push_str(&format!(
            "design -reset\nread_verilog {}\nproc\nopt\nwrite_json c{i}.json\n",
            f.display()
        ));
    }
    yosys(d, &script);
    std::thread::scope(|s| {
        for (i, f) in files.iter().enumerate() {
            s.spawn(move || {
                let json = d.join(format!("c{i}.json"));
                let design = import(&json);
                let original = std::fs::read_to_string(f).unwrap();
                // As imported, and mapped as the LUT benchmark's targets are measured:
                // `-O2 --lut 6` (depth goal) and both K with `--lut-goal area`.
                for extra in [
                    &[][..],
                    &["-O2", "--lut", "6"][..],
                    &["-O2", "--lut", "6", "--lut-goal", "area"][..],
                    &["-O2", "--lut", "4", "--lut-goal", "area"][..],
                ] {
                    let mut args = vec![json.to_str().unwrap(), "--emit", "verilog"];
                    args.extend_from_slice(extra);
                    let ours = cli(&args);
                    assert_ports_kept(&design, &ours, &format!("{} {extra:?}", f.display()));
                    prove_equivalent(&original, &ours, &top_name(&design));
                }
            });
        }
    });
}

/// The port names of the last module of `sv` (escaped ones without `\\` and the space).
fn sv_port_names(sv: &str) -> Vec<String> {
    let head = &sv[sv.rfind("\nmodule ").expect("a module")..];
    let head = &head[..head.find(");").expect("a module head")];
    head.lines()
        .map(str::trim)
        .filter(|l| l.starts_with("input ") || l.starts_with("output "))
        .map(|l| match l.find('\\') {
            Some(at) => l[at + 1..].split(' ').next().unwrap().to_string(),
            None => l.trim_end_matches(',').rsplit(' ').next().unwrap().to_string(),
        })
        .collect()
}

/// The top of `sv` has exactly the ports of `design`'s top, in order, by exact name.
fn assert_ports_kept(design: &comb::Design, sv: &str, what: &str) {
    let m = design.module(design.top_id());
    let want: Vec<String> = m.ports.iter().map(|p| p.name.clone()).collect();
    assert_eq!(sv_port_names(sv), want, "{what}: port names changed");
}

/// A design whose ports are bus bits and dotted names (`\\a[0] `, `\\b.x `), as a netlist
/// from Yosys or ABC names them.
const BUS_BIT_SRC: &str = "module bb(\\a[0] , \\a[1] , \\a[2] , \\b.x , \\y[0] , \\y[1] , z);
  input \\a[0] , \\a[1] , \\a[2] , \\b.x ;
  output \\y[0] , \\y[1] , z;
  assign \\y[0] = (\\a[0] & \\a[1] ) ^ \\b.x ;
  assign \\y[1] = \\a[2] | \\a[0] ;
  assign z = ~\\a[1] ;
endmodule
";

/// Writes [`BUS_BIT_SRC`] to `d/bb.v` and Yosys's JSON of it to `d/bb.json` (returned).
fn bus_bit_json(d: &Path) -> PathBuf {
    std::fs::write(d.join("bb.v"), BUS_BIT_SRC).unwrap();
    yosys(d, "read_verilog bb.v\nproc\nopt\nwrite_json bb.json\n");
    d.join("bb.json")
}

/// A small design whose ports are bus bits (`\\a[0] `, as a netlist from Yosys or ABC names
/// them): read as Yosys JSON, written with `-O2 --lut 6` in
/// both dialects, every port keeps its name and ABC's `cec` by name proves the result
/// equal to the source; the Yosys JSON we write names the ports alike.
#[test]
fn bus_bit_port_names_survive_a_round_trip() {
    let src = BUS_BIT_SRC;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let json = bus_bit_json(d);
    let design = import(&json);
    let j = json.to_str().unwrap();
    for dialect in ["sv", "2005"] {
        let ours = cli(&[j, "--emit", "verilog", "-O2", "--lut", "6", "--sv-dialect", dialect]);
        assert_ports_kept(&design, &ours, dialect);
        assert!(ours.contains("\\a[0] ") && ours.contains("\\b.x "), "{ours}");
        prove_equivalent(src, &ours, "bb");
    }
    let back = cli(&[j, "--emit", "yosys-json", "-O2", "--lut", "6"]);
    for name in ["a[0]", "a[2]", "b.x", "y[1]", "z"] {
        assert!(back.contains(&format!("\"{name}\": {{")), "{name} missing from the JSON we write:\n{back}");
    }
}

/// The same bus-bit design through `fpga --pin-all` on both synthesis paths: the PCF pins
/// the ports by the names Yosys and nextpnr give them (`a[0]`, not the escaped SV spelling),
/// and the routed design (`icebox_vlog` with that PCF) is proven equal to the source by
/// Yosys's `equiv_*`, port by port.
#[test]
fn bus_bit_ports_are_pinned_by_name_on_the_fpga() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    bus_bit_json(d);
    let mut script = String::new();
    for synth in ["yosys", "native"] {
        let out = d.join(synth);
        let o = bin()
            .args(["fpga", "bb.json", "-o", synth, "--device", "hx1k", "--pin-all", "--synth", synth])
            .current_dir(d)
            .output()
            .unwrap();
        assert!(o.status.success(), "{synth}: {}", String::from_utf8_lossy(&o.stderr));
        let pcf = std::fs::read_to_string(out.join("bb.pcf")).unwrap();
        assert!(pcf.contains("set_io a[0] ") && pcf.contains("set_io b.x "), "{pcf}");
        let routed = run(Tool::IceboxVlog
            .command()
            .current_dir(&out)
            .args(["-n", "routed", "-p", "bb.pcf", "bb.asc"]));
        std::fs::write(d.join(format!("{synth}_routed.v")), routed).unwrap();
        script += &format!(
            "design -reset\nread_verilog bb.v\nread_verilog {synth}_routed.v\nproc\n\
             equiv_make bb routed eq\nhierarchy -top eq\nequiv_simple\nequiv_status -assert\n"
        );
    }
    yosys(d, &script);
}

/// True when ABC proves the design quickly: no multiplier or divider wider than 8 bits.
fn small_arith(design: &comb::Design) -> bool {
    design.modules.iter().all(|m| {
        m.cells().all(|c| {
            let cell = m.cell(c);
            !matches!(
                cell.kind,
                CellKind::Mul | CellKind::DivU | CellKind::DivS | CellKind::ModU | CellKind::ModS
            ) || cell.width <= 8
        })
    })
}

#[test]
fn examples_through_yosys_json_and_back() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let examples = hardware_examples();
    let mut script = String::new();
    let mut designs = Vec::new();
    for (i, path) in examples.iter().enumerate() {
        let p = path.to_str().unwrap();
        let json = cli(&[p, "--emit", "yosys-json"]);
        assert_eq!(json, cli(&[p, "--emit", "yosys-json"]), "{p}: two runs differ");
        std::fs::write(d.join(format!("e{i}.json")), &json).unwrap();
        script.push_str(&format!("design -reset\nread_json e{i}.json\nwrite_verilog -noattr e{i}.v\n"));
        designs.push(load_text(p, &std::fs::read_to_string(path).unwrap(), 1));
    }
    yosys(d, &script);
    for (i, (path, design)) in examples.iter().zip(&designs).enumerate() {
        let p = path.to_str().unwrap();
        let back = std::fs::read_to_string(d.join(format!("e{i}.v"))).unwrap();
        let stim = stimulus(design, 77 + i as u64, 300);
        let expected = eval_trace(design, &stim);
        if small_arith(design) {
            let ours = cli(&[p, "--emit", "verilog"]);
            prove_equivalent(&ours, &back, &top_name(design));
        } else {
            // Verilator: Icarus 11 computes the 96-bit `a / b` of Yosys's wide_ops output as 0.
            let got = simulate(Engine::Verilator, design, &back, &stim);
            assert_traces_eq(
                &format!("{p}: Yosys's Verilog of our JSON on Verilator"),
                design,
                &expected,
                &got,
            );
        }
        let again = import(&d.join(format!("e{i}.json")));
        assert_traces_eq(&format!("{p}: our JSON read back"), design, &expected, &eval_trace(&again, &stim));
    }
}

#[test]
fn random_netlists_through_yosys_json_proven_equal() {
    // Yosys's techmap of our SystemVerilog dominates: 20 designs keep it inside the budget.
    const BATCHES: u64 = 2;
    const PER_BATCH: usize = 10;
    // --emit yosys-json does not write memories yet (a clear error names the cell).
    let cfg = RandomConfig { ops: 12, max_width: 8, registers: true, instances: true, memories: false };
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut script = String::new();
    let mut designs = Vec::new();
    for b in 0..BATCHES {
        let design = random_batch(0x750_0000 + b, PER_BATCH, &cfg);
        let json = backends::yosys_json::emit(&design).expect("every kind is written");
        std::fs::write(d.join(format!("r{b}.json")), &json).unwrap();
        script.push_str(&format!("design -reset\nread_json r{b}.json\nwrite_verilog -noattr r{b}.v\n"));
        designs.push(design);
    }
    yosys(d, &script);
    // Two batches at a time (two cores).
    for pair in designs.iter().enumerate().collect::<Vec<_>>().chunks(2) {
        std::thread::scope(|s| {
            for &(b, design) in pair {
                s.spawn(move || {
                    let ours = backends::verilog::emit(design);
                    let back = std::fs::read_to_string(d.join(format!("r{b}.v"))).unwrap();
                    prove_equivalent(&ours, &back, &top_name(design));
                    let again = import(&d.join(format!("r{b}.json")));
                    let stim = stimulus(design, b as u64, 200);
                    assert_traces_eq(
                        &format!("batch {b}: our JSON read back"),
                        design,
                        &eval_trace(design, &stim),
                        &eval_trace(&again, &stim),
                    );
                });
            }
        });
    }
}

/// Runs the CLI on a JSON text; returns (exit code, stderr).
fn run_json(text: &str) -> (i32, String) {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("bad.json");
    std::fs::write(&f, text).unwrap();
    let out = bin().arg(&f).args(["--emit", "verilog"]).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// A one-module netlist with one cell of type `ty` (ports A/CLK/D in, Y/Q out).
fn one_cell(ty: &str, conns: &str) -> String {
    format!(
        r#"{{"modules": {{"m": {{
  "ports": {{"a": {{"direction": "input", "bits": [2, 3]}}, "y": {{"direction": "output", "bits": [4, 5]}}}},
  "cells": {{"c1": {{"type": "{ty}", "parameters": {{}}, "connections": {{{conns}}}}}}}
}}}}}}"#
    )
}

#[test]
fn bad_json_exits_1_naming_module_and_cell() {
    // Malformed: the error is at the line and column of the bad token, with a caret.
    let (code, err) = run_json("{\"modules\": {\n  \"m\": {\"ports\": {,}}\n}}\n");
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("bad.json:2:"), "{err}");
    assert!(err.contains('^'), "{err}");
    let cases = [
        (one_cell("$frobnicate", r#""A": [2, 3], "Y": [4, 5]"#), "unknown cell type '$frobnicate'"),
        (one_cell("$adff", r#""CLK": [2], "ARST": [3], "D": [2, 3], "Q": [4, 5]"#), "asynchronous"),
        (one_cell("$_DFF_PN0_", r#""C": [2], "R": [3], "D": [2], "Q": [4]"#), "asynchronous"),
        (one_cell("$dlatch", r#""EN": [2], "D": [2, 3], "Q": [4, 5]"#), "latches"),
        (one_cell("$mem_v2", r#""RD_DATA": [4, 5]"#), "memories"),
        (
            one_cell("$not", r#""A": [2, "x"], "Y": [4, 5]"#)
                .replace("\"parameters\": {}", "\"parameters\": {\"A_WIDTH\": 2, \"Y_WIDTH\": 2}"),
            "'x' bit",
        ),
        (
            one_cell("$dff", r#""CLK": [2], "D": [2, 3], "Q": [4, 5]"#)
                .replace("\"parameters\": {}", "\"parameters\": {\"CLK_POLARITY\": \"0\"}"),
            "negative-edge",
        ),
        (one_cell("$not", r#""A": [2, 9], "Y": [4, 5]"#), "not driven"),
        (one_cell("$not", r#""A": [2, 3], "Y": [2, 5]"#), "already has a driver"),
    ];
    for (text, want) in cases {
        let (code, err) = run_json(&text);
        assert_eq!(code, 1, "{want}: {err}");
        assert!(err.contains(want), "expected '{want}' in:\n{err}");
        assert!(err.contains("module 'm'") && err.contains("cell 'c1'"), "module and cell not named:\n{err}");
        assert!(err.contains("bad.json:3:13: error:"), "not located at the cell's key:\n{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn import_errors_after_parsing_are_located() {
    // A port error points at the port's key, a module error at the module's, an error
    // about the whole netlist at `modules`.
    let inout = one_cell("$not", r#""A": [2, 3], "Y": [4, 5]"#).replace("\"input\"", "\"inout\"");
    let (code, err) = run_json(&inout);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("bad.json:2:13: error: module 'm': port 'a' is an inout"), "{err}");
    let undriven =
        one_cell("$not", r#""A": [2, 3], "Y": [4, 5]"#).replace("\"bits\": [4, 5]", "\"bits\": [4, 8]");
    let (_, err) = run_json(&undriven);
    assert!(err.contains("bad.json:2:") && err.contains("port 'y'") && err.contains("not driven"), "{err}");
    let recursive = r#"{"modules": {
  "m": {"ports": {}, "cells": {"i": {"type": "n", "connections": {}}}},
  "n": {"ports": {}, "cells": {"i": {"type": "m", "connections": {}}}}
}}"#;
    let (_, err) = run_json(recursive);
    assert!(err.contains("bad.json:1:2: error: recursive instantiation"), "{err}");
    let (code, err) = run_json("{\"creator\": \"x\",\n \"modules\": {}}");
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("bad.json:2:2: error: the netlist has no modules"), "{err}");
}

#[test]
fn import_is_deterministic() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let src = repo().join("tests/yosys");
    yosys(
        d,
        &format!(
            "read_verilog {}\nhierarchy -top hier\nproc\nopt\nwrite_json h.json\n",
            src.join("hier.v").display()
        ),
    );
    let f = d.join("h.json");
    let f = f.to_str().unwrap();
    for emit in ["verilog", "mlir", "yosys-json"] {
        assert_eq!(cli(&[f, "--emit", emit]), cli(&[f, "--emit", emit]), "--emit {emit}: two runs differ");
    }
}
