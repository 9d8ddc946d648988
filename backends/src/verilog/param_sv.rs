//! Parameterized SystemVerilog (or Verilog-2005) of a [`SymDesign`]: modules that keep their
//! parameters (`module m #(parameter int W = 8) (input wire [W - 1:0] a, ...)`), widths as
//! parameter expressions, `hw.param.value` as a constant expression, and instances passing
//! parameters (`m #(.W(16)) u (...)`), as CIRCT's ExportVerilog writes them.
//!
//! Spelling by dialect: an `i32` parameter is `parameter int W` in SystemVerilog and
//! `parameter W` in Verilog-2005; other integer widths are `parameter [N-1:0] P = N'dV`;
//! a `none` parameter (a string) is untyped. Verilog-2005 has no parameter without a
//! default: such a parameter is written `= 0` and a warning says so. Every value the body
//! defines is a `wire` with its expression (registers a `logic`/`reg` with a zero power-on
//! value, as the specializing backend writes them); values never read are wrapped in
//! `lint_off UNUSEDSIGNAL`, `hw.param.value` of a width other than 32 in `lint_off WIDTH`,
//! so the output is clean under `verilator --lint-only -Wall`. Modules are printed children
//! first; every module but the top is wrapped in `lint_off DECLFILENAME`.

use super::names::Namer;
use super::SvDialect;
use comb::netlist::IcmpPred;
use comb::symbolic::{
    BOp, NOp, PExpr, ParamTy, SExpr, Stmt, SymBody, SymDesign, SymDir, SymModule, SymTy, SymVal,
};
use mlir_text::Span;
use std::borrow::Cow;
use std::fmt::Write;

/// The names of one module: its own, its parameters', its ports'.
struct Names {
    module: String,
    params: Vec<String>,
    ports: Vec<String>,
}

/// Prints `d` in `dialect`; also returns warnings (where, what).
pub fn emit_symbolic(d: &SymDesign, dialect: SvDialect) -> (String, Vec<(Span, String)>) {
    let names = module_names(d);
    let mut out = String::from(super::BANNER);
    out.push('\n');
    let mut warnings = Vec::new();
    for mi in order(d) {
        let m = &d.modules[mi];
        let Some(body) = &m.body else { continue };
        out.push('\n');
        let wrap = mi != d.top;
        if wrap {
            out.push_str("/* verilator lint_off DECLFILENAME */\n");
        }
        let mut p = Printer {
            d,
            names: &names,
            mi,
            dialect,
            out: &mut out,
            vals: Vec::new(),
            warnings: &mut warnings,
        };
        p.module(m, body);
        if wrap {
            out.push_str("/* verilator lint_on DECLFILENAME */\n");
        }
    }
    (out, warnings)
}

/// Module indices, every module after the modules it instantiates (input order otherwise).
fn order(d: &SymDesign) -> Vec<usize> {
    fn visit(d: &SymDesign, i: usize, seen: &mut [bool], out: &mut Vec<usize>) {
        if std::mem::replace(&mut seen[i], true) {
            return;
        }
        for s in d.modules[i].body.iter().flat_map(|b| &b.stmts) {
            if let Stmt::Instance { module, .. } = s {
                visit(d, *module, seen, out);
            }
        }
        out.push(i);
    }
    let mut seen = vec![false; d.modules.len()];
    let mut out = Vec::new();
    for i in 0..d.modules.len() {
        visit(d, i, &mut seen, &mut out);
    }
    out
}

