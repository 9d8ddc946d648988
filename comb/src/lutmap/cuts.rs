//! K-feasible cuts: a node's cut is a set of at most K nodes (the leaves) through which
//! every path from the inputs to the node passes; a LUT of K inputs can compute the node
//! from them. A node's cuts are the pairwise unions of its fanins' cuts (each including
//! the fanin itself, the trivial cut) that have at most K leaves; [`merge_cuts`] builds
//! them, drops duplicates and cuts that a smaller one contains (dominated), in a
//! deterministic order. The mapper keeps only the best few per node (priority cuts).

use super::aig::Node;

/// The largest K supported (truth tables of a cut fit in a `u64`).
pub const MAX_K: usize = 6;

/// A cut: up to [`MAX_K`] leaf nodes in increasing order, with a 64-bit signature (one bit
/// per leaf, `leaf mod 64`) for quick subset tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cut {
    leaves: [u32; MAX_K],
    len: u8,
    sign: u64,
}

impl Cut {
    /// The trivial cut `{n}`.
    pub fn trivial(n: Node) -> Cut {
        let mut leaves = [0; MAX_K];
        leaves[0] = n.0;
        Cut { leaves, len: 1, sign: 1 << (n.0 % 64) }
    }
    /// The leaves in increasing order.
    pub fn leaves(&self) -> &[u32] {
        &self.leaves[..self.len as usize]
    }
    /// Number of leaves.
    pub fn len(&self) -> usize {
        self.len as usize
    }
    /// True for no leaves (never the case for a cut the mapper builds).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// The union of two cuts, if it has at most `k` leaves.
    pub fn merge(&self, other: &Cut, k: usize) -> Option<Cut> {
        if ((self.sign | other.sign).count_ones() as usize) > k {
            return None;
        }
        let (a, b) = (self.leaves(), other.leaves());
        let mut out = [0u32; MAX_K];
        let (mut i, mut j, mut n) = (0, 0, 0);
        while i < a.len() && j < b.len() {
            if n == k {
                return None;
            }
            let (x, y) = (a[i], b[j]);
            out[n] = x.min(y);
            i += usize::from(x <= y);
            j += usize::from(y <= x);
            n += 1;
        }
        for &v in a[i..].iter().chain(&b[j..]) {
            if n == k {
                return None;
            }
            out[n] = v;
            n += 1;
        }
        Some(Cut { leaves: out, len: n as u8, sign: self.sign | other.sign })
    }
    /// True if every leaf of `self` is a leaf of `other`.
    pub fn subset_of(&self, other: &Cut) -> bool {
        if self.len > other.len || self.sign & !other.sign != 0 {
            return false;
        }
        let b = other.leaves();
        self.leaves().iter().all(|x| b.binary_search(x).is_ok())
    }
}

/// All unions of a cut of `a` with a cut of `b` (each list includes its trivial cut) of at
/// most `k` leaves, without duplicates or dominated cuts, in the order first found.
pub fn merge_cuts(a: &[Cut], b: &[Cut], k: usize) -> Vec<Cut> {
    let mut out: Vec<Cut> = Vec::with_capacity(a.len() * b.len());
    merge_into(a.iter(), b.iter(), k, &mut out);
    out
}

/// [`merge_cuts`] of fanin `na`'s cuts `a` and fanin `nb`'s cuts `b`, each list followed by
/// its trivial cut (without copying the lists), into `out` (cleared first).
pub fn merge_fanin_cuts(a: &[Cut], na: Node, b: &[Cut], nb: Node, k: usize, out: &mut Vec<Cut>) {
    out.clear();
    let (ta, tb) = ([Cut::trivial(na)], [Cut::trivial(nb)]);
    merge_into(a.iter().chain(&ta), b.iter().chain(&tb), k, out);
}

fn merge_into<'a, B>(a: impl Iterator<Item = &'a Cut>, b: B, k: usize, out: &mut Vec<Cut>)
where
    B: Iterator<Item = &'a Cut> + Clone,
{
    for x in a {
        for y in b.clone() {
            let Some(c) = x.merge(y, k) else { continue };
            if out.iter().any(|o| o.subset_of(&c)) {
                continue;
            }
            if out.iter().any(|o| c.subset_of(o)) {
                out.retain(|o| !c.subset_of(o));
            }
            out.push(c);
        }
    }
}
