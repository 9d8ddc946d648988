//! [`Edits`]: the cells edited since some point, per module, gathered by the
//! [`super::PassManager`] from each module's edit log; and [`sweep_edited`], the sweep that
//! revisits only the cells near them.

use super::sweep_module;
use crate::ids::{ModuleId, NetId};
use crate::netlist::{CellKind, Design, Module};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Cells edited (added, changed, removed, or given new operands) since some point, per
/// module by index.
#[derive(Clone, Debug, Default)]
pub struct Edits {
    /// Per module: the edited cells, with repeats, some perhaps removed since; `None` when
    /// not known (any cell may have changed).
    modules: Vec<Option<Vec<NetId>>>,
}

impl Edits {
    /// No edits in `n` modules.
    pub(crate) fn none(n: usize) -> Edits {
        Edits { modules: vec![Some(Vec::new()); n] }
    }
    /// Unknown edits in `n` modules.
    pub(crate) fn unknown(n: usize) -> Edits {
        Edits { modules: vec![None; n] }
    }
    /// A module's edits, or `None` if unknown.
    pub fn module(&self, mid: ModuleId) -> Option<&[NetId]> {
        self.modules.get(mid.index()).and_then(|m| m.as_deref())
    }
    /// Number of modules.
    pub(crate) fn len(&self) -> usize {
        self.modules.len()
    }
    /// Sets a module's edits.
    pub(crate) fn set(&mut self, mid: ModuleId, edits: Option<Vec<NetId>>) {
        self.modules[mid.index()] = edits;
    }
    /// Adds `other`'s edits (same modules) to these.
    pub(crate) fn append(&mut self, other: &Edits) {
        if self.modules.len() != other.modules.len() {
            *self = Edits::unknown(other.modules.len());
            return;
        }
        for (mine, theirs) in self.modules.iter_mut().zip(&other.modules) {
            match (mine.as_mut(), theirs) {
                (Some(v), Some(w)) => v.extend_from_slice(w),
                (_, None) => *mine = None,
                (None, Some(_)) => {}
            }
        }
    }
}

/// Adds `net`, its users and the users of those of its users for which `deep` holds to
/// `out` (those with index in `after+1..bound`).
fn near(m: &Module, net: NetId, deep: Deep, after: Option<usize>, bound: usize, out: &mut Vec<u32>) {
    let mut add = |n: NetId| {
        if n.index() < bound && after.is_none_or(|a| n.index() > a) {
            out.push(n.index() as u32);
        }
    };
    add(net);
    if !m.contains(net) {
        return;
    }
    for user in m.users_unordered(net) {
        add(user);
        if deep(&m.cell(user).kind) {
            m.users_unordered(user).for_each(&mut add);
        }
    }
}

/// For a sweep's `f`: true for the kinds of cell whose users' results depend on the cell's
/// operands too (not only on the cell).
pub(crate) type Deep = fn(&CellKind) -> bool;

#[cfg(test)]
thread_local! {
    /// Changes made by [`sweep_edited`] away from a full sweep (for the tests).
    pub(crate) static EDITED_CHANGES: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// [`super::sweep`] given the cells edited since the previous sweep with the same `f`
/// began (`edits`, including that sweep's own edits), for an `f` whose result on a cell
/// depends only on the cell, its operands and, for operands of the kinds `deep` picks,
/// their operands (everything about them: kind, width, operands).
///
/// Any cell that `f` would change now is near an edit: the previous sweep looked at every
/// cell (or, if it was itself incremental, skipped only cells on which `f` was a no-op), so
/// a cell it left unchanged was a no-op then; it can stop being one only if something `f`
/// reads of it changed since, that is, if the cell, one of its operands, or (through an
/// operand `deep` picks) one of their operands was edited; that makes it the edited cell,
/// a user of it, or a user of a user `deep` picks. Cells `f` changed were edited
/// themselves. This sweep visits exactly those candidates, in the sweep's order (ids,
/// ascending), adding the candidates near each edit it makes itself ahead of its cursor,
/// and skips the rest, on which `f` returns false without changing anything: the result
/// is the full sweep's. It sweeps everything instead where the order is not the id order,
/// when the edits are unknown, or when too many cells are near them; when its own edits
/// get too many, it visits every cell from the cursor on. A cell that `f` itself creates
/// in a freed id may be visited although the full sweep would not visit it: `f` must leave
/// such cells alone (constant-fold and simplify only create constants, which they never
/// rewrite).
pub(crate) fn sweep_edited(
    design: &mut Design,
    f: fn(&mut Module, NetId) -> bool,
    edits: &Edits,
    deep: Deep,
) -> bool {
    let mut changed = false;
    for mid in design.module_ids() {
        let m = design.module(mid);
        let bound = m.id_bound();
        let incremental = m.edit_count().is_some()
            && m.ids_ascending()
            && edits.module(mid).is_some_and(|e| cfg!(test) || e.len() <= bound / 8);
        if !incremental {
            changed |= sweep_module(design, mid, f);
            continue;
        }
        let m = design.module_mut(mid);
        // In unit tests every sweep with known edits starts incremental, and half of them
        // switch to the full sweep part way (after a few dozen cells), to test both paths.
        let limit = match (cfg!(test), bound % 2) {
            (true, 0) => usize::MAX,
            (true, _) => 30,
            (false, _) => bound / 4 + 64,
        };
        let mut seeds = edits.module(mid).unwrap_or(&[]).to_vec();
        seeds.sort_unstable();
        seeds.dedup();
        let mut todo: Vec<u32> = Vec::new();
        for &e in &seeds {
            near(m, e, deep, None, bound, &mut todo);
        }
        todo.sort_unstable();
        todo.dedup();
        // From where on every cell is visited (too many near the edits).
        let mut rest = (todo.len() > limit).then_some(0);
        // Cells near the sweep's own edits, ahead of the cursor.
        let mut ahead: BinaryHeap<Reverse<u32>> = BinaryHeap::new();
        let mut more: Vec<u32> = Vec::new();
        let mut next = 0;
        let mut last = None;
        while rest.is_none() {
            let i = match (todo.get(next), ahead.peek()) {
                (Some(&t), Some(&Reverse(a))) if a < t => ahead.pop().map(|Reverse(a)| a),
                (Some(&t), _) => {
                    next += 1;
                    Some(t)
                }
                (None, _) => ahead.pop().map(|Reverse(a)| a),
            };
            let Some(i) = i.map(|i| i as usize) else { break };
            if last == Some(i) {
                continue;
            }
            last = Some(i);
            let id = NetId::from_index(i);
            if !m.contains(id) {
                continue;
            }
            let before = m.edit_count();
            if !f(m, id) {
                continue;
            }
            changed = true;
            #[cfg(test)]
            EDITED_CHANGES.with(|c| c.set(c.get() + 1));
            match (before, m.edit_count()) {
                (Some(b), Some(_)) => {
                    more.clear();
                    for &e in m.edits_since(b) {
                        near(m, e, deep, Some(i), bound, &mut more);
                    }
                    ahead.extend(more.iter().map(|&a| Reverse(a)));
                    if ahead.len() > limit {
                        rest = Some(i + 1);
                    }
                }
                _ => rest = Some(i + 1),
            }
        }
        if let Some(start) = rest {
            for i in start..bound {
                let id = NetId::from_index(i);
                if m.contains(id) {
                    changed |= f(m, id);
                }
            }
        }
    }
    changed
}
