//! One run of the flow: check the request, find the tools, run the steps in a temporary
//! folder beside the output folder, check fit and timing, write report.json, and rename the
//! folder into place (replacing an old one only now, on success). A run that fails once the
//! folder exists keeps it as `DIR.failed`, logs and partial products included.

use crate::board::board;
use crate::device::{device, Arch, Device};
use crate::flow::{pack_step, pnr_step, synth_step, Files, PnrOptions, Step};
use crate::pcf::{pin_all, port_bits, Pcf};
use crate::progress::Progress;
use crate::report::{self, Report};
use crate::tools;
use crate::{Error, Pins, Request};
use serde_json::json;
use std::collections::BTreeMap;
use std::path::Path;

/// What the checks resolve a request to.
struct Target {
    device: Device,
    package: String,
    pcf: Option<Pcf>,
    pins: Option<Vec<&'static str>>,
}

/// Resolves board, device and package, and checks the pin constraints and the I/O count
/// against the package, before any tool runs.
fn resolve(req: &Request) -> Result<Target, Error> {
    let b = req.board.as_deref().map(board).transpose()?;
    let dev = match (&req.device, &b) {
        (Some(d), _) => device(d)?,
        (None, Some(b)) => device(b.device)?,
        (None, None) => device("hx8k")?,
    };
    let package = match (&req.package, &b) {
        (Some(p), _) => dev.package(Some(p))?,
        (None, Some(b)) if b.device == dev.name => b.package.to_string(),
        _ => dev.package(None)?,
    };
    let pins = dev.pins(&package);
    let bits = port_bits(&req.ports).len();
    if let Some(p) = &pins {
        if bits > p.len() {
            return Err(Error::Request(format!(
                "top module '{}' has {bits} I/O bits but the {} {package} package has {} user I/O pins; \
                 try a larger package, or --serial-io (every port bit through a shift register on \
                 two pins; --register-io keeps the pin count)",
                req.top,
                dev.name,
                p.len()
            )));
        }
    }
    let pcf = match &req.pins {
        Pins::Pcf(name, text) => Some(Pcf::parse(name, text)?),
        Pins::All => {
            let p = pins.as_ref().ok_or_else(|| {
                Error::Request(format!("pinning every port needs the pin list of {} {package}", dev.name))
            })?;
            let text = pin_all(&req.ports, p).expect("I/O count checked above");
            Some(Pcf::parse("<every port pinned>", &text)?)
        }
        Pins::Free => match &b {
            Some(b) if b.device == dev.name && b.package == package => {
                Some(Pcf::parse(&format!("board {}", b.name), b.pcf)?)
            }
            _ => None,
        },
    };
    if let Some(pcf) = &pcf {
        if dev.arch != Arch::Ice40 {
            return Err(Error::Request(format!(
                "a PCF constrains iCE40 pins; the {} is an ECP5 (LPF files are not supported yet)",
                dev.name
            )));
        }
        pcf.check(&req.top, &req.ports, pins.as_deref())?;
    }
    Ok(Target { device: dev, package, pcf, pins })
}

/// Runs the flow; on success DIR holds the SystemVerilog, the synthesized JSON, the routed
/// design, the bitstream, each tool's log and report.json.
pub fn run(req: &Request, progress: &Progress) -> Result<Report, Error> {
    let wrapped;
    if req.register_io && req.synth == crate::Synth::Native {
        return Err(Error::Request(
            "--register-io with --synth native wraps the netlist (fpga::native::regio) before the \
             request is made; the request must not ask for the SystemVerilog wrapper"
                .into(),
        ));
    }
    let req = if req.register_io {
        let w = crate::wrap::register_io(&req.top, &req.ports, &req.sv)?;
        wrapped = Request { top: w.top, ports: w.ports, sv: w.sv, register_io: false, ..req.clone() };
        &wrapped
    } else {
        req
    };
    if !(req.freq_mhz.is_finite() && req.freq_mhz > 0.0) {
        return Err(Error::Request(format!("--freq must be a positive number of MHz, not {}", req.freq_mhz)));
    }
    let t = resolve(req)?;
    let arch = t.device.arch;
    let files = Files::new(&req.top, arch, t.pcf.is_some());
    let synth = synth_step(req.synth, arch, t.device.dsps > 0, &req.top, &files)?;
    let covered = t.pcf.as_ref().map_or(0, |p| {
        let bits = port_bits(&req.ports);
        p.set_io.iter().filter(|s| bits.contains(&s.port)).count()
    });
    let opts = PnrOptions {
        arch,
        device_flag: t.device.nextpnr_flag,
        package: &t.package,
        freq_mhz: req.freq_mhz,
        seed: req.seed,
        allow_unconstrained: covered < port_bits(&req.ports).len(),
    };
    let steps: Vec<Step> =
        synth.into_iter().chain([pnr_step(&opts, &files), pack_step(arch, &files)]).collect();
    // Every tool is found before any runs: a missing one fails at once.
    let exes: Vec<_> = steps.iter().map(|s| s.tool.find()).collect::<Result<_, _>>()?;

    let out = &req.out_dir;
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let io = |e: std::io::Error| Error::Io(format!("{}: {e}", out.display()));
    std::fs::create_dir_all(&parent).map_err(io)?;
    let leaf = out.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "fpga".into());
    let tmp = tempfile::Builder::new().prefix(&format!(".{leaf}.tmp-")).tempdir_in(&parent).map_err(io)?;
    let dir = tmp.path();
    // Removed by the binary's signal thread if the run is interrupted while it builds (not
    // while it is swapped in: the old folder is aside then).
    let staged = scratch::register(dir);
    let built = run_steps(req, &t, &files, &steps, &exes, dir, progress);
    drop(staged);
    match built {
        Ok(rep) => {
            install(tmp, out)?;
            Ok(rep)
        }
        Err(e) => Err(keep_failed(tmp, out, e)),
    }
}

