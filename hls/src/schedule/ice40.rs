//! The measured iCE40 operator delays: `hls/data/ice40-delays.tsv`, read at compile time.
//!
//! `scripts/calibrate-ice40.sh` synthesizes a registered single-operator design per entry
//! (yosys synth_ice40 + nextpnr-ice40 on the hx8k) and records nextpnr's register-to-register
//! period; an operator's delay is that period minus the period of a bare register pair of the
//! same width ([`register_overhead_ns`]: clock-to-out, setup and the hop between them).
//! Widths between the calibrated ones are interpolated linearly, wider ones extrapolated from
//! the last two points. This is the only copy of the table: the FPGA crate's calibration
//! script writes it here and nothing else reads it.
//!
//! What the numbers do not say: an operator that fits in the one LUT in front of a flip-flop
//! (and, or, xor at any width; a mux up to 8 bits; 1-bit arithmetic) packs into the
//! register's own logic cell and measures 0 ns. Chained after another operator it costs a LUT
//! level and a routing hop; [`super::delays`] adds that.

use std::sync::OnceLock;

/// An operator kind of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// `comb.add`.
    Add,
    /// `comb.sub`.
    Sub,
    /// `comb.mul` (in LUTs and carry chains; the hx parts have no DSP).
    Mul,
    /// `comb.icmp eq` / `ne`.
    CmpEq,
    /// `comb.icmp` ordering predicates (`ult`, `slt`, ...).
    CmpLt,
    /// `comb.mux`.
    Mux,
    /// `comb.and`.
    And,
    /// `comb.or`.
    Or,
    /// `comb.xor`.
    Xor,
    /// `comb.shl` by a variable amount.
    Shl,
    /// `comb.shru` / `comb.shrs` by a variable amount.
    Shr,
}

impl Kind {
    /// The operator's name in the data file.
    pub fn file_name(self) -> &'static str {
        match self {
            Kind::Add => "add",
            Kind::Sub => "sub",
            Kind::Mul => "mul",
            Kind::CmpEq => "icmp_eq",
            Kind::CmpLt => "icmp_ult",
            Kind::Mux => "mux",
            Kind::And => "and",
            Kind::Or => "or",
            Kind::Xor => "xor",
            Kind::Shl => "shl",
            Kind::Shr => "shru",
        }
    }

    /// Every kind.
    pub const ALL: [Kind; 11] = [
        Kind::Add,
        Kind::Sub,
        Kind::Mul,
        Kind::CmpEq,
        Kind::CmpLt,
        Kind::Mux,
        Kind::And,
        Kind::Or,
        Kind::Xor,
        Kind::Shl,
        Kind::Shr,
    ];
}

/// One measured row.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entry {
    /// The operator (`wire` rows, the bare register pair, have `None`).
    pub op: Option<Kind>,
    /// Operand width in bits.
    pub width: u32,
    /// nextpnr's register-to-register period of the whole design, ns.
    pub period_ns: f64,
    /// What the operator adds to a cycle, ns.
    pub op_ns: f64,
    /// Logic cells the design used (registers included).
    pub logic_cells: u32,
}

const DATA: &str = include_str!("../../data/ice40-delays.tsv");

fn parse() -> Vec<Entry> {
    DATA.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("op\t") && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let num =
                |i: usize| f.get(i).and_then(|s| s.parse::<f64>().ok()).expect("well-formed delay table");
            let op = if f[0] == "wire" {
                None
            } else {
                Some(
                    *Kind::ALL.iter().find(|k| k.file_name() == f[0]).expect("known operator in delay table"),
                )
            };
            Entry { op, width: num(1) as u32, period_ns: num(2), op_ns: num(3), logic_cells: num(4) as u32 }
        })
        .collect()
}

/// The measured table, in file order (parsed once).
pub fn table() -> &'static [Entry] {
    static T: OnceLock<Vec<Entry>> = OnceLock::new();
    T.get_or_init(parse)
}

fn interpolate(points: &[(u32, f64)], width: u32) -> f64 {
    let w = f64::from(width.max(1));
    let i = points.iter().position(|&(pw, _)| pw >= width.max(1)).unwrap_or(points.len() - 1).max(1);
    let (w0, d0) = points[i - 1];
    let (w1, d1) = points[i];
    let (w0, w1) = (f64::from(w0), f64::from(w1));
    (d0 + (d1 - d0) * (w - w0) / (w1 - w0)).max(0.0)
}

fn series(op: Option<Kind>, value: fn(&Entry) -> f64) -> Vec<(u32, f64)> {
    let mut v: Vec<(u32, f64)> = table().iter().filter(|e| e.op == op).map(|e| (e.width, value(e))).collect();
    v.sort_by_key(|p| p.0);
    v
}

/// The delay a lone operator of `width` bits adds to a cycle on the iCE40, in ns (as measured:
/// 0 for what packs into the register's own logic cell).
pub fn op_delay_ns(op: Kind, width: u32) -> f64 {
    interpolate(&series(Some(op), |e| e.op_ns), width)
}

/// The period of a bare register-to-register path of `width` bits (clock-to-out, setup,
/// one hop), in ns: what every cycle spends besides its operators.
pub fn register_overhead_ns(width: u32) -> f64 {
    interpolate(&series(None, |e| e.period_ns), width)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_complete_and_sane() {
        let t = table();
        for op in Kind::ALL {
            for w in [1, 8, 16, 32, 64] {
                let e = t.iter().find(|e| e.op == Some(op) && e.width == w);
                let e = e.unwrap_or_else(|| panic!("{op:?} i{w} not calibrated"));
                assert!(e.period_ns > 0.0 && e.op_ns >= 0.0 && e.op_ns < e.period_ns, "{e:?}");
            }
        }
        // Wider carry chains are slower; a multiplier is slower than an adder.
        assert!(op_delay_ns(Kind::Add, 64) > op_delay_ns(Kind::Add, 8));
        assert!(op_delay_ns(Kind::Mul, 32) > op_delay_ns(Kind::Add, 32));
        // Interpolation lies between its neighbours; the measured points are returned as is.
        let (a, b, m) = (op_delay_ns(Kind::Add, 16), op_delay_ns(Kind::Add, 32), op_delay_ns(Kind::Add, 24));
        assert!(a.min(b) <= m && m <= a.max(b));
        assert!((op_delay_ns(Kind::Add, 32) - 4.754).abs() < 1e-9);
        assert!(register_overhead_ns(8) > 0.0);
    }
}
