//! AIG balancing: every multi-input AND (a "supergate": a tree of AND nodes joined by
//! positive edges through nodes with a single fanout) is rebuilt as a tree that pairs the
//! two shallowest inputs first, which minimizes its depth; the result is structurally
//! hashed again. The function of every output is unchanged (an AND of the same inputs);
//! only the association changes. Nodes no output reaches are dropped.

use super::aig::{Aig, Lit, Node};

/// A balanced copy of `g` with the same inputs (in order) and outputs.
pub fn balance(g: &Aig) -> Aig {
    let n = g.len();
    let refs = g.fanout_counts();
    // Nodes used through a complemented edge or by an output: always supergate roots.
    let mut pinned = vec![false; n];
    for node in g.nodes() {
        if g.is_and(node) {
            for f in g.fanins(node) {
                if f.is_neg() {
                    pinned[f.node().0 as usize] = true;
                }
            }
        }
    }
    for o in &g.outputs {
        pinned[o.node().0 as usize] = true;
    }
    let root = |x: Node| g.is_and(x) && (pinned[x.0 as usize] || refs[x.0 as usize] != 1);
    // Reachable roots.
    let mut live = vec![false; n];
    for o in &g.outputs {
        live[o.node().0 as usize] = true;
    }
    for i in (0..n).rev() {
        if live[i] && g.is_and(Node(i as u32)) {
            for f in g.fanins(Node(i as u32)) {
                live[f.node().0 as usize] = true;
            }
        }
    }
    let mut h = Aig::new();
    let mut level: Vec<u32> = vec![0];
    let mut map: Vec<Lit> = vec![Lit::FALSE; n];
    for &inp in g.inputs() {
        map[inp.0 as usize] = h.input();
        level.push(0);
    }
    let mut leaves = Vec::new();
    let mut stack = Vec::new();
    for node in g.nodes() {
        let i = node.0 as usize;
        if !live[i] || !root(node) {
            continue;
        }
        // Collect the supergate's leaves.
        leaves.clear();
        stack.clear();
        stack.extend(g.fanins(node));
        while let Some(l) = stack.pop() {
            let x = l.node();
            if !l.is_neg() && g.is_and(x) && !root(x) {
                stack.extend(g.fanins(x));
            } else {
                let nl = map[x.0 as usize].xor_neg(l.is_neg());
                leaves.push(nl);
            }
        }
        map[i] = and_balanced(&mut h, &mut level, &mut leaves);
    }
    h.outputs = g.outputs.iter().map(|o| map[o.node().0 as usize].xor_neg(o.is_neg())).collect();
    h
}

/// The AND of `leaves`, pairing the two of lowest level first (ties by literal).
fn and_balanced(h: &mut Aig, level: &mut Vec<u32>, leaves: &mut Vec<Lit>) -> Lit {
    leaves.sort();
    leaves.dedup();
    if leaves.windows(2).any(|w| w[0] == !w[1]) || leaves.contains(&Lit::FALSE) {
        return Lit::FALSE;
    }
    leaves.retain(|&l| l != Lit::TRUE);
    let lv = |level: &Vec<u32>, l: Lit| level[l.node().0 as usize];
    // Highest level first, so the two lowest are at the end.
    let key = |level: &Vec<u32>, l: &Lit| (std::cmp::Reverse(lv(level, *l)), *l);
    leaves.sort_by_key(|l| key(level, l));
    while leaves.len() > 1 {
        let a = leaves.pop().expect("two leaves");
        let b = leaves.pop().expect("two leaves");
        let before = h.len();
        let r = h.and(a, b);
        if h.len() > before {
            level.push(1 + lv(level, a).max(lv(level, b)));
        }
        let k = key(level, &r);
        let pos = leaves.partition_point(|x| key(level, x) < k);
        leaves.insert(pos, r);
    }
    leaves.first().copied().unwrap_or(Lit::TRUE)
}
