//! CIRCT's initial values: `seq.initial` bodies are evaluated while building, so a
//! register's `initial %v` becomes its power-on value ([`CellKind::Reg`]'s `init`, the same
//! property `seq.firreg`'s `preset` sets) and `seq.from_immutable %v` a constant.
//!
//! A body may hold constants and comb ops over its block arguments (the values of other
//! `seq.initial`s); anything whose value only a simulator knows (`sv.system "random"`) is
//! a located error. Bodies may use each other's results in any textual order; a cycle among
//! them is an error.

use super::body::NetOf;
use super::ops::Plan;
use super::Builder;
use crate::bits::Bits;
use crate::bits_ops::eval_cell;
use crate::ids::{ModuleId, NetId};
use crate::netlist::CellKind;
use mlir_text::{Attr, ComplexType, Operation, Type, ValueId};
use std::collections::{HashMap, HashSet};

/// The value inside `!seq.immutable<T>`, as the reader spells it, or `None`.
fn wrapped(ty: &Type) -> Option<&str> {
    match ty {
        Type::Complex(c) => match &**c {
            ComplexType::Opaque(t) => t.strip_prefix("!seq.immutable<")?.strip_suffix('>'),
            _ => None,
        },
        _ => None,
    }
}

/// Whether `ty` is a `!seq.immutable<...>`.
pub(crate) fn is_immutable(ty: &Type) -> bool {
    wrapped(ty).is_some()
}

/// Whether `o` is a `seq.compreg`/`seq.compreg.ce` whose last operand is its initial value.
pub(crate) fn has_initial_operand(o: &Operation) -> bool {
    matches!(&*o.name, "seq.compreg" | "seq.compreg.ce")
        && matches!(o.attr("operandSegmentSizes"), Some(Attr::DenseArray(_, s))
            if s.last().and_then(|v| v.to_i128()) == Some(1))
}

impl<'f> Builder<'f> {
    /// Evaluates every `seq.initial` of a body (before its cells are made).
    pub(crate) fn scan_initials(&mut self, ops: &'f [Operation]) {
        let inits: Vec<&Operation> = ops.iter().filter(|o| &*o.name == "seq.initial").collect();
        let mut failed: HashSet<ValueId> = HashSet::new();
        let mut done = vec![false; inits.len()];
        loop {
            let mut progress = false;
            for (i, op) in inits.iter().enumerate() {
                if done[i] {
                    continue;
                }
                let ready = op
                    .operands
                    .iter()
                    .all(|u| self.initials.contains_key(&u.value) || failed.contains(&u.value));
                if !ready {
                    continue;
                }
                done[i] = true;
                progress = true;
                let inputs_ok = op.operands.iter().all(|u| !failed.contains(&u.value));
                if !inputs_ok || !self.eval_initial(op) {
                    failed.extend(op.results.iter().copied());
                }
            }
            if !progress {
                break;
            }
        }
        for (i, op) in inits.iter().enumerate() {
            if !done[i] {
                self.error(
                    op.name_span,
                    "'seq.initial' operands must be results of other 'seq.initial's, without a cycle",
                );
            }
        }
    }

    /// Evaluates one `seq.initial` whose operands have values; false after an error.
    fn eval_initial(&mut self, op: &'f Operation) -> bool {
        let Some(block) = op.regions().first().and_then(|r| r.blocks.first()) else {
            self.error(op.name_span, "'seq.initial' needs a body ending in 'seq.yield'");
            return false;
        };
        if op.regions()[0].blocks.len() > 1 {
            self.error(op.regions()[0].blocks[1].span, "'seq.initial' has a single block");
            return false;
        }
        if block.args.len() != op.operands.len() {
            self.error(
                block.span,
                format!(
                    "'seq.initial' has {} operands but its block {} arguments",
                    op.operands.len(),
                    block.args.len()
                ),
            );
            return false;
        }
        let mut val: HashMap<ValueId, Bits> = HashMap::new();
        for (arg, u) in block.args.iter().zip(&op.operands) {
            let b = self.initials[&u.value].clone();
            let aty = &self.file.value(*arg).ty;
            if aty.int_width() != Some(b.width()) {
                self.error(
                    block.span,
                    format!("block argument of type '{aty}' takes an i{} value", b.width()),
                );
                return false;
            }
            val.insert(*arg, b);
        }
        for o in &block.ops {
            let name = &*o.name;
            if name == "seq.yield" {
                return self.bind_yield(op, o, &val);
            }
            let allowed =
                matches!(name, "hw.constant" | "arith.constant" | "constant") || name.starts_with("comb.");
            if !allowed {
                self.error(
                    o.name_span,
                    format!(
                        "'{name}' in 'seq.initial': only constants and comb ops can give an initial value here \
                         (it is evaluated when the netlist is built)"
                    ),
                );
                return false;
            }
            let Some(plan) = self.plan(o) else { return false };
            let Plan::Cell { kind, width, .. } = plan else {
                self.error(o.name_span, format!("'{name}' cannot give an initial value"));
                return false;
            };
            let mut ins: Vec<&Bits> = Vec::with_capacity(o.operands.len());
            for u in &o.operands {
                match val.get(&u.value) {
                    Some(b) => ins.push(b),
                    None => {
                        self.error(
                            u.span,
                            "an operand in 'seq.initial' must be defined before it in the body",
                        );
                        return false;
                    }
                }
            }
            let widths: Vec<u32> = ins.iter().map(|b| b.width()).collect();
            if let Err(msg) = kind.check_widths(&widths, width) {
                self.error(o.span, msg);
                return false;
            }
            let Some(b) = eval_cell(&kind, width, &ins) else {
                self.error(o.name_span, format!("'{name}' cannot give an initial value"));
                return false;
            };
            for r in o.results.iter().take(1) {
                val.insert(*r, b.clone());
            }
        }
        let end = op.regions()[0].span;
        self.error(end, "'seq.initial' body must end with 'seq.yield'");
        false
    }

