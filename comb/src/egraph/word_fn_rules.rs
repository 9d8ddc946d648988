//! Word-level rewrites written as node functions (see `node_rule`): identities whose
//! result is a constant of the match's width, comparisons of equal operands, shifts by
//! constants, and concat/extract/replicate simplifications.

use super::analysis::{konst, width, CombAnalysis, EG};
use super::lang::{Node, Op};
use super::node_rule::{node_rule, Rhs};
use crate::bits::Bits;
use crate::netlist::IcmpPred;
use egg::{Id, Rewrite};

type Rw = Rewrite<Node, CombAnalysis>;

/// Both operand orders of a binary node: (a, b) and (b, a).
fn pairs(n: &Node) -> [(Id, Id); 2] {
    [(n.children[0], n.children[1]), (n.children[1], n.children[0])]
}

/// True if class `b` holds `inv(a)`.
fn is_inv_of(eg: &EG, b: Id, a: Id) -> bool {
    let a = eg.find(a);
    eg[b].nodes.iter().any(|n| n.op == Op::Inv && eg.find(n.children[0]) == a)
}

fn zero(eg: &EG, id: Id) -> Rhs {
    Rhs::konst(Bits::zero(width(eg, id)))
}

fn ones(eg: &EG, id: Id) -> Rhs {
    Rhs::konst(Bits::ones(width(eg, id)))
}

/// x op x, x op 0, x op ~0, x op ~x for and/or/xor.
fn logic_identity(eg: &EG, id: Id, n: &Node) -> Option<Rhs> {
    if !matches!(n.op, Op::And | Op::Or | Op::Xor) {
        return None;
    }
    if n.op == Op::Xor && eg.find(n.children[0]) == eg.find(n.children[1]) {
        return Some(zero(eg, id));
    }
    for (x, k) in pairs(n) {
        if let Some(c) = konst(eg, k) {
            let r = match (&n.op, c.is_zero(), c.is_ones()) {
                (Op::And, true, _) => zero(eg, id),
                (Op::And, _, true) | (Op::Or, true, _) | (Op::Xor, true, _) => Rhs::Class(x),
                (Op::Or, _, true) => ones(eg, id),
                (Op::Xor, _, true) => Rhs::op(Op::Inv, &[x]),
                _ => continue,
            };
            return Some(r);
        }
        if is_inv_of(eg, k, x) {
            return Some(if n.op == Op::And { zero(eg, id) } else { ones(eg, id) });
        }
    }
    None
}

/// x + 0, x - 0, x - x, x * 1, x * 0, x - k = x + (-k).
fn arith_identity(eg: &EG, id: Id, n: &Node) -> Option<Rhs> {
    match n.op {
        Op::Add | Op::Mul => {
            for (x, k) in pairs(n) {
                let Some(c) = konst(eg, k) else { continue };
                let one = c.as_u64() == Some(1);
                return match (&n.op, c.is_zero(), one) {
                    (Op::Add, true, _) => Some(Rhs::Class(x)),
                    (Op::Mul, true, _) => Some(zero(eg, id)),
                    (Op::Mul, _, true) => Some(Rhs::Class(x)),
                    _ => continue,
                };
            }
            None
        }
        Op::Sub => {
            let (x, y) = (n.children[0], n.children[1]);
            if eg.find(x) == eg.find(y) {
                return Some(zero(eg, id));
            }
            let c = konst(eg, y)?;
            if c.is_zero() {
                return Some(Rhs::Class(x));
            }
            konst(eg, x).is_none().then(|| Rhs::Node(Op::Add, vec![Rhs::Class(x), Rhs::konst(c.neg())]))
        }
        _ => None,
    }
}

/// The value of `icmp p x, x`.
fn icmp_self(p: IcmpPred) -> bool {
    use IcmpPred::*;
    matches!(p, Eq | Sle | Sge | Ule | Uge | Ceq | Weq)
}

/// The predicate with the opposite result.
fn negate(p: IcmpPred) -> IcmpPred {
    use IcmpPred::*;
    match p {
        Eq => Ne,
        Ne => Eq,
        Slt => Sge,
        Sge => Slt,
        Sle => Sgt,
        Sgt => Sle,
        Ult => Uge,
        Uge => Ult,
        Ule => Ugt,
        Ugt => Ule,
        Ceq => Cne,
        Cne => Ceq,
        Weq => Wne,
        Wne => Weq,
    }
}

