//! Typed ids for the netlist's entities.
//!
//! Every node of a module's graph is a cell that drives exactly one net (or none, for an
//! instance); a [`NetId`] names both the cell and the net it drives. Ids print in the
//! spelling of the text format (`%n12`).

pub use crate::netlist::NetId;

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
