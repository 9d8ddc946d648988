//! Builder tests: the shared hardware examples and small hand-written cases.

use crate::build::build_design;
use crate::netlist::{CellKind, Design, Dir};
use mlir_text::{parse, SourceFile};
use std::path::PathBuf;

fn build(text: &str) -> Result<Design, String> {
    let src = SourceFile::new("t.mlir", text);
    let file = parse(&src).map_err(|d| d.render(&src))?;
    build_design(&file, None).map_err(|ds| ds.iter().map(|d| d.render(&src)).collect())
}

fn example(name: &str) -> Option<String> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/examples").join(name);
    let p = if p.exists() { p } else { PathBuf::from("/work/shared/examples").join(name) };
    let t = std::fs::read_to_string(&p).ok();
    if t.is_none() {
        println!("skipping: {} not found", p.display());
    }
    t
}

fn ports(d: &Design) -> Vec<(String, Dir, u32)> {
    d.module(d.top_id()).ports.iter().map(|p| (p.name.clone(), p.dir, p.width)).collect()
}

fn count(d: &Design, f: impl Fn(&CellKind) -> bool) -> usize {
    let m = d.module(d.top_id());
    m.cells().filter(|&c| f(&m.cell(c).kind)).count()
}

#[test]
fn builds_alu() {
    let Some(t) = example("alu.mlir") else { return };
    let d = build(&t).unwrap_or_else(|e| panic!("{e}"));
    use Dir::*;
    assert_eq!(
        ports(&d),
        vec![
            ("a".into(), Input, 16),
            ("b".into(), Input, 16),
            ("op".into(), Input, 4),
            ("y".into(), Output, 16),
            ("zero".into(), Output, 1)
        ]
    );
    assert_eq!(count(&d, |k| matches!(k, CellKind::Mux)), 15);
    assert_eq!(d.module(d.top_id()).cell_count(), 3 + 44);
}

#[test]
fn builds_counter_with_forward_reference() {
    let Some(t) = example("counter.mlir") else { return };
    let d = build(&t).unwrap_or_else(|e| panic!("{e}"));
    let m = d.module(d.top_id());
    let reg = m
        .cells()
        .find(|&c| matches!(m.cell(c).kind, CellKind::Reg { reset: true, enable: false, .. }))
        .unwrap();
    assert_eq!(m.cell(reg).name.as_deref(), Some("count"));
    assert_eq!(m.operands(reg).len(), 4);
    assert!(m.port(m.outputs().next().unwrap()).name == "count");
}

#[test]
fn builds_func_examples() {
    let Some(t) = example("add_one_lut3.mlir") else { return };
    let d = build(&t).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(ports(&d), vec![("x".into(), Dir::Input, 4), ("out0".into(), Dir::Output, 4)]);
    assert_eq!(count(&d, |k| matches!(k, CellKind::TruthTable(_))), 6);
    let Some(t) = example("gates.mlir") else { return };
    let d = build(&t).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(ports(&d).len(), 8);
    assert_eq!(count(&d, |k| matches!(k, CellKind::Lut { .. })), 1);
    let m = d.module(d.top_id());
    assert!(m.cells().any(|c| m.cell(c).two_state));
}

#[test]
fn builds_generic_example() {
    let Some(t) = example("generic.mlir") else { return };
    let d = build(&t).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(d.module(d.top_id()).name, "mac");
    assert_eq!(ports(&d).iter().map(|p| p.0.as_str()).collect::<Vec<_>>(), ["clk", "a", "b", "acc"]);
    let m = d.module(d.top_id());
    let reg = m.cells().find(|&c| matches!(m.cell(c).kind, CellKind::Reg { .. })).unwrap();
    assert_eq!(m.cell(reg).name.as_deref(), Some("acc"));
}

#[test]
fn instances_and_top_selection() {
    let src = "hw.module @top(in %x : i4, out y : i4) {\n  %y = hw.instance \"u0\" @child(a: %x : i4) -> (y: i4)\n  hw.output %y : i4\n}\nhw.module @child(in %a : i4, out y : i4) {\n  hw.output %a : i4\n}\n";
    let d = build(src).unwrap();
    assert_eq!(d.module(d.top_id()).name, "top");
    assert_eq!(count(&d, |k| matches!(k, CellKind::Instance { .. })), 1);
    assert_eq!(count(&d, |k| matches!(k, CellKind::InstOutput(_))), 1);
}

#[test]
fn reports_cycles_and_several_errors() {
    let e = build("hw.module @m(in %a : i8, out y : i8) {\n  %x = comb.add %z, %a : i8\n  %z = comb.xor %x, %a : i8\n  hw.output %z : i8\n}").unwrap_err();
    assert!(e.contains("t.mlir:2:3: error: combinational cycle in '@m'"), "{e}");
    assert!(e.contains("the cycle goes through %x -> %z -> %x"), "{e}");
    let e = build("hw.module @m(in %a : i8, out y : i8) {\n  %x = comb.extract %a from 4 : (i8) -> i8\n  %b = comb.extract %a from 0 : (i8) -> i1\n  %t = comb.truth_table %b -> 6 : ui4\n}").unwrap_err();
    assert!(e.contains("2:3: error: 'comb.extract' of bits 4..11 is out of range"), "{e}");
    assert!(e.contains("4:31: error: truth table of 4 bits is not 2^n for n = 1 inputs"), "{e}");
    assert!(e.contains("missing 'hw.output'"), "{e}");
}

