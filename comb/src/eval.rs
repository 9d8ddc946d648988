//! A bit-precise evaluator of a whole design: the "third voice" in differential tests.
//!
//! [`Simulator::new`] verifies the design, flattens a copy of it (see
//! [`crate::passes::flatten_design`]) and compiles the top module into a flat list of
//! instructions in combinational order; values live in a `Vec<Bits>` indexed by net.
//! Registers start at their initial value (0 unless `init`). On a rising edge each register
//! samples, from the settled values of the current inputs: `rst_value` if `rst` is 1, else
//! `d` if `en` is 1 (or absent), else it holds; all registers update together, then the
//! logic settles again. A register with an asynchronous reset also takes `rst_value` at once
//! whenever the settled `rst` is 1: every settle ([`Simulator::eval`], after an edge) forces
//! those registers and settles again until nothing changes.
//!
//! A memory (`CellKind::Memory`) keeps its words and its read data: on the same edge, with
//! `ren` = 1 the read data takes the word at `raddr` as it was before the edge (0 when
//! `raddr` >= depth), then with `we` = 1 and `waddr` < depth the word at `waddr` takes
//! `wdata` (read-first); memories and registers update together.
//!
//! A register's clock is traced to a top input port through `seq.to_clock` /
//! `seq.from_clock` (and, after flattening, through instance ports). [`Simulator::tick`]
//! is one cycle of every clock; [`Simulator::tick_clock`] of one input port. One on a
//! constant clock (`seq.const_clock` into an instance's clock port) never fires, and a
//! memory or clocked check on one never acts.
//!
//! *Derived clocks* (a clock computed by logic: a `negedge` block's inverted clock, a gated
//! or divided clock; [`crate::eval_clocks`]) are modelled by their edges. When the design has
//! any, a tick is a whole clock cycle: the clock ports go to 1 and the logic settles; the
//! registers on the ports and those on derived clocks that rose with them (a mux or an
//! inverter of a port: no register in between) fire together from those values, as one
//! SystemVerilog time step samples before its nonblocking updates; then the ports go to 0
//! and the logic settles again. After each settle (and after every [`Simulator::eval`],
//! where an input may move a derived clock) the registers, memories and clocked checks whose
//! clock net went from 0 to 1 fire, from the values settled before, until no derived clock
//! rises (bounded by their number): a clock made by a register rises after that register
//! loads. So a `negedge` register loads at the falling edge, half a cycle after the posedge
//! ones, as in SystemVerilog. Between ticks the clock ports are 0; none rises at power-on.
//!
//! Checks (`verif.assert`/`assume`/`cover` cells) are sampled on each edge from the settled
//! values before it, like the registers: a clocked check on the edges of its clock, an
//! immediate one on every edge. An assert or assume whose condition is 0 is recorded as a
//! [`CheckEvent`] with the edge's cycle number (the edges before it; the first is cycle 0);
//! a cover counts the cycles its condition is 1 ([`Simulator::cover_counts`]).

use crate::bits::Bits;
use crate::bits_ops::eval_cell;
use crate::ids::{NetId, PortId};
use crate::netlist::{CellKind, CheckKind, Design, Dir, Module};
use crate::{eval_clocks, order, passes, verify};
use smallvec::SmallVec;
use std::collections::HashMap;

struct Instr {
    dst: u32,
    kind: CellKind,
    width: u32,
    ops: SmallVec<[u32; 3]>,
}

/// What clocks a register, memory or clocked check.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Clk {
    /// An input port.
    Port(PortId),
    /// A net computed by logic (its index): fires when it rises.
    Derived(u32),
    /// A constant: never fires.
    Never,
}

impl Clk {
    fn of(m: &Module, net: NetId) -> Clk {
        if let Some(p) = eval_clocks::port_of(m, net) {
            Clk::Port(p)
        } else if eval_clocks::is_constant(m, net) {
            Clk::Never
        } else {
            Clk::Derived(eval_clocks::through_wires(m, net).index() as u32)
        }
    }

    fn port(self) -> Option<PortId> {
        match self {
            Clk::Port(p) => Some(p),
            _ => None,
        }
    }
}

