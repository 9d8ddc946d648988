//! The fast path of a streamed body ([`super::parse_streaming`]): the common custom forms
//! of comb ops and `hw.constant` with one result, no attribute dictionary and no location
//! (`%s = comb.add bin %a, %b : i8`, `%c = comb.icmp ult %a, %b : i8`,
//! `%x = comb.extract %a from 4 : (i16) -> i8`, `%k = hw.constant 5 : i8`, ...) go to
//! [`OpSink::simple_op`](super::OpSink::simple_op) as a [`SimpleOp`], with no
//! [`Operation`] built.
//!
//! The syntax is read first without touching any state; anything else (another form, an
//! attribute dictionary, a location, a type that is not an integer, a lexer error) rewinds
//! to the op's start and the general path parses it, errors included. Uses are then
//! resolved and the result defined by the same functions, in the same order, as the general
//! path, so values, types and scoping come out exactly as there.

use super::{Parser, UseRef, MAX_DEPTH};
use crate::ast::{Attr, BigInt, File, NamedAttr, OpExtra, OpName, Operand, Operation, Type, ValueId};
use crate::diag::Diagnostic;
use crate::lexer::Tok;
use crate::source::Span;
use smallvec::SmallVec;

/// A body op in one of the common custom forms (see the module documentation), as parsed.
#[derive(Clone, Copy, Debug)]
pub struct SimpleOp<'o> {
    /// The op name (`comb.add`, `hw.constant`).
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

/// The forms the fast path reads.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    /// `comb.add [bin] %a, %b, ... : T` and the other ops whose operands and result share
    /// one type (`comb.parity`'s result is `i1`).
    Same { parity: bool },
    /// `comb.icmp [bin] PRED %a, %b : T`
    Icmp,
    /// `comb.mux [bin] %c, %a, %b : T`
    Mux,
    /// `comb.concat %a, %b : T1, T2`
    Concat,
    /// `comb.extract %a from N : (T) -> R`
    Extract,
    /// `comb.replicate %a : (T) -> R`
    Replicate,
    /// `hw.constant N : T`, `hw.constant true`
    Constant,
}

/// Number of [`Form`] name slots (see [`form_of`]).
pub(super) const FORM_NAMES: usize = 25;

/// The form of an op name and its slot for the interned name.
fn form_of(name: &str) -> Option<(Form, usize)> {
    let same = |i| Some((Form::Same { parity: false }, i));
    match name {
        "comb.add" => same(0),
        "comb.and" => same(1),
        "comb.or" => same(2),
        "comb.xor" => same(3),
        "comb.mul" => same(4),
        "comb.nand" => same(5),
        "comb.nor" => same(6),
        "comb.xnor" => same(7),
        "comb.sub" => same(8),
        "comb.divu" => same(9),
        "comb.divs" => same(10),
        "comb.modu" => same(11),
        "comb.mods" => same(12),
        "comb.shl" => same(13),
        "comb.shru" => same(14),
        "comb.shrs" => same(15),
        "comb.inv" => same(16),
        "comb.reverse" => same(17),
        "comb.parity" => Some((Form::Same { parity: true }, 18)),
        "comb.icmp" => Some((Form::Icmp, 19)),
        "comb.mux" => Some((Form::Mux, 20)),
        "comb.concat" => Some((Form::Concat, 21)),
        "comb.extract" => Some((Form::Extract, 22)),
        "comb.replicate" => Some((Form::Replicate, 23)),
        "hw.constant" => Some((Form::Constant, 24)),
        _ => None,
    }
}

/// The operand types of a parsed op.
enum OperandTypes {
    /// All the same.
    Same(Type),
    /// `i1` for the first, then this one (`comb.mux`).
    Mux(Type),
    /// One per operand.
    List(SmallVec<[Type; 3]>),
}

/// The owned form of [`SimpleAttr`] while parsing.
enum AttrValue {
    Predicate(u32),
    LowBit(u32),
    Value(BigInt),
}

