//! Custom forms of linalg on buffers: the named ops `linalg.matmul`, `matvec`, `dot`,
//! `fill`, `copy`, `conv_2d` (`ins(...) outs(...)`), whose region MLIR builds from the op's
//! definition and prints in the generic form (so it is built here the same way: block
//! arguments of the element types, casts to the output type, multiply, add, `linalg.yield`),
//! and `linalg.generic` with `indexing_maps`, `iterator_types`, `attrs = {...}` and its
//! written region; `linalg.yield`, `linalg.index`.

use super::{segments, Uses};
use crate::affine::AffineMap;
use crate::ast::{Attr, Block, ComplexType, FloatKind, NamedAttr, Region, Type, ValueDef, ValueId};
use crate::diag::Diagnostic;
use crate::lexer::Tok;
use crate::parser::{Draft, Parser, RegionKind};
use crate::source::Span;

/// The named ops with a multiply-accumulate body and their indexing maps.
fn mac_maps(op: &str) -> Option<&'static [&'static str]> {
    Some(match op {
        "matmul" => &["(d0, d1, d2) -> (d0, d2)", "(d0, d1, d2) -> (d2, d1)", "(d0, d1, d2) -> (d0, d1)"],
        "matvec" => &["(d0, d1) -> (d0, d1)", "(d0, d1) -> (d1)", "(d0, d1) -> (d0)"],
        "dot" => &["(d0) -> (d0)", "(d0) -> (d0)", "(d0) -> ()"],
        "conv_2d" => &[
            "(d0, d1, d2, d3) -> (d0 + d2, d1 + d3)",
            "(d0, d1, d2, d3) -> (d2, d3)",
            "(d0, d1, d2, d3) -> (d0, d1)",
        ],
        _ => return None,
    })
}

/// The element type of a shaped type (memref, or a tensor/vector kept as text); a scalar
/// is its own element.
fn element(ty: &Type) -> Type {
    match ty {
        Type::Complex(c) => match &**c {
            ComplexType::MemRef { elem, .. } => elem.clone(),
            ComplexType::Opaque(text) => {
                let inner = text.split_once('<').map_or("", |(_, r)| r).trim_end_matches('>');
                let last = inner.rsplit('x').next().unwrap_or("").trim();
                match last {
                    "index" => Type::Index,
                    "f16" => Type::Float(FloatKind::F16),
                    "bf16" => Type::Float(FloatKind::BF16),
                    "f32" => Type::Float(FloatKind::F32),
                    "f64" => Type::Float(FloatKind::F64),
                    _ => match last.strip_prefix('i').and_then(|w| w.parse::<u32>().ok()) {
                        Some(w) if w > 0 => Type::int(w),
                        _ => ty.clone(),
                    },
                }
            }
            _ => ty.clone(),
        },
        _ => ty.clone(),
    }
}

fn float_width(k: FloatKind) -> u32 {
    match k {
        FloatKind::F16 | FloatKind::BF16 => 16,
        FloatKind::F32 => 32,
        FloatKind::F64 => 64,
    }
}

/// The arith cast MLIR's named ops use from `from` to `to` (signed for integers).
fn cast_op(from: &Type, to: &Type) -> Option<&'static str> {
    use std::cmp::Ordering::*;
    match (from, to) {
        _ if from == to => None,
        (Type::Int { width: a, .. }, Type::Int { width: b, .. }) => match a.cmp(b) {
            Less => Some("arith.extsi"),
            Greater => Some("arith.trunci"),
            Equal => None,
        },
        (Type::Int { .. }, Type::Float(_)) => Some("arith.sitofp"),
        (Type::Float(_), Type::Int { .. }) => Some("arith.fptosi"),
        (Type::Float(a), Type::Float(b)) => {
            Some(if float_width(*a) < float_width(*b) { "arith.extf" } else { "arith.truncf" })
        }
        (Type::Index, _) | (_, Type::Index) => Some("arith.index_cast"),
        _ => None,
    }
}

impl<'a> Parser<'a> {
    pub(super) fn parse_linalg(&mut self, d: Draft, op: &str) -> Result<Draft, Diagnostic> {
        match op {
            "generic" => self.linalg_generic(d),
            "yield" => self.hls_terminator(d),
            "index" => {
                // `linalg.index 0 : index`
                let mut d = d;
                let (v, span) = self.parse_u32("loop dimension")?;
                d.prop("dim", Attr::Int(crate::ast::BigInt::from_i128(v as i128), Type::int(64)), span);
                d.attributes = self.parse_opt_attr_dict()?;
                let (ty, _) = self.colon_one_type()?;
                d.result_types.push(ty);
                Ok(d)
            }
            "fill" | "copy" => self.linalg_named(d, op),
            _ if mac_maps(op).is_some() => self.linalg_named(d, op),
            _ => Err(self.unknown_hls_op(&d)),
        }
    }

