//! Tests of the floor's bounds on small functions, with expectations computed from the
//! delay model's own figures (so a changed calibration moves both sides).

use super::*;
use crate::interp::{run_with, ArgValue, Outcome};
use crate::schedule::delays::{budget, delay, pipe_div, seq_div, DelayOp};

fn run(text: &str, args: &[ArgValue], opts: &Options) -> Outcome {
    let src = mlir_text::SourceFile::new("t.mlir", text);
    let f = mlir_text::parse(&src).unwrap_or_else(|d| panic!("{}", d.render(&src)));
    run_with(&f, "f", args, opts).unwrap_or_else(|d| panic!("{}", d.render(&src)))
}

fn opts(clock: f64, max_div: Option<u32>) -> Options {
    Options { clock_period: clock, max_div, ..Options::default() }
}

/// Cycles of a multi-cycle path of `op` at `width` bits and clock `clock`.
fn multi(op: DelayOp, width: u32, clock: f64) -> u64 {
    let (d, b) = (delay(op, width), budget(clock));
    if d <= b {
        0
    } else {
        (d / b).ceil() as u64
    }
}

/// A sum of `%m`'s 8 elements into an `iter_args` accumulator, returned.
const SUM: &str = r#""func.func"() <{function_type = (memref<8xi32>) -> i32, sym_name = "f"}> ({
^bb0(%m: memref<8xi32>):
  %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
  %c1 = "arith.constant"() <{value = 1 : index}> : () -> index
  %c8 = "arith.constant"() <{value = 8 : index}> : () -> index
  %z = "arith.constant"() <{value = 0 : i32}> : () -> i32
  %r = "scf.for"(%c0, %c8, %c1, %z) ({
  ^bb0(%i: index, %acc: i32):
    %v = "memref.load"(%m, %i) : (memref<8xi32>, index) -> i32
    %s = "arith.addi"(%acc, %v) : (i32, i32) -> i32
    "scf.yield"(%s) : (i32) -> ()
  }) : (index, index, index, i32) -> i32
  "func.return"(%r) : (i32) -> ()
}) : () -> ()
"#;

#[test]
fn a_multi_cycle_recurrence_costs_its_adder_per_iteration() {
    // Values that need all 32 bits, so no narrowing could shorten the adder.
    let data = ArgValue::MemRef(vec![0x4000_0000; 8]);
    let slow = multi(DelayOp::Add, 32, 5.0);
    assert!(slow >= 2, "a 32-bit adder is a multi-cycle path at 5 ns ({slow})");
    let out = run(SUM, std::slice::from_ref(&data), &opts(5.0, None));
    assert_eq!(out.recurrence_bound, 8, "unweighted: one cycle per iteration");
    assert_eq!(out.floor.recurrence, 8 * slow);
    assert_eq!(out.floor.chain, 1 + 8 * slow, "the first read's cycle, then eight adders");
    assert_eq!(out.floor.binding(), "chain");
    // At 10 ns the adder chains: one cycle per iteration, as the unweighted bound.
    let out = run(SUM, std::slice::from_ref(&data), &opts(10.0, None));
    assert_eq!((out.floor.recurrence, out.floor.chain), (8, 1));
    assert_eq!(out.floor.value(), 8);
    // With loop transforms the loop may be unrolled and its chained adders share a cycle:
    // only multi-cycle paths count.
    let piped = |clock| Options { pipeline: true, ..opts(clock, None) };
    assert_eq!(run(SUM, std::slice::from_ref(&data), &piped(10.0)).floor.recurrence, 0);
    assert_eq!(run(SUM, std::slice::from_ref(&data), &piped(5.0)).floor.recurrence, 8 * slow);
}

#[test]
fn small_values_may_be_narrowed_so_they_cost_less() {
    // Elements of a few bits: a sound narrowing could make the adder 5 bits wide.
    let out = run(SUM, &[ArgValue::MemRef(vec![1; 8])], &opts(5.0, None));
    assert_eq!(out.floor.recurrence, 8 * multi(DelayOp::Add, 5, 5.0).max(1));
    assert!(out.floor.recurrence < 8 * multi(DelayOp::Add, 32, 5.0));
}

