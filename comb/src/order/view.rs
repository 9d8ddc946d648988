//! Dependency relations as petgraph graphs, for petgraph's visitors.
//!
//! A [`DepView`] is a directed graph over dense ids (cells or modules) whose edges go from
//! each id to the ids a function lists as its dependencies; nothing is materialized, so a
//! relation that skips state elements or goes through instance summaries costs no copy of
//! the netlist. [`dependency_order`] runs petgraph's [`DfsPostOrder`] over it and checks the
//! result for back edges, which are exactly the cycles.

use crate::ids::{ModuleId, NetId};
use petgraph::visit::{DfsPostOrder, GraphBase, GraphRef, IntoNeighbors, VisitMap, Visitable};
use std::collections::VecDeque;
use std::marker::PhantomData;

/// An id with a dense index below a known bound.
pub trait Dense: Copy + PartialEq {
    /// The index.
    fn dense(self) -> usize;
}

impl Dense for NetId {
    fn dense(self) -> usize {
        self.index()
    }
}

impl Dense for ModuleId {
    fn dense(self) -> usize {
        self.index()
    }
}

/// Visited marks by dense index.
pub struct Seen(Vec<bool>);

impl<N: Dense> VisitMap<N> for Seen {
    fn visit(&mut self, a: N) -> bool {
        !std::mem::replace(&mut self.0[a.dense()], true)
    }
    fn is_visited(&self, a: &N) -> bool {
        self.0[a.dense()]
    }
}

/// The graph over ids below `bound` with an edge from each id to every id `deps` lists.
pub struct DepView<N, F> {
    bound: usize,
    deps: F,
    ids: PhantomData<N>,
}

impl<N, F: Copy> Clone for DepView<N, F> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<N, F: Copy> Copy for DepView<N, F> {}

impl<N: Dense, F> DepView<N, F> {
    /// The view of `deps` over ids below `bound`.
    pub fn new(bound: usize, deps: F) -> Self {
        DepView { bound, deps, ids: PhantomData }
    }
}

impl<N: Dense, F> GraphBase for DepView<N, F> {
    type EdgeId = ();
    type NodeId = N;
}

impl<N: Dense, F: Copy> GraphRef for DepView<N, F> {}

/// Neighbors come in reverse: [`DfsPostOrder`] pushes them all and explores the last pushed
/// first, so the search takes the dependencies in their listed order.
impl<N: Dense, F, I> IntoNeighbors for DepView<N, F>
where
    F: Fn(N) -> I + Copy,
    I: DoubleEndedIterator<Item = N>,
{
    type Neighbors = std::iter::Rev<I>;
    fn neighbors(self, a: N) -> Self::Neighbors {
        (self.deps)(a).rev()
    }
}

impl<N: Dense, F> Visitable for DepView<N, F> {
    type Map = Seen;
    fn visit_map(&self) -> Seen {
        Seen(vec![false; self.bound])
    }
    fn reset_map(&self, map: &mut Seen) {
        map.0.clear();
        map.0.resize(self.bound, false);
    }
}

/// Every id reachable from `roots`, each after its dependencies: a depth-first search from
/// each root in turn, dependencies in their listed order (so ties go to the earlier root
/// and dependency, deterministically). `Err` holds one cycle `[d, .., n]`, each id
/// depending on the next and the last on the first.
pub fn dependency_order<N, F, I>(
    view: DepView<N, F>,
    roots: impl Iterator<Item = N>,
) -> Result<Vec<N>, Vec<N>>
where
    N: Dense,
    F: Fn(N) -> I + Copy,
    I: DoubleEndedIterator<Item = N>,
{
    let mut dfs = DfsPostOrder::empty(view);
    let mut order = Vec::new();
    for root in roots {
        if dfs.discovered.is_visited(&root) {
            continue;
        }
        dfs.move_to(root);
        while let Some(n) = dfs.next(view) {
            order.push(n);
        }
    }
    // In a post-order every dependency comes earlier unless the edge closes a cycle.
    let mut pos = vec![u32::MAX; view.bound];
    for (i, &n) in order.iter().enumerate() {
        pos[n.dense()] = i as u32;
    }
    for &n in &order {
        if let Some(d) = (view.deps)(n).find(|d| pos[d.dense()] >= pos[n.dense()]) {
            return Err(path(view, d, n));
        }
    }
    Ok(order)
}

/// A shortest dependency path from `from` to `to` followed by the back edge `to -> from`
/// (a breadth-first search; `to` is reachable because the search reached it from `from`).
fn path<N, F, I>(view: DepView<N, F>, from: N, to: N) -> Vec<N>
where
    N: Dense,
    F: Fn(N) -> I + Copy,
    I: DoubleEndedIterator<Item = N>,
{
    let mut parent: Vec<Option<N>> = vec![None; view.bound];
    let mut queue = VecDeque::from([from]);
    while let Some(n) = queue.pop_front() {
        if n == to {
            break;
        }
        for d in (view.deps)(n) {
            if d != from && parent[d.dense()].is_none() {
                parent[d.dense()] = Some(n);
                queue.push_back(d);
            }
        }
    }
    let mut cycle = vec![to];
    while let Some(p) = parent[cycle[cycle.len() - 1].dense()] {
        cycle.push(p);
    }
    cycle.reverse();
    cycle
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order(edges: &[Vec<u32>]) -> Result<Vec<u32>, Vec<u32>> {
        let view = DepView::new(edges.len(), |m: ModuleId| edges[m.index()].iter().map(|&i| ModuleId(i)));
        let ids = |v: Vec<ModuleId>| v.into_iter().map(|m| m.0).collect::<Vec<u32>>();
        dependency_order(view, (0..edges.len() as u32).map(ModuleId)).map(ids).map_err(ids)
    }

    #[test]
    fn post_order_takes_dependencies_in_listed_order() {
        // 0 needs 3 then 1; 1 needs 2; 3 needs 2.
        assert_eq!(order(&[vec![3, 1], vec![2], vec![], vec![2]]), Ok(vec![2, 3, 1, 0]));
        assert_eq!(order(&[vec![1, 3], vec![2], vec![], vec![2]]), Ok(vec![2, 1, 3, 0]));
    }

    #[test]
    fn a_cycle_comes_back_as_a_dependency_chain() {
        // 0 -> 1 -> 2 -> 3 -> 1: the chain starts where the back edge points.
        assert_eq!(order(&[vec![1], vec![2], vec![3], vec![1]]), Err(vec![1, 2, 3]));
        assert_eq!(order(&[vec![], vec![1]]), Err(vec![1]));
    }
}
