//! CIRCT's `verif.assert` / `verif.assume` / `verif.cover` and the `ltl.clock` /
//! `ltl.disable` ops that shape their property, and the SV dialect's
//! `sv.assert.concurrent posedge %clk, %p` (also `assume`, `cover`), CIRCT's current
//! `sv.assert_property %p [on posedge %clk] [disable_iff %d]` (also `assume`, `cover`; in a
//! procedural block clocked by the block, as an immediate check), and the immediate
//! `sv.assert` / `sv.assume` / `sv.cover` of procedural blocks (`sv_assert.rs` finds their
//! clock and enable), lowered to [`CellKind::Check`] cells.
//!
//! A property the netlist holds is a one-cycle boolean: an `i1` condition, optionally
//! clocked (`ltl.clock %p, posedge %clk`: sampled on the rising edge) and optionally
//! disabled (`ltl.disable %p if %d`). The disable and the newer CIRCT enable
//! (`verif.assert %p if %en`) are folded into the condition with helper cells: an assert or
//! assume of `p` disabled by `d` checks `d | p`, enabled by `en` checks `!en | p`; a cover
//! counts `!d & p` and `en & p`. So the cell keeps only the condition and the clock.
//! Anything else (sequences built by other `ltl` ops, `edge` clocks, two clocks)
//! is a located "not supported" error. Labels must be SystemVerilog identifiers and unique
//! per module, as they name the assertions in SystemVerilog.
//!
//! A `message "fmt"(%a, ...)` of the `sv` checks is kept on the cell with its arguments
//! (operands after the condition and clock); `verif.*` ops have none.
//!
//! The ops are collected while the body is built and turned into cells after every net
//! exists (a graph region may use a value before its definition).

use super::body::NetOf;
use super::Builder;
use crate::ids::{ModuleId, NetId};
use crate::netlist::{CellKind, CheckKind};
use mlir_text::{Attr, Operation, Span, Type, ValueDef, ValueId};
use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

/// True for the ops of this module: `verif.assert/assume/cover`, `ltl.clock`, `ltl.disable`.
pub(crate) fn is_verif_op(name: &str) -> bool {
    matches!(
        name,
        "verif.assert"
            | "verif.assume"
            | "verif.cover"
            | "ltl.clock"
            | "ltl.disable"
            | "sv.assert.concurrent"
            | "sv.assume.concurrent"
            | "sv.cover.concurrent"
            | "sv.assert"
            | "sv.assume"
            | "sv.cover"
            | "sv.fwrite"
            | "sv.fflush"
    ) || super::sv_assert::is_property(name)
}

/// A property as the netlist holds it.
#[derive(Clone, Copy, Default)]
struct Prop {
    cond: Option<NetId>,
    disable: Option<NetId>,
    clock: Option<NetId>,
    /// Sampled on the clock's falling edge (the check is clocked by `~clock`).
    negedge: bool,
}

