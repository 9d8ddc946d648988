//! A seeded random netlist generator for differential tests.
//!
//! [`random_design`] builds a top module (`rnd_<seed>`) with a few inputs of random widths
//! (plus `clk` and a 1-bit `rst` when registers are on) and many cells mixing every
//! [`CellKind`]: all 14 icmp predicates, truth tables of 1..=6 inputs, luts over i8
//! operands, constants of random (also wide) widths, registers with and without reset and
//! enable (some feeding back on later logic, some clocked through `seq.to_clock` /
//! `seq.from_clock`), and, with `instances`, a child module instantiated once or twice.
//! Operands are drawn from earlier nets and adapted to the width needed with extract,
//! concat and replicate. Every net left unused ends up in an output, so nearly all logic
//! is observable. With registers and `memories`, each module also gets one or two memories (depth 1 to 8,
//! addresses of 1 to 5 bits, so some are out of range and some do not have CIRCT's width;
//! the write data sometimes the memory's own read data). They are drawn from a second
//! random stream seeded by the module's name and added after everything else, so the rest
//! of a seed's netlist is what it was before memories existed. [`random_batch`] puts many such designs under one top so that a single
//! Verilator build tests all of them. Everything generated passes [`crate::verify::verify`].

use crate::bits::Bits;
use crate::ids::{ModuleId, NetId};
use crate::netlist::{CellKind, Design, Dir, IcmpPred, Module, Port};
use crate::rng::Rng;
use mlir_text::Span;
use std::sync::Arc;

/// What to generate.
#[derive(Clone, Debug)]
pub struct RandomConfig {
    /// Number of logic cells to create (roughly; adapters come on top).
    pub ops: usize,
    /// Widest value generated (at least 8).
    pub max_width: u32,
    /// Add `clk`, `rst` and registers.
    pub registers: bool,
    /// Add a child module and instances of it.
    pub instances: bool,
    /// With registers: give each module one or two small memories (`CellKind::Memory`).
    pub memories: bool,
}

impl Default for RandomConfig {
    fn default() -> Self {
        RandomConfig { ops: 60, max_width: 200, registers: true, instances: true, memories: true }
    }
}

struct Gen<'a> {
    rng: &'a mut Rng,
    m: Module,
    pool: Vec<NetId>,
    clk: Option<NetId>,
    rst: Option<NetId>,
    max_width: u32,
}

fn port(name: &str, dir: Dir, width: u32, clock: bool) -> Port {
    Port { name: name.into(), dir, width, clock, span: Span::default() }
}

