//! Unit tests of the reader, one per syntax feature.

use crate::ast::*;
use crate::{parse, SourceFile};

fn ok(text: &str) -> File {
    let src = SourceFile::new("t.mlir", text);
    parse(&src).unwrap_or_else(|d| panic!("{}", d.render(&src)))
}

/// The rendered error (`t.mlir:L:C: error: ...`).
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

fn int_attr(op: &Operation, name: &str) -> i128 {
    match op.attr(name) {
        Some(Attr::Int(v, _)) => v.to_i128().unwrap(),
        other => panic!("{name}: {other:?}"),
    }
}

#[test]
fn hw_module_header_and_graph_region() {
    let f = ok("hw.module @c(in %clk : !seq.clock, in %a : i8, out y : i8) {\n  %n = comb.add %r, %a : i8\n  %r = seq.compreg %n, %clk : i8\n  hw.output %r : i8\n}\n");
    let m = &f.ops[0];
    assert_eq!(&*m.name, "hw.module");
    assert_eq!(m.attr("sym_name"), Some(&Attr::String("c".into())));
    let Some(Attr::Type(Type::Complex(c))) = m.attr("module_type") else { panic!() };
    let ComplexType::HwModule(ports) = &**c else { panic!() };
    assert_eq!(ports.len(), 3);
    assert_eq!(ports[2].dir, PortDir::Output);
    let blk = &m.regions()[0].blocks[0];
    assert_eq!(blk.args.len(), 2);
    assert_eq!(f.ty(blk.args[0]), &Type::Clock);
    let ops = body(&f);
    assert_eq!(ops[0].operands[0].value, ops[1].results[0]);
    let segs = ops[1].attr("operandSegmentSizes");
    assert_eq!(segs, Some(&Attr::DenseArray(Type::int(32), [1, 1, 0, 0, 0].map(BigInt::from_i128).to_vec())));
}

#[test]
fn old_style_hw_module_and_instance() {
    let f = ok("hw.module @child(%a: i4) -> (y: i4) { hw.output %a : i4 }\nhw.module @top(in %x : i4, out y : i4) {\n  %y = hw.instance \"u0\" sym @s @child(a: %x : i4) -> (y: i4)\n  hw.output %y : i4\n}");
    let inst = &f.ops[1].regions()[0].blocks[0].ops[0];
    assert_eq!(inst.attr("instanceName"), Some(&Attr::String("u0".into())));
    assert_eq!(inst.attr("moduleName"), Some(&Attr::SymbolRef(vec!["child".into()])));
    assert_eq!(inst.attr("argNames"), Some(&Attr::Array(vec![Attr::String("a".into())])));
    assert_eq!(inst.results.len(), 1);
}

#[test]
fn func_and_return() {
    let f = ok("func.func @f(%a: i8, %b: i1) -> (i8, i1) {\n  return %a, %b : i8, i1\n}\nfunc @g() {\n  return\n}\nfunc.func private @decl(i32) -> i32");
    assert_eq!(&*f.ops[1].name, "func.func");
    let Some(Attr::Type(Type::Complex(c))) = f.ops[0].attr("function_type") else { panic!() };
    assert!(
        matches!(&**c, ComplexType::Function { inputs, results } if inputs.len() == 2 && results.len() == 2)
    );
    assert_eq!(&*body(&f)[0].name, "func.return");
    assert_eq!(f.value(f.ops[0].regions()[0].blocks[0].args[1]).name.as_ref(), "b");
    assert!(f.ops[2].regions().is_empty());
}

#[test]
fn constants() {
    let f = ok("hw.module @m() {\n %a = hw.constant 42 : i12\n %b = hw.constant true\n %c = hw.constant -1 : i8\n %d = arith.constant false\n %e = constant 3 : i32\n %f = hw.constant 0xFF : i8\n %g = arith.constant 1.5 : f32\n hw.output\n}");
    let ops = body(&f);
    assert_eq!(int_attr(&ops[0], "value"), 42);
    assert_eq!(ops[1].attr("value"), Some(&Attr::Int(BigInt::from_i128(1), Type::int(1))));
    assert_eq!(int_attr(&ops[2], "value"), -1);
    assert_eq!(f.ty(ops[3].results[0]), &Type::int(1));
    assert_eq!(f.ty(ops[4].results[0]), &Type::int(32));
    assert_eq!(int_attr(&ops[5], "value"), 255);
    assert!(matches!(ops[6].attr("value"), Some(Attr::Float(v)) if v.to_f64() == 1.5));
    assert!(err("hw.module @m() {\n %a = hw.constant 256 : i8\n}")
        .contains("t.mlir:2:19: error: integer literal 256 does not fit in i8"));
}

