//! CIRCT's immediate assertions inside procedural blocks (`sv.assert %p, immediate`, also
//! `sv.assume` and `sv.cover`, deferred `observed`/`final` alike), lowered to the same
//! [`crate::netlist::CellKind::Check`] cells as `verif.assert` (`verif.rs`).
//!
//! A statement runs when its block runs and every enclosing `sv.if` takes its branch and
//! every enclosing `sv.case` its item, so the enable of the check is the AND of those
//! conditions (a condition negated for an `else` branch; for a case item: its pattern
//! matches and no earlier item's does, for `default`: no item's does). In
//! `sv.always posedge %clk` / `sv.alwaysff(posedge %clk)` the check is clocked by `%clk`
//! (sampled at the rising edge, as the statement runs there; in a `negedge` block at the
//! rising edge of `~%clk`); under a synchronous reset the main block adds `!rst` to the
//! enable and the reset block `rst`. An
//! asynchronous reset block is read the same way: its checks are sampled at the clock's
//! rising edges while the reset is active (SystemVerilog also runs them at the reset's own
//! rising edge, between clock edges, which no per-cycle simulator sees: a documented
//! difference). In `sv.alwayscomb` it is unclocked (checked on settled values every cycle).
//! Not supported, with a located error: a check inside `sv.initial` (reported by
//! `sv_initial.rs`), `edge` clocks, several events, and a check outside a procedural block
//! (CIRCT's verifier rejects that too). The `message` and its substitutions (operands after
//! the condition) are kept on the cell (`verif.rs`).

use super::body::NetOf;
use super::Builder;
use crate::ids::{ModuleId, NetId};
use crate::netlist::CellKind;
use mlir_text::{Attr, Operation};
use std::collections::HashMap;

/// True for `sv.assert`, `sv.assume`, `sv.cover` (the immediate forms).
pub(crate) fn is_immediate(name: &str) -> bool {
    matches!(name, "sv.assert" | "sv.assume" | "sv.cover" | "sv.fwrite")
}

/// True for `sv.assert_property`, `sv.assume_property`, `sv.cover_property`: concurrent
/// checks at module level (`verif.rs`), clocked by their block in a procedural one.
pub(crate) fn is_property(name: &str) -> bool {
    matches!(name, "sv.assert_property" | "sv.assume_property" | "sv.cover_property")
}

/// Where an immediate check stands.
pub(crate) struct Ctx<'f> {
    /// The enclosing procedural block.
    always: &'f Operation,
    /// In the reset block (second region) of an `sv.alwaysff`.
    reset_block: bool,
    /// The enclosing `sv.if`s and `sv.case`s, outermost first, with the region the check
    /// stands in (`sv.if`: 0 then, 1 else; `sv.case`: the item's index).
    path: Vec<(&'f Operation, usize)>,
}

/// A statement list still to walk: its ops and the enclosing `sv.if`/`sv.case` regions.
type Pending<'f> = (&'f [Operation], Vec<(&'f Operation, usize)>);

/// The contexts of the immediate checks of a body, by op address.
pub(crate) type Contexts<'f> = HashMap<*const Operation, Ctx<'f>>;

/// Finds the context of every immediate check (and property check) in the procedural blocks
/// of `ops`.
pub(crate) fn contexts(ops: &[Operation]) -> Contexts<'_> {
    let mut out = Contexts::new();
    if !ops.iter().any(|o| o.name.starts_with("sv.always") || &*o.name == "sv.initial") {
        return out;
    }
    for a in ops
        .iter()
        .filter(|o| matches!(&*o.name, "sv.always" | "sv.alwaysff" | "sv.alwayscomb" | "sv.initial"))
    {
        for (ri, r) in a.regions().iter().enumerate() {
            let mut stack: Vec<Pending<'_>> =
                r.blocks.iter().map(|b| (b.ops.as_slice(), Vec::new())).collect();
            while let Some((list, path)) = stack.pop() {
                for x in list {
                    if is_immediate(&x.name) || is_property(&x.name) {
                        let ctx = Ctx { always: a, reset_block: ri == 1, path: path.clone() };
                        out.insert(x as *const Operation, ctx);
                    }
                    for (bi, rg) in x.regions().iter().enumerate() {
                        let mut p = path.clone();
                        p.push((x, bi));
                        for b in &rg.blocks {
                            stack.push((b.ops.as_slice(), p.clone()));
                        }
                    }
                }
            }
        }
    }
    out
}