/// What the syntax pass read.
struct Syntax<'a> {
    slot: usize,
    def: (&'a str, Span),
    name_span: Span,
    two_state: Option<Span>,
    uses: SmallVec<[UseRef<'a>; 3]>,
    types: OperandTypes,
    result: Type,
    attr: Option<(AttrValue, Span)>,
}

/// Why the syntax pass stopped: rewind and take the general path.
struct NotSimple;

impl From<Diagnostic> for NotSimple {
    fn from(_: Diagnostic) -> NotSimple {
        NotSimple
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
        let syn = match self.simple_syntax() {
            Ok(s) => s,
            Err(NotSimple) => {
                self.reset_to(start)?;
                self.prev_end = prev_end;
                return Ok(false);
            }
        };
        let span = Span::new(start, self.prev_end);
        // From here on as the general path: resolve the uses in order, then define.
        let mut operands: SmallVec<[Operand; 4]> = SmallVec::with_capacity(syn.uses.len());
        let i1 = Type::int(1);
        for (i, u) in syn.uses.iter().enumerate() {
            let ty = match &syn.types {
                OperandTypes::Same(t) => t,
                OperandTypes::Mux(t) if i > 0 => t,
                OperandTypes::Mux(_) => &i1,
                OperandTypes::List(ts) => &ts[i],
            };
            operands.push(self.resolve(u, ty)?);
        }
        let ids = self.define(syn.def.0, syn.def.1, std::slice::from_ref(&syn.result), None)?;
        let Some(&result) = ids.first() else { return Err(Diagnostic::global("no result")) };
        if self.simple_names[syn.slot].is_none() {
            let text = self.slice(syn.name_span);
            self.simple_names[syn.slot] = Some(self.intern_op(text));
        }
        let Parser { sink, values, simple_names, .. } = self;
        let (Some(sink), Some(name)) = (sink.as_deref_mut(), &simple_names[syn.slot]) else {
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

    /// Bumps a token of `kind`.
    fn simple_expect(&mut self, kind: Tok) -> Result<Span, NotSimple> {
        if self.tok.kind != kind {
            return Err(NotSimple);
        }
        Ok(self.bump()?.span)
    }

    /// An integer type.
    fn simple_int_type(&mut self) -> Result<Type, NotSimple> {
        if self.tok.kind != Tok::BareId {
            return Err(NotSimple);
        }
        match super::types::int_type(self.tok_text(), self.tok.span) {
            Some(Ok(ty)) => {
                self.bump()?;
                Ok(ty)
            }
            _ => Err(NotSimple),
        }
    }

    /// `%a, %b, ...`: at least one.
    fn simple_uses(&mut self) -> Result<SmallVec<[UseRef<'a>; 3]>, NotSimple> {
        if self.tok.kind != Tok::Percent {
            return Err(NotSimple);
        }
        Ok(self.parse_uses()?)
    }

    /// `bin`, if written.
    fn simple_bin(&mut self) -> Result<Option<Span>, NotSimple> {
        Ok(if self.at_kw("bin") { Some(self.bump()?.span) } else { None })
    }

    /// `(T) -> R` with integer types.
    fn simple_fn_type(&mut self) -> Result<(Type, Type), NotSimple> {
        self.simple_expect(Tok::LParen)?;
        let ty = self.simple_int_type()?;
        self.simple_expect(Tok::RParen)?;
        self.simple_expect(Tok::Arrow)?;
        Ok((ty, self.simple_int_type()?))
    }

    /// The syntax pass: reads the op, changing nothing but the token position.
    fn simple_syntax(&mut self) -> Result<Syntax<'a>, NotSimple> {
        let def = self.parse_def_name()?;
        self.simple_expect(Tok::Equal)?;
        if self.tok.kind != Tok::BareId {
            return Err(NotSimple);
        }
        let name_span = self.tok.span;
        let (form, slot) = form_of(self.tok_text()).ok_or(NotSimple)?;
        self.bump()?;
        let mut two_state = None;
        let mut attr = None;
        let (uses, types, result) = match form {
            Form::Same { parity } => {
                two_state = self.simple_bin()?;
                let uses = self.simple_uses()?;
                self.simple_expect(Tok::Colon)?;
                let ty = self.simple_int_type()?;
                let result = if parity { Type::int(1) } else { ty.clone() };
                (uses, OperandTypes::Same(ty), result)
            }
            Form::Icmp => {
                two_state = self.simple_bin()?;
                if self.tok.kind != Tok::BareId {
                    return Err(NotSimple);
                }
                let word = self.tok_text();
                let p =
                    super::custom_comb::ICMP_PREDICATES.iter().position(|p| *p == word).ok_or(NotSimple)?;
                attr = Some((AttrValue::Predicate(p as u32), self.bump()?.span));
                let uses = self.simple_uses()?;
                self.simple_expect(Tok::Colon)?;
                let ty = self.simple_int_type()?;
                (uses, OperandTypes::Same(ty), Type::int(1))
            }
            Form::Mux => {
                two_state = self.simple_bin()?;
                let uses = self.simple_uses()?;
                self.simple_expect(Tok::Colon)?;
                let ty = self.simple_int_type()?;
                (uses, OperandTypes::Mux(ty.clone()), ty)
            }
            Form::Concat => {
                let uses = self.simple_uses()?;
                self.simple_expect(Tok::Colon)?;
                let mut types: SmallVec<[Type; 3]> = SmallVec::new();
                let mut sum: u64 = 0;
                loop {
                    let ty = self.simple_int_type()?;
                    sum += ty.int_width().unwrap_or(0) as u64;
                    types.push(ty);
                    if self.tok.kind != Tok::Comma {
                        break;
                    }
                    self.bump()?;
                }
                if sum > crate::ast::MAX_WIDTH as u64 || types.len() != uses.len() {
                    return Err(NotSimple);
                }
                (uses, OperandTypes::List(types), Type::int(sum as u32))
            }
            Form::Extract | Form::Replicate => {
                let u = self.parse_use()?;
                if form == Form::Extract {
                    if !self.at_kw("from") || self.bump().is_err() {
                        return Err(NotSimple);
                    }
                    let (low, span) = self.parse_u32("bit index")?;
                    attr = Some((AttrValue::LowBit(low), span));
                }
                self.simple_expect(Tok::Colon)?;
                let (ty, result) = self.simple_fn_type()?;
                let mut types = SmallVec::new();
                types.push(ty);
                (std::iter::once(u).collect(), OperandTypes::List(types), result)
            }
            Form::Constant => {
                let start = self.tok.span.start as usize;
                let (value, ty) = if self.at_kw("true") || self.at_kw("false") {
                    let v = self.at_kw("true") as i128;
                    self.bump()?;
                    (BigInt::from_i128(v), Type::int(1))
                } else {
                    let (v, _) = self.parse_bigint()?;
                    self.simple_expect(Tok::Colon)?;
                    let ty = self.simple_int_type()?;
                    if !v.fits_width(ty.int_width().unwrap_or(0)) {
                        return Err(NotSimple);
                    }
                    (v, ty)
                };
                attr = Some((AttrValue::Value(value), Span::new(start, self.prev_end)));
                (SmallVec::new(), OperandTypes::List(SmallVec::new()), ty)
            }
        };
        if matches!(self.tok.kind, Tok::LBrace) || self.at_kw("loc") {
            return Err(NotSimple);
        }
        Ok(Syntax { slot, def, name_span, two_state, uses, types, result, attr })
    }
}
