//! Shared multipliers and dividers inside a pipelined loop (`--max-mul`, `--max-div`).
//!
//! The modulo schedule puts at most `limit` ops of a limited resource in any slot modulo
//! II; here those ops are bound to units by first fit over their slot sets (ops whose
//! slots are disjoint share a unit), so the circuit has as many units as the limit asks
//! for, as the non-pipelined binder does. A unit's operands are multiplexed by slot state:
//! in slot `s` it serves the op that occupies `s`, with the operands of the iteration at
//! that op's cycle. Pipelined multipliers and dividers and sequential dividers are the
//! function's shared units (`share.rs`): this loop's j-th unit of one kind is the j-th of
//! every other loop and of the FSM's blocks, and takes its operands in its op's start slot
//! only (a sequential divider's phases follow its ops' slots). Ops occupying more than II
//! cycles (replicated multi-cycle paths) keep cells of their own.

use super::pipeline::Ctx;
use super::share::PoolKey;
use super::{Gen, Unit};
use crate::gen::layout::Pipe;
use crate::ir::{BinOp, OpKind};
use comb::NetId;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// Ops sharing a unit: (resource, operator, width, sequential or pipelined, its latency
/// if so).
type GroupKey = (usize, BinOp, u32, bool, u32);
/// A unit being filled: the slots it is busy in and its ops.
type Slots = (BTreeSet<u32>, Vec<usize>);

/// Units shared by ops of one pipelined loop.
pub(crate) struct SharedUnits {
    /// Unit of each shared op (by index in the loop's block).
    pub of: HashMap<usize, usize>,
    units: Vec<SharedUnit>,
    /// Local units of each shared key this loop has bound (its unlimited ops take the next).
    pub locals: BTreeMap<PoolKey, usize>,
}

struct SharedUnit {
    ops: Vec<usize>,
    net: NetId,
    /// The function's shared unit it is (`share.rs`), or None for a multi-cycle path's cell.
    pool: Option<usize>,
}

impl SharedUnits {
    /// The result net of unit `u`.
    pub fn net(&self, u: usize) -> NetId {
        self.units[u].net
    }
}

impl Gen<'_> {
    /// Binds the limited ops of `pipe` to units and creates the unit cells (inputs later).
    pub(crate) fn shared_units(&mut self, pipe: &Pipe) -> Result<SharedUnits, String> {
        let b = &pipe.plan.block;
        let p = &b.problem;
        let ii = pipe.plan.ii();
        let mut groups: Vec<(GroupKey, Vec<Slots>)> = Vec::new();
        let mut of = HashMap::new();
        for (i, &id) in b.ops.iter().enumerate() {
            let Some(r) = p.ops[i].resource else { continue };
            let op = self.f.op(id);
            let OpKind::Bin(k) = op.kind else { continue };
            let t = &p.types[p.ops[i].ty];
            let occ = t.occupancy.max(1);
            if occ > ii {
                continue;
            }
            let slots: BTreeSet<u32> = (0..occ).map(|j| (b.start(i) + j) % ii).collect();
            let lat = if t.sequential { t.latency } else { 0 };
            let key = (r, k, op.result.map_or(1, |v| self.f.width(v)), t.sequential, lat);
            let g = match groups.iter().position(|g| g.0 == key) {
                Some(g) => g,
                None => {
                    groups.push((key, Vec::new()));
                    groups.len() - 1
                }
            };
            let units = &mut groups[g].1;
            let u = match units.iter().position(|u| u.0.is_disjoint(&slots)) {
                Some(u) => u,
                None => {
                    units.push((BTreeSet::new(), Vec::new()));
                    units.len() - 1
                }
            };
            units[u].0.extend(slots);
            units[u].1.push(i);
        }
        let mut units = Vec::new();
        let mut locals = BTreeMap::new();
        for ((_, k, w, _, _), us) in groups {
            for (_, ops) in us {
                let i0 = ops[0];
                let t = &p.types[p.ops[i0].ty];
                // Pipelined multipliers and dividers, sequential dividers: the function's
                // shared units (`share.rs`), local unit j of the key being this loop's j-th.
                let (net, pool) = match PoolKey::of(k, w, t) {
                    Some(key) => {
                        let (id, net) = self.pool_next(&mut locals, key)?;
                        (net, Some(id))
                    }
                    None => {
                        self.units.push(Unit {
                            kind: format!("{k:?}").to_lowercase(),
                            width: w,
                            ops: ops.len(),
                        });
                        let z = self.konst(0, w);
                        (self.cell(super::bind::bin_kind(k), w, &[z, z], None), None)
                    }
                };
                for &i in &ops {
                    of.insert(i, units.len());
                }
                units.push(SharedUnit { ops, net, pool });
            }
        }
        Ok(SharedUnits { of, units, locals })
    }

    /// Connects every shared unit's inputs, by slot state; binds the ops of the function's
    /// shared units to them (their operands in the start slot).
    pub(crate) fn connect_shared(&mut self, c: &mut Ctx, s: &SharedUnits) -> Result<(), String> {
        let b = &c.pipe.plan.block;
        for u in &s.units {
            if let Some(id) = u.pool {
                for &i in &u.ops {
                    let t = &b.problem.types[b.problem.ops[i].ty];
                    let operands = self.f.op(b.ops[i]).operands.clone();
                    let at = i64::from(b.start(i));
                    let x = self.pv(c, operands[0], at)?;
                    let y = self.pv(c, operands[1], at)?;
                    let states: Vec<u32> = (0..i64::from(t.latency.max(1))).map(|j| c.slot(at + j)).collect();
                    self.pool_issue(id, &states, x, y)?;
                }
                continue;
            }
            let mut ins = Vec::new();
            for k in 0..2 {
                let mut d: Option<NetId> = None;
                for &i in &u.ops {
                    let t = &b.problem.types[b.problem.ops[i].ty];
                    let held = t.occupancy.max(1);
                    let v = self.f.op(b.ops[i]).operands[k];
                    for j in 0..i64::from(held) {
                        let at = i64::from(b.start(i)) + j;
                        let n = self.pv(c, v, at)?;
                        d = Some(match d {
                            None => n,
                            Some(prev) => {
                                let st = self.state_eq[c.slot(at) as usize];
                                self.mux(st, n, prev)
                            }
                        });
                    }
                }
                ins.push(d.expect("a unit has an op"));
            }
            self.m.set_operands(u.net, &ins);
        }
        Ok(())
    }
}
