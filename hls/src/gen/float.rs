//! Float ops in the datapath: each op's unit (`float::units`) built inline in the generated
//! module through [`UnitBuilder`], the way `pipemul.rs` builds a pipelined multiplier.
//!
//! How an op of type `t` (`schedule::float_timing`) started in state `S` is wired:
//! - latency 0: the unit's combinational cone on the operands as seen in `S` (chained);
//! - a pipelined unit of latency `L`: the cone cut by `L` free-running register stages
//!   (`units::pipeline`, or the divider's and square root's own row cuts); its operands are
//!   the values as seen in `S` and its result is read in state `S + L` (the op's wire
//!   state), exactly `L` clock edges later whatever the unit computed in between;
//! - a sequential divider, square root or remainder: started by `state == S` (operands
//!   registered on that edge), its result register read in `S + latency` (the `ds_iter`
//!   protocol: `done` is then 1, and the schedule's span keeps the block there). In a
//!   pipelined loop (only a remainder is sequential there) the start is the slot's state
//!   and its stage's valid bit, so an iteration that is not running never starts it and the
//!   unit is idle whenever a valid start comes (II is at least its busy cycles).
//!
//! Every op gets a unit of its own, unless `--max-float` limits them: then ops of one unit
//! kind, format and latency whose busy states are disjoint (the scheduler's resource makes
//! that so for at most N of them per state or slot) share one unit ([`FloatPool`]), its
//! operands multiplexed by the state each op issues in, and a sequential unit started by
//! any of them; FSM states and pipelined loops' slot states are all distinct, so one pool
//! serves the whole function, as `share.rs` does for multipliers. The report lists each
//! unit as `{unit} {format} latency {L}`, and its registers count as the datapath's.

use super::{Gen, Unit};
use crate::float::units::{self, ds_unit, fdiv, fsqrt, pipeline, FUnit, UnitBuilder};
use crate::ir::Op;
use crate::schedule::float_timing::{built_unit, unit_of};
use crate::schedule::OperatorType;
use comb::{CellKind, NetId};
use std::collections::BTreeSet;

/// The function's shared float units (`--max-float`).
#[derive(Default)]
pub(crate) struct FloatPool {
    units: Vec<Shared>,
}

/// A shared float unit: built on placeholder inputs, connected by [`Gen::float_connect`].
struct Shared {
    key: (FUnit, crate::float::FloatFormat, u32),
    /// Placeholders of the operands and (sequential units) the start signal.
    ins: Vec<NetId>,
    start: Option<NetId>,
    net: NetId,
    /// States some op occupies.
    busy: BTreeSet<u32>,
    /// Per op: its issue state, operands as seen there and start condition.
    uses: Vec<(u32, Vec<NetId>, NetId)>,
    report: Unit,
}

