//! The fast path of a streamed body ([`super::parse_streaming`]): the common custom forms
//! of comb ops and `hw.constant` with one result, no attribute dictionary and no location
//! (`%s = comb.add bin %a, %b : i8`, `%c = comb.icmp ult %a, %b : i8`,
//! `%x = comb.extract %a from 4 : (i16) -> i8`, `%k = hw.constant 5 : i8`, ...) go to
//! [`OpSink::simple_op`](super::OpSink::simple_op) as a [`SimpleOp`]: no [`Operation`](crate::ast::Operation) is
//! built, and the result gets no [`ValueInfo`](crate::ast::ValueInfo): it is a *lean* value,
//! known to the reader by its name and type and to the sink by a number of the sink's
//! choosing (its *payload*: the comb builder's is the cell). Uses by later simple ops hand
//! the payload back; a use by any other op turns the value into an ordinary one and tells
//! the sink ([`OpSink::alias`](super::OpSink::alias)).
//!
//! The syntax is read first ([`super::simple_syntax`]) without touching any state; then the
//! operands are looked up and the result's name checked, still without changing anything.
//! Whatever is unusual (another form, an attribute dictionary, a location, a comment inside
//! the op, an operand not defined yet or of another type, a name defined twice) and every op
//! the sink declines leaves the op to the general path, which parses it (and reports its
//! errors) as always.

use super::lean::LeanUse;
use super::names::Key;
use super::simple_syntax::{simple_syntax, AttrValue, Syntax};
use super::{Parser, MAX_DEPTH};
use crate::ast::{BigInt, File, Type, ValueId};
use crate::diag::Diagnostic;
use crate::lexer::{bare_id_end, is_id_start_byte, skip_space, Tok};
use crate::source::Span;
use smallvec::SmallVec;

/// A body op in one of the common custom forms (see the module documentation), as parsed.
#[derive(Clone, Copy, Debug)]
pub struct SimpleOp<'o> {
    /// Which op.
    pub kind: SimpleKind,
    /// The result's name (without `%`).
    pub result: &'o str,
    /// The result's type (an integer type).
    pub result_type: &'o Type,
    /// The operands, in order.
    pub operands: &'o [SimpleUse],
    /// The whole op, as [`Operation::span`](crate::ast::Operation::span).
    pub span: Span,
    /// The op name as written.
    pub name_span: Span,
    /// The `bin` keyword (the `twoState` property), if written.
    pub two_state: Option<Span>,
    /// The inherent attribute of the form, if it has one, and where it was written.
    pub attr: Option<(SimpleAttr<'o>, Span)>,
}

/// An operand of a [`SimpleOp`].
#[derive(Clone, Debug, PartialEq)]
pub struct SimpleUse {
    /// The value used.
    pub value: SimpleValue,
    /// Its type (an integer type).
    pub ty: Type,
    /// The `%name` at the use.
    pub span: Span,
}

/// A value used by a [`SimpleOp`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SimpleValue {
    /// A lean value: the payload the sink gave it.
    Lean(u32),
    /// An ordinary value of the value table.
    Value(ValueId),
}

/// Payloads are below this.
pub const MAX_PAYLOAD: u32 = super::scope::LEAN;

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

/// Where the op that ends at `end` is followed by the next token, unless that token could
/// belong to the op (an attribute dictionary or a location) or might (a comment comes
/// first: the general path decides).
fn next_op(text: &str, end: usize) -> Option<usize> {
    let b = text.as_bytes();
    let at = skip_space(b, end);
    match b.get(at).copied() {
        Some(b'{' | b'/') => None,
        Some(c) if is_id_start_byte(c) && &text[at..bare_id_end(b, at)] == "loc" => None,
        _ => Some(at),
    }
}

impl<'a> Parser<'a> {
    /// Reads ops of a streamed body from the current token on while they have a simple form
    /// and the sink takes them; the current token is then the first op not taken (nothing
    /// else changed if there is none).
    pub(super) fn stream_simple_ops(&mut self) -> Result<(), Diagnostic> {
        if self.tok.kind != Tok::Percent || self.depth + 2 > MAX_DEPTH || self.sink.is_none() {
            return Ok(());
        }
        let file = File { ops: Vec::new(), values: std::mem::take(&mut self.values) };
        let mut start = self.tok.span.start as usize;
        let mut taken = None;
        let mut syn = Syntax::new();
        let r = loop {
            let Ok(end) = simple_syntax(self.text, start, &mut syn) else { break Ok(()) };
            let Some(next) = next_op(self.text, end) else { break Ok(()) };
            self.prefetch_def(next);
            match self.simple_op(&syn, Span::new(start, end), &file) {
                Ok(true) => taken = Some(end),
                other => break other.map(|_| ()),
            }
            if self.text.as_bytes().get(next) != Some(&b'%') {
                break Ok(());
            }
            start = next;
        };
        self.values = file.values;
        r?;
        match taken {
            Some(end) => self.reset_to(end),
            None => Ok(()),
        }
    }

    /// Prefetches the name-table slot of the result of the op at `at`, if it has one (see
    /// [`NameTable::prefetch`](super::names::NameTable::prefetch)).
    fn prefetch_def(&self, at: usize) {
        let b = self.text.as_bytes();
        if b.get(at) != Some(&b'%') {
            return;
        }
        let (Some(end), Some(scope)) = (crate::lexer::suffix_end(b, at), self.scopes.last()) else { return };
        if let Some(name) = self.text.get(at + 1..end) {
            scope.table.prefetch(Key::of_in(self.text, name));
        }
    }

    /// The semantic part of [`Parser::stream_simple_ops`] for one op: `Ok(false)` leaves it
    /// to the general path (nothing changed).
    fn simple_op(&mut self, syn: &Syntax<'a>, span: Span, file: &File) -> Result<bool, Diagnostic> {
        let mut operands: SmallVec<[SimpleUse; 4]> = SmallVec::with_capacity(syn.uses.len());
        for (i, u) in syn.uses.iter().enumerate() {
            let ty = syn.operand_type(i);
            let value = match self.lean_use(u, &ty, &file.values) {
                LeanUse::Lean(p) => SimpleValue::Lean(p),
                LeanUse::Value(v) => SimpleValue::Value(v),
                LeanUse::No => return Ok(false),
            };
            operands.push(SimpleUse { value, ty, span: u.span });
        }
        let key = Key::of_in(self.text, syn.def.0);
        let Some(at) = self.lean_vacancy(syn.def.0, key, &file.values) else { return Ok(false) };
        let result_type = syn.result.ty();
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
            result: syn.def.0,
            result_type: &result_type,
            operands: &operands,
            span,
            name_span: syn.name_span,
            two_state: syn.two_state,
            attr,
        };
        let Some(sink) = self.sink.as_deref_mut() else { return Ok(false) };
        match sink.simple_op(&op, file) {
            None => Ok(false),
            Some(p) if p < MAX_PAYLOAD => {
                self.lean_define(syn.def.0, key, at, p, &result_type);
                Ok(true)
            }
            Some(_) => {
                self.sink_failed = true;
                Err(Diagnostic::global("payload out of range"))
            }
        }
    }
}
