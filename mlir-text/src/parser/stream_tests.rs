//! Tests of the streaming parse: a sink that records what it is handed must see exactly
//! the ops that [`crate::parse`] puts in the tree, whichever path (the fast path of
//! [`super::simple`] or the general one) read each op. Values are compared by name and type
//! (lean values have no id).

use super::{parse_streaming, OpSink, SimpleAttr, SimpleOp, SimpleValue};
use crate::ast::{Attr, BigInt, File, NamedAttr, Operation, Type, ValueId};
use crate::source::Span;
use crate::{parse, SourceFile};

/// An op with its values by name.
#[derive(Debug, PartialEq)]
struct Desc {
    name: String,
    results: Vec<(String, Type)>,
    operands: Vec<(String, Type, Span)>,
    span: Span,
    name_span: Span,
    props: Vec<NamedAttr>,
    attrs: Vec<NamedAttr>,
}

fn desc(op: &Operation, file: &File) -> Desc {
    let v = |id: ValueId| (file.value(id).name.to_string(), file.ty(id).clone());
    Desc {
        name: op.name.to_string(),
        results: op.results.iter().map(|&r| v(r)).collect(),
        operands: op.operands.iter().map(|o| (v(o.value).0, v(o.value).1, o.span)).collect(),
        span: op.span,
        name_span: op.name_span,
        props: op.properties().to_vec(),
        attrs: op.attributes().to_vec(),
    }
}

/// Records every body op; `lean` holds the name of each lean value, by payload.
#[derive(Default)]
struct Record {
    ops: Vec<Desc>,
    lean: Vec<String>,
    simple: usize,
}

impl OpSink for Record {
    fn begin_body(&mut self, _: &Operation, _: &[ValueId], _: &File) -> bool {
        true
    }
    fn op(&mut self, op: Operation, file: &File) -> bool {
        self.ops.push(desc(&op, file));
        true
    }
    fn simple_op(&mut self, op: &SimpleOp<'_>, file: &File) -> Option<u32> {
        let mut props = Vec::new();
        if let Some(span) = op.two_state {
            props.push(NamedAttr { name: "twoState".into(), value: Attr::Unit, span });
        }
        if let Some((a, span)) = op.attr {
            let int = |v: u32, w| Attr::Int(BigInt::from_i128(v as i128), Type::int(w));
            let (name, value) = match a {
                SimpleAttr::Predicate(p) => ("predicate", int(p, 64)),
                SimpleAttr::LowBit(l) => ("lowBit", int(l, 32)),
                SimpleAttr::Value(v) => ("value", Attr::Int(v.clone(), op.result_type.clone())),
            };
            props.push(NamedAttr { name: name.into(), value, span });
        }
        let operands = op
            .operands
            .iter()
            .map(|u| {
                let name = match u.value {
                    SimpleValue::Lean(p) => self.lean[p as usize].clone(),
                    SimpleValue::Value(v) => file.value(v).name.to_string(),
                };
                (name, u.ty.clone(), u.span)
            })
            .collect();
        self.ops.push(Desc {
            name: op.kind.name().to_string(),
            results: vec![(op.result.to_string(), op.result_type.clone())],
            operands,
            span: op.span,
            name_span: op.name_span,
            props,
            attrs: Vec::new(),
        });
        self.simple += 1;
        self.lean.push(op.result.to_string());
        Some(self.lean.len() as u32 - 1)
    }
    fn end_body(&mut self, _: &File) -> bool {
        true
    }
}

/// Streams `text` and checks it against the op tree; returns how many ops took the fast
/// path.
fn same_as_tree(text: &str) -> usize {
    let src = SourceFile::new("t.mlir", text);
    let tree = parse(&src).unwrap_or_else(|d| panic!("{}", d.render(&src)));
    let mut rec = Record::default();
    parse_streaming(&src, &mut rec).expect("streaming parse");
    let body: Vec<Desc> = tree
        .ops
        .iter()
        .filter(|o| &*o.name == "hw.module")
        .flat_map(|o| o.regions()[0].blocks.iter().flat_map(|b| &b.ops))
        .map(|o| desc(o, &tree))
        .collect();
    assert_eq!(rec.ops.len(), body.len(), "op count of:\n{text}");
    for (a, b) in rec.ops.iter().zip(&body) {
        assert_eq!(a, b, "in:\n{text}");
    }
    rec.simple
}

#[test]
fn fast_path_builds_what_the_general_path_builds() {
    let text = "hw.module @m(in %a : i8, in %b : i8, in %c : i1, in %s : si8, out y : i8) {
  %0 = comb.add %a, %b : i8
  %x = comb.and bin %0, %b, %a : i8
  %p = comb.parity %x : i8
  %q = comb.parity bin %x : i8
  %e = comb.icmp eq %a, %b : i8
  %f = comb.icmp bin ult %a, %b : i8
  %m = comb.mux %c, %a, %b : i8
  %n = comb.mux bin %c, %a, %b : i8
  %k = comb.concat %a, %b, %c : i8, i8, i1
  %l = comb.extract %k from 3 : (i17) -> i8
  %r = comb.replicate %c : (i1) -> i8
  %k1 = hw.constant 5 : i8
  %k2 = hw.constant -1 : i8
  %k3 = hw.constant 0x7f : i8
  %t = hw.constant true
  %u = hw.constant false
  %v = comb.sub %s, %s : si8
  %w = comb.inv %fwd : i8
  %fwd = comb.xor %w, %a : i8
  hw.output %fwd : i8
}
";
    // All but the hex constant (the fast path reads decimal only), the use of `%fwd` before
    // its definition and that definition (the general path keeps forward references).
    assert_eq!(same_as_tree(text), 16);
}

