//! The `rmlir-hls fpga` test harness: running the flow, checking `report.json` against the
//! tools' own reports, and simulating the routed design (`icebox_vlog` of the `.asc`) beside
//! the emitted SystemVerilog under Icarus on the same random stimulus.

use crate::support::{self, bin, load_text, outputs, parse_hex, repo, run, stimulus, Tool, Trace};
use comb::{Design, Dir};
use serde_json::Value;
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

pub const CYCLES: usize = 1200;

pub fn fpga_cmd(args: &[&str]) -> std::process::Output {
    bin().arg("fpga").args(args).output().expect("run rmlir-hls")
}

pub fn read_json(p: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display())))
        .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// No `.NAME.tmp-*` build folder is left in `parent`.
pub fn assert_no_temp_left(parent: &Path) {
    for e in std::fs::read_dir(parent).unwrap() {
        let name = e.unwrap().file_name().to_string_lossy().into_owned();
        assert!(!name.contains(".tmp-"), "temporary build folder left behind: {name}");
    }
}

/// Checks report.json against nextpnr's report and Yosys's stat.
pub fn check_report(dir: &Path, device: &str) -> Value {
    check_report_synth(dir, device, "yosys")
}

/// [`check_report`] for a synthesis path (`native` writes its own cell counts, as `stat -json`
/// would, and runs no Yosys).
pub fn check_report_synth(dir: &Path, device: &str, synth: &str) -> Value {
    let rep = read_json(&dir.join("report.json"));
    let pnr = read_json(&dir.join("report-nextpnr.json"));
    let stat = read_json(&dir.join("yosys-stat.json"));
    assert_eq!(rep["device"], device);
    assert_eq!(rep["seed"], 1);
    assert_eq!(rep["synth"], synth);
    assert_eq!(rep["bels"], pnr["utilization"], "report.json bels differ from nextpnr's utilization");
    let util = &pnr["utilization"];
    assert_eq!(rep["resources"]["LC"]["used"], util["ICESTORM_LC"]["used"]);
    assert_eq!(rep["resources"]["LC"]["available"], util["ICESTORM_LC"]["available"]);
    assert_eq!(rep["resources"]["BRAM"]["used"], util["ICESTORM_RAM"]["used"]);
    assert_eq!(rep["resources"]["BRAM"]["available"], util["ICESTORM_RAM"]["available"]);
    assert_eq!(rep["resources"]["IO"]["used"], util["SB_IO"]["used"]);
    let cells = &stat["design"]["num_cells_by_type"];
    assert_eq!(rep["resources"]["LUT4"]["used"], cells["SB_LUT4"]);
    assert_eq!(rep["resources"]["carry"]["used"], cells.get("SB_CARRY").cloned().unwrap_or(0.into()));
    assert!(rep["resources"]["LUT4"]["used"].as_u64().unwrap() > 0);
    for (net, t) in pnr["fmax"].as_object().unwrap() {
        let name = net.split('$').next().unwrap();
        let c = &rep["clocks"][name];
        assert_eq!(c["achieved_mhz"], t["achieved"], "clock {name}");
        assert_eq!(c["requested_mhz"].as_f64(), t["constraint"].as_f64(), "clock {name}");
    }
    if synth == "yosys" {
        assert!(rep["tools"]["yosys"].as_str().unwrap().starts_with("Yosys"));
    } else {
        assert!(rep["tools"].get("yosys").is_none(), "the native path ran Yosys");
        assert!(!dir.join("yosys.log").exists());
        // The netlist's cells are what the stat counts, and only iCE40 library cells.
        let net = read_json(&dir.join(format!("{}.json", rep["top"].as_str().unwrap())));
        let mods = net["modules"].as_object().unwrap();
        assert_eq!(mods.len(), 1, "the native netlist is flat");
        let mut counts = std::collections::BTreeMap::<String, u64>::new();
        for c in mods.values().next().unwrap()["cells"].as_object().unwrap().values() {
            *counts.entry(c["type"].as_str().unwrap().to_string()).or_default() += 1;
        }
        assert!(counts.keys().all(|k| k.starts_with("SB_")), "{counts:?}");
        assert_eq!(serde_json::to_value(&counts).unwrap(), *cells);
    }
    assert!(rep["tools"]["nextpnr-ice40"].as_str().unwrap().contains("nextpnr"));
    rep
}

