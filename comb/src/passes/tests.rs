//! Pass unit tests: a small netlist before, the expected shape after.

use super::*;
use crate::bits::Bits;
use crate::eval::Simulator;
use crate::ids::PortId;
use crate::netlist::{Dir, IcmpPred, Port};
use crate::verify::verify;
use std::sync::Arc;

fn port(name: &str, dir: Dir, width: u32) -> Port {
    Port { name: name.into(), dir, width, clock: false, span: Span::default() }
}

/// A module with inputs `a`, `b` (i8) and `c` (i1), and outputs added by the test.
fn module() -> (Module, NetId, NetId, NetId) {
    let mut m = Module::new("t", Span::default());
    let pa = m.add_port(port("a", Dir::Input, 8));
    let pb = m.add_port(port("b", Dir::Input, 8));
    let pc = m.add_port(port("c", Dir::Input, 1));
    let (a, b, c) = (m.port_net(pa).unwrap(), m.port_net(pb).unwrap(), m.port_net(pc).unwrap());
    (m, a, b, c)
}

fn out(m: &mut Module, name: &str, net: NetId) -> PortId {
    let w = m.width(net);
    let p = m.add_port(port(name, Dir::Output, w));
    m.set_output(p, net);
    p
}

fn cell(m: &mut Module, kind: CellKind, w: u32, ops: &[NetId]) -> NetId {
    m.add_cell(kind, w, ops, None, Span::default())
}

fn konst(m: &mut Module, v: u64, w: u32) -> NetId {
    cell(m, CellKind::Const(Bits::from_u64(v, w)), w, &[])
}

fn design(m: Module) -> Design {
    Design { modules: vec![m], top: Some(ModuleId(0)) }
}

fn run(d: &mut Design, pass: Box<dyn Pass>) -> bool {
    let mut p = vec![pass];
    let r = PassManager::default().run(d, &mut p).unwrap_or_else(|e| panic!("{e}"));
    r[0].changed
}

fn driver(d: &Design, p: PortId) -> &crate::netlist::Cell {
    let m = &d.modules[0];
    m.cell(m.port_net(p).unwrap())
}

#[test]
fn constant_fold_all_constant_cascades() {
    let (mut m, _, _, _) = module();
    let (x, y) = (konst(&mut m, 200, 8), konst(&mut m, 100, 8));
    let s = cell(&mut m, CellKind::Add, 8, &[x, y]);
    let z = konst(&mut m, 0, 8);
    let q = cell(&mut m, CellKind::DivU, 8, &[s, z]);
    let e = cell(&mut m, CellKind::Icmp(IcmpPred::Ult), 1, &[s, q]);
    let (p1, p2) = (out(&mut m, "s", s), out(&mut m, "e", e));
    let mut d = design(m);
    assert!(run(&mut d, Box::new(ConstantFold)));
    assert_eq!(driver(&d, p1).kind, CellKind::Const(Bits::from_u64(44, 8)));
    assert_eq!(driver(&d, p2).kind, CellKind::Const(Bits::from_bool(false)));
    assert!(!run(&mut d, Box::new(ConstantFold)), "a second run changes nothing");
}

#[test]
fn constant_fold_leaves_very_wide_products_and_divisions_as_logic() {
    // Folding these would take minutes (quadratic in the width); the cells stay and
    // compute the same value. Narrower ones and small divisors still fold.
    let w = 1 << 22;
    let (mut m, _, _, _) = module();
    let wide = |m: &mut Module, seed: u64| {
        let mut r = crate::rng::Rng::new(seed);
        cell(m, CellKind::Const(r.bits(w)), w, &[])
    };
    let (a, b) = (wide(&mut m, 1), wide(&mut m, 2));
    let p = cell(&mut m, CellKind::Mul, w, &[a, b]);
    let q = cell(&mut m, CellKind::DivU, w, &[a, b]);
    let seven = cell(&mut m, CellKind::Const(Bits::from_u64(7, w)), w, &[]);
    let r = cell(&mut m, CellKind::ModU, w, &[a, seven]);
    let s = cell(&mut m, CellKind::Mul, w, &[a, seven]);
    let (pp, pq, pr) = (out(&mut m, "p", p), out(&mut m, "q", q), out(&mut m, "r", r));
    let ps = out(&mut m, "s", s);
    let mut d = design(m);
    run(&mut d, Box::new(ConstantFold));
    assert_eq!(driver(&d, pp).kind, CellKind::Mul);
    assert_eq!(driver(&d, pq).kind, CellKind::DivU);
    assert!(matches!(driver(&d, pr).kind, CellKind::Const(_)), "a one-word divisor folds");
    assert!(matches!(driver(&d, ps).kind, CellKind::Const(_)), "a one-word factor folds");
}

