//! Registers (plain, enable, reset, both, chains, 65 and 200 bits), an instance hierarchy,
//! two clocks, tick-without-eval and VCD tracing; all crates built in one harness.
#[path = "sim_common/mod.rs"]
mod common;

use comb::{Bits, CellKind, Design, Module, ModuleId, NetId};
use common::refbits as r;
use common::*;
use cosim::stimulus::SplitMix64;
use std::sync::Arc;

fn reg(m: &mut Module, name: &str, reset: bool, enable: bool, w: u32, ops: &[NetId]) -> NetId {
    named(m, name, CellKind::Reg { reset, enable, async_reset: false, init: None }, w, ops)
}

fn clk_net(m: &mut Module, name: &str) -> NetId {
    let p = m.add_port(clock(name));
    m.port_net(p).unwrap()
}

fn wide_rv() -> Bits {
    Bits::from_words(&[0x0123_4567_89ab_cdef, 0xfedc_ba98_7654_3210, 0xdead_beef_cafe_f00d, 0xff], 200)
}

/// Inputs rst, en, d8, d65, d200; outputs plain, en, rst, both, chain, wide, r65.
fn regs_design() -> Design {
    use CellKind::*;
    let mut m = Module::new("seq_regs", Default::default());
    let clk = clk_net(&mut m, "clk");
    let rst = input(&mut m, "rst", 1);
    let en = input(&mut m, "en", 1);
    let d8 = input(&mut m, "d8", 8);
    let d65 = input(&mut m, "d65", 65);
    let d200 = input(&mut m, "d200", 200);
    let k5a = konst(&mut m, 0x5a, 8);
    let k3 = konst(&mut m, 3, 8);
    let one = konst(&mut m, 1, 8);
    let plain = reg(&mut m, "plain", false, false, 8, &[d8, clk]);
    let ren = reg(&mut m, "ren", false, true, 8, &[d8, clk, en]);
    let rrst = reg(&mut m, "rrst", true, false, 8, &[d8, clk, rst, k5a]);
    let both = reg(&mut m, "both", true, true, 8, &[d8, clk, en, rst, k3]);
    let inc = cell(&mut m, Add, 8, &[both, one]);
    m.set_operand(both, 0, inc);
    let s1 = reg(&mut m, "s1", false, false, 8, &[d8, clk]);
    let s2 = reg(&mut m, "s2", false, false, 8, &[s1, clk]);
    let s3 = reg(&mut m, "s3", false, false, 8, &[s2, clk]);
    let rv = cell(&mut m, Const(wide_rv()), 200, &[]);
    let wide = reg(&mut m, "wide", true, true, 200, &[d200, clk, en, rst, rv]);
    let sum = cell(&mut m, Add, 200, &[wide, d200]);
    m.set_operand(wide, 0, sum);
    let r65 = reg(&mut m, "r65", false, false, 65, &[d65, clk]);
    let x = cell(&mut m, Xor, 65, &[r65, d65]);
    m.set_operand(r65, 0, x);
    for (n, v) in [("o_plain", plain), ("o_en", ren), ("o_rst", rrst), ("o_both", both), ("o_chain", s3)] {
        output(&mut m, n, v);
    }
    output(&mut m, "o_wide", wide);
    output(&mut m, "o_r65", r65);
    design(vec![m])
}

fn regs_stim() -> Vec<Vec<Bits>> {
    let mut rng = SplitMix64::new(5);
    (0..60)
        .map(|c| {
            let rst = c < 2 || c == 30;
            vec![Bits::from_bool(rst), rng.bits(1), rng.bits(8), rng.bits(65), rng.bits(200)]
        })
        .collect()
}

