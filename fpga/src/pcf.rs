//! Pin constraint files (PCF, the iCE40 `set_io NAME PIN` format): read, checked against
//! the top's ports and the package's pins before nextpnr runs, and generated (one pin per
//! port bit) for designs that must come back from the bitstream with their port names.
//!
//! Port bits are named as nextpnr names them: `name` for a 1-bit port, `name[i]` for bit
//! `i` of a wider one. A `set_io -nowarn` line naming a port the design lacks is skipped
//! (board files list every pin of the board this way); without `-nowarn` it is an error.

use crate::{Error, Port};
use std::collections::BTreeMap;

/// One `set_io` constraint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetIo {
    /// The port bit (`led[0]`).
    pub port: String,
    /// The package pin (`99`, `A5`).
    pub pin: String,
    /// Whether `-nowarn` was given (a missing port is then not an error).
    pub nowarn: bool,
    /// 1-based line, and column of the port name, for messages.
    pub line: usize,
    /// 1-based column of the port name.
    pub col: usize,
}

/// A parsed PCF: its name (for messages), its text and its `set_io` lines.
#[derive(Clone, Debug)]
pub struct Pcf {
    /// Where it came from (a path, or `board NAME`).
    pub name: String,
    /// The text, copied into the output folder as given.
    pub text: String,
    /// The constraints, in file order.
    pub set_io: Vec<SetIo>,
}

/// The bit names of a list of ports, as nextpnr names top-level I/O bits.
pub fn port_bits(ports: &[Port]) -> Vec<String> {
    let mut bits = Vec::new();
    for p in ports {
        if p.width == 1 {
            bits.push(p.name.clone());
        } else {
            bits.extend((0..p.width).map(|i| format!("{}[{i}]", p.name)));
        }
    }
    bits
}

impl Pcf {
    /// Parses PCF text; a malformed line is an error at NAME:LINE:COL.
    pub fn parse(name: &str, text: &str) -> Result<Pcf, Error> {
        let mut set_io = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("");
            let mut words = Vec::new();
            let mut rest = line;
            while let Some(start) = rest.find(|c: char| !c.is_whitespace()) {
                let tail = &rest[start..];
                let len = tail.find(char::is_whitespace).unwrap_or(tail.len());
                words.push((line.len() - rest.len() + start + 1, &tail[..len]));
                rest = &tail[len..];
            }
            let Some(&(col, cmd)) = words.first() else { continue };
            let at = |c: usize| format!("{name}:{}:{c}", i + 1);
            match cmd {
                "set_io" => {}
                "set_frequency" => continue,
                other => {
                    return Err(Error::Request(format!(
                        "{}: error: unknown PCF command '{other}' (expected set_io or set_frequency)",
                        at(col)
                    )))
                }
            }
            let mut nowarn = false;
            let mut args = Vec::new();
            let mut it = words[1..].iter();
            while let Some(&(c, w)) = it.next() {
                match w {
                    "-nowarn" => nowarn = true,
                    "-pullup" | "-pullup_resistor" => {
                        if it.next().is_none() {
                            return Err(Error::Request(format!("{}: error: {w} needs a value", at(c))));
                        }
                    }
                    _ if w.starts_with('-') => {
                        return Err(Error::Request(format!("{}: error: unknown set_io option '{w}'", at(c))))
                    }
                    _ => args.push((c, w)),
                }
            }
            match args[..] {
                [(c, port), (_, pin)] => set_io.push(SetIo {
                    port: port.to_string(),
                    pin: pin.to_string(),
                    nowarn,
                    line: i + 1,
                    col: c,
                }),
                _ => {
                    return Err(Error::Request(format!(
                        "{}: error: set_io takes a port and a pin: 'set_io [-nowarn] PORT PIN'",
                        at(col)
                    )))
                }
            }
        }
        Ok(Pcf { name: name.to_string(), text: text.to_string(), set_io })
    }

    /// Checks the constraints against the top's ports and (when known) the package's pins:
    /// every named port bit exists (unless `-nowarn`), every pin is a user I/O of the
    /// package, and no pin or port bit is constrained twice.
    pub fn check(&self, top: &str, ports: &[Port], pins: Option<&[&str]>) -> Result<(), Error> {
        let bits = port_bits(ports);
        let mut pin_owner: BTreeMap<&str, &str> = BTreeMap::new();
        let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
        for s in &self.set_io {
            let at = format!("{}:{}:{}", self.name, s.line, s.col);
            if !bits.contains(&s.port) {
                if s.nowarn {
                    continue;
                }
                let names: Vec<&str> = ports.iter().map(|p| p.name.as_str()).collect();
                return Err(Error::Request(format!(
                    "{at}: error: PCF names port '{}', which top module '{top}' does not have (its ports: {}; \
                     bits of a wide port are 'name[i]')",
                    s.port,
                    names.join(", ")
                )));
            }
            if let Some(pins) = pins {
                if !pins.contains(&s.pin.as_str()) {
                    return Err(Error::Request(format!(
                        "{at}: error: pin '{}' (for port '{}') is not a user I/O pin of the package",
                        s.pin, s.port
                    )));
                }
            }
            if let Some(prev) = seen.insert(&s.port, s.line) {
                return Err(Error::Request(format!(
                    "{at}: error: port '{}' is constrained twice (first on line {prev})",
                    s.port
                )));
            }
            if let Some(other) = pin_owner.insert(&s.pin, &s.port) {
                return Err(Error::Request(format!(
                    "{at}: error: pin '{}' is given to both '{other}' and '{}'",
                    s.pin, s.port
                )));
            }
        }
        Ok(())
    }
}

