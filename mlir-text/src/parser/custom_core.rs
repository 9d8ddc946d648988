//! Custom forms of the container and structural ops: `builtin.module`, `func.func`,
//! `func.return`, `hw.module`, `hw.output`, `hw.instance`, and the constants
//! (`hw.constant`, `arith.constant`, `constant`). Each is normalized to the generic shape
//! CIRCT and MLIR print (`sym_name`, `function_type`, `module_type`, `value`, ...).

use super::{Draft, EntryArg, Parser, RegionKind};
use crate::ast::{Attr, BigInt, ComplexType, ModulePort, OpExtra, Operation, PortDir, Type};
use crate::diag::Diagnostic;
use crate::lexer::Tok;
use crate::source::Span;
use smallvec::SmallVec;

impl<'a> Parser<'a> {
    fn sym_name(&mut self, d: &mut Draft) -> Result<(), Diagnostic> {
        if self.tok.kind != Tok::At {
            return Err(self.err_expected("symbol name '@name'"));
        }
        let t = self.tok;
        let Attr::SymbolRef(path) = self.parse_attr()? else {
            return Err(Diagnostic::error(t.span, "expected symbol name"));
        };
        let name = path.into_iter().next().unwrap_or_default();
        d.prop("sym_name", Attr::String(name), t.span);
        Ok(())
    }

    fn visibility(&mut self, d: &mut Draft) -> Result<(), Diagnostic> {
        for v in ["private", "public", "nested"] {
            if self.at_kw(v) {
                let t = self.bump()?;
                d.prop("sym_visibility", Attr::String(v.to_string()), t.span);
            }
        }
        Ok(())
    }

    fn attributes_kw(&mut self, d: &mut Draft) -> Result<(), Diagnostic> {
        if self.eat_kw("attributes")? {
            d.attributes = self.parse_attr_dict()?;
        }
        Ok(())
    }

    /// `module @name? attributes {...}? { ... }`.
    pub(crate) fn parse_builtin_module(&mut self, mut d: Draft) -> Result<Draft, Diagnostic> {
        if self.tok.kind == Tok::At {
            self.sym_name(&mut d)?;
        }
        self.attributes_kw(&mut d)?;
        d.regions.push(self.parse_region(RegionKind { graph: true, isolated: true }, &[])?);
        Ok(d)
    }

    /// Skips per-argument `{attrs}` and `loc(...)`.
    fn skip_arg_extras(&mut self) -> Result<(), Diagnostic> {
        if self.tok.kind == Tok::LBrace {
            self.parse_attr_dict()?;
        }
        if self.at_kw("loc") {
            self.parse_location()?;
        }
        Ok(())
    }

    /// `func.func private? @f(%a: i8, ...) -> (i8, i1) attributes {...}? { ... }`.
    pub(crate) fn parse_func(&mut self, mut d: Draft) -> Result<Draft, Diagnostic> {
        self.visibility(&mut d)?;
        self.sym_name(&mut d)?;
        let ty_start = self.tok.span.start as usize;
        self.expect(Tok::LParen)?;
        let mut args: Vec<EntryArg<'a>> = Vec::new();
        let mut inputs = Vec::new();
        let mut named = false;
        if !self.eat(Tok::RParen)? {
            loop {
                if self.tok.kind == Tok::Percent {
                    named = true;
                    let (name, span) = self.parse_def_name()?;
                    self.expect(Tok::Colon)?;
                    let ty = self.parse_type()?;
                    args.push((name, ty.clone(), span));
                    inputs.push(ty);
                } else {
                    if named {
                        return Err(self.err_expected("argument name"));
                    }
                    inputs.push(self.parse_type()?);
                }
                self.skip_arg_extras()?;
                if !self.eat(Tok::Comma)? {
                    break;
                }
            }
            self.expect(Tok::RParen)?;
        }
        let mut results = Vec::new();
        if self.eat(Tok::Arrow)? {
            if self.eat(Tok::LParen)? {
                if !self.eat(Tok::RParen)? {
                    loop {
                        results.push(self.parse_type()?);
                        self.skip_arg_extras()?;
                        if !self.eat(Tok::Comma)? {
                            break;
                        }
                    }
                    self.expect(Tok::RParen)?;
                }
            } else {
                results.push(self.parse_type()?);
            }
        }
        let ty_span = Span::new(ty_start, self.prev_end);
        let fty = Type::Complex(Box::new(ComplexType::Function { inputs: inputs.clone(), results }));
        d.prop("function_type", Attr::Type(fty), ty_span);
        self.attributes_kw(&mut d)?;
        if self.tok.kind == Tok::LBrace {
            if !named && !inputs.is_empty() {
                return Err(Diagnostic::error(ty_span, "a function with a body needs named arguments"));
            }
            d.regions.push(self.parse_region(RegionKind { graph: false, isolated: true }, &args)?);
        }
        Ok(d)
    }

