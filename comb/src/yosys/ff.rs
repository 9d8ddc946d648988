//! Flip-flops: positive-edge, with optional synchronous reset and clock enable, onto
//! `seq.compreg` (`CellKind::Reg`); every other storage cell is refused by name.
//!
//! `Reg` resets synchronously, active high, and its reset wins over its enable — Yosys's
//! `$sdffe`. Inverted polarities get an inverter; `$sdffce` (reset only while enabled)
//! becomes an enabled register whose data is `rst ? value : d`. Gate forms
//! (`$_DFFE_PN_`, `$_SDFFCE_PP1N_`, ...) spell the polarities and the reset value in the
//! type name: clock, then reset polarity and value, then enable.

use super::error::ImportError;
use super::params::YCell;
use super::words::Builder;
use crate::bits::Bits;
use crate::ids::NetId;
use crate::netlist::{CellKind, Module};

/// What a storage cell needs: its shape, with polarities and reset value.
struct Ff {
    clk_pos: bool,
    /// Enable polarity, if it has an enable.
    en: Option<bool>,
    /// Reset polarity and value, if it has a reset.
    rst: Option<(bool, Bits)>,
    /// Reset only while enabled (`$sdffce`).
    reset_needs_enable: bool,
    /// Port names: clock, data, output, enable, reset.
    ports: [&'static str; 5],
}

const COARSE: [&str; 5] = ["CLK", "D", "Q", "EN", "SRST"];
const GATE: [&str; 5] = ["C", "D", "Q", "E", "R"];

/// The clock pin of a flip-flop type, if the type is one we import.
pub fn clock_port(ty: &str) -> Option<&'static str> {
    match ty {
        "$dff" | "$dffe" | "$sdff" | "$sdffe" | "$sdffce" => Some("CLK"),
        _ if ty.starts_with("$_DFF_")
            || ty.starts_with("$_DFFE_")
            || ty.starts_with("$_SDFF_")
            || ty.starts_with("$_SDFFE_")
            || ty.starts_with("$_SDFFCE_") =>
        {
            Some("C")
        }
        _ => None,
    }
}

/// The output pin of every cell type we know: `Q` for storage, `Y` otherwise.
pub fn output_port(ty: &str) -> &'static str {
    if clock_port(ty).is_some() {
        "Q"
    } else {
        "Y"
    }
}

/// Why a storage or memory cell type is refused, if it is one.
pub fn refused(ty: &str) -> Option<&'static str> {
    let gate = |base: &str| {
        ty.strip_prefix("$_").and_then(|t| t.strip_prefix(base)).is_some_and(|t| t.starts_with('_'))
    };
    if matches!(ty, "$adff" | "$adffe" | "$aldff" | "$aldffe" | "$dffsr" | "$dffsre")
        || gate("DFFSR")
        || gate("DFFSRE")
        || gate("ALDFF")
        || gate("ALDFFE")
    {
        return Some(
            "flip-flops with an asynchronous reset, set or load are not supported (only synchronous resets)",
        );
    }
    if matches!(ty, "$dlatch" | "$adlatch" | "$dlatchsr" | "$sr")
        || gate("DLATCH")
        || gate("DLATCHSR")
        || gate("SR")
    {
        return Some("latches are not supported (only positive-edge flip-flops)");
    }
    if ty.starts_with("$mem") {
        return Some("memories are not supported; run Yosys's 'memory' pass to map them to flip-flops first");
    }
    if matches!(ty, "$ff" | "$_FF_") {
        return Some("flip-flops on the implicit global clock are not supported");
    }
    None
}

