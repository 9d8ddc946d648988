//! CIRCT's structural `sv` ops (`sv.wire`, `sv.reg`, `sv.read_inout`, `sv.assign`,
//! `sv.always`, `sv.alwaysff` with sync and async resets, `sv.alwayscomb`, `sv.passign`,
//! `sv.bpassign`, `sv.if`, `sv.case`, `sv.initial`), judged against CIRCT itself: its Python package exports the same
//! input (the `tests/cases/sv_*` file cases) to SystemVerilog, and
//! - for the synchronous case, Yosys + ABC `dsec` prove CIRCT's and our SystemVerilog
//!   sequentially equivalent (ABC cannot read asynchronous flip-flops);
//! - for every case, Icarus runs both side by side on 400 cycles of seeded random inputs
//!   (the asynchronous reset asserted and released mid-run, between clock edges) and they must
//!   agree on every output whenever CIRCT's is not `x` (its registers start unknown);
//! - ours is clean under `verilator -Wall`, and `rmlir-hls cosim` (Rust simulator, Verilator,
//!   evaluator) agrees for 1,000 cycles on the asynchronous-reset case.
//!
//! A planted difference (CIRCT's copy of one case with `comb.add` for `comb.xor`) must be
//! caught by `dsec`, so the proof can fail.

use crate::support::*;
use std::path::PathBuf;

/// (case, top, clock, async reset or "", its active level)
const CASES: &[(&str, &str, &str, &str, u8)] = &[
    ("sv_structural", "sv_basic", "clk", "", 1),
    ("sv_async_reset", "sv_async", "clk", "arst_n", 0),
    ("sv_case", "sv_case", "clk", "", 1),
    ("sv_initial", "sv_initial", "clk", "", 1),
];

/// The input ports of `top` in our SV, as (name, width).
fn ports(sv: &str, dir: &str) -> Vec<(String, u32)> {
    sv.lines()
        .filter_map(|l| {
            let l = l.trim().trim_end_matches(',');
            let rest = l.strip_prefix(dir)?;
            let rest = rest.trim_start().trim_start_matches("wire").trim_start_matches("logic").trim();
            let (w, name) = match rest.strip_prefix('[') {
                Some(r) => {
                    let (range, name) = r.split_once(']')?;
                    let hi: u32 = range.split(':').next()?.parse().ok()?;
                    (hi + 1, name.trim())
                }
                None => (1, rest),
            };
            Some((name.to_string(), w))
        })
        .collect()
}

/// A testbench running `top` (ours) and `circt_top` (CIRCT's) on the same random inputs.
fn side_by_side(sv: &str, top: &str, clk: &str, rst: &str, active: u8) -> String {
    let ins = ports(sv, "input");
    let outs = ports(sv, "output");
    let mut tb = String::from("module tb;\n");
    for (n, w) in ins.iter().chain(&outs) {
        tb += &format!("  logic [{}:0] {n};\n", w - 1);
    }
    for (n, w) in &outs {
        tb += &format!("  logic [{}:0] c_{n};\n", w - 1);
    }
    let conn = |prefix: &str| -> String {
        ins.iter()
            .map(|(n, _)| format!(".{n}({n})"))
            .chain(outs.iter().map(|(n, _)| format!(".{n}({prefix}{n})")))
            .collect::<Vec<_>>()
            .join(", ")
    };
    tb += &format!("  {top} ours({});\n  circt_{top} theirs({});\n", conn(""), conn("c_"));
    tb += "  integer i, seed, bad;\n  initial begin\n    seed = 11; bad = 0;\n";
    tb += &format!("    {clk} = 0;\n");
    let randomize = |tb: &mut String| {
        for (n, _) in ins.iter().filter(|(n, _)| n != clk && n != rst) {
            *tb += &format!("      {n} = $random(seed);\n");
        }
    };
    if !rst.is_empty() {
        tb += &format!("    {rst} = {active};\n");
    }
    tb += "    for (i = 0; i < 400; i = i + 1) begin\n";
    randomize(&mut tb);
    let compare = |tb: &mut String| {
        for (n, _) in &outs {
            *tb += &format!(
                "      if (^c_{n} !== 1'bx && c_{n} !== {n}) begin bad = bad + 1; \
                 $display(\"MISMATCH cycle %0d {n}: ours %h circt %h\", i, {n}, c_{n}); end\n"
            );
        }
    };
    if !rst.is_empty() {
        // Asserted for a few cycles at the start and around cycle 200, between edges; the
        // outputs are compared right after it changes too (an asynchronous reset acts at once).
        tb += &format!(
            "      #2 {rst} = (i < 3 || (i >= 200 && i < 204)) ? {active} : {};\n      #1;\n",
            1 - active
        );
        compare(&mut tb);
    }
    tb += &format!("      #2 {clk} = 1;\n      #5 {clk} = 0;\n      #1;\n");
    compare(&mut tb);
    tb += "    end\n    $display(\"DONE bad=%0d\", bad);\n    $finish;\n  end\nendmodule\n";
    tb
}

