//! Emission-order tests: instances after their operands, outputs right after, the id order
//! kept when it already is one, the relation through summaries for feedback through a
//! child's register, and the fallback when neither relation has an order.

use super::*;
use crate::build::build_design;
use crate::order::{summaries, topo_order};
use mlir_text::{parse, SourceFile};

fn build(text: &str) -> Design {
    let src = SourceFile::new("t.mlir", text);
    let file = parse(&src).unwrap_or_else(|d| panic!("{}", d.render(&src)));
    build_design(&file, None)
        .unwrap_or_else(|ds| panic!("{}", ds.iter().map(|d| d.render(&src)).collect::<String>()))
}

/// Two outputs, each combinational on one input. `%s` reads `u`'s second output first,
/// and both instance operands are defined after the instance.
const FORWARD: &str = "
hw.module @child(in %a1 : i8, in %a2 : i8, out y1 : i8, out y2 : i8) {
  %0 = comb.add %a1, %a1 : i8
  %1 = comb.xor %a2, %a2 : i8
  hw.output %0, %1 : i8, i8
}
hw.module @top(in %p : i8, in %q : i8, out s : i8, out t : i8) {
  %s = comb.mul %r2, %1, %1 : i8
  %r1, %r2 = hw.instance \"u\" @child(a1: %0 : i8, a2: %1 : i8) -> (y1: i8, y2: i8)
  %0 = comb.add %p, %q : i8
  %1 = comb.sub %p, %q : i8
  %t = comb.and %r1, %0, %0 : i8
  hw.output %s, %t : i8, i8
}
";

fn kinds(m: &Module, order: &[NetId]) -> Vec<&'static str> {
    order
        .iter()
        .map(|&n| match m.cell(n).kind {
            CellKind::Input(_) => "in",
            CellKind::Instance { .. } => "inst",
            CellKind::InstOutput(_) => "out",
            CellKind::Add => "add",
            CellKind::Sub => "sub",
            CellKind::Mul => "mul",
            CellKind::And => "and",
            _ => "other",
        })
        .collect()
}

#[test]
fn instance_follows_its_operands_and_outputs_follow_it() {
    let d = build(FORWARD);
    let top = d.top_id();
    let m = d.module(top);
    let order = emission_order(&d, &summaries(&d), top);
    assert_eq!(kinds(m, &order), ["in", "in", "add", "sub", "inst", "out", "out", "mul", "and"]);
    // The combinational order differs: `%s` pulls the instance and only `u`'s second
    // operand first, so `sub` comes before `add`.
    let topo = topo_order(&d, &summaries(&d), top).unwrap();
    assert_eq!(kinds(m, &topo), ["in", "in", "inst", "sub", "out", "mul", "add", "out", "and"]);
}

/// Rebuilds `mid` with its cells added in `order`: what reading printed text gives.
fn renumbered(d: &Design, mid: ModuleId, order: &[NetId]) -> Design {
    let m = d.module(mid);
    let mut out = d.clone();
    let mut n = Module::new(m.name.clone(), m.span);
    for p in m.port_ids().filter(|&p| m.port(p).dir == crate::Dir::Input) {
        n.add_port(m.port(p).clone());
    }
    let mut new_id = vec![None; m.id_bound()];
    for p in m.inputs() {
        new_id[m.port_net(p).unwrap().index()] = n.port_net(p);
    }
    for &c in order {
        if new_id[c.index()].is_none() {
            let cell = m.cell(c);
            new_id[c.index()] = Some(n.add_cell(cell.kind.clone(), cell.width, &[], None, cell.span));
        }
    }
    for &c in order {
        let ops: Vec<NetId> = m.operands(c).iter().map(|o| new_id[o.index()].unwrap()).collect();
        n.set_operands(new_id[c.index()].unwrap(), &ops);
    }
    for p in m.outputs() {
        let q = n.add_port(m.port(p).clone());
        n.set_output(q, new_id[m.port_net(p).unwrap().index()].unwrap());
    }
    out.modules[mid.index()] = n;
    out
}

