//! Lowering of control flow: `affine.for`/`scf.for` (with `hls.unroll`), `affine.if`/
//! `scf.if`, `scf.while`, and `func.call` (inlined; recursion is a located error).
//!
//! Unrolling by N of a loop with constant trip count T: N >= T replaces the loop by T copies
//! of its body; otherwise a loop of T div N iterations runs N copies per iteration and a
//! remainder loop runs the last T mod N iterations. Copies of the body are plain ops of one
//! block, so the scheduler places them in parallel where ports and dependences allow.

use super::{Lower, Res};
use crate::analysis::deps::Linear;
use crate::ir::{BinOp, ForLoop, IfElse, Item, OpKind, PipelineRequest, ValId, WhileLoop, INDEX_WIDTH};
use comb::IcmpPred;
use mlir_text::{Attr, Block, Diagnostic, Operation, Span, Type};

/// The most copies of a loop body unrolling may make.
const MAX_COPIES: u64 = 4096;

/// A counted loop as both affine.for and scf.for describe it.
struct ForSpec<'o> {
    lb: ValId,
    ub: ValId,
    step: u64,
    inits: Vec<ValId>,
    body: &'o Block,
    unroll: Option<u64>,
    pipeline: Option<PipelineRequest>,
    op: &'o Operation,
}

fn int_attr(op: &Operation, key: &str) -> Option<i128> {
    match op.attr(key) {
        Some(Attr::Int(v, _)) => v.to_i128(),
        _ => None,
    }
}

