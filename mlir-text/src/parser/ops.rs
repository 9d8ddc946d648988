//! Ops, regions and blocks: result names, the op itself (generic or custom form), its
//! location, and the nesting of regions and blocks.

use super::{normalize_name, Draft, EntryArg, Parser, RegionKind};
use crate::ast::{Block, OpExtra, Operation, Region, ValueDef, ValueId, ValueInfo};
use crate::diag::Diagnostic;
use crate::lexer::Tok;
use crate::source::Span;
use smallvec::SmallVec;
use std::sync::Arc;

impl<'a> Parser<'a> {
    pub(super) fn parse_op(&mut self) -> Result<Operation, Diagnostic> {
        let start = self.tok.span.start as usize;
        let mut groups: SmallVec<[(&'a str, u32, Span); 1]> = SmallVec::new();
        if self.tok.kind == Tok::Percent {
            loop {
                let (name, span) = self.parse_def_name()?;
                self.prefetch_name(name);
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
                let id = ValueId(self.values.len() as u32);
                self.values.push(ValueInfo {
                    name: Arc::from(""),
                    ty: ty.clone(),
                    span: draft.name_span,
                    def: ValueDef::OpResult { index: i as u32 },
                });
                results.push(id);
            }
        }
        let Draft { name, name_span, generic, operands, successors, properties, attributes, regions, .. } =
            draft;
        let extra = if successors.is_empty()
            && properties.is_empty()
            && attributes.is_empty()
            && regions.is_empty()
            && loc.is_none()
        {
            None
        } else {
            Some(Box::new(OpExtra {
                successors: successors.into(),
                properties,
                attributes: attributes.into(),
                regions: regions.into(),
                loc,
            }))
        };
        Ok(Operation { name, results, operands, span, name_span, generic, extra })
    }

    fn parse_custom_op(&mut self) -> Result<Draft, Diagnostic> {
        let t = self.bump()?;
        let raw = self.slice(t.span);
        let name = normalize_name(raw);
        let d = Draft::new(self.intern_op(name), t.span);
        match name {
            "builtin.module" => self.parse_builtin_module(d),
            "func.func" => self.parse_func(d),
            "func.return" | "hw.output" => self.parse_terminator(d),
            "hw.module" | "hw.module.extern" => self.parse_hw_module(d),
            "hw.constant" | "arith.constant" | "constant" => self.parse_constant(d),
            "hw.instance" => self.parse_instance(d),
            "hw.param.value" => self.parse_param_value(d),
            "hw.module.generated" => self.parse_hw_module(d),
            _ if super::custom_hw_agg::is_hw_aggregate_op(name) => self.parse_hw_aggregate(d),
            _ if super::custom_meta::is_meta_op(name) => self.parse_meta(d),
            _ if name.starts_with("comb.") => self.parse_comb(d),
            "seq.compreg" | "seq.compreg.ce" | "seq.to_clock" | "seq.from_clock" => self.parse_seq(d),
            "seq.firmem"
            | "seq.firmem.read_port"
            | "seq.firmem.write_port"
            | "seq.firmem.read_write_port" => self.parse_firmem(d),
            "seq.firreg" => self.parse_firreg(d),
            "seq.fifo" => self.parse_fifo(d),
            "seq.initial" | "seq.yield" | "seq.from_immutable" | "seq.const_clock" | "seq.shiftreg" => {
                self.parse_seq_init(d)
            }
            "seq.clock_inv" | "seq.clock_mux" | "seq.clock_div" | "seq.clock_gate" => self.parse_clock_op(d),
            _ if name.starts_with("secret.") => self.parse_secret(d),
            _ if name.starts_with("hwarith.") => self.parse_hwarith(d),
            _ if name.starts_with("sv.") => self.parse_sv(d),
            _ if name.starts_with("verif.") || name.starts_with("ltl.") => self.parse_verif(d),
            _ if crate::dialect::is_hls_op(name) => self.parse_hls(d),
            _ => Err(Diagnostic::error(t.span, unknown_op_message(name))),
        }
    }

    /// Parses `{ ... }`; `entry` are arguments of the entry block declared by the op.
    pub(super) fn parse_region(
        &mut self,
        kind: RegionKind,
        entry: &[EntryArg<'a>],
    ) -> Result<Region, Diagnostic> {
        let stream = self.stream_header.take();
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
                let ops = match &stream {
                    Some(header) if self.sink_call(|s, f| s.begin_body(header, &args, f))? => {
                        self.stream_block_ops()?;
                        if self.tok.kind == Tok::Caret {
                            self.sink_failed = true;
                            return Err(Diagnostic::global("stopped"));
                        }
                        self.sink_call(|s, f| s.end_body(f))?;
                        Vec::new()
                    }
                    _ => self.parse_block_ops()?,
                };
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

    /// Hands the sink a callback with the value table so far; stops the parse on `false`.
    fn sink_call(
        &mut self,
        f: impl FnOnce(&mut (dyn super::OpSink + Send), &crate::ast::File) -> bool,
    ) -> Result<bool, Diagnostic> {
        let Some(sink) = self.sink.as_deref_mut() else { return Ok(false) };
        let file = crate::ast::File { ops: Vec::new(), values: std::mem::take(&mut self.values) };
        let ok = f(sink, &file);
        self.values = file.values;
        if !ok {
            self.sink_failed = true;
            return Err(Diagnostic::global("stopped"));
        }
        Ok(true)
    }

    /// Like [`Parser::parse_block_ops`], handing each op to the sink.
    fn stream_block_ops(&mut self) -> Result<(), Diagnostic> {
        while !matches!(self.tok.kind, Tok::RBrace | Tok::Caret | Tok::Eof) {
            self.stream_simple_ops()?;
            if matches!(self.tok.kind, Tok::RBrace | Tok::Caret | Tok::Eof) {
                break;
            }
            let op = self.parse_op()?;
            self.sink_call(|s, f| s.op(op, f))?;
        }
        Ok(())
    }

    fn parse_labeled_block(&mut self) -> Result<Block, Diagnostic> {
        let t = self.expect(Tok::Caret)?;
        let label = self.intern(&self.slice(t.span)[1..]);
        let mut args = Vec::new();
        if self.eat(Tok::LParen)? && !self.eat(Tok::RParen)? {
            loop {
                let (name, span) = self.parse_def_name()?;
                self.prefetch_name(name);
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
    pub(super) fn parse_region_list(&mut self, kind: RegionKind) -> Result<Vec<Region>, Diagnostic> {
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

/// The message for an op the reader does not know; tensor ops get the way to memrefs.
fn unknown_op_message(name: &str) -> String {
    if name.starts_with("tensor.") || name.starts_with("bufferization.") {
        format!(
            "'{name}': tensors are not supported (HLS reads memrefs: bufferize first, e.g. \
             `mlir-opt --one-shot-bufferize=\"bufferize-function-boundaries\"`)"
        )
    } else {
        format!("unknown op '{name}'")
    }
}