/// Eight iterations of two divisions by a variable divisor (signed quotient and
/// remainder of the same operands: one divider op), one unsigned division by the same
/// divisor, and a division by a constant (no divider).
const DIVS: &str = r#""func.func"() <{function_type = (memref<8xi32>, memref<8xi32>, memref<8xi32>) -> (), sym_name = "f"}> ({
^bb0(%a: memref<8xi32>, %b: memref<8xi32>, %o: memref<8xi32>):
  %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
  %c1 = "arith.constant"() <{value = 1 : index}> : () -> index
  %c8 = "arith.constant"() <{value = 8 : index}> : () -> index
  %k = "arith.constant"() <{value = 7 : i32}> : () -> i32
  "scf.for"(%c0, %c8, %c1) ({
  ^bb0(%i: index):
    %x = "memref.load"(%a, %i) : (memref<8xi32>, index) -> i32
    %y = "memref.load"(%b, %i) : (memref<8xi32>, index) -> i32
    %q = "arith.divsi"(%x, %y) : (i32, i32) -> i32
    %r = "arith.remsi"(%x, %y) : (i32, i32) -> i32
    %u = "arith.divui"(%x, %y) : (i32, i32) -> i32
    %c = "arith.divsi"(%x, %k) : (i32, i32) -> i32
    %s = "arith.addi"(%q, %r) : (i32, i32) -> i32
    %t = "arith.addi"(%s, %u) : (i32, i32) -> i32
    %w = "arith.addi"(%t, %c) : (i32, i32) -> i32
    "memref.store"(%w, %o, %i) : (i32, memref<8xi32>, index) -> ()
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  "func.return"() : () -> ()
}) : () -> ()
"#;

#[test]
fn limited_dividers_bound_by_issue_cycles_and_one_latency() {
    // Divisors of 8 bits (at most 255), dividends of 32.
    let x: Vec<u64> = (0..8).map(|i| (0x1234_5678 * (i + 1)) & 0xffff_ffff).collect();
    let y: Vec<u64> = (0..8).map(|i| 3 + 31 * i).collect();
    let args = [ArgValue::MemRef(x), ArgValue::MemRef(y), ArgValue::MemRef(vec![0; 8])];
    let b = budget(10.0);
    // The shortest divider latency any divisor width from 8 bits up allows.
    let lat = |signed| {
        (8..=32)
            .map(|m| seq_div(signed, 32, m, b).latency.min(pipe_div(signed, 32, m, b).latency))
            .min()
            .unwrap()
    };
    let l = u64::from(lat(true).min(lat(false)));
    assert!(lat(true) > lat(false), "a signed divider has sign stages");
    // Two divider ops per iteration (signed quotient and remainder share one; the unsigned
    // one is another; the constant divisor needs none): 16 ops.
    let one = run(DIVS, &args, &opts(10.0, Some(1)));
    assert_eq!(one.floor.resource, 16 + l - 1);
    let two = run(DIVS, &args, &opts(10.0, Some(2)));
    assert_eq!(two.floor.resource, 8 + l - 1);
    // Unlimited dividers: no resource bound; the chain still sees the signed divider's
    // latency after the reads (the adders behind it chain at 10 ns).
    let free = run(DIVS, &args, &opts(10.0, None));
    assert_eq!(free.floor.resource, 0);
    assert_eq!(free.floor.chain, 1 + u64::from(lat(true)));
    assert_eq!(one.floor.binding(), "resource");
}

#[test]
fn the_port_bound_binds_a_copy() {
    let text = r#""func.func"() <{function_type = (memref<16xi8>, memref<16xi8>) -> (), sym_name = "f"}> ({
^bb0(%a: memref<16xi8>, %o: memref<16xi8>):
  %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
  %c1 = "arith.constant"() <{value = 1 : index}> : () -> index
  %c16 = "arith.constant"() <{value = 16 : index}> : () -> index
  "scf.for"(%c0, %c16, %c1) ({
  ^bb0(%i: index):
    %x = "memref.load"(%a, %i) : (memref<16xi8>, index) -> i8
    %y = "arith.divui"(%x, %x) : (i8, i8) -> i8
    "memref.store"(%y, %o, %i) : (i8, memref<16xi8>, index) -> ()
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  "func.return"() : () -> ()
}) : () -> ()
"#;
    let out =
        run(text, &[ArgValue::MemRef((1..=16).collect()), ArgValue::MemRef(vec![0; 16])], &opts(10.0, None));
    assert_eq!(out.floor.port, 16);
    assert!(out.floor.chain < 16 && out.floor.recurrence == 0 && out.floor.resource == 0, "{:?}", out.floor);
    assert_eq!((out.floor.value(), out.floor.binding()), (16, "port"));
}

