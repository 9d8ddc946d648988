//! Unit tests of float input: constants in every form mlir-opt prints and accepts (decimal,
//! exponent, hexadecimal bit patterns, negative zero), the float ops of arith and math in
//! today's and the seed's spellings, and the float types HLS rejects.

use crate::ast::*;
use crate::{parse, SourceFile};

fn ok(text: &str) -> File {
    let src = SourceFile::new("t.mlir", text);
    parse(&src).unwrap_or_else(|d| panic!("{}", d.render(&src)))
}

fn err(text: &str) -> String {
    let src = SourceFile::new("t.mlir", text);
    match parse(&src) {
        Ok(_) => panic!("expected an error for:\n{text}"),
        Err(d) => d.render(&src),
    }
}

fn body(f: &File) -> &[Operation] {
    &f.ops[0].regions()[0].blocks[0].ops
}

/// The bits and type of constant `i` of the function.
fn lit(f: &File, i: usize) -> (u64, FloatKind) {
    match body(f)[i].attr("value") {
        Some(Attr::Float(l)) => (l.bits, l.kind),
        other => panic!("op {i}: expected a float value, got {other:?}"),
    }
}

#[test]
fn constants_keep_their_bit_patterns() {
    let f = ok("func.func @f() {
  %a = arith.constant 0x7FC00001 : f32
  %b = arith.constant 0x7C00 : f16
  %c = arith.constant 0x3F80 : bf16
  %d = arith.constant -0.0 : f64
  %e = arith.constant 1.5e-3 : f32
  %g = arith.constant 1.0E+10 : f32
  %h = arith.constant 16777217.0 : f32
  %i = arith.constant 3.4e39 : f32
  %j = arith.constant 1. : f16
  %k = \"arith.constant\"() <{value = 0xFFF0000000000001 : f64}> : () -> f64
  %l = constant 0.1 : bf16
  return
}
");
    assert_eq!(lit(&f, 0), (0x7FC0_0001, FloatKind::F32), "a NaN payload survives");
    assert_eq!(lit(&f, 1), (0x7C00, FloatKind::F16));
    assert_eq!(lit(&f, 2), (0x3F80, FloatKind::BF16));
    assert_eq!(lit(&f, 3), (0x8000_0000_0000_0000, FloatKind::F64));
    assert_eq!(lit(&f, 4).0, 1.5e-3f32.to_bits() as u64);
    assert_eq!(lit(&f, 5).0, 1.0e10f32.to_bits() as u64);
    assert_eq!(lit(&f, 6).0, 0x4B80_0000, "rounds to even as mlir-opt prints it");
    assert_eq!(lit(&f, 7).0, 0x7F80_0000, "overflow gives infinity");
    assert_eq!(lit(&f, 8), (0x3C00, FloatKind::F16));
    assert_eq!(lit(&f, 9).0, 0xFFF0_0000_0000_0001);
    assert_eq!(lit(&f, 10), (0x3DCD, FloatKind::BF16));
    assert_eq!(f.ty(body(&f)[2].results[0]), &Type::Float(FloatKind::BF16));
}

#[test]
fn bad_float_constants_get_located_errors() {
    let e = err("func.func @f() {\n  %a = arith.constant 0x7FC00000 : f16\n  return\n}\n");
    assert!(e.contains("t.mlir:2:23: error: hexadecimal float constant out of range for type 'f16'"), "{e}");
    let e = err("func.func @f() {\n  %a = arith.constant -0x3C00 : f16\n  return\n}\n");
    assert!(
        e.contains("t.mlir:2:23: error: hexadecimal float literal should not have a leading minus"),
        "{e}"
    );
    // mlir-opt: "unexpected decimal integer literal for a floating point value".
    let e = err("func.func @f() {\n  %a = arith.constant 1 : f32\n  return\n}\n");
    assert!(
        e.contains("t.mlir:2:23: error: unexpected decimal integer literal for a floating point value"),
        "{e}"
    );
    assert!(e.contains("add a trailing dot"), "{e}");
    let e = err("func.func @f() {\n  %a = arith.constant 1.5 : i32\n  return\n}\n");
    assert!(e.contains("floating point value not valid for type 'i32'"), "{e}");
}

