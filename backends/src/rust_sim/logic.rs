//! Levelizes the flat module and prints its logic as straight-line Rust (`src/logic.rs`).
//!
//! Every cell other than a constant or register is one `let` statement, in topological
//! order. Statements fall into three *parts* by when they must be re-evaluated:
//! - part 0 (`R`): depends on registers and constants only — changes only at a clock edge;
//! - part 1 (`IO`): depends on an input and feeds an output — after an edge or an input change;
//! - part 2 (`IN`): depends on an input and feeds only next-state logic — needed only before
//!   the next edge.
//!
//! A register's next value is written to the second bank `n<d>_<type>` by the part of its
//! latest operand, right after that operand; `commit_<d>` copies the bank back to
//! `r<d>_<type>`. Each part is cut into functions `p<part>_<k>` of at most
//! [`super::CHUNK`] statements. A value is *persistent* (kept in a slot of the arrays
//! `v_<type>` of the state) when another function reads it; all others are locals the
//! optimizer keeps in registers. All functions take the state as one `&mut Sim` argument,
//! which LLVM knows aliases nothing else; every access is a constant offset from it, so
//! loads and stores are disambiguated cheaply and need no bounds checks.

use super::memory;
use super::ops::{self, Tables, Ty};
use super::{PortField, CHUNK};
use comb::order::topo_order;
use comb::{CellKind, Design, Dir, Module, ModuleId, NetId, PortId};
use std::collections::BTreeMap;
use std::fmt::Write;

/// One clock domain.
#[derive(Clone, Debug)]
pub struct Domain {
    /// The clock port's user name.
    pub clock: String,
}

/// The compiled logic and what the API printer needs to know about it.
#[derive(Clone, Debug)]
pub struct Compiled {
    /// Text of `src/logic.rs`.
    pub code: String,
    /// Private state fields: (name, type, initializer).
    pub state: Vec<(String, String, String)>,
    /// Number of `p<part>_<k>` functions of each part (R, IO, IN).
    pub part_fns: [usize; 3],
    /// Clock domains in clock-port order.
    pub domains: Vec<Domain>,
    /// Registers for tracing: (hierarchical user name, width, expression reading it).
    pub regs: Vec<(String, u32, String)>,
    /// The top module's name.
    pub top: String,
    /// The checks, in netlist order; check `j`'s condition is the state field `ck<j>`.
    pub checks: Vec<super::checks::CheckSpec>,
    /// The number of derived clocks: domain `domains.len() + k` is derived clock `k`, whose
    /// value is the state field `dc<k>` and its value at the last edge check `pc<k>`; the
    /// clock ports' levels are then the fields `c<d>` (see [`super::derived`]).
    pub derived: usize,
}

#[derive(Clone)]
enum Loc {
    None,
    Const(String),
    Reg { bank: String, slot: usize },
    Stmt { func: usize, pers: Option<(String, usize)> },
}

/// One line of a part: a value, or a register's next-state write.
#[derive(Clone, Copy)]
enum Item {
    Stmt(NetId),
    Next(NetId),
}

/// Slot allocator for boxed arrays keyed by field name.
#[derive(Default)]
struct Banks {
    /// field name -> (element type, count)
    fields: BTreeMap<String, (Ty, usize)>,
}

impl Banks {
    fn alloc(&mut self, field: String, ty: Ty) -> (String, usize) {
        let e = self.fields.entry(field.clone()).or_insert((ty, 0));
        e.1 += 1;
        (field, e.1 - 1)
    }
}

fn cost(w: u32) -> usize {
    if w > 128 {
        4
    } else {
        1
    }
}

/// The operands a register's or memory's next value reads (all but the clock).
fn next_operands(m: &Module, id: NetId) -> impl Iterator<Item = NetId> + '_ {
    let clk = if matches!(m.cell(id).kind, CellKind::Memory { .. }) { 0 } else { 1 };
    m.operands(id).iter().enumerate().filter(move |&(i, _)| i != clk).map(|(_, &o)| o)
}

