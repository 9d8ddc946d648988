//! `SB_CARRY` chains, part 2: the cells of one black box [`super::carry`] made, as
//! `synth_ice40` builds them. An iCE40 logic cell's carry unit takes the LUT's I1 and I2
//! inputs: `SB_CARRY` has `CO = majority(I0, I1, CI)`, and the sum of bit i is an `SB_LUT4`
//! with I1 = a_i, I2 = b_i and I3 = the carry into bit i (the previous `SB_CARRY`'s CO, which
//! nextpnr routes over the dedicated carry path), computing I1 ^ I2 ^ I3. The carry into
//! bit 0 is a constant. A comparison keeps only the carries of the low W-1 bits and ends in
//! one LUT of (a_msb, nb_msb, carry into the msb) (see [`super::carry::CarryOp::Ge`]).

use super::bits::Sig;
use super::carry::CarryOp;
use super::{lut, Ice40Cell};

/// An `SB_CARRY` with CO = majority(i0, i1, ci).
fn carry(name: String, i0: Sig, i1: Sig, ci: Sig, co: Sig) -> Ice40Cell {
    Ice40Cell {
        name,
        kind: "SB_CARRY",
        params: vec![],
        inputs: vec![("I0", i0), ("I1", i1), ("CI", ci)],
        output: ("CO", co),
        more_outputs: vec![],
    }
}

/// A constant as a bit.
fn konst(b: bool) -> Sig {
    if b {
        Sig::One
    } else {
        Sig::Zero
    }
}

/// Appends the cells of one black box: inputs `a` and `b` (bit 0 first), output `y`;
/// `fresh` makes new wires. `name` prefixes the cell names.
pub fn cells(
    name: &str,
    op: CarryOp,
    a: &[Sig],
    b: &[Sig],
    y: &[Sig],
    fresh: &mut dyn FnMut() -> Sig,
    out: &mut Vec<Ice40Cell>,
) {
    let w = a.len();
    match op {
        CarryOp::Add { cin } => {
            let mut c = konst(cin);
            for i in 0..w {
                // I0 unused (0), I1 = a, I2 = b, I3 = carry in.
                out.push(lut::function(format!("{name}_sum{i}"), &[Sig::Zero, a[i], b[i], c], y[i], |k| {
                    (k >> 1 ^ k >> 2 ^ k >> 3) & 1 == 1
                }));
                if i + 1 < w {
                    let co = fresh();
                    out.push(carry(format!("{name}_carry{i}"), a[i], b[i], c, co));
                    c = co;
                }
            }
        }
        CarryOp::Ge { signed, negate } => {
            let mut c = Sig::One;
            for i in 0..w - 1 {
                let co = fresh();
                out.push(carry(format!("{name}_carry{i}"), a[i], b[i], c, co));
                c = co;
            }
            // Unsigned: a >= b is the carry out of a + nb + 1 = maj(a_msb, nb_msb, c).
            // Signed: the sign bits count negatively, i.e. flipped: maj(!a_msb, !nb_msb, c).
            let (am, bm) = (a[w - 1], b[w - 1]);
            out.push(lut::function(format!("{name}_msb"), &[am, bm, Sig::Zero, c], y[0], |k| {
                let (x, z, ci) = (k & 1, k >> 1 & 1, k >> 3 & 1);
                let (x, z) = if signed { (x ^ 1, z ^ 1) } else { (x, z) };
                let ge = x + z + ci >= 2;
                ge != negate
            }));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Evaluates the cells on constant inputs (in order: every cell reads earlier outputs).
    fn eval(cells: &[Ice40Cell], inputs: &[(Sig, bool)]) -> std::collections::BTreeMap<Sig, bool> {
        let mut v: std::collections::BTreeMap<Sig, bool> = inputs.iter().copied().collect();
        v.insert(Sig::Zero, false);
        v.insert(Sig::One, true);
        // Carries first, in chain order, then the LUTs (which read carries).
        for pass in 0..2 {
            for c in cells {
                let ins: Vec<bool> = c.inputs.iter().map(|(_, s)| v[s]).collect();
                let o = match (c.kind, pass) {
                    ("SB_CARRY", 0) => (ins[0] as u8 + ins[1] as u8 + ins[2] as u8) >= 2,
                    ("SB_LUT4", 1) => {
                        let k = ins.iter().enumerate().map(|(i, &b)| (b as usize) << i).sum::<usize>();
                        c.params[0].1.as_bytes()[15 - k] == b'1'
                    }
                    _ => continue,
                };
                v.insert(c.output.1, o);
            }
        }
        v
    }

    fn run(op: CarryOp, w: usize, x: u64, z: u64) -> u64 {
        let mut n = 2;
        let mut wire = || {
            n += 1;
            Sig::Wire(n - 1)
        };
        let a: Vec<Sig> = (0..w).map(|_| wire()).collect();
        let b: Vec<Sig> = (0..w).map(|_| wire()).collect();
        let yw = if matches!(op, CarryOp::Add { .. }) { w } else { 1 };
        let y: Vec<Sig> = (0..yw).map(|_| wire()).collect();
        let mut fresh = wire;
        let mut out = Vec::new();
        cells("t", op, &a, &b, &y, &mut fresh, &mut out);
        let mut ins = Vec::new();
        for i in 0..w {
            ins.push((a[i], x >> i & 1 == 1));
            ins.push((b[i], z >> i & 1 == 1));
        }
        let v = eval(&out, &ins);
        y.iter().enumerate().map(|(i, s)| (v[s] as u64) << i).sum()
    }

    #[test]
    fn adders_and_comparators_compute_their_functions() {
        let w = 4;
        let mask = (1u64 << w) - 1;
        let sx = |x: u64| ((x << 60) as i64) >> 60;
        for x in 0..16u64 {
            for z in 0..16u64 {
                assert_eq!(run(CarryOp::Add { cin: false }, w, x, z), (x + z) & mask);
                // a + ~b + 1 = a - b.
                assert_eq!(run(CarryOp::Add { cin: true }, w, x, !z & mask), x.wrapping_sub(z) & mask);
                let nz = !z & mask;
                assert_eq!(run(CarryOp::Ge { signed: false, negate: false }, w, x, nz), (x >= z) as u64);
                assert_eq!(run(CarryOp::Ge { signed: false, negate: true }, w, x, nz), (x < z) as u64);
                assert_eq!(
                    run(CarryOp::Ge { signed: true, negate: false }, w, x, nz),
                    (sx(x) >= sx(z)) as u64
                );
                assert_eq!(run(CarryOp::Ge { signed: true, negate: true }, w, x, nz), (sx(x) < sx(z)) as u64);
            }
        }
    }
}
