//! Registers as iCE40 flip-flops. A comb register loads `rst_value` when `rst` is 1, else
//! `d` when `en` is 1 (or has no enable), on the rising clock edge, and starts at `init`
//! (0 when absent). The iCE40 cells (`SB_DFF`, `SB_DFFE`, `SB_DFFSR`, `SB_DFFSS`,
//! `SB_DFFESR`, `SB_DFFESS`) give the synchronous reset/set pin effect only while E is 1,
//! so with both an enable and a reset, E is `en | rst` (one LUT per register). A reset-value
//! bit that is 0 uses the R variant, 1 the S variant; a reset value that is not constant is
//! muxed into D by a LUT. An asynchronous reset (`seq.firreg ... reset async`, whose reset
//! value is a constant) uses `SB_DFFR`/`SB_DFFS`, which act at once, without a clock edge.
//!
//! An iCE40 flip-flop powers up at 0. A bit whose initial value is 1 is stored inverted, as
//! Yosys's `zinit` does: the flip-flop holds NOT q (so it starts at 0 = NOT 1), its D input
//! is the inverted next value (one LUT, which also takes a reset multiplexer), its reset and
//! set are swapped, and q is the flip-flop's output through an inverter LUT.

use super::bits::{Sig, Wires};
use super::{lut, Ice40Cell};
use comb::NetId;

/// How a register updates: the cell kind's flags.
#[derive(Clone, Copy, Debug)]
pub struct RegShape<'a> {
    /// It has a clock enable.
    pub enable: bool,
    /// It has a reset.
    pub reset: bool,
    /// The reset is asynchronous.
    pub async_reset: bool,
    /// The power-on value (0 when `None`).
    pub init: Option<&'a comb::Bits>,
}

/// Appends the flip-flops (and the few LUTs they need) of register `id`.
pub fn register(w: &mut Wires, cells: &mut Vec<Ice40Cell>, id: NetId, shape: RegShape) -> Result<(), String> {
    let q = w.sig(id)?;
    let ops: Vec<NetId> = w.module().operands(id).to_vec();
    let d = w.sig(ops[0])?;
    let clk = w.sig(ops[1])?[0];
    let mut k = 2;
    let en = if shape.enable {
        k += 1;
        Some(w.sig(ops[2])?[0])
    } else {
        None
    };
    let rst = if shape.reset { Some((w.sig(ops[k])?[0], w.sig(ops[k + 1])?)) } else { None };
    let n = id.index();
    // The enable pin: en, or en | rst when a synchronous reset must also act while en is 0.
    let e = match (en, rst.as_ref()) {
        (Some(e), Some((r, _))) if !shape.async_reset => {
            let out = w.fresh();
            cells.push(lut::function(format!("reg{n}_en"), &[e, *r], out, |i| i & 3 != 0));
            Some(out)
        }
        (e, _) => e,
    };
    for b in 0..q.len() {
        let name = format!("reg{n}_{b}");
        // Stored inverted when it must power up at 1.
        let inv = shape.init.is_some_and(|v| v.bit(b as u32));
        let flop_q = if inv { w.fresh() } else { q[b] };
        let flip = |s: Sig| match s {
            Sig::Zero => Sig::One,
            Sig::One => Sig::Zero,
            s => s,
        };
        let mut data = d[b];
        let mut set_pin = None;
        if let Some((r, rv)) = &rst {
            let v = if inv { flip(rv[b]) } else { rv[b] };
            match v {
                Sig::Zero | Sig::One => set_pin = Some((v == Sig::One, *r)),
                _ if shape.async_reset => {
                    return Err(format!(
                        "--synth native: the asynchronous reset value of register {name} is not a constant"
                    ));
                }
                v => {
                    // D = rst ? rv : d (I0 = d, I1 = rv, I2 = rst), inverted when stored so.
                    let m = w.fresh();
                    cells.push(lut::function(format!("{name}_rst"), &[d[b], v, *r], m, move |i| {
                        let x = if i & 4 != 0 { i & 2 != 0 } else { i & 1 != 0 };
                        x != inv
                    }));
                    data = m;
                }
            }
        }
        if inv && data == d[b] {
            let m = w.fresh();
            cells.push(lut::inverter(format!("{name}_ninv"), d[b], m));
            data = m;
        }
        let mut inputs = vec![("C", clk), ("D", data)];
        if let Some(e) = e {
            inputs.push(("E", e));
        }
        let kind = match set_pin {
            None if e.is_some() => "SB_DFFE",
            None => "SB_DFF",
            Some((one, r)) => {
                inputs.push((if one { "S" } else { "R" }, r));
                match (shape.async_reset, e.is_some(), one) {
                    (true, false, false) => "SB_DFFR",
                    (true, false, true) => "SB_DFFS",
                    (true, true, false) => "SB_DFFER",
                    (true, true, true) => "SB_DFFES",
                    (false, false, false) => "SB_DFFSR",
                    (false, false, true) => "SB_DFFSS",
                    (false, true, false) => "SB_DFFESR",
                    (false, true, true) => "SB_DFFESS",
                }
            }
        };
        cells.push(Ice40Cell {
            name: name.clone(),
            kind,
            params: vec![],
            inputs,
            output: ("Q", flop_q),
            more_outputs: vec![],
        });
        if inv {
            cells.push(lut::inverter(format!("{name}_qinv"), flop_q, q[b]));
        }
    }
    Ok(())
}
