//! Custom forms of the memref ops (also the seed's `load`, `store`, `alloc`, `alloca`,
//! `dealloc` after name normalization): `memref.load %A[%i, %j] : memref<...>`,
//! `memref.store %v, %A[%i] : ...`, `memref.alloc(%d)[%s] : ...`, `memref.dealloc %A : ...`.

use super::affine::memref_elem;
use super::{segments, Uses};
use crate::ast::{ComplexType, Type};
use crate::diag::Diagnostic;
use crate::lexer::Tok;
use crate::parser::{Draft, Parser};
use crate::source::Span;

impl<'a> Parser<'a> {
    pub(super) fn parse_memref_op(&mut self, d: Draft, op: &str) -> Result<Draft, Diagnostic> {
        match op {
            "load" => self.memref_access(d, false),
            "store" => self.memref_access(d, true),
            "alloc" | "alloca" => self.memref_alloc(d),
            "dealloc" => {
                let mut d = d;
                let m = self.parse_use()?;
                d.attributes = self.parse_opt_attr_dict()?;
                let (ty, span) = self.colon_one_type()?;
                memref_elem(&ty, span, &d.name)?;
                let o = self.resolve(&m, &ty)?;
                d.operands.push(o);
                Ok(d)
            }
            _ => Err(self.unknown_hls_op(&d)),
        }
    }

    /// `(%v,)? %A[%i, ...] {attrs}? : memref<...>`
    fn memref_access(&mut self, mut d: Draft, store: bool) -> Result<Draft, Diagnostic> {
        let value = if store {
            let v = self.parse_use()?;
            self.expect(Tok::Comma)?;
            Some(v)
        } else {
            None
        };
        let mem = self.parse_use()?;
        self.expect(Tok::LSquare)?;
        let idx = self.parse_uses()?;
        self.expect(Tok::RSquare)?;
        d.attributes = self.parse_opt_attr_dict()?;
        Self::inherent_to_props(&mut d, &["nontemporal"]);
        let (ty, span) = self.colon_one_type()?;
        let elem = memref_elem(&ty, span, &d.name)?;
        if let Type::Complex(c) = &ty {
            if let ComplexType::MemRef { shape, .. } = &**c {
                if shape.len() != idx.len() {
                    return Err(Diagnostic::error(
                        span,
                        format!(
                            "'{}' of a {}-dimensional memref needs {} indices, got {}",
                            d.name,
                            shape.len(),
                            shape.len(),
                            idx.len()
                        ),
                    ));
                }
            }
        }
        if let Some(v) = value {
            let o = self.resolve(&v, &elem)?;
            d.operands.push(o);
        }
        let o = self.resolve(&mem, &ty)?;
        d.operands.push(o);
        self.resolve_same(&mut d, &idx, &Type::Index)?;
        if !store {
            d.result_types.push(elem);
        }
        Ok(d)
    }

    /// `memref.alloc(%d, ...)([%s, ...])? {attrs}? : memref<...>`
    fn memref_alloc(&mut self, mut d: Draft) -> Result<Draft, Diagnostic> {
        let start = self.tok.span.start as usize;
        self.expect(Tok::LParen)?;
        let dyn_sizes: Uses<'a> = self.parse_uses()?;
        self.expect(Tok::RParen)?;
        let mut syms = Uses::new();
        if self.eat(Tok::LSquare)? {
            syms = self.parse_uses()?;
            self.expect(Tok::RSquare)?;
        }
        let ops_span = Span::new(start, self.prev_end);
        d.attributes = self.parse_opt_attr_dict()?;
        Self::inherent_to_props(&mut d, &["alignment"]);
        let (ty, span) = self.colon_one_type()?;
        memref_elem(&ty, span, &d.name)?;
        if let Type::Complex(c) = &ty {
            if let ComplexType::MemRef { shape, .. } = &**c {
                let dynamic = shape.iter().filter(|s| s.is_none()).count();
                if dynamic != dyn_sizes.len() {
                    return Err(Diagnostic::error(
                        ops_span,
                        format!(
                            "'{}' of '{ty}' needs {dynamic} dynamic sizes, got {}",
                            d.name,
                            dyn_sizes.len()
                        ),
                    ));
                }
            }
        }
        self.resolve_same(&mut d, &dyn_sizes, &Type::Index)?;
        self.resolve_same(&mut d, &syms, &Type::Index)?;
        d.prop("operandSegmentSizes", segments(&[dyn_sizes.len(), syms.len()]), ops_span);
        d.result_types.push(ty);
        Ok(d)
    }
}
