//! `--emit yosys-json`: the design as a Yosys JSON netlist that `yosys read_json` reads with
//! the same meaning (SPEC section 6).
//!
//! Per module, first every net gets its bits (`net_bits`): wiring — concat, extract,
//! replicate, reverse, clock conversions, constants, one-operand variadics — is only a new
//! view of existing bits and becomes no cell; every other cell gets fresh bit numbers.
//! Then each cell becomes one or a few Yosys coarse cells ([`cells`]); an instance becomes
//! a cell whose type is the child module. Registers get an `init` of zero on their output
//! net (ours start at 0). Cells come in id order, names are generated (`$rmlir$add$3`) or
//! the user's, so the output is deterministic. A kind this backend does not know is an
//! error naming it, never a panic.

pub mod cells;
pub mod text;

use cells::{bin_string, const_bits, Emitter};
use comb::netlist::{CellKind, IcmpPred};
use comb::{Bits, Design, Dir, ModuleId, NetId};
use std::collections::{HashMap, HashSet};
use text::{YBit, YCell, YDir, YModule, YNet};

/// The design as Yosys JSON text, or a message naming what cannot be written.
pub fn emit(design: &Design) -> Result<String, String> {
    let summaries = comb::order::summaries(design);
    let mut modules = Vec::new();
    // A black box is no module of the netlist: its instances are cells of its type.
    for mid in design.module_ids().filter(|&m| design.module(m).extern_info.is_none()) {
        modules.push(module(design, &summaries, mid)?);
    }
    Ok(text::print(&modules))
}

/// The bits of every net of module `mid`, wiring resolved; fresh numbers from `next` on.
fn net_bits(
    design: &Design,
    summaries: &[comb::order::CombSummary],
    mid: ModuleId,
    next: &mut u64,
) -> Result<Vec<Vec<YBit>>, String> {
    let m = design.module(mid);
    let order = comb::order::topo_order(design, summaries, mid)
        .map_err(|_| format!("module '{}' has a combinational cycle", m.name))?;
    let mut bits: Vec<Vec<YBit>> = vec![Vec::new(); m.id_bound()];
    for n in order {
        let c = m.cell(n);
        let op = |i: usize| &bits[c.operands()[i].index()];
        let b: Vec<YBit> = match &c.kind {
            CellKind::Const(v) => const_bits(v),
            CellKind::Concat => {
                c.operands().iter().rev().flat_map(|o| bits[o.index()].iter().copied()).collect()
            }
            CellKind::Extract { low } => op(0)[*low as usize..(*low + c.width) as usize].to_vec(),
            CellKind::Replicate => op(0).iter().copied().cycle().take(c.width as usize).collect(),
            CellKind::Reverse => op(0).iter().rev().copied().collect(),
            CellKind::ToClock | CellKind::FromClock => op(0).clone(),
            CellKind::And | CellKind::Or | CellKind::Xor | CellKind::Add | CellKind::Mul
                if c.operands().len() == 1 =>
            {
                op(0).clone()
            }
            CellKind::TruthTable(t) if c.operands().is_empty() => const_bits(t),
            CellKind::Instance { .. } => Vec::new(),
            _ => {
                let b = (0..c.width as u64).map(|i| YBit::N(*next + i)).collect();
                *next += c.width as u64;
                b
            }
        };
        bits[n.index()] = b;
    }
    Ok(bits)
}

