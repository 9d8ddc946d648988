//! One Yosys module to one netlist module.
//!
//! 1. Ports, in the JSON's order. A one-bit input used only as flip-flop clocks (here or
//!    through a child's clock input) becomes a clock port; any other clock goes through
//!    `seq.to_clock`.
//! 2. Every cell output gets a placeholder net, so that cells may use bits of cells met
//!    later (a netlist is a graph, with cycles through flip-flops).
//! 3. Each cell is lowered (cells in name order, so the result is deterministic) and its
//!    placeholders are replaced by what it computes; output ports get their words.
//!
//! Every bit must have exactly one driver: an input port or a cell output.

use super::error::ImportError;
use super::params::YCell;
use super::words::Builder;
use super::{arith, ff, gates, select};
use crate::bits::Bits;
use crate::ids::{ModuleId, NetId};
use crate::netlist::{CellKind, Dir, Module, Port};
use mlir_text::Span;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use yosys_netlist_json::{BitVal, Module as YModule, PortDirection};

/// What the importer knows of the other modules: ids by name, and those already built.
pub struct Known<'a> {
    /// Module ids by name (every imported module of the file).
    pub ids: &'a HashMap<String, ModuleId>,
    /// Modules already built, by id (children before their parents).
    pub built: &'a [Option<Module>],
}

impl Known<'_> {
    fn child(&self, ty: &str) -> Option<(ModuleId, &Module)> {
        let id = *self.ids.get(ty)?;
        self.built[id.index()].as_ref().map(|m| (id, m))
    }
}