fn module_names<'d>(d: &'d SymDesign) -> Vec<Names> {
    let mut mods = Namer::new();
    let mut mnames: Vec<String> = vec![String::new(); d.modules.len()];
    for (i, m) in d.modules.iter().enumerate().filter(|(_, m)| m.body.is_none()) {
        let n = m.verilog_name.clone().unwrap_or_else(|| m.name.clone());
        mods.reserve_name(Cow::Owned(n.clone()));
        mnames[i] = n;
    }
    for (i, m) in d.modules.iter().enumerate().filter(|(_, m)| m.body.is_some()) {
        let id = mods.user(&m.name);
        mnames[i] = mods.get(id).to_string();
    }
    d.modules
        .iter()
        .zip(mnames.iter())
        .map(|(m, mn)| {
            let mut n = scope(&mnames);
            // A black box's parameter and port names are the other module's: kept as written.
            let keep = m.body.is_none();
            let mut name = |s: &'d str| {
                if keep {
                    s.to_string()
                } else {
                    {
                        let id = n.user(s);
                        n.get(id).to_string()
                    }
                }
            };
            let params = m.params.iter().map(|p| name(&p.name)).collect();
            let ports = m.ports.iter().map(|p| name(&p.name)).collect();
            Names { module: mn.clone(), params, ports }
        })
        .collect()
}

/// A scope with the keywords and every module name taken.
fn scope<'d>(modules: &[String]) -> Namer<'d> {
    let mut n = Namer::new();
    for m in modules {
        n.reserve_name(Cow::Owned(m.clone()));
    }
    n
}

struct Printer<'a> {
    d: &'a SymDesign,
    names: &'a [Names],
    mi: usize,
    dialect: SvDialect,
    out: &'a mut String,
    /// The SystemVerilog name of every value of the body.
    vals: Vec<String>,
    warnings: &'a mut Vec<(Span, String)>,
}

