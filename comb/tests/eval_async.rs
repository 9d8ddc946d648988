//! Evaluator: an asynchronous reset forces its register between clock edges and the value
//! stays after the reset falls; a preset is the start value. The same steps and values as
//! `tests/seq_sv.rs` checks on the Rust simulator and Icarus.

use comb::eval::Simulator;
use comb::Bits;

const PULSE: &str = "hw.module @pulse(in %clk : !seq.clock, in %arst : i1, in %d : i8, out a : i8) {
  %c5 = hw.constant 5 : i8
  %a = seq.firreg %an clock %clk reset async %arst, %c5 preset 2 : i8
  %an = comb.add %a, %d : i8
  hw.output %a : i8
}";

#[test]
fn async_reset_pulse_between_edges() {
    let src = mlir_text::SourceFile::new("pulse.mlir", PULSE);
    let file = mlir_text::parse(&src).unwrap_or_else(|d| panic!("{}", d.render(&src)));
    let design = comb::build_design(&file, None).unwrap_or_else(|e| panic!("{}", e[0].render(&src)));
    let mut sim = Simulator::new(&design).unwrap();
    let mut seen = Vec::new();
    let mut a = |sim: &Simulator| seen.push(sim.output("a").to_u64());
    sim.set_input("d", Bits::from_u64(1, 8));
    sim.eval();
    a(&sim);
    sim.tick();
    a(&sim);
    sim.set_input("arst", Bits::from_u64(1, 1));
    sim.eval();
    a(&sim);
    sim.set_input("arst", Bits::from_u64(0, 1));
    sim.eval();
    a(&sim);
    sim.tick();
    a(&sim);
    sim.set_input("arst", Bits::from_u64(1, 1));
    sim.tick();
    a(&sim);
    sim.set_input("arst", Bits::from_u64(0, 1));
    sim.eval();
    a(&sim);
    sim.tick();
    a(&sim);
    assert_eq!(seen, [2, 3, 5, 5, 6, 5, 5, 6]);
}
