//! Binding and the datapath: every scheduled op becomes a cell in the state it runs in.
//!
//! Multipliers and dividers (the operators whose area dwarfs a multiplexer) are shared:
//! ops of one operator and width are bound by left-edge over the states they occupy, and a
//! shared unit's operands are multiplexed by state. Cheaper operators (adders, compares,
//! logic) get a cell per op, since a multiplexer in front of them costs about as much as
//! they do. Dividers too slow for one cycle are sequential units (`seqdiv.rs`), and
//! multipliers the scheduler pipelined are pipelined units (`pipemul.rs`), shared the same
//! way (a pipelined unit takes its operands in its op's start state only). Memory accesses are collected per port and multiplexed in `memory_ports`.

use super::{Access, Gen, Unit};
use crate::ir::{BinOp, OpId, OpKind};
use comb::{CellKind, NetId};
use std::collections::BTreeMap;

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
        // (`schedule/pipemul.rs`), and the two are different units.
        let mut groups: BTreeMap<(BinOp, u32, bool), Vec<Placed>> = BTreeMap::new();
        for p in &placed {
            let op = self.f.op(p.op);
            if let OpKind::Bin(b) = op.kind {
                // A multiply by a constant stays a cell of its own (shifts and adds once
                // synthesis sees the constant; a shared unit would hide it behind a mux).
                let by_const = b == BinOp::Mul && op.operands.iter().any(|o| self.consts.contains_key(o));
                if (b == BinOp::Mul && !by_const) || b.is_div() {
                    groups
                        .entry((b, self.f.width(op.result.expect("binary ops have results")), p.sequential))
                        .or_default()
                        .push(*p);
                }
            }
        }
        let mut unit_of: BTreeMap<OpId, (usize, usize)> = BTreeMap::new();
        let mut shared: Vec<Vec<Placed>> = Vec::new();
        for ((b, w, _), mut ops) in groups {
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
            for u in &shared[first..] {
                // Pipelined multipliers record themselves (`pipe_mul_for`).
                if !(b == BinOp::Mul && u[0].sequential) {
                    self.units.push(Unit { kind: format!("{b:?}").to_lowercase(), width: w, ops: u.len() });
                }
            }
        }
        // Unit cells first (their operands are connected once every op's cell exists).
        let mut unit_net = Vec::with_capacity(shared.len());
        let mut seq_units = BTreeMap::new();
        let mut mul_units = BTreeMap::new();
        for (k, u) in shared.iter().enumerate() {
            let op = self.f.op(u[0].op).clone();
            let OpKind::Bin(b) = op.kind else { unreachable!("units are binary ops") };
            let w = self.f.width(op.result.expect("result"));
            let net = if u[0].sequential && b == BinOp::Mul {
                // A pipelined multiplier (`pipemul.rs`): the product in its last register
                // `latency` cycles after the start.
                let t = &self.l.blocks[u[0].block].problem;
                let ty = t.types[t.ops[u[0].index].ty].clone();
                let (unit, out) = self.pipe_mul_for(w, &ty, &format!("mul{w}_u{k}"), u.len())?;
                mul_units.insert(k, unit);
                out
            } else if u[0].sequential {
                // A sequential divider: the result sits in its registers a cycle after the
                // last step; `latency - 1` steps of `w / steps` rows each.
                let signed = matches!(b, BinOp::DivS | BinOp::RemS);
                let rows = w / (u[0].latency - if signed { 3 } else { 1 }).max(1);
                let tag = format!("{}{w}_u{k}", format!("{b:?}").to_lowercase());
                let (unit, out) = self.seq_div_unit(b, w, rows, &tag);
                seq_units.insert(k, unit);
                out
            } else {
                let z = self.konst(0, w);
                self.cell(bin_kind(b), w, &[z, z], None)
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
        for (k, (u, &net)) in shared.iter().zip(&unit_net).enumerate() {
            let ins = self.unit_inputs(u);
            if let Some(unit) = mul_units.get(&k) {
                self.pipe_mul_connect(unit, ins[0], ins[1]);
                continue;
            }
            match seq_units.get(&k) {
                Some(unit) => {
                    let ph = self.seq_div_phases(u);
                    self.seq_div_connect(unit, ins[0], ins[1], &ph);
                }
                None => self.m.set_operands(net, &ins),
            }
        }
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

    /// The phase signals of a sequential divider shared by `ops` (see `seqdiv.rs`).
    fn seq_div_phases(&mut self, ops: &[Placed]) -> super::seqdiv::Phases {
        let op = self.f.op(ops[0].op);
        let signed = matches!(op.kind, OpKind::Bin(BinOp::DivS | BinOp::RemS));
        let s1 = u32::from(signed);
        let (mut load, mut abs, mut step, mut fix) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for p in ops {
            let eq = |s: u32| self.state_eq[s as usize];
            load.push(eq(p.start));
            if signed {
                abs.push(eq(p.start + 1));
                fix.push(eq(p.start + p.latency - 1));
            }
            step.extend((p.start + 1 + s1..p.start + p.latency - s1).map(eq));
        }
        super::seqdiv::Phases {
            load: self.or(&load),
            abs: signed.then(|| self.or(&abs)),
            step: self.or(&step),
            fix: signed.then(|| self.or(&fix)),
        }
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
            let mut d = pairs.last().expect("a unit has an op").1;
            for &(c, v) in pairs.iter().rev().skip(1) {
                d = self.mux(c, v, d);
            }
            ins.push(d);
        }
        ins
    }
}