/// Imports module `name`, whose ports are written in the order `ports`.
pub fn import_module(
    name: &str,
    ym: &YModule,
    ports: &[String],
    known: &Known,
) -> Result<Module, ImportError> {
    let mut cells: Vec<(&String, &yosys_netlist_json::Cell)> = ym.cells.iter().collect();
    cells.sort_by(|a, b| a.0.cmp(b.0));
    let clocks = clock_bits(ym, &cells, known);
    let mut m = Module::new(name, Span::default());
    // 1. ports
    let mut port_names: Vec<&String> = ports.iter().filter(|p| ym.ports.contains_key(*p)).collect();
    for p in ym.ports.keys() {
        if !port_names.contains(&p) {
            port_names.push(p);
        }
    }
    let mut outputs = Vec::new();
    let mut inputs = Vec::new();
    for pname in port_names {
        let yp = &ym.ports[pname];
        let dir = match yp.direction {
            PortDirection::Input => Dir::Input,
            PortDirection::Output => Dir::Output,
            PortDirection::InOut => {
                return Err(ImportError::at_key(
                    name,
                    "ports",
                    pname,
                    format!("port '{pname}' is an inout (not supported)"),
                ))
            }
        };
        let width = u32::try_from(yp.bits.len()).ok().filter(|&w| (1..1 << 24).contains(&w));
        let Some(width) = width else {
            return Err(ImportError::at_key(
                name,
                "ports",
                pname,
                format!("port '{pname}' has {} bits", yp.bits.len()),
            ));
        };
        let clock = dir == Dir::Input && matches!(yp.bits[..], [BitVal::N(n)] if clocks.contains(&n));
        let id = m.add_port(Port { name: pname.clone(), dir, width, clock, span: Span::default() });
        if dir == Dir::Input {
            inputs.push((id, &yp.bits));
        } else {
            outputs.push((id, pname, &yp.bits));
        }
    }
    let mut b = Builder::new(&mut m);
    for (id, bits) in inputs {
        let net = b.m.port_net(id).expect("input ports have cells");
        for (i, bit) in bits.iter().enumerate() {
            let BitVal::N(n) = bit else {
                let port = &b.m.port(id).name;
                return Err(ImportError::at_key(
                    name,
                    "ports",
                    port,
                    format!("input port '{port}' has a constant bit"),
                ));
            };
            if !b.drive(*n, net, i as u32) {
                return Err(ImportError::in_module(name, format!("bit {n} is driven by two input ports")));
            }
        }
    }
    // 2. placeholders for every cell output
    let mut placeholders: Vec<Vec<(String, NetId)>> = Vec::with_capacity(cells.len());
    for (cname, cell) in &cells {
        let c = YCell { module: name, name: cname, cell };
        if let Some(why) = ff::refused(c.ty()) {
            return Err(c.err(why));
        }
        let outs: Vec<String> = match known.child(c.ty()) {
            Some((_, child)) => child.outputs().map(|p| child.port(p).name.clone()).collect(),
            None if c.ty().starts_with('$') => vec![ff::output_port(c.ty()).to_string()],
            None if known.ids.contains_key(c.ty()) => {
                return Err(c.err("instantiates a module that (indirectly) instantiates this one"))
            }
            None => {
                return Err(c.err(format!(
                    "unknown cell type '{}' (not a Yosys cell or a module of this file)",
                    c.ty()
                )))
            }
        };
        let mut phs = Vec::new();
        for port in outs {
            let Some(bits) = cell.connections.get(&port) else { continue };
            if bits.is_empty() {
                continue;
            }
            let w = c.width(&port)?;
            let ph = b.konst(Bits::zero(w));
            for (i, bit) in bits.iter().enumerate() {
                if let BitVal::N(n) = bit {
                    if !b.drive(*n, ph, i as u32) {
                        return Err(
                            c.err(format!("output {port} drives bit {n}, which already has a driver"))
                        );
                    }
                }
            }
            phs.push((port, ph));
        }
        placeholders.push(phs);
    }
    // 3. lower each cell
    let mut real: HashMap<NetId, NetId> = HashMap::new();
    for ((cname, cell), phs) in cells.iter().zip(&placeholders) {
        let c = YCell { module: name, name: cname, cell };
        let nets: Vec<NetId> = match known.child(c.ty()) {
            Some((id, child)) => instance(&mut b, &c, id, child, phs)?,
            None => {
                let net = match arith::lower(&mut b, &c)? {
                    Some(n) => n,
                    None => match select::lower(&mut b, &c)? {
                        Some(n) => n,
                        None => match gates::lower(&mut b, &c)? {
                            Some(n) => n,
                            None => match ff::lower(&mut b, &c)? {
                                Some(n) => n,
                                None => return Err(c.err(format!("unknown cell type '{}'", c.ty()))),
                            },
                        },
                    },
                };
                vec![net]
            }
        };
        for ((port, ph), net) in phs.iter().zip(nets) {
            if b.m.width(net) != b.m.width(*ph) {
                return Err(c.err(format!(
                    "output {port} has {} bits but the cell computes {}",
                    b.m.width(*ph),
                    b.m.width(net)
                )));
            }
            real.insert(*ph, net);
        }
    }
    for (id, pname, bits) in outputs {
        let net =
            b.word(bits, &|| format!("output port '{pname}'")).map_err(|e| e.with_key("ports", pname))?;
        b.m.set_output(id, net);
    }
    // 4. placeholders out, names in
    let names = net_names(ym);
    for ((_, cell), phs) in cells.iter().zip(&placeholders) {
        for (port, ph) in phs {
            let mut target = *ph;
            let mut steps = 0;
            while let Some(&next) = real.get(&target) {
                target = next;
                steps += 1;
                if steps > real.len() {
                    return Err(ImportError::in_module(name, "a combinational loop of buffers"));
                }
            }
            b.m.replace_all_uses(*ph, target);
            b.m.remove_cell(*ph);
            real.insert(*ph, target);
            if let Some(n) = cell.connections.get(port).and_then(|bits| names.get(bits)) {
                let cell = b.m.cell_mut(target);
                if cell.name.is_none() && !matches!(cell.kind, CellKind::Input(_) | CellKind::Const(_)) {
                    cell.name = Some(Arc::from(n.as_str()));
                }
            }
        }
    }
    Ok(m)
}