impl Gen<'_> {
    /// Builds the unit of float op `op` of type `t` on operands `a` (as seen in its start
    /// state); `start` is its start condition (needed by a sequential unit). Returns
    /// the result net, valid in the start state plus `t.latency`.
    pub(crate) fn float_unit(
        &mut self,
        op: &Op,
        a: &[NetId],
        t: &OperatorType,
        start: Option<NetId>,
    ) -> Result<NetId, String> {
        let Some((u, f)) = unit_of(&op.kind) else {
            return Err(format!("internal error: no float unit for {:?}", op.kind));
        };
        let kind = built_unit(u, f, t, self.period);
        self.build_float(kind, f, a, t.latency, start)
    }

    /// Builds unit `kind` at format `f` with `lat` registers on operands `a` (`start`: a
    /// sequential unit's start); records it for the report.
    fn build_float(
        &mut self,
        kind: FUnit,
        f: crate::float::FloatFormat,
        a: &[NetId],
        lat: u32,
        start: Option<NetId>,
    ) -> Result<NetId, String> {
        let clk = self.clk;
        let before = self.m.id_bound();
        let dsp = self.take_dsp(kind, f);
        let mut b = UnitBuilder::new(&mut self.m);
        let tile = if dsp > 0 { None } else { crate::schedule::float_timing::UNIT_OPTIONS.mul_tile };
        b.set_mul_tile(tile);
        let net = match kind {
            k if ds_unit::is_seq(k) => {
                let Some(s) = start else {
                    return Err("internal error: a sequential float unit without a start".into());
                };
                let Some(o) = ds_unit::build_seq(&mut b, k, f, a, (s, clk)) else {
                    return Err(format!("internal error: no sequential unit {k:?}"));
                };
                o.result
            }
            FUnit::Div if lat > 0 => fdiv::build_fdiv(&mut b, f, (a[0], a[1]), clk, lat),
            FUnit::Sqrt if lat > 0 => fsqrt::build_fsqrt(&mut b, f, a[0], clk, lat),
            _ => {
                let y = units::build_unit(&mut b, kind, f, a);
                pipeline::pipeline(&mut self.m, a, y, clk, lat)
            }
        };
        // The unit's registers are the datapath's (the report's register count).
        let regs: Vec<u32> = self
            .m
            .cells()
            .filter(|c| c.index() >= before)
            .filter(|&c| matches!(self.m.cell(c).kind, CellKind::Reg { .. }))
            .map(|c| self.m.width(c))
            .collect();
        self.own_regs.extend(regs);
        let on_dsp = if dsp > 0 { format!(", product on {dsp} DSP") } else { String::new() };
        self.units.push(Unit {
            kind: format!("{} {f} latency {lat}{on_dsp}", kind.name()),
            width: kind.result_width(f),
            ops: 1,
        });
        Ok(net)
    }

    /// The DSP blocks unit `kind` at format `f` takes for its significand product: all it
    /// needs if a multiplier or fma whose product fits the blocks left (taken from them),
    /// else 0 (the product is a LUT compressor tree). Units are served in the order they
    /// are built, so a kernel with more products than blocks has the later ones in LUTs.
    fn take_dsp(&mut self, kind: FUnit, f: crate::float::FloatFormat) -> u32 {
        let Some(d) = self.dsp_left.as_mut() else { return 0 };
        if !matches!(kind, FUnit::Mul | FUnit::Fma) {
            return 0;
        }
        let need = d.blocks_for(f.precision(), f.precision());
        if need > d.blocks {
            return 0;
        }
        d.blocks -= need;
        need
    }

    /// Whether float op `op` of type `t` goes to a shared unit ([`FloatPool`]).
    pub(crate) fn float_shared(&self, op: &Op, t: &OperatorType) -> bool {
        self.max_float.is_some() && t.latency > 0 && unit_of(&op.kind).is_some()
    }

    /// Binds float op `op` of type `t`, issued in state `state` with operands `a` (as seen
    /// there) and occupying states `busy`, to a shared unit of its kind whose busy states
    /// are disjoint (a new one if none is); `go` is its start condition (a sequential
    /// unit's). Returns the unit's result net.
    pub(crate) fn float_issue(
        &mut self,
        op: &Op,
        t: &OperatorType,
        (state, busy): (u32, BTreeSet<u32>),
        a: Vec<NetId>,
        go: NetId,
    ) -> Result<NetId, String> {
        let Some((u, f)) = unit_of(&op.kind) else {
            return Err(format!("internal error: no float unit for {:?}", op.kind));
        };
        let kind = built_unit(u, f, t, self.period);
        let key = (kind, f, t.latency);
        let found = self.fpool.units.iter().position(|s| s.key == key && s.busy.is_disjoint(&busy));
        let k = match found {
            Some(k) => k,
            None => self.new_shared(key, ds_unit::is_seq(kind))?,
        };
        let s = &mut self.fpool.units[k];
        s.busy.extend(busy);
        s.uses.push((state, a, go));
        Ok(s.net)
    }

    /// A new shared unit of `key` on placeholder inputs.
    fn new_shared(
        &mut self,
        key: (FUnit, crate::float::FloatFormat, u32),
        seq: bool,
    ) -> Result<usize, String> {
        let (kind, f, lat) = key;
        let widths =
            units::ds_unit::operand_widths(kind, f).unwrap_or_else(|| vec![f.width(); kind.operands()]);
        let ins: Vec<NetId> = widths.iter().map(|&w| self.placeholder(w)).collect();
        let start = seq.then(|| self.placeholder(1));
        let n = self.units.len();
        let net = self.build_float(kind, f, &ins, lat, start)?;
        let report = self.units.remove(n);
        self.fpool.units.push(Shared {
            key,
            ins,
            start,
            net,
            busy: BTreeSet::new(),
            uses: Vec::new(),
            report,
        });
        Ok(self.fpool.units.len() - 1)
    }

    /// A `w`-bit net whose source is set later (an identity extract).
    fn placeholder(&mut self, w: u32) -> NetId {
        let z = self.konst(0, w);
        self.cell(CellKind::Extract { low: 0 }, w, &[z], None)
    }

    /// Connects every shared float unit's inputs, multiplexed by its ops' issue states, and
    /// records the units for the report.
    pub(crate) fn float_connect(&mut self) {
        let units = std::mem::take(&mut self.fpool.units);
        for s in units {
            for (k, &ph) in s.ins.iter().enumerate() {
                let pairs: Vec<(NetId, NetId)> =
                    s.uses.iter().map(|(st, a, _)| (self.state_eq[*st as usize], a[k])).collect();
                let d = self.select(&pairs);
                self.m.set_operands(ph, &[d]);
            }
            if let Some(ph) = s.start {
                let gos: Vec<NetId> = s.uses.iter().map(|u| u.2).collect();
                let d = self.or(&gos);
                self.m.set_operands(ph, &[d]);
            }
            self.units.push(Unit { ops: s.uses.len(), ..s.report });
        }
    }
}