fn module(design: &Design, summaries: &[comb::order::CombSummary], mid: ModuleId) -> Result<YModule, String> {
    let m = design.module(mid);
    let mut next = 2;
    let bits = net_bits(design, summaries, mid, &mut next)?;
    let nb = |n: NetId| bits[n.index()].clone();
    let mut e = Emitter::new(next);
    let mut inits: HashMap<NetId, String> = HashMap::new();
    for n in m.cells() {
        let c = m.cell(n);
        let ops: Vec<Vec<YBit>> = c.operands().iter().map(|&o| nb(o)).collect();
        let y = nb(n);
        let w = c.width;
        let out = |e: &mut Emitter, r: Vec<YBit>| {
            // The last cell computed `r` into fresh bits: give it the net's bits instead.
            if let Some(last) = e.cells.last_mut() {
                if let Some(conn) =
                    last.conns.iter_mut().find(|(p, d, b)| p == "Y" && *d == YDir::Output && *b == r)
                {
                    conn.2 = y.clone();
                    return;
                }
            }
            e.push(
                "$pos",
                vec![
                    ("A_SIGNED", text::int_param(0)),
                    ("A_WIDTH", text::int_param(r.len() as u64)),
                    ("Y_WIDTH", text::int_param(y.len() as u64)),
                ],
                vec![("A", YDir::Input, r), ("Y", YDir::Output, y.clone())],
            );
        };
        match &c.kind {
            CellKind::Input(_)
            | CellKind::Const(_)
            | CellKind::Concat
            | CellKind::Extract { .. }
            | CellKind::Replicate
            | CellKind::Reverse
            | CellKind::ToClock
            | CellKind::FromClock
            | CellKind::InstOutput(_) => {}
            CellKind::TruthTable(_) if ops.is_empty() => {}
            CellKind::And | CellKind::Or | CellKind::Xor | CellKind::Add | CellKind::Mul
                if ops.len() == 1 => {}
            k @ (CellKind::And
            | CellKind::Or
            | CellKind::Xor
            | CellKind::Add
            | CellKind::Mul
            | CellKind::Nand
            | CellKind::Nor
            | CellKind::Xnor) => {
                let (ty, invert) = match k {
                    CellKind::And => ("$and", false),
                    CellKind::Or => ("$or", false),
                    CellKind::Xor => ("$xor", false),
                    CellKind::Add => ("$add", false),
                    CellKind::Mul => ("$mul", false),
                    CellKind::Nand => ("$and", true),
                    CellKind::Nor => ("$or", true),
                    _ => ("$xor", true),
                };
                let mut acc = ops[0].clone();
                for o in &ops[1..] {
                    acc = e.bin(ty, &acc, o, false, w);
                }
                if invert {
                    acc = e.un("$not", &acc, false, w);
                }
                out(&mut e, acc);
            }
            CellKind::Sub => {
                let r = e.bin("$sub", &ops[0], &ops[1], false, w);
                out(&mut e, r)
            }
            CellKind::DivU | CellKind::DivS | CellKind::ModU | CellKind::ModS => {
                let signed = matches!(c.kind, CellKind::DivS | CellKind::ModS);
                let ty = if matches!(c.kind, CellKind::DivU | CellKind::DivS) { "$div" } else { "$mod" };
                let r = e.divide(ty, &ops[0], &ops[1], signed);
                out(&mut e, r)
            }
            CellKind::Shl | CellKind::ShrU | CellKind::ShrS => {
                let (ty, signed) = match c.kind {
                    CellKind::Shl => ("$shl", false),
                    CellKind::ShrU => ("$shr", false),
                    _ => ("$sshr", true),
                };
                let r = shift(&mut e, ty, &ops[0], &ops[1], signed);
                out(&mut e, r)
            }
            CellKind::Icmp(p) => {
                use IcmpPred::*;
                let (ty, signed) = match p {
                    Eq | Ceq | Weq => ("$eq", false),
                    Ne | Cne | Wne => ("$ne", false),
                    Slt => ("$lt", true),
                    Sle => ("$le", true),
                    Sgt => ("$gt", true),
                    Sge => ("$ge", true),
                    Ult => ("$lt", false),
                    Ule => ("$le", false),
                    Ugt => ("$gt", false),
                    Uge => ("$ge", false),
                };
                let r = e.bin(ty, &ops[0], &ops[1], signed, 1);
                out(&mut e, r)
            }
            CellKind::Inv => {
                let r = e.un("$not", &ops[0], false, w);
                out(&mut e, r)
            }
            CellKind::Parity => {
                let r = e.un("$reduce_xor", &ops[0], false, 1);
                out(&mut e, r)
            }
            CellKind::Mux => {
                let r = e.mux(&ops[0], &ops[1], &ops[2]);
                out(&mut e, r)
            }
            CellKind::TruthTable(t) => {
                let a: Vec<YBit> = ops.iter().rev().map(|o| o[0]).collect();
                e.push(
                    "$lut",
                    vec![("LUT", bin_string(t)), ("WIDTH", text::int_param(a.len() as u64))],
                    vec![("A", YDir::Input, a), ("Y", YDir::Output, y.clone())],
                );
            }
            CellKind::Lut { coefficients, table } => {
                let r = e.lut(coefficients, table, &ops, w);
                out(&mut e, r)
            }
            CellKind::Reg { reset, enable, async_reset, init } => {
                let en = enable.then(|| ops[2].as_slice());
                let r = 2 + *enable as usize;
                let rst = reset.then(|| (ops[r].as_slice(), ops[r + 1].as_slice()));
                e.reg(&y, &ops[0], &ops[1], en, rst, *async_reset);
                let init = init.clone().unwrap_or_else(|| Bits::zero(c.width));
                inits.insert(n, (0..c.width).rev().map(|i| if init.bit(i) { '1' } else { '0' }).collect());
            }
            CellKind::Instance { module: child, name, params } => {
                let cm = design.module(*child);
                let mut conns = Vec::new();
                for (i, p) in cm.inputs().enumerate() {
                    conns.push((cm.port(p).name.clone(), YDir::Input, ops[i].clone()));
                }
                let users = m.users(n);
                for p in cm.outputs() {
                    let o = users
                        .iter()
                        .find(|(u, _)| matches!(m.cell(*u).kind, CellKind::InstOutput(q) if q == p));
                    let b = match o {
                        Some((u, _)) => nb(*u),
                        None => e.fresh(cm.port(p).width),
                    };
                    conns.push((cm.port(p).name.clone(), YDir::Output, b));
                }
                e.cells.push(YCell {
                    name: name.to_string(),
                    hidden: false,
                    ty: cm
                        .extern_info
                        .as_ref()
                        .and_then(|x| x.verilog_name.clone())
                        .unwrap_or_else(|| cm.name.clone()),
                    params: extern_params(cm, params),
                    conns,
                });
            }
            #[allow(unreachable_patterns)]
            other => {
                return Err(format!(
                    "module '{}': '{}' cells are not supported by --emit yosys-json",
                    m.name,
                    other.op_name()
                ))
            }
        }
    }
    // One namespace for ports, cells and nets, as in Yosys: ports keep their names, then
    // cells, then named nets get a `_N` suffix where they would collide.
    let mut names: HashSet<String> = m.ports.iter().map(|p| p.name.clone()).collect();
    let unique = |names: &mut HashSet<String>, base: &str| {
        let mut name = base.to_string();
        let mut k = 0;
        while !names.insert(name.clone()) {
            k += 1;
            name = format!("{base}_{k}");
        }
        name
    };
    for c in &mut e.cells {
        c.name = unique(&mut names, &c.name);
    }
    let mut ports = Vec::new();
    let mut nets = Vec::new();
    let mut seen_bits: std::collections::HashMap<Vec<YBit>, usize> = std::collections::HashMap::new();
    for p in m.port_ids() {
        let port = m.port(p);
        let dir = if port.dir == Dir::Input { YDir::Input } else { YDir::Output };
        let b = m.port_net(p).map(nb).ok_or_else(|| format!("output '{}' is not driven", port.name))?;
        seen_bits.entry(b.clone()).or_insert(nets.len());
        nets.push(YNet { name: port.name.clone(), hidden: false, bits: b.clone(), init: None });
        ports.push((port.name.clone(), dir, b));
    }
    for n in m.cells() {
        let c = m.cell(n);
        let is_reg = matches!(c.kind, CellKind::Reg { .. });
        if c.width == 0
            || matches!(c.kind, CellKind::Input(_) | CellKind::Const(_))
            || (c.name.is_none() && !is_reg)
        {
            continue;
        }
        let (base, hidden) = match &c.name {
            Some(s) => (s.to_string(), false),
            None => (format!("$rmlir$q{}", n.index()), true),
        };
        let init = inits.get(&n).cloned();
        if let Some(&i) = seen_bits.get(&nb(n)) {
            // Already named (a port, or another name): one name per bit vector.
            nets[i].init = nets[i].init.take().or(init);
            continue;
        }
        seen_bits.insert(nb(n), nets.len());
        let name = unique(&mut names, &base);
        nets.push(YNet { name, hidden, bits: nb(n), init });
    }
    Ok(YModule { name: m.name.clone(), top: design.top == Some(mid), ports, cells: e.cells, nets })
}

