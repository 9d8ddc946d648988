//! The design as MLIR text in CIRCT's hw/comb/seq dialects, custom or generic form.
//!
//! Custom form: `module { hw.module @m(in %a : i8, out y : i8) { ... hw.output %y : i8 } }`,
//! which the reader reads back. Generic form: what `mlir-opt --mlir-print-op-generic`
//! prints, accepted by upstream `mlir-opt --allow-unregistered-dialect` (CIRCT's types
//! `!seq.clock` and `!hw.modty<...>` parse there as opaque dialect types).
//!
//! Cells print in [`comb::order::emission_order`] (an instance after its operands, its
//! results right after it), which the netlist read back is already in, so it prints the
//! same SystemVerilog. A named cell prints as `%name` (legalized to MLIR's identifier
//! characters, uniquified with `_0`, `_1`, ...), an unnamed one as `%0`, `%1`, ...
//! numbered in print order. An instance prints once with all its results; several
//! instance-output cells for one port all print as that one result. A `comb.lut` table of
//! `iW` entries prints as a dense array of whole-byte entries (`array<i8: ...>` for W <= 8,
//! then i16, i32, i64), which MLIR parses; the reader truncates them back to W bits.
//!
//! A memory prints as CIRCT's `seq.firmem` (read latency 1, write latency 1, read-under-write
//! `old`) with one `seq.firmem.read_port`, whose result is the cell's net, and one
//! `seq.firmem.write_port`. The memory value itself is unnamed: it takes the next number
//! before the read data, so it never collides with a name. A port whose address is not
//! CIRCT's `max(1, ceil(log2(depth)))` bits (the custom form cannot spell it) prints in the
//! generic form, in the custom output too.
//!
//! Dialects ([`Dialect`]): inside an `hw.module` the custom form is what CIRCT parses
//! (`crate::mlir_circt`: no `comb.inv` or `comb.reverse`; truth tables as arrays; `comb.lut`
//! as its definition under an explicit `--dialect circt` only, since that does not read back
//! as a LUT); a combinational module can instead print as HEIR's `func.func`
//! (`crate::mlir_heir`: truth tables as integers). By default a module prints in the
//! container it was read from.

use crate::value_names::{value_names, ValueNames};
use comb::{Bits, CellKind, Design, Dir, ModuleId, NetId};
use std::collections::BTreeMap;
use std::fmt::Write;

/// Which container and spellings `--emit mlir` uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// `hw.module`s that CIRCT's parser and verifier accept.
    Circt,
    /// HEIR's `func.func`s of comb ops (combinational modules only).
    Heir,
}

/// The design as MLIR; `generic` selects the generic op form. Each module prints in the
/// container it was read from (a `func.func` as HEIR's, anything else as CIRCT's).
pub fn emit(design: &Design, generic: bool) -> String {
    emit_as(design, generic, None).expect("the default dialect prints every module")
}

/// [`emit`] with every module in `dialect` (`None`: as read); an error names a module
/// that `dialect` cannot express.
pub fn emit_as(design: &Design, generic: bool, dialect: Option<Dialect>) -> Result<String, String> {
    let order = comb::order::hierarchy_order(design).unwrap_or_else(|_| design.module_ids().collect());
    let summaries = comb::order::summaries(design);
    let mut out = String::new();
    out.push_str(if generic { "\"builtin.module\"() ({\n" } else { "module {\n" });
    for mid in order {
        let m = design.module(mid);
        if m.extern_info.is_some() {
            crate::mlir_extern::print_extern(m, generic, &mut out);
            continue;
        }
        let d = match dialect {
            Some(Dialect::Heir) => {
                crate::mlir_heir::expressible(m).map_err(|e| format!("--dialect heir: {e}"))?;
                Dialect::Heir
            }
            Some(d) => d,
            None if m.from_func && crate::mlir_heir::expressible(m).is_ok() => Dialect::Heir,
            None => Dialect::Circt,
        };
        let mut p = Printer::new(design, &summaries, mid, generic, d);
        // `comb.lut` (which CIRCT lacks) is written as its definition only when CIRCT's
        // spelling is asked for: the definition reads back as arithmetic and muxes, not as
        // the LUT, so the default output keeps `comb.lut` and round-trips exactly.
        p.lut_as_definition = dialect == Some(Dialect::Circt);
        p.explicit_circt = dialect == Some(Dialect::Circt);
        p.print(&mut out);
    }
    out.push_str(if generic { "}) : () -> ()\n" } else { "}\n" });
    Ok(out)
}