#[test]
fn values_that_full_unrolling_folds_use_no_unit() {
    // x / (i + 1) with a constant-bounded i: unrolled, every divisor is a constant.
    let text = r#""func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
^bb0(%x: i32):
  %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
  %c1 = "arith.constant"() <{value = 1 : index}> : () -> index
  %c4 = "arith.constant"() <{value = 4 : index}> : () -> index
  %one = "arith.constant"() <{value = 1 : i32}> : () -> i32
  %r = "scf.for"(%c0, %c4, %c1, %x) ({
  ^bb0(%i: index, %acc: i32):
    %ii = "arith.index_cast"(%i) : (index) -> i32
    %d = "arith.addi"(%ii, %one) : (i32, i32) -> i32
    %q = "arith.divsi"(%acc, %d) : (i32, i32) -> i32
    "scf.yield"(%q) : (i32) -> ()
  }) : (index, index, index, i32) -> i32
  "func.return"(%r) : (i32) -> ()
}) : () -> ()
"#;
    let out = run(text, &[ArgValue::Scalar(1000)], &opts(10.0, Some(1)));
    assert_eq!(out.floor.resource, 0);
    assert_eq!((out.floor.recurrence, out.floor.chain), (4, 0));
    // The same with the divisor read from the argument: a divider op each iteration, all
    // four on the recurrence.
    let var = text.replace(r#"%q = "arith.divsi"(%acc, %d)"#, r#"%q = "arith.divsi"(%acc, %x)"#);
    let out = run(&var, &[ArgValue::Scalar(1000)], &opts(10.0, Some(1)));
    let b = budget(10.0);
    // |1000| needs 10 bits.
    let l = u64::from(
        (10..=32)
            .map(|m| seq_div(true, 32, m, b).latency.min(pipe_div(true, 32, m, b).latency))
            .min()
            .unwrap(),
    );
    assert_eq!(out.floor.recurrence, 4 * l);
    assert_eq!(out.floor.chain, 4 * l);
    // 1000 / 1000, 1 / 1000, then 0 / 1000 twice: equal operations may share one unit op,
    // so three issue cycles and one latency.
    assert_eq!(out.floor.resource, 3 + l - 1);
}

#[test]
fn a_while_loop_costs_its_condition_and_body_per_iteration() {
    // Euclid's gcd by remainders: each step's remainder needs the last.
    let text = r#""func.func"() <{function_type = (i16, i16) -> i16, sym_name = "f"}> ({
^bb0(%x: i16, %y: i16):
  %z = "arith.constant"() <{value = 0 : i16}> : () -> i16
  %g:2 = "scf.while"(%x, %y) ({
  ^bb0(%p: i16, %q: i16):
    %nz = "arith.cmpi"(%q, %z) <{predicate = 1 : i64}> : (i16, i16) -> i1
    "scf.condition"(%nz, %p, %q) : (i1, i16, i16) -> ()
  }, {
  ^bb0(%p: i16, %q: i16):
    %m = "arith.remui"(%p, %q) : (i16, i16) -> i16
    "scf.yield"(%q, %m) : (i16, i16) -> ()
  }) : (i16, i16) -> (i16, i16)
  "func.return"(%g#0) : (i16) -> ()
}) : () -> ()
"#;
    // gcd(21, 13): remainders 8, 5, 3, 2, 1, 0: six steps.
    let out = run(text, &[ArgValue::Scalar(21), ArgValue::Scalar(13)], &opts(10.0, None));
    assert_eq!(out.recurrence_bound, 6);
    let b = budget(10.0);
    let per = |m: u32| {
        (m..=16)
            .map(|k| seq_div(false, 16, k, b).latency.min(pipe_div(false, 16, k, b).latency))
            .min()
            .unwrap()
    };
    // Divisors 13, 8, 5, 3, 2, 1: 4, 4, 3, 2, 2, 1 bits.
    let want: u32 = [4, 4, 3, 2, 2, 1].iter().map(|&m| per(m)).sum();
    assert!(want > 6);
    assert_eq!(out.floor.recurrence, u64::from(want));
    assert_eq!(out.floor.binding(), "recurrence");
}

