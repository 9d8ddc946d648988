//! Custom forms of the affine ops: `affine.for` (constant, SSA and map bounds with
//! `max`/`min`, `step`, `iter_args`), `affine.if` with `else`, `affine.load`/`affine.store`
//! with affine subscripts, `affine.apply`/`affine.min`/`affine.max` (also the seed's inline
//! `affine.apply (d0) -> (d0 + 1) (%i)`), and `affine.yield`. Maps and sets are checked with
//! [`crate::affine`] and stored in its printed form.

use super::{int_attr, segments, Uses};
use crate::affine::{parse_ssa_exprs, AffineMap, IntegerSet};
use crate::ast::{Attr, ComplexType, NamedAttr, Region, Type};
use crate::diag::Diagnostic;
use crate::lexer::Tok;
use crate::parser::{Draft, EntryArg, Parser, RegionKind};
use crate::source::Span;

const BODY: RegionKind = RegionKind { graph: false, isolated: false };

/// The element type of a memref type, or an error at `span`.
pub(super) fn memref_elem(ty: &Type, span: Span, op: &str) -> Result<Type, Diagnostic> {
    match ty {
        Type::Complex(c) => match &**c {
            ComplexType::MemRef { elem, .. } => Ok(elem.clone()),
            _ => Err(Diagnostic::error(span, format!("'{op}' needs a memref type, got '{ty}'"))),
        },
        _ => Err(Diagnostic::error(span, format!("'{op}' needs a memref type, got '{ty}'"))),
    }
}

/// A map or set written as an attribute: its text and where it was written.
struct Written {
    text: String,
    span: Span,
    /// Where `text` starts in the file, when written inline (errors then point inside it).
    inline_at: Option<usize>,
}

impl<'a> Parser<'a> {
    pub(super) fn parse_affine(&mut self, d: Draft, op: &str) -> Result<Draft, Diagnostic> {
        match op {
            "for" => self.affine_for(d),
            "if" => self.affine_if(d),
            "load" => self.affine_load(d),
            "store" => self.affine_store(d),
            "apply" | "min" | "max" => self.affine_apply(d),
            "yield" => self.hls_terminator(d),
            _ => Err(self.unknown_hls_op(&d)),
        }
    }

    /// `#alias`, `affine_map<...>`/`affine_set<...>`, or (maps, seed spelling) an inline
    /// `(d0) -> (...)`.
    fn written_affine(&mut self, set: bool) -> Result<Written, Diagnostic> {
        let start = self.tok.span.start as usize;
        let what = if set { "integer set" } else { "affine map" };
        if !set && self.tok.kind == Tok::LParen {
            let end = self.skip_balanced(start)?;
            self.reset_to(end)?;
            if self.tok.kind == Tok::LSquare {
                let e = self.skip_balanced(self.tok.span.start as usize)?;
                self.reset_to(e)?;
            }
            self.expect(Tok::Arrow)?;
            if self.tok.kind != Tok::LParen {
                return Err(self.err_expected("'(' starting the map's results"));
            }
            let end = self.skip_balanced(self.tok.span.start as usize)?;
            self.reset_to(end)?;
            let text = self.slice(Span::new(start, end)).to_string();
            return Ok(Written { text, span: Span::new(start, end), inline_at: Some(start) });
        }
        let inline = self.tok.kind == Tok::BareId;
        let body_at = self.tok.span.end as usize + 1;
        let a = match self.tok.kind {
            Tok::Hash | Tok::BareId => self.parse_attr()?,
            _ => return Err(self.err_expected(what)),
        };
        let span = Span::new(start, self.prev_end);
        let inline_at = inline.then_some(body_at);
        match a {
            Attr::AffineMap(text) if !set => Ok(Written { text, span, inline_at }),
            Attr::AffineSet(text) if set => Ok(Written { text, span, inline_at }),
            Attr::Opaque(name) if name.starts_with('#') && !name.contains('<') => {
                Err(Diagnostic::error(span, format!("undefined attribute alias '{name}'")))
            }
            _ => Err(Diagnostic::error(span, format!("expected {what}"))),
        }
    }

