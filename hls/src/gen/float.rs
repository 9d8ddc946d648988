//! Float ops in the datapath: each op's unit (`float::units`) built inline in the generated
//! module through [`UnitBuilder`], the way `pipemul.rs` builds a pipelined multiplier.
//!
//! How an op of type `t` (`schedule::float`) started in state `S` is wired:
//! - latency 0: the unit's combinational cone on the operands as seen in `S` (chained);
//! - a pipelined unit of latency `L`: the cone cut by `L` free-running register stages
//!   (`units::pipeline`, or the divider's and square root's own row cuts); its operands are
//!   the values as seen in `S` and its result is read in state `S + L` (the op's wire
//!   state), exactly `L` clock edges later whatever the unit computed in between;
//! - a sequential divider or square root: started by `state == S` (operands registered on
//!   that edge), its result register read in `S + latency` (the `ds_iter` protocol: `done`
//!   is then 1, and the schedule's span keeps the block there).
//!
//! Every op gets a unit of its own (float units are not shared yet); the report lists each
//! as `{unit} {format} latency {L}`, and its registers count as the datapath's.

use super::{Gen, Unit};
use crate::float::units::{self, fdiv, fsqrt, pipeline, FUnit, UnitBuilder};
use crate::ir::Op;
use crate::schedule::float::{built_unit, unit_of};
use crate::schedule::OperatorType;
use comb::{CellKind, NetId};

impl Gen<'_> {
    /// Builds the unit of float op `op` of type `t` on operands `a` (as seen in its start
    /// state); `start` is its start state's decoder (needed by a sequential unit). Returns
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
        let (clk, lat) = (self.clk, t.latency);
        let before = self.m.id_bound();
        let mut b = UnitBuilder::new(&mut self.m);
        let net = match kind {
            FUnit::DivSeq { rows, split } | FUnit::SqrtSeq { rows, split } => {
                let Some(s) = start else {
                    return Err("internal error: a sequential float unit outside an FSM block".into());
                };
                let o = if matches!(kind, FUnit::DivSeq { .. }) {
                    fdiv::build_fdiv_seq(&mut b, f, (a[0], a[1]), (s, clk), (rows, split))
                } else {
                    fsqrt::build_fsqrt_seq(&mut b, f, a[0], (s, clk), (rows, split))
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
        self.units.push(Unit {
            kind: format!("{} {f} latency {lat}", kind.name()),
            width: kind.result_width(f),
            ops: 1,
        });
        Ok(net)
    }
}