fn regs_expected(stim: &[Vec<Bits>]) -> Vec<Vec<String>> {
    let (mut plain, mut ren, mut rrst, mut both) = (0u8, 0u8, 0u8, 0u8);
    let mut chain = [0u8; 3];
    let mut wide = r::zero(200);
    let mut r65 = r::zero(65);
    let mut out = Vec::new();
    for x in stim {
        let (rst, en, d8) = (x[0].bit(0), x[1].bit(0), x[2].to_u64() as u8);
        out.push(vec![
            format!("{plain:02x}"),
            format!("{ren:02x}"),
            format!("{rrst:02x}"),
            format!("{both:02x}"),
            format!("{:02x}", chain[2]),
            hex(&r::to_bits(&wide)),
            hex(&r::to_bits(&r65)),
        ]);
        plain = d8;
        if en {
            ren = d8;
        }
        rrst = if rst { 0x5a } else { d8 };
        both = if rst {
            3
        } else if en {
            both.wrapping_add(1)
        } else {
            both
        };
        chain = [d8, chain[0], chain[1]];
        let d200 = r::from_bits(&x[4]);
        wide = if rst {
            r::from_bits(&wide_rv())
        } else if en {
            r::add(&wide, &d200)
        } else {
            wide
        };
        let d65 = r::from_bits(&x[3]);
        r65 = (0..65).map(|i| r65[i] ^ d65[i]).collect();
    }
    out
}

/// `acc(x, clk) -> (y = reg(y + x), z = x + 1)`; `mid` chains two; `hier_top` wraps `mid`.
fn hier_design() -> Design {
    use CellKind::*;
    let mut acc = Module::new("acc", Default::default());
    let x = input(&mut acc, "x", 8);
    let clk = clk_net(&mut acc, "clk");
    let y = reg(&mut acc, "y", false, false, 8, &[x, clk]);
    let s = cell(&mut acc, Add, 8, &[y, x]);
    acc.set_operand(y, 0, s);
    let one = konst(&mut acc, 1, 8);
    let z = cell(&mut acc, Add, 8, &[x, one]);
    output(&mut acc, "y", y);
    output(&mut acc, "z", z);
    let inst = |m: &mut Module, child: u32, name: &str, ops: &[NetId]| {
        cell(
            m,
            Instance { module: ModuleId(child), name: Arc::from(name), params: Default::default() },
            0,
            ops,
        )
    };
    let mut mid = Module::new("mid", Default::default());
    let a = input(&mut mid, "a", 8);
    let clk = clk_net(&mut mid, "clk");
    let u0 = inst(&mut mid, 0, "u0", &[a, clk]);
    let u0y = cell(&mut mid, InstOutput(comb::PortId(2)), 8, &[u0]);
    let u0z = cell(&mut mid, InstOutput(comb::PortId(3)), 8, &[u0]);
    let u1 = inst(&mut mid, 0, "u1", &[u0y, clk]);
    let u1y = cell(&mut mid, InstOutput(comb::PortId(2)), 8, &[u1]);
    output(&mut mid, "p", u1y);
    output(&mut mid, "q", u0z);
    let mut top = Module::new("hier_top", Default::default());
    let clk = clk_net(&mut top, "clk");
    let a = input(&mut top, "a", 8);
    let m0 = inst(&mut top, 1, "m0", &[a, clk]);
    let p = cell(&mut top, InstOutput(comb::PortId(2)), 8, &[m0]);
    let q = cell(&mut top, InstOutput(comb::PortId(3)), 8, &[m0]);
    output(&mut top, "p", p);
    output(&mut top, "q", q);
    design(vec![acc, mid, top])
}

/// Two clocks: `ra` counts on `clk_a`, `rb` samples `ra` on `clk_b`.
fn two_clock_design() -> Design {
    let mut m = Module::new("two_clk", Default::default());
    let ca = clk_net(&mut m, "clk_a");
    let cb = clk_net(&mut m, "clk_b");
    let one = konst(&mut m, 1, 16);
    let ra = reg(&mut m, "ra", false, false, 16, &[one, ca]);
    let inc = cell(&mut m, CellKind::Add, 16, &[ra, one]);
    m.set_operand(ra, 0, inc);
    let rb = reg(&mut m, "rb", false, false, 16, &[ra, cb]);
    output(&mut m, "a", ra);
    output(&mut m, "b", rb);
    design(vec![m])
}

