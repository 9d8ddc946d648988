//! Test helpers: modules around built cones, simulated with `comb::eval::Simulator`.

use super::UnitBuilder;
use comb::eval::Simulator;
use comb::{Bits, Design, Dir, Module, ModuleId, NetId, Port};
use mlir_text::Span;

/// A module with inputs `a`, `b`, ... of the given widths and output `y` computed by `f`.
pub fn comb_module(widths: &[u32], f: impl FnOnce(&mut UnitBuilder, &[NetId]) -> NetId) -> Module {
    let mut m = Module::new("t", Span::default());
    let mut ins = Vec::new();
    for (i, &w) in widths.iter().enumerate() {
        let name = ((b'a' + i as u8) as char).to_string();
        let p = m.add_port(Port { name, dir: Dir::Input, width: w, clock: false, span: Span::default() });
        ins.push(m.port_net(p).expect("input"));
    }
    let mut b = UnitBuilder::new(&mut m);
    let y = f(&mut b, &ins);
    let w = m.width(y);
    let p = m.add_port(Port {
        name: "y".into(),
        dir: Dir::Output,
        width: w,
        clock: false,
        span: Span::default(),
    });
    m.set_output(p, y);
    m
}

/// A simulator of one module.
pub fn simulator(m: Module) -> Simulator {
    let d = Design { modules: vec![m], top: Some(ModuleId(0)) };
    Simulator::new(&d).expect("a unit module simulates")
}

/// Evaluates a combinational module on inputs given as u128 values.
pub fn eval(sim: &mut Simulator, ins: &[u128]) -> u128 {
    for (i, &v) in ins.iter().enumerate() {
        let name = ((b'a' + i as u8) as char).to_string();
        sim.set_input(&name, Bits::from_u128(v, 128));
    }
    sim.eval();
    sim.output("y").to_u128()
}

/// Streams `vectors` through a unit module of latency `latency` (new operands every cycle)
/// and returns the results in order.
pub fn stream(m: Module, latency: u32, vectors: &[Vec<u64>]) -> Vec<u64> {
    let mut sim = simulator(m);
    let mut out = Vec::with_capacity(vectors.len());
    let names = ["a", "b", "c"];
    for i in 0..vectors.len() + latency as usize {
        if let Some(v) = vectors.get(i) {
            for (k, &x) in v.iter().enumerate() {
                sim.set_input(names[k], Bits::from_u64(x, 64));
            }
        }
        sim.eval();
        if i >= latency as usize {
            out.push(sim.output("y").to_u64());
        }
        if latency > 0 {
            sim.tick();
        }
    }
    out
}

/// A small deterministic generator (xorshift64*).
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}