#[test]
fn other_forms_take_the_general_path() {
    let text = "hw.module @m(in %a : i8, in %b : i8, in %clk : !seq.clock, in %c1 : i1, out y : i8) {
  %0 = comb.add %a, %b {sv.namehint = \"n\"} : i8
  %1 = comb.add %a, %b : i8 loc(unknown)
  %2 = comb.icmp ult bin %a, %b : i8
  %3 = comb.extract %a from 1 : (i8) -> (i4)
  %4 = hw.constant 3 {x} : i8
  %5 = hw.constant 3 : i8 {x}
  %6 = \"comb.add\"(%a, %b) : (i8, i8) -> i8
  %r = seq.compreg %0, %clk : i8
  %7:2 = \"foo.bar\"() : () -> (i8, i8)
  %8 = comb.add %7#1, %a : i8
  %9 = arith.constant 3 : i8
  %10 = comb.truth_table %c1, %c1 -> 6 : ui4
  hw.output %8 : i8
}
";
    assert_eq!(same_as_tree(text), 1);
}

#[test]
fn lean_values_used_by_general_ops() {
    let text = "hw.module @m(in %a : i8, in %clk : !seq.clock, out y : i8, out z : i8) {
  %x = comb.add %a, %a : i8
  %a_rather_long_name = comb.xor %x, %a : i8
  %r = seq.compreg %a_rather_long_name, %clk : i8
  %s = comb.or %x, %r : i8
  %t = comb.and %x, %a_rather_long_name {sv.namehint = \"t\"} : i8
  %u = comb.sub %t, %a_rather_long_name : i8
  hw.output %u, %x : i8, i8
}
";
    assert_eq!(same_as_tree(text), 4);
}

#[test]
fn errors_stop_the_streaming_parse() {
    for text in [
        "hw.module @m(in %a : i8) { %x = comb.add %a, %a : i4 }",
        "hw.module @m(in %a : i8) { %a = comb.add %a, %a : i8 }",
        "hw.module @m(in %a : i8) { %x = comb.add %a, %y : i8 }",
        "hw.module @m(in %a : i8) { %x = hw.constant 300 : i8 }",
        "hw.module @m(in %a : i8) { %x = comb.concat %a : i8, i8 }",
        "hw.module @m(in %a : i8) { %x = comb.add %a, %a : i8 %y }",
        "hw.module @m(in %a : i8) { %x = comb.add %a, %a : i8\n %x = comb.add %a, %a : i8 }",
        "hw.module @m(in %a : i8) { %long_name_x = comb.add %a, %a : i8\n %long_name_x = comb.add %a, %a : i8 }",
        "hw.module @m(in %a : i8) { %x = comb.add %a, %a : i8\n %y = comb.add %x#1, %a : i8 }",
        "hw.module @m(in %a : i8) { %x = comb.add %a, %a : i8\n %y = comb.add %x, %a : i4 }",
        "hw.module @m(in %a : i8) { %x = comb.add %a, %a : i8\n %y = comb.add %x, %a {a} : i4 }",
    ] {
        let src = SourceFile::new("t.mlir", text);
        assert!(parse(&src).is_err(), "{text}");
        assert!(parse_streaming(&src, &mut Record::default()).is_none(), "{text}");
    }
}

#[test]
fn hls_ops_take_the_general_path() {
    // HLS ops in a module body go to the sink as whole ops (none is "simple"); a function
    // with HLS ops stays in the returned tree, whole.
    let text = "hw.module @m(in %a : i8, in %b : i8, out y : i8) {
  %0 = arith.addi %a, %b : i8
  %1 = arith.cmpi slt, %0, %b : i8
  %2 = arith.select %1, %0, %a : i8
  hw.output %2 : i8
}
func.func @f(%A: memref<4xi8>) {
  affine.for %i = 0 to 4 {
    %v = affine.load %A[%i] : memref<4xi8>
    affine.store %v, %A[3 - %i] : memref<4xi8>
  }
  return
}
";
    assert_eq!(same_as_tree(text), 0);
    let src = SourceFile::new("t.mlir", text);
    let mut rec = Record::default();
    let file = parse_streaming(&src, &mut rec).expect("streaming parse");
    let f = file.ops.iter().find(|o| &*o.name == "func.func").expect("the function");
    let body = &f.regions()[0].blocks[0].ops;
    assert_eq!(&*body[0].name, "affine.for");
    let names: Vec<String> = body[0].regions()[0].blocks[0].ops.iter().map(|o| o.name.to_string()).collect();
    assert_eq!(names, ["affine.load", "affine.store", "affine.yield"]);
}
