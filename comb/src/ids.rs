//! Typed ids for the netlist's entities.
//!
//! Every node of a module's graph is a cell that drives exactly one net (or none, for an
//! instance); a [`NetId`] names both the cell and the net it drives. Ids print in the
//! spelling of the text format (`%n12`).

use petgraph::stable_graph::NodeIndex;
use std::fmt;

/// A cell of a module, and the net it drives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NetId(pub NodeIndex<u32>);

impl NetId {
    /// The raw index (dense for a freshly built module, with holes after removals).
    pub fn index(self) -> usize {
        self.0.index()
    }
}

impl fmt::Display for NetId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "%n{}", self.0.index())
    }
}

/// A module of a [`crate::Design`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ModuleId(pub u32);

impl ModuleId {
    /// The raw index into [`crate::Design::modules`].
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A port of a module, by position in [`crate::Module::ports`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PortId(pub u32);

impl PortId {
    /// The raw index.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
