//! Memories (`CellKind::Memory`) in the generated simulator.
//!
//! The read data is a register of the ordinary two banks: its next value is computed with
//! the other next-state values (from the contents as they are before the edge: read-first)
//! and committed with them. The contents are a fixed array `mem<k>: [T; depth]` of the
//! private state (all-zero is their initial value); the write is computed with the next
//! values too, into `mw<k>_en`, `mw<k>_a`, `mw<k>_d`, and applied by the domain's
//! `commit_<d>`, after every read of the edge has been computed.

use super::ops::Ty;

/// One memory: its index `k` and shape.
pub struct Mem {
    /// Its number (`mem<k>`).
    pub k: usize,
    /// Number of words.
    pub depth: u32,
    /// Word width.
    pub width: u32,
}

/// The condition that an address expression `a` of `width` bits is below `depth`, and
/// the expression of its index (meaningful when it is).
pub fn address(a: &str, width: u32, depth: u32) -> (String, String) {
    match Ty::of(width) {
        Ty::N(_) => (format!("(({a}) as u128) < {depth}u128"), format!("(({a}) as usize)")),
        Ty::W(_) => (
            format!("{{ let a = {a}; a[1..].iter().all(|&x| x == 0) && a[0] < {depth} }}"),
            format!("(({a})[0] as usize)"),
        ),
    }
}

impl Mem {
    /// The private state fields: (name, type, initializer).
    pub fn fields(&self) -> Vec<(String, String, String)> {
        let (k, ty) = (self.k, Ty::of(self.width));
        vec![
            (
                format!("mem{k}"),
                format!("[{}; {}]", ty.name(), self.depth),
                format!("[{}; {}]", ty.zero(), self.depth),
            ),
            (format!("mw{k}_en"), "u8".into(), "0".into()),
            (format!("mw{k}_a"), "u32".into(), "0".into()),
            (format!("mw{k}_d"), ty.name(), ty.zero()),
        ]
    }

    /// The next-state statements. `ops` are the operand expressions (clk, raddr, ren,
    /// waddr, we, wdata), `widths` their widths, `next` the read data's next-value slot and
    /// `cur` its current value.
    pub fn next(&self, ops: &[String], widths: &[u32], next: &str, cur: &str) -> String {
        let (k, zero) = (self.k, Ty::of(self.width).zero());
        let (rc, ri) = address(&ops[1], widths[1], self.depth);
        let (wc, wi) = address(&ops[3], widths[3], self.depth);
        format!(
            "    {next} = if {} != 0 {{ if {rc} {{ s.mem{k}[{ri}] }} else {{ {zero} }} }} else {{ {cur} }};\n\
             \x20   s.mw{k}_en = ({} != 0 && {wc}) as u8;\n\
             \x20   if s.mw{k}_en != 0 {{ s.mw{k}_a = {wi} as u32; s.mw{k}_d = {}; }}\n",
            ops[2], ops[4], ops[5]
        )
    }

    /// The write, in `commit_<d>`.
    pub fn commit(&self) -> String {
        let k = self.k;
        format!("    if s.mw{k}_en != 0 {{ s.mem{k}[s.mw{k}_a as usize] = s.mw{k}_d; }}\n")
    }
}
