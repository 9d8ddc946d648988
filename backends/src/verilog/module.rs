//! The module printer: decides names and inlining, then prints one `module`.
//!
//! Cells are visited in [`comb::order::emission_order`]. Inputs and constants are read in
//! place; a combinational cell becomes an inline expression if it has one reader, no user
//! name, drives no port and its reader accepts any expression; otherwise it gets a `wire`
//! (or drives its output port directly: `assign y = ...;`). Temporaries are numbered in this
//! visiting order; user names are the canonical ones of [`crate::value_names`], shared with
//! the MLIR printer, so a design printed as MLIR and read back prints the same. State and
//! hierarchy (registers, instances and their outputs) are declared first and their
//! processes printed last, so every name is declared before it is read:
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

use super::expr::Expr;
use super::lower::{self, Lowered};
use super::names::Namer;
use super::usage::{self, Need};
use crate::value_names::{is_legal_ssa, value_names, ValueNames};
use comb::{Bits, CellKind, Design, Dir, ModuleId, NetId, PortId};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::rc::Rc;

/// Names fixed before any module is printed: the module's own and its ports'.
#[derive(Debug)]
pub struct ModuleNames {
    /// The module's SystemVerilog name.
    pub name: String,
    /// Per port (by index), its SystemVerilog name.
    pub ports: Vec<String>,
    /// The scope after the ports were named.
    pub namer: Namer,
}

const LINT_OFF: &str = "/* verilator lint_off UNUSEDSIGNAL */";
const LINT_ON: &str = "/* verilator lint_on UNUSEDSIGNAL */";

/// `[w-1:0] ` for a vector, nothing for a single bit.
pub fn range(w: u32) -> String {
    if w == 1 {
        String::new()
    } else {
        format!("[{}:0] ", w - 1)
    }
}

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

struct Printer<'a> {
    design: &'a Design,
    m: &'a comb::Module,
    all: &'a [ModuleNames],
    own: &'a ModuleNames,
    ports: &'a [String],
    namer: Namer,
    read: Vec<bool>,
    need: Vec<Need>,
    uses: Vec<usize>,
    home: Vec<Option<PortId>>,
    name: Vec<Option<Rc<str>>>,
    /// The canonical names ([`value_names`]) the user names come from; `None` while the
    /// cells' own names stand for them (see [`Printer::plan`]).
    canon: Option<ValueNames<'a>>,
    expr: Vec<Option<Expr>>,
    /// (instance, child port) -> first instance-output cell in visiting order.
    first_out: BTreeMap<(NetId, PortId), NetId>,
    /// Dummy wires for child outputs nobody reads.
    dummy: BTreeMap<(NetId, PortId), String>,
    state: Section,
    comb: Section,
    insts: Section,
    ffs: Section,
    assigns: Section,
    /// An unsigned comparison with 0 or all-ones is constant; Verilator warns about it
    /// (UNSIGNED, CMPCONST), so the module body waives those two warnings.
    constant_compare: bool,
    /// Scratch: the operand expressions and widths of the cell being visited.
    ops_buf: Vec<Expr>,
    widths_buf: Vec<u32>,
}

/// Prints module `mid` into `out`.
pub fn print_module(
    design: &Design,
    summaries: &[comb::order::CombSummary],
    mid: ModuleId,
    all: &[ModuleNames],
    out: &mut String,
) {
    print_module_with(design, summaries, mid, all, out, true)
}