#[test]
fn a_netlist_numbered_in_emission_order_keeps_it() {
    let d = build(FORWARD);
    let top = d.top_id();
    let order = emission_order(&d, &summaries(&d), top);
    let again = renumbered(&d, top, &order);
    let m = again.module(top);
    assert!(ids_are_emission_order(m));
    assert_eq!(search(m, None), Some(m.cells().collect()));
    assert_eq!(emission_order(&again, &summaries(&again), top), m.cells().collect::<Vec<_>>());
    assert_eq!(kinds(m, &m.cells().collect::<Vec<_>>()), kinds(d.module(top), &order));
}

#[test]
fn outputs_scattered_after_their_instance_are_gathered() {
    let d = build(FORWARD);
    let top = d.top_id();
    // Outputs before their instance in id order: not the emission order.
    let m = d.module(top);
    let mut order: Vec<NetId> = m.cells().collect();
    let inst = order.iter().position(|&n| matches!(m.cell(n).kind, CellKind::Instance { .. })).unwrap();
    let inst_net = order.remove(inst);
    order.push(inst_net);
    let moved = renumbered(&d, top, &order);
    let m = moved.module(top);
    assert!(!ids_are_emission_order(m));
    let e = emission_order(&moved, &summaries(&moved), top);
    assert_eq!(kinds(m, &e), ["in", "in", "add", "sub", "inst", "out", "out", "mul", "and"]);
}

/// A child with a registered output `y` (from `a`) and a combinational one `w` (from `b`).
const CHILD: &str = "
hw.module @c(in %clk : !seq.clock, in %a : i8, in %b : i8, out y : i8, out w : i8) {
  %r = seq.compreg %a, %clk : i8
  %w = comb.add %b, %b : i8
  hw.output %r, %w : i8, i8
}
";

#[test]
fn an_operand_fed_back_through_a_child_register_may_follow_the_instance() {
    let d = build(&format!(
        "{CHILD}
hw.module @top(in %clk : !seq.clock, in %p : i8, in %q : i8, out o : i8, out o2 : i8) {{
  %x = comb.add %y, %p : i8
  %y, %w = hw.instance \"u\" @c(clk: %clk : !seq.clock, a: %x : i8, b: %z : i8) -> (y: i8, w: i8)
  %z = comb.sub %p, %q : i8
  %o2 = comb.mul %w, %z : i8
  hw.output %x, %o2 : i8, i8
}}"
    ));
    let top = d.top_id();
    let s = summaries(&d);
    let m = d.module(top);
    // `x` needs `y`, which must follow the instance, which needs `x`.
    assert_eq!(search(m, None), None);
    // Only `b` reaches an output combinationally: the instance follows `z`, and `x` it.
    let order = emission_order(&d, &s, top);
    assert_eq!(kinds(m, &order), ["in", "in", "in", "sub", "inst", "out", "out", "add", "mul"]);
    let again = renumbered(&d, top, &order);
    let m = again.module(top);
    assert_eq!(emission_order(&again, &summaries(&again), top), m.cells().collect::<Vec<_>>());
}

#[test]
fn instances_fed_back_through_each_others_registers_fall_back() {
    let d = build(&format!(
        "{CHILD}
hw.module @top(in %clk : !seq.clock, in %p : i8, out o : i8, out o2 : i8) {{
  %y1, %w1 = hw.instance \"u1\" @c(clk: %clk : !seq.clock, a: %p : i8, b: %z1 : i8) -> (y: i8, w: i8)
  %y2, %w2 = hw.instance \"u2\" @c(clk: %clk : !seq.clock, a: %p : i8, b: %z2 : i8) -> (y: i8, w: i8)
  %z1 = comb.add %y2, %p : i8
  %z2 = comb.add %y1, %p : i8
  hw.output %w1, %w2 : i8, i8
}}"
    ));
    let top = d.top_id();
    let s = summaries(&d);
    assert_eq!(search(d.module(top), None), None);
    assert_eq!(search(d.module(top), Some(&feeding_inputs(&d, &s, d.module(top)))), None);
    assert_eq!(emission_order(&d, &s, top), topo_order(&d, &s, top).unwrap());
}
