//! Yosys's one-bit gate cells (`$_AND_`, `$_MUX_`, `$_AOI4_`, ...), as `techmap; simplemap`
//! or `abc -g` leave them. Each becomes one or a few 1-bit comb cells.

use super::error::ImportError;
use super::params::YCell;
use super::words::Builder;
use crate::ids::NetId;
use crate::netlist::CellKind;

/// Lowers a gate cell; `None` if the type is not a combinational gate.
pub fn lower(b: &mut Builder, c: &YCell) -> Result<Option<NetId>, ImportError> {
    let ty = c.ty();
    let ins: &[&str] = match ty {
        "$_BUF_" | "$_NOT_" => &["A"],
        "$_AND_" | "$_OR_" | "$_XOR_" | "$_NAND_" | "$_NOR_" | "$_XNOR_" | "$_ANDNOT_" | "$_ORNOT_" => {
            &["A", "B"]
        }
        "$_MUX_" | "$_NMUX_" => &["A", "B", "S"],
        "$_AOI3_" | "$_OAI3_" => &["A", "B", "C"],
        "$_AOI4_" | "$_OAI4_" => &["A", "B", "C", "D"],
        _ => return Ok(None),
    };
    let mut v = Vec::with_capacity(4);
    for p in ins.iter().chain(["Y"].iter()) {
        if c.width(p)? != 1 {
            return Err(c.err(format!("port {p} of a gate must be one bit")));
        }
    }
    for p in ins {
        v.push(c.word(b, p)?);
    }
    let and = CellKind::And;
    let or = CellKind::Or;
    let net = match ty {
        "$_BUF_" => v[0],
        "$_NOT_" => b.inv(v[0]),
        "$_AND_" => b.bin(and, v[0], v[1]),
        "$_OR_" => b.bin(or, v[0], v[1]),
        "$_XOR_" => b.bin(CellKind::Xor, v[0], v[1]),
        "$_NAND_" => b.bin(CellKind::Nand, v[0], v[1]),
        "$_NOR_" => b.bin(CellKind::Nor, v[0], v[1]),
        "$_XNOR_" => b.bin(CellKind::Xnor, v[0], v[1]),
        "$_ANDNOT_" => {
            let nb = b.inv(v[1]);
            b.bin(and, v[0], nb)
        }
        "$_ORNOT_" => {
            let nb = b.inv(v[1]);
            b.bin(or, v[0], nb)
        }
        "$_MUX_" => b.mux(v[2], v[1], v[0]),
        "$_NMUX_" => {
            let m = b.mux(v[2], v[1], v[0]);
            b.inv(m)
        }
        "$_AOI3_" | "$_OAI3_" => {
            let (k1, k2) = if ty == "$_AOI3_" { (and, or) } else { (or, and) };
            let x = b.bin(k1, v[0], v[1]);
            let y = b.bin(k2, x, v[2]);
            b.inv(y)
        }
        _ => {
            let (k1, k2) =
                if ty == "$_AOI4_" { (and.clone(), or.clone()) } else { (or.clone(), and.clone()) };
            let x = b.bin(k1.clone(), v[0], v[1]);
            let y = b.bin(k1, v[2], v[3]);
            let z = b.bin(k2, x, y);
            b.inv(z)
        }
    };
    Ok(Some(net))
}
