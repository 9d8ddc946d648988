//! `cse`: structural hashing. Two cells with the same kind, width and operands (compared
//! as a multiset for commutative ops) compute the same value; the one with the lower id is
//! kept, and takes the other's user name if it has none. Registers with identical operands
//! are merged too (they start at the same value). Inputs, instances and memories are never
//! merged (each memory is a block RAM the user asked for).
//!
//! Cells are visited operands-first so merges cascade, and registers last, when their
//! operands are final. Another round runs only when a merge can have exposed more: two
//! registers merged (their users were visited before them), or a cell merged into one with
//! a lower id that was visited later (its users were keyed with the old id); at most
//! [`MAX_ROUNDS`] rounds.
//!
//! A round makes two sweeps. The first computes every cell's key hash (FxHash of kind,
//! width and key operands), reading the cells in order as they lie in memory. The second
//! does the lookups in visit order: it reads little besides the hash array and the table,
//! so the processor overlaps the cache misses of many lookups (the table of a million-cell
//! module is far larger than the cache). A merge marks the users of the dropped cell, and
//! those not visited yet get their key again when visited, so every lookup uses the key the
//! cell has at that moment. The table ([`Table`]) is open addressing; a lookup takes the
//! first cell stored under the same 64-bit hash (in insertion order) that is structurally
//! equal *now*, as a map from hash to a chain of cells would. Nothing is allocated per
//! cell.

use super::{replace, visit_order, Pass};
use crate::ids::{ModuleId, NetId};
use crate::netlist::{Cell, CellKind, Design, Module};
use mlir_text::fxhash::FxHasher;
use smallvec::SmallVec;
use std::hash::{Hash, Hasher};

/// The `cse` pass.
pub struct Cse;

/// Upper bound on the rounds per module.
pub const MAX_ROUNDS: usize = 8;

impl Pass for Cse {
    fn name(&self) -> &'static str {
        "cse"
    }
    fn description(&self) -> &'static str {
        "merge structurally identical cells"
    }
    fn run(&mut self, design: &mut Design) -> bool {
        let mut changed = false;
        for mid in design.module_ids() {
            for _ in 0..MAX_ROUNDS {
                match cse_round(design, mid) {
                    None => break,
                    Some(again) => {
                        changed = true;
                        if !again {
                            break;
                        }
                    }
                }
            }
        }
        changed
    }
}

fn commutative(kind: &CellKind) -> bool {
    use CellKind::*;
    matches!(kind, And | Or | Xor | Nand | Nor | Xnor | Add | Mul)
}

/// The operands as compared: sorted for commutative ops (inline up to 4).
type KeyOps = SmallVec<[NetId; 4]>;

fn key_ops(cell: &Cell) -> KeyOps {
    let mut ops = KeyOps::from_slice(cell.operands());
    if commutative(&cell.kind) {
        match ops.as_mut_slice() {
            // The common case without a call into the sort.
            [a, b] if *b < *a => std::mem::swap(a, b),
            [_, _] => {}
            other => other.sort_unstable(),
        }
    }
    ops
}

/// True if `other` is live and has the key (`cell`'s kind and width, `ops`).
fn same(m: &Module, other: NetId, cell: &Cell, ops: &[NetId]) -> bool {
    let Some(o) = m.try_cell(other) else { return false };
    o.width == cell.width && o.kind == cell.kind && key_ops(o)[..] == *ops
}

/// Open addressing with linear probing, at most half full. A slot packs the high half of
/// a cell's key hash and the cell's index + 1 (0: empty); the full hash is in
/// [`Round::keys`]. Cells with equal hashes lie in insertion order along one probe
/// sequence (nothing is ever deleted), so probing visits them as a chain would.
struct Table {
    slots: Vec<u64>,
    mask: usize,
}

impl Table {
    fn with_capacity(n: usize) -> Table {
        let len = (2 * n).max(16).next_power_of_two();
        Table { slots: vec![0; len], mask: len - 1 }
    }
}

