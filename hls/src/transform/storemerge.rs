//! Merging predicated stores of the two sides of an if-converted branch.
//!
//! After if-conversion (`ifconvert.rs`) `if (c) b[i] = x; else b[i] = y;` is two stores to
//! one port, predicated `c` and `!c`: two port cycles per iteration (II >= 2) where the
//! source writes once. When two stores of one memory in a loop body (one basic block, a
//! loop asked to be pipelined) have the same address value and predicates that cannot both
//! hold, and no access of that memory lies between them, they become one store at the
//! later one's place: data `select(p1, x, y)`, predicate `p1 | p2`, or none when the two
//! are complements (`c` and `c xor 1`). Disjoint: `c` against `c xor 1`, and `p & a`
//! against `p & b` (either operand order) when `a` and `b` are disjoint, which is what
//! if-conversion builds for nested branches.
//!
//! Exactly the same memory writes: in every iteration at most one of the two stores wrote,
//! to the same address, and nothing read or wrote that memory in between, so one write at
//! the later place with the taken side's data leaves the same contents.

use crate::ir::{BinOp, Func, Item, OpId, OpKind, Region, ValId};
use std::collections::HashMap;

/// Merges store pairs in every loop asked to be pipelined (all loops with `all`) whose body
/// is one block; returns how many pairs it merged.
pub fn run(f: &mut Func, all: bool) -> usize {
    f.with_body(|f, body| region(f, body, all))
}

fn region(f: &mut Func, r: &mut Region, all: bool) -> usize {
    let mut n = 0;
    for item in &mut r.items {
        match item {
            Item::For(l)
                if (all || l.pipeline.is_some()) && l.body.items.iter().all(|i| matches!(i, Item::Op(_))) =>
            {
                while merge_one(f, &mut l.body) {
                    n += 1;
                }
            }
            other => {
                for r in other.regions_mut() {
                    n += region(f, r, all);
                }
            }
        }
    }
    n
}

/// The op defining each value (any op of the function).
fn defs(f: &Func) -> HashMap<ValId, OpId> {
    f.ops.iter().enumerate().filter_map(|(i, o)| o.result.map(|r| (r, OpId(i as u32)))).collect()
}

/// `b == a xor 1` or `a == b xor 1`.
fn complements(
    f: &Func,
    def: &HashMap<ValId, OpId>,
    consts: &HashMap<ValId, u64>,
    a: ValId,
    b: ValId,
) -> bool {
    let negates = |x: ValId, y: ValId| {
        def.get(&x).is_some_and(|&o| {
            let op = f.op(o);
            op.kind == OpKind::Bin(BinOp::Xor)
                && f.width(x) == 1
                && ((op.operands[0] == y && consts.get(&op.operands[1]) == Some(&1))
                    || (op.operands[1] == y && consts.get(&op.operands[0]) == Some(&1)))
        })
    };
    negates(a, b) || negates(b, a)
}

/// True if the 1-bit values `a` and `b` are never both 1 (by their definitions).
fn disjoint(f: &Func, def: &HashMap<ValId, OpId>, consts: &HashMap<ValId, u64>, a: ValId, b: ValId) -> bool {
    if complements(f, def, consts, a, b) {
        return true;
    }
    let and = |x: ValId| {
        def.get(&x)
            .map(|&o| f.op(o))
            .filter(|op| op.kind == OpKind::Bin(BinOp::And))
            .map(|op| op.operands.clone())
    };
    let (Some(x), Some(y)) = (and(a), and(b)) else { return false };
    for (i, j) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
        if x[i] == y[j] && disjoint(f, def, consts, x[1 - i], y[1 - j]) {
            return true;
        }
    }
    false
}

fn access(f: &Func, o: OpId) -> Option<crate::ir::MemId> {
    match f.op(o).kind {
        OpKind::Load(m) | OpKind::Store(m) => Some(m),
        _ => None,
    }
}

