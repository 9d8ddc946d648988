//! [`NetId`], the opaque id of a cell and the net it drives.
//!
//! It wraps a plain `u32`; only the netlist module turns it into the graph's node index and
//! back, so no petgraph type shows in the netlist's interface.

use petgraph::stable_graph::NodeIndex;
use std::fmt;

/// A cell of a module, and the net it drives. Ids print in the spelling of the text format
/// (`%n12`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NetId(u32);

impl NetId {
    /// The raw index (dense for a freshly built module, with holes after removals).
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The id with raw index `i` (for walking dense side tables indexed by
    /// [`NetId::index`]; whether it names a live cell is [`super::Module::contains`]).
    pub(crate) fn from_index(i: usize) -> NetId {
        NetId(i as u32)
    }

    /// The graph node of this cell.
    pub(super) fn node(self) -> NodeIndex<u32> {
        NodeIndex::new(self.0 as usize)
    }

    /// The cell of a graph node.
    pub(super) fn of(node: NodeIndex<u32>) -> NetId {
        NetId(node.index() as u32)
    }
}

impl fmt::Display for NetId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "%n{}", self.0)
    }
}
