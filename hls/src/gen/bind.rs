//! Binding and the datapath: every scheduled op becomes a cell in the state it runs in.
//!
//! Multipliers and dividers (the operators whose area dwarfs a multiplexer) are shared:
//! ops of one operator and width are bound by left-edge over the states they occupy, and a
//! shared unit's operands are multiplexed by state. Cheaper operators (adders, compares,
//! logic) get a cell per op, since a multiplexer in front of them costs about as much as
//! they do. Dividers too slow for one cycle are sequential units (`seqdiv.rs`), and
//! multipliers the scheduler pipelined are pipelined units (`pipemul.rs`), shared the same
//! way (a pipelined unit takes its operands in its op's start state only); those two are
//! the function's shared units (`share.rs`), local unit k of a kind being the same cell as
//! each pipelined loop's k-th. Memory accesses are collected per port and multiplexed in
//! `memory_ports`.

use super::share::PoolKey;
use super::{Access, Gen, Unit};
use crate::analysis::ranges::MulShape;
use crate::ir::{BinOp, OpId, OpKind};
use comb::{CellKind, NetId};
use std::collections::BTreeMap;
use std::sync::Arc;

pub(crate) fn bin_kind(b: BinOp) -> CellKind {
    match b {
        BinOp::Add => CellKind::Add,
        BinOp::Sub => CellKind::Sub,
        BinOp::Mul => CellKind::Mul,
        BinOp::DivS => CellKind::DivS,
        BinOp::DivU => CellKind::DivU,
        BinOp::RemS => CellKind::ModS,
        BinOp::RemU => CellKind::ModU,
        BinOp::And => CellKind::And,
        BinOp::Or => CellKind::Or,
        BinOp::Xor => CellKind::Xor,
        BinOp::Shl => CellKind::Shl,
        BinOp::ShrS => CellKind::ShrS,
        BinOp::ShrU => CellKind::ShrU,
    }
}

/// One scheduled op with its global states.
#[derive(Clone, Copy)]
struct Placed {
    op: OpId,
    start: u32,
    latency: u32,
    occupancy: u32,
    sequential: bool,
    /// Its block and index in the block's problem.
    block: usize,
    index: usize,
}

