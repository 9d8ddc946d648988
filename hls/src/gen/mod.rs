//! Generation: binding and the FSM + datapath as a `comb` module.
//!
//! [`layout`] numbers the states; this module creates the ports (SPEC section 4 order),
//! the state register (binary encoded, reset to idle) and one `state == S` decoder per
//! state; `bind.rs` builds each scheduled op as a cell, sharing multipliers and dividers
//! across states through input multiplexers (pipelined multipliers and dividers and
//! sequential dividers with the pipelined loops as well: `share.rs`); `expand.rs` turns
//! each state's transition into next-state logic and register writes; `regs.rs` gives
//! values that live across states registers, shared by left-edge allocation over their
//! lifetimes.
//!
//! How a value is seen in state S: a constant anywhere is a constant cell; an op's result
//! in the state it is produced (its *wire state*) is the op's cell (chaining); anywhere
//! else it is the value's register, loaded at the end of the wire state.

mod bind;
mod expand;
mod float;
pub mod layout;
pub(crate) mod names;
mod narrow;
mod pipediv;
mod pipeline;
mod pipeline_units;
mod pipemul;
mod regs;
mod seqdiv;
mod share;
pub mod support;

use crate::ir::{Func, MemKind, OpKind, Param, ValId};
use crate::Options;
use comb::{Bits, CellKind, Dir, Module, NetId, Port};
use layout::Layout;
use mlir_text::Span;
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

/// A functional unit in the datapath (after binding).
#[derive(Clone, Debug, PartialEq)]
pub struct Unit {
    /// Kind (`mul`, `divs`, `add`, ...).
    pub kind: String,
    /// Width in bits.
    pub width: u32,
    /// Operations bound to it.
    pub ops: usize,
}

/// The generated module and what the report needs from the generation.
#[derive(Debug)]
pub struct Generated {
    /// The FSM + datapath.
    pub module: Module,
    /// The state layout (with the schedules).
    pub layout: Layout,
    /// Functional units.
    pub units: Vec<Unit>,
    /// Registers after sharing: width of each (state, done and results included).
    pub registers: Vec<u32>,
    /// What the generator narrowed per loop (loop counters), for the report's
    /// `transforms`.
    pub loop_notes: Vec<(crate::ir::LoopId, String)>,
}

/// An access of a memory port: when (`state == S`, and a pipeline stage's valid bit).
struct Access {
    cond: NetId,
    addr: NetId,
    wdata: Option<NetId>,
    /// The access op's `file:line`, for the port's logic.
    note: Option<Arc<str>>,
}

pub(crate) struct Gen<'f> {
    f: &'f Func,
    l: &'f Layout,
    m: Module,
    clk: NetId,
    rst: NetId,
    state_eq: Vec<NetId>,
    consts: HashMap<ValId, u64>,
    const_nets: HashMap<(u64, u32), NetId>,
    wire: HashMap<ValId, (u32, NetId)>,
    regs: BTreeMap<ValId, NetId>,
    /// A value register as its readers see it: extended to the value's width when the
    /// register holds fewer bits (`narrow.rs`).
    reg_view: BTreeMap<ValId, NetId>,
    /// Unit and register widths from value ranges (`narrow.rs`).
    widths: narrow::Widths<'f>,
    reads: BTreeMap<ValId, Vec<u32>>,
    writes: BTreeMap<ValId, Vec<(NetId, NetId, u32)>>,
    rdata: HashMap<usize, NetId>,
    accesses: BTreeMap<usize, Vec<Access>>,
    units: Vec<Unit>,
    /// Control nets of each pipelined loop (`pipeline.rs`).
    pipe_nets: Vec<pipeline::PipeNets>,
    /// Widths of registers made outside the shared allocation (pipeline stages).
    own_regs: Vec<u32>,
    /// The chaining budget of a cycle, ns (`schedule::delays::budget`).
    budget: f64,
    /// The clock period, ns (the float units' timing, `schedule::float_timing`).
    period: f64,
    /// `--max-float`: float units shared (`float.rs`).
    max_float: Option<u32>,
    /// The shared float units.
    fpool: float::FloatPool,
    /// The DSP blocks not yet given to a float significand product (`float.rs`).
    dsp_left: Option<crate::Dsp>,
    /// Pipelined multipliers and dividers, sequential dividers: shared by every region
    /// (`share.rs`).
    pool: share::Pool,
    /// The `file:line` of the source op whose logic is being built: every cell made
    /// meanwhile carries it as its note (a `// file:line` comment in the SystemVerilog).
    note: Option<Arc<str>>,
}

