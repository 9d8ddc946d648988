//! Net bits: every bit of every net of the top module as a numbered wire (Yosys numbers
//! wires from 2) or a constant. Inputs, LUT outputs and register outputs get fresh wires;
//! wiring cells (`hw.constant`, `comb.extract`, `comb.concat`, `comb.replicate`,
//! `comb.reverse`, clock conversions) only rearrange the bits of their operands.

use comb::{Cell, CellKind, Module, NetId};

/// One bit: a wire or a constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Sig {
    /// Constant 0 (`"0"` in the JSON).
    Zero,
    /// Constant 1 (`"1"`).
    One,
    /// A wire number (2 and up).
    Wire(u32),
}

/// True for the cells that drive no logic of their own, only rename bits.
pub fn is_wiring(k: &CellKind) -> bool {
    use CellKind::*;
    matches!(k, Input(_) | Const(_) | Extract { .. } | Concat | Replicate | Reverse | ToClock | FromClock)
}

/// ` (name)` or ` at LINE:COL`-free label for messages: the cell's name when it has one.
pub fn cell_label(c: &Cell) -> String {
    match &c.name {
        Some(n) => format!(" (%{n})"),
        None => String::new(),
    }
}

/// The bits of every net, computed on demand.
pub struct Wires<'m> {
    m: &'m Module,
    memo: Vec<Option<Vec<Sig>>>,
    next: u32,
}

impl<'m> Wires<'m> {
    /// Fresh wires for every cell that drives its own bits.
    pub fn new(m: &'m Module) -> Result<Wires<'m>, String> {
        let mut w = Wires { m, memo: vec![None; m.id_bound()], next: 2 };
        for id in m.cells() {
            if !is_wiring(&m.cell(id).kind) {
                let bits = (0..m.width(id)).map(|_| w.fresh()).collect();
                w.memo[id.index()] = Some(bits);
            }
        }
        Ok(w)
    }

    /// The module.
    pub fn module(&self) -> &'m Module {
        self.m
    }

    /// A new wire.
    pub fn fresh(&mut self) -> Sig {
        self.next += 1;
        Sig::Wire(self.next - 1)
    }

    /// The bits of a net, bit 0 first.
    pub fn sig(&mut self, id: NetId) -> Result<Vec<Sig>, String> {
        if let Some(s) = &self.memo[id.index()] {
            return Ok(s.clone());
        }
        let c = self.m.cell(id);
        let ops = c.operands().to_vec();
        let bits = match &c.kind {
            CellKind::Input(_) => (0..c.width).map(|_| self.fresh()).collect(),
            CellKind::Const(b) => (0..c.width).map(|i| if b.bit(i) { Sig::One } else { Sig::Zero }).collect(),
            CellKind::Extract { low } => {
                let a = self.sig(ops[0])?;
                a[*low as usize..(*low + c.width) as usize].to_vec()
            }
            CellKind::Concat => {
                let mut v = Vec::new();
                for &o in ops.iter().rev() {
                    v.extend(self.sig(o)?);
                }
                v
            }
            CellKind::Replicate => {
                let a = self.sig(ops[0])?;
                a.iter().cycle().take(c.width as usize).copied().collect()
            }
            CellKind::Reverse => {
                let mut a = self.sig(ops[0])?;
                a.reverse();
                a
            }
            CellKind::ToClock | CellKind::FromClock => self.sig(ops[0])?,
            k => return Err(format!("internal error: no bits for '{}'", k.op_name())),
        };
        self.memo[id.index()] = Some(bits.clone());
        Ok(bits)
    }
}
