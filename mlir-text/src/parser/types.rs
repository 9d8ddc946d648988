//! Types: integers (with the width limits), index, floats, `!seq.clock`, memrefs, function
//! types, `!hw.modty<...>`, aliases, and everything else verbatim as `ComplexType::Opaque`.

use super::Parser;
use crate::ast::{ComplexType, FloatKind, ModulePort, PortDir, Signedness, Type, MAX_WIDTH};
use crate::diag::Diagnostic;
use crate::lexer::Tok;
use crate::source::Span;
use smallvec::SmallVec;

/// Recognizes `iN`, `siN`, `uiN`; `Some(Err)` for a bad width.
pub(super) fn int_type(text: &str, span: Span) -> Option<Result<Type, Diagnostic>> {
    let (signedness, digits) = if let Some(d) = text.strip_prefix("si") {
        (Signedness::Signed, d)
    } else if let Some(d) = text.strip_prefix("ui") {
        (Signedness::Unsigned, d)
    } else {
        (Signedness::Signless, text.strip_prefix('i')?)
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let width = digits.parse::<u64>().unwrap_or(u64::MAX);
    // `i0` is read (CIRCT's zero-width values); the netlist builder erases it.
    if width > MAX_WIDTH as u64 {
        return Some(Err(Diagnostic::error(
            span,
            format!("integer width must be between 0 and {MAX_WIDTH}, got '{text}'"),
        )));
    }
    Some(Ok(Type::Int { width: width as u32, signedness }))
}

/// A list of types as ops write them (operands, results): two inline.
pub(crate) type Types = SmallVec<[Type; 2]>;

fn boxed(c: ComplexType) -> Type {
    Type::Complex(Box::new(c))
}

impl<'a> Parser<'a> {
    /// Parses one type.
    pub(crate) fn parse_type(&mut self) -> Result<Type, Diagnostic> {
        self.enter()?;
        let r = self.parse_type_inner();
        self.leave();
        r
    }

    /// Parses `t1, t2, ...` (at least one).
    pub(crate) fn parse_type_list(&mut self) -> Result<Types, Diagnostic> {
        let mut v = Types::new();
        v.push(self.parse_type()?);
        while self.eat(Tok::Comma)? {
            v.push(self.parse_type()?);
        }
        Ok(v)
    }

    /// Parses `(t1, ...)` (possibly empty).
    pub(crate) fn parse_paren_types(&mut self) -> Result<Types, Diagnostic> {
        self.expect(Tok::LParen)?;
        if self.eat(Tok::RParen)? {
            return Ok(Types::new());
        }
        let v = self.parse_type_list()?;
        self.expect(Tok::RParen)?;
        Ok(v)
    }

    /// Parses the results of a function type: `t` or `(t1, ...)`.
    pub(crate) fn parse_result_types(&mut self) -> Result<Types, Diagnostic> {
        if self.tok.kind == Tok::LParen {
            self.parse_paren_types()
        } else {
            let mut v = Types::new();
            v.push(self.parse_type()?);
            Ok(v)
        }
    }

    /// Parses a function type `(ins) -> outs`.
    pub(crate) fn parse_function_type(&mut self) -> Result<(Types, Types), Diagnostic> {
        if self.tok.kind != Tok::LParen {
            return Err(self.err_expected("function type"));
        }
        let inputs = self.parse_paren_types()?;
        self.expect(Tok::Arrow)?;
        let results = self.parse_result_types()?;
        Ok((inputs, results))
    }

    fn parse_type_inner(&mut self) -> Result<Type, Diagnostic> {
        let t = self.tok;
        match t.kind {
            Tok::BareId => {
                let text = self.tok_text();
                if let Some(r) = int_type(text, t.span) {
                    let ty = r?;
                    self.bump()?;
                    return Ok(ty);
                }
                let simple = match text {
                    "index" => Some(Type::Index),
                    "f16" => Some(Type::Float(FloatKind::F16)),
                    "bf16" => Some(Type::Float(FloatKind::BF16)),
                    "f32" => Some(Type::Float(FloatKind::F32)),
                    "f64" => Some(Type::Float(FloatKind::F64)),
                    "none" => Some(Type::None),
                    _ => None,
                };
                if let Some(ty) = simple {
                    self.bump()?;
                    return Ok(ty);
                }
                // `int<#hw.param...>`, the short spelling of `!hw.int<...>` inside an
                // aggregate type, kept as the long spelling (resolved when specialized).
                if text == "int" && self.lex.byte(t.span.end as usize) == b'<' {
                    let end = self.skip_balanced(t.span.end as usize)?;
                    self.reset_to(end)?;
                    let body = self.slice(Span::new(t.span.end as usize, end));
                    return hw_int(&format!("!hw.int{body}"), Span::new(t.span.start as usize, end));
                }
                if let Some(kind) = super::hw_types::hw_type_kind(text) {
                    if self.lex.byte(t.span.end as usize) == b'<' {
                        return self.parse_hw_type(kind, t.span.start as usize);
                    }
                }
                match text {
                    "memref" => self.parse_memref(),
                    "vector" | "tensor" | "complex" | "tuple" => {
                        self.bump()?;
                        self.balanced_body(Tok::Less)?;
                        Ok(boxed(ComplexType::Opaque(
                            self.slice(Span::new(t.span.start as usize, self.prev_end)).into(),
                        )))
                    }
                    _ if crate::float_lit::UNSUPPORTED_FLOAT_TYPES.contains(&text) => Err(Diagnostic::error(
                        t.span,
                        format!("{text} is not supported: HLS supports f16, bf16, f32, f64"),
                    )),
                    _ => Err(Diagnostic::error(t.span, format!("unknown type '{text}'"))),
                }
            }
            Tok::Bang => {
                let name = self.tok_text();
                if self.lex.byte(t.span.end as usize) == b'<' {
                    if name == "!hw.modty" {
                        self.bump()?;
                        return self.parse_modty();
                    }
                    if name == "!secret.secret" || name == "!hw.inout" {
                        self.bump()?;
                        self.expect(Tok::Less)?;
                        let inner = self.parse_type()?;
                        self.expect(Tok::Greater)?;
                        let c = if name == "!hw.inout" {
                            ComplexType::HwInOut(inner)
                        } else {
                            ComplexType::Secret(inner)
                        };
                        return Ok(boxed(c));
                    }
                    if let Some(kind) =
                        super::hw_types::hw_type_kind(name).filter(|_| name.starts_with("!hw."))
                    {
                        return self.parse_hw_type(kind, t.span.start as usize);
                    }
                    let end = self.skip_balanced(t.span.end as usize)?;
                    self.reset_to(end)?;
                    let text = self.slice(Span::new(t.span.start as usize, end));
                    if name == "!hw.int" {
                        return hw_int(text, Span::new(t.span.start as usize, end));
                    }
                    // One spelling per memory shape, whatever the spacing.
                    let firmem =
                        (name == "!seq.firmem").then(|| crate::firmem::parse_firmem_type(text)).flatten();
                    if name == "!seq.immutable" {
                        // One spelling per wrapped type, whatever the spacing.
                        let key: String = text.split_whitespace().collect();
                        return Ok(boxed(ComplexType::Opaque(key)));
                    }
                    return Ok(boxed(ComplexType::Opaque(firmem.map_or_else(|| text.into(), |f| f.text()))));
                }
                self.bump()?;
                if name == "!seq.clock" {
                    return Ok(Type::Clock);
                }
                if name.contains('.') {
                    return Ok(boxed(ComplexType::Opaque(name.into())));
                }
                self.type_aliases
                    .get(name)
                    .cloned()
                    .ok_or_else(|| Diagnostic::error(t.span, format!("undefined type alias '{name}'")))
            }
            Tok::LParen => {
                let (inputs, results) = self.parse_function_type()?;
                Ok(boxed(ComplexType::Function { inputs: inputs.into_vec(), results: results.into_vec() }))
            }
            _ => Err(self.err_expected("type")),
        }
    }

    fn parse_memref(&mut self) -> Result<Type, Diagnostic> {
        self.bump()?;
        let lt = self.tok.span;
        // Not `expect`: that would lex the first dimension as a token, and `0xi32` (a
        // zero-sized memref) is not a number token (an invalid hexadecimal literal).
        if self.tok.kind != Tok::Less {
            return Err(self.err_expected(Tok::Less.describe()));
        }
        let mut pos = lt.end as usize;
        let mut shape = Vec::new();
        loop {
            let p = self.lex.skip_trivia(pos);
            // The separator `x`, also spaced as in the seed documents (`128 x i32`).
            let sep = |q: usize| {
                if self.lex.byte(q) == b'x' {
                    return Some(q + 1);
                }
                let r = self.lex.skip_trivia(q);
                (r > q && self.lex.byte(r) == b'x' && self.lex.byte(r + 1).is_ascii_whitespace())
                    .then_some(r + 1)
            };
            if self.lex.byte(p) == b'?' {
                if let Some(next) = sep(p + 1) {
                    shape.push(None);
                    pos = next;
                    continue;
                }
            }
            let mut q = p;
            while self.lex.byte(q).is_ascii_digit() {
                q += 1;
            }
            if q > p {
                if let Some(next) = sep(q) {
                    let n = self
                        .slice(Span::new(p, q))
                        .parse::<u64>()
                        .map_err(|_| Diagnostic::error(Span::new(p, q), "dimension is too large"))?;
                    shape.push(Some(n));
                    pos = next;
                    continue;
                }
            }
            break;
        }
        self.reset_to(pos)?;
        let elem_start = self.tok.span.start as usize;
        let elem = self.parse_type()?;
        if elem.int_width() == Some(0) {
            return Err(Diagnostic::error(
                Span::new(elem_start, self.prev_end),
                "a memref of zero-width (i0) elements is not supported",
            ));
        }
        let mut rest = String::new();
        if self.tok.kind == Tok::Comma {
            let end = self.skip_balanced(lt.start as usize)?;
            rest = self.slice(Span::new(self.tok.span.start as usize, end - 1)).trim_end().to_string();
            self.reset_to(end)?;
        } else {
            self.expect(Tok::Greater)?;
        }
        Ok(boxed(ComplexType::MemRef { shape, elem, rest }))
    }

    /// Parses the `<...>` of `!hw.modty` (the `<` is current).
    fn parse_modty(&mut self) -> Result<Type, Diagnostic> {
        self.expect(Tok::Less)?;
        let mut ports = Vec::new();
        if !self.eat(Tok::Greater)? {
            loop {
                let dir = match self.tok_text() {
                    "input" | "in" if self.tok.kind == Tok::BareId => PortDir::Input,
                    "output" | "out" if self.tok.kind == Tok::BareId => PortDir::Output,
                    "inout" if self.tok.kind == Tok::BareId => PortDir::InOut,
                    _ => return Err(self.err_expected("port direction 'input', 'output' or 'inout'")),
                };
                self.bump()?;
                let name = self.port_name()?;
                self.expect(Tok::Colon)?;
                let ty = self.parse_type()?;
                ports.push(ModulePort { dir, name, ty });
                if !self.eat(Tok::Comma)? {
                    break;
                }
            }
            self.expect(Tok::Greater)?;
        }
        Ok(boxed(ComplexType::HwModule(ports)))
    }

    /// A port or argument name: a bare word or a string.
    pub(crate) fn port_name(&mut self) -> Result<String, Diagnostic> {
        match self.tok.kind {
            Tok::BareId => Ok(self.bump().map(|t| self.slice(t.span).to_string())?),
            Tok::Str => {
                let t = self.bump()?;
                Ok(self.string_value(t))
            }
            _ => Err(self.err_expected("port name")),
        }
    }
}

/// CIRCT's `!hw.int<...>`: a literal width (`!hw.int<8>`) is `i8`; a parametric one
/// (`!hw.int<#hw.param.decl.ref<"W">>`) is kept as text until its module is specialized.
fn hw_int(text: &str, span: Span) -> Result<Type, Diagnostic> {
    let inner = text["!hw.int".len()..].trim().trim_start_matches('<').trim_end_matches('>').trim();
    if !inner.is_empty() && inner.bytes().all(|b| b.is_ascii_digit()) {
        return match inner.parse::<u32>() {
            Ok(w) if w <= MAX_WIDTH => Ok(Type::int(w)),
            _ => Err(Diagnostic::error(span, format!("width {inner} is more than {MAX_WIDTH}"))),
        };
    }
    Ok(boxed(ComplexType::Opaque(text.into())))
}