    /// `ins(%a : T)`/`outs(...)`: uses and types (empty when the keyword is absent and
    /// `required` is false).
    fn operand_group(&mut self, kw: &str, required: bool) -> Result<(Uses<'a>, Vec<Type>, Span), Diagnostic> {
        let start = self.tok.span.start as usize;
        if !self.eat_kw(kw)? {
            if required {
                return Err(self.err_expected(&format!("'{kw}(...)'")));
            }
            return Ok((Uses::new(), Vec::new(), Span::new(start, start)));
        }
        self.expect(Tok::LParen)?;
        let uses = self.parse_uses()?;
        let mut types = Vec::new();
        if !uses.is_empty() {
            self.expect(Tok::Colon)?;
            types = self.parse_type_list()?.into_vec();
        }
        self.expect(Tok::RParen)?;
        let span = Span::new(start, self.prev_end);
        if uses.len() != types.len() {
            return Err(Diagnostic::error(
                span,
                format!("{} operands present, but expected {} types", uses.len(), types.len()),
            ));
        }
        Ok((uses, types, span))
    }

    /// `ins(...) outs(...)`: resolves the operands; returns their types and the segment sizes.
    fn ins_outs(&mut self, d: &mut Draft) -> Result<(Vec<Type>, [usize; 2], Span), Diagnostic> {
        let (ins, in_tys, s1) = self.operand_group("ins", false)?;
        let (outs, out_tys, s2) = self.operand_group("outs", true)?;
        self.resolve_all(d, &ins, &in_tys, s1)?;
        self.resolve_all(d, &outs, &out_tys, s2)?;
        let mut all = in_tys;
        all.extend(out_tys);
        Ok((all, [ins.len(), outs.len()], Span::new(s1.start as usize, s2.end as usize)))
    }

    /// A named op: `linalg.matmul {attrs}? ins(...) outs(...) {attrs}? (-> types)?`
    fn linalg_named(&mut self, mut d: Draft, op: &str) -> Result<Draft, Diagnostic> {
        let mut attrs = self.parse_opt_attr_dict()?;
        let (types, seg, span) = self.ins_outs(&mut d)?;
        let want = if mac_maps(op).is_some() { [2, 1] } else { [1, 1] };
        if seg != want {
            return Err(Diagnostic::error(
                span,
                format!(
                    "'{}' takes {} inputs and {} output, got {} and {}",
                    d.name, want[0], want[1], seg[0], seg[1]
                ),
            ));
        }
        attrs.extend(self.parse_opt_attr_dict()?);
        d.result_types.extend(self.opt_arrow_types()?);
        d.prop("operandSegmentSizes", segments(&seg), span);
        let region = self.named_body(op, &types, span);
        d.regions.push(region);
        if let Some(maps) = mac_maps(op) {
            let maps = maps.iter().map(|m| Attr::AffineMap(m.to_string())).collect();
            attrs.push(NamedAttr {
                name: "linalg.memoized_indexing_maps".into(),
                value: Attr::Array(maps),
                span,
            });
        }
        d.attributes = attrs;
        Ok(d)
    }

