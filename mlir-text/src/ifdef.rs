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
/// A macro declared with a Verilog name (`sv.macro.decl @SYM["NAME"]`) is the macro NAME:
/// `sv.ifdef @SYM` takes its then-branch under `--define NAME`.
pub fn specialize_ifdefs(file: &mut File, defines: &[String]) {
    let mut alias: Vec<(String, String)> = Vec::new();
    let mut stack: Vec<&Operation> = file.ops.iter().collect();
    while let Some(o) = stack.pop() {
        match &*o.name {
            "sv.macro.decl" => {
                if let (Some(Attr::String(sym)), Some(Attr::String(v))) =
                    (o.attr("sym_name"), o.attr("verilogName"))
                {
                    alias.push((sym.clone(), v.clone()));
                }
            }
            "builtin.module" => stack.extend(o.regions().iter().flat_map(|r| &r.blocks).flat_map(|b| &b.ops)),
            _ => {}
        }
    }
    let defines: Vec<String> = defines
        .iter()
        .flat_map(|d| {
            let syms = alias.iter().filter(move |(_, v)| v == d).map(|(s, _)| s.clone());
            std::iter::once(d.clone()).chain(syms)
        })
        .collect();
    specialize_ops(&mut file.ops, &defines);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The op names of the body of the first `hw.module`, nested regions opened.
    fn names(file: &File) -> Vec<String> {
        let mut out = Vec::new();
        let mut stack: Vec<&Operation> = file.ops.iter().rev().collect();
        while let Some(o) = stack.pop() {
            out.push(o.name.to_string());
            for r in o.regions().iter().rev() {
                for b in r.blocks.iter().rev() {
                    stack.extend(b.ops.iter().rev());
                }
            }
        }
        out
    }

    const SRC: &str = r#"sv.macro.decl @A
sv.macro.decl @B
hw.module @t(in %x : i1, out y : i1) {
  sv.ifdef "A" {
    sv.ifdef #sv<macro.ident "B"> {
      sv.verbatim "ab"
    } else {
      sv.verbatim "a"
    }
  } else {
    sv.verbatim "none"
  }
  hw.output %x : i1
}
"#;

    fn texts(defines: &[&str]) -> Vec<String> {
        let src = crate::SourceFile::new("t.mlir", SRC);
        let mut file = crate::parse(&src).unwrap();
        let d: Vec<String> = defines.iter().map(|s| s.to_string()).collect();
        specialize_ifdefs(&mut file, &d);
        assert!(!names(&file).iter().any(|n| n.starts_with("sv.ifdef") || n == "sv.macro.decl"));
        let body = &file.ops[0].regions()[0].blocks[0].ops;
        body.iter()
            .filter_map(|o| match o.attr("format_string") {
                Some(Attr::String(s)) => Some(s.clone()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn nested_ifdefs_take_the_defined_branches() {
        assert_eq!(texts(&[]), ["none"]);
        assert_eq!(texts(&["A"]), ["a"]);
        assert_eq!(texts(&["A", "B"]), ["ab"]);
        assert_eq!(texts(&["B"]), ["none"]);
    }
}
