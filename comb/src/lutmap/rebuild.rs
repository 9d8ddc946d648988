//! Rebuilding a module's netlist from the mapped LUT network ([`LutNet`]): one `comb.truth_table` cell per
//! LUT of the cover (its unused inputs dropped; a constant becomes a constant and a
//! projection a wire), single bits of boundary words taken with `comb.extract`, and every
//! word the rest of the module reads (a "sink": an operand of a register, instance or
//! other boundary cell, or an output port) re-formed with `comb.concat` from runs of
//! constants, slices of one boundary word and LUT outputs. A complemented output gets its
//! own LUT with the inverted table over the same inputs (no extra level).
//!
//! Cells are created in a fixed order (LUTs in node order, then sinks in net order), so
//! the output is deterministic; a sink's user name moves to the cell now driving it when
//! that cell was made here and has no name yet.

use super::aig::Lit;
use super::lutnet::LutNet;
use super::truth::{mask, VARS};
use crate::bits::Bits;
use crate::ids::NetId;
use crate::netlist::{CellKind, Module};
use mlir_text::Span;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// One bit of a re-formed word.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Piece {
    Const(bool),
    /// Bit `1` of the boundary word `0`.
    Slice(NetId, u32),
    /// A 1-bit net.
    Net(NetId),
}

/// Creates the new cells of one module.
pub(crate) struct Rebuild<'a> {
    m: &'a mut Module,
    /// Per node: the piece computing it (inputs, constant and needed cover nodes), in the
    /// polarity `negated` says.
    main: Vec<Option<Piece>>,
    /// Per node: true if `main` computes the complement of the node.
    negated: Vec<bool>,
    /// Per cover node: the table and leaves of its LUT (after dropping unused inputs).
    luts: Vec<Option<(u64, Vec<u32>)>>,
    /// The other polarity of a node, made when an output asks for it.
    other: HashMap<u32, Piece>,
    bits: HashMap<(NetId, u32), NetId>,
    slices: HashMap<(NetId, u32, u32), NetId>,
    consts: HashMap<Bits, NetId>,
    /// The cells made here.
    made: HashSet<NetId>,
}

/// `tt` over `n` variables with variable `v` complemented.
fn flip_var(tt: u64, n: usize, v: usize) -> u64 {
    let s = 1 << v;
    (((tt & VARS[v]) >> s) | ((tt & !VARS[v]) << s)) & mask(n)
}

impl<'a> Rebuild<'a> {
    /// Creates the LUTs of `net` that its outputs need. `input_src` gives, per
    /// AIG input by position, the boundary net and bit it stands for. A cover node that
    /// only outputs read complemented gets the complemented table (its LUT readers
    /// complement that input), so no inverter is needed.
    pub(crate) fn new(m: &'a mut Module, net: &LutNet, input_src: &[(NetId, u32)]) -> Self {
        let n = net.len();
        let mut r = Rebuild {
            m,
            main: vec![None; n],
            negated: vec![false; n],
            luts: net.luts.clone(),
            other: HashMap::new(),
            bits: HashMap::new(),
            slices: HashMap::new(),
            consts: HashMap::new(),
            made: HashSet::new(),
        };
        for (i, node) in net.inputs.iter().enumerate() {
            let (net_id, bit) = input_src[i];
            r.main[node.0 as usize] =
                Some(if r.m.width(net_id) == 1 { Piece::Net(net_id) } else { Piece::Slice(net_id, bit) });
        }
        r.main[0] = Some(Piece::Const(false));
        let order = net.order();
        // Which polarities the outputs read, and which nodes LUTs read.
        let (mut pos, mut neg, mut read) = (vec![false; n], vec![false; n], vec![false; n]);
        for o in &net.outputs {
            let i = o.node().0 as usize;
            if o.is_neg() {
                neg[i] = true;
            } else {
                pos[i] = true;
            }
        }
        for &id in order.iter().rev() {
            let i = id as usize;
            if pos[i] || neg[i] || read[i] {
                if let Some((_, leaves)) = &r.luts[i] {
                    for &l in leaves {
                        read[l as usize] = true;
                    }
                }
            }
        }
        for &id in &order {
            let i = id as usize;
            let Some((tt, leaves)) = r.luts[i].clone() else { continue };
            if !(pos[i] || neg[i] || read[i]) {
                continue;
            }
            let neg_only = neg[i] && !pos[i];
            let piece = r.lut_over(tt, &leaves, neg_only);
            r.main[i] = Some(piece);
            r.negated[i] = neg_only;
        }
        r
    }

    /// The LUT of `tt` over the nodes `leaves`, complemented if `neg`, reading each leaf in
    /// the polarity it is made in.
    fn lut_over(&mut self, tt: u64, leaves: &[u32], neg: bool) -> Piece {
        let k = leaves.len();
        let mut t = if neg { !tt & mask(k) } else { tt };
        let mut ins = Vec::with_capacity(k);
        for (v, &l) in leaves.iter().enumerate() {
            if self.negated[l as usize] {
                t = flip_var(t, k, v);
            }
            ins.push(self.main[l as usize].expect("leaves are made first"));
        }
        self.lut(t, &ins)
    }