struct RegInfo {
    q: u32,
    d: u32,
    en: Option<u32>,
    rst: Option<(u32, u32)>,
    /// The reset is asynchronous.
    is_async: bool,
    clock: Clk,
}

struct MemInfo {
    q: u32,
    /// raddr, ren, waddr, we, wdata.
    ops: [u32; 5],
    clock: Clk,
    words: Vec<Bits>,
}

/// The index of an address within `depth`, if it is in range.
fn mem_index(addr: &Bits, depth: usize) -> Option<usize> {
    if addr.words().iter().skip(1).any(|&w| w != 0) {
        return None;
    }
    let a = addr.words().first().copied().unwrap_or(0);
    usize::try_from(a).ok().filter(|&a| a < depth)
}

/// One write of an `sv.fwrite`: when, where to, and the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrintEvent {
    /// The cycle: the number of edges before the one it ran at.
    pub cycle: u64,
    /// The file descriptor (`0x80000001` stdout, `0x80000002` stderr).
    pub fd: u32,
    /// The formatted text.
    pub text: String,
}

/// One failed assert or assume: when and which.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckEvent {
    /// The cycle: the number of edges before the failing one.
    pub cycle: u64,
    /// Assert or assume.
    pub kind: CheckKind,
    /// The check's label (after flattening: prefixed with the instance names).
    pub label: Option<std::sync::Arc<str>>,
    /// Its message formatted with the arguments' values before the failing edge
    /// ([`crate::check_format`]), if the check has one.
    pub message: Option<String>,
}

struct CheckInfo {
    cond: u32,
    /// `Some` for a clocked check.
    clock: Option<Clk>,
    kind: CheckKind,
    label: Option<std::sync::Arc<str>>,
    covered: u64,
    /// The parsed message and its argument nets.
    message: Option<(Vec<crate::check_format::Piece>, Vec<u32>)>,
}

/// A compiled, flattened design with its current values.
pub struct Simulator {
    checks: Vec<CheckInfo>,
    failures: Vec<CheckEvent>,
    prints: Vec<PrintEvent>,
    cycle: u64,
    module: Module,
    values: Vec<Bits>,
    program: Vec<Instr>,
    regs: Vec<RegInfo>,
    mems: Vec<MemInfo>,
    redirects: HashMap<NetId, NetId>,
    /// The derived clock nets and their values after the last settle.
    derived: Vec<(u32, bool)>,
    /// The input ports that are clocks (set to 1 and back to 0 in a tick when there are
    /// derived clocks).
    clock_ports: Vec<PortId>,
    /// The values are settled for the current inputs and state (nothing changed since the
    /// last [`Simulator::eval`]), so another `eval` has nothing to do.
    settled: bool,
}

