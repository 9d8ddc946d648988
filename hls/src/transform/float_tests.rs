//! Float ops through every IR pass: lowered, then carried by constant division,
//! if-conversion, store merging, scalar replacement, inner unrolling, sibling fusion,
//! while fusion, induction-variable reduction, rotation and narrowing (the `--pipeline`
//! order of `crate::synthesize`), verified after each. The passes fold and narrow integer
//! ops only: `x + 0.0` and `x * 1.0` are not `x` in IEEE arithmetic (`-0.0 + 0.0` is
//! `+0.0`), and a float value's bits are not an integer range, so every float op must
//! survive unfolded at its format's width.

use crate::float::FloatFormat;
use crate::ir::{verify, Func, Item, OpId, OpKind, Region};

fn placed(r: &Region, out: &mut Vec<OpId>) {
    for item in &r.items {
        match item {
            Item::Op(o) => out.push(*o),
            other => {
                for sub in other.clone().regions_mut() {
                    placed(sub, out);
                }
            }
        }
    }
}

fn float_ops(f: &Func) -> Vec<OpId> {
    let mut v = Vec::new();
    placed(&f.body, &mut v);
    v.into_iter().filter(|&o| f.op(o).kind.is_float()).collect()
}

/// One pass as the test runs it.
type Pass = fn(&mut Func, &crate::Options);

const KERNEL: &str = r#"func.func @k(%a: memref<4x4xf32>, %s: memref<4xf32>, %t: memref<4xi32>) {
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 4 {
    %r = affine.for %j = 0 to 4 iter_args(%acc = %z) -> (f32) {
      %x = affine.load %a[%i, %j] : memref<4x4xf32>
      %y = arith.addf %x, %z : f32
      %m = arith.mulf %y, %one : f32
      %c = arith.cmpf olt, %m, %z : f32
      %v = arith.select %c, %z, %m : f32
      %s2 = arith.addf %acc, %v fastmath<reassoc> : f32
      affine.yield %s2 : f32
    }
    affine.store %r, %s[%i] : memref<4xf32>
    %n = arith.fptosi %r : f32 to i32
    %b = arith.bitcast %r : f32 to i32
    %d = arith.subi %n, %b : i32
    affine.store %d, %t[%i] : memref<4xi32>
  } {hls.pipeline = 1 : i64}
  return
}
"#;

