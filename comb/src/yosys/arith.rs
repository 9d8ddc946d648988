//! Coarse arithmetic, logic, shift and compare cells (`$add`, `$and`, `$shl`, `$lt`, ...).
//!
//! Yosys's meaning (its `simlib.v`): operands are extended to the width the operation works
//! at — with their sign bit when the cell's `A_SIGNED` and `B_SIGNED` are both set, zeros
//! otherwise — the operation is done there and the result cut or extended to `Y`'s width.
//! Arithmetic and bitwise ops work at `Y`'s width, division at the widest of the three,
//! compares at the wider operand, shifts at the wider of `A` and `Y` with `B` unsigned
//! (`$shift`/`$shiftx` honour `B_SIGNED`: a negative amount shifts left). Yosys leaves a
//! division by zero undefined (`x`); we give it SPEC section 3's 0, one of its values.
//! `$shiftx` shifts in `x`; we shift in 0.

use super::error::ImportError;
use super::params::YCell;
use super::words::Builder;
use crate::ids::NetId;
use crate::netlist::{CellKind, IcmpPred};

/// The cell types lowered here.
const TYPES: [&str; 36] = [
    "$not",
    "$pos",
    "$neg",
    "$and",
    "$or",
    "$xor",
    "$xnor",
    "$add",
    "$sub",
    "$mul",
    "$div",
    "$mod",
    "$divfloor",
    "$modfloor",
    "$shl",
    "$sshl",
    "$shr",
    "$sshr",
    "$shift",
    "$shiftx",
    "$eq",
    "$ne",
    "$eqx",
    "$nex",
    "$lt",
    "$le",
    "$gt",
    "$ge",
    "$reduce_and",
    "$reduce_or",
    "$reduce_bool",
    "$reduce_xor",
    "$reduce_xnor",
    "$logic_not",
    "$logic_and",
    "$logic_or",
];

/// Lowers a coarse arithmetic/logic/shift/compare/reduce cell; `None` if the type is not
/// one of them.
pub fn lower(b: &mut Builder, c: &YCell) -> Result<Option<NetId>, ImportError> {
    let ty = c.ty();
    if !TYPES.contains(&ty) {
        return Ok(None);
    }
    let yw = c.width("Y")?;
    let a_signed = c.flag("A_SIGNED", false)?;
    let signed = a_signed && c.flag("B_SIGNED", false)?;
    let net = match ty {
        "$not" | "$pos" | "$neg" => {
            let a = c.word(b, "A")?;
            let a = b.resize(a, yw, a_signed);
            match ty {
                "$not" => b.inv(a),
                "$pos" => a,
                _ => {
                    let z = b.const_u64(0, yw);
                    b.bin(CellKind::Sub, z, a)
                }
            }
        }
        "$and" | "$or" | "$xor" | "$xnor" | "$add" | "$sub" | "$mul" => {
            let (a, bb) = two(b, c, yw, signed)?;
            let kind = match ty {
                "$and" => CellKind::And,
                "$or" => CellKind::Or,
                "$xor" => CellKind::Xor,
                "$xnor" => CellKind::Xnor,
                "$add" => CellKind::Add,
                "$sub" => CellKind::Sub,
                _ => CellKind::Mul,
            };
            b.bin(kind, a, bb)
        }
        "$div" | "$mod" | "$divfloor" | "$modfloor" => {
            let w = yw.max(c.width("A")?).max(c.width("B")?);
            let (a, d) = two(b, c, w, signed)?;
            let r = divide(b, ty, a, d, signed);
            b.resize(r, yw, false)
        }
        "$shl" | "$sshl" | "$shr" | "$sshr" | "$shift" | "$shiftx" => shift(b, c, yw, a_signed)?,
        "$eq" | "$ne" | "$eqx" | "$nex" | "$lt" | "$le" | "$gt" | "$ge" => {
            let w = c.width("A")?.max(c.width("B")?);
            let (a, bb) = two(b, c, w, signed)?;
            let pred = match (ty, signed) {
                ("$eq" | "$eqx", _) => IcmpPred::Eq,
                ("$ne" | "$nex", _) => IcmpPred::Ne,
                ("$lt", true) => IcmpPred::Slt,
                ("$le", true) => IcmpPred::Sle,
                ("$gt", true) => IcmpPred::Sgt,
                ("$ge", true) => IcmpPred::Sge,
                ("$lt", false) => IcmpPred::Ult,
                ("$le", false) => IcmpPred::Ule,
                ("$gt", false) => IcmpPred::Ugt,
                _ => IcmpPred::Uge,
            };
            let r = b.icmp(pred, a, bb);
            b.resize(r, yw, false)
        }
        "$reduce_and" | "$reduce_or" | "$reduce_bool" | "$reduce_xor" | "$reduce_xnor" | "$logic_not" => {
            let a = c.word(b, "A")?;
            let r = match ty {
                "$reduce_and" => b.all(a),
                "$reduce_or" | "$reduce_bool" => b.any(a),
                "$reduce_xor" => b.cell(CellKind::Parity, 1, &[a]),
                "$reduce_xnor" => {
                    let p = b.cell(CellKind::Parity, 1, &[a]);
                    b.inv(p)
                }
                _ => {
                    let t = b.any(a);
                    b.inv(t)
                }
            };
            b.resize(r, yw, false)
        }
        "$logic_and" | "$logic_or" => {
            let a = c.word(b, "A")?;
            let a = b.any(a);
            let bb = c.word(b, "B")?;
            let bb = b.any(bb);
            let kind = if ty == "$logic_and" { CellKind::And } else { CellKind::Or };
            let r = b.bin(kind, a, bb);
            b.resize(r, yw, false)
        }
        _ => return Ok(None),
    };
    Ok(Some(net))
}

