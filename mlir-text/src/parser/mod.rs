//! The parser: tokens to the op tree.
//!
//! A recursive-descent parser with one token of lookahead. This module holds the driver
//! (top level, aliases, resource blocks), ops, regions and blocks, and small helpers shared
//! by the syntax modules: [`generic`] (the generic op form), [`custom_core`] (builtin, func,
//! hw), [`custom_comb`] (comb and seq), [`custom_hls`] (the HLS dialects, best effort),
//! [`attr`] and [`types`]. Nesting is bounded by [`MAX_DEPTH`] so deep input gives an
//! error, not a stack overflow.

mod attr;
mod cursor;
mod custom_comb;
mod custom_core;
mod custom_fifo;
mod custom_firmem;
mod custom_hls;
mod custom_hw_agg;
mod custom_hwarith;
mod custom_meta;
mod custom_params;
mod custom_secret;
mod custom_seq;
mod custom_seq_init;
mod custom_sv;
mod custom_verif;
mod generic;
mod hw_types;
mod lean;
mod names;
mod ops;
mod scope;
mod simple;
mod simple_syntax;
mod types;

pub use simple::{SimpleAttr, SimpleKind, SimpleOp, SimpleUse, SimpleValue, MAX_PAYLOAD};

use crate::ast::{
    Attr, File, Location, NamedAttr, OpName, Operand, Operation, Region, Type, ValueId, ValueInfo,
};
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

/// Receives the ops of `hw.module` bodies while they are parsed (see [`parse_streaming`]).
///
/// Every callback gets the value table so far as a [`File`] without ops. A callback that
/// returns `false` stops the parse ([`parse_streaming`] then returns `None`).
pub trait OpSink {
    /// The entry block of a custom-form `hw.module` body starts: `header` is the op
    /// without its region, `args` the entry block's arguments.
    fn begin_body(&mut self, header: &Operation, args: &[ValueId], file: &File) -> bool;
    /// One op of the body, in textual order (its results are defined in `file`).
    fn op(&mut self, op: Operation, file: &File) -> bool;
    /// One op of the body in a common custom form (see [`SimpleOp`]), offered before it is
    /// parsed the general way. `Some(payload)` takes it: its result is then a lean value
    /// the sink knows by `payload` (below [`MAX_PAYLOAD`]; later simple ops name it so).
    /// `None` declines it, and must change nothing: the op then comes to [`OpSink::op`].
    /// The default declines every op.
    fn simple_op(&mut self, op: &SimpleOp<'_>, file: &File) -> Option<u32> {
        let _ = (op, file);
        None
    }
    /// The lean value `payload` is used by an op that is not simple: from now on it is
    /// also `value`, an ordinary value of the table (the sink should treat both alike).
    fn alias(&mut self, value: ValueId, payload: u32) {
        let _ = (value, payload);
    }
    /// The body ended (one block).
    fn end_body(&mut self, file: &File) -> bool;
}

/// Parses a whole file, handing the ops of every custom-form `hw.module` body to `sink`
/// instead of storing them (their blocks in the returned tree have no ops), so the op tree
/// of a huge body is never held at once. `None` on any parse error or if the sink stopped:
/// the caller then parses again with [`parse`] for the diagnostics. The value table of the
/// returned tree lacks the results of the simple ops the sink took (lean values), so its
/// ids differ from [`parse`]'s.
pub fn parse_streaming(file: &SourceFile, sink: &mut (dyn OpSink + Send)) -> Option<File> {
    let text = file.text();
    let run = move || {
        let mut p = Parser::new(text).ok()?;
        p.sink = Some(sink);
        let ops = p.parse_top().ok()?;
        if p.sink_failed {
            return None;
        }
        Some(File { ops, values: p.values })
    };
    std::thread::scope(|s| {
        match std::thread::Builder::new()
            .name("mlir-parse".into())
            .stack_size(PARSER_STACK)
            .spawn_scoped(s, run)
        {
            Ok(h) => h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)),
            Err(e) => {
                let _ = e;
                None
            }
        }
    })
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
    name: OpName,
    name_span: Span,
    generic: bool,
    operands: SmallVec<[Operand; 2]>,
    result_types: types::Types,
    successors: Vec<Arc<str>>,
    properties: SmallVec<[NamedAttr; 1]>,
    attributes: Vec<NamedAttr>,
    regions: Vec<Region>,
}

