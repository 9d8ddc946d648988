//! The module printer's processes and head: truth tables as `case` blocks, instances,
//! registers (`always_ff`), memories, output assignments and the `module` line with its
//! ports. Split from the printer proper (the parent module), which decides names and
//! inlining and calls these once a cell's operands have their expressions.

use super::*;

impl<'n> Printer<'n> {
    pub(super) fn lut(&mut self, net: NetId, sum: Expr<'n>, table: &[Bits]) {
        let w = self.m.width(net);
        let idx = Name::Temp(self.temps.fresh());
        let index = lower::lut_index(sum, table.len());
        self.comb.push(format!("wire [7:0] {idx} = {};", index.text()));
        let name = self.take_name(net);
        if self.plan.home(net).is_none() {
            let d = self.decl(net, format!("{} {}{name};", self.dialect.var(), range(w)));
            self.comb.extend(d);
        }
        let n = table.len().min(256);
        let mut s = format!("{} begin\n    case ({idx})\n", self.dialect.comb());
        for (k, t) in table[..n - 1].iter().enumerate() {
            let _ = writeln!(s, "      8'h{k:02X}: {name} = {};", Expr::Const(t.clone()).text());
        }
        let _ = writeln!(s, "      default: {name} = {};", Expr::Const(table[n - 1].clone()).text());
        s.push_str("    endcase\n  end");
        self.comb.push(s);
        self.val[net.index()] = Val::Name(name);
    }

    pub(super) fn instance(&mut self, net: NetId) {
        let cell = self.m.cell(net);
        let CellKind::Instance { module, .. } = &cell.kind else { return };
        let child = self.design.module(*module);
        let names = &self.all[module.index()];
        let mut conns = Vec::new();
        for (p, &op) in child.inputs().zip(cell.operands()) {
            conns.push(format!(".{}({})", names.ports[p.index()], self.op_expr(op).text()));
        }
        for p in child.outputs() {
            let target = match self.plan.first_out.get(&(net, p)) {
                Some(&o) => self.op_expr(o).text(),
                None => Name::Temp(self.dummy[&(net, p)]).to_string(),
            };
            conns.push(format!(".{}({target})", names.ports[p.index()]));
        }
        let inst = self.plan.user_name(net).unwrap_or_default();
        let head = super::super::extern_sv::instance_head(child, &names.name, &cell.kind);
        if conns.is_empty() {
            self.insts.push(format!("{head} {inst} ();"));
        } else {
            self.insts.push(format!("{head} {inst} (\n    {}\n  );", conns.join(",\n    ")));
        }
    }

    pub(super) fn register(&mut self, net: NetId) {
        let cell = self.m.cell(net);
        let CellKind::Reg { reset, enable, async_reset, .. } = cell.kind else { return };
        let ops = cell.operands();
        let notes = self.gather_notes(net, ops);
        let r = self.op_expr(net).text();
        let d = self.reg_operand(net, 0);
        let clk = self.op_expr(ops[1]).text();
        let load = format!("{r} <= {d};");
        let load = if enable { format!("if ({}) {load}", self.op_expr(ops[2]).text()) } else { load };
        let mut events = format!("posedge {clk}");
        let body = if reset {
            let k = 2 + enable as usize;
            let (rst, rv) = (self.op_expr(ops[k]).text(), self.reg_operand(net, k + 1));
            if async_reset {
                let _ = write!(events, " or posedge {rst}");
            }
            format!("    if ({rst}) {r} <= {rv};\n    else {load}")
        } else {
            format!("    {load}")
        };
        let note = Self::comment(&notes);
        self.ffs.push(format!("{} @({events}) begin{note}\n{body}\n  end", self.dialect.ff()));
    }

    /// Operand `i` of register `net` as text: its named value if it has one.
    fn reg_operand(&mut self, net: NetId, i: usize) -> String {
        let e = self.op_expr(self.m.operands(net)[i]);
        match self.named_slot(net, i) {
            Some(n) => n.to_string(),
            None => e.text(),
        }
    }

