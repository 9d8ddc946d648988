//! The SystemVerilog of a memory cell (`CellKind::Memory`): an unpacked array with one
//! `always_ff` that writes it and registers the read data, the shape Yosys infers as block
//! RAM (`synth_ice40` maps a 256 x 16 memory to one `SB_RAM40_4K`).
//!
//! ```text
//! logic [15:0] q;                       // the read data (the cell's net)
//! logic [15:0] _3 [0:199];              // the contents (a temporary name)
//! initial begin
//!   q = 16'h0;
//!   for (int i = 0; i < 200; i++) _3[i] = 16'h0;
//! end
//! always_ff @(posedge clk) begin
//!   if (we && waddr < 8'hC8) _3[waddr] <= wdata;
//!   if (ren) q <= raddr < 8'hC8 ? _3[raddr] : 16'h0;
//! end
//! ```
//!
//! Both statements read the array as it was before the edge (nonblocking assignments), so
//! the read is read-first, as the cell's meaning says. An address is bounded by a compare
//! only where it can reach `depth` (a compare that is always true is a Verilator CMPCONST
//! warning), and indexes the array with exactly `max(1, ceil(log2(depth)))` bits (cut or
//! zero-extended), as Verilator's width lint wants. Addresses, enables and the clock are
//! identifiers or constants (see `usage::operand_need`), so they compose without
//! parentheses.

use super::expr::Expr;
use comb::Bits;

/// The bits that index an array of `depth` words.
pub fn index_bits(depth: u32) -> u32 {
    (32 - depth.saturating_sub(1).leading_zeros()).max(1)
}

/// How an address of the memory is written: an optional bound check and the index text.
struct Address {
    guard: Option<String>,
    index: String,
}

/// The address `a` (an identifier or constant of `width` bits) into `depth` words.
fn address(a: &Expr, width: u32, depth: u32) -> Address {
    let ib = index_bits(depth);
    if let Expr::Const(b) = a {
        let v = b.as_u64().filter(|&v| v < depth as u64);
        return match v {
            Some(v) => Address { guard: None, index: Expr::Const(Bits::from_u64(v, ib)).text() },
            // Never in range: a constant compare that is false, and any index in range.
            None => Address {
                guard: Some(format!(
                    "{} < {}",
                    a.text(),
                    Expr::Const(Bits::from_u64(depth as u64, width)).text()
                )),
                index: Expr::Const(Bits::zero(ib)).text(),
            },
        };
    }
    let name = a.text();
    let reaches = width >= 32 || (1u64 << width) > depth as u64;
    let guard =
        reaches.then(|| format!("{name} < {}", Expr::Const(Bits::from_u64(depth as u64, width)).text()));
    let index = if width == ib {
        name
    } else if width > ib {
        if ib == 1 {
            format!("{name}[0]")
        } else {
            format!("{name}[{}:0]", ib - 1)
        }
    } else {
        format!("{{{}, {name}}}", Expr::Const(Bits::zero(ib - width)).text())
    };
    Address { guard, index }
}

/// The condition text of an enable, `None` when it is the constant 1.
fn enable(e: &Expr) -> Option<String> {
    match e {
        Expr::Const(b) if b.is_ones() => None,
        _ => Some(e.text()),
    }
}

/// The operands of one memory, as expressions, and its shape.
pub struct Memory<'e, 'n> {
    /// The read data's name.
    pub data: &'e str,
    /// The contents' name.
    pub array: &'e str,
    /// Word width.
    pub width: u32,
    /// Number of words.
    pub depth: u32,
    /// clk, raddr, ren, waddr, we, wdata.
    pub ops: &'e [Expr<'n>],
    /// The widths of the read and write addresses.
    pub addr_widths: [u32; 2],
    /// SystemVerilog or Verilog-2005.
    pub dialect: super::SvDialect,
}

impl Memory<'_, '_> {
    /// The declaration of the contents and the initial block (the read data's own
    /// declaration is the printer's, like a register's).
    pub fn declaration(&self) -> Vec<String> {
        let (w, d, array) = (self.width, self.depth, self.array);
        let zero = Expr::Const(Bits::zero(w)).text();
        let decl = format!("{} {}{array} [0:{}];", self.dialect.var(), super::text::range(w), d - 1);
        match self.dialect {
            super::SvDialect::Sv2017 => vec![
                decl,
                "initial begin".to_string(),
                format!("  {} = {zero};", self.data),
                format!("  for (int i = 0; i < {d}; i++) {array}[i] = {zero};"),
                "end".to_string(),
            ],
            // Verilog-2005 declares the loop counter in a named block, named after the
            // contents (a temporary `_3` gives `_3_init`).
            super::SvDialect::Verilog2005 => vec![
                decl,
                format!("initial begin : {}_init", array.trim_end()),
                "  integer i;".to_string(),
                format!("  {} = {zero};", self.data),
                format!("  for (i = 0; i < {d}; i = i + 1) {array}[i] = {zero};"),
                "end".to_string(),
            ],
        }
    }

    /// The `always_ff` block.
    pub fn process(&self) -> String {
        let [clk, raddr, ren, waddr, we, wdata] = self.ops else {
            unreachable!("a memory has six operands (verified)")
        };
        let (array, data) = (self.array, self.data);
        let wa = address(waddr, self.addr_widths[1], self.depth);
        let conds: Vec<String> = [enable(we), wa.guard].into_iter().flatten().collect();
        let store = format!("{array}[{}] <= {};", wa.index, wdata.text());
        let write = if conds.is_empty() { store } else { format!("if ({}) {store}", conds.join(" && ")) };
        let ra = address(raddr, self.addr_widths[0], self.depth);
        let word = format!("{array}[{}]", ra.index);
        let value = match &ra.guard {
            Some(g) => format!("{g} ? {word} : {}", Expr::Const(Bits::zero(self.width)).text()),
            None => word,
        };
        let load = format!("{data} <= {value};");
        let read = match enable(ren) {
            Some(c) => format!("if ({c}) {load}"),
            None => load,
        };
        format!("{} @(posedge {}) begin\n    {write}\n    {read}\n  end", self.dialect.ff(), clk.text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_widths() {
        assert_eq!(index_bits(1), 1);
        assert_eq!(index_bits(2), 1);
        assert_eq!(index_bits(3), 2);
        assert_eq!(index_bits(256), 8);
        assert_eq!(index_bits(257), 9);
    }
}
