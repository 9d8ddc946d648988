//! The FSM as Graphviz: one node per state, named as in the SystemVerilog's `localparam`s
//! (`S_GEMM_L12_PIPE0`) and showing the ops that start in it, one edge per transition
//! labelled with its condition (`%c`, `!(%i < 8)`, `start`, `done`). Conditions on the
//! way from a state to its successor are joined by `&`; several ways to one successor by
//! `|`. Register writes on a transition are not shown.

use crate::gen::layout::{Layout, Next, Src};
use crate::ir::{Func, ValId};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write;

/// Graphviz text of the FSM of `l`, states named `names`.
pub fn dot(f: &Func, l: &Layout, names: &[String]) -> String {
    let consts = f.constants();
    let mut edges: BTreeMap<(u32, u32), BTreeSet<String>> = BTreeMap::new();
    let mut walk = Walk { f, l, consts: &consts, edges: &mut edges };
    walk.next(0, &l.entry, &mut vec!["start".to_string()], 0);
    walk.edges.entry((0, 0)).or_default().insert("!start".into());
    for (s, n) in l.next.iter().enumerate().skip(1) {
        walk.next(s as u32, n, &mut Vec::new(), 0);
    }
    let ops = crate::gen::names::ops_by_state(f, l);
    let group = chains(names.len(), &edges, &ops);
    let mut o = format!("digraph \"{}_fsm\" {{\n", esc(&f.name));
    o.push_str("  rankdir=TB;\n  node [shape=box, style=\"rounded,filled\", fillcolor=\"#f4f4f4\", fontname=\"monospace\", fontsize=10];\n  edge [fontname=\"monospace\", fontsize=9];\n");
    for (s, name) in names.iter().enumerate() {
        if group[s] != s {
            continue;
        }
        let last = (s..names.len()).take_while(|&t| group[t] == s).last().unwrap_or(s);
        let mut label = esc(name);
        if last > s {
            let _ = write!(label, " .. {} ({} states)", esc(&names[last]), last - s + 1);
        }
        for op in ops.get(&(s as u32)).map(Vec::as_slice).unwrap_or(&[]) {
            let _ = write!(label, "\\l  {}", esc(op));
        }
        if ops.contains_key(&(s as u32)) {
            label.push_str("\\l");
        }
        let fill = if s == 0 { ", fillcolor=\"#dde8f8\"" } else { "" };
        let _ = writeln!(o, "  s{s} [label=\"{label}\"{fill}];");
    }
    for ((a, b), conds) in &edges {
        let (ga, gb) = (group[*a as usize], group[*b as usize]);
        if ga == gb && *b == *a + 1 {
            continue;
        }
        let c: Vec<&str> = conds.iter().map(String::as_str).collect();
        let label = if c.iter().any(|c| c.is_empty()) { String::new() } else { c.join(" | ") };
        let _ = writeln!(o, "  s{ga} -> s{gb} [label=\"{}\"];", esc(&label));
    }
    o.push_str("}\n");
    o
}

/// Runs of states drawn as one node: state `k + 1` joins `k`'s run when the only way out
/// of `k` is to `k + 1`, unconditionally, the only way into `k + 1` is from `k`, and no op
/// starts in `k + 1` (a sequential divider's steps). `group[s]` is the first of `s`'s run.
fn chains(
    n: usize,
    edges: &BTreeMap<(u32, u32), BTreeSet<String>>,
    ops: &BTreeMap<u32, Vec<String>>,
) -> Vec<usize> {
    let mut outs: Vec<Vec<(u32, bool)>> = vec![Vec::new(); n];
    let mut ins: Vec<Vec<(u32, bool)>> = vec![Vec::new(); n];
    for ((a, b), c) in edges {
        let plain = c.len() == 1 && c.contains("");
        outs[*a as usize].push((*b, plain));
        ins[*b as usize].push((*a, plain));
    }
    let mut group: Vec<usize> = (0..n).collect();
    for k in 1..n.saturating_sub(1) {
        let next = k as u32 + 1;
        if outs[k] == [(next, true)] && ins[k + 1] == [(k as u32, true)] && !ops.contains_key(&next) {
            group[k + 1] = group[k];
        }
    }
    group
}

/// Graphviz string escaping (quotes and backslashes).
fn esc(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Edges of the transition trees.
struct Walk<'a> {
    f: &'a Func,
    l: &'a Layout,
    consts: &'a HashMap<ValId, u64>,
    edges: &'a mut BTreeMap<(u32, u32), BTreeSet<String>>,
}

impl Walk<'_> {
    /// Adds the edges of `n` out of `from` under the conditions `conds` (labels are
    /// followed; `depth` guards against a cycle of labels, which the layout never makes).
    fn next(&mut self, from: u32, n: &Next, conds: &mut Vec<String>, depth: u32) {
        if depth > 10_000 {
            return;
        }
        match n {
            Next::Goto(t) => {
                self.edges.entry((from, *t)).or_default().insert(conds.join(" & "));
            }
            Next::Jump(k) => self.next(from, &self.l.labels[*k], conds, depth + 1),
            Next::Act(_, rest) => self.next(from, rest, conds, depth + 1),
            Next::Finish => {
                let mut c = conds.clone();
                c.push("done".into());
                self.edges.entry((from, 0)).or_default().insert(c.join(" & "));
            }
            Next::Branch(src, yes, no) => {
                let c = self.cond(src);
                conds.push(c.clone());
                self.next(from, yes, conds, depth + 1);
                conds.pop();
                conds.push(format!("!{}", paren(&c)));
                self.next(from, no, conds, depth + 1);
                conds.pop();
            }
        }
    }

    /// A 1-bit source as text.
    fn cond(&self, s: &Src) -> String {
        let f = self.f;
        // A value by its name, else by the op defining it (`L8 cmp`), else its id.
        let val = |v: ValId| match self.consts.get(&v) {
            Some(c) => c.to_string(),
            None if f.values[v.index()].name.is_some() => f.value_name(v),
            None => match f.ops.iter().position(|o| o.result == Some(v)) {
                Some(k) => {
                    let label = crate::report::op_label(f, crate::ir::OpId(k as u32));
                    let mut w = label.split(' ');
                    let line = w.next().and_then(|a| a.rsplit_once(':')).map_or("?", |(_, l)| l);
                    format!("L{line} {}", w.next().unwrap_or("op"))
                }
                None => f.value_name(v),
            },
        };
        match s {
            Src::Val(v) => val(*v),
            Src::IvNext(k) => format!("{} + {}", val(self.l.fors[*k].iv), self.l.fors[*k].step),
            Src::InRange(k) => {
                let fl = &self.l.fors[*k];
                format!("{} < {}", val(fl.iv), val(fl.ub))
            }
            Src::PipeFinal(k) => {
                let id = self.l.fors[self.l.pipes[*k].for_k].id;
                let name = self
                    .l
                    .loops
                    .iter()
                    .find(|li| li.id == id)
                    .map_or_else(|| id.to_string(), |li| crate::report::loop_name(f, li));
                format!("{} drained", name.split(' ').next().unwrap_or("pipeline"))
            }
            Src::PipeResult(k, j) => format!("pipe{k}.result{j}"),
        }
    }
}

/// `c` in parentheses when it has spaces.
fn paren(c: &str) -> String {
    if c.contains(' ') {
        format!("({c})")
    } else {
        c.to_string()
    }
}
