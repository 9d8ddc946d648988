//! CIRCT's aggregate ops lowered to bit vectors while the netlist is built.
//!
//! A value of an `!hw.array`/`!hw.struct`/`!hw.union`/`!hw.enum` type is one net of its
//! flattened width, in CIRCT's layout (see `mlir_text::hw_types`: array element 0 low,
//! first struct field high). Pass 1 ([`Builder::plan_aggregate`]) gives each result a
//! `comb.concat` cell (constants become `hw.constant` cells); pass 2
//! ([`Builder::connect_aggregate`]), when every operand has its net, checks the types and
//! wires the result from `comb.extract`, `comb.concat`, `comb.mux` and `comb.icmp` cells.
//!
//! Defined values where CIRCT leaves them undefined: `hw.array_get` and `hw.array_slice`
//! with an index past the end give 0; `hw.array_inject` past the end leaves the array as
//! it was; `hw.union_create` fills the bits outside the field with 0 (as CIRCT's Verilog
//! export does).

use super::body::NetOf;
use super::ops::Plan;
use super::{cell_name, Builder};
use crate::bits::Bits;
use crate::ids::{ModuleId, NetId};
use crate::netlist::{CellKind, IcmpPred};
use mlir_text::hw_types::index_width;
use mlir_text::{Attr, ComplexType, Operation, Span, Type};

/// True for the ops this module lowers (the datapath ops are in `datapath.rs`).
pub(crate) fn is_aggregate_op(name: &str) -> bool {
    mlir_text::dialect::HW_AGGREGATE_OPS.contains(&name) || super::datapath::is_datapath_op(name)
}

fn int_of(a: &Attr) -> Option<i128> {
    match a {
        Attr::Int(v, _) => v.to_i128(),
        _ => None,
    }
}

/// One field of a struct or union as bits: (low bit, width) in the flattened value.
fn struct_field(fields: &[mlir_text::hw_types::HwField], i: usize) -> (u32, u32) {
    let w = |k: usize| fields[k].ty.bit_width().unwrap_or(0) as u32;
    let low = (i + 1..fields.len()).map(w).sum();
    (low, w(i))
}

fn union_field(ty: &Type, fields: &[mlir_text::hw_types::HwField], i: usize) -> (u32, u32) {
    let total = ty.bit_width().unwrap_or(0) as u32;
    let w = fields[i].ty.bit_width().unwrap_or(0) as u32;
    (total - fields[i].offset as u32 - w, w)
}