    /// `return %a, %b : i8, i1`, `hw.output %y : i8`, or either without operands.
    pub(crate) fn parse_terminator(&mut self, mut d: Draft) -> Result<Draft, Diagnostic> {
        let uses = self.parse_uses()?;
        d.attributes = self.parse_opt_attr_dict()?;
        if !uses.is_empty() {
            self.expect(Tok::Colon)?;
            let start = self.tok.span.start as usize;
            let types = self.parse_type_list()?;
            let span = Span::new(start, self.prev_end);
            self.resolve_all(&mut d, &uses, &types, span)?;
        }
        Ok(d)
    }

    /// `hw.module @m(in %a : i8, out y : i8) {...}`, or the older
    /// `hw.module @m(%a: i8) -> (y: i8) {...}`; `hw.module.extern` has no body.
    pub(crate) fn parse_hw_module(&mut self, mut d: Draft) -> Result<Draft, Diagnostic> {
        self.visibility(&mut d)?;
        self.sym_name(&mut d)?;
        if &*d.name == "hw.module.generated" {
            // `hw.module.generated @M, @Schema(ports) attributes {...}`: a module a generator
            // makes, so a black box here: read as the `hw.module.extern` it is to us (the
            // schema kept as `generatorKind`, the generator's attributes ignored).
            self.expect(Tok::Comma)?;
            let s = self.expect(Tok::At)?;
            let schema = self.slice(s.span).trim_start_matches('@').trim_matches('"').to_string();
            d.prop("generatorKind", Attr::String(schema), s.span);
            d.name = crate::ast::OpName::new("hw.module.extern");
        }
        if self.tok.kind == Tok::Less {
            let start = self.tok.span.start as usize;
            let params = self.parse_param_list()?;
            d.prop("parameters", params, Span::new(start, self.prev_end));
        }
        let ty_start = self.tok.span.start as usize;
        self.expect(Tok::LParen)?;
        let mut ports: Vec<ModulePort> = Vec::new();
        let mut args: Vec<EntryArg<'a>> = Vec::new();
        let old_style = self.tok.kind == Tok::Percent;
        if !self.eat(Tok::RParen)? {
            loop {
                let dir = if old_style || self.eat_kw("in")? || self.eat_kw("input")? {
                    PortDir::Input
                } else if self.eat_kw("out")? || self.eat_kw("output")? {
                    PortDir::Output
                } else if self.eat_kw("inout")? {
                    PortDir::InOut
                } else {
                    return Err(self.err_expected("port direction 'in', 'out' or 'inout'"));
                };
                let (name, def) = if dir == PortDir::Output {
                    (self.port_name()?, None)
                } else {
                    let (n, span) = self.parse_def_name()?;
                    // CIRCT's `in %arg0 "a b" : i1`: a port name that is no SSA name.
                    let name = if self.tok.kind == Tok::Str { self.port_name()? } else { n.to_string() };
                    (name, Some((n, span)))
                };
                self.expect(Tok::Colon)?;
                let ty = self.parse_type()?;
                self.skip_arg_extras()?;
                if let Some((n, span)) = def {
                    args.push((n, ty.clone(), span));
                }
                ports.push(ModulePort { dir, name, ty });
                if !self.eat(Tok::Comma)? {
                    break;
                }
            }
            self.expect(Tok::RParen)?;
        }
        if old_style && self.eat(Tok::Arrow)? {
            self.expect(Tok::LParen)?;
            if !self.eat(Tok::RParen)? {
                loop {
                    let name = self.port_name()?;
                    self.expect(Tok::Colon)?;
                    let ty = self.parse_type()?;
                    self.skip_arg_extras()?;
                    ports.push(ModulePort { dir: PortDir::Output, name, ty });
                    if !self.eat(Tok::Comma)? {
                        break;
                    }
                }
                self.expect(Tok::RParen)?;
            }
        }
        let ty_span = Span::new(ty_start, self.prev_end);
        d.prop("module_type", Attr::Type(Type::Complex(Box::new(ComplexType::HwModule(ports)))), ty_span);
        self.attributes_kw(&mut d)?;
        if &*d.name == "hw.module" {
            if self.sink.is_some() {
                self.stream_header = Some(Operation {
                    name: d.name.clone(),
                    results: Default::default(),
                    operands: Default::default(),
                    span: d.name_span,
                    name_span: d.name_span,
                    generic: false,
                    extra: Some(Box::new(OpExtra {
                        properties: d.properties.clone(),
                        attributes: d.attributes.clone().into(),
                        ..Default::default()
                    })),
                });
            }
            d.regions.push(self.parse_region(RegionKind { graph: true, isolated: true }, &args)?);
        }
        Ok(d)
    }

