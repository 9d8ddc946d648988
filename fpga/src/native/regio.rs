//! `--register-io` for `--synth native`: the same wrapping as [`crate::wrap`] (a flip-flop
//! on every input and output of the top, clocked by its clock or a new `clk` port), done on
//! the netlist instead of the SystemVerilog, because the native path never reads
//! SystemVerilog: the registers become `SB_DFF` cells like any other register. The ports keep
//! their names and order; a new clock port goes last (the SystemVerilog wrapper puts it first:
//! the flow takes the port list from the netlist, so either order is consistent).

use comb::{CellKind, Design, Dir, Port};

/// Puts a register on every data input and output of the top module of `design`. A top
/// with more than one clock is refused (which clock would time the I/O registers?).
pub fn register_io(design: &mut Design) -> Result<(), String> {
    let top = design.top_id();
    let m = design.module_mut(top);
    let clocks: Vec<_> = m.inputs().filter(|&p| m.port(p).clock).collect();
    if clocks.len() > 1 {
        return Err(format!(
            "--register-io needs at most one clock; top module '{}' has {}",
            m.name,
            clocks.len()
        ));
    }
    let clk = match clocks.first() {
        Some(&p) => m.port_net(p).expect("inputs have nets"),
        None => {
            let name = unused_name(m.ports.iter().map(|p| p.name.as_str()).collect());
            let span = m.span;
            let p = m.add_port(Port { name, dir: Dir::Input, width: 1, clock: true, span });
            m.port_net(p).expect("inputs have nets")
        }
    };
    let span = m.span;
    let outputs: Vec<_> = m.outputs().collect();
    for p in outputs {
        let d = m.port_net(p).expect("verified outputs are driven");
        let w = m.port(p).width;
        let q = m.add_cell(CellKind::reg(), w, &[d, clk], None, span);
        m.set_output(p, q);
    }
    let inputs: Vec<_> = m.inputs().filter(|&p| !m.port(p).clock).collect();
    for p in inputs {
        let i = m.port_net(p).expect("inputs have nets");
        let users = m.users(i);
        let q = m.add_cell(CellKind::reg(), m.port(p).width, &[i, clk], None, span);
        // An output register reading the input straight now reads the input register: two
        // stages, as in the SystemVerilog wrapper.
        for (u, at) in users {
            m.set_operand(u, at as usize, q);
        }
    }
    Ok(())
}

/// `clk`, or `clk_1`, `clk_2`... whichever no port has.
fn unused_name(taken: Vec<&str>) -> String {
    if !taken.contains(&"clk") {
        return "clk".into();
    }
    (1..).map(|i| format!("clk_{i}")).find(|n| !taken.contains(&n.as_str())).expect("some suffix is free")
}
