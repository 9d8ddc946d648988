//! One module body: ports' input cells are already there; add one cell per op in textual
//! order, then connect operands (a graph region may use a value before its definition),
//! then drive the outputs from the terminator.

use super::ops::Plan;
use super::{cell_name, Builder};
use crate::ids::{ModuleId, NetId, PortId};
use crate::netlist::CellKind;
use mlir_text::{Operation, Span, Type};
use smallvec::SmallVec;

/// The net of each value, indexed by [`mlir_text::ValueId`] over the whole file (a value belongs to
/// one body, so bodies share the table without clearing it).
pub(crate) type NetOf = Vec<Option<NetId>>;

impl<'f> Builder<'f> {
    /// Builds the body of module `mid` from `op` (an `hw.module` or `func.func`).
    pub(crate) fn build_body(&mut self, mid: ModuleId, op: &'f Operation) {
        let hw = &*op.name == "hw.module";
        let term_name = if hw { "hw.output" } else { "func.return" };
        let n_outputs = self.design.module(mid).outputs().count();
        let Some(region) = op.regions().first() else {
            self.error(op.name_span, format!("'{}' has no body", op.name));
            return;
        };
        if region.blocks.len() > 1 {
            self.error(region.blocks[1].span, "only single-block bodies are supported");
            return;
        }
        let end = Span::new(region.span.end.saturating_sub(1) as usize, region.span.end as usize);
        let Some(block) = region.blocks.first() else {
            if n_outputs > 0 {
                self.error(end, format!("missing '{term_name}' at the end of the body"));
            }
            return;
        };
        self.check_inner_syms(&block.ops);
        let mut net_of = std::mem::take(&mut self.net_of);
        net_of.resize(self.file.values.len(), None);
        {
            let m = self.design.module(mid);
            let inputs: Vec<PortId> = m.inputs().collect();
            for (arg, p) in block.args.iter().zip(inputs) {
                if let Some(n) = m.port_net(p) {
                    net_of[arg.index()] = Some(n);
                }
            }
        }
        self.mems = super::memory::scan(&block.ops);
        self.scan_initials(&block.ops);
        self.const_clocks = super::const_clock::scan(&block.ops);
        let mut pending: Vec<(&'f Operation, NetId)> = Vec::with_capacity(block.ops.len());
        let mut term = None;
        let mut saw_term = false;
        // HEIR's `secret.generic` bodies and the ops in procedural `sv` blocks join the body in
        // place (`steps.rs`); `sv.wire`/`sv.reg` get their cells first (`sv.rs`).
        let sv = self.sv_declare(mid, &block.ops, &mut net_of);
        let immediate = super::sv_assert::contexts(&block.ops);
        let steps = super::steps::flatten(&block.ops);
        let n_steps = steps.len();
        let mut checks: Vec<&'f Operation> = Vec::new();
        for (i, step) in steps.into_iter().enumerate() {
            if let super::steps::Step::Op(o) = step {
                if super::verif::is_verif_op(&o.name) {
                    checks.push(o); // after every net exists (verif.rs)
                    continue;
                }
            }
            if self.region_step(&step, &mut net_of) {
                continue;
            }
            let super::steps::Step::Op(o) = step else { continue };
            match self.plan(o) {
                None => {}
                Some(Plan::Terminator) => {
                    saw_term = true;
                    if &*o.name != term_name {
                        self.error(
                            o.name_span,
                            format!("'{}' cannot end a '{}' body; use '{term_name}'", o.name, op.name),
                        );
                    } else if i + 1 != n_steps {
                        self.error(o.name_span, format!("'{term_name}' must be the last op of the body"));
                    } else {
                        term = Some(o);
                    }
                }
                Some(Plan::Cell { kind, width, name }) => {
                    let m = self.design.module_mut(mid);
                    let net = m.add_cell(kind, width, &[], name, o.span);
                    m.cell_mut(net).two_state = o.attr("twoState").is_some();
                    m.cell_mut(net).inner_sym = super::ops::reg_inner_sym(o, &m.cell(net).kind);
                    if m.cell(net).name.is_none() {
                        self.unnamed.insert((mid, net), self.file.value(o.results[0]).name.clone());
                    }
                    net_of[o.results[0].index()] = Some(net);
                    pending.push((o, net));
                }
                Some(Plan::Cells(cells)) => {
                    let m = self.design.module_mut(mid);
                    let mut first = None;
                    for ((kind, width, name), r) in cells.into_iter().zip(&o.results) {
                        let net = m.add_cell(kind, width, &[], name, o.span);
                        net_of[r.index()] = Some(net);
                        first.get_or_insert(net);
                    }
                    if let Some(net) = first {
                        pending.push((o, net));
                    }
                }
                Some(Plan::Instance(child, params)) => {
                    let inst = self.add_instance(mid, o, child, params, &mut net_of);
                    pending.push((o, inst));
                }
            }
        }
        for (o, net) in pending {
            self.connect(mid, o, net, &net_of);
        }
        self.sv_connect(mid, sv, &net_of);
        self.build_checks(mid, &checks, &immediate, &net_of);
        match term {
            Some(t) => self.drive_outputs(mid, t, &net_of),
            None if n_outputs > 0 && !saw_term => self.error(
                end,
                format!(
                    "missing '{term_name}' at the end of the body of '@{}'",
                    self.design.module(mid).name
                ),
            ),
            None => {}
        }
        self.net_of = net_of;
        self.mems = Default::default();
    }

    /// An `hw.instance` `o` of `child` with `params` in module `mid`: the instance cell and
    /// one output cell per result (named after the result, recorded in `net_of`); returns
    /// the instance cell, whose operands are connected later.
    pub(crate) fn add_instance(
        &mut self,
        mid: ModuleId,
        o: &Operation,
        child: ModuleId,
        params: std::sync::Arc<[crate::netlist::ParamValue]>,
        net_of: &mut NetOf,
    ) -> NetId {
        let iname: std::sync::Arc<str> = match o.attr("instanceName") {
            Some(mlir_text::Attr::String(s)) => s.as_str().into(),
            _ => "inst".into(),
        };
        let outs: Vec<(PortId, u32)> = {
            let cm = self.design.module(child);
            cm.outputs().map(|p| (p, cm.port(p).width)).collect()
        };
        let m = self.design.module_mut(mid);
        let inst =
            m.add_cell(CellKind::Instance { module: child, name: iname, params }, 0, &[], None, o.span);
        for ((p, w), r) in outs.into_iter().zip(&o.results) {
            let name = cell_name(&self.file.value(*r).name);
            let out = m.add_cell(CellKind::InstOutput(p), w, &[inst], name, o.span);
            net_of[r.index()] = Some(out);
        }
        inst
    }

    /// Operand `i` of `o` as (net, width, is-clock), if it maps to a net.
    pub(crate) fn operand(
        &self,
        o: &Operation,
        i: usize,
        net_of: &NetOf,
    ) -> Option<(NetId, u32, Option<&'f Type>)> {
        let v = o.operands.get(i)?.value;
        let net = (*net_of.get(v.index())?)?;
        let ty = &self.file.value(v).ty;
        let w = match ty {
            Type::Int { width, .. } => *width,
            Type::Clock => 1,
            t => t.bit_width().unwrap_or(0) as u32,
        };
        Some((net, w, Some(ty)))
    }

    /// Pass 2: checks and sets the operands of the cell `net` made from `o`.
    pub(crate) fn connect(&mut self, mid: ModuleId, o: &Operation, net: NetId, net_of: &NetOf) {
        if super::aggregate::is_aggregate_op(&o.name) {
            return self.connect_aggregate(mid, o, net_of);
        }
        if &*o.name == "seq.from_immutable" {
            return; // a constant (initial.rs)
        }
        if &*o.name == "seq.shiftreg" {
            return self.connect_shiftreg(mid, o, net, net_of);
        }
        if super::clock_ops::is_clock_op(&o.name) {
            return self.connect_clock_op(mid, o, net, net_of); // clock_ops.rs
        }
        if &*o.name == "seq.fifo" {
            return self.connect_fifo(mid, o, net_of); // fifo.rs
        }
        if &*o.name == "seq.const_clock" {
            return self.connect_const_clock(mid, o, net);
        }
        if matches!(self.design.module(mid).cell(net).kind, CellKind::Const(_)) && o.dialect() == "seq" {
            return self.connect_unclocked(mid, o, net, net_of); // const_clock.rs
        }
        let cell = self.design.module(mid).cell(net);
        if let CellKind::Memory { .. } = cell.kind {
            return self.connect_memory(mid, o, net, net_of);
        }
        if o.name.starts_with("seq.firmem.") {
            return self.connect_reg_memory_port(mid, o, net_of); // memory_regs.rs
        }
        let width = cell.width;
        let is_reg = matches!(cell.kind, CellKind::Reg { .. });
        let is_from_clock = matches!(cell.kind, CellKind::FromClock);
        // Hw aggregates pass whole through muxes, registers and instances.
        let agg_ok = matches!(cell.kind, CellKind::Mux | CellKind::Reg { .. } | CellKind::Instance { .. });
        let child = match &cell.kind {
            CellKind::Instance { module, .. } => Some(*module),
            _ => None,
        };
        let mut nets: SmallVec<[NetId; 4]> = SmallVec::with_capacity(o.operands.len());
        let mut widths: SmallVec<[u32; 4]> = SmallVec::with_capacity(o.operands.len());
        // A register's initial value is a property of its cell, not an operand.
        let used = o.operands.len() - (is_reg && super::initial::has_initial_operand(o)) as usize;
        for (i, opd) in o.operands.iter().enumerate().take(used) {
            if super::initial::is_immutable(&self.file.value(opd.value).ty) {
                self.error(opd.span, format!("operand #{i} of '{}' cannot be a '!seq.immutable'", o.name));
                return;
            }
            // An operand whose definition failed has been reported already.
            let Some((n, w, ty)) = self.operand(o, i, net_of) else { return };
            let ty = ty.unwrap_or(&Type::None);
            let want_clock = if is_reg {
                i == 1
            } else if let Some(module) = child {
                let cm = self.design.module(module);
                cm.inputs().nth(i).is_some_and(|p| cm.port(p).clock)
            } else {
                is_from_clock
            };
            match (ty, want_clock) {
                (Type::Clock, true) | (Type::Int { .. }, false) => {}
                (t, false) if t.strip_alias().int_width().is_some() || (agg_ok && t.is_bits()) => {}
                (Type::Clock, false) => {
                    self.error(
                        opd.span,
                        format!(
                            "operand #{i} of '{}' is a !seq.clock; convert it with seq.from_clock",
                            o.name
                        ),
                    );
                    return;
                }
                (_, true) => {
                    let what = if is_reg { "the clock".to_string() } else { format!("operand #{i}") };
                    self.error(opd.span, format!("{what} of '{}' must be a !seq.clock, got '{ty}'", o.name));
                    return;
                }
                (_, false) => {
                    self.error(
                        opd.span,
                        format!("operand #{i} of '{}' must be an integer, got '{ty}'", o.name),
                    );
                    return;
                }
            }
            nets.push(n);
            widths.push(w);
        }
        if let Some(module) = child {
            self.check_instance_labels(o, module);
            let cm = self.design.module(module);
            let ins: Vec<(String, u32)> =
                cm.inputs().map(|p| (cm.port(p).name.clone(), cm.port(p).width)).collect();
            let cname = cm.name.clone();
            if ins.len() != nets.len() {
                self.error(
                    o.span,
                    format!(
                        "'hw.instance' of '@{cname}' has {} arguments but the module has {} inputs",
                        nets.len(),
                        ins.len()
                    ),
                );
                return;
            }
            for (i, ((pname, pw), w)) in ins.iter().zip(&widths).enumerate() {
                if pw != w {
                    self.error(
                        o.operands[i].span,
                        format!("argument '{pname}' of '@{cname}' must be i{pw}, got i{w}"),
                    );
                    return;
                }
            }
        } else if let Err(msg) = self.design.module(mid).cell(net).kind.check_widths(&widths, width) {
            self.error(o.span, msg);
            return;
        } else if let CellKind::Reg { async_reset: true, .. } = self.design.module(mid).cell(net).kind {
            let value = nets.last().map(|&v| &self.design.module(mid).cell(v).kind);
            if !matches!(value, Some(CellKind::Const(_))) {
                let at = o.operands.last().map(|u| u.span).unwrap_or(o.span);
                self.error(at, "an asynchronous reset value must be a constant ('hw.constant' or 'hw.aggregate_constant')");
                return;
            }
        }
        if is_reg && super::initial::has_initial_operand(o) && !self.power_on(mid, o, net, net_of) {
            return;
        }
        self.design.module_mut(mid).set_operands(net, &nets);
    }

    /// Drives the outputs from `hw.output` / `func.return`.
    pub(crate) fn drive_outputs(&mut self, mid: ModuleId, t: &Operation, net_of: &NetOf) {
        let outs: Vec<(PortId, String, u32, bool)> = {
            let m = self.design.module(mid);
            m.outputs().map(|p| (p, m.port(p).name.clone(), m.port(p).width, m.port(p).clock)).collect()
        };
        if outs.len() != t.operands.len() {
            let mname = self.design.module(mid).name.clone();
            self.error(
                t.span,
                format!(
                    "'{}' has {} operands but '@{mname}' has {} outputs",
                    t.name,
                    t.operands.len(),
                    outs.len()
                ),
            );
            return;
        }
        for (i, (p, pname, pw, clock)) in outs.into_iter().enumerate() {
            let Some((net, w, ty)) = self.operand(t, i, net_of) else { continue };
            let is_clock = matches!(ty, Some(Type::Clock));
            let is_int = ty.is_some_and(|t| t.is_bits());
            if clock != is_clock || (!clock && (!is_int || w != pw)) {
                let want = if clock { "!seq.clock".to_string() } else { format!("i{pw}") };
                let got = ty.map(|t| t.to_string()).unwrap_or_default();
                self.error(
                    t.operands[i].span,
                    format!("output '{pname}' is {want}, but '{}' gives '{got}'", t.name),
                );
                continue;
            }
            self.design.module_mut(mid).set_output(p, net);
        }
    }
}
