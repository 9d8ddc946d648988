//! The fast path of a streamed body ([`super::parse_streaming`]): the common custom forms
//! of comb ops and `hw.constant` with one result, no attribute dictionary and no location
//! (`%s = comb.add bin %a, %b : i8`, `%c = comb.icmp ult %a, %b : i8`,
//! `%x = comb.extract %a from 4 : (i16) -> i8`, `%k = hw.constant 5 : i8`, ...) go to
//! [`OpSink::simple_op`](super::OpSink::simple_op) as a [`SimpleOp`], with no
//! [`Operation`] built.
//!
//! The syntax is read first ([`super::simple_syntax`]) without touching any state; anything
//! else (another form, an attribute dictionary, a location, a type that is not an integer,
//! a comment inside the op) leaves the op to the general path, errors included. Uses are then
//! resolved and the result defined by the same functions, in the same order, as the general
//! path, so values, types and scoping come out exactly as there.

use super::simple_syntax::{simple_syntax, AttrValue};
use super::{Parser, MAX_DEPTH};
use crate::ast::{Attr, BigInt, File, NamedAttr, OpExtra, OpName, Operand, Operation, Type, ValueId};
use crate::diag::Diagnostic;
use crate::lexer::Tok;
use crate::source::Span;
use smallvec::SmallVec;

/// A body op in one of the common custom forms (see the module documentation), as parsed.
#[derive(Clone, Copy, Debug)]
pub struct SimpleOp<'o> {
    /// Which op.
    pub kind: SimpleKind,
    /// The op name (`comb.add`, `hw.constant`), interned.
    pub name: &'o OpName,
    /// The one result (defined in the value table the sink is handed).
    pub result: ValueId,
    /// The operands, in order (their types are the values' types).
    pub operands: &'o [Operand],
    /// The whole op, as [`Operation::span`].
    pub span: Span,
    /// The op name as written.
    pub name_span: Span,
    /// The `bin` keyword (the `twoState` property), if written.
    pub two_state: Option<Span>,
    /// The inherent attribute of the form, if it has one, and where it was written.
    pub attr: Option<(SimpleAttr<'o>, Span)>,
}

/// The ops of a [`SimpleOp`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SimpleKind {
    /// `comb.add`
    Add,
    /// `comb.and`
    And,
    /// `comb.or`
    Or,
    /// `comb.xor`
    Xor,
    /// `comb.mul`
    Mul,
    /// `comb.nand`
    Nand,
    /// `comb.nor`
    Nor,
    /// `comb.xnor`
    Xnor,
    /// `comb.sub`
    Sub,
    /// `comb.divu`
    DivU,
    /// `comb.divs`
    DivS,
    /// `comb.modu`
    ModU,
    /// `comb.mods`
    ModS,
    /// `comb.shl`
    Shl,
    /// `comb.shru`
    ShrU,
    /// `comb.shrs`
    ShrS,
    /// `comb.inv`
    Inv,
    /// `comb.reverse`
    Reverse,
    /// `comb.parity`
    Parity,
    /// `comb.icmp` (with [`SimpleAttr::Predicate`])
    Icmp,
    /// `comb.mux`
    Mux,
    /// `comb.concat`
    Concat,
    /// `comb.extract` (with [`SimpleAttr::LowBit`])
    Extract,
    /// `comb.replicate`
    Replicate,
    /// `hw.constant` (with [`SimpleAttr::Value`])
    Constant,
}

impl SimpleKind {
    /// Every kind.
    pub const ALL: [SimpleKind; 25] = {
        use SimpleKind::*;
        [
            Add, And, Or, Xor, Mul, Nand, Nor, Xnor, Sub, DivU, DivS, ModU, ModS, Shl, ShrU, ShrS, Inv,
            Reverse, Parity, Icmp, Mux, Concat, Extract, Replicate, Constant,
        ]
    };

    /// The op name.
    pub fn name(self) -> &'static str {
        use SimpleKind::*;
        match self {
            Add => "comb.add",
            And => "comb.and",
            Or => "comb.or",
            Xor => "comb.xor",
            Mul => "comb.mul",
            Nand => "comb.nand",
            Nor => "comb.nor",
            Xnor => "comb.xnor",
            Sub => "comb.sub",
            DivU => "comb.divu",
            DivS => "comb.divs",
            ModU => "comb.modu",
            ModS => "comb.mods",
            Shl => "comb.shl",
            ShrU => "comb.shru",
            ShrS => "comb.shrs",
            Inv => "comb.inv",
            Reverse => "comb.reverse",
            Parity => "comb.parity",
            Icmp => "comb.icmp",
            Mux => "comb.mux",
            Concat => "comb.concat",
            Extract => "comb.extract",
            Replicate => "comb.replicate",
            Constant => "hw.constant",
        }
    }
}

