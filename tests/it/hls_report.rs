//! The HLS report people read (issue 22, items 3 and 5): loops named by source location and
//! induction variable, numbers as numbers in the JSON, the constraint behind every II above
//! its target with the ops' lines, each unrolling with the units it added, and the
//! `--max-unroll` cap (refusals reported, results and cycles checked in simulation).

use crate::support::bin;
use crate::support::hls_harness::{compile, simulate, Lcg, Mem};

fn piped() -> hls::Options {
    hls::Options { pipeline: true, ..Default::default() }
}

/// C += A x B over 8x8 i16 matrices, with named induction variables (line 3: `%i`, line 4:
/// `%j`, line 6: `%k`, line 9: the multiply).
const GEMM: &str = "func.func @gemm(%A: memref<8x8xi16>, %B: memref<8x8xi16>, %C: memref<8x8xi16>) {
  %z = arith.constant 0 : i16
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %c = affine.load %C[%i, %j] : memref<8x8xi16>
      %s = affine.for %k = 0 to 8 iter_args(%acc = %c) -> (i16) {
        %a = affine.load %A[%i, %k] : memref<8x8xi16>
        %b = affine.load %B[%k, %j] : memref<8x8xi16>
        %p = arith.muli %a, %b : i16
        %n = arith.addi %acc, %p : i16
        affine.yield %n : i16
      }
      affine.store %s, %C[%i, %j] : memref<8x8xi16>
    }
  }
  return
}
";

/// Runs GEMM's design on random matrices; (cycles, C) against the reference.
fn run_gemm(d: &comb::Design) -> u64 {
    let mut g = Lcg(5);
    let (a, b, c) = (g.vec(64, 16), g.vec(64, 16), g.vec(64, 16));
    let mut want = c.clone();
    for i in 0..8 {
        for j in 0..8 {
            for k in 0..8 {
                want[i * 8 + j] = (want[i * 8 + j] + a[i * 8 + k] * b[k * 8 + j]) & 0xffff;
            }
        }
    }
    let mut mems = [Mem::new("A", 16, a), Mem::new("B", 16, b), Mem::new("C", 16, c)];
    let run = simulate(d, &[], &mut mems, 100_000);
    assert_eq!(mems[2].data, want);
    run.cycles
}

fn muls(rep: &hls::report::Report) -> u32 {
    rep.functions[0].units.iter().filter(|((k, _), _)| k == "mul").map(|(_, n)| n).sum()
}

#[test]
fn loops_are_named_by_line_and_induction_variable() {
    let (_, rep) = compile(GEMM, &piped());
    let names: Vec<&str> = rep.functions[0].loops.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names, ["k.mlir:3 %i", "k.mlir:4 %j", "k.mlir:6 %k"]);
    let levels: Vec<u32> = rep.functions[0].loops.iter().map(|l| l.level).collect();
    assert_eq!(levels, [0, 1, 2]);
    let json = rep.to_json();
    assert!(json.contains("\"name\": \"k.mlir:6 %k\", \"location\": \"k.mlir:6\""), "{json}");
    // Numbers as numbers: the k loop is pipelined at II 1, its depth is the schedule's.
    let k = &rep.functions[0].loops[2];
    let p = k.pipelined.as_ref().expect("the k loop is pipelined");
    assert_eq!((p.ii, p.target_ii, k.depth), (1, 1, Some(u64::from(p.depth))));
    assert!(
        json.contains(&format!(
            "\"pipelined\": {{\"ii\": 1, \"target_ii\": 1, \"mii\": 1, \"depth\": {}, \"stages\": {}, \"ii_bound\": null}}",
            p.depth, p.stages
        )),
        "{json}"
    );
    // A loop not pipelined: depth is its cycles per iteration.
    let j = &rep.functions[0].loops[1];
    assert_eq!((j.pipelined.as_ref(), j.depth), (None, j.cycles_per_iteration));
}

