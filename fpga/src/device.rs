//! The devices the flow targets: which architecture, which nextpnr device flag, the packages
//! and their pins, and the capacity of each resource kind (for the fit check made before
//! place and route, and for the "available" column of the report).
//!
//! iCE40 package pins come from IceStorm's database (`data/ice40-pins.txt`, written by
//! `scripts/gen-ice40-pins.py`); ECP5 packages are checked by nextpnr-ecp5 itself.

use crate::Error;

/// An FPGA family: each has its own synthesis command, place-and-route tool and packer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arch {
    /// Lattice iCE40: `synth_ice40`, `nextpnr-ice40`, `icepack`.
    Ice40,
    /// Lattice ECP5: `synth_ecp5`, `nextpnr-ecp5`, `ecppack`.
    Ecp5,
}

impl Arch {
    /// The lower-case name used in file names and report.json.
    pub fn name(self) -> &'static str {
        match self {
            Arch::Ice40 => "ice40",
            Arch::Ecp5 => "ecp5",
        }
    }
}

/// One device the flow knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Device {
    /// The name on the command line (`hx8k`, `25k`).
    pub name: &'static str,
    /// Its family.
    pub arch: Arch,
    /// The nextpnr option choosing it (`--hx8k`, `--25k`).
    pub nextpnr_flag: &'static str,
    /// The package used when none is given.
    pub default_package: &'static str,
    /// The prefix of its packages in `data/ice40-pins.txt` (`8k`; `8k` + `:4k` for the 4k parts).
    pin_chip: &'static str,
    /// Whether its packages are the `:4k` variants of the 8k die.
    four_k: bool,
    /// Logic cells (iCE40: one LUT4, one carry and one DFF each) or LUT4s (ECP5).
    pub logic_cells: u64,
    /// Block RAMs (SB_RAM40_4K or DP16KD).
    pub brams: u64,
    /// DSP blocks (SB_MAC16 or MULT18X18D).
    pub dsps: u64,
}

#[allow(clippy::too_many_arguments)] // one row of the device table
const fn ice40(
    name: &'static str,
    flag: &'static str,
    package: &'static str,
    chip: &'static str,
    four_k: bool,
    lcs: u64,
    brams: u64,
    dsps: u64,
) -> Device {
    Device {
        name,
        arch: Arch::Ice40,
        nextpnr_flag: flag,
        default_package: package,
        pin_chip: chip,
        four_k,
        logic_cells: lcs,
        brams,
        dsps,
    }
}

const fn ecp5(name: &'static str, flag: &'static str, luts: u64, brams: u64, dsps: u64) -> Device {
    Device {
        name,
        arch: Arch::Ecp5,
        nextpnr_flag: flag,
        default_package: "CABGA381",
        pin_chip: "",
        four_k: false,
        logic_cells: luts,
        brams,
        dsps,
    }
}

/// Every device, in the order the help lists them.
pub const DEVICES: &[Device] = &[
    ice40("lp384", "--lp384", "qn32", "384", false, 384, 0, 0),
    ice40("lp1k", "--lp1k", "qn84", "1k", false, 1280, 16, 0),
    ice40("hx1k", "--hx1k", "tq144", "1k", false, 1280, 16, 0),
    ice40("lp4k", "--lp4k", "cm81", "8k", true, 3520, 20, 0),
    ice40("hx4k", "--hx4k", "tq144", "8k", true, 3520, 20, 0),
    ice40("lp8k", "--lp8k", "cm81", "8k", false, 7680, 32, 0),
    ice40("hx8k", "--hx8k", "ct256", "8k", false, 7680, 32, 0),
    ice40("up5k", "--up5k", "sg48", "5k", false, 5280, 30, 8),
    ecp5("25k", "--25k", 24288, 56, 28),
    ecp5("45k", "--45k", 43848, 108, 72),
    ecp5("85k", "--85k", 83640, 208, 156),
];

const PIN_DATA: &str = include_str!("../data/ice40-pins.txt");

/// Looks a device up by name; an unknown name is an error listing the known ones.
pub fn device(name: &str) -> Result<Device, Error> {
    DEVICES.iter().copied().find(|d| d.name.eq_ignore_ascii_case(name)).ok_or_else(|| {
        let known: Vec<&str> = DEVICES.iter().map(|d| d.name).collect();
        Error::Request(format!("unknown device '{name}'; known devices: {}", known.join(", ")))
    })
}

impl Device {
    /// The packages of this device (iCE40: from IceStorm's database; ECP5: the usual ones).
    pub fn packages(&self) -> Vec<&'static str> {
        match self.arch {
            Arch::Ecp5 => vec!["CABGA256", "CABGA381", "CABGA554", "CABGA756", "CSFBGA285"],
            Arch::Ice40 => PIN_DATA
                .lines()
                .filter(|l| !l.starts_with('#'))
                .filter_map(|l| l.split_whitespace().next())
                .filter_map(|key| {
                    let (chip, pkg) = key.split_once('-')?;
                    let (pkg, variant) = match pkg.split_once(':') {
                        Some((p, v)) => (p, Some(v)),
                        None => (pkg, None),
                    };
                    (chip == self.pin_chip && variant.is_some() == self.four_k).then_some(pkg)
                })
                .collect(),
        }
    }

    /// The user-I/O pin names of a package of this device (`None` when the flow has no pin
    /// list for it: ECP5, where nextpnr checks the pins).
    pub fn pins(&self, package: &str) -> Option<Vec<&'static str>> {
        if self.arch != Arch::Ice40 {
            return None;
        }
        let key = if self.four_k {
            format!("{}-{package}:4k", self.pin_chip)
        } else {
            format!("{}-{package}", self.pin_chip)
        };
        PIN_DATA.lines().find_map(|l| {
            let mut words = l.split_whitespace();
            (words.next() == Some(key.as_str())).then(|| words.collect())
        })
    }

    /// Checks a package name against this device's packages; `None` picks the default.
    pub fn package(&self, package: Option<&str>) -> Result<String, Error> {
        let Some(p) = package else { return Ok(self.default_package.to_string()) };
        let known = self.packages();
        known.iter().find(|k| k.eq_ignore_ascii_case(p)).map(|k| k.to_string()).ok_or_else(|| {
            Error::Request(format!(
                "device {} has no package '{p}'; its packages: {}",
                self.name,
                known.join(", ")
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packages_and_pins() {
        let hx1k = device("hx1k").unwrap();
        assert!(hx1k.packages().contains(&"tq144"));
        assert_eq!(hx1k.pins("tq144").unwrap().len(), 96);
        let hx4k = device("hx4k").unwrap();
        assert!(hx4k.packages().contains(&"tq144"));
        assert_eq!(hx4k.pins("tq144").unwrap().len(), 107);
        assert_eq!(device("up5k").unwrap().pins("sg48").unwrap().len(), 39);
        assert!(device("HX8K").unwrap().package(Some("ct256")).is_ok());
        let e = device("hx8k").unwrap().package(Some("sg48")).unwrap_err().to_string();
        assert!(e.contains("ct256"), "{e}");
        let e = device("xc7a35t").unwrap_err().to_string();
        assert!(e.contains("hx1k") && e.contains("up5k") && e.contains("85k"), "{e}");
    }
}