impl<'a> Printer<'a> {
    fn param_name(&self, mi: usize) -> impl Fn(&str) -> String + '_ {
        move |n: &str| {
            let m = &self.d.modules[mi];
            m.params
                .iter()
                .position(|p| p.name == n)
                .map_or(n.to_string(), |i| self.names[mi].params[i].clone())
        }
    }

    fn range(&self, t: &SymTy) -> String {
        let r = t.width.sv_range(&self.param_name(self.mi));
        if r.is_empty() {
            r
        } else {
            format!("{r} ")
        }
    }

    fn module(&mut self, m: &SymModule, body: &'a SymBody) {
        let n = &self.names[self.mi];
        let _ = write!(self.out, "module {}", n.module);
        self.params(m);
        self.out.push_str("(\n");
        self.name_values(m, body);
        let read = SymDesign::reads(body);
        let mut ins = 0;
        let last = m.ports.len().saturating_sub(1);
        for (i, (p, pn)) in m.ports.iter().zip(&n.ports).enumerate() {
            let dir = if p.dir == SymDir::In { "input" } else { "output" };
            let comma = if i < last { "," } else { "" };
            let line = format!("  {dir} wire {}{pn}{comma}\n", self.range(&p.ty));
            // An input read only in part (through extracts) would be UNUSEDSIGNAL.
            let unread = p.dir == SymDir::In && !read[ins];
            ins += (p.dir == SymDir::In) as usize;
            if unread {
                let _ = write!(
                    self.out,
                    "  /* verilator lint_off UNUSEDSIGNAL */\n{line}  /* verilator lint_on UNUSEDSIGNAL */\n"
                );
            } else {
                self.out.push_str(&line);
            }
        }
        self.out.push_str(");\n");
        for s in &body.stmts {
            self.declare(body, s, &read);
        }
        for i in assign_order(body) {
            self.stmt(body, &body.stmts[i], &read);
        }
        for s in body.stmts.iter().filter(|s| !matches!(s, Stmt::Assign { .. })) {
            self.stmt(body, s, &read);
        }
        let outs: Vec<&String> =
            m.ports.iter().zip(&n.ports).filter(|(p, _)| p.dir == SymDir::Out).map(|x| x.1).collect();
        for (pn, v) in outs.into_iter().zip(&body.outputs) {
            let _ = writeln!(self.out, "  assign {pn} = {};", self.vals[v.index()]);
        }
        self.out.push_str("endmodule\n");
    }

    /// The `#(parameter ...)` list (nothing for a module without parameters).
    fn params(&mut self, m: &SymModule) {
        if m.params.is_empty() {
            self.out.push(' ');
            return;
        }
        let mut lines = Vec::new();
        for (p, pn) in m.params.iter().zip(&self.names[self.mi].params) {
            let default = p.default.as_ref().map(|e| literal(e, p.ty, &|n: &str| n.to_string()));
            let ty = match (p.ty, self.dialect) {
                (ParamTy::Int(32), SvDialect::Sv2017) => "int ".to_string(),
                (ParamTy::Int(32), SvDialect::Verilog2005) | (ParamTy::Str, _) => String::new(),
                (ParamTy::Int(1), _) => "[0:0] ".to_string(),
                (ParamTy::Int(w), _) => format!("[{}:0] ", w - 1),
            };
            let default = match (default, self.dialect) {
                (Some(v), _) => format!(" = {v}"),
                (None, SvDialect::Sv2017) => String::new(),
                (None, SvDialect::Verilog2005) => {
                    self.warnings.push((
                        m.span,
                        format!("parameter '{}' of '{}' has no default; Verilog-2005 needs one, written as 0 (every instance must set it)", p.name, m.name),
                    ));
                    if p.ty == ParamTy::Str {
                        " = \"\"".into()
                    } else {
                        " = 0".into()
                    }
                }
            };
            lines.push(format!("  parameter {ty}{pn}{default}"));
        }
        let _ = write!(self.out, " #(\n{}\n) ", lines.join(",\n"));
    }

    fn name_values(&mut self, m: &SymModule, body: &'a SymBody) {
        let n = &self.names[self.mi];
        let mnames: Vec<String> = self.names.iter().map(|x| x.module.clone()).collect();
        let mut namer = scope(&mnames);
        for x in n.params.iter().chain(&n.ports) {
            namer.reserve_name(Cow::Owned(x.clone()));
        }
        let inputs: Vec<&String> =
            m.ports.iter().zip(&n.ports).filter(|(p, _)| p.dir == SymDir::In).map(|x| x.1).collect();
        self.vals = inputs.into_iter().cloned().collect();
        for v in &body.values[self.vals.len()..] {
            let id = if v.name.is_empty() { namer.user("_GEN") } else { namer.user(&v.name) };
            self.vals.push(namer.get(id).to_string());
        }
    }

    fn stmt(&mut self, body: &SymBody, s: &Stmt, read: &[bool]) {
        let unread = |v: &SymVal| !read[v.index()];
        match s {
            Stmt::Assign { dst, expr } => {
                let t = &body.values[dst.index()].ty;
                let width_off = matches!(expr, SExpr::Param(_)) && t.width != PExpr::Int(32);
                let text = format!(
                    "wire {}{} = {};",
                    self.range(t),
                    self.vals[dst.index()],
                    self.expr(body, expr, &t.width)
                );
                self.line(&text, unread(dst), width_off);
            }
            Stmt::Reg { dst, d, clk, enable, reset, async_reset, .. } => {
                let r = self.vals[dst.index()].clone();
                let v = |x: &SymVal| self.vals[x.index()].clone();
                let edge = match reset {
                    Some((rst, _)) if *async_reset => format!("posedge {} or posedge {}", v(clk), v(rst)),
                    _ => format!("posedge {}", v(clk)),
                };
                let mut lines = format!("  {} @({edge}) begin\n", self.dialect.ff());
                let next = match enable {
                    Some(e) => format!("if ({}) {r} <= {};", v(e), v(d)),
                    None => format!("{r} <= {};", v(d)),
                };
                match reset {
                    Some((rst, val)) => {
                        let _ = write!(lines, "    if ({}) {r} <= {};\n    else {next}\n", v(rst), v(val));
                    }
                    None => {
                        let _ = writeln!(lines, "    {next}");
                    }
                }
                lines.push_str("  end\n");
                self.out.push_str(&lines);
            }
            Stmt::Instance { name, module, params, inputs, outputs } => {
                self.instance(name, *module, params, inputs, outputs)
            }
        }
    }

    /// The declaration of a register (with its power-on value) or of an instance's outputs.
    fn declare(&mut self, body: &SymBody, s: &Stmt, read: &[bool]) {
        match s {
            Stmt::Reg { dst, .. } => {
                let t = &body.values[dst.index()].ty;
                let r = self.vals[dst.index()].clone();
                let text = format!("{} {}{r};", self.dialect.var(), self.range(t));
                self.line(&text, !read[dst.index()], false);
                let _ = writeln!(self.out, "  initial {r} = {};", self.zero(&t.width));
            }
            Stmt::Instance { outputs, .. } => {
                for o in outputs {
                    let t = &body.values[o.index()].ty;
                    let text = format!("wire {}{};", self.range(t), self.vals[o.index()]);
                    self.line(&text, !read[o.index()], false);
                }
            }
            Stmt::Assign { .. } => {}
        }
    }

    /// One declaration line, wrapped in `lint_off` pragmas as needed.
    fn line(&mut self, text: &str, unused: bool, width: bool) {
        let mut offs = Vec::new();
        if unused {
            offs.push("UNUSEDSIGNAL");
        }
        if width {
            offs.push("WIDTH");
        }
        for o in &offs {
            let _ = writeln!(self.out, "  /* verilator lint_off {o} */");
        }
        let _ = writeln!(self.out, "  {text}");
        for o in offs.iter().rev() {
            let _ = writeln!(self.out, "  /* verilator lint_on {o} */");
        }
    }

    fn zero(&self, w: &PExpr) -> String {
        match (w.constant(), self.dialect) {
            (Some(n), _) => format!("{n}'h{}", "0".repeat((n as usize).div_ceil(4))),
            (None, SvDialect::Sv2017) => "'0".into(),
            (None, SvDialect::Verilog2005) => format!("{{({}){{1'b0}}}}", w.to_sv(&self.param_name(self.mi))),
        }
    }

    fn instance(
        &mut self,
        name: &str,
        module: usize,
        params: &[PExpr],
        inputs: &[SymVal],
        outputs: &[SymVal],
    ) {
        let child = &self.d.modules[module];
        let cn = &self.names[module];
        let mine = self.param_name(self.mi);
        let overrides: Vec<String> = child
            .params
            .iter()
            .zip(params)
            .zip(&cn.params)
            .filter(|((p, e), _)| p.default.as_ref() != Some(*e))
            .map(|((p, e), pn)| format!("    .{pn}({})", literal(e, p.ty, &mine)))
            .collect();
        let head = if overrides.is_empty() {
            cn.module.clone()
        } else {
            format!("{} #(\n{}\n  )", cn.module, overrides.join(",\n"))
        };
        let (mut ins, mut outs) = (inputs.iter(), outputs.iter());
        let conns: Vec<String> = child
            .ports
            .iter()
            .zip(&cn.ports)
            .map(|(p, pn)| {
                let v = if p.dir == SymDir::In { ins.next() } else { outs.next() };
                format!("    .{pn}({})", v.map_or(String::new(), |v| self.vals[v.index()].clone()))
            })
            .collect();
        let text = format!("  {head} {name} (\n{}\n  );\n", conns.join(",\n"));
        drop(mine);
        self.out.push_str(&text);
    }

    fn expr(&self, body: &SymBody, e: &SExpr, wo: &PExpr) -> String {
        let v = |x: &SymVal| self.vals[x.index()].clone();
        let join = |xs: &[SymVal], sep: &str| xs.iter().map(v).collect::<Vec<_>>().join(sep);
        match e {
            SExpr::Const(b) => format!("{}'h{}", b.width(), b.to_hex()),
            SExpr::Param(p) => p.to_sv(&self.param_name(self.mi)),
            SExpr::Nary(op, xs) => {
                let sep = match op {
                    NOp::Add => " + ",
                    NOp::Mul => " * ",
                    NOp::And => " & ",
                    NOp::Or => " | ",
                    NOp::Xor => " ^ ",
                };
                join(xs, sep)
            }
            SExpr::Binary(op, a, b) => match op {
                BOp::Sub => format!("{} - {}", v(a), v(b)),
                BOp::Shl => format!("{} << {}", v(a), v(b)),
                BOp::Shru => format!("{} >> {}", v(a), v(b)),
                BOp::Shrs => format!("$signed({}) >>> {}", v(a), v(b)),
            },
            SExpr::Icmp(p, a, b) => icmp(*p, &v(a), &v(b)),
            SExpr::Mux(c, a, b) => format!("{} ? {} : {}", v(c), v(a), v(b)),
            SExpr::Concat(xs) => format!("{{{}}}", join(xs, ", ")),
            SExpr::Extract(a, low) => {
                let wi = body.values[a.index()].ty.width.constant();
                match (wi, wo.constant()) {
                    (Some(1), _) => v(a),
                    (_, Some(1)) => format!("{}[{low}]", v(a)),
                    (_, Some(n)) => format!("{}[{}:{low}]", v(a), *low as i128 + n - 1),
                    _ => format!("{}[{low} +: {}]", v(a), wo.to_sv(&self.param_name(self.mi))),
                }
            }
            SExpr::Replicate(a, n) => format!("{{{n}{{{}}}}}", v(a)),
            SExpr::Parity(a) => format!("^{}", v(a)),
            SExpr::Clock(a, _) => v(a),
        }
    }
}

