//! The Yosys JSON netlist model we write, and its text.
//!
//! A small model of what `yosys read_json` reads — modules with ports, cells (type,
//! parameters, port directions, connections) and net names — printed with one fixed
//! layout and key order, so the same design always gives the same bytes. Bits are numbers
//! from 2 up, or the constants `"0"`/`"1"`; parameters are binary strings, most
//! significant bit first, as `write_json` writes them.

use std::fmt::Write as _;

/// One bit of a connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum YBit {
    /// A net bit, by number.
    N(u64),
    /// Constant 0.
    Zero,
    /// Constant 1.
    One,
}

/// Port direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum YDir {
    /// Input.
    Input,
    /// Output.
    Output,
}

impl YDir {
    fn name(self) -> &'static str {
        match self {
            YDir::Input => "input",
            YDir::Output => "output",
        }
    }
}

/// A cell.
#[derive(Clone, Debug)]
pub struct YCell {
    /// Cell name (unique in its module).
    pub name: String,
    /// True for generated names (`$rmlir$12`).
    pub hidden: bool,
    /// `$add`, or a module name.
    pub ty: String,
    /// Parameters, as binary strings.
    pub params: Vec<(String, String)>,
    /// Connections in order, with their direction.
    pub conns: Vec<(String, YDir, Vec<YBit>)>,
}

/// A named net.
#[derive(Clone, Debug)]
pub struct YNet {
    /// Name.
    pub name: String,
    /// True for generated names.
    pub hidden: bool,
    /// Its bits.
    pub bits: Vec<YBit>,
    /// The power-on value (`init` attribute), as a binary string, if any.
    pub init: Option<String>,
}

/// A module.
#[derive(Clone, Debug, Default)]
pub struct YModule {
    /// Name.
    pub name: String,
    /// True for the top module.
    pub top: bool,
    /// Ports in order.
    pub ports: Vec<(String, YDir, Vec<YBit>)>,
    /// Cells in order.
    pub cells: Vec<YCell>,
    /// Named nets in order.
    pub nets: Vec<YNet>,
}

/// A 32-bit binary parameter string.
pub fn int_param(v: u64) -> String {
    format!("{:032b}", v & 0xFFFF_FFFF)
}

fn quote(s: &str) -> String {
    serde_json::to_string(s).expect("strings serialize")
}

fn bits(out: &mut String, b: &[YBit]) {
    out.push('[');
    for (i, x) in b.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        match x {
            YBit::N(n) => {
                let _ = write!(out, "{n}");
            }
            YBit::Zero => out.push_str("\"0\""),
            YBit::One => out.push_str("\"1\""),
        }
    }
    out.push(']');
}

/// Prints the modules as a Yosys JSON document.
pub fn print(modules: &[YModule]) -> String {
    let mut o = String::new();
    o.push_str("{\n  \"creator\": \"rmlir-hls\",\n  \"modules\": {\n");
    for (mi, m) in modules.iter().enumerate() {
        let _ = writeln!(o, "    {}: {{", quote(&m.name));
        let _ = writeln!(
            o,
            "      \"attributes\": {{{}}},",
            if m.top { "\"top\": \"00000000000000000000000000000001\"" } else { "" }
        );
        o.push_str("      \"ports\": {");
        for (i, (name, dir, b)) in m.ports.iter().enumerate() {
            o.push_str(if i > 0 { ",\n" } else { "\n" });
            let _ = write!(o, "        {}: {{ \"direction\": \"{}\", \"bits\": ", quote(name), dir.name());
            bits(&mut o, b);
            o.push_str(" }");
        }
        o.push_str(if m.ports.is_empty() { "},\n" } else { "\n      },\n" });
        o.push_str("      \"cells\": {");
        for (i, c) in m.cells.iter().enumerate() {
            o.push_str(if i > 0 { ",\n" } else { "\n" });
            let _ = writeln!(o, "        {}: {{", quote(&c.name));
            let _ = writeln!(o, "          \"hide_name\": {},", c.hidden as u8);
            let _ = writeln!(o, "          \"type\": {},", quote(&c.ty));
            o.push_str("          \"parameters\": {");
            for (k, (p, v)) in c.params.iter().enumerate() {
                let _ = write!(o, "{}{}: {}", if k > 0 { ", " } else { "" }, quote(p), quote(v));
            }
            o.push_str("},\n          \"attributes\": {},\n          \"port_directions\": {");
            for (k, (p, d, _)) in c.conns.iter().enumerate() {
                let _ = write!(o, "{}{}: \"{}\"", if k > 0 { ", " } else { "" }, quote(p), d.name());
            }
            o.push_str("},\n          \"connections\": {");
            for (k, (p, _, b)) in c.conns.iter().enumerate() {
                o.push_str(if k > 0 { ",\n" } else { "\n" });
                let _ = write!(o, "            {}: ", quote(p));
                bits(&mut o, b);
            }
            o.push_str("\n          }\n        }");
        }
        o.push_str(if m.cells.is_empty() { "},\n" } else { "\n      },\n" });
        o.push_str("      \"netnames\": {");
        for (i, n) in m.nets.iter().enumerate() {
            o.push_str(if i > 0 { ",\n" } else { "\n" });
            let _ = write!(o, "        {}: {{ \"hide_name\": {}, \"bits\": ", quote(&n.name), n.hidden as u8);
            bits(&mut o, &n.bits);
            match &n.init {
                Some(v) => {
                    let _ = write!(o, ", \"attributes\": {{ \"init\": {} }} }}", quote(v));
                }
                None => o.push_str(", \"attributes\": {} }"),
            }
        }
        o.push_str(if m.nets.is_empty() { "}\n" } else { "\n      }\n" });
        o.push_str(if mi + 1 < modules.len() { "    },\n" } else { "    }\n" });
    }
    o.push_str("  }\n}\n");
    o
}
