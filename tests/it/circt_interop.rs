//! Interop with CIRCT itself, through its PyPI package (`scripts/circt_check.py`, run by the
//! Python that `scripts/install-tools.sh` installs it for; `RMLIR_CIRCT_PYTHON` names
//! another). A missing package fails the tests, as a missing tool does.
//!
//! - `--emit mlir --dialect circt` of every hardware example and every file case that
//!   prints SystemVerilog is parsed and verified by CIRCT (one Python process).
//! - For the combinational ones CIRCT can export (no truth table: 1.62's export aborts on
//!   it; no division: CIRCT leaves division by zero undefined, SPEC section 3 makes it 0),
//!   CIRCT's SystemVerilog and ours are proven equal by ABC `cec`, all in one Yosys and one
//!   ABC run (not full multipliers: ABC needs minutes for those).
//! - Default `--emit mlir` keeps each module in its container and reads back (both
//!   dialects), and `--dialect heir` refuses a sequential module with a clear message.

use crate::support::filetest::Directives;
use crate::support::tools::circt_check;
use crate::support::*;
use std::path::{Path, PathBuf};

/// Options of a file case ([`Directives`]), or `None` if it does not print
/// SystemVerilog.
fn case_options(text: &str) -> Option<Vec<String>> {
    let args = Directives::parse(text).options(&["--emit", "verilog"]);
    let opts: Vec<String> =
        args.iter().filter(|a| !matches!(a.as_str(), "--emit" | "verilog" | "sv")).cloned().collect();
    (args.iter().any(|a| a == "verilog" || a == "sv")).then_some(opts)
}