    fn add(&mut self, kind: CellKind, width: u32, ops: &[NetId]) -> NetId {
        let id = self.m.add_cell(kind, width, ops, None, Span::default());
        self.made.insert(id);
        id
    }

    /// A LUT of `tt` over `ins` (variable i is `ins[i]`), folded when constant or a
    /// projection.
    fn lut(&mut self, tt: u64, ins: &[Piece]) -> Piece {
        let n = ins.len();
        if n == 0 {
            return Piece::Const(tt & 1 == 1);
        }
        if n == 1 && tt == 0b10 {
            return ins[0];
        }
        // The first operand is the index's most significant bit: variables reversed.
        let ops: Vec<NetId> = ins.iter().rev().map(|&p| self.net_of(p)).collect();
        let table = Bits::from_u64(tt & mask(n), 1 << n);
        Piece::Net(self.add(CellKind::TruthTable(table), 1, &ops))
    }

    fn constant(&mut self, v: Bits) -> NetId {
        if let Some(&c) = self.consts.get(&v) {
            return c;
        }
        let w = v.width();
        let c = self.add(CellKind::Const(v.clone()), w, &[]);
        self.consts.insert(v, c);
        c
    }

    /// A 1-bit net for a piece.
    fn net_of(&mut self, p: Piece) -> NetId {
        match p {
            Piece::Const(v) => self.constant(Bits::from_bool(v)),
            Piece::Net(n) => n,
            Piece::Slice(net, bit) => {
                if let Some(&b) = self.bits.get(&(net, bit)) {
                    return b;
                }
                let b = self.add(CellKind::Extract { low: bit }, 1, &[net]);
                self.bits.insert((net, bit), b);
                b
            }
        }
    }

    /// The piece computing a literal.
    fn piece(&mut self, l: Lit) -> Piece {
        let i = l.node().0 as usize;
        let p = self.main[i].expect("output nodes are made");
        if l.is_neg() == self.negated[i] {
            return p;
        }
        if let Piece::Const(v) = p {
            return Piece::Const(!v);
        }
        if let Some(&q) = self.other.get(&(i as u32)) {
            return q;
        }
        let want_neg = l.is_neg();
        let q = match self.luts[i].clone() {
            Some((tt, leaves)) => self.lut_over(tt, &leaves, want_neg),
            None => self.lut(0b01, &[p]),
        };
        self.other.insert(i as u32, q);
        q
    }

    /// The net of a word made of `lits` (bit 0 first): runs of constants and of
    /// consecutive bits of one boundary word are kept whole.
    pub(crate) fn word(&mut self, lits: &[Lit]) -> NetId {
        let pieces: Vec<Piece> = lits.iter().map(|&l| self.piece(l)).collect();
        // Runs, least significant first: (piece kind, first bit, length).
        let mut parts: Vec<NetId> = Vec::new();
        let mut i = 0;
        while i < pieces.len() {
            let mut j = i + 1;
            match pieces[i] {
                Piece::Const(_) => {
                    while j < pieces.len() && matches!(pieces[j], Piece::Const(_)) {
                        j += 1;
                    }
                    let mut b = Bits::zero((j - i) as u32);
                    for (k, p) in pieces[i..j].iter().enumerate() {
                        b.set_bit(k as u32, *p == Piece::Const(true));
                    }
                    parts.push(self.constant(b));
                }
                Piece::Slice(net, low) => {
                    while j < pieces.len() && pieces[j] == Piece::Slice(net, low + (j - i) as u32) {
                        j += 1;
                    }
                    let len = (j - i) as u32;
                    let part = if len == self.m.width(net) {
                        net
                    } else if len == 1 {
                        self.net_of(pieces[i])
                    } else if let Some(&s) = self.slices.get(&(net, low, len)) {
                        s
                    } else {
                        let s = self.add(CellKind::Extract { low }, len, &[net]);
                        self.slices.insert((net, low, len), s);
                        s
                    };
                    parts.push(part);
                }
                Piece::Net(n) => parts.push(n),
            }
            i = j;
        }
        if parts.len() == 1 {
            return parts[0];
        }
        parts.reverse();
        let w = lits.len() as u32;
        self.add(CellKind::Concat, w, &parts)
    }

    /// Gives `name` to `net` if it was made here and has none.
    pub(crate) fn name(&mut self, net: NetId, name: Option<Arc<str>>) {
        if name.is_some() && self.m.cell(net).name.is_none() && self.made.contains(&net) {
            self.m.cell_mut(net).name = name;
        }
    }
}

impl Rebuild<'_> {
    /// The width of a net of the module.
    pub(crate) fn m_width(&self, net: NetId) -> u32 {
        self.m.width(net)
    }
    /// The user name of a net of the module.
    pub(crate) fn m_name(&self, net: NetId) -> Option<Arc<str>> {
        self.m.cell(net).name.clone()
    }
}
