//! The and-inverter graph the mapper works on: two-input AND nodes with complemented
//! edges, primary inputs, and primary outputs, with structural hashing.
//!
//! Node 0 is the constant false; literal `2n + c` is node `n`, complemented when `c` is 1.
//! Nodes are created after their fanins, so the node order is a topological order (every
//! pass relies on it). [`Aig::and`] folds constants, `x & x`, `x & !x` and returns the
//! existing node for a pair it has seen (structural hashing), so equal structure is shared
//! by construction; the derived gates (or, xor, mux, majority) are built from it.

use rustc_hash::FxHashMap;

/// A node of the graph (node 0 is the constant false).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Node(pub u32);

/// A node, possibly complemented: `2 * node + complement`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lit(pub u32);

impl Lit {
    /// Constant false.
    pub const FALSE: Lit = Lit(0);
    /// Constant true.
    pub const TRUE: Lit = Lit(1);
    /// The positive literal of a node.
    pub fn of(n: Node) -> Lit {
        Lit(n.0 << 1)
    }
    /// The node.
    pub fn node(self) -> Node {
        Node(self.0 >> 1)
    }
    /// True if complemented.
    pub fn is_neg(self) -> bool {
        self.0 & 1 == 1
    }
    /// This literal complemented when `c` holds.
    pub fn xor_neg(self, c: bool) -> Lit {
        Lit(self.0 ^ c as u32)
    }
    /// A constant literal.
    pub fn constant(v: bool) -> Lit {
        Lit(v as u32)
    }
    /// True for the two constants.
    pub fn is_const(self) -> bool {
        self.0 < 2
    }
}

impl std::ops::Not for Lit {
    type Output = Lit;
    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}

/// Marks an input node's fanin slots.
const INPUT: Lit = Lit(u32::MAX);

/// An and-inverter graph.
#[derive(Clone, Debug)]
pub struct Aig {
    fanins: Vec<[Lit; 2]>,
    inputs: Vec<Node>,
    /// The primary outputs, in order.
    pub outputs: Vec<Lit>,
    strash: FxHashMap<(Lit, Lit), Node>,
}

impl Default for Aig {
    fn default() -> Self {
        Aig::new()
    }
}

impl Aig {
    /// An empty graph (just the constant node).
    pub fn new() -> Aig {
        Aig {
            fanins: vec![[INPUT, INPUT]],
            inputs: Vec::new(),
            outputs: Vec::new(),
            strash: FxHashMap::default(),
        }
    }
    /// Number of nodes, the constant included.
    pub fn len(&self) -> usize {
        self.fanins.len()
    }
    /// True if there is only the constant node.
    pub fn is_empty(&self) -> bool {
        self.fanins.len() == 1
    }
    /// Number of AND nodes.
    pub fn and_count(&self) -> usize {
        self.fanins.len() - 1 - self.inputs.len()
    }
    /// Adds a primary input.
    pub fn input(&mut self) -> Lit {
        let n = Node(self.fanins.len() as u32);
        self.fanins.push([INPUT, INPUT]);
        self.inputs.push(n);
        Lit::of(n)
    }
    /// The primary inputs, in creation order.
    pub fn inputs(&self) -> &[Node] {
        &self.inputs
    }
    /// True for an AND node.
    pub fn is_and(&self, n: Node) -> bool {
        n.0 != 0 && self.fanins[n.0 as usize][0] != INPUT
    }
    /// The two fanins of an AND node.
    pub fn fanins(&self, n: Node) -> [Lit; 2] {
        self.fanins[n.0 as usize]
    }
    /// All nodes in topological order (constant and inputs included).
    pub fn nodes(&self) -> impl Iterator<Item = Node> {
        (0..self.fanins.len() as u32).map(Node)
    }