#[test]
fn the_port_part_counts_each_element_once() {
    // Each of 4 outputs accumulates 4 reads of one input element: 16 reads of `%a` and 16
    // read-modify-writes of `%o`, but scalar replacement may keep both in registers.
    let text = r#""func.func"() <{function_type = (memref<4xi8>, memref<4xi8>) -> (), sym_name = "f"}> ({
^bb0(%a: memref<4xi8>, %o: memref<4xi8>):
  %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
  %c1 = "arith.constant"() <{value = 1 : index}> : () -> index
  %c4 = "arith.constant"() <{value = 4 : index}> : () -> index
  "scf.for"(%c0, %c4, %c1) ({
  ^bb0(%i: index):
    "scf.for"(%c0, %c4, %c1) ({
    ^bb0(%j: index):
      %x = "memref.load"(%a, %i) : (memref<4xi8>, index) -> i8
      %y = "memref.load"(%o, %i) : (memref<4xi8>, index) -> i8
      %s = "arith.addi"(%x, %y) : (i8, i8) -> i8
      "memref.store"(%s, %o, %i) : (i8, memref<4xi8>, index) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  "func.return"() : () -> ()
}) : () -> ()
"#;
    let args = [ArgValue::MemRef(vec![1, 2, 3, 4]), ArgValue::MemRef(vec![5; 4])];
    // Without loop transforms every access is made: `%o`'s 16 reads and 16 writes.
    let out = run(text, &args, &opts(10.0, None));
    assert_eq!((out.port_bound(), out.floor.port), (32, 32));
    // With them, `%o`: four initial values read, four elements written; `%a`: four reads.
    let out = run(text, &args, &Options { pipeline: true, ..opts(10.0, None) });
    assert_eq!(out.port_bound(), 32, "the benchmark's bound counts every access");
    assert_eq!(out.floor.port, 8);
    // An `hls.pipeline` loop gets the same transforms without the flag.
    let marked = text.replacen(
        "}) : (index, index, index) -> ()\n    \"scf.yield\"",
        "}) {hls.pipeline} : (index, index, index) -> ()\n    \"scf.yield\"",
        1,
    );
    assert_ne!(marked, text);
    assert_eq!(run(&marked, &args, &opts(10.0, None)).floor.port, 8);
}

#[test]
fn block_loops_decided_by_data_cost_a_cycle_per_iteration() {
    // ^head tests a > 0; ^body decrements and branches back: 5 back edges from 5.
    let text = |start: &str| {
        format!(
            r#""func.func"() <{{function_type = (i32) -> i32, sym_name = "f"}}> ({{
^bb0(%x: i32):
  %z = "arith.constant"() <{{value = 0 : i32}}> : () -> i32
  %one = "arith.constant"() <{{value = 1 : i32}}> : () -> i32
  %five = "arith.constant"() <{{value = 5 : i32}}> : () -> i32
  "cf.br"({start})[^head] : (i32) -> ()
^head(%a: i32):
  %t = "arith.cmpi"(%a, %z) <{{predicate = 4 : i64}}> : (i32, i32) -> i1
  "cf.cond_br"(%t)[^body, ^done] <{{operandSegmentSizes = array<i32: 1, 0, 0>}}> : (i1) -> ()
^body:
  %d = "arith.subi"(%a, %one) : (i32, i32) -> i32
  "cf.br"(%d)[^head] : (i32) -> ()
^done:
  "func.return"(%a) : (i32) -> ()
}}) : () -> ()
"#
        )
    };
    let piped = Options { pipeline: true, ..Options::default() };
    // From the argument: the trip count is data, the loop stays a loop.
    let out = run(&text("%x"), &[ArgValue::Scalar(5)], &piped);
    assert_eq!(out.floor.recurrence, 5);
    // From a constant: a counted loop the compiler may raise and unroll (its subtractions
    // chain), so only without loop transforms does each iteration cost a cycle.
    let out = run(&text("%five"), &[ArgValue::Scalar(5)], &piped);
    assert_eq!(out.floor.recurrence, 0);
    let out = run(&text("%five"), &[ArgValue::Scalar(5)], &Options::default());
    assert_eq!(out.floor.recurrence, 5);
}
