//! `sv.ifdef` / `sv.ifdef.procedural` specialized for a set of defined macros: each is
//! replaced, in place, by the ops of the branch the macros choose (the then-branch when its
//! macro is defined, else the else-branch), and the `sv.macro.decl`s are dropped. CIRCT keeps
//! both branches as `` `ifdef `` in its SystemVerilog; we specialize once, before building,
//! so the netlist, the simulators and every output agree on one configuration (as we do for
//! module parameters). Values defined in a branch keep their ids: the op tree is not
//! re-numbered.

use crate::ast::{Attr, File, Operation};

/// Replaces every `sv.ifdef[.procedural]` of `file` by the branch `defines` selects and
/// drops `sv.macro.decl`s (iteratively over nesting depth: a spliced branch is scanned again).
pub fn specialize_ifdefs(file: &mut File, defines: &[String]) {
    specialize_ops(&mut file.ops, defines);
}

fn chosen(op: &Operation, defines: &[String]) -> usize {
    match op.attr("cond") {
        Some(Attr::String(m)) if defines.iter().any(|d| d == m) => 0,
        _ => 1,
    }
}

fn specialize_ops<'a>(ops: &'a mut Vec<Operation>, defines: &[String]) {
    let mut work: Vec<&'a mut Vec<Operation>> = vec![ops];
    while let Some(list) = work.pop() {
        if list.iter().any(|o| matches!(&*o.name, "sv.ifdef" | "sv.ifdef.procedural" | "sv.macro.decl")) {
            let old = std::mem::take(list);
            let mut pending: Vec<Operation> = old.into_iter().rev().collect();
            while let Some(mut o) = pending.pop() {
                match &*o.name {
                    "sv.macro.decl" => {}
                    "sv.ifdef" | "sv.ifdef.procedural" => {
                        let i = chosen(&o, defines);
                        if let Some(e) = o.extra.as_deref_mut() {
                            if let Some(r) = e.regions.get_mut(i) {
                                for b in r.blocks.iter_mut().rev() {
                                    for x in std::mem::take(&mut b.ops).into_iter().rev() {
                                        pending.push(x);
                                    }
                                }
                            }
                        }
                    }
                    _ => list.push(o),
                }
            }
        }
        for o in list {
            if let Some(e) = o.extra.as_deref_mut() {
                for r in e.regions.iter_mut() {
                    for b in r.blocks.iter_mut() {
                        work.push(&mut b.ops);
                    }
                }
            }
        }
    }
}