/// The state of one round over one module.
struct Round {
    /// Per cell index: the hash of its key when it entered the table (when it is visited),
    /// or before the round, for cells not visited yet; 0 for cells never looked up.
    keys: Vec<u64>,
    /// Cells not visited yet whose operands changed since their key was computed.
    stale: Vec<bool>,
    table: Table,
    changed: bool,
    again: bool,
}

/// One round; `Some(again)` if it merged anything, `again` if another round may find more.
///
/// Two sweeps: the first computes every key (reading the cells in order, as they lie in
/// memory); the second does the lookups, which read little besides the table, so the
/// processor overlaps the cache misses of many of them.
fn cse_round(design: &mut Design, mid: ModuleId) -> Option<bool> {
    // CSE creates no cells, so the free ids in the order are never visited.
    let order = visit_order(design, mid);
    let m = design.module_mut(mid);
    let mut r = Round {
        keys: vec![0; m.id_bound()],
        stale: vec![false; m.id_bound()],
        table: Table::with_capacity(order.len()),
        changed: false,
        again: false,
    };
    // Registers last: their operands are final by then.
    let mut regs: Vec<NetId> = Vec::new();
    for id in order.iter() {
        let Some(cell) = m.try_cell(id) else { continue };
        match cell.kind {
            CellKind::Input(_)
            | CellKind::Instance { .. }
            | CellKind::Memory { .. }
            | CellKind::Check { .. } => continue,
            ref k if k.is_state() => regs.push(id),
            _ => {}
        }
        r.keys[id.index()] = key_hash(cell, &key_ops(cell));
    }
    let mut next_reg = regs.iter().copied().peekable();
    for id in order.iter() {
        if next_reg.peek() == Some(&id) {
            next_reg.next();
        } else if r.keys[id.index()] != 0 {
            visit(m, &mut r, id);
        }
    }
    for &id in &regs {
        visit(m, &mut r, id);
    }
    r.changed.then_some(r.again)
}

/// The hash of `cell`'s key, never 0 (0 marks cells that are not looked up).
fn key_hash(cell: &Cell, ops: &[NetId]) -> u64 {
    let mut h = FxHasher::default();
    (&cell.kind, cell.width, ops).hash(&mut h);
    h.finish().max(1)
}

/// Looks `id` up, merging it with its match or entering it into the table.
fn visit(m: &mut Module, r: &mut Round, id: NetId) {
    let i = id.index();
    if std::mem::take(&mut r.stale[i]) {
        r.keys[i] = key_hash(m.cell(id), &key_ops(m.cell(id)));
    }
    let hash = r.keys[i];
    let tag = hash >> 32 << 32;
    let mut slot = hash as usize & r.table.mask;
    let other = loop {
        let s = r.table.slots[slot];
        if s == 0 {
            r.table.slots[slot] = tag | (i as u64 + 1);
            return;
        }
        if s >> 32 << 32 == tag {
            let other = NetId::from_index((s as u32 - 1) as usize);
            let cell = m.cell(id);
            if r.keys[other.index()] == hash && same(m, other, cell, &key_ops(cell)) {
                break other;
            }
        }
        slot = (slot + 1) & r.table.mask;
    };
    let (keep, drop) = if other < id { (other, id) } else { (id, other) };
    r.again |= keep == id || m.cell(id).kind.is_state();
    if keep == id {
        // `id` takes `other`'s place in the chain.
        r.table.slots[slot] = tag | (i as u64 + 1);
    }
    if m.cell(keep).name.is_none() {
        let name = m.cell(drop).name.clone();
        m.cell_mut(keep).name = name;
    }
    // The users of `drop` get new operands: those not visited yet need their keys again.
    for (user, _) in m.users(drop) {
        r.stale[user.index()] = true;
    }
    replace(m, drop, keep);
    r.changed = true;
}
