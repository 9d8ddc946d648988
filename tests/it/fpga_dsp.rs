//! Float significand products on DSP blocks (issue 21): with the target's DSPs in the HLS
//! options (the `fpga` flow sets them from `--device`), a float multiplier or fma whose
//! product fits the blocks left is built with one multiplier cell, which
//! `synth_ice40 -dsp` maps onto `SB_MAC16`s; the rest keep the LUT compressor tree.
//!
//! - The report names the units on DSPs, and a kernel with more products than blocks has
//!   the later ones in LUTs.
//! - Bit-exact through synthesis: the kernel's emitted SystemVerilog and Yosys's
//!   `synth_ice40 -dsp` netlist of it (`SB_MAC16` simulated by Yosys's own cell models)
//!   agree cycle by cycle under Icarus on the same random stimulus, and the emitted
//!   SystemVerilog agrees with the in-tree evaluator. (The routed bitstream cannot be read
//!   back here: `icebox_vlog` writes no DSP tile's configuration.)
//! - `rmlir-hls fpga --device up5k` places and routes the kernel with its DSPs counted in the
//!   report.

use crate::support::fpga::{fpga_cmd, ice40_cells_sim, read_hex_trace, read_json, twin_testbench, CYCLES};
use crate::support::{self, outputs, run, stimulus, Tool};
use comb::Design;
use std::path::Path;

/// `a * b`, `fma(a, b, c)` and `c * c` on f32: three significand products of 4 blocks each.
const KERNEL: &str = "func.func @fk(%a: f32, %b: f32, %c: f32) -> (f32, f32, f32) {
  %p = arith.mulf %a, %b : f32
  %f = math.fma %a, %b, %c : f32
  %q = arith.mulf %c, %c : f32
  return %p, %f, %q : f32, f32, f32
}
";

const UP5K: hls::Dsp = hls::Dsp { blocks: 8, width: 16 };

fn build(dsp: Option<hls::Dsp>) -> flow::Built {
    let o = flow::Options { hls: hls::Options { dsp, ..Default::default() }, ..Default::default() };
    flow::Flow::new(o)
        .build(&mlir_text::SourceFile::new("fk.mlir", KERNEL))
        .unwrap_or_else(|e| panic!("{}", e.render()))
}

/// The report's float units: (kind, count).
fn units(b: &flow::Built) -> Vec<(String, u32)> {
    let r = b.report.as_ref().expect("an HLS report");
    r.functions[0].units.iter().map(|((k, _), n)| (k.clone(), *n)).collect()
}

#[test]
fn products_take_the_dsps_left_and_the_rest_stay_in_luts() {
    let dsp = units(&build(Some(UP5K)));
    let on = |k: &str| dsp.iter().filter(|(u, _)| u.starts_with(k)).cloned().collect::<Vec<_>>();
    let fma = on("fma");
    assert!(fma.len() == 1 && fma[0].0.ends_with(", product on 4 DSP") && fma[0].1 == 1, "{dsp:?}");
    let muls = on("fmul");
    assert_eq!(muls.len(), 2, "one fmul on DSPs, one in LUTs: {dsp:?}");
    assert!(muls.iter().any(|(k, n)| k.ends_with("product on 4 DSP") && *n == 1), "{dsp:?}");
    assert!(muls.iter().any(|(k, n)| !k.contains("DSP") && *n == 1), "{dsp:?}");
    let none = units(&build(None));
    assert!(none.iter().all(|(k, _)| !k.contains("DSP")), "{none:?}");
    // A 53 x 53 f64 product needs 16 blocks: more than the up5k has.
    let f64k = KERNEL.replace("f32", "f64");
    let o =
        flow::Options { hls: hls::Options { dsp: Some(UP5K), ..Default::default() }, ..Default::default() };
    let b = flow::Flow::new(o).build(&mlir_text::SourceFile::new("fk.mlir", &f64k)).unwrap();
    assert!(units(&b).iter().all(|(k, _)| !k.contains("DSP")), "{:?}", units(&b));
}