/// The steps of [`run`] inside the build folder `dir`: the SystemVerilog and PCF, synthesis
/// (or the native netlist), fit, place and route, timing, the bitstream, report.json.
fn run_steps(
    req: &Request,
    t: &Target,
    files: &Files,
    steps: &[Step],
    exes: &[std::path::PathBuf],
    dir: &Path,
    progress: &Progress,
) -> Result<Report, Error> {
    let arch = t.device.arch;
    // The place-and-route step; the native path (no synthesis step) writes its netlist instead.
    let first = steps.len() - 2;
    let io = |e: std::io::Error| Error::Io(format!("{}: {e}", dir.display()));
    std::fs::write(dir.join(&files.sv), &req.sv).map_err(io)?;
    if let (Some(pcf), Some(name)) = (&t.pcf, &files.pcf) {
        std::fs::write(dir.join(name), &pcf.text).map_err(io)?;
    }

    let mut tool_versions = BTreeMap::new();
    for (s, exe) in steps.iter().zip(exes) {
        tool_versions.insert(s.tool.name().to_string(), tools::version(s.tool, exe));
    }
    match &req.native {
        Some(n) if first == 0 => {
            let stage = progress.stage("synthesis (native)");
            std::fs::write(dir.join(&files.netlist), &n.json).map_err(io)?;
            let stat = serde_json::json!({"creator": "rmlir-hls --synth native", "design": {"num_cells_by_type": n.cells}});
            std::fs::write(dir.join(&files.stat), serde_json::to_string_pretty(&stat).expect("JSON") + "\n")
                .map_err(io)?;
            stage.done();
        }
        None if first == 0 => {
            return Err(Error::Request("--synth native: no netlist was given to write".into()));
        }
        _ => run_yosys(progress, &steps[0], dir, &exes[0])?,
    }
    let cells = report::read_yosys_stat(&dir.join(&files.stat))?;
    let counts = report::cell_counts(arch, &cells);
    report::check_cells_fit(&t.device, &counts)?;
    let pnr_label = format!("place and route ({} {})", steps[first].tool.name(), t.device.name);
    run_step(progress, &steps[first], dir, &exes[first], &pnr_label).map_err(|e| match e {
        Error::ToolFailed { log_excerpt, .. } if log_excerpt.contains("no BELs remaining") => {
            Error::DoesNotFit(format!(
                "the design does not fit the {} {}: nextpnr says\n{log_excerpt}",
                t.device.name, t.package
            ))
        }
        e => e,
    })?;
    let pnr = report::read_pnr_report(&dir.join(&files.pnr_report))?;
    let resources = report::resources(&t.device, &counts, &pnr, t.pins.as_ref().map(Vec::len));
    if let Some(r) = resources.iter().find(|r| r.used > r.available) {
        return Err(Error::DoesNotFit(format!(
            "the design does not fit the {} {}: it uses {} {} of {}",
            t.device.name, t.package, r.used, r.kind, r.available
        )));
    }
    let clock_ports: Vec<String> = req.ports.iter().filter(|p| p.clock).map(|p| p.name.clone()).collect();
    let clocks = report::clocks(&pnr, &clock_ports, req.freq_mhz);
    let failing: Vec<String> = clocks
        .iter()
        .filter(|c| !c.met())
        .map(|c| {
            format!(
                "{} reaches {:.2} MHz of {:.2} MHz requested",
                c.name,
                c.achieved_mhz.unwrap_or(0.0),
                c.requested_mhz
            )
        })
        .collect();
    if !failing.is_empty() && !req.timing_allow_fail {
        return Err(Error::Timing(format!(
            "timing fails: {}; lower --freq or pass --timing-allow-fail",
            failing.join("; ")
        )));
    }
    run_step(progress, &steps[first + 1], dir, &exes[first + 1], "bitstream")?;

    let step_records = steps
        .iter()
        .map(|s| {
            json!({"name": s.name, "tool": s.tool.name(), "command": s.command_line(),
                   "inputs": s.inputs, "outputs": s.outputs, "log": s.log})
        })
        .collect();
    let mut file_map = BTreeMap::from([
        ("sv", files.sv.clone()),
        ("netlist", files.netlist.clone()),
        ("yosys_stat", files.stat.clone()),
        ("routed", files.routed.clone()),
        ("nextpnr_report", files.pnr_report.clone()),
        ("bitstream", files.bitstream.clone()),
    ]);
    if let Some(p) = &files.pcf {
        file_map.insert("pcf", p.clone());
    }
    let rep = Report {
        top: req.top.clone(),
        device: t.device,
        package: t.package.clone(),
        seed: req.seed,
        synth: req.synth.name(),
        resources,
        pnr,
        cells,
        clocks,
        tools: tool_versions,
        steps: step_records,
        files: file_map,
        scheduled: req.scheduled.clone(),
    };
    let text = serde_json::to_string_pretty(&rep.to_json()).expect("JSON values serialize") + "\n";
    std::fs::write(dir.join("report.json"), text).map_err(io)?;
    Ok(rep)
}