/// A test bench driving the emitted top and its routed twin (`T_routed`, from icebox_vlog)
/// with the same inputs; writes each side's outputs, one line a cycle.
pub fn twin_testbench(design: &Design, routed_ports: &[String], cycles: usize) -> String {
    let m = design.module(design.top_id());
    let top = &m.name;
    let mut s = String::from("`timescale 1ns/1ns\nmodule tb;\n");
    let (mut ref_conns, mut rt_conns, mut ins, mut outs_ref, mut outs_rt) =
        (vec![], vec![], vec![], vec![], vec![]);
    for (i, p) in m.ports.iter().enumerate() {
        let range = if p.width > 1 { format!("[{}:0] ", p.width - 1) } else { String::new() };
        let bits: Vec<(String, String)> = if p.width == 1 {
            vec![(p.name.clone(), String::new())]
        } else {
            (0..p.width).map(|b| (format!("\\{}[{b}] ", p.name), format!("[{b}]"))).collect()
        };
        if p.dir == Dir::Input {
            let _ = writeln!(s, "  reg {range}i{i};");
            if !p.clock {
                let _ = writeln!(s, "  reg {range}s{i};");
                ins.push(i);
            }
            ref_conns.push(format!("i{i}"));
            for (port, sel) in bits {
                if routed_ports.contains(&port.trim().trim_start_matches('\\').to_string()) {
                    rt_conns.push(format!(".{port}(i{i}{sel})"));
                }
            }
        } else {
            let _ = writeln!(s, "  wire {range}o{i};\n  wire {range}r{i};");
            ref_conns.push(format!("o{i}"));
            for (port, sel) in bits {
                rt_conns.push(format!(".{port}(r{i}{sel})"));
            }
            outs_ref.push(format!("o{i}"));
            outs_rt.push(format!("r{i}"));
        }
    }
    let _ = writeln!(
        s,
        "  {top} dut({});\n  {top}_routed routed({});",
        ref_conns.join(", "),
        rt_conns.join(", ")
    );
    let clocks: Vec<usize> = m.ports.iter().enumerate().filter(|(_, p)| p.clock).map(|(i, _)| i).collect();
    s.push_str("  integer fd, fr, ft, r, cyc;\n  initial begin\n");
    for c in &clocks {
        let _ = writeln!(s, "    i{c} = 1'b0;");
    }
    s.push_str("    fd = $fopen(\"stim.hex\", \"r\");\n    fr = $fopen(\"ref.hex\", \"w\");\n");
    s.push_str("    ft = $fopen(\"routed.hex\", \"w\");\n");
    let _ = writeln!(s, "    for (cyc = 0; cyc < {cycles}; cyc = cyc + 1) begin");
    let fmt = vec!["%h"; ins.len()].join(" ");
    let staged: Vec<String> = ins.iter().map(|i| format!("s{i}")).collect();
    let _ = writeln!(s, "      r = $fscanf(fd, \"{fmt}\\n\", {});", staged.join(", "));
    for i in &ins {
        let _ = writeln!(s, "      i{i} = s{i};");
    }
    let ofmt = vec!["%h"; outs_ref.len()].join(" ");
    let _ = writeln!(s, "      #5;\n      $fwrite(fr, \"{ofmt}\\n\", {});", outs_ref.join(", "));
    let _ = writeln!(s, "      $fwrite(ft, \"{ofmt}\\n\", {});", outs_rt.join(", "));
    for c in &clocks {
        let _ = writeln!(s, "      i{c} = 1'b1;");
    }
    s.push_str("      #5;\n");
    for c in &clocks {
        let _ = writeln!(s, "      i{c} = 1'b0;");
    }
    s.push_str("      #5;\n    end\n    $fclose(fr);\n    $fclose(ft);\n    $finish;\n  end\nendmodule\n");
    s
}

pub fn read_hex_trace(p: &Path, widths: &[u32]) -> Trace {
    std::fs::read_to_string(p)
        .unwrap()
        .lines()
        .map(|l| {
            l.split_whitespace()
                .zip(widths)
                .map(|(h, &w)| {
                    parse_hex(h, w).unwrap_or_else(|| panic!("{}: '{h}' is not a value", p.display()))
                })
                .collect()
        })
        .collect()
}

/// Builds a bitstream for an example, checks the report, and simulates the routed design
/// against the emitted SystemVerilog and the evaluator.
pub fn bitstream_and_routed_sim(example: &str, device: &str, top: &str) {
    bitstream_and_routed_sim_synth(example, device, top, "yosys");
}

/// [`bitstream_and_routed_sim`] through a synthesis path.
pub fn bitstream_and_routed_sim_synth(example: &str, device: &str, top: &str, synth: &str) -> Value {
    bitstream_and_routed_sim_with(example, device, top, synth, &[])
}

