//! `--synth native`: a LUT-mapped, flattened netlist (the tool's own `-O2 --lut 4`) written
//! straight as a nextpnr-ready iCE40 netlist in Yosys's JSON format, with no Yosys run.
//!
//! The netlist is first split into bits ([`bits`]: every net bit becomes a numbered wire or a
//! constant, and wiring cells such as `comb.extract`/`comb.concat` only rename bits). Then
//! `comb.truth_table` cells of at most 4 inputs and `comb.inv` become `SB_LUT4` ([`lut`]),
//! registers become `SB_DFF*` ([`dff`]), and the result is written as JSON ([`json`]). Any
//! other cell (a memory, an instance, an unmapped operator) is an error naming it.

pub mod bits;
pub mod bram;
pub mod carry;
pub mod chain;
pub mod dff;
pub mod json;
pub mod lut;
pub mod mul;
pub mod ram;
pub mod regio;

use bits::{Sig, Wires};
use comb::{CellKind, Design};
use std::collections::BTreeMap;

/// One cell of the iCE40 netlist.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ice40Cell {
    /// The cell's name (unique in the module).
    pub name: String,
    /// Its library type (`SB_LUT4`, `SB_DFFESR`).
    pub kind: &'static str,
    /// Its parameters as Yosys writes them (binary strings).
    pub params: Vec<(&'static str, String)>,
    /// Its input pins and what drives them; a bus pin (`RADDR`) is listed once per bit,
    /// bit 0 first.
    pub inputs: Vec<(&'static str, Sig)>,
    /// Its output pin and the wire it drives.
    pub output: (&'static str, Sig),
    /// Further output pin bits, listed like `inputs` (a block RAM's `RDATA`).
    pub more_outputs: Vec<(&'static str, Sig)>,
}

/// The written netlist: the JSON text and its cell counts (as `stat -json` counts them).
#[derive(Clone, Debug)]
pub struct Netlist {
    /// The Yosys-format JSON netlist.
    pub json: String,
    /// Cell type -> count.
    pub cells: BTreeMap<String, u64>,
}

/// Writes the top module of `design` (flattened and mapped to LUTs of at most 4 inputs) as an
/// iCE40 netlist named `top`; `port_names` are the top's port names in port order (as the
/// emitted SystemVerilog spells them, so a PCF written against it applies); `carries` says
/// what the black boxes [`carry::extract`] made compute, `rams` the RAM banks
/// [`ram::extract`] made. Fails naming the first cell the
/// native path cannot express.
pub fn netlist(
    design: &Design,
    top: &str,
    port_names: &[String],
    carries: &carry::Carries,
    rams: &ram::Rams,
) -> Result<Netlist, String> {
    let m = design.module(design.top_id());
    let mut w = Wires::new(m)?;
    let mut cells = Vec::new();
    for id in m.cells() {
        let c = m.cell(id);
        match &c.kind {
            CellKind::TruthTable(t) => {
                let ins: Vec<Sig> =
                    c.operands().iter().map(|&o| w.sig(o).map(|s| s[0])).collect::<Result<_, _>>()?;
                if ins.len() > 4 {
                    return Err(format!(
                        "--synth native: a comb.truth_table with {} inputs{} does not fit an SB_LUT4",
                        ins.len(),
                        bits::cell_label(c)
                    ));
                }
                let out = w.sig(id)?[0];
                cells.push(lut::truth_table(format!("lut{}", id.index()), t, &ins, out));
            }
            CellKind::Inv => {
                let a = w.sig(c.operands()[0])?;
                let out = w.sig(id)?;
                for (b, (&x, &y)) in a.iter().zip(&out).enumerate() {
                    cells.push(lut::inverter(format!("inv{}_{b}", id.index()), x, y));
                }
            }
            CellKind::Reg { reset, enable, async_reset, init } => {
                let shape = dff::RegShape {
                    enable: *enable,
                    reset: *reset,
                    async_reset: *async_reset,
                    init: init.as_ref(),
                };
                dff::register(&mut w, &mut cells, id, shape)?;
            }
            CellKind::Instance { module, .. }
                if carries.ops.contains_key(module) || rams.modes.contains_key(module) => {}
            CellKind::InstOutput(_) => {
                let inst = c.operands()[0];
                let module = match &m.cell(inst).kind {
                    CellKind::Instance { module, .. } => Some(*module),
                    _ => None,
                };
                let ins = m.operands(inst).to_vec();
                if let Some(&mode) = module.and_then(|k| rams.modes.get(&k)) {
                    let mut s = Vec::new();
                    for &o in &ins {
                        s.push(w.sig(o)?);
                    }
                    let y = w.sig(id)?;
                    let name = format!("ram{}", id.index());
                    let fresh = &mut || w.fresh();
                    bram::cells(
                        &name, mode, s[0][0], &s[1], s[2][0], &s[3], s[4][0], &s[5], &y, fresh, &mut cells,
                    );
                    continue;
                }
                let Some(op) = module.and_then(|k| carries.ops.get(&k).copied()) else {
                    return Err(format!(
                        "--synth native cannot express 'hw.instance' outputs{} yet",
                        bits::cell_label(c)
                    ));
                };
                let (a, b, y) = (w.sig(ins[0])?, w.sig(ins[1])?, w.sig(id)?);
                chain::cells(&format!("carry{}", id.index()), op, &a, &b, &y, &mut || w.fresh(), &mut cells);
            }
            k if bits::is_wiring(k) => {}
            k => {
                return Err(format!(
                    "--synth native cannot express '{}'{} yet (use --synth yosys)",
                    k.op_name(),
                    bits::cell_label(c)
                ))
            }
        }
    }
    let ports = json::ports(m, port_names, &mut w, &mut cells)?;
    let mut counts = BTreeMap::new();
    for c in &cells {
        *counts.entry(c.kind.to_string()).or_insert(0) += 1;
    }
    Ok(Netlist { json: json::write(top, &ports, &cells), cells: counts })
}
