//! Unit tests of loop rotation and of the induction-variable offsets (`ivreduce`): the
//! structure before and after on lowered kernels, and the cases that must stay.

use crate::ir::{Func, Item, OpKind};
use crate::Options;

fn lower(src: &str) -> Func {
    crate::ir::lower_first(src)
}

fn outer(f: &Func) -> &crate::ir::ForLoop {
    f.body.items.iter().find_map(|i| if let Item::For(l) = i { Some(&**l) } else { None }).unwrap()
}

fn stores(f: &Func, items: &[Item]) -> Vec<Vec<crate::ir::ValId>> {
    items
        .iter()
        .filter_map(|i| match i {
            Item::Op(o) if matches!(f.op(*o).kind, OpKind::Store(_)) => Some(f.op(*o).operands.clone()),
            _ => None,
        })
        .collect()
}

/// Row sums: an inner loop, then a store of its result (B) at the outer loop's end.
const ROWS: &str = "func.func @rows(%a: memref<4x8xi32>, %s: memref<4xi32>, %n: index) {
  %z = arith.constant 0 : i32
  affine.for %i = 0 to %n {
    %r = affine.for %j = 0 to 8 iter_args(%acc = %z) -> (i32) {
      %v = affine.load %a[%i, %j] : memref<4x8xi32>
      %t = arith.addi %acc, %v : i32
      affine.yield %t : i32
    }
    affine.store %r, %s[%i] : memref<4xi32>
  }
  return
}";

#[test]
fn the_store_after_the_inner_loop_moves_to_the_next_iteration() {
    let mut f =
        lower(&ROWS.replace(
            "affine.for %i = 0 to %n {",
            "affine.for %i = 0 to %n {\n    %q = arith.addi %z, %z : i32",
        ));
    let l = outer(&f);
    assert_eq!(stores(&f, &l.body.items).len(), 1);
    let before_args = l.iter_args.len();
    let rotated = crate::transform::rotate::run(&mut f);
    assert_eq!(rotated, vec![outer(&f).id]);
    assert!(crate::ir::verify::verify(&f).is_empty(), "{:?}", crate::ir::verify::verify(&f));
    let l = outer(&f);
    // The body now starts with the store, predicated by the new flag (the first carried
    // value), and ends with the inner loop; the flag, the induction variable and the inner
    // loop's result are carried.
    let s = stores(&f, &l.body.items);
    assert_eq!(s.len(), 1);
    assert!(matches!(l.body.items[0], Item::Op(o) if matches!(f.op(o).kind, OpKind::Store(_))));
    assert!(matches!(l.body.items.last(), Some(Item::For(_))));
    assert_eq!(l.iter_args.len(), before_args + 3);
    assert_eq!(s[0][2], l.iter_args[before_args]);
    assert_eq!(l.yields[before_args + 1], l.iv);
    // After the loop, one more store reads the loop's results; the trip count is dynamic
    // (%n), so it is predicated by the flag's final value.
    let pos = f.body.items.iter().position(|i| matches!(i, Item::For(_))).unwrap();
    let after = stores(&f, &f.body.items[pos + 1..]);
    assert_eq!(after.len(), 1);
    let l = outer(&f);
    assert_eq!(after[0][2], l.results[before_args]);
    assert_eq!(after[0][0], l.results[before_args + 1]);
}

#[test]
fn a_store_the_next_iteration_reads_stays() {
    // The inner loop reads %s, which B writes: B(previous) cannot pass it.
    let src = ROWS.replace(
        "%v = affine.load %a[%i, %j] : memref<4x8xi32>",
        "%v = affine.load %s[%j mod 4] : memref<4xi32>",
    );
    let mut f = lower(&src);
    let g = f.clone();
    assert!(crate::transform::rotate::run(&mut f).is_empty());
    assert_eq!(f, g);
    // A body that starts with the loop (no block to join) or has no nested loop stays too.
    let mut f = lower(ROWS);
    assert!(crate::transform::rotate::run(&mut f).is_empty());
    let flat = "func.func @f(%a: memref<8xi32>) {
  affine.for %i = 0 to 8 {
    %v = affine.load %a[%i] : memref<8xi32>
    %w = arith.addi %v, %v : i32
    affine.store %w, %a[%i] : memref<8xi32>
  }
  return
}";
    let mut f = lower(flat);
    assert!(crate::transform::rotate::run(&mut f).is_empty());
}