#[test]
fn comb_custom_forms() {
    let f = ok(r#"hw.module @m(in %a : i16, in %b : i16, in %c : i1, in %d : i1) {
  %0 = comb.add bin %a, %b, %a : i16
  %1 = comb.icmp bin slt %a, %b : i16
  %2 = comb.extract %a from 4 : (i16) -> i8
  %3 = comb.concat %2, %2 : i8, i8
  %4 = comb.replicate %2 : (i8) -> i16
  %5 = comb.mux %c, %a, %b : i16
  %6 = comb.truth_table %c, %d -> 6 : ui4
  %7 = comb.truth_table %c, %d -> [false, true, true, false]
  %8 = comb.parity %a : i16
  %9 = comb.lut %2, %2 {coefficients = array<i8: 1, 2>, lookupTable = array<i8: 0, 3>} : (i8, i8) -> i8
  %10 = comb.sub %a, %b : i16
  hw.output
}"#);
    let ops = body(&f);
    assert_eq!(ops[0].operands.len(), 3);
    assert_eq!(ops[0].attr("twoState"), Some(&Attr::Unit));
    assert_eq!(int_attr(&ops[1], "predicate"), 2);
    assert_eq!(int_attr(&ops[2], "lowBit"), 4);
    assert_eq!(f.ty(ops[3].results[0]), &Type::int(16));
    assert_eq!(f.ty(ops[5].operands[0].value), &Type::int(1));
    assert!(matches!(
        ops[6].attr("lookupTable"),
        Some(Attr::Int(_, Type::Int { width: 4, signedness: Signedness::Unsigned }))
    ));
    assert!(matches!(ops[7].attr("lookupTable"), Some(Attr::Array(v)) if v.len() == 4));
    assert_eq!(f.ty(ops[8].results[0]), &Type::int(1));
    assert!(matches!(ops[9].attr("coefficients"), Some(Attr::DenseArray(_, v)) if v.len() == 2));
}

#[test]
fn seq_forms() {
    let f = ok("hw.module @m(in %clk : !seq.clock, in %d : i8, in %r : i1, in %en : i1) {\n  %c0 = hw.constant 0 : i8\n  %q = seq.compreg sym @q %d, %clk reset %r, %c0 : i8\n  %p = seq.compreg.ce %d, %clk, %en reset %r, %c0 {name = \"pp\"} : i8\n  %x = seq.from_clock %clk\n  %k = seq.to_clock %x\n  hw.output\n}");
    let ops = body(&f);
    assert_eq!(ops[1].operands.len(), 4);
    assert!(matches!(ops[2].attr("operandSegmentSizes"), Some(Attr::DenseArray(_, v)) if v.len() == 6));
    assert_eq!(ops[2].attr("name"), Some(&Attr::String("pp".into())));
    assert_eq!(f.ty(ops[4].results[0]), &Type::Clock);
}