    fn affine_error(&self, w: &Written, e: crate::affine::AffineError) -> Diagnostic {
        match w.inline_at {
            Some(at) => Diagnostic::error(Span::new(at + e.offset, at + e.offset + 1), e.message),
            None => Diagnostic::error(w.span, format!("in {}: {}", w.text.trim(), e.message)),
        }
    }

    /// `(%d0, ...)` and optionally `[%s0, ...]` after a map or set: dims and syms, counted.
    fn dim_sym_operands(
        &mut self,
        dims: u32,
        syms: u32,
        at: Span,
    ) -> Result<(Uses<'a>, Uses<'a>), Diagnostic> {
        let start = self.tok.span.start as usize;
        self.expect(Tok::LParen)?;
        let d = self.parse_uses()?;
        self.expect(Tok::RParen)?;
        let mut s = Uses::new();
        if self.eat(Tok::LSquare)? {
            s = self.parse_uses()?;
            self.expect(Tok::RSquare)?;
        }
        let span = Span::new(start, self.prev_end);
        if d.len() != dims as usize || s.len() != syms as usize {
            return Err(Diagnostic::error(
                span,
                format!(
                    "the {} takes {dims} dimension and {syms} symbol operands, got {} and {}",
                    self.slice(at).trim(),
                    d.len(),
                    s.len()
                ),
            ));
        }
        Ok((d, s))
    }

    /// A map with its operands: `#map(%a)[%b]`.
    fn map_and_operands(&mut self) -> Result<(AffineMap, Span, Uses<'a>), Diagnostic> {
        let w = self.written_affine(false)?;
        let map = AffineMap::parse_located(&w.text).map_err(|e| self.affine_error(&w, e))?;
        let (mut d, s) = self.dim_sym_operands(map.num_dims, map.num_syms, w.span)?;
        d.extend(s);
        Ok((map, w.span, d))
    }

    /// One bound of `affine.for`: `0`, `-3`, `%n`, or `max #map(%a)[%b]`.
    fn affine_bound(&mut self, kw: &str) -> Result<(AffineMap, Span, Uses<'a>), Diagnostic> {
        let start = self.tok.span.start as usize;
        match self.tok.kind {
            Tok::Percent => {
                let u = self.parse_use()?;
                let map = AffineMap::parse("()[s0] -> (s0)").map_err(|e| Diagnostic::error(u.span, e))?;
                let mut uses = Uses::new();
                uses.push(u);
                Ok((map, u.span, uses))
            }
            Tok::Int | Tok::Minus => {
                let (v, span) = self.parse_bigint()?;
                let Some(v) = v.to_i128().and_then(|v| i64::try_from(v).ok()) else {
                    return Err(Diagnostic::error(span, "loop bound does not fit in 64 bits"));
                };
                let map = AffineMap {
                    num_dims: 0,
                    num_syms: 0,
                    results: vec![crate::affine::AffineExpr::Const(v)],
                };
                Ok((map, span, Uses::new()))
            }
            _ => {
                let minmax = self.eat_kw(kw)?;
                let (map, span, uses) = self.map_and_operands()?;
                let span = Span::new(start, span.end as usize);
                if map.results.is_empty() {
                    return Err(Diagnostic::error(span, "a loop bound map needs at least one result"));
                }
                if map.results.len() > 1 && !minmax {
                    return Err(Diagnostic::error(
                        span,
                        format!("a loop bound map with several results needs the '{kw}' prefix"),
                    ));
                }
                Ok((map, span, uses))
            }
        }
    }

