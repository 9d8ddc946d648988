//! `--sv-dialect 2005`: the Verilog-2005 output of every hardware example and of every
//! file case of `tests/cases/` that prints SystemVerilog is
//! - read by Yosys without `-sv` (one Yosys run for all) and by `iverilog -g2005`,
//! - lint-clean under `verilator -Wall --language 1364-2005`,
//! - equal to the SystemVerilog output by simulation: the same random stimulus through
//!   Icarus on both (`-g2012` on the SystemVerilog, `-g2005` on the Verilog) gives the
//!   same outputs on every cycle.
//!
//! Cases whose output cannot stand alone (a black box's module is defined elsewhere; an
//! `sv.verbatim` text is SystemVerilog as written: see [`STANDALONE_ONLY`]) are checked for
//! the absence of SystemVerilog keywords only.

use crate::support::filetest::{with_input, Directives};
use crate::support::*;
use std::path::{Path, PathBuf};

/// One design to check: where it comes from and the options it is compiled with.
struct Subject {
    path: PathBuf,
    options: Vec<String>,
}

/// Inputs with these ops do not elaborate alone (black boxes, verbatim SystemVerilog):
/// their Verilog-2005 is checked for SystemVerilog-only keywords but not given to the tools.
const STANDALONE_ONLY: &[&str] = &["hw.module.extern", "sv.verbatim"];

/// The examples, and the cases of tests/cases/ that print SystemVerilog successfully.
fn subjects() -> Vec<Subject> {
    let mut v: Vec<Subject> = hardware_examples()
        .into_iter()
        .map(|path| Subject { path, options: vec!["--emit".into(), "verilog".into()] })
        .collect();
    for path in filetest::case_files(&repo().join("tests/cases")) {
        let text = std::fs::read_to_string(&path).unwrap();
        let options = Directives::parse(&text).options(&["--emit", "verilog"]);
        let sv = options.windows(2).any(|w| w[0] == "--emit" && (w[1] == "verilog" || w[1] == "sv"));
        let expected = std::fs::read_to_string(path.with_extension("expected")).unwrap_or_default();
        if sv && expected.starts_with("# exit: 0\n") {
            v.push(Subject { path, options });
        }
    }
    v
}

/// `rmlir-hls` on the subject with `extra` options: its standard output.
fn compile(s: &Subject, extra: &[&str]) -> String {
    let mut args = with_input(&s.options, s.path.to_str().unwrap());
    args.extend(extra.iter().map(|a| a.to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    cli(&args)
}

/// The design the subject's options make (for its top's ports), read at -O0.
fn design_of(s: &Subject) -> comb::Design {
    let mut o = flow::Options::at(flow::OptLevel::O0);
    let mut it = s.options.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--top" => o.top = it.next().cloned(),
            "--define" => o.defines.extend(it.next().cloned()),
            _ => {}
        }
    }
    let text = std::fs::read_to_string(&s.path).unwrap();
    flow::Flow::new(o).load_text(s.path.to_str().unwrap(), &text).unwrap_or_else(|e| panic!("{}", e.render()))
}

/// The top's name as Yosys and Verilator take it (an escaped one without `\\` and space).
fn top_name(design: &comb::Design) -> String {
    let sv = &backends::verilog::sv_names(design).modules[design.top_id().index()];
    backends::verilog::names::unescape(sv).to_string()
}

/// SystemVerilog-only words that must not appear in Verilog-2005 output.
const SV_ONLY: &[&str] = &["logic", "always_ff", "always_comb", "assert", "assume", "cover", "'0", "int "];

fn assert_no_sv(what: &str, v: &str) {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$';
    for line in v.lines().filter(|l| !l.trim_start().starts_with("//")) {
        for w in SV_ONLY {
            let hit = line
                .match_indices(w)
                .any(|(i, _)| !line[..i].ends_with(ident) && !line[i + w.len()..].starts_with(ident));
            assert!(!hit, "{what}: SystemVerilog '{w}' in Verilog-2005 output: {line}");
        }
    }
}

