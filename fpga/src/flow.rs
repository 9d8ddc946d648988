//! The flow as data: a list of tool steps, each with its program, arguments, input files,
//! output files and log (the edalize shape), built by one function per step so a new step
//! (the native mapper, issue 9 item 3) slots in without touching the others. Running a step
//! captures everything the tool prints into its log and checks that its outputs exist.

use crate::device::Arch;
use crate::tools::Tool;
use crate::{Error, Synth};
use std::fs::File;
use std::path::Path;
use std::process::{Command, Stdio};

/// One tool invocation.
#[derive(Clone, Debug)]
pub struct Step {
    /// What the step does (`synth`, `pnr`, `pack`).
    pub name: &'static str,
    /// The program.
    pub tool: Tool,
    /// Its arguments; files are named relative to the build folder.
    pub args: Vec<String>,
    /// Files it reads.
    pub inputs: Vec<String>,
    /// Files it must leave behind.
    pub outputs: Vec<String>,
    /// The file its standard output and error go to.
    pub log: String,
}

/// The file names of one run, all in the build folder.
#[derive(Clone, Debug)]
pub struct Files {
    /// The emitted SystemVerilog.
    pub sv: String,
    /// The pin constraints, when given.
    pub pcf: Option<String>,
    /// The synthesized netlist (Yosys JSON).
    pub netlist: String,
    /// Yosys's `stat -json`.
    pub stat: String,
    /// The placed and routed design (`.asc` on iCE40, `.config` on ECP5).
    pub routed: String,
    /// nextpnr's `--report`.
    pub pnr_report: String,
    /// The bitstream (`.bin` on iCE40, `.bit` on ECP5).
    pub bitstream: String,
}

impl Files {
    /// The names for a top module on an architecture.
    pub fn new(top: &str, arch: Arch, pcf: bool) -> Files {
        let (routed, bit) = match arch {
            Arch::Ice40 => ("asc", "bin"),
            Arch::Ecp5 => ("config", "bit"),
        };
        Files {
            sv: format!("{top}.sv"),
            pcf: pcf.then(|| format!("{top}.pcf")),
            netlist: format!("{top}.json"),
            stat: "yosys-stat.json".into(),
            routed: format!("{top}.{routed}"),
            pnr_report: "report-nextpnr.json".into(),
            bitstream: format!("{top}.{bit}"),
        }
    }
}

/// What the place-and-route step needs beyond the file names.
#[derive(Clone, Debug)]
pub struct PnrOptions<'a> {
    /// The architecture.
    pub arch: Arch,
    /// The nextpnr device option (`--hx8k`).
    pub device_flag: &'a str,
    /// The package.
    pub package: &'a str,
    /// The requested clock frequency in MHz.
    pub freq_mhz: f64,
    /// The placer's seed.
    pub seed: u64,
    /// Whether ports the PCF does not name may be placed freely.
    pub allow_unconstrained: bool,
}

/// The synthesis step: Yosys reads the SystemVerilog, runs `synth_ice40` (or `synth_ecp5`),
/// writes the JSON netlist and its cell counts (`stat -json` through `tee -o`). The native
/// path runs no tool (`None`): the flow writes the netlist [`crate::native`] made; it
/// targets iCE40 only. `dsp`: the device has DSP blocks (the iCE40 UltraPlus `SB_MAC16`);
/// `synth_ice40 -dsp` maps multipliers onto them (`synth_ecp5` uses its DSPs unasked).
pub fn synth_step(
    synth: Synth,
    arch: Arch,
    dsp: bool,
    top: &str,
    files: &Files,
) -> Result<Option<Step>, Error> {
    if synth == Synth::Native {
        return match arch {
            Arch::Ice40 => Ok(None),
            Arch::Ecp5 => Err(Error::Request(
                "--synth native writes iCE40 cells only; use --synth yosys for ECP5 devices".into(),
            )),
        };
    }
    let cmd = match arch {
        Arch::Ice40 if dsp => "synth_ice40 -dsp",
        Arch::Ice40 => "synth_ice40",
        Arch::Ecp5 => "synth_ecp5",
    };
    let script = format!(
        "read_verilog -sv {sv}; {cmd} -top {top} -json {json}; tee -q -o {stat} stat -json",
        sv = files.sv,
        json = files.netlist,
        stat = files.stat
    );
    Ok(Some(Step {
        name: "synth",
        tool: Tool::Yosys,
        args: vec!["-p".into(), script],
        inputs: vec![files.sv.clone()],
        outputs: vec![files.netlist.clone(), files.stat.clone()],
        log: "yosys.log".into(),
    }))
}

