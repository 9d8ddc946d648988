//! The division, square-root, comparison and conversion units as stand-alone modules
//! ([`ds_module`]) and their latency table ([`ds_latency`]): what the scheduler and the
//! tests see of `fdiv`, `fsqrt`, `fcmp` and `fconv`.
//!
//! Ports: `clk` (when the unit has registers), the operands `a` (and `b`), then for a
//! sequential unit `start`; outputs `result`, and for a sequential unit `done` and `busy`
//! (protocol in `ds_iter`).

use super::ds_iter::{build_pipelined, build_sequential, min_latency, seq_latency, Recurrence};
use super::ds_net::DsExt;
use super::fcmp::{build_fabs, build_fcmp, build_fminmax, build_fneg, MinMax};
use super::fconv::{build_fconvert, build_fptoi, build_itofp};
use super::fdiv::FDiv;
use super::fsqrt::FSqrt;
use super::UnitBuilder;
use crate::float::{FCmpPred, FloatFormat};
use crate::schedule::delays;
use comb::{Dir, Module, NetId, Port};
use mlir_text::Span;

/// A unit of this family.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum DsUnit {
    /// `a / b`, pipelined (II 1).
    Div(FloatFormat),
    /// `a / b`, sequential, `rows` rows per cycle.
    DivSeq(FloatFormat, u32),
    /// `sqrt(a)`, pipelined (II 1).
    Sqrt(FloatFormat),
    /// `sqrt(a)`, sequential, `rows` rows per cycle.
    SqrtSeq(FloatFormat, u32),
    /// `a pred b`, one bit.
    Cmp(FloatFormat, FCmpPred),
    /// Minimum or maximum.
    MinMax(FloatFormat, MinMax),
    /// `-a`.
    Neg(FloatFormat),
    /// `|a|`.
    Abs(FloatFormat),
    /// An integer of `width` bits (signed or not) to a float.
    IToFp {
        /// The result format.
        to: FloatFormat,
        /// The integer's width, 1..=64.
        width: u32,
        /// Two's complement (`sitofp`) or unsigned (`uitofp`).
        signed: bool,
    },
    /// A float to an integer of `width` bits, truncated, saturating, NaN to 0.
    FpToI {
        /// The operand format.
        from: FloatFormat,
        /// The integer's width, 1..=64.
        width: u32,
        /// `fptosi` or `fptoui`.
        signed: bool,
    },
    /// Between two formats (`extf`, `truncf`).
    Convert {
        /// The operand format.
        from: FloatFormat,
        /// The result format.
        to: FloatFormat,
    },
}

impl DsUnit {
    /// Operand widths, in order.
    pub fn operand_widths(&self) -> Vec<u32> {
        match *self {
            DsUnit::Div(f) | DsUnit::DivSeq(f, _) | DsUnit::Cmp(f, _) | DsUnit::MinMax(f, _) => {
                vec![f.width(), f.width()]
            }
            DsUnit::Sqrt(f) | DsUnit::SqrtSeq(f, _) | DsUnit::Neg(f) | DsUnit::Abs(f) => vec![f.width()],
            DsUnit::IToFp { width, .. } => vec![width],
            DsUnit::FpToI { from, .. } | DsUnit::Convert { from, .. } => vec![from.width()],
        }
    }

    /// Result width.
    pub fn result_width(&self) -> u32 {
        match *self {
            DsUnit::Cmp(..) => 1,
            DsUnit::Div(f) | DsUnit::DivSeq(f, _) | DsUnit::Sqrt(f) | DsUnit::SqrtSeq(f, _) => f.width(),
            DsUnit::MinMax(f, _) | DsUnit::Neg(f) | DsUnit::Abs(f) => f.width(),
            DsUnit::IToFp { to, .. } | DsUnit::Convert { to, .. } => to.width(),
            DsUnit::FpToI { width, .. } => width,
        }
    }

    /// Whether it is a sequential unit (start/done/busy).
    pub fn sequential(&self) -> bool {
        matches!(self, DsUnit::DivSeq(..) | DsUnit::SqrtSeq(..))
    }

    /// The recurrence of a divider or square root, with rows rounded up to a multiple of
    /// `per_cycle` for a sequential one.
    fn recurrence(&self) -> Option<(Box<dyn Recurrence>, u32)> {
        let round = |min: u32, k: u32| min.div_ceil(k.max(1)) * k.max(1);
        match *self {
            DsUnit::Div(f) => Some((Box::new(FDiv::new(f, 0)), 1)),
            DsUnit::DivSeq(f, k) => Some((Box::new(FDiv::new(f, round(FDiv::min_rows(f), k))), k.max(1))),
            DsUnit::Sqrt(f) => Some((Box::new(FSqrt::new(f, 0)), 1)),
            DsUnit::SqrtSeq(f, k) => Some((Box::new(FSqrt::new(f, round(FSqrt::min_rows(f), k))), k.max(1))),
            _ => None,
        }
    }
}

