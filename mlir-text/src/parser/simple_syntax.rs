//! The syntax pass of the fast path ([`super::simple`]): reads one op in a simple form
//! straight from the text with a [`Cursor`], changing no parser state. What it accepts is
//! exactly what the general path (`parse_comb`, `parse_constant`) reads for these ops when
//! they have no attribute dictionary and no location; whatever else it meets is
//! [`NotSimple`].

use super::cursor::{Cursor, NotSimple};
use super::custom_comb::ICMP_PREDICATES;
use super::simple::SimpleKind;
use super::UseRef;
use crate::ast::{BigInt, Signedness, Type, MAX_WIDTH};
use crate::source::Span;
use smallvec::SmallVec;

/// An integer type, kept small while parsing.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct IntTy {
    width: u32,
    signedness: Signedness,
}

impl IntTy {
    const I1: IntTy = IntTy { width: 1, signedness: Signedness::Signless };

    /// As a [`Type`].
    pub(super) fn ty(self) -> Type {
        Type::Int { width: self.width, signedness: self.signedness }
    }
}

/// The owned form of [`super::SimpleAttr`] while parsing.
pub(super) enum AttrValue {
    Predicate(u32),
    LowBit(u32),
    Value(BigInt),
}

/// The operand types of a parsed op.
enum OperandTypes {
    /// All the same.
    Same(IntTy),
    /// `i1` for the first, then this one (`comb.mux`).
    Mux(IntTy),
    /// One per operand.
    List(SmallVec<[IntTy; 3]>),
}

/// What the syntax pass read.
pub(super) struct Syntax<'a> {
    pub(super) kind: SimpleKind,
    pub(super) def: (&'a str, Span),
    pub(super) name_span: Span,
    pub(super) two_state: Option<Span>,
    pub(super) uses: SmallVec<[UseRef<'a>; 3]>,
    types: OperandTypes,
    pub(super) result: IntTy,
    pub(super) attr: Option<(AttrValue, Span)>,
}

impl Syntax<'_> {
    /// The type operand `i` is written with.
    pub(super) fn operand_type(&self, i: usize) -> Type {
        match &self.types {
            OperandTypes::Same(t) => t.ty(),
            OperandTypes::Mux(t) if i > 0 => t.ty(),
            OperandTypes::Mux(_) => IntTy::I1.ty(),
            OperandTypes::List(ts) => ts.get(i).copied().unwrap_or(IntTy::I1).ty(),
        }
    }
}

/// Packs up to 8 bytes into a word (for matching short names as integers).
const fn pack(s: &[u8]) -> u64 {
    let mut w = 0u64;
    let mut i = 0;
    while i < s.len() && i < 8 {
        w |= (s[i] as u64) << (8 * i);
        i += 1;
    }
    w
}

/// The simple kind of an op name.
#[inline(always)]
fn kind_of(name: &str) -> Option<SimpleKind> {
    use SimpleKind::*;
    let Some(rest) = name.as_bytes().strip_prefix(b"comb.") else {
        return (name == "hw.constant").then_some(Constant);
    };
    if rest.len() > 8 {
        return (rest == b"replicate").then_some(Replicate);
    }
    const ADD: u64 = pack(b"add");
    const AND: u64 = pack(b"and");
    const OR: u64 = pack(b"or");
    const XOR: u64 = pack(b"xor");
    const MUL: u64 = pack(b"mul");
    const NAND: u64 = pack(b"nand");
    const NOR: u64 = pack(b"nor");
    const XNOR: u64 = pack(b"xnor");
    const SUB: u64 = pack(b"sub");
    const DIVU: u64 = pack(b"divu");
    const DIVS: u64 = pack(b"divs");
    const MODU: u64 = pack(b"modu");
    const MODS: u64 = pack(b"mods");
    const SHL: u64 = pack(b"shl");
    const SHRU: u64 = pack(b"shru");
    const SHRS: u64 = pack(b"shrs");
    const INV: u64 = pack(b"inv");
    const REVERSE: u64 = pack(b"reverse");
    const PARITY: u64 = pack(b"parity");
    const ICMP: u64 = pack(b"icmp");
    const MUX: u64 = pack(b"mux");
    const CONCAT: u64 = pack(b"concat");
    const EXTRACT: u64 = pack(b"extract");
    Some(match pack(rest) {
        ADD => Add,
        AND => And,
        OR => Or,
        XOR => Xor,
        MUL => Mul,
        NAND => Nand,
        NOR => Nor,
        XNOR => Xnor,
        SUB => Sub,
        DIVU => DivU,
        DIVS => DivS,
        MODU => ModU,
        MODS => ModS,
        SHL => Shl,
        SHRU => ShrU,
        SHRS => ShrS,
        INV => Inv,
        REVERSE => Reverse,
        PARITY => Parity,
        ICMP => Icmp,
        MUX => Mux,
        CONCAT => Concat,
        EXTRACT => Extract,
        _ => return None,
    })
}

