//! The MLIR and Graphviz backends: custom-form spelling, generic form accepted by upstream
//! `mlir-opt --allow-unregistered-dialect`, determinism.

mod common;
use comb::{Bits, CellKind, IcmpPred, ModuleId, PortId};
use common::*;

/// A child and a top using every cell kind, with registers, clocks and an instance.
fn every_kind() -> comb::Design {
    use CellKind::*;
    let child = inv_parity_child();

    let mut b = B::new("top");
    let clk = b.clock("clk");
    let rst = b.input("rst", 1);
    let en = b.input("en", 1);
    let a = b.input("a", 8);
    let bb = b.input("b", 8);
    let k = b.konst(42, 8);
    let t = b.konst(1, 1);
    let wide = b.bits(Bits::ones(200));
    let mut last = a;
    for kind in [And, Or, Xor, Nand, Nor, Xnor, Add, Mul, Sub, DivU, DivS, ModU, ModS, Shl, ShrU, ShrS] {
        last = b.cell(kind, 8, &[last, bb]);
    }
    let two = b.cell(Add, 8, &[last, k]);
    b.m.cell_mut(two).two_state = true;
    let lt = b.named("lt", Icmp(IcmpPred::Slt), 1, &[two, a]);
    let inv = b.cell(Inv, 8, &[two]);
    let par = b.cell(Parity, 1, &[inv]);
    let rev = b.cell(Reverse, 8, &[inv]);
    let cat = b.cell(Concat, 16, &[rev, a]);
    let ex = b.cell(Extract { low: 4 }, 8, &[cat]);
    let rep = b.cell(Replicate, 16, &[ex]);
    let mux = b.cell(Mux, 8, &[lt, ex, a]);
    let tt = b.cell(TruthTable(Bits::from_u64(6, 4)), 1, &[lt, par]);
    let lut = b.cell(
        Lut { coefficients: vec![1, 200], table: (0..5).map(|i| Bits::from_u64(i * 60, 8)).collect() },
        8,
        &[mux, a],
    );
    let tc = b.cell(ToClock, 1, &[tt]);
    let fc = b.cell(FromClock, 1, &[clk]);
    let r1 =
        b.named("r1", Reg { reset: false, enable: false, async_reset: false, init: None }, 8, &[lut, clk]);
    let r2 = b.cell(Reg { reset: true, enable: false, async_reset: false, init: None }, 8, &[r1, tc, rst, k]);
    let r3 = b.named(
        "count",
        Reg { reset: true, enable: true, async_reset: false, init: None },
        8,
        &[r2, clk, en, fc, k],
    );
    let lo = b.cell(Extract { low: 0 }, 4, &[r3]);
    let inst =
        b.cell(Instance { module: ModuleId(0), name: "u0".into(), params: Default::default() }, 0, &[lo]);
    let y = b.named("y", InstOutput(PortId(1)), 4, &[inst]);
    let _dup = b.cell(InstOutput(PortId(1)), 4, &[inst]);
    let w2 = b.cell(Xor, 200, &[wide, wide]);
    b.output("y", y);
    b.output("rep", rep);
    b.output("t", t);
    b.output("w", w2);
    b.clock_output("clk_out", tc);
    design(vec![child, b.m])
}

