//! One state per iteration for `while` loops whose body fits beside the condition.
//!
//! A data-dependent `while` loop is sequential by nature: the next iteration needs this
//! one's condition. The FSM runs its before region (the condition) in its own state(s) and
//! its after region (the body) in at least one more, so even a loop whose whole iteration
//! is a few gates takes two cycles per iteration. Here the after region's ops move to the
//! end of the before region, reading the forwarded values where they read the after
//! region's arguments, and run speculatively in every iteration (also the last, whose
//! results are then discarded); the FSM's transition out of the before region writes the
//! next before-arguments from the body's yields when the condition holds (`gen/layout.rs`:
//! an empty after region adds no state). It applies only when the after region is plain
//! ops without stores (loads are harmless when discarded) and the fused block is scheduled
//! in no more cycles than the before region alone, so no iteration and no exit gets slower:
//! a loop whose condition and body chain within one clock runs one iteration per cycle.
//! With `--pipeline` only, as the other loop transforms.

use super::Costs;
use crate::ir::{Func, Item, OpId, OpKind, Region, ValId, WhileLoop};
use std::collections::HashMap;

/// Fuses every eligible `while` loop of `f`; returns how many.
pub fn run(f: &mut Func, costs: &dyn Costs) -> usize {
    f.with_body(|f, body| region(f, body, costs))
}

fn region(f: &mut Func, r: &mut Region, costs: &dyn Costs) -> usize {
    let mut n = 0;
    for item in &mut r.items {
        for sub in item.regions_mut() {
            n += region(f, sub, costs);
        }
        if let Item::While(w) = item {
            n += usize::from(fuse(f, w, costs));
        }
    }
    n
}

/// The region's ops if it is plain ops only.
fn plain(r: &Region) -> Option<Vec<OpId>> {
    r.items.iter().map(|i| if let Item::Op(o) = i { Some(*o) } else { None }).collect()
}

fn fuse(f: &mut Func, w: &mut WhileLoop, costs: &dyn Costs) -> bool {
    let (Some(before), Some(after)) = (plain(&w.before), plain(&w.after)) else { return false };
    if after.is_empty() || after.iter().any(|&o| matches!(f.op(o).kind, OpKind::Store(_))) {
        return false;
    }
    let rename: HashMap<ValId, ValId> =
        w.after_args.iter().copied().zip(w.forwarded.iter().copied()).collect();
    let mut g = f.clone();
    for &o in &after {
        for x in &mut g.ops[o.index()].operands {
            if let Some(&y) = rename.get(x) {
                *x = y;
            }
        }
    }
    let non_const = |g: &Func, ops: &[OpId]| -> Vec<OpId> {
        ops.iter().copied().filter(|&o| !matches!(g.op(o).kind, OpKind::Const(_))).collect()
    };
    let b = non_const(&g, &before);
    if b.is_empty() {
        return false;
    }
    let fused: Vec<OpId> = b.iter().copied().chain(non_const(&g, &after)).collect();
    let (Some(sb), Some(sf)) = (costs.block_cycles(&g, &b), costs.block_cycles(&g, &fused)) else {
        return false;
    };
    if sf.max(1) > sb.max(1) {
        return false;
    }
    f.ops = g.ops;
    for y in &mut w.yields {
        if let Some(&v) = rename.get(y) {
            *y = v;
        }
    }
    let moved = std::mem::take(&mut w.after.items);
    w.before.items.extend(moved);
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lower(src: &str) -> Func {
        crate::ir::lower_first(src)
    }

    fn the_while(f: &Func) -> &WhileLoop {
        f.body.items.iter().find_map(|i| if let Item::While(w) = i { Some(&**w) } else { None }).unwrap()
    }

    const SRC: &str = "func.func @w(%x: i16) -> i16 {
  %one = arith.constant 1 : i16
  %r = scf.while (%n = %x) : (i16) -> i16 {
    %go = arith.cmpi ugt, %n, %one : i16
    scf.condition(%go) %n : i16
  } do {
  ^bb0(%m: i16):
    %h = arith.shrui %m, %one : i16
    scf.yield %h : i16
  }
  return %r : i16
}";

    #[test]
    fn a_short_body_moves_beside_the_condition() {
        let mut f = lower(SRC);
        assert_eq!(run(&mut f, &crate::passes::ScheduleCosts(&crate::Options::default())), 1);
        let w = the_while(&f);
        assert!(w.after.items.is_empty());
        // The shift now reads the forwarded value (%n), not the after region's argument.
        let shift =
            plain(&w.before).unwrap().into_iter().find(|&o| f.op(o).result == Some(w.yields[0])).unwrap();
        assert_eq!(f.op(shift).operands[0], w.forwarded[0]);
        assert!(crate::ir::verify::verify(&f).is_empty());
    }

    #[test]
    fn stores_and_long_bodies_stay() {
        // A 16-bit remainder is a sequential divider: longer than the condition's cycle.
        let mut f = lower(&SRC.replace("arith.shrui", "arith.remui"));
        assert_eq!(run(&mut f, &crate::passes::ScheduleCosts(&crate::Options::default())), 0);
        assert_eq!(the_while(&f).after.items.len(), 1);
        let with_store = SRC.replace("func.func @w(%x: i16)", "func.func @w(%x: i16, %a: memref<4xi16>)").replace(
            "    scf.yield %h",
            "    %c0 = arith.constant 0 : index\n    memref.store %h, %a[%c0] : memref<4xi16>\n    scf.yield %h",
        );
        let mut f = lower(&with_store);
        assert_eq!(run(&mut f, &crate::passes::ScheduleCosts(&crate::Options::default())), 0);
    }
}