/// Every input whose `--emit mlir` CIRCT must accept, with its options (no `--emit`).
fn inputs() -> Vec<(PathBuf, Vec<String>)> {
    let mut v: Vec<(PathBuf, Vec<String>)> = hardware_examples().into_iter().map(|p| (p, vec![])).collect();
    let mut cases: Vec<PathBuf> = std::fs::read_dir(repo().join("tests/cases"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    cases.sort();
    for p in cases {
        if let Some(opts) = case_options(&std::fs::read_to_string(&p).unwrap()) {
            v.push((p, opts));
        }
    }
    v
}

fn run_cli(input: &Path, opts: &[String], extra: &[&str]) -> String {
    let mut args: Vec<&str> = vec![input.to_str().unwrap()];
    args.extend(opts.iter().map(String::as_str));
    args.extend(extra);
    cli(&args)
}

/// The last `hw.module` printed: the top (modules print children first).
fn top_of(mlir: &str) -> String {
    let line = mlir.lines().rfind(|l| l.trim_start().starts_with("hw.module @")).expect("a module");
    let rest = line.trim_start().trim_start_matches("hw.module @");
    rest[..rest.find('(').unwrap()].trim_matches('"').to_string()
}

#[test]
fn circt_verifies_emitted_mlir_and_agrees_by_cec() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut files = Vec::new();
    let mut mlirs = Vec::new();
    let mut generic_files = Vec::new();
    let mut generics = Vec::new();
    for (i, (input, opts)) in inputs().into_iter().enumerate() {
        let mlir = run_cli(&input, &opts, &["--emit", "mlir", "--dialect", "circt"]);
        let f = d.join(format!("{i}.mlir"));
        std::fs::write(&f, &mlir).unwrap();
        files.push(f.to_str().unwrap().to_string());
        // The generic form too (inherent attributes in the attribute dictionary, port
        // locations): CIRCT 1.62 reads it (registers' initial values as 1.62's plain
        // power-on operand), except what 1.62 does not have at all (comb.lut) and memory
        // ports whose address is not clog2(depth) bits (only the custom form adapts them,
        // mlir_firmem.rs).
        let generic = run_cli(&input, &opts, &["--emit", "mlir", "--dialect", "circt", "--generic"]);
        if !["\"comb.lut\"", "seq.firmem"].iter().any(|k| generic.contains(k)) {
            let g = d.join(format!("{i}g.mlir"));
            std::fs::write(&g, &generic).unwrap();
            generic_files.push(g.to_str().unwrap().to_string());
            generics.push((input.clone(), generic));
        }
        mlirs.push((input, opts, mlir));
    }
    assert!(generic_files.len() >= 20, "too few generic inputs: {}", generic_files.len());
    let args: Vec<&str> = std::iter::once("verify").chain(generic_files.iter().map(String::as_str)).collect();
    for (v, (input, mlir)) in circt_check(&args).iter().zip(&generics) {
        assert!(
            v.starts_with("ok "),
            "CIRCT rejects --emit mlir --generic of {}:\n{v}\n--- mlir:\n{mlir}",
            input.display()
        );
    }
    assert!(files.len() >= 20, "too few inputs: {}", files.len());
    let args: Vec<&str> = std::iter::once("verify").chain(files.iter().map(String::as_str)).collect();
    let verdicts = circt_check(&args);
    assert_eq!(verdicts.len(), files.len(), "one verdict per file: {verdicts:?}");
    for (v, (input, _, mlir)) in verdicts.iter().zip(&mlirs) {
        assert!(
            v.starts_with("ok "),
            "CIRCT rejects --emit mlir of {}:\n{v}\n--- mlir:\n{mlir}",
            input.display()
        );
    }

    // CIRCT's SystemVerilog of the combinational ones it can export, against ours.
    let comparable: Vec<usize> = (0..mlirs.len())
        .filter(|&i| {
            let m = &mlirs[i].2;
            // A full multiplier takes ABC minutes to prove against another structure.
            let multiplier = m.lines().any(|l| l.contains("comb.mul") && !l.contains("%_c$"));
            // A black box (hw.module.extern) has nothing to prove: it is only verified above;
            // nor do checks (Yosys 0.23 parses no clocked `assert property` in CIRCT's export),
            // also those with messages (printed in the `sv` dialect) and `sv.fwrite`s.
            !multiplier
                && ![
                    "seq.",
                    "truth_table",
                    "comb.div",
                    "comb.mod",
                    "hw.module.extern",
                    "verif.",
                    "sv.assert",
                    "sv.assume",
                    "sv.cover",
                    "sv.fwrite",
                ]
                .iter()
                .any(|k| m.contains(k))
        })
        .collect();
    assert!(comparable.len() >= 6, "too few comparable designs: {}", comparable.len());
    let out = d.join("circt");
    std::fs::create_dir(&out).unwrap();
    let mut args = vec!["export".to_string(), out.to_str().unwrap().to_string()];
    args.extend(comparable.iter().map(|&i| files[i].clone()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let exported = circt_check(&args);
    let mut script = String::new();
    let mut abc = String::new();
    let mut pairs = 0;
    for (&i, line) in comparable.iter().zip(&exported) {
        let (input, opts, mlir) = &mlirs[i];
        let circt_sv = line
            .strip_prefix("ok ")
            .and_then(|r| r.split_whitespace().nth(1))
            .unwrap_or_else(|| panic!("CIRCT cannot export {}: {line}", input.display()));
        let top = top_of(mlir);
        // CIRCT renames SystemVerilog keywords (`logic` -> `logic_0`) its own way, so the
        // ports of such a design do not line up by name: it is only verified above.
        if !std::fs::read_to_string(circt_sv).unwrap().contains(&format!("module {top}(")) {
            continue;
        }
        let k = pairs;
        pairs += 1;
        eprintln!("cec {k}: {} (@{top})", input.display());
        let ours = run_cli(input, opts, &["--emit", "verilog"]);
        std::fs::write(d.join(format!("ours{k}.sv")), ours).unwrap();
        for (name, sv) in
            [(format!("ours{k}"), format!("ours{k}.sv")), (format!("circt{k}"), circt_sv.to_string())]
        {
            script.push_str(&format!(
                "design -reset; read_verilog -sv {sv}; hierarchy -top {top}; proc; flatten; techmap; opt -fast; write_blif {name}.blif\n"
            ));
        }
        abc.push_str(&format!("cec ours{k}.blif circt{k}.blif\n"));
    }
    std::fs::write(d.join("lower.ys"), script).unwrap();
    run(Tool::Yosys.command().current_dir(d).args(["-q", "-s", "lower.ys"]));
    std::fs::write(d.join("cec.abc"), abc).unwrap();
    let out = run(Tool::Abc.command().current_dir(d).args(["-F", "cec.abc"]));
    let proven = out.matches("Networks are equivalent").count();
    assert!(!out.contains("NOT EQUIVALENT"), "ABC found a difference:\n{out}");
    assert!(pairs >= 5, "too few designs compared: {pairs}");
    assert_eq!(proven, pairs, "ABC proved {proven} of {pairs} designs:\n{out}");
}

#[test]
fn default_dialect_follows_the_container_and_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("f.mlir");
    std::fs::write(
        &f,
        "func.func @f(%a: i1, %b: i1, %c: i4) -> (i1, i4) {\n  %t = comb.truth_table %a, %b -> 6 : ui4\n  \
         %n = comb.inv %c : i4\n  return %t, %n : i1, i4\n}\n",
    )
    .unwrap();
    let p = f.to_str().unwrap();
    let heir = cli(&[p, "--emit", "mlir"]);
    assert!(heir.contains("func.func @f(%a: i1, %b: i1, %c: i4) -> (i1, i4)"), "{heir}");
    assert!(heir.contains("-> 6 : ui4") && heir.contains("comb.inv"), "{heir}");
    let circt = cli(&[p, "--emit", "mlir", "--dialect", "circt"]);
    assert!(
        circt.contains("hw.module @f(in %a : i1, in %b : i1, in %c : i4, out out0 : i1, out out1 : i4)"),
        "{circt}"
    );
    assert!(circt.contains("-> [false, true, true, false]") && !circt.contains("comb.inv"), "{circt}");
    let sv = cli(&[p, "--emit", "verilog"]);
    for (name, text) in
        [("heir", &heir), ("circt", &circt), ("heir generic", &cli(&[p, "--emit", "mlir", "--generic"]))]
    {
        let g = dir.path().join("again.mlir");
        std::fs::write(&g, text).unwrap();
        assert_eq!(cli(&[g.to_str().unwrap(), "--emit", "verilog"]), sv, "{name} round trip");
    }
    let out = bin()
        .args([repo().join("examples/counter.mlir").to_str().unwrap(), "--emit", "mlir", "--dialect", "heir"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--dialect heir") && err.contains("clock port"), "{err}");
}

#[test]
fn circt_rejects_what_we_reject() {
    // Each of these is a located error of ours (tests/errors/circt_*.expected); CIRCT's
    // verifier must reject it too, so the two agree on what is valid.
    // (A duplicate `sym @x` on two `seq.compreg`s, which we reject too, CIRCT 1.62 lets through.)
    let files: Vec<String> = ["instance_input_label", "instance_output_label", "instance_unknown_module"]
        .iter()
        .map(|n| repo().join(format!("tests/errors/circt_{n}.mlir")).to_str().unwrap().to_string())
        .collect();
    let args: Vec<&str> = std::iter::once("verify").chain(files.iter().map(String::as_str)).collect();
    let verdicts = circt_check(&args);
    assert_eq!(verdicts.len(), files.len(), "{verdicts:?}");
    for v in &verdicts {
        assert!(v.starts_with("error "), "CIRCT accepts what we reject: {v}");
    }
}

/// A port of an emitted module: (is an input, name, width).
type SvPort = (bool, String, u32);

/// The ports of every module of our SystemVerilog.
fn sv_modules(sv: &str) -> Vec<(String, Vec<SvPort>)> {
    let mut mods = Vec::new();
    for chunk in sv.split("\nmodule ").skip(1) {
        let name = chunk[..chunk.find('(').unwrap()].trim().to_string();
        let header = &chunk[..chunk.find(");").unwrap()];
        let mut ports = Vec::new();
        for line in header.lines().map(str::trim) {
            let (dir, rest) = match line.split_once(" wire ") {
                Some((d, r)) if d == "input" || d == "output" => (d == "input", r),
                _ => continue,
            };
            let rest = rest.trim_end_matches(',');
            let (w, n) = match rest.strip_prefix('[') {
                Some(r) => {
                    let (hi, n) = r.split_once(":0] ").unwrap();
                    (hi.parse::<u32>().unwrap() + 1, n)
                }
                None => (1, rest),
            };
            ports.push((dir, n.to_string(), w));
        }
        mods.push((name, ports));
    }
    mods
}

/// CIRCT's export lays out `!hw.union` as packed unions whose narrower members are packed
/// structs with `__pre_padding` (the offset, high) and `__post_padding` (low) fields; Yosys
/// 0.23 reads no packed unions, so the proof is a co-simulation in Verilator: every module of
/// `tests/aggregates/unions.mlir` (each union form: create with and without padding and
/// offsets, extract, unions in structs and arrays, aggregates in unions, mux, an instance
/// boundary; not `hw.bitcast` of a union, which CIRCT 1.62's export rejects: `cec.mlir` has
/// it) runs beside CIRCT 1.62's export of the same file
/// on 400 random input vectors, and every output must agree bit for bit and change at least
/// once (so the comparison is not vacuous).
#[test]
fn unions_cosimulate_equal_to_circt_export() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let input = repo().join("tests/aggregates/unions.mlir");
    let circt = circt_export(&input, d);
    let ours = cli(&[input.to_str().unwrap(), "--emit", "verilog"]);
    let mods = sv_modules(&ours);
    assert!(mods.len() >= 9, "too few modules: {}", mods.len());
    // CIRCT's modules get a prefix (declarations and instantiations alike).
    let mut theirs = circt.clone();
    for (m, _) in &mods {
        theirs = theirs.replace(&format!("module {m}("), &format!("module circt_{m}("));
        theirs = theirs.replace(&format!("\n  {m} "), &format!("\n  circt_{m} "));
    }
    let mut tb = String::from("module tb;\n  integer k, bad;\n");
    let mut body = String::new();
    let mut checks = String::new();
    let mut toggles = String::new();
    for (mi, (m, ports)) in mods.iter().enumerate() {
        let mut conn_ours = Vec::new();
        let mut conn_theirs = Vec::new();
        for (is_in, n, w) in ports {
            if *is_in {
                tb.push_str(&format!("  reg [{}:0] i{mi}_{n};\n", w - 1));
                body.push_str(&format!("      i{mi}_{n} = {{$random, $random, $random}};\n"));
                conn_ours.push(format!(".{n}(i{mi}_{n})"));
                conn_theirs.push(format!(".{n}(i{mi}_{n})"));
            } else {
                tb.push_str(&format!(
                    "  wire [{0}:0] o{mi}_{n}, c{mi}_{n};\n  reg [{0}:0] f{mi}_{n};\n",
                    w - 1
                ));
                tb.push_str(&format!("  reg t{mi}_{n};\n"));
                conn_ours.push(format!(".{n}(o{mi}_{n})"));
                conn_theirs.push(format!(".{n}(c{mi}_{n})"));
                checks.push_str(&format!(
                    "      if (o{mi}_{n} !== c{mi}_{n}) begin bad = bad + 1; \
                     $display(\"MISMATCH {m}.{n}: ours %h circt %h\", o{mi}_{n}, c{mi}_{n}); end\n      \
                     if (k == 0) f{mi}_{n} = o{mi}_{n}; else if (o{mi}_{n} !== f{mi}_{n}) t{mi}_{n} = 1;\n"
                ));
                toggles.push_str(&format!("    if (!t{mi}_{n}) $display(\"CONSTANT {m}.{n}\");\n"));
            }
        }
        tb.push_str(&format!("  {m} u{mi}({});\n", conn_ours.join(", ")));
        tb.push_str(&format!("  circt_{m} v{mi}({});\n", conn_theirs.join(", ")));
    }
    let inits: String = toggles
        .lines()
        .filter_map(|l| l.split("!t").nth(1).and_then(|r| r.split(')').next()))
        .map(|t| format!("    t{t} = 0;\n"))
        .collect();
    tb.push_str(&format!(
        "  initial begin\n    bad = 0;\n{inits}    for (k = 0; k < 400; k = k + 1) begin\n{body}      #1;\n{checks}    end\n{toggles}    $display(\"DONE %0d\", bad);\n    $finish;\n  end\nendmodule\n"
    ));
    std::fs::write(d.join("tb.sv"), &tb).unwrap();
    std::fs::write(d.join("ours.sv"), &ours).unwrap();
    std::fs::write(d.join("theirs.sv"), &theirs).unwrap();
    // Icarus 11 reads no unions inside structs or arrays of unions: Verilator does.
    run(Tool::Verilator.in_dir(d).args([
        "--binary",
        "--timing",
        "-Wno-fatal",
        "-Wno-lint",
        "-Wno-style",
        "--top-module",
        "tb",
        "tb.sv",
        "ours.sv",
        "theirs.sv",
        "-o",
        "sim",
    ]));
    let out = run(std::process::Command::new(d.join("obj_dir/sim")).current_dir(d));
    assert!(
        out.contains("DONE 0"),
        "our unions differ from CIRCT's export:\n{out}\n--- ours:\n{ours}\n--- CIRCT:\n{circt}"
    );
    assert!(!out.contains("CONSTANT"), "an output never changed, so it proves nothing:\n{out}");
}