impl Gen<'_> {
    fn cell(&mut self, kind: CellKind, width: u32, ops: &[NetId]) -> NetId {
        let name: Option<Arc<str>> =
            if self.rng.chance(1, 4) { Some(format!("v{}", self.m.id_bound()).into()) } else { None };
        self.m.add_cell(kind, width, ops, name, Span::default())
    }

    fn width(&mut self) -> u32 {
        let mw = self.max_width;
        match self.rng.below(10) {
            0..=1 => 1,
            2..=5 => self.rng.range(2, 16.min(mw as u64)) as u32,
            6 if !self.pool.is_empty() => {
                let n = *self.rng.pick(&self.pool);
                self.m.width(n)
            }
            6..=7 => self.rng.range(8, 64.min(mw as u64)) as u32,
            _ => self.rng.range(1, mw as u64) as u32,
        }
    }

    fn constant(&mut self, width: u32) -> NetId {
        let v = self.rng.bits(width);
        self.cell(CellKind::Const(v), width, &[])
    }

    fn source(&mut self) -> NetId {
        let n = self.pool.len();
        if n > 8 && self.rng.chance(1, 2) {
            self.pool[n - 1 - self.rng.below(8) as usize]
        } else {
            *self.rng.pick(&self.pool)
        }
    }

    /// A net of `width`, from the pool adapted with extract/concat/replicate, or a constant.
    fn pick(&mut self, width: u32) -> NetId {
        if self.pool.is_empty() || self.rng.chance(1, 12) {
            return self.constant(width);
        }
        let src = self.source();
        self.adapt(src, width)
    }

    fn adapt(&mut self, src: NetId, width: u32) -> NetId {
        let sw = self.m.width(src);
        if sw == width {
            return src;
        }
        if sw > width {
            let low = self.rng.below((sw - width + 1) as u64) as u32;
            return self.cell(CellKind::Extract { low }, width, &[src]);
        }
        if width.is_multiple_of(sw) && self.rng.chance(1, 2) {
            return self.cell(CellKind::Replicate, width, &[src]);
        }
        // Pad with a piece from the pool (extracted) or a constant.
        let rest = width - sw;
        let other = self.source();
        let pad = if self.m.width(other) >= rest && self.rng.chance(2, 3) {
            self.adapt(other, rest)
        } else {
            self.constant(rest)
        };
        let ops = if self.rng.chance(1, 2) { [pad, src] } else { [src, pad] };
        self.cell(CellKind::Concat, width, &ops)
    }

    fn clock(&mut self) -> NetId {
        let clk = self.clk.expect("registers need a clock");
        if self.rng.chance(1, 6) {
            let data = self.m.add_cell(CellKind::FromClock, 1, &[clk], None, Span::default());
            self.m.add_cell(CellKind::ToClock, 1, &[data], None, Span::default())
        } else {
            clk
        }
    }

    /// A register whose data operands are placeholders, fixed by [`Gen::wire_register`].
    fn register(&mut self, width: u32) -> NetId {
        let (reset, enable) = (self.rng.chance(1, 2), self.rng.chance(1, 2));
        let clk = self.clock();
        let zero1 = self.m.add_cell(CellKind::Const(Bits::zero(1)), 1, &[], None, Span::default());
        let zw = self.m.add_cell(CellKind::Const(Bits::zero(width)), width, &[], None, Span::default());
        let mut ops = vec![zw, clk];
        if enable {
            ops.push(zero1);
        }
        if reset {
            ops.extend([zero1, zw]);
        }
        let name: Option<Arc<str>> = Some(format!("r{}", self.m.id_bound()).into());
        self.m.add_cell(
            CellKind::Reg { reset, enable, async_reset: false, init: None },
            width,
            &ops,
            name,
            Span::default(),
        )
    }

    fn wire_register(&mut self, reg: NetId, rst: NetId) {
        let w = self.m.width(reg);
        let CellKind::Reg { reset, enable, .. } = self.m.cell(reg).kind else { return };
        let mut ops = self.m.operands(reg).to_vec();
        ops[0] = self.pick(w);
        let mut k = 2;
        if enable {
            ops[k] = self.pick(1);
            k += 1;
        }
        if reset {
            ops[k] = if self.rng.chance(3, 4) { rst } else { self.pick(1) };
            ops[k + 1] = if self.rng.chance(1, 2) { self.constant(w) } else { self.pick(w) };
        }
        let old = self.m.operands(reg).to_vec();
        self.m.set_operands(reg, &ops);
        // Drop the placeholder constants.
        for o in old {
            if self.m.contains(o)
                && self.m.use_count(o) == 0
                && matches!(self.m.cell(o).kind, CellKind::Const(_))
            {
                self.m.remove_cell(o);
            }
        }
    }

    /// One memory on nets of the pool; its read data joins the pool.
    fn memory(&mut self) -> NetId {
        let depth = self.rng.range(1, 8) as u32;
        let width = self.width();
        let clk = self.clock();
        let (raw, waw) = (self.rng.range(1, 5) as u32, self.rng.range(1, 5) as u32);
        let ops = [clk, self.pick(raw), self.pick(1), self.pick(waw), self.pick(1), self.pick(width)];
        let name: Option<Arc<str>> = Some(format!("mem{}", self.m.id_bound()).into());
        let mem = self.m.add_cell(CellKind::Memory { depth }, width, &ops, name, Span::default());
        if self.rng.chance(1, 3) {
            // Write back what it read: a loop through the memory's state.
            let mut ops = ops;
            ops[5] = mem;
            self.m.set_operands(mem, &ops);
        }
        self.pool.push(mem);
        mem
    }

    fn logic(&mut self, child: Option<(ModuleId, &Module)>, instances: &mut u32) -> NetId {
        use CellKind::*;
        let w = self.width();
        let variadic = [And, Or, Xor, Nand, Nor, Xnor, Add, Mul];
        let binary = [Sub, DivU, DivS, ModU, ModS, Shl, ShrU, ShrS];
        match self.rng.below(24) {
            0..=5 => {
                let kind = self.rng.pick(&variadic).clone();
                let n = self.rng.range(1, 4);
                let ops: Vec<NetId> = (0..n).map(|_| self.pick(w)).collect();
                self.cell(kind, w, &ops)
            }
            6..=9 => {
                let kind = self.rng.pick(&binary).clone();
                let a = self.pick(w);
                let b = if matches!(kind, Shl | ShrU | ShrS) && self.rng.chance(1, 2) {
                    let amt = self.rng.below(w as u64 + 2);
                    self.cell(Const(Bits::from_u64(amt, w)), w, &[])
                } else {
                    self.pick(w)
                };
                self.cell(kind, w, &[a, b])
            }
            10..=11 => {
                let p = *self.rng.pick(&IcmpPred::ALL);
                let (a, b) = (self.pick(w), self.pick(w));
                let b = if self.rng.chance(1, 8) { a } else { b };
                self.cell(Icmp(p), 1, &[a, b])
            }
            12 => {
                let kind = self.rng.pick(&[Inv, Reverse, Parity]).clone();
                let a = self.pick(w);
                let rw = if kind == Parity { 1 } else { w };
                self.cell(kind, rw, &[a])
            }
            13 => {
                let n = self.rng.range(2, 3);
                let ops: Vec<NetId> = (0..n).map(|_| self.source()).collect();
                let total: u32 = ops.iter().map(|&o| self.m.width(o)).sum();
                let cat = self.cell(Concat, total, &ops);
                let mw = self.max_width;
                if total > mw {
                    self.adapt(cat, mw)
                } else {
                    cat
                }
            }
            14 => {
                let src = self.source();
                let sw = self.m.width(src);
                let ew = self.rng.range(1, sw as u64) as u32;
                self.adapt(src, ew)
            }
            15 => {
                let k = self.rng.range(1, 8) as u32;
                let times = self.rng.range(1, 4) as u32;
                let a = self.pick(k);
                self.cell(Replicate, k * times, &[a])
            }
            16..=17 => {
                let c = self.pick(1);
                let (t, f) = (self.pick(w), self.pick(w));
                self.cell(Mux, w, &[c, t, f])
            }
            18 => {
                let n = self.rng.range(1, 6) as u32;
                let ops: Vec<NetId> = (0..n).map(|_| self.pick(1)).collect();
                let table = self.rng.bits_uniform(1 << n);
                self.cell(TruthTable(table), 1, &ops)
            }
            19 => {
                let n = self.rng.range(1, 3);
                let ops: Vec<NetId> = (0..n).map(|_| self.pick(8)).collect();
                let coefficients: Vec<u8> = (0..n).map(|_| self.rng.next_u64() as u8).collect();
                let rw = if self.rng.chance(1, 2) { 8 } else { w };
                let len = self.rng.range(1, 20);
                let table: Vec<Bits> = (0..len).map(|_| self.rng.bits(rw)).collect();
                self.cell(Lut { coefficients, table }, rw, &ops)
            }
            20 => self.constant(w),
            21 if self.clk.is_some() => {
                // A register on earlier logic (no feedback); wired right away.
                let r = self.register(w);
                let rst = self.rst.expect("rst input");
                self.wire_register(r, rst);
                r
            }
            22 if child.is_some() && *instances < 2 => self.instance(child.unwrap(), instances),
            _ => {
                let a = self.pick(w);
                let b = self.pick(w);
                self.cell(Xor, w, &[a, b])
            }
        }
    }

    fn instance(&mut self, (cid, child): (ModuleId, &Module), instances: &mut u32) -> NetId {
        let mut ops = Vec::new();
        for p in child.inputs() {
            let cp = child.port(p);
            ops.push(if cp.clock { self.clock() } else { self.pick(cp.width) });
        }
        let name: Arc<str> = format!("u{instances}").into();
        *instances += 1;
        let inst = self.m.add_cell(
            CellKind::Instance { module: cid, name, params: Default::default() },
            0,
            &ops,
            None,
            Span::default(),
        );
        let mut last = inst;
        for p in child.outputs() {
            let w = child.port(p).width;
            last = self.m.add_cell(CellKind::InstOutput(p), w, &[inst], None, Span::default());
            self.pool.push(last);
        }
        last
    }
}

