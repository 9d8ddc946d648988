//! Lowering of multi-block function bodies (`cf.br`, `cf.cond_br`, the seed's `br` and
//! `cond_br`) into a [`Cfg`] item: each block's ops become a region, its terminator a
//! [`Terminator`] naming block indices, and every `return` a jump out of the CFG with its
//! values (the function's results).

use super::{Lower, Res};
use crate::ir::{Cfg, CfgBlock, Item, Terminator, ValId};
use mlir_text::{Attr, Block, Diagnostic, Operation};

impl Lower<'_> {
    /// Lowers the blocks of a function body (block 0's arguments are already bound).
    pub fn cfg(&mut self, blocks: &[Block], span: mlir_text::Span) -> Res<Vec<ValId>> {
        let index = |l: &str| blocks.iter().position(|b| b.label.as_deref() == Some(l));
        // Block arguments first: branches may go forward.
        let mut args = Vec::new();
        for (k, b) in blocks.iter().enumerate() {
            let mut vs = Vec::new();
            if k > 0 {
                for &a in &b.args {
                    let info = self.file.value(a);
                    let w = self.int_width(&info.ty, info.span)?;
                    let v = self.f.new_value(w, Some(info.name.to_string()));
                    self.vals.insert(a, v);
                    vs.push(v);
                }
            }
            args.push(vs);
        }
        let mut out = Vec::new();
        let mut results: Option<Vec<ValId>> = None;
        let mut returns = Vec::new();
        for (k, b) in blocks.iter().enumerate() {
            let (body, term) = self.sub_region(|lw| {
                for op in &b.ops {
                    if let Some(t) = lw.terminator(op, &index)? {
                        return Ok(t);
                    }
                    if let Some(t) = lw.block_ops(std::slice::from_ref(op))? {
                        return Err(Diagnostic::error(
                            t.span,
                            format!("'{}' cannot end a function block", t.name),
                        ));
                    }
                }
                Err(Diagnostic::error(b.span, "block has no terminator"))
            })?;
            if let Terminator::Return(vals) = &term {
                let rs = results.get_or_insert_with(|| {
                    vals.iter().map(|&v| self.f.new_value(self.f.width(v), None)).collect()
                });
                if rs.len() != vals.len()
                    || rs.iter().zip(vals).any(|(&r, &v)| self.f.width(r) != self.f.width(v))
                {
                    return Err(Diagnostic::error(b.span, "returns disagree in number or types of values"));
                }
                returns.push(k);
            }
            if let Terminator::Br(t, a) | Terminator::CondBr(_, t, a, _, _) = &term {
                self.check_args(&args, *t, a, b)?;
            }
            if let Terminator::CondBr(_, _, _, e, a) = &term {
                self.check_args(&args, *e, a, b)?;
            }
            out.push(CfgBlock { args: args[k].clone(), body, term });
        }
        let results = results.unwrap_or_default();
        let id = self.f.new_loop();
        self.push(Item::Cfg(Box::new(Cfg { id, blocks: out, results: results.clone(), span })));
        Ok(results)
    }

    fn check_args(&self, args: &[Vec<ValId>], t: usize, a: &[ValId], b: &Block) -> Res<()> {
        if args[t].len() != a.len()
            || args[t].iter().zip(a).any(|(&x, &y)| self.f.width(x) != self.f.width(y))
        {
            return Err(Diagnostic::error(
                b.span,
                "branch arguments do not match the target block's arguments",
            ));
        }
        Ok(())
    }

    /// A block terminator, if `op` is one.
    fn terminator(
        &mut self,
        op: &Operation,
        index: &dyn Fn(&str) -> Option<usize>,
    ) -> Res<Option<Terminator>> {
        let vals = |lw: &Self, ops: &[mlir_text::Operand]| {
            ops.iter().map(|o| lw.val(o.value, o.span)).collect::<Res<Vec<_>>>()
        };
        let target = |i: usize| -> Res<usize> {
            let l = op
                .successors()
                .get(i)
                .ok_or_else(|| Diagnostic::error(op.name_span, "missing successor block"))?;
            index(l)
                .filter(|&t| t > 0)
                .ok_or_else(|| Diagnostic::error(op.span, format!("no block ^{l} to branch to")))
        };
        Ok(Some(match &*op.name {
            "cf.br" | "br" => Terminator::Br(target(0)?, vals(self, &op.operands)?),
            "cf.cond_br" | "cond_br" => {
                let n = op.operands.len();
                let (nt, nf) = match op.attr("operandSegmentSizes") {
                    Some(Attr::DenseArray(_, v)) if v.len() == 3 => {
                        (v[1].to_i128().unwrap_or(0) as usize, v[2].to_i128().unwrap_or(0) as usize)
                    }
                    _ => (n.saturating_sub(1), 0),
                };
                if n == 0 || 1 + nt + nf != n {
                    return Err(Diagnostic::error(
                        op.name_span,
                        "'cond_br' operands do not match its successors",
                    ));
                }
                let all = vals(self, &op.operands)?;
                if self.f.width(all[0]) != 1 {
                    return Err(Diagnostic::error(op.operands[0].span, "branch condition must be i1"));
                }
                Terminator::CondBr(
                    all[0],
                    target(0)?,
                    all[1..1 + nt].to_vec(),
                    target(1)?,
                    all[1 + nt..].to_vec(),
                )
            }
            "func.return" => Terminator::Return(vals(self, &op.operands)?),
            _ => return Ok(None),
        }))
    }
}