/// Merges the first mergeable pair of `body`; false if there is none.
fn merge_one(f: &mut Func, body: &mut Region) -> bool {
    let ops: Vec<OpId> =
        body.items.iter().filter_map(|i| if let Item::Op(o) = i { Some(*o) } else { None }).collect();
    let def = defs(f);
    let consts = f.constants();
    let mut found = None;
    'outer: for (i, &a) in ops.iter().enumerate() {
        let OpKind::Store(m) = f.op(a).kind else { continue };
        for (j, &b) in ops.iter().enumerate().skip(i + 1) {
            if access(f, b) != Some(m) {
                continue;
            }
            // The next access of the memory after `a`: merge with it or not at all.
            let (oa, ob) = (&f.op(a).operands, &f.op(b).operands);
            if f.op(b).kind == OpKind::Store(m)
                && oa.len() == 3
                && ob.len() == 3
                && oa[0] == ob[0]
                && disjoint(f, &def, &consts, oa[2], ob[2])
            {
                found = Some((i, j));
            }
            continue 'outer;
        }
    }
    let Some((i, j)) = found else { return false };
    let (a, b) = (ops[i], ops[j]);
    let (oa, ob) = (f.op(a).operands.clone(), f.op(b).operands.clone());
    let span = f.op(b).span;
    let w = f.width(oa[1]);
    let data = f.new_value(w, None);
    let sel = f.new_op(OpKind::Select, vec![oa[2], oa[1], ob[1]], Some(data), span);
    let mut new_items = vec![Item::Op(sel)];
    let mut operands = vec![ob[0], data];
    if !complements(f, &def, &consts, oa[2], ob[2]) {
        let en = f.new_value(1, None);
        let or = f.new_op(OpKind::Bin(BinOp::Or), vec![oa[2], ob[2]], Some(en), span);
        new_items.push(Item::Op(or));
        operands.push(en);
    }
    f.ops[b.index()].operands = operands;
    let pos_b = body.items.iter().position(|x| *x == Item::Op(b)).expect("in the body");
    body.items.splice(pos_b..pos_b, new_items);
    let pos_a = body.items.iter().position(|x| *x == Item::Op(a)).expect("in the body");
    body.items.remove(pos_a);
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lower(src: &str) -> Func {
        let mut f = crate::ir::lower_first(src);
        crate::transform::ifconvert::run(&mut f, true);
        f
    }

    fn stores(f: &Func) -> Vec<usize> {
        let Item::For(l) = f.body.items.iter().find(|i| matches!(i, Item::For(_))).unwrap() else {
            unreachable!()
        };
        l.body
            .items
            .iter()
            .filter_map(|i| if let Item::Op(o) = i { Some(*o) } else { None })
            .filter(|&o| matches!(f.op(o).kind, OpKind::Store(_)))
            .map(|o| f.op(o).operands.len())
            .collect()
    }

    const SRC: &str = "func.func @k(%a: memref<8xi32>, %b: memref<8xi32>, %t: i32) {
  affine.for %i = 0 to 8 {
    %v = affine.load %a[%i] : memref<8xi32>
    %c = arith.cmpi sgt, %v, %t : i32
    %d = arith.cmpi eq, %v, %t : i32
    scf.if %c {
      affine.store %t, %b[%i] : memref<8xi32>
    } else {
      affine.store %v, %b[%i] : memref<8xi32>
    }
    scf.if %d {
      scf.if %c {
        affine.store %v, %a[%i] : memref<8xi32>
      } else {
        affine.store %t, %a[%i] : memref<8xi32>
      }
    }
    scf.if %c {
      affine.store %v, %a[%i + 1] : memref<8xi32>
    } else {
      affine.store %t, %a[%i] : memref<8xi32>
    }
  }
  return
}";

    #[test]
    fn complementary_stores_become_one() {
        let mut f = lower(SRC);
        assert_eq!(stores(&f), vec![3; 6]);
        // b[i]: then/else merged, unpredicated; a[i] under d: merged, predicated d & c | d & !c;
        // a[i+1] vs a[i]: different addresses, not merged.
        assert_eq!(run(&mut f, true), 2);
        assert_eq!(stores(&f), vec![2, 3, 3, 3]);
        assert!(crate::ir::verify::verify(&f).is_empty());
        // Two separate ifs on c and d: not disjoint, not merged.
        let one_if = "scf.if %c {\n      affine.store %t, %b[%i] : memref<8xi32>\n    } else {";
        assert!(SRC.contains(one_if));
        let two_ifs = "scf.if %c {\n      affine.store %t, %b[%i] : memref<8xi32>\n    }\n    scf.if %d {";
        let mut h = lower(&SRC.replace(one_if, two_ifs));
        assert_eq!(run(&mut h, true), 1, "c and d are not disjoint");
    }
}