    /// `hw.constant 42 : i12`, `hw.constant true`, `arith.constant 3 : i32`,
    /// `constant false`.
    pub(crate) fn parse_constant(&mut self, mut d: Draft) -> Result<Draft, Diagnostic> {
        let start = self.tok.span.start as usize;
        let hw = &*d.name == "hw.constant";
        let (value, ty) = if self.at_kw("true") || self.at_kw("false") {
            let v = self.at_kw("true") as i128;
            self.bump()?;
            (Attr::Int(BigInt::from_i128(v), Type::int(1)), Type::int(1))
        } else if hw {
            let (v, vspan) = self.parse_bigint()?;
            d.attributes = self.parse_opt_attr_dict()?;
            self.expect(Tok::Colon)?;
            let tstart = self.tok.span.start as usize;
            let ty = self.parse_type()?;
            let Some(w) = ty.int_width() else {
                return Err(Diagnostic::error(
                    Span::new(tstart, self.prev_end),
                    format!("'hw.constant' needs an integer type, got '{ty}'"),
                ));
            };
            if !v.fits_width(w) {
                return Err(Diagnostic::error(vspan, format!("integer literal {v} does not fit in {ty}")));
            }
            (Attr::Int(v, ty.clone()), ty)
        } else {
            let a = self.parse_attr()?;
            let span = Span::new(start, self.prev_end);
            match a {
                Attr::Int(v, ty) => {
                    if let Some(w) = ty.int_width() {
                        if !v.fits_width(w) {
                            return Err(Diagnostic::error(
                                span,
                                format!("integer literal {v} does not fit in {ty}"),
                            ));
                        }
                    }
                    (Attr::Int(v, ty.clone()), ty)
                }
                Attr::Bool(b) => (Attr::Int(BigInt::from_i128(b as i128), Type::int(1)), Type::int(1)),
                Attr::Float(lit) => (Attr::Float(lit), lit.ty()),
                Attr::Opaque(text) if text.contains(':') => {
                    let ty = text.rsplit_once(':').map(|(_, t)| t.trim().to_string()).unwrap_or_default();
                    (Attr::Opaque(text), Type::Complex(Box::new(ComplexType::Opaque(ty))))
                }
                _ => {
                    return Err(Diagnostic::error(span, format!("'{}' needs a typed constant value", d.name)))
                }
            }
        };
        if d.attributes.is_empty() {
            d.attributes = self.parse_opt_attr_dict()?;
        }
        d.prop("value", value, Span::new(start, self.prev_end));
        d.result_types.push(ty);
        Ok(d)
    }

    /// `hw.instance "u0" sym @s @child(a: %x : i4) -> (y: i4)`.
    pub(crate) fn parse_instance(&mut self, mut d: Draft) -> Result<Draft, Diagnostic> {
        let t = self.expect(Tok::Str)?;
        let iname = self.string_value(t);
        d.prop("instanceName", Attr::String(iname), t.span);
        let mut inner_sym = None;
        if self.eat_kw("sym")? {
            let s = self.expect(Tok::At)?;
            inner_sym = Some((format!("#hw<innerSym{}>", self.slice(s.span)), s.span));
        }
        let m = self.tok.span;
        let Attr::SymbolRef(path) = (if self.tok.kind == Tok::At {
            self.parse_attr()?
        } else {
            return Err(self.err_expected("module name '@name'"));
        }) else {
            return Err(Diagnostic::error(m, "expected module name"));
        };
        d.prop("moduleName", Attr::SymbolRef(path), m);
        let mut params = None;
        if self.tok.kind == Tok::Less {
            let start = self.tok.span.start as usize;
            let list = self.parse_param_list()?;
            params = Some((list, Span::new(start, self.prev_end)));
        }
        let args_start = self.tok.span.start as usize;
        self.expect(Tok::LParen)?;
        let mut arg_names = Vec::new();
        let mut uses: SmallVec<[_; 3]> = SmallVec::new();
        let mut types = Vec::new();
        if !self.eat(Tok::RParen)? {
            loop {
                arg_names.push(Attr::String(self.port_name()?));
                self.expect(Tok::Colon)?;
                uses.push(self.parse_use()?);
                self.expect(Tok::Colon)?;
                types.push(self.parse_type()?);
                if !self.eat(Tok::Comma)? {
                    break;
                }
            }
            self.expect(Tok::RParen)?;
        }
        let args_span = Span::new(args_start, self.prev_end);
        self.expect(Tok::Arrow)?;
        let res_start = self.tok.span.start as usize;
        self.expect(Tok::LParen)?;
        let mut res_names = Vec::new();
        if !self.eat(Tok::RParen)? {
            loop {
                res_names.push(Attr::String(self.port_name()?));
                self.expect(Tok::Colon)?;
                d.result_types.push(self.parse_type()?);
                if !self.eat(Tok::Comma)? {
                    break;
                }
            }
            self.expect(Tok::RParen)?;
        }
        let res_span = Span::new(res_start, self.prev_end);
        d.prop("argNames", Attr::Array(arg_names), args_span);
        d.prop("resultNames", Attr::Array(res_names), res_span);
        if let Some((p, span)) = params {
            d.prop("parameters", p, span);
        }
        if let Some((s, span)) = inner_sym {
            d.prop("inner_sym", Attr::Opaque(s), span);
        }
        d.attributes = self.parse_opt_attr_dict()?;
        self.resolve_all(&mut d, &uses, &types, args_span)?;
        Ok(d)
    }
}
