//! CIRCT's `hwarith` dialect against CIRCT itself: one module computes every op (`add`,
//! `sub`, `mul`, `div`, `icmp` with each predicate, `cast`, `constant`) for every pair of
//! signednesses over several width pairs, CIRCT (`lower-hwarith-to-hw` and its export) and
//! rmlir-hls each write its SystemVerilog, and Icarus runs both on every input (5 + 4 bits:
//! exhaustive). CIRCT's verifier also judges the result types the module names, which the
//! test derives from the dialect's rules. Divisors are never zero (a mux replaces 0 by 1):
//! CIRCT leaves division by zero undefined.

use crate::support::tools::circt_check;
use crate::support::*;
use std::fmt::Write;

/// Width pairs (lhs from `a`, rhs from `b`).
const PAIRS: [(u32, u32); 6] = [(5, 4), (4, 4), (3, 4), (5, 2), (1, 3), (2, 1)];

/// The dialect's result type of `op` on `(signed, width)` operands.
fn result(op: &str, (sa, wa): (bool, u32), (sb, wb): (bool, u32)) -> (bool, u32) {
    let add = |sub: bool| match (sa, sb) {
        (false, false) => (sub, wa.max(wb) + 1),
        (true, true) => (true, wa.max(wb) + 1),
        _ => {
            let (u, s) = if sa { (wb, wa) } else { (wa, wb) };
            (true, if u >= s { u + 2 } else { s + 1 })
        }
    };
    match op {
        "add" => add(false),
        "sub" => add(true),
        "mul" => (sa || sb, wa + wb),
        _ => match (sa, sb) {
            (false, false) => (false, wa),
            (true, false) => (true, wa),
            _ => (true, wa + 1),
        },
    }
}

fn ty((signed, w): (bool, u32)) -> String {
    format!("{}i{w}", if signed { "s" } else { "u" })
}

/// Casts `v` (of type `t`) to a signless output port `name`.
fn out(body: &mut String, outs: &mut Vec<(String, u32)>, name: String, v: &str, t: (bool, u32)) {
    writeln!(body, "  %{name} = hwarith.cast %{v} : ({}) -> i{}", ty(t), t.1).unwrap();
    outs.push((name, t.1));
}

