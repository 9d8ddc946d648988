//! CIRCT's aggregate types: `!hw.array<4xi8>` (also `4 x i8`), `!hw.struct<a: i8, b: i1>`,
//! `!hw.union<a: i8, b: i4 offset 2>`, `!hw.enum<A, B>` and
//! `!hw.typealias<@scope::@name, T>`, nested freely; inside them the short spelling CIRCT
//! prints (`!hw.array<2xstruct<a: i1>>`) is read too. Widths are checked against
//! [`MAX_WIDTH`]. A parametric array size (`!hw.array<#hw.param.decl.ref<"N"> x T>`) is
//! kept as its attribute text in [`ComplexType::HwParamArray`] until the module is
//! specialized.

use super::Parser;
use crate::ast::{Attr, ComplexType, Type, MAX_WIDTH};
use crate::diag::Diagnostic;
use crate::hw_types::HwField;
use crate::lexer::Tok;
use crate::source::Span;

/// The aggregate kind named by a type keyword (`!hw.array` or the short `array`).
pub(super) fn hw_type_kind(name: &str) -> Option<&'static str> {
    let bare = name.strip_prefix("!hw.").unwrap_or(name);
    ["array", "struct", "union", "enum", "typealias"].into_iter().find(|k| *k == bare)
}

impl<'a> Parser<'a> {
    /// Parses the `<...>` of an aggregate type; the keyword token (starting at `start`) is
    /// current and followed by `<`.
    pub(super) fn parse_hw_type(&mut self, kind: &str, start: usize) -> Result<Type, Diagnostic> {
        self.bump()?;
        let lt = self.tok.span;
        // An array's `<` is not lexed past: its size and `x` are read from the bytes (`0xi4`
        // would lex as a malformed hexadecimal literal).
        if kind == "array" && self.tok.kind != Tok::Less {
            return Err(Diagnostic::error(lt, "expected '<'"));
        } else if kind != "array" {
            self.expect(Tok::Less)?;
        }
        let c = match kind {
            "array" if self.lex.byte(self.lex.skip_trivia(lt.end as usize)) == b'#' => {
                // A parametric size (`#hw.param.decl.ref<"N">`, `#hw.param.expr.*<...>`):
                // kept as text until the module is specialized.
                let p = self.lex.skip_trivia(lt.end as usize);
                self.reset_to(p)?;
                let at = self.tok.span;
                let size = self.parse_attr()?;
                let text = self.slice(Span::new(p, self.prev_end)).to_string();
                if !matches!(size, Attr::Opaque(_)) || !text.starts_with("#hw.param.") {
                    return Err(Diagnostic::error(
                        Span::new(p, self.prev_end),
                        "expected an array size: an integer or a '#hw.param' expression",
                    ));
                }
                let r = self.lex.skip_trivia(self.prev_end);
                if self.lex.byte(r) != b'x' {
                    return Err(Diagnostic::error(at, "expected 'x' after the array size"));
                }
                self.reset_to(r + 1)?;
                let elem = self.parse_type()?;
                ComplexType::HwParamArray { len: text, elem }
            }
            "array" => {
                let p = self.lex.skip_trivia(lt.end as usize);
                let mut q = p;
                while self.lex.byte(q).is_ascii_digit() {
                    q += 1;
                }
                let r = self.lex.skip_trivia(q);
                if q == p || self.lex.byte(r) != b'x' {
                    return Err(Diagnostic::error(Span::new(p, p.max(q)), "expected array size 'N x'"));
                }
                let len = self
                    .slice(Span::new(p, q))
                    .parse::<u64>()
                    .map_err(|_| Diagnostic::error(Span::new(p, q), "array size is too large"))?;
                self.reset_to(r + 1)?;
                let elem = self.parse_type()?;
                ComplexType::HwArray { len, elem }
            }
            "struct" | "union" => {
                let mut fields: Vec<HwField> = Vec::new();
                if self.tok.kind != Tok::Greater {
                    loop {
                        let nt = self.tok.span;
                        let name = self.port_name()?;
                        if fields.iter().any(|f| f.name == name) {
                            return Err(Diagnostic::error(nt, format!("field '{name}' is declared twice")));
                        }
                        self.expect(Tok::Colon)?;
                        let ty = self.parse_type()?;
                        let mut offset = 0;
                        if kind == "union" && self.eat_kw("offset")? {
                            offset = self.parse_u32("field offset")?.0 as u64;
                        }
                        fields.push(HwField { name, ty, offset });
                        if !self.eat(Tok::Comma)? {
                            break;
                        }
                    }
                }
                if kind == "struct" {
                    ComplexType::HwStruct(fields)
                } else {
                    ComplexType::HwUnion(fields)
                }
            }
            "enum" => {
                let mut tags: Vec<String> = Vec::new();
                loop {
                    let t = self.tok.span;
                    let name = self.port_name()?;
                    if tags.contains(&name) {
                        return Err(Diagnostic::error(t, format!("enum tag '{name}' is declared twice")));
                    }
                    tags.push(name);
                    if !self.eat(Tok::Comma)? {
                        break;
                    }
                }
                ComplexType::HwEnum(tags)
            }
            _ => {
                let at = self.tok.span;
                let Attr::SymbolRef(path) = (if self.tok.kind == Tok::At {
                    self.parse_attr()?
                } else {
                    return Err(self.err_expected("type alias name '@scope::@name'"));
                }) else {
                    return Err(Diagnostic::error(at, "expected a symbol"));
                };
                self.expect(Tok::Comma)?;
                let inner = self.parse_type()?;
                ComplexType::HwAlias { path, inner }
            }
        };
        self.expect(Tok::Greater)?;
        let ty = Type::Complex(Box::new(c));
        let span = Span::new(start, self.prev_end);
        match ty.bit_width() {
            Some(w) if w > MAX_WIDTH as u64 => {
                Err(Diagnostic::error(span, format!("type '{ty}' is {w} bits wide, more than {MAX_WIDTH}")))
            }
            // Zero-width aggregates (`!hw.array<0xT>`, `!hw.struct<>`, fields of `i0`) are
            // read; the netlist builder erases them as it erases `i0`.
            _ => Ok(ty),
        }
    }
}
