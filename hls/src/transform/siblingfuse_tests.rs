//! Unit tests of sibling fusion and of dissolving one-iteration loops: the structure
//! before and after on lowered kernels, and the dependences that keep loops apart.

use crate::ir::{Func, Item, OpKind};

fn lower(src: &str) -> Func {
    crate::ir::lower_first(src)
}

fn loops(f: &Func) -> Vec<&crate::ir::ForLoop> {
    f.body.items.iter().filter_map(|i| if let Item::For(l) = i { Some(&**l) } else { None }).collect()
}

fn ok(f: &Func) {
    let e = crate::ir::verify::verify(f);
    assert!(e.is_empty(), "{e:?}");
}

const TWO: &str = "func.func @two(%a: memref<8xi32>, %b: memref<8xi32>, %c: memref<16xi32>) {
  affine.for %i = 0 to 8 {
    %v = affine.load %a[%i] : memref<8xi32>
    affine.store %v, %b[%i] : memref<8xi32>
  }
  affine.for %j = 0 to 16 step 2 {
    %v = affine.load %c[%j + 1] : memref<16xi32>
    affine.store %v, %c[%j] : memref<16xi32>
  }
  return
}";

#[test]
fn independent_loops_of_equal_trip_fuse() {
    let mut f = lower(TWO);
    assert_eq!(loops(&f).len(), 2);
    assert_eq!(super::run(&mut f), (0, 1));
    ok(&f);
    let l = loops(&f);
    assert_eq!(l.len(), 1);
    // The loop of step 1 counts; the other's index is 2 * iv: its accesses read `iv * 2`
    // (plus a constant), so both stay affine in the counter.
    assert_eq!((l[0].step, l[0].trip), (1, Some(8)));
    let accesses: Vec<_> = l[0]
        .body
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Op(o) if matches!(f.op(*o).kind, OpKind::Load(_) | OpKind::Store(_)) => Some(*o),
            _ => None,
        })
        .collect();
    assert_eq!(accesses.len(), 4);
    let mut lin = crate::analysis::deps::Linear::new(&f);
    for &o in &accesses {
        let form = lin.form(f.op(o).operands[0]);
        let k = form.terms.get(&l[0].iv).copied();
        let mem = match f.op(o).kind {
            OpKind::Load(m) | OpKind::Store(m) => f.mems[m.index()].name.clone(),
            _ => unreachable!(),
        };
        assert_eq!(k, Some(if mem == "c" { 2 } else { 1 }), "{mem}: {form:?}");
        assert_eq!(form.terms.len(), 1);
    }
    assert_eq!(f.loop_notes.len(), 1);
}

#[test]
fn a_dependence_through_memory_keeps_loops_apart() {
    // The second loop reads %b, which the first writes.
    let src = TWO.replace(
        "%v = affine.load %c[%j + 1] : memref<16xi32>",
        "%v = affine.load %b[%j floordiv 2] : memref<8xi32>",
    );
    let mut f = lower(&src);
    assert_eq!(super::run(&mut f), (0, 0));
    assert_eq!(loops(&f).len(), 2);
    // The same memory, written at disjoint addresses: fused.
    let disjoint = TWO
        .replace("%c: memref<16xi32>", "%c: memref<32xi32>")
        .replace("memref<16xi32>", "memref<32xi32>")
        .replace("affine.store %v, %b[%i] : memref<8xi32>", "affine.store %v, %c[%i + 16] : memref<32xi32>");
    let mut f = lower(&disjoint);
    assert_eq!(super::run(&mut f), (0, 1));
    ok(&f);
    // Overlapping addresses (c[0..8) and c[0..16)): apart.
    let overlap =
        TWO.replace("affine.store %v, %b[%i] : memref<8xi32>", "affine.store %v, %c[%i] : memref<16xi32>");
    let mut f = lower(&overlap);
    assert_eq!(super::run(&mut f), (0, 0));
}

#[test]
fn a_scalar_dependence_keeps_loops_apart() {
    let src = "func.func @s(%a: memref<8xi32>, %b: memref<8xi32>) -> i32 {
  %z = arith.constant 0 : i32
  %s = affine.for %i = 0 to 8 iter_args(%x = %z) -> (i32) {
    %v = affine.load %a[%i] : memref<8xi32>
    %t = arith.addi %x, %v : i32
    affine.yield %t : i32
  }
  %r = affine.for %i = 0 to 8 iter_args(%x = %s) -> (i32) {
    %v = affine.load %b[%i] : memref<8xi32>
    %t = arith.xori %x, %v : i32
    affine.yield %t : i32
  }
  return %r : i32
}";
    let mut f = lower(src);
    assert_eq!(super::run(&mut f), (0, 0));
}

#[test]
fn a_shorter_loop_runs_guarded_in_the_longer() {
    // 8 and 7 iterations: the loop of 7 is predicated by `iv < 7` in a loop of 8.
    let mut f = lower(&TWO.replace("affine.for %j = 0 to 16 step 2", "affine.for %j = 0 to 14 step 2"));
    assert_eq!(super::run(&mut f), (0, 1));
    ok(&f);
    let l = loops(&f);
    assert_eq!((l.len(), l[0].trip), (1, Some(8)));
    let guard = l[0]
        .body
        .items
        .iter()
        .find_map(|i| match i {
            Item::Op(o) if matches!(f.op(*o).kind, OpKind::Cmp(comb::IcmpPred::Slt)) => f.op(*o).result,
            _ => None,
        })
        .unwrap();
    let stores: Vec<_> = l[0]
        .body
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Op(o) if matches!(f.op(*o).kind, OpKind::Store(_)) => Some(f.op(*o).operands.clone()),
            _ => None,
        })
        .collect();
    // The store to %b (8 iterations) is unconditional, the one to %c guarded.
    assert_eq!(stores.len(), 2);
    assert_eq!(stores.iter().filter(|s| s.get(2) == Some(&guard)).count(), 1);
    assert!(f.loop_notes[0].1.contains("guarded"), "{:?}", f.loop_notes);
    // A shorter loop whose loads would leave their memory in the extra iterations
    // (%c[j + 1] for j up to 16) stays apart.
    let mut f = lower(&TWO.replace("affine.for %j = 0 to 16 step 2", "affine.for %j = 2 to 16 step 2"));
    assert_eq!(super::run(&mut f), (0, 0));
}

#[test]
fn a_one_iteration_loop_dissolves() {
    let src = "func.func @one(%a: memref<8xi32>) -> i32 {
  %z = arith.constant 0 : i32
  %s = affine.for %i = 3 to 4 iter_args(%x = %z) -> (i32) {
    %v = affine.load %a[%i] : memref<8xi32>
    %t = arith.addi %x, %v : i32
    affine.yield %t : i32
  }
  return %s : i32
}";
    let mut f = lower(src);
    assert_eq!(super::run(&mut f), (1, 0));
    ok(&f);
    assert!(loops(&f).is_empty());
    // The function returns the add, which reads the init (the constant 0) and a load.
    let ret = f.rets[0];
    let add = f.ops.iter().find(|o| o.result == Some(ret)).unwrap();
    assert!(matches!(add.kind, OpKind::Bin(crate::ir::BinOp::Add)));
}