/// A shift whose amount is unsigned and as wide as the value.
fn shift(e: &mut Emitter, ty: &str, a: &[YBit], b: &[YBit], signed: bool) -> Vec<YBit> {
    let y = e.fresh(a.len() as u32);
    e.push(
        ty,
        vec![
            ("A_SIGNED", text::int_param(signed as u64)),
            ("A_WIDTH", text::int_param(a.len() as u64)),
            ("B_SIGNED", text::int_param(0)),
            ("B_WIDTH", text::int_param(b.len() as u64)),
            ("Y_WIDTH", text::int_param(a.len() as u64)),
        ],
        vec![("A", YDir::Input, a.to_vec()), ("B", YDir::Input, b.to_vec()), ("Y", YDir::Output, y.clone())],
    );
    y
}

/// The parameters of an instance of a black box as Yosys writes them: integers as binary
/// strings of their width, anything else as a string (with Yosys's trailing space when it
/// would read as bits).
fn extern_params(cm: &comb::Module, params: &[comb::netlist::ParamValue]) -> Vec<(String, String)> {
    let decls = cm.extern_info.as_ref().map_or(&[][..], |x| &x.params[..]);
    decls
        .iter()
        .zip(params)
        .map(|(d, v)| {
            let text = match v {
                comb::netlist::ParamValue::Int(b) => {
                    (0..b.width()).rev().map(|i| if b.bit(i) { '1' } else { '0' }).collect()
                }
                comb::netlist::ParamValue::Str(s) if s.chars().all(|c| "01xz".contains(c)) => format!("{s} "),
                comb::netlist::ParamValue::Str(s) => s.clone(),
                other => other.to_sv(),
            };
            (d.name.clone(), text)
        })
        .collect()
}
