//! Clock nets of a flat module, shared by the evaluator and the Rust simulator.
//!
//! A register's (memory's, clocked check's) clock is either an input port (through
//! `seq.to_clock`/`seq.from_clock` and one-operand wires), a constant, or a *derived* clock:
//! a net computed by logic, such as the inverted clock of a `negedge` block or a gated clock.
//! Simulators that model derived clocks evaluate their nets at both edges of the clock ports
//! and fire a register when its clock net rises, so they need to know which input ports are
//! clocks: those typed `!seq.clock`, those that clock something directly, and those a derived
//! clock reaches through inversions only (`negedge` of an `i1` port is `~clk`).

use crate::ids::{NetId, PortId};
use crate::netlist::{CellKind, Module};

/// The clock operand of a state cell: register 1, memory 0, clocked check 1.
pub fn clock_operand(m: &Module, id: NetId) -> Option<NetId> {
    match &m.cell(id).kind {
        CellKind::Reg { .. } => m.operands(id).get(1).copied(),
        CellKind::Memory { .. } => m.operands(id).first().copied(),
        CellKind::Check { clocked: true, .. } => m.operands(id).get(1).copied(),
        _ => None,
    }
}

/// Skips clock conversions and one-operand concatenations (wires).
pub fn through_wires(m: &Module, mut net: NetId) -> NetId {
    for _ in 0..m.id_bound() {
        match m.cell(net).kind {
            CellKind::ToClock | CellKind::FromClock => net = m.operands(net)[0],
            CellKind::Concat if m.operands(net).len() == 1 => net = m.operands(net)[0],
            _ => break,
        }
    }
    net
}

/// The input port a clock net is, through wires (not through logic).
pub fn port_of(m: &Module, net: NetId) -> Option<PortId> {
    match m.cell(through_wires(m, net)).kind {
        CellKind::Input(p) => Some(p),
        _ => None,
    }
}

/// True if a clock net is a constant (it never rises).
pub fn is_constant(m: &Module, net: NetId) -> bool {
    matches!(m.cell(through_wires(m, net)).kind, CellKind::Const(_))
}

/// The input port a derived clock inverts (through `comb.xor` with a constant, `Inv`,
/// `Xnor` with a constant, and wires), if it is one.
pub fn inverted_port(m: &Module, net: NetId) -> Option<PortId> {
    let mut net = through_wires(m, net);
    for _ in 0..m.id_bound() {
        let ops = m.operands(net);
        let is_const = |n: NetId| matches!(m.cell(n).kind, CellKind::Const(_));
        net = match m.cell(net).kind {
            CellKind::Input(p) => return Some(p),
            CellKind::Inv => ops[0],
            CellKind::Xor | CellKind::Xnor if ops.len() == 2 && is_const(ops[1]) => ops[0],
            CellKind::Xor | CellKind::Xnor if ops.len() == 2 && is_const(ops[0]) => ops[1],
            _ => return None,
        };
        net = through_wires(m, net);
    }
    None
}

/// The derived clock nets of `m` (after [`through_wires`]), in net order: the clocks of
/// registers, memories and clocked checks that are neither input ports nor constants.
pub fn derived(m: &Module) -> Vec<NetId> {
    let mut v: Vec<NetId> = m
        .cells()
        .filter_map(|id| clock_operand(m, id))
        .map(|c| through_wires(m, c))
        .filter(|&c| !matches!(m.cell(c).kind, CellKind::Input(_) | CellKind::Const(_)))
        .collect();
    v.sort();
    v.dedup();
    v
}

/// The input ports that are clocks: typed `!seq.clock`, clocking a state cell directly, or
/// inverted into a derived clock ([`inverted_port`]); sorted.
pub fn clock_ports(m: &Module) -> Vec<PortId> {
    let mut v: Vec<PortId> = m.port_ids().filter(|&p| m.port(p).clock).collect();
    for id in m.cells() {
        if let Some(c) = clock_operand(m, id) {
            v.extend(port_of(m, c).or_else(|| inverted_port(m, c)));
        }
    }
    v.sort();
    v.dedup();
    v
}
