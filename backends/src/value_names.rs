//! Canonical value names: the one naming that the MLIR and SystemVerilog printers share.
//!
//! A netlist may give two cells of a module one name (a register's `name` attribute next to
//! an SSA name, `%x#1` next to `%x_1`, flattening's `u_x` next to a top-level `u_x`, a
//! generated netlist) or a name MLIR cannot spell. The MLIR printer must print unique,
//! legal names, and the netlist read back from it has exactly those; for that netlist to
//! print the same SystemVerilog, the SV printer starts from the same names rather than the
//! cells' own. On a netlist whose names are unique and legal (as one read from MLIR text
//! usually is) the canonical names are the cells' names; only names that differ are stored,
//! and the SV printer computes them only when its namer finds a clash
//! ([`crate::verilog::module`]).
//!
//! [`value_names`] legalizes each name to MLIR's identifier characters and makes it unique
//! with `_0`, `_1`, ... in this order: input ports (port order), then the other cells in
//! emission order, constants last (the SV printer writes constants as literals, so their
//! names should not push a declared cell's name aside). An instance output is named at its
//! instance by the first output cell of each port in emission order, its *leader*; the
//! other output cells of that port are the same value and get no name.

use comb::{CellKind, Design, Module, NetId, PortId};
use mlir_text::fxhash::{FxMap, FxSet};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::rc::Rc;

/// `s` in MLIR's SSA identifier characters, or `None` if it names nothing (empty or all
/// digits: an unnamed value). A name the printer keeps for its helper values
/// ([`comb::build::is_helper_name`], `_c$N`) becomes `_c_N`, so the reader never takes a
/// value of the netlist for a helper.
pub fn legal_ssa(s: &str) -> Option<String> {
    if s.is_empty() || s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if comb::build::is_helper_name(s) {
        return Some(s.replacen('$', "_", 1));
    }
    let mut out: String =
        s.chars().map(|c| if c.is_ascii_alphanumeric() || "$._-".contains(c) { c } else { '_' }).collect();
    if out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    Some(out)
}

/// True if [`legal_ssa`] keeps `s` as it is.
pub fn is_legal_ssa(s: &str) -> bool {
    s.bytes().next().is_some_and(|b| !b.is_ascii_digit())
        && s.bytes().all(|b| b.is_ascii_alphanumeric() || b"$._-".contains(&b))
        && !comb::build::is_helper_name(s)
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

/// The canonical names of one module (see the module documentation). Only the names that
/// differ from the cells' own are stored: on a module with unique, legal names (any module
/// read from text) nothing is, so a million named cells cost a million set probes and no
/// allocation.
#[derive(Debug)]
pub struct ValueNames<'a> {
    m: &'a Module,
    changed: FxMap<NetId, Option<Rc<str>>>,
    /// The leaders ([`leaders`]) the names were given by.
    first: BTreeMap<(NetId, PortId), NetId>,
}

impl<'a> ValueNames<'a> {
    /// The canonical name of `net`, without `%`; `None` for an unnamed cell and for an
    /// instance output that is not its port's leader.
    pub fn get(&self, net: NetId) -> Option<&str> {
        match self.changed.get(&net) {
            Some(name) => name.as_deref(),
            None => self.m.cell(net).name.as_deref(),
        }
    }

    /// The leading output cell of `instance`'s child port `port`, if it has any.
    pub fn leader(&self, instance: NetId, port: PortId) -> Option<NetId> {
        self.first.get(&(instance, port)).copied()
    }
}

/// Names being handed out: the cells' own (borrowed) and the ones made here.
struct Taken<'a> {
    own: FxSet<&'a str>,
    made: FxSet<Rc<str>>,
}

impl<'a> Taken<'a> {
    fn has(&self, s: &str) -> bool {
        self.own.contains(s) || self.made.contains(s)
    }