#[test]
fn constant_fold_partial_identities() {
    let (mut m, a, b, c) = module();
    let zero = konst(&mut m, 0, 8);
    let ones = konst(&mut m, 0xFF, 8);
    let one = konst(&mut m, 1, 8);
    let and0 = cell(&mut m, CellKind::And, 8, &[a, zero]);
    let or0 = cell(&mut m, CellKind::Or, 8, &[a, zero]);
    let and1 = cell(&mut m, CellKind::And, 8, &[ones, a]);
    let mul1 = cell(&mut m, CellKind::Mul, 8, &[a, one]);
    let xx = cell(&mut m, CellKind::Xor, 8, &[a, b, a]);
    let merged = cell(&mut m, CellKind::Add, 8, &[one, a, one]);
    let shl0 = cell(&mut m, CellKind::Shl, 8, &[a, zero]);
    let t = konst(&mut m, 1, 1);
    let mux_c = cell(&mut m, CellKind::Mux, 8, &[t, a, b]);
    let mux_same = cell(&mut m, CellKind::Mux, 8, &[c, b, b]);
    let full = cell(&mut m, CellKind::Extract { low: 0 }, 8, &[a]);
    let eq = cell(&mut m, CellKind::Icmp(IcmpPred::Sge), 1, &[b, b]);
    let nand1 = cell(&mut m, CellKind::Nand, 8, &[a, ones]);
    let ports: Vec<PortId> = [and0, or0, and1, mul1, xx, merged, shl0, mux_c, mux_same, full, eq, nand1]
        .iter()
        .enumerate()
        .map(|(i, &n)| out(&mut m, &format!("o{i}"), n))
        .collect();
    let mut d = design(m);
    run(&mut d, Box::new(ConstantFold));
    let m = &d.modules[0];
    let net = |i: usize| m.port_net(ports[i]).unwrap();
    assert_eq!(m.cell(net(0)).kind, CellKind::Const(Bits::zero(8)));
    assert_eq!([net(1), net(2), net(3)], [a, a, a]);
    assert_eq!(net(4), b);
    assert_eq!(m.cell(net(5)).kind, CellKind::Add);
    let two = m.operands(net(5))[1];
    assert_eq!((m.operands(net(5))[0], &m.cell(two).kind), (a, &CellKind::Const(Bits::from_u64(2, 8))));
    assert_eq!([net(6), net(7), net(8), net(9)], [a, a, b, a]);
    assert_eq!(m.cell(net(10)).kind, CellKind::Const(Bits::from_bool(true)));
    assert_eq!((&m.cell(net(11)).kind, m.operands(net(11))), (&CellKind::Inv, &[a][..]));
}

#[test]
fn simplify_shapes() {
    let (mut m, a, _, c) = module();
    let t = konst(&mut m, 1, 1);
    let f = konst(&mut m, 0, 1);
    let m1 = cell(&mut m, CellKind::Mux, 1, &[c, t, f]);
    let m2 = cell(&mut m, CellKind::Mux, 1, &[c, f, t]);
    let i1 = cell(&mut m, CellKind::Inv, 8, &[a]);
    let i2 = cell(&mut m, CellKind::Inv, 8, &[i1]);
    let cat = cell(&mut m, CellKind::Concat, 17, &[a, c, i1]);
    let hit_a = cell(&mut m, CellKind::Extract { low: 10 }, 4, &[cat]);
    let whole_a = cell(&mut m, CellKind::Extract { low: 9 }, 8, &[cat]);
    let span = cell(&mut m, CellKind::Extract { low: 7 }, 3, &[cat]);
    let e1 = cell(&mut m, CellKind::Extract { low: 2 }, 5, &[a]);
    let e2 = cell(&mut m, CellKind::Extract { low: 1 }, 3, &[e1]);
    let one = cell(&mut m, CellKind::Xnor, 8, &[a]);
    let ports: Vec<PortId> = [m1, m2, i2, hit_a, whole_a, span, e2, one]
        .iter()
        .enumerate()
        .map(|(i, &n)| out(&mut m, &format!("o{i}"), n))
        .collect();
    let mut d = design(m);
    assert!(run(&mut d, Box::new(Simplify)));
    let m = &d.modules[0];
    let net = |i: usize| m.port_net(ports[i]).unwrap();
    let shape = |i: usize| (m.cell(net(i)).kind.clone(), m.operands(net(i)).to_vec());
    assert_eq!(net(0), c);
    assert_eq!(shape(1), (CellKind::Inv, vec![c]));
    assert_eq!(net(2), a);
    assert_eq!(shape(3), (CellKind::Extract { low: 1 }, vec![a]));
    assert_eq!(net(4), a);
    assert_eq!(shape(5), (CellKind::Extract { low: 7 }, vec![cat]));
    assert_eq!(shape(6), (CellKind::Extract { low: 3 }, vec![a]));
    assert_eq!(shape(7), (CellKind::Inv, vec![a]));
}