fn port(m: &mut Module, name: &str, dir: Dir, width: u32, clock: bool, span: Span) -> comb::PortId {
    m.add_port(Port { name: name.to_string(), dir, width, clock, span })
}

/// Generates the module of `f`.
pub fn generate(f: &Func, opts: &Options) -> Result<Generated, String> {
    let layout = layout::layout(f, opts)?;
    let mut m = Module::new(f.name.clone(), f.span);
    let clk_p = port(&mut m, "clk", Dir::Input, 1, true, f.span);
    let rst_p = port(&mut m, "rst", Dir::Input, 1, false, f.span);
    let start_p = port(&mut m, "start", Dir::Input, 1, false, f.span);
    let mut scalar_ports = Vec::new();
    for p in &f.params {
        if let Param::Scalar { name, val } = p {
            let id = port(&mut m, name, Dir::Input, f.width(*val), false, f.span);
            scalar_ports.push((*val, id));
        }
    }
    let mut mem_ports = Vec::new();
    let mut rdata = HashMap::new();
    for p in &f.params {
        if let Param::Mem(id) = p {
            let mem = &f.mems[id.index()];
            let (n, aw, w) = (&mem.name, mem.addr_width(), mem.width);
            let addr = port(&mut m, &format!("{n}_addr"), Dir::Output, aw, false, mem.span);
            let ce = port(&mut m, &format!("{n}_ce"), Dir::Output, 1, false, mem.span);
            let we = port(&mut m, &format!("{n}_we"), Dir::Output, 1, false, mem.span);
            let wd = port(&mut m, &format!("{n}_wdata"), Dir::Output, w, false, mem.span);
            let rd = port(&mut m, &format!("{n}_rdata"), Dir::Input, w, false, mem.span);
            rdata.insert(id.index(), m.port_net(rd).expect("input"));
            mem_ports.push((id.index(), addr, ce, we, wd));
        }
    }
    let done_p = port(&mut m, "done", Dir::Output, 1, false, f.span);
    let ret_ports: Vec<_> = f
        .rets
        .iter()
        .enumerate()
        .map(|(i, &r)| port(&mut m, &format!("ret{i}"), Dir::Output, f.width(r), false, f.span))
        .collect();
    let clk = m.port_net(clk_p).expect("input");
    let n_states = layout.next.len() as u32;
    let sw = (32 - (n_states.max(2) - 1).leading_zeros()).max(1);
    let mut consts = HashMap::new();
    for op in &f.ops {
        if let (OpKind::Const(c), Some(r)) = (&op.kind, op.result) {
            consts.insert(r, *c);
        }
    }
    let mut g = Gen {
        f,
        l: &layout,
        clk,
        rst: m.port_net(rst_p).expect("input"),
        m,
        state_eq: Vec::new(),
        consts,
        const_nets: HashMap::new(),
        wire: HashMap::new(),
        regs: BTreeMap::new(),
        reg_view: BTreeMap::new(),
        widths: narrow::Widths::new(f, &layout, opts.narrow),
        reads: BTreeMap::new(),
        writes: BTreeMap::new(),
        rdata,
        accesses: BTreeMap::new(),
        units: Vec::new(),
        pipe_nets: Vec::new(),
        own_regs: Vec::new(),
        budget: crate::schedule::delays::budget(opts.clock_period),
        period: opts.clock_period,
        max_float: opts.max_float,
        fpool: float::FloatPool::default(),
        dsp_left: opts.dsp,
        pool: share::Pool::default(),
        note: None,
    };
    let zero_s = g.konst(0, sw);
    let state = g.cell(
        CellKind::Reg { reset: true, enable: false, async_reset: false, init: None },
        sw,
        &[zero_s, clk, zero_s, zero_s],
        Some("state"),
    );
    let rst = g.m.port_net(rst_p).expect("input");
    let start = g.m.port_net(start_p).expect("input");
    let state_names = names::state_names(f, g.l);
    for s in 0..n_states {
        let c = g.konst(s as u64, sw);
        let name = state_names.get(s as usize).map(|n| format!("in_{n}"));
        let eq = g.cell(CellKind::Icmp(comb::IcmpPred::Eq), 1, &[state, c], name.as_deref());
        g.state_eq.push(eq);
    }
    // The states' names as `localparam`s in the state logic.
    let names = state_names.iter().map(|n| Arc::from(n.as_str())).collect();
    g.m.named_values = Some(comb::netlist::NamedValues { reg: state, names });
    // On-chip memories: a block-RAM cell each; its net is the read data (as `_rdata` is
    // for a port), its ports are connected once every access is known.
    let mut locals = Vec::new();
    for (i, mem) in f.mems.iter().enumerate() {
        if mem.kind == MemKind::Local {
            let Ok(depth) = u32::try_from(mem.elems) else {
                return Err(format!("local memory '{}' is too large", mem.name));
            };
            let (za, z1, zw) = (g.konst(0, mem.addr_width()), g.konst(0, 1), g.konst(0, mem.width));
            let cell =
                g.cell(CellKind::Memory { depth }, mem.width, &[clk, za, z1, za, z1, zw], Some(&mem.name));
            g.rdata.insert(i, cell);
            locals.push((i, cell));
        }
    }
    g.datapath()?;
    g.pipelines()?;
    g.pool_connect();
    g.float_connect();
    g.local_memories(&locals);
    let scalars: Vec<(ValId, NetId)> =
        scalar_ports.iter().map(|&(v, p)| (v, g.m.port_net(p).expect("input"))).collect();
    let ctl = g.transitions(start, &scalars)?;
    // State register: next state, reset to idle.
    let mut d = state;
    for &(cond, target) in ctl.transitions.iter().rev() {
        let t = g.konst(target as u64, sw);
        d = g.mux(cond, t, d);
    }
    g.m.set_operands(state, &[d, clk, rst, zero_s]);
    // done: high for the cycle after the final transition.
    let done_d = g.or(&ctl.done);
    let zero1 = g.konst(0, 1);
    let done = g.cell(
        CellKind::Reg { reset: true, enable: false, async_reset: false, init: None },
        1,
        &[done_d, clk, rst, zero1],
        Some("done_r"),
    );
    g.m.set_output(done_p, done);
    let mut registers = vec![sw, 1];
    for (i, writes) in ctl.rets.iter().enumerate() {
        let w = f.width(f.rets[i]);
        let (d, en) = g.write_logic(writes, w);
        let r = g.cell(
            CellKind::Reg { reset: false, enable: true, async_reset: false, init: None },
            w,
            &[d, clk, en],
            Some(&format!("ret{i}_r")),
        );
        g.m.set_output(ret_ports[i], r);
        registers.push(w);
    }
    g.memory_ports(&mem_ports);
    let (widths, groups) = g.finish_registers()?;
    registers.extend(widths);
    registers.extend(std::mem::take(&mut g.own_regs));
    let map = names::source_map(f, g.l, &state_names, &groups);
    g.m.verbatim.push(comb::netlist::Verbatim {
        text: map.trim_end().replace("\n//", "\n  //").replacen("//", "  //", 1),
        span: f.span,
    });
    let units = std::mem::take(&mut g.units);
    let loop_notes = g.widths.counter_notes(f, &layout);
    Ok(Generated { module: g.m, layout, units, registers, loop_notes })
}

