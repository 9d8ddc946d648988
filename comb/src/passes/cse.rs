//! `cse`: structural hashing. Two cells with the same kind, width and operands (compared
//! as a multiset for commutative ops) compute the same value; the one with the lower id is
//! kept, and takes the other's user name if it has none. Registers with identical operands
//! are merged too (they start at the same value). Inputs and instances are never merged.
//!
//! Cells are visited operands-first so merges cascade; a merge can still expose another
//! behind a register or an id inversion, so rounds repeat until nothing changes (at most
//! [`MAX_ROUNDS`]).

use super::{local_order, replace, Pass};
use crate::ids::{ModuleId, NetId};
use crate::netlist::{CellKind, Design};
use smallvec::SmallVec;
use std::collections::HashMap;

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
                if !cse_round(design, mid) {
                    break;
                }
                changed = true;
            }
        }
        changed
    }
}

fn commutative(kind: &CellKind) -> bool {
    use CellKind::*;
    matches!(kind, And | Or | Xor | Nand | Nor | Xnor | Add | Mul)
}

type Key = (CellKind, u32, SmallVec<[NetId; 4]>);

fn cse_round(design: &mut Design, mid: ModuleId) -> bool {
    let order = local_order(design, mid);
    let m = design.module_mut(mid);
    let mut table: HashMap<Key, NetId> = HashMap::with_capacity(order.len());
    let mut changed = false;
    for id in order {
        if !m.contains(id) {
            continue;
        }
        let cell = m.cell(id);
        if matches!(cell.kind, CellKind::Input(_) | CellKind::Instance { .. }) {
            continue;
        }
        let mut ops: SmallVec<[NetId; 4]> = cell.operands().iter().copied().collect();
        if commutative(&cell.kind) {
            ops.sort_unstable();
        }
        let key = (cell.kind.clone(), cell.width, ops);
        match table.get(&key) {
            Some(&other) if m.contains(other) => {
                let (keep, drop) = if other < id { (other, id) } else { (id, other) };
                if m.cell(keep).name.is_none() {
                    let name = m.cell(drop).name.clone();
                    m.cell_mut(keep).name = name;
                }
                replace(m, drop, keep);
                table.insert(key, keep);
                changed = true;
            }
            _ => {
                table.insert(key, id);
            }
        }
    }
    changed
}
