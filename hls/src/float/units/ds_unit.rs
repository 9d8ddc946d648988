//! The division, square-root, remainder, comparison and conversion kinds of [`FUnit`]: their operand
//! and result widths, combinational build, stand-alone modules and latency table, which
//! `mod.rs`'s generic functions delegate to.
//!
//! Module shapes (as [`super::unit_module`] names them, `{kind}_{format}_l{latency}`):
//! - combinational kinds and `Div`/`Sqrt`/`Rem`: `clk` (when `latency > 0`), `a` (, `b`),
//!   `y`; `Div`, `Sqrt` and `Rem` are cut between recurrence rows by `ds_pipe` (only the
//!   recurrence's state is registered), the others by the generic cone pipeliner;
//! - `DivSeq`/`SqrtSeq`/`RemSeq`: `clk`, `a` (, `b`), `start`, then `y`, `done`, `busy`
//!   (protocol in `ds_iter`), whatever `latency` says: theirs is [`latency`]'s.
//!
//! For `IToFp` the format is the result's, for `FpToI` and `Convert` the operand's.

use super::ds_iter::{seq_latency, Recurrence, SeqOut};
use super::ds_pipe::{build_pipelined, min_latency, seq_shape};
use super::fcmp::{build_fabs, build_fcmp, build_fminmax, build_fneg};
use super::fconv::{build_fconvert, build_fptoi, build_itofp};
use super::fdiv::{build_fdiv_seq, FDiv};
use super::frem::{build_frem_seq, FRem};
use super::fsqrt::{build_fsqrt_seq, FSqrt};
use super::{FUnit, UnitBuilder};
use crate::float::FloatFormat;
use crate::schedule::delays;
use comb::{Dir, Module, NetId, Port};
use mlir_text::Span;

/// Whether `kind` is one of this family's.
pub fn owns(kind: FUnit) -> bool {
    operand_widths(kind, FloatFormat::F32).is_some()
}

/// Operand widths of `kind` at format `f`, in order (`None`: not this family's).
pub fn operand_widths(kind: FUnit, f: FloatFormat) -> Option<Vec<u32>> {
    Some(match kind {
        FUnit::Div | FUnit::DivSeq { .. } | FUnit::Cmp(_) | FUnit::MinMax(_) => vec![f.width(); 2],
        FUnit::Rem | FUnit::RemSeq { .. } => vec![f.width(); 2],
        FUnit::Sqrt | FUnit::SqrtSeq { .. } | FUnit::Neg | FUnit::Abs => vec![f.width()],
        FUnit::FpToI { .. } | FUnit::Convert { .. } => vec![f.width()],
        FUnit::IToFp { width, .. } => vec![width],
        _ => return None,
    })
}

/// Result width of `kind` at format `f` (`None`: not this family's).
pub fn result_width(kind: FUnit, f: FloatFormat) -> Option<u32> {
    Some(match kind {
        FUnit::Cmp(_) => 1,
        FUnit::FpToI { width, .. } => width,
        FUnit::Convert { to } => to.width(),
        k if owns(k) => f.width(),
        _ => return None,
    })
}

/// A short name for module names (`None`: not this family's).
pub fn name(kind: FUnit) -> Option<&'static str> {
    Some(match kind {
        FUnit::Div => "fdiv",
        FUnit::DivSeq { .. } => "fdiv_seq",
        FUnit::Sqrt => "fsqrt",
        FUnit::SqrtSeq { .. } => "fsqrt_seq",
        FUnit::Rem => "frem",
        FUnit::RemSeq { .. } => "frem_seq",
        FUnit::Cmp(_) => "fcmp",
        FUnit::MinMax(op) => op.name(),
        FUnit::Neg => "fneg",
        FUnit::Abs => "fabs",
        FUnit::IToFp { signed: true, .. } => "sitofp",
        FUnit::IToFp { signed: false, .. } => "uitofp",
        FUnit::FpToI { signed: true, .. } => "fptosi",
        FUnit::FpToI { signed: false, .. } => "fptoui",
        FUnit::Convert { .. } => "fconvert",
        _ => return None,
    })
}

/// The recurrence of a divider, square root or remainder, its rows per cycle and split (a sequential
/// one's rows rounded up to a multiple of its rows per cycle).
fn recurrence(kind: FUnit, f: FloatFormat) -> Option<(Box<dyn Recurrence>, u32, u32)> {
    let round = |min: u32, k: u32| min.div_ceil(k.max(1)) * k.max(1);
    Some(match kind {
        FUnit::Div => (Box::new(FDiv::new(f, 0)), 1, 0),
        FUnit::Sqrt => (Box::new(FSqrt::new(f, 0)), 1, 0),
        FUnit::DivSeq { rows, split } => {
            (Box::new(FDiv::new(f, round(FDiv::min_rows(f), rows))), rows.max(1), split)
        }
        FUnit::SqrtSeq { rows, split } => {
            (Box::new(FSqrt::new(f, round(FSqrt::min_rows(f), rows))), rows.max(1), split)
        }
        FUnit::Rem => (Box::new(FRem::new(f, 0)), 1, 0),
        FUnit::RemSeq { rows, split } => {
            (Box::new(FRem::new(f, round(FRem::min_rows(f), rows))), rows.max(1), split)
        }
        _ => return None,
    })
}