impl Gen<'_> {
    pub(crate) fn cell(&mut self, kind: CellKind, width: u32, ops: &[NetId], name: Option<&str>) -> NetId {
        let name: Option<Arc<str>> = name.map(Into::into);
        let constant = matches!(kind, CellKind::Const(_));
        let net = self.m.add_cell(kind, width, ops, name, Span::default());
        if let (Some(n), false) = (&self.note, constant) {
            self.m.notes.insert(net, n.clone());
        }
        net
    }
    /// The note of the logic of source text at `span` (its `file:line`), when it has a line.
    pub(crate) fn note_of(&self, span: Span) -> Option<Arc<str>> {
        self.f.lines.line(span).map(|_| Arc::from(self.f.at(span)))
    }
    /// The notes of several source ops as one (`a.mlir:3, a.mlir:5`, each once).
    pub(crate) fn joined_note<'a>(notes: impl IntoIterator<Item = &'a Option<Arc<str>>>) -> Option<Arc<str>> {
        let mut v: Vec<&str> = Vec::new();
        for n in notes.into_iter().flatten() {
            if !v.contains(&&**n) {
                v.push(n);
            }
        }
        (!v.is_empty()).then(|| Arc::from(v.join(", ")))
    }
    pub(crate) fn konst(&mut self, v: u64, width: u32) -> NetId {
        let v = if width >= 64 { v } else { v & ((1u64 << width) - 1) };
        if let Some(&n) = self.const_nets.get(&(v, width)) {
            return n;
        }
        let n = self.cell(CellKind::Const(Bits::from_u64(v, width)), width, &[], None);
        self.const_nets.insert((v, width), n);
        n
    }
    pub(crate) fn mux(&mut self, c: NetId, t: NetId, e: NetId) -> NetId {
        if t == e {
            return t;
        }
        let w = self.m.width(t);
        self.cell(CellKind::Mux, w, &[c, t, e], None)
    }
    /// One of `pairs`' values (condition, value): the first whose condition holds, else the
    /// last one's (a chain of multiplexers; the caller's conditions are states, one at a
    /// time).
    pub(crate) fn select(&mut self, pairs: &[(NetId, NetId)]) -> NetId {
        let mut d = pairs.last().expect("a selection has a value").1;
        for &(c, v) in pairs.iter().rev().skip(1) {
            d = self.mux(c, v, d);
        }
        d
    }
    pub(crate) fn and(&mut self, a: NetId, b: NetId) -> NetId {
        self.cell(CellKind::And, 1, &[a, b], None)
    }
    pub(crate) fn not(&mut self, a: NetId) -> NetId {
        self.cell(CellKind::Inv, 1, &[a], None)
    }
    pub(crate) fn or(&mut self, xs: &[NetId]) -> NetId {
        match xs {
            [] => self.konst(0, 1),
            [x] => *x,
            _ => self.cell(CellKind::Or, 1, xs, None),
        }
    }
    /// Data and enable of a register from its writes (condition, data). A later write
    /// takes priority: on one transition path a later act (the next loop's entry after a
    /// latch) overrides an earlier one; writes on different paths have disjoint conditions.
    pub(crate) fn write_logic(&mut self, writes: &[(NetId, NetId)], w: u32) -> (NetId, NetId) {
        let conds: Vec<NetId> = writes.iter().map(|x| x.0).collect();
        let en = self.or(&conds);
        let mut d = writes.first().map_or_else(|| self.konst(0, w), |x| x.1);
        for &(c, v) in writes.iter().skip(1) {
            d = self.mux(c, v, d);
        }
        (d, en)
    }

    /// `v` as seen in state `s`.
    pub(crate) fn value_in(&mut self, v: ValId, s: u32) -> NetId {
        if let Some(&c) = self.consts.get(&v) {
            let w = self.f.width(v);
            return self.konst(c, w);
        }
        if let Some(&(ws, net)) = self.wire.get(&v) {
            if ws == s {
                return net;
            }
        }
        self.reads.entry(v).or_default().push(2 * s);
        if let Some(&r) = self.reg_view.get(&v) {
            return r;
        }
        let w = self.f.width(v);
        // Only the bits of the value's range (`narrow.rs`), extended back for the readers.
        let (rw, signed) = self.widths.register(v, w).unwrap_or((w, false));
        let (zw, z1) = (self.konst(0, rw), self.konst(0, 1));
        let name = self.f.values[v.index()].name.clone().unwrap_or_else(|| format!("{v}"));
        let r = self.cell(
            CellKind::Reg { reset: false, enable: true, async_reset: false, init: None },
            rw,
            &[zw, self.clk, z1],
            Some(&format!("{name}_r")),
        );
        self.regs.insert(v, r);
        let view = self.extend(r, w, signed);
        self.reg_view.insert(v, view);
        view
    }

    /// Records a write of `v`'s register at the end of state `s`.
    pub(crate) fn write(&mut self, v: ValId, s: u32, cond: NetId, data: NetId) {
        self.writes.entry(v).or_default().push((cond, data, 2 * s + 1));
    }

    fn local_memories(&mut self, locals: &[(usize, NetId)]) {
        for &(mem, cell) in locals {
            let aw = self.f.mems[mem].addr_width();
            let w = self.f.mems[mem].width;
            let acc = self.accesses.remove(&mem).unwrap_or_default();
            self.note = Self::joined_note(acc.iter().map(|a| &a.note));
            let (reads, writes): (Vec<&Access>, Vec<&Access>) = acc.iter().partition(|a| a.wdata.is_none());
            let ren_c: Vec<NetId> = reads.iter().map(|a| a.cond).collect();
            let ren = self.or(&ren_c);
            let we_c: Vec<NetId> = writes.iter().map(|a| a.cond).collect();
            let we = self.or(&we_c);
            let ra: Vec<(NetId, NetId)> = reads.iter().map(|a| (a.cond, a.addr)).collect();
            let wa: Vec<(NetId, NetId)> = writes.iter().map(|a| (a.cond, a.addr)).collect();
            let wd: Vec<(NetId, NetId)> =
                writes.iter().map(|a| (a.cond, a.wdata.expect("a write"))).collect();
            let (raddr, _) = self.write_logic(&ra, 32);
            let (waddr, _) = self.write_logic(&wa, 32);
            let (wdata, _) = self.write_logic(&wd, w);
            let raddr = self.narrow(raddr, aw);
            let waddr = self.narrow(waddr, aw);
            let clk = self.clk;
            self.m.set_operands(cell, &[clk, raddr, ren, waddr, we, wdata]);
            if let Some(n) = self.note.take() {
                self.m.notes.insert(cell, n);
            }
        }
    }

    fn narrow(&mut self, addr: NetId, aw: u32) -> NetId {
        if aw < 32 {
            self.cell(CellKind::Extract { low: 0 }, aw, &[addr], None)
        } else {
            addr
        }
    }

    fn memory_ports(&mut self, ports: &[(usize, comb::PortId, comb::PortId, comb::PortId, comb::PortId)]) {
        for &(mem, addr_p, ce_p, we_p, wd_p) in ports {
            let memo = &self.f.mems[mem];
            let (aw, w) = (memo.addr_width(), memo.width);
            let acc = self.accesses.remove(&mem).unwrap_or_default();
            self.note = Self::joined_note(acc.iter().map(|a| &a.note));
            let ce_conds: Vec<NetId> = acc.iter().map(|a| a.cond).collect();
            let ce = self.or(&ce_conds);
            let we_conds: Vec<NetId> = acc.iter().filter(|a| a.wdata.is_some()).map(|a| a.cond).collect();
            let we = self.or(&we_conds);
            let addrs: Vec<(NetId, NetId)> = acc.iter().map(|a| (a.cond, a.addr)).collect();
            let (addr32, _) = self.write_logic(&addrs, 32);
            let addr =
                if aw < 32 { self.cell(CellKind::Extract { low: 0 }, aw, &[addr32], None) } else { addr32 };
            let wds: Vec<(NetId, NetId)> = acc.iter().filter_map(|a| a.wdata.map(|d| (a.cond, d))).collect();
            let (wd, _) = self.write_logic(&wds, w);
            self.m.set_output(addr_p, addr);
            self.m.set_output(ce_p, ce);
            self.m.set_output(we_p, we);
            self.m.set_output(wd_p, wd);
            self.note = None;
        }
    }
}