#[test]
fn custom_form_spelling() {
    let d = every_kind();
    let text = backends::mlir::emit(&d, false);
    for needle in [
        "hw.module @top(in %clk : !seq.clock, in %rst : i1, in %en : i1, in %a : i8, in %b : i8, out y : i4",
        "= hw.constant 42 : i8",
        "= hw.constant true\n",
        "= comb.add bin ",
        "%lt = comb.icmp slt ",
        "= comb.extract %",
        " from 4 : (i16) -> i8",
        // Inside an hw.module: CIRCT's spellings (truth table as an array; the lut stays a
        // lut unless CIRCT's dialect is asked for explicitly, see below).
        "-> [false, true, true, false]",
        "%r1 = seq.compreg %",
        "%count = seq.compreg.ce %",
        " reset %rst, %",
        "= seq.to_clock %",
        "= seq.from_clock %clk",
        "%y, %",
        " = hw.instance \"u0\" @child(x: %",
        " : i4) -> (y: i4, p: i1)",
        "hw.output %y, %",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    }
    assert!(text.contains("comb.lut") && !text.contains("comb.inv"), "{text}");
    assert!(text.find("hw.module @child").unwrap() < text.find("hw.module @top").unwrap());
    assert_eq!(text, backends::mlir::emit(&d, false));
    // `--dialect circt`: the lut as its definition (index arithmetic and a mux chain).
    let circt = backends::mlir::emit_as(&d, false, Some(backends::mlir::Dialect::Circt)).unwrap();
    for needle in ["= comb.modu %", "= comb.icmp eq %"] {
        assert!(circt.contains(needle), "missing {needle:?} in\n{circt}");
    }
    assert!(!circt.contains("comb.lut") && !circt.contains("comb.inv"), "{circt}");
}

#[test]
fn generic_form_accepted_by_mlir_opt() {
    for d in [every_kind(), hier_only()] {
        let text = backends::mlir::emit(&d, true);
        let (ok, err) = mlir_opt(&text);
        assert!(ok, "mlir-opt rejected:\n{err}\n---\n{text}");
        assert!(text.contains("operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 0>"), "{text}");
    }
    let d = every_kind();
    let text = backends::mlir::emit(&d, true);
    for needle in [
        "\"builtin.module\"() ({",
        "}) {module_type = !hw.modty<input clk : !seq.clock, input rst : i1",
        "parameters = [], port_locs = [loc(unknown), loc(unknown), loc(unknown), loc(unknown), loc(unknown)",
        "^bb0(%clk: !seq.clock loc(unknown), %rst: i1 loc(unknown), %en: i1 loc(unknown), %a: i8 loc(unknown), %b: i8 loc(unknown)):",
        " {predicate = 2 : i64} : (i8, i8) -> i1",
        " {lowBit = 4 : i32} : (i16) -> i8",
        " {lookupTable = [false, true, true, false]} : (i1, i1) -> i1",
        " {twoState} : (i8, i8) -> i8",
        " {name = \"r1\", operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (i8, !seq.clock) -> i8",
        "\"hw.instance\"(%",
        " {argNames = [\"x\"], instanceName = \"u0\", moduleName = @child, parameters = [], resultNames = [\"y\", \"p\"]} : (i4) -> (i4, i1)",
        "\"hw.output\"(",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    }
}

fn hier_only() -> comb::Design {
    let mut c = B::new("leaf");
    let x = c.input("x", 8);
    c.output("y", x);
    let leaf = c.m;
    let mut b = B::new("top");
    let clk = b.clock("clk");
    let a = b.input("a", 8);
    let inst = b.cell(
        CellKind::Instance { module: ModuleId(0), name: "u0".into(), params: Default::default() },
        0,
        &[a],
    );
    let y = b.cell(CellKind::InstOutput(PortId(1)), 8, &[inst]);
    let one = b.konst(1, 1);
    let zero = b.konst(0, 8);
    let r = b.cell(
        CellKind::Reg { reset: true, enable: true, async_reset: false, init: None },
        8,
        &[y, clk, one, one, zero],
    );
    b.output("r", r);
    design(vec![leaf, b.m])
}

#[test]
fn dot_is_deterministic_and_labelled() {
    let d = every_kind();
    let text = backends::dot::emit(&d);
    assert!(text.starts_with("digraph design {"), "{text}");
    assert!(text.contains("subgraph cluster_top {"), "{text}");
    assert!(text.contains("comb.icmp slt\\ni1"), "{text}");
    assert!(text.contains("seq.compreg\\ni8"), "{text}");
    assert_eq!(text, backends::dot::emit(&d));
    assert!(text.trim_end().ends_with('}'));
}

/// The every-kind design (duplicate instance outputs, a clock output, a derived clock) is
/// also clean SystemVerilog.
#[test]
fn every_kind_as_verilog() {
    let d = every_kind();
    all_tools(&backends::verilog::emit(&d), "top");
    all_tools(&backends::verilog::emit(&hier_only()), "top");
}
