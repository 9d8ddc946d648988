//! Evaluator: an asynchronous reset forces its register between clock edges and the value
//! stays after the reset falls; a preset is the start value. The same steps and values as
//! `tests/it/seq_sv.rs` checks on the Rust simulator and Icarus.

use comb::eval::Simulator;
use comb::Bits;

const PULSE: &str = "hw.module @pulse(in %clk : !seq.clock, in %arst : i1, in %d : i8, out a : i8) {
  %c5 = hw.constant 5 : i8
  %a = seq.firreg %an clock %clk reset async %arst, %c5 preset 2 : i8
  %an = comb.add %a, %d : i8
  hw.output %a : i8
}";

/// One step of the stimulus; every step is followed by a sample of `a`.
enum Step {
    /// Set `arst` and settle (between clock edges).
    Reset(u64),
    /// Set `arst`, then a rising clock edge.
    TickWith(u64),
    /// A rising clock edge.
    Tick,
    /// Settle only.
    Eval,
}

#[test]
fn async_reset_pulse_between_edges() {
    use Step::*;
    let src = mlir_text::SourceFile::new("pulse.mlir", PULSE);
    let file = mlir_text::parse(&src).unwrap_or_else(|d| panic!("{}", d.render(&src)));
    let design = comb::build_design(&file, None).unwrap_or_else(|e| panic!("{}", e[0].render(&src)));
    let mut sim = Simulator::new(&design).unwrap();
    sim.set_input("d", Bits::from_u64(1, 8));
    let steps = [Eval, Tick, Reset(1), Reset(0), Tick, TickWith(1), Reset(0), Tick];
    let mut seen = Vec::new();
    for step in steps {
        match step {
            Reset(v) => {
                sim.set_input("arst", Bits::from_u64(v, 1));
                sim.eval();
            }
            TickWith(v) => {
                sim.set_input("arst", Bits::from_u64(v, 1));
                sim.tick();
            }
            Tick => sim.tick(),
            Eval => sim.eval(),
        }
        seen.push(sim.output("a").to_u64());
    }
    assert_eq!(seen, [2, 3, 5, 5, 6, 5, 5, 6]);
}
