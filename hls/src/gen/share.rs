//! Units shared by the whole function: pipelined multipliers, pipelined dividers and
//! sequential dividers, across the FSM's blocks and every pipelined loop.
//!
//! Why: each of these costs hundreds to thousands of flip-flops (a 32-bit pipelined
//! multiplier at 5 ns about 1,250), an input multiplexer a few LUTs a bit. The non-pipelined
//! binder (`bind.rs`) and each pipelined loop (`pipeline_units.rs`, `pipeline.rs`) bind
//! their own ops to *local* units as before; here local unit `k` of one key (operator,
//! width, unit kind, latency: everything the unit's structure and timing depend on) is the
//! same cell in every region, so the function has as many units of a key as the region that
//! needs the most.
//!
//! Why it is correct: the FSM has one state register, so exactly one state is active in
//! any cycle, and every op on a shared unit drives it from the states it occupies (its
//! start state for a pipelined unit; load, absolute value, steps and fix-up for a
//! sequential one). Ops of different regions occupy different states (a pipelined loop's
//! slot states belong to it alone); inside a region the local binding keeps them apart;
//! [`Gen::pool_issue`] checks it again and refuses an overlap as an internal error. Then:
//! - a pipelined unit runs freely, and its result in cycle `c + latency` is a function of
//!   its operands in cycle `c` only, taken from the op whose state was active in cycle `c`:
//!   an op issued in `c` reads exactly its own result, whatever ran before or after (ops
//!   still in flight when a loop leaves are its invalid stages' garbage, never read);
//! - a sequential divider's registers change only in states of its ops' phases, and an op
//!   that is read runs all its phases in consecutive cycles (a block's states follow each
//!   other; a pipelined loop leaves only after its last iteration's last cycle, `depth`,
//!   which includes the division's), so no other op's phase can fall between them; a
//!   loop's prologue and epilogue phases of invalid iterations end at the next load.
//!
//! Narrower ops are not put on wider units, nor ops of different latency plans: each key is
//! its own set of units. Multi-cycle paths and one-cycle multipliers stay with their region.

use super::pipediv::PipeDivUnit;
use super::pipemul::PipeMulUnit;
use super::seqdiv::{Phases, SeqDivUnit};
use super::{Gen, Unit};
use crate::ir::BinOp;
use crate::schedule::OperatorType;
use comb::NetId;
use std::collections::{BTreeMap, BTreeSet};

/// What kind of unit an op takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum PoolKind {
    /// Pipelined multiplier (`pipemul.rs`).
    PipeMul,
    /// Pipelined divider (`pipediv.rs`).
    PipeDiv,
    /// Sequential divider (`seqdiv.rs`).
    SeqDiv,
}

/// The units a key names are interchangeable: same operator, width, structure and latency.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct PoolKey {
    op: BinOp,
    width: u32,
    kind: PoolKind,
    latency: u32,
}

impl PoolKey {
    /// The key of an op `op` of `width` bits and type `t`, if it goes to a shared unit
    /// (a `sequential` type of a multiplier or divider).
    pub(crate) fn of(op: BinOp, width: u32, t: &OperatorType) -> Option<PoolKey> {
        if !t.sequential {
            return None;
        }
        let kind = match op {
            BinOp::Mul => PoolKind::PipeMul,
            _ if !op.is_div() => return None,
            _ if crate::schedule::div_timing::is_pipelined(t) => PoolKind::PipeDiv,
            _ => PoolKind::SeqDiv,
        };
        Some(PoolKey { op, width, kind, latency: t.latency })
    }

    /// Whether the unit takes its operands in one cycle and runs freely.
    fn pipelined(&self) -> bool {
        self.kind != PoolKind::SeqDiv
    }

    fn signed(&self) -> bool {
        matches!(self.op, BinOp::DivS | BinOp::RemS)
    }
}

enum Handle {
    Mul(PipeMulUnit),
    Div(PipeDivUnit),
    Seq(SeqDivUnit),
}

struct PoolUnit {
    key: PoolKey,
    handle: Handle,
    net: NetId,
    /// Operands by issue state: (state, a, b), in the order the ops were bound.
    ins: Vec<(u32, NetId, NetId)>,
    /// States some op occupies (checked disjoint).
    busy: BTreeSet<u32>,
    /// Sequential: the states of each phase.
    load: Vec<u32>,
    abs: Vec<u32>,
    step: Vec<u32>,
    fix: Vec<u32>,
}

/// The function's shared units.
#[derive(Default)]
pub(crate) struct Pool {
    units: Vec<PoolUnit>,
    index: BTreeMap<(PoolKey, usize), usize>,
}