impl Simulator {
    /// Compiles the top module of `design`. Fails if the design does not verify.
    pub fn new(design: &Design) -> Result<Simulator, String> {
        if design.top.is_none() {
            return Err("the design has no top module".into());
        }
        if let Some(e) = verify::verify(design).first() {
            return Err(format!("cannot simulate an invalid design: {e}"));
        }
        if let Some(x) = design.extern_in_use() {
            return Err(Design::extern_model_error(x, "the evaluator"));
        }
        let mut flat = design.clone();
        let (_, redirects) = passes::flatten_design(&mut flat);
        let top = flat.top_id();
        let order = order::topo_order(&flat, &[], top).map_err(|_| "combinational cycle".to_string())?;
        let module = flat.modules.swap_remove(top.index());
        let mut values = vec![Bits::zero(0); module.id_bound()];
        let mut program = Vec::new();
        let mut regs = Vec::new();
        let mut mems = Vec::new();
        let mut checks = Vec::new();
        let ix = |n: NetId| n.index() as u32;
        for id in order {
            let cell = module.cell(id);
            values[id.index()] = Bits::zero(cell.width);
            let ops = cell.operands();
            match &cell.kind {
                CellKind::Input(_) => {}
                CellKind::Const(b) => values[id.index()] = b.clone(),
                CellKind::Reg { reset, enable, async_reset, init } => {
                    if let Some(b) = init {
                        values[id.index()] = b.clone();
                    }
                    let mut k = 2;
                    let en = enable.then(|| {
                        k += 1;
                        ix(ops[2])
                    });
                    let rst = reset.then(|| (ix(ops[k]), ix(ops[k + 1])));
                    let clock = Clk::of(&module, ops[1]);
                    regs.push(RegInfo { q: ix(id), d: ix(ops[0]), en, rst, is_async: *async_reset, clock });
                }
                CellKind::Memory { depth } => mems.push(MemInfo {
                    q: ix(id),
                    ops: [ix(ops[1]), ix(ops[2]), ix(ops[3]), ix(ops[4]), ix(ops[5])],
                    clock: Clk::of(&module, ops[0]),
                    words: vec![Bits::zero(cell.width); *depth as usize],
                }),
                CellKind::Instance { .. } | CellKind::InstOutput(_) => {
                    return Err("internal error: instance left after flattening".into())
                }
                CellKind::Check { kind, label, clocked, message } => checks.push(CheckInfo {
                    cond: ix(ops[0]),
                    clock: clocked.then(|| Clk::of(&module, ops[1])),
                    kind: *kind,
                    label: label.clone(),
                    covered: 0,
                    message: match message {
                        Some(m) => {
                            let pieces = crate::check_format::parse(m)?;
                            let args = ops[1 + *clocked as usize..].iter().map(|&o| ix(o)).collect();
                            Some((pieces, args))
                        }
                        None => None,
                    },
                }),
                kind => program.push(Instr {
                    dst: ix(id),
                    kind: kind.clone(),
                    width: cell.width,
                    ops: ops.iter().map(|&o| ix(o)).collect(),
                }),
            }
        }
        let derived = eval_clocks::derived(&module).into_iter().map(|n| (n.index() as u32, false)).collect();
        let clock_ports = eval_clocks::clock_ports(&module);
        let mut sim = Simulator {
            checks,
            failures: Vec::new(),
            prints: Vec::new(),
            cycle: 0,
            module,
            values,
            program,
            regs,
            mems,
            redirects,
            derived,
            clock_ports,
            settled: false,
        };
        // No derived clock rises at power-on: their first values are the reference.
        sim.settle_forced();
        sim.remember_derived();
        sim.settled = true;
        Ok(sim)
    }

    fn port_by_name(&self, name: &str, dir: Dir) -> PortId {
        self.module
            .port_ids()
            .find(|&p| self.module.port(p).name == name && self.module.port(p).dir == dir)
            .unwrap_or_else(|| panic!("no {dir:?} port named '{name}' in '{}'", self.module.name))
    }

    /// Sets an input port by name (the value is truncated or zero-extended to its width).
    /// Panics if there is no such input.
    pub fn set_input(&mut self, name: &str, v: Bits) {
        let p = self.port_by_name(name, Dir::Input);
        self.set_input_port(p, v);
    }

    /// Sets an input port by id (the value is truncated or zero-extended to its width).
    pub fn set_input_port(&mut self, p: PortId, v: Bits) {
        let net = self.module.port_net(p).expect("input ports have a cell");
        let w = self.module.port(p).width;
        self.values[net.index()] = if v.width() == w { v } else { Bits::from_words(v.words(), w) };
        self.settled = false;
    }

    /// Settles the combinational logic for the current inputs and register values, and
    /// applies asynchronous resets that are high.
    pub fn eval(&mut self) {
        if self.settled {
            return;
        }
        self.settle_forced();
        self.derived_edges();
        self.settled = true;
    }

    /// Settles and applies the asynchronous resets (see [`Simulator::eval`]).
    fn settle_forced(&mut self) {
        self.settle();
        // Each round forces at least one more register; a register once forced stays so
        // unless its reset falls, so the rounds are bounded (a reset that oscillates through
        // its own register is cut off after as many rounds as there are registers).
        for _ in 0..=self.regs.len() {
            let mut forced = false;
            for r in self.regs.iter().filter(|r| r.is_async) {
                let Some((rst, rv)) = r.rst else { continue };
                if self.values[rst as usize].bit(0) && self.values[r.q as usize] != self.values[rv as usize] {
                    self.values[r.q as usize] = self.values[rv as usize].clone();
                    forced = true;
                }
            }
            if !forced {
                break;
            }
            self.settle();
        }
    }

