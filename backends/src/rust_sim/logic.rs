//! Levelizes the flat module and prints its logic as straight-line Rust (`src/logic.rs`).
//!
//! Every cell other than a constant or register is one `let` statement, in topological
//! order, cut into `__eval_<k>` functions of at most [`super::CHUNK`] statements. A value is
//! *persistent* (kept in a slot of the arrays `v_<type>` of the state) when a later
//! function or a register's next-state logic reads it; all others are locals the optimizer
//! keeps in registers. Registers of clock domain `d` live in banks `r<d>_<type>`; the
//! next-state functions `__next_<d>_<k>` write the second bank `n<d>_<type>`, and
//! `commit_<d>` copies them back. All functions take the state as one `&mut Sim` argument,
//! which LLVM knows aliases nothing else; every access is a constant offset from it, so
//! loads and stores are disambiguated cheaply (fast to compile and to run).

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
    /// Number of `next_<d>_<k>` functions.
    pub next_fns: usize,
}

/// The compiled logic and what the API printer needs to know about it.
#[derive(Clone, Debug)]
pub struct Compiled {
    /// Text of `src/logic.rs`.
    pub code: String,
    /// Private state fields: (name, type, initializer).
    pub state: Vec<(String, String, String)>,
    /// Number of `eval_<k>` functions.
    pub eval_fns: usize,
    /// Clock domains in clock-port order.
    pub domains: Vec<Domain>,
    /// Registers for tracing: (hierarchical user name, width, expression reading it).
    pub regs: Vec<(String, u32, String)>,
    /// The top module's name.
    pub top: String,
}

