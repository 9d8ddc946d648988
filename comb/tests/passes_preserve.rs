//! The passes preserve behaviour: the evaluator on the original and on the rewritten
//! design gives the same outputs every cycle, for random designs with registers and
//! instances. Also: the pipeline is deterministic.

use comb::eval::Simulator;
use comb::passes::{self, dump::dump, OptLevel, Pass, PassManager};
use comb::random::{random_batch, random_design, RandomConfig};
use comb::rng::Rng;
use comb::{Bits, Design, Dir};

type Trace = Vec<Vec<(String, Bits)>>;

/// Random stimulus for the top's inputs (reset asserted the first 2 cycles).
fn stimulus(design: &Design, seed: u64, cycles: usize) -> Vec<Vec<(String, Bits)>> {
    let mut rng = Rng::new(seed);
    let top = design.module(design.top_id());
    (0..cycles)
        .map(|c| {
            top.inputs()
                .filter(|&p| !top.port(p).clock)
                .map(|p| {
                    let port = top.port(p);
                    let v = if port.name == "rst" {
                        Bits::from_bool(c < 2 || rng.chance(1, 20))
                    } else {
                        rng.bits(port.width)
                    };
                    (port.name.clone(), v)
                })
                .collect()
        })
        .collect()
}

fn run(design: &Design, stim: &[Vec<(String, Bits)>]) -> Trace {
    let mut sim = Simulator::new(design).expect("simulates");
    let mut trace = Vec::new();
    for cycle in stim {
        for (n, v) in cycle {
            sim.set_input(n, v.clone());
        }
        sim.eval();
        trace.push(sim.outputs());
        sim.tick();
        trace.push(sim.outputs());
    }
    trace
}

fn optimize(design: &Design, mut pipeline: Vec<Box<dyn Pass>>) -> Design {
    let mut d = design.clone();
    PassManager::default().run(&mut d, &mut pipeline).unwrap_or_else(|e| panic!("{e}"));
    d
}

fn check_same(seed: u64, what: &str, a: &Trace, b: &Trace) {
    for (i, (x, y)) in a.iter().zip(b).enumerate() {
        assert_eq!(x, y, "seed {seed}: {what} differs at step {i}");
    }
}

#[test]
fn o1_and_flatten_preserve_behaviour() {
    let cfgs = [
        RandomConfig::default(),
        RandomConfig { ops: 40, max_width: 16, registers: true, instances: true, memories: true },
        RandomConfig { ops: 80, max_width: 130, registers: true, instances: false, memories: true },
    ];
    for seed in 0..210u64 {
        let cfg = &cfgs[seed as usize % cfgs.len()];
        let d = random_design(seed, cfg);
        let stim = stimulus(&d, seed ^ 0xABCD, 50);
        let reference = run(&d, &stim);
        let o1 = optimize(&d, passes::pipeline(OptLevel::O1));
        check_same(seed, "-O1", &reference, &run(&o1, &stim));
        let flat = optimize(&d, vec![Box::new(passes::Flatten)]);
        assert_eq!(flat.modules.len(), 1);
        check_same(seed, "flatten", &reference, &run(&flat, &stim));
        let flat_o1 = optimize(&flat, passes::pipeline(OptLevel::O1));
        check_same(seed, "flatten -O1", &reference, &run(&flat_o1, &stim));
    }
}

#[test]
fn each_pass_alone_preserves_behaviour() {
    for seed in 1000..1060u64 {
        let d = random_design(seed, &RandomConfig::default());
        let stim = stimulus(&d, seed, 20);
        let reference = run(&d, &stim);
        for pass in passes::registry() {
            let name = pass.name();
            // lut-map has its own tests (tests/lutmap_preserve.rs); bit-blasting every
            // 200-bit divider here would make this test many times slower.
            if name == "lut-map" {
                continue;
            }
            let after = optimize(&d, vec![pass]);
            check_same(seed, name, &reference, &run(&after, &stim));
        }
    }
}

#[test]
fn o1_preserves_a_batch() {
    let d = random_batch(7, 10, &RandomConfig::default());
    let stim = stimulus(&d, 7, 30);
    let o1 = optimize(&d, passes::pipeline(OptLevel::O1));
    check_same(7, "batch -O1", &run(&d, &stim), &run(&o1, &stim));
}

#[test]
fn o1_shrinks_and_keeps_ports() {
    let mut before = 0;
    let mut after = 0;
    for seed in 0..30u64 {
        let d = random_design(seed, &RandomConfig::default());
        let o1 = optimize(&d, passes::pipeline(OptLevel::O1));
        for (m, n) in d.modules.iter().zip(&o1.modules) {
            assert_eq!(m.ports, n.ports, "ports changed");
            assert!(n.outputs().all(|p| n.port_net(p).is_some()));
            before += m.cell_count();
            after += n.cell_count();
        }
    }
    assert!(after < before, "O1 removed nothing: {before} -> {after}");
}

#[test]
fn pipeline_is_deterministic() {
    for seed in 0..40u64 {
        let d = random_design(seed, &RandomConfig::default());
        let a = optimize(&d, passes::pipeline(OptLevel::O1));
        let b = optimize(&d.clone(), passes::pipeline(OptLevel::O1));
        assert_eq!(dump(&a), dump(&b), "seed {seed}");
        let fa = optimize(&d, vec![Box::new(passes::Flatten)]);
        let fb = optimize(&d, vec![Box::new(passes::Flatten)]);
        assert_eq!(dump(&fa), dump(&fb), "seed {seed}");
    }
}

#[test]
fn dir_import_is_used() {
    let d = random_design(1, &RandomConfig::default());
    assert!(d.module(d.top_id()).ports.iter().any(|p| p.dir == Dir::Output));
}