/// The module, and its output ports' names. `circt162`: CIRCT 1.62's spelling, whose
/// `icmp` gave `ui1` (an `i1` since CIRCT's #7413, as rmlir-hls reads it), cast to `i1` here.
fn design(circt162: bool) -> (String, Vec<String>) {
    let mut body = String::new();
    let mut outs: Vec<(String, u32)> = Vec::new();
    body.push_str("  %c0_i4 = hw.constant 0 : i4\n");
    // Every slice of `a` and `b` in both signednesses (`b`'s nonzero for division).
    for (src, w_src) in [("a", 5), ("b", 4)] {
        for w in 1..=w_src {
            let slice = if w == w_src {
                src.to_string()
            } else {
                writeln!(body, "  %{src}{w} = comb.extract %{src} from 0 : (i{w_src}) -> i{w}").unwrap();
                format!("{src}{w}")
            };
            for s in ["s", "u"] {
                writeln!(body, "  %{src}_{s}{w} = hwarith.cast %{slice} : (i{w}) -> {s}i{w}").unwrap();
            }
            if src == "b" {
                writeln!(body, "  %z{w} = hw.constant 0 : i{w}\n  %one{w} = hw.constant 1 : i{w}").unwrap();
                writeln!(body, "  %isz{w} = comb.icmp eq %{slice}, %z{w} : i{w}").unwrap();
                writeln!(body, "  %nz{w} = comb.mux %isz{w}, %one{w}, %{slice} : i{w}").unwrap();
                for s in ["s", "u"] {
                    writeln!(body, "  %d_{s}{w} = hwarith.cast %nz{w} : (i{w}) -> {s}i{w}").unwrap();
                }
            }
        }
    }
    for &(wa, wb) in &PAIRS {
        for (sa, sb) in [(false, false), (true, true), (false, true), (true, false)] {
            let (na, nb) = (if sa { "s" } else { "u" }, if sb { "s" } else { "u" });
            let tag = format!("{na}{wa}_{nb}{wb}");
            for op in ["add", "sub", "mul", "div"] {
                let r = result(op, (sa, wa), (sb, wb));
                let rhs = if op == "div" { format!("d_{nb}{wb}") } else { format!("b_{nb}{wb}") };
                writeln!(
                    body,
                    "  %{op}_{tag} = hwarith.{op} %a_{na}{wa}, %{rhs} : ({}, {}) -> {}",
                    ty((sa, wa)),
                    ty((sb, wb)),
                    ty(r)
                )
                .unwrap();
                out(&mut body, &mut outs, format!("o_{op}_{tag}"), &format!("{op}_{tag}"), r);
            }
            for p in ["eq", "ne", "lt", "ge", "le", "gt"] {
                let raw = if circt162 { "_ui1" } else { "" };
                writeln!(
                    body,
                    "  %o_{p}_{tag}{raw} = hwarith.icmp {p} %a_{na}{wa}, %b_{nb}{wb} : {}, {}",
                    ty((sa, wa)),
                    ty((sb, wb))
                )
                .unwrap();
                if circt162 {
                    writeln!(body, "  %o_{p}_{tag} = hwarith.cast %o_{p}_{tag}{raw} : (ui1) -> i1").unwrap();
                }
                outs.push((format!("o_{p}_{tag}"), 1));
            }
        }
    }
    // Casts: widen, keep and truncate from both signednesses; signless sources truncate.
    for s in ["s", "u"] {
        for (k, to) in ["si7", "ui7", "i7", "si5", "ui3", "i2"].iter().enumerate() {
            let w: u32 = to.trim_start_matches(|c: char| c.is_alphabetic()).parse().unwrap();
            writeln!(body, "  %o_cast_{s}{k} = hwarith.cast %a_{s}5 : ({s}i5) -> {to}").unwrap();
            if to.starts_with('i') {
                outs.push((format!("o_cast_{s}{k}"), w));
            } else {
                out(
                    &mut body,
                    &mut outs,
                    format!("oc_{s}{k}"),
                    &format!("o_cast_{s}{k}"),
                    (to.starts_with('s'), w),
                );
            }
        }
    }
    for (k, to) in ["ui3", "si5"].iter().enumerate() {
        writeln!(body, "  %i_cast{k} = hwarith.cast %a : (i5) -> {to}").unwrap();
        let w = if k == 0 { 3 } else { 5 };
        out(&mut body, &mut outs, format!("o_icast{k}"), &format!("i_cast{k}"), (k == 1, w));
    }
    // Constants, negative ones included, in arithmetic with the inputs.
    body.push_str("  %k1 = hwarith.constant -3 : si4\n  %k2 = hwarith.constant 13 : ui4\n");
    body.push_str("  %k3 = hwarith.add %a_s5, %k1 : (si5, si4) -> si6\n");
    body.push_str("  %k4 = hwarith.mul %b_u4, %k2 : (ui4, ui4) -> ui8\n");
    out(&mut body, &mut outs, "o_k3".into(), "k3", (true, 6));
    out(&mut body, &mut outs, "o_k4".into(), "k4", (false, 8));
    let ports: Vec<String> = outs.iter().map(|(n, w)| format!("out {n} : i{w}")).collect();
    let names: Vec<String> = outs.iter().map(|(n, _)| n.clone()).collect();
    let values: Vec<String> = names.iter().map(|n| format!("%{n}")).collect();
    let types: Vec<String> = outs.iter().map(|(_, w)| format!("i{w}")).collect();
    let text = format!(
        "hw.module @hwarith_all(in %a : i5, in %b : i4, {}) {{\n{body}  hw.output {} : {}\n}}\n",
        ports.join(", "),
        values.join(", "),
        types.join(", ")
    );
    (text, names)
}

/// An Icarus bench running both modules on every input and counting differing outputs.
fn bench(names: &[String]) -> String {
    let mut tb = String::from("module tb;\n  reg [4:0] a; reg [3:0] b; integer i, errors;\n");
    let conn: Vec<String> = names.iter().map(|n| format!(".{n}(ours_{n})")).collect();
    let conn_c: Vec<String> = names.iter().map(|n| format!(".{n}(circt_{n})")).collect();
    for n in names {
        writeln!(tb, "  wire [63:0] ours_{n}, circt_{n};").unwrap();
    }
    writeln!(tb, "  hwarith_all ours(.a(a), .b(b), {});", conn.join(", ")).unwrap();
    writeln!(tb, "  hwarith_all_circt circt(.a(a), .b(b), {});", conn_c.join(", ")).unwrap();
    tb.push_str("  initial begin\n    errors = 0;\n    for (i = 0; i < 512; i = i + 1) begin\n");
    tb.push_str("      {a, b} = i; #1;\n");
    for n in names {
        writeln!(
            tb,
            "      if (ours_{n} !== circt_{n}) begin errors = errors + 1; \
             $display(\"MISMATCH {n} a=%0d b=%0d ours=%h circt=%h\", a, b, ours_{n}, circt_{n}); end"
        )
        .unwrap();
    }
    tb.push_str("    end\n    $display(\"DONE errors=%0d\", errors);\n    $finish;\n  end\nendmodule\n");
    tb
}

