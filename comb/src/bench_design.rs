//! The benchmark workload of `bench/gen_comb.py`, built directly through the [`Module`] API
//! (no reader needed), for the speed tests and the stage-timing example.
//!
//! One module `big` with 16 `i32` inputs and `ops` ops: binary ops
//! (add/sub/and/or/xor/mul/shl/shru), icmp + mux, extract + extract + concat, and
//! constant + xor. Each op uses the previous value and a random one among the last 1000,
//! so everything stays live after -O1. Outputs `y` (the last value) and `z` (the parity of
//! the one before). The random stream differs from the script's; the shape is the same.

use crate::bits::Bits;
use crate::ids::{ModuleId, NetId};
use crate::netlist::{CellKind, Design, Dir, IcmpPred, Module, Port};
use crate::rng::Rng;
use mlir_text::Span;
use std::sync::Arc;

/// Builds the workload. With `named`, every value keeps a user name (`v12`, `c12`, ...) as
/// the reader would give it; without, cells are anonymous.
pub fn comb_chain(ops: usize, seed: u64, named: bool) -> Design {
    let mut rng = Rng::new(seed);
    let mut m = Module::new("big", Span::default());
    let port = |name: String, dir, width| Port { name, dir, width, clock: false, span: Span::default() };
    let mut values: Vec<NetId> = Vec::with_capacity(ops + 16);
    for i in 0..16 {
        let p = m.add_port(port(format!("a{i}"), Dir::Input, 32));
        values.push(m.port_net(p).expect("input cell"));
    }
    let y = m.add_port(port("y".into(), Dir::Output, 32));
    let z = m.add_port(port("z".into(), Dir::Output, 1));
    let name = |prefix: &str, k: usize| -> Option<Arc<str>> { named.then(|| format!("{prefix}{k}").into()) };
    let binops = [
        CellKind::Add,
        CellKind::Sub,
        CellKind::And,
        CellKind::Or,
        CellKind::Xor,
        CellKind::Mul,
        CellKind::Shl,
        CellKind::ShrU,
    ];
    let sp = Span::default();
    let mut k = 0;
    while k < ops {
        let prev = *values.last().expect("inputs first");
        let lo = values.len().saturating_sub(1000);
        let other = values[lo + rng.below((values.len() - lo) as u64) as usize];
        let r = rng.below(100);
        let v = if r < 70 {
            let kind = rng.pick(&binops).clone();
            m.add_cell(kind, 32, &[prev, other], name("v", k), sp)
        } else if r < 80 {
            let c = m.add_cell(CellKind::Icmp(IcmpPred::Ult), 1, &[prev, other], name("c", k), sp);
            k += 1;
            m.add_cell(CellKind::Mux, 32, &[c, prev, other], name("v", k), sp)
        } else if r < 90 {
            let l = m.add_cell(CellKind::Extract { low: 0 }, 16, &[prev], name("l", k), sp);
            let h = m.add_cell(CellKind::Extract { low: 16 }, 16, &[other], name("h", k), sp);
            k += 2;
            m.add_cell(CellKind::Concat, 32, &[l, h], name("v", k), sp)
        } else {
            let c = Bits::from_u64(rng.next_u64(), 32);
            let c = m.add_cell(CellKind::Const(c), 32, &[], name("k", k), sp);
            k += 1;
            m.add_cell(CellKind::Xor, 32, &[prev, c], name("v", k), sp)
        };
        values.push(v);
        k += 1;
    }
    let before = values[values.len() - 2];
    let zz = m.add_cell(CellKind::Parity, 1, &[before], name("zz", 0), sp);
    m.set_output(y, *values.last().expect("values"));
    m.set_output(z, zz);
    Design { modules: vec![m], top: Some(ModuleId(0)) }
}
