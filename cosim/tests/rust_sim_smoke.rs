//! Smoke test: a counter with reset and enable plus an adder.
#[path = "sim_common/mod.rs"]
mod common;
use comb::{Bits, CellKind, Dir};
use common::*;

#[test]
fn counter_smoke() {
    let mut m = comb::Module::new("cnt_top", Default::default());
    let clk = m.add_port(clock("clk"));
    let clk = m.port_net(clk).unwrap();
    let rst = input(&mut m, "rst", 1);
    let en = input(&mut m, "en", 1);
    let a = input(&mut m, "a", 8);
    let zero = konst(&mut m, 0, 8);
    let one = konst(&mut m, 1, 8);
    let r = named(
        &mut m,
        "count",
        CellKind::Reg { reset: true, enable: true, async_reset: false, init: None },
        8,
        &[zero, clk, en, rst, zero],
    );
    let inc = cell(&mut m, CellKind::Add, 8, &[r, one]);
    m.set_operand(r, 0, inc);
    let sum = cell(&mut m, CellKind::Add, 8, &[r, a]);
    output(&mut m, "count", r);
    output(&mut m, "sum", sum);
    let _ = Dir::Input;
    let d = design(vec![m]);
    let stim: Vec<Vec<Bits>> = (0..10u64)
        .map(|c| {
            vec![
                Bits::from_u64((c < 2) as u64, 1),
                Bits::from_u64((c % 3 != 0) as u64, 1),
                Bits::from_u64(c * 30, 8),
            ]
        })
        .collect();
    let out = run_all("smoke_h", &[(&d, stim.clone())]);
    let mut cnt = 0u8;
    for (c, line) in out[0].iter().enumerate() {
        let a = (c as u64 * 30) as u8;
        assert_eq!(line, &vec![format!("{cnt:02x}"), format!("{:02x}", cnt.wrapping_add(a))], "cycle {c}");
        if c < 2 {
            cnt = 0;
        } else if c % 3 != 0 {
            cnt = cnt.wrapping_add(1);
        }
    }
}