#[test]
fn float_ops_survive_every_pass_unfolded() {
    let mut f = crate::ir::lower_first(KERNEL);
    assert!(verify::verify(&f).is_empty());
    let before = float_ops(&f);
    assert_eq!(before.len(), 5, "addf, mulf, cmpf, addf, fptosi");
    let reassoc: Vec<bool> = before
        .iter()
        .filter_map(|&o| match f.op(o).kind {
            OpKind::FBin { reassoc, .. } => Some(reassoc),
            _ => None,
        })
        .collect();
    assert_eq!(reassoc, [false, false, true], "only the fastmath<reassoc> addf may be reassociated");
    let opts = crate::Options { pipeline: true, ..Default::default() };
    let passes: [(&str, Pass); 10] = [
        ("constdiv", |f, _| {
            super::constdiv::run(f);
        }),
        ("ifconvert", |f, _| super::ifconvert::run(f, true)),
        ("storemerge", |f, _| {
            super::storemerge::run(f, true);
        }),
        ("scalrep", |f, _| super::scalrep::run(f, true)),
        ("unroll_inner", |f, o| {
            while super::unroll_inner::run(f, true, o.max_unroll) > 0 {
                super::scalrep::run(f, true);
            }
        }),
        ("siblingfuse", |f, _| {
            super::siblingfuse::run(f);
        }),
        ("whilefuse", |f, o| {
            super::whilefuse::run(f, &crate::passes::ScheduleCosts(o));
        }),
        ("ivreduce", |f, o| {
            super::ivreduce::run(f, &crate::passes::ScheduleCosts(o));
        }),
        ("rotate", |f, _| {
            super::rotate::run(f);
        }),
        ("narrow", |f, _| {
            super::narrow::run(f);
        }),
    ];
    for (name, pass) in passes {
        pass(&mut f, &opts);
        let errs = verify::verify(&f);
        assert!(errs.is_empty(), "after {name}: {errs:?}");
    }
    let after = float_ops(&f);
    // The inner loop of 4 is unrolled into its parent: 4 copies of its 4 float ops, and
    // the fptosi after it.
    assert_eq!(after.len(), 17, "{:?}", after.iter().map(|&o| &f.op(o).kind).collect::<Vec<_>>());
    for &o in &after {
        let op = f.op(o);
        let width_ok = match op.kind {
            OpKind::FBin { fmt, .. } | OpKind::FCmp(_, fmt) => {
                fmt == FloatFormat::F32 && op.operands.iter().all(|&v| f.width(v) == 32)
            }
            OpKind::FConv { from, to } => from.width() == 32 && to.width() == 32,
            _ => false,
        };
        assert!(width_ok, "{:?} changed format or width", op.kind);
    }
    let konst = f.constants();
    let adds_of_zero = after
        .iter()
        .filter(|&&o| {
            let op = f.op(o);
            matches!(op.kind, OpKind::FBin { op: crate::ir::FBinOp::Add, .. })
                && op.operands.iter().any(|v| konst.get(v) == Some(&0))
        })
        .count();
    assert!(adds_of_zero >= 4, "x + 0.0 must not be folded to x");
}

#[test]
fn lowering_gives_float_ops_their_formats() {
    use crate::float::FCmpPred;
    use crate::ir::{FUnOp, Num};
    let f = crate::ir::lower_first(
        "func.func @c(%x: f32, %h: f16, %n: i16, %b: bf16) -> (f64, i32, f16, i32, i1, bf16, f32) {
  %k = arith.constant 0x7FC00001 : f32
  %m = arith.constant -0.0 : f16
  %e = arith.extf %x : f32 to f64
  %i = arith.fptoui %x : f32 to i32
  %s = arith.sitofp %n : i16 to f16
  %q = arith.addf %s, %m fastmath<fast> : f16
  %bits = arith.bitcast %k : f32 to i32
  %c = arith.cmpf une, %x, %k : f32
  %a = math.absf %b : bf16
  %r = math.fma %x, %k, %x : f32
  return %e, %i, %q, %bits, %c, %a, %r : f64, i32, f16, i32, i1, bf16, f32
}
",
    );
    assert!(verify::verify(&f).is_empty(), "{:?}", verify::verify(&f));
    let konst = f.constants();
    let kinds: Vec<&OpKind> = float_ops(&f).into_iter().map(|o| &f.op(o).kind).collect();
    let f32_ = FloatFormat::F32;
    assert_eq!(
        kinds,
        [
            &OpKind::FConv { from: Num::Float(f32_), to: Num::Float(FloatFormat::F64) },
            &OpKind::FConv { from: Num::Float(f32_), to: Num::UInt(32) },
            &OpKind::FConv { from: Num::SInt(16), to: Num::Float(FloatFormat::F16) },
            &OpKind::FBin { op: crate::ir::FBinOp::Add, fmt: FloatFormat::F16, reassoc: true },
            &OpKind::FCmp(FCmpPred::Une, f32_),
            &OpKind::FUn(FUnOp::Abs, FloatFormat::BF16),
            &OpKind::Fma { fmt: f32_, reassoc: false },
        ]
    );
    // The bitcast is the constant's bits themselves: the NaN payload and -0.0 survive.
    assert_eq!(konst.get(&f.rets[3]), Some(&0x7FC0_0001));
    assert!(konst.values().any(|&c| c == 0x8000) && f.width(f.rets[2]) == 16);
}
