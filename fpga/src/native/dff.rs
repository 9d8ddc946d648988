//! Registers as iCE40 flip-flops. A comb register loads `rst_value` when `rst` is 1, else
//! `d` when `en` is 1 (or has no enable), on the rising clock edge, and starts at 0 (as an
//! iCE40 flip-flop does after configuration). The iCE40 cells (`SB_DFF`, `SB_DFFE`,
//! `SB_DFFSR`, `SB_DFFSS`, `SB_DFFESR`, `SB_DFFESS`) give the synchronous reset/set pin
//! effect only while E is 1, so with both an enable and a reset, E is `en | rst` (one LUT
//! per register). A reset-value bit that is 0 uses the R variant, 1 the S variant; a
//! reset value that is not constant is muxed into D by a LUT.

use super::bits::{Sig, Wires};
use super::{lut, Ice40Cell};
use comb::NetId;

/// Appends the flip-flops (and the few LUTs they need) of register `id`.
pub fn register(
    w: &mut Wires,
    cells: &mut Vec<Ice40Cell>,
    id: NetId,
    enable: bool,
    reset: bool,
) -> Result<(), String> {
    let q = w.sig(id)?;
    let ops: Vec<NetId> = w.module().operands(id).to_vec();
    let d = w.sig(ops[0])?;
    let clk = w.sig(ops[1])?[0];
    let mut k = 2;
    let en = if enable {
        k += 1;
        Some(w.sig(ops[2])?[0])
    } else {
        None
    };
    let rst = if reset { Some((w.sig(ops[k])?[0], w.sig(ops[k + 1])?)) } else { None };
    let n = id.index();
    // The enable pin: en, or en | rst when a reset must also act while en is 0.
    let e = match (en, rst.as_ref()) {
        (Some(e), Some((r, _))) => {
            let out = w.fresh();
            cells.push(lut::function(format!("reg{n}_en"), &[e, *r], out, |i| i & 3 != 0));
            Some(out)
        }
        (e, _) => e,
    };
    for b in 0..q.len() {
        let name = format!("reg{n}_{b}");
        let mut inputs = vec![("C", clk), ("D", d[b])];
        if let Some(e) = e {
            inputs.push(("E", e));
        }
        let kind = match &rst {
            None => {
                if e.is_some() {
                    "SB_DFFE"
                } else {
                    "SB_DFF"
                }
            }
            Some((r, rv)) => match rv[b] {
                Sig::Zero | Sig::One => {
                    let one = rv[b] == Sig::One;
                    inputs.push((if one { "S" } else { "R" }, *r));
                    match (e.is_some(), one) {
                        (false, false) => "SB_DFFSR",
                        (false, true) => "SB_DFFSS",
                        (true, false) => "SB_DFFESR",
                        (true, true) => "SB_DFFESS",
                    }
                }
                v => {
                    // D = rst ? rv : d (I0 = d, I1 = rv, I2 = rst).
                    let m = w.fresh();
                    cells.push(lut::function(format!("{name}_rst"), &[d[b], v, *r], m, |i| {
                        if i & 4 != 0 {
                            i & 2 != 0
                        } else {
                            i & 1 != 0
                        }
                    }));
                    inputs[1] = ("D", m);
                    if e.is_some() {
                        "SB_DFFE"
                    } else {
                        "SB_DFF"
                    }
                }
            },
        };
        cells.push(Ice40Cell {
            name,
            kind,
            params: vec![],
            inputs,
            output: ("Q", q[b]),
            more_outputs: vec![],
        });
    }
    Ok(())
}
