//! Derived clocks in the generated simulator: clocks computed by logic (a `negedge` block's
//! inverted clock, a gated, muxed or divided clock; `comb::eval_clocks`).
//!
//! Why: the simulator's domains are clock ports, one tick per rising edge; a register on
//! `~clk` loads half a cycle later, at the falling edge, and SystemVerilog (and so Verilator
//! in `cosim`) sees that. So when the design has derived clocks, each gets a domain of its
//! own (`domains.len() + k`, with its register banks and `commit_<d>`), its net is computed
//! like an output into the state field `dc<k>`, and the clock ports' levels become state
//! fields `c<d>` that the logic reads. A tick is then a whole cycle: `c<d> = 1`, settle; the
//! port domains and the derived clocks that rose with them (a mux or an inverter of a port)
//! sample and commit together, as one SystemVerilog time step samples before its
//! nonblocking updates; settle, fire the derived clocks that rose (those registers make);
//! `c<d> = 0`, settle, fire again. Firing (`__edges`) compares each `dc<k>` with its value at
//! the last look (`pc<k>`); the domains that rose sample their checks and commit together
//! (their next values were computed by the settle before, so they see the values just before
//! their edge), the logic settles, and that repeats while a derived clock rises (a divided
//! clock rises after the register that makes it), at most once more than there are derived
//! clocks. `eval()` fires too, as an input may move a derived clock (a clock mux's select).
//! No derived clock rises at power-on. Designs without derived clocks keep the one-edge tick.

use super::logic::Compiled;
use comb::eval_clocks;
use comb::{CellKind, Module, NetId, PortId};
use std::fmt::Write;

/// The domain of a clock net: the position of its port among `clocks`, else the derived
/// clock's position after them.
pub fn domain(m: &Module, clocks: &[PortId], derived: &[NetId], clk: NetId) -> Option<usize> {
    let c = eval_clocks::through_wires(m, clk);
    match m.cell(c).kind {
        CellKind::Input(p) => clocks.iter().position(|&q| q == p),
        _ => derived.iter().position(|&n| n == c).map(|k| clocks.len() + k),
    }
}

/// A derived clock must be one bit wide (its edges are its bit 0's).
pub fn check_widths(m: &Module, derived: &[NetId]) -> Result<(), String> {
    for &n in derived {
        if m.width(n) != 1 {
            let name = m.cell(n).name.as_deref().unwrap_or("?").to_string();
            return Err(format!("clock '{name}' is {} bits wide; a clock is one bit", m.width(n)));
        }
    }
    Ok(())
}

/// The private `__settle` (every part, then the asynchronous forcing) and `__edges` methods.
pub fn methods(c: &Compiled) -> String {
    let mut s = String::from(
        "    /// Runs every part, then the asynchronous resets' forcing.\n    fn __settle(&mut self) {\n",
    );
    for p in 0..3 {
        for k in 0..c.part_fns[p] {
            let _ = writeln!(s, "        logic::p{p}_{k}(&mut self.__s);");
        }
    }
    s.push_str("        self.__s.nv = 1;\n        logic::force(&mut self.__s);\n    }\n\n");
    s.push_str(
        "    /// Fires the derived clocks that rose since the last look, settles, and repeats\n\
         \x20   /// while one rises.\n    fn __edges(&mut self) {\n",
    );
    let _ = writeln!(s, "        for _ in 0..{} {{", c.derived + 1);
    s.push_str(&fire(c, &[], false, "            "));
    s.push_str("            self.__settle();\n        }\n    }\n\n");
    s
}

/// Code that fires the port domains `ds` (with the immediate checks if `immediate`) and
/// the derived clocks that rose since the last look; with no `ds`, it returns from the
/// method when none rose.
fn fire(c: &Compiled, ds: &[usize], immediate: bool, ind: &str) -> String {
    let mut s = String::new();
    let base = c.domains.len();
    for k in 0..c.derived {
        let _ = writeln!(
            s,
            "{ind}let e{k} = self.__s.pc{k} & 1 == 0 && self.__s.dc{k} & 1 == 1;\n{ind}self.__s.pc{k} = self.__s.dc{k};"
        );
    }
    if ds.is_empty() {
        let any: Vec<String> = (0..c.derived).map(|k| format!("e{k}")).collect();
        let _ = writeln!(s, "{ind}if !({}) {{\n{ind}    return;\n{ind}}}", any.join(" || "));
    }
    s.push_str(&super::checks::sample(&c.checks, ds, immediate));
    for k in 0..c.derived {
        let sample = super::checks::sample(&c.checks, &[base + k], false);
        if !sample.is_empty() {
            let _ = writeln!(s, "{ind}if e{k} {{\n{sample}{ind}}}");
        }
    }
    for &d in ds {
        let _ = writeln!(s, "{ind}logic::commit_{d}(&mut self.__s);");
    }
    for k in 0..c.derived {
        let _ = writeln!(s, "{ind}if e{k} {{\n{ind}    logic::commit_{}(&mut self.__s);\n{ind}}}", base + k);
    }
    s
}

/// The body of a tick of the port domains `ds` with derived clocks (after the pre-edge
/// `eval`): the clocks rise and the logic settles; the port domains and the derived clocks
/// that rose with them sample and commit together; then the derived clocks that registers
/// make; then the clocks fall.
pub fn tick_body(c: &Compiled, ds: &[usize]) -> String {
    let mut s = String::new();
    for &d in ds {
        let _ = writeln!(s, "        self.__s.c{d} = 1;");
    }
    s.push_str("        self.__settle();\n        {\n");
    s.push_str(&fire(c, ds, true, "            "));
    s.push_str("        }\n        self.__settle();\n        self.__edges();\n");
    for &d in ds {
        let _ = writeln!(s, "        self.__s.c{d} = 0;");
    }
    s.push_str("        self.__settle();\n        self.__edges();\n");
    s
}

/// In `new()`: the derived clocks' power-on values are no edge.
pub fn remember(c: &Compiled) -> String {
    (0..c.derived).map(|k| format!("        s.__s.pc{k} = s.__s.dc{k};\n")).collect()
}