impl<'f> Builder<'f> {
    /// Pass 1 for an aggregate or datapath op.
    pub(crate) fn plan_aggregate(&mut self, op: &Operation) -> Option<Plan> {
        let name = &*op.name;
        if super::datapath::is_datapath_op(name) {
            return self.plan_datapath(op);
        }
        let mut results = Vec::with_capacity(op.results.len());
        for r in &op.results {
            let v = self.file.value(*r);
            let Some(w) = v.ty.bit_width() else {
                self.error(
                    op.span,
                    format!("result of '{name}' must be an integer or hw aggregate, got '{}'", v.ty),
                );
                return None;
            };
            let cname = cell_name(&v.name);
            // hw.wire: an unnamed one takes its inner symbol's name, as a register does.
            let cname = if name == "hw.wire" { super::ops::named_or_sym(op, cname) } else { cname };
            results.push((w as u32, cname, v.ty.clone()));
        }
        let want = if name == "hw.struct_explode" { results.len() } else { 1 };
        if results.len() != want || results.is_empty() && name != "hw.struct_explode" {
            self.error(op.span, format!("'{name}' must have exactly one result, has {}", results.len()));
            return None;
        }
        match name {
            "hw.aggregate_constant" => {
                let (w, cname, ty) = results.pop()?;
                let at = op.named_attr("fields").map_or(op.span, |a| a.span);
                let Some(fields @ Attr::Array(_)) = op.attr("fields") else {
                    self.error(at, "'hw.aggregate_constant' needs a 'fields' array");
                    return None;
                };
                if ty.hw_aggregate().is_none() || matches!(ty.hw_aggregate(), Some(ComplexType::HwEnum(_))) {
                    self.error(
                        op.span,
                        format!("'hw.aggregate_constant' needs an array or struct type, got '{ty}'"),
                    );
                    return None;
                }
                let mut bits = Vec::new();
                if let Err(m) = super::aggregate_const::const_bits(fields, &ty, &mut bits) {
                    self.error(at, m);
                    return None;
                }
                let mut b = Bits::zero(w);
                for (i, v) in bits.iter().rev().enumerate() {
                    b.set_bit(i as u32, *v);
                }
                Some(Plan::Cell { kind: CellKind::Const(b), width: w, name: cname })
            }
            "hw.enum.constant" => {
                let (w, cname, ty) = results.pop()?;
                let at = op.named_attr("field").map_or(op.span, |a| a.span);
                let tag = match op.attr("field") {
                    Some(Attr::Opaque(s)) => s
                        .strip_prefix("#hw.enum.field<")
                        .and_then(|r| r.split(',').next())
                        .map(|t| t.trim().to_string()),
                    _ => None,
                };
                // The attribute names its enum type too; it must be the result's.
                let squeeze = |t: &str| t.chars().filter(|c| !c.is_whitespace()).collect::<String>();
                let attr_ty = match op.attr("field") {
                    Some(Attr::Opaque(s)) => s
                        .strip_prefix("#hw.enum.field<")
                        .and_then(|r| r.split_once(','))
                        .and_then(|(_, t)| t.trim().strip_suffix('>'))
                        .map(squeeze),
                    _ => None,
                };
                if attr_ty.as_deref().is_some_and(|t| t != squeeze(&ty.to_string())) {
                    self.error(
                        at,
                        format!("result type '{ty}' does not match the type of the 'field' attribute"),
                    );
                    return None;
                }
                let idx = match (tag, ty.hw_aggregate()) {
                    (Some(t), Some(ComplexType::HwEnum(tags))) => tags.iter().position(|x| *x == t),
                    _ => None,
                };
                let Some(i) = idx else {
                    self.error(
                        at,
                        format!("'hw.enum.constant' needs a 'field' naming a tag of its type '{ty}'"),
                    );
                    return None;
                };
                Some(Plan::Cell { kind: CellKind::Const(Bits::from_u64(i as u64, w)), width: w, name: cname })
            }
            "hw.struct_extract" | "hw.struct_inject" | "hw.union_create" | "hw.union_extract" => {
                if op.attr("fieldIndex").and_then(int_of).is_none() {
                    self.error(op.span, format!("'{name}' needs an integer 'fieldIndex' attribute"));
                    return None;
                }
                let (width, name, _) = results.pop()?;
                Some(Plan::Cell { kind: CellKind::Concat, width, name })
            }
            _ => Some(Plan::Cells(results.into_iter().map(|(w, n, _)| (CellKind::Concat, w, n)).collect())),
        }
    }

    fn agg_cell(&mut self, mid: ModuleId, kind: CellKind, width: u32, ops: &[NetId], span: Span) -> NetId {
        self.design.module_mut(mid).add_cell(kind, width, ops, None, span)
    }

    /// `comb.extract` of `width` bits from `low` (the net itself when that is all of it).
    pub(crate) fn agg_extract(
        &mut self,
        mid: ModuleId,
        net: NetId,
        low: u32,
        width: u32,
        span: Span,
    ) -> NetId {
        if low == 0 && self.design.module(mid).width(net) == width {
            return net;
        }
        self.agg_cell(mid, CellKind::Extract { low }, width, &[net], span)
    }

    pub(crate) fn agg_const(&mut self, mid: ModuleId, bits: Bits, span: Span) -> NetId {
        let w = bits.width();
        self.agg_cell(mid, CellKind::Const(bits), w, &[], span)
    }

    /// A mux tree choosing `cands[idx]` (0 where `idx` is past the end).
    fn mux_tree(&mut self, mid: ModuleId, idx: NetId, iw: u32, mut cands: Vec<NetId>, span: Span) -> NetId {
        let w = self.design.module(mid).width(cands[0]);
        let full = 1usize << iw.min(30);
        if cands.len() < full {
            let z = self.agg_const(mid, Bits::zero(w), span);
            cands.resize(full, z);
        }
        for bit in 0..iw {
            let sel = self.agg_extract(mid, idx, bit, 1, span);
            cands = cands
                .chunks(2)
                .map(|p| {
                    if p.len() == 2 && p[0] != p[1] {
                        self.agg_cell(mid, CellKind::Mux, w, &[sel, p[1], p[0]], span)
                    } else {
                        p[0]
                    }
                })
                .collect();
        }
        cands[0]
    }

