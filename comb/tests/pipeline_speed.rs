//! The -O1 pipeline on big modules: it changes and verifies a 10,000-cell module, and edits
//! around a high fan-out net stay local. Times are measured by benchmarks, not here: for
//! every stage from the netlist to SystemVerilog, with CPU times and peak RSS, run
//! `cargo run --release -p rmlir-backends --example o1_speed`.

use comb::netlist::{CellKind, Design, Dir, Module, Port};
use comb::passes::{self, OptLevel, PassManager};
use comb::{Bits, ModuleId, NetId};
use mlir_text::Span;

fn big_module(cells: usize) -> Design {
    let mut m = Module::new("big", Span::default());
    let port =
        |name: &str, dir| Port { name: name.into(), dir, width: 16, clock: false, span: Span::default() };
    let a = m.add_port(port("a", Dir::Input));
    let b = m.add_port(port("b", Dir::Input));
    let mut pool: Vec<NetId> = vec![m.port_net(a).unwrap(), m.port_net(b).unwrap()];
    let mut x = 12345u64;
    for i in 0..cells {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let pick = |k: u64| pool[pool.len() - 1 - ((x >> k) as usize % pool.len().min(64))];
        let (p, q) = (pick(20), pick(40));
        let n = match i % 7 {
            0 => m.add_cell(CellKind::Const(Bits::from_u64(x >> 50, 16)), 16, &[], None, Span::default()),
            1 => m.add_cell(CellKind::Add, 16, &[p, q], None, Span::default()),
            2 => m.add_cell(CellKind::And, 16, &[p, q], None, Span::default()),
            3 => m.add_cell(CellKind::Xor, 16, &[q, p], None, Span::default()),
            4 => m.add_cell(CellKind::Mul, 16, &[p, q], None, Span::default()),
            5 => m.add_cell(CellKind::Inv, 16, &[p], None, Span::default()),
            _ => m.add_cell(CellKind::Add, 16, &[p, q], None, Span::default()),
        };
        pool.push(n);
    }
    for i in 0..16 {
        let y = m.add_port(port(&format!("y{i}"), Dir::Output));
        m.set_output(y, pool[pool.len() - 1 - i * (cells / 20)]);
    }
    Design { modules: vec![m], top: Some(ModuleId(0)) }
}

#[test]
fn ten_thousand_cells_verified() {
    let mut d = big_module(10_000);
    let reports = PassManager::default().run(&mut d, &mut passes::pipeline(OptLevel::O1)).unwrap();
    assert!(reports.iter().any(|r| r.changed));
    assert!(d.modules[0].check_uses().is_ok());
}

/// Edits around a net with 200k users cost O(operands) each, not O(fan-out): this would
/// take minutes if removing one use scanned the driver's whole user list.
#[test]
fn high_fan_out_edits_are_local() {
    let mut m = Module::new("fan", Span::default());
    let port =
        |name: &str, dir| Port { name: name.into(), dir, width: 1, clock: false, span: Span::default() };
    let a = m.add_port(port("a", Dir::Input));
    let b = m.add_port(port("b", Dir::Input));
    let (a, b) = (m.port_net(a).unwrap(), m.port_net(b).unwrap());
    let users: Vec<NetId> =
        (0..200_000).map(|_| m.add_cell(CellKind::And, 1, &[a, b], None, Span::default())).collect();
    for &u in &users {
        m.set_operand(u, 0, b);
        m.set_operands(u, &[a, a]);
    }
    assert_eq!(m.use_count(a), 400_000);
    assert_eq!(m.use_count(b), 0);
    for &u in &users[..100_000] {
        m.set_operands(u, &[]);
        m.remove_cell(u);
    }
    assert_eq!(m.use_count(a), 200_000);
    assert_eq!(m.users(a).len(), 200_000);
    m.replace_all_uses(a, b);
    assert_eq!((m.use_count(a), m.use_count(b)), (0, 200_000));
    assert!(m.check_uses().is_ok());
}
