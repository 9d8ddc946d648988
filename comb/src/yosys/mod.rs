//! Yosys JSON netlists (`yosys ... write_json`) as a [`Design`] (SPEC sections 1 and 6).
//!
//! [`import`] reads the text with `yosys-netlist-json` (and a second, key-only parse for
//! the order of modules and ports, [`order`]), then builds each module children first
//! ([`module`]): bits are grouped back into words ([`words`]), coarse cells
//! ([`arith`], [`select`]), gate cells ([`gates`]) and flip-flops ([`ff`]) are lowered to
//! comb/seq cells, and a cell whose type is a module of the file becomes an instance.
//! What has no two-state, synchronous meaning (asynchronous resets, latches, memories,
//! `x`/`z` bits reaching logic, undriven or multiply-driven bits) is an [`ImportError`]
//! naming the module and cell; malformed JSON one with serde_json's line and column.
//! The result is verified like any built design.

pub mod arith;
pub mod error;
pub mod ff;
pub mod gates;
pub mod locate;
pub mod module;
pub mod order;
pub mod params;
pub mod select;
pub mod words;

pub use error::ImportError;

use crate::ids::ModuleId;
use crate::netlist::{CellKind, Design, Module};
use std::collections::HashMap;
use yosys_netlist_json::{AttributeVal, Netlist};

/// Imports a Yosys JSON netlist. `top` names the top module; by default it is the module
/// Yosys marked `top`, else the last module no other instantiates.
pub fn import(text: &str, top: Option<&str>) -> Result<Design, ImportError> {
    let order: order::FileOrder = serde_json::from_str(text).map_err(|e| ImportError::from_json(&e))?;
    let netlist = Netlist::from_slice(text.as_bytes()).map_err(|e| ImportError::from_json(&e))?;
    // Modules in the file's order; blackboxes (cell libraries) have no contents to import.
    let is_set = |v: Option<&AttributeVal>| match v {
        Some(AttributeVal::N(n)) => *n != 0,
        Some(AttributeVal::S(s)) => s.contains('1'),
        None => false,
    };
    let names: Vec<&String> = order
        .modules
        .0
        .iter()
        .map(|(n, _)| n)
        .filter(|n| netlist.modules.get(*n).is_some_and(|m| !is_set(m.attributes.get("blackbox"))))
        .collect();
    let mut seen = std::collections::HashSet::new();
    let names: Vec<&String> = names.into_iter().filter(|n| seen.insert(*n)).collect();
    if names.is_empty() {
        return Err(ImportError::global("the netlist has no modules"));
    }
    let ids: HashMap<String, ModuleId> =
        names.iter().enumerate().map(|(i, n)| ((*n).clone(), ModuleId(i as u32))).collect();
    let ports_of = |n: &str| -> Vec<String> {
        order
            .modules
            .0
            .iter()
            .find(|(m, _)| m == n)
            .map(|(_, o)| o.ports.0.iter().map(|(p, _)| p.clone()).collect())
            .unwrap_or_default()
    };
    // Children first (depth-first post-order over cell types that name modules).
    let children: Vec<Vec<ModuleId>> = names
        .iter()
        .map(|n| {
            let mut c: Vec<ModuleId> = netlist.modules[*n]
                .cells
                .values()
                .filter_map(|cell| ids.get(&cell.cell_type).copied())
                .collect();
            c.sort();
            c.dedup();
            c
        })
        .collect();
    let post = crate::order::hierarchy_order_of(&children).map_err(|cycle| {
        let path: Vec<&str> = cycle.iter().map(|m| names[m.index()].as_str()).collect();
        ImportError::global(format!("recursive instantiation: {}", path.join(" -> ")))
    })?;
    let mut built: Vec<Option<Module>> = vec![None; names.len()];
    for id in post {
        let name = names[id.index()];
        let ym = &netlist.modules[name];
        module::check_init(name, ym)?;
        let known = module::Known { ids: &ids, built: &built };
        let m = module::import_module(name, ym, &ports_of(name), &known)?;
        built[id.index()] = Some(m);
    }
    let mut design =
        Design { modules: built.into_iter().map(|m| m.expect("every module is built")).collect(), top: None };
    design.top = Some(match top {
        Some(t) => design
            .find(t)
            .ok_or_else(|| ImportError::global(format!("{} (--top)", design.no_such_module(t))))?,
        None => default_top(&design, &names, &netlist),
    });
    let errors = crate::verify::verify(&design);
    if let Some(e) = errors.first() {
        return Err(ImportError::in_module(&e.module, e.message.clone()));
    }
    Ok(design)
}

/// The module Yosys marked `top`, else the last one no other instantiates.
fn default_top(design: &Design, names: &[&String], netlist: &Netlist) -> ModuleId {
    let marked = names.iter().position(|n| {
        matches!(netlist.modules[*n].attributes.get("top"), Some(AttributeVal::N(1)))
            || matches!(netlist.modules[*n].attributes.get("top"), Some(AttributeVal::S(s)) if s.contains('1'))
    });
    if let Some(i) = marked {
        return ModuleId(i as u32);
    }
    let mut used = vec![false; design.modules.len()];
    for m in &design.modules {
        for c in m.cells() {
            if let CellKind::Instance { module, .. } = &m.cell(c).kind {
                used[module.index()] = true;
            }
        }
    }
    let last = used.iter().rposition(|u| !u).unwrap_or(design.modules.len() - 1);
    ModuleId(last as u32)
}