/// Builds the combinational units' result from their operands.
fn build_comb(g: &mut UnitBuilder, u: DsUnit, ops: &[NetId]) -> NetId {
    match u {
        DsUnit::Cmp(f, p) => build_fcmp(g, f, p, ops[0], ops[1]),
        DsUnit::MinMax(f, k) => build_fminmax(g, f, k, ops[0], ops[1]),
        DsUnit::Neg(f) => build_fneg(g, f, ops[0]),
        DsUnit::Abs(f) => build_fabs(g, f, ops[0]),
        DsUnit::IToFp { to, signed, .. } => build_itofp(g, to, ops[0], signed),
        DsUnit::FpToI { from, width, signed } => build_fptoi(g, from, ops[0], width, signed),
        DsUnit::Convert { from, to } => build_fconvert(g, from, to, ops[0]),
        DsUnit::Div(..) | DsUnit::DivSeq(..) | DsUnit::Sqrt(..) | DsUnit::SqrtSeq(..) => {
            unreachable!("recurrences are built by ds_iter")
        }
    }
}

/// The unit as a module named `name`: `latency` register stages for a pipelined divider
/// or square root (a combinational unit with `latency > 0` gets its registers after the
/// logic); a sequential unit ignores `latency` (its own is [`ds_latency`]'s).
pub fn ds_module(u: DsUnit, name: &str, latency: u32) -> Module {
    let mut m = Module::new(name, Span::default());
    let port = |m: &mut Module, n: &str, dir, width, clock| {
        m.add_port(Port { name: n.into(), dir, width, clock, span: Span::default() })
    };
    let clocked = latency > 0 || u.sequential();
    let clk = clocked.then(|| port(&mut m, "clk", Dir::Input, 1, true));
    let names = ["a", "b"];
    let ins: Vec<_> =
        u.operand_widths().iter().zip(names).map(|(&w, n)| port(&mut m, n, Dir::Input, w, false)).collect();
    let start = u.sequential().then(|| port(&mut m, "start", Dir::Input, 1, false));
    let res = port(&mut m, "result", Dir::Output, u.result_width(), false);
    let seq_outs = u
        .sequential()
        .then(|| (port(&mut m, "done", Dir::Output, 1, false), port(&mut m, "busy", Dir::Output, 1, false)));
    let net = |m: &Module, p| m.port_net(p).expect("input ports have cells");
    let ops: Vec<NetId> = ins.iter().map(|&p| net(&m, p)).collect();
    let clk = clk.map(|p| net(&m, p));
    let start = start.map(|p| net(&m, p));
    let mut g = UnitBuilder::new(&mut m);
    let (out, flags) = match (u.recurrence(), clk, start) {
        (Some((r, k)), Some(c), Some(s)) => {
            let o = build_sequential(&mut g, r.as_ref(), &ops, (s, c), k);
            (o.result, Some((o.done, o.busy)))
        }
        (Some((r, _)), c, _) => {
            (build_pipelined(&mut g, r.as_ref(), &ops, c.unwrap_or(ops[0]), latency), None)
        }
        (None, c, _) => {
            let mut o = build_comb(&mut g, u, &ops);
            for _ in 0..latency {
                o = g.reg(o, c.unwrap_or(ops[0]), None);
            }
            (o, None)
        }
    };
    m.set_output(res, out);
    if let (Some((d, b)), Some((dn, bn))) = (seq_outs, flags) {
        m.set_output(d, dn);
        m.set_output(b, bn);
    }
    m
}

/// The unit's latency at a clock period of `period` ns: the fewest pipeline stages that
/// keep each cycle within the chaining budget (0 for the combinational units), or a
/// sequential unit's cycles from start to done.
pub fn ds_latency(u: DsUnit, period: f64) -> u32 {
    let budget = delays::budget(period);
    match (u.recurrence(), u.sequential()) {
        (Some((r, k)), true) => seq_latency(r.rows(), k),
        (Some((r, _)), false) => min_latency(r.as_ref(), budget),
        (None, _) => 0,
    }
}

/// How many rows per cycle a sequential divider or square root of format `f` can do within
/// a cycle of `period` ns (at least 1): the row delay against the budget.
pub fn seq_rows_per_cycle(u: DsUnit, period: f64) -> u32 {
    let budget = delays::budget(period);
    match u.recurrence() {
        Some((r, _)) => {
            let (_, row, _) = r.delays();
            ((budget / row).floor() as u32).max(1)
        }
        None => 1,
    }
}