const EXTRA: &str = r##"
    // tick() samples inputs as they are, without eval() first.
    let mut t = seq_regs::SeqRegs::new();
    t.d8 = 0x42;
    t.tick();
    assert_eq!(t.o_plain, 0x42);
    t.d8 = 0x17;
    t.en = 1;
    t.tick();
    assert_eq!((t.o_plain, t.o_en), (0x17, 0x17));
    t.trace_vcd(dir.join("t.vcd").to_str().unwrap()).unwrap();
    t.tick();
    t.d8 = 1;
    t.tick();
    drop(t);
    let v = std::fs::read_to_string(dir.join("t.vcd")).unwrap();
    assert!(v.contains("$scope module seq_regs $end") && v.contains(" plain $end"), "{v}");
    assert!(v.contains("$var wire 200 ") && v.contains("#2") && !v.contains("#3"), "{v}");
    // Next-state logic fed only by inputs (`wide + d200`) is stale after a tick and must be
    // recomputed by tick-after-tick, by eval, and after inputs change between eval and tick.
    let mut u = seq_regs::SeqRegs::new();
    u.en = 1;
    u.d200 = [1, 0, 0, 0];
    u.tick();
    u.tick();
    u.tick();
    assert_eq!(u.o_wide, [3, 0, 0, 0]);
    u.eval();
    u.eval();
    u.tick();
    assert_eq!(u.o_wide, [4, 0, 0, 0]);
    u.d200 = [5, 0, 0, 0];
    u.eval();
    u.d200 = [2, 0, 0, 0];
    u.tick();
    assert_eq!(u.o_wide, [6, 0, 0, 0]);
    // Per-clock ticks.
    let mut c = two_clk::TwoClk::new();
    c.tick_clk_a();
    c.tick_clk_a();
    assert_eq!((c.a, c.b), (2, 0));
    c.tick_clk_b();
    assert_eq!((c.a, c.b), (2, 2));
"##;

#[test]
fn registers_hierarchy_and_clocks() {
    let (regs, hier, two) = (regs_design(), hier_design(), two_clock_design());
    let rs = regs_stim();
    let hs: Vec<Vec<Bits>> = (0..20u64).map(|c| vec![Bits::from_u64(c * 7 + 1, 8)]).collect();
    let ts: Vec<Vec<Bits>> = vec![vec![]; 10];
    let out = run_all_with("seq_harness", &[(&regs, rs.clone()), (&hier, hs.clone()), (&two, ts)], EXTRA);
    assert_eq!(out[0], regs_expected(&rs));
    // Hierarchy reference.
    let (mut y0, mut y1) = (0u8, 0u8);
    for (c, x) in hs.iter().enumerate() {
        let a = x[0].to_u64() as u8;
        assert_eq!(out[1][c], vec![format!("{y1:02x}"), format!("{:02x}", a.wrapping_add(1))], "cycle {c}");
        let n1 = y1.wrapping_add(y0);
        y0 = y0.wrapping_add(a);
        y1 = n1;
    }
    for (c, line) in out[2].iter().enumerate() {
        assert_eq!(line, &vec![format!("{c:04x}"), format!("{:04x}", c.saturating_sub(1))]);
    }
}

#[test]
fn vcd_and_names_in_source() {
    let sim = backends::rust_sim::emit(&hier_design()).unwrap();
    let lib = &sim.files.iter().find(|f| f.0 == "src/lib.rs").unwrap().1;
    assert!(lib.contains("pub struct HierTop"));
    assert!(lib.contains("v.declare(\"hier_top.m0.u0.y\", 8)"), "{lib}");
    assert!(lib.contains("pub fn tick(&mut self)"));
    let sim = backends::rust_sim::emit(&two_clock_design()).unwrap();
    let lib = &sim.files.iter().find(|f| f.0 == "src/lib.rs").unwrap().1;
    assert!(lib.contains("pub fn tick_clk_a(&mut self)") && lib.contains("pub fn tick_all(&mut self)"));
    assert!(!lib.contains("pub fn tick(&mut self)"));
}