#[derive(Clone)]
enum Loc {
    None,
    Const(String),
    Reg { bank: String, slot: usize },
    Stmt { chunk: usize, pers: Option<(String, usize)> },
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

/// Compiles a flat module (see [`super::flatten`]).
pub fn compile(
    flat: Module,
    clocks: &[PortId],
    fields: &[PortField],
    _sname: &str,
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
    let mut loc = vec![Loc::None; m.id_bound()];
    let mut banks = Banks::default();
    let mut reg_domain: Vec<(NetId, usize)> = Vec::new();
    // Classify and chunk.
    let (mut chunk, mut used) = (0usize, 0usize);
    for &id in &order {
        let cell = m.cell(id);
        loc[id.index()] = match &cell.kind {
            CellKind::Const(b) => Loc::Const(ops::lit(b)),
            CellKind::Input(p) if field_of(*p).is_none() => {
                Loc::Const(ops::lit(&comb::Bits::zero(cell.width)))
            }
            CellKind::Reg { .. } => {
                let clk = m.operands(id).get(1).copied().ok_or("register without a clock")?;
                let d = match m.cell(clk).kind {
                    CellKind::Input(p) => clocks.iter().position(|&c| c == p),
                    _ => None,
                };
                let d = d.ok_or_else(|| {
                    format!(
                        "register '{}' has a derived clock, which the Rust simulator does not support",
                        cell.name.as_deref().unwrap_or("?")
                    )
                })?;
                reg_domain.push((id, d));
                let ty = Ty::of(cell.width);
                let (bank, slot) = banks.alloc(format!("r{d}_{}", ty.key()), ty);
                banks.alloc(format!("n{d}_{}", ty.key()), ty);
                Loc::Reg { bank, slot }
            }
            CellKind::Instance { .. } | CellKind::InstOutput(_) | CellKind::ToClock | CellKind::FromClock => {
                return Err(format!("'{}' left after flattening", cell.kind.op_name()));
            }
            _ => {
                if used >= CHUNK {
                    chunk += 1;
                    used = 0;
                }
                used += cost(cell.width);
                Loc::Stmt { chunk, pers: None }
            }
        };
    }
    let eval_fns = chunk + 1;
    // Persistence: read from another function, or by a register.
    let mark = |loc: &mut Vec<Loc>, banks: &mut Banks, o: NetId| {
        if let Loc::Stmt { chunk, pers: pers @ None } = &mut loc[o.index()] {
            let _ = chunk;
            let ty = Ty::of(m.width(o));
            *pers = Some(banks.alloc(format!("v_{}", ty.key()), ty));
        }
    };
    for &id in &order {
        if let Loc::Stmt { chunk: cu, .. } = loc[id.index()] {
            for &o in m.operands(id) {
                if matches!(loc[o.index()], Loc::Stmt { chunk: co, .. } if co != cu) {
                    mark(&mut loc, &mut banks, o);
                }
            }
        }
    }
    for &(id, _) in &reg_domain {
        for (i, &o) in m.operands(id).iter().enumerate() {
            if i != 1 {
                mark(&mut loc, &mut banks, o);
            }
        }
    }
    let refer = |o: NetId, chunk: Option<usize>| -> String {
        match &loc[o.index()] {
            Loc::Const(s) => s.clone(),
            Loc::Reg { bank, slot } => format!("s.{bank}[{slot}]"),
            Loc::Stmt { chunk: c, pers } => match pers {
                Some((f, s)) if Some(*c) != chunk => format!("s.{f}[{s}]"),
                _ => format!("v{}", o.index()),
            },
            Loc::None => "0".into(),
        }
    };
    // Outputs by driver: the state's `out<j>` slots, copied to the fields by `eval()`.
    let mut outs: BTreeMap<NetId, Vec<String>> = BTreeMap::new();
    for (j, f) in fields.iter().filter(|f| f.dir == Dir::Output).enumerate() {
        let drv = m.port_net(f.port).ok_or_else(|| format!("output '{}' is not driven", f.name))?;
        outs.entry(drv).or_default().push(format!("out{j}"));
    }
    let input_index = |p: PortId| fields.iter().filter(|f| f.dir == Dir::Input).position(|f| f.port == p);
    let mut tables = Tables::default();
    let mut code = String::with_capacity(order.len() * 64);
    code.push_str(
        "//! The compiled logic: levelized straight-line evaluation and register updates.\n\
         #![allow(unused, clippy::all)]\nuse super::*;\n\n",
    );
    let mut cur = usize::MAX;
    for &id in &order {
        let Loc::Stmt { chunk: c, pers } = &loc[id.index()] else { continue };
        if *c != cur {
            if cur != usize::MAX {
                code.push_str("}\n");
            }
            cur = *c;
            let _ = writeln!(code, "pub(crate) fn eval_{c}(s: &mut __Sim) {{");
        }
        let cell = m.cell(id);
        let (w, ty) = (cell.width, Ty::of(cell.width));
        let e = match &cell.kind {
            CellKind::Input(p) => {
                let i = input_index(*p).ok_or("input without a field")?;
                match ty {
                    Ty::N(t) if t > w => format!("s.in{i} & {:#x}", (1u128 << w) - 1),
                    Ty::N(_) => format!("s.in{i}"),
                    Ty::W(_) => format!("rt::mask(s.in{i}, {w})"),
                }
            }
            kind => {
                let opnds: Vec<(String, u32)> =
                    m.operands(id).iter().map(|&o| (refer(o, Some(*c)), m.width(o))).collect();
                ops::expr(kind, w, &opnds, &mut tables)?
            }
        };
        let v = id.index();
        let _ = writeln!(code, "    let v{v}: {} = {e};", ty.name());
        if let Some((f, k)) = pers {
            let _ = writeln!(code, "    s.{f}[{k}] = v{v};");
        }
        for f in outs.get(&id).map(|v| v.as_slice()).unwrap_or(&[]) {
            let _ = writeln!(code, "    s.{f} = v{v};");
        }
    }
    if cur == usize::MAX {
        code.push_str("pub(crate) fn eval_0(s: &mut __Sim) {\n");
    }
    for (drv, fs) in &outs {
        if !matches!(loc[drv.index()], Loc::Stmt { .. }) {
            for f in fs {
                let _ = writeln!(code, "    s.{f} = {};", refer(*drv, None));
            }
        }
    }
    code.push_str("}\n");
    // Next-state functions per domain.
    let mut domains: Vec<Domain> =
        clocks.iter().map(|&p| Domain { clock: m.port(p).name.clone(), next_fns: 0 }).collect();
    let mut regs = Vec::new();
    for (d, dom) in domains.iter_mut().enumerate() {
        let mut n = 0;
        for (id, _) in reg_domain.iter().filter(|x| x.1 == d) {
            let cell = m.cell(*id);
            let Loc::Reg { bank, slot } = &loc[id.index()] else { continue };
            if n % CHUNK == 0 {
                if n > 0 {
                    code.push_str("}\n");
                }
                let _ = writeln!(code, "pub(crate) fn next_{d}_{}(s: &mut __Sim) {{", n / CHUNK);
            }
            n += 1;
            let (enable, reset) = match cell.kind {
                CellKind::Reg { enable, reset } => (enable, reset),
                _ => (false, false),
            };
            let ops = m.operands(*id);
            let r = |i: usize| refer(ops[i], None);
            let cur_v = format!("s.{bank}[{slot}]");
            let mut e = r(0);
            if enable {
                e = format!("if {} != 0 {{ {e} }} else {{ {cur_v} }}", r(2));
            }
            if reset {
                let k = 2 + enable as usize;
                e = format!("if {} != 0 {{ {} }} else {{ {e} }}", r(k), r(k + 1));
            }
            let nb = format!("n{}", &bank[1..]);
            let _ = writeln!(code, "    s.{nb}[{slot}] = {e};");
            let name =
                cell.name.as_deref().map(str::to_string).unwrap_or_else(|| format!("reg{}", id.index()));
            regs.push((name, cell.width, cur_v));
        }
        if n > 0 {
            code.push_str("}\n");
        }
        dom.next_fns = n.div_ceil(CHUNK);
        let _ = writeln!(code, "pub(crate) fn commit_{d}(s: &mut __Sim) {{");
        for (f, _) in banks.fields.iter().filter(|(f, _)| f.starts_with(&format!("r{d}_"))) {
            let _ = writeln!(code, "    s.{f} = s.n{};", &f[1..]);
        }
        code.push_str("}\n");
    }
    code.push('\n');
    code.push_str(&tables.items);
    let state = banks
        .fields
        .iter()
        .map(|(f, (ty, n))| (f.clone(), format!("[{}; {n}]", ty.name()), format!("[{}; {n}]", ty.zero())))
        .collect();
    Ok(Compiled { code, state, eval_fns, domains, regs, top })
}