/// Generates one module; `child` is instantiated when given.
fn gen_module(rng: &mut Rng, name: String, cfg: &RandomConfig, child: Option<(ModuleId, &Module)>) -> Module {
    let mut g = Gen {
        rng,
        m: Module::new(name, Span::default()),
        pool: Vec::new(),
        clk: None,
        rst: None,
        max_width: cfg.max_width.max(8),
    };
    if cfg.registers {
        let c = g.m.add_port(port("clk", Dir::Input, 1, true));
        let r = g.m.add_port(port("rst", Dir::Input, 1, false));
        g.clk = g.m.port_net(c);
        g.rst = g.m.port_net(r);
        g.pool.extend(g.rst);
    }
    for i in 0..g.rng.range(1, 4) {
        let w = g.width();
        let p = g.m.add_port(port(&format!("in{i}"), Dir::Input, w, false));
        g.pool.extend(g.m.port_net(p));
    }
    // Registers declared up front, wired after the logic: their inputs may depend on
    // logic that reads them (feedback through the register).
    let mut feedback = Vec::new();
    if cfg.registers {
        for _ in 0..g.rng.range(1, (cfg.ops / 10).max(1) as u64) {
            let w = g.width();
            let r = g.register(w);
            feedback.push(r);
            g.pool.push(r);
        }
    }
    let mut instances = 0;
    for _ in 0..cfg.ops {
        let n = g.logic(child, &mut instances);
        if g.m.width(n) > 0 {
            g.pool.push(n);
        }
    }
    if let (Some(rst), true) = (g.rst, cfg.registers) {
        for r in feedback {
            g.wire_register(r, rst);
        }
    }
    if cfg.registers && cfg.memories {
        // A stream of its own (see the module docs).
        let seed =
            g.m.name
                .bytes()
                .fold(0xCBF2_9CE4_8422_2325u64, |h, b| (h ^ b as u64).wrapping_mul(0x100_0000_01B3));
        let mut mine = Rng::new(seed);
        std::mem::swap(g.rng, &mut mine);
        for _ in 0..g.rng.range(1, 2) {
            g.memory();
        }
        std::mem::swap(g.rng, &mut mine);
    }
    // Outputs: the unused nets (sinks), the first few directly, the rest by parity.
    let sinks: Vec<NetId> = g
        .m
        .cells()
        .filter(|&c| {
            let cell = g.m.cell(c);
            cell.width > 0
                && g.m.use_count(c) == 0
                && !matches!(cell.kind, CellKind::Input(_) | CellKind::ToClock | CellKind::Instance { .. })
        })
        .collect();
    let direct = sinks.len().min(6);
    let mut outs: Vec<NetId> = sinks[..direct].to_vec();
    for chunk in sinks[direct..].chunks(48) {
        let bits: Vec<NetId> = chunk
            .iter()
            .map(|&s| if g.m.width(s) == 1 { s } else { g.cell(CellKind::Parity, 1, &[s]) })
            .collect();
        outs.push(g.cell(CellKind::Concat, bits.len() as u32, &bits));
    }
    if outs.is_empty() {
        let n = g.source();
        outs.push(n);
    }
    for (i, n) in outs.into_iter().enumerate() {
        let w = g.m.width(n);
        let p = g.m.add_port(port(&format!("out{i}"), Dir::Output, w, false));
        g.m.set_output(p, n);
    }
    g.m
}

