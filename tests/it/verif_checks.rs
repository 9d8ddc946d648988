//! `verif.assert` and friends against engines we did not write: in `rmlir-hls cosim`,
//! Verilator (`--assert`, the emitted SystemVerilog) reports the failing clocked assertions at
//! the same cycles as the generated Rust simulator and the in-tree evaluator, which are the
//! cycles worked out independently here; a check that holds is silent in all three; CIRCT's
//! own verifier accepts what `--emit mlir` prints for the checks (custom form).

use crate::support::{self, Tool};

use crate::support::{assert_circt_verifies, bin, cli, emit_mlir_files, load_text, repo, run};
use std::path::Path;
use std::process::Command;

/// (cycle, label) of each `[T] ... assert LABEL failed` line of a cosim side's output;
/// `halve` turns Verilator's times (2t + 1 at cycle t's edge) into cycles.
fn failures(out: &str, halve: bool) -> Vec<(u64, String)> {
    let mut v: Vec<(u64, String)> = out
        .lines()
        .filter_map(|l| {
            let (t, rest) = l.strip_prefix('[')?.split_once(']')?;
            let t: u64 = t.parse().ok()?;
            let msg = rest.rsplit(": ").next()?.trim();
            let label = msg.split(' ').nth(1)?;
            Some((if halve { t / 2 } else { t }, label.to_string()))
        })
        .collect();
    v.sort();
    v
}

#[test]
fn cosim_reports_failing_checks_at_the_same_cycles_in_three_simulators() {
    let path = repo().join("tests/verif/below.mlir");
    let dir = tempfile::tempdir().unwrap();
    let keep = dir.path().join("work");
    // A relative --keep (from the temp dir): the runner is built inside it, so the CLI must
    // make it absolute.
    let out = bin()
        .current_dir(dir.path())
        .args(["cosim", path.to_str().unwrap(), "--cycles", "40", "--seed", "3", "--keep", "work"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "failed checks make cosim fail:\n{err}");
    assert!(err.contains("40 cycles, 1 outputs: all agree"), "{err}");
    assert!(!err.contains("checks differ"), "{err}");
    let read = |f: &str| std::fs::read_to_string(keep.join(f)).unwrap();
    let rust = failures(&read("rust.out"), false);
    let verilator = failures(&read("verilator.out"), true);
    // The evaluator on the same stimulus, and the cycles worked out here: the counter is
    // `cycle mod 16` before the edge of each cycle.
    let design = load_text("below.mlir", &std::fs::read_to_string(&path).unwrap(), 1);
    let mut sim = comb::eval::Simulator::new(&design).unwrap();
    let mut expect = Vec::new();
    for (c, line) in read("stimulus.txt").lines().enumerate() {
        let lim = u64::from_str_radix(line.trim(), 16).unwrap();
        sim.set_input("lim", comb::bits::Bits::from_u64(lim, 4));
        sim.tick();
        let c = c as u64;
        if c % 16 >= lim {
            expect.push((c, "below".to_string()));
        }
        if lim == 0 {
            expect.push((c, "lim_nonzero".to_string()));
        }
        if lim >= 12 {
            expect.push((c, "small_lim".to_string()));
        }
    }
    expect.sort();
    let mut eval: Vec<(u64, String)> =
        sim.failures().iter().map(|f| (f.cycle, f.label.as_deref().unwrap_or("").to_string())).collect();
    eval.sort();
    assert!(expect.iter().any(|e| e.1 == "below") && expect.iter().any(|e| e.1 == "small_lim"), "{expect:?}");
    assert_eq!(eval, expect, "evaluator");
    assert_eq!(rust, expect, "Rust simulator");
    // Verilator sees the clocked checks (the immediate one is not compared: module doc).
    let clocked: Vec<(u64, String)> = expect.into_iter().filter(|e| e.1 != "small_lim").collect();
    let vl: Vec<(u64, String)> = verilator.into_iter().filter(|e| e.1 != "small_lim").collect();
    assert_eq!(vl, clocked, "Verilator --assert");
}

#[test]
fn circt_verifies_emitted_checks() {
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for case in
        ["tests/cases/verif_checks.mlir", "tests/verif/below.mlir", "tests/cases/verif_sv_concurrent.mlir"]
    {
        let out = cli(&[repo().join(case).to_str().unwrap(), "--emit", "mlir"]);
        for needle in ["verif.assert", "ltl.clock"] {
            assert!(out.contains(needle), "{case}: {needle} kept:\n{out}");
        }
        let f = dir.path().join(format!("{}.mlir", files.len()));
        std::fs::write(&f, out).unwrap();
        files.push(f);
    }
    assert_circt_verifies(&files);
}

#[test]
fn sv_with_checks_is_read_by_verilator_yosys_and_icarus() {
    for (case, top) in
        [("tests/cases/verif_checks.mlir", "checks"), ("tests/cases/verif_hierarchy_kept.mlir", "top")]
    {
        let sv = cli(&[repo().join(case).to_str().unwrap(), "--emit", "verilog"]);
        assert!(sv.contains("assert property (@(posedge clk)"), "{case}:\n{sv}");
        let lint = support::verilator_lint(&sv, top);
        assert!(!lint.contains("%Warning"), "{case}: {lint}");
        support::yosys_accepts(&sv, top);
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("d.sv"), &sv).unwrap();
        run(Tool::Iverilog.command().current_dir(dir.path()).args(["-g2012", "-o", "d.vvp", "d.sv"]));
    }
}