/// An integer type `iN`, `siN`, `uiN` (as `types::int_type` reads it; a width out of
/// range is not simple: the general path reports it).
#[inline(always)]
fn int_type(cur: &mut Cursor<'_>) -> Result<IntTy, NotSimple> {
    let (text, _) = cur.bare()?;
    let (signedness, digits) = match text.as_bytes() {
        [b'i', d @ ..] => (Signedness::Signless, d),
        [b's', b'i', d @ ..] => (Signedness::Signed, d),
        [b'u', b'i', d @ ..] => (Signedness::Unsigned, d),
        _ => return Err(NotSimple),
    };
    if digits.is_empty() {
        return Err(NotSimple);
    }
    let mut width: u32 = 0;
    for &d in digits {
        if !d.is_ascii_digit() {
            return Err(NotSimple);
        }
        width = width * 10 + (d - b'0') as u32;
        if width > MAX_WIDTH {
            return Err(NotSimple);
        }
    }
    if width == 0 {
        return Err(NotSimple);
    }
    Ok(IntTy { width, signedness })
}

/// `(T) -> R` with integer types.
#[inline(always)]
fn fn_type(cur: &mut Cursor<'_>) -> Result<(IntTy, IntTy), NotSimple> {
    cur.punct(b'(')?;
    let ty = int_type(cur)?;
    cur.punct(b')')?;
    cur.arrow()?;
    Ok((ty, int_type(cur)?))
}

/// `[-]digits : T` or `true` / `false` of `hw.constant`: the value and its type.
fn constant(cur: &mut Cursor<'_>) -> Result<(BigInt, IntTy), NotSimple> {
    if cur.eat_kw("true")?.is_some() {
        return Ok((BigInt::from_i128(1), IntTy::I1));
    }
    if cur.eat_kw("false")?.is_some() {
        return Ok((BigInt::from_i128(0), IntTy::I1));
    }
    let negative = cur.eat(b'-')?;
    let (digits, _) = cur.decimal()?;
    if digits.len() > super::attr::MAX_INT_CHARS {
        return Err(NotSimple);
    }
    let magnitude = super::attr::parse_magnitude(digits).ok_or(NotSimple)?;
    let v = BigInt { negative: negative && !magnitude.is_empty(), magnitude };
    cur.punct(b':')?;
    let ty = int_type(cur)?;
    if !v.fits_width(ty.width) {
        return Err(NotSimple);
    }
    Ok((v, ty))
}

impl<'a> Syntax<'a> {
    /// An empty one, to read ops into.
    pub(super) fn new() -> Syntax<'a> {
        Syntax {
            kind: SimpleKind::Add,
            def: ("", Span::new(0, 0)),
            name_span: Span::new(0, 0),
            two_state: None,
            uses: SmallVec::new(),
            types: OperandTypes::List(SmallVec::new()),
            result: IntTy::I1,
            attr: None,
        }
    }
}