impl Gen<'_> {
    /// The shared unit `local` of `key` (created on first use, its cells named after the
    /// key); its id for [`Gen::pool_issue`] and its result net.
    pub(crate) fn pool_unit(&mut self, key: PoolKey, local: usize) -> Result<(usize, NetId), String> {
        if let Some(&u) = self.pool.index.get(&(key, local)) {
            return Ok((u, self.pool.units[u].net));
        }
        let PoolKey { op, width: w, kind, latency } = key;
        let name = format!("{op:?}").to_lowercase();
        let tag = format!("{name}{w}_l{latency}_sh{local}");
        let (handle, net) = match kind {
            PoolKind::PipeMul => {
                let plan = crate::schedule::delays::pipe_mul(w, self.budget);
                if plan.latency > latency {
                    return Err(format!(
                        "internal error: a pipelined multiplier of {w} bits needs {} cycles, its type {latency}",
                        plan.latency
                    ));
                }
                let (u, out) = self.pipe_mul_unit(w, (&plan, latency), &tag);
                (Handle::Mul(u), out)
            }
            PoolKind::PipeDiv => {
                let m = crate::analysis::divwidth::divisor_bits(self.f, op, w);
                let plan = crate::schedule::delays::pipe_div(key.signed(), w, m, self.budget);
                if plan.latency > latency {
                    return Err(format!(
                        "internal error: a pipelined {op:?} divider of {w} bits needs {} cycles, its type {latency}",
                        plan.latency
                    ));
                }
                let quotient = matches!(op, BinOp::DivS | BinOp::DivU);
                let (u, q, r) =
                    self.pipe_div_unit((key.signed(), m), w, (&plan, latency), &tag, (quotient, !quotient));
                let out = if quotient { q } else { r };
                (Handle::Div(u), out.ok_or("internal error: a pipelined divider without its result")?)
            }
            PoolKind::SeqDiv => {
                let rows = w / (latency - if key.signed() { 3 } else { 1 }).max(1);
                let (u, out) = self.seq_div_unit(op, w, rows, &tag);
                (Handle::Seq(u), out)
            }
        };
        let u = self.pool.units.len();
        self.pool.units.push(PoolUnit {
            key,
            handle,
            net,
            ins: Vec::new(),
            busy: BTreeSet::new(),
            load: Vec::new(),
            abs: Vec::new(),
            step: Vec::new(),
            fix: Vec::new(),
        });
        self.pool.index.insert((key, local), u);
        Ok((u, net))
    }

    /// The next local unit of `key` in a region that has taken `locals[key]` of them
    /// ([`Gen::pool_unit`]): its id and result net.
    pub(crate) fn pool_next(
        &mut self,
        locals: &mut BTreeMap<PoolKey, usize>,
        key: PoolKey,
    ) -> Result<(usize, NetId), String> {
        let local = locals.entry(key).or_insert(0);
        let unit = self.pool_unit(key, *local)?;
        *local += 1;
        Ok(unit)
    }

    /// Binds an op to shared unit `u`: `states` are the states of its cycles from its start
    /// (at least its latency of them for a sequential divider; the first for a pipelined
    /// unit), `a` and `b` its operands as seen in the start state.
    pub(crate) fn pool_issue(&mut self, u: usize, states: &[u32], a: NetId, b: NetId) -> Result<(), String> {
        let unit = &mut self.pool.units[u];
        let key = unit.key;
        let busy: &[u32] = if key.pipelined() { &states[..1] } else { &states[..key.latency as usize] };
        let set: BTreeSet<u32> = busy.iter().copied().collect();
        if set.len() != busy.len() || !unit.busy.is_disjoint(&set) {
            return Err(format!(
                "internal error: ops on the shared {:?} unit of {} bits occupy a state twice ({busy:?})",
                key.op, key.width
            ));
        }
        unit.busy.extend(set);
        unit.ins.push((busy[0], a, b));
        if !key.pipelined() {
            let (s1, lat) = (usize::from(key.signed()), busy.len());
            unit.load.push(busy[0]);
            if key.signed() {
                unit.abs.push(busy[1]);
                unit.fix.push(busy[lat - 1]);
            }
            unit.step.extend(&busy[1 + s1..lat - s1]);
        }
        Ok(())
    }

    /// Connects every shared unit's inputs (multiplexed by the active state) and phases,
    /// and records the units for the report, each once with all its ops.
    pub(crate) fn pool_connect(&mut self) {
        let units = std::mem::take(&mut self.pool.units);
        for u in &units {
            let mut ins = Vec::new();
            for k in 0..2 {
                if u.ins.is_empty() {
                    continue;
                }
                let pairs: Vec<(NetId, NetId)> = u
                    .ins
                    .iter()
                    .map(|&(s, a, b)| (self.state_eq[s as usize], if k == 0 { a } else { b }))
                    .collect();
                ins.push(self.select(&pairs));
            }
            if ins.len() < 2 {
                continue;
            }
            let name = format!("{:?}", u.key.op).to_lowercase();
            let kind = match &u.handle {
                Handle::Mul(m) => {
                    self.pipe_mul_connect(m, ins[0], ins[1]);
                    "mul_pipelined".to_string()
                }
                Handle::Div(d) => {
                    self.pipe_div_connect(d, ins[0], ins[1]);
                    format!("{name}_pipelined")
                }
                Handle::Seq(s) => {
                    let or = |g: &mut Self, v: &[u32]| {
                        let nets: Vec<NetId> = v.iter().map(|&x| g.state_eq[x as usize]).collect();
                        g.or(&nets)
                    };
                    let signed = u.key.signed();
                    let ph = Phases {
                        load: or(self, &u.load),
                        abs: signed.then(|| or(self, &u.abs)),
                        step: or(self, &u.step),
                        fix: signed.then(|| or(self, &u.fix)),
                    };
                    self.seq_div_connect(s, ins[0], ins[1], &ph);
                    name
                }
            };
            self.units.push(Unit { kind, width: u.key.width, ops: u.ins.len() });
        }
    }
}
