//! Unit tests of the HLS custom forms: the shapes later stages rely on, and bad input
//! giving located errors (line:column of the offending token) rather than panics.

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

fn func(body: &str) -> String {
    format!("func.func @f(%A: memref<8xi32>, %n: index, %x: i32) {{\n{body}\n  return\n}}\n")
}

fn body(f: &File) -> &[Operation] {
    &f.ops[0].regions()[0].blocks[0].ops
}

#[test]
fn affine_for_properties() {
    let f = ok(&func("  affine.for %i = -2 to min affine_map<(d0)[s0] -> (d0, s0 + 1)>(%n)[%n] step 3 {\n  } {hls.unroll = 4 : i64}"));
    let op = &body(&f)[0];
    assert_eq!(&*op.name, "affine.for");
    assert_eq!(op.attr("lowerBoundMap"), Some(&Attr::AffineMap("() -> (-2)".into())));
    assert_eq!(op.attr("upperBoundMap"), Some(&Attr::AffineMap("(d0)[s0] -> (d0, s0 + 1)".into())));
    assert!(matches!(op.attr("step"), Some(Attr::Int(v, Type::Index)) if v.to_i128() == Some(3)));
    assert_eq!(op.attributes().len(), 1);
    assert_eq!(op.attributes()[0].name, "hls.unroll");
    assert_eq!(op.operands.len(), 2);
    let blk = &op.regions()[0].blocks[0];
    assert_eq!(blk.args.len(), 1);
    assert_eq!(&*blk.ops[0].name, "affine.yield");
}

#[test]
fn seed_spellings_are_normalized() {
    let f = ok("func @f(%a: i32, %m: memref<4xi32>, %i: index) -> i1 {\n  %c = constant 3 : i32\n  %s = addi %a, %c : i32\n  %d = divi_signed %s, %c : i32\n  %b = cmpi \"slt\", %d, %a : i32\n  %v = load %m[%i] : memref<4xi32>\n  store %v, %m[%i] : memref<4xi32>\n  %j = index_cast %i : index to i32\n  return %b : i1\n}\n");
    let names: Vec<String> = body(&f).iter().map(|o| o.name.to_string()).collect();
    assert_eq!(
        names,
        [
            "arith.constant",
            "arith.addi",
            "arith.divsi",
            "arith.cmpi",
            "memref.load",
            "memref.store",
            "arith.index_cast",
            "func.return"
        ]
    );
    assert!(matches!(body(&f)[3].attr("predicate"), Some(Attr::Int(v, _)) if v.to_i128() == Some(2)));
}

