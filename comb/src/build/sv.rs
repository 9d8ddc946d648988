//! The structural `sv` ops CIRCT's pipelines leave in `hw.module`s, lowered to netlist cells
//! where they have a netlist meaning:
//! - `sv.wire` / `sv.reg` driven by one `sv.assign`, or from one `sv.alwayscomb` that assigns
//!   it on every path: a value (a one-operand `comb.concat` cell named after it, as `hw.wire`);
//! - `sv.reg` (or `sv.wire`) assigned in one `sv.alwaysff(posedge %clk)` or
//!   `sv.always posedge %clk`: a register clocked by `seq.to_clock` of `%clk` (`negedge`: of
//!   `~%clk`, a derived clock: the simulators fire it at the falling edge); a path that does
//!   not assign it holds it (`sv.if` becomes muxes). With `(syncreset : posedge %rst)` the reset
//!   block's value is a synchronous reset, with `asyncreset` an asynchronous one (its value
//!   must be a constant); `negedge` resets are inverted. A register the reset block does not
//!   assign holds while the reset is active.
//! - `sv.read_inout`: the storage's net.
//!
//! Anything else is a located "not supported" error: two drivers of one storage, a storage
//! never assigned, a combinational block that leaves it unassigned on a path (a latch),
//! `edge` (both edges) or several clocks, statements other than `sv.passign`, `sv.bpassign`, `sv.if` and
//! `sv.case` (`sv_case.rs`).
//!
//! `sv.verbatim "text"` (at module level, without substitutions) has no netlist meaning: it
//! is kept as text on the module ([`crate::Module::verbatim`]) for the printers.

use super::body::NetOf;
use super::{cell_name, Builder};
use crate::ids::{ModuleId, NetId};
use crate::netlist::{CellKind, Verbatim};
use mlir_text::{Attr, ComplexType, Diagnostic, Operation, Span, Type, ValueId};
use std::collections::HashMap;

/// How one storage is driven.
#[derive(Clone, Copy)]
enum Driver<'f> {
    /// `sv.assign` at module level.
    Assign(&'f Operation),
    /// Assigned in this `sv.alwayscomb`.
    Comb(&'f Operation),
    /// Assigned in this `sv.alwaysff` / `sv.always`.
    Clocked(&'f Operation),
}

impl Driver<'_> {
    fn op(&self) -> &Operation {
        match self {
            Driver::Assign(o) | Driver::Comb(o) | Driver::Clocked(o) => o,
        }
    }
}

/// The storages of one body: (its op, its cell, its driver), in textual order, and the
/// `sv.initial` assignments (storage, the assignment).
#[derive(Default)]
pub(crate) struct SvBody<'f> {
    storages: Vec<(&'f Operation, NetId, Driver<'f>)>,
    initial: HashMap<ValueId, &'f Operation>,
}

fn inout_inner(ty: &Type) -> Option<&Type> {
    match ty {
        Type::Complex(c) => match &**c {
            ComplexType::HwInOut(t) => Some(t),
            _ => None,
        },
        _ => None,
    }
}

fn str_prop<'a>(op: &'a Operation, name: &str) -> Option<&'a str> {
    match op.attr(name) {
        Some(Attr::String(s)) => Some(s.as_str()),
        _ => None,
    }
}

/// Every op in the regions of `op`, depth first (iterative).
fn nested(op: &Operation) -> Vec<&Operation> {
    let mut out = Vec::new();
    let mut stack: Vec<&Operation> = vec![op];
    while let Some(o) = stack.pop() {
        for r in o.regions().iter().rev() {
            for b in r.blocks.iter().rev() {
                for x in b.ops.iter().rev() {
                    stack.push(x);
                }
            }
        }
        if !std::ptr::eq(o, op) {
            out.push(o);
        }
    }
    out
}