/// A bare identifier if it is one, else a quoted string.
pub(crate) fn bare_or_quoted(s: &str) -> String {
    let bare = s.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && s.chars().all(|c| c.is_ascii_alphanumeric() || "$._".contains(c));
    if bare {
        s.to_string()
    } else {
        format!("{s:?}")
    }
}

/// An integer attribute of `b`'s width: `true`/`false` for one bit, else a signed decimal
/// and its type.
pub(crate) fn int_attr(b: &Bits) -> String {
    if b.width() == 1 {
        (if b.bit(0) { "true" } else { "false" }).to_string()
    } else {
        format!("{} : i{}", b.to_signed_decimal(), b.width())
    }
}

/// `Printer::print_func`: a combinational module in HEIR's form.
#[path = "mlir_func.rs"]
mod func;
/// `Printer::memory`: a memory cell's three ops.
#[path = "mlir_memory.rs"]
mod memory;

struct Printer<'a> {
    design: &'a Design,
    m: &'a comb::Module,
    generic: bool,
    dialect: Dialect,
    /// Names for the helper values of CIRCT's spellings.
    fresh: std::cell::RefCell<crate::mlir_circt::Fresh>,
    topo: Vec<NetId>,
    /// How each net is referred to (`%a`, `%3`, `%7#1`).
    refs: Vec<String>,
    /// Each net's canonical name ([`crate::value_names`]).
    names: ValueNames<'a>,
    /// For each instance: per child output port, the result name.
    inst_results: BTreeMap<NetId, Vec<String>>,
    /// For each memory: its memory value (`%3`).
    mem_refs: BTreeMap<NetId, String>,
    /// Whether a `comb.lut` in CIRCT's dialect prints as its definition (see [`emit_as`]).
    lut_as_definition: bool,
    /// Under an explicit `--dialect circt`: a register's initial value in the spelling of
    /// CIRCT's PyPI release, `powerOn %c` (see [`crate::mlir_initial`]), and memory ports
    /// with CIRCT's address width (see [`crate::mlir_firmem`]).
    explicit_circt: bool,
}

