//! The function of a cut: the truth table of a node over the cut's leaves (leaf `i` is
//! variable `i`, bit `j` of the table is the value when the leaves spell `j`), computed by
//! simulating the cone between them with one 64-bit word per node; and [`shrink`], which
//! drops variables the function does not depend on.

use super::aig::{Aig, Lit, Node};
use rustc_hash::FxHashMap;

/// The truth table of variable `i` over six variables.
pub const VARS: [u64; 6] = [
    0xAAAA_AAAA_AAAA_AAAA,
    0xCCCC_CCCC_CCCC_CCCC,
    0xF0F0_F0F0_F0F0_F0F0,
    0xFF00_FF00_FF00_FF00,
    0xFFFF_0000_FFFF_0000,
    0xFFFF_FFFF_0000_0000,
];

/// The mask of a table over `n` variables.
pub fn mask(n: usize) -> u64 {
    if n >= 6 {
        u64::MAX
    } else {
        (1u64 << (1 << n)) - 1
    }
}

/// The truth table of `root` over `leaves` (at most 6, every path from the inputs to
/// `root` passing through one), masked to `2^leaves.len()` bits.
pub fn cut_function(g: &Aig, root: Node, leaves: &[u32]) -> u64 {
    let mut memo: FxHashMap<u32, u64> = leaves.iter().enumerate().map(|(i, &l)| (l, VARS[i])).collect();
    memo.insert(0, 0);
    // Iterative post-order over the cone.
    let mut stack = vec![root.0];
    while let Some(&n) = stack.last() {
        if memo.contains_key(&n) {
            stack.pop();
            continue;
        }
        assert!(g.is_and(Node(n)), "cut leaves must separate the cone from the inputs");
        let [a, b] = g.fanins(Node(n));
        let (na, nb) = (a.node().0, b.node().0);
        match (memo.get(&na), memo.get(&nb)) {
            (Some(&x), Some(&y)) => {
                let lit = |v: u64, l: Lit| if l.is_neg() { !v } else { v };
                memo.insert(n, lit(x, a) & lit(y, b));
                stack.pop();
            }
            (x, y) => {
                if x.is_none() {
                    stack.push(na);
                }
                if y.is_none() {
                    stack.push(nb);
                }
            }
        }
    }
    memo[&root.0] & mask(leaves.len())
}

/// True if the table over `n` variables depends on variable `v`.
pub fn depends_on(tt: u64, n: usize, v: usize) -> bool {
    let m = mask(n);
    let hi = tt & VARS[v] & m;
    let lo = tt & !VARS[v] & m;
    (hi >> (1 << v)) != lo
}

/// Removes the variables `tt` (over `n`) does not depend on; returns the new table and the
/// kept variables' old positions, in order.
pub fn shrink(tt: u64, n: usize) -> (u64, Vec<usize>) {
    let kept: Vec<usize> = (0..n).filter(|&v| depends_on(tt, n, v)).collect();
    if kept.len() == n {
        return (tt & mask(n), kept);
    }
    let mut out = 0u64;
    for j in 0..(1usize << kept.len()) {
        let mut old = 0usize;
        for (new_pos, &v) in kept.iter().enumerate() {
            if j >> new_pos & 1 == 1 {
                old |= 1 << v;
            }
        }
        if tt >> old & 1 == 1 {
            out |= 1 << j;
        }
    }
    (out, kept)
}
