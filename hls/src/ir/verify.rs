//! The HLS IR verifier, run after lowering and after every transformation.
//!
//! Invariants checked:
//! - every value is defined exactly once (argument, op result, loop variable, region
//!   argument or item result) and every use is dominated by its definition: defined earlier
//!   in the same region or in an enclosing one (loops and branches see values from outside,
//!   never the other way round);
//! - each op sits in exactly one region, its operand count and widths follow its kind
//!   (binary ops, selects and stores agree in width, compares give 1 bit, extensions widen,
//!   truncations narrow, addresses are 32 bits), and it names an existing memory;
//! - loops: the induction variable and bounds are 32 bits, the step is at least 1, inits,
//!   iter args, yields and results agree in number and width; conditionals: a 1-bit
//!   condition and yields of the results' widths on both sides; while loops likewise;
//! - CFGs: branch arguments match their target block's arguments, targets exist, returns
//!   match the results; a value of one block is visible in the blocks after it (the
//!   reader's order follows dominance), which is weaker than dominance;
//! - widths are 1..=64.
//!
//! A failure after lowering or a transformation is a bug in that step, not a user error.

use super::{Func, Item, OpKind, ValId, INDEX_WIDTH};

struct Checker<'f> {
    f: &'f Func,
    defined: Vec<bool>,
    placed: Vec<bool>,
    scope: Vec<ValId>,
    errors: Vec<String>,
}

/// Checks `func`; returns the violations found (empty when valid).
pub fn verify(func: &Func) -> Vec<String> {
    let mut c = Checker {
        f: func,
        defined: vec![false; func.values.len()],
        placed: vec![false; func.ops.len()],
        scope: Vec::new(),
        errors: Vec::new(),
    };
    for v in &func.values {
        if v.width == 0 || v.width > 64 {
            c.errors.push(format!("a value is {} bits wide", v.width));
        }
    }
    for p in &func.params {
        if let super::Param::Scalar { val, .. } = p {
            c.define(*val);
        }
    }
    for item in &func.body.items {
        c.item(item);
    }
    for &r in &func.rets {
        c.use_(r, "return");
    }
    c.errors
}