/// The place-and-route step. nextpnr always runs with `--timing-allow-fail` so that its
/// report is written; the flow itself decides whether missed timing is an error.
pub fn pnr_step(o: &PnrOptions, files: &Files) -> Step {
    let tool = match o.arch {
        Arch::Ice40 => Tool::NextpnrIce40,
        Arch::Ecp5 => Tool::NextpnrEcp5,
    };
    let routed_flag = match o.arch {
        Arch::Ice40 => "--asc",
        Arch::Ecp5 => "--textcfg",
    };
    let mut args: Vec<String> = vec![
        o.device_flag.into(),
        "--package".into(),
        o.package.into(),
        "--json".into(),
        files.netlist.clone(),
        routed_flag.into(),
        files.routed.clone(),
        "--report".into(),
        files.pnr_report.clone(),
        "--freq".into(),
        format!("{}", o.freq_mhz),
        "--seed".into(),
        o.seed.to_string(),
        "--timing-allow-fail".into(),
    ];
    let mut inputs = vec![files.netlist.clone()];
    if let Some(pcf) = &files.pcf {
        args.extend(["--pcf".into(), pcf.clone()]);
        inputs.push(pcf.clone());
    }
    if files.pcf.is_none() || o.allow_unconstrained {
        args.push(
            match o.arch {
                Arch::Ice40 => "--pcf-allow-unconstrained",
                Arch::Ecp5 => "--lpf-allow-unconstrained",
            }
            .into(),
        );
    }
    Step {
        name: "pnr",
        tool,
        args,
        inputs,
        outputs: vec![files.routed.clone(), files.pnr_report.clone()],
        log: "nextpnr.log".into(),
    }
}

/// The bitstream step: `icepack` (or `ecppack`).
pub fn pack_step(arch: Arch, files: &Files) -> Step {
    let (tool, log) = match arch {
        Arch::Ice40 => (Tool::Icepack, "icepack.log"),
        Arch::Ecp5 => (Tool::Ecppack, "ecppack.log"),
    };
    Step {
        name: "pack",
        tool,
        args: vec![files.routed.clone(), files.bitstream.clone()],
        inputs: vec![files.routed.clone()],
        outputs: vec![files.bitstream.clone()],
        log: log.into(),
    }
}

impl Step {
    /// The command line as one string (for report.json and messages).
    pub fn command_line(&self) -> String {
        let mut s = self.tool.name().to_string();
        for a in &self.args {
            if a.contains(' ') {
                s.push_str(&format!(" '{a}'"));
            } else {
                s.push(' ');
                s.push_str(a);
            }
        }
        s
    }

    /// Runs the step in `dir` with the program at `exe`; its output goes to its log. A
    /// non-zero exit or a missing output is [`Error::ToolFailed`] quoting the log's errors.
    pub fn run(&self, dir: &Path, exe: &Path) -> Result<(), Error> {
        let io = |e: std::io::Error| Error::Io(format!("{}: {e}", dir.join(&self.log).display()));
        let log = File::create(dir.join(&self.log)).map_err(io)?;
        let log2 = log.try_clone().map_err(io)?;
        let status = Command::new(exe)
            .args(&self.args)
            .current_dir(dir)
            .stdin(Stdio::null())
            .stdout(log)
            .stderr(log2)
            .status()
            .map_err(|e| Error::ToolMissing(format!("cannot run {}: {e}", exe.display())))?;
        let missing: Vec<&str> =
            self.outputs.iter().filter(|o| !dir.join(o).exists()).map(String::as_str).collect();
        if status.success() && missing.is_empty() {
            return Ok(());
        }
        let text = std::fs::read_to_string(dir.join(&self.log)).unwrap_or_default();
        let why = if status.success() {
            format!("it left no {}", missing.join(", "))
        } else {
            format!("it exited with {status}")
        };
        Err(Error::ToolFailed { step: self.name, tool: self.tool.name(), why, log_excerpt: excerpt(&text) })
    }
}

/// The lines of a log worth quoting: its `ERROR` lines and failed assertions (a crashed child
/// such as ABC says why there), else its last ten lines.
pub fn excerpt(log: &str) -> String {
    let errors: Vec<&str> = log.lines().filter(|l| l.contains("ERROR") || l.contains("Assertion")).collect();
    let lines: Vec<&str> = if errors.is_empty() {
        let all: Vec<&str> = log.lines().collect();
        all[all.len().saturating_sub(10)..].to_vec()
    } else {
        errors[errors.len().saturating_sub(5)..].to_vec()
    };
    lines.join("\n")
}