    /// Takes the derived clocks' current values as their previous ones; true if any rose.
    fn remember_derived(&mut self) -> Vec<u32> {
        let mut rising = Vec::new();
        for (net, prev) in &mut self.derived {
            let now = self.values[*net as usize].bit(0);
            if now && !*prev {
                rising.push(*net);
            }
            *prev = now;
        }
        rising
    }

    /// Fires what the derived clocks that rose since the last settle clock, settles, and
    /// repeats while one rises (a divided clock rises after the register that makes it).
    fn derived_edges(&mut self) {
        for _ in 0..=self.derived.len() {
            let rising = self.remember_derived();
            if rising.is_empty() {
                return;
            }
            self.fire(|k| matches!(k, Clk::Derived(n) if rising.contains(&n)), false);
        }
    }

    fn settle(&mut self) {
        for ins in &self.program {
            let v = {
                let ops: SmallVec<[&Bits; 4]> = ins.ops.iter().map(|&o| &self.values[o as usize]).collect();
                eval_cell(&ins.kind, ins.width, &ops).expect("only combinational cells are compiled")
            };
            self.values[ins.dst as usize] = v;
        }
    }

    /// One cycle of `clock` (every clock if `None`): see the module doc.
    fn edge(&mut self, clock: Option<PortId>) {
        self.eval();
        let on = |p: PortId| clock.is_none() || clock == Some(p);
        if self.derived.is_empty() {
            self.fire(|k| matches!(k, Clk::Port(p) if on(p)), true);
        } else {
            // The clocks rise first: a derived clock that rises with them (a mux or an
            // inverter of them, no register between) fires in the same step, from the same
            // values; one made by a register rises after that register loads.
            let ports: Vec<PortId> = self.clock_ports.iter().copied().filter(|&p| on(p)).collect();
            self.set_clocks(&ports, 1);
            let rising = self.remember_derived();
            let sel = |k: Clk| match k {
                Clk::Port(p) => on(p),
                Clk::Derived(n) => rising.contains(&n),
                Clk::Never => false,
            };
            self.fire(sel, true);
            self.derived_edges();
            self.set_clocks(&ports, 0);
            self.derived_edges();
        }
        self.cycle += 1;
        self.settled = true;
    }

    /// Sets the clock ports `ports` to `level` and settles.
    fn set_clocks(&mut self, ports: &[PortId], level: u64) {
        for &p in ports {
            self.set_input_port(p, Bits::from_u64(level, self.module.port(p).width));
        }
        self.settle_forced();
    }

    /// One edge of the clocks `sel` accepts: the checks they clock (and the immediate ones
    /// if `immediate`) sample, their registers and memories update together from the
    /// settled values, then the logic settles.
    fn fire(&mut self, sel: impl Fn(Clk) -> bool, immediate: bool) {
        for c in &mut self.checks {
            let fires = match c.clock {
                None => immediate,
                Some(k) => sel(k),
            };
            if !fires {
                continue;
            }
            let holds = self.values[c.cond as usize].bit(0);
            match c.kind {
                CheckKind::Cover => c.covered += holds as u64,
                CheckKind::Print(fd) if holds => {
                    let text =
                        c.message.as_ref().map(|m| render_message(m, &self.values)).unwrap_or_default();
                    self.prints.push(PrintEvent { cycle: self.cycle, fd, text });
                }
                CheckKind::Print(_) => {}
                kind if !holds => {
                    let message = c.message.as_ref().map(|m| render_message(m, &self.values));
                    self.failures.push(CheckEvent {
                        cycle: self.cycle,
                        kind,
                        label: c.label.clone(),
                        message,
                    })
                }
                _ => {}
            }
        }
        let next: Vec<(u32, Bits)> = self
            .regs
            .iter()
            .filter(|r| sel(r.clock))
            .filter_map(|r| {
                let v = &self.values;
                if let Some((rst, rv)) = r.rst {
                    if v[rst as usize].bit(0) {
                        return Some((r.q, v[rv as usize].clone()));
                    }
                }
                match r.en {
                    Some(en) if !v[en as usize].bit(0) => None,
                    _ => Some((r.q, v[r.d as usize].clone())),
                }
            })
            .collect();
        let mut writes: Vec<(usize, usize, Bits)> = Vec::new();
        let mut reads: Vec<(u32, Bits)> = Vec::new();
        for (k, mem) in self.mems.iter().enumerate().filter(|(_, m)| sel(m.clock)) {
            let v = &self.values;
            let [raddr, ren, waddr, we, wdata] = mem.ops.map(|o| &v[o as usize]);
            if ren.bit(0) {
                let word = mem_index(raddr, mem.words.len()).map(|a| mem.words[a].clone());
                reads.push((mem.q, word.unwrap_or_else(|| Bits::zero(v[mem.q as usize].width()))));
            }
            if let Some(a) = mem_index(waddr, mem.words.len()).filter(|_| we.bit(0)) {
                writes.push((k, a, wdata.clone()));
            }
        }
        for (q, v) in next.into_iter().chain(reads) {
            self.values[q as usize] = v;
        }
        for (k, a, v) in writes {
            self.mems[k].words[a] = v;
        }
        self.settle_forced();
    }