/// A failed run's build folder becomes `DIR.failed` beside DIR (replacing an older one), so
/// its logs, reports and partial products can be read; DIR itself is left as it was. The
/// error then says where they are.
fn keep_failed(tmp: tempfile::TempDir, out: &Path, e: Error) -> Error {
    let mut failed = out.as_os_str().to_owned();
    failed.push(".failed");
    let failed = std::path::PathBuf::from(failed);
    let built = tmp.keep();
    let _ = std::fs::remove_dir_all(&failed);
    let note = match std::fs::rename(&built, &failed) {
        Ok(()) => {
            let _ = std::fs::write(failed.join("error.txt"), format!("{e}\n"));
            let mut logs: Vec<String> = std::fs::read_dir(&failed)
                .into_iter()
                .flatten()
                .filter_map(|f| f.ok()?.file_name().into_string().ok())
                .filter(|n| n.ends_with(".log"))
                .collect();
            logs.sort();
            let logs = if logs.is_empty() { String::new() } else { format!("; read {}", logs.join(", ")) };
            format!("the build folder is kept in {}{logs}", failed.display())
        }
        Err(err) => {
            let _ = std::fs::remove_dir_all(&built);
            format!("the build folder could not be kept in {}: {err}", failed.display())
        }
    };
    e.with_note(&note)
}

/// The Yosys step, run a second time when ABC (a child process of Yosys) died of a signal.
///
/// Debian's ABC has aborted once on a design it maps every other time (an assertion inside
/// its LUT passes, under load in CI; 900 reruns of the same script here never failed), so a
/// crash of ABC is treated as transient: the failed log is kept as `yosys.abc-crash.log`,
/// a note says so, and Yosys runs again. A second crash is the step's error.
fn run_yosys(progress: &Progress, step: &Step, dir: &Path, exe: &Path) -> Result<(), Error> {
    const LABEL: &str = "synthesis (yosys)";
    match run_step(progress, step, dir, exe, LABEL) {
        Err(Error::ToolFailed { log_excerpt, .. }) if abc_crashed(&log_excerpt) => {
            let kept = dir.join("yosys.abc-crash.log");
            std::fs::rename(dir.join(&step.log), &kept)
                .map_err(|e| Error::Io(format!("{}: {e}", kept.display())))?;
            progress.note(&format!("ABC crashed inside Yosys ({log_excerpt}); running Yosys again"));
            run_step(progress, step, dir, exe, LABEL)
        }
        r => r,
    }
}

