//! `sv.case` inside procedural blocks (`sv.alwayscomb`, `sv.alwaysff`, `sv.always`): the
//! value a storage has after the statement, as a chain of `comb.mux`es.
//!
//! Items are tried in order and the first that matches wins, as in SystemVerilog; `default`
//! (wherever it stands among them) applies when none does (without one, the storage keeps the value it had before the
//! statement: in a clocked block it holds, in `sv.alwayscomb` that is a latch unless an
//! earlier statement assigned it). Patterns are read on two-state values: `0` and `1` must
//! equal the bit; `z` is a wildcard under `casez` and `casex`, `x` under `casex` only; an
//! `x` or `z` that is no wildcard matches no two-state value, so that item never applies
//! (an event-driven simulator agrees: a two-state signal is never X or Z).

use super::body::NetOf;
use super::Builder;
use crate::bits::Bits;
use crate::ids::{ModuleId, NetId};
use crate::netlist::{CellKind, IcmpPred};
use mlir_text::{Attr, Operation, Span, ValueId};

/// The `casePatterns` of an `sv.case` (most significant bit first, or `default`).
pub(crate) fn patterns(o: &Operation) -> Vec<&str> {
    match o.attr("casePatterns") {
        Some(Attr::Array(a)) => {
            a.iter().map(|p| if let Attr::String(s) = p { s.as_str() } else { "" }).collect()
        }
        _ => Vec::new(),
    }
}

impl<'f> Builder<'f> {
    /// The value `r` has after the `sv.case` `o`, starting from `cur` (see the module
    /// documentation); `Err` on a latch (some item assigns it, another path does not, and it
    /// had no value before).
    pub(crate) fn sv_case_value(
        &mut self,
        mid: ModuleId,
        o: &'f Operation,
        r: ValueId,
        cur: Option<NetId>,
        width: u32,
        net_of: &NetOf,
    ) -> Result<Option<NetId>, ()> {
        let (pats, style) = self.case_patterns(o)?;
        let regions = o.regions();
        let mut items = Vec::new();
        let mut fallback = cur;
        for (i, p) in pats.iter().enumerate() {
            let ops =
                regions.get(i).and_then(|rg| rg.blocks.first()).map(|b| b.ops.as_slice()).unwrap_or(&[]);
            let v = self.sv_value(mid, ops, r, cur, width, net_of)?;
            if *p == "default" {
                // Wherever it stands, a default applies only when no item matches.
                fallback = v;
            } else {
                items.push((*p, v));
            }
        }
        let cond = net_of[o.operands[0].value.index()].ok_or(())?;
        let mut acc = fallback;
        for (p, v) in items.into_iter().rev() {
            acc = match self.case_match(mid, cond, p, style, o.span) {
                Match::Never => acc,
                Match::Always => v,
                Match::When(_) if v == acc => acc,
                Match::When(hit) => self.select_assigned(mid, hit, v, acc, width, o.span)?,
            };
        }
        Ok(acc)
    }

    /// The patterns and the style (`case`, `casez`, `casex`) of the `sv.case` `o`; `Err` after
    /// reporting patterns that are not of the operand's width (once per op, however many
    /// statements ask).
    fn case_patterns(&mut self, o: &'f Operation) -> Result<(Vec<&'f str>, &'f str), ()> {
        let pats = patterns(o);
        let style = match o.attr("caseStyle") {
            Some(Attr::String(s)) => s.as_str(),
            _ => "case",
        };
        let cond_width = self.file.value(o.operands[0].value).ty.int_width();
        let valid = |p: &str| {
            p == "default" || (Some(p.len() as u32) == cond_width && p.bytes().all(|c| b"01xz".contains(&c)))
        };
        if pats.is_empty() && !o.regions().is_empty() || !pats.iter().all(|p| valid(p)) {
            let msg = "'sv.case' needs 'casePatterns' of the operand's width (0, 1, x, z or 'default')";
            if !self.errors.iter().any(|d| d.span == Some(o.span) && d.message == msg) {
                self.error(o.span, msg);
            }
            return Err(());
        }
        Ok((pats, style))
    }

    /// When item `index` of the `sv.case` `o` on `cond` is the one taken (for a check inside
    /// it): its pattern matches and no earlier item's does; `default` (wherever it stands)
    /// when no other item's does. `None` when it is always taken.
    pub(crate) fn case_item_taken(
        &mut self,
        mid: ModuleId,
        o: &'f Operation,
        cond: NetId,
        index: usize,
    ) -> Result<Option<NetId>, ()> {
        let (pats, style) = self.case_patterns(o)?;
        let Some(&mine) = pats.get(index) else {
            self.error(o.span, "'sv.case' has more items than 'casePatterns'");
            return Err(());
        };
        let never = |b: &mut Self| {
            Ok(Some(b.design.module_mut(mid).add_cell(CellKind::Const(Bits::zero(1)), 1, &[], None, o.span)))
        };
        let mut terms = Vec::new();
        if mine != "default" {
            match self.case_match(mid, cond, mine, style, o.span) {
                Match::Never => return never(self),
                Match::Always => {}
                Match::When(h) => terms.push(h),
            }
        }
        let earlier = if mine == "default" { &pats[..] } else { &pats[..index] };
        for p in earlier.iter().filter(|p| **p != "default") {
            match self.case_match(mid, cond, p, style, o.span) {
                Match::Never => {}
                Match::Always => return never(self),
                Match::When(h) => {
                    let m = self.design.module_mut(mid);
                    terms.push(m.add_cell(CellKind::Inv, 1, &[h], None, o.span));
                }
            }
        }
        let m = self.design.module_mut(mid);
        Ok(terms.into_iter().reduce(|x, y| m.add_cell(CellKind::And, 1, &[x, y], None, o.span)))
    }

    /// When `cond` matches `pattern`.
    fn case_match(&mut self, mid: ModuleId, cond: NetId, pattern: &str, style: &str, span: Span) -> Match {
        let w = pattern.len() as u32;
        let (mut mask, mut value) = (Bits::zero(w), Bits::zero(w));
        for (j, c) in pattern.bytes().enumerate() {
            let bit = w - 1 - j as u32;
            match c {
                b'0' | b'1' => {
                    mask.set_bit(bit, true);
                    value.set_bit(bit, c == b'1');
                }
                b'z' if style != "case" => {}
                b'x' if style == "casex" => {}
                _ => return Match::Never,
            }
        }
        if mask.is_zero() {
            return Match::Always;
        }
        let m = self.design.module_mut(mid);
        let masked = if mask.is_ones() {
            cond
        } else {
            let k = m.add_cell(CellKind::Const(mask), w, &[], None, span);
            m.add_cell(CellKind::And, w, &[cond, k], None, span)
        };
        let k = m.add_cell(CellKind::Const(value), w, &[], None, span);
        Match::When(m.add_cell(CellKind::Icmp(IcmpPred::Eq), 1, &[masked, k], None, span))
    }
}

/// When a case item applies.
enum Match {
    /// No two-state value matches its pattern.
    Never,
    /// Every value does (all wildcards).
    Always,
    /// When this one-bit net is 1.
    When(NetId),
}