/// The inherent attribute of a [`SimpleOp`].
#[derive(Clone, Copy, Debug)]
pub enum SimpleAttr<'o> {
    /// `comb.icmp`: the predicate, numbered as CIRCT's `ICmpPredicate` (`predicate`).
    Predicate(u32),
    /// `comb.extract`: the low bit (`lowBit`).
    LowBit(u32),
    /// `hw.constant`: the value, of the result's type (`value`).
    Value(&'o BigInt),
}

impl SimpleOp<'_> {
    /// The op as the general path builds it (`file` holds the result's type).
    pub fn to_operation(&self, file: &File) -> Operation {
        let mut properties: SmallVec<[NamedAttr; 1]> = SmallVec::new();
        if let Some(span) = self.two_state {
            properties.push(NamedAttr { name: "twoState".into(), value: Attr::Unit, span });
        }
        if let Some((a, span)) = self.attr {
            let (name, value) = match a {
                SimpleAttr::Predicate(p) => {
                    ("predicate", Attr::Int(BigInt::from_i128(p as i128), Type::int(64)))
                }
                SimpleAttr::LowBit(l) => ("lowBit", Attr::Int(BigInt::from_i128(l as i128), Type::int(32))),
                SimpleAttr::Value(v) => ("value", Attr::Int(v.clone(), file.ty(self.result).clone())),
            };
            properties.push(NamedAttr { name: name.into(), value, span });
        }
        let extra = (!properties.is_empty()).then(|| Box::new(OpExtra { properties, ..Default::default() }));
        Operation {
            name: self.name.clone(),
            results: std::iter::once(self.result).collect(),
            operands: self.operands.iter().copied().collect(),
            span: self.span,
            name_span: self.name_span,
            generic: false,
            extra,
        }
    }
}

impl<'a> Parser<'a> {
    /// Reads one op of a streamed body if it has a simple form and hands it to the sink.
    /// `Ok(false)` if it has not (nothing consumed).
    pub(super) fn stream_simple_op(&mut self) -> Result<bool, Diagnostic> {
        if self.tok.kind != Tok::Percent || self.depth + 2 > MAX_DEPTH {
            return Ok(false);
        }
        let (start, prev_end) = (self.tok.span.start as usize, self.prev_end);
        let Ok((syn, end)) = simple_syntax(self.text, start) else { return Ok(false) };
        // The token after the op: an attribute dictionary or a location belongs to the op.
        self.reset_to(end)?;
        if self.tok.kind == Tok::LBrace || self.at_kw("loc") {
            self.reset_to(start)?;
            self.prev_end = prev_end;
            return Ok(false);
        }
        let span = Span::new(start, self.prev_end);
        // From here on as the general path: resolve the uses in order, then define.
        let mut operands: SmallVec<[Operand; 4]> = SmallVec::with_capacity(syn.uses.len());
        for (i, u) in syn.uses.iter().enumerate() {
            operands.push(self.resolve(u, &syn.operand_type(i))?);
        }
        let ids = self.define(syn.def.0, syn.def.1, std::slice::from_ref(&syn.result.ty()), None)?;
        let Some(&result) = ids.first() else { return Err(Diagnostic::global("no result")) };
        let slot = syn.kind as usize;
        if self.simple_names[slot].is_none() {
            self.simple_names[slot] = Some(self.intern_op(syn.kind.name()));
        }
        let Parser { sink, values, simple_names, .. } = self;
        let (Some(sink), Some(name)) = (sink.as_deref_mut(), &simple_names[slot]) else {
            return Err(Diagnostic::global("no sink"));
        };
        let attr = syn.attr.as_ref().map(|(a, s)| {
            let a = match a {
                AttrValue::Predicate(p) => SimpleAttr::Predicate(*p),
                AttrValue::LowBit(l) => SimpleAttr::LowBit(*l),
                AttrValue::Value(v) => SimpleAttr::Value(v),
            };
            (a, *s)
        });
        let op = SimpleOp {
            kind: syn.kind,
            name,
            result,
            operands: &operands,
            span,
            name_span: syn.name_span,
            two_state: syn.two_state,
            attr,
        };
        let file = File { ops: Vec::new(), values: std::mem::take(values) };
        let ok = sink.simple_op(&op, &file);
        *values = file.values;
        if !ok {
            self.sink_failed = true;
            return Err(Diagnostic::global("stopped"));
        }
        Ok(true)
    }
}