/// The streaming build gives the same design as the op-tree build, or gives up.
fn same_as_streaming(name: &str, text: &str) -> bool {
    let src = SourceFile::new(name, text);
    let Some(streamed) = crate::build::build_design_streaming(&src, None) else { return false };
    let classic = parse(&src).map_err(|d| vec![d]).and_then(|f| crate::build::build_design_owned(f, None));
    assert_eq!(format!("{streamed:?}"), format!("{classic:?}"), "{name}");
    true
}

#[test]
fn streaming_matches_op_tree() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut streamed = 0;
    for dir in ["examples", "tests/cases"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else { continue };
        for e in entries.flatten() {
            let p = e.path();
            if p.extension().is_some_and(|x| x == "mlir") {
                let text = std::fs::read_to_string(&p).unwrap();
                streamed += same_as_streaming(&p.display().to_string(), &text) as usize;
            }
        }
    }
    // Forward references wait in the queue; they still connect in textual order.
    let fwd = "hw.module @m(in %a : i8, out y : i8) {\n  %x = comb.add %a, %z : i8\n  %w = comb.xor %a, %a : i8\n  %z = comb.and %a, %w : i8\n  hw.output %x : i8\n}\n";
    assert!(same_as_streaming("fwd.mlir", fwd));
    // Errors and instances of later modules take the op-tree path.
    assert!(!same_as_streaming(
        "bad.mlir",
        "hw.module @m(in %a : i8, out y : i8) {\n  hw.output %a : i4\n}\n"
    ));
    let later = "hw.module @top(in %a : i8, out y : i8) {\n  %y = hw.instance \"u\" @c(a: %a: i8) -> (y: i8)\n  hw.output %y : i8\n}\nhw.module @c(in %a : i8, out y : i8) {\n  hw.output %a : i8\n}\n";
    assert!(!same_as_streaming("later.mlir", later));
    assert!(streamed > 0);
}

#[test]
fn streaming_fast_path_matches_op_tree() {
    // Every simple form, unnamed values, a forward reference (the ops after it queue up),
    // and the general path in between.
    let ok =
        "hw.module @m(in %a : i8, in %b : i8, in %c : i1, in %clk : !seq.clock, out y : i8, out z : i1) {
  %0 = comb.add %a, %b : i8
  %x = comb.and bin %0, %b, %a : i8
  %p = comb.parity %x : i8
  %e = comb.icmp bin ult %a, %b : i8
  %m = comb.mux %e, %a, %b : i8
  %k = comb.concat %a, %b, %c : i8, i8, i1
  %l = comb.extract %k from 3 : (i17) -> i8
  %r = comb.replicate %c : (i1) -> i8
  %1 = hw.constant -1 : i8
  %t = hw.constant true
  %s = comb.sub %l, %r {sv.namehint = \"s\"} : i8
  %w = comb.inv %fwd : i8
  %v = comb.xor %w, %1 : i8
  %fwd = comb.xor %s, %m : i8
  %q = seq.compreg %v, %clk : i8
  %u = comb.or %q, %x : i8
  %z = comb.and %p, %t : i1
  hw.output %u, %z : i8, i1
}
";
    assert!(same_as_streaming("ok.mlir", ok));
    // Errors in simple ops make the streaming build give up.
    for bad in [
        "hw.module @m(in %a : i8, out y : i8) {\n  %x = comb.sub %a, %a, %a : i8\n  hw.output %x : i8\n}\n",
        "hw.module @m(in %a : i8, out y : i1) {\n  %x = comb.icmp eq %a : i8\n  hw.output %x : i1\n}\n",
        "hw.module @m(in %a : i8, out y : i8) {\n  %x = comb.extract %a from 4 : (i8) -> i8\n  hw.output %x : i8\n}\n",
        "hw.module @m(in %a : i8, out y : i8) {\n  %x = comb.add %a, %a : i8\n  hw.output %x : i8\n  %y = comb.add %a, %a : i8\n}\n",
    ] {
        assert!(!same_as_streaming("bad.mlir", bad), "{bad}");
    }
    // A cycle through a simple op is found by the checks, the same on both paths.
    let cycle =
        "hw.module @m(in %a : i8, out y : i8) {\n  %x = comb.add %x, %a : i8\n  hw.output %x : i8\n}\n";
    assert!(same_as_streaming("cycle.mlir", cycle));
    // The same message names an unnamed cell of a simple op (`%1`, read from the text).
    let cycle = "hw.module @m(in %a : i8, out y : i8) {\n  %0 = comb.add %2, %a : i8\n  %1 = comb.xor %0, %a : i8\n  %2 = comb.and %1, %a : i8\n  hw.output %2 : i8\n}\n";
    assert!(same_as_streaming("cycle2.mlir", cycle));
    let e = build(cycle).unwrap_err();
    assert!(e.contains("%0 -> %1 -> %2 -> %0"), "{e}");
}

#[test]
fn value_names_as_cell_names() {
    use crate::build::{cell_name, cell_name_str};
    for (name, want) in [
        ("", None),
        ("0", None),
        ("12", None),
        ("12#3", None),
        ("#1", None),
        ("r#1", Some("r_1")),
        ("r#1#2", Some("r_1#2")),
        ("count", Some("count")),
        ("v12", Some("v12")),
        ("1a", Some("1a")),
    ] {
        assert_eq!(cell_name_str(name).as_deref(), want, "{name:?}");
        assert_eq!(cell_name(&std::sync::Arc::from(name)).as_deref(), want, "{name:?}");
    }
}
