//! Every comb op at widths 1..128, emitted, linted, compiled by all three tools, and run in
//! Icarus against a u128 reference of SPEC section 3 on edge-case and pseudo-random inputs.

mod common;
use comb::{Bits, CellKind, IcmpPred};
use common::*;

const WIDTHS: [u32; 7] = [1, 7, 8, 33, 64, 65, 128];

fn mask(w: u32) -> u128 {
    if w == 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    }
}
fn sext(v: u128, w: u32) -> i128 {
    ((v << (128 - w)) as i128) >> (128 - w)
}

/// The ops under test: (output name, reference).
type Ref = fn(u32, u128, u128) -> u128;
fn binops() -> Vec<(&'static str, CellKind, Ref)> {
    use CellKind::*;
    vec![
        ("sub", Sub, |w, a, b| a.wrapping_sub(b) & mask(w)),
        ("mul", Mul, |w, a, b| a.wrapping_mul(b) & mask(w)),
        ("divu", DivU, |_, a, b| a.checked_div(b).unwrap_or(0)),
        ("modu", ModU, |_, a, b| if b == 0 { 0 } else { a % b }),
        ("divs", DivS, |w, a, b| {
            if b == 0 {
                0
            } else if b == mask(w) {
                a.wrapping_neg() & mask(w)
            } else {
                (sext(a, w) / sext(b, w)) as u128 & mask(w)
            }
        }),
        (
            "mods",
            ModS,
            |w, a, b| {
                if b == 0 || b == mask(w) {
                    0
                } else {
                    (sext(a, w) % sext(b, w)) as u128 & mask(w)
                }
            },
        ),
        ("shl", Shl, |w, a, b| if b >= w as u128 { 0 } else { (a << b) & mask(w) }),
        ("shru", ShrU, |w, a, b| if b >= w as u128 { 0 } else { a >> b }),
        ("shrs", ShrS, |w, a, b| {
            let s = sext(a, w);
            (if b >= w as u128 { s >> 127 } else { s >> b }) as u128 & mask(w)
        }),
    ]
}

fn icmp_ref(p: IcmpPred, w: u32, a: u128, b: u128) -> bool {
    use IcmpPred::*;
    let (sa, sb) = (sext(a, w), sext(b, w));
    match p {
        Eq | Ceq | Weq => a == b,
        Ne | Cne | Wne => a != b,
        Slt => sa < sb,
        Sle => sa <= sb,
        Sgt => sa > sb,
        Sge => sa >= sb,
        Ult => a < b,
        Ule => a <= b,
        Ugt => a > b,
        Uge => a >= b,
    }
}

const TT: u64 = 0b1110_1000;
const COEF: [u8; 2] = [3, 5];
fn lut_table(w: u32) -> Vec<Bits> {
    (0..10u128).map(|k| Bits::from_u128(k.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x55, w)).collect()
}

fn build(w: u32) -> comb::Design {
    use CellKind::*;
    let mut b = B::new("top");
    let (a, bb, c) = (b.input("a", w), b.input("b", w), b.input("c", 1));
    let xs = [b.input("x0", 1), b.input("x1", 1), b.input("x2", 1)];
    let a3 = [a, bb, a];
    for (name, kind, ops) in [
        ("add", Add, &a3[..]),
        ("and", And, &a3[..2]),
        ("or", Or, &a3[..2]),
        ("xor", Xor, &a3[..]),
        ("nand", Nand, &a3[..2]),
        ("nor", Nor, &a3[..2]),
        ("xnor", Xnor, &a3[..]),
    ] {
        let n = b.cell(kind, w, ops);
        b.output(&format!("o_{name}"), n);
    }
    for (name, kind, _) in binops() {
        let n = b.cell(kind, w, &[a, bb]);
        b.output(name, n);
    }
    for p in IcmpPred::ALL {
        let n = b.cell(Icmp(p), 1, &[a, bb]);
        b.output(&format!("cmp_{}", p.name()), n);
    }
    let inv = b.cell(Inv, w, &[a]);
    b.output("inv", inv);
    let par = b.cell(Parity, 1, &[a]);
    b.output("parity", par);
    let rev = b.cell(Reverse, w, &[a]);
    b.output("reverse", rev);
    let cat = b.cell(Concat, 2 * w, &[a, bb]);
    b.output("concat", cat);
    let (lo, ew) = (w / 2, (w / 2).max(1).min(w - w / 2));
    let ex = b.cell(Extract { low: lo }, ew, &[a]);
    b.output("extract", ex);
    let rep = b.cell(Replicate, 3 * w, &[a]);
    b.output("replicate", rep);
    let mux = b.cell(Mux, w, &[c, a, bb]);
    b.output("mux", mux);
    let tt = b.cell(TruthTable(Bits::from_u64(TT, 8)), 1, &xs);
    b.output("tt", tt);
    let lut = b.cell(Lut { coefficients: COEF.to_vec(), table: lut_table(w) }, w, &[a, bb]);
    b.output("lut", lut);
    design(vec![b.m])
}