/// [`print_module`]; `own_names` false computes the canonical names even where the cells'
/// own stand for them (the tests check that both print the same).
pub(crate) fn print_module_with(
    design: &Design,
    summaries: &[comb::order::CombSummary],
    mid: ModuleId,
    all: &[ModuleNames],
    out: &mut String,
    own_names: bool,
) {
    let m = design.module(mid);
    let names = &all[mid.index()];
    let topo = comb::order::emission_order(design, summaries, mid);
    let bound = m.id_bound();
    let mut p = Printer {
        design,
        m,
        all,
        own: names,
        ports: &names.ports,
        namer: names.namer.clone(),
        read: Vec::new(),
        need: Vec::new(),
        uses: usage::use_counts(m),
        home: vec![None; bound],
        name: vec![None; bound],
        canon: None,
        expr: vec![None; bound],
        first_out: BTreeMap::new(),
        dummy: BTreeMap::new(),
        state: Section::default(),
        comb: Section::default(),
        insts: Section::default(),
        ffs: Section::default(),
        assigns: Section::default(),
        constant_compare: false,
        ops_buf: Vec::new(),
        widths_buf: Vec::new(),
    };
    if !own_names {
        p.canon = Some(value_names(design, m, &topo));
    }
    if !p.plan(&topo) {
        // The cells' own names may not be the canonical ones: plan again with those.
        p.canon = Some(value_names(design, m, &topo));
        p.namer = names.namer.clone();
        p.home = vec![None; bound];
        p.name = vec![None; bound];
        p.first_out.clear();
        p.plan(&topo);
    }
    (p.read, p.need) = usage::read_and_needs(m, &topo, |n| p.canon_name(n).is_some());
    for &net in &topo {
        p.visit(net);
    }
    for &net in &topo {
        match &m.cell(net).kind {
            CellKind::Instance { .. } => p.instance(net),
            CellKind::Reg { .. } => p.register(net),
            _ => {}
        }
    }
    p.output_assigns();
    // The per-net tables are done with; free them before the text is assembled (on a
    // million cells they are ~100 MB).
    p.expr = Vec::new();
    p.name = Vec::new();
    p.uses = Vec::new();
    p.need = Vec::new();
    p.namer = Namer::new();
    p.print(out);
}

