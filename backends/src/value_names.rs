//! Canonical value names: the one naming that the MLIR and SystemVerilog printers share.
//!
//! A netlist may give two cells of a module one name (a register's `name` attribute next to
//! an SSA name, `%x#1` next to `%x_1`, flattening's `u_x` next to a top-level `u_x`, a
//! generated netlist) or a name MLIR cannot spell. The MLIR printer must print unique,
//! legal names, and the netlist read back from it has exactly those; for that netlist to
//! print the same SystemVerilog, the SV printer starts from the same names rather than the
//! cells' own. On a netlist whose names are unique and legal (one read from MLIR text) the
//! canonical names are the cells' names.
//!
//! [`value_names`] legalizes each name to MLIR's identifier characters and makes it unique
//! with `_0`, `_1`, ... in this order: input ports (port order), then the other cells in
//! emission order, constants last (the SV printer writes constants as literals, so their
//! names should not push a declared cell's name aside). An instance output is named at its
//! instance by the first output cell of each port in emission order, its *leader*; the
//! other output cells of that port are the same value and get no name.

use comb::{CellKind, Design, Module, NetId, PortId};
use mlir_text::fxhash::FxSet;
use std::collections::BTreeMap;
use std::fmt::Write;
use std::rc::Rc;

/// `s` in MLIR's SSA identifier characters, or `None` if it names nothing (empty or all
/// digits: an unnamed value).
pub fn legal_ssa(s: &str) -> Option<String> {
    if s.is_empty() || s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut out: String =
        s.chars().map(|c| if c.is_ascii_alphanumeric() || "$._-".contains(c) { c } else { '_' }).collect();
    if out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    Some(out)
}

/// The first output cell of each (instance, child port) in `order`.
pub fn leaders(m: &Module, order: &[NetId]) -> BTreeMap<(NetId, PortId), NetId> {
    let mut first = BTreeMap::new();
    for &net in order {
        if let CellKind::InstOutput(p) = m.cell(net).kind {
            first.entry((m.cell(net).operands()[0], p)).or_insert(net);
        }
    }
    first
}

/// Per net (by index): its canonical name (see the module documentation), without `%`;
/// `None` for an unnamed cell and for an instance output that is not its port's leader.
/// `order` is the emission order of module `m`.
pub fn value_names(design: &Design, m: &Module, order: &[NetId]) -> Vec<Option<Rc<str>>> {
    let mut names: Vec<Option<Rc<str>>> = vec![None; m.id_bound()];
    let mut taken: FxSet<Rc<str>> = FxSet::default();
    let mut take = |hint: Option<&str>| -> Option<Rc<str>> {
        let base = legal_ssa(hint?)?;
        let mut cand = base.clone();
        let mut k = 0u32;
        loop {
            let rc: Rc<str> = cand.as_str().into();
            if taken.insert(rc.clone()) {
                return Some(rc);
            }
            cand.clear();
            let _ = write!(cand, "{base}_{k}");
            k += 1;
        }
    };
    for p in m.inputs() {
        if let Some(net) = m.port_net(p) {
            names[net.index()] = take(Some(&m.port(p).name));
        }
    }
    let first = leaders(m, order);
    for constants in [false, true] {
        for &net in order {
            let cell = m.cell(net);
            match &cell.kind {
                CellKind::Input(_) | CellKind::InstOutput(_) => {}
                CellKind::Const(_) if !constants => {}
                CellKind::Const(_) => names[net.index()] = take(cell.name.as_deref()),
                _ if constants => {}
                CellKind::Instance { module, .. } => {
                    for p in design.module(*module).outputs() {
                        if let Some(&l) = first.get(&(net, p)) {
                            names[l.index()] = take(m.cell(l).name.as_deref());
                        }
                    }
                }
                _ => names[net.index()] = take(cell.name.as_deref()),
            }
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    fn build(text: &str) -> Design {
        let src = mlir_text::SourceFile::new("t.mlir", text);
        let file = mlir_text::parse(&src).unwrap_or_else(|d| panic!("{}", d.render(&src)));
        comb::build_design(&file, None).unwrap_or_else(|_| panic!("does not build"))
    }

    #[test]
    fn constants_yield_their_names_and_duplicates_get_suffixes() {
        let d = build(
            "hw.module @m(in %clk : !seq.clock, in %d : i8, out y : i8) {
               %k = hw.constant 3 : i8
               %s = comb.add %d, %k : i8
               %q = seq.compreg %s, %clk {name = \"k\"} : i8
               %y = seq.compreg %q, %clk {name = \"s\"} : i8
               hw.output %y : i8
             }",
        );
        let m = d.module(d.top_id());
        let order: Vec<NetId> = m.cells().collect();
        let names = value_names(&d, m, &order);
        let got: Vec<(&str, &str)> = order
            .iter()
            .filter_map(|&n| Some((m.cell(n).name.as_deref()?, names[n.index()].as_deref()?)))
            .collect();
        assert_eq!(got, [("clk", "clk"), ("d", "d"), ("k", "k_0"), ("s", "s"), ("k", "k"), ("s", "s_0")]);
    }

    #[test]
    fn legalizes_ssa_names() {
        assert_eq!(legal_ssa("a b"), Some("a_b".into()));
        assert_eq!(legal_ssa("x.y-z$"), Some("x.y-z$".into()));
        assert_eq!(legal_ssa("3d"), Some("_3d".into()));
        assert_eq!(legal_ssa("42"), None);
        assert_eq!(legal_ssa(""), None);
    }
}