/// [`bitstream_and_routed_sim_synth`] with more flow options (`--register-io` with the
/// native path: the design is wrapped as the flow wraps its netlist, so the testbench drives
/// the wrapped ports).
pub fn bitstream_and_routed_sim_with(
    example: &str,
    device: &str,
    top: &str,
    synth: &str,
    more: &[&str],
) -> Value {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    // An existing folder is replaced on success.
    std::fs::create_dir(&out).unwrap();
    std::fs::write(out.join("stale"), "x").unwrap();
    let input = repo().join("examples").join(example);
    let o = fpga_cmd(
        &[
            input.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
            "--device",
            device,
            "--pin-all",
            "--synth",
            synth,
        ]
        .iter()
        .chain(more)
        .copied()
        .collect::<Vec<_>>(),
    );
    assert!(o.status.success(), "fpga failed:\n{}", String::from_utf8_lossy(&o.stderr));
    let stdout = String::from_utf8_lossy(&o.stdout);
    for row in ["LUT4", "carry", "DFF", "BRAM", "DSP", "IO", "Fmax MHz"] {
        assert!(stdout.contains(row), "table lacks {row}:\n{stdout}");
    }
    assert!(!out.join("stale").exists(), "the old folder was not replaced");
    assert_no_temp_left(tmp.path());
    for f in ["sv", "json", "asc", "bin", "pcf"] {
        let p = out.join(format!("{top}.{f}"));
        assert!(p.metadata().is_ok_and(|m| m.len() > 0), "{} missing or empty", p.display());
    }
    for f in ["yosys-stat.json", "nextpnr.log", "icepack.log", "report.json"] {
        assert!(out.join(f).exists(), "{f} missing");
    }
    assert_eq!(out.join("yosys.log").exists(), synth == "yosys");
    let report = check_report_synth(&out, device, synth);

    // The routed design, back as Verilog with its port names.
    let routed = run(Tool::IceboxVlog.command().current_dir(&out).args([
        "-n",
        &format!("{top}_routed"),
        "-p",
        &format!("{top}.pcf"),
        &format!("{top}.asc"),
    ]));
    let header = routed.lines().find(|l| l.starts_with("module ")).expect("icebox_vlog wrote a module");
    let routed_ports: Vec<String> = header
        .split(['(', ',', ')'])
        .skip(1)
        .filter_map(|d| d.split_whitespace().nth(1))
        .map(|n| n.trim_start_matches('\\').to_string())
        .collect();
    let src = std::fs::read_to_string(&input).unwrap();
    let mut design = load_text(example, &src, 1);
    if more.contains(&"--register-io") {
        fpga::native::regio::register_io(&mut design).unwrap();
    }
    if more.contains(&"--serial-io") {
        fpga::serial::serial_io(&mut design).unwrap();
    }
    let sim = tempfile::tempdir().unwrap();
    let d = sim.path();
    std::fs::write(d.join("routed.v"), &routed).unwrap();
    std::fs::copy(out.join(format!("{top}.sv")), d.join("design.sv")).unwrap();
    std::fs::write(d.join("tb.sv"), twin_testbench(&design, &routed_ports, CYCLES)).unwrap();
    let stim = stimulus(&design, 7, CYCLES);
    let text: String =
        stim.iter().map(|v| v.iter().map(|b| b.to_hex()).collect::<Vec<_>>().join(" ") + "\n").collect();
    std::fs::write(d.join("stim.hex"), text).unwrap();
    let mut iverilog = Tool::Iverilog.command();
    iverilog.current_dir(d).args(["-g2012", "-o", "sim", "tb.sv", "design.sv", "routed.v"]);
    if routed.contains("SB_RAM40_4K") {
        // icebox_vlog writes block RAMs as SB_RAM40_4K instances: Yosys's model simulates them.
        iverilog.arg("-DNO_ICE40_DEFAULT_ASSIGNMENTS").arg(ice40_cells_sim());
    }
    run(&mut iverilog);
    run(Tool::Vvp.command().current_dir(d).args(["-n", "sim"]));
    let widths: Vec<u32> = outputs(&design).iter().map(|o| o.1).collect();
    let reference = read_hex_trace(&d.join("ref.hex"), &widths);
    let after_routing = read_hex_trace(&d.join("routed.hex"), &widths);
    assert_eq!(reference.len(), CYCLES);
    support::assert_traces_eq(
        &format!("{example}: emitted SV vs routed"),
        &design,
        &reference,
        &after_routing,
    );
    let evaluated = support::eval_trace(&design, &stim);
    support::assert_traces_eq(
        &format!("{example}: evaluator vs emitted SV"),
        &design,
        &evaluated,
        &reference,
    );
    report
}

/// Yosys's simulation models of the iCE40 cells (`share/yosys/ice40/cells_sim.v` beside the
/// `yosys` on PATH).
pub fn ice40_cells_sim() -> std::path::PathBuf {
    let yosys = run(Command::new("sh").args(["-c", "command -v yosys"]));
    let bin = std::fs::canonicalize(yosys.trim()).unwrap();
    let p = bin.parent().unwrap().join("../share/yosys/ice40/cells_sim.v");
    assert!(p.exists(), "no {}", p.display());
    p
}
