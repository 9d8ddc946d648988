//! Custom forms of CIRCT's aggregate ops, normalized to their generic shape (field names
//! become the `fieldIndex` property, enum tags the `field` property, constants `fields`):
//! `hw.array_create`, `hw.array_get`, `hw.array_slice`, `hw.array_concat`,
//! `hw.array_inject`, `hw.struct_create`, `hw.struct_extract`, `hw.struct_inject`,
//! `hw.struct_explode`, `hw.union_create`, `hw.union_extract`, `hw.enum.constant`,
//! `hw.enum.cmp`,
//! `hw.aggregate_constant`, `hw.bitcast`, and the type declarations `hw.type_scope` /
//! `hw.typedecl`. Types are only related as far as the syntax needs (result types); the
//! netlist builder checks the rest, for the generic form too.

use super::{Draft, Parser, RegionKind, UseRef};
use crate::ast::{Attr, BigInt, ComplexType, Type};
use crate::diag::Diagnostic;
use crate::lexer::Tok;
use crate::source::Span;

/// True for the ops this module reads.
pub(super) fn is_hw_aggregate_op(name: &str) -> bool {
    use crate::dialect::{DATAPATH_OPS, HW_AGGREGATE_OPS};
    HW_AGGREGATE_OPS.contains(&name)
        || DATAPATH_OPS.contains(&name)
        || matches!(name, "hw.type_scope" | "hw.typedecl")
}

fn i32_attr(v: usize) -> Attr {
    Attr::Int(BigInt::from_i128(v as i128), Type::int(32))
}

impl<'a> Parser<'a> {
    /// `: T` after an optional attribute dictionary, with the type's span.
    fn agg_colon_type(&mut self, d: &mut Draft) -> Result<(Type, Span), Diagnostic> {
        d.attributes = self.parse_opt_attr_dict()?;
        self.expect(Tok::Colon)?;
        let start = self.tok.span.start as usize;
        let ty = self.parse_type()?;
        Ok((ty, Span::new(start, self.prev_end)))
    }

    /// `%x[` ... `]`: the value and the use inside the brackets.
    fn indexed_use(&mut self) -> Result<(UseRef<'a>, UseRef<'a>), Diagnostic> {
        let base = self.parse_use()?;
        self.expect(Tok::LSquare)?;
        let idx = self.parse_use()?;
        self.expect(Tok::RSquare)?;
        Ok((base, idx))
    }

    /// `%x["name"]`: the value, and the field name with its span.
    fn field_use(&mut self) -> Result<(UseRef<'a>, String, Span), Diagnostic> {
        let base = self.parse_use()?;
        self.expect(Tok::LSquare)?;
        let t = self.expect(Tok::Str)?;
        let name = self.string_value(t);
        self.expect(Tok::RSquare)?;
        Ok((base, name, t.span))
    }