/// Immediate `sv.assert`/`sv.assume`/`sv.cover` in procedural blocks (tests/verif/immediate.mlir):
/// the enclosing `sv.if` branches and the synchronous reset enable them, the block's clock
/// clocks them. Verilator (on our SystemVerilog), the Rust simulator and the evaluator report
/// the failures at the cycles worked out here; CIRCT verifies the input itself.
#[test]
fn immediate_sv_checks_fail_at_the_same_cycles_in_three_simulators() {
    let path = repo().join("tests/verif/immediate.mlir");
    let dir = tempfile::tempdir().unwrap();
    let keep = dir.path().join("work");
    let out = bin()
        .args(["cosim", path.to_str().unwrap(), "--cycles", "60", "--seed", "5", "--keep"])
        .arg(&keep)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "failed checks make cosim fail:\n{err}");
    assert!(err.contains("60 cycles, 1 outputs: all agree"), "{err}");
    assert!(!err.contains("checks differ"), "{err}");
    let read = |f: &str| std::fs::read_to_string(keep.join(f)).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let design = load_text("immediate.mlir", &text, 1);
    let mut sim = comb::eval::Simulator::new(&design).unwrap();
    let (mut expect, mut cnt) = (Vec::new(), 0u64);
    for (c, line) in read("stimulus.txt").lines().enumerate() {
        let v: Vec<u64> = line.split_whitespace().map(|x| u64::from_str_radix(x, 16).unwrap()).collect();
        let (rst, lim, go) = (v[0] == 1, v[1], v[2] == 1);
        sim.set_input("rst", comb::bits::Bits::from_bool(rst));
        sim.set_input("lim", comb::bits::Bits::from_u64(lim, 4));
        sim.set_input("go", comb::bits::Bits::from_bool(go));
        sim.tick();
        let c = c as u64;
        if !rst && go && cnt >= lim {
            expect.push((c, "below".to_string()));
        }
        if !rst && !go && lim == 0 {
            expect.push((c, "lim_nonzero".to_string()));
        }
        if go && lim >= 12 {
            expect.push((c, "small_lim".to_string()));
        }
        cnt = if rst { 0 } else { (cnt + 1) % 16 };
    }
    expect.sort();
    for l in ["below", "lim_nonzero", "small_lim"] {
        assert!(expect.iter().any(|e| e.1 == l), "{l} fails somewhere: {expect:?}");
    }
    let mut eval: Vec<(u64, String)> =
        sim.failures().iter().map(|f| (f.cycle, f.label.as_deref().unwrap_or("").to_string())).collect();
    eval.sort();
    assert_eq!(eval, expect, "evaluator");
    // `below` has a message, which the simulators print instead of `assert below failed`:
    // "cnt reached lim" (`failures` keeps its second word).
    let mut expect: Vec<(u64, String)> =
        expect.into_iter().map(|(c, l)| (c, if l == "below" { "reached".into() } else { l })).collect();
    expect.sort();
    assert_eq!(failures(&read("rust.out"), false), expect, "Rust simulator");
    let clocked: Vec<(u64, String)> = expect.into_iter().filter(|e| e.1 != "small_lim").collect();
    let vl: Vec<(u64, String)> =
        failures(&read("verilator.out"), true).into_iter().filter(|e| e.1 != "small_lim").collect();
    assert_eq!(vl, clocked, "Verilator --assert");
    // The input is CIRCT's own form; what we print back is too.
    let mut files = vec![path.clone()];
    files.extend(emit_mlir_files(&path, dir.path(), false));
    assert_circt_verifies(&files);
}