impl<'f> Builder<'f> {
    /// Before the body's ops: finds each `sv.wire`/`sv.reg`'s one driver and gives it its
    /// cell (a value or a register), so reads anywhere in the graph region find it.
    pub(crate) fn sv_declare(
        &mut self,
        mid: ModuleId,
        ops: &'f [Operation],
        net_of: &mut NetOf,
    ) -> SvBody<'f> {
        let mut body = SvBody::default();
        if !ops.iter().any(|o| o.name.starts_with("sv.")) {
            return body;
        }
        // The generic form can give any op any operands: check the counts first.
        let mut bad = false;
        for o in ops.iter().flat_map(|o| std::iter::once(o).chain(nested(o))) {
            let (n, ok) = (o.operands.len(), true);
            let ok = ok
                && match &*o.name {
                    "sv.assign" | "sv.passign" | "sv.bpassign" => n == 2,
                    "sv.read_inout" | "sv.if" | "sv.case" => n == 1,
                    // The condition, then the message's substitutions.
                    "sv.assert" | "sv.assume" | "sv.cover" | "sv.fwrite" => n >= 1,
                    "sv.fflush" => n <= 1,
                    "sv.alwaysff" => n == 1 || n == 2,
                    "sv.alwayscomb" | "sv.initial" => n == 0,
                    "sv.always" => n >= 1,
                    "sv.wire" | "sv.reg" => n == 0 && o.results.len() == 1,
                    _ => true,
                };
            if !ok {
                bad = true;
                self.error(
                    o.span,
                    format!("'{}' has the wrong number of operands or results ({n} operands)", o.name),
                );
            }
        }
        if bad {
            return body;
        }
        let mut drivers: HashMap<ValueId, Driver<'f>> = HashMap::new();
        let mut add = |b: &mut Self, dest: ValueId, d: Driver<'f>, at: Span| match drivers.get(&dest) {
            Some(prev) if std::ptr::eq(prev.op(), d.op()) => {}
            Some(prev) => {
                let name = b.file.value(dest).name.clone();
                b.errors.push(
                    Diagnostic::error(
                        at,
                        format!("'%{name}' has a second driver (multiple drivers are not supported)"),
                    )
                    .with_note(Some(prev.op().span), "first driven here"),
                );
            }
            None => {
                drivers.insert(dest, d);
            }
        };
        for o in ops {
            match &*o.name {
                "sv.verbatim" => self.sv_verbatim(mid, o),
                "sv.assign" => {
                    if let Some(dest) = o.operands.first() {
                        add(self, dest.value, Driver::Assign(o), o.span);
                    }
                }
                "sv.alwayscomb" | "sv.alwaysff" | "sv.always" => {
                    let comb = &*o.name == "sv.alwayscomb";
                    for x in nested(o) {
                        match &*x.name {
                            "sv.passign" | "sv.bpassign" => {
                                let d = if comb { Driver::Comb(o) } else { Driver::Clocked(o) };
                                add(self, x.operands[0].value, d, x.span);
                            }
                            "sv.if" | "sv.case" | "sv.assert" | "sv.assume" | "sv.cover" | "sv.fwrite"
                            | "sv.fflush" => {}
                            n if super::sv_assert::is_property(n) => {}
                            n if n.starts_with("sv.") && n != "sv.read_inout" => {
                                self.error(x.name_span, format!("'{n}' inside '{}' is not supported", o.name))
                            }
                            _ => {}
                        }
                    }
                }
                "sv.initial" => self.sv_initial(o, &mut body.initial),
                "sv.passign" | "sv.bpassign" | "sv.if" | "sv.case" => self.error(
                    o.name_span,
                    format!("'{}' belongs inside a procedural block ('sv.always...')", o.name),
                ),
                _ => {}
            }
        }
        for o in ops {
            if !matches!(&*o.name, "sv.wire" | "sv.reg") {
                continue;
            }
            let Some(&r) = o.results.first() else { continue };
            let v = self.file.value(r);
            let Some(width) = inout_inner(&v.ty).and_then(|t| t.bit_width()).map(|w| w as u32) else {
                self.error(
                    o.span,
                    format!(
                        "'{}' of '{}' is not supported (only integer and hw aggregate values)",
                        o.name, v.ty
                    ),
                );
                continue;
            };
            let Some(&driver) = drivers.get(&r) else {
                let only = if body.initial.contains_key(&r) { " outside 'sv.initial'" } else { "" };
                self.error(
                    o.span,
                    format!(
                        "'%{}' is never assigned{only} (an undriven '{}' has no netlist meaning)",
                        v.name, o.name
                    ),
                );
                continue;
            };
            let kind = match driver {
                Driver::Clocked(a) => {
                    // Reset only if the reset block assigns it (else it holds during reset).
                    let reset =
                        str_prop(a, "resetStyle").is_some_and(|s| s != "noreset") && assigns_in(a, 1, r);
                    let async_reset = reset && str_prop(a, "resetStyle") == Some("asyncreset");
                    CellKind::Reg { reset, enable: false, async_reset, init: None }
                }
                _ => CellKind::Concat,
            };
            let name = super::ops::named_or_sym(o, cell_name(&v.name));
            // A register keeps the storage's inner symbol (printed as `seq.compreg sym @s`).
            let sym = super::ops::reg_inner_sym(o, &kind);
            let net = self.design.module_mut(mid).add_cell(kind, width, &[], name, o.span);
            self.design.module_mut(mid).cell_mut(net).inner_sym = sym;
            net_of[r.index()] = Some(net);
            body.storages.push((o, net, driver));
        }
        body
    }

    /// An `sv.*` op met in build order: a read is the storage's net; the rest was (or will
    /// be) handled by [`Builder::sv_declare`] / [`Builder::sv_connect`].
    pub(crate) fn sv_step(&mut self, o: &'f Operation, net_of: &mut NetOf) {
        if &*o.name == "sv.read_inout" {
            if let (Some(src), Some(&r)) = (o.operands.first(), o.results.first()) {
                net_of[r.index()] = net_of[src.value.index()];
            }
        }
    }

    /// `sv.verbatim "text"` at module level: kept for the printers ([`crate::Module::verbatim`]).
    fn sv_verbatim(&mut self, mid: ModuleId, o: &Operation) {
        if !o.operands.is_empty() {
            return self
                .error(o.span, "'sv.verbatim' with substitutions ('{{0}}' operands) is not supported");
        }
        let Some(Attr::String(text)) = o.attr("format_string") else {
            return self.error(o.span, "'sv.verbatim' needs a 'format_string'");
        };
        let v = Verbatim { text: text.clone(), span: o.span };
        self.design.module_mut(mid).verbatim.push(v);
    }

    /// After the body's cells are connected: the storages' operands.
    pub(crate) fn sv_connect(&mut self, mid: ModuleId, body: SvBody<'f>, net_of: &NetOf) {
        // Per clock signal and edge (true: negedge), its `seq.to_clock` cell.
        let mut clocks: HashMap<(NetId, bool), NetId> = HashMap::new();
        for &(storage, net, driver) in &body.storages {
            let r = storage.results[0];
            let width = self.design.module(mid).cell(net).width;
            match driver {
                Driver::Assign(a) => {
                    let Some(src) = a.operands.get(1).and_then(|u| net_of[u.value.index()]) else { continue };
                    self.design.module_mut(mid).set_operands(net, &[src]);
                }
                Driver::Comb(a) => {
                    let Some(ops) = block_ops(a, 0) else { continue };
                    match self.sv_value(mid, ops, r, None, width, net_of) {
                        Ok(Some(v)) => self.design.module_mut(mid).set_operands(net, &[v]),
                        Ok(None) | Err(()) => {
                            let name = self.file.value(r).name.clone();
                            self.error(
                                a.span,
                                format!("'%{name}' is not assigned on every path of this 'sv.alwayscomb' (a latch is not supported)"),
                            );
                        }
                    }
                }
                Driver::Clocked(a) => {
                    let _ = self.sv_register(mid, a, r, net, width, net_of, &mut clocks);
                }
            }
            if let Some(&init) = body.initial.get(&r) {
                self.sv_initial_value(mid, net, init, net_of);
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn sv_register(
        &mut self,
        mid: ModuleId,
        a: &'f Operation,
        r: ValueId,
        net: NetId,
        width: u32,
        net_of: &NetOf,
        clocks: &mut HashMap<(NetId, bool), NetId>,
    ) -> Option<()> {
        let edge = if &*a.name == "sv.always" {
            match a.attr("events") {
                Some(Attr::Array(e)) if e.len() == 1 => match &e[0] {
                    Attr::String(s) => s.as_str(),
                    _ => "",
                },
                _ => {
                    self.error(
                        a.span,
                        "'sv.always' with several events is not supported (one 'posedge %clk')",
                    );
                    return None;
                }
            }
        } else {
            str_prop(a, "clockEdge").unwrap_or("")
        };
        if edge != "posedge" && edge != "negedge" {
            self.error(
                a.span,
                format!(
                    "'{}' on '{edge}' is not supported (registers load on 'posedge' or 'negedge')",
                    a.name
                ),
            );
            return None;
        }
        let clk = net_of[a.operands.first()?.value.index()]?;
        let m = self.design.module_mut(mid);
        // A negedge block: the registers load on the rising edge of the inverted clock
        // (`seq.to_clock (~clk)`), one inverter and clock per clock signal and edge.
        let neg = edge == "negedge";
        let clock = *clocks.entry((clk, neg)).or_insert_with(|| {
            let c = if neg { m.add_cell(CellKind::Inv, 1, &[clk], None, a.span) } else { clk };
            m.add_cell(CellKind::ToClock, 1, &[c], None, a.span)
        });
        let next = self.sv_value(mid, block_ops(a, 0).unwrap_or(&[]), r, Some(net), width, net_of).ok()??;
        let style = str_prop(a, "resetStyle").filter(|s| *s != "noreset");
        let Some(style) = style else {
            self.design.module_mut(mid).set_operands(net, &[next, clock]);
            return Some(());
        };
        let rst_raw = net_of[a.operands.get(1)?.value.index()]?;
        let rst = if str_prop(a, "resetEdge") == Some("negedge") {
            self.design.module_mut(mid).add_cell(CellKind::Inv, 1, &[rst_raw], None, a.span)
        } else {
            rst_raw
        };
        let reset_ops = block_ops(a, 1).unwrap_or(&[]);
        if let CellKind::Reg { reset: true, .. } = self.design.module(mid).cell(net).kind {
            let value = self.sv_value(mid, reset_ops, r, Some(net), width, net_of).ok()??;
            if style == "asyncreset"
                && !matches!(self.design.module(mid).cell(value).kind, CellKind::Const(_))
            {
                self.error(a.span, "an asynchronous reset value must be a constant ('hw.constant')");
                return None;
            }
            self.design.module_mut(mid).set_operands(net, &[next, clock, rst, value]);
        } else {
            // Not reset by this block: holds while the reset is active.
            let d =
                self.design.module_mut(mid).add_cell(CellKind::Mux, width, &[rst, net, next], None, a.span);
            self.design.module_mut(mid).set_operands(net, &[d, clock]);
        }
        Some(())
    }

    /// `c ? t : e` for a storage's value on two paths (`None`: unassigned on that path); `Err`
    /// when exactly one path assigns it (a latch).
    pub(crate) fn select_assigned(
        &mut self,
        mid: ModuleId,
        c: NetId,
        t: Option<NetId>,
        e: Option<NetId>,
        width: u32,
        span: mlir_text::Span,
    ) -> Result<Option<NetId>, ()> {
        match (t, e) {
            (Some(t), Some(e)) => {
                Ok(Some(self.design.module_mut(mid).add_cell(CellKind::Mux, width, &[c, t, e], None, span)))
            }
            (None, None) => Ok(None),
            _ => Err(()),
        }
    }

    /// The value `ops` leave in storage `r`, starting from `cur` (`None`: unassigned); `Err`
    /// if a branch assigns it and the other does not while `cur` is `None` (a latch).
    pub(crate) fn sv_value(
        &mut self,
        mid: ModuleId,
        ops: &'f [Operation],
        r: ValueId,
        mut cur: Option<NetId>,
        width: u32,
        net_of: &NetOf,
    ) -> Result<Option<NetId>, ()> {
        for o in ops {
            match &*o.name {
                "sv.passign" | "sv.bpassign" if o.operands[0].value == r => {
                    cur = net_of[o.operands[1].value.index()];
                    if cur.is_none() {
                        return Err(());
                    }
                }
                "sv.case" => cur = self.sv_case_value(mid, o, r, cur, width, net_of)?,
                "sv.if" => {
                    let t = self.sv_value(mid, block_ops(o, 0).unwrap_or(&[]), r, cur, width, net_of)?;
                    let e = self.sv_value(mid, block_ops(o, 1).unwrap_or(&[]), r, cur, width, net_of)?;
                    cur = if t == e {
                        t
                    } else {
                        let c = net_of[o.operands[0].value.index()].ok_or(())?;
                        self.select_assigned(mid, c, t, e, width, o.span)?
                    };
                }
                _ => {}
            }
        }
        Ok(cur)
    }
}

/// True if the block of region `i` of `a` assigns `r` anywhere (at any depth).
fn assigns_in(a: &Operation, i: usize, r: ValueId) -> bool {
    let Some(ops) = block_ops(a, i) else { return false };
    ops.iter().any(|o| {
        (matches!(&*o.name, "sv.passign" | "sv.bpassign") && o.operands[0].value == r)
            || nested(o)
                .iter()
                .any(|x| matches!(&*x.name, "sv.passign" | "sv.bpassign") && x.operands[0].value == r)
    })
}

/// The ops of the single block of region `i` of `o`.
fn block_ops(o: &Operation, i: usize) -> Option<&[Operation]> {
    o.regions().get(i)?.blocks.first().map(|b| b.ops.as_slice())
}