impl Draft {
    fn new(name: OpName, name_span: Span) -> Draft {
        Draft {
            name,
            name_span,
            generic: false,
            operands: SmallVec::new(),
            result_types: SmallVec::new(),
            successors: Vec::new(),
            properties: SmallVec::new(),
            attributes: Vec::new(),
            regions: Vec::new(),
        }
    }
    fn prop(&mut self, name: &'static str, value: Attr, span: Span) {
        self.properties.push(NamedAttr { name: name.into(), value, span });
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
    op_names: FxMap<Box<str>, OpName>,
    attr_aliases: FxMap<&'a str, Attr>,
    type_aliases: FxMap<&'a str, Type>,
    loc_aliases: FxMap<&'a str, Location>,
    scopes: Vec<Scope<'a>>,
    depth: u32,
    /// Where `hw.module` bodies go, if streaming.
    sink: Option<&'a mut (dyn OpSink + Send)>,
    /// Set by `hw.module` just before its region: the header to hand to the sink.
    stream_header: Option<Operation>,
    /// True once a sink callback returned `false` (the parse then stops with an error).
    sink_failed: bool,
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
            op_names: FxMap::default(),
            attr_aliases: FxMap::default(),
            type_aliases: FxMap::default(),
            loc_aliases: FxMap::default(),
            scopes: Vec::new(),
            depth: 0,
            sink: None,
            stream_header: None,
            sink_failed: false,
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
    fn intern_op(&mut self, s: &str) -> OpName {
        if let Some(a) = self.op_names.get(s) {
            return a.clone();
        }
        let a = OpName::new(s);
        self.op_names.insert(Box::from(s), a.clone());
        a
    }
    /// An interned block label.
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
        // The lexer puts a `#` only before a trailing result number: look from the end.
        let b = text.as_bytes();
        let mut i = b.len();
        while i > 0 && b[i - 1].is_ascii_digit() {
            i -= 1;
        }
        if i > 0 && i < b.len() && b[i - 1] == b'#' {
            let index = text[i..]
                .parse::<u32>()
                .map_err(|_| Diagnostic::error(t.span, "result number is too large"))?;
            return Ok(UseRef { name: &text[..i - 1], index, span: t.span });
        }
        Ok(UseRef { name: text, index: 0, span: t.span })
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
        if u.name.len() + 1 != (u.span.end - u.span.start) as usize {
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
        }
        Ok(())
    }
    /// Resolves every use with the same type.
    fn resolve_same(&mut self, d: &mut Draft, uses: &[UseRef<'a>], ty: &Type) -> Result<(), Diagnostic> {
        for u in uses {
            let o = self.resolve(u, ty)?;
            d.operands.push(o);
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
}

/// The canonical name of an op written without its dialect or in an older spelling:
/// the seed documents' standard-dialect names (also with a `std.` prefix) become today's.
pub fn normalize_name(name: &str) -> &str {
    let bare = name.strip_prefix("std.").unwrap_or(name);
    match bare {
        "module" => "builtin.module",
        "func" => "func.func",
        "return" => "func.return",
        "constant" => "arith.constant",
        "call" => "func.call",
        "br" => "cf.br",
        "cond_br" => "cf.cond_br",
        "load" | "store" | "alloc" | "alloca" | "dealloc" => match bare {
            "load" => "memref.load",
            "store" => "memref.store",
            "alloc" => "memref.alloc",
            "alloca" => "memref.alloca",
            _ => "memref.dealloc",
        },
        "index_cast" => "arith.index_cast",
        "select" => "arith.select",
        "cmpi" => "arith.cmpi",
        "cmpf" => "arith.cmpf",
        "addi" => "arith.addi",
        "subi" => "arith.subi",
        "muli" => "arith.muli",
        "divi_signed" => "arith.divsi",
        "divi_unsigned" => "arith.divui",
        "remi_signed" => "arith.remsi",
        "remi_unsigned" => "arith.remui",
        "and" => "arith.andi",
        "or" => "arith.ori",
        "xor" => "arith.xori",
        "shift_left" => "arith.shli",
        "shift_right_signed" => "arith.shrsi",
        "shift_right_unsigned" => "arith.shrui",
        "sexti" => "arith.extsi",
        "zexti" => "arith.extui",
        "trunci" => "arith.trunci",
        "addf" => "arith.addf",
        "subf" => "arith.subf",
        "mulf" => "arith.mulf",
        "divf" => "arith.divf",
        "remf" => "arith.remf",
        "negf" => "arith.negf",
        "maxf" => "arith.maximumf",
        "minf" => "arith.minimumf",
        "sitofp" => "arith.sitofp",
        "uitofp" => "arith.uitofp",
        "fptosi" => "arith.fptosi",
        "fptoui" => "arith.fptoui",
        "fpext" => "arith.extf",
        "fptrunc" => "arith.truncf",
        "absf" => "math.absf",
        "sqrt" => "math.sqrt",
        "exp" => "math.exp",
        "cos" => "math.cos",
        "tanh" => "math.tanh",
        "ceilf" => "math.ceil",
        "copysign" => "math.copysign",
        _ => name,
    }
}

#[cfg(test)]
mod stream_tests;
#[cfg(test)]
mod tests;