/// Immediate checks inside `sv.case` items and an asynchronous reset block
/// (tests/verif/case_checks.mlir): a case item enables its check when its pattern matches and
/// no earlier one does (the default when none does), the reset block's while the reset is 1,
/// sampled at the clock edges. Verilator, the Rust simulator and the evaluator report the
/// cycles worked out here from cosim's stimulus (the asynchronous reset driven at random);
/// CIRCT verifies the input and our `--emit mlir` of it.
#[test]
fn checks_in_case_items_and_async_reset_blocks_fail_at_the_same_cycles() {
    let path = repo().join("tests/verif/case_checks.mlir");
    let dir = tempfile::tempdir().unwrap();
    let keep = dir.path().join("work");
    let out = bin()
        .args(["cosim", path.to_str().unwrap(), "--cycles", "200", "--seed", "7", "--keep"])
        .arg(&keep)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "failed checks make cosim fail:\n{err}");
    assert!(err.contains("200 cycles, 1 outputs: all agree"), "{err}");
    assert!(!err.contains("checks differ"), "{err}");
    let read = |f: &str| std::fs::read_to_string(keep.join(f)).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let design = load_text("case_checks.mlir", &text, 1);
    let mut sim = comb::eval::Simulator::new(&design).unwrap();
    let mut expect = Vec::new();
    for (c, line) in read("stimulus.txt").lines().enumerate() {
        let v: Vec<u64> = line.split_whitespace().map(|x| u64::from_str_radix(x, 16).unwrap()).collect();
        let (arst, k, a) = (v[0] == 1, v[1], v[2]);
        sim.set_input("arst", comb::bits::Bits::from_bool(arst));
        sim.set_input("k", comb::bits::Bits::from_u64(k, 2));
        sim.set_input("a", comb::bits::Bits::from_u64(a, 4));
        sim.tick();
        let c = c as u64;
        let fails = match (arst, k) {
            (true, _) => a == 3,
            (false, 0) => a == 0,
            (false, 1) => a == 15,
            (false, _) => a >= 12,
        };
        if fails {
            let label = match (arst, k) {
                (true, _) => "in_reset",
                (false, 0) => "k0",
                (false, 1) => "kdef",
                _ => "k1x",
            };
            expect.push((c, label.to_string()));
        }
    }
    expect.sort();
    for l in ["k0", "kdef", "k1x", "in_reset"] {
        assert!(expect.iter().any(|e| e.1 == l), "{l} fails somewhere: {expect:?}");
    }
    let mut eval: Vec<(u64, String)> =
        sim.failures().iter().map(|f| (f.cycle, f.label.as_deref().unwrap_or("").to_string())).collect();
    eval.sort();
    assert_eq!(eval, expect, "evaluator");
    assert_eq!(failures(&read("rust.out"), false), expect, "Rust simulator");
    assert_eq!(failures(&read("verilator.out"), true), expect, "Verilator --assert");
    let mut files = vec![path.clone()];
    files.extend(emit_mlir_files(&path, dir.path(), false));
    assert_circt_verifies(&files);
}