fn shape(c: &YCell, width: u32) -> Result<Ff, ImportError> {
    let ty = c.ty();
    let pol = |ch: u8| -> Result<bool, ImportError> {
        match ch {
            b'P' => Ok(true),
            b'N' => Ok(false),
            _ => Err(c.err("unknown flip-flop type")),
        }
    };
    let val = |ch: u8| -> Result<Bits, ImportError> {
        match ch {
            b'0' => Ok(Bits::zero(width)),
            b'1' => Ok(Bits::ones(width)),
            _ => Err(c.err("unknown flip-flop type")),
        }
    };
    if let Some(inner) = ty.strip_prefix("$_").and_then(|t| t.strip_suffix('_')) {
        let (base, flags) = inner.split_once('_').ok_or_else(|| c.err("unknown flip-flop type"))?;
        let f = flags.as_bytes();
        let async_err =
            || c.err("flip-flops with an asynchronous reset are not supported (only synchronous resets)");
        let mut ff = Ff { clk_pos: pol(f[0])?, en: None, rst: None, reset_needs_enable: false, ports: GATE };
        match (base, f.len()) {
            ("DFF", 1) => {}
            ("DFF", 3) | ("DFFE", 4) => return Err(async_err()),
            ("DFFE", 2) => ff.en = Some(pol(f[1])?),
            ("SDFF", 3) => ff.rst = Some((pol(f[1])?, val(f[2])?)),
            ("SDFFE" | "SDFFCE", 4) => {
                ff.rst = Some((pol(f[1])?, val(f[2])?));
                ff.en = Some(pol(f[3])?);
                ff.reset_needs_enable = base == "SDFFCE";
            }
            _ => return Err(c.err("unknown flip-flop type")),
        }
        return Ok(ff);
    }
    let mut ff = Ff {
        clk_pos: c.flag("CLK_POLARITY", true)?,
        en: None,
        rst: None,
        reset_needs_enable: ty == "$sdffce",
        ports: COARSE,
    };
    if matches!(ty, "$dffe" | "$sdffe" | "$sdffce") {
        ff.en = Some(c.flag("EN_POLARITY", true)?);
    }
    if matches!(ty, "$sdff" | "$sdffe" | "$sdffce") {
        ff.rst = Some((c.flag("SRST_POLARITY", true)?, c.param_value("SRST_VALUE", width)?));
    }
    Ok(ff)
}

/// The net a register's clock operand needs: a clock input port as it is, anything else
/// through `seq.to_clock`.
fn clock_net(b: &mut Builder, n: NetId) -> NetId {
    if is_clock_input(b.m, n) {
        n
    } else {
        b.cell(CellKind::ToClock, 1, &[n])
    }
}

fn is_clock_input(m: &Module, n: NetId) -> bool {
    matches!(m.cell(n).kind, CellKind::Input(p) if m.port(p).clock)
}

/// Lowers a supported flip-flop to a `Reg` (plus inverters and a mux where its meaning
/// differs); `None` if the type is not a flip-flop we import.
pub fn lower(b: &mut Builder, c: &YCell) -> Result<Option<NetId>, ImportError> {
    if clock_port(c.ty()).is_none() {
        return Ok(None);
    }
    let w = c.width(port_names(c.ty())[2])?;
    let ff = shape(c, w)?;
    let [pc, pd, _, pe, pr] = ff.ports;
    if !ff.clk_pos {
        return Err(c.err("negative-edge flip-flops are not supported (only positive-edge clocks)"));
    }
    if c.width(pc)? != 1 {
        return Err(c.err(format!("clock {pc} must be one bit")));
    }
    if c.width(pd)? != w {
        return Err(c.err(format!("{pd} and Q must have the same width")));
    }
    let clk = c.word(b, pc)?;
    let clk = clock_net(b, clk);
    let mut d = c.word(b, pd)?;
    let mut ops = vec![d, clk];
    let en = match ff.en {
        Some(pol) => {
            let e = c.word(b, pe)?;
            if b.m.width(e) != 1 {
                return Err(c.err(format!("enable {pe} must be one bit")));
            }
            Some(if pol { e } else { b.inv(e) })
        }
        None => None,
    };
    let rst = match &ff.rst {
        Some((pol, v)) => {
            let r = c.word(b, pr)?;
            if b.m.width(r) != 1 {
                return Err(c.err(format!("reset {pr} must be one bit")));
            }
            let r = if *pol { r } else { b.inv(r) };
            Some((r, b.konst(v.clone())))
        }
        None => None,
    };
    let (reset, enable) = match (rst, en) {
        (Some((r, v)), Some(e)) if ff.reset_needs_enable => {
            d = b.mux(r, v, d);
            ops = vec![d, clk, e];
            (false, true)
        }
        (r, e) => {
            if let Some(e) = e {
                ops.push(e);
            }
            if let Some((r, v)) = r {
                ops.push(r);
                ops.push(v);
            }
            (r.is_some(), e.is_some())
        }
    };
    Ok(Some(b.cell(CellKind::Reg { reset, enable, async_reset: false, init: None }, w, &ops)))
}

fn port_names(ty: &str) -> [&'static str; 5] {
    if ty.starts_with("$_") {
        GATE
    } else {
        COARSE
    }
}