/// Adds `kind` at format `f` on `ops` combinationally (a divider or square root fully
/// unrolled); `None` for kinds not of this family.
pub fn build(b: &mut UnitBuilder, kind: FUnit, f: FloatFormat, ops: &[NetId]) -> Option<NetId> {
    if let Some((r, _, _)) = recurrence(kind, f) {
        return Some(build_pipelined(b, r.as_ref(), ops, ops[0], 0));
    }
    Some(match kind {
        FUnit::Cmp(p) => build_fcmp(b, f, p, ops[0], ops[1]),
        FUnit::MinMax(k) => build_fminmax(b, f, k, ops[0], ops[1]),
        FUnit::Neg => build_fneg(b, f, ops[0]),
        FUnit::Abs => build_fabs(b, f, ops[0]),
        FUnit::IToFp { signed, .. } => build_itofp(b, f, ops[0], signed),
        FUnit::FpToI { width, signed } => build_fptoi(b, f, ops[0], width, signed),
        FUnit::Convert { to } => build_fconvert(b, f, to, ops[0]),
        _ => return None,
    })
}

/// Whether `kind` is a sequential unit (start/done, `ds_iter`).
pub fn is_seq(kind: FUnit) -> bool {
    matches!(kind, FUnit::DivSeq { .. } | FUnit::SqrtSeq { .. } | FUnit::RemSeq { .. })
}

/// Adds the sequential unit `kind` (see [`is_seq`]) at format `f` on `ops`, started by
/// `start` on clock `clk`; `None` for other kinds.
pub fn build_seq(
    b: &mut UnitBuilder,
    kind: FUnit,
    f: FloatFormat,
    ops: &[NetId],
    (start, clk): (NetId, NetId),
) -> Option<SeqOut> {
    Some(match kind {
        FUnit::DivSeq { rows, split } => build_fdiv_seq(b, f, (ops[0], ops[1]), (start, clk), (rows, split)),
        FUnit::SqrtSeq { rows, split } => build_fsqrt_seq(b, f, ops[0], (start, clk), (rows, split)),
        FUnit::RemSeq { rows, split } => build_frem_seq(b, f, (ops[0], ops[1]), (start, clk), (rows, split)),
        _ => return None,
    })
}

/// The stand-alone module of a divider, square root or remainder, pipelined or sequential
/// (see the module doc); `None` for the kinds the generic pipeliner handles.
pub fn module(kind: FUnit, f: FloatFormat, latency: u32) -> Option<Module> {
    let (r, per_cycle, split) = recurrence(kind, f)?;
    let sequential = is_seq(kind);
    let shown = if sequential { seq_latency(r.rows(), per_cycle, split) } else { latency };
    let mut m = Module::new(format!("{}_{f}_l{shown}", name(kind)?), Span::default());
    let port = |m: &mut Module, n: &str, dir, width, clock| {
        let p = m.add_port(Port { name: n.into(), dir, width, clock, span: Span::default() });
        (p, m.port_net(p))
    };
    let clk = (latency > 0 || sequential).then(|| port(&mut m, "clk", Dir::Input, 1, true).1);
    let widths = operand_widths(kind, f)?;
    let ops: Vec<NetId> =
        widths.iter().zip(["a", "b"]).filter_map(|(&w, n)| port(&mut m, n, Dir::Input, w, false).1).collect();
    let start = sequential.then(|| port(&mut m, "start", Dir::Input, 1, false).1).flatten();
    let y = port(&mut m, "y", Dir::Output, f.width(), false).0;
    let mut b = UnitBuilder::new(&mut m);
    let clk = clk.flatten().unwrap_or(ops[0]);
    match start {
        Some(s) => {
            let o = build_seq(&mut b, kind, f, &ops, (s, clk))?;
            let done = port(&mut m, "done", Dir::Output, 1, false).0;
            let busy = port(&mut m, "busy", Dir::Output, 1, false).0;
            m.set_output(y, o.result);
            m.set_output(done, o.done);
            m.set_output(busy, o.busy);
        }
        None => {
            let o = build_pipelined(&mut b, r.as_ref(), &ops, clk, latency);
            m.set_output(y, o);
        }
    }
    Some(m)
}

/// The latency table for dividers, square roots and remainders at a clock period of `period` ns
/// (`None` for other kinds, which [`super::min_latency`] measures as one cone): a pipelined
/// one's fewest registers that keep each cycle within the chaining budget
/// ([`delays::budget`]; `ds_pipe`), a sequential one's cycles from start to done.
pub fn latency(kind: FUnit, f: FloatFormat, period: f64) -> Option<u32> {
    let budget = delays::budget(period);
    let (r, k, c) = recurrence(kind, f)?;
    Some(if is_seq(kind) { seq_latency(r.rows(), k, c) } else { min_latency(r.as_ref(), budget) })
}

/// The sequential form of `FUnit::Div`, `FUnit::Sqrt` or `FUnit::Rem` for format `f` at a
/// clock period of `period` ns: as many rows a cycle as fit the chaining budget, the
/// preparation and finishing step cut to fit it too (`None` for other kinds).
pub fn seq_unit(kind: FUnit, f: FloatFormat, period: f64) -> Option<FUnit> {
    let budget = delays::budget(period);
    let (r, _, _) = recurrence(kind, f)?;
    let (rows, split) = seq_shape(r.as_ref(), budget);
    match kind {
        FUnit::Div => Some(FUnit::DivSeq { rows, split }),
        FUnit::Sqrt => Some(FUnit::SqrtSeq { rows, split }),
        FUnit::Rem => Some(FUnit::RemSeq { rows, split }),
        _ => None,
    }
}