impl Gen<'_> {
    /// Builds every block's ops; shared units for multipliers and dividers.
    pub(crate) fn datapath(&mut self) -> Result<(), String> {
        let mut placed = Vec::new();
        for (b, s) in self.l.blocks.iter().enumerate() {
            let base = self.l.block_base[b];
            for (i, &op) in s.ops.iter().enumerate() {
                let t = &s.problem.types[s.problem.ops[i].ty];
                placed.push(Placed {
                    op,
                    start: base + s.start(i),
                    latency: t.latency,
                    occupancy: t.occupancy.max(1),
                    sequential: t.sequential,
                    block: b,
                    index: i,
                });
            }
        }
        // Left-edge binding of multipliers and dividers, per (operator, width, kind): a
        // block may pipeline its multipliers where another keeps multi-cycle paths
        // (`schedule/mul_timing.rs`), and the two are different units; pipelined multipliers
        // and sequential dividers also by latency (their structure), as they are the
        // function's shared units (`share.rs`): local unit k of a key is the same cell as a
        // pipelined loop's local unit k.
        let mut groups: BTreeMap<(BinOp, u32, bool, u32), Vec<Placed>> = BTreeMap::new();
        for p in &placed {
            let op = self.f.op(p.op);
            if let OpKind::Bin(b) = op.kind {
                // A multiply by a constant stays a cell of its own (shifts and adds once
                // synthesis sees the constant; a shared unit would hide it behind a mux).
                let by_const = b == BinOp::Mul && op.operands.iter().any(|o| self.consts.contains_key(o));
                if (b == BinOp::Mul && !by_const) || b.is_div() {
                    let w = self.f.width(op.result.expect("binary ops have results"));
                    let lat = if p.sequential { p.latency } else { 0 };
                    groups.entry((b, w, p.sequential, lat)).or_default().push(*p);
                }
            }
        }
        let mut unit_of: BTreeMap<OpId, (usize, usize)> = BTreeMap::new();
        let mut shared: Vec<Vec<Placed>> = Vec::new();
        // Per unit: its place in the function's pool (key, local index), if it is shared.
        let mut pooled: Vec<Option<(PoolKey, usize)>> = Vec::new();
        for ((b, w, _, _), mut ops) in groups {
            ops.sort_by_key(|p| (p.start, p.op));
            let first = shared.len();
            let mut ends: Vec<u32> = Vec::new();
            for p in ops {
                let slot = ends.iter().position(|&e| e < p.start);
                let k = match slot {
                    Some(k) => k,
                    None => {
                        ends.push(0);
                        shared.push(Vec::new());
                        ends.len() - 1
                    }
                };
                ends[k] = p.start + p.occupancy - 1;
                unit_of.insert(p.op, (first + k, shared[first + k].len()));
                shared[first + k].push(p);
            }
            for (local, u) in shared[first..].iter().enumerate() {
                let t = &self.l.blocks[u[0].block].problem;
                let key = PoolKey::of(b, w, &t.types[t.ops[u[0].index].ty]);
                pooled.push(key.map(|k| (k, local)));
                // Shared units are recorded once for the function (`pool_connect`).
                if key.is_none() {
                    self.units.push(Unit { kind: format!("{b:?}").to_lowercase(), width: w, ops: u.len() });
                }
            }
        }
        // Unit cells first (their operands are connected once every op's cell exists).
        let mut unit_net = Vec::with_capacity(shared.len());
        // Multipliers whose every op has narrow operands (`narrow.rs`): their operand cells.
        let mut narrow_ins: BTreeMap<usize, [NetId; 2]> = BTreeMap::new();
        let mut pool_ids = BTreeMap::new();
        for (k, u) in shared.iter().enumerate() {
            let op = self.f.op(u[0].op).clone();
            let OpKind::Bin(b) = op.kind else { unreachable!("units are binary ops") };
            let w = self.f.width(op.result.expect("result"));
            let net = match pooled[k] {
                // A pipelined multiplier (`pipemul.rs`) or a sequential divider: the result
                // in its registers `latency` cycles after the start.
                Some((key, local)) => {
                    let (id, net) = self.pool_unit(key, local)?;
                    pool_ids.insert(k, id);
                    net
                }
                None => match self.unit_shape(u, w) {
                    Some(shape) => {
                        let (ins, net) = self.narrow_mul(shape, w);
                        narrow_ins.insert(k, ins);
                        net
                    }
                    None => {
                        let z = self.konst(0, w);
                        self.cell(bin_kind(b), w, &[z, z], None)
                    }
                },
            };
            for p in u {
                let r = self.f.op(p.op).result.expect("result");
                let ws = if p.sequential { p.start + p.latency } else { p.start + p.latency.max(1) - 1 };
                self.wire.insert(r, (ws, net));
            }
            unit_net.push(net);
        }
        // Ops in program order within blocks, blocks in order: operands come first.
        for p in &placed {
            let op = self.f.op(p.op).clone();
            let st = p.start;
            if unit_of.contains_key(&p.op) {
                continue;
            }
            self.note = self.note_of(op.span);
            // A float op on its unit (`float.rs`): operands in the start state, the result
            // `latency` states later.
            if op.kind.is_float() {
                let a: Vec<NetId> = op.operands.iter().map(|&o| self.value_in(o, st)).collect();
                let s = &self.l.blocks[p.block].problem;
                let t = s.types[s.ops[p.index].ty].clone();
                let start = self.state_eq[st as usize];
                let net = if self.float_shared(&op, &t) {
                    let busy = (st..st + t.occupancy.max(1)).collect();
                    self.float_issue(&op, &t, (st, busy), a, start)?
                } else {
                    self.float_unit(&op, &a, &t, Some(start))?
                };
                if let Some(r) = op.result {
                    self.wire.insert(r, (st + p.latency, net));
                }
                continue;
            }
            // A multi-cycle op's operands must hold for all its cycles: each state reads
            // them where they are then (a chained wire first, registers after).
            let a: Vec<NetId> = op.operands.iter().map(|&o| self.held(o, st, p.occupancy)).collect();
            let net = match &op.kind {
                OpKind::Load(m) => {
                    let cond = self.state_eq[st as usize];
                    self.accesses.entry(m.index()).or_default().push(Access {
                        cond,
                        addr: a[0],
                        wdata: None,
                        note: self.note.clone(),
                    });
                    let Some(&rd) = self.rdata.get(&m.index()) else {
                        return Err(format!("internal error: no read port for {m}"));
                    };
                    self.wire.insert(op.result.expect("load result"), (st + 1, rd));
                    continue;
                }
                OpKind::Store(m) => {
                    let mut cond = self.state_eq[st as usize];
                    if let Some(&en) = a.get(2) {
                        cond = self.and(cond, en);
                    }
                    self.accesses.entry(m.index()).or_default().push(Access {
                        cond,
                        addr: a[0],
                        wdata: Some(a[1]),
                        note: self.note.clone(),
                    });
                    continue;
                }
                _ => self.plain_cell(&op, &a),
            };
            if let Some(r) = op.result {
                if let Some(name) = &self.f.values[r.index()].name {
                    if self.m.cell(net).name.is_none() && !matches!(op.kind, OpKind::Const(_)) {
                        self.m.cell_mut(net).name = Some(name.as_str().into());
                    }
                }
                self.wire.insert(r, (st, net));
            }
        }
        self.note = None;
        for (k, (u, &net)) in shared.iter().zip(&unit_net).enumerate() {
            let spans: Vec<Option<Arc<str>>> = u.iter().map(|p| self.note_of(self.f.op(p.op).span)).collect();
            self.note = Self::joined_note(&spans);
            if let Some(n) = &self.note {
                self.m.notes.insert(net, n.clone());
            }
            match pool_ids.get(&k) {
                Some(&id) => {
                    // Operands in the start state; the op occupies its latency's states.
                    for p in u {
                        let op = self.f.op(p.op);
                        let (x, y) = (op.operands[0], op.operands[1]);
                        let a = self.value_in(x, p.start);
                        let b = self.value_in(y, p.start);
                        let states: Vec<u32> = (p.start..p.start + p.latency.max(1)).collect();
                        self.pool_issue(id, &states, a, b)?;
                    }
                }
                None => {
                    let ins = self.unit_inputs(u);
                    match narrow_ins.get(&k) {
                        Some(cells) => {
                            for (c, i) in cells.iter().zip(ins) {
                                self.m.set_operands(*c, &[i]);
                            }
                        }
                        None => self.m.set_operands(net, &ins),
                    }
                }
            }
        }
        self.note = None;
        Ok(())
    }

    /// The cell of a plain op that is neither a memory access nor on a shared unit, from
    /// its operand nets; records it as a unit for the report.
    pub(crate) fn plain_cell(&mut self, op: &crate::ir::Op, a: &[NetId]) -> NetId {
        let w = op.result.map_or(1, |r| self.f.width(r));
        match &op.kind {
            OpKind::Const(c) => self.konst(*c, w),
            OpKind::Bin(b) => {
                // A shift by a constant is wiring, not a unit.
                let wiring = matches!(b, BinOp::Shl | BinOp::ShrS | BinOp::ShrU)
                    && self.consts.contains_key(&op.operands[1]);
                if !wiring {
                    // A multiply by a constant is reported as `mulc` (shifts and adds).
                    let by_const =
                        *b == BinOp::Mul && op.operands.iter().any(|o| self.consts.contains_key(o));
                    let kind = if by_const { "mulc".to_string() } else { format!("{b:?}").to_lowercase() };
                    self.units.push(Unit { kind, width: w, ops: 1 });
                }
                self.cell(bin_kind(*b), w, a, None)
            }
            OpKind::Cmp(pr) => {
                let ow = self.m.width(a[0]);
                self.units.push(Unit { kind: "cmp".into(), width: ow, ops: 1 });
                self.cell(CellKind::Icmp(*pr), 1, a, None)
            }
            OpKind::Select => self.cell(CellKind::Mux, w, a, None),
            OpKind::ZExt => {
                let z = self.konst(0, w - self.m.width(a[0]));
                self.cell(CellKind::Concat, w, &[z, a[0]], None)
            }
            OpKind::SExt => {
                let xw = self.m.width(a[0]);
                let sign = self.cell(CellKind::Extract { low: xw - 1 }, 1, &[a[0]], None);
                let ext = self.cell(CellKind::Replicate, w - xw, &[sign], None);
                self.cell(CellKind::Concat, w, &[ext, a[0]], None)
            }
            OpKind::Trunc => self.cell(CellKind::Extract { low: 0 }, w, &[a[0]], None),
            OpKind::Load(_) | OpKind::Store(_) => unreachable!("memory accesses have no cell"),
            k => unreachable!("{k:?} is refused by gen::support::check before generation"),
        }
    }

    /// `v` as seen in states `start..start + cycles`, multiplexed by state when it differs.
    fn held(&mut self, v: crate::ir::ValId, start: u32, cycles: u32) -> NetId {
        let mut pairs: Vec<(NetId, NetId)> = Vec::new();
        for s in start..start + cycles.max(1) {
            let n = self.value_in(v, s);
            pairs.push((self.state_eq[s as usize], n));
        }
        let mut d = pairs.last().expect("at least one state").1;
        for &(c, n) in pairs.iter().rev().skip(1) {
            d = self.mux(c, n, d);
        }
        d
    }

    /// The operand shape of a multiplier unit all of whose ops (multiplications of
    /// variables on one cycle or a multi-cycle path) have narrow operands.
    fn unit_shape(&self, ops: &[Placed], w: u32) -> Option<MulShape> {
        let shape = |p: &Placed| {
            let op = self.f.op(p.op);
            (op.kind == OpKind::Bin(BinOp::Mul) && !p.sequential)
                .then(|| self.widths.mul(op.operands[0], op.operands[1], w))
                .flatten()
        };
        ops.iter().map(shape).reduce(|a, b| MulShape::join(a, b, w)).flatten()
    }

    /// A shared multiplier/divider's operands, multiplexed by the state each op occupies.
    fn unit_inputs(&mut self, ops: &[Placed]) -> Vec<NetId> {
        let mut ins = Vec::new();
        for k in 0..2 {
            let mut pairs: Vec<(NetId, NetId)> = Vec::new();
            for p in ops {
                let v = self.f.op(p.op).operands[k];
                // A sequential unit reads its operands in its load state only.
                let held = if p.sequential { 1 } else { p.occupancy };
                for s in p.start..p.start + held {
                    let n = self.value_in(v, s);
                    pairs.push((self.state_eq[s as usize], n));
                }
            }
            ins.push(self.select(&pairs));
        }
        ins
    }
}
