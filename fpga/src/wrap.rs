//! `--register-io`: a wrapper module that puts a flip-flop on every input and output of the
//! top, so that every path is register to register and nextpnr's Fmax means something for a
//! combinational design (the EPFL circuits, an ALU). The wrapper is SystemVerilog appended to
//! the design's; its ports keep the top's names, and its clock is the top's clock port (or a
//! new `clk` when the top has none).

use crate::{Dir, Error, Port};
use std::fmt::Write as _;

/// The wrapped design: its top's name, its ports and the SystemVerilog (design + wrapper).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wrapped {
    /// The wrapper's name (`TOP_regio`).
    pub top: String,
    /// Its ports: the clock first, then the top's other ports.
    pub ports: Vec<Port>,
    /// The design's SystemVerilog with the wrapper appended.
    pub sv: String,
}

/// Wraps `top` (whose ports are `ports`, named as in `sv`) in input and output registers.
/// A top with more than one clock is refused: which clock would time the I/O registers?
pub fn register_io(top: &str, ports: &[Port], sv: &str) -> Result<Wrapped, Error> {
    let clocks: Vec<&Port> = ports.iter().filter(|p| p.clock).collect();
    if clocks.len() > 1 {
        return Err(Error::Request(format!(
            "--register-io needs at most one clock; top module '{top}' has {}",
            clocks.len()
        )));
    }
    let clk = clocks.first().map_or_else(|| unused_name("clk", ports), |p| p.name.clone());
    let name = format!("{top}_regio");
    let range = |w: u32| if w > 1 { format!("[{}:0] ", w - 1) } else { String::new() };
    let mut new_ports = vec![Port::input(&clk, 1, true)];
    new_ports.extend(ports.iter().filter(|p| !p.clock).cloned());
    let decls: Vec<String> = new_ports
        .iter()
        .map(|p| match p.dir {
            Dir::Input => format!("  input wire {}{}", range(p.width), p.name),
            Dir::Output => format!("  output reg {}{}", range(p.width), p.name),
        })
        .collect();
    let mut s =
        format!("{sv}\n// Every input and output through a flip-flop (rmlir-hls fpga --register-io)\n");
    let _ = writeln!(s, "module {name}(\n{}\n);", decls.join(",\n"));
    let mut conns = Vec::new();
    let mut updates = Vec::new();
    for (i, p) in ports.iter().enumerate() {
        if p.clock {
            conns.push(format!(".{}({clk})", p.name));
            continue;
        }
        let w = range(p.width);
        match p.dir {
            Dir::Input => {
                let _ = writeln!(s, "  reg {w}rmlir_q{i};");
                updates.push(format!("    rmlir_q{i} <= {};", p.name));
                conns.push(format!(".{}(rmlir_q{i})", p.name));
            }
            Dir::Output => {
                let _ = writeln!(s, "  wire {w}rmlir_d{i};");
                updates.push(format!("    {} <= rmlir_d{i};", p.name));
                conns.push(format!(".{}(rmlir_d{i})", p.name));
            }
        }
    }
    let _ = writeln!(s, "  always @(posedge {clk}) begin\n{}\n  end", updates.join("\n"));
    let _ = writeln!(s, "  {top} rmlir_dut({});\nendmodule", conns.join(", "));
    Ok(Wrapped { top: name, ports: new_ports, sv: s })
}

/// `base`, or `base_1`, `base_2`... whichever no port has.
fn unused_name(base: &str, ports: &[Port]) -> String {
    let taken = |n: &str| ports.iter().any(|p| p.name == n);
    if !taken(base) {
        return base.to_string();
    }
    (1..).map(|i| format!("{base}_{i}")).find(|n| !taken(n)).expect("some suffix is free")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_with_the_design_clock_or_a_new_one() {
        let ports = vec![Port::input("a", 8, false), Port::input("clk", 1, false), Port::output("y", 1)];
        let w = register_io("f", &ports, "module f(); endmodule").unwrap();
        assert_eq!(w.top, "f_regio");
        // `clk` is a data input of f here, so the wrapper's clock is clk_1.
        assert_eq!(w.ports[0], Port::input("clk_1", 1, true));
        assert_eq!(w.ports.len(), 4);
        assert!(w.sv.contains("always @(posedge clk_1)"), "{}", w.sv);
        assert!(w.sv.contains("rmlir_q0 <= a;") && w.sv.contains("y <= rmlir_d2;"), "{}", w.sv);
        assert!(w.sv.contains("f rmlir_dut(.a(rmlir_q0), .clk(rmlir_q1), .y(rmlir_d2));"), "{}", w.sv);

        let seq = vec![Port::input("ck", 1, true), Port::input("a", 2, false), Port::output("y", 2)];
        let w = register_io("g", &seq, "").unwrap();
        assert_eq!(w.ports.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(), ["ck", "a", "y"]);
        assert!(w.sv.contains("g rmlir_dut(.ck(ck), .a(rmlir_q1), .y(rmlir_d2));"), "{}", w.sv);

        let two = vec![Port::input("c1", 1, true), Port::input("c2", 1, true)];
        assert!(register_io("h", &two, "").unwrap_err().to_string().contains("at most one clock"));
    }
}
