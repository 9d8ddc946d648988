//! Multipliers for the carry chains: before [`super::carry::extract`], each `comb.mul` of
//! two operands and width >= [`MIN_MUL_WIDTH`] becomes the sum of its partial products
//! (`a & b_i`, shifted left by i, truncated to the width), added pairwise in a balanced
//! tree of `comb.add` cells, which then become `SB_CARRY` chains. Each sum keeps only the
//! bits that can differ from zero: a term shifted by i is `width - i` bits at offset i, and
//! adding two terms adds only the bits above the higher offset (the lower ones pass
//! through). A constant multiplier bit 0 drops its term, a constant 1 makes it `a` itself.
//! This is what `synth_ice40` does with a multiplier on a device without DSPs (a tree of
//! carry-chain adders) instead of a deep tree of LUTs.

use comb::{Bits, CellKind, Design, Module, NetId};

/// Narrowest multiplication that becomes an adder tree.
pub const MIN_MUL_WIDTH: u32 = 4;

fn add(m: &mut Module, kind: CellKind, width: u32, ops: &[NetId]) -> NetId {
    let span = m.span;
    m.add_cell(kind, width, ops, None, span)
}

/// `x`'s bits `low..low + w`.
fn bits(m: &mut Module, x: NetId, low: u32, w: u32) -> NetId {
    if low == 0 && m.width(x) == w {
        x
    } else {
        add(m, CellKind::Extract { low }, w, &[x])
    }
}

/// `(x << ox) + (y << oy)` truncated to `width`, as (net, offset) with `ox <= oy`.
fn sum(m: &mut Module, width: u32, (x, ox): (NetId, u32), (y, oy): (NetId, u32)) -> (NetId, u32) {
    let ((x, ox), (y, oy)) = if ox <= oy { ((x, ox), (y, oy)) } else { ((y, oy), (x, ox)) };
    let w = width - oy;
    let hi = bits(m, x, oy - ox, w);
    let s = add(m, CellKind::Add, w, &[hi, y]);
    if oy == ox {
        (s, ox)
    } else {
        let lo = bits(m, x, 0, oy - ox);
        (add(m, CellKind::Concat, width - ox, &[s, lo]), ox)
    }
}

/// Replaces the multiplications of the top module by adder trees (see the module doc).
pub fn expand(design: &mut Design) {
    let top = design.top_id();
    let m = design.module_mut(top);
    let muls: Vec<NetId> = m
        .cells()
        .filter(|&c| matches!(m.cell(c).kind, CellKind::Mul) && m.operands(c).len() == 2)
        .filter(|&c| m.width(c) >= MIN_MUL_WIDTH)
        .collect();
    for c in muls {
        let width = m.width(c);
        let ops = m.operands(c).to_vec();
        let konst = |n: NetId| match &m.cell(n).kind {
            CellKind::Const(b) => Some(b.clone()),
            _ => None,
        };
        // The multiplier is the constant operand when there is one.
        let (a, b, kb): (NetId, NetId, Option<Bits>) = match (konst(ops[0]), konst(ops[1])) {
            (Some(k), _) => (ops[1], ops[0], Some(k)),
            (_, k) => (ops[0], ops[1], k),
        };
        let mut terms = Vec::new();
        for i in 0..width {
            let w = width - i;
            let t = match &kb {
                Some(k) if !k.bit(i) => continue,
                Some(_) => bits(m, a, 0, w),
                None => {
                    let ai = bits(m, a, 0, w);
                    let bi = bits(m, b, i, 1);
                    let rep = if w == 1 { bi } else { add(m, CellKind::Replicate, w, &[bi]) };
                    add(m, CellKind::And, w, &[ai, rep])
                }
            };
            terms.push((t, i));
        }
        let out = if terms.is_empty() {
            add(m, CellKind::Const(Bits::zero(width)), width, &[])
        } else {
            while terms.len() > 1 {
                let mut next = Vec::new();
                for pair in terms.chunks(2) {
                    next.push(if pair.len() == 2 { sum(m, width, pair[0], pair[1]) } else { pair[0] });
                }
                terms = next;
            }
            let (t, o) = terms[0];
            if o == 0 {
                t
            } else {
                let z = add(m, CellKind::Const(Bits::zero(o)), o, &[]);
                add(m, CellKind::Concat, width, &[t, z])
            }
        };
        m.replace_all_uses(c, out);
        m.set_operands(c, &[]);
        m.remove_cell(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use comb::eval::Simulator;
    use comb::{Dir, ModuleId, Port};

    /// p = a * b, q = a * 10, r = 12 * a, z = a * 0 at width 7.
    fn design() -> Design {
        let w = 7;
        let span = Default::default();
        let mut m = Module::new("t", span);
        let port = |m: &mut Module, n: &str, dir| {
            m.add_port(Port { name: n.into(), dir, width: w, clock: false, span })
        };
        let (pa, pb) = (port(&mut m, "a", Dir::Input), port(&mut m, "b", Dir::Input));
        let outs: Vec<_> = ["p", "q", "r", "z"].iter().map(|n| port(&mut m, n, Dir::Output)).collect();
        let (a, b) = (m.port_net(pa).unwrap(), m.port_net(pb).unwrap());
        let k10 = add(&mut m, CellKind::Const(Bits::from_u64(10, w)), w, &[]);
        let k12 = add(&mut m, CellKind::Const(Bits::from_u64(12, w)), w, &[]);
        let k0 = add(&mut m, CellKind::Const(Bits::zero(w)), w, &[]);
        let prods = [
            add(&mut m, CellKind::Mul, w, &[a, b]),
            add(&mut m, CellKind::Mul, w, &[a, k10]),
            add(&mut m, CellKind::Mul, w, &[k12, a]),
            add(&mut m, CellKind::Mul, w, &[a, k0]),
        ];
        for (&p, &n) in outs.iter().zip(&prods) {
            m.set_output(p, n);
        }
        Design { modules: vec![m], top: Some(ModuleId(0)) }
    }

    #[test]
    fn adder_trees_compute_the_products() {
        let before = design();
        let mut after = before.clone();
        expand(&mut after);
        let top = after.module(after.top_id());
        assert!(top.cells().all(|c| !matches!(top.cell(c).kind, CellKind::Mul)));
        assert!(top.cells().any(|c| matches!(top.cell(c).kind, CellKind::Add)));
        let (mut x, mut y) = (Simulator::new(&before).unwrap(), Simulator::new(&after).unwrap());
        for a in 0..128u64 {
            for b in [0u64, 1, 3, 77, 127, a ^ 0x55] {
                for s in [&mut x, &mut y] {
                    s.set_input("a", Bits::from_u64(a, 7));
                    s.set_input("b", Bits::from_u64(b & 127, 7));
                    s.eval();
                }
                assert_eq!(x.outputs(), y.outputs(), "a={a} b={b}");
                assert_eq!(y.output("p"), Bits::from_u64((a * (b & 127)) & 127, 7));
            }
        }
    }
}