#[test]
fn cse_merges_commutative_keeps_lower_id_and_moves_names() {
    let (mut m, a, b, _) = module();
    let x = cell(&mut m, CellKind::Add, 8, &[a, b]);
    let y = m.add_cell(CellKind::Add, 8, &[b, a], Some(Arc::from("sum")), Span::default());
    let s1 = cell(&mut m, CellKind::Sub, 8, &[a, b]);
    let s2 = cell(&mut m, CellKind::Sub, 8, &[b, a]);
    let ux = cell(&mut m, CellKind::Inv, 8, &[x]);
    let uy = cell(&mut m, CellKind::Inv, 8, &[y]);
    let ports: Vec<PortId> =
        [x, y, s1, s2, ux, uy].iter().enumerate().map(|(i, &n)| out(&mut m, &format!("o{i}"), n)).collect();
    let mut d = design(m);
    assert!(run(&mut d, Box::new(Cse)));
    let m = &d.modules[0];
    let net = |i: usize| m.port_net(ports[i]).unwrap();
    assert_eq!((net(0), net(1)), (x, x));
    assert_eq!(m.cell(x).name.as_deref(), Some("sum"));
    assert!(!m.contains(y));
    assert_ne!(net(2), net(3), "sub is not commutative");
    assert_eq!((net(4), net(5)), (ux, ux), "merges cascade to users");
    assert_eq!(m.operands(x), &[a, b], "the kept cell keeps its operand order");
}

#[test]
fn dead_code_removes_unreachable_logic_loops_and_instances() {
    let mut child = Module::new("child", Span::default());
    let ci = child.add_port(port("i", Dir::Input, 8));
    let ci = child.port_net(ci).unwrap();
    out(&mut child, "o", ci);
    let (mut m, a, b, _) = module();
    let mut clkp = port("clk", Dir::Input, 1);
    clkp.clock = true;
    let clk = m.add_port(clkp);
    let clk = m.port_net(clk).unwrap();
    let used = cell(&mut m, CellKind::Add, 8, &[a, b]);
    let unused = cell(&mut m, CellKind::Mul, 8, &[a, b]);
    // A register loop that reaches no output.
    let r = m.add_cell(
        CellKind::Reg { reset: false, enable: false, async_reset: false, init: None },
        8,
        &[a, clk],
        None,
        Span::default(),
    );
    let k1 = konst(&mut m, 1, 8);
    let inc = cell(&mut m, CellKind::Add, 8, &[r, k1]);
    m.set_operand(r, 0, inc);
    let inst = cell(
        &mut m,
        CellKind::Instance { module: ModuleId(0), name: "u0".into(), params: Default::default() },
        0,
        &[a],
    );
    let io = cell(&mut m, CellKind::InstOutput(PortId(1)), 8, &[inst]);
    let p = out(&mut m, "y", used);
    let mut d = Design { modules: vec![child, m], top: Some(ModuleId(1)) };
    assert!(verify(&d).is_empty());
    assert!(run(&mut d, Box::new(DeadCode)));
    let m = &d.modules[1];
    assert_eq!(m.port_net(p), Some(used));
    for gone in [unused, r, inc, inst, io] {
        assert!(!m.contains(gone), "{gone} should be removed");
    }
    assert_eq!(m.cell_count(), 5, "4 inputs and the add");
    assert!(!run(&mut d, Box::new(DeadCode)));
}