#[test]
fn generic_form_multi_results_regions_and_locs() {
    let f = ok(r#"#loc = loc("a.mlir":3:4)
!t = i8
"builtin.module"() ({
  %r:2 = "foo.pair"() : () -> (!t, i1) loc(#loc)
  %s = "foo.use"(%r#1, %r#0) <{p = 1 : i32}> {a = [1, "x", @s::@t, unit, {k}, affine_map<(d0) -> (d0 + 1)>, dense<[1, 2]> : tensor<2xi32>, #hw<innerSym@x>]} : (i1, i8) -> i8 loc(unknown)
  "foo.region"() ({
  ^bb0(%x: i8 loc("b":1:1)):
    "foo.br"()[^bb1] : () -> ()
  ^bb1:
    "foo.yield"(%x) : (i8) -> ()
  }) : () -> ()
}) : () -> ()
{-# dialect_resources: { x: "0x0" } #-}
"#);
    let ops = body(&f);
    assert_eq!(f.value(ops[0].results[1]).name.as_ref(), "r#1");
    assert_eq!(ops[0].loc(), Some(&Location::FileLineCol { file: "a.mlir".into(), line: 3, col: 4 }));
    assert_eq!(ops[1].operands[0].value, ops[0].results[1]);
    assert!(ops[1].generic);
    assert_eq!(ops[2].regions()[0].blocks.len(), 2);
    assert_eq!(ops[2].regions()[0].blocks[0].ops[0].successors()[0].as_ref(), "bb1");
}

#[test]
fn module_wrappers_and_aliases() {
    let f = ok("#set = affine_set<(d0) : (d0 - 1 >= 0)>\nmodule attributes {a.b = 1} {\n  func.func @f(%m: memref<8x?xi32>, %v: vector<4xi32>) { return }\n}\nbuiltin.module @x {}\n");
    assert_eq!(&*f.ops[0].name, "builtin.module");
    let fty = &f.ty(f.ops[0].regions()[0].blocks[0].ops[0].regions()[0].blocks[0].args[0]);
    assert!(
        matches!(fty, Type::Complex(c) if matches!(&**c, ComplexType::MemRef { shape, .. } if shape == &vec![Some(8), None]))
    );
    assert!(f.ops[1].regions()[0].blocks.is_empty());
}

/// A zero-sized dimension (`0xi32`, as mlir-opt accepts it) is a dimension, not a broken
/// hexadecimal literal.
#[test]
fn zero_sized_memref_dimensions() {
    for (text, want) in [("memref<0xi32>", vec![Some(0)]), ("memref<0x4xi8>", vec![Some(0), Some(4)])] {
        let f = ok(&format!("func.func @f(%m: {text}) {{ return }}"));
        let ty = f.ty(f.ops[0].regions()[0].blocks[0].args[0]);
        assert!(
            matches!(&ty, Type::Complex(c) if matches!(&**c, ComplexType::MemRef { shape, .. } if shape == &want)),
            "{text}: {ty:?}"
        );
    }
    assert!(err("func.func @f(%m: memref 4xi32) { return }").contains("1:25: error: expected '<'"));
}

#[test]
fn errors_point_at_the_source() {
    assert!(err("func.func @f(%a: i8) -> i8 {\n  return %b : i8\n}")
        .contains("2:10: error: use of undefined value '%b'"));
    assert!(err("hw.module @m() {\n  %a = hw.constant 1 : i8\n  %a = hw.constant 2 : i8\n}")
        .contains("3:3: error: value '%a' is defined twice"));
    assert!(err("hw.module @m() {\n  %a = comb.foo %x : i8\n}").contains("2:8: error: unknown op 'comb.foo'"));
    assert!(err("hw.module @m(in %a : i99999999) {}")
        .contains("1:22: error: integer width must be between 0 and"));
    assert!(err("hw.module @m(in %a : i99999999) {}").contains("integer width"));
    assert!(err("hw.module @m(in %a : i8) {\n  hw.output\n")
        .contains("error: unexpected end of file, expected '}'"));
    assert!(err("hw.module @m(in %a : i8, in %b : i4) {\n  %x = comb.add %a, %b : i8\n}")
        .contains("2:21: error: use of value '%b' expects different type"));
    assert!(err("\"a.b\"(%x) : () -> ()").contains("expected 1 operand types but had 0"));
    assert!(err("%a, %b = \"a.b\"() : () -> i8").contains("defines 1 results but was provided 2"));
    assert!(err("hw.module @m() { %a = comb.icmp foo %a, %a : i8 }").contains("unknown icmp predicate 'foo'"));
    assert!(err("hw.module @m() { %a = \"x }").contains("unterminated string"));
    assert!(err("hw.module @m() { %a = hw.constant 0xZZ : i8 }").contains("invalid hexadecimal literal"));
    assert!(err("func.func @f() { affine.for %i = 0 to 3 step 0 { } return }")
        .contains("1:46: error: the step of 'affine.for' must be a positive integer"));
    assert!(err("hw.module @m() { %a = hw.constant 1 : foo }").contains("unknown type 'foo'"));
    assert!(err("hw.module @m() { %a = hw.constant 1 i8 }").contains("expected ':'"));
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let deep = format!("\"a.b\"() {{x = {}1{}}} : () -> ()", "[".repeat(5000), "]".repeat(5000));
    assert!(err(&deep).contains("nesting deeper than"));
    let regions = "\"a.b\"() ({".repeat(3000);
    assert!(err(&regions).contains("nesting deeper than"));
    let types = format!("\"a.b\"() {{x = {}i8}} : () -> ()", "(i8) -> ".repeat(3000));
    assert!(!err(&types).is_empty());
}

#[test]
fn deep_but_legal_nesting_parses_and_drops() {
    let n = 990;
    let mut text = "\"a.b\"() ({".repeat(n);
    text.push_str(&"}) : () -> ()".repeat(n));
    let src = SourceFile::new("t", text);
    let f = parse(&src).unwrap_or_else(|d| panic!("{}", d.render(&src)));
    drop(f);
}

#[test]
fn operation_stays_small() {
    // A million-op module holds a million of these: keep it within 96 bytes.
    assert!(std::mem::size_of::<Operation>() <= 96, "{}", std::mem::size_of::<Operation>());
}
