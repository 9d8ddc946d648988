//! The module printer: decides names and inlining, then prints one `module`.
//!
//! Cells are visited in [`comb::order::emission_order`]. Inputs and constants are read in
//! place; a combinational cell becomes an inline expression if it has one reader, no user
//! name, drives no port and its reader accepts any expression; otherwise it gets a `wire`
//! (or drives its output port directly: `assign y = ...;`). Temporaries are numbered in this
//! visiting order. State and hierarchy (registers, memories, instances and their outputs) are declared
//! first and their processes printed last, so every name is declared before it is read:
//!
//! ```text
//! module m(ports);
//!   register and instance-output declarations, register initial values
//!   combinational logic in topological order
//!   instances
//!   always_ff blocks
//!   output assignments
//! endmodule
//! ```
//!
//! The combinational logic, most of a big module, is streamed to the writer as it is
//! printed whenever what precedes it is known first: the state declarations are (no
//! register or instance output needs a temporary, whose number depends on the logic
//! visited before it) and so is whether a constant comparison needs the lint waiver at the
//! top (see `Printer::predict_waiver`). Otherwise the module body is kept until the end.
//!
//! `state` prints the processes and the head (truth-table cases, instances, registers,
//! memories, output assignments, the `module` line).

pub mod check;
mod consts;
mod notes;
mod state;

use super::direct::{Form, Val};
use super::expr::Expr;
use super::lower::{self, Lowered};
use super::memory;
use super::names::{Name, Temps};
use super::plan::{ModuleNames, Plan};
use super::text::{range, Ranges};
use super::usage::{Need, Usage};
use crate::value_names::value_names;
use comb::{Bits, CellKind, Design, Dir, ModuleId, NetId, PortId};
use consts::{const_bits, is_constant_compare, may_fold_to_constant};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, Write};

const LINT_OFF: &str = "/* verilator lint_off UNUSEDSIGNAL */";
const LINT_ON: &str = "/* verilator lint_on UNUSEDSIGNAL */";

/// Streamed combinational text is handed to the writer in pieces of about this size.
const CHUNK: usize = 1 << 16;

/// One section of a module body: its lines, each indented and ended, as one string (a
/// million-cell module would otherwise keep a million small strings).
#[derive(Default)]
struct Section(String);

impl Section {
    fn push(&mut self, line: impl AsRef<str>) {
        self.0.push_str("  ");
        self.0.push_str(line.as_ref());
        self.0.push('\n');
    }
    fn extend<S: AsRef<str>>(&mut self, lines: impl IntoIterator<Item = S>) {
        for l in lines {
            self.push(l);
        }
    }
}

struct Printer<'n> {
    design: &'n Design,
    m: &'n comb::Module,
    all: &'n [ModuleNames<'n>],
    own: &'n ModuleNames<'n>,
    plan: &'n Plan<'n>,
    temps: Temps,
    read: Vec<bool>,
    need: Vec<Need>,
    val: Vec<Val<'n>>,
    /// Dummy wires (temporaries) for child outputs nobody reads.
    dummy: BTreeMap<(NetId, PortId), u32>,
    /// The contents' names of the memories.
    mem_arrays: BTreeMap<NetId, Name<'n>>,
    state: Section,
    comb: Section,
    insts: Section,
    ffs: Section,
    assigns: Section,
    /// An unsigned comparison with 0 or all-ones is constant; Verilator warns about it
    /// (UNSIGNED, CMPCONST), so the module body waives those two warnings.
    constant_compare: bool,
    /// The range texts of the widths declared so far.
    ranges: Ranges,
    /// Scratch: the operand expressions and widths of the cell being visited.
    ops_buf: Vec<Expr<'n>>,
    widths_buf: Vec<u32>,
    /// SystemVerilog or Verilog-2005.
    dialect: super::SvDialect,
    /// Verilog-2005 leaves the module's assertions out: the signals only they read are
    /// unused, and the module body waives UNUSEDSIGNAL.
    drops_checks: bool,
    /// Operand slots printed as a register's named values (`notes.rs`).
    named: notes::NamedSlots<'n>,
    /// Notes of inlined cells, for their reader's line (`notes.rs`).
    pending: BTreeMap<NetId, Vec<&'n str>>,
    /// Notes of the cell being visited, for the line that declares it.
    cur_notes: Vec<&'n str>,
}

