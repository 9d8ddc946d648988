//! `--serial-io`: a wrapper for designs with more I/O bits than the package has pins (the
//! EPFL adder: 256 inputs, 129 outputs). Every input bit comes from a shift register fed by one
//! pin (`sin`, one bit per cycle), every output bit goes through a flip-flop, and the outputs'
//! parity, registered once more, is the one output pin (`sout`). So every path of the design
//! is register to register (Fmax means what it means with `--register-io`), no output can be
//! optimized away (each flips the parity), and the design needs three pins. The wrapper is
//! netlist: the same cells on both synthesis paths (the parity tree is 4-input
//! `comb.truth_table` cells, one SB_LUT4 each; `ceil((n - 1) / 3)` of them for n output bits),
//! so both paths pay the same cost for it.

use comb::{Bits, CellKind, Design, Dir, Module, NetId, Port};
use std::sync::Arc;

/// Wraps the top module of `design` in a new top `TOP_serial(clk, sin, sout)` that instances
/// it. The clock is the top's clock port, or a new `clk`. A top with more than one clock or
/// with no output is refused.
pub fn serial_io(design: &mut Design) -> Result<(), String> {
    let top = design.top_id();
    let (name, span, ins, outs, clocks) = {
        let m = design.module(top);
        let ins: Vec<(u32, bool)> = m.inputs().map(|p| (m.port(p).width, m.port(p).clock)).collect();
        let outs: Vec<(comb::PortId, u32)> = m.outputs().map(|p| (p, m.port(p).width)).collect();
        let clocks: Vec<String> =
            m.inputs().filter(|&p| m.port(p).clock).map(|p| m.port(p).name.clone()).collect();
        (m.name.clone(), m.span, ins, outs, clocks)
    };
    if clocks.len() > 1 {
        return Err(format!("--serial-io needs at most one clock; top module '{name}' has {}", clocks.len()));
    }
    if outs.iter().all(|o| o.1 == 0) {
        return Err(format!("--serial-io: top module '{name}' has no output"));
    }
    let mut wname = format!("{name}_serial");
    while design.find(&wname).is_some() {
        wname.push('_');
    }
    let clk_name = clocks.first().cloned().unwrap_or_else(|| "clk".to_string());
    let pin = |base: &str| if base == clk_name { format!("{base}_1") } else { base.to_string() };
    let mut w = Module::new(wname, span);
    let clk_port = w.add_port(Port { name: clk_name.clone(), dir: Dir::Input, width: 1, clock: true, span });
    let sin_port = w.add_port(Port { name: pin("sin"), dir: Dir::Input, width: 1, clock: false, span });
    let sout_port = w.add_port(Port { name: pin("sout"), dir: Dir::Output, width: 1, clock: false, span });
    let clk = w.port_net(clk_port).expect("inputs have nets");
    let mut prev = w.port_net(sin_port).expect("inputs have nets");
    // The input shift register, then each data input word from its bits (MSB first).
    let mut operands = Vec::new();
    for &(width, clock) in &ins {
        if clock {
            operands.push(clk);
            continue;
        }
        let mut bits = Vec::new();
        for _ in 0..width {
            prev = w.add_cell(CellKind::reg(), 1, &[prev, clk], None, span);
            bits.push(prev);
        }
        let word = if bits.len() == 1 {
            bits[0]
        } else {
            bits.reverse();
            w.add_cell(CellKind::Concat, width, &bits, None, span)
        };
        operands.push(word);
    }
    let inst = w.add_cell(
        CellKind::Instance { module: top, name: "rmlir_dut".into(), params: Arc::from(Vec::new()) },
        0,
        &operands,
        None,
        span,
    );
    let mut level = Vec::new();
    for &(p, width) in &outs {
        if width == 0 {
            continue;
        }
        let y = w.add_cell(CellKind::InstOutput(p), width, &[inst], None, span);
        let q = w.add_cell(CellKind::reg(), width, &[y, clk], None, span);
        for b in 0..width {
            level.push(if width == 1 {
                q
            } else {
                w.add_cell(CellKind::Extract { low: b }, 1, &[q], None, span)
            });
        }
    }
    while level.len() > 1 {
        level = level.chunks(4).map(|c| if c.len() == 1 { c[0] } else { parity(&mut w, c) }).collect();
    }
    let sout = w.add_cell(CellKind::reg(), 1, &[level[0], clk], None, span);
    w.set_output(sout_port, sout);
    design.modules.push(w);
    design.top = Some(comb::ModuleId(design.modules.len() as u32 - 1));
    Ok(())
}

/// The XOR of 2 to 4 bits as one truth table.
fn parity(w: &mut Module, bits: &[NetId]) -> NetId {
    let n = bits.len() as u32;
    let mut t = 0u64;
    for i in 0..1u64 << n {
        t |= u64::from(i.count_ones() % 2) << i;
    }
    let span = w.span;
    w.add_cell(CellKind::TruthTable(Bits::from_u64(t, 1 << n)), 1, bits, None, span)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapped_design_verifies_and_has_three_ports() {
        let span = Default::default();
        let mut f = Module::new("f", span);
        let port = |name: &str, dir, width| Port { name: name.into(), dir, width, clock: false, span };
        let a = f.add_port(port("a", Dir::Input, 5));
        let b = f.add_port(port("b", Dir::Input, 3));
        let y = f.add_port(port("y", Dir::Output, 5));
        let z = f.add_port(port("z", Dir::Output, 1));
        let (a, b) = (f.port_net(a).unwrap(), f.port_net(b).unwrap());
        let e = f.add_cell(CellKind::Extract { low: 0 }, 1, &[b], None, span);
        f.set_output(y, a);
        f.set_output(z, e);
        let mut d = Design { modules: vec![f], top: Some(comb::ModuleId(0)) };
        serial_io(&mut d).unwrap();
        assert!(comb::verify::verify(&d).is_empty(), "{:?}", comb::verify::verify(&d));
        let m = d.module(d.top_id());
        assert_eq!(m.name, "f_serial");
        let names: Vec<&str> = m.port_ids().map(|p| m.port(p).name.as_str()).collect();
        assert_eq!(names, ["clk", "sin", "sout"]);
        // 8 input flip-flops, 2 output registers, the parity register; 6 output bits: two
        // truth tables (4 + 2 inputs), then one of the two.
        let count = |f: fn(&CellKind) -> bool| m.cells().filter(|&c| f(&m.cell(c).kind)).count();
        assert_eq!(count(|k| matches!(k, CellKind::Reg { .. })), 8 + 2 + 1);
        assert_eq!(count(|k| matches!(k, CellKind::TruthTable(_))), 3);
    }
}