/// Checks on the falling edge (tests/verif/negedge_checks.mlir: an immediate assert in a
/// negedge block, `ltl.clock negedge`, `sv.assert.concurrent negedge`): Verilator `--assert`
/// on our SystemVerilog, driven by a testbench with both clock edges per cycle, reports
/// `not5` / `not9` exactly in the cycles where `a` was 5 / 9 and never `loaded` (which would
/// fail on rising edges). In `cosim` the Rust simulator and Verilator report the same
/// failures, at the cycles worked out from cosim's stimulus; CIRCT verifies our
/// `--emit mlir` (the falling edge printed as `posedge` of the inverted clock).
#[test]
fn negedge_checks_fail_at_the_falling_edge_in_verilator() {
    let path = repo().join("tests/verif/negedge_checks.mlir");
    let p = path.to_str().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("dut.sv"), cli(&[p, "--emit", "verilog"])).unwrap();
    let seq: Vec<u64> = (0..64u64).map(|i| (i * 7 + i / 16) % 16).collect();
    let mut tb = String::from(
        "`timescale 1ns/1ns\nmodule tb;\n  logic clk = 0;\n  logic [3:0] a = 0;\n  wire [3:0] h;\n",
    );
    tb += "  negedge_checks dut(.clk(clk), .a(a), .h(h));\n  initial begin\n";
    for v in &seq {
        tb += &format!("    a = 4'd{v};\n    #2 clk = 1;\n    #5 clk = 0;\n    #3;\n");
    }
    tb += "    $finish;\n  end\nendmodule\n";
    std::fs::write(d.join("tb.sv"), tb).unwrap();
    run(Tool::Verilator
        .command()
        .current_dir(d)
        .args(["--binary", "--assert", "--timing", "-Wno-fatal", "-Wno-lint", "--top-module", "tb"])
        .args(["-o", "sim", "dut.sv", "tb.sv"]));
    let out = Command::new(d.join("obj_dir/sim"))
        .arg("+verilator+error+limit+1000")
        .current_dir(d)
        .output()
        .unwrap();
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    // `[T] %Error: dut.sv:L: Assertion failed in tb.dut.not5: assert not5 failed`, T = 10i + 7.
    let mut seen: Vec<(u64, String)> = text
        .lines()
        .filter_map(|l| {
            let (t, rest) = l.strip_prefix('[')?.split_once(']')?;
            let label = rest.trim().strip_suffix(" failed")?.rsplit(' ').next()?;
            Some((t.trim().parse::<u64>().ok()?, label.to_string()))
        })
        .collect();
    seen.sort();
    let mut expect = Vec::new();
    for (i, &v) in seq.iter().enumerate() {
        let t = 10 * i as u64 + 7;
        match v {
            5 => expect.push((t, "not5".to_string())),
            9 => expect.push((t, "not9".to_string())),
            _ => {}
        }
    }
    expect.sort();
    assert!(expect.len() >= 4, "{expect:?}");
    assert_eq!(seen, expect, "Verilator's failures:\n{text}");

    // cosim: the Rust simulator and Verilator fire the falling-edge checks at the same
    // cycles, which are those where cosim's stimulus had `a` = 5 / 9; `loaded` never fails.
    let out = bin().args(["cosim", p, "--cycles", "200", "--seed", "1"]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("200 cycles, 1 outputs: all agree"), "{err}");
    let mut seen: Vec<(u64, String)> = err
        .lines()
        .filter_map(|l| {
            let (n, msg) = l.split("cosim: cycle ").nth(1)?.split_once(": ")?;
            Some((n.parse().ok()?, msg.strip_prefix("assert ")?.strip_suffix(" failed")?.to_string()))
        })
        .collect();
    seen.sort();
    let design = load_text("negedge_checks.mlir", &std::fs::read_to_string(&path).unwrap(), 1);
    let ports = cosim::testbench::TbPorts::new(&design).unwrap();
    let stim = cosim::stimulus::random_stimulus(&ports, 200, 1, 2);
    let mut expect = Vec::new();
    for (t, vals) in stim.iter().enumerate() {
        match vals[0].to_u64() {
            5 => expect.push((t as u64, "not5".to_string())),
            9 => expect.push((t as u64, "not9".to_string())),
            _ => {}
        }
    }
    assert!(expect.len() >= 4, "{expect:?}");
    assert_eq!(seen, expect, "{err}");
    let mut files = vec![path.clone()];
    files.extend(emit_mlir_files(&path, d, false));
    assert_circt_verifies(&files);
}