impl<'f> Builder<'f> {
    /// The condition, clock, enable and falling edge (clocked by `~clock`) of the immediate
    /// check `o` (in module `mid`), or
    /// `None` after reporting why it is not supported (or when an operand failed).
    pub(crate) fn immediate_check(
        &mut self,
        mid: ModuleId,
        o: &'f Operation,
        ctxs: &Contexts<'f>,
        net_of: &NetOf,
    ) -> Option<(NetId, Option<NetId>, Option<NetId>, bool)> {
        let Some(ctx) = ctxs.get(&(o as *const Operation)) else {
            self.error(o.span, format!("'{}' belongs inside a procedural block ('sv.always...')", o.name));
            return None;
        };
        let a = ctx.always;
        if &*a.name == "sv.initial" {
            return None; // reported by sv_initial.rs
        }
        if o.operands.is_empty() {
            self.error(o.span, format!("'{}' takes a condition", o.name));
            return None;
        }
        let net = |v: &mlir_text::Operand| net_of.get(v.value.index()).copied().flatten();
        let cond = net(&o.operands[0])?;
        let mut terms: Vec<NetId> = Vec::new();
        let mut negedge = false;
        let clock = match &*a.name {
            "sv.alwayscomb" => None,
            _ => {
                let edge = match (a.attr("events"), a.attr("clockEdge")) {
                    (Some(Attr::Array(e)), _) if e.len() == 1 => e[0].clone(),
                    (None, Some(e)) => e.clone(),
                    _ => {
                        self.error(a.span, "checks in an 'sv.always' with several events are not supported");
                        return None;
                    }
                };
                // The custom form's words, or the generic form's EventControl integers.
                let edge = match &edge {
                    Attr::Int(v, _) if v.to_i128() == Some(0) => Attr::String("posedge".into()),
                    Attr::Int(v, _) if v.to_i128() == Some(1) => Attr::String("negedge".into()),
                    e => e.clone(),
                };
                negedge = matches!(&edge, Attr::String(s) if s == "negedge");
                if !negedge && !matches!(&edge, Attr::String(s) if s == "posedge") {
                    self.error(
                        o.span,
                        "checks in a block not clocked on 'posedge' or 'negedge' are not supported",
                    );
                    return None;
                }
                let style = match a.attr("resetStyle") {
                    Some(Attr::String(s)) => s.as_str(),
                    _ => "noreset",
                };
                if style != "noreset" {
                    let mut rst = net(a.operands.get(1)?)?;
                    let rst_low = matches!(a.attr("resetEdge"), Some(Attr::String(s)) if s == "negedge");
                    if rst_low == ctx.reset_block {
                        // The active level when in the reset block, its negation in the main one.
                        rst = self.design.module_mut(mid).add_cell(CellKind::Inv, 1, &[rst], None, o.span);
                    }
                    terms.push(rst);
                }
                Some(net(a.operands.first()?)?)
            }
        };
        for &(i, region) in &ctx.path {
            match &*i.name {
                "sv.if" => {
                    let c = net(i.operands.first()?)?;
                    let m = self.design.module_mut(mid);
                    terms.push(if region == 0 {
                        c
                    } else {
                        m.add_cell(CellKind::Inv, 1, &[c], None, i.span)
                    });
                }
                "sv.case" => {
                    let c = net(i.operands.first()?)?;
                    match self.case_item_taken(mid, i, c, region) {
                        Ok(Some(t)) => terms.push(t),
                        Ok(None) => {}
                        Err(()) => return None,
                    }
                }
                // Other regions (`sv.ifdef.procedural` is specialized away before building).
                _ => {}
            }
        }
        let m = self.design.module_mut(mid);
        let enable = terms.into_iter().reduce(|x, y| m.add_cell(CellKind::And, 1, &[x, y], None, o.span));
        Some((cond, clock, enable, negedge))
    }
}
