//! Which loops carry a recurrence through a register, for the benchmark's recurrence bound.
//!
//! A loop's next iteration needs this one's result through a register when it is an
//! `scf.while` (the next condition reads what the after region yielded), or a counted loop
//! (`affine.for`, `scf.for`) one of whose `iter_args` is yielded as a value computed, through
//! at least one op, from the loop-carried values. A yield that passes a carried value on
//! unchanged, or yields something computed only from the induction variable, loads and
//! loop-invariant values, is no recurrence: such iterations may overlap completely. A loop
//! of blocks (`cf.br`/`cf.cond_br`) counts every back edge it takes (a branch to the same or
//! an earlier block of the region, in its written order, as MLIR prints loops): whether and
//! where it continues is decided by the iteration before.
//!
//! Dependence is propagated conservatively through nested ops: an op is tainted when any
//! operand, or any operand of an op in its regions, is tainted, and then all its results
//! and the block arguments of its regions are.
//!
//! The interpreter ([`super::exec`]) counts, per executed recurrent loop, one cycle per
//! iteration or the recurrence bound of the recurrent loops nested in that iteration when
//! that is more: no schedule can finish the run in fewer cycles than that sum
//! ([`super::Outcome::recurrence_bound`]).

use mlir_text::{Operation, Region, ValueId};
use std::collections::BTreeSet;

/// Whether `op` (a loop) is a recurrence through a register, as the module header defines.
pub(crate) fn is_recurrence(op: &Operation) -> bool {
    match &*op.name {
        "scf.while" => true,
        "affine.for" | "scf.for" => {
            let Some(body) = op.regions().first() else { return false };
            let Some(entry) = body.blocks.first() else { return false };
            // The block arguments after the induction variable are the carried values.
            let carried: Vec<ValueId> = entry.args.iter().skip(1).copied().collect();
            if carried.is_empty() {
                return false;
            }
            let mut tainted: BTreeSet<ValueId> = carried.iter().copied().collect();
            taint_region(body, &mut tainted);
            let yields = body
                .blocks
                .iter()
                .flat_map(|b| b.ops.last())
                .filter(|t| matches!(&*t.name, "affine.yield" | "scf.yield"));
            yields
                .into_iter()
                .any(|t| t.operands.iter().any(|o| tainted.contains(&o.value) && !carried.contains(&o.value)))
        }
        _ => false,
    }
}

/// Adds to `tainted` every value of `r` that depends on a tainted value.
fn taint_region(r: &Region, tainted: &mut BTreeSet<ValueId>) {
    for b in &r.blocks {
        for op in &b.ops {
            taint_op(op, tainted);
        }
    }
}

/// Taints `op`'s results (and its regions' block arguments) when it reads a tainted value
/// directly or inside its regions; returns whether it did.
fn taint_op(op: &Operation, tainted: &mut BTreeSet<ValueId>) -> bool {
    let mut hit = op.operands.iter().any(|o| tainted.contains(&o.value));
    if hit {
        for r in op.regions() {
            for b in &r.blocks {
                tainted.extend(b.args.iter().copied());
            }
        }
    }
    for r in op.regions() {
        for b in &r.blocks {
            for inner in &b.ops {
                hit |= taint_op(inner, tainted);
            }
        }
    }
    if hit {
        tainted.extend(op.results.iter().copied());
    }
    hit
}

#[cfg(test)]
mod tests {
    use crate::interp::{run, ArgValue};

    fn bound(text: &str, args: &[ArgValue]) -> u64 {
        let src = mlir_text::SourceFile::new("t.mlir", text);
        let f = mlir_text::parse(&src).unwrap_or_else(|d| panic!("{}", d.render(&src)));
        run(&f, "f", args).unwrap_or_else(|d| panic!("{}", d.render(&src))).recurrence_bound
    }