    pub(super) fn memory(&mut self, net: NetId, depth: u32) {
        let cell = self.m.cell(net);
        let notes = self.gather_notes(net, cell.operands());
        let ops: Vec<Expr> = cell.operands().iter().map(|&o| self.op_expr(o)).collect();
        let [ra, wa] = [1, 3].map(|i| self.m.width(cell.operands()[i]));
        let mem = memory::Memory {
            data: &self.op_expr(net).text(),
            array: &self.mem_arrays[&net].to_string(),
            width: cell.width,
            depth,
            ops: &ops,
            addr_widths: [ra, wa],
            dialect: self.dialect,
        };
        let mut process = mem.process();
        let note = Self::comment(&notes);
        match process.find('\n') {
            Some(at) => process.insert_str(at, &note),
            None => process.push_str(&note),
        }
        self.ffs.push(process);
    }

    pub(super) fn output_assigns(&mut self) {
        for p in self.m.outputs() {
            let Some(n) = self.m.port_net(p) else { continue };
            if self.plan.home(n) != Some(p) {
                let notes = self.pending.remove(&n).unwrap_or_default();
                let e = self.op_expr(n).text();
                let note = Self::comment(&notes);
                self.assigns.push(format!("assign {} = {e};{note}", self.own.ports[p.index()]));
            }
        }
    }

    /// The module's head: its name, ports and (if `waiver`) the constant-comparison waiver.
    pub(super) fn head(&self, waiver: bool, out: &mut String) {
        let m = self.m;
        let mut procedural = vec![false; m.ports.len()];
        for p in m.outputs() {
            let Some(net) = m.port_net(p) else { continue };
            let kind = &m.cell(net).kind;
            if self.plan.home(net) == Some(p)
                && matches!(kind, CellKind::Reg { .. } | CellKind::Memory { .. } | CellKind::Lut { .. })
            {
                procedural[p.index()] = true;
            }
        }
        let mixed = mixed_resets(m);
        let mut lines = Vec::new();
        let n = m.ports.len();
        for (i, port) in m.ports.iter().enumerate() {
            let comma = if i + 1 < n { "," } else { "" };
            let (dir, kind) = match port.dir {
                Dir::Input => ("input", "wire"),
                Dir::Output if procedural[i] => ("output", self.dialect.var()),
                Dir::Output => ("output", "wire"),
            };
            let text = format!("{dir} {kind} {}{}{comma}", range(port.width), self.own.ports[i]);
            let unread = port.dir == Dir::Input
                && m.port_net(PortId(i as u32)).is_some_and(|net| !self.read[net.index()]);
            let mixed_here = m.port_net(PortId(i as u32)).is_some_and(|net| mixed.contains(&net));
            // Inside a module-wide waiver (dropped checks) a pair would end the waiver early.
            if unread && !self.drops_checks {
                lines.extend([LINT_OFF.to_string(), text, LINT_ON.to_string()]);
            } else if mixed_here {
                // Verilator warns on the declaration of a signal that is both an asynchronous
                // reset and read synchronously; the design means both.
                lines.extend([
                    "/* verilator lint_off SYNCASYNCNET */".to_string(),
                    text,
                    "/* verilator lint_on SYNCASYNCNET */".to_string(),
                ]);
            } else {
                lines.push(text);
            }
        }
        if self.drops_checks {
            // Around the whole module: an input only a dropped check read is unused too.
            let _ = writeln!(out, "{LINT_OFF}");
        }
        if lines.is_empty() {
            let _ = writeln!(out, "module {}();", self.own.name);
        } else {
            let _ = writeln!(out, "module {}(\n  {}\n);", self.own.name, lines.join("\n  "));
        }
        if waiver {
            for w in WAIVER {
                let _ = writeln!(out, "  /* verilator lint_off {w} */");
            }
        }
    }
}

/// Nets that are a register's asynchronous reset and are also read some other way (a
/// synchronous reset, data, logic, an output): Verilator's SYNCASYNCNET.
fn mixed_resets(m: &comb::Module) -> std::collections::BTreeSet<NetId> {
    let mut asyncs = std::collections::BTreeSet::new();
    let mut other = std::collections::BTreeSet::new();
    for c in m.cells() {
        let kind = &m.cell(c).kind;
        for (pos, &o) in m.operands(c).iter().enumerate() {
            if matches!(kind, CellKind::Reg { async_reset: true, .. }) && pos == 2 {
                asyncs.insert(o);
            } else {
                other.insert(o);
            }
        }
    }
    asyncs.intersection(&other).copied().collect()
}