/// Yosys's `synth_ice40 -dsp` netlist of `sv` (top `top`), its ports split into bits and the
/// module renamed `{top}_routed` (as `twin_testbench` drives it); and its `SB_MAC16` count.
fn synthesized(dir: &Path, sv: &str, top: &str) -> (String, u64) {
    std::fs::write(dir.join("design.sv"), sv).unwrap();
    let script = format!(
        "read_verilog -sv design.sv; synth_ice40 -dsp -top {top}; tee -o stat.json stat -json; \
         splitnets -ports; rename {top} {top}_routed; write_verilog -noattr net.v"
    );
    run(Tool::Yosys.command().current_dir(dir).args(["-q", "-p", &script]));
    let stat = read_json(&dir.join("stat.json"));
    let macs = stat["design"]["num_cells_by_type"]["SB_MAC16"].as_u64().unwrap_or(0);
    (std::fs::read_to_string(dir.join("net.v")).unwrap(), macs)
}

#[test]
fn dsp_products_are_bit_exact_through_synth_ice40_dsp() {
    let built = build(Some(UP5K));
    let design: &Design = &built.design;
    let top = design.module(design.top_id()).name.clone();
    let sv = backends::verilog::emit(design);
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let (net, macs) = synthesized(d, &sv, &top);
    assert_eq!(macs, 8, "two 24 x 24 products on 4 SB_MAC16 each");
    let header = net.lines().find(|l| l.starts_with("module ")).expect("a module");
    let ports: Vec<String> = net
        .lines()
        .skip_while(|l| !l.starts_with("module "))
        .take_while(|l| !l.starts_with("endmodule"))
        .filter_map(|l| l.trim().strip_prefix("input "))
        .map(|n| n.trim_end_matches(';').trim().trim_start_matches('\\').to_string())
        .collect();
    assert!(!ports.is_empty(), "no inputs in {header}");
    std::fs::write(d.join("tb.sv"), twin_testbench(design, &ports, CYCLES)).unwrap();
    let stim = stimulus(design, 11, CYCLES);
    let text: String =
        stim.iter().map(|v| v.iter().map(|b| b.to_hex()).collect::<Vec<_>>().join(" ") + "\n").collect();
    std::fs::write(d.join("stim.hex"), text).unwrap();
    let mut iverilog = Tool::Iverilog.command();
    iverilog.current_dir(d).args(["-g2012", "-o", "sim", "tb.sv", "design.sv", "net.v"]);
    iverilog.arg("-DNO_ICE40_DEFAULT_ASSIGNMENTS").arg(ice40_cells_sim());
    run(&mut iverilog);
    run(Tool::Vvp.command().current_dir(d).args(["-n", "sim"]));
    let widths: Vec<u32> = outputs(design).iter().map(|o| o.1).collect();
    let reference = read_hex_trace(&d.join("ref.hex"), &widths);
    let mapped = read_hex_trace(&d.join("routed.hex"), &widths);
    support::assert_traces_eq("emitted SV vs synth_ice40 -dsp netlist", design, &reference, &mapped);
    let evaluated = support::eval_trace(design, &stim);
    support::assert_traces_eq("evaluator vs emitted SV", design, &evaluated, &reference);
    // The kernel produced results: some cycle's outputs are not all zero.
    assert!(reference.iter().any(|c| c.iter().any(|b| !b.is_zero())), "the outputs never moved");
}

#[test]
fn fpga_on_up5k_counts_the_dsps() {
    let tmp = tempfile::tempdir().unwrap();
    let input = tmp.path().join("fm.mlir");
    // One f32 multiplier (the three-product kernel's LUT tree does not fit beside the
    // serial I/O): its product on 4 of the 8 blocks.
    let one =
        "func.func @fm(%a: f32, %b: f32) -> f32 {\n  %p = arith.mulf %a, %b : f32\n  return %p : f32\n}\n";
    std::fs::write(&input, one).unwrap();
    let (device, want) = ("up5k", 4);
    let out = tmp.path().join(device);
    let o = fpga_cmd(&[
        input.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--device",
        device,
        "--serial-io",
        "--timing-allow-fail",
    ]);
    assert!(o.status.success(), "{device}: {}", String::from_utf8_lossy(&o.stderr));
    let rep = read_json(&out.join("report.json"));
    assert_eq!(rep["resources"]["DSP"]["used"], want, "{device}: {}", rep["resources"]);
    let sv_file = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|x| x == "sv"))
        .expect("the SystemVerilog kept");
    let sv = std::fs::read_to_string(sv_file).unwrap();
    assert_eq!(sv.contains(" * "), want > 0, "{device}: a multiplier cell only where there are DSPs");
}