impl<'a> Printer<'a> {
    fn new(
        design: &'a Design,
        summaries: &[comb::order::CombSummary],
        mid: ModuleId,
        generic: bool,
        dialect: Dialect,
    ) -> Printer<'a> {
        let m = design.module(mid);
        let topo = comb::order::emission_order(design, summaries, mid);
        let names = value_names(design, m, &topo);
        let mut p = Printer {
            design,
            m,
            generic,
            dialect,
            fresh: std::cell::RefCell::new(crate::mlir_circt::Fresh::new([])),
            topo,
            refs: vec![String::new(); m.id_bound()],
            names,
            inst_results: BTreeMap::new(),
            mem_refs: BTreeMap::new(),
            lut_as_definition: true,
            explicit_circt: false,
        };
        p.name_values();
        let used = p.refs.iter().chain(p.inst_results.values().flatten()).chain(p.mem_refs.values());
        p.fresh = std::cell::RefCell::new(crate::mlir_circt::Fresh::new(used.cloned()));
        p
    }

    /// Refs from [`crate::value_names`]; unnamed values are numbered in print order.
    fn name_values(&mut self) {
        let m = self.m;
        let canon = &self.names;
        let mut next = 0u32;
        let mut refer = |name: Option<&str>| -> String {
            if let Some(n) = name {
                return format!("%{n}");
            }
            let n = next;
            next += 1;
            format!("%{n}")
        };
        for p in m.inputs() {
            let net = m.port_net(p).expect("input cell");
            self.refs[net.index()] = refer(canon.get(net));
        }
        for &net in &self.topo {
            let cell = m.cell(net);
            match &cell.kind {
                CellKind::Input(_) | CellKind::InstOutput(_) => {}
                CellKind::Instance { module, .. } => {
                    // One name per result, in the generic form too (`%a, %b = "hw.instance"`),
                    // so user names survive a round trip.
                    let results = self
                        .design
                        .module(*module)
                        .outputs()
                        .map(|p| refer(canon.leader(net, p).and_then(|l| canon.get(l))))
                        .collect();
                    self.inst_results.insert(net, results);
                }
                CellKind::Memory { .. } => {
                    self.mem_refs.insert(net, refer(None));
                    self.refs[net.index()] = refer(canon.get(net));
                }
                _ => self.refs[net.index()] = refer(canon.get(net)),
            }
        }
        for &net in &self.topo {
            if let CellKind::InstOutput(p) = m.cell(net).kind {
                let inst = m.cell(net).operands()[0];
                let CellKind::Instance { module, .. } = &m.cell(inst).kind else { continue };
                let pos = self.design.module(*module).outputs().position(|q| q == p).unwrap_or(0);
                self.refs[net.index()] = self.inst_results[&inst][pos].clone();
            }
        }
    }

    fn ty(&self, net: NetId) -> String {
        if comb::verify::is_clock(self.design, self.m, net) {
            "!seq.clock".into()
        } else {
            format!("i{}", self.m.width(net))
        }
    }

    fn port_ty(port: &comb::Port) -> String {
        if port.clock {
            "!seq.clock".into()
        } else {
            format!("i{}", port.width)
        }
    }

    fn print(&self, out: &mut String) {
        let m = self.m;
        let sym = bare_or_quoted(&m.name);
        if self.dialect == Dialect::Heir {
            return self.print_func(out, &sym);
        }
        let mut module_attrs = String::new();
        if self.generic {
            let modty: Vec<String> = m
                .ports
                .iter()
                .map(|p| {
                    let dir = if p.dir == Dir::Input { "input" } else { "output" };
                    format!("{dir} {} : {}", bare_or_quoted(&p.name), Self::port_ty(p))
                })
                .collect();
            // The attributes follow the body, in the attribute dictionary (CIRCT 1.62 has no
            // properties; today's MLIR reads inherent attributes there too).
            // CIRCT's verifier wants a location per port (`port_locs`) equal to the block
            // arguments' locations: unknown on both sides.
            let locs = vec!["loc(unknown)"; m.ports.len()].join(", ");
            module_attrs = format!(
                "{{module_type = !hw.modty<{}>, parameters = [], port_locs = [{locs}], sym_name = {:?}}}",
                modty.join(", "),
                m.name
            );
            out.push_str("  \"hw.module\"() ({\n");
            let args: Vec<String> = m
                .inputs()
                .map(|p| {
                    let net = m.port_net(p).expect("input cell");
                    format!("{}: {} loc(unknown)", self.refs[net.index()], Self::port_ty(m.port(p)))
                })
                .collect();
            if !args.is_empty() {
                let _ = writeln!(out, "  ^bb0({}):", args.join(", "));
            }
        } else {
            let ports: Vec<String> = m
                .port_ids()
                .map(|p| {
                    let port = m.port(p);
                    match port.dir {
                        Dir::Input => {
                            let net = m.port_net(p).expect("input cell");
                            let r = &self.refs[net.index()];
                            // A port name that is no SSA name follows as a string (CIRCT's
                            // `in %a_b "a b" : i1`).
                            if r.strip_prefix('%') == Some(port.name.as_str()) {
                                format!("in {r} : {}", Self::port_ty(port))
                            } else {
                                format!("in {r} {:?} : {}", port.name, Self::port_ty(port))
                            }
                        }
                        Dir::Output => {
                            format!("out {} : {}", bare_or_quoted(&port.name), Self::port_ty(port))
                        }
                    }
                })
                .collect();
            let _ = writeln!(out, "  hw.module @{sym}({}) {{", ports.join(", "));
        }
        for &net in &self.topo {
            if let Some(line) = self.op(net) {
                let _ = writeln!(out, "    {line}");
            }
        }
        for v in &m.verbatim {
            let text = crate::verbatim::quote(&v.text);
            if self.generic {
                let _ = writeln!(out, "    \"sv.verbatim\"() {{format_string = {text}}} : () -> ()");
            } else {
                let _ = writeln!(out, "    sv.verbatim {text}");
            }
        }
        let outs: Vec<NetId> = m.outputs().filter_map(|p| m.port_net(p)).collect();
        let vals: Vec<&str> = outs.iter().map(|n| self.refs[n.index()].as_str()).collect();
        let tys: Vec<String> = outs.iter().map(|&n| self.ty(n)).collect();
        if self.generic {
            let _ = writeln!(out, "    \"hw.output\"({}) : ({}) -> ()", vals.join(", "), tys.join(", "));
            let _ = writeln!(out, "  }}) {module_attrs} : () -> ()");
        } else {
            if outs.is_empty() {
                out.push_str("    hw.output\n");
            } else {
                let _ = writeln!(out, "    hw.output {} : {}", vals.join(", "), tys.join(", "));
            }
            out.push_str("  }\n");
        }
    }

    /// One op's line, or `None` for cells that print elsewhere.
    fn op(&self, net: NetId) -> Option<String> {
        let cell = self.m.cell(net);
        let r = &self.refs[net.index()];
        let ops: Vec<&str> = cell.operands().iter().map(|o| self.refs[o.index()].as_str()).collect();
        let op_tys: Vec<String> = cell.operands().iter().map(|&o| self.ty(o)).collect();
        let ty = self.ty(net);
        if let CellKind::Memory { depth } = cell.kind {
            return Some(self.memory(net, depth, &ops, &op_tys));
        }
        // A `seq.to_clock` of an `i1` that only checks use: each check prints `ltl.clock` of
        // the `i1` itself (below), so the conversion would read back as a dead second cell.
        if matches!(cell.kind, CellKind::ToClock)
            && !matches!(self.m.cell(cell.operands()[0]).kind, CellKind::Const(_))
            && self
                .m
                .users(net)
                .iter()
                .all(|&(u, i)| i == 1 && matches!(self.m.cell(u).kind, CellKind::Check { .. }))
            && !self.m.users(net).is_empty()
        {
            return None;
        }
        if let CellKind::Check { kind, label, clocked, message } = &cell.kind {
            // A `seq.from_clock` of the check's clock already in the module is reused, so a
            // read-back does not gain a second one (an extra wire at -O0).
            let clock = cell.operands().get(1).filter(|_| *clocked).map(|&clk| {
                // Among the clock's users (not a scan of the module per check): the first
                // conversion in id order, as the cells are printed.
                let i1 = self
                    .m
                    .users(clk)
                    .into_iter()
                    .map(|(c, _)| c)
                    .filter(|&c| matches!(self.m.cell(c).kind, CellKind::FromClock))
                    .min();
                match (i1, &self.m.cell(clk).kind) {
                    (Some(c), _) => crate::mlir_check::CheckClock::I1(self.refs[c.index()].as_str()),
                    // An `i1` made a clock for the check (`sv.*.concurrent posedge %i1`).
                    (None, CellKind::ToClock) => {
                        crate::mlir_check::CheckClock::I1(self.refs[self.m.operands(clk)[0].index()].as_str())
                    }
                    (None, _) => crate::mlir_check::CheckClock::Clock(self.refs[clk.index()].as_str()),
                }
            });
            let fresh = &mut self.fresh.borrow_mut();
            let first = 1 + *clocked as usize;
            let args: Vec<(&str, &str)> =
                ops[first..].iter().zip(&op_tys[first..]).map(|(a, t)| (*a, t.as_str())).collect();
            let message = message.as_deref().map(|m| crate::mlir_check::Message { text: m, args: &args });
            return Some(crate::mlir_check::check_lines(
                *kind,
                label.as_deref(),
                ops[0],
                clock,
                message,
                self.generic,
                fresh,
            ));
        }
        if self.generic {
            return self.generic_op(net, &ops, &op_tys, &ty);
        }
        let bin = if cell.two_state { "bin " } else { "" };
        let keep_lut = matches!(cell.kind, CellKind::Lut { .. }) && !self.lut_as_definition;
        if self.dialect == Dialect::Circt && !keep_lut {
            let op_widths: Vec<u32> = cell.operands().iter().map(|&o| self.m.width(o)).collect();
            let c = crate::mlir_circt::CellText {
                r,
                kind: &cell.kind,
                ops: &ops,
                op_widths: &op_widths,
                width: cell.width,
                bin,
            };
            if let Some(lines) = crate::mlir_circt::lower(&c, &mut self.fresh.borrow_mut()) {
                return Some(lines.join("\n    "));
            }
        }
        let list = ops.join(", ");
        let name = cell.kind.op_name();
        use CellKind::*;
        Some(match &cell.kind {
            Input(_) | InstOutput(_) => return None,
            Const(b) => format!("{r} = hw.constant {}", int_attr(b)),
            k if k.is_variadic_same_width() || k.is_binary_same_width() => {
                format!("{r} = {name} {bin}{list} : {ty}")
            }
            Inv | Reverse | Parity | Mux => format!("{r} = {name} {bin}{list} : {}", op_tys.last().unwrap()),
            Icmp(p) => format!("{r} = comb.icmp {bin}{} {list} : {}", p.name(), op_tys[0]),
            Concat => format!("{r} = comb.concat {list} : {}", op_tys.join(", ")),
            Extract { low } => format!("{r} = comb.extract {list} from {low} : ({}) -> {ty}", op_tys[0]),
            Replicate => format!("{r} = comb.replicate {list} : ({}) -> {ty}", op_tys[0]),
            TruthTable(t) => format!("{r} = comb.truth_table {list} -> {} : ui{}", t.to_decimal(), t.width()),
            Lut { coefficients, table } => format!(
                "{r} = comb.lut {list} {{{}}} : ({}) -> {ty}",
                crate::mlir_heir::lut_attrs(coefficients, table, cell.width),
                op_tys.join(", ")
            ),
            Reg { reset, enable: false, async_reset, init } if *async_reset || init.is_some() => {
                let mut s = format!("{r} = seq.firreg {} clock {}", ops[0], ops[1]);
                if let Some(sym) = &cell.inner_sym {
                    let _ = write!(s, " sym @{}", bare_or_quoted(sym));
                }
                if *reset {
                    let how = if *async_reset { "async" } else { "sync" };
                    let _ = write!(s, " reset {how} {}, {}", ops[2], ops[3]);
                }
                if let Some(b) = init {
                    let _ = write!(s, " preset {}", b.to_decimal());
                }
                let _ = write!(s, " : {ty}");
                s
            }
            Reg { reset, enable, init, .. } => {
                let initial = init.as_ref().map(|b| {
                    crate::mlir_initial::initial_op(b, self.explicit_circt, &mut self.fresh.borrow_mut())
                });
                let sym =
                    cell.inner_sym.as_ref().map_or(String::new(), |s| format!("sym @{} ", bare_or_quoted(s)));
                let mut s = if *enable {
                    format!("{r} = seq.compreg.ce {sym}{}, {}, {}", ops[0], ops[1], ops[2])
                } else {
                    format!("{r} = seq.compreg {sym}{}, {}", ops[0], ops[1])
                };
                if *reset {
                    let k = 2 + *enable as usize;
                    let _ = write!(s, " reset {}, {}", ops[k], ops[k + 1]);
                }
                if let Some((_, v)) = &initial {
                    let _ = write!(s, " {} {v}", if self.explicit_circt { "powerOn" } else { "initial" });
                }
                let _ = write!(s, " : {ty}");
                match initial {
                    Some((op, _)) => format!("{op}\n    {s}"),
                    None => s,
                }
            }
            ToClock => format!("{r} = seq.to_clock {}", ops[0]),
            FromClock => format!("{r} = seq.from_clock {}", ops[0]),
            Instance { module, name, params } => {
                let child = self.design.module(*module);
                let params = crate::mlir_extern::instance_params(child, params, false);
                let args: Vec<String> = child
                    .inputs()
                    .zip(&ops)
                    .zip(&op_tys)
                    .map(|((p, v), t)| format!("{}: {v} : {t}", bare_or_quoted(&child.port(p).name)))
                    .collect();
                let results: Vec<String> = child
                    .outputs()
                    .map(|p| {
                        format!("{}: {}", bare_or_quoted(&child.port(p).name), Self::port_ty(child.port(p)))
                    })
                    .collect();
                let lhs = &self.inst_results[&net];
                let lhs = if lhs.is_empty() { String::new() } else { format!("{} = ", lhs.join(", ")) };
                format!(
                    "{lhs}hw.instance {:?} @{}{params}({}) -> ({})",
                    name.as_ref(),
                    bare_or_quoted(&child.name),
                    args.join(", "),
                    results.join(", ")
                )
            }
            _ => unreachable!("every kind is covered"),
        })
    }

    fn generic_op(&self, net: NetId, ops: &[&str], op_tys: &[String], ty: &str) -> Option<String> {
        let cell = self.m.cell(net);
        let r = &self.refs[net.index()];
        let mut props: Vec<String> = Vec::new();
        if cell.two_state {
            props.push("twoState".into());
        }
        if let Some(sym) = &cell.inner_sym {
            props.push(format!("inner_sym = #hw<innerSym@{}>", bare_or_quoted(sym)));
        }
        use CellKind::*;
        if self.dialect == Dialect::Circt {
            let fresh = &mut self.fresh.borrow_mut();
            let spelled = crate::mlir_circt::lower_generic(cell, r, ops, ty, fresh);
            if let Some(lines) = spelled {
                return Some(lines.join("\n    "));
            }
        }
        let mut name = cell.kind.op_name().to_string();
        let mut result = format!("{r} = ");
        let mut res_ty = ty.to_string();
        // A register's initial value: the `seq.initial` before it and its last operand.
        let mut prefix = String::new();
        let mut extra: Option<(String, String)> = None;
        match &cell.kind {
            Input(_) | InstOutput(_) => return None,
            Const(b) => props.push(format!("value = {}", int_attr(b))),
            Icmp(p) => props.push(format!("predicate = {} : i64", *p as u8)),
            Extract { low } => props.push(format!("lowBit = {low} : i32")),
            TruthTable(t) => {
                let bits: Vec<&str> =
                    (0..t.width()).map(|i| if t.bit(i) { "true" } else { "false" }).collect();
                props.push(format!("lookupTable = [{}]", bits.join(", ")));
            }
            Lut { coefficients, table } => {
                props.push(crate::mlir_heir::lut_attrs(coefficients, table, cell.width))
            }
            Reg { enable: false, async_reset, init, .. } if *async_reset || init.is_some() => {
                if let Some(n) = self.names.get(net) {
                    props.push(format!("name = {n:?}"));
                }
                if *async_reset {
                    props.push("isAsync".into());
                }
                if let Some(b) = init {
                    props.push(format!("preset = {} : {ty}", b.to_decimal()));
                }
                name = "seq.firreg".into();
            }
            Reg { reset, enable, init, .. } => {
                if let Some(n) = self.names.get(net) {
                    props.push(format!("name = {n:?}"));
                }
                let rs = *reset as u8;
                let i = init.is_some() as u8;
                if let Some(b) = init {
                    let fresh = &mut self.fresh.borrow_mut();
                    let (op, v, t) = crate::mlir_initial::generic_initial_op(b, self.explicit_circt, fresh);
                    prefix = format!("{op}\n    ");
                    extra = Some((v, t));
                }
                let segs = if *enable {
                    format!("1, 1, 1, {rs}, {rs}, {i}")
                } else {
                    format!("1, 1, {rs}, {rs}, {i}")
                };
                props.push(format!("operandSegmentSizes = array<i32: {segs}>"));
                if *enable {
                    name = "seq.compreg.ce".into();
                }
            }
            Instance { module, name: inst, params } => {
                let child = self.design.module(*module);
                let names = |dir: Dir| -> String {
                    let v: Vec<String> = child
                        .ports
                        .iter()
                        .filter(|p| p.dir == dir)
                        .map(|p| format!("{:?}", p.name))
                        .collect();
                    format!("[{}]", v.join(", "))
                };
                props.push(format!("argNames = {}", names(Dir::Input)));
                props.push(format!("instanceName = {:?}", inst.as_ref()));
                props.push(format!("moduleName = @{}", bare_or_quoted(&child.name)));
                props.push(format!(
                    "parameters = {}",
                    crate::mlir_extern::instance_params(child, params, true)
                ));
                props.push(format!("resultNames = {}", names(Dir::Output)));
                let outs: Vec<String> = child.outputs().map(|p| Self::port_ty(child.port(p))).collect();
                let lhs = &self.inst_results[&net];
                result = if lhs.is_empty() { String::new() } else { format!("{} = ", lhs.join(", ")) };
                res_ty = if outs.len() == 1 { outs[0].clone() } else { format!("({})", outs.join(", ")) };
            }
            _ => {}
        }
        let props = if props.is_empty() { String::new() } else { format!(" {{{}}}", props.join(", ")) };
        let mut ops: Vec<&str> = ops.to_vec();
        let mut op_tys: Vec<String> = op_tys.to_vec();
        if let Some((v, t)) = &extra {
            ops.push(v);
            op_tys.push(t.clone());
        }
        Some(format!(
            "{prefix}{result}\"{name}\"({}){props} : ({}) -> {res_ty}",
            ops.join(", "),
            op_tys.join(", ")
        ))
    }
}