    /// The body MLIR gives a named op: `(in..., out) -> yield out + in0 * in1` or `yield in0`.
    fn named_body(&mut self, op: &str, types: &[Type], span: Span) -> Region {
        let elems: Vec<Type> = types.iter().map(element).collect();
        let args: Vec<ValueId> = elems
            .iter()
            .enumerate()
            .map(|(i, t)| self.anon_value(t.clone(), span, ValueDef::BlockArg { index: i as u32 }))
            .collect();
        let out_ty = elems.last().cloned().unwrap_or(Type::None);
        let mut ops = Vec::new();
        let cast = |p: &mut Self, v: ValueId, from: &Type, ops: &mut Vec<_>| match cast_op(from, &out_ty) {
            None => v,
            Some(name) => {
                let o = p.synth_op(name, &[v], std::slice::from_ref(&out_ty), Vec::new(), span);
                let r = o.results[0];
                ops.push(o);
                r
            }
        };
        let result = if mac_maps(op).is_some() {
            let a = cast(self, args[0], &elems[0], &mut ops);
            let b = cast(self, args[1], &elems[1], &mut ops);
            let float = matches!(out_ty, Type::Float(_));
            let (mul, add, prop) = if float {
                ("arith.mulf", "arith.addf", ("fastmath", "#arith.fastmath<none>"))
            } else {
                ("arith.muli", "arith.addi", ("overflowFlags", "#arith.overflow<none>"))
            };
            let p = || vec![NamedAttr { name: prop.0.into(), value: Attr::Opaque(prop.1.to_string()), span }];
            let m = self.synth_op(mul, &[a, b], std::slice::from_ref(&out_ty), p(), span);
            let mv = m.results[0];
            ops.push(m);
            let s = self.synth_op(add, &[args[2], mv], std::slice::from_ref(&out_ty), p(), span);
            let sv = s.results[0];
            ops.push(s);
            sv
        } else {
            cast(self, args[0], &elems[0], &mut ops)
        };
        let y = self.synth_op("linalg.yield", &[result], &[], Vec::new(), span);
        ops.push(y);
        Region { blocks: vec![Block { label: None, args, ops, span }], span }
    }

    /// `linalg.generic {indexing_maps = [...], iterator_types = [...]} ins(...) outs(...)
    /// (attrs = {...})? {region} (-> types)?`
    fn linalg_generic(&mut self, mut d: Draft) -> Result<Draft, Diagnostic> {
        if self.tok.kind != Tok::LBrace {
            return Err(self.err_expected("'{' with indexing_maps and iterator_types"));
        }
        let traits = self.parse_attr_dict()?;
        let (_, seg, span) = self.ins_outs(&mut d)?;
        let mut attrs = Vec::new();
        if self.eat_kw("attrs")? {
            self.expect(Tok::Equal)?;
            attrs = self.parse_attr_dict()?;
        }
        let mut seen = (false, false);
        for mut a in traits {
            match &*a.name {
                "indexing_maps" => {
                    seen.0 = true;
                    a.value = self.check_maps(a.value, a.span)?;
                    d.properties.push(a);
                }
                "iterator_types" => {
                    seen.1 = true;
                    a.value = iterator_types(a.value, a.span)?;
                    d.properties.push(a);
                }
                "doc" | "library_call" => d.properties.push(a),
                _ => attrs.push(a),
            }
        }
        if !seen.0 || !seen.1 {
            return Err(Diagnostic::error(
                d.name_span,
                "'linalg.generic' needs indexing_maps and iterator_types",
            ));
        }
        d.prop("operandSegmentSizes", segments(&seg), span);
        d.regions.push(self.parse_region(RegionKind { graph: false, isolated: false }, &[])?);
        d.result_types.extend(self.opt_arrow_types()?);
        d.attributes = attrs;
        Ok(d)
    }

    /// `[affine_map<...>, #alias, ...]`, each checked and printed in canonical form.
    fn check_maps(&self, v: Attr, span: Span) -> Result<Attr, Diagnostic> {
        let Attr::Array(items) = v else {
            return Err(Diagnostic::error(span, "indexing_maps must be an array of affine maps"));
        };
        let mut out = Vec::new();
        for it in items {
            let Attr::AffineMap(text) = it else {
                return Err(Diagnostic::error(span, "indexing_maps must be an array of affine maps"));
            };
            let m =
                AffineMap::parse(&text).map_err(|e| Diagnostic::error(span, format!("in ({text}): {e}")))?;
            out.push(Attr::AffineMap(m.to_string()));
        }
        Ok(Attr::Array(out))
    }
}

/// `["parallel", "reduction"]` as `#linalg.iterator_type<...>` attributes.
fn iterator_types(v: Attr, span: Span) -> Result<Attr, Diagnostic> {
    let Attr::Array(items) = v else {
        return Err(Diagnostic::error(span, "iterator_types must be an array"));
    };
    let mut out = Vec::new();
    for it in items {
        out.push(match it {
            Attr::String(s) if s == "parallel" || s == "reduction" || s == "window" => {
                Attr::Opaque(format!("#linalg.iterator_type<{s}>"))
            }
            Attr::Opaque(s) if s.starts_with("#linalg.iterator_type<") => Attr::Opaque(s),
            _ => {
                return Err(Diagnostic::error(
                    span,
                    "iterator_types entries must be \"parallel\" or \"reduction\"",
                ))
            }
        });
    }
    Ok(Attr::Array(out))
}
