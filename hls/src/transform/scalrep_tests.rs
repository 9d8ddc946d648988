//! Unit tests of scalar replacement: the structure before and after on lowered kernels.

use crate::ir::{Func, Item, OpKind, Region};

fn lower(src: &str) -> Func {
    let mut f = crate::ir::lower_first(src);
    crate::transform::ifconvert::run(&mut f, true);
    f
}

/// (loads, stores) of memory `name` in `r`, not counting nested regions.
fn accesses(f: &Func, r: &Region, name: &str) -> (usize, usize) {
    let m = f.mems.iter().position(|m| m.name == name).unwrap() as u32;
    let mut n = (0, 0);
    for i in &r.items {
        if let Item::Op(o) = i {
            match f.op(*o).kind {
                OpKind::Load(x) if x.0 == m => n.0 += 1,
                OpKind::Store(x) if x.0 == m => n.1 += 1,
                _ => {}
            }
        }
    }
    n
}

/// The innermost `for` loop's body and its enclosing region.
fn innermost(r: &Region) -> Option<(&Region, &crate::ir::ForLoop)> {
    for i in &r.items {
        if let Item::For(l) = i {
            return innermost(&l.body).or(Some((r, l)));
        }
    }
    None
}

const MATMUL: &str = "func.func @mm(%A: memref<4x4xi32>, %B: memref<4x4xi32>, %C: memref<4x4xi32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      affine.for %k = 0 to 4 {
        %a = affine.load %A[%i, %k] : memref<4x4xi32>
        %b = affine.load %B[%k, %j] : memref<4x4xi32>
        %c = affine.load %C[%i, %j] : memref<4x4xi32>
        %p = arith.muli %a, %b : i32
        %s = arith.addi %c, %p : i32
        affine.store %s, %C[%i, %j] : memref<4x4xi32>
      }
    }
  }
  return
}";

#[test]
fn an_accumulation_at_an_invariant_address_becomes_a_carried_register() {
    let mut f = lower(MATMUL);
    let (_, l) = innermost(&f.body).unwrap();
    assert_eq!((accesses(&f, &l.body, "C"), l.iter_args.len()), ((1, 1), 0));
    super::run(&mut f, true);
    assert!(crate::ir::verify::verify(&f).is_empty(), "{:?}", crate::ir::verify::verify(&f));
    let (outer, l) = innermost(&f.body).unwrap();
    assert_eq!(accesses(&f, &l.body, "C"), (0, 0));
    assert_eq!(accesses(&f, &l.body, "A"), (1, 0));
    assert_eq!(accesses(&f, outer, "C"), (1, 1));
    assert_eq!((l.iter_args.len(), l.results.len()), (1, 1));
    // The store after the loop writes the loop's result; the yield is the sum.
    let store = outer.items.iter().rev().find_map(|i| match i {
        Item::Op(o) if matches!(f.op(*o).kind, OpKind::Store(_)) => Some(*o),
        _ => None,
    });
    assert_eq!(f.op(store.unwrap()).operands[1], l.results[0]);
    let y = l.yields[0];
    let def = l.body.items.iter().find_map(|i| match i {
        Item::Op(o) if f.op(*o).result == Some(y) => Some(f.op(*o).kind.clone()),
        _ => None,
    });
    assert_eq!(def, Some(OpKind::Bin(crate::ir::BinOp::Add)));
    assert_eq!(f.scalar_replaced.len(), 1);
    // Only loops asked to be pipelined.
    let mut g = lower(MATMUL);
    super::run(&mut g, false);
    assert!(g.scalar_replaced.is_empty());
}

#[test]
fn other_accesses_or_conditional_stores_keep_the_memory() {
    // A read of C[i][j+1] beside the accumulation into C[i][j].
    let neighbour = MATMUL
        .replace("memref<4x4xi32>) {", "memref<4x5xi32>) {")
        .replace("%C[%i, %j] : memref<4x4xi32>", "%C[%i, %j] : memref<4x5xi32>")
        .replace(
            "%s = arith.addi %c, %p : i32",
            "%n = affine.load %C[%i, %j + 1] : memref<4x5xi32>\n        %q = arith.addi %c, %p : i32\n        %s = arith.addi %q, %n : i32",
        );
    // An address that changes with k.
    let moving = MATMUL.replace("affine.store %s, %C[%i, %j]", "affine.store %s, %C[%i, %k]");
    // The store only under a condition.
    let guarded = MATMUL.replace(
        "affine.store %s, %C[%i, %j] : memref<4x4xi32>",
        "%z = arith.constant 0 : i32\n        %pos = arith.cmpi sgt, %a, %z : i32\n        scf.if %pos {\n          affine.store %s, %C[%i, %j] : memref<4x4xi32>\n        }",
    );
    for src in [neighbour, moving, guarded] {
        let mut f = lower(&src);
        super::run(&mut f, true);
        assert!(f.scalar_replaced.is_empty(), "{src}");
        let (_, l) = innermost(&f.body).unwrap();
        assert!(accesses(&f, &l.body, "C").1 == 1, "{src}");
    }
}