#[test]
fn verilog_2005_output_read_by_tools_and_simulates_as_the_sv() {
    let subjects = subjects();
    assert!(subjects.len() > 40, "only {} subjects", subjects.len());
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut script = String::new();
    let mut tool_subjects = Vec::new();
    for (i, s) in subjects.iter().enumerate() {
        let v = compile(s, &["--sv-dialect", "2005"]);
        let what = s.path.display().to_string();
        assert_no_sv(&what, &v);
        assert_eq!(v, compile(s, &["--sv-dialect", "2005"]), "{what}: two runs differ");
        let source = std::fs::read_to_string(&s.path).unwrap();
        if STANDALONE_ONLY.iter().any(|x| source.contains(x)) {
            continue;
        }
        let file = d.join(format!("d{i}.v"));
        std::fs::write(&file, &v).unwrap();
        let top = top_name(&design_of(s));
        script.push_str(&format!(
            "design -reset\nread_verilog -DSYNTHESIS d{i}.v\nhierarchy -check -top {top}\nproc\n"
        ));
        tool_subjects.push((i, s, v, top));
    }
    // Yosys: all at once, no -sv.
    std::fs::write(d.join("run.ys"), &script).unwrap();
    run(Tool::Yosys.in_dir(d).args(["-q", "-s", "run.ys"]));
    // Verilator's lint and Icarus, side by side on two threads.
    let chunks: Vec<_> = tool_subjects.chunks(tool_subjects.len().div_ceil(2)).collect();
    std::thread::scope(|sc| {
        for chunk in chunks {
            sc.spawn(move || {
                for (i, s, v, top) in chunk {
                    check_one(d, *i, s, v, top);
                }
            });
        }
    });
}

/// Lint, and the SystemVerilog and Verilog-2005 outputs simulated on the same stimulus.
fn check_one(d: &Path, i: usize, s: &Subject, v: &str, top: &str) {
    let what = s.path.display().to_string();
    // Verilator wants the file named after the top (DECLFILENAME).
    let ld = d.join(format!("lint{i}"));
    std::fs::create_dir_all(&ld).unwrap();
    let file = ld.join(format!("{top}.v"));
    std::fs::write(&file, v).unwrap();
    let lint = tools::output(
        Tool::Verilator
            .in_dir(&ld)
            .args(["--lint-only", "-Wall", "--language", "1364-2005", "--top-module", top])
            .arg(&file),
        None,
    );
    assert!(lint.success() && lint.text().trim().is_empty(), "{what}: verilator: {}", lint.describe());
    let design = design_of(s);
    let sv = compile(s, &[]);
    let stim = stimulus(&design, 2005 + i as u64, 60);
    let a = simulate(Engine::Icarus, &design, &sv, &stim);
    let b = simulate(Engine::Icarus2005, &design, v, &stim);
    assert_traces_eq(&format!("{what}: SystemVerilog vs Verilog-2005"), &design, &a, &b);
}

/// A module whose port names are no identifiers (`a[0]`, as a Yosys netlist names bus
/// bits; `y.q`).
const ESCAPED: &str =
    "hw.module @m(in %a0 \"a[0]\" : i1, in %a1 \"a[1]\" : i1, in %clk : !seq.clock, out \"y.q\" : i1) {
                 %x = comb.xor %a0, %a1 : i1
                 %r = seq.compreg %x, %clk : i1
                 hw.output %r : i1
               }";

/// [`ESCAPED`]'s Verilog-2005 output keeps the names as escaped identifiers, and Icarus
/// -g2005 runs it as the evaluator does.
#[test]
fn escaped_names_in_verilog_2005() {
    let src = ESCAPED;
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("m.mlir");
    std::fs::write(&f, src).unwrap();
    let v = cli(&[f.to_str().unwrap(), "--emit", "verilog", "--sv-dialect", "2005"]);
    for name in ["\\a[0] ", "\\a[1] ", "\\y.q "] {
        assert!(v.contains(name), "{name} missing:\n{v}");
    }
    assert!(v.contains("always @(posedge clk)") && v.contains("reg "), "{v}");
    let design = load_text("m.mlir", src, 0);
    let stim = stimulus(&design, 1, 40);
    let expected = eval_trace(&design, &stim);
    let got = simulate(Engine::Icarus2005, &design, &v, &stim);
    assert_traces_eq("escaped names", &design, &expected, &got);
}

/// `rmlir-hls cosim` on [`ESCAPED`]: Verilator's model names the escaped ports its own way
/// (`a__05b0__05d`), the Rust simulator's fields are sanitized, and both agree.
#[test]
fn cosim_with_escaped_port_names() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("m.mlir");
    std::fs::write(&f, ESCAPED.replace("%a1 \"a[1]\"", "%a1 \"a__b\"")).unwrap();
    let (code, text) = cosim_kept(&f, 200, 5, &dir.path().join("keep"));
    assert_eq!(code, Some(0), "{text}");
}