/// CIRCT's `sv.assert_property` / `sv.assume_property` / `sv.cover_property`
/// (tests/verif/property_checks.mlir): in `cosim` (Rust simulator; Verilator `--assert` for
/// the clocked ones) each check fails exactly in the cycles where cosim's stimulus had the
/// value of `a` it excludes (`a1` not while `rst` is high), and the evaluator reports the
/// same; CIRCT verifies our `--emit mlir` (its 1.62 package predates these ops, so it cannot
/// read the input itself).
#[test]
fn sv_property_checks_fail_at_the_worked_out_cycles() {
    let path = repo().join("tests/verif/property_checks.mlir");
    let p = path.to_str().unwrap();
    let out = bin().args(["cosim", p, "--cycles", "400", "--seed", "2"]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("400 cycles, 1 outputs: all agree"), "{err}");
    let mut seen: Vec<(u64, String)> = err
        .lines()
        .filter_map(|l| {
            let (n, msg) = l.split("cosim: cycle ").nth(1)?.split_once(": ")?;
            let label = msg.strip_suffix(" failed")?.split_once(' ')?.1;
            Some((n.parse().ok()?, label.to_string()))
        })
        .collect();
    seen.sort();
    let design = load_text("property_checks.mlir", &std::fs::read_to_string(&path).unwrap(), 1);
    let ports = cosim::testbench::TbPorts::new(&design).unwrap();
    let names: Vec<String> = ports.inputs().map(|f| f.name.clone()).collect();
    assert_eq!(names, ["rst", "a"]);
    let stim = cosim::stimulus::random_stimulus(&ports, 400, 2, 2);
    let mut expect = Vec::new();
    for (t, vals) in stim.iter().enumerate() {
        let (rst, a) = (vals[0].to_u64(), vals[1].to_u64());
        let label = match a {
            3 if rst == 0 => "a1",
            7 => "a2",
            5 => "neg5",
            11 => "inblk",
            13 => "imm",
            _ => continue,
        };
        expect.push((t as u64, label.to_string()));
    }
    expect.sort();
    for l in ["a1", "a2", "neg5", "inblk", "imm"] {
        assert!(expect.iter().filter(|e| e.1 == l).count() >= 3, "{l}: {expect:?}");
    }
    assert_eq!(seen, expect, "{err}");
    // The evaluator on the same stimulus.
    let mut sim = comb::eval::Simulator::new(&design).unwrap();
    let inputs: Vec<_> = ports.inputs().map(|f| f.port).collect();
    for vals in &stim {
        for (&port, v) in inputs.iter().zip(vals) {
            sim.set_input_port(port, v.clone());
        }
        sim.eval();
        sim.tick();
    }
    let mut evaluated: Vec<(u64, String)> =
        sim.failures().iter().map(|f| (f.cycle, f.label.as_deref().unwrap_or("").to_string())).collect();
    evaluated.sort();
    assert_eq!(evaluated, expect);
    let covers = sim.cover_counts();
    let zeros = stim.iter().filter(|v| v[1].to_u64() == 0).count() as u64;
    assert_eq!(covers, [(Some("c0".into()), zeros)]);
    // CIRCT verifies what we print.
    let dir = tempfile::tempdir().unwrap();
    assert_circt_verifies(&emit_mlir_files(Path::new(p), dir.path(), false));
}