#[test]
fn the_cap_keeps_a_pipelined_gemm_to_its_multipliers_and_says_so() {
    // Default cap (4): the k loop (8 iterations) stays a loop; pipelined on its own.
    let (d, rep) = compile(GEMM, &piped());
    let f = &rep.functions[0];
    assert!(f.loops[2].pipelined.is_some() && f.loops[1].pipelined.is_none(), "{:?}", f.loops);
    assert_eq!(f.loops[1].unroll_capped, [("k.mlir:6 %k".to_string(), 8)]);
    let table = rep.to_table();
    assert!(table.contains("not unrolled: k.mlir:6 %k needs 8 copies, over --max-unroll"), "{table}");
    assert!(rep.to_json().contains("\"unroll_capped\": [{\"inner_loop\": \"k.mlir:6 %k\", \"copies\": 8}]"));
    let capped = run_gemm(&d);
    assert_eq!(Some(capped), f.latency);
    // --max-unroll 8: unrolled into the j loop, with the 7 multipliers it added; faster.
    let (d8, rep8) = compile(GEMM, &hls::Options { max_unroll: 8, ..piped() });
    let j = &rep8.functions[0].loops[1];
    assert!(j.unroll_capped.is_empty() && j.pipelined.is_some(), "{j:?}");
    assert_eq!(muls(&rep8), 8);
    assert!(muls(&rep) <= 2, "{:?}", rep.functions[0].units);
    assert!(
        j.transforms
            .iter()
            .any(|t| t.starts_with("unrolled %k x8 (k.mlir:6) for pipelining: ") && t.contains("+7 mul16")),
        "{:?}",
        j.transforms
    );
    let unrolled = run_gemm(&d8);
    assert_eq!(Some(unrolled), rep8.functions[0].latency);
    assert!(unrolled < capped, "{unrolled} {capped}");
}

#[test]
fn explicit_unroll_is_not_capped() {
    let src = GEMM.replace(
        "      affine.yield %n : i16\n      }\n",
        "      affine.yield %n : i16\n      } {hls.unroll = 8 : i64}\n",
    );
    let (d, rep) = compile(&src, &piped());
    assert_eq!(muls(&rep), 8);
    assert!(rep.functions[0].loops.iter().all(|l| l.unroll_capped.is_empty()));
    assert_eq!(Some(run_gemm(&d)), rep.functions[0].latency);
}

#[test]
fn an_ii_above_its_target_names_the_recurrence_and_its_lines() {
    // acc = acc * x + y: the multiply and the add chain from one iteration to the next.
    let src = "func.func @horner(%x: memref<64xi32>) -> i32 {
  %z = arith.constant 1 : i32
  %r = affine.for %i = 0 to 64 iter_args(%acc = %z) -> (i32) {
    %v = affine.load %x[%i] : memref<64xi32>
    %m = arith.muli %acc, %v : i32
    %s = arith.addi %m, %v : i32
    affine.yield %s : i32
  }
  return %r : i32
}
";
    let (_, rep) = compile(src, &hls::Options { clock_period: 5.0, ..piped() });
    let l = &rep.functions[0].loops[0];
    let p = l.pipelined.as_ref().expect("pipelined");
    let b = p.bound.as_ref().expect("II above 1 is explained");
    assert!(p.ii > 1, "{p:?}");
    assert_eq!((b.kind, b.min_ii), ("recurrence", p.ii));
    assert!(b.ops.iter().any(|o| o.starts_with("k.mlir:5 mul %m")), "{b:?}");
    assert!(b.ops.iter().any(|o| o.starts_with("k.mlir:6 add %s")), "{b:?}");
    let table = rep.to_table();
    assert!(table.contains(&format!("II {} (target 1) bound by recurrence", p.ii)), "{table}");
    assert!(rep.to_json().contains("\"ii_bound\": {\"kind\": \"recurrence\""));
}