fn expected(w: u32, a: u128, bv: u128, c: bool, x: [bool; 3]) -> Vec<(String, String)> {
    let m = mask(w);
    let h = |v: u128, width: u32| hex(&Bits::from_u128(v, width));
    let mut out = vec![
        ("o_add".to_string(), h(a.wrapping_add(bv).wrapping_add(a) & m, w)),
        ("o_and".into(), h(a & bv, w)),
        ("o_or".into(), h(a | bv, w)),
        ("o_xor".into(), h(a ^ bv ^ a, w)),
        ("o_nand".into(), h(!(a & bv) & m, w)),
        ("o_nor".into(), h(!(a | bv) & m, w)),
        ("o_xnor".into(), h(!(a ^ bv ^ a) & m, w)),
    ];
    for (name, _, f) in binops() {
        out.push((name.into(), h(f(w, a, bv), w)));
    }
    for p in IcmpPred::ALL {
        out.push((format!("cmp_{}", p.name()), h(icmp_ref(p, w, a, bv) as u128, 1)));
    }
    out.push(("inv".into(), h(!a & m, w)));
    out.push(("parity".into(), h(a.count_ones() as u128 & 1, 1)));
    out.push(("reverse".into(), h(a.reverse_bits() >> (128 - w), w)));
    let (av, bvb) = (Bits::from_u128(a, w), Bits::from_u128(bv, w));
    let mut cat = Bits::zero(2 * w);
    let mut rep = Bits::zero(3 * w);
    for i in 0..w {
        cat.set_bit(i, bvb.bit(i));
        cat.set_bit(i + w, av.bit(i));
        for k in 0..3 {
            rep.set_bit(i + k * w, av.bit(i));
        }
    }
    out.push(("concat".into(), hex(&cat)));
    let (lo, ew) = (w / 2, (w / 2).max(1).min(w - w / 2));
    out.push(("extract".into(), h((a >> lo) & mask(ew), ew)));
    out.push(("replicate".into(), hex(&rep)));
    out.push(("mux".into(), h(if c { a } else { bv }, w)));
    let idx = (x[0] as u32) << 2 | (x[1] as u32) << 1 | x[2] as u32;
    out.push(("tt".into(), h((TT >> idx) as u128 & 1, 1)));
    let sum = (COEF[0] as u128 * (a & 0xFF) + COEF[1] as u128 * (bv & 0xFF)) % 256;
    out.push(("lut".into(), hex(&lut_table(w)[(sum % 10) as usize])));
    out
}

fn vectors(w: u32) -> Vec<(u128, u128, bool, [bool; 3])> {
    let m = mask(w);
    let min = 1u128 << (w - 1);
    let edges = [0, 1, 2, m, min, min.wrapping_sub(1), w as u128 - 1, w as u128, 0x0F].map(|e| e & m);
    let mut v = Vec::new();
    let mut seed = 0x1234_5678_9ABC_DEF0_u128 ^ w as u128;
    let mut next = || {
        seed = seed.wrapping_mul(0x2545_F491_4F6C_DD1D_4F6C_DD1D).wrapping_add(0x9E37_79B9);
        seed ^ (seed >> 61)
    };
    for (i, &x) in edges.iter().enumerate() {
        for (j, &y) in edges.iter().enumerate() {
            let k = i * edges.len() + j;
            v.push((x, y, k % 2 == 1, [k & 4 != 0, k & 2 != 0, k & 1 != 0]));
        }
    }
    for k in 0..40 {
        let (x, y) = (next() & m, next() & m);
        let y = if k % 5 == 0 { y >> (w / 2) } else { y };
        v.push((x, y, k % 3 == 0, [k & 1 != 0, k & 2 != 0, k & 8 != 0]));
    }
    v
}

#[test]
fn every_op_all_tools_and_icarus_semantics() {
    for w in WIDTHS {
        let d = build(w);
        let sv = backends::verilog::emit(&d);
        all_tools(&sv, "top");
        let m = &d.modules[0];
        let ports = |dir| -> Vec<(&str, u32)> {
            m.ports.iter().filter(|p| p.dir == dir).map(|p| (p.name.as_str(), p.width)).collect()
        };
        let (ins, outs) = (ports(comb::Dir::Input), ports(comb::Dir::Output));
        let vs = vectors(w);
        let bits: Vec<Vec<Bits>> = vs
            .iter()
            .map(|&(a, b, c, x)| {
                let mut v = vec![Bits::from_u128(a, w), Bits::from_u128(b, w), Bits::from_bool(c)];
                v.extend(x.iter().map(|&y| Bits::from_bool(y)));
                v
            })
            .collect();
        let out = icarus_run(&sv, "top", &comb_tb("top", &ins, &outs, &bits));
        let lines: Vec<&str> = out.lines().filter(|l| l.contains('=')).collect();
        assert_eq!(lines.len(), vs.len(), "icarus output:\n{out}");
        for (line, &(a, b, c, x)) in lines.iter().zip(&vs) {
            let got = parse_line(line);
            let want = expected(w, a, b, c, x);
            for ((gn, gv), (wn, wv)) in got.iter().zip(&want) {
                assert_eq!(gn, wn);
                assert_eq!(gv, wv, "w={w} {gn}: a={a:#x} b={b:#x} c={c} x={x:?}\n{sv}");
            }
        }
    }
}