#[test]
fn flatten_inlines_prefixes_names_and_keeps_values() {
    let mut child = Module::new("child", Span::default());
    let ci = child.add_port(port("i", Dir::Input, 8));
    let ci = child.port_net(ci).unwrap();
    let k = konst(&mut child, 3, 8);
    let dbl = child.add_cell(CellKind::Mul, 8, &[ci, k], Some("triple".into()), Span::default());
    out(&mut child, "o", dbl);
    let (mut m, a, _, _) = module();
    let inst = cell(
        &mut m,
        CellKind::Instance { module: ModuleId(0), name: "u0".into(), params: Default::default() },
        0,
        &[a],
    );
    let io = cell(&mut m, CellKind::InstOutput(PortId(1)), 8, &[inst]);
    let inst2 = cell(
        &mut m,
        CellKind::Instance { module: ModuleId(0), name: "u1".into(), params: Default::default() },
        0,
        &[io],
    );
    let io2 = cell(&mut m, CellKind::InstOutput(PortId(1)), 8, &[inst2]);
    out(&mut m, "y", io2);
    let mut d = Design { modules: vec![child, m], top: Some(ModuleId(1)) };
    let mut sim = Simulator::new(&d).unwrap();
    sim.set_input("a", Bits::from_u64(5, 8));
    sim.eval();
    assert_eq!(sim.output("y").to_u64(), 45);
    assert_eq!(sim.value(io).to_u64(), 15);
    assert!(run(&mut d, Box::new(Flatten)));
    assert_eq!(d.modules.len(), 1);
    let m = &d.modules[0];
    let names: Vec<&str> = m.cells().filter_map(|c| m.cell(c).name.as_deref()).collect();
    assert!(names.contains(&"u0_triple") && names.contains(&"u1_triple"), "{names:?}");
    assert!(m.cells().all(|c| !matches!(m.cell(c).kind, CellKind::Instance { .. })));
}

#[test]
fn registry_and_pipelines() {
    let names: Vec<&str> = registry().iter().map(|p| p.name()).collect();
    assert_eq!(names, ["constant-fold", "simplify", "cse", "dead-code", "flatten", "egraph", "lut-map"]);
    assert!(registry().iter().all(|p| !p.description().is_empty()));
    assert_eq!(by_name("cse").unwrap().name(), "cse");
    assert!(by_name("nope").is_none());
    assert!(pipeline(OptLevel::O0).is_empty());
    assert!(pipeline(OptLevel::O1).iter().all(|p| p.name() != "flatten"));
}

/// A pass that breaks the netlist, to check the manager's message.
struct Breaker;
impl Pass for Breaker {
    fn name(&self) -> &'static str {
        "breaker"
    }
    fn description(&self) -> &'static str {
        "breaks things"
    }
    fn run(&mut self, design: &mut Design) -> bool {
        let m = &mut design.modules[0];
        let a = m.cells().next().unwrap();
        m.cell_mut(a).width = 3;
        true
    }
}

#[test]
fn manager_reports_broken_netlists_prints_and_times() {
    let (mut m, a, b, _) = module();
    let s = cell(&mut m, CellKind::Add, 8, &[a, b]);
    out(&mut m, "s", s);
    let mut d = design(m);
    let pm = PassManager { print_after: Some("cse".into()), time_passes: true, ..Default::default() };
    let mut p = pipeline(OptLevel::O1);
    let reports = pm.run(&mut d, &mut p).unwrap();
    assert!(reports.iter().any(|r| r.name == "cse" && r.printed.as_ref().unwrap().contains("comb.add")));
    assert!(reports.iter().filter(|r| r.name != "cse").all(|r| r.printed.is_none()));
    assert!(format_times(&reports).contains("total"));
    let err = PassManager::default().run(&mut d, &mut [Box::new(Breaker) as Box<dyn Pass>]).unwrap_err();
    assert!(err.starts_with("internal error: pass 'breaker' broke the netlist: "), "{err}");
    assert!(err.ends_with("; this is a bug in rmlir-hls"), "{err}");
}

