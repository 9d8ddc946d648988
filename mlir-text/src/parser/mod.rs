//! The parser: tokens to the op tree.
//!
//! A recursive-descent parser with one token of lookahead. This module holds the driver
//! (top level, aliases, resource blocks), ops, regions and blocks, and small helpers shared
//! by the syntax modules: [`generic`] (the generic op form), [`custom_core`] (builtin, func,
//! hw), [`custom_comb`] (comb and seq), [`custom_hls`] (the HLS dialects, best effort),
//! [`attr`] and [`types`]. Nesting is bounded by [`MAX_DEPTH`] so deep input gives an
//! error, not a stack overflow.

mod attr;
mod custom_comb;
mod custom_core;
mod custom_hls;
mod generic;
mod scope;
mod types;

use crate::ast::{Attr, Block, File, Location, NamedAttr, Operand, Operation, Region, Type, ValueInfo};
use crate::diag::Diagnostic;
use crate::lexer::{unescape, Lexer, Tok, Token};
use crate::source::{SourceFile, Span};
use scope::{FxMap, Scope};
use smallvec::SmallVec;
use std::sync::Arc;

/// Deepest nesting of regions, attributes and types accepted.
pub const MAX_DEPTH: u32 = 1000;

/// Stack for the parser thread: deep enough for [`MAX_DEPTH`] levels even in debug builds
/// (only touched pages are ever committed).
const PARSER_STACK: usize = 256 << 20;

/// Parses a whole file.
///
/// Runs on a helper thread with a large stack so that nesting up to [`MAX_DEPTH`] cannot
/// overflow the caller's stack; falls back to the current thread if none can be spawned.
pub fn parse(file: &SourceFile) -> Result<File, Diagnostic> {
    let text = file.text();
    std::thread::scope(|s| {
        match std::thread::Builder::new()
            .name("mlir-parse".into())
            .stack_size(PARSER_STACK)
            .spawn_scoped(s, || parse_text(text))
        {
            Ok(h) => h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)),
            Err(_) => parse_text(text),
        }
    })
}

fn parse_text(text: &str) -> Result<File, Diagnostic> {
    let mut p = Parser::new(text)?;
    let ops = p.parse_top()?;
    Ok(File { ops, values: p.values })
}

/// A `%name` or `%name#N` use, not yet resolved.
#[derive(Clone, Copy, Debug)]
pub(crate) struct UseRef<'a> {
    name: &'a str,
    index: u32,
    span: Span,
}

/// An op being parsed: everything but its results and location.
pub(crate) struct Draft {
    name: Arc<str>,
    name_span: Span,
    generic: bool,
    operands: SmallVec<[Operand; 3]>,
    operand_types: SmallVec<[Type; 2]>,
    result_types: SmallVec<[Type; 1]>,
    successors: Vec<Arc<str>>,
    properties: Vec<NamedAttr>,
    attributes: Vec<NamedAttr>,
    regions: Vec<Region>,
}

impl Draft {
    fn new(name: Arc<str>, name_span: Span) -> Draft {
        Draft {
            name,
            name_span,
            generic: false,
            operands: SmallVec::new(),
            operand_types: SmallVec::new(),
            result_types: SmallVec::new(),
            successors: Vec::new(),
            properties: Vec::new(),
            attributes: Vec::new(),
            regions: Vec::new(),
        }
    }
    fn prop(&mut self, name: &str, value: Attr, span: Span) {
        self.properties.push(NamedAttr { name: name.to_string(), value, span });
    }
}

/// Which kind of region an op has.
#[derive(Clone, Copy)]
pub(crate) struct RegionKind {
    graph: bool,
    isolated: bool,
}

impl RegionKind {
    fn for_op(name: &str) -> RegionKind {
        match name {
            "builtin.module" | "hw.module" => RegionKind { graph: true, isolated: true },
            "func.func" | "hw.module.extern" => RegionKind { graph: false, isolated: true },
            _ => RegionKind { graph: false, isolated: false },
        }
    }
}

/// An entry-block argument declared by an op's header: name, type, span.
pub(crate) type EntryArg<'a> = (&'a str, Type, Span);