/// How a module is printed.
#[derive(Clone, Copy, Debug)]
pub struct How {
    /// Stream the logic if what precedes it is known first.
    pub may_stream: bool,
    /// Compute the canonical names ([`value_names`]) even where the printer can tell that
    /// the cells' own names are those (the tests check that both print the same).
    pub canonical: bool,
    /// SystemVerilog or Verilog-2005.
    pub dialect: super::SvDialect,
}

/// Prints module `mid` to `out`, streaming its logic if `may_stream` and what precedes the
/// logic is known first; true if it did.
pub fn print_module(
    design: &Design,
    summaries: &[comb::order::CombSummary],
    mid: ModuleId,
    all: &[ModuleNames<'_>],
    may_stream: bool,
    out: &mut dyn Write,
) -> io::Result<bool> {
    let how = How { may_stream, canonical: false, dialect: super::SvDialect::Sv2017 };
    print_module_with(design, summaries, mid, all, how, out)
}

/// [`print_module`] as `how` says.
pub(crate) fn print_module_with(
    design: &Design,
    summaries: &[comb::order::CombSummary],
    mid: ModuleId,
    all: &[ModuleNames<'_>],
    how: How,
    out: &mut dyn Write,
) -> io::Result<bool> {
    let m = design.module(mid);
    let topo = comb::order::emission_order(design, summaries, mid);
    if how.canonical {
        if let Some(renamed) = value_names(design, m, &topo).renamed() {
            return print_cells(design, &renamed, &topo, &all[mid.index()], all, how, false, out);
        }
    }
    print_cells(design, m, &topo, &all[mid.index()], all, how, !how.canonical, out)
}

/// Prints module `m` (whose names in the design are `own`) visiting its cells in `topo`.
/// With `check`, the cells' names are first checked to be the canonical ones; if they are
/// not, the module is printed with those instead (a netlist read back from `--emit mlir`
/// has exactly those names, so it prints the same).
#[allow(clippy::too_many_arguments)]
fn print_cells(
    design: &Design,
    m: &comb::Module,
    topo: &[NetId],
    own: &ModuleNames<'_>,
    all: &[ModuleNames<'_>],
    how: How,
    check: bool,
    out: &mut dyn Write,
) -> io::Result<bool> {
    let may_stream = how.may_stream;
    let bound = m.id_bound();
    // One pass over the cells gathers all that printing needs to know first.
    let mut plan = Plan::new(m, own);
    let mut usage = Usage::new(m);
    for &net in topo {
        let cell = m.cell(net);
        plan.add(net, cell);
        usage.add(m, cell);
    }
    let temps = plan.name(topo, own);
    if check && !plan.names_canonical() {
        if let Some(renamed) = value_names(design, m, topo).renamed() {
            drop(plan);
            return print_cells(design, &renamed, topo, own, all, how, false, out);
        }
    }
    let (read, need) = usage.finish(m, topo, &plan.state, |n| plan.port_uses(n) > 0);
    let mut p = Printer {
        design,
        m,
        all,
        own,
        plan: &plan,
        temps,
        read,
        need,
        val: (0..bound).map(|_| Val::Pending).collect(),
        dummy: BTreeMap::new(),
        mem_arrays: BTreeMap::new(),
        state: Section::default(),
        comb: Section::default(),
        insts: Section::default(),
        ffs: Section::default(),
        assigns: Section::default(),
        constant_compare: false,
        ranges: Ranges::default(),
        ops_buf: Vec::new(),
        widths_buf: Vec::new(),
        dialect: how.dialect,
        drops_checks: how.dialect == super::SvDialect::Verilog2005 && check::drops_checks(m),
        named: notes::named_slots(m),
        pending: BTreeMap::new(),
        cur_notes: Vec::new(),
    };
    p.named_value_decls();
    let streamed = if may_stream && p.state_needs_no_temps() { p.predict_waiver() } else { None };
    if let Some(waiver) = streamed {
        // State first (it takes no temporary, so the numbering is unchanged), then the
        // head of the module, then the logic as it is printed.
        for &net in &plan.state {
            p.visit(net, Cells::State);
        }
        let mut head = String::new();
        p.head(waiver, &mut head);
        head.push_str(&std::mem::take(&mut p.state.0));
        out.write_all(head.as_bytes())?;
        for &net in topo {
            p.visit(net, Cells::Logic);
            if p.comb.0.len() >= CHUNK {
                out.write_all(p.comb.0.as_bytes())?;
                p.comb.0.clear();
            }
        }
        debug_assert_eq!(p.constant_compare, waiver, "waiver predicted wrongly");
    } else {
        for &net in topo {
            p.visit(net, Cells::All);
        }
    }
    for &net in &plan.state {
        match &m.cell(net).kind {
            CellKind::Instance { .. } => p.instance(net),
            CellKind::Reg { .. } => p.register(net),
            CellKind::Memory { depth } => p.memory(net, *depth),
            CellKind::Check { .. } => p.check(net),
            _ => {}
        }
    }
    p.output_assigns();
    // The per-net tables are done with; free them before the rest is written (on a
    // million cells they are tens of MB).
    p.val = Vec::new();
    p.need = Vec::new();
    // Streamed, the waiver at the top was predicted; it is closed as it was opened.
    let waived = streamed.unwrap_or(p.constant_compare);
    let mut text = String::new();
    if streamed.is_none() {
        p.head(waived, &mut text);
        text.push_str(&p.state.0);
        out.write_all(text.as_bytes())?;
        text.clear();
    }
    out.write_all(p.comb.0.as_bytes())?;
    for section in [&p.insts, &p.ffs, &p.assigns] {
        text.push_str(&section.0);
    }
    if waived {
        for w in WAIVER {
            let _ = writeln!(text, "  /* verilator lint_on {w} */");
        }
    }
    // `sv.verbatim` texts, as written, after the logic (the netlist keeps no statement order).
    for v in &p.m.verbatim {
        text.push_str(&v.text);
        text.push('\n');
    }
    text.push_str("endmodule\n");
    if p.drops_checks {
        let _ = writeln!(text, "{LINT_ON}");
    }
    out.write_all(text.as_bytes())?;
    Ok(streamed.is_some())
}

/// Which cells a visit is for: registers and instances (whose declarations come first),
/// the rest, or all.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cells {
    State,
    Logic,
    All,
}

/// The warnings waived in a module with a constant comparison.
const WAIVER: [&str; 2] = ["UNSIGNED", "CMPCONST"];

impl<'n> Printer<'n> {
    /// True if no register or instance output needs a temporary, so the state section
    /// can be printed before the logic without changing any name.
    fn state_needs_no_temps(&self) -> bool {
        let m = self.m;
        self.plan.state.iter().all(|&net| match &m.cell(net).kind {
            CellKind::Reg { .. } => self.plan.pinned(net),
            // The contents take a temporary.
            CellKind::Memory { .. } => false,
            CellKind::Instance { module, .. } => {
                self.design.module(*module).outputs().all(|p| match self.plan.first_out.get(&(net, p)) {
                    Some(&l) => (self.uses(l) > 0 || m.cell(l).name.is_some()) && self.plan.pinned(l),
                    None => false,
                })
            }
            _ => true,
        })
    }

    /// Whether the module will need the constant-comparison waiver, if that is clear
    /// before printing: an unsigned-order comparison (signed ones are printed unsigned)
    /// reads an extreme constant cell, or none reads anything that could print as a
    /// constant. `None` when an operand is an inlined expression that might fold to one.
    fn predict_waiver(&self) -> Option<bool> {
        let m = self.m;
        let mut unsure = false;
        for &net in &self.plan.orderings {
            let cell = m.cell(net);
            let CellKind::Icmp(p) = cell.kind else { continue };
            for &o in cell.operands() {
                match &m.cell(o).kind {
                    CellKind::Const(b) if is_constant_compare(p, [b]) => return Some(true),
                    CellKind::Const(_) => {}
                    k => unsure |= !self.plan.pinned(o) && may_fold_to_constant(k, m.operands(o)),
                }
            }
        }
        (!unsure).then_some(false)
    }

    /// The number of reads of `net`: operand uses plus output ports driven.
    fn uses(&self, net: NetId) -> usize {
        self.m.use_count(net) + self.plan.port_uses(net)
    }

    /// The name `net` is declared under whatever its uses: its port's or its reserved user
    /// name; `cell` is its cell.
    fn fixed_name(&self, net: NetId, cell: &'n comb::Cell) -> Option<Name<'n>> {
        let (own, plan) = (self.own, self.plan);
        match plan.home(net) {
            Some(p) => Some(Name::Str(&own.ports[p.index()])),
            None => plan.user_name_of(net, cell).map(Name::Str),
        }
    }

    /// The declared name of `net`: its port, its reserved user name, or a new temporary.
    fn take_name(&mut self, net: NetId) -> Name<'n> {
        let m: &'n comb::Module = self.m;
        self.fixed_name(net, m.cell(net)).unwrap_or_else(|| Name::Temp(self.temps.fresh()))
    }

    fn decl(&self, net: NetId, text: String) -> Vec<String> {
        if self.read[net.index()] || self.drops_checks {
            vec![text]
        } else {
            vec![LINT_OFF.to_string(), text, LINT_ON.to_string()]
        }
    }

    /// The expression of operand `net`, for one use. Identifiers and constants are copied
    /// (cheap, and any number of uses may read them); anything else was inlined because it
    /// has exactly one use, so it is moved out rather than deep-copied and kept.
    fn op_expr(&mut self, net: NetId) -> Expr<'n> {
        let slot = &mut self.val[net.index()];
        match slot {
            Val::Name(n) => Expr::Ident(*n),
            Val::Const(b) => Expr::Const((*b).clone()),
            Val::Tree(e) if e.is_atom() => (**e).clone(),
            _ => match std::mem::replace(slot, Val::Pending) {
                Val::Tree(e) => *e,
                _ => panic!("operand visited before its user"),
            },
        }
    }

    /// Visits `net` if it is among `which` cells.
    fn visit(&mut self, net: NetId, which: Cells) {
        let m: &'n comb::Module = self.m;
        let own = self.own;
        let cell = m.cell(net);
        let w = cell.width;
        let state =
            matches!(cell.kind, CellKind::Reg { .. } | CellKind::Memory { .. } | CellKind::Instance { .. });
        match which {
            Cells::State if !state => return,
            Cells::Logic if state => return,
            _ => {}
        }
        self.cur_notes.clear();
        match &cell.kind {
            CellKind::Input(p) => self.val[net.index()] = Val::Name(Name::Str(&own.ports[p.index()])),
            CellKind::Const(b) => self.val[net.index()] = Val::Const(b),
            CellKind::Instance { module, .. } => {
                // Every output of the instance gets its wire here, in port order. An output
                // no one reads and no one named gets an anonymous one, whether or not the
                // netlist has a cell for it, so a netlist printed as MLIR (which names every
                // result) and read back prints the same.
                let child = self.design.module(*module);
                for p in child.outputs() {
                    let leader = self.plan.first_out.get(&(net, p)).copied();
                    match leader {
                        Some(l) if self.uses(l) > 0 || m.cell(l).name.is_some() => {
                            let name = self.take_name(l);
                            if self.plan.home(l).is_none() {
                                let d = self.decl(l, format!("wire {}{name};", range(child.port(p).width)));
                                self.state.extend(d);
                            }
                            self.val[l.index()] = Val::Name(name);
                        }
                        _ => {
                            let t = self.temps.fresh();
                            let text = format!("wire {}{};", range(child.port(p).width), Name::Temp(t));
                            if self.drops_checks {
                                self.state.push(text);
                            } else {
                                self.state.extend([LINT_OFF.to_string(), text, LINT_ON.to_string()]);
                            }
                            if let Some(l) = leader {
                                self.val[l.index()] = Val::Name(Name::Temp(t));
                            }
                            self.dummy.insert((net, p), t);
                        }
                    }
                }
            }
            CellKind::Check { .. } => {} // printed with the state (check.rs)
            CellKind::InstOutput(p) => {
                let leader = self.plan.first_out[&(cell.operands()[0], *p)];
                if leader != net {
                    let e = self.op_expr(leader);
                    self.settle(net, e);
                }
            }
            CellKind::Reg { .. } | CellKind::Memory { .. } => {
                let name = self.take_name(net);
                if self.plan.home(net).is_none() {
                    let d = self.decl(net, format!("{} {}{name};", self.dialect.var(), range(w)));
                    self.state.extend(d);
                }
                if let CellKind::Memory { depth } = cell.kind {
                    let array = Name::Temp(self.temps.fresh());
                    self.mem_arrays.insert(net, array);
                    let mem = memory::Memory {
                        data: &name.to_string(),
                        array: &array.to_string(),
                        width: w,
                        depth,
                        ops: &[],
                        addr_widths: [0, 0],
                        dialect: self.dialect,
                    };
                    self.state.extend(mem.declaration());
                } else {
                    let init = match &cell.kind {
                        CellKind::Reg { init: Some(b), .. } => b.clone(),
                        _ => Bits::zero(w),
                    };
                    self.state.push(format!("initial {name} = {};", Expr::Const(init).text()));
                }
                self.val[net.index()] = Val::Name(name);
            }
            CellKind::Lut { coefficients, table } => {
                let ops: Vec<Expr> = cell.operands().iter().map(|&o| self.op_expr(o)).collect();
                let widths: Vec<u32> = cell.operands().iter().map(|&o| m.width(o)).collect();
                match lower::lut_sum(coefficients, &ops, &widths) {
                    Some(sum) if table.len() > 1 => self.lut(net, sum, table),
                    _ => self.settle(net, Expr::Const(table[0].clone())),
                }
            }
            kind => {
                self.cur_notes = self.gather_notes(net, cell.operands());
                let named = self.has_named_slot(net);
                if !named && self.direct(net, cell) {
                    return;
                }
                // Scratch vectors kept across cells: no allocation per cell.
                let mut ops = std::mem::take(&mut self.ops_buf);
                let mut widths = std::mem::take(&mut self.widths_buf);
                ops.clear();
                widths.clear();
                for (i, &o) in cell.operands().iter().enumerate() {
                    let e = self.op_expr(o);
                    let e = match named.then(|| self.named_slot(net, i)).flatten() {
                        Some(n) => Expr::Ident(Name::Str(n)),
                        None => e,
                    };
                    ops.push(e);
                    widths.push(m.width(o));
                }
                if let CellKind::Icmp(p) = kind {
                    let consts =
                        ops.iter().filter_map(|e| if let Expr::Const(b) = e { Some(b) } else { None });
                    self.constant_compare |= is_constant_compare(*p, consts);
                }
                let lowered = lower::lower(kind, w, &ops, &widths);
                ops.clear();
                self.ops_buf = ops;
                self.widths_buf = widths;
                match lowered {
                    Lowered::Expr(e) => self.settle(net, e),
                    Lowered::Table { table, index } if const_bits(&index).is_some() => {
                        // A table looked up at a constant index is that bit of the table.
                        let i = const_bits(&index).and_then(|b| b.as_u64()).unwrap_or(0);
                        let bit = i < table.width() as u64 && table.bit(i as u32);
                        self.settle(net, Expr::Const(Bits::from_bool(bit)));
                    }
                    Lowered::Table { table, index } => {
                        let t = self.temps.fresh();
                        // Verilog-2005 has no `logic`: a sized localparam is a vector.
                        let ty = if self.dialect == super::SvDialect::Sv2017 { "logic " } else { "" };
                        self.comb.push(format!(
                            "localparam {ty}{}{} = {};",
                            range(table.width()),
                            Name::Temp(t),
                            Expr::Const(table).text()
                        ));
                        self.settle(net, Expr::Index { name: Name::Temp(t), index: Box::new(index) });
                    }
                }
            }
        }
    }

    /// Prints a cell of atoms that gets a declaration straight from its operands (see
    /// [`Form`]); false if it is not such a cell.
    fn direct(&mut self, net: NetId, cell: &'n comb::Cell) -> bool {
        let i = net.index();
        let fixed = self.fixed_name(net, cell);
        // The forms are never atoms, so this is `settle`'s decision to declare.
        let declared = fixed.is_some() || self.uses(net) != 1 || self.need[i] != Need::Any;
        let ops = cell.operands();
        if !declared || !ops.iter().all(|o| self.val[o.index()].is_plain_atom()) {
            return false;
        }
        let Some(form) = Form::of(&cell.kind, cell.width, ops, self.m, &self.val) else { return false };
        if let CellKind::Icmp(p) = cell.kind {
            let val = &self.val;
            let consts =
                ops.iter().filter_map(|o| if let Val::Const(b) = val[o.index()] { Some(b) } else { None });
            self.constant_compare |= is_constant_compare(p, consts);
        }
        let name = fixed.unwrap_or_else(|| Name::Temp(self.temps.fresh()));
        let wrap = self.open_decl(net, name, cell.width);
        form.print(ops, &self.val, &mut self.comb.0);
        self.close_decl(net, name, wrap);
        true
    }

    /// Inlines `e` as the value of `net`, or declares a wire for it.
    fn settle(&mut self, net: NetId, e: Expr<'n>) {
        let i = net.index();
        let m: &'n comb::Module = self.m;
        let cell = m.cell(net);
        let fixed = self.fixed_name(net, cell);
        let pinned = fixed.is_some();
        let must = pinned
            || self.uses(net) != 1
            || (self.need[i] == Need::Ident && !e.is_ident())
            || (self.need[i] == Need::Atom && !e.is_atom());
        if !pinned && e.is_atom() || !must {
            self.val[i] = Val::of(e);
            self.hand_on_notes(net);
            return;
        }
        let name = fixed.unwrap_or_else(|| Name::Temp(self.temps.fresh()));
        let wrap = self.open_decl(net, name, cell.width);
        e.print(&mut self.comb.0);
        self.close_decl(net, name, wrap);
    }

    /// Starts the declaration of `net` (of `width` bits) as `name`: `wire [w-1:0] name = `,
    /// or `assign port = ` for its home port. True if it is wrapped in lint pragmas (an
    /// unread wire).
    fn open_decl(&mut self, net: NetId, name: Name<'n>, width: u32) -> bool {
        let home = self.plan.home(net).is_some();
        // Inside a module-wide waiver (dropped checks) a pair would end the waiver early.
        let wrap = !home && !self.read[net.index()] && !self.drops_checks;
        if wrap {
            self.comb.push(LINT_OFF);
        }
        let buf = &mut self.comb.0;
        if home {
            buf.push_str("  assign ");
        } else {
            buf.push_str("  wire ");
            self.ranges.push(buf, width);
        }
        name.print(buf);
        buf.push_str(" = ");
        wrap
    }

    /// Ends the declaration [`Printer::open_decl`] started; `net` now reads as `name`.
    fn close_decl(&mut self, net: NetId, name: Name<'n>, wrap: bool) {
        self.comb.0.push(';');
        let notes = std::mem::take(&mut self.cur_notes);
        self.comb.0.push_str(&Self::comment(&notes));
        self.comb.0.push('\n');
        if wrap {
            self.comb.push(LINT_ON);
        }
        self.val[net.index()] = Val::Name(name);
    }
}