    /// `affine.for %i = LB to UB (step N)? (iter_args(%a = %x, ...) -> (types))? {...} {attrs}?`
    fn affine_for(&mut self, mut d: Draft) -> Result<Draft, Diagnostic> {
        let (iv, iv_span) = self.parse_def_name()?;
        self.expect(Tok::Equal)?;
        let (lb, lb_span, lb_uses) = self.affine_bound("max")?;
        self.expect_kw("to")?;
        let (ub, ub_span, ub_uses) = self.affine_bound("min")?;
        let mut step = 1i64;
        if self.eat_kw("step")? {
            let (v, span) = self.parse_bigint()?;
            match v.to_i128().and_then(|v| i64::try_from(v).ok()) {
                Some(v) if v > 0 => step = v,
                _ => {
                    return Err(Diagnostic::error(
                        span,
                        "the step of 'affine.for' must be a positive integer",
                    ))
                }
            }
        }
        let (iter, inits, types) = self.iter_args()?;
        let index = Type::Index;
        self.resolve_same(&mut d, &lb_uses, &index)?;
        self.resolve_same(&mut d, &ub_uses, &index)?;
        let at = d.name_span;
        self.resolve_all(&mut d, &inits, &types, at)?;
        d.prop("lowerBoundMap", Attr::AffineMap(lb.to_string()), lb_span);
        d.prop("upperBoundMap", Attr::AffineMap(ub.to_string()), ub_span);
        d.prop("step", int_attr(step, Type::Index), d.name_span);
        d.prop("operandSegmentSizes", segments(&[lb_uses.len(), ub_uses.len(), inits.len()]), d.name_span);
        let mut entry: Vec<EntryArg<'a>> = vec![(iv, Type::Index, iv_span)];
        entry.extend(iter.iter().zip(&types).map(|((n, s), t)| (*n, t.clone(), *s)));
        let mut body = self.parse_region(BODY, &entry)?;
        if inits.is_empty() {
            self.ensure_terminator(&mut body, "affine.yield");
        }
        d.regions.push(body);
        d.result_types.extend(types);
        d.attributes = self.parse_opt_attr_dict()?;
        Ok(d)
    }

