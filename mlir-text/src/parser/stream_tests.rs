//! Tests of the streaming parse: a sink that records what it is handed must see exactly
//! the ops and values that [`crate::parse`] puts in the tree, whichever path (the fast path
//! of [`super::simple`] or the general one) read each op.

use super::{parse_streaming, OpSink, SimpleOp};
use crate::ast::{File, Operation, ValueId};
use crate::{parse, SourceFile};

/// Records every body op; counts those that came by the fast path.
#[derive(Default)]
struct Record {
    ops: Vec<Operation>,
    simple: usize,
}

impl OpSink for Record {
    fn begin_body(&mut self, _: &Operation, _: &[ValueId], _: &File) -> bool {
        true
    }
    fn op(&mut self, op: Operation, _: &File) -> bool {
        self.ops.push(op);
        true
    }
    fn simple_op(&mut self, op: &SimpleOp<'_>, file: &File) -> bool {
        self.simple += 1;
        self.ops.push(op.to_operation(file));
        true
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
    let streamed = parse_streaming(&src, &mut rec).expect("streaming parse");
    assert_eq!(streamed.values, tree.values, "values of:\n{text}");
    let body: Vec<&Operation> = tree
        .ops
        .iter()
        .filter(|o| &*o.name == "hw.module")
        .flat_map(|o| o.regions()[0].blocks.iter().flat_map(|b| &b.ops))
        .collect();
    assert_eq!(rec.ops.len(), body.len(), "op count of:\n{text}");
    for (a, b) in rec.ops.iter().zip(body) {
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
    // All but the hex constant (the fast path reads decimal only).
    assert_eq!(same_as_tree(text), 18);
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
fn errors_stop_the_streaming_parse() {
    for text in [
        "hw.module @m(in %a : i8) { %x = comb.add %a, %a : i4 }",
        "hw.module @m(in %a : i8) { %a = comb.add %a, %a : i8 }",
        "hw.module @m(in %a : i8) { %x = comb.add %a, %y : i8 }",
        "hw.module @m(in %a : i8) { %x = hw.constant 300 : i8 }",
        "hw.module @m(in %a : i8) { %x = comb.concat %a : i8, i8 }",
        "hw.module @m(in %a : i8) { %x = comb.add %a, %a : i8 %y }",
    ] {
        let src = SourceFile::new("t.mlir", text);
        assert!(parse(&src).is_err(), "{text}");
        assert!(parse_streaming(&src, &mut Record::default()).is_none(), "{text}");
    }
}
