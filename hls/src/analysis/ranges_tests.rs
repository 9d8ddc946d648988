//! Unit tests of the value ranges on lowered kernels: each typical op's rule, and the cases
//! that must stay the full range (a possible wrap, an unknown operand).

use super::{Range, ValueRanges};
use crate::ir::{lower_first, Func, ValId};

/// The value named `name` in the source (`%name`).
fn val(f: &Func, name: &str) -> ValId {
    let i = f.values.iter().position(|v| v.name.as_deref() == Some(name));
    ValId(i.unwrap_or_else(|| panic!("no value %{name}")) as u32)
}

const KERNEL: &str = "func.func @k(%a: memref<64xi16>, %b: memref<64xi16>, %x: i32, %n: index) -> i32 {
  %z = arith.constant 0 : i32
  %r = affine.for %i = 0 to 64 iter_args(%acc = %z) -> (i32) {
    %p = affine.load %a[%i] : memref<64xi16>
    %q = affine.load %b[%i] : memref<64xi16>
    %pe = arith.extsi %p : i16 to i32
    %qe = arith.extui %q : i16 to i32
    %prod = arith.muli %pe, %pe : i32
    %wide = arith.muli %pe, %qe : i32
    %c255 = arith.constant 255 : i32
    %m = arith.andi %x, %c255 : i32
    %c4 = arith.constant 4 : i32
    %sh = arith.shli %m, %c4 : i32
    %shr = arith.shrsi %pe, %c4 : i32
    %shu = arith.shrui %x, %c4 : i32
    %sum = arith.addi %pe, %qe : i32
    %neg = arith.subi %m, %qe : i32
    %lt = arith.cmpi slt, %pe, %m : i32
    %sel = arith.select %lt, %m, %shr : i32
    %unk = arith.addi %x, %c4 : i32
    %t = arith.addi %acc, %prod : i32
    affine.yield %t : i32
  }
  return %r : i32
}";

#[test]
fn ranges_of_typical_ops() {
    let f = lower_first(KERNEL);
    let r = ValueRanges::new(&f);
    let of = |n: &str| r.of(val(&f, n));
    let i16 = Range::new(-32768, 32767);
    assert_eq!(of("pe"), i16);
    assert_eq!(of("qe"), Range::new(0, 65535));
    // i16 x i16: at most 2^30 (-32768 squared), at least -32768 * 32767.
    assert_eq!(of("prod"), Range::new(-32768 * 32767, 1 << 30));
    assert_eq!(of("wide"), Range::new(-32768 * 65535, 32767 * 65535));
    assert_eq!(of("m"), Range::new(0, 255));
    assert_eq!(of("sh"), Range::new(0, 255 << 4));
    assert_eq!(of("shr"), Range::new(-2048, 2047));
    assert_eq!(of("shu"), Range::new(0, (1 << 28) - 1));
    assert_eq!(of("sum"), Range::new(-32768, 32767 + 65535));
    assert_eq!(of("neg"), Range::new(-65535, 255));
    assert_eq!(of("sel"), Range::new(-2048, 2047));
    // Unknown: an argument plus 4 may wrap; a loop-carried sum is not bounded.
    assert_eq!(of("unk"), Range::full(32));
    assert_eq!(of("t"), Range::full(32));
    assert_eq!(of("x"), Range::full(32));
}

#[test]
fn the_widths_ranges_need() {
    assert_eq!(Range::new(0, 255).signed_bits(), 9);
    assert_eq!(Range::new(0, 255).unsigned_bits(), Some(8));
    assert_eq!(Range::new(-256, 255).signed_bits(), 9);
    assert_eq!(Range::new(-257, 0).signed_bits(), 10);
    assert_eq!(Range::new(-1, 0).signed_bits(), 1);
    assert_eq!(Range::new(-1, 0).unsigned_bits(), None);
    assert_eq!(Range::new(-32768 * 32767, 1 << 30).signed_bits(), 32);
    assert!(Range::new(0, 1 << 31).within(32) == Range::full(32));
}

/// The loop counter of `0 to 100 step 3` holds 0..=99 in the body and up to 99 + 3 when it
/// leaves; with a bound from an argument, only the lower bound is known.
#[test]
fn loop_counters_from_their_bounds() {
    let src = "func.func @k(%a: memref<128xi32>, %n: index) {
  %z = arith.constant 0 : i32
  affine.for %i = 0 to 100 step 3 {
    affine.store %z, %a[%i] : memref<128xi32>
  }
  affine.for %j = 0 to %n {
    affine.store %z, %a[%j] : memref<128xi32>
  }
  return
}";
    let f = lower_first(src);
    let r = ValueRanges::new(&f);
    let loops: Vec<&crate::ir::ForLoop> = f
        .body
        .items
        .iter()
        .filter_map(|i| if let crate::ir::Item::For(l) = i { Some(&**l) } else { None })
        .collect();
    assert_eq!(r.of(loops[0].iv), Range::new(0, 99));
    assert_eq!(r.iv_register(loops[0]), Range::new(0, 102));
    assert_eq!(r.of(loops[1].iv).lo, 0);
    // Below any bound: at most i32::MAX (the last value below it plus the step of 1).
    assert_eq!(r.iv_register(loops[1]), Range::new(0, i128::from(i32::MAX)));
}
