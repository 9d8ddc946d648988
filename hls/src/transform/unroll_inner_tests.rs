//! Unit tests of inner-loop unrolling: the structure before and after on lowered kernels.

use crate::ir::{Func, Item, OpKind, Region};

fn lower(src: &str) -> Func {
    let mut f = crate::ir::lower_first(src);
    crate::transform::ifconvert::run(&mut f, true);
    f
}

fn loops(r: &Region) -> usize {
    r.items.iter().map(|i| if let Item::For(l) = i { 1 + loops(&l.body) } else { 0 }).sum()
}

fn loads(f: &Func, r: &Region) -> usize {
    r.items.iter().filter(|i| matches!(i, Item::Op(o) if matches!(f.op(*o).kind, OpKind::Load(_)))).count()
}

fn nest(trip: u32, attr: &str) -> String {
    format!(
        "func.func @mv(%A: memref<4x9xi32>, %x: memref<9xi32>, %y: memref<4xi32>) {{
  %z = arith.constant 0 : i32
  affine.for %i = 0 to 4 {{
    %s = affine.for %j = 0 to {trip} iter_args(%acc = %z) -> (i32) {{
      %a = affine.load %A[%i, %j] : memref<4x9xi32>
      %b = affine.load %x[%j] : memref<9xi32>
      %p = arith.muli %a, %b : i32
      %n = arith.addi %acc, %p : i32
      affine.yield %n : i32
    }}{attr}
    affine.store %s, %y[%i] : memref<4xi32>
  }}
  return
}}"
    )
}

#[test]
fn a_short_inner_loop_becomes_copies_in_its_parent() {
    let mut f = lower(&nest(3, ""));
    assert_eq!(loops(&f.body), 2);
    assert_eq!(super::run(&mut f, true, 4), 1);
    assert!(f.loop_notes[0].1.starts_with("unrolled %j x3 (t.mlir:"), "{:?}", f.loop_notes);
    assert!(
        f.loop_notes[0].1.contains("for pipelining: ") && f.loop_notes[0].1.contains("+2 mul32"),
        "{:?}",
        f.loop_notes
    );
    assert!(crate::ir::verify::verify(&f).is_empty(), "{:?}", crate::ir::verify::verify(&f));
    assert_eq!(loops(&f.body), 1);
    let Some(Item::For(outer)) = f.body.items.iter().find(|i| matches!(i, Item::For(_))) else { panic!() };
    assert!(outer.body.items.iter().all(|i| matches!(i, Item::Op(_))));
    // Three copies of the two loads; the store writes the last copy's sum.
    assert_eq!(loads(&f, &outer.body), 6);
    let store = outer.body.items.iter().rev().find_map(|i| match i {
        Item::Op(o) if matches!(f.op(*o).kind, OpKind::Store(_)) => Some(f.op(*o).operands[1]),
        _ => None,
    });
    let adds: Vec<_> = outer
        .body
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Op(o)
                if f.op(*o).kind == OpKind::Bin(crate::ir::BinOp::Add)
                    && f.width(f.op(*o).result.unwrap()) == 32 =>
            {
                f.op(*o).result
            }
            _ => None,
        })
        .collect();
    assert_eq!(store, adds.last().copied());
    // The copies' index arithmetic is folded: the copy with j = 0 reads x at the constant 0.
    let first_x = outer.body.items.iter().find_map(|i| match i {
        Item::Op(o) if f.op(*o).kind == OpKind::Load(crate::ir::MemId(1)) => Some(f.op(*o).operands[0]),
        _ => None,
    });
    let def = f.ops.iter().find(|o| o.result == first_x).unwrap();
    assert_eq!(def.kind, OpKind::Const(0));
}

#[test]
fn long_or_pipelined_inner_loops_stay() {
    for (src, why) in [(nest(9, ""), "trip 9"), (nest(3, " {hls.pipeline}"), "hls.pipeline on it")] {
        let mut f = lower(&src);
        assert_eq!(super::run(&mut f, true, 8), 0, "{why}");
        assert_eq!(loops(&f.body), 2, "{why}");
    }
    // The cap refuses trip 9, and says so; trip 9 under a cap of 9 is unrolled.
    let mut f = lower(&nest(9, ""));
    super::run(&mut f, true, 8);
    assert_eq!(f.unroll_capped.len(), 1);
    assert_eq!(f.unroll_capped[0].2, 9);
    let mut f = lower(&nest(9, ""));
    assert_eq!(super::run(&mut f, true, 9), 1);
    // Without --pipeline nothing is asked.
    let mut f = lower(&nest(3, ""));
    assert_eq!(super::run(&mut f, false, 8), 0);
}