/// Whether a Yosys log excerpt says that ABC died of a signal (abort, segmentation fault,
/// bus error, floating-point exception: the shell's 128 + N return codes) rather than
/// failing on its input.
fn abc_crashed(log_excerpt: &str) -> bool {
    log_excerpt.lines().any(|l| {
        l.contains("ERROR: ABC: execution of command")
            && ["134", "135", "136", "139"].iter().any(|c| l.contains(&format!("failed: return code {c}.")))
    })
}

fn run_step(progress: &Progress, step: &Step, dir: &Path, exe: &Path, label: &str) -> Result<(), Error> {
    let stage = progress.stage(label);
    match step.run(dir, exe) {
        Ok(()) => {
            stage.done();
            Ok(())
        }
        Err(e) => {
            stage.failed();
            Err(e)
        }
    }
}

/// Moves the finished build folder to `out`; an existing `out` is moved aside first and
/// removed only once the new one is in place.
fn install(tmp: tempfile::TempDir, out: &Path) -> Result<(), Error> {
    let io = |e: std::io::Error| Error::Io(format!("{}: {e}", out.display()));
    let built = tmp.keep();
    if out.exists() {
        let old = built.with_extension("old");
        std::fs::rename(out, &old).map_err(io)?;
        if let Err(e) = std::fs::rename(&built, out) {
            let _ = std::fs::rename(&old, out);
            let _ = std::fs::remove_dir_all(&built);
            return Err(io(e));
        }
        std::fs::remove_dir_all(&old).map_err(io)?;
    } else if let Err(e) = std::fs::rename(&built, out) {
        let _ = std::fs::remove_dir_all(&built);
        return Err(io(e));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_abc_signal_is_a_crash_and_an_abc_error_is_not() {
        let crash = "ERROR: ABC: execution of command \"\"berkeley-abc\" -s -f /tmp/yosys-abc-0bkXcX/abc.script 2>&1\" failed: return code 134.";
        assert!(abc_crashed(crash));
        assert!(abc_crashed(&crash.replace("134", "139")));
        assert!(!abc_crashed(&crash.replace("134", "1")));
        assert!(!abc_crashed("ERROR: Module `top' not found!"));
    }
    use crate::{Port, Synth};

    fn req(ports: Vec<Port>) -> Request {
        Request {
            top: "t".into(),
            sv: String::new(),
            ports,
            device: None,
            package: None,
            board: None,
            pins: Pins::Free,
            freq_mhz: 12.0,
            seed: 1,
            synth: Synth::Yosys,
            timing_allow_fail: false,
            register_io: false,
            // Never created: every request here fails before the build folder is made.
            out_dir: std::env::temp_dir().join("rmlir-fpga-unit-never-written"),
            native: None,
            scheduled: None,
        }
    }

    #[test]
    fn resolve_defaults_and_boards() {
        let t = resolve(&req(vec![Port::input("clk", 1, true)])).unwrap();
        assert_eq!((t.device.name, t.package.as_str()), ("hx8k", "ct256"));
        assert!(t.pcf.is_none());
        let mut r = req(vec![Port::input("clk", 1, true)]);
        r.board = Some("icebreaker".into());
        let t = resolve(&r).unwrap();
        assert_eq!((t.device.name, t.package.as_str()), ("up5k", "sg48"));
        assert!(t.pcf.unwrap().name.contains("icebreaker"));
    }

    #[test]
    fn too_many_ios_fail_before_tools() {
        let mut r = req(vec![Port::input("a", 60, false), Port::output("y", 60)]);
        r.device = Some("hx1k".into());
        let e = run(&r, &Progress::quiet()).unwrap_err();
        assert!(matches!(e, Error::Request(_)), "{e}");
        assert!(e.to_string().contains("120 I/O bits") && e.to_string().contains("96 user I/O pins"), "{e}");
    }

    #[test]
    fn native_synthesis_needs_ice40_and_no_register_io() {
        let mut r = req(vec![Port::input("clk", 1, true)]);
        r.synth = Synth::Native;
        r.device = Some("25k".into());
        let e = run(&r, &Progress::quiet()).unwrap_err().to_string();
        assert!(e.contains("--synth native writes iCE40 cells only"), "{e}");
        r.register_io = true;
        let e = run(&r, &Progress::quiet()).unwrap_err().to_string();
        // The caller wraps the netlist for native (fpga::native::regio); a request that still
        // asks for the SystemVerilog wrapper is a caller's bug, refused.
        assert!(e.contains("wraps the netlist"), "{e}");
    }
}