impl<'f> Builder<'f> {
    /// Makes the check cells of the collected ops `ops` (textual order) of module `mid`.
    pub(crate) fn build_checks(
        &mut self,
        mid: ModuleId,
        ops: &[&'f Operation],
        immediate: &super::sv_assert::Contexts<'f>,
        net_of: &NetOf,
    ) {
        let by_result: HashMap<ValueId, &'f Operation> = ops
            .iter()
            .filter(|o| o.dialect() == "ltl")
            .filter_map(|o| o.results.first().map(|&r| (r, *o)))
            .collect();
        let mut labels: BTreeSet<Arc<str>> = BTreeSet::new();
        for &o in ops.iter().filter(|o| o.dialect() != "ltl" && &*o.name != "sv.fflush") {
            let kind = match &*o.name {
                "sv.fwrite" if !matches!(o.attr("format_string"), Some(Attr::String(_))) => {
                    self.error(o.span, "'sv.fwrite' takes a 'format_string'");
                    continue;
                }
                "sv.fwrite" => match self.fwrite_fd(mid, o, net_of) {
                    Some(fd) => CheckKind::Print(fd),
                    None => continue,
                },
                "verif.assert" | "sv.assert.concurrent" | "sv.assert" | "sv.assert_property" => {
                    CheckKind::Assert
                }
                "verif.assume" | "sv.assume.concurrent" | "sv.assume" | "sv.assume_property" => {
                    CheckKind::Assume
                }
                _ => CheckKind::Cover,
            };
            let property = super::sv_assert::is_property(&o.name);
            // A property check in a procedural block takes that block's clock.
            let procedural = super::sv_assert::is_immediate(&o.name)
                || (property && immediate.contains_key(&(o as *const Operation)));
            let concurrent = o.dialect() == "sv" && !procedural;
            let is_i1 = |u: &mlir_text::Operand| matches!(self.file.ty(u.value), Type::Int { width: 1, .. });
            if procedural && property && !o.operands.first().is_some_and(is_i1) {
                self.error(o.span, format!("'{}' in a procedural block checks an i1", o.name));
                continue;
            }
            if property && !procedural {
                // counted below by its segments
            } else if o.operands.len() < 1 + concurrent as usize
                || (o.operands.len() > 2 && !procedural && !concurrent)
            {
                self.error(o.span, format!("'{}' takes a property and an optional enable", o.name));
                continue;
            }
            let label = match o.attr("label") {
                None => None,
                Some(Attr::String(s)) => {
                    let ok = s.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
                    let at = o.named_attr("label").map(|a| a.span).unwrap_or(o.span);
                    if !ok {
                        self.error(at, format!("label \"{s}\" is not a SystemVerilog identifier"));
                        continue;
                    }
                    if !labels.insert(s.as_str().into()) {
                        self.error(at, format!("label \"{s}\" is used twice in this module"));
                        continue;
                    }
                    Some(Arc::<str>::from(s.as_str()))
                }
                Some(_) => {
                    self.error(o.span, format!("the label of '{}' must be a string", o.name));
                    continue;
                }
            };
            let Some((message, args)) = self.check_message(o, procedural, concurrent, net_of) else {
                continue;
            };
            let mut proc_enable = None;
            let p = if let CheckKind::Print(_) = kind {
                // The enable is the condition: it writes when 1.
                let Some((_, clock, en, negedge)) = self.immediate_check(mid, o, immediate, net_of) else {
                    continue;
                };
                if clock.is_none() {
                    self.error(o.span, "'sv.fwrite' outside a clocked block is not supported");
                    continue;
                }
                if negedge {
                    // Its SystemVerilog would run at `posedge (clk ^ 1)`, which rises at time 0
                    // in an event-driven simulator: one write more than the cycles.
                    self.error(o.span, "'sv.fwrite' in a 'negedge' block is not supported");
                    continue;
                }
                let m = self.design.module_mut(mid);
                let cond = en.unwrap_or_else(|| {
                    m.add_cell(CellKind::Const(crate::bits::Bits::ones(1)), 1, &[], None, o.span)
                });
                Some(Prop { cond: Some(cond), disable: None, clock, negedge })
            } else if procedural {
                let Some((cond, clock, en, negedge)) = self.immediate_check(mid, o, immediate, net_of) else {
                    continue;
                };
                proc_enable = en;
                Some(Prop { cond: Some(cond), disable: None, clock, negedge })
            } else if property {
                self.sv_property(o, &by_result, net_of)
            } else if concurrent {
                self.sv_concurrent(o, net_of)
            } else {
                self.prop_of(o.operands[0].value, o.operands[0].span, &by_result, net_of, 0)
            };
            let Some(mut p) = p else { continue };
            let Some(mut cond) = p.cond else { continue };
            let m = self.design.module_mut(mid);
            let (span, name) = (o.span, None);
            let enable = match o.operands.get(1).filter(|_| !concurrent && !procedural) {
                Some(e) => match net_of.get(e.value.index()).copied().flatten() {
                    Some(n) => Some(n),
                    None => continue,
                },
                None => proc_enable,
            };
            // Fold the disable (condition off when 1) and the enable (on when 1).
            let off = match (p.disable.take(), enable) {
                (d, None) => d,
                (None, Some(en)) => Some(m.add_cell(CellKind::Inv, 1, &[en], name.clone(), span)),
                (Some(d), Some(en)) => {
                    let nen = m.add_cell(CellKind::Inv, 1, &[en], name.clone(), span);
                    Some(m.add_cell(CellKind::Or, 1, &[d, nen], name.clone(), span))
                }
            };
            if let Some(off) = off {
                cond = match kind {
                    CheckKind::Cover => {
                        let on = m.add_cell(CellKind::Inv, 1, &[off], name.clone(), span);
                        m.add_cell(CellKind::And, 1, &[on, cond], name.clone(), span)
                    }
                    _ => m.add_cell(CellKind::Or, 1, &[off, cond], name.clone(), span),
                };
            }
            let mut operands = vec![cond];
            if let Some(clk) = p.clock {
                let clock = match m.cell(clk).kind {
                    CellKind::FromClock if !p.negedge => m.operands(clk)[0],
                    _ if p.negedge => {
                        // On the falling edge: the rising edge of the inverted clock, as
                        // `comb.xor` with 1 (what `--emit mlir` prints and reads back).
                        let one = m.add_cell(CellKind::Const(crate::bits::Bits::ones(1)), 1, &[], None, span);
                        let inv = m.add_cell(CellKind::Xor, 1, &[clk, one], None, span);
                        m.add_cell(CellKind::ToClock, 1, &[inv], None, span)
                    }
                    _ => m.add_cell(CellKind::ToClock, 1, &[clk], None, span),
                };
                operands.push(clock);
            }
            operands.extend(args);
            let cell = CellKind::Check { kind, label, clocked: p.clock.is_some(), message };
            m.add_cell(cell, 0, &operands, None, span);
        }
    }

    /// The `message` of check `o` and its substitution nets (the operands after the
    /// condition, and the clock of a concurrent check), or `None` after reporting an error.
    fn check_message(
        &mut self,
        o: &Operation,
        procedural: bool,
        concurrent: bool,
        net_of: &NetOf,
    ) -> Option<(Option<Arc<str>>, Vec<NetId>)> {
        // `sv.*_property` ops and `verif.*` ops have no message.
        let first = match (procedural, concurrent) {
            _ if super::sv_assert::is_property(&o.name) => o.operands.len(),
            (true, _) => 1,
            (_, true) => 2,
            _ => o.operands.len(),
        };
        let message = match o.attr("message").or(o.attr("format_string")) {
            None => None,
            Some(Attr::String(s)) => Some(s.as_str()),
            Some(_) => {
                self.error(o.span, format!("the message of '{}' must be a string", o.name));
                return None;
            }
        };
        let at = o.named_attr("message").map(|a| a.span).unwrap_or(o.span);
        let want = match message.map(crate::check_format::arg_count) {
            None => 0,
            Some(Ok(n)) => n,
            Some(Err(e)) => {
                self.error(at, e);
                return None;
            }
        };
        let subs = o.operands.get(first..).unwrap_or(&[]);
        if subs.len() != want {
            self.error(at, format!("the message takes {want} argument(s) but {} are given", subs.len()));
            return None;
        }
        let mut args = Vec::new();
        for u in subs {
            let w = match self.file.ty(u.value) {
                Type::Int { width, .. } => *width,
                _ => u32::MAX,
            };
            if w == 0 || w > crate::check_format::MAX_ARG_WIDTH {
                self.error(u.span, "a message argument must be an integer of 1 to 64 bits");
                return None;
            }
            args.push(net_of.get(u.value.index()).copied().flatten()?);
        }
        Some((message.map(Arc::from), args))
    }

    /// The constant file descriptor of `sv.fwrite` `o`: stdout (`0x80000001`) or stderr
    /// (`0x80000002`), as CIRCT writes them; anything else is a located error.
    fn fwrite_fd(&mut self, mid: ModuleId, o: &Operation, net_of: &NetOf) -> Option<u32> {
        let u = o.operands.first()?;
        let n = net_of.get(u.value.index()).copied().flatten()?;
        let fd = match &self.design.module(mid).cell(n).kind {
            CellKind::Const(b) => b.words().first().copied(),
            _ => None,
        };
        match fd {
            Some(fd @ (0x8000_0001 | 0x8000_0002)) => Some(fd as u32),
            _ => {
                self.error(
                    u.span,
                    "'sv.fwrite' writes to a constant 0x80000001 (stdout) or 0x80000002 (stderr) only",
                );
                None
            }
        }
    }

    /// `sv.*_property %p [on EDGE %clk] [disable_iff %d]` at module level: `p` (an `i1` or an
    /// `ltl.clock`/`ltl.disable` property) clocked by `clk` and disabled by `d`. Without a
    /// clock (and none in `p`) it is an unclocked check of every cycle, as `verif.assert %p`.
    fn sv_property(
        &mut self,
        o: &Operation,
        by_result: &HashMap<ValueId, &'f Operation>,
        net_of: &NetOf,
    ) -> Option<Prop> {
        let segs: Vec<i128> = match o.attr("operandSegmentSizes") {
            Some(Attr::DenseArray(_, v)) => v.iter().map(|x| x.to_i128().unwrap_or(-1)).collect(),
            _ => vec![],
        };
        let ok = segs.len() == 3
            && segs[0] == 1
            && segs[1..].iter().all(|&x| x == 0 || x == 1)
            && segs.iter().sum::<i128>() == o.operands.len() as i128;
        if !ok {
            self.error(
                o.span,
                format!(
                    "'{}' expects operands %property [, %clock] [, %disable] ('operandSegmentSizes')",
                    o.name
                ),
            );
            return None;
        }
        let mut p = self.prop_of(o.operands[0].value, o.operands[0].span, by_result, net_of, 0)?;
        let net = |i: usize| o.operands.get(i).and_then(|x| net_of.get(x.value.index()).copied().flatten());
        if segs[1] == 1 {
            let negedge = match o.attr("event") {
                Some(Attr::Int(e, _)) => e.to_i128().filter(|e| *e <= 1).map(|e| e == 1),
                Some(Attr::Opaque(t)) if t.contains("posedge") => Some(false),
                Some(Attr::Opaque(t)) if t.contains("negedge") => Some(true),
                _ => None,
            };
            let Some(negedge) = negedge else {
                self.error(o.span, "only 'posedge' and 'negedge' clocks are supported on properties");
                return None;
            };
            if p.clock.is_some() {
                self.error(o.span, "a property with two clocks is not supported");
                return None;
            }
            p.clock = Some(net(1)?);
            p.negedge = negedge;
        }
        if segs[2] == 1 {
            if p.disable.is_some() {
                self.error(o.span, "a property disabled twice is not supported");
                return None;
            }
            p.disable = Some(net(1 + segs[1] as usize)?);
        }
        Some(p)
    }

    /// `sv.*.concurrent posedge %clk, %p`: `p` clocked by `clk`.
    fn sv_concurrent(&mut self, o: &Operation, net_of: &NetOf) -> Option<Prop> {
        let net = |i: usize| o.operands.get(i).and_then(|x| net_of.get(x.value.index()).copied().flatten());
        let (clk, cond) = (net(0)?, net(1)?);
        let negedge = match o.attr("event") {
            Some(Attr::Int(e, _)) if e.to_i128() == Some(0) => false,
            Some(Attr::Int(e, _)) if e.to_i128() == Some(1) => true,
            _ => {
                self.error(o.span, "only 'posedge' and 'negedge' clocks are supported on properties");
                return None;
            }
        };
        Some(Prop { cond: Some(cond), disable: None, clock: Some(clk), negedge })
    }

    /// The property of value `v` (an `i1`, or the result of `ltl.clock` / `ltl.disable`).
    fn prop_of(
        &mut self,
        v: ValueId,
        at: Span,
        by_result: &HashMap<ValueId, &'f Operation>,
        net_of: &NetOf,
        depth: u32,
    ) -> Option<Prop> {
        let ty = &self.file.value(v).ty;
        if matches!(ty, Type::Int { width: 1, .. }) {
            // An operand whose definition failed has been reported already.
            let n = net_of.get(v.index()).copied().flatten()?;
            return Some(Prop { cond: Some(n), ..Prop::default() });
        }
        let Some(&op) = by_result.get(&v) else {
            let what = match self.file.value(v).def {
                ValueDef::OpResult { .. } => "this property",
                _ => "a block argument property",
            };
            self.error(
                at,
                format!("{what} of type '{ty}' is not supported: a checked property is an i1, optionally under 'ltl.clock' (posedge) and 'ltl.disable'"),
            );
            return None;
        };
        if depth > 8 {
            self.error(op.span, "properties nested this deep are not supported");
            return None;
        }
        let inner = self.prop_of(op.operands[0].value, op.operands[0].span, by_result, net_of, depth + 1)?;
        let second = net_of.get(op.operands.get(1)?.value.index()).copied().flatten()?;
        match &*op.name {
            "ltl.clock" => {
                let edge = match op.attr("edge") {
                    Some(Attr::Int(e, _)) => e.to_i128(),
                    _ => None,
                };
                if !matches!(edge, Some(0 | 1)) {
                    self.error(op.span, "only 'posedge' and 'negedge' clocks are supported on properties");
                    return None;
                }
                if inner.clock.is_some() {
                    self.error(op.span, "a property with two clocks is not supported");
                    return None;
                }
                Some(Prop { clock: Some(second), negedge: edge == Some(1), ..inner })
            }
            _ => {
                if inner.disable.is_some() || inner.clock.is_some() {
                    self.error(op.span, "'ltl.disable' must be the innermost property op here");
                    return None;
                }
                Some(Prop { disable: Some(second), ..inner })
            }
        }
    }
}
