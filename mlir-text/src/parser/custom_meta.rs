//! Custom forms of the metadata ops CIRCT pipelines leave around the hardware, read so that
//! such files are accepted; the netlist builder drops them (user guide,
//! docs/src/interop.md):
//!
//! ```text
//! dbg.variable "name", %v [scope %s] : T        // debug info: name of a value
//! %s = dbg.scope "inst", "Mod" [scope %p]       // result !dbg.scope
//! hw.hierpath [private|public|nested] @P [@A::@b, @C]
//! hw.generator.schema @S, "Name", ["param", ...]  // hw.module.generated is read as an extern
//! emit.fragment @F { ... }                      // verbatim text other modules reference
//! emit.file "name.sv" [sym @s] { ... }          // an output file's contents
//! emit.verbatim "text"
//! emit.ref @sym
//! ```
//!
//! Operands and attributes are kept in generic shape (`name`, `sym_name`, `namepath`,
//! `file_name`, `text`, `target`); regions are parsed as ordinary (non-graph) regions.

use super::{Draft, Parser, RegionKind};
use crate::ast::{Attr, Type};
use crate::diag::Diagnostic;
use crate::lexer::Tok;
use crate::source::Span;

/// True for the ops of this module.
pub(crate) fn is_meta_op(name: &str) -> bool {
    matches!(
        name,
        "dbg.variable"
            | "dbg.scope"
            | "hw.hierpath"
            | "hw.generator.schema"
            | "emit.fragment"
            | "emit.file"
            | "emit.verbatim"
            | "emit.ref"
    )
}

impl<'a> Parser<'a> {
    /// One of [`is_meta_op`]'s ops, after its name.
    pub(crate) fn parse_meta(&mut self, mut d: Draft) -> Result<Draft, Diagnostic> {
        let name = d.name.clone();
        match &*name {
            "dbg.variable" | "dbg.scope" => {
                let t = self.expect(Tok::Str)?;
                let v = self.string_value(t);
                d.prop(
                    if &*name == "dbg.variable" { "name" } else { "instanceName" },
                    Attr::String(v),
                    t.span,
                );
                self.expect(Tok::Comma)?;
                let mut uses = Vec::new();
                let mut types = Vec::new();
                if &*name == "dbg.variable" {
                    uses.push(self.parse_use()?);
                } else {
                    let t = self.expect(Tok::Str)?;
                    let v = self.string_value(t);
                    d.prop("moduleName", Attr::String(v), t.span);
                }
                let start = self.tok.span.start as usize;
                let scope = if self.eat_kw("scope")? { Some(self.parse_use()?) } else { None };
                d.attributes = self.parse_opt_attr_dict()?;
                if &*name == "dbg.variable" {
                    self.expect(Tok::Colon)?;
                    types.push(self.parse_type()?);
                } else {
                    d.result_types
                        .push(Type::Complex(Box::new(crate::ast::ComplexType::Opaque("!dbg.scope".into()))));
                }
                if let Some(s) = scope {
                    uses.push(s);
                    types.push(Type::Complex(Box::new(crate::ast::ComplexType::Opaque("!dbg.scope".into()))));
                }
                let at = Span::new(start, self.prev_end);
                self.resolve_all(&mut d, &uses, &types, at)?;
            }
            "hw.hierpath" => {
                for vis in ["private", "public", "nested"] {
                    if self.eat_kw(vis)? {
                        break;
                    }
                }
                let s = self.expect(Tok::At)?;
                let sym = self.slice(s.span).trim_start_matches('@').trim_matches('"').to_string();
                d.prop("sym_name", Attr::String(sym), s.span);
                let at = self.tok.span;
                let path = self.parse_attr()?;
                if !matches!(&path, Attr::Array(items) if items.iter().all(|i| matches!(i, Attr::SymbolRef(_))))
                {
                    return Err(Diagnostic::error(at, "'hw.hierpath' expects a list of symbol references"));
                }
                d.prop("namepath", path, at);
                d.attributes = self.parse_opt_attr_dict()?;
            }
            "hw.generator.schema" => {
                // `@S, "Name", ["param", ...]`: the generator's schema.
                let s = self.expect(Tok::At)?;
                let sym = self.slice(s.span).trim_start_matches('@').trim_matches('"').to_string();
                d.prop("sym_name", Attr::String(sym), s.span);
                self.expect(Tok::Comma)?;
                let t = self.expect(Tok::Str)?;
                let v = self.string_value(t);
                d.prop("descriptor", Attr::String(v), t.span);
                self.expect(Tok::Comma)?;
                let at = self.tok.span;
                let fields = self.parse_attr()?;
                if !matches!(&fields, Attr::Array(items) if items.iter().all(|i| matches!(i, Attr::String(_))))
                {
                    return Err(Diagnostic::error(
                        at,
                        "'hw.generator.schema' expects a list of parameter names",
                    ));
                }
                d.prop("requiredAttrs", fields, at);
                d.attributes = self.parse_opt_attr_dict()?;
            }
            "emit.fragment" | "emit.file" => {
                if &*name == "emit.fragment" {
                    let s = self.expect(Tok::At)?;
                    let sym = self.slice(s.span).trim_start_matches('@').trim_matches('"').to_string();
                    d.prop("sym_name", Attr::String(sym), s.span);
                } else {
                    let t = self.expect(Tok::Str)?;
                    let v = self.string_value(t);
                    d.prop("file_name", Attr::String(v), t.span);
                    if self.eat_kw("sym")? {
                        let s = self.expect(Tok::At)?;
                        let sym = self.slice(s.span).trim_start_matches('@').trim_matches('"').to_string();
                        d.prop("sym_name", Attr::String(sym), s.span);
                    }
                }
                d.regions.push(self.parse_region(RegionKind { graph: false, isolated: false }, &[])?);
                d.attributes = self.parse_opt_attr_dict()?;
            }
            "emit.verbatim" => {
                let t = self.expect(Tok::Str)?;
                let v = self.string_value(t);
                d.prop("text", Attr::String(v), t.span);
                d.attributes = self.parse_opt_attr_dict()?;
            }
            _ => {
                // emit.ref @sym
                let at = self.tok.span;
                let target = self.parse_attr()?;
                if !matches!(target, Attr::SymbolRef(_)) {
                    return Err(Diagnostic::error(at, "'emit.ref' expects a symbol reference"));
                }
                d.prop("target", target, at);
                d.attributes = self.parse_opt_attr_dict()?;
            }
        }
        Ok(d)
    }
}
