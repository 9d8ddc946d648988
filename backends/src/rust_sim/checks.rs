//! Checks (`verif.assert`/`assume`/`cover`) in the generated simulator. Each condition is
//! computed like an output into the state slot `ck<j>`; a tick samples the slots from the
//! values settled before the edge (as registers do): a clocked check on its clock's edges,
//! an immediate one on every tick. A 0 of an assert or assume is recorded with the cycle
//! (the ticks before this one) and the label (`check_failures()`); an assume is checked like
//! an assert. A cover counts the ticks its condition is 1 (`cover_counts()`).

use comb::{CellKind, CheckKind, Module, NetId, PortId};
use std::fmt::Write;

/// One check of the flat module.
#[derive(Clone, Debug)]
pub struct CheckSpec {
    /// Its condition net.
    pub cond: NetId,
    /// Assert, assume or cover.
    pub kind: CheckKind,
    /// Its label, or `(unlabeled)`.
    pub label: String,
    /// The clock domain (index into the clock ports) of a clocked check.
    pub domain: Option<usize>,
}

/// The checks of `m` in netlist order; a clocked check's clock must be a clock port or a
/// derived clock (see [`super::derived::domain`]).
pub fn specs(m: &Module, clocks: &[PortId], derived: &[NetId]) -> Result<Vec<CheckSpec>, String> {
    let mut out = Vec::new();
    for id in m.cells() {
        let CellKind::Check { kind, label, clocked } = &m.cell(id).kind else { continue };
        let label = label.as_deref().unwrap_or("(unlabeled)").to_string();
        let domain = if *clocked {
            let d = super::derived::domain(m, clocks, derived, m.operands(id)[1]);
            Some(d.ok_or_else(|| format!("check '{label}' has a clock the Rust simulator cannot find"))?)
        } else {
            None
        };
        out.push(CheckSpec { cond: m.operands(id)[0], kind: *kind, label, domain });
    }
    Ok(out)
}

/// The public struct's private fields for the checks.
pub fn fields(checks: &[CheckSpec]) -> String {
    format!(
        "    __cycle: u64,\n    __failures: Vec<(u64, &'static str, &'static str)>,\n    __covers: [u64; {}],\n",
        checks.len()
    )
}

/// Their initializers in `new()`.
pub fn init(checks: &[CheckSpec]) -> String {
    format!(
        "            __cycle: 0,\n            __failures: Vec::new(),\n            __covers: [0; {}],\n",
        checks.len()
    )
}

/// The sampling at an edge of the clock domains `ds` (after the pre-edge settle), with the
/// immediate checks if `immediate` (at the ticks, not at derived clocks' edges). The tick
/// counts the cycle afterwards ([`count_cycle`]).
pub fn sample(checks: &[CheckSpec], ds: &[usize], immediate: bool) -> String {
    let mut s = String::new();
    for (j, c) in checks.iter().enumerate() {
        let on = match c.domain {
            None => immediate,
            Some(d) => ds.contains(&d),
        };
        if !on {
            continue;
        }
        let _ = match c.kind {
            CheckKind::Cover => writeln!(s, "        self.__covers[{j}] += (self.__s.ck{j} & 1) as u64;"),
            k => writeln!(
                s,
                "        if self.__s.ck{j} & 1 == 0 {{ self.__failures.push((self.__cycle, {:?}, {:?})); }}",
                k.word(),
                c.label
            ),
        };
    }
    s
}

/// The end of a tick: the cycle count.
pub fn count_cycle() -> &'static str {
    "        self.__cycle += 1;\n"
}

/// The public methods that read the checks.
pub fn methods(checks: &[CheckSpec]) -> String {
    let covers: Vec<String> = checks
        .iter()
        .enumerate()
        .filter(|(_, c)| c.kind == CheckKind::Cover)
        .map(|(j, c)| format!("({:?}, self.__covers[{j}])", c.label))
        .collect();
    format!(
        "    /// The failed asserts and assumes so far, in order: (cycle, `assert`/`assume`, label);\n\
         \x20   /// the cycle is the number of ticks before the failing one.\n\
         \x20   pub fn check_failures(&self) -> &[(u64, &'static str, &'static str)] {{\n        &self.__failures\n    }}\n\n\
         \x20   /// Per cover: its label and the number of ticks its condition was 1 at.\n\
         \x20   pub fn cover_counts(&self) -> Vec<(&'static str, u64)> {{\n        vec![{}]\n    }}\n\n",
        covers.join(", ")
    )
}