/// The parser state.
pub(crate) struct Parser<'a> {
    text: &'a str,
    lex: Lexer<'a>,
    tok: Token,
    prev_end: usize,
    values: Vec<ValueInfo>,
    interned: FxMap<Box<str>, Arc<str>>,
    attr_aliases: FxMap<&'a str, Attr>,
    type_aliases: FxMap<&'a str, Type>,
    loc_aliases: FxMap<&'a str, Location>,
    scopes: Vec<Scope<'a>>,
    depth: u32,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Result<Parser<'a>, Diagnostic> {
        let mut lex = Lexer::new(text);
        let tok = lex.next_token()?;
        Ok(Parser {
            text,
            lex,
            tok,
            prev_end: 0,
            values: Vec::new(),
            interned: FxMap::default(),
            attr_aliases: FxMap::default(),
            type_aliases: FxMap::default(),
            loc_aliases: FxMap::default(),
            scopes: Vec::new(),
            depth: 0,
        })
    }

    // ---- token helpers -------------------------------------------------------------

    /// The text of a span.
    fn slice(&self, span: Span) -> &'a str {
        self.text.get(span.start as usize..span.end as usize).unwrap_or("")
    }
    /// The current token's text.
    fn tok_text(&self) -> &'a str {
        self.slice(self.tok.span)
    }
    /// Moves to the next token.
    fn bump(&mut self) -> Result<Token, Diagnostic> {
        let t = self.tok;
        self.prev_end = t.span.end as usize;
        self.tok = self.lex.next_token()?;
        Ok(t)
    }
    /// Continues lexing at byte `pos`.
    fn reset_to(&mut self, pos: usize) -> Result<(), Diagnostic> {
        self.prev_end = pos;
        self.lex.seek(pos);
        self.tok = self.lex.next_token()?;
        Ok(())
    }
    /// Consumes the token if it is `kind`.
    fn eat(&mut self, kind: Tok) -> Result<bool, Diagnostic> {
        if self.tok.kind == kind {
            self.bump()?;
            Ok(true)
        } else {
            Ok(false)
        }
    }
    /// True if the current token is the bare word `kw`.
    fn at_kw(&self, kw: &str) -> bool {
        self.tok.kind == Tok::BareId && self.tok_text() == kw
    }
    /// Consumes the bare word `kw` if present.
    fn eat_kw(&mut self, kw: &str) -> Result<bool, Diagnostic> {
        if self.at_kw(kw) {
            self.bump()?;
            Ok(true)
        } else {
            Ok(false)
        }
    }
    /// An error "expected WHAT" at the current token (or at the end of the file).
    fn err_expected(&self, what: &str) -> Diagnostic {
        if self.tok.kind == Tok::Eof {
            let at = self.prev_end.min(self.text.len());
            Diagnostic::error(Span::new(at, at), format!("unexpected end of file, expected {what}"))
        } else {
            Diagnostic::error(self.tok.span, format!("expected {what}, found '{}'", self.tok_text()))
        }
    }
    /// Consumes a token of `kind` or fails.
    fn expect(&mut self, kind: Tok) -> Result<Token, Diagnostic> {
        if self.tok.kind == kind {
            self.bump()
        } else {
            Err(self.err_expected(kind.describe()))
        }
    }
    /// Consumes the bare word `kw` or fails.
    fn expect_kw(&mut self, kw: &str) -> Result<Token, Diagnostic> {
        if self.at_kw(kw) {
            self.bump()
        } else {
            Err(self.err_expected(&format!("'{kw}'")))
        }
    }
    /// Enters one level of nesting.
    fn enter(&mut self) -> Result<(), Diagnostic> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Diagnostic::error(self.tok.span, format!("nesting deeper than {MAX_DEPTH} levels")));
        }
        Ok(())
    }
    fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }
    /// An interned op name.
    fn intern(&mut self, s: &str) -> Arc<str> {
        if let Some(a) = self.interned.get(s) {
            return a.clone();
        }
        let a: Arc<str> = Arc::from(s);
        self.interned.insert(Box::from(s), a.clone());
        a
    }
    /// A string literal token's decoded value.
    fn string_value(&self, t: Token) -> String {
        unescape(self.slice(t.span))
    }
    /// Parses a non-negative integer token that fits a `u32`.
    fn parse_u32(&mut self, what: &str) -> Result<(u32, Span), Diagnostic> {
        if self.tok.kind != Tok::Int {
            return Err(self.err_expected(what));
        }
        let t = self.bump()?;
        let s = self.slice(t.span);
        let v = match s.strip_prefix("0x") {
            Some(h) => u32::from_str_radix(h, 16).ok(),
            None => s.parse::<u32>().ok(),
        };
        v.map(|v| (v, t.span)).ok_or_else(|| Diagnostic::error(t.span, format!("{what} '{s}' is too large")))
    }

    // ---- values --------------------------------------------------------------------

    /// Parses `%name` or `%name#N`.
    fn parse_use(&mut self) -> Result<UseRef<'a>, Diagnostic> {
        if self.tok.kind != Tok::Percent {
            return Err(self.err_expected("value name"));
        }
        let t = self.bump()?;
        let text = &self.slice(t.span)[1..];
        match text.split_once('#') {
            Some((name, idx)) => {
                let index = idx
                    .parse::<u32>()
                    .map_err(|_| Diagnostic::error(t.span, "result number is too large"))?;
                Ok(UseRef { name, index, span: t.span })
            }
            None => Ok(UseRef { name: text, index: 0, span: t.span }),
        }
    }
    /// Parses `%a, %b, ...` (possibly empty if no `%` comes).
    fn parse_uses(&mut self) -> Result<SmallVec<[UseRef<'a>; 3]>, Diagnostic> {
        let mut v = SmallVec::new();
        if self.tok.kind != Tok::Percent {
            return Ok(v);
        }
        loop {
            v.push(self.parse_use()?);
            if !self.eat(Tok::Comma)? {
                return Ok(v);
            }
        }
    }
    /// Parses a value name being defined (no `#`).
    fn parse_def_name(&mut self) -> Result<(&'a str, Span), Diagnostic> {
        let u = self.parse_use()?;
        if self.slice(u.span).contains('#') {
            return Err(Diagnostic::error(u.span, "expected a value name without a result number"));
        }
        Ok((u.name, u.span))
    }
    /// Resolves uses against types (one type per use).
    fn resolve_all(
        &mut self,
        d: &mut Draft,
        uses: &[UseRef<'a>],
        types: &[Type],
        at: Span,
    ) -> Result<(), Diagnostic> {
        if uses.len() != types.len() {
            return Err(Diagnostic::error(
                at,
                format!("{} operands present, but expected {} types", uses.len(), types.len()),
            ));
        }
        for (u, t) in uses.iter().zip(types) {
            let o = self.resolve(u, t)?;
            d.operands.push(o);
            d.operand_types.push(t.clone());
        }
        Ok(())
    }
    /// Resolves every use with the same type.
    fn resolve_same(&mut self, d: &mut Draft, uses: &[UseRef<'a>], ty: &Type) -> Result<(), Diagnostic> {
        for u in uses {
            let o = self.resolve(u, ty)?;
            d.operands.push(o);
            d.operand_types.push(ty.clone());
        }
        Ok(())
    }

    // ---- top level -----------------------------------------------------------------

    fn parse_top(&mut self) -> Result<Vec<Operation>, Diagnostic> {
        self.push_scope(true, true);
        let mut ops = Vec::new();
        loop {
            match self.tok.kind {
                Tok::Eof => break,
                Tok::Hash | Tok::Bang => self.parse_alias_def()?,
                Tok::FileMetaBegin => self.skip_resources()?,
                _ => ops.push(self.parse_op()?),
            }
        }
        self.pop_scope()?;
        Ok(ops)
    }

    fn parse_alias_def(&mut self) -> Result<(), Diagnostic> {
        let t = self.bump()?;
        let name = self.slice(t.span);
        if name.contains('.') {
            return Err(Diagnostic::error(t.span, format!("alias name '{name}' must not contain '.'")));
        }
        self.expect(Tok::Equal)?;
        if t.kind == Tok::Bang {
            let ty = self.parse_type()?;
            self.type_aliases.insert(name, ty);
        } else if self.at_kw("loc") {
            let loc = self.parse_location()?;
            self.loc_aliases.insert(name, loc);
        } else {
            let a = self.parse_attr()?;
            self.attr_aliases.insert(name, a);
        }
        Ok(())
    }

    fn skip_resources(&mut self) -> Result<(), Diagnostic> {
        let start = self.tok.span.start as usize;
        let from = self.tok.span.end as usize;
        match self.text.get(from..).and_then(|rest| rest.find("#-}")) {
            Some(i) => self.reset_to(from + i + 3),
            None => Err(Diagnostic::error(
                Span::new(start, from),
                "unexpected end of file, expected '#-}' to close the resource block",
            )),
        }
    }

    // ---- ops -----------------------------------------------------------------------

    fn parse_op(&mut self) -> Result<Operation, Diagnostic> {
        let start = self.tok.span.start as usize;
        let mut groups: SmallVec<[(&'a str, u32, Span); 1]> = SmallVec::new();
        if self.tok.kind == Tok::Percent {
            loop {
                let (name, span) = self.parse_def_name()?;
                let mut count = 1;
                if self.eat(Tok::Colon)? {
                    let (n, s) = self.parse_u32("result count")?;
                    if n == 0 {
                        return Err(Diagnostic::error(s, "result count must be at least 1"));
                    }
                    count = n;
                }
                groups.push((name, count, span));
                if !self.eat(Tok::Comma)? {
                    break;
                }
            }
            self.expect(Tok::Equal)?;
        }
        let draft = match self.tok.kind {
            Tok::Str => self.parse_generic_op()?,
            Tok::BareId => self.parse_custom_op()?,
            _ => return Err(self.err_expected("operation name")),
        };
        let loc = if self.at_kw("loc") { Some(Box::new(self.parse_location()?)) } else { None };
        let span = Span::new(start, self.prev_end);
        let total: u64 = groups.iter().map(|g| g.1 as u64).sum();
        if !groups.is_empty() && total != draft.result_types.len() as u64 {
            return Err(Diagnostic::error(
                Span::new(start, groups.last().map(|g| g.2.end as usize).unwrap_or(start)),
                format!(
                    "operation '{}' defines {} results but was provided {} to bind",
                    draft.name,
                    draft.result_types.len(),
                    total
                ),
            ));
        }
        let mut results = SmallVec::new();
        let mut next = 0usize;
        for (name, count, nspan) in groups {
            let tys = &draft.result_types[next..next + count as usize];
            next += count as usize;
            results.extend(self.define(name, nspan, tys, None)?);
        }
        if next == 0 && !draft.result_types.is_empty() {
            // Results nobody names: still values of the file.
            for (i, ty) in draft.result_types.iter().enumerate() {
                let id = crate::ast::ValueId(self.values.len() as u32);
                self.values.push(ValueInfo {
                    name: Arc::from(""),
                    ty: ty.clone(),
                    span: draft.name_span,
                    def: crate::ast::ValueDef::OpResult { index: i as u32 },
                });
                results.push(id);
            }
        }
        let Draft {
            name,
            name_span,
            generic,
            operands,
            operand_types,
            successors,
            properties,
            attributes,
            regions,
            ..
        } = draft;
        Ok(Operation {
            name,
            results,
            operands,
            operand_types,
            successors,
            properties,
            attributes,
            regions,
            loc,
            span,
            name_span,
            generic,
        })
    }

    fn parse_custom_op(&mut self) -> Result<Draft, Diagnostic> {
        let t = self.bump()?;
        let raw = self.slice(t.span);
        let name = normalize_name(raw);
        let d = Draft::new(self.intern(name), t.span);
        match name {
            "builtin.module" => self.parse_builtin_module(d),
            "func.func" => self.parse_func(d),
            "func.return" | "hw.output" => self.parse_terminator(d),
            "hw.module" | "hw.module.extern" => self.parse_hw_module(d),
            "hw.constant" | "arith.constant" | "constant" => self.parse_constant(d),
            "hw.instance" => self.parse_instance(d),
            _ if name.starts_with("comb.") => self.parse_comb(d),
            "seq.compreg" | "seq.compreg.ce" | "seq.to_clock" | "seq.from_clock" => self.parse_seq(d),
            _ if crate::dialect::is_hls_op(name) => self.parse_hls(d),
            _ => Err(Diagnostic::error(t.span, format!("unknown op '{name}'"))),
        }
    }

    // ---- regions -------------------------------------------------------------------

    /// Parses `{ ... }`; `entry` are arguments of the entry block declared by the op.
    fn parse_region(&mut self, kind: RegionKind, entry: &[EntryArg<'a>]) -> Result<Region, Diagnostic> {
        let open = self.tok.span;
        self.expect(Tok::LBrace)?;
        self.enter()?;
        self.push_scope(kind.graph, kind.isolated);
        let mut blocks = Vec::new();
        let mut first = true;
        loop {
            if self.tok.kind == Tok::RBrace && (!first || entry.is_empty()) {
                break;
            }
            let block = if self.tok.kind == Tok::Caret {
                let b = self.parse_labeled_block()?;
                if first && !entry.is_empty() && !b.args.is_empty() {
                    return Err(Diagnostic::error(
                        b.span,
                        "the entry block's arguments are declared by the op",
                    ));
                }
                b
            } else if first {
                let start = self.tok.span.start as usize;
                let mut args = Vec::with_capacity(entry.len());
                for (i, (name, ty, span)) in entry.iter().enumerate() {
                    args.extend(self.define(name, *span, std::slice::from_ref(ty), Some(i as u32))?);
                }
                let ops = self.parse_block_ops()?;
                Block { label: None, args, ops, span: Span::new(start, self.prev_end.max(start)) }
            } else {
                return Err(self.err_expected("'}'"));
            };
            blocks.push(block);
            first = false;
            if self.tok.kind != Tok::Caret {
                break;
            }
        }
        if self.tok.kind != Tok::RBrace {
            return Err(self.err_expected("'}'"));
        }
        let close = self.bump()?;
        self.pop_scope()?;
        self.leave();
        Ok(Region { blocks, span: open.to(close.span) })
    }

    fn parse_block_ops(&mut self) -> Result<Vec<Operation>, Diagnostic> {
        let mut ops = Vec::new();
        while !matches!(self.tok.kind, Tok::RBrace | Tok::Caret | Tok::Eof) {
            ops.push(self.parse_op()?);
        }
        Ok(ops)
    }

    fn parse_labeled_block(&mut self) -> Result<Block, Diagnostic> {
        let t = self.expect(Tok::Caret)?;
        let label = self.intern(&self.slice(t.span)[1..]);
        let mut args = Vec::new();
        if self.eat(Tok::LParen)? && !self.eat(Tok::RParen)? {
            loop {
                let (name, span) = self.parse_def_name()?;
                self.expect(Tok::Colon)?;
                let ty = self.parse_type()?;
                if self.at_kw("loc") {
                    self.parse_location()?;
                }
                let idx = args.len() as u32;
                args.extend(self.define(name, span, std::slice::from_ref(&ty), Some(idx))?);
                if !self.eat(Tok::Comma)? {
                    break;
                }
            }
            self.expect(Tok::RParen)?;
        }
        self.expect(Tok::Colon)?;
        let ops = self.parse_block_ops()?;
        Ok(Block { label: Some(label), args, ops, span: Span::new(t.span.start as usize, self.prev_end) })
    }

    /// Parses `(region, region, ...)` of the generic form.
    fn parse_region_list(&mut self, kind: RegionKind) -> Result<Vec<Region>, Diagnostic> {
        self.expect(Tok::LParen)?;
        let mut v = Vec::new();
        if self.eat(Tok::RParen)? {
            return Ok(v);
        }
        loop {
            v.push(self.parse_region(kind, &[])?);
            if !self.eat(Tok::Comma)? {
                break;
            }
        }
        self.expect(Tok::RParen)?;
        Ok(v)
    }
}

/// The canonical name of an op written without its dialect.
pub fn normalize_name(name: &str) -> &str {
    match name {
        "module" => "builtin.module",
        "func" => "func.func",
        "return" => "func.return",
        other => other,
    }
}

#[cfg(test)]
mod tests;
