//! Unit tests of narrowing: which ops narrow to which width, the ones that must stay, and
//! the notes the report lists.

use super::*;
use crate::ir::{lower_first, Op, ValId};
use mlir_text::Span;

/// `0 - ((x & 255) | 2)` at 32 bits (operands 0..=255, result -255..=0): narrowed to 9 bits
/// and sign-extended (the constant 0 a 9-bit constant); `x + 2` of an unknown `x` stays.
#[test]
fn a_negated_mask_is_narrowed_and_an_unknown_sum_is_not() {
    let mut f = Func::default();
    let v: Vec<ValId> = (0..8).map(|_| f.new_value(32, None)).collect();
    f.params.push(crate::ir::Param::Scalar { name: "x".into(), val: v[0] });
    let push = |f: &mut Func, kind, ops: Vec<ValId>, r| {
        f.ops.push(Op { kind, operands: ops, result: Some(r), span: Span::default() });
        f.body.items.push(Item::Op(OpId(f.ops.len() as u32 - 1)));
    };
    push(&mut f, OpKind::Const(255), vec![], v[1]);
    push(&mut f, OpKind::Bin(BinOp::And), vec![v[0], v[1]], v[2]);
    push(&mut f, OpKind::Const(2), vec![], v[3]);
    push(&mut f, OpKind::Bin(BinOp::Or), vec![v[2], v[3]], v[4]);
    push(&mut f, OpKind::Const(0), vec![], v[5]);
    push(&mut f, OpKind::Bin(BinOp::Sub), vec![v[5], v[4]], v[6]);
    push(&mut f, OpKind::Bin(BinOp::Add), vec![v[0], v[3]], v[7]);
    assert_eq!(run(&mut f), 1);
    let kinds: Vec<(OpKind, u32)> = f
        .body
        .items
        .iter()
        .map(|i| match i {
            Item::Op(o) => (f.op(*o).kind.clone(), f.width(f.op(*o).result.unwrap())),
            _ => unreachable!(),
        })
        .collect();
    assert_eq!(
        kinds[5..9],
        [(OpKind::Const(0), 9), (OpKind::Trunc, 9), (OpKind::Bin(BinOp::Sub), 9), (OpKind::SExt, 32)]
    );
    assert_eq!(kinds[9], (OpKind::Bin(BinOp::Add), 32));
    assert!(crate::ir::verify::verify(&f).is_empty(), "{:?}", crate::ir::verify::verify(&f));
}

const BYTES: &str = "func.func @k(%a: memref<16xi8>, %b: memref<16xi16>) -> i32 {
  %z = arith.constant 0 : i32
  %r = affine.for %i = 0 to 16 iter_args(%acc = %z) -> (i32) {
    %p = affine.load %a[%i] : memref<16xi8>
    %q = affine.load %b[%i] : memref<16xi16>
    %pe = arith.extsi %p : i8 to i32
    %qe = arith.extsi %q : i16 to i32
    %small = arith.muli %pe, %pe : i32
    %big = arith.muli %qe, %qe : i32
    %lt = arith.cmpi slt, %pe, %qe : i32
    %ult = arith.cmpi ult, %pe, %qe : i32
    %s = arith.select %lt, %small, %big : i32
    %t = arith.addi %acc, %s : i32
    affine.yield %t : i32
  }
  return %r : i32
}";

/// An `i8 x i8` product fits 16 bits: a 16-bit multiplier. An `i16 x i16` one needs all 32
/// (the generator narrows its operands, and the note says so). The signed comparison of an
/// `i8` with an `i16` is a 16-bit one; the unsigned one of possibly negative values stays.
#[test]
fn products_and_comparisons_of_extended_values() {
    let mut f = lower_first(BYTES);
    assert_eq!(run(&mut f), 2);
    assert!(crate::ir::verify::verify(&f).is_empty(), "{:?}", crate::ir::verify::verify(&f));
    let live: Vec<&Op> = {
        let mut v = Vec::new();
        live_ops(&f.body, &mut |id| v.push(id));
        v.into_iter().map(|id| f.op(id)).collect()
    };
    let muls: Vec<u32> = live
        .iter()
        .filter(|o| o.kind == OpKind::Bin(BinOp::Mul))
        .map(|o| f.width(o.result.unwrap()))
        .collect();
    assert_eq!(muls, [16, 32]);
    let cmps: Vec<u32> =
        live.iter().filter(|o| matches!(o.kind, OpKind::Cmp(_))).map(|o| f.width(o.operands[0])).collect();
    assert_eq!(cmps, [16, 32]);
    let notes: Vec<&str> = f.loop_notes.iter().map(|(_, n)| n.as_str()).collect();
    assert_eq!(
        notes,
        ["narrowed: cmp 32->16 bits, mul 32->16 bits, mul 32-bit with 16x16-bit signed operands"]
    );
}
