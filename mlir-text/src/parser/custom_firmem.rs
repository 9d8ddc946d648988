//! Custom forms of CIRCT's memory ops, normalized to their generic shape:
//!
//! ```text
//! %mem = seq.firmem 1, 1, old, port_order : <256 x 16>
//! %q = seq.firmem.read_port %mem[%raddr], clock %clk enable %ren : <256 x 16>
//! seq.firmem.write_port %mem[%waddr] = %wdata, clock %clk enable %we : <256 x 16>
//! %rw = seq.firmem.read_write_port %mem[%a] = %wdata if %mode, clock %clk enable %en : <256 x 16>
//! ```
//!
//! As in CIRCT, the custom forms do not spell the address and data types: the address is
//! `max(1, ceil(log2(depth)))` bits and the data the word width. The memory type may be
//! written short (`<256 x 16>`) or whole (`!seq.firmem<256 x 16>`); it is kept as the
//! opaque type [`crate::firmem::FirMemType::text`], so every spelling of one shape is the
//! same type.

use super::{Draft, Parser};
use crate::ast::{Attr, BigInt, ComplexType, Type, MAX_WIDTH};
use crate::diag::Diagnostic;
use crate::firmem::{parse_firmem_type, FirMemType};
use crate::lexer::Tok;
use crate::source::Span;

fn i32_attr(v: i128) -> Attr {
    Attr::Int(BigInt::from_i128(v), Type::int(32))
}

/// The opaque type of a memory of shape `t`.
pub(crate) fn firmem_ty(t: &FirMemType) -> Type {
    Type::Complex(Box::new(ComplexType::Opaque(t.text())))
}

impl<'a> Parser<'a> {
    /// `<D x W>` or `!seq.firmem<D x W>`, with its span.
    fn firmem_type(&mut self) -> Result<(FirMemType, Span), Diagnostic> {
        let t = self.tok;
        let open = match t.kind {
            Tok::Less => t.span.start as usize,
            Tok::Bang if self.tok_text() == "!seq.firmem" && self.lex.byte(t.span.end as usize) == b'<' => {
                t.span.end as usize
            }
            _ => return Err(self.err_expected("a memory type like '<256 x 16>'")),
        };
        let end = self.skip_balanced(open)?;
        self.reset_to(end)?;
        let span = Span::new(t.span.start as usize, end);
        let text = self.slice(span);
        let ty = parse_firmem_type(text).ok_or_else(|| {
            Diagnostic::error(span, format!("'{text}' is not a memory type like '<256 x 16>'"))
        })?;
        if ty.width == 0 || ty.width > MAX_WIDTH as u64 {
            return Err(Diagnostic::error(span, format!("memory width must be between 1 and {MAX_WIDTH}")));
        }
        Ok((ty, span))
    }

    /// `: <D x W>` after an optional attribute dictionary.
    fn colon_firmem_type(&mut self, d: &mut Draft) -> Result<(FirMemType, Span), Diagnostic> {
        d.attributes = self.parse_opt_attr_dict()?;
        self.expect(Tok::Colon)?;
        self.firmem_type()
    }

    /// A keyword among `allowed`, as its position in the list.
    fn enum_kw(&mut self, what: &str, allowed: &[&str]) -> Result<(i128, Span), Diagnostic> {
        let t = self.tok;
        let text = self.tok_text();
        match allowed.iter().position(|&a| a == text).filter(|_| t.kind == Tok::BareId) {
            Some(i) => {
                self.bump()?;
                Ok((i as i128, t.span))
            }
            None => Err(Diagnostic::error(t.span, format!("expected {what}: one of {}", allowed.join(", ")))),
        }
    }