    /// Binds the results of `init` to what its `seq.yield` gives.
    fn bind_yield(&mut self, init: &Operation, y: &Operation, val: &HashMap<ValueId, Bits>) -> bool {
        if y.operands.len() != init.results.len() {
            self.error(
                y.span,
                format!(
                    "'seq.yield' gives {} values but 'seq.initial' has {} results",
                    y.operands.len(),
                    init.results.len()
                ),
            );
            return false;
        }
        for (u, r) in y.operands.iter().zip(&init.results) {
            let Some(b) = val.get(&u.value) else {
                self.error(u.span, "'seq.yield' operand must be defined in the body before it");
                return false;
            };
            let rty = &self.file.value(*r).ty;
            let want = wrapped(rty).and_then(|t| t.strip_prefix('i')).and_then(|w| w.parse::<u32>().ok());
            if want != Some(b.width()) {
                self.error(
                    u.span,
                    format!("'seq.yield' gives an i{} value for a result of type '{rty}'", b.width()),
                );
                return false;
            }
            self.initials.insert(*r, b.clone());
        }
        true
    }

    /// The initial value of register op `o` (its last operand), if it has one; `Err` after an
    /// error (reported here or when its `seq.initial` failed).
    pub(crate) fn reg_initial(&mut self, o: &Operation, width: u32) -> Result<Option<Bits>, ()> {
        if !has_initial_operand(o) {
            return Ok(None);
        }
        let Some(u) = o.operands.last() else { return Err(()) };
        match self.initials.get(&u.value) {
            Some(b) if b.width() == width => Ok(Some(b.clone())),
            Some(b) => {
                let w = b.width();
                self.error(u.span, format!("initial value is i{w} but the register is i{width}"));
                Err(())
            }
            // `powerOn %v`: set when the operands are connected.
            None if !is_immutable(&self.file.value(u.value).ty) => Ok(None),
            None => Err(()),
        }
    }

    /// CIRCT 1.62's `powerOn %v` (a plain value, the last operand of register op `o` made
    /// cell `net`): `%v` must be a constant, which becomes the register's `init`. True if
    /// the register may be connected (also for `initial %v`, handled by [`Self::reg_initial`]).
    pub(crate) fn power_on(&mut self, mid: ModuleId, o: &Operation, net: NetId, net_of: &NetOf) -> bool {
        let Some(u) = o.operands.last() else { return false };
        if is_immutable(&self.file.value(u.value).ty) {
            return true;
        }
        let Some(v) = net_of.get(u.value.index()).copied().flatten() else { return false };
        let m = self.design.module_mut(mid);
        let width = m.cell(net).width;
        let value = match &m.cell(v).kind {
            CellKind::Const(b) if b.width() == width => b.clone(),
            _ => {
                self.error(
                    u.span,
                    "a register's 'powerOn' value must be a constant ('hw.constant') of its type",
                );
                return false;
            }
        };
        if let CellKind::Reg { init, .. } = &mut m.cell_mut(net).kind {
            *init = Some(value);
        }
        true
    }

    /// `seq.from_immutable %v`: the constant `%v` holds.
    pub(crate) fn plan_from_immutable(&mut self, op: &Operation) -> Option<Plan> {
        let (u, r) = (op.operands.first()?, op.results.first()?);
        let Some(b) = self.initials.get(&u.value).cloned() else {
            // A failed `seq.initial` has been reported already.
            if !is_immutable(&self.file.value(u.value).ty) || self.errors.is_empty() {
                self.error(u.span, "'seq.from_immutable' takes a '!seq.immutable' result of 'seq.initial'");
            }
            return None;
        };
        let v = self.file.value(*r);
        if v.ty.int_width() != Some(b.width()) {
            self.error(op.span, format!("'seq.from_immutable' of an i{} value gives '{}'", b.width(), v.ty));
            return None;
        }
        let name = super::cell_name(&v.name);
        Some(Plan::Cell { kind: CellKind::Const(b), width: v.ty.int_width()?, name })
    }
}