impl Printer<'_> {
    /// The canonical name of `net` ([`value_names`]).
    fn canon_name(&self, net: NetId) -> Option<&str> {
        canonical(&self.canon, self.m, net)
    }

    /// Homes, reserved user names and instance-output leaders.
    ///
    /// Computing canonical names costs a hash probe per named cell, as much again as the
    /// namer's; with `self.canon` still `None` the cells' own names are used and the namer's
    /// probes check them instead. Returns false if they may differ from the canonical
    /// names in a way the output would show: a name MLIR cannot spell, a named instance
    /// output that is not its port's leader, an input and an output port of one name, or
    /// a name the namer had to suffix (two names that are one in SystemVerilog, which
    /// includes two that are one in MLIR). The constants' names, which go last, cannot
    /// change any other canonical name, and the SV printer reads none of them.
    fn plan(&mut self, topo: &[NetId]) -> bool {
        let m = self.m;
        let own = self.canon.is_none();
        let mut fine = !own || port_names_distinct(m);
        for p in m.outputs() {
            let Some(n) = m.port_net(p) else { continue };
            let name = canonical(&self.canon, m, n);
            let name_fits = name.is_none_or(|s| s == m.port(p).name);
            if self.home[n.index()].is_none() && !usage::is_source(m, n) && name_fits {
                self.home[n.index()] = Some(p);
                fine &= !own || name.is_none_or(is_legal_ssa);
            }
        }
        self.namer.reserve(m.graph().node_weights().filter(|c| c.name.is_some()).count());
        for &net in topo {
            let cell = m.cell(net);
            if let CellKind::InstOutput(port) = cell.kind {
                let leader = *self.first_out.entry((cell.operands()[0], port)).or_insert(net);
                fine &= !own || leader == net || cell.name.is_none();
            }
            let instance = matches!(cell.kind, CellKind::Instance { .. });
            let user: Option<&str> = match &cell.kind {
                CellKind::Instance { name, .. } => Some(name),
                _ if usage::is_source(m, net) || self.home[net.index()].is_some() => None,
                _ => canonical(&self.canon, m, net),
            };
            if let Some(u) = user {
                let (name, suffixed) = self.namer.user_rc_suffixed(u);
                fine &= !own || instance || !suffixed && is_legal_ssa(u);
                self.name[net.index()] = Some(name);
            }
        }
        // Every user name is taken; the rest of the module asks only for temporaries.
        self.namer.seal();
        fine
    }

    /// The declared name of `net`: its port, its reserved user name, or a new temporary.
    fn take_name(&mut self, net: NetId) -> Rc<str> {
        if let Some(p) = self.home[net.index()] {
            return self.ports[p.index()].as_str().into();
        }
        if let Some(n) = &self.name[net.index()] {
            return n.clone();
        }
        let t: Rc<str> = self.namer.temp().into();
        self.name[net.index()] = Some(t.clone());
        t
    }

    fn decl(&self, net: NetId, text: String) -> Vec<String> {
        if self.read[net.index()] {
            vec![text]
        } else {
            vec![LINT_OFF.to_string(), text, LINT_ON.to_string()]
        }
    }

    /// The expression of operand `net`, for one use. Identifiers and constants are cloned
    /// (cheap, and any number of uses may read them); anything else was inlined because it
    /// has exactly one use, so it is moved out rather than deep-copied and kept.
    fn op_expr(&mut self, net: NetId) -> Expr {
        let slot = &mut self.expr[net.index()];
        match slot {
            Some(e) if e.is_atom() => e.clone(),
            _ => slot.take().expect("operand visited before its user"),
        }
    }

    fn visit(&mut self, net: NetId) {
        let m = self.m;
        let cell = m.cell(net);
        let w = cell.width;
        match &cell.kind {
            CellKind::Input(p) => {
                self.expr[net.index()] = Some(Expr::Ident(self.ports[p.index()].as_str().into()))
            }
            CellKind::Const(b) => self.expr[net.index()] = Some(Expr::Const(b.clone())),
            CellKind::Instance { module, .. } => {
                // Every output of the instance gets its wire here, in port order. An output
                // no one reads and no one named gets an anonymous one, whether or not the
                // netlist has a cell for it, so a netlist printed as MLIR (which names every
                // result) and read back prints the same.
                let child = self.design.module(*module);
                for p in child.outputs() {
                    let leader = self.first_out.get(&(net, p)).copied();
                    match leader {
                        Some(l) if self.uses[l.index()] > 0 || self.canon_name(l).is_some() => {
                            let name = self.take_name(l);
                            if self.home[l.index()].is_none() {
                                let d = self.decl(l, format!("wire {}{name};", range(child.port(p).width)));
                                self.state.extend(d);
                            }
                            self.expr[l.index()] = Some(Expr::Ident(name));
                        }
                        _ => {
                            let t = self.namer.temp();
                            let text = format!("wire {}{t};", range(child.port(p).width));
                            self.state.extend([LINT_OFF.to_string(), text, LINT_ON.to_string()]);
                            if let Some(l) = leader {
                                self.expr[l.index()] = Some(Expr::Ident(t.as_str().into()));
                            }
                            self.dummy.insert((net, p), t);
                        }
                    }
                }
            }
            CellKind::InstOutput(p) => {
                let leader = self.first_out[&(cell.operands()[0], *p)];
                if leader != net {
                    let e = self.op_expr(leader);
                    self.settle(net, e);
                }
            }
            CellKind::Reg { .. } => {
                let name = self.take_name(net);
                if self.home[net.index()].is_none() {
                    let d = self.decl(net, format!("logic {}{name};", range(w)));
                    self.state.extend(d);
                }
                self.state.push(format!("initial {name} = {};", Expr::Const(Bits::zero(w)).text()));
                self.expr[net.index()] = Some(Expr::Ident(name));
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
                // Scratch vectors kept across cells: no allocation per cell.
                let mut ops = std::mem::take(&mut self.ops_buf);
                let mut widths = std::mem::take(&mut self.widths_buf);
                ops.clear();
                widths.clear();
                for &o in cell.operands() {
                    let e = self.op_expr(o);
                    ops.push(e);
                    widths.push(m.width(o));
                }
                if let CellKind::Icmp(p) = kind {
                    self.constant_compare |= is_constant_compare(*p, &ops);
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
                        let t = self.namer.temp();
                        self.comb.push(format!(
                            "localparam logic {}{t} = {};",
                            range(table.width()),
                            Expr::Const(table).text()
                        ));
                        self.settle(net, Expr::Index { name: t.into(), index: Box::new(index) });
                    }
                }
            }
        }
    }

    /// Inlines `e` as the value of `net`, or declares a wire for it.
    fn settle(&mut self, net: NetId, e: Expr) {
        let i = net.index();
        let pinned = self.home[i].is_some() || self.name[i].is_some();
        let must = pinned
            || self.uses[i] != 1
            || (self.need[i] == Need::Ident && !e.is_ident())
            || (self.need[i] == Need::Atom && !e.is_atom());
        if !pinned && e.is_atom() || !must {
            self.expr[i] = Some(e);
            return;
        }
        let name = self.take_name(net);
        let wrap = self.home[i].is_none() && !self.read[i];
        if wrap {
            self.comb.push(LINT_OFF);
        }
        let buf = &mut self.comb.0;
        if self.home[i].is_some() {
            buf.push_str("  assign ");
        } else {
            buf.push_str("  wire ");
            let w = self.m.width(net);
            if w != 1 {
                let _ = write!(buf, "[{}:0] ", w - 1);
            }
        }
        buf.push_str(&name);
        buf.push_str(" = ");
        e.print(buf);
        buf.push_str(";\n");
        if wrap {
            self.comb.push(LINT_ON);
        }
        self.expr[i] = Some(Expr::Ident(name));
    }

    fn lut(&mut self, net: NetId, sum: Expr, table: &[Bits]) {
        let w = self.m.width(net);
        let idx = self.namer.temp();
        let index = lower::lut_index(sum, table.len());
        self.comb.push(format!("wire [7:0] {idx} = {};", index.text()));
        let name = self.take_name(net);
        if self.home[net.index()].is_none() {
            let d = self.decl(net, format!("logic {}{name};", range(w)));
            self.comb.extend(d);
        }
        let n = table.len().min(256);
        let mut s = format!("always_comb begin\n    case ({idx})\n");
        for (k, t) in table[..n - 1].iter().enumerate() {
            let _ = writeln!(s, "      8'h{k:02X}: {name} = {};", Expr::Const(t.clone()).text());
        }
        let _ = writeln!(s, "      default: {name} = {};", Expr::Const(table[n - 1].clone()).text());
        s.push_str("    endcase\n  end");
        self.comb.push(s);
        self.expr[net.index()] = Some(Expr::Ident(name));
    }

    fn instance(&mut self, net: NetId) {
        let cell = self.m.cell(net);
        let CellKind::Instance { module, .. } = &cell.kind else { return };
        let child = self.design.module(*module);
        let names = &self.all[module.index()];
        let mut conns = Vec::new();
        for (p, &op) in child.inputs().zip(cell.operands()) {
            conns.push(format!(".{}({})", names.ports[p.index()], self.op_expr(op).text()));
        }
        for p in child.outputs() {
            let target = match self.first_out.get(&(net, p)) {
                Some(&o) => self.op_expr(o).text(),
                None => self.dummy[&(net, p)].clone(),
            };
            conns.push(format!(".{}({target})", names.ports[p.index()]));
        }
        let inst = self.name[net.index()].clone().unwrap_or_default();
        if conns.is_empty() {
            self.insts.push(format!("{} {inst} ();", names.name));
        } else {
            self.insts.push(format!("{} {inst} (\n    {}\n  );", names.name, conns.join(",\n    ")));
        }
    }

    fn register(&mut self, net: NetId) {
        let cell = self.m.cell(net);
        let CellKind::Reg { reset, enable } = cell.kind else { return };
        let ops = cell.operands();
        let r = self.op_expr(net).text();
        let d = self.op_expr(ops[0]).text();
        let clk = self.op_expr(ops[1]).text();
        let load = format!("{r} <= {d};");
        let load = if enable { format!("if ({}) {load}", self.op_expr(ops[2]).text()) } else { load };
        let body = if reset {
            let k = 2 + enable as usize;
            let (rst, rv) = (self.op_expr(ops[k]).text(), self.op_expr(ops[k + 1]).text());
            format!("    if ({rst}) {r} <= {rv};\n    else {load}")
        } else {
            format!("    {load}")
        };
        self.ffs.push(format!("always_ff @(posedge {clk}) begin\n{body}\n  end"));
    }

    fn output_assigns(&mut self) {
        for p in self.m.outputs() {
            let Some(n) = self.m.port_net(p) else { continue };
            if self.home[n.index()] != Some(p) {
                let e = self.op_expr(n).text();
                self.assigns.push(format!("assign {} = {e};", self.ports[p.index()]));
            }
        }
    }

    fn print(&mut self, out: &mut String) {
        let m = self.m;
        let names = self.own;
        let mut procedural = vec![false; m.ports.len()];
        for net in m.cells() {
            if let Some(p) = self.home[net.index()] {
                if matches!(m.cell(net).kind, CellKind::Reg { .. } | CellKind::Lut { .. }) {
                    procedural[p.index()] = true;
                }
            }
        }
        let mut lines = Vec::new();
        let n = m.ports.len();
        for (i, port) in m.ports.iter().enumerate() {
            let comma = if i + 1 < n { "," } else { "" };
            let (dir, kind) = match port.dir {
                Dir::Input => ("input", "wire"),
                Dir::Output if procedural[i] => ("output", "logic"),
                Dir::Output => ("output", "wire"),
            };
            let text = format!("{dir} {kind} {}{}{comma}", range(port.width), self.ports[i]);
            let unread = port.dir == Dir::Input
                && m.port_net(PortId(i as u32)).is_some_and(|net| !self.read[net.index()]);
            if unread {
                lines.extend([LINT_OFF.to_string(), text, LINT_ON.to_string()]);
            } else {
                lines.push(text);
            }
        }
        if lines.is_empty() {
            let _ = writeln!(out, "module {}();", names.name);
        } else {
            let _ = writeln!(out, "module {}(\n  {}\n);", names.name, lines.join("\n  "));
        }
        let waiver = ["UNSIGNED", "CMPCONST"];
        if self.constant_compare {
            for w in waiver {
                let _ = writeln!(out, "  /* verilator lint_off {w} */");
            }
        }
        out.push_str(&self.state.0);
        // The combinational section is most of a big module's text: rather than copy it
        // into `out` (both alive at once), put what precedes it in front of it in place.
        let comb = std::mem::take(&mut self.comb.0);
        if comb.len() > out.len() {
            let mut body = comb;
            body.insert_str(0, out);
            *out = body;
        } else {
            out.push_str(&comb);
        }
        for section in [&self.insts, &self.ffs, &self.assigns] {
            out.push_str(&section.0);
        }
        if self.constant_compare {
            for w in waiver {
                let _ = writeln!(out, "  /* verilator lint_on {w} */");
            }
        }
        out.push_str("endmodule\n");
    }
}