    pub(crate) fn parse_hw_aggregate(&mut self, mut d: Draft) -> Result<Draft, Diagnostic> {
        let name = d.name.clone();
        match &*name {
            "hw.array_create" => {
                let uses = self.parse_uses()?;
                if uses.is_empty() {
                    return Err(self.err_expected("operand"));
                }
                let (elem, _) = self.agg_colon_type(&mut d)?;
                let result = if self.eat(Tok::Arrow)? {
                    self.parse_type()?
                } else {
                    Type::Complex(Box::new(ComplexType::HwArray {
                        len: uses.len() as u64,
                        elem: elem.clone(),
                    }))
                };
                self.resolve_same(&mut d, &uses, &elem)?;
                d.result_types.push(result);
            }
            "hw.array_get" | "hw.array_inject" => {
                let (base, idx) = self.indexed_use()?;
                let mut uses = vec![base, idx];
                if &*name == "hw.array_inject" {
                    self.expect(Tok::Comma)?;
                    uses.push(self.parse_use()?);
                }
                let (arr, span) = self.agg_colon_type(&mut d)?;
                self.expect(Tok::Comma)?;
                let ity = self.parse_type()?;
                // A parametric array (its size known once the module is specialized) too.
                let elem = match arr.strip_alias() {
                    Type::Complex(c) => match &**c {
                        ComplexType::HwArray { elem, .. } | ComplexType::HwParamArray { elem, .. } => {
                            elem.clone()
                        }
                        _ => {
                            return Err(Diagnostic::error(
                                span,
                                format!("'{name}' needs an !hw.array type, got '{arr}'"),
                            ))
                        }
                    },
                    _ => {
                        return Err(Diagnostic::error(
                            span,
                            format!("'{name}' needs an !hw.array type, got '{arr}'"),
                        ))
                    }
                };
                let mut types = vec![arr.clone(), ity];
                if &*name == "hw.array_inject" {
                    types.push(elem);
                    d.result_types.push(arr);
                } else {
                    d.result_types.push(elem);
                }
                self.resolve_all(&mut d, &uses, &types, span)?;
            }
            "hw.array_slice" => {
                let (base, idx) = self.indexed_use()?;
                d.attributes = self.parse_opt_attr_dict()?;
                self.expect(Tok::Colon)?;
                let start = self.tok.span.start as usize;
                let (ins, outs) = self.parse_function_type()?;
                let span = Span::new(start, self.prev_end);
                if ins.len() != 1 || outs.len() != 1 {
                    return Err(Diagnostic::error(span, "'hw.array_slice' type must be '(ARRAY) -> ARRAY'"));
                }
                let iw = match ins[0].hw_aggregate() {
                    Some(ComplexType::HwArray { len, .. }) => crate::hw_types::index_width(*len).max(1),
                    _ => {
                        return Err(Diagnostic::error(
                            span,
                            format!("'hw.array_slice' needs an !hw.array input, got '{}'", ins[0]),
                        ))
                    }
                };
                // The index type is implied: ceil(log2(N)) bits (1 for a 1-element array).
                let ity = Type::int(iw);
                self.resolve_all(&mut d, &[base, idx], &[ins[0].clone(), ity], span)?;
                d.result_types.push(outs[0].clone());
            }
            "hw.array_concat" => {
                let uses = self.parse_uses()?;
                if uses.is_empty() {
                    return Err(self.err_expected("operand"));
                }
                d.attributes = self.parse_opt_attr_dict()?;
                self.expect(Tok::Colon)?;
                let start = self.tok.span.start as usize;
                let types = self.parse_type_list()?;
                let span = Span::new(start, self.prev_end);
                let mut total = 0u64;
                let mut elem: Option<Type> = None;
                for t in &types {
                    match t.hw_aggregate() {
                        Some(ComplexType::HwArray { len, elem: e }) => {
                            if elem.as_ref().is_some_and(|x| x != e) {
                                return Err(Diagnostic::error(
                                    span,
                                    "'hw.array_concat' operands must have one element type",
                                ));
                            }
                            elem = Some(e.clone());
                            total += len;
                        }
                        _ => {
                            return Err(Diagnostic::error(
                                span,
                                format!("'hw.array_concat' operands must be arrays, got '{t}'"),
                            ))
                        }
                    }
                }
                self.resolve_all(&mut d, &uses, &types, span)?;
                let elem = elem.unwrap_or(Type::int(1));
                d.result_types.push(Type::Complex(Box::new(ComplexType::HwArray { len: total, elem })));
            }
            "hw.struct_create" => {
                self.expect(Tok::LParen)?;
                let uses = self.parse_uses()?;
                self.expect(Tok::RParen)?;
                let (ty, span) = self.agg_colon_type(&mut d)?;
                let Some(ComplexType::HwStruct(fields)) = ty.hw_aggregate() else {
                    return Err(Diagnostic::error(
                        span,
                        format!("'hw.struct_create' needs an !hw.struct type, got '{ty}'"),
                    ));
                };
                let types: Vec<Type> = fields.iter().map(|f| f.ty.clone()).collect();
                self.resolve_all(&mut d, &uses, &types, span)?;
                d.result_types.push(ty);
            }
            "hw.struct_extract" | "hw.struct_inject" | "hw.union_extract" => {
                let (base, field, fspan) = self.field_use()?;
                let mut uses = vec![base];
                if &*name == "hw.struct_inject" {
                    self.expect(Tok::Comma)?;
                    uses.push(self.parse_use()?);
                }
                let (ty, span) = self.agg_colon_type(&mut d)?;
                let fields = match (ty.hw_aggregate(), &*name) {
                    (Some(ComplexType::HwUnion(f)), "hw.union_extract") => f,
                    (Some(ComplexType::HwStruct(f)), "hw.struct_extract" | "hw.struct_inject") => f,
                    _ => {
                        let want = if &*name == "hw.union_extract" { "!hw.union" } else { "!hw.struct" };
                        return Err(Diagnostic::error(
                            span,
                            format!("'{name}' needs a {want} type, got '{ty}'"),
                        ));
                    }
                };
                let Some(i) = fields.iter().position(|f| f.name == field) else {
                    return Err(Diagnostic::error(fspan, format!("'{ty}' has no field '{field}'")));
                };
                let fty = fields[i].ty.clone();
                d.prop("fieldIndex", i32_attr(i), fspan);
                let mut types = vec![ty.clone()];
                if &*name == "hw.struct_inject" {
                    types.push(fty);
                    d.result_types.push(ty);
                } else {
                    d.result_types.push(fty);
                }
                self.resolve_all(&mut d, &uses, &types, span)?;
            }
            "hw.struct_explode" => {
                let u = self.parse_use()?;
                let (ty, span) = self.agg_colon_type(&mut d)?;
                let Some(ComplexType::HwStruct(fields)) = ty.hw_aggregate() else {
                    return Err(Diagnostic::error(
                        span,
                        format!("'hw.struct_explode' needs an !hw.struct type, got '{ty}'"),
                    ));
                };
                let tys: Vec<Type> = fields.iter().map(|f| f.ty.clone()).collect();
                self.resolve_all(&mut d, &[u], std::slice::from_ref(&ty), span)?;
                d.result_types.extend(tys);
            }
            "hw.union_create" => {
                let t = self.expect(Tok::Str)?;
                let field = self.string_value(t);
                self.expect(Tok::Comma)?;
                let u = self.parse_use()?;
                let (ty, span) = self.agg_colon_type(&mut d)?;
                let Some(ComplexType::HwUnion(fields)) = ty.hw_aggregate() else {
                    return Err(Diagnostic::error(
                        span,
                        format!("'hw.union_create' needs an !hw.union type, got '{ty}'"),
                    ));
                };
                let Some(i) = fields.iter().position(|f| f.name == field) else {
                    return Err(Diagnostic::error(t.span, format!("'{ty}' has no field '{field}'")));
                };
                let fty = fields[i].ty.clone();
                d.prop("fieldIndex", i32_attr(i), t.span);
                self.resolve_all(&mut d, &[u], &[fty], span)?;
                d.result_types.push(ty);
            }
            "hw.enum.constant" => {
                let t = self.tok.span;
                let tag = self.port_name()?;
                let (ty, span) = self.agg_colon_type(&mut d)?;
                match ty.hw_aggregate() {
                    Some(ComplexType::HwEnum(tags)) if tags.contains(&tag) => {}
                    Some(ComplexType::HwEnum(_)) => {
                        return Err(Diagnostic::error(t, format!("'{ty}' has no tag '{tag}'")));
                    }
                    _ => {
                        return Err(Diagnostic::error(
                            span,
                            format!("'hw.enum.constant' needs an !hw.enum type, got '{ty}'"),
                        ))
                    }
                }
                d.prop("field", Attr::Opaque(format!("#hw.enum.field<{tag}, {ty}>")), t);
                d.result_types.push(ty);
            }
            "hw.enum.cmp" => {
                // hw.enum.cmp %a, %b : !hw.enum<...>, !hw.enum<...>
                let uses = self.parse_uses()?;
                d.attributes = self.parse_opt_attr_dict()?;
                self.expect(Tok::Colon)?;
                let start = self.tok.span.start as usize;
                let types = self.parse_type_list()?;
                let span = Span::new(start, self.prev_end);
                self.resolve_all(&mut d, &uses, &types, span)?;
                d.result_types.push(Type::int(1));
            }
            "hw.aggregate_constant" => {
                let t = self.tok.span;
                let fields = self.parse_attr()?;
                if !matches!(fields, Attr::Array(_)) {
                    return Err(Diagnostic::error(
                        t,
                        "'hw.aggregate_constant' needs an array of fields '[...]'",
                    ));
                }
                d.prop("fields", fields, Span::new(t.start as usize, self.prev_end));
                let (ty, _) = self.agg_colon_type(&mut d)?;
                d.result_types.push(ty);
            }
            "hw.wire" => {
                // %w = hw.wire %x [sym @s] {attrs} : T   (a named value; the result is %x)
                let u = self.parse_use()?;
                if self.eat_kw("sym")? {
                    let s = self.expect(Tok::At)?;
                    let text = format!("#hw<innerSym{}>", self.slice(s.span));
                    d.prop("inner_sym", Attr::Opaque(text), s.span);
                }
                let (ty, span) = self.agg_colon_type(&mut d)?;
                self.resolve_all(&mut d, &[u], std::slice::from_ref(&ty), span)?;
                d.result_types.push(ty);
            }
            "hw.bitcast" => {
                let u = self.parse_use()?;
                d.attributes = self.parse_opt_attr_dict()?;
                self.expect(Tok::Colon)?;
                let start = self.tok.span.start as usize;
                let (ins, outs) = self.parse_function_type()?;
                let span = Span::new(start, self.prev_end);
                if ins.len() != 1 || outs.len() != 1 {
                    return Err(Diagnostic::error(span, "'hw.bitcast' type must be '(T) -> U'"));
                }
                self.resolve_all(&mut d, &[u], &ins, span)?;
                d.result_types.push(outs[0].clone());
            }
            "datapath.compress" => {
                // %r:2 = datapath.compress %a, %b, %c : i16 [3 -> 2]
                let uses = self.parse_uses()?;
                let (ty, span) = self.agg_colon_type(&mut d)?;
                self.expect(Tok::LSquare)?;
                let (n_in, ispan) = self.parse_u32("operand count")?;
                self.expect(Tok::Arrow)?;
                let (n_out, _) = self.parse_u32("result count")?;
                self.expect(Tok::RSquare)?;
                if n_in as usize != uses.len() {
                    return Err(Diagnostic::error(
                        ispan,
                        format!("'datapath.compress' has {} operands, not {n_in}", uses.len()),
                    ));
                }
                self.resolve_same(&mut d, &uses, &ty)?;
                let _ = span;
                d.result_types.extend(std::iter::repeat_n(ty, n_out as usize));
            }
            "datapath.partial_product" | "datapath.pos_partial_product" => {
                let uses = self.parse_uses()?;
                d.attributes = self.parse_opt_attr_dict()?;
                self.expect(Tok::Colon)?;
                let start = self.tok.span.start as usize;
                let (ins, outs) = self.parse_function_type()?;
                let span = Span::new(start, self.prev_end);
                self.resolve_all(&mut d, &uses, &ins, span)?;
                d.result_types.extend(outs);
            }
            "hw.type_scope" => {
                let t = self.tok.span;
                let Attr::SymbolRef(path) = (if self.tok.kind == Tok::At {
                    self.parse_attr()?
                } else {
                    return Err(self.err_expected("scope name '@name'"));
                }) else {
                    return Err(Diagnostic::error(t, "expected a symbol"));
                };
                d.prop("sym_name", Attr::String(path.concat()), t);
                d.regions.push(self.parse_region(RegionKind { graph: true, isolated: true }, &[])?);
            }
            _ => {
                // hw.typedecl @name (, "verilogName")? : T
                let t = self.tok.span;
                let Attr::SymbolRef(path) = (if self.tok.kind == Tok::At {
                    self.parse_attr()?
                } else {
                    return Err(self.err_expected("type name '@name'"));
                }) else {
                    return Err(Diagnostic::error(t, "expected a symbol"));
                };
                d.prop("sym_name", Attr::String(path.concat()), t);
                // CIRCT prints `@name, "verilogName"`; the comma is optional here.
                let comma = self.eat(Tok::Comma)?;
                if comma || self.tok.kind == Tok::Str {
                    let s = self.expect(Tok::Str)?;
                    let v = self.string_value(s);
                    d.prop("verilogName", Attr::String(v), s.span);
                }
                let (ty, span) = self.agg_colon_type(&mut d)?;
                d.prop("type", Attr::Type(ty), span);
            }
        }
        Ok(d)
    }
}