/// Adds an unused constant cell on each of its first three runs (the design gets worse by
/// cells every time), then changes nothing.
struct Grow(u32);
impl Pass for Grow {
    fn name(&self) -> &'static str {
        "grow"
    }
    fn description(&self) -> &'static str {
        "adds an unused constant, three times"
    }
    fn run(&mut self, design: &mut Design) -> bool {
        if self.0 == 3 {
            return false;
        }
        self.0 += 1;
        konst(&mut design.modules[0], u64::from(self.0), 8);
        true
    }
}

/// Says it changed the design on its first two runs (it edits nothing): beside `Grow`,
/// the pipeline runs three rounds.
struct Nudge(u32);
impl Pass for Nudge {
    fn name(&self) -> &'static str {
        "nudge"
    }
    fn description(&self) -> &'static str {
        "reports a change twice"
    }
    fn run(&mut self, _: &mut Design) -> bool {
        self.0 += 1;
        self.0 <= 2
    }
}

#[test]
fn run_keep_best_keeps_the_best_round_and_stops_when_patience_runs_out() {
    let (mut m, a, b, _) = module();
    let s = cell(&mut m, CellKind::Add, 8, &[a, b]);
    out(&mut m, "s", s);
    let base = m.cell_count();
    let pipe = || vec![Box::new(Grow(0)) as Box<dyn Pass>, Box::new(Nudge(0))];
    let mut d = design(m.clone());
    PassManager::default().run(&mut d, &mut pipe()).unwrap();
    assert_eq!(d.modules[0].cell_count(), base + 3, "run goes to the fixed point");
    let fewer = |x: &Design, y: &Design| x.modules[0].cell_count() < y.modules[0].cell_count();
    for (patience, rounds) in [(1, 2), (2, 3)] {
        let mut d = design(m.clone());
        let reports = PassManager::default().run_keep_best(&mut d, &mut pipe(), fewer, patience).unwrap();
        assert_eq!(d.modules[0].cell_count(), base + 1, "the first round left the fewest cells");
        assert_eq!(reports.len(), 2 * rounds, "patience {patience}: {reports:?}");
        assert!(verify(&d).is_empty());
    }
    // Every round better than the last: on to the round that changes nothing.
    let more = |x: &Design, y: &Design| x.modules[0].cell_count() > y.modules[0].cell_count();
    let mut d = design(m);
    let reports = PassManager::default().run_keep_best(&mut d, &mut pipe(), more, 1).unwrap();
    assert_eq!(d.modules[0].cell_count(), base + 3, "the last change is the best by this measure");
    assert_eq!(reports.iter().filter(|r| !r.changed).count(), 3, "{reports:?}");
}

/// Hides a pass's incremental mode: the manager then always runs it in full.
struct Full(Box<dyn Pass>);
impl Pass for Full {
    fn name(&self) -> &'static str {
        self.0.name()
    }
    fn description(&self) -> &'static str {
        self.0.description()
    }
    fn run(&mut self, design: &mut Design) -> bool {
        self.0.run(design)
    }
}