/// Compiles a flat module (see [`super::flatten`]).
pub fn compile(
    flat: Module,
    clocks: &[PortId],
    derived: &[NetId],
    fields: &[PortField],
    forces: &[(NetId, NetId)],
) -> Result<Compiled, String> {
    let top = flat.name.clone();
    let design = Design { modules: vec![flat], top: Some(ModuleId(0)) };
    let m = &design.modules[0];
    let order = topo_order(&design, &[], ModuleId(0)).map_err(|cycle| {
        let names: Vec<String> = cycle
            .iter()
            .map(|&n| m.cell(n).name.as_deref().map(str::to_string).unwrap_or_else(|| n.to_string()))
            .collect();
        format!("combinational cycle through {}", names.join(" -> "))
    })?;
    let field_of = |p: PortId| fields.iter().find(|f| f.port == p);
    let domain_of = |clk: NetId| super::derived::domain(m, clocks, derived, clk);
    let mut loc = vec![Loc::None; m.id_bound()];
    let mut banks = Banks::default();
    let mut reg_domain: Vec<(NetId, usize)> = Vec::new();
    let mut mems: BTreeMap<NetId, memory::Mem> = BTreeMap::new();
    // Classify; `dep_in`: depends on an input (through logic).
    let mut dep_in = vec![false; m.id_bound()];
    for &id in &order {
        let cell = m.cell(id);
        loc[id.index()] = match &cell.kind {
            CellKind::Const(b) => Loc::Const(ops::lit(b)),
            CellKind::Input(p) if field_of(*p).is_none() => match clocks.iter().position(|c| c == p) {
                // With derived clocks the clock ports' levels are state (see `super::derived`).
                Some(d) if !derived.is_empty() => Loc::Const(format!("s.c{d}")),
                _ => Loc::Const(ops::lit(&comb::Bits::zero(cell.width))),
            },
            CellKind::Reg { .. } | CellKind::Memory { .. } => {
                let mem = matches!(cell.kind, CellKind::Memory { .. });
                let clk =
                    m.operands(id).get(if mem { 0 } else { 1 }).copied().ok_or("register without a clock")?;
                let d = domain_of(clk).ok_or_else(|| {
                    format!(
                        "register '{}' has a clock the Rust simulator cannot find",
                        cell.name.as_deref().unwrap_or("?")
                    )
                })?;
                reg_domain.push((id, d));
                if let CellKind::Memory { depth } = cell.kind {
                    mems.insert(id, memory::Mem { k: mems.len(), depth, width: cell.width });
                }
                let ty = Ty::of(cell.width);
                let (bank, slot) = banks.alloc(format!("r{d}_{}", ty.key()), ty);
                banks.alloc(format!("n{d}_{}", ty.key()), ty);
                Loc::Reg { bank, slot }
            }
            CellKind::Instance { .. } | CellKind::InstOutput(_) | CellKind::ToClock | CellKind::FromClock => {
                return Err(format!("'{}' left after flattening", cell.kind.op_name()));
            }
            CellKind::Check { .. } => Loc::None, // its condition is an output (checks.rs)
            CellKind::Input(_) => {
                dep_in[id.index()] = true;
                Loc::Stmt { func: 0, pers: None }
            }
            _ => {
                dep_in[id.index()] = m.operands(id).iter().any(|o| dep_in[o.index()]);
                Loc::Stmt { func: 0, pers: None }
            }
        };
    }
    let is_stmt = |loc: &[Loc], o: NetId| matches!(loc[o.index()], Loc::Stmt { .. });
    // Outputs by driver: the state's `out<j>` slots, copied to the fields by the API.
    let mut outs: BTreeMap<NetId, Vec<String>> = BTreeMap::new();
    for (j, f) in fields.iter().filter(|f| f.dir == Dir::Output).enumerate() {
        let drv = m.port_net(f.port).ok_or_else(|| format!("output '{}' is not driven", f.name))?;
        outs.entry(drv).or_default().push(format!("out{j}"));
    }
    // Check conditions: state slots `ck<j>`.
    let checks = super::checks::specs(m, clocks, derived)?;
    for (j, c) in checks.iter().enumerate() {
        outs.entry(c.cond).or_default().push(format!("ck{j}"));
    }
    // Message arguments: state slots `cm<j>_<k>`.
    let arg_slots = super::checks::arg_slots(&checks);
    for (slot, net, _) in &arg_slots {
        outs.entry(*net).or_default().push(slot.clone());
    }
    // Derived clocks: state slots `dc<k>`.
    for (k, &net) in derived.iter().enumerate() {
        outs.entry(net).or_default().push(format!("dc{k}"));
    }
    // The views of asynchronous registers (see `super::async_reset`): state slots `a<k>`.
    for (k, &(_, view)) in forces.iter().enumerate() {
        outs.entry(view).or_default().push(format!("a{k}"));
    }
    // The cone of the outputs (through logic).
    let mut in_cone = vec![false; m.id_bound()];
    let mut stack: Vec<NetId> = outs.keys().copied().filter(|&o| is_stmt(&loc, o)).collect();
    while let Some(n) = stack.pop() {
        if std::mem::replace(&mut in_cone[n.index()], true) {
            continue;
        }
        stack.extend(m.operands(n).iter().copied().filter(|&o| is_stmt(&loc, o) && !in_cone[o.index()]));
    }
    let part_of = |n: NetId| -> usize {
        match (dep_in[n.index()], in_cone[n.index()]) {
            (false, _) => 0,
            (true, true) => 1,
            (true, false) => 2,
        }
    };
    // Parts in topological order; next-state writes right after their latest operand.
    let mut pos = vec![(0usize, 0usize); m.id_bound()];
    let mut lists: [Vec<NetId>; 3] = Default::default();
    for &id in &order {
        if is_stmt(&loc, id) {
            let p = part_of(id);
            pos[id.index()] = (p, lists[p].len() + 1);
            lists[p].push(id);
        }
    }
    let mut after: [Vec<Vec<NetId>>; 3] = std::array::from_fn(|p| vec![Vec::new(); lists[p].len() + 1]);
    for &(id, _) in &reg_domain {
        let at = next_operands(m, id).filter(|&o| is_stmt(&loc, o)).map(|o| pos[o.index()]).max();
        let (p, i) = at.unwrap_or((0, 0));
        after[p][i].push(id);
    }
    let mut items: [Vec<Item>; 3] = Default::default();
    for p in 0..3 {
        items[p].extend(after[p][0].iter().map(|&r| Item::Next(r)));
        for (i, &id) in lists[p].iter().enumerate() {
            items[p].push(Item::Stmt(id));
            items[p].extend(after[p][i + 1].iter().map(|&r| Item::Next(r)));
        }
    }
    // Functions: each part cut into chunks.
    let mut funcs: Vec<(usize, usize, usize)> = Vec::new(); // (part, start, end) in items[part]
    let mut part_fns = [0usize; 3];
    for p in 0..3 {
        let (mut start, mut used) = (0, 0);
        for (i, it) in items[p].iter().enumerate() {
            let w = match *it {
                Item::Stmt(id) | Item::Next(id) => m.width(id),
            };
            if used >= CHUNK {
                funcs.push((p, start, i));
                part_fns[p] += 1;
                (start, used) = (i, 0);
            }
            used += cost(w);
            if let Item::Stmt(id) = *it {
                if let Loc::Stmt { func, .. } = &mut loc[id.index()] {
                    *func = funcs.len();
                }
            }
        }
        if start < items[p].len() || (p == 0 && part_fns[0] == 0) {
            funcs.push((p, start, items[p].len()));
            part_fns[p] += 1;
        }
    }
    // Persistence: read from another function.
    for (f, &(p, a, b)) in funcs.iter().enumerate() {
        for it in &items[p][a..b] {
            let ops: Vec<NetId> = match *it {
                Item::Stmt(id) => m.operands(id).to_vec(),
                Item::Next(id) => next_operands(m, id).collect(),
            };
            for o in ops {
                if let Loc::Stmt { func, pers: pers @ None } = &mut loc[o.index()] {
                    if *func != f {
                        let ty = Ty::of(m.width(o));
                        *pers = Some(banks.alloc(format!("v_{}", ty.key()), ty));
                    }
                }
            }
        }
    }
    let refer = |o: NetId, f: usize| -> String {
        match &loc[o.index()] {
            Loc::Const(s) => s.clone(),
            Loc::Reg { bank, slot } => format!("s.{bank}[{slot}]"),
            Loc::Stmt { func, pers } => match pers {
                Some((fl, k)) if *func != f => format!("s.{fl}[{k}]"),
                _ => format!("v{}", o.index()),
            },
            Loc::None => "0".into(),
        }
    };
    let input_index = |p: PortId| fields.iter().filter(|f| f.dir == Dir::Input).position(|f| f.port == p);
    let mut tables = Tables::default();
    let mut code = String::with_capacity(order.len() * 64);
    code.push_str(
        "//! The compiled logic: levelized straight-line evaluation and register updates.\n\
         #![allow(unused, unused_comparisons, clippy::all)]\nuse super::*;\n\n",
    );
    let mut regs = Vec::new();
    let mut counter = [0usize; 3];
    for (f, &(p, a, b)) in funcs.iter().enumerate() {
        let _ = writeln!(code, "pub(crate) fn p{p}_{}(s: &mut __Sim) {{", counter[p]);
        counter[p] += 1;
        if f == 0 {
            // Outputs driven by a register or a constant: part 0 (after every edge).
            for (drv, fs) in &outs {
                if !is_stmt(&loc, *drv) {
                    for o in fs {
                        let _ = writeln!(code, "    s.{o} = {};", refer(*drv, f));
                    }
                }
            }
        }
        for it in &items[p][a..b] {
            match *it {
                Item::Stmt(id) => {
                    let cell = m.cell(id);
                    let (w, ty) = (cell.width, Ty::of(cell.width));
                    let e = match &cell.kind {
                        CellKind::Input(pt) => {
                            let i = input_index(*pt).ok_or("input without a field")?;
                            match ty {
                                Ty::N(t) if t > w => format!("s.in{i} & {:#x}", (1u128 << w) - 1),
                                Ty::N(_) => format!("s.in{i}"),
                                Ty::W(_) => format!("rt::mask(s.in{i}, {w})"),
                            }
                        }
                        kind => {
                            let opnds: Vec<(String, u32)> =
                                m.operands(id).iter().map(|&o| (refer(o, f), m.width(o))).collect();
                            ops::expr(kind, w, &opnds, &mut tables)?
                        }
                    };
                    let v = id.index();
                    let _ = writeln!(code, "    let v{v}: {} = {e};", ty.name());
                    if let Loc::Stmt { pers: Some((fl, k)), .. } = &loc[id.index()] {
                        let _ = writeln!(code, "    s.{fl}[{k}] = v{v};");
                    }
                    for o in outs.get(&id).map(|v| v.as_slice()).unwrap_or(&[]) {
                        let _ = writeln!(code, "    s.{o} = v{v};");
                    }
                }
                Item::Next(id) => {
                    let cell = m.cell(id);
                    let Loc::Reg { bank, slot } = &loc[id.index()] else { continue };
                    let (enable, reset) = match cell.kind {
                        CellKind::Reg { enable, reset, .. } => (enable, reset),
                        _ => (false, false),
                    };
                    let ops = m.operands(id);
                    let r = |i: usize| refer(ops[i], f);
                    let cur_v = format!("s.{bank}[{slot}]");
                    if let Some(mem) = mems.get(&id) {
                        let texts: Vec<String> = (0..ops.len()).map(r).collect();
                        let widths: Vec<u32> = ops.iter().map(|&o| m.width(o)).collect();
                        code.push_str(&mem.next(
                            &texts,
                            &widths,
                            &format!("s.n{}[{slot}]", &bank[1..]),
                            &cur_v,
                        ));
                        continue;
                    }
                    let mut e = r(0);
                    if enable {
                        e = format!("if {} != 0 {{ {e} }} else {{ {cur_v} }}", r(2));
                    }
                    if reset {
                        let k = 2 + enable as usize;
                        e = format!("if {} != 0 {{ {} }} else {{ {e} }}", r(k), r(k + 1));
                    }
                    let _ = writeln!(code, "    s.n{}[{slot}] = {e};", &bank[1..]);
                }
            }
        }
        code.push_str("}\n");
    }
    let domains: Vec<Domain> = clocks.iter().map(|&p| Domain { clock: m.port(p).name.clone() }).collect();
    let all_domains = domains.len() + derived.len();
    for d in 0..all_domains {
        let _ = writeln!(code, "pub(crate) fn commit_{d}(s: &mut __Sim) {{");
        for (f, _) in banks.fields.iter().filter(|(f, _)| f.starts_with(&format!("r{d}_"))) {
            let _ = writeln!(code, "    s.{f} = s.n{};", &f[1..]);
        }
        for &(id, _) in reg_domain.iter().filter(|x| x.1 == d) {
            if let Some(mem) = mems.get(&id) {
                code.push_str(&mem.commit());
            }
        }
        code.push_str("}\n");
    }
    for d in 0..all_domains {
        for &(id, _) in reg_domain.iter().filter(|x| x.1 == d) {
            let Loc::Reg { bank, slot } = &loc[id.index()] else { continue };
            let name = m.cell(id).name.as_deref().map(str::to_string);
            let name = name.unwrap_or_else(|| format!("reg{}", id.index()));
            regs.push((name, m.width(id), format!("s.{bank}[{slot}]")));
        }
    }
    // Power-on values, and the asynchronous resets' forcing (see `super::async_reset`).
    code.push_str("pub(crate) fn init(s: &mut __Sim) {\n");
    for &(id, _) in &reg_domain {
        if let (CellKind::Reg { init: Some(b), .. }, Loc::Reg { bank, slot }) =
            (&m.cell(id).kind, &loc[id.index()])
        {
            let _ = writeln!(code, "    s.{bank}[{slot}] = {};", ops::lit(b));
        }
    }
    code.push_str("}\npub(crate) fn force(s: &mut __Sim) {\n");
    for (k, &(state, _)) in forces.iter().enumerate() {
        let Loc::Reg { bank, slot } = &loc[state.index()] else {
            return Err("an asynchronous register without state".into());
        };
        let _ = writeln!(code, "    s.{bank}[{slot}] = s.a{k};");
    }
    code.push_str("}\n");
    code.push('\n');
    code.push_str(&tables.items);
    let mut state: Vec<(String, String, String)> = banks
        .fields
        .iter()
        .map(|(f, (ty, n))| (f.clone(), format!("[{}; {n}]", ty.name()), format!("[{}; {n}]", ty.zero())))
        .collect();
    state.extend(mems.values().flat_map(|mem| mem.fields()));
    for (k, &(state_reg, _)) in forces.iter().enumerate() {
        let ty = Ty::of(m.width(state_reg));
        state.push((format!("a{k}"), ty.name(), ty.zero()));
    }
    state.extend((0..checks.len()).map(|j| (format!("ck{j}"), "u8".to_string(), "0".to_string())));
    state.extend(arg_slots.iter().map(|(slot, _, w)| (slot.clone(), Ty::of(*w).name(), Ty::of(*w).zero())));
    if !derived.is_empty() {
        state.extend(clocks.iter().enumerate().map(|(d, &p)| {
            let ty = Ty::of(m.port(p).width);
            (format!("c{d}"), ty.name(), ty.zero())
        }));
        for (k, &net) in derived.iter().enumerate() {
            let ty = Ty::of(m.width(net));
            state.push((format!("dc{k}"), ty.name(), ty.zero()));
            state.push((format!("pc{k}"), ty.name(), ty.zero()));
        }
    }
    Ok(Compiled { code, state, part_fns, domains, regs, top, checks, derived: derived.len() })
}