/// icmp of equal operands; inv of an icmp is the negated icmp.
fn icmp_rules(eg: &EG, _id: Id, n: &Node) -> Option<Rhs> {
    match &n.op {
        Op::Icmp(p) if eg.find(n.children[0]) == eg.find(n.children[1]) => {
            Some(Rhs::konst(Bits::from_bool(icmp_self(*p))))
        }
        Op::Inv => eg[n.children[0]].nodes.iter().find_map(|m| match &m.op {
            Op::Icmp(p) => Some(Rhs::op(Op::Icmp(negate(*p)), &m.children)),
            _ => None,
        }),
        _ => None,
    }
}

/// Shifts by a constant amount become wiring: concat/extract/replicate (or the value, or 0).
fn shift_const(eg: &EG, id: Id, n: &Node) -> Option<Rhs> {
    if !matches!(n.op, Op::Shl | Op::ShrU | Op::ShrS) {
        return None;
    }
    let (x, amt) = (n.children[0], n.children[1]);
    let w = width(eg, id);
    let k = konst(eg, amt)?;
    let k = k.as_u64().map_or(w, |k| k.min(w as u64) as u32);
    if k == 0 {
        return Some(Rhs::Class(x));
    }
    let sign = || Rhs::Node(Op::Extract { low: w - 1, width: 1 }, vec![Rhs::Class(x)]);
    let fill = |bits: u32| match n.op {
        Op::ShrS if bits == 1 => sign(),
        Op::ShrS => Rhs::Node(Op::Replicate { width: bits }, vec![sign()]),
        _ => Rhs::konst(Bits::zero(bits)),
    };
    if k == w {
        return Some(fill(w));
    }
    let keep = |low| Rhs::Node(Op::Extract { low, width: w - k }, vec![Rhs::Class(x)]);
    Some(match n.op {
        Op::Shl => Rhs::Node(Op::Concat, vec![keep(0), fill(k)]),
        _ => Rhs::Node(Op::Concat, vec![fill(k), keep(k)]),
    })
}

/// extract of everything, of an extract, of a concat (inside one part), of a replicate of
/// one bit; replicate to the same width; concat of adjacent extracts of one value.
fn wiring(eg: &EG, _id: Id, n: &Node) -> Option<Rhs> {
    match &n.op {
        Op::Extract { low, width: w } => {
            let x = n.children[0];
            if *low == 0 && *w == width(eg, x) {
                return Some(Rhs::Class(x));
            }
            eg[x].nodes.iter().find_map(|m| match &m.op {
                Op::Extract { low: l2, .. } => {
                    Some(Rhs::op(Op::Extract { low: low + l2, width: *w }, &[m.children[0]]))
                }
                Op::Concat => {
                    let (hi, lo) = (m.children[0], m.children[1]);
                    let lw = width(eg, lo);
                    if low + w <= lw {
                        Some(Rhs::op(Op::Extract { low: *low, width: *w }, &[lo]))
                    } else if *low >= lw {
                        Some(Rhs::op(Op::Extract { low: low - lw, width: *w }, &[hi]))
                    } else {
                        None
                    }
                }
                Op::Replicate { .. } if width(eg, m.children[0]) == 1 => Some(if *w == 1 {
                    Rhs::Class(m.children[0])
                } else {
                    Rhs::op(Op::Replicate { width: *w }, &m.children)
                }),
                _ => None,
            })
        }
        Op::Replicate { width: w } if *w == width(eg, n.children[0]) => Some(Rhs::Class(n.children[0])),
        Op::Concat => {
            let ext = |c: Id| {
                eg[c].nodes.iter().find_map(|m| match m.op {
                    Op::Extract { low, width } => Some((eg.find(m.children[0]), low, width)),
                    _ => None,
                })
            };
            let (hx, hl, hw) = ext(n.children[0])?;
            let (lx, ll, lw) = ext(n.children[1])?;
            (hx == lx && ll + lw == hl).then(|| Rhs::op(Op::Extract { low: ll, width: lw + hw }, &[hx]))
        }
        _ => None,
    }
}

/// The node-function word rules.
pub fn fn_rules() -> Vec<Rw> {
    vec![
        node_rule("logic-identity", logic_identity),
        node_rule("arith-identity", arith_identity),
        node_rule("icmp", icmp_rules),
        node_rule("shift-const", shift_const),
        node_rule("wiring", wiring),
    ]
}
