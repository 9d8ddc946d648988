//! `SB_CARRY` chains, part 1: taking the word-level adders, subtracters and ordered
//! comparators out of the logic the LUT mapper sees, before mapping.
//!
//! Each chosen cell becomes an instance of a black-box module (no body, so the mapper and
//! its LUT count leave it alone; instances are boundaries of the mapper) whose output
//! replaces the cell's net. [`Carries`] remembers what each black box computes, and
//! [`super::chain`] writes its instances as `SB_LUT4` + `SB_CARRY` cells.
//!
//! The rule (where a chain pays): `comb.add` and `comb.sub` of width >= [`MIN_ADD_WIDTH`]
//! (a 3-bit adder is already 2 LUT levels and 5 LUTs in plain logic; a chain is one LUT per
//! bit and a few hundred picoseconds per bit of carry), and `comb.icmp` ult/ule/ugt/uge and
//! slt/sle/sgt/sge of width >= [`MIN_CMP_WIDTH`]. A variadic add becomes a chain per extra
//! operand. A subtraction `a - b` is `a + ~b + 1`: the inversion stays in the mapped logic
//! (an `xor` with all ones, which the mapper folds into the LUT that computes `b` when
//! there is one), and the chain starts with carry-in 1. Comparisons are the carry out of the
//! same subtraction (see [`CarryOp::Ge`]).

use comb::netlist::ExternInfo;
use comb::{CellKind, Design, Dir, IcmpPred, Module, ModuleId, NetId, Port, PortId};
use std::collections::BTreeMap;
use std::sync::Arc;

/// Narrowest adder/subtracter that gets a carry chain.
pub const MIN_ADD_WIDTH: u32 = 3;
/// Narrowest ordered comparison that gets a carry chain.
pub const MIN_CMP_WIDTH: u32 = 5;

/// What one black box computes from its inputs `a` and `b` (its output is `y`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum CarryOp {
    /// `y = a + b + cin` (width W), with the constant carry-in `cin`.
    Add {
        /// The carry into bit 0.
        cin: bool,
    },
    /// `y` (1 bit) = `a >= ~nb` where the second input is already inverted (`nb = ~b`):
    /// unsigned `a >= b` is the carry out of `a + nb + 1`; signed flips both sign bits. With
    /// `negate`, `y` is the opposite (`a < b`).
    Ge {
        /// Signed comparison.
        signed: bool,
        /// Output `a < b` instead.
        negate: bool,
    },
}

/// The black-box modules [`extract`] made, by module id.
#[derive(Clone, Debug, Default)]
pub struct Carries {
    /// Module -> operation.
    pub ops: BTreeMap<ModuleId, CarryOp>,
}

fn module_name(op: CarryOp, w: u32) -> String {
    match op {
        CarryOp::Add { cin } => format!("rmlir_sb_carry_add{}_w{w}", cin as u8),
        CarryOp::Ge { signed, negate } => {
            format!(
                "rmlir_sb_carry_{}{}_w{w}",
                if signed { 's' } else { 'u' },
                if negate { "lt" } else { "ge" }
            )
        }
    }
}

impl Carries {
    /// The black box for `op` at width `w`, made on first use.
    fn module(&mut self, design: &mut Design, op: CarryOp, w: u32) -> ModuleId {
        let name = module_name(op, w);
        if let Some(id) = design.find(&name) {
            return id;
        }
        let span = design.module(design.top_id()).span;
        let mut m = Module::new(name, span);
        m.extern_info = Some(ExternInfo::default());
        let yw = if matches!(op, CarryOp::Add { .. }) { w } else { 1 };
        for (n, dir, width) in [("a", Dir::Input, w), ("b", Dir::Input, w), ("y", Dir::Output, yw)] {
            m.add_port(Port { name: n.into(), dir, width, clock: false, span });
        }
        design.modules.push(m);
        let id = ModuleId(design.modules.len() as u32 - 1);
        self.ops.insert(id, op);
        id
    }
}

/// Replaces cell `c` of the top by an instance of the black box for `op` on `a`, `b`.
fn replace(design: &mut Design, carries: &mut Carries, c: NetId, op: CarryOp, a: NetId, b: NetId) -> NetId {
    let top = design.top_id();
    let w = design.module(top).width(a);
    let mid = carries.module(design, op, w);
    let m = design.module_mut(top);
    let (span, width) = (m.cell(c).span, m.width(c));
    let name: Arc<str> = format!("carry{}", c.index()).into();
    let kind = CellKind::Instance { module: mid, name, params: Arc::from(Vec::new()) };
    let inst = m.add_cell(kind, 0, &[a, b], None, span);
    m.add_cell(CellKind::InstOutput(PortId(2)), width, &[inst], None, span)
}

/// `~x` in the mapped logic.
fn invert(m: &mut Module, x: NetId) -> NetId {
    let w = m.width(x);
    let span = m.cell(x).span;
    let ones = m.add_cell(CellKind::Const(comb::Bits::ones(w)), w, &[], None, span);
    m.add_cell(CellKind::Xor, w, &[x, ones], None, span)
}

/// Takes the adders, subtracters and comparators the rule picks out of the top module of
/// the (flattened) design; returns what the new black boxes compute.
pub fn extract(design: &mut Design) -> Carries {
    let mut carries = Carries::default();
    let top = design.top_id();
    let ids: Vec<NetId> = design.module(top).cells().collect();
    for c in ids {
        let m = design.module(top);
        let cell = m.cell(c);
        let ops = cell.operands().to_vec();
        let w = cell.width;
        let new = match &cell.kind {
            CellKind::Add if w >= MIN_ADD_WIDTH && ops.len() >= 2 => {
                let mut acc = ops[0];
                for &o in &ops[1..] {
                    acc = replace(design, &mut carries, c, CarryOp::Add { cin: false }, acc, o);
                }
                acc
            }
            CellKind::Sub if w >= MIN_ADD_WIDTH => {
                let nb = invert(design.module_mut(top), ops[1]);
                replace(design, &mut carries, c, CarryOp::Add { cin: true }, ops[0], nb)
            }
            CellKind::Icmp(p) if m.width(ops[0]) >= MIN_CMP_WIDTH => {
                use IcmpPred::*;
                // (swap operands, signed, negate): ugt(a,b) = ult(b,a), ule(a,b) = uge(b,a).
                let (swap, signed, negate) = match p {
                    Uge => (false, false, false),
                    Ult => (false, false, true),
                    Ule => (true, false, false),
                    Ugt => (true, false, true),
                    Sge => (false, true, false),
                    Slt => (false, true, true),
                    Sle => (true, true, false),
                    Sgt => (true, true, true),
                    _ => continue,
                };
                let (a, b) = if swap { (ops[1], ops[0]) } else { (ops[0], ops[1]) };
                let nb = invert(design.module_mut(top), b);
                replace(design, &mut carries, c, CarryOp::Ge { signed, negate }, a, nb)
            }
            _ => continue,
        };
        let m = design.module_mut(top);
        m.replace_all_uses(c, new);
        m.set_operands(c, &[]);
        m.remove_cell(c);
    }
    carries
}