impl Lower<'_> {
    /// The constant value of `v` if it is one (through index arithmetic).
    pub fn const_of(&self, v: ValId) -> Option<i64> {
        let f = Linear::new(&self.f).form(v);
        f.terms.is_empty().then_some(f.constant)
    }

    /// Control-flow ops; returns false if `op` is none of them.
    pub fn control(&mut self, op: &Operation) -> Res<bool> {
        match &*op.name {
            "affine.for" => self.affine_for(op)?,
            "scf.for" => self.scf_for(op)?,
            "affine.if" | "scf.if" => self.if_else(op)?,
            "scf.while" => self.while_loop(op)?,
            "func.call" | "call" => self.call(op)?,
            _ => return Ok(false),
        }
        Ok(true)
    }

    fn body_block<'o>(&self, op: &'o Operation, i: usize) -> Res<&'o Block> {
        let r = op.regions().get(i).ok_or_else(|| Diagnostic::error(op.name_span, "missing region"))?;
        if r.blocks.len() > 1 {
            return Err(Diagnostic::error(r.blocks[1].span, "multi-block regions are not supported in HLS"));
        }
        r.blocks.first().ok_or_else(|| Diagnostic::error(r.span, "empty region"))
    }

    /// `hls.pipeline` (a unit attribute) or `hls.pipeline = N : i64` (target II N).
    fn pipeline_attr(&mut self, op: &Operation) -> Res<Option<PipelineRequest>> {
        let Some(a) = op.named_attr("hls.pipeline") else { return Ok(None) };
        let ii = match &a.value {
            Attr::Unit => None,
            Attr::Int(v, _) => match v.to_i128() {
                Some(n) if (1..=1 << 16).contains(&n) => Some(n as u32),
                _ => return Err(Diagnostic::error(a.span, "hls.pipeline must be a positive integer II")),
            },
            _ => {
                return Err(Diagnostic::error(
                    a.span,
                    "hls.pipeline must be a unit attribute or an integer II (hls.pipeline = 2 : i64)",
                ))
            }
        };
        Ok(Some(PipelineRequest { ii, span: a.span }))
    }

    fn unroll_attr(&mut self, op: &Operation) -> Res<Option<u64>> {
        match op.named_attr("hls.unroll") {
            None => Ok(None),
            Some(a) => match &a.value {
                Attr::Int(v, _) => match v.to_i128() {
                    Some(n) if n >= 1 => Ok(Some(n.min(1 << 20) as u64)),
                    _ => Err(Diagnostic::error(a.span, "hls.unroll must be a positive integer")),
                },
                _ => Err(Diagnostic::error(a.span, "hls.unroll must be an integer (hls.unroll = 4 : i64)")),
            },
        }
    }

    fn warn(&mut self, span: Span, msg: &str) {
        self.warnings
            .push(Diagnostic { severity: mlir_text::Severity::Warning, ..Diagnostic::error(span, msg) });
    }

    fn affine_for(&mut self, op: &Operation) -> Res<()> {
        let seg: Vec<usize> = match op.attr("operandSegmentSizes") {
            Some(Attr::DenseArray(_, v)) => v.iter().map(|x| x.to_i128().unwrap_or(0) as usize).collect(),
            _ => vec![0, 0, op.operands.len()],
        };
        if seg.len() != 3 || seg.iter().sum::<usize>() != op.operands.len() {
            return Err(Diagnostic::error(
                op.name_span,
                "'affine.for' operand segments do not match its operands",
            ));
        }
        let vals = op.operands.iter().map(|o| self.val(o.value, o.span)).collect::<Res<Vec<_>>>()?;
        let (lbv, rest) = vals.split_at(seg[0]);
        let (ubv, inits) = rest.split_at(seg[1]);
        let lb = self.bound(op, "lowerBoundMap", lbv, IcmpPred::Sgt)?;
        let ub = self.bound(op, "upperBoundMap", ubv, IcmpPred::Slt)?;
        let step = int_attr(op, "step").unwrap_or(1);
        if step < 1 || step > i32::MAX as i128 {
            return Err(Diagnostic::error(op.name_span, "loop step must be a positive constant"));
        }
        let spec = ForSpec {
            lb,
            ub,
            step: step as u64,
            inits: inits.to_vec(),
            body: self.body_block(op, 0)?,
            unroll: self.unroll_attr(op)?,
            pipeline: self.pipeline_attr(op)?,
            op,
        };
        let results = self.lower_for(spec)?;
        self.bind_results(op, &results)
    }

    /// A loop bound: the max (lower) or min (upper) of the map's results.
    fn bound(&mut self, op: &Operation, key: &str, vals: &[ValId], pick: IcmpPred) -> Res<ValId> {
        let map = self.map_attr(op, key)?;
        let rs = self.map_results(&map, vals, op)?;
        let mut it = rs.into_iter();
        let Some(mut v) = it.next() else { return Err(Diagnostic::error(op.span, "empty bound map")) };
        for r in it {
            let c = self.emit(OpKind::Cmp(pick), vec![r, v], 1, op.span);
            v = self.emit(OpKind::Select, vec![c, r, v], INDEX_WIDTH, op.span);
        }
        Ok(v)
    }

    fn scf_for(&mut self, op: &Operation) -> Res<()> {
        if op.operands.len() < 3 {
            return Err(Diagnostic::error(op.name_span, "'scf.for' needs lower bound, upper bound and step"));
        }
        let vals = op.operands.iter().map(|o| self.val(o.value, o.span)).collect::<Res<Vec<_>>>()?;
        if vals[..3].iter().any(|&v| self.f.width(v) != INDEX_WIDTH) {
            return Err(Diagnostic::error(op.span, "'scf.for' bounds must be index (or i32) values"));
        }
        let Some(step) = self.const_of(vals[2]).filter(|&s| s >= 1) else {
            return Err(Diagnostic::error(op.operands[2].span, "loop step must be a positive constant"));
        };
        let spec = ForSpec {
            lb: vals[0],
            ub: vals[1],
            step: step as u64,
            inits: vals[3..].to_vec(),
            body: self.body_block(op, 0)?,
            unroll: self.unroll_attr(op)?,
            pipeline: self.pipeline_attr(op)?,
            op,
        };
        let results = self.lower_for(spec)?;
        self.bind_results(op, &results)
    }

    fn lower_for(&mut self, spec: ForSpec) -> Res<Vec<ValId>> {
        let s = spec.op.span;
        let consts = (self.const_of(spec.lb), self.const_of(spec.ub));
        let trip = match consts {
            (Some(l), Some(u)) if u > l => Some(((u - l) as u64).div_ceil(spec.step)),
            (Some(_), Some(_)) => Some(0),
            _ => None,
        };
        let n = spec.unroll.unwrap_or(1);
        if n > 1 {
            let (Some(t), Some(l)) = (trip, consts.0) else {
                let span = spec.op.named_attr("hls.unroll").map_or(s, |a| a.span);
                return Err(Diagnostic::error(span, "hls.unroll needs a loop with constant bounds"));
            };
            if n.min(t) > MAX_COPIES {
                let span = spec.op.named_attr("hls.unroll").map_or(s, |a| a.span);
                return Err(Diagnostic::error(
                    span,
                    format!("unrolling makes {} copies of the loop body (at most {MAX_COPIES})", n.min(t)),
                ));
            }
            if n >= t {
                if let Some(r) = spec.pipeline {
                    self.warn(
                        r.span,
                        "hls.pipeline: the loop is unrolled fully, there is no loop to pipeline",
                    );
                }
                let mut iters = spec.inits.clone();
                for k in 0..t {
                    let iv = self.konst(l + (k * spec.step) as i64, INDEX_WIDTH, s);
                    iters = self.body_copy(spec.body, iv, &iters, s)?;
                }
                return Ok(iters);
            }
            let main = t / n * n;
            let mid = self.konst(l + (main * spec.step) as i64, INDEX_WIDTH, s);
            let step = spec.step;
            self.pipeline = spec.pipeline;
            let results =
                self.make_loop(spec.lb, mid, step * n, &spec.inits, Some(t / n), s, |lw, iv, iters| {
                    let mut iters = iters.to_vec();
                    for k in 0..n {
                        let ivk = if k == 0 {
                            iv
                        } else {
                            let off = lw.konst((k * step) as i64, INDEX_WIDTH, s);
                            lw.emit(OpKind::Bin(BinOp::Add), vec![iv, off], INDEX_WIDTH, s)
                        };
                        iters = lw.body_copy(spec.body, ivk, &iters, s)?;
                    }
                    Ok(iters)
                })?;
            if t == main {
                return Ok(results);
            }
            self.pipeline = spec.pipeline;
            return self.make_loop(mid, spec.ub, step, &results, Some(t - main), s, |lw, iv, iters| {
                lw.body_copy(spec.body, iv, iters, s)
            });
        }
        self.pipeline = spec.pipeline;
        self.make_loop(spec.lb, spec.ub, spec.step, &spec.inits, trip, s, |lw, iv, iters| {
            lw.body_copy(spec.body, iv, iters, s)
        })
    }

    #[allow(clippy::too_many_arguments)]
    fn make_loop(
        &mut self,
        lb: ValId,
        ub: ValId,
        step: u64,
        inits: &[ValId],
        trip: Option<u64>,
        s: Span,
        body: impl FnOnce(&mut Self, ValId, &[ValId]) -> Res<Vec<ValId>>,
    ) -> Res<Vec<ValId>> {
        let req = self.pipeline.take();
        let iv = self.f.new_value(INDEX_WIDTH, Some("iv".into()));
        let iter_args: Vec<ValId> = inits.iter().map(|&i| self.f.new_value(self.f.width(i), None)).collect();
        let (region, yields) = self.sub_region(|lw| body(lw, iv, &iter_args))?;
        // A loop that never runs, or whose body does nothing and passes its carried values
        // through, is its inits (its body was still lowered: errors in it are reported).
        let idle = region
            .items
            .iter()
            .all(|i| matches!(i, Item::Op(o) if matches!(self.f.op(*o).kind, OpKind::Const(_))))
            && yields == iter_args;
        if trip == Some(0) || idle {
            if let Some(r) = req {
                let why = if trip == Some(0) { "it never runs" } else { "its body does nothing" };
                self.warn(r.span, &format!("hls.pipeline: the loop is removed: {why}"));
            }
            return Ok(inits.to_vec());
        }
        let results: Vec<ValId> = inits.iter().map(|&i| self.f.new_value(self.f.width(i), None)).collect();
        let id = self.f.new_loop();
        self.push(Item::For(Box::new(ForLoop {
            id,
            iv,
            lb,
            ub,
            step,
            iter_args,
            inits: inits.to_vec(),
            body: region,
            yields,
            results: results.clone(),
            trip,
            pipeline: req,
            span: s,
        })));
        Ok(results)
    }

    /// Lowers one copy of a loop body with its arguments bound; returns the yielded values.
    fn body_copy(&mut self, body: &Block, iv: ValId, iters: &[ValId], s: Span) -> Res<Vec<ValId>> {
        if body.args.len() != iters.len() + 1 {
            return Err(Diagnostic::error(s, "loop body arguments do not match its iter_args"));
        }
        let ivw = self.int_width(self.file.ty(body.args[0]), s)?;
        if ivw != INDEX_WIDTH {
            return Err(Diagnostic::error(s, "loop induction variables must be index (32 bits)"));
        }
        self.vals.insert(body.args[0], iv);
        self.name_after(iv, body.args[0]);
        for (&a, &v) in body.args[1..].iter().zip(iters) {
            self.vals.insert(a, v);
            self.name_after(v, a);
        }
        let t = self.block_ops(&body.ops)?;
        let (ys, types, ts) = t.map(|t| (t.values, t.types, t.span)).unwrap_or((Vec::new(), Vec::new(), s));
        self.check_yields(&ys, iters, ts)?;
        let want: Vec<&Type> = body.args[1..].iter().map(|&a| self.file.ty(a)).collect();
        if types.iter().zip(&want).any(|(a, b)| a != *b) {
            return Err(Diagnostic::error(
                ts,
                "yielded values do not match the loop's iter_args in number or type",
            ));
        }
        Ok(ys)
    }

    /// Names `v` after the source value `a` (`%k` gives `k`), unless `a` is numbered.
    fn name_after(&mut self, v: ValId, a: mlir_text::ValueId) {
        let name = self.file.value(a).name.to_string();
        if !name.is_empty() && !name.chars().all(|c| c.is_ascii_digit()) {
            self.f.values[v.index()].name = Some(name);
        }
    }

    fn check_yields(&self, ys: &[ValId], like: &[ValId], s: Span) -> Res<()> {
        if ys.len() != like.len() || ys.iter().zip(like).any(|(&a, &b)| self.f.width(a) != self.f.width(b)) {
            return Err(Diagnostic::error(
                s,
                "yielded values do not match the loop's iter_args in number or type",
            ));
        }
        Ok(())
    }

    fn if_else(&mut self, op: &Operation) -> Res<()> {
        let s = op.span;
        let cond = if &*op.name == "scf.if" {
            self.arity(op, 1)?;
            let c = self.val(op.operands[0].value, op.operands[0].span)?;
            if self.f.width(c) != 1 {
                return Err(Diagnostic::error(op.operands[0].span, "'scf.if' condition must be i1"));
            }
            c
        } else {
            self.affine_condition(op)?
        };
        let widths: Vec<u32> =
            op.results.iter().map(|&r| self.int_width(self.file.ty(r), s)).collect::<Res<Vec<_>>>()?;
        let branch = |lw: &mut Self, i: usize| -> Res<(crate::ir::Region, Vec<ValId>)> {
            let has = op.regions().get(i).is_some_and(|r| !r.blocks.is_empty());
            if !has {
                if !widths.is_empty() {
                    return Err(Diagnostic::error(op.name_span, "an if with results needs an else region"));
                }
                return Ok((Default::default(), Vec::new()));
            }
            let block = lw.body_block(op, i)?;
            lw.sub_region(|lw| {
                let t = lw.block_ops(&block.ops)?;
                let (ys, types, ts) =
                    t.map(|t| (t.values, t.types, t.span)).unwrap_or((Vec::new(), Vec::new(), block.span));
                let want = op.results.iter().map(|&r| lw.file.ty(r));
                if ys.len() != widths.len() || types.iter().zip(want).any(|(a, b)| a != b) {
                    return Err(Diagnostic::error(
                        ts,
                        "yielded values do not match the if's results in number or type",
                    ));
                }
                Ok(ys)
            })
        };
        let (then_region, then_yields) = branch(self, 0)?;
        let (else_region, else_yields) = branch(self, 1)?;
        // If-conversion: branches of plain arithmetic run both, and selects pick the
        // results (no states, no transitions; division by zero is harmless in hardware).
        let pure = |r: &crate::ir::Region, f: &crate::ir::Func| {
            r.items.iter().all(|i| match i {
                Item::Op(o) => !matches!(f.op(*o).kind, OpKind::Load(_) | OpKind::Store(_)),
                _ => false,
            })
        };
        if pure(&then_region, &self.f) && pure(&else_region, &self.f) {
            for item in then_region.items.into_iter().chain(else_region.items) {
                self.push(item);
            }
            let results: Vec<ValId> = then_yields
                .iter()
                .zip(&else_yields)
                .map(|(&t, &e)| {
                    let w = self.f.width(t);
                    self.emit(OpKind::Select, vec![cond, t, e], w, s)
                })
                .collect();
            return self.bind_results(op, &results);
        }
        let results: Vec<ValId> = widths.iter().map(|&w| self.f.new_value(w, None)).collect();
        self.push(Item::If(Box::new(IfElse {
            cond,
            then_region,
            then_yields,
            else_region,
            else_yields,
            results: results.clone(),
            span: s,
        })));
        self.bind_results(op, &results)
    }

    /// The 1-bit value of an `affine.if`'s integer set on its operands.
    fn affine_condition(&mut self, op: &Operation) -> Res<ValId> {
        let s = op.span;
        let at = op.named_attr("condition");
        let set = match at.map(|a| &a.value) {
            Some(Attr::AffineSet(t)) => {
                super::parse_set(t).map_err(|e| Diagnostic::error(at.map_or(s, |a| a.span), e))?
            }
            _ => return Err(Diagnostic::error(op.name_span, "'affine.if' needs an integer set 'condition'")),
        };
        let vals = op.operands.iter().map(|o| self.val(o.value, o.span)).collect::<Res<Vec<_>>>()?;
        if vals.len() != set.dims + set.syms {
            return Err(Diagnostic::error(s, "integer set operand count mismatch"));
        }
        let vals: Vec<ValId> = vals.iter().map(|&v| self.resize(v, INDEX_WIDTH, true, s)).collect();
        let mut acc: Option<ValId> = None;
        for (e, eq) in &set.constraints {
            let x = self.affine_expr(e, &vals, set.dims, s)?;
            let zero = self.konst(0, INDEX_WIDTH, s);
            let c =
                self.emit(OpKind::Cmp(if *eq { IcmpPred::Eq } else { IcmpPred::Sge }), vec![x, zero], 1, s);
            acc = Some(match acc {
                None => c,
                Some(a) => self.emit(OpKind::Bin(BinOp::And), vec![a, c], 1, s),
            });
        }
        Ok(acc.unwrap_or_else(|| self.konst(1, 1, s)))
    }

    fn while_loop(&mut self, op: &Operation) -> Res<()> {
        let s = op.span;
        let inits = op.operands.iter().map(|o| self.val(o.value, o.span)).collect::<Res<Vec<_>>>()?;
        let before = self.body_block(op, 0)?;
        let after = self.body_block(op, 1)?;
        if before.args.len() != inits.len() {
            return Err(Diagnostic::error(
                s,
                "'scf.while' before-region arguments do not match its operands",
            ));
        }
        let before_args: Vec<ValId> =
            inits.iter().map(|&i| self.f.new_value(self.f.width(i), None)).collect();
        for (&a, &v) in before.args.iter().zip(&before_args) {
            if self.int_width(self.file.ty(a), s)? != self.f.width(v) {
                return Err(Diagnostic::error(s, "'scf.while' argument types do not match its operands"));
            }
            self.vals.insert(a, v);
            self.name_after(v, a);
        }
        let (before_r, term) = self.sub_region(|lw| lw.block_ops(&before.ops))?;
        let Some(term) = term.filter(|t| t.name == "scf.condition" && !t.values.is_empty()) else {
            return Err(Diagnostic::error(
                before.span,
                "'scf.while' before region must end in scf.condition",
            ));
        };
        let cond = term.values[0];
        let forwarded = term.values[1..].to_vec();
        if self.f.width(cond) != 1 || after.args.len() != forwarded.len() {
            return Err(Diagnostic::error(
                term.span,
                "scf.condition needs an i1 and the after region's arguments",
            ));
        }
        let after_args: Vec<ValId> =
            forwarded.iter().map(|&i| self.f.new_value(self.f.width(i), None)).collect();
        for (&a, &v) in after.args.iter().zip(&after_args) {
            self.vals.insert(a, v);
            self.name_after(v, a);
        }
        let (after_r, yields) = self.sub_region(|lw| {
            let t = lw.block_ops(&after.ops)?;
            let (ys, ts) = t.map(|t| (t.values, t.span)).unwrap_or((Vec::new(), after.span));
            lw.check_yields(&ys, &before_args, ts)?;
            Ok(ys)
        })?;
        let results: Vec<ValId> =
            forwarded.iter().map(|&i| self.f.new_value(self.f.width(i), None)).collect();
        let id = self.f.new_loop();
        self.push(Item::While(Box::new(WhileLoop {
            id,
            before_args,
            inits,
            before: before_r,
            cond,
            forwarded,
            after_args,
            after: after_r,
            yields,
            results: results.clone(),
            span: s,
        })));
        self.bind_results(op, &results)
    }

    fn call(&mut self, op: &Operation) -> Res<()> {
        let callee = match op.attr("callee") {
            Some(Attr::SymbolRef(p)) if !p.is_empty() => p[p.len() - 1].clone(),
            _ => return Err(Diagnostic::error(op.name_span, "a call needs a callee (@name)")),
        };
        let Some(&f) = self.funcs.get(&callee) else {
            return Err(Diagnostic::error(op.span, format!("call of unknown function '@{callee}'")));
        };
        if self.calls.contains(&callee) {
            return Err(Diagnostic::error(
                op.span,
                format!("recursive call of '@{callee}' cannot be synthesized"),
            ));
        }
        let block = self.body_block(f, 0)?;
        if block.args.len() != op.operands.len() {
            return Err(Diagnostic::error(
                op.span,
                format!("'@{callee}' takes {} arguments", block.args.len()),
            ));
        }
        for (&a, o) in block.args.iter().zip(&op.operands) {
            if let Some(m) = self.mems.get(&o.value).cloned() {
                self.mems.insert(a, m);
            } else {
                let v = self.val(o.value, o.span)?;
                if self.int_width(self.file.ty(a), o.span)? != self.f.width(v) {
                    return Err(Diagnostic::error(
                        o.span,
                        "argument type differs from the callee's parameter",
                    ));
                }
                self.vals.insert(a, v);
            }
        }
        self.calls.push(callee);
        let t = self.block_ops(&block.ops);
        self.calls.pop();
        let t = t?;
        let rets = t.map(|t| t.values).unwrap_or_default();
        self.bind_results(op, &rets)
    }
}