#[test]
fn every_hwarith_op_matches_circts_lowering_on_every_input() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (text, names) = design(false);
    assert!(names.len() > 200, "{} outputs", names.len());
    let ours_src = d.join("ours.mlir");
    std::fs::write(&ours_src, &text).unwrap();
    let ours = cli(&[ours_src.to_str().unwrap(), "--emit", "verilog"]);
    let (text, _) = design(true);
    let src = d.join("circt162.mlir");
    std::fs::write(&src, &text).unwrap();
    std::fs::write(d.join("ours.sv"), &ours).unwrap();
    let out = d.join("circt");
    std::fs::create_dir(&out).unwrap();
    let verdict = circt_check(&["export", out.to_str().unwrap(), src.to_str().unwrap()]);
    let circt_sv = verdict[0]
        .strip_prefix("ok ")
        .and_then(|r| r.split_whitespace().nth(1))
        .unwrap_or_else(|| panic!("CIRCT rejects the design: {}\n{text}", verdict[0]));
    let circt = std::fs::read_to_string(circt_sv).unwrap();
    assert!(circt.contains("module hwarith_all("), "{circt}");
    std::fs::write(d.join("circt.sv"), circt.replace("module hwarith_all(", "module hwarith_all_circt("))
        .unwrap();
    std::fs::write(d.join("tb.v"), bench(&names)).unwrap();
    run(Tool::Iverilog.in_dir(d).args(["-g2012", "-o", "sim", "tb.v", "ours.sv", "circt.sv"]));
    let sim = run(Tool::Vvp.in_dir(d).args(["-n", "sim"]));
    assert!(sim.contains("DONE errors=0"), "{}", sim.lines().take(40).collect::<Vec<_>>().join("\n"));
}

#[test]
fn hwarith_typing_rules_are_located_errors() {
    let cases = [
        (
            "%0 = hwarith.add %x, %x : (ui1, ui1) -> ui3",
            "'hwarith.add' op inferred type 'ui2' is incompatible with the result type 'ui3'",
        ),
        (
            "%0 = hwarith.add %x, %x, %x : (ui1, ui1, ui1) -> ui2",
            "'hwarith.add' op expected 2 operands but got 3",
        ),
        (
            "%0 = hwarith.mul %s, %s : (i1, i1) -> ui2",
            "'hwarith.mul' op operand #0 must be an integer with signedness semantics",
        ),
        ("%0 = hwarith.cast %s : (i1) -> ui4", "bit extension is undefined for a signless type"),
        ("%0 = hwarith.cast %s : (i1) -> i1", "at least one type needs to carry sign semantics"),
        ("%0 = hwarith.constant 8 : si4", "integer literal 8 does not fit in si4"),
        ("%0 = hwarith.icmp lte %x, %x : ui1, ui1", "unknown hwarith.icmp predicate 'lte'"),
        (
            "%0 = hwarith.addd %x, %x : (ui1, ui1) -> ui2",
            "unknown op 'hwarith.addd' (did you mean 'hwarith.add'?)",
        ),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (k, (line, message)) in cases.iter().enumerate() {
        let src = format!(
            "hw.module @m(in %s : i1) {{\n  %x = hwarith.cast %s : (i1) -> ui1\n  {line}\n  hw.output\n}}\n"
        );
        let p = dir.path().join(format!("e{k}.mlir"));
        std::fs::write(&p, src).unwrap();
        let o = cli_output(&[p.to_str().unwrap(), "--emit", "verilog"], None);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{line}: {err}");
        assert!(o.stdout.is_empty(), "{line}: output written");
        assert!(err.contains(&format!("e{k}.mlir:3:")) && err.contains(message), "{line}:\n{err}");
    }
}
