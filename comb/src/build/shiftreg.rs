//! CIRCT's `seq.shiftreg [N] %in, %clk, %ce [reset %rst, %v] [powerOn %p] : T`: N registers
//! in a chain, each with the clock enable `%ce` (and the synchronous reset, if any); the
//! result is the last one, so the input appears after N enabled edges. This is CIRCT's own
//! lowering (`--lower-seq-shiftreg`): stages `NAME_sh1` .. `NAME_sh{N-1}`, the last keeps
//! the result's name. `powerOn` (a constant) is every stage's initial value.

use super::body::NetOf;
use super::ops::Plan;
use super::Builder;
use crate::ids::{ModuleId, NetId};
use crate::netlist::CellKind;
use mlir_text::{Attr, Operation, Type};

/// The most stages a shift register may have (a guard against absurd sizes).
const MAX_STAGES: i128 = 1 << 16;

impl<'f> Builder<'f> {
    /// The last stage's cell; the others are made when connecting.
    pub(crate) fn plan_shiftreg(&mut self, op: &Operation) -> Option<Plan> {
        let n = match op.attr("numElements") {
            Some(Attr::Int(v, _)) => v.to_i128().unwrap_or(0),
            _ => 0,
        };
        if !(1..=MAX_STAGES).contains(&n) {
            let at = op.named_attr("numElements").map(|a| a.span).unwrap_or(op.span);
            self.error(at, format!("'seq.shiftreg' needs 'numElements' between 1 and {MAX_STAGES}"));
            return None;
        }
        let segs = self.shiftreg_segments(op)?;
        let (width, name) = self.reg_result(op)?;
        let kind = CellKind::Reg { reset: segs.0, enable: true, async_reset: false, init: None };
        Some(Plan::Cell { kind, width, name })
    }

    /// (reset, powerOn) from `operandSegmentSizes` (or the operand count without it).
    fn shiftreg_segments(&mut self, op: &Operation) -> Option<(bool, bool)> {
        let n = op.operands.len();
        let s: Vec<i128> = match op.attr("operandSegmentSizes") {
            Some(Attr::DenseArray(_, segs)) => segs.iter().map(|v| v.to_i128().unwrap_or(-1)).collect(),
            _ => match n {
                3 => vec![1, 1, 1, 0, 0, 0],
                5 => vec![1, 1, 1, 1, 1, 0],
                _ => vec![],
            },
        };
        let ok = s.len() == 6
            && s[..3].iter().all(|&x| x == 1)
            && s[3] == s[4]
            && (0..=1).contains(&s[3])
            && (0..=1).contains(&s[5])
            && s.iter().sum::<i128>() == n as i128;
        if !ok {
            self.error(
                op.span,
                format!(
                    "'seq.shiftreg' expects operands %in, %clk, %ce [, %rst, %value] [, %powerOn]; got {n}"
                ),
            );
            return None;
        }
        Some((s[3] == 1, s[5] == 1))
    }

    /// Checks the operands, makes stages 1 .. N-1 and chains them into the last, `net`.
    pub(crate) fn connect_shiftreg(&mut self, mid: ModuleId, o: &Operation, net: NetId, net_of: &NetOf) {
        let Some((reset, power_on)) = self.shiftreg_segments(o) else { return };
        let width = self.design.module(mid).cell(net).width;
        let mut nets = Vec::with_capacity(o.operands.len());
        for (i, u) in o.operands.iter().enumerate() {
            let Some((n, w, ty)) = self.operand(o, i, net_of) else { return };
            let want_clock = i == 1;
            let is_clock = matches!(ty, Some(Type::Clock));
            let want_w = if i == 2 || (reset && i == 3) { 1 } else { width };
            if want_clock != is_clock
                || (!is_clock && (ty.and_then(|t| t.int_width()).is_none() || w != want_w))
            {
                let want = if want_clock { "!seq.clock".to_string() } else { format!("i{want_w}") };
                let got = ty.map(|t| t.to_string()).unwrap_or_default();
                self.error(u.span, format!("operand #{i} of 'seq.shiftreg' must be {want}, got '{got}'"));
                return;
            }
            nets.push(n);
        }
        let m = self.design.module_mut(mid);
        let init = if power_on {
            let p = *nets.last().expect("a powerOn operand");
            match &m.cell(p).kind {
                CellKind::Const(b) => Some(b.clone()),
                _ => {
                    let at = o.operands.last().map(|u| u.span).unwrap_or(o.span);
                    self.error(at, "a 'seq.shiftreg' powerOn value must be a constant ('hw.constant')");
                    return;
                }
            }
        } else {
            None
        };
        let stages = match o.attr("numElements") {
            Some(Attr::Int(v, _)) => v.to_i128().unwrap_or(1) as usize,
            _ => 1,
        };
        // On a constant clock (`const_clock.rs`) no stage ever loads: the shift register is
        // its power-on value, as a register on that clock is.
        if o.operands.get(1).is_some_and(|u| self.const_clocks.contains(&u.value)) {
            let value = init.unwrap_or_else(|| crate::bits::Bits::zero(width));
            m.cell_mut(net).kind = CellKind::Const(value);
            m.set_operands(net, &[]);
            return;
        }
        let kind = CellKind::Reg { reset, enable: true, async_reset: false, init };
        let base = m.cell(net).name.clone();
        let shared: Vec<NetId> = nets[1..3 + 2 * reset as usize].to_vec();
        let mut prev = nets[0];
        for i in 1..stages {
            let name = base.as_ref().map(|b| format!("{b}_sh{i}").into());
            let s = m.add_cell(kind.clone(), width, &[], name, o.span);
            let ops: Vec<NetId> = std::iter::once(prev).chain(shared.iter().copied()).collect();
            m.set_operands(s, &ops);
            prev = s;
        }
        m.cell_mut(net).kind = kind;
        let ops: Vec<NetId> = std::iter::once(prev).chain(shared.iter().copied()).collect();
        m.set_operands(net, &ops);
    }
}
