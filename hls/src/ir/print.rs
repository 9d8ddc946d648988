//! A readable, deterministic text form of a [`Func`], for `--print-after`, the per-pass
//! file tests and debugging.
//!
//! One line per op, loops and conditionals as indented blocks, values by id (`v12`), each
//! defined with its width (`v12: i32 = add v3, v4`); the memories and parameters head the
//! function, the loop notes (what the loop passes did) close it. Only ops placed in a
//! region are printed (the arena keeps dead ones). Source locations are left out, so the
//! text depends on the IR alone.

use super::{
    Cfg, ForLoop, Func, IfElse, Item, MemKind, Op, OpKind, Param, Region, Terminator, ValId, WhileLoop,
};
use std::fmt::Write;

/// `func` as text, ending in a newline.
pub fn print(func: &Func) -> String {
    let mut p = Printer { f: func, out: String::new(), depth: 0 };
    p.header();
    p.depth = 1;
    p.region(&func.body);
    p.line(&format!("return{}", list_prefixed(" ", &func.rets)));
    p.depth = 0;
    p.out.push_str("}\n");
    p.notes();
    p.out
}

struct Printer<'f> {
    f: &'f Func,
    out: String,
    depth: usize,
}

/// `v1, v2` (empty for none).
fn list(vals: &[ValId]) -> String {
    vals.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", ")
}

/// `prefix` and the list, or nothing for an empty list.
fn list_prefixed(prefix: &str, vals: &[ValId]) -> String {
    if vals.is_empty() {
        String::new()
    } else {
        format!("{prefix}{}", list(vals))
    }
}

