//! `SB_LUT4` cells. The iCE40 LUT's output for inputs I0..I3 is `LUT_INIT[I0 + 2*I1 + 4*I2 +
//! 8*I3]` (I0 is the index's LSB), while `comb.truth_table`'s first operand is its index's
//! MSB (SPEC section 3). So operand j of an n-input table drives I(n-1-j); unused inputs are
//! tied to 0 and the table is repeated over the unused index bits (so their value does not
//! matter). Yosys writes LUT_INIT as a 16-character binary string, bit 15 first.

use super::bits::Sig;
use super::Ice40Cell;
use comb::Bits;

const PINS: [&str; 4] = ["I0", "I1", "I2", "I3"];

/// LUT_INIT as Yosys writes it, from the output for each 4-bit index.
pub fn init_string(f: impl Fn(usize) -> bool) -> String {
    (0..16).rev().map(|i| if f(i) { '1' } else { '0' }).collect()
}

/// An `SB_LUT4` computing the n-input (n <= 4) truth table `table` of `ins` onto `out`.
pub fn truth_table(name: String, table: &Bits, ins: &[Sig], out: Sig) -> Ice40Cell {
    let n = ins.len();
    let mask = (1usize << n) - 1;
    let init = init_string(|i| table.bit((i & mask) as u32));
    let inputs = (0..4).map(|k| (PINS[k], if k < n { ins[n - 1 - k] } else { Sig::Zero })).collect();
    Ice40Cell {
        name,
        kind: "SB_LUT4",
        params: vec![("LUT_INIT", init)],
        inputs,
        output: ("O", out),
        more_outputs: vec![],
    }
}

/// An `SB_LUT4` of any function of up to 4 inputs, `f(index)` with `ins[0]` as I0 (the LSB).
pub fn function(name: String, ins: &[Sig], out: Sig, f: impl Fn(usize) -> bool) -> Ice40Cell {
    let inputs = (0..4).map(|k| (PINS[k], ins.get(k).copied().unwrap_or(Sig::Zero))).collect();
    Ice40Cell {
        name,
        kind: "SB_LUT4",
        params: vec![("LUT_INIT", init_string(f))],
        inputs,
        output: ("O", out),
        more_outputs: vec![],
    }
}

/// NOT `a`.
pub fn inverter(name: String, a: Sig, out: Sig) -> Ice40Cell {
    function(name, &[a], out, |i| i & 1 == 0)
}

/// A buffer: `out` = `a` (gives an output port a wire of its own).
pub fn buffer(name: String, a: Sig, out: Sig) -> Ice40Cell {
    function(name, &[a], out, |i| i & 1 == 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn init_order_follows_i0_as_lsb() {
        // a AND NOT b with a the first operand (the index MSB): table index (a,b) = 2 -> 1,
        // i.e. table 0b0100. a drives I1, b drives I0: LUT index I0 + 2*I1 = 2 -> 1.
        let t = Bits::from_u64(0b0100, 4);
        let c = truth_table("l".into(), &t, &[Sig::Wire(2), Sig::Wire(3)], Sig::Wire(4));
        assert_eq!(c.inputs[0], ("I0", Sig::Wire(3)));
        assert_eq!(c.inputs[1], ("I1", Sig::Wire(2)));
        assert_eq!(c.inputs[2], ("I2", Sig::Zero));
        // Index 2, 6, 10, 14 (I1=1, I0=0) are 1.
        assert_eq!(c.params[0].1, "0100010001000100");
        assert_eq!(inverter("i".into(), Sig::Wire(2), Sig::Wire(3)).params[0].1, "0101010101010101");
    }
}