/// A and B, each resized to `w` (sign-extended when `signed`).
fn two(b: &mut Builder, c: &YCell, w: u32, signed: bool) -> Result<(NetId, NetId), ImportError> {
    let a = c.word(b, "A")?;
    let a = b.resize(a, w, signed);
    let bb = c.word(b, "B")?;
    let bb = b.resize(bb, w, signed);
    Ok((a, bb))
}

/// Division and remainder, truncating (`$div`, `$mod`) or flooring (`$divfloor`,
/// `$modfloor`: the quotient rounds towards minus infinity, the remainder takes the
/// divisor's sign).
fn divide(b: &mut Builder, ty: &str, a: NetId, d: NetId, signed: bool) -> NetId {
    let (div, rem) = if signed { (CellKind::DivS, CellKind::ModS) } else { (CellKind::DivU, CellKind::ModU) };
    let floor = matches!(ty, "$divfloor" | "$modfloor");
    if !signed || !floor {
        let kind = if matches!(ty, "$div" | "$divfloor") { div } else { rem };
        return b.bin(kind, a, d);
    }
    let w = b.m.width(a);
    let r = b.bin(rem, a, d);
    let zero = b.const_u64(0, w);
    let r_nonzero = b.icmp(IcmpPred::Ne, r, zero);
    let sa = b.extract(a, w - 1, 1);
    let sd = b.extract(d, w - 1, 1);
    let signs_differ = b.bin(CellKind::Xor, sa, sd);
    let adjust = b.bin(CellKind::And, r_nonzero, signs_differ);
    if ty == "$divfloor" {
        let q = b.bin(div, a, d);
        let one = b.const_u64(1, w);
        let q1 = b.bin(CellKind::Sub, q, one);
        b.mux(adjust, q1, q)
    } else {
        let r1 = b.bin(CellKind::Add, r, d);
        b.mux(adjust, r1, r)
    }
}

/// `amt` as an unsigned shift amount of width `w`: wider amounts with any high bit set
/// become all ones (>= w, so the shift result is the same).
fn amount(b: &mut Builder, amt: NetId, w: u32) -> NetId {
    let aw = b.m.width(amt);
    if aw <= w {
        return b.resize(amt, w, false);
    }
    let hi = b.extract(amt, w, aw - w);
    let big = b.any(hi);
    let lo = b.extract(amt, 0, w);
    let ones = b.konst(crate::bits::Bits::ones(w));
    b.mux(big, ones, lo)
}

fn shift(b: &mut Builder, c: &YCell, yw: u32, a_signed: bool) -> Result<NetId, ImportError> {
    let ty = c.ty();
    let w = yw.max(c.width("A")?);
    let a = c.word(b, "A")?;
    let a = b.resize(a, w, a_signed);
    let amt = c.word(b, "B")?;
    let r = match ty {
        "$shl" | "$sshl" => {
            let s = amount(b, amt, w);
            b.bin(CellKind::Shl, a, s)
        }
        "$shr" => {
            let s = amount(b, amt, w);
            b.bin(CellKind::ShrU, a, s)
        }
        "$sshr" => {
            let s = amount(b, amt, w);
            b.bin(if a_signed { CellKind::ShrS } else { CellKind::ShrU }, a, s)
        }
        _ => {
            // $shift / $shiftx: A >> B, B signed when B_SIGNED (negative: A << -B).
            let right_amt = amount(b, amt, w);
            let right = b.bin(CellKind::ShrU, a, right_amt);
            if c.flag("B_SIGNED", false)? {
                let bw = b.m.width(amt);
                let neg = b.extract(amt, bw - 1, 1);
                let zero = b.const_u64(0, bw);
                let mag = b.bin(CellKind::Sub, zero, amt);
                let left_amt = amount(b, mag, w);
                let left = b.bin(CellKind::Shl, a, left_amt);
                b.mux(neg, left, right)
            } else {
                right
            }
        }
    };
    Ok(b.resize(r, yw, false))
}
