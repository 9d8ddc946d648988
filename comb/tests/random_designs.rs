//! The random generator makes valid designs, and the evaluator runs them.

use comb::eval::Simulator;
use comb::random::{random_batch, random_design, RandomConfig};
use comb::verify::verify;
use comb::CellKind;

#[test]
fn random_designs_verify() {
    let configs = [
        RandomConfig::default(),
        RandomConfig { ops: 20, max_width: 16, registers: false, instances: false, memories: true },
        RandomConfig { ops: 120, max_width: 300, registers: true, instances: false, memories: true },
        RandomConfig { ops: 40, max_width: 64, registers: false, instances: true, memories: true },
    ];
    for seed in 0..300u64 {
        let cfg = &configs[seed as usize % configs.len()];
        let d = random_design(seed, cfg);
        let errors = verify(&d);
        assert!(errors.is_empty(), "seed {seed}: {}", errors[0]);
    }
}

#[test]
fn random_designs_cover_every_kind() {
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..100u64 {
        let d = random_design(seed, &RandomConfig::default());
        for m in &d.modules {
            for c in m.cells() {
                let k = &m.cell(c).kind;
                let name = match k {
                    CellKind::Icmp(p) => format!("icmp.{}", p.name()),
                    CellKind::Reg { reset, enable, .. } => format!("reg.{reset}.{enable}"),
                    k => k.op_name().to_string(),
                };
                seen.insert(name);
            }
        }
    }
    for want in [
        "comb.and",
        "comb.or",
        "comb.xor",
        "comb.nand",
        "comb.nor",
        "comb.xnor",
        "comb.add",
        "comb.mul",
        "comb.sub",
        "comb.divu",
        "comb.divs",
        "comb.modu",
        "comb.mods",
        "comb.shl",
        "comb.shru",
        "comb.shrs",
        "comb.inv",
        "comb.parity",
        "comb.reverse",
        "comb.concat",
        "comb.extract",
        "comb.replicate",
        "comb.mux",
        "comb.truth_table",
        "comb.lut",
        "hw.constant",
        "hw.instance",
        "seq.to_clock",
        "seq.from_clock",
        "reg.true.true",
        "reg.true.false",
        "reg.false.true",
        "reg.false.false",
        "icmp.eq",
        "icmp.ne",
        "icmp.slt",
        "icmp.sle",
        "icmp.sgt",
        "icmp.sge",
        "icmp.ult",
        "icmp.ule",
        "icmp.ugt",
        "icmp.uge",
        "icmp.ceq",
        "icmp.cne",
        "icmp.weq",
        "icmp.wne",
    ] {
        assert!(seen.contains(want), "no {want} generated");
    }
}

#[test]
fn async_resets_and_initial_values_verify() {
    let (mut asyncs, mut inits) = (0, 0);
    for seed in 0..40u64 {
        let mut d = random_design(seed, &RandomConfig::default());
        let c = comb::random_seq::add_async_and_init(&mut d, seed);
        (asyncs, inits) = (asyncs + c.async_resets, inits + c.inits);
        let errors = comb::verify::verify(&d);
        assert!(errors.is_empty(), "seed {seed}: {}", errors[0]);
        let again = {
            let mut e = random_design(seed, &RandomConfig::default());
            comb::random_seq::add_async_and_init(&mut e, seed);
            e
        };
        assert_eq!(comb::passes::dump::dump(&d), comb::passes::dump::dump(&again), "seed {seed}");
    }
    assert!(asyncs >= 20 && inits >= 20, "too few: {asyncs} asynchronous resets, {inits} initial values");
}

#[test]
fn generation_is_deterministic() {
    let a = comb::passes::dump::dump(&random_design(42, &RandomConfig::default()));
    let b = comb::passes::dump::dump(&random_design(42, &RandomConfig::default()));
    assert_eq!(a, b);
}

#[test]
fn batches_verify_and_simulate() {
    for seed in 0..5u64 {
        let d = random_batch(seed, 8, &RandomConfig::default());
        let errors = verify(&d);
        assert!(errors.is_empty(), "batch {seed}: {}", errors[0]);
        let mut sim = Simulator::new(&d).expect("simulates");
        sim.set_input("rst", comb::Bits::from_bool(true));
        sim.tick();
        assert!(!sim.outputs().is_empty());
    }
}