    pub(crate) fn parse_firmem(&mut self, mut d: Draft) -> Result<Draft, Diagnostic> {
        let name = d.name.clone();
        match &*name {
            "seq.firmem" => {
                if self.eat_kw("sym")? {
                    let s = self.expect(Tok::At)?;
                    let text = format!("#hw<innerSym{}>", self.slice(s.span));
                    d.prop("inner_sym", Attr::Opaque(text), s.span);
                }
                if self.eat_kw("name")? {
                    let s = self.expect(Tok::Str)?;
                    d.prop("name", Attr::String(self.string_value(s)), s.span);
                }
                let (rl, s) = self.parse_u32("read latency")?;
                d.prop("readLatency", i32_attr(rl as i128), s);
                self.expect(Tok::Comma)?;
                let (wl, s) = self.parse_u32("write latency")?;
                d.prop("writeLatency", i32_attr(wl as i128), s);
                self.expect(Tok::Comma)?;
                let (ruw, s) = self.enum_kw("a read-under-write behavior", &["undefined", "old", "new"])?;
                d.prop("ruw", i32_attr(ruw), s);
                self.expect(Tok::Comma)?;
                let (wuw, s) = self.enum_kw("a write-under-write behavior", &["undefined", "port_order"])?;
                d.prop("wuw", i32_attr(wuw), s);
                let (ty, _) = self.colon_firmem_type(&mut d)?;
                d.result_types.push(firmem_ty(&ty));
            }
            "seq.firmem.read_port" => {
                let mem = self.parse_use()?;
                self.expect(Tok::LSquare)?;
                let addr = self.parse_use()?;
                self.expect(Tok::RSquare)?;
                self.expect(Tok::Comma)?;
                self.expect_kw("clock")?;
                let mut uses = vec![mem, addr, self.parse_use()?];
                if self.eat_kw("enable")? {
                    uses.push(self.parse_use()?);
                }
                let (ty, span) = self.colon_firmem_type(&mut d)?;
                let mut types =
                    vec![firmem_ty(&ty), Type::int(ty.address_width()), Type::Clock, Type::int(1)];
                types.truncate(uses.len());
                self.resolve_all(&mut d, &uses, &types, span)?;
                d.result_types.push(Type::int(ty.width as u32));
            }
            "seq.firmem.read_write_port" => {
                // %mem[%addr] = %wdata if %mode, clock %clk [enable %en] [mask %m] : <...>[, iM]
                // Operands in CIRCT's order: mem, addr, clk, en?, wdata, mode, mask?.
                let width = self.firmem_write(&mut d, true)?;
                d.result_types.push(Type::int(width));
            }
            _ => {
                // seq.firmem.write_port: %mem[%addr] = %wdata, clock %clk [enable %en] [mask %m]
                // Operands: mem, addr, clk, en?, wdata, mask?.
                self.firmem_write(&mut d, false)?;
            }
        }
        Ok(d)
    }

    /// The operands after the op name of a write port, or with `mode` of a read-write port
    /// (`if %mode` after the data): resolves them in CIRCT's order (mem, addr, clk, en?,
    /// wdata, mode?, mask?) and sets `operandSegmentSizes`; returns the word width.
    fn firmem_write(&mut self, d: &mut Draft, mode: bool) -> Result<u32, Diagnostic> {
        let mem = self.parse_use()?;
        self.expect(Tok::LSquare)?;
        let addr = self.parse_use()?;
        self.expect(Tok::RSquare)?;
        self.expect(Tok::Equal)?;
        let data = self.parse_use()?;
        let mode = if mode {
            self.expect_kw("if")?;
            Some(self.parse_use()?)
        } else {
            None
        };
        self.expect(Tok::Comma)?;
        self.expect_kw("clock")?;
        let clk = self.parse_use()?;
        let en = if self.eat_kw("enable")? { Some(self.parse_use()?) } else { None };
        let mask = if self.eat_kw("mask")? { Some(self.parse_use()?) } else { None };
        let (ty, span) = self.colon_firmem_type(d)?;
        let mask_ty = if mask.is_some() {
            self.expect(Tok::Comma)?;
            Some(self.parse_type()?)
        } else {
            None
        };
        let width = ty.width as u32;
        let mut uses = vec![mem, addr, clk];
        let mut types = vec![firmem_ty(&ty), Type::int(ty.address_width()), Type::Clock];
        if let Some(e) = en {
            uses.push(e);
            types.push(Type::int(1));
        }
        uses.push(data);
        types.push(Type::int(width));
        if let Some(m) = mode {
            uses.push(m);
            types.push(Type::int(1));
        }
        if let (Some(m), Some(t)) = (mask, mask_ty) {
            uses.push(m);
            types.push(t);
        }
        self.resolve_all(d, &uses, &types, span)?;
        let mut segs = vec![1, 1, 1, en.is_some() as i128, 1];
        if mode.is_some() {
            segs.push(1);
        }
        segs.push(mask.is_some() as i128);
        let segs = segs.into_iter().map(BigInt::from_i128).collect();
        d.prop("operandSegmentSizes", Attr::DenseArray(Type::int(32), segs), d.name_span);
        Ok(width)
    }
}
