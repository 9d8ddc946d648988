//! The e-graph's language: one e-node per combinational op, each carrying what it needs to
//! know its own width (so the analysis never has to look outside the e-graph).
//!
//! Variadic netlist ops enter as left-leaning binary chains (`and(and(a, b), c)`) and
//! `nand`/`nor`/`xnor` as `inv` of `and`/`or`/`xor`; the extractor folds them back. The
//! cells that stay fixed around the e-graph (ports, registers, instances, any state
//! element) appear as [`Op::Leaf`] nodes naming their net.
//!
//! Text form (egg patterns and test expressions): `(and $0.8 $1.8)` is the AND of the
//! 8-bit leaves with net ids 0 and 1; constants are `8'h3f`; parameters follow the op name
//! after dots: `extract.2.4` (low bit 2, 4 bits), `replicate.8` (8 bits), `icmp.ult`,
//! `tt.4'h6` (a truth table).

use crate::bits::Bits;
use crate::netlist::{CellKind, IcmpPred};
use egg::{FromOp, Id, Language};
use smallvec::SmallVec;
use std::fmt;
use std::sync::Arc;

/// An operator of the e-graph language, with its parameters.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Op {
    /// A net of the fixed skeleton (an input, register, instance output, ...): its net id
    /// and width. No children.
    Leaf {
        /// The raw net id.
        net: u32,
        /// Its width.
        width: u32,
    },
    /// A constant.
    Const(Bits),
    /// Binary AND.
    And,
    /// Binary OR.
    Or,
    /// Binary XOR.
    Xor,
    /// Bitwise NOT.
    Inv,
    /// Binary wrapping add.
    Add,
    /// Wrapping subtract.
    Sub,
    /// Binary wrapping multiply.
    Mul,
    /// Unsigned division (x/0 = 0).
    DivU,
    /// Signed division.
    DivS,
    /// Unsigned remainder.
    ModU,
    /// Signed remainder.
    ModS,
    /// Shift left.
    Shl,
    /// Logical shift right.
    ShrU,
    /// Arithmetic shift right.
    ShrS,
    /// Comparison, result i1.
    Icmp(IcmpPred),
    /// XOR of all bits.
    Parity,
    /// Bit reversal.
    Reverse,
    /// Binary concatenation, the first child most significant.
    Concat,
    /// Bits `low..low+width` of the child.
    Extract {
        /// Lowest bit.
        low: u32,
        /// Result width.
        width: u32,
    },
    /// The child repeated to `width` bits.
    Replicate {
        /// Result width.
        width: u32,
    },
    /// (cond, true value, false value).
    Mux,
    /// `comb.truth_table` with this table; children are the i1 inputs, MSB first.
    TruthTable(Bits),
    /// `comb.lut` (SPEC section 3).
    Lut {
        /// One coefficient per child.
        coefficients: Arc<[u8]>,
        /// The table (entries of the result width).
        table: Arc<[Bits]>,
    },
}

/// An e-node: an operator and its children (e-class ids).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Node {
    /// The operator.
    pub op: Op,
    /// Operands, in the op's order.
    pub children: SmallVec<[Id; 3]>,
}

impl Node {
    /// A node from an op and its children.
    pub fn new(op: Op, children: &[Id]) -> Node {
        Node { op, children: SmallVec::from_slice(children) }
    }
    /// A constant node.
    pub fn konst(b: Bits) -> Node {
        Node::new(Op::Const(b), &[])
    }
}

impl Language for Node {
    type Discriminant = Op;
    fn discriminant(&self) -> Op {
        self.op.clone()
    }
    fn matches(&self, other: &Self) -> bool {
        self.op == other.op && self.children.len() == other.children.len()
    }
    fn children(&self) -> &[Id] {
        &self.children
    }
    fn children_mut(&mut self) -> &mut [Id] {
        &mut self.children
    }
}

impl Op {
    /// The width of this op's result given its children's widths; `None` if the widths do
    /// not fit the op (only possible for hand-written expressions).
    pub fn width(&self, kids: &[u32]) -> Option<u32> {
        use Op::*;
        let same = |n: usize| (kids.len() == n && kids.iter().all(|&w| w == kids[0])).then(|| kids[0]);
        match self {
            Leaf { width, .. } => Some(*width),
            Const(b) => Some(b.width()),
            And | Or | Xor | Add | Sub | Mul | DivU | DivS | ModU | ModS | Shl | ShrU | ShrS => same(2),
            Inv | Reverse => same(1),
            Icmp(_) => same(2).map(|_| 1),
            Parity => (kids.len() == 1).then_some(1),
            Concat => (kids.len() == 2).then(|| kids[0] + kids[1]),
            Extract { low, width } => (kids.len() == 1 && low + width <= kids[0]).then_some(*width),
            Replicate { width } => (kids.len() == 1 && width % kids[0] == 0).then_some(*width),
            Mux => (kids.len() == 3 && kids[0] == 1 && kids[1] == kids[2]).then(|| kids[1]),
            TruthTable(t) => {
                (kids.iter().all(|&w| w == 1) && t.width() as u64 == 1u64 << kids.len()).then_some(1)
            }
            Lut { table, coefficients } => (coefficients.len() == kids.len()).then(|| table[0].width()),
        }
    }

