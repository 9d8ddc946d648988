//! CIRCT's clock ops, built as CIRCT's `lower-seq-to-sv` lowers them, into cells the netlist
//! already has (the result is a `seq.to_clock` cell; the logic under it makes a derived
//! clock, which the evaluator and the Rust simulator fire on its rising edges):
//! - `seq.clock_inv %c`: `~c` (`comb.xor` with 1);
//! - `seq.clock_mux %cond, %t, %f`: `cond ? t : f` (`comb.mux`);
//! - `seq.clock_div %c by N`: N toggling one-bit registers `clock_out_0` .. `clock_out_{N-1}`
//!   with power-on value 0, the first on `c`, each next one on the previous one's output; the
//!   result is the last (`by 0`: `c` itself).
//!
//! `seq.clock_gate` needs a latch (CIRCT exports `always @* if (!clk) en_latch <= en;` and
//! `clk & en_latch`), and no flip-flop model of it is glitch-free in SystemVerilog; the
//! netlist has no latch, so it is a located "not supported" error.

use super::body::NetOf;
use super::ops::Plan;
use super::Builder;
use crate::bits::Bits;
use crate::ids::{ModuleId, NetId};
use crate::netlist::CellKind;
use mlir_text::{Attr, Operation, Type};

/// True for the ops this module builds.
pub(crate) fn is_clock_op(name: &str) -> bool {
    matches!(name, "seq.clock_inv" | "seq.clock_mux" | "seq.clock_div" | "seq.clock_gate")
}

/// The most divider stages (`by N`) accepted.
const MAX_POW2: i128 = 63;

impl<'f> Builder<'f> {
    /// The result's `seq.to_clock` cell; its logic is made when connecting.
    pub(crate) fn plan_clock_op(&mut self, op: &Operation) -> Option<Plan> {
        if &*op.name == "seq.clock_gate" {
            self.error(
                op.name_span,
                "'seq.clock_gate' is not supported (its glitch-free gate is a latch, which the netlist does not have)",
            );
            return None;
        }
        if &*op.name == "seq.clock_div" && self.pow2(op).is_none() {
            let at = op.named_attr("pow2").map(|a| a.span).unwrap_or(op.span);
            self.error(at, format!("'seq.clock_div' needs 'pow2' between 0 and {MAX_POW2}"));
            return None;
        }
        if op.results.len() != 1 || !matches!(self.file.ty(op.results[0]), Type::Clock) {
            self.error(op.span, format!("'{}' has one '!seq.clock' result", op.name));
            return None;
        }
        let name = super::cell_name(&self.file.value(op.results[0]).name);
        Some(Plan::Cell { kind: CellKind::ToClock, width: 1, name })
    }

    fn pow2(&self, op: &Operation) -> Option<u32> {
        match op.attr("pow2") {
            Some(Attr::Int(v, _)) => v.to_i128().filter(|n| (0..=MAX_POW2).contains(n)).map(|n| n as u32),
            _ => None,
        }
    }

    /// Checks the operand types and builds the logic under the result cell `net`.
    pub(crate) fn connect_clock_op(&mut self, mid: ModuleId, o: &Operation, net: NetId, net_of: &NetOf) {
        let want: &[bool] = match &*o.name {
            "seq.clock_mux" => &[false, true, true],
            _ => &[true],
        };
        if o.operands.len() != want.len() {
            self.error(
                o.span,
                format!("'{}' takes {} operands, got {}", o.name, want.len(), o.operands.len()),
            );
            return;
        }
        let mut nets = Vec::with_capacity(want.len());
        for (i, &clock) in want.iter().enumerate() {
            let Some((n, w, ty)) = self.operand(o, i, net_of) else { return };
            let ok = if clock {
                matches!(ty, Some(Type::Clock))
            } else {
                ty.and_then(|t| t.int_width()) == Some(1)
            };
            if !ok || w != 1 {
                let got = ty.map(|t| t.to_string()).unwrap_or_default();
                let want = if clock { "!seq.clock" } else { "i1" };
                self.error(
                    o.operands[i].span,
                    format!("operand #{i} of '{}' must be {want}, got '{got}'", o.name),
                );
                return;
            }
            nets.push(n);
        }
        let pow2 = self.pow2(o).unwrap_or(0);
        let base = self.design.module(mid).cell(net).name.clone();
        let m = self.design.module_mut(mid);
        let sp = o.span;
        let bit =
            |m: &mut crate::netlist::Module, clk: NetId| m.add_cell(CellKind::FromClock, 1, &[clk], None, sp);
        let value = match &*o.name {
            "seq.clock_inv" => {
                let c = bit(m, nets[0]);
                let one = m.add_cell(CellKind::Const(Bits::ones(1)), 1, &[], None, sp);
                m.add_cell(CellKind::Xor, 1, &[c, one], None, sp)
            }
            "seq.clock_mux" => {
                let (t, f) = (bit(m, nets[1]), bit(m, nets[2]));
                m.add_cell(CellKind::Mux, 1, &[nets[0], t, f], None, sp)
            }
            _ => {
                // seq.clock_div: a chain of toggles, each on the previous one's output.
                let one = m.add_cell(CellKind::Const(Bits::ones(1)), 1, &[], None, sp);
                let mut clk = nets[0];
                let mut out = None;
                for i in 0..pow2 {
                    let name = match &base {
                        Some(b) => format!("{b}_clock_out_{i}"),
                        None => format!("clock_out_{i}"),
                    };
                    let kind = CellKind::Reg {
                        reset: false,
                        enable: false,
                        async_reset: false,
                        init: Some(Bits::zero(1)),
                    };
                    let r = m.add_cell(kind, 1, &[], Some(name.into()), sp);
                    let d = m.add_cell(CellKind::Xor, 1, &[r, one], None, sp);
                    m.set_operands(r, &[d, clk]);
                    clk = m.add_cell(CellKind::ToClock, 1, &[r], None, sp);
                    out = Some(r);
                }
                match out {
                    Some(r) => r,
                    None => bit(m, nets[0]),
                }
            }
        };
        m.set_operands(net, &[value]);
    }
}