/// The indices of the assignments, each after the assignments it reads.
fn assign_order(body: &SymBody) -> Vec<usize> {
    let mut def = vec![usize::MAX; body.values.len()];
    for (i, s) in body.stmts.iter().enumerate() {
        if let Stmt::Assign { dst, .. } = s {
            def[dst.index()] = i;
        }
    }
    let mut state = vec![0u8; body.stmts.len()];
    let mut out = Vec::new();
    for start in 0..body.stmts.len() {
        if !matches!(body.stmts[start], Stmt::Assign { .. }) || state[start] != 0 {
            continue;
        }
        // Iterative depth-first search: (statement, next operand to visit).
        let mut stack = vec![(start, 0usize)];
        state[start] = 1;
        while let Some(&mut (i, ref mut k)) = stack.last_mut() {
            let Stmt::Assign { expr, .. } = &body.stmts[i] else {
                unreachable!("only assignments are pushed")
            };
            let ops = expr.operands();
            if let Some(v) = ops.get(*k) {
                *k += 1;
                let j = def[v.index()];
                if j != usize::MAX && state[j] == 0 {
                    state[j] = 1;
                    stack.push((j, 0));
                }
            } else {
                state[i] = 2;
                out.push(i);
                stack.pop();
            }
        }
    }
    out
}