    /// A loop of `%n` iterations over a memref whose `iter_args` yield is `YIELD` (of `%acc`,
    /// the loaded `%v` and the induction variable's cast `%ic`), inside an outer loop of 3.
    fn nest(yield_expr: &str) -> String {
        format!(
            r#""func.func"() <{{function_type = (memref<8xi32>, index) -> (), sym_name = "f"}}> ({{
^bb0(%m: memref<8xi32>, %n: index):
  %c0 = "arith.constant"() <{{value = 0 : index}}> : () -> index
  %c1 = "arith.constant"() <{{value = 1 : index}}> : () -> index
  %c3 = "arith.constant"() <{{value = 3 : index}}> : () -> index
  %z = "arith.constant"() <{{value = 0 : i32}}> : () -> i32
  "scf.for"(%c0, %c3, %c1) ({{
  ^bb0(%o: index):
    %r = "scf.for"(%c0, %n, %c1, %z) ({{
    ^bb0(%i: index, %acc: i32):
      %v = "memref.load"(%m, %i) : (memref<8xi32>, index) -> i32
      %ic = "arith.index_cast"(%i) : (index) -> i32
      {yield_expr}
    }}) : (index, index, index, i32) -> i32
    "memref.store"(%r, %m, %o) : (i32, memref<8xi32>, index) -> ()
    "scf.yield"() : () -> ()
  }}) : (index, index, index) -> ()
  "func.return"() : () -> ()
}}) : () -> ()
"#
        )
    }

    #[test]
    fn counts_iterations_of_real_recurrences_only() {
        let args = |n| [ArgValue::MemRef(vec![1; 8]), ArgValue::Scalar(n)];
        // acc + v: each iteration needs the last one's sum; 3 outer x 5 inner.
        let sum = nest(
            r#"%s = "arith.addi"(%acc, %v) : (i32, i32) -> i32
      "scf.yield"(%s) : (i32) -> ()"#,
        );
        assert_eq!(bound(&sum, &args(5)), 15);
        // Zero-trip inner loops count nothing.
        assert_eq!(bound(&sum, &args(0)), 0);
        // Passing the carried value on unchanged, or yielding what does not depend on it,
        // is no recurrence.
        let pass = nest(r#""scf.yield"(%acc) : (i32) -> ()"#);
        assert_eq!(bound(&pass, &args(5)), 0);
        let indep = nest(
            r#"%s = "arith.addi"(%ic, %v) : (i32, i32) -> i32
      "scf.yield"(%s) : (i32) -> ()"#,
        );
        assert_eq!(bound(&indep, &args(5)), 0);
        // Through a nested op: a select that reads the carried value.
        let sel = nest(
            r#"%t = "arith.cmpi"(%v, %ic) <{predicate = 2 : i64}> : (i32, i32) -> i1
      %s = "scf.if"(%t) ({
        %w = "arith.subi"(%acc, %v) : (i32, i32) -> i32
        "scf.yield"(%w) : (i32) -> ()
      }, {
        "scf.yield"(%v) : (i32) -> ()
      }) : (i1) -> i32
      "scf.yield"(%s) : (i32) -> ()"#,
        );
        assert_eq!(bound(&sel, &args(4)), 12);
    }

    #[test]
    fn while_loops_and_nested_recurrences() {
        // A while loop counting %x down to 0 by 1 inside a recurrent outer loop of 2
        // iterations: each outer iteration costs the inner loop's 4 iterations (x = 4) or
        // its own one cycle when the inner loop does not run (x = 0).
        let text = r#""func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
^bb0(%x: i32):
  %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
  %c1 = "arith.constant"() <{value = 1 : index}> : () -> index
  %c2 = "arith.constant"() <{value = 2 : index}> : () -> index
  %z = "arith.constant"() <{value = 0 : i32}> : () -> i32
  %one = "arith.constant"() <{value = 1 : i32}> : () -> i32
  %r = "scf.for"(%c0, %c2, %c1, %z) ({
  ^bb0(%o: index, %acc: i32):
    %w = "scf.while"(%x) ({
    ^bb0(%a: i32):
      %t = "arith.cmpi"(%a, %z) <{predicate = 4 : i64}> : (i32, i32) -> i1
      "scf.condition"(%t, %a) : (i1, i32) -> ()
    }, {
    ^bb0(%b: i32):
      %d = "arith.subi"(%b, %one) : (i32, i32) -> i32
      "scf.yield"(%d) : (i32) -> ()
    }) : (i32) -> i32
    %s = "arith.addi"(%acc, %w) : (i32, i32) -> i32
    "scf.yield"(%s) : (i32) -> ()
  }) : (index, index, index, i32) -> i32
  "func.return"(%r) : (i32) -> ()
}) : () -> ()
"#;
        assert_eq!(bound(text, &[ArgValue::Scalar(4)]), 8);
        assert_eq!(bound(text, &[ArgValue::Scalar(0)]), 2);
    }

    #[test]
    fn block_loops_count_their_back_edges() {
        // ^head tests x > 0; ^body decrements and branches back: x back edges.
        let text = r#""func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
^bb0(%x: i32):
  %z = "arith.constant"() <{value = 0 : i32}> : () -> i32
  %one = "arith.constant"() <{value = 1 : i32}> : () -> i32
  "cf.br"(%x)[^head] : (i32) -> ()
^head(%a: i32):
  %t = "arith.cmpi"(%a, %z) <{predicate = 4 : i64}> : (i32, i32) -> i1
  "cf.cond_br"(%t)[^body, ^done] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
^body:
  %d = "arith.subi"(%a, %one) : (i32, i32) -> i32
  "cf.br"(%d)[^head] : (i32) -> ()
^done:
  "func.return"(%a) : (i32) -> ()
}) : () -> ()
"#;
        assert_eq!(bound(text, &[ArgValue::Scalar(5)]), 5);
        assert_eq!(bound(text, &[ArgValue::Scalar(0)]), 0);
    }
}