#[test]
fn unsupported_float_types_are_named() {
    for t in ["f80", "f128", "tf32", "f8E4M3FN"] {
        let e = err(&format!("func.func @f(%a: {t}) {{\n  return\n}}\n"));
        assert!(
            e.contains(&format!(
                "t.mlir:1:18: error: {t} is not supported: HLS supports f16, bf16, f32, f64"
            )),
            "{e}"
        );
    }
}

#[test]
fn float_ops_in_both_spellings() {
    let f = ok("func @f(%a: f32, %b: f32, %c: f32, %i: i32) -> f32 {
  %0 = addf %a, %b : f32
  %1 = mulf %0, %c : f32
  %2 = subf %1, %a : f32
  %3 = divf %2, %b : f32
  %4 = cmpf \"olt\", %3, %a : f32
  %5 = select %4, %3, %a : f32
  %6 = negf %5 : f32
  %7 = absf %6 : f32
  %8 = sqrt %7 : f32
  %9 = sitofp %i : i32 to f32
  %10 = fpext %9 : f32 to f64
  %11 = fptrunc %10 : f64 to f32
  %12 = fptosi %11 : f32 to i32
  %13 = remf %8, %11 : f32
  return %13 : f32
}
");
    let names: Vec<String> = body(&f).iter().map(|o| o.name.to_string()).collect();
    assert_eq!(
        names,
        [
            "arith.addf",
            "arith.mulf",
            "arith.subf",
            "arith.divf",
            "arith.cmpf",
            "arith.select",
            "arith.negf",
            "math.absf",
            "math.sqrt",
            "arith.sitofp",
            "arith.extf",
            "arith.truncf",
            "arith.fptosi",
            "arith.remf",
            "func.return"
        ]
    );
    assert!(matches!(body(&f)[4].attr("predicate"), Some(Attr::Int(v, _)) if v.to_i128() == Some(4)));
    assert_eq!(f.ty(body(&f)[4].results[0]), &Type::int(1));
    assert_eq!(f.ty(body(&f)[12].results[0]), &Type::int(32));
}

#[test]
fn math_and_fastmath_forms() {
    let f = ok("func.func @f(%a: f32, %b: f32, %c: f32, %n: i32) -> f32 {
  %0 = math.fma %a, %b, %c fastmath<reassoc> : f32
  %1 = math.sqrt %0 fastmath<fast> : f32
  %2 = arith.addf %1, %a fastmath<reassoc,contract> : f32
  %3 = arith.maximumf %2, %b : f32
  %4 = arith.minnumf %3, %c : f32
  %5 = math.fpowi %4, %n : f32, i32
  %6 = arith.bitcast %5 : f32 to i32
  %7 = math.exp %5 : f32
  return %7 : f32
}
");
    let ops = body(&f);
    assert_eq!(ops[0].operands.len(), 3);
    let fm = |i: usize| match ops[i].attr("fastmath") {
        Some(Attr::Opaque(t)) => t.clone(),
        other => panic!("{other:?}"),
    };
    assert_eq!(fm(0), "#arith.fastmath<reassoc>");
    assert_eq!(fm(2), "#arith.fastmath<reassoc, contract>");
    assert_eq!(fm(3), "#arith.fastmath<none>");
    assert_eq!(f.ty(ops[5].operands[1].value), &Type::int(32));
    assert_eq!(&*ops[7].name, "math.exp");
}

/// The seed documents' float examples, verbatim: the linalg document's `@fma` (no space
/// before the colon) and the standard dialect's unary ops on f64.
#[test]
fn seed_float_examples_parse() {
    let f = ok("  func @fma(%a: f32, %b: f32, %c: f32) -> f32 {
    %d = mulf %a, %b: f32
    %e = addf %c, %d: f32
    return %e: f32
  }
");
    let names: Vec<String> = body(&f).iter().map(|o| o.name.to_string()).collect();
    assert_eq!(names, ["arith.mulf", "arith.addf", "func.return"]);
    let f = ok("func @u(%b: f64, %g: f64) -> f64 {
  %a = absf %b : f64
  %n = negf %a : f64
  %s = sqrt %n : f64
  %c = copysign %s, %g : f64
  %e = exp %c : f64
  return %e : f64
}
");
    let names: Vec<String> = body(&f).iter().map(|o| o.name.to_string()).collect();
    assert_eq!(names, ["math.absf", "arith.negf", "math.sqrt", "math.copysign", "math.exp", "func.return"]);
}