#[test]
fn sv_structural_cases_match_circts_export() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let inputs: Vec<PathBuf> =
        CASES.iter().map(|c| repo().join(format!("tests/cases/{}.mlir", c.0))).collect();
    let theirs = circt_export_all(d, &inputs);
    for ((case, top, clk, rst, active), (input, circt_sv)) in CASES.iter().zip(inputs.iter().zip(&theirs)) {
        let ours = cli(&[input.to_str().unwrap(), "--emit", "verilog"]);
        let lint = verilator_lint(&ours, top);
        assert!(lint.trim().is_empty(), "{case}: verilator -Wall warned:\n{lint}");
        if rst.is_empty() {
            prove_equivalent(&ours, circt_sv, top);
        }
        let renamed = circt_sv.replace(&format!("module {top}("), &format!("module circt_{top}("));
        std::fs::write(d.join(format!("{case}_ours.sv")), &ours).unwrap();
        std::fs::write(d.join(format!("{case}_circt.sv")), &renamed).unwrap();
        std::fs::write(d.join(format!("{case}_tb.sv")), side_by_side(&ours, top, clk, rst, *active)).unwrap();
        run(Tool::Iverilog.command().current_dir(d).args(["-g2012", "-o", &format!("{case}.vvp")]).args([
            format!("{case}_ours.sv"),
            format!("{case}_circt.sv"),
            format!("{case}_tb.sv"),
        ]));
        let out = run(Tool::Vvp.command().current_dir(d).arg(format!("{case}.vvp")));
        assert!(out.contains("DONE bad=0"), "{case}: ours and CIRCT's differ:\n{out}");
    }
}

#[test]
#[should_panic(expected = "ABC did not prove equivalence")]
fn a_planted_difference_is_caught() {
    let dir = tempfile::tempdir().unwrap();
    let case = repo().join("tests/cases/sv_structural.mlir");
    let text = std::fs::read_to_string(&case).unwrap().replace("comb.xor %q, %a", "comb.add %q, %a");
    let planted = dir.path().join("planted.mlir");
    std::fs::write(&planted, text).unwrap();
    let theirs = circt_export_all(dir.path(), &[planted]);
    let ours = cli(&[case.to_str().unwrap(), "--emit", "verilog"]);
    prove_equivalent(&ours, &theirs[0], "sv_basic");
}

#[test]
fn async_reset_case_cosimulates() {
    let case = repo().join("tests/cases/sv_async_reset.mlir");
    let out = bin()
        .args(["cosim", case.to_str().unwrap(), "--cycles", "1000", "--seed", "3"])
        .output()
        .expect("run rmlir-hls cosim");
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success() && text.contains("all agree"), "cosim failed:\n{text}");
}

/// `sv.verbatim`: printed once each, in order, after the logic; lint-clean; CIRCT verifies our
/// `--emit mlir` of it (custom form) and the generic form reads back to the same
/// SystemVerilog; the Rust simulator warns that it ignores it.
#[test]
fn verbatim_is_kept_and_the_simulator_warns() {
    let case = repo().join("tests/cases/sv_verbatim.mlir");
    let c = case.to_str().unwrap();
    let sv = cli(&[c, "--emit", "verilog"]);
    let first = sv.find("// verbatim: first\n").expect("first verbatim text");
    let second = sv.find("/* two\n   lines */\n").expect("second verbatim text, newline decoded");
    assert!(first < second && second < sv.find("endmodule").unwrap(), "{sv}");
    assert_eq!(sv.matches("verbatim: first").count(), 1, "{sv}");
    let lint = verilator_lint(&sv, "vb");
    assert!(lint.trim().is_empty(), "verilator -Wall warned:\n{lint}");

    let dir = tempfile::tempdir().unwrap();
    let mlir = dir.path().join("vb.mlir");
    std::fs::write(&mlir, cli(&[c, "--emit", "mlir"])).unwrap();
    assert_circt_verifies(&[&mlir]);

    let generic = dir.path().join("vb_generic.mlir");
    std::fs::write(&generic, cli(&[c, "--emit", "mlir", "--generic"])).unwrap();
    assert_eq!(cli(&[generic.to_str().unwrap(), "--emit", "verilog"]), sv);

    let out = bin().args([c, "--emit", "rust-sim", "-o"]).arg(dir.path().join("sim")).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("warning: module 'vb' has 2 'sv.verbatim' text(s); the Rust simulator ignores them"),
        "{err}"
    );
}