    /// The `sv.fwrite` writes so far, in order (the caller prints them: the evaluator is a
    /// library and writes nothing itself).
    pub fn prints(&self) -> &[PrintEvent] {
        &self.prints
    }

    /// The asserts and assumes that failed so far, in order.
    pub fn failures(&self) -> &[CheckEvent] {
        &self.failures
    }

    /// Per cover (in netlist order): its label and the number of sampled cycles it held.
    pub fn cover_counts(&self) -> Vec<(Option<std::sync::Arc<str>>, u64)> {
        self.checks
            .iter()
            .filter(|c| c.kind == CheckKind::Cover)
            .map(|c| (c.label.clone(), c.covered))
            .collect()
    }

    /// One rising edge of every clock: registers sample the current inputs, then the logic
    /// settles (with derived clocks, the falling edge follows: see the module doc). No `eval`
    /// is needed before it.
    pub fn tick(&mut self) {
        self.edge(None);
    }

    /// One rising edge (and with derived clocks, the falling edge) of the clock input
    /// `clock` only (for designs with several clocks).
    pub fn tick_clock(&mut self, clock: &str) {
        let p = self.port_by_name(clock, Dir::Input);
        self.edge(Some(p));
    }

    /// The names of the input ports that clock at least one register or memory, in port order.
    pub fn clocks(&self) -> Vec<String> {
        let mut ps: Vec<PortId> = self
            .regs
            .iter()
            .filter_map(|r| r.clock.port())
            .chain(self.mems.iter().filter_map(|m| m.clock.port()))
            .collect();
        ps.sort();
        ps.dedup();
        ps.into_iter().map(|p| self.module.port(p).name.clone()).collect()
    }

    /// The value of an output port by name. Panics if there is no such output.
    pub fn output(&self, name: &str) -> Bits {
        let p = self.port_by_name(name, Dir::Output);
        self.values[self.module.port_net(p).expect("outputs are driven").index()].clone()
    }

    /// Every output in port order.
    pub fn outputs(&self) -> Vec<(String, Bits)> {
        self.module
            .outputs()
            .map(|p| {
                let net = self.module.port_net(p).expect("outputs are driven");
                (self.module.port(p).name.clone(), self.values[net.index()].clone())
            })
            .collect()
    }

    /// The current value of one of the original top module's nets.
    pub fn value(&self, net: NetId) -> Bits {
        let mut n = net;
        while let Some(&next) = self.redirects.get(&n) {
            n = next;
        }
        self.values[n.index()].clone()
    }

    /// The flattened top module being simulated.
    pub fn module(&self) -> &Module {
        &self.module
    }
}

/// A check's message with its arguments' current values.
fn render_message(m: &(Vec<crate::check_format::Piece>, Vec<u32>), values: &[Bits]) -> String {
    let vals: Vec<(u64, u32)> =
        m.1.iter()
            .map(|&a| {
                let v = &values[a as usize];
                (v.words().first().copied().unwrap_or(0), v.width())
            })
            .collect();
    crate::check_format::render(&m.0, &vals)
}