/// An instance of `child`: its operands are the child's inputs in order; its outputs
/// replace the placeholders `phs` (by port name).
fn instance(
    b: &mut Builder,
    c: &YCell,
    id: ModuleId,
    child: &Module,
    phs: &[(String, NetId)],
) -> Result<Vec<NetId>, ImportError> {
    let mut ops = Vec::new();
    for p in child.inputs() {
        let cp = child.port(p);
        if c.width(&cp.name)? != cp.width {
            return Err(c.err(format!(
                "port {} has {} bits, the module's port {}",
                cp.name,
                c.width(&cp.name)?,
                cp.width
            )));
        }
        let w = c.word(b, &cp.name)?;
        ops.push(if cp.clock && !matches!(b.m.cell(w).kind, CellKind::Input(q) if b.m.port(q).clock) {
            b.cell(CellKind::ToClock, 1, &[w])
        } else {
            w
        });
    }
    for port in c.cell.connections.keys() {
        if !child.ports.iter().any(|p| &p.name == port) {
            return Err(c.err(format!("module '{}' has no port '{port}'", child.name)));
        }
    }
    let inst = b.m.add_cell(
        CellKind::Instance { module: id, name: Arc::from(c.name), params: Default::default() },
        0,
        &ops,
        None,
        Span::default(),
    );
    let mut nets = Vec::new();
    for (port, _) in phs {
        let p =
            child.outputs().find(|&p| &child.port(p).name == port).expect("placeholders are child outputs");
        nets.push(b.cell(CellKind::InstOutput(p), child.port(p).width, &[inst]));
    }
    Ok(nets)
}

/// Bits used only as clocks: flip-flop clock pins and children's clock inputs, minus every
/// bit also used as data (cell data inputs, output ports).
fn clock_bits(ym: &YModule, cells: &[(&String, &yosys_netlist_json::Cell)], known: &Known) -> HashSet<usize> {
    let mut clock = HashSet::new();
    let mut data = HashSet::new();
    for (_, cell) in cells {
        let ty = cell.cell_type.as_str();
        let child = known.child(ty).map(|(_, m)| m);
        let clk_pin = ff::clock_port(ty);
        for (port, bits) in &cell.connections {
            let role_clock = match child {
                Some(m) => match m.ports.iter().find(|p| &p.name == port) {
                    Some(p) if p.dir == Dir::Output => continue,
                    Some(p) => p.clock,
                    None => false,
                },
                None if port == ff::output_port(ty) => continue,
                None => clk_pin == Some(port.as_str()),
            };
            for bit in bits {
                if let BitVal::N(n) = bit {
                    if role_clock {
                        clock.insert(*n);
                    } else {
                        data.insert(*n);
                    }
                }
            }
        }
    }
    for p in ym.ports.values() {
        if p.direction != PortDirection::Input {
            data.extend(p.bits.iter().filter_map(|b| if let BitVal::N(n) = b { Some(*n) } else { None }));
        }
    }
    clock.retain(|n| !data.contains(n));
    clock
}

/// Public wire names by their exact bits (the first name in sorted order wins); hidden
/// names (`$auto$...`) and port names are left out.
fn net_names(ym: &YModule) -> HashMap<&Vec<BitVal>, &String> {
    let mut named: Vec<(&String, &yosys_netlist_json::Netname)> =
        ym.netnames.iter().filter(|(n, nn)| nn.hide_name == 0 && !ym.ports.contains_key(*n)).collect();
    named.sort_by(|a, b| a.0.cmp(b.0));
    let mut out = HashMap::new();
    for (n, nn) in named {
        out.entry(&nn.bits).or_insert(n);
    }
    out
}

/// Checks that no wire asks for a nonzero power-on value (registers start at 0).
pub fn check_init(name: &str, ym: &YModule) -> Result<(), ImportError> {
    let mut nets: Vec<(&String, &yosys_netlist_json::Netname)> = ym.netnames.iter().collect();
    nets.sort_by(|a, b| a.0.cmp(b.0));
    for (n, nn) in nets {
        if let Some(v) = nn.attributes.get("init") {
            let nonzero = match v {
                yosys_netlist_json::AttributeVal::N(x) => *x != 0,
                yosys_netlist_json::AttributeVal::S(s) => s.contains('1'),
            };
            if nonzero {
                return Err(ImportError::at_key(
                    name,
                    "netnames",
                    n,
                    format!("wire '{n}' has a nonzero initial value; registers start at 0 (use a reset)"),
                ));
            }
        }
    }
    Ok(())
}