#[test]
fn an_ii_above_its_target_names_the_memory_port_and_its_lines() {
    let src = "func.func @pairs(%x: memref<64xi32>, %y: memref<32xi32>) {
  affine.for %i = 0 to 32 {
    %a = affine.load %x[2 * %i] : memref<64xi32>
    %b = affine.load %x[2 * %i + 1] : memref<64xi32>
    %s = arith.addi %a, %b : i32
    affine.store %s, %y[%i] : memref<32xi32>
  }
  return
}
";
    let (_, rep) = compile(src, &piped());
    let p = rep.functions[0].loops[0].pipelined.as_ref().expect("pipelined");
    let b = p.bound.as_ref().expect("II 2 is explained");
    assert_eq!((p.ii, b.kind, b.min_ii), (2, "resource", 2));
    assert!(b.what.starts_with("x port (limit 1): 2 ops"), "{b:?}");
    assert_eq!(b.ops, ["k.mlir:3 load x %a", "k.mlir:4 load x %b"]);
}

#[test]
fn max_unroll_goes_through_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("gemm.mlir");
    std::fs::write(&path, GEMM).unwrap();
    let p = path.to_str().unwrap();
    let table = |extra: &[&str]| {
        let mut args = vec![p, "--pipeline", "--emit", "verilog", "-o", "/dev/null", "--report", "-"];
        args.extend_from_slice(extra);
        let out = bin().args(&args).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    let default = table(&[]);
    assert!(default.contains("gemm.mlir:6 %k"), "{default}");
    assert!(default.contains("not unrolled: gemm.mlir:6 %k needs 8 copies"), "{default}");
    let eight = table(&["--max-unroll", "8"]);
    assert!(eight.contains("unrolled %k x8 (gemm.mlir:6) for pipelining"), "{eight}");
    let out = bin().args([p, "--max-unroll", "0"]).output().unwrap();
    assert!(!out.status.success(), "0 is refused");
    assert!(String::from_utf8_lossy(&out.stderr).contains("--max-unroll"));
}

#[test]
fn the_systemverilog_names_states_and_registers_after_the_source() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("gemm.mlir");
    std::fs::write(&path, GEMM).unwrap();
    let sv = crate::support::cli(&[path.to_str().unwrap(), "--pipeline", "--emit", "verilog"]);
    // Registers after the values they hold; state decodes after the states.
    for decl in [
        "logic [15:0] acc_r;",
        "logic [31:0] k_r;",
        "logic [15:0] s_r;",
        "wire in_S_GEMM_L6_PIPE0 = state ==",
    ] {
        assert!(sv.contains(decl), "{decl}:\n{sv}");
    }
    assert!(sv.contains("acc_r <= in_S_GEMM_L4_BODY1 ? C_rdata : "), "{sv}");
    // The source map: each state's value, name and the ops that start in it.
    assert!(sv.contains("//   state 3'h3 S_GEMM_L6_PIPE0: "), "{sv}");
    assert!(sv.contains("gemm.mlir:9 mul %p [stage "), "{sv}");
    assert!(sv.contains("//   acc_r: %acc"), "{sv}");
    let lint = crate::support::verilator_lint(&sv, "gemm");
    assert!(!lint.contains("%Warning"), "{lint}");
}