/// The canonical name of `net`: from `canon`, or the cell's own while that is `None`.
fn canonical<'s>(canon: &'s Option<ValueNames>, m: &'s comb::Module, net: NetId) -> Option<&'s str> {
    match canon {
        Some(c) => c.get(net),
        None => m.cell(net).name.as_deref(),
    }
}

/// True if no two ports of `m` share a name.
fn port_names_distinct(m: &comb::Module) -> bool {
    let mut seen = std::collections::HashSet::new();
    m.ports.iter().all(|p| seen.insert(p.name.as_str()))
}

/// True for an unsigned ordering comparison against 0 or all-ones (constant for any input).
/// The value of a constant expression: a constant, or a concatenation of constants.
fn const_bits(e: &Expr) -> Option<Bits> {
    match e {
        Expr::Const(b) => Some(b.clone()),
        Expr::Concat(parts) => {
            let mut bits: Vec<bool> = Vec::new();
            for p in parts {
                let b = const_bits(p)?;
                bits.extend((0..b.width()).rev().map(|i| b.bit(i)));
            }
            let mut out = Bits::zero(bits.len() as u32);
            for (k, v) in bits.iter().rev().enumerate() {
                out.set_bit(k as u32, *v);
            }
            Some(out)
        }
        _ => None,
    }
}

fn is_constant_compare(p: comb::IcmpPred, ops: &[Expr]) -> bool {
    use comb::IcmpPred::*;
    let extreme = |b: &comb::Bits| b.is_zero() || b.is_ones();
    match p {
        Ult | Ule | Ugt | Uge => ops.iter().any(|e| matches!(e, Expr::Const(b) if extreme(b))),
        // Signed compares are printed as unsigned ones of the operands with their sign bit
        // flipped (see `signed::compare`): MIN and MAX become 0 and all-ones.
        Slt | Sle | Sgt | Sge => {
            ops.iter().any(|e| matches!(e, Expr::Const(b) if extreme(&super::signed::flip_sign(b))))
        }
        _ => false,
    }
}