fn icmp(p: IcmpPred, a: &str, b: &str) -> String {
    let s = |x: &str| format!("$signed({x})");
    match p {
        IcmpPred::Eq | IcmpPred::Ceq | IcmpPred::Weq => format!("{a} == {b}"),
        IcmpPred::Ne | IcmpPred::Cne | IcmpPred::Wne => format!("{a} != {b}"),
        IcmpPred::Ult => format!("{a} < {b}"),
        IcmpPred::Ule => format!("{a} <= {b}"),
        IcmpPred::Ugt => format!("{a} > {b}"),
        IcmpPred::Uge => format!("{a} >= {b}"),
        IcmpPred::Slt => format!("{} < {}", s(a), s(b)),
        IcmpPred::Sle => format!("{} <= {}", s(a), s(b)),
        IcmpPred::Sgt => format!("{} > {}", s(a), s(b)),
        IcmpPred::Sge => format!("{} >= {}", s(a), s(b)),
    }
}

/// A parameter value: a constant of a parameter not 32 bits wide is sized (`42'd17`), as
/// CIRCT writes it; anything else is its expression.
fn literal(e: &PExpr, ty: ParamTy, name: &dyn Fn(&str) -> String) -> String {
    match (e, ty) {
        (PExpr::Int(v), ParamTy::Int(w)) if w != 32 && w > 1 => {
            if *v < 0 {
                format!("-{w}'d{}", v.unsigned_abs())
            } else {
                format!("{w}'d{v}")
            }
        }
        _ => e.to_sv(name),
    }
}