/// The schedule pictures' text (every chart's SVG, then the FSM's dot) of each kernel in
/// `tests/schedpic/` equals `NAME.expected` (`BLESS=1` rewrites, `FILETEST=TEXT` filters).
#[test]
fn schedule_pictures_match_their_files() {
    use crate::support::filetest::{blessing, case_files, diff, filter, root};
    let dir = root().join("schedpic");
    let cases = case_files(&dir);
    assert!(cases.len() >= 2, "tests/schedpic holds the kernels");
    let mut failures = Vec::new();
    for path in cases.iter().filter(|p| filter().is_none_or(|f| p.to_string_lossy().contains(&f))) {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(path).unwrap();
        let src = mlir_text::SourceFile::new(&name, &text);
        let file = mlir_text::parse(&src).unwrap();
        let opts = hls::Options { pictures: true, ..Default::default() };
        let synth = hls::synthesize_source(&src, &file, &opts).unwrap();
        let mut actual = String::new();
        for f in &synth.report.functions {
            let s = f.schedule.as_ref().expect("pictures were asked for");
            for c in &s.charts {
                actual += &format!("// chart: {}\n", c.title);
                actual += &hls::schedpic::svg::chart_svg(c, s.period);
            }
            actual += &format!("// fsm of {}\n{}", s.name, s.fsm_dot);
        }
        let expected_path = path.with_extension("expected");
        if blessing() {
            std::fs::write(&expected_path, &actual).unwrap();
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if expected != actual {
            failures.push(format!("{name}: {}", diff(&expected, &actual)));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The `:CONSOLE` lines (console messages, script and SVG attribute errors) of a
/// headless Chromium run's log.
fn console_lines(log: &str) -> Vec<&str> {
    log.lines().filter(|l| l.contains(":CONSOLE")).collect()
}

/// A screenshot of `page` by headless Chromium (`w` x `h`): the PNG's bytes and the log.
fn screenshot(page: &std::path::Path, w: u32, h: u32) -> (Vec<u8>, String) {
    use crate::support::tools::{output, Tool};
    let png = page.with_extension("png");
    let r = output(
        Tool::Chromium.command().args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--enable-logging=stderr",
            "--v=0",
            "--virtual-time-budget=3000",
            &format!("--window-size={w},{h}"),
            &format!("--screenshot={}", png.display()),
            &format!("file://{}", page.display()),
        ]),
        None,
    );
    assert!(r.success(), "chromium failed: {}", r.describe());
    (std::fs::read(&png).unwrap_or_default(), r.stderr)
}

/// `--report-html` on a pipelined kernel and an FSM kernel renders in headless Chromium: a
/// PNG of the window's size, far from blank (a white page of the same size compresses to a
/// few kilobytes; the charts and the FSM do not), and no console message (a malformed SVG
/// attribute is one). A page with a script error shows the check can fail.
#[test]
fn schedule_page_renders_in_headless_chromium() {
    let dir = tempfile::tempdir().unwrap();
    let blank = dir.path().join("blank.html");
    std::fs::write(&blank, "<!DOCTYPE html><html><body></body></html>\n").unwrap();
    let (blank_png, _) = screenshot(&blank, 1000, 1200);
    let bad = dir.path().join("bad.html");
    std::fs::write(&bad, "<html><body><script>nosuchfunction();</script></body></html>\n").unwrap();
    assert_eq!(console_lines(&screenshot(&bad, 200, 200).1).len(), 1);
    let cases =
        [("mac_pipe.mlir", vec![]), ("gcd_fsm.mlir", vec![]), ("../hls/dot.mlir", vec!["--pipeline"])];
    for (case, flags) in cases {
        let page = dir.path().join(format!("{}.html", case.replace(['/', '.'], "_")));
        let out = bin()
            .current_dir(crate::support::filetest::root().join("schedpic"))
            .args([case, "--emit", "verilog", "-o", "/dev/null", "--report-html"])
            .arg(&page)
            .args(flags)
            .output()
            .unwrap();
        assert!(out.status.success(), "{case}: {}", String::from_utf8_lossy(&out.stderr));
        let html = std::fs::read_to_string(&page).unwrap();
        assert!(html.contains("<svg") && html.contains("digraph"), "{case}: {html}");
        let (png, log) = screenshot(&page, 1000, 1200);
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "{case}: not a PNG");
        let dims = (
            u32::from_be_bytes(png[16..20].try_into().unwrap()),
            u32::from_be_bytes(png[20..24].try_into().unwrap()),
        );
        assert_eq!(dims, (1000, 1200), "{case}");
        assert!(
            png.len() > 4 * blank_png.len(),
            "{case}: {} bytes, a blank page {}",
            png.len(),
            blank_png.len()
        );
        assert!(console_lines(&log).is_empty(), "{case}: {:?}", console_lines(&log));
    }
}

/// The schedule pictures' data is computed only when asked for (`--report-html` asks):
/// a plain compile does not pay for it.
#[test]
fn schedule_pictures_only_when_asked() {
    let text = std::fs::read_to_string(crate::support::filetest::root().join("hls/dot.mlir")).unwrap();
    let src = mlir_text::SourceFile::new("dot.mlir", &text);
    let file = mlir_text::parse(&src).unwrap();
    let plain = hls::synthesize_source(&src, &file, &hls::Options::default()).unwrap();
    assert!(plain.report.functions.iter().all(|f| f.schedule.is_none()));
    let opts = hls::Options { pictures: true, ..Default::default() };
    let asked = hls::synthesize_source(&src, &file, &opts).unwrap();
    assert!(asked.report.functions.iter().all(|f| f.schedule.as_ref().is_some_and(|s| !s.charts.is_empty())));
}

/// `tests/hls_sv/`: the SystemVerilog of small kernels (both dialects), with the states as
/// `localparam`s and each op's logic commented with its line; each lint-clean under
/// Verilator -Wall.
#[test]
fn hls_systemverilog_cases() {
    use crate::support::filetest::{run_suite, Case, Suite};
    fn lint_clean(case: &Case) -> Vec<String> {
        let Some(sv) = case.actual.strip_prefix("# exit: 0\n") else {
            return vec![format!("{}: failed:\n{}", case.rel, case.actual)];
        };
        let top = sv.lines().find_map(|l| l.strip_prefix("module ")).map(|l| l.trim_end_matches('('));
        let lint = crate::support::verilator_lint(sv, top.unwrap_or("?"));
        if lint.contains("%Warning") || lint.contains("%Error") {
            vec![format!("{}: verilator -Wall:\n{lint}", case.rel)]
        } else {
            Vec::new()
        }
    }
    run_suite(&Suite { dir: "hls_sv", default_run: &["--emit", "verilog"], min_cases: 3, check: lint_clean });
}

/// Every op of a kernel that becomes logic (not a constant, yield or return) has its
/// `file:line` in a comment: an arithmetic op or a (not pipelined) loop's counter on the
/// line that declares or loads its logic, a load or store at least in the source map (a
/// memory port driven straight from a state decode or a register has no line of its own).
/// And every FSM state's `localparam` is declared and used by the state logic by name.
#[test]
fn every_op_line_is_a_comment_in_the_systemverilog() {
    let root = crate::support::repo().join("tests");
    for kernel in
        ["hls_sv/scale.mlir", "hls/dot.mlir", "hls/bitwise_cmp.mlir", "hls/gcd.mlir", "hls/sumsq.mlir"]
    {
        let path = root.join(kernel);
        let sv = crate::support::cli(&[path.to_str().unwrap(), "--emit", "verilog"]);
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        // Comments after code, and every comment.
        let after_code: Vec<&str> = sv
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .filter_map(|l| l.split_once("  // ").map(|x| x.1))
            .collect();
        let comments: Vec<&str> = sv.lines().filter_map(|l| l.split_once("//").map(|x| x.1)).collect();
        let text = std::fs::read_to_string(&path).unwrap();
        for (i, line) in text.lines().enumerate() {
            // The op names in generic (`"arith.muli"(`) or custom (`= arith.muli`) form.
            let has = |k: &str| line.contains(&format!("\"{k}")) || line.contains(&format!(" {k}"));
            if line.trim_start().starts_with("//") || has("arith.constant") {
                continue;
            }
            let at = format!("{name}:{}", i + 1);
            if has("arith.") || has("affine.for") || has("scf.for") {
                let found = after_code.iter().any(|c| c.split(", ").any(|x| x == at));
                assert!(found, "{kernel}: no `// {at}` comment on the logic of `{}`:\n{sv}", line.trim());
            } else if ["affine.load", "affine.store", "memref.load", "memref.store"].iter().any(|k| has(k)) {
                let found = comments.iter().any(|c| c.contains(&format!("{at} ")));
                assert!(found, "{kernel}: no `{at}` comment for `{}`:\n{sv}", line.trim());
            }
        }
        // The states: declared as localparams, compared with the state register by name.
        let states: Vec<&str> = sv
            .lines()
            .filter_map(|l| l.trim().strip_prefix("localparam "))
            .filter_map(|l| l.split_whitespace().find(|w| w.starts_with("S_")))
            .collect();
        assert!(states.len() >= 2, "{kernel}: no state localparams:\n{sv}");
        assert!(sv.contains(&format!("state == {}", states[0])), "{kernel}: idle is not compared by name");
        assert!(sv.contains(&format!("if (rst) state <= {};", states[0])), "{kernel}: reset by name");
    }
}