    /// The canonical name for a cell whose own name is `hint`: `Ok` if it is `hint`
    /// itself, `Err` with another (or none) if not.
    fn claim(&mut self, hint: Option<&'a str>) -> Result<(), Option<Rc<str>>> {
        let Some(hint) = hint else { return Ok(()) };
        // One probe in the common case: a legal name not taken yet.
        if is_legal_ssa(hint) && !self.made.contains(hint) && self.own.insert(hint) {
            return Ok(());
        }
        let Some(base) = legal_ssa(hint) else { return Err(None) };
        let mut cand = base.clone();
        let mut k = 0u32;
        while self.has(&cand) {
            cand.clear();
            let _ = write!(cand, "{base}_{k}");
            k += 1;
        }
        let rc: Rc<str> = cand.into();
        self.made.insert(rc.clone());
        Err(Some(rc))
    }
}

impl<'a> ValueNames<'a> {
    /// A copy of the module with every cell named canonically, or `None` if the cells'
    /// own names already are (the usual case).
    pub fn renamed(&self) -> Option<Module> {
        if self.changed.is_empty() {
            return None;
        }
        let mut m = self.m.clone();
        for (&net, name) in &self.changed {
            m.cell_mut(net).name = name.as_deref().map(std::sync::Arc::from);
        }
        Some(m)
    }

    /// Records `canonical` as the name of `net` if it is not the cell's own.
    fn set(&mut self, net: NetId, canonical: Option<&str>) {
        if canonical != self.m.cell(net).name.as_deref() {
            self.changed.insert(net, canonical.map(Rc::from));
        }
    }

    /// Names `net` after its own name.
    fn claim_own(&mut self, net: NetId, taken: &mut Taken<'a>) {
        if let Err(other) = taken.claim(self.m.cell(net).name.as_deref()) {
            self.changed.insert(net, other);
        }
    }
}

/// The canonical names of module `m`, whose emission order is `order`.
pub fn value_names<'a>(design: &Design, m: &'a Module, order: &[NetId]) -> ValueNames<'a> {
    let first = leaders(m, order);
    let mut names = ValueNames { m, changed: FxMap::default(), first: BTreeMap::new() };
    let mut taken = Taken { own: FxSet::default(), made: FxSet::default() };
    taken.own.reserve(m.cell_refs().filter(|(_, c)| c.name.is_some()).count());
    for p in m.inputs() {
        let Some(net) = m.port_net(p) else { continue };
        let port: &'a str = &m.port(p).name;
        match taken.claim(Some(port)) {
            Ok(()) => names.set(net, Some(port)),
            Err(other) => names.set(net, other.as_deref()),
        }
    }
    for constants in [false, true] {
        for &net in order {
            let cell = m.cell(net);
            match &cell.kind {
                CellKind::Input(_) => {}
                // An output cell that is not its port's leader is the leader's value.
                CellKind::InstOutput(p) => {
                    if !constants && first.get(&(cell.operands()[0], *p)) != Some(&net) {
                        names.set(net, None);
                    }
                }
                CellKind::Const(_) if !constants => {}
                CellKind::Const(_) => names.claim_own(net, &mut taken),
                _ if constants => {}
                CellKind::Instance { module, .. } => {
                    for p in design.module(*module).outputs() {
                        if let Some(&l) = first.get(&(net, p)) {
                            names.claim_own(l, &mut taken);
                        }
                    }
                }
                _ => names.claim_own(net, &mut taken),
            }
        }
    }
    names.first = first;
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
        let got: Vec<(&str, &str)> =
            order.iter().filter_map(|&n| Some((m.cell(n).name.as_deref()?, names.get(n)?))).collect();
        assert_eq!(got, [("clk", "clk"), ("d", "d"), ("k", "k_0"), ("s", "s"), ("k", "k"), ("s", "s_0")]);
    }

    #[test]
    fn legalizes_ssa_names() {
        assert_eq!(legal_ssa("a b"), Some("a_b".into()));
        assert_eq!(legal_ssa("x.y-z$"), Some("x.y-z$".into()));
        assert_eq!(legal_ssa("3d"), Some("_3d".into()));
        assert_eq!(legal_ssa("42"), None);
        assert_eq!(legal_ssa(""), None);
        assert_eq!(legal_ssa("_c$3"), Some("_c_3".into()));
        assert_eq!(legal_ssa("_c3"), Some("_c3".into()));
        for s in ["a b", "x.y-z$", "3d", "42", "", "_1", "a", "_c$3", "_c3", "_c$", "_c$x"] {
            assert_eq!(is_legal_ssa(s), legal_ssa(s).as_deref() == Some(s), "{s}");
        }
    }
}
