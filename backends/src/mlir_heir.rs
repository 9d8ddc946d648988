//! HEIR's container for a combinational module: `func.func` (`--dialect heir`).
//!
//! HEIR writes a comb network as `func.func @f(%a: i1, %b: i8) -> (i1, i8) { ... return
//! %x, %y : i1, i8 }` with truth tables as integers (`-> 6 : ui4`) and `comb.inv`. Only a
//! purely combinational module fits: no clock, register, memory or instance; its outputs
//! are unnamed results, which read back as `out0`, `out1`, ... (SPEC section 2).

use comb::{CellKind, Module};

/// Why a module cannot be printed as a `func.func`, or `Ok`.
pub(crate) fn expressible(m: &Module) -> Result<(), String> {
    if !m.verbatim.is_empty() {
        return Err(format!("module '@{}' has 'sv.verbatim' text, which a func.func cannot hold", m.name));
    }
    if let Some(p) = m.ports.iter().find(|p| p.clock) {
        return Err(format!("module '@{}' has the clock port '{}'", m.name, p.name));
    }
    for net in m.cells() {
        let what = match m.cell(net).kind {
            CellKind::Reg { .. } => "a register",
            CellKind::Memory { .. } => "a memory",
            CellKind::Instance { .. } | CellKind::InstOutput(_) => "an instance",
            CellKind::ToClock | CellKind::FromClock => "a clock conversion",
            _ => continue,
        };
        return Err(format!("module '@{}' has {what}; a HEIR func.func is combinational", m.name));
    }
    Ok(())
}

/// A type list as a function type's side: `i8`, `(i1, i8)`, `()`.
fn side(tys: &[String], bare_single: bool) -> String {
    if tys.len() == 1 && bare_single {
        tys[0].clone()
    } else {
        format!("({})", tys.join(", "))
    }
}

/// The opening line(s): `func.func @f(%a: i8) -> i8 {` or the generic form with its block.
pub(crate) fn header(
    sym: &str,
    quoted_name: &str,
    args: &[(String, String)],
    results: &[String],
    generic: bool,
) -> String {
    let in_tys: Vec<String> = args.iter().map(|(_, t)| t.clone()).collect();
    let params: Vec<String> = args.iter().map(|(v, t)| format!("{v}: {t}")).collect();
    if generic {
        // The attributes follow the body (see `footer`).
        let _ = (quoted_name, &in_tys);
        let mut s = "  \"func.func\"() ({\n".to_string();
        if !args.is_empty() {
            s.push_str(&format!("  ^bb0({}):\n", params.join(", ")));
        }
        s
    } else {
        let res = if results.is_empty() { String::new() } else { format!(" -> {}", side(results, true)) };
        format!("  func.func @{sym}({}){res} {{\n", params.join(", "))
    }
}

/// The terminator and the closing line; in the generic form, the function's attributes
/// (`function_type` from `in_tys` and `tys`, `sym_name`) in the attribute dictionary after
/// the body, which CIRCT 1.62's parser and today's MLIR both read (1.62 has no properties).
pub(crate) fn footer(
    vals: &[&str],
    tys: &[String],
    in_tys: &[String],
    quoted_name: &str,
    generic: bool,
) -> String {
    if generic {
        format!(
            "    \"func.return\"({}) : ({}) -> ()\n  }}) {{function_type = {} -> {}, sym_name = {quoted_name}}} : () -> ()\n",
            vals.join(", "),
            tys.join(", "),
            side(in_tys, false),
            side(tys, false)
        )
    } else if vals.is_empty() {
        "    return\n  }\n".to_string()
    } else {
        format!("    return {} : {}\n  }}\n", vals.join(", "), tys.join(", "))
    }
}

/// `comb.lut`'s attributes (HEIR's op): coefficients and table as dense integer arrays.
///
/// MLIR's dense arrays (`array<iN: ...>`) take only whole-byte elements (CIRCT 1.62's
/// parser: "element type bitwidth must be a multiple of 8"), so a table of `iW` entries
/// prints its entries, sign-extended, as the smallest of `i8`, `i16`, `i32`, `i64` that
/// holds `W` bits; the reader truncates each entry to the op's result width, so the round
/// trip is exact. Wider than 64 bits stays `iW` (no dense array holds it).
pub(crate) fn lut_attrs(coefficients: &[u8], table: &[comb::Bits], width: u32) -> String {
    let dense = |ty: u32, vals: Vec<String>| format!("array<i{ty}: {}>", vals.join(", "));
    let elem = [8, 16, 32, 64].into_iter().find(|&e| e >= width).unwrap_or(width);
    format!(
        "coefficients = {}, lookupTable = {}",
        dense(8, coefficients.iter().map(|&c| (c as i8).to_string()).collect()),
        dense(elem, table.iter().map(|t| t.to_signed_decimal()).collect())
    )
}
