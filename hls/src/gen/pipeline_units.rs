//! Shared multipliers and dividers inside a pipelined loop (`--max-mul`, `--max-div`).
//!
//! The modulo schedule puts at most `limit` ops of a limited resource in any slot modulo
//! II; here those ops are bound to units by first fit over their slot sets (ops whose
//! slots are disjoint share a unit), so the circuit has as many units as the limit asks
//! for, as the non-pipelined binder does. A unit's operands are multiplexed by slot state:
//! in slot `s` it serves the op that occupies `s`, with the operands of the iteration at
//! that op's cycle. A sequential divider loads in its op's start slot only, and its phase
//! signals are the OR over its ops; a pipelined divider or multiplier takes its operands in
//! its op's start slot only. Ops occupying more than II cycles (replicated
//! multi-cycle paths) keep cells of their own.

use super::pipediv::PipeDivUnit;
use super::pipeline::Ctx;
use super::pipemul::PipeMulUnit;
use super::seqdiv::{Phases, SeqDivUnit};
use super::{Gen, Unit};
use crate::gen::layout::Pipe;
use crate::ir::{BinOp, OpKind};
use comb::NetId;
use std::collections::{BTreeSet, HashMap};

/// Ops sharing a unit: (resource, operator, width, sequential or pipelined).
type GroupKey = (usize, BinOp, u32, bool);
/// A unit being filled: the slots it is busy in and its ops.
type Slots = (BTreeSet<u32>, Vec<usize>);

/// Units shared by ops of one pipelined loop.
pub(crate) struct SharedUnits {
    /// Unit of each shared op (by index in the loop's block).
    pub of: HashMap<usize, usize>,
    units: Vec<SharedUnit>,
}

struct SharedUnit {
    ops: Vec<usize>,
    net: NetId,
    seq: Option<SeqDivUnit>,
    /// A pipelined divider (`pipediv.rs`).
    pipe: Option<PipeDivUnit>,
    /// A pipelined multiplier (`pipemul.rs`).
    pmul: Option<PipeMulUnit>,
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
            let key = (r, k, op.result.map_or(1, |v| self.f.width(v)), t.sequential);
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
        for ((_, k, w, _), us) in groups {
            for (_, ops) in us {
                let i0 = ops[0];
                let t = &p.types[p.ops[i0].ty];
                let (mut pdiv, mut pmul) = (None, None);
                let (net, seq) = if k == BinOp::Mul && t.sequential {
                    let tag = format!("mul{w}_pipe{}_pm{}", pipe.first, units.len());
                    let (unit, out) = self.pipe_mul_for(w, t, &tag, ops.len())?;
                    pmul = Some(unit);
                    (out, None)
                } else if crate::schedule::pipediv::is_pipelined(t) {
                    let tag = format!(
                        "{}{w}_pipe{}_pd{}",
                        format!("{k:?}").to_lowercase(),
                        pipe.first,
                        units.len()
                    );
                    let (unit, out, _) = self.pipe_div_for(k, w, t, &tag, (ops.len(), false))?;
                    pdiv = Some(unit);
                    (out, None)
                } else if t.sequential {
                    let signed = matches!(k, BinOp::DivS | BinOp::RemS);
                    let rows = w / (t.latency - if signed { 3 } else { 1 }).max(1);
                    let tag =
                        format!("{}{w}_pipe{}_u{}", format!("{k:?}").to_lowercase(), pipe.first, units.len());
                    let (unit, out) = self.seq_div_unit(k, w, rows, &tag);
                    (out, Some(unit))
                } else {
                    let z = self.konst(0, w);
                    (self.cell(super::bind::bin_kind(k), w, &[z, z], None), None)
                };
                if pdiv.is_none() && pmul.is_none() {
                    self.units.push(Unit { kind: format!("{k:?}").to_lowercase(), width: w, ops: ops.len() });
                }
                for &i in &ops {
                    of.insert(i, units.len());
                }
                units.push(SharedUnit { ops, net, seq, pipe: pdiv, pmul });
            }
        }
        Ok(SharedUnits { of, units })
    }

    /// Connects every shared unit's inputs (and a divider's phases), by slot state.
    pub(crate) fn connect_shared(&mut self, c: &mut Ctx, s: &SharedUnits) -> Result<(), String> {
        let b = &c.pipe.plan.block;
        for u in &s.units {
            let mut ins = Vec::new();
            for k in 0..2 {
                let mut d: Option<NetId> = None;
                for &i in &u.ops {
                    let t = &b.problem.types[b.problem.ops[i].ty];
                    let held = if t.sequential { 1 } else { t.occupancy.max(1) };
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
            match &u.seq {
                None if u.pmul.is_some() => {
                    self.pipe_mul_connect(u.pmul.as_ref().expect("a unit"), ins[0], ins[1])
                }
                None if u.pipe.is_some() => {
                    self.pipe_div_connect(u.pipe.as_ref().expect("a unit"), ins[0], ins[1])
                }
                None => self.m.set_operands(u.net, &ins),
                Some(unit) => {
                    let (mut load, mut abs, mut step, mut fix) = (vec![], vec![], vec![], vec![]);
                    let mut signed = false;
                    for &i in &u.ops {
                        let t = &b.problem.types[b.problem.ops[i].ty];
                        signed = matches!(self.f.op(b.ops[i]).kind, OpKind::Bin(BinOp::DivS | BinOp::RemS));
                        let (st, lat, s1) = (i64::from(b.start(i)), i64::from(t.latency), i64::from(signed));
                        let eq = |g: &Self, x: i64| g.state_eq[c.slot(x) as usize];
                        load.push(eq(self, st));
                        if signed {
                            abs.push(eq(self, st + 1));
                            fix.push(eq(self, st + lat - 1));
                        }
                        step.extend((st + 1 + s1..st + lat - s1).map(|x| eq(self, x)));
                    }
                    let ph = Phases {
                        load: self.or(&load),
                        abs: signed.then(|| self.or(&abs)),
                        step: self.or(&step),
                        fix: signed.then(|| self.or(&fix)),
                    };
                    self.seq_div_connect(unit, ins[0], ins[1], &ph);
                }
            }
        }
        Ok(())
    }
}
