//! Memories through the passes: `-O1` keeps two memories with identical operands apart
//! (CSE never merges block RAMs), removes one whose read data nobody reads, and flattening
//! copies a child's memory once per instance. The evaluator gives each copy its own
//! contents.

use comb::eval::Simulator;
use comb::passes::{self, OptLevel, PassManager};
use comb::{Bits, CellKind, Design};

const SRC: &str = r#"
hw.module @cell(in %clk : !seq.clock, in %a : i2, in %we : i1, in %d : i4, out q : i4) {
  %m = seq.firmem 1, 1, old, port_order : <4 x 4>
  %q = seq.firmem.read_port %m[%a], clock %clk : <4 x 4>
  seq.firmem.write_port %m[%a] = %d, clock %clk enable %we : <4 x 4>
  hw.output %q : i4
}
hw.module @top(in %clk : !seq.clock, in %a : i2, in %we : i1, in %we2 : i1, in %d : i4, out x : i4, out y : i4, out z : i4) {
  %m1 = seq.firmem 1, 1, old, port_order : <4 x 4>
  %q1 = seq.firmem.read_port %m1[%a], clock %clk : <4 x 4>
  seq.firmem.write_port %m1[%a] = %d, clock %clk enable %we : <4 x 4>
  %m2 = seq.firmem 1, 1, old, port_order : <4 x 4>
  %q2 = seq.firmem.read_port %m2[%a], clock %clk : <4 x 4>
  seq.firmem.write_port %m2[%a] = %d, clock %clk enable %we : <4 x 4>
  %m3 = seq.firmem 1, 1, old, port_order : <4 x 4>
  %unused = seq.firmem.read_port %m3[%a], clock %clk : <4 x 4>
  seq.firmem.write_port %m3[%a] = %d, clock %clk enable %we : <4 x 4>
  %x = comb.xor %q1, %q2 : i4
  %u0.q = hw.instance "u0" @cell(clk: %clk : !seq.clock, a: %a : i2, we: %we : i1, d: %d : i4) -> (q: i4)
  %u1.q = hw.instance "u1" @cell(clk: %clk : !seq.clock, a: %a : i2, we: %we2 : i1, d: %d : i4) -> (q: i4)
  hw.output %x, %u0.q, %u1.q : i4, i4, i4
}
"#;

fn build(opt: OptLevel) -> Design {
    let src = mlir_text::SourceFile::new("t.mlir", SRC);
    let file = mlir_text::parse(&src).unwrap_or_else(|d| panic!("{}", d.render(&src)));
    let mut d = comb::build::build_design(&file, None)
        .unwrap_or_else(|ds| panic!("{}", ds.iter().map(|d| d.render(&src)).collect::<String>()));
    PassManager::default().run(&mut d, &mut passes::pipeline(opt)).expect("passes");
    d
}

fn memories(d: &Design, module: &str) -> usize {
    let m = d.module(d.find(module).unwrap());
    m.cells().filter(|&c| matches!(m.cell(c).kind, CellKind::Memory { .. })).count()
}

#[test]
fn o1_keeps_identical_memories_and_removes_unread_ones() {
    assert_eq!(memories(&build(OptLevel::O0), "top"), 3);
    assert_eq!(memories(&build(OptLevel::O1), "top"), 2, "CSE merged memories or dead code kept one");
}

#[test]
fn flattening_copies_each_instance_memory() {
    let mut d = build(OptLevel::O1);
    passes::flatten_design(&mut d);
    assert_eq!(memories(&d, "top"), 4);
    // Each copy has its own contents: write through u0 only, then read both.
    let mut sim = Simulator::new(&d).unwrap();
    for (n, v) in [("a", 1), ("we", 1), ("we2", 0), ("d", 9)] {
        sim.set_input(n, Bits::from_u64(v, 64));
    }
    sim.tick();
    sim.set_input("we", Bits::from_u64(0, 1));
    sim.tick();
    assert_eq!(sim.output("y").to_u64(), 9);
    assert_eq!(sim.output("z").to_u64(), 0);
    assert_eq!(sim.output("x").to_u64(), 0, "two memories with the same traffic read the same");
}