    /// `iter_args(%a = %x, ...) -> (t, ...)` if present: names, inits, types.
    #[allow(clippy::type_complexity)]
    pub(super) fn iter_args(&mut self) -> Result<(Vec<(&'a str, Span)>, Uses<'a>, Vec<Type>), Diagnostic> {
        if !self.eat_kw("iter_args")? {
            return Ok((Vec::new(), Uses::new(), Vec::new()));
        }
        let at = self.prev_end;
        let (names, inits) = self.assignment_list()?;
        self.expect(Tok::Arrow)?;
        let types = self.parse_result_types()?.into_vec();
        if types.len() != names.len() {
            return Err(Diagnostic::error(
                Span::new(at, self.prev_end),
                format!("{} iter_args but {} result types", names.len(), types.len()),
            ));
        }
        Ok((names, inits, types))
    }

    /// `affine.if #set(%i)[%n] (-> types)? {...} (else {...})? {attrs}?`
    fn affine_if(&mut self, mut d: Draft) -> Result<Draft, Diagnostic> {
        let w = self.written_affine(true)?;
        let set = IntegerSet::parse_located(&w.text).map_err(|e| self.affine_error(&w, e))?;
        let (mut uses, syms) = self.dim_sym_operands(set.num_dims, set.num_syms, w.span)?;
        uses.extend(syms);
        self.resolve_same(&mut d, &uses, &Type::Index)?;
        d.result_types.extend(self.opt_arrow_types()?);
        self.if_regions(&mut d, "affine.yield")?;
        let mut attrs = vec![NamedAttr {
            name: "condition".into(),
            value: Attr::AffineSet(set.to_string()),
            span: w.span,
        }];
        attrs.extend(self.parse_opt_attr_dict()?);
        d.attributes = attrs;
        Ok(d)
    }

    /// The then-region and the optional else-region of `affine.if`/`scf.if`.
    pub(super) fn if_regions(&mut self, d: &mut Draft, yield_op: &str) -> Result<(), Diagnostic> {
        let mut then = self.parse_region(BODY, &[])?;
        let implicit = d.result_types.is_empty();
        if implicit {
            self.ensure_terminator(&mut then, yield_op);
        }
        d.regions.push(then);
        if self.eat_kw("else")? {
            let mut other = self.parse_region(BODY, &[])?;
            if implicit {
                self.ensure_terminator(&mut other, yield_op);
            }
            d.regions.push(other);
        } else {
            let at = self.prev_end;
            d.regions.push(Region { blocks: Vec::new(), span: Span::new(at, at) });
        }
        Ok(())
    }

    /// `[%i + 1, symbol(%n)]`: the subscript map and its operands (dims, then symbols).
    fn subscripts(&mut self) -> Result<(AffineMap, Span, Uses<'a>), Diagnostic> {
        if self.tok.kind != Tok::LSquare {
            return Err(self.err_expected("'[' starting the subscripts"));
        }
        let open = self.tok.span.start as usize;
        let from = open + 1;
        let r = parse_ssa_exprs(&self.text[from..])
            .map_err(|e| Diagnostic::error(Span::new(from + e.offset, from + e.offset + 1), e.message))?;
        let close = from + r.end;
        if self.text.as_bytes().get(close) != Some(&b']') {
            let span = Span::new(close, (close + 1).min(self.text.len()));
            return Err(Diagnostic::error(span, "expected ']' closing the subscripts"));
        }
        let mut uses = Uses::new();
        for (_, at) in r.dims.iter().chain(&r.syms) {
            self.reset_to(from + at)?;
            uses.push(self.parse_use()?);
        }
        self.reset_to(close + 1)?;
        let map =
            AffineMap { num_dims: r.dims.len() as u32, num_syms: r.syms.len() as u32, results: r.exprs };
        Ok((map, Span::new(open, close + 1), uses))
    }

    /// `affine.load %A[...] {attrs}? : memref<...>`
    fn affine_load(&mut self, mut d: Draft) -> Result<Draft, Diagnostic> {
        let mem = self.parse_use()?;
        let (map, span, uses) = self.subscripts()?;
        d.attributes = self.parse_opt_attr_dict()?;
        let (ty, ty_span) = self.colon_one_type()?;
        let elem = memref_elem(&ty, ty_span, &d.name)?;
        let o = self.resolve(&mem, &ty)?;
        d.operands.push(o);
        self.resolve_same(&mut d, &uses, &Type::Index)?;
        d.prop("map", Attr::AffineMap(map.to_string()), span);
        d.result_types.push(elem);
        Ok(d)
    }

    /// `affine.store %v, %A[...] {attrs}? : memref<...>`
    fn affine_store(&mut self, mut d: Draft) -> Result<Draft, Diagnostic> {
        let value = self.parse_use()?;
        self.expect(Tok::Comma)?;
        let mem = self.parse_use()?;
        let (map, span, uses) = self.subscripts()?;
        d.attributes = self.parse_opt_attr_dict()?;
        let (ty, ty_span) = self.colon_one_type()?;
        let elem = memref_elem(&ty, ty_span, &d.name)?;
        let v = self.resolve(&value, &elem)?;
        let m = self.resolve(&mem, &ty)?;
        d.operands.push(v);
        d.operands.push(m);
        self.resolve_same(&mut d, &uses, &Type::Index)?;
        d.prop("map", Attr::AffineMap(map.to_string()), span);
        Ok(d)
    }

    /// `affine.apply #map(%a)[%b]`, `affine.min ...`, `affine.max ...`: one index result.
    fn affine_apply(&mut self, mut d: Draft) -> Result<Draft, Diagnostic> {
        let (map, span, uses) = self.map_and_operands()?;
        if &*d.name == "affine.apply" && map.results.len() != 1 {
            return Err(Diagnostic::error(span, "'affine.apply' needs a map with exactly one result"));
        }
        if map.results.is_empty() {
            return Err(Diagnostic::error(
                span,
                format!("'{}' needs a map with at least one result", d.name),
            ));
        }
        self.resolve_same(&mut d, &uses, &Type::Index)?;
        d.prop("map", Attr::AffineMap(map.to_string()), span);
        d.attributes = self.parse_opt_attr_dict()?;
        d.result_types.push(Type::Index);
        Ok(d)
    }
}
