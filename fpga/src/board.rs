//! Boards: a name standing for a device, a package and a pin constraint file, so
//! `--board icestick` is all a user types for a kit on the desk.

use crate::Error;

/// One board the flow knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// The name on the command line.
    pub name: &'static str,
    /// The device on it (a name from [`crate::device::DEVICES`]).
    pub device: &'static str,
    /// Its package.
    pub package: &'static str,
    /// Its pin constraints (every line `-nowarn`: a design uses the pins it has ports for).
    pub pcf: &'static str,
}

/// Every board, in the order the help lists them.
pub const BOARDS: &[Board] = &[
    Board { name: "icestick", device: "hx1k", package: "tq144", pcf: include_str!("../boards/icestick.pcf") },
    Board {
        name: "icebreaker",
        device: "up5k",
        package: "sg48",
        pcf: include_str!("../boards/icebreaker.pcf"),
    },
];

/// Looks a board up by name; an unknown name is an error listing the known ones.
pub fn board(name: &str) -> Result<Board, Error> {
    BOARDS.iter().copied().find(|b| b.name.eq_ignore_ascii_case(name)).ok_or_else(|| {
        let known: Vec<&str> = BOARDS.iter().map(|b| b.name).collect();
        Error::Request(format!("unknown board '{name}'; known boards: {}", known.join(", ")))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::device::device;
    use crate::pcf::Pcf;

    /// Every board's PCF parses and names only pins its package has.
    #[test]
    fn board_files_are_consistent() {
        for b in BOARDS {
            let d = device(b.device).unwrap();
            let pins = d.pins(b.package).unwrap();
            let pcf = Pcf::parse(b.name, b.pcf).unwrap();
            assert!(pcf.set_io.len() >= 5, "{}", b.name);
            pcf.check("t", &[], Some(&pins)).unwrap();
        }
        assert!(board("nope").unwrap_err().to_string().contains("icestick, icebreaker"));
    }
}