impl Checker<'_> {
    fn define(&mut self, v: ValId) {
        match self.defined.get_mut(v.index()) {
            Some(d) if !*d => {
                *d = true;
                self.scope.push(v);
            }
            Some(_) => self.errors.push(format!("{v} is defined twice")),
            None => self.errors.push(format!("{v} does not exist")),
        }
    }
    fn use_(&mut self, v: ValId, what: &str) {
        if !self.scope.contains(&v) {
            self.errors.push(format!("{what} uses {v}, which is not defined before it in scope"));
        }
    }
    fn w(&self, v: ValId) -> u32 {
        self.f.values.get(v.index()).map_or(0, |x| x.width)
    }
    fn same_widths(&mut self, a: &[ValId], b: &[ValId], what: &str) {
        if a.len() != b.len() || a.iter().zip(b).any(|(&x, &y)| self.w(x) != self.w(y)) {
            self.errors.push(format!("{what}: counts or widths disagree"));
        }
    }
    fn item(&mut self, item: &Item) {
        match item {
            Item::Op(id) => {
                let Some(op) = self.f.ops.get(id.index()) else {
                    return self.errors.push(format!("{id} does not exist"));
                };
                if std::mem::replace(&mut self.placed[id.index()], true) {
                    self.errors.push(format!("{id} is placed twice"));
                }
                for &o in &op.operands {
                    self.use_(o, &format!("{id}"));
                }
                self.check_op(*id);
                if let Some(r) = op.result {
                    self.define(r);
                }
            }
            Item::For(l) => {
                for &v in [l.lb, l.ub].iter().chain(&l.inits) {
                    self.use_(v, &format!("{}", l.id));
                }
                if self.w(l.iv) != INDEX_WIDTH || self.w(l.lb) != INDEX_WIDTH || self.w(l.ub) != INDEX_WIDTH {
                    self.errors.push(format!("{}: bounds and induction variable must be 32 bits", l.id));
                }
                if l.step == 0 {
                    self.errors.push(format!("{}: step 0", l.id));
                }
                self.same_widths(&l.inits, &l.iter_args, "for inits");
                self.same_widths(&l.yields, &l.iter_args, "for yields");
                self.same_widths(&l.results, &l.iter_args, "for results");
                let mark = self.scope.len();
                self.define(l.iv);
                for &a in &l.iter_args {
                    self.define(a);
                }
                for item in &l.body.items {
                    self.item(item);
                }
                for &y in &l.yields {
                    self.use_(y, "a for yield");
                }
                self.scope.truncate(mark);
                for &r in &l.results {
                    self.define(r);
                }
            }
            Item::If(i) => {
                self.use_(i.cond, "an if");
                if self.w(i.cond) != 1 {
                    self.errors.push("an if condition is not 1 bit".into());
                }
                self.same_widths(&i.then_yields, &i.results, "then yields");
                self.same_widths(&i.else_yields, &i.results, "else yields");
                for (region, yields) in [(&i.then_region, &i.then_yields), (&i.else_region, &i.else_yields)] {
                    let mark = self.scope.len();
                    for item in &region.items {
                        self.item(item);
                    }
                    for &y in yields {
                        self.use_(y, "an if yield");
                    }
                    self.scope.truncate(mark);
                }
                for &r in &i.results {
                    self.define(r);
                }
            }
            Item::Cfg(g) => {
                let mark = self.scope.len();
                for b in &g.blocks {
                    for &a in &b.args {
                        self.define(a);
                    }
                }
                let n = g.blocks.len();
                for b in &g.blocks {
                    for item in &b.body.items {
                        self.item(item);
                    }
                    let targets: Vec<(usize, &Vec<ValId>)> = match &b.term {
                        super::Terminator::Br(t, a) => vec![(*t, a)],
                        super::Terminator::CondBr(c, t, ta, e, ea) => {
                            self.use_(*c, "a conditional branch");
                            vec![(*t, ta), (*e, ea)]
                        }
                        super::Terminator::Return(vals) => {
                            for &v in vals {
                                self.use_(v, "a return");
                            }
                            self.same_widths(vals, &g.results, "return values");
                            vec![]
                        }
                    };
                    for (t, args) in targets {
                        for &a in args {
                            self.use_(a, "a branch");
                        }
                        match g.blocks.get(t) {
                            Some(tb) if t < n => self.same_widths(args, &tb.args, "branch arguments"),
                            _ => self.errors.push(format!("a branch goes to block {t} of {n}")),
                        }
                    }
                }
                self.scope.truncate(mark);
                for &r in &g.results {
                    self.define(r);
                }
            }
            Item::While(l) => {
                for &v in &l.inits {
                    self.use_(v, &format!("{}", l.id));
                }
                self.same_widths(&l.inits, &l.before_args, "while inits");
                self.same_widths(&l.forwarded, &l.after_args, "while forwarded");
                self.same_widths(&l.forwarded, &l.results, "while results");
                self.same_widths(&l.yields, &l.before_args, "while yields");
                let mark = self.scope.len();
                for &a in &l.before_args {
                    self.define(a);
                }
                for item in &l.before.items {
                    self.item(item);
                }
                self.use_(l.cond, "a while condition");
                for &v in &l.forwarded {
                    self.use_(v, "a while condition");
                }
                // The after region runs after the before region in the same iteration, so it
                // may use its values (MLIR does not allow it; `transform/whilefuse.rs` moves the
                // body's ops there, and the yields with them).
                for &a in &l.after_args {
                    self.define(a);
                }
                for item in &l.after.items {
                    self.item(item);
                }
                for &y in &l.yields {
                    self.use_(y, "a while yield");
                }
                self.scope.truncate(mark);
                for &r in &l.results {
                    self.define(r);
                }
            }
        }
    }
    fn check_op(&mut self, id: super::OpId) {
        let op = &self.f.ops[id.index()];
        let ws: Vec<u32> = op.operands.iter().map(|&o| self.w(o)).collect();
        let rw = op.result.map(|r| self.w(r));
        let ok = match &op.kind {
            OpKind::Const(_) => ws.is_empty() && rw.is_some(),
            OpKind::Bin(_) => ws.len() == 2 && ws.iter().all(|&w| Some(w) == rw),
            OpKind::Cmp(_) => ws.len() == 2 && ws[0] == ws[1] && rw == Some(1),
            OpKind::Select => ws.len() == 3 && ws[0] == 1 && Some(ws[1]) == rw && Some(ws[2]) == rw,
            OpKind::SExt | OpKind::ZExt => ws.len() == 1 && rw.is_some_and(|r| r > ws[0]),
            OpKind::Trunc => ws.len() == 1 && rw.is_some_and(|r| r < ws[0]),
            OpKind::Load(m) => {
                ws == [INDEX_WIDTH] && self.f.mems.get(m.index()).is_some_and(|mem| Some(mem.width) == rw)
            }
            OpKind::Store(m) => {
                (ws.len() == 2 || ws.len() == 3 && ws[2] == 1)
                    && ws[0] == INDEX_WIDTH
                    && rw.is_none()
                    && self.f.mems.get(m.index()).is_some_and(|mem| mem.width == ws[1])
            }
            OpKind::FBin { fmt, .. } => {
                ws.len() == 2 && ws.iter().all(|&w| w == fmt.width()) && rw == Some(fmt.width())
            }
            OpKind::FUn(_, fmt) => ws == [fmt.width()] && rw == Some(fmt.width()),
            OpKind::Fma { fmt, .. } => {
                ws.len() == 3 && ws.iter().all(|&w| w == fmt.width()) && rw == Some(fmt.width())
            }
            OpKind::FCmp(_, fmt) => ws == [fmt.width(), fmt.width()] && rw == Some(1),
            OpKind::FConv { from, to } => {
                ws == [from.width()]
                    && rw == Some(to.width())
                    && (from.float().is_some() || to.float().is_some())
                    && from != to
            }
        };
        if !ok {
            self.errors
                .push(format!("{id} ({:?}) has operands or a result of the wrong count or width", op.kind));
        }
    }
}