impl Printer<'_> {
    fn line(&mut self, text: &str) {
        for _ in 0..self.depth {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    /// `v3: i8` (a value with its width, and its source name if any).
    fn def(&self, v: ValId) -> String {
        match &self.f.values[v.index()].name {
            Some(n) => format!("{v}: i{} %{n}", self.f.width(v)),
            None => format!("{v}: i{}", self.f.width(v)),
        }
    }

    fn defs(&self, vals: &[ValId]) -> String {
        vals.iter().map(|&v| self.def(v)).collect::<Vec<_>>().join(", ")
    }

    /// `(a = b, ...)`: arguments bound to their initial values.
    fn bound(&self, args: &[ValId], inits: &[ValId]) -> String {
        let pairs: Vec<String> =
            args.iter().zip(inits).map(|(&a, i)| format!("{} = {i}", self.def(a))).collect();
        format!("({})", pairs.join(", "))
    }

    fn header(&mut self) {
        let params: Vec<String> = self
            .f
            .params
            .iter()
            .map(|p| match p {
                Param::Scalar { name, val } => format!("%{name} {}", self.def(*val)),
                Param::Mem(m) => format!("{m}"),
            })
            .collect();
        let results: Vec<String> = self.f.rets.iter().map(|&r| format!("i{}", self.f.width(r))).collect();
        let head = format!("func @{}({}) -> ({}) {{", self.f.name, params.join(", "), results.join(", "));
        self.line(&head);
        for (i, m) in self.f.mems.iter().enumerate() {
            let kind = match m.kind {
                MemKind::Port => "port",
                MemKind::Local => "local",
            };
            let text = format!("  mem{i} = {kind} %{} [{} x i{}]", m.name, m.elems, m.width);
            self.line(&text);
        }
    }

    fn region(&mut self, r: &Region) {
        for item in &r.items {
            match item {
                Item::Op(id) => {
                    let text = self.op(self.f.op(*id));
                    self.line(&text);
                }
                Item::For(l) => self.for_loop(l),
                Item::If(i) => self.if_else(i),
                Item::While(w) => self.while_loop(w),
                Item::Cfg(g) => self.cfg(g),
            }
        }
    }

    /// The right-hand side of a plain op.
    fn op(&self, op: &Op) -> String {
        let ops = list(&op.operands);
        let rhs = match &op.kind {
            OpKind::Const(c) => format!("const {c}"),
            OpKind::Bin(b) => format!("{} {ops}", format!("{b:?}").to_lowercase()),
            OpKind::Cmp(p) => format!("cmp {} {ops}", format!("{p:?}").to_lowercase()),
            OpKind::Select => format!("select {ops}"),
            OpKind::SExt => format!("sext {ops}"),
            OpKind::ZExt => format!("zext {ops}"),
            OpKind::Trunc => format!("trunc {ops}"),
            OpKind::Load(m) => format!("load {m}[{ops}]"),
            OpKind::Store(m) => {
                let pred = op.operands.get(2).map(|p| format!(" if {p}")).unwrap_or_default();
                format!("store {m}[{}] = {}{pred}", op.operands[0], op.operands[1])
            }
            OpKind::FBin { op: fo, fmt, reassoc } => {
                format!("{} {fmt}{} {ops}", fo.mlir_name(), if *reassoc { " reassoc" } else { "" })
            }
            OpKind::FUn(fo, fmt) => format!("{} {fmt} {ops}", fo.mlir_name()),
            OpKind::Fma { fmt, reassoc } => {
                format!("math.fma {fmt}{} {ops}", if *reassoc { " reassoc" } else { "" })
            }
            OpKind::FCmp(p, fmt) => format!("arith.cmpf {} {fmt} {ops}", p.name()),
            OpKind::FConv { from, to } => {
                format!("{} {from:?} -> {to:?} {ops}", super::fop::conv_name(*from, *to))
            }
        };
        match op.result {
            Some(r) => format!("{} = {rhs}", self.def(r)),
            None => rhs,
        }
    }

    /// `-> (v1: i8, ...)` for an item's results, or nothing.
    fn results(&self, vals: &[ValId]) -> String {
        if vals.is_empty() {
            String::new()
        } else {
            format!(" -> ({})", self.defs(vals))
        }
    }

    fn block(&mut self, head: String, body: &Region, tail: Option<String>) {
        self.line(&head);
        self.depth += 1;
        self.region(body);
        if let Some(t) = tail {
            self.line(&t);
        }
        self.depth -= 1;
    }

    fn for_loop(&mut self, l: &ForLoop) {
        let trip = l.trip.map(|t| format!(" trip {t}")).unwrap_or_default();
        let pipe = match l.pipeline {
            Some(p) => format!(" pipeline{}", p.ii.map(|ii| format!("(ii={ii})")).unwrap_or_default()),
            None => String::new(),
        };
        let carried = if l.iter_args.is_empty() {
            String::new()
        } else {
            format!(" iter{}", self.bound(&l.iter_args, &l.inits))
        };
        let head = format!(
            "for {} {} = {} to {} step {}{carried}{trip}{pipe}{} {{",
            l.id,
            self.def(l.iv),
            l.lb,
            l.ub,
            l.step,
            self.results(&l.results)
        );
        self.block(head, &l.body, Some(format!("yield{}", list_prefixed(" ", &l.yields))));
        self.line("}");
    }

    fn if_else(&mut self, i: &IfElse) {
        let head = format!("if {}{} {{", i.cond, self.results(&i.results));
        self.block(head, &i.then_region, Some(format!("yield{}", list_prefixed(" ", &i.then_yields))));
        self.block(
            "} else {".into(),
            &i.else_region,
            Some(format!("yield{}", list_prefixed(" ", &i.else_yields))),
        );
        self.line("}");
    }

    fn while_loop(&mut self, w: &WhileLoop) {
        let head =
            format!("while {} {}{} {{", w.id, self.bound(&w.before_args, &w.inits), self.results(&w.results));
        let cond = format!("condition {}{}", w.cond, list_prefixed(", ", &w.forwarded));
        self.block(head, &w.before, Some(cond));
        let after = format!("}} do ({}) {{", self.defs(&w.after_args));
        self.block(after, &w.after, Some(format!("yield{}", list_prefixed(" ", &w.yields))));
        self.line("}");
    }

    fn cfg(&mut self, g: &Cfg) {
        let head = format!("cfg {}{} {{", g.id, self.results(&g.results));
        self.line(&head);
        for (k, b) in g.blocks.iter().enumerate() {
            let term = match &b.term {
                Terminator::Br(t, a) => format!("br ^{t}({})", list(a)),
                Terminator::CondBr(c, t, ta, e, ea) => {
                    format!("cond_br {c}, ^{t}({}), ^{e}({})", list(ta), list(ea))
                }
                Terminator::Return(v) => format!("return{}", list_prefixed(" ", v)),
            };
            self.block(format!("^{k}({}):", self.defs(&b.args)), &b.body, Some(term));
        }
        self.line("}");
    }

    /// What the loop passes recorded, after the function.
    fn notes(&mut self) {
        let f = self.f;
        for (l, m) in &f.scalar_replaced {
            let _ = writeln!(self.out, "// {l}: {m} scalar-replaced");
        }
        for (l, note) in &f.loop_notes {
            let _ = writeln!(self.out, "// {l}: {note}");
        }
        for (l, inner, copies) in &f.unroll_capped {
            let _ = writeln!(self.out, "// {l}: unrolling {inner} capped ({copies} copies)");
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn prints_a_loop_with_its_carried_value_and_memory() {
        let f = crate::ir::lower_first(
            "func.func @s(%a: memref<8xi32>) -> i32 {\n  %z = arith.constant 0 : i32\n  \
             %r = affine.for %i = 0 to 8 iter_args(%acc = %z) -> (i32) {\n    \
             %x = affine.load %a[%i] : memref<8xi32>\n    %n = arith.addi %acc, %x : i32\n    \
             affine.yield %n : i32\n  }\n  return %r : i32\n}\n",
        );
        let text = super::print(&f);
        assert!(text.starts_with("func @s(mem0) -> (i32) {\n  mem0 = port %a [8 x i32]\n"), "{text}");
        assert!(text.contains(" trip 8 "), "{text}");
        assert!(text.contains("= load mem0["), "{text}");
        assert!(text.contains("= add "), "{text}");
        assert!(text.contains("\n  return v"), "{text}");
        assert_eq!(text, super::print(&f.clone()), "deterministic");
    }
}
