//! If-conversion of innermost loops to be pipelined: conditionals become predicated ops.
//!
//! A loop body that is plain ops and `if`s (nested, with memory accesses) becomes one basic
//! block, which is what the modulo scheduler needs: both branches run; a store gets its
//! branch's predicate as a third operand (the write happens only when it is 1); the `if`'s
//! results become selects on its condition. Loads and arithmetic of both branches run
//! speculatively: a load's data is discarded when its branch is not taken (its address
//! may then be out of range; the port reads something, nothing uses it), and hardware
//! division by zero is harmless. Only loops that are asked to be pipelined (`hls.pipeline`,
//! or every innermost loop with `--pipeline`) are converted; loops with nested loops or
//! branches are left alone.

use crate::ir::{BinOp, ForLoop, Func, IfElse, Item, OpKind, Region, ValId};

/// Converts the `if`s of every innermost `for` loop that is asked to be pipelined.
pub fn run(f: &mut Func, all: bool) {
    f.with_body(|f, body| region(f, body, all));
}

fn region(f: &mut Func, r: &mut Region, all: bool) {
    for item in &mut r.items {
        match item {
            Item::For(l) => {
                if (all || l.pipeline.is_some()) && convertible(&l.body) && has_if(&l.body) {
                    convert(f, l);
                } else {
                    region(f, &mut l.body, all);
                }
            }
            other => {
                for r in other.regions_mut() {
                    region(f, r, all);
                }
            }
        }
    }
}

/// Plain ops and `if`s of plain ops, at any depth.
fn convertible(r: &Region) -> bool {
    r.items.iter().all(|i| match i {
        Item::Op(_) => true,
        Item::If(x) => convertible(&x.then_region) && convertible(&x.else_region),
        _ => false,
    })
}

fn has_if(r: &Region) -> bool {
    r.items.iter().any(|i| matches!(i, Item::If(_)))
}

fn convert(f: &mut Func, l: &mut ForLoop) {
    let old = std::mem::take(&mut l.body);
    let mut out = Region::default();
    flatten(f, old, None, &mut out);
    l.body = out;
}

fn push(
    f: &mut Func,
    out: &mut Region,
    kind: OpKind,
    operands: Vec<ValId>,
    width: u32,
    span: mlir_text::Span,
) -> ValId {
    let v = f.new_value(width, None);
    let id = f.new_op(kind, operands, Some(v), span);
    out.items.push(Item::Op(id));
    v
}

/// Appends `r`'s ops to `out`, stores predicated by `pred` (None: always).
fn flatten(f: &mut Func, r: Region, pred: Option<ValId>, out: &mut Region) {
    for item in r.items {
        match item {
            Item::Op(id) => {
                if let (Some(p), OpKind::Store(_)) = (pred, &f.op(id).kind) {
                    let span = f.op(id).span;
                    let en = match f.op(id).operands.get(2).copied() {
                        Some(e) => push(f, out, OpKind::Bin(BinOp::And), vec![e, p], 1, span),
                        None => p,
                    };
                    f.ops[id.index()].operands.truncate(2);
                    f.ops[id.index()].operands.push(en);
                }
                out.items.push(Item::Op(id));
            }
            Item::If(x) => branch(f, *x, pred, out),
            other => out.items.push(other),
        }
    }
}

fn branch(f: &mut Func, x: IfElse, pred: Option<ValId>, out: &mut Region) {
    let s = x.span;
    let one = push(f, out, OpKind::Const(1), vec![], 1, s);
    let not_c = push(f, out, OpKind::Bin(BinOp::Xor), vec![x.cond, one], 1, s);
    let (pt, pe) = match pred {
        None => (x.cond, not_c),
        Some(p) => (
            push(f, out, OpKind::Bin(BinOp::And), vec![p, x.cond], 1, s),
            push(f, out, OpKind::Bin(BinOp::And), vec![p, not_c], 1, s),
        ),
    };
    flatten(f, x.then_region, Some(pt), out);
    flatten(f, x.else_region, Some(pe), out);
    for ((&r, &t), &e) in x.results.iter().zip(&x.then_yields).zip(&x.else_yields) {
        let id = f.new_op(OpKind::Select, vec![x.cond, t, e], Some(r), s);
        out.items.push(Item::Op(id));
    }
}