#[test]
fn a_value_after_the_loop_that_the_yields_use_stays() {
    // B computes the next iteration's carried value: it cannot run an iteration late.
    let src = "func.func @f(%a: memref<8xi32>) -> i32 {
  %z = arith.constant 0 : i32
  %r = affine.for %i = 0 to 4 iter_args(%c = %z) -> (i32) {
    %q = arith.addi %c, %c : i32
    %s = affine.for %j = 0 to 2 iter_args(%acc = %q) -> (i32) {
      %v = affine.load %a[%j] : memref<8xi32>
      %t = arith.addi %acc, %v : i32
      affine.yield %t : i32
    }
    %n = arith.addi %s, %c : i32
    affine.yield %n : i32
  }
  return %r : i32
}";
    let mut f = lower(src);
    assert!(crate::transform::rotate::run(&mut f).is_empty());
}

/// The `bounds` kernel's shape: inner bounds max(0, i - 2) and min(s, i + 3).
const BOUNDS: &str = "#lo = affine_map<(d0) -> (0, d0 - 2)>
#hi = affine_map<(d0)[s0] -> (s0, d0 + 3)>
func.func @b(%a: memref<16xi32>, %o: memref<16xi32>, %s: index) {
  %z = arith.constant 0 : i32
  affine.for %i = 0 to 16 step 2 {
    %r = affine.for %j = max #lo(%i) to min #hi(%i)[%s] iter_args(%acc = %z) -> (i32) {
      %v = affine.load %a[%j] : memref<16xi32>
      %t = arith.addi %acc, %v : i32
      affine.yield %t : i32
    }
    affine.store %r, %o[%i floordiv 2] : memref<16xi32>
  }
  return
}";

#[test]
fn offsets_and_their_compares_become_carried_registers() {
    let mut f = lower(BOUNDS);
    let n_args = outer(&f).iter_args.len();
    let n = crate::transform::ivreduce::run(&mut f, &crate::passes::ScheduleCosts(&Options::default()));
    assert!(crate::ir::verify::verify(&f).is_empty(), "{:?}", crate::ir::verify::verify(&f));
    // Two compares moved an iteration early; i - 2, i + 3 and their next values carried.
    assert_eq!(n, 6);
    let l = outer(&f);
    assert_eq!(l.iter_args.len(), n_args + 6);
    // No op of the body reads the induction variable through an add any more: every add
    // of the body's first block reads a carried register.
    for i in &l.body.items {
        if let Item::Op(o) = i {
            if let OpKind::Bin(crate::ir::BinOp::Add) = f.op(*o).kind {
                assert!(f.op(*o).operands.iter().any(|v| l.iter_args.contains(v)), "{:?}", f.op(*o));
            }
        }
    }
    assert_eq!(f.loop_notes.len(), 1);
}

#[test]
fn offsets_stay_when_no_state_is_saved() {
    // One add of the induction variable, used by a store only: already one cycle.
    let src = "func.func @f(%a: memref<64xi32>) {
  %z = arith.constant 0 : i32
  affine.for %i = 0 to 8 {
    %k = arith.constant 1 : index
    %p = arith.addi %i, %k : index
    %w = arith.index_cast %p : index to i32
    affine.for %j = 0 to 4 {
      affine.store %w, %a[%i * 4 + %j] : memref<64xi32>
    }
  }
  return
}";
    let mut f = lower(src);
    let g = f.clone();
    assert_eq!(
        crate::transform::ivreduce::run(&mut f, &crate::passes::ScheduleCosts(&Options::default())),
        0
    );
    assert_eq!(f, g);
}