    /// Pass 2 for an aggregate op: checks operand types and wires the result cells.
    pub(crate) fn connect_aggregate(&mut self, mid: ModuleId, o: &Operation, net_of: &NetOf) {
        let name = &*o.name;
        if super::datapath::is_datapath_op(name) {
            return self.connect_datapath(mid, o, net_of);
        }
        if matches!(name, "hw.aggregate_constant" | "hw.enum.constant") {
            if !o.operands.is_empty() {
                self.error(o.span, format!("'{name}' takes no operands"));
            }
            return;
        }
        let mut nets = Vec::with_capacity(o.operands.len());
        let mut tys: Vec<&'f Type> = Vec::with_capacity(o.operands.len());
        for i in 0..o.operands.len() {
            let Some((n, _, ty)) = self.operand(o, i, net_of) else { return };
            let ty = ty.unwrap_or(&Type::None);
            if !ty.is_bits() {
                self.error(
                    o.operands[i].span,
                    format!("operand #{i} of '{name}' must be an integer or hw aggregate, got '{ty}'"),
                );
                return;
            }
            nets.push(n);
            tys.push(ty);
        }
        let results: Vec<NetId> = o.results.iter().filter_map(|r| net_of[r.index()]).collect();
        if results.len() != o.results.len() {
            return;
        }
        let rty = self.file.ty(o.results[0]);
        let span = o.span;
        let nops = |n: usize, this: &mut Self| -> bool {
            if o.operands.len() != n {
                this.error(o.span, format!("'{name}' takes {n} operands, got {}", o.operands.len()));
                return false;
            }
            true
        };
        let field_index = o.attr("fieldIndex").and_then(int_of).unwrap_or(-1);
        let fidx_span = o.named_attr("fieldIndex").map_or(o.span, |a| a.span);
        let parts: Vec<NetId> = match name {
            "hw.array_create" => {
                let Some(ComplexType::HwArray { len, elem }) = rty.hw_aggregate() else {
                    self.error(o.span, format!("'hw.array_create' must give an !hw.array, not '{rty}'"));
                    return;
                };
                if *len != nets.len() as u64 {
                    self.error(
                        o.span,
                        format!("'hw.array_create' of {} elements cannot give '{rty}'", nets.len()),
                    );
                    return;
                }
                for (i, t) in tys.iter().enumerate() {
                    if t.strip_alias() != elem.strip_alias() {
                        self.error(
                            o.operands[i].span,
                            format!("element #{i} of 'hw.array_create' is '{t}', but '{rty}' holds '{elem}'"),
                        );
                        return;
                    }
                }
                nets.clone()
            }
            "hw.array_concat" => {
                let mut total = 0;
                let want = match rty.hw_aggregate() {
                    Some(ComplexType::HwArray { len, elem }) => (len, elem),
                    _ => {
                        self.error(o.span, format!("'hw.array_concat' must give an !hw.array, not '{rty}'"));
                        return;
                    }
                };
                for (i, t) in tys.iter().enumerate() {
                    match t.hw_aggregate() {
                        Some(ComplexType::HwArray { len, elem })
                            if elem.strip_alias() == want.1.strip_alias() =>
                        {
                            total += len
                        }
                        _ => {
                            self.error(
                                o.operands[i].span,
                                format!(
                                    "operand #{i} of 'hw.array_concat' is '{t}', not an array of '{}'",
                                    want.1
                                ),
                            );
                            return;
                        }
                    }
                }
                if total != *want.0 {
                    self.error(o.span, format!("'hw.array_concat' of {total} elements cannot give '{rty}'"));
                    return;
                }
                nets.clone()
            }
            "hw.array_get" | "hw.array_slice" | "hw.array_inject" => {
                let n = if name == "hw.array_inject" { 3 } else { 2 };
                if !nops(n, self) {
                    return;
                }
                let Some(ComplexType::HwArray { len, elem }) = tys[0].hw_aggregate() else {
                    self.error(o.operands[0].span, format!("'{name}' needs an !hw.array, got '{}'", tys[0]));
                    return;
                };
                let (len, ew) = (*len, elem.bit_width().unwrap_or(0) as u32);
                let iw = index_width(len);
                let got = tys[1].strip_alias().int_width();
                let ok = match got {
                    Some(g) => g == iw || (iw == 0 && g <= 1),
                    None => false,
                };
                if !ok {
                    self.error(
                        o.operands[1].span,
                        format!(
                            "index of '{name}' into '{}' must be i{}, got '{}'",
                            tys[0],
                            iw.max(1),
                            tys[1]
                        ),
                    );
                    return;
                }
                let iw = got.unwrap_or(0);
                match name {
                    "hw.array_get" => {
                        if rty.strip_alias() != elem.strip_alias() {
                            self.error(
                                o.span,
                                format!("'hw.array_get' of '{}' gives '{elem}', not '{rty}'", tys[0]),
                            );
                            return;
                        }
                        let cands: Vec<NetId> = (0..len as u32)
                            .map(|i| self.agg_extract(mid, nets[0], i * ew, ew, span))
                            .collect();
                        vec![self.mux_tree(mid, nets[1], iw, cands, span)]
                    }
                    "hw.array_slice" => {
                        let m = match rty.hw_aggregate() {
                            Some(ComplexType::HwArray { len: m, elem: e })
                                if e.strip_alias() == elem.strip_alias() && *m <= len =>
                            {
                                *m
                            }
                            _ => {
                                self.error(
                                    o.span,
                                    format!("'hw.array_slice' of '{}' cannot give '{rty}'", tys[0]),
                                );
                                return;
                            }
                        };
                        let cands: Vec<NetId> = (0..=(len - m) as u32)
                            .map(|i| self.agg_extract(mid, nets[0], i * ew, m as u32 * ew, span))
                            .collect();
                        vec![self.mux_tree(mid, nets[1], iw, cands, span)]
                    }
                    _ => {
                        if tys[2].strip_alias() != elem.strip_alias() {
                            self.error(
                                o.operands[2].span,
                                format!(
                                    "'hw.array_inject' into '{}' needs '{elem}', got '{}'",
                                    tys[0], tys[2]
                                ),
                            );
                            return;
                        }
                        let mut parts = Vec::with_capacity(len as usize);
                        for i in (0..len as u32).rev() {
                            let e = self.agg_extract(mid, nets[0], i * ew, ew, span);
                            let hit = if iw == 0 {
                                self.agg_const(mid, Bits::from_bool(true), span)
                            } else {
                                let k = self.agg_const(mid, Bits::from_u64(i as u64, iw), span);
                                self.agg_cell(mid, CellKind::Icmp(IcmpPred::Eq), 1, &[nets[1], k], span)
                            };
                            parts.push(self.agg_cell(mid, CellKind::Mux, ew, &[hit, nets[2], e], span));
                        }
                        parts
                    }
                }
            }
            "hw.struct_create" => {
                let Some(ComplexType::HwStruct(fields)) = rty.hw_aggregate() else {
                    self.error(o.span, format!("'hw.struct_create' must give an !hw.struct, not '{rty}'"));
                    return;
                };
                if fields.len() != nets.len() {
                    self.error(
                        o.span,
                        format!("'hw.struct_create' of {} values cannot give '{rty}'", nets.len()),
                    );
                    return;
                }
                for (i, (t, f)) in tys.iter().zip(fields).enumerate() {
                    if t.strip_alias() != f.ty.strip_alias() {
                        self.error(
                            o.operands[i].span,
                            format!("field '{}' of '{rty}' is '{}', got '{t}'", f.name, f.ty),
                        );
                        return;
                    }
                }
                nets.clone()
            }
            "hw.struct_extract" | "hw.struct_inject" | "hw.struct_explode" => {
                let n = if name == "hw.struct_inject" { 2 } else { 1 };
                if !nops(n, self) {
                    return;
                }
                let Some(ComplexType::HwStruct(fields)) = tys[0].hw_aggregate() else {
                    self.error(o.operands[0].span, format!("'{name}' needs an !hw.struct, got '{}'", tys[0]));
                    return;
                };
                if name == "hw.struct_explode" {
                    if fields.len() != results.len() {
                        self.error(
                            o.span,
                            format!(
                                "'hw.struct_explode' of '{}' gives {} results, not {}",
                                tys[0],
                                fields.len(),
                                results.len()
                            ),
                        );
                        return;
                    }
                    for (k, f) in fields.iter().enumerate() {
                        if self.file.ty(o.results[k]).strip_alias() != f.ty.strip_alias() {
                            self.error(
                                o.span,
                                format!(
                                    "field '{}' of '{}' is '{}', not '{}'",
                                    f.name,
                                    tys[0],
                                    f.ty,
                                    self.file.ty(o.results[k])
                                ),
                            );
                            return;
                        }
                        let (low, w) = struct_field(fields, k);
                        let x = self.agg_extract(mid, nets[0], low, w, span);
                        self.design.module_mut(mid).set_operands(results[k], &[x]);
                    }
                    return;
                }
                let Some(i) = usize::try_from(field_index).ok().filter(|i| *i < fields.len()) else {
                    self.error(
                        fidx_span,
                        format!("field index {field_index} is out of range for '{}'", tys[0]),
                    );
                    return;
                };
                let (low, w) = struct_field(fields, i);
                if name == "hw.struct_extract" {
                    if rty.strip_alias() != fields[i].ty.strip_alias() {
                        self.error(
                            o.span,
                            format!(
                                "field '{}' of '{}' is '{}', not '{rty}'",
                                fields[i].name, tys[0], fields[i].ty
                            ),
                        );
                        return;
                    }
                    vec![self.agg_extract(mid, nets[0], low, w, span)]
                } else {
                    if tys[1].strip_alias() != fields[i].ty.strip_alias() {
                        self.error(
                            o.operands[1].span,
                            format!(
                                "field '{}' of '{}' is '{}', got '{}'",
                                fields[i].name, tys[0], fields[i].ty, tys[1]
                            ),
                        );
                        return;
                    }
                    let total = tys[0].bit_width().unwrap_or(0) as u32;
                    let mut parts = Vec::new();
                    if low + w < total {
                        parts.push(self.agg_extract(mid, nets[0], low + w, total - low - w, span));
                    }
                    parts.push(nets[1]);
                    if low > 0 {
                        parts.push(self.agg_extract(mid, nets[0], 0, low, span));
                    }
                    parts
                }
            }
            "hw.union_create" | "hw.union_extract" => {
                let create = name == "hw.union_create";
                // A zero-width field's create lost its `i0` operand (`zero_width.rs`).
                let zero_field = create && o.operands.is_empty();
                if !zero_field && !nops(1, self) {
                    return;
                }
                let uty = if create { rty } else { tys[0] };
                let Some(ComplexType::HwUnion(fields)) = uty.hw_aggregate() else {
                    self.error(o.span, format!("'{name}' needs an !hw.union, got '{uty}'"));
                    return;
                };
                let Some(i) = usize::try_from(field_index).ok().filter(|i| *i < fields.len()) else {
                    self.error(fidx_span, format!("field index {field_index} is out of range for '{uty}'"));
                    return;
                };
                let (low, w) = union_field(uty, fields, i);
                if zero_field {
                    if w != 0 {
                        self.error(o.span, "'hw.union_create' takes 1 operand, got 0".to_string());
                        return;
                    }
                    let total = uty.bit_width().unwrap_or(0) as u32;
                    let zero = self.agg_const(mid, Bits::zero(total), span);
                    self.design.module_mut(mid).set_operands(results[0], &[zero]);
                    return;
                }
                let other = if create { tys[0] } else { rty };
                if other.strip_alias() != fields[i].ty.strip_alias() {
                    self.error(
                        o.span,
                        format!("field '{}' of '{uty}' is '{}', not '{other}'", fields[i].name, fields[i].ty),
                    );
                    return;
                }
                if name == "hw.union_extract" {
                    vec![self.agg_extract(mid, nets[0], low, w, span)]
                } else {
                    let total = uty.bit_width().unwrap_or(0) as u32;
                    let mut parts = Vec::new();
                    if low + w < total {
                        parts.push(self.agg_const(mid, Bits::zero(total - low - w), span));
                    }
                    parts.push(nets[0]);
                    if low > 0 {
                        parts.push(self.agg_const(mid, Bits::zero(low), span));
                    }
                    parts
                }
            }
            "hw.enum.cmp" => {
                if !nops(2, self) {
                    return;
                }
                if !matches!(tys[0].hw_aggregate(), Some(ComplexType::HwEnum(_)))
                    || tys[0].strip_alias() != tys[1].strip_alias()
                    || rty.int_width() != Some(1)
                {
                    self.error(o.span, format!("'hw.enum.cmp' compares two values of one !hw.enum type and gives i1, got '{}' and '{}'", tys[0], tys[1]));
                    return;
                }
                vec![self.agg_cell(mid, CellKind::Icmp(IcmpPred::Eq), 1, &nets, span)]
            }
            _ => {
                // hw.bitcast, and hw.wire (the same type on both sides, checked by the reader):
                // the result is the operand's bits.
                if !nops(1, self) {
                    return;
                }
                let (a, b) = (tys[0].bit_width(), rty.bit_width());
                if a != b {
                    self.error(
                        o.span,
                        format!(
                            "'hw.bitcast' from '{}' ({} bits) to '{rty}' ({} bits) must keep the width",
                            tys[0],
                            a.unwrap_or(0),
                            b.unwrap_or(0)
                        ),
                    );
                    return;
                }
                nets.clone()
            }
        };
        self.design.module_mut(mid).set_operands(results[0], &parts);
    }
}
