//! Evaluator register semantics: reset over enable over hold, and several clocks.

use comb::eval::Simulator;
use comb::netlist::{CellKind, Design, Dir, Module, Port};
use comb::{Bits, ModuleId, NetId};
use mlir_text::Span;

fn port(m: &mut Module, name: &str, dir: Dir, width: u32, clock: bool) -> Option<NetId> {
    let p = m.add_port(Port { name: name.into(), dir, width, clock, span: Span::default() });
    m.port_net(p)
}

#[test]
fn reset_enable_and_two_clocks() {
    let mut m = Module::new("two", Span::default());
    let c1 = port(&mut m, "c1", Dir::Input, 1, true).unwrap();
    let c2 = port(&mut m, "c2", Dir::Input, 1, true).unwrap();
    let rst = port(&mut m, "rst", Dir::Input, 1, false).unwrap();
    let en = port(&mut m, "en", Dir::Input, 1, false).unwrap();
    let d = port(&mut m, "d", Dir::Input, 8, false).unwrap();
    let sp = Span::default();
    let seven = m.add_cell(CellKind::Const(Bits::from_u64(7, 8)), 8, &[], None, sp);
    let kind = CellKind::Reg { reset: true, enable: true, async_reset: false, init: None };
    let a = m.add_cell(kind, 8, &[d, c1, en, rst, seven], None, sp);
    let data = m.add_cell(CellKind::FromClock, 1, &[c2], None, sp);
    let clk2 = m.add_cell(CellKind::ToClock, 1, &[data], None, sp);
    let b = m.add_cell(
        CellKind::Reg { reset: false, enable: false, async_reset: false, init: None },
        8,
        &[a, clk2],
        None,
        sp,
    );
    for (name, net) in [("a", a), ("b", b)] {
        let p = m.add_port(Port { name: name.into(), dir: Dir::Output, width: 8, clock: false, span: sp });
        m.set_output(p, net);
    }
    let design = Design { modules: vec![m], top: Some(ModuleId(0)) };
    let mut sim = Simulator::new(&design).unwrap();
    assert_eq!(sim.clocks(), ["c1", "c2"]);
    let get = |s: &Simulator, n: &str| s.output(n).to_u64();
    assert_eq!((get(&sim, "a"), get(&sim, "b")), (0, 0), "registers start at 0");
    sim.set_input("d", Bits::from_u64(5, 8));
    sim.set_input("rst", Bits::from_bool(true));
    sim.tick_clock("c1");
    assert_eq!((get(&sim, "a"), get(&sim, "b")), (7, 0), "reset wins, enable low");
    sim.set_input("rst", Bits::from_bool(false));
    sim.tick_clock("c1");
    assert_eq!(get(&sim, "a"), 7, "enable low holds");
    sim.set_input("en", Bits::from_bool(true));
    sim.tick_clock("c1");
    assert_eq!((get(&sim, "a"), get(&sim, "b")), (5, 0));
    sim.tick_clock("c2");
    assert_eq!(get(&sim, "b"), 5, "c2 reaches b through from_clock/to_clock");
    sim.set_input("d", Bits::from_u64(9, 8));
    sim.tick();
    assert_eq!((get(&sim, "a"), get(&sim, "b")), (9, 5), "tick fires both, sampling together");
    assert_eq!(sim.value(b).to_u64(), 5);
}
