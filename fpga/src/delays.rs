//! The iCE40 delay figures an HLS scheduler can chain operators with: one table
//! (operator, width) -> ns, measured, not guessed. `scripts/calibrate-ice40.sh` synthesizes a
//! registered single-operator design per entry (yosys synth_ice40 + nextpnr-ice40 on the
//! hx8k) and records nextpnr's register-to-register period; an operator's delay is that
//! period minus the period of a bare register pair of the same width (clock-to-out, setup
//! and the hop between them, [`register_overhead_ns`]). The measured table is
//! `data/ice40-delays.tsv`; widths between the calibrated ones are interpolated linearly,
//! wider ones extrapolated from the last two points.
//!
//! What the numbers mean: an operator that fits in the one LUT in front of a flip-flop (and,
//! or, xor at any width; a mux up to 8 bits; 1-bit arithmetic) packs into the register's
//! own logic cell and measures 0 ns here. Chained after another operator it costs a LUT level
//! and a routing hop, which these single-operator runs do not measure: a scheduler chaining
//! such operators must add that cost itself.

/// An operator kind of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum OpKind {
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

impl OpKind {
    /// The operator's name in the data file.
    pub fn file_name(self) -> &'static str {
        match self {
            OpKind::Add => "add",
            OpKind::Sub => "sub",
            OpKind::Mul => "mul",
            OpKind::CmpEq => "icmp_eq",
            OpKind::CmpLt => "icmp_ult",
            OpKind::Mux => "mux",
            OpKind::And => "and",
            OpKind::Or => "or",
            OpKind::Xor => "xor",
            OpKind::Shl => "shl",
            OpKind::Shr => "shru",
        }
    }

    /// Every kind.
    pub const ALL: [OpKind; 11] = [
        OpKind::Add,
        OpKind::Sub,
        OpKind::Mul,
        OpKind::CmpEq,
        OpKind::CmpLt,
        OpKind::Mux,
        OpKind::And,
        OpKind::Or,
        OpKind::Xor,
        OpKind::Shl,
        OpKind::Shr,
    ];
}

/// One measured row.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entry {
    /// The operator (`wire` rows, the bare register pair, have `None`).
    pub op: Option<OpKind>,
    /// Operand width in bits.
    pub width: u32,
    /// nextpnr's register-to-register period of the whole design, ns.
    pub period_ns: f64,
    /// What the operator adds to a cycle, ns.
    pub op_ns: f64,
    /// Logic cells the design used (registers included).
    pub logic_cells: u32,
}

const DATA: &str = include_str!("../data/ice40-delays.tsv");

/// The measured table, in file order.
pub fn table() -> Vec<Entry> {
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
                    *OpKind::ALL
                        .iter()
                        .find(|k| k.file_name() == f[0])
                        .expect("known operator in delay table"),
                )
            };
            Entry { op, width: num(1) as u32, period_ns: num(2), op_ns: num(3), logic_cells: num(4) as u32 }
        })
        .collect()
}

fn interpolate(points: &[(u32, f64)], width: u32) -> f64 {
    let w = f64::from(width.max(1));
    let i = points.iter().position(|&(pw, _)| pw >= width.max(1)).unwrap_or(points.len() - 1).max(1);
    let (w0, d0) = points[i - 1];
    let (w1, d1) = points[i];
    let (w0, w1) = (f64::from(w0), f64::from(w1));
    (d0 + (d1 - d0) * (w - w0) / (w1 - w0)).max(0.0)
}

fn series(op: Option<OpKind>, value: fn(&Entry) -> f64) -> Vec<(u32, f64)> {
    let mut v: Vec<(u32, f64)> = table().iter().filter(|e| e.op == op).map(|e| (e.width, value(e))).collect();
    v.sort_by_key(|p| p.0);
    v
}

/// The delay an operator of `width` bits adds to a cycle on the iCE40, in ns.
pub fn op_delay_ns(op: OpKind, width: u32) -> f64 {
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
        for op in OpKind::ALL {
            for w in [1, 8, 16, 32, 64] {
                let e = t.iter().find(|e| e.op == Some(op) && e.width == w);
                let e = e.unwrap_or_else(|| panic!("{op:?} i{w} not calibrated"));
                assert!(e.period_ns > 0.0 && e.op_ns >= 0.0 && e.op_ns < e.period_ns, "{e:?}");
            }
        }
        // Wider carry chains are slower; a multiplier is slower than an adder.
        assert!(op_delay_ns(OpKind::Add, 64) > op_delay_ns(OpKind::Add, 8));
        assert!(op_delay_ns(OpKind::Mul, 32) > op_delay_ns(OpKind::Add, 32));
        // Interpolation lies between its neighbours.
        let (a, b, m) =
            (op_delay_ns(OpKind::Add, 16), op_delay_ns(OpKind::Add, 32), op_delay_ns(OpKind::Add, 24));
        assert!(a.min(b) <= m && m <= a.max(b));
        assert!(register_overhead_ns(8) > 0.0);
    }
}
