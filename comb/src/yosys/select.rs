//! Selection and table cells: `$mux`, `$pmux`, `$bmux`, `$demux`, `$concat`, `$slice`,
//! `$lut`, `$sop`.
//!
//! `$pmux` is lowered as Yosys's own techmap lowers it (the OR of the words whose select
//! bit is set, or `A` when none is), so that even a select that is not one-hot means what
//! Yosys proves against. `$lut` becomes a `comb.truth_table` (its `A[0]` is the index's
//! LSB, our first operand its MSB); `$sop` a sum of products.

use super::error::ImportError;
use super::params::YCell;
use super::words::Builder;
use crate::bits::Bits;
use crate::ids::NetId;
use crate::netlist::CellKind;

/// Lowers a selection or table cell; `None` if the type is not one of them.
pub fn lower(b: &mut Builder, c: &YCell) -> Result<Option<NetId>, ImportError> {
    let net = match c.ty() {
        "$mux" => {
            let s = one_bit(b, c, "S")?;
            let t = c.word(b, "B")?;
            let f = c.word(b, "A")?;
            b.mux(s, t, f)
        }
        "$pmux" => {
            let w = c.width("A")?;
            let a = c.word(b, "A")?;
            let sel = c.word(b, "S")?;
            let sw = b.m.width(sel);
            if c.width("B")? != w * sw {
                return Err(c.err("B must be S_WIDTH words of A's width"));
            }
            let words = c.word(b, "B")?;
            let mut acc: Option<NetId> = None;
            for i in 0..sw {
                let si = b.extract(sel, i, 1);
                let wi = b.extract(words, i * w, w);
                let mask = if w == 1 { si } else { b.cell(CellKind::Replicate, w, &[si]) };
                let term = b.bin(CellKind::And, wi, mask);
                acc = Some(match acc {
                    None => term,
                    Some(x) => b.bin(CellKind::Or, x, term),
                });
            }
            let any = b.any(sel);
            let acc = acc.expect("S has at least one bit");
            b.mux(any, acc, a)
        }
        "$bmux" => {
            let s = c.word(b, "S")?;
            let sw = b.m.width(s);
            let yw = c.width("Y")?;
            if sw >= 24 || c.width("A")? as u64 != (yw as u64) << sw {
                return Err(c.err("A must be 2^S_WIDTH words of Y's width"));
            }
            let a = c.word(b, "A")?;
            let mut words: Vec<NetId> = (0..1u32 << sw).map(|i| b.extract(a, i * yw, yw)).collect();
            for j in 0..sw {
                let sj = b.extract(s, j, 1);
                words = words.chunks(2).map(|p| b.mux(sj, p[1], p[0])).collect();
            }
            words[0]
        }
        "$demux" => {
            let a = c.word(b, "A")?;
            let s = c.word(b, "S")?;
            let sw = b.m.width(s);
            let w = b.m.width(a);
            if sw >= 20 || c.width("Y")? as u64 != (w as u64) << sw {
                return Err(c.err("Y must be 2^S_WIDTH words of A's width"));
            }
            let zero = b.const_u64(0, w);
            let mut parts = Vec::new();
            for i in (0..1u64 << sw).rev() {
                let k = b.const_u64(i, sw);
                let hit = b.icmp(crate::netlist::IcmpPred::Eq, s, k);
                parts.push(b.mux(hit, a, zero));
            }
            b.concat(&parts)
        }
        "$concat" => {
            let a = c.word(b, "A")?;
            let bb = c.word(b, "B")?;
            b.concat(&[bb, a])
        }
        "$slice" => {
            let a = c.word(b, "A")?;
            let off = c.param_u32("OFFSET", 0)?;
            let yw = c.width("Y")?;
            if off as u64 + yw as u64 > b.m.width(a) as u64 {
                return Err(c.err("OFFSET + Y_WIDTH exceeds A's width"));
            }
            b.extract(a, off, yw)
        }
        "$lut" => {
            let a = c.word(b, "A")?;
            let n = b.m.width(a);
            if n > 16 {
                return Err(c.err(format!("a {n}-input LUT is too wide (at most 16 inputs)")));
            }
            let table = c.param_value("LUT", 1 << n)?;
            let ins: Vec<NetId> = (0..n).rev().map(|i| b.extract(a, i, 1)).collect();
            b.cell(CellKind::TruthTable(table), 1, &ins)
        }
        "$sop" => sop(b, c)?,
        _ => return Ok(None),
    };
    Ok(Some(net))
}

/// The 1-bit word of `port`.
fn one_bit(b: &mut Builder, c: &YCell, port: &str) -> Result<NetId, ImportError> {
    if c.width(port)? != 1 {
        return Err(c.err(format!("port {port} must be one bit")));
    }
    c.word(b, port)
}

/// `$sop`: the OR of DEPTH product terms; in term i, input j must be 0 when
/// TABLE[2(i·WIDTH+j)] is set and 1 when TABLE[2(i·WIDTH+j)+1] is set.
fn sop(b: &mut Builder, c: &YCell) -> Result<NetId, ImportError> {
    let a = c.word(b, "A")?;
    let w = b.m.width(a);
    let depth = c.param_u32("DEPTH", 0)?;
    let table = c.param("TABLE")?;
    let at = |k: u64| table.get(k as usize).copied().unwrap_or(false);
    let mut terms = Vec::new();
    for i in 0..depth as u64 {
        let mut lits = Vec::new();
        for j in 0..w {
            let k = 2 * (i * w as u64 + j as u64);
            let x = b.extract(a, j, 1);
            if at(k) {
                lits.push(b.inv(x));
            }
            if at(k + 1) {
                lits.push(x);
            }
        }
        terms.push(if lits.is_empty() {
            b.konst(Bits::from_bool(true))
        } else {
            b.cell(CellKind::And, 1, &lits)
        });
    }
    Ok(if terms.is_empty() { b.konst(Bits::from_bool(false)) } else { b.cell(CellKind::Or, 1, &terms) })
}