/// A random design: a top module `rnd_<seed>` and, with `instances`, its child module.
pub fn random_design(seed: u64, cfg: &RandomConfig) -> Design {
    let mut rng = Rng::new(seed);
    let mut design = Design::default();
    let child = if cfg.instances {
        let ccfg = RandomConfig { ops: (cfg.ops / 3).max(4), instances: false, ..cfg.clone() };
        design.modules.push(gen_module(&mut rng, format!("rnd_{seed}_child"), &ccfg, None));
        Some((ModuleId(0), &design.modules[0]))
    } else {
        None
    };
    let top = gen_module(&mut rng, format!("rnd_{seed}"), cfg, child);
    design.modules.push(top);
    design.top = Some(ModuleId(design.modules.len() as u32 - 1));
    design
}

/// `count` random designs under one generated top `batch_<seed>`: the top's inputs are
/// `clk` and `rst` (shared, when registers are on) and each design's other inputs as
/// `m<i>_<name>`; its outputs are each design's outputs as `m<i>_<name>`.
pub fn random_batch(seed: u64, count: usize, cfg: &RandomConfig) -> Design {
    let designs = (0..count).map(|i| random_design(seed.wrapping_mul(1_000_003).wrapping_add(i as u64), cfg));
    let shared: &[&str] = if cfg.registers { &["clk", "rst"] } else { &[] };
    crate::bundle::bundle(&format!("batch_{seed}"), designs.collect(), shared, false)
}
