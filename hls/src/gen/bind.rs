//! Binding and the datapath: every scheduled op becomes a cell in the state it runs in.
//!
//! Multipliers and dividers (the operators whose area dwarfs a multiplexer) are shared:
//! ops of one operator and width are bound by left-edge over the states they occupy, and a
//! shared unit's operands are multiplexed by state. Cheaper operators (adders, compares,
//! logic) get a cell per op, since a multiplexer in front of them costs about as much as
//! they do. Memory accesses are collected per port and multiplexed in `memory_ports`.

use super::{Access, Gen, Unit};
use crate::ir::{BinOp, OpId, OpKind};
use comb::{CellKind, NetId};
use std::collections::BTreeMap;

fn bin_kind(b: BinOp) -> CellKind {
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
                });
            }
        }
        // Left-edge binding of multipliers and dividers, per (operator, width).
        let mut groups: BTreeMap<(BinOp, u32), Vec<Placed>> = BTreeMap::new();
        for p in &placed {
            let op = self.f.op(p.op);
            if let OpKind::Bin(b) = op.kind {
                if b == BinOp::Mul || b.is_div() {
                    groups
                        .entry((b, self.f.width(op.result.expect("binary ops have results"))))
                        .or_default()
                        .push(*p);
                }
            }
        }
        let mut unit_of: BTreeMap<OpId, (usize, usize)> = BTreeMap::new();
        let mut shared: Vec<Vec<Placed>> = Vec::new();
        for ((b, w), mut ops) in groups {
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
                self.units.push(Unit { kind: format!("{b:?}").to_lowercase(), width: w, ops: u.len() });
            }
        }
        // Unit cells first (their operands are connected once every op's cell exists).
        let mut unit_net = Vec::with_capacity(shared.len());
        for u in &shared {
            let op = self.f.op(u[0].op).clone();
            let OpKind::Bin(b) = op.kind else { unreachable!("units are binary ops") };
            let w = self.f.width(op.result.expect("result"));
            let z = self.konst(0, w);
            let net = self.cell(bin_kind(b), w, &[z, z], None);
            for p in u {
                let r = self.f.op(p.op).result.expect("result");
                self.wire.insert(r, (p.start + p.latency.max(1) - 1, net));
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
            let w = op.result.map_or(1, |r| self.f.width(r));
            // A multi-cycle op's operands must hold for all its cycles: each state reads
            // them where they are then (a chained wire first, registers after).
            let a: Vec<NetId> = op.operands.iter().map(|&o| self.held(o, st, p.occupancy)).collect();
            let net = match &op.kind {
                OpKind::Const(c) => self.konst(*c, w),
                OpKind::Bin(b) => {
                    // A shift by a constant is wiring, not a unit.
                    let wiring = matches!(b, BinOp::Shl | BinOp::ShrS | BinOp::ShrU)
                        && self.consts.contains_key(&op.operands[1]);
                    if !wiring {
                        self.units.push(Unit { kind: format!("{b:?}").to_lowercase(), width: w, ops: 1 });
                    }
                    self.cell(bin_kind(*b), w, &a, None)
                }
                OpKind::Cmp(pr) => {
                    let ow = self.m.width(a[0]);
                    self.units.push(Unit { kind: "cmp".into(), width: ow, ops: 1 });
                    self.cell(CellKind::Icmp(*pr), 1, &a, None)
                }
                OpKind::Select => self.cell(CellKind::Mux, w, &a, None),
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
                OpKind::Load(m) => {
                    self.accesses.entry(m.index()).or_default().push(Access {
                        state: st,
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
                    self.accesses.entry(m.index()).or_default().push(Access {
                        state: st,
                        addr: a[0],
                        wdata: Some(a[1]),
                    });
                    continue;
                }
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
        for (u, &net) in shared.iter().zip(&unit_net) {
            let ins = self.unit_inputs(u);
            self.m.set_operands(net, &ins);
        }
        Ok(())
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

    /// A shared multiplier/divider's operands, multiplexed by the state each op occupies.
    fn unit_inputs(&mut self, ops: &[Placed]) -> Vec<NetId> {
        let mut ins = Vec::new();
        for k in 0..2 {
            let mut pairs: Vec<(NetId, NetId)> = Vec::new();
            for p in ops {
                let v = self.f.op(p.op).operands[k];
                for s in p.start..p.start + p.occupancy {
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
