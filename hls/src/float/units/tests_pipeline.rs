//! The pipeliner and the latency table: every path crosses the same number of registers,
//! the cuts are balanced, and the latencies at 10 ns are what the issue asks of f32 add.

use super::pipeline::{cone, critical_path, plan};
use super::testutil::{comb_module, simulator};
use super::{min_latency, scratch, stage_delays, unit_module, FUnit};
use crate::float::FloatFormat;
use comb::{Bits, CellKind, Module, NetId};
use std::collections::HashMap;

/// Registers on every path from an input port to the output `y` (all equal, or `None`).
fn path_registers(m: &Module) -> Option<u32> {
    let y = m.outputs().next().and_then(|p| m.port_net(p))?;
    let mut memo: HashMap<NetId, Option<u32>> = HashMap::new();
    fn depth(m: &Module, n: NetId, memo: &mut HashMap<NetId, Option<u32>>) -> Option<Option<u32>> {
        if let Some(&d) = memo.get(&n) {
            return Some(d);
        }
        let c = m.cell(n);
        let r = match &c.kind {
            CellKind::Input(p) if !m.port(*p).clock => Some(Some(0)),
            CellKind::Input(_) | CellKind::Const(_) => Some(None),
            CellKind::Reg { .. } => depth(m, c.operands()[0], memo).map(|d| d.map(|x| x + 1)),
            _ => {
                let mut acc: Option<u32> = None;
                for &o in c.operands() {
                    match depth(m, o, memo)? {
                        Some(d) if acc.is_some_and(|a| a != d) => return None,
                        Some(d) => acc = Some(d),
                        None => {}
                    }
                }
                Some(acc)
            }
        };
        if let Some(d) = r {
            memo.insert(n, d);
        }
        r
    }
    depth(m, y, &mut memo).flatten()
}

#[test]
fn every_path_crosses_latency_registers() {
    for (k, f) in
        [(FUnit::Add, FloatFormat::F32), (FUnit::Mul, FloatFormat::BF16), (FUnit::Fma, FloatFormat::F16)]
    {
        for l in 0..=5 {
            assert_eq!(path_registers(&unit_module(k, f, l)), Some(l), "{k:?} {f} L{l}");
        }
    }
}

#[test]
fn cuts_are_balanced_and_shrink_with_latency() {
    let (m, ins, y) = scratch(FUnit::Add, FloatFormat::F32, &Default::default());
    let total = critical_path(&m, &ins, y).last().map_or(0.0, |x| x.2);
    let comb = stage_delays(FUnit::Add, FloatFormat::F32, 0);
    assert!((comb[0] - total).abs() < 1e-6, "one stage holds the whole path");
    let mut prev = total;
    for l in 1..=4 {
        let s = stage_delays(FUnit::Add, FloatFormat::F32, l);
        let worst = s.iter().copied().fold(0.0, f64::max);
        assert!(worst < prev, "L{l}: {worst} not below {prev}");
        // No stage is much above an even share of the path (cells are atomic).
        assert!(worst <= total / f64::from(l + 1) + 6.0, "L{l}: {s:?}");
        prev = worst;
    }
    assert!(cone(&m, &ins, y).len() > 100);
    assert_eq!(plan(&m, &ins, y, 0).out_stage, 0);
}

#[test]
fn latency_table_at_10ns() {
    let f32_add = min_latency(FUnit::Add, FloatFormat::F32, 10.0);
    assert!(f32_add <= 4, "f32 add needs {f32_add} stages");
    for k in [FUnit::Add, FUnit::Mul, FUnit::Fma] {
        // Longer periods never need more registers; a very long one needs none.
        let (a, b) = (min_latency(k, FloatFormat::F32, 10.0), min_latency(k, FloatFormat::F32, 20.0));
        assert!(b <= a && a > 0, "{k:?}: {a} at 10 ns, {b} at 20 ns");
        assert_eq!(min_latency(k, FloatFormat::F32, 1000.0), 0);
        // Wider formats are no faster.
        assert!(min_latency(k, FloatFormat::F64, 10.0) >= a);
    }
}

#[test]
fn pipelined_module_streams_one_result_per_cycle() {
    // y = ((a + b) + b) + b of 16-bit values, pipelined by hand-picked latency 3.
    let mut m = comb_module(&[16, 16], |b, x| {
        let s = b.add(x[0], x[1]);
        let s = b.add(s, x[1]);
        b.add(s, x[1])
    });
    let clk = m.add_port(comb::Port {
        name: "clk".into(),
        dir: comb::Dir::Input,
        width: 1,
        clock: true,
        span: Default::default(),
    });
    let clk = m.port_net(clk).expect("input");
    let ins: Vec<NetId> = m.inputs().filter_map(|p| m.port_net(p)).take(2).collect();
    let out = m.outputs().next().expect("y");
    let y = m.port_net(out).expect("driven");
    let y2 = super::pipeline::pipeline(&mut m, &ins, y, clk, 3);
    m.set_output(out, y2);
    assert_eq!(path_registers(&m), Some(3));
    let mut sim = simulator(m);
    for i in 0..20u64 {
        sim.set_input("a", Bits::from_u64(i * 7, 16));
        sim.set_input("b", Bits::from_u64(i + 100, 16));
        sim.eval();
        if i >= 3 {
            let j = i - 3;
            assert_eq!(sim.output("y").to_u64(), (j * 7 + 3 * (j + 100)) & 0xFFFF, "cycle {i}");
        }
        sim.tick();
    }
}

#[test]
fn row_multiplier_keeps_every_stage_within_the_period() {
    use super::{min_latency_with, stage_delays_with, UnitOptions};
    let opts = UnitOptions { mul_tile: Some(4) };
    let budget = crate::schedule::delays::budget(10.0) + crate::schedule::delays::CHAIN_NS;
    let l = min_latency_with(FUnit::Mul, FloatFormat::F32, 10.0, &opts);
    let st = stage_delays_with(FUnit::Mul, FloatFormat::F32, l, &opts);
    assert!(st.iter().all(|&d| d <= budget + 1e-9), "L{l}: {st:?}");
    // One Mul cell does not fit: its stage is over the period.
    let l1 = min_latency_with(FUnit::Mul, FloatFormat::F32, 10.0, &UnitOptions::default());
    let st1 = stage_delays_with(FUnit::Mul, FloatFormat::F32, l1, &UnitOptions::default());
    assert!(st1.iter().any(|&d| d > budget), "{st1:?}");
}

#[test]
fn multiplier_rounds_two_luts_after_the_shift() {
    // The f32 multiplier as HLS builds it: on its critical path, at most two LUT levels
    // between the normalizing shifter's last multiplexer and the rounding adder.
    let (m, ins, y) = scratch(FUnit::Mul, FloatFormat::F32, &super::UnitOptions { mul_tile: Some(0) });
    let path = critical_path(&m, &ins, y);
    let kinds: Vec<(&CellKind, u32)> =
        path.iter().filter(|p| p.1 > 0.0).map(|p| (&m.cell(p.0).kind, m.width(p.0))).collect();
    let add = kinds.iter().rposition(|k| matches!(k.0, CellKind::Add)).expect("a rounding adder");
    // The shifter's multiplexers are word-wide (a 1-bit one is a select of the rounding).
    let shift =
        kinds[..add].iter().rposition(|k| matches!(k.0, CellKind::Mux) && k.1 > 1).expect("a shifter");
    assert!(add - shift - 1 <= 2, "{:?}", &kinds[shift..]);
}