#[test]
fn bad_input_is_located() {
    let mut bad = Vec::new();
    for (body, want) in [
        ("  %v = affine.load %A[%n + ] : memref<8xi32>", "2:28: error: expected an affine expression"),
        ("  %v = affine.load %A[%n * %n] : memref<8xi32>", "2:26: error: non-affine expression"),
        ("  %v = affine.load %A[%n floordiv 0] : memref<8xi32>", "2:26: error: division by zero"),
        ("  %v = affine.load %A[%n : memref<8xi32>", "2:26: error: expected ',' or a closing bracket"),
        ("  %v = affine.load %A[%q] : memref<8xi32>", "2:23: error: use of undefined value '%q'"),
        ("  %v = affine.load %A[%n] : i32", "2:29: error: 'affine.load' needs a memref type"),
        ("  affine.for %i = 0 to affine_map<(d0) -> (d0, 4)>(%n) {\n  }", "2:24: error: a loop bound map with several results needs the 'min' prefix"),
        ("  affine.for %i = 0 upto 4 {\n  }", "2:21: error: expected 'to'"),
        ("  affine.for %i = 0 to #nope(%n) {\n  }", "2:24: error: undefined attribute alias '#nope'"),
        ("  affine.for %i = 0 to affine_map<(d0) -> (d0 +)>(%n) {\n  }", "2:48: error: expected an affine expression"),
        ("  affine.for %i = 0 to affine_map<(d0) -> (d0)>(%n, %n) {\n  }", "2:48: error: the affine_map<(d0) -> (d0)> takes 1 dimension"),
        ("  affine.if affine_set<(d0) : (d0 > 0)>(%n) {\n  }", "2:35: error: expected '>=', '<=' or '=='"),
        ("  %y = arith.addi %x, %x : i64", "2:19: error: use of value '%x' expects different type"),
        ("  %y = arith.cmpi less, %x, %x : i32", "2:19: error: unknown arith.cmpi predicate 'less'"),
        ("  %y = arith.frobnicate %x : i32", "2:8: error: unknown op 'arith.frobnicate'"),
        ("  %y = arith.addi %x, %x overflow<wrap> : i32", "2:26: error: unknown overflow flag 'wrap'"),
        ("  %m = memref.alloc() : memref<?xi32>", "2:20: error: 'memref.alloc' of 'memref<?xi32>' needs 1 dynamic sizes, got 0"),
        ("  memref.store %x, %A[%n, %n] : memref<8xi32>", "2:33: error: 'memref.store' of a 1-dimensional memref needs 1 indices, got 2"),
        ("  %r = func.call f(%x) : (i32) -> i32", "2:18: error: expected callee '@name'"),
        ("  cf.br bb1", "2:9: error: expected block label '^name'"),
        ("  linalg.matmul ins(%A : memref<8xi32>) outs(%A : memref<8xi32>)", "2:17: error: 'linalg.matmul' takes 2 inputs and 1 output, got 1 and 1"),
        ("  linalg.generic {iterator_types = [\"parallel\"]} ins(%A : memref<8xi32>) outs(%A : memref<8xi32>) {\n  ^bb0(%a: i32, %b: i32):\n    linalg.yield %a : i32\n  }", "2:3: error: 'linalg.generic' needs indexing_maps and iterator_types"),
        ("  scf.for %i = %n to %n {\n  }", "2:25: error: expected 'step'"),
        ("  %r = scf.if %x {\n  }", "2:15: error: use of value '%x' expects different type"),
    ] {
        let got = err(&func(body));
        if !got.contains(want) {
            bad.push(format!("{body}\nwant: {want}\ngot:  {got}"));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn truncated_hls_input_never_panics() {
    let text = func("  %s = affine.for %i = max affine_map<(d0) -> (d0, 0)>(%n) to 8 step 2 iter_args(%a = %x) -> (i32) {\n    %v = affine.load %A[%i floordiv 2 + symbol(%n) mod 3] : memref<8xi32>\n    %w = arith.addi %a, %v overflow<nsw> : i32\n    affine.if affine_set<(d0)[s0] : (d0 - s0 >= 0)>(%i)[%n] {\n      affine.store %w, %A[-%i + 7] : memref<8xi32>\n    } else {\n    }\n    affine.yield %w : i32\n  }\n  %c = arith.cmpi \"slt\", %s, %x : i32\n  linalg.fill ins(%x : i32) outs(%A : memref<8xi32>)");
    ok(&text);
    for cut in 0..text.len() {
        let src = SourceFile::new("t.mlir", &text[..cut]);
        let _ = parse(&src);
    }
}

#[test]
fn seed_memref_types_with_spaces() {
    let inputs = |text: &str| -> Vec<Type> {
        let f = ok(text);
        let Some(Attr::Type(Type::Complex(c))) = f.ops[0].attr("function_type") else { panic!("{text}") };
        let ComplexType::Function { inputs, .. } = &**c else { panic!("{text}") };
        inputs.clone()
    };
    let spaced = inputs("func @f(%m: memref<128 x i32>, %t: memref<4 x ? x i8>, %i: index) {\n  %v = load %m[%i] : memref<128 x i32>\n  return\n}\n");
    let today = inputs("func.func private @g(memref<128xi32>, memref<4x?xi8>, index)");
    assert_eq!(spaced, today);
}

#[test]
fn maps_read_back_from_the_tree() {
    use crate::affine::{AffineMap, IntegerSet};
    let f = ok(&func("  affine.for %i = 0 to %n {\n    affine.if affine_set<(d0) : (d0 - 2 >= 0)>(%i) {\n      %v = affine.load %A[%i floordiv 2 + symbol(%n)] : memref<8xi32>\n    }\n  }"));
    let for_op = &body(&f)[0];
    let ub = AffineMap::from_attr(for_op.attr("upperBoundMap").unwrap()).unwrap().unwrap();
    assert_eq!(ub.eval(&[], &[7]), vec![7]);
    assert_eq!(AffineMap::from_attr(for_op.attr("step").unwrap()), None);
    let if_op = &for_op.regions()[0].blocks[0].ops[0];
    let set = IntegerSet::from_attr(if_op.attr("condition").unwrap()).unwrap().unwrap();
    assert!(set.contains(&[2], &[]) && !set.contains(&[1], &[]));
    let load = &if_op.regions()[0].blocks[0].ops[0];
    let map = AffineMap::from_attr(load.attr("map").unwrap()).unwrap().unwrap();
    assert_eq!((map.num_dims, map.num_syms), (1, 1));
    assert_eq!(map.eval(&[5], &[3]), vec![5]);
    assert_eq!(load.operands.len(), 3);
}