    /// `a AND b`, folded and structurally hashed.
    pub fn and(&mut self, a: Lit, b: Lit) -> Lit {
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        if a == Lit::FALSE || a == !b {
            return Lit::FALSE;
        }
        if a == Lit::TRUE || a == b {
            return b;
        }
        if let Some(&n) = self.strash.get(&(a, b)) {
            return Lit::of(n);
        }
        let n = Node(self.fanins.len() as u32);
        self.fanins.push([a, b]);
        self.strash.insert((a, b), n);
        Lit::of(n)
    }
    /// The literal `a AND b` would return if it needs no new node (folding or an existing
    /// node), without adding one.
    pub fn lookup(&self, a: Lit, b: Lit) -> Option<Lit> {
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        if a == Lit::FALSE || a == !b {
            return Some(Lit::FALSE);
        }
        if a == Lit::TRUE || a == b {
            return Some(b);
        }
        self.strash.get(&(a, b)).map(|&n| Lit::of(n))
    }
    /// `a OR b`.
    pub fn or(&mut self, a: Lit, b: Lit) -> Lit {
        !self.and(!a, !b)
    }
    /// `a XOR b` (three AND nodes, or fewer after folding).
    pub fn xor(&mut self, a: Lit, b: Lit) -> Lit {
        if a.is_const() {
            return b.xor_neg(a == Lit::TRUE);
        }
        if b.is_const() {
            return a.xor_neg(b == Lit::TRUE);
        }
        if a == b {
            return Lit::FALSE;
        }
        if a == !b {
            return Lit::TRUE;
        }
        // Normalize polarity so x^y and !x^!y share nodes.
        let c = a.is_neg() ^ b.is_neg();
        let (a, b) = (Lit(a.0 & !1), Lit(b.0 & !1));
        let p = self.and(a, !b);
        let q = self.and(!a, b);
        self.or(p, q).xor_neg(c)
    }
    /// `s ? t : e`.
    pub fn mux(&mut self, s: Lit, t: Lit, e: Lit) -> Lit {
        if s == Lit::TRUE || t == e {
            return t;
        }
        if s == Lit::FALSE {
            return e;
        }
        if t == !e {
            return self.xor(s, e);
        }
        let p = self.and(s, t);
        let q = self.and(!s, e);
        self.or(p, q)
    }
    /// The majority of three.
    pub fn maj(&mut self, a: Lit, b: Lit, c: Lit) -> Lit {
        let ab = self.and(a, b);
        let o = self.or(a, b);
        let co = self.and(c, o);
        self.or(ab, co)
    }
    /// AND of many literals, as a balanced tree.
    pub fn and_all(&mut self, lits: &[Lit]) -> Lit {
        self.tree(lits, Lit::TRUE, Aig::and)
    }
    /// OR of many literals, as a balanced tree.
    pub fn or_all(&mut self, lits: &[Lit]) -> Lit {
        self.tree(lits, Lit::FALSE, Aig::or)
    }
    /// XOR of many literals, as a balanced tree.
    pub fn xor_all(&mut self, lits: &[Lit]) -> Lit {
        self.tree(lits, Lit::FALSE, Aig::xor)
    }
    fn tree(&mut self, lits: &[Lit], unit: Lit, f: fn(&mut Aig, Lit, Lit) -> Lit) -> Lit {
        match lits.len() {
            0 => unit,
            1 => lits[0],
            n => {
                let a = self.tree(&lits[..n / 2], unit, f);
                let b = self.tree(&lits[n / 2..], unit, f);
                f(self, a, b)
            }
        }
    }

    /// Number of fanouts of each node (AND fanins and outputs).
    pub fn fanout_counts(&self) -> Vec<u32> {
        let mut refs = vec![0u32; self.len()];
        for n in self.nodes() {
            if self.is_and(n) {
                for f in self.fanins(n) {
                    refs[f.node().0 as usize] += 1;
                }
            }
        }
        for o in &self.outputs {
            refs[o.node().0 as usize] += 1;
        }
        refs
    }

    /// Logic level of each node (inputs and the constant at 0).
    pub fn levels(&self) -> Vec<u32> {
        let mut lv = vec![0u32; self.len()];
        for n in self.nodes() {
            if self.is_and(n) {
                let [a, b] = self.fanins(n);
                lv[n.0 as usize] = 1 + lv[a.node().0 as usize].max(lv[b.node().0 as usize]);
            }
        }
        lv
    }

    /// Simulates 64 patterns at once: `inputs[i]` is the pattern word of input `i`; returns
    /// the word of every output.
    pub fn simulate(&self, inputs: &[u64]) -> Vec<u64> {
        let mut v = vec![0u64; self.len()];
        for (i, n) in self.inputs.iter().enumerate() {
            v[n.0 as usize] = inputs[i];
        }
        let lit = |v: &[u64], l: Lit| v[l.node().0 as usize] ^ if l.is_neg() { u64::MAX } else { 0 };
        for n in self.nodes() {
            if self.is_and(n) {
                let [a, b] = self.fanins(n);
                v[n.0 as usize] = lit(&v, a) & lit(&v, b);
            }
        }
        self.outputs.iter().map(|&o| lit(&v, o)).collect()
    }
}