/// Reads the op at `start` into `syn` (whatever it held before): where its last token ends.
pub(super) fn simple_syntax<'a>(
    text: &'a str,
    start: usize,
    syn: &mut Syntax<'a>,
) -> Result<usize, NotSimple> {
    let mut cur = Cursor::new(text, start);
    let def = cur.value()?;
    if def.span.end as usize != start + 1 + def.name.len() {
        return Err(NotSimple);
    }
    cur.punct(b'=')?;
    let (name, name_span) = cur.bare()?;
    let kind = kind_of(name).ok_or(NotSimple)?;
    let mut two_state = None;
    let mut attr = None;
    let uses = &mut syn.uses;
    uses.clear();
    let (types, result) = match kind {
        SimpleKind::Icmp => {
            two_state = cur.eat_kw("bin")?;
            let (word, span) = cur.bare()?;
            let p = ICMP_PREDICATES.iter().position(|p| *p == word).ok_or(NotSimple)?;
            attr = Some((AttrValue::Predicate(p as u32), span));
            cur.values(uses)?;
            cur.punct(b':')?;
            (OperandTypes::Same(int_type(&mut cur)?), IntTy::I1)
        }
        SimpleKind::Mux => {
            two_state = cur.eat_kw("bin")?;
            cur.values(uses)?;
            cur.punct(b':')?;
            let ty = int_type(&mut cur)?;
            (OperandTypes::Mux(ty), ty)
        }
        SimpleKind::Concat => {
            cur.values(uses)?;
            cur.punct(b':')?;
            let mut types = SmallVec::new();
            let mut sum: u64 = 0;
            loop {
                let ty = int_type(&mut cur)?;
                sum += ty.width as u64;
                types.push(ty);
                if !cur.eat(b',')? {
                    break;
                }
            }
            if sum > MAX_WIDTH as u64 || types.len() != uses.len() {
                return Err(NotSimple);
            }
            let result = IntTy { width: sum as u32, signedness: Signedness::Signless };
            (OperandTypes::List(types), result)
        }
        SimpleKind::Extract | SimpleKind::Replicate => {
            uses.push(cur.value()?);
            if kind == SimpleKind::Extract {
                cur.eat_kw("from")?.ok_or(NotSimple)?;
                let (digits, span) = cur.decimal()?;
                let low: u32 = digits.parse().map_err(|_| NotSimple)?;
                attr = Some((AttrValue::LowBit(low), span));
            }
            cur.punct(b':')?;
            let (ty, result) = fn_type(&mut cur)?;
            (OperandTypes::List(std::iter::once(ty).collect()), result)
        }
        SimpleKind::Constant => {
            let vstart = cur.peek()?.0;
            let (value, ty) = constant(&mut cur)?;
            attr = Some((AttrValue::Value(value), Span::new(vstart, cur.pos)));
            (OperandTypes::List(SmallVec::new()), ty)
        }
        _ => {
            // The ops whose operands and result share one type.
            two_state = cur.eat_kw("bin")?;
            cur.values(uses)?;
            cur.punct(b':')?;
            let ty = int_type(&mut cur)?;
            (OperandTypes::Same(ty), if kind == SimpleKind::Parity { IntTy::I1 } else { ty })
        }
    };
    syn.kind = kind;
    syn.def = (def.name, def.span);
    syn.name_span = name_span;
    syn.two_state = two_state;
    syn.types = types;
    syn.result = result;
    syn.attr = attr;
    Ok(cur.pos)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_is_recognized_by_its_name() {
        for k in SimpleKind::ALL {
            assert_eq!(kind_of(k.name()), Some(k));
        }
        for other in
            ["comb.truth_table", "comb.lut", "comb.", "comb.addx", "comb.replicat", "hw.output", "add"]
        {
            assert_eq!(kind_of(other), None, "{other}");
        }
    }
}