/// A module of 8-bit logic (and some 1- and 4-bit values) where about one cell in six
/// repeats an earlier one, so `cse` merges and the reruns of `constant-fold` and
/// `simplify` find x-x, x^x, mux c,x,x, icmp x,x and the like. Operands come before their
/// users (ids ascending) unless `forward`, which adds a few forward operands.
pub(crate) fn redundant_module(seed: u64, cells: usize, forward: bool) -> Module {
    use crate::rng::Rng;
    let mut rng = Rng::new(seed);
    let (mut m, a, b, c) = module();
    let mut w8 = vec![a, b];
    let mut w1 = vec![c];
    let mut w4: Vec<NetId> = Vec::new();
    let bin = [
        CellKind::Add,
        CellKind::Sub,
        CellKind::And,
        CellKind::Or,
        CellKind::Xor,
        CellKind::Mul,
        CellKind::Shl,
    ];
    while m.cell_count() < cells {
        // Mostly recent values, sometimes any.
        let pick = |rng: &mut Rng, pool: &[NetId]| {
            let n = pool.len() as u64;
            let back = if rng.chance(3, 4) { rng.below(n.min(12)) } else { rng.below(n) };
            pool[(n - 1 - back) as usize]
        };
        if rng.chance(1, 6) {
            // Repeat an existing cell, commutative operands swapped now and then.
            let ids: Vec<NetId> = m.cells().collect();
            let src = ids[ids.len() - 1 - rng.below(ids.len().min(40) as u64) as usize];
            let cell = m.cell(src).clone();
            if matches!(cell.kind, CellKind::Input(_)) {
                continue;
            }
            let mut ops = cell.operands().to_vec();
            if matches!(cell.kind, CellKind::Add | CellKind::And | CellKind::Xor) && rng.chance(1, 2) {
                ops.reverse();
            }
            let n = m.add_cell(cell.kind, cell.width, &ops, None, Span::default());
            match cell.width {
                8 => w8.push(n),
                4 => w4.push(n),
                _ => w1.push(n),
            }
            continue;
        }
        match rng.below(10) {
            0 => {
                let r = rng.below(256);
                let v = *rng.pick(&[0, 1, 255, 3, r]);
                w8.push(konst(&mut m, v, 8));
            }
            1 => {
                let x = pick(&mut rng, &w8);
                w8.push(cell(&mut m, CellKind::Inv, 8, &[x]));
            }
            2 => {
                let (x, y) = (pick(&mut rng, &w8), pick(&mut rng, &w8));
                let p = *rng.pick(&[IcmpPred::Eq, IcmpPred::Ult, IcmpPred::Sge]);
                w1.push(cell(&mut m, CellKind::Icmp(p), 1, &[x, y]));
            }
            3 => {
                let (s, x, y) = (pick(&mut rng, &w1), pick(&mut rng, &w8), pick(&mut rng, &w8));
                w8.push(cell(&mut m, CellKind::Mux, 8, &[s, x, y]));
            }
            4 => {
                let x = pick(&mut rng, &w8);
                let low = *rng.pick(&[0, 4, 2]);
                w4.push(cell(&mut m, CellKind::Extract { low }, 4, &[x]));
            }
            5 if w4.len() >= 2 => {
                let (x, y) = (pick(&mut rng, &w4), pick(&mut rng, &w4));
                w8.push(cell(&mut m, CellKind::Concat, 8, &[x, y]));
            }
            _ => {
                let k = rng.pick(&bin).clone();
                let (x, y) = (pick(&mut rng, &w8), pick(&mut rng, &w8));
                w8.push(cell(&mut m, k, 8, &[x, y]));
            }
        }
    }
    if forward {
        // A few operands redirected to later values.
        for _ in 0..3 {
            let i = rng.below(w8.len() as u64 / 2) as usize;
            let later = w8[w8.len() - 1 - rng.below(4) as usize];
            if matches!(m.cell(w8[i]).kind, CellKind::Add | CellKind::Xor) && later > w8[i] {
                m.set_operand(w8[i], 0, later);
            }
        }
    }
    for (i, &n) in w8.iter().rev().step_by(7).take(12).enumerate() {
        out(&mut m, &format!("y{i}"), n);
    }
    out(&mut m, "z", *w1.last().unwrap());
    m
}

#[test]
fn incremental_reruns_match_full_runs() {
    let before = edits::EDITED_CHANGES.with(|c| c.get());
    for seed in 0..60 {
        let m = redundant_module(seed, 300 + 40 * seed as usize, seed % 5 == 4);
        let mut d = design(m);
        if !verify(&d).is_empty() {
            continue; // a forward operand closed a cycle
        }
        let mut full = d.clone();
        let mut p: Vec<Box<dyn Pass>> = pipeline(OptLevel::O1);
        let r = PassManager::default().run(&mut d, &mut p).unwrap();
        let mut pf: Vec<Box<dyn Pass>> =
            pipeline(OptLevel::O1).into_iter().map(|p| Box::new(Full(p)) as Box<dyn Pass>).collect();
        let rf = PassManager::default().run(&mut full, &mut pf).unwrap();
        let changes = |r: &[PassReport]| r.iter().map(|r| (r.name, r.changed)).collect::<Vec<_>>();
        assert_eq!(changes(&r), changes(&rf), "seed {seed}");
        assert_eq!(dump::dump(&d), dump::dump(&full), "seed {seed}");
    }
    assert!(edits::EDITED_CHANGES.with(|c| c.get()) > before + 50, "the reruns changed too little");
}