/// A PCF placing every port bit on its own pin, in pin-list order: what a design needs to
/// come back from `icebox_vlog -p` with its port names. `None` when the package has fewer
/// pins than the ports have bits.
pub fn pin_all(ports: &[Port], pins: &[&str]) -> Option<String> {
    let bits = port_bits(ports);
    if bits.len() > pins.len() {
        return None;
    }
    let mut s = String::from("# Every port bit on its own pin (generated by rmlir-hls)\n");
    for (b, p) in bits.iter().zip(pins) {
        s.push_str(&format!("set_io {b} {p}\n"));
    }
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ports() -> Vec<Port> {
        vec![Port::input("clk", 1, true), Port::input("a", 2, false), Port::output("y", 1)]
    }

    #[test]
    fn parse_and_check() {
        let pcf =
            Pcf::parse("t.pcf", "# c\nset_io clk 21\nset_io -nowarn a[1] 3 # x\nset_io -nowarn led 4\n")
                .unwrap();
        assert_eq!(pcf.set_io.len(), 3);
        assert_eq!((pcf.set_io[1].port.as_str(), pcf.set_io[1].pin.as_str()), ("a[1]", "3"));
        pcf.check("t", &ports(), Some(&["21", "3", "4"])).unwrap();
        let bad = Pcf::parse("t.pcf", "set_io clk 21\n  set_io b 3\n").unwrap();
        let e = bad.check("t", &ports(), None).unwrap_err().to_string();
        assert!(e.starts_with("t.pcf:2:10: error: PCF names port 'b'"), "{e}");
        let e = Pcf::parse("t.pcf", "set_io clk 21\nset_io a[0] 21\n")
            .unwrap()
            .check("t", &ports(), None)
            .unwrap_err()
            .to_string();
        assert!(e.contains("pin '21' is given to both 'clk' and 'a[0]'"), "{e}");
        let e =
            Pcf::parse("t.pcf", "set_io clk 999\n").unwrap().check("t", &ports(), Some(&["1"])).unwrap_err();
        assert!(e.to_string().contains("pin '999'"), "{e}");
        let e = Pcf::parse("t.pcf", "set_location x 1\n").unwrap_err().to_string();
        assert!(e.starts_with("t.pcf:1:1: error: unknown PCF command"), "{e}");
        let e = Pcf::parse("t.pcf", "set_io clk\n").unwrap_err().to_string();
        assert!(e.starts_with("t.pcf:1:1:"), "{e}");
    }

    #[test]
    fn pin_all_names_every_bit() {
        let text = pin_all(&ports(), &["1", "2", "3", "4"]).unwrap();
        assert!(text.contains("set_io clk 1\nset_io a[0] 2\nset_io a[1] 3\nset_io y 4\n"), "{text}");
        assert!(pin_all(&ports(), &["1", "2", "3"]).is_none());
    }
}
