//! Per-net use lists, kept beside the node store so that editing a cell's operands costs
//! O(its operands) whatever the fan-out of the nets involved (petgraph's edge removal walks
//! the source's whole outgoing list, which goes quadratic on a reset feeding 100k registers).
//!
//! Each net has an exact use count and a list of `(user, position)` entries. An entry is
//! never searched for to be removed: one whose user no longer reads the net at that position
//! is *stale* and skipped when the list is read. A list is compacted (stale entries dropped,
//! duplicates merged) when it grows past twice its count, so its length stays O(count) and
//! an edit costs amortized O(1).

use super::Cell;
use super::NetId;
use petgraph::stable_graph::StableGraph;
use smallvec::SmallVec;

type Graph = StableGraph<Cell, u32, petgraph::Directed, u32>;
type List = SmallVec<[(NetId, u32); 2]>;

/// The use lists of one module, indexed by net index.
#[derive(Clone, Debug, Default)]
pub(super) struct Uses {
    lists: Vec<List>,
    counts: Vec<u32>,
}

/// True if `user` (live) reads `net` at `pos`.
fn valid(graph: &Graph, net: NetId, (user, pos): (NetId, u32)) -> bool {
    graph.node_weight(user.node()).is_some_and(|c| c.operands().get(pos as usize) == Some(&net))
}

impl Uses {
    /// Reserves room for `n` more nets.
    pub(super) fn reserve(&mut self, n: usize) {
        self.lists.reserve(n);
        self.counts.reserve(n);
    }

    /// Makes room for net index `i`.
    pub(super) fn grow(&mut self, i: usize) {
        if self.lists.len() == i {
            // The usual case: the next net.
            self.lists.push(List::new());
            self.counts.push(0);
        } else if self.lists.len() < i {
            self.lists.resize_with(i + 1, List::new);
            self.counts.resize(i + 1, 0);
        }
    }

    /// Records that `user` now reads `net` at `pos` (after the cell's operands were set).
    pub(super) fn add(&mut self, graph: &Graph, net: NetId, user: NetId, pos: u32) {
        let i = net.index();
        self.counts[i] += 1;
        let list = &mut self.lists[i];
        list.push((user, pos));
        if list.len() > 2 * self.counts[i] as usize + 2 {
            list.retain(|e| valid(graph, net, *e));
            list.sort_unstable();
            list.dedup();
        }
    }

    /// Records that one use of `net` went away (its entry turns stale by itself).
    pub(super) fn remove(&mut self, net: NetId) {
        self.counts[net.index()] -= 1;
    }

    /// Forgets every use of `net` (all its users were redirected, or it was removed).
    pub(super) fn clear(&mut self, net: NetId) {
        self.counts[net.index()] = 0;
        self.lists[net.index()] = List::new();
    }

    /// Number of uses of `net`.
    pub(super) fn count(&self, net: NetId) -> usize {
        self.counts[net.index()] as usize
    }

    /// The users of `net`, sorted by (user, position), without duplicates.
    pub(super) fn users(&self, graph: &Graph, net: NetId) -> Vec<(NetId, u32)> {
        let mut v: Vec<(NetId, u32)> =
            self.lists[net.index()].iter().copied().filter(|&e| valid(graph, net, e)).collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// The users of `net` in no particular order, a user once per use, perhaps repeated.
    pub(super) fn users_unordered<'a>(
        &'a self,
        graph: &'a Graph,
        net: NetId,
    ) -> impl Iterator<Item = NetId> + 'a {
        self.lists[net.index()].iter().filter(move |&&e| valid(graph, net, e)).map(|&(user, _)| user)
    }

    /// Checks the lists against the operands: every count is exact and every use is listed.
    /// Returns the first net that disagrees.
    pub(super) fn check(&self, graph: &Graph) -> Result<(), NetId> {
        let mut real = vec![0u32; self.counts.len()];
        for cell in graph.node_weights() {
            for &o in cell.operands() {
                match real.get_mut(o.index()) {
                    Some(r) => *r += 1,
                    None => return Err(o),
                }
            }
        }
        for n in graph.node_indices().map(NetId::of) {
            let i = n.index();
            if real[i] != self.counts[i] {
                return Err(n);
            }
            // Valid entries are real uses; as many distinct ones as uses means all are listed.
            let listed = self.lists[i].iter().filter(|&&e| valid(graph, n, e)).count();
            if listed != real[i] as usize && self.users(graph, n).len() != real[i] as usize {
                return Err(n);
            }
        }
        Ok(())
    }
}
