//! `cse`: structural hashing. Two cells with the same kind, width and operands (compared
//! as a multiset for commutative ops) compute the same value; the one with the lower id is
//! kept, and takes the other's user name if it has none. Registers with identical operands
//! are merged too (they start at the same value). Inputs and instances are never merged.
//!
//! Cells are visited operands-first so merges cascade, and registers last, when their
//! operands are final. Another round runs only when a merge can have exposed more: two
//! registers merged (their users were visited before them), or a cell merged into one with
//! a lower id that was visited later (its users were keyed with the old id); at most
//! [`MAX_ROUNDS`] rounds.

use super::{local_order, replace, Pass};
use crate::ids::{ModuleId, NetId};
use crate::netlist::{CellKind, Design};
use mlir_text::fxhash::FxHasher;
use smallvec::SmallVec;
use std::collections::HashMap;
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

/// The operands as compared: sorted for commutative ops.
fn key_ops(kind: &CellKind, operands: &[NetId]) -> SmallVec<[NetId; 4]> {
    let mut ops: SmallVec<[NetId; 4]> = SmallVec::from_slice(operands);
    if commutative(kind) {
        match ops.as_mut_slice() {
            // The common case without a call into the sort.
            [a, b] if *b < *a => std::mem::swap(a, b),
            [_, _] => {}
            other => other.sort_unstable(),
        }
    }
    ops
}

/// One round; `Some(again)` if it merged anything, `again` if another round may find more.
fn cse_round(design: &mut Design, mid: ModuleId) -> Option<bool> {
    let mut order = local_order(design, mid);
    let m = design.module_mut(mid);
    // Registers last: their operands are final by then.
    let (mut regs, comb): (Vec<NetId>, Vec<NetId>) =
        order.drain(..).partition(|&c| m.cell(c).kind.is_state());
    order = comb;
    order.append(&mut regs);
    // Buckets of cells by the hash of (kind, width, operands), compared structurally. A
    // bucket is a chain: the table holds its first cell, `next` links the rest (a compact
    // table: 16 bytes per entry instead of a small vector's 32).
    let mut table: HashMap<u64, NetId, mlir_text::fxhash::FxBuild> =
        HashMap::with_capacity_and_hasher(order.len(), Default::default());
    let mut next: Vec<Option<NetId>> = vec![None; m.id_bound()];
    let mut changed = false;
    let mut again = false;
    for id in order {
        if !m.contains(id) {
            continue;
        }
        let cell = m.cell(id);
        if matches!(cell.kind, CellKind::Input(_) | CellKind::Instance { .. }) {
            continue;
        }
        let ops = key_ops(&cell.kind, cell.operands());
        let mut h = FxHasher::default();
        (&cell.kind, cell.width, &ops).hash(&mut h);
        let hash = h.finish();
        let same = |other: NetId| {
            m.contains(other) && {
                let o = m.cell(other);
                o.kind == cell.kind && o.width == cell.width && key_ops(&o.kind, o.operands()) == ops
            }
        };
        // Walk the chain: (previous link, cell) until a structural match.
        let mut prev: Option<NetId> = None;
        let mut cur = table.get(&hash).copied();
        while let Some(other) = cur {
            if same(other) {
                break;
            }
            prev = Some(other);
            cur = next[other.index()];
        }
        match cur {
            Some(other) => {
                let (keep, drop) = if other < id { (other, id) } else { (id, other) };
                again |= keep == id || m.cell(id).kind.is_state();
                if keep == id {
                    // `id` takes `other`'s place in the chain.
                    next[id.index()] = next[other.index()];
                    match prev {
                        Some(p) => next[p.index()] = Some(id),
                        None => {
                            table.insert(hash, id);
                        }
                    }
                }
                if m.cell(keep).name.is_none() {
                    let name = m.cell(drop).name.clone();
                    m.cell_mut(keep).name = name;
                }
                replace(m, drop, keep);
                changed = true;
            }
            None => {
                // Appended at the end, as the bucket vector did (the order of the search).
                match prev {
                    Some(p) => next[p.index()] = Some(id),
                    None => {
                        table.insert(hash, id);
                    }
                }
            }
        }
    }
    changed.then_some(again)
}