    /// The netlist kind computing this op on its children (for folding and for building
    /// cells); `None` for leaves.
    pub fn cell_kind(&self) -> Option<CellKind> {
        use Op::*;
        Some(match self {
            Leaf { .. } => return None,
            Const(b) => CellKind::Const(b.clone()),
            And => CellKind::And,
            Or => CellKind::Or,
            Xor => CellKind::Xor,
            Inv => CellKind::Inv,
            Add => CellKind::Add,
            Sub => CellKind::Sub,
            Mul => CellKind::Mul,
            DivU => CellKind::DivU,
            DivS => CellKind::DivS,
            ModU => CellKind::ModU,
            ModS => CellKind::ModS,
            Shl => CellKind::Shl,
            ShrU => CellKind::ShrU,
            ShrS => CellKind::ShrS,
            Icmp(p) => CellKind::Icmp(*p),
            Parity => CellKind::Parity,
            Reverse => CellKind::Reverse,
            Concat => CellKind::Concat,
            Extract { low, .. } => CellKind::Extract { low: *low },
            Replicate { .. } => CellKind::Replicate,
            Mux => CellKind::Mux,
            TruthTable(t) => CellKind::TruthTable(t.clone()),
            Lut { coefficients, table } => {
                CellKind::Lut { coefficients: coefficients.to_vec(), table: table.to_vec() }
            }
        })
    }

    fn name(&self) -> String {
        use Op::*;
        match self {
            Leaf { net, width } => format!("${net}.{width}"),
            Const(b) => const_text(b),
            Icmp(p) => format!("icmp.{}", p.name()),
            Extract { low, width } => format!("extract.{low}.{width}"),
            Replicate { width } => format!("replicate.{width}"),
            TruthTable(t) => format!("tt.{}", const_text(t)),
            Lut { .. } => "lut".into(),
            k => k.cell_kind().expect("not a leaf").op_name().trim_start_matches("comb.").into(),
        }
    }
}

/// `8'h3f`.
fn const_text(b: &Bits) -> String {
    format!("{}'h{}", b.width(), b.to_hex())
}

/// Parses `W'hHEX`.
fn parse_const(s: &str) -> Option<Bits> {
    let (w, hex) = s.split_once("'h")?;
    let width: u32 = w.parse().ok().filter(|&w| w > 0)?;
    let mut words = vec![0u64; (width as usize).div_ceil(64)];
    for (i, c) in hex.bytes().rev().enumerate() {
        let d = (c as char).to_digit(16)? as u64;
        let bit = i * 4;
        if d != 0 {
            *words.get_mut(bit / 64)? |= d << (bit % 64);
        }
    }
    let b = Bits::from_words(&words, width);
    (b.words() == &words[..]).then_some(b)
}

impl fmt::Display for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.op.name())
    }
}

impl FromOp for Node {
    type Error = String;
    fn from_op(op: &str, children: Vec<Id>) -> Result<Self, String> {
        let bad = || format!("unknown e-graph op '{op}'");
        let simple = |o: Op| Ok(Node::new(o, &children));
        if let Some(rest) = op.strip_prefix('$') {
            let (n, w) = rest.split_once('.').ok_or_else(bad)?;
            let net = n.parse().map_err(|_| bad())?;
            let width = w.parse().map_err(|_| bad())?;
            return simple(Op::Leaf { net, width });
        }
        if let Some(b) = parse_const(op) {
            return simple(Op::Const(b));
        }
        let mut parts = op.split('.');
        let head = parts.next().unwrap_or("");
        let params: Vec<&str> = parts.collect();
        let num = |i: usize| params.get(i).and_then(|p| p.parse::<u32>().ok()).ok_or_else(bad);
        let o = match head {
            "and" => Op::And,
            "or" => Op::Or,
            "xor" => Op::Xor,
            "inv" => Op::Inv,
            "add" => Op::Add,
            "sub" => Op::Sub,
            "mul" => Op::Mul,
            "divu" => Op::DivU,
            "divs" => Op::DivS,
            "modu" => Op::ModU,
            "mods" => Op::ModS,
            "shl" => Op::Shl,
            "shru" => Op::ShrU,
            "shrs" => Op::ShrS,
            "parity" => Op::Parity,
            "reverse" => Op::Reverse,
            "concat" => Op::Concat,
            "mux" => Op::Mux,
            "icmp" => Op::Icmp(params.first().and_then(|p| IcmpPred::from_name(p)).ok_or_else(bad)?),
            "extract" => Op::Extract { low: num(0)?, width: num(1)? },
            "replicate" => Op::Replicate { width: num(0)? },
            "tt" => {
                let t = op.strip_prefix("tt.").and_then(parse_const).ok_or_else(bad)?;
                Op::TruthTable(t)
            }
            _ => return Err(bad()),
        };
        simple(o)
    }
}