/// `sv.ifdef` / `sv.ifdef.procedural` (tests/cases/sv_ifdef.mlir): CIRCT keeps both branches
/// as `` `ifdef FAST `` in its SystemVerilog; ours is specialized by `--define`. For both
/// settings, ABC `dsec` proves ours equal to CIRCT's read with and without `` `define FAST ``
/// (as `-D FAST` would), and the two settings of ours differ.
#[test]
fn ifdef_matches_circts_export_for_both_settings() {
    let dir = tempfile::tempdir().unwrap();
    let input = repo().join("tests/cases/sv_ifdef.mlir");
    let theirs = circt_export_all(dir.path(), std::slice::from_ref(&input));
    assert!(theirs[0].contains("`ifdef FAST"), "CIRCT keeps the ifdef:\n{}", theirs[0]);
    let mut seen = Vec::new();
    for (flags, prefix) in [(&[][..], ""), (&["--define", "FAST"][..], "`define FAST\n")] {
        let mut args = vec![input.to_str().unwrap(), "--emit", "verilog"];
        args.extend_from_slice(flags);
        let ours = cli(&args);
        assert!(!ours.contains("`ifdef"), "specialized:\n{ours}");
        let lint = verilator_lint(&ours, "sv_ifdef");
        assert!(lint.trim().is_empty(), "verilator -Wall warned:\n{lint}");
        prove_equivalent(&ours, &format!("{prefix}{}", theirs[0]), "sv_ifdef");
        seen.push(ours);
    }
    assert_ne!(seen[0], seen[1], "the define chooses the branch");
}

/// `rmlir-hls cosim --define` and `rmlir-hls fpga --define` build the then-branches, as the
/// main command does: the check of `tests/sv/ifdef_check.mlir` exists only under `CHECKS`
/// (cosim passes without it and reports cycle 3 with it), and `fpga` names the black box of
/// the branch it built (it refuses before running any tool).
#[test]
fn cosim_and_fpga_take_defines() {
    let case = repo().join("tests/sv/ifdef_check.mlir");
    let cosim = |extra: &[&str]| {
        let out = bin()
            .args(["cosim", case.to_str().unwrap(), "--cycles", "40", "--seed", "1"])
            .args(extra)
            .output()
            .expect("run rmlir-hls cosim");
        let text =
            format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        (out.status.code(), text)
    };
    let (code, text) = cosim(&[]);
    assert!(code == Some(0) && text.contains("all agree") && !text.contains("not_three"), "{text}");
    let (code, text) = cosim(&["--define", "CHECKS"]);
    assert_eq!(code, Some(1), "{text}");
    for c in [3, 19, 35] {
        assert!(text.contains(&format!("cycle {c}: assert not_three failed")), "{text}");
    }

    let case = repo().join("tests/sv/ifdef_extern.mlir");
    let dir = tempfile::tempdir().unwrap();
    for (extra, model) in [(&[][..], "ModelB"), (&["--define", "A"][..], "ModelA")] {
        let out = bin()
            .args(["fpga", case.to_str().unwrap(), "-o"])
            .arg(dir.path().join("fpga"))
            .args(extra)
            .output()
            .expect("run rmlir-hls fpga");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains(&format!("needs a model of extern module `{model}`")), "{err}");
    }
}

/// `negedge` blocks (tests/cases/sv_negedge.mlir): registers on the inverted clock. Ours is
/// lint-clean and, in Icarus beside CIRCT's export of the same input, agrees on every output
/// after every cycle of 400 (each with a rising and a falling edge; `lo` samples a posedge
/// register half a cycle later). cosim (evaluator, Rust simulator, Verilator) agrees for
/// 1,000 cycles.
#[test]
fn negedge_blocks_match_circts_export() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let input = repo().join("tests/cases/sv_negedge.mlir");
    let theirs = circt_export_all(d, std::slice::from_ref(&input));
    assert!(theirs[0].contains("negedge clk"), "CIRCT keeps the negedge:\n{}", theirs[0]);
    let ours = cli(&[input.to_str().unwrap(), "--emit", "verilog"]);
    let lint = verilator_lint(&ours, "sv_negedge");
    assert!(lint.trim().is_empty(), "verilator -Wall warned:\n{lint}");
    std::fs::write(d.join("ours.sv"), &ours).unwrap();
    std::fs::write(d.join("circt.sv"), theirs[0].replace("module sv_negedge(", "module circt_sv_negedge("))
        .unwrap();
    std::fs::write(d.join("tb.sv"), side_by_side(&ours, "sv_negedge", "clk", "", 1)).unwrap();
    run(Tool::Iverilog
        .command()
        .current_dir(d)
        .args(["-g2012", "-o", "t.vvp", "ours.sv", "circt.sv", "tb.sv"]));
    let out = run(Tool::Vvp.command().current_dir(d).arg("t.vvp"));
    assert!(out.contains("DONE bad=0"), "ours and CIRCT's differ:\n{out}");

    let out = bin()
        .args(["cosim", input.to_str().unwrap(), "--cycles", "1000"])
        .output()
        .expect("run rmlir-hls cosim");
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success() && text.contains("1000 cycles, 3 outputs: all agree"), "{text}");
}
