//! Our cells as Yosys coarse cells.
//!
//! Yosys's cells leave some results undefined where SPEC section 3 fixes them, so those
//! get guards built from further cells: division and remainder by zero give 0 (`$mux` on
//! `$reduce_bool` of the divisor), signed `MIN / -1` gives `MIN`. Shifts map directly:
//! Yosys's `$shl`/`$shr`/`$sshr` with an unsigned amount already give 0 (or all sign
//! bits) for amounts >= the width. Compares pick `$lt`/`$le`/... with both operands
//! signed or both unsigned. A truth table is a `$lut` (our first operand, the index's MSB,
//! is its `A`'s top bit); `comb.lut` is built as logic (multiply-add of the coefficients
//! at 8 bits, `$mod` by the table length, a `$pmux` over the table).

use super::text::{int_param, YBit, YCell, YDir};
use comb::Bits;

/// Collects the cells of one module and hands out fresh bit numbers.
pub struct Emitter {
    /// Next free bit number.
    pub next: u64,
    /// Cells so far.
    pub cells: Vec<YCell>,
    count: usize,
}

/// `w` bits of the constant `v`.
pub fn const_bits(v: &Bits) -> Vec<YBit> {
    (0..v.width()).map(|i| if v.bit(i) { YBit::One } else { YBit::Zero }).collect()
}

/// The binary string of a constant, MSB first.
pub fn bin_string(v: &Bits) -> String {
    (0..v.width()).rev().map(|i| if v.bit(i) { '1' } else { '0' }).collect()
}

impl Emitter {
    /// An emitter whose bit numbers start at `next`.
    pub fn new(next: u64) -> Emitter {
        Emitter { next, cells: Vec::new(), count: 0 }
    }
    /// `w` fresh bits.
    pub fn fresh(&mut self, w: u32) -> Vec<YBit> {
        let b = (0..w as u64).map(|i| YBit::N(self.next + i)).collect();
        self.next += w as u64;
        b
    }
    /// Adds a cell with a generated name.
    pub fn push(&mut self, ty: &str, params: Vec<(&str, String)>, conns: Vec<(&str, YDir, Vec<YBit>)>) {
        self.count += 1;
        self.cells.push(YCell {
            name: format!("$rmlir${}${}", &ty[1..], self.count),
            hidden: true,
            ty: ty.to_string(),
            params: params.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
            conns: conns.into_iter().map(|(k, d, b)| (k.to_string(), d, b)).collect(),
        });
    }
    /// A two-operand coarse cell (`$add`, `$lt`, ...) giving `yw` bits.
    pub fn bin(&mut self, ty: &str, a: &[YBit], b: &[YBit], signed: bool, yw: u32) -> Vec<YBit> {
        let y = self.fresh(yw);
        let s = int_param(signed as u64);
        self.push(
            ty,
            vec![
                ("A_SIGNED", s.clone()),
                ("A_WIDTH", int_param(a.len() as u64)),
                ("B_SIGNED", s),
                ("B_WIDTH", int_param(b.len() as u64)),
                ("Y_WIDTH", int_param(yw as u64)),
            ],
            vec![
                ("A", YDir::Input, a.to_vec()),
                ("B", YDir::Input, b.to_vec()),
                ("Y", YDir::Output, y.clone()),
            ],
        );
        y
    }
    /// A one-operand coarse cell (`$not`, `$reduce_xor`, ...) giving `yw` bits.
    pub fn un(&mut self, ty: &str, a: &[YBit], signed: bool, yw: u32) -> Vec<YBit> {
        let y = self.fresh(yw);
        self.push(
            ty,
            vec![
                ("A_SIGNED", int_param(signed as u64)),
                ("A_WIDTH", int_param(a.len() as u64)),
                ("Y_WIDTH", int_param(yw as u64)),
            ],
            vec![("A", YDir::Input, a.to_vec()), ("Y", YDir::Output, y.clone())],
        );
        y
    }
    /// `s ? t : f`.
    pub fn mux(&mut self, s: &[YBit], t: &[YBit], f: &[YBit]) -> Vec<YBit> {
        let y = self.fresh(t.len() as u32);
        self.push(
            "$mux",
            vec![("WIDTH", int_param(t.len() as u64))],
            vec![
                ("A", YDir::Input, f.to_vec()),
                ("B", YDir::Input, t.to_vec()),
                ("S", YDir::Input, s.to_vec()),
                ("Y", YDir::Output, y.clone()),
            ],
        );
        y
    }
    /// Division or remainder with SPEC section 3's guards.
    pub fn divide(&mut self, ty: &str, a: &[YBit], b: &[YBit], signed: bool) -> Vec<YBit> {
        let w = a.len() as u32;
        let mut q = self.bin(ty, a, b, signed, w);
        if signed && ty == "$div" {
            let mut min = Bits::zero(w);
            min.set_bit(w - 1, true);
            let a_min = self.bin("$eq", a, &const_bits(&min), false, 1);
            let b_m1 = self.bin("$eq", b, &const_bits(&Bits::ones(w)), false, 1);
            let ovf = self.bin("$logic_and", &a_min, &b_m1, false, 1);
            q = self.mux(&ovf, &const_bits(&min), &q);
        }
        let nz = self.un("$reduce_bool", b, false, 1);
        self.mux(&nz, &q, &const_bits(&Bits::zero(w)))
    }
    /// `comb.lut`: table[(Σ c_k·x_k mod 256) mod len].
    pub fn lut(&mut self, coefficients: &[u8], table: &[Bits], ins: &[Vec<YBit>], yw: u32) -> Vec<YBit> {
        let byte = |v: &[YBit]| -> Vec<YBit> {
            let mut b: Vec<YBit> = v.iter().take(8).copied().collect();
            b.resize(8, YBit::Zero);
            b
        };
        let mut sum = const_bits(&Bits::zero(8));
        for (c, x) in coefficients.iter().zip(ins) {
            let p = self.bin("$mul", &byte(x), &const_bits(&Bits::from_u64(*c as u64, 8)), false, 8);
            sum = self.bin("$add", &sum, &p, false, 8);
        }
        let len = table.len() as u64;
        let idx = if len < 256 {
            self.bin("$mod", &sum, &const_bits(&Bits::from_u64(len, 9)), false, 8)
        } else {
            sum
        };
        let n = len.min(256) as usize;
        let mut sel = Vec::with_capacity(n);
        let mut words = Vec::with_capacity(n * yw as usize);
        for (i, t) in table.iter().take(n).enumerate() {
            sel.extend(self.bin("$eq", &idx, &const_bits(&Bits::from_u64(i as u64, 8)), false, 1));
            words.extend(const_bits(t));
        }
        let y = self.fresh(yw);
        self.push(
            "$pmux",
            vec![("S_WIDTH", int_param(n as u64)), ("WIDTH", int_param(yw as u64))],
            vec![
                ("A", YDir::Input, const_bits(&Bits::zero(yw))),
                ("B", YDir::Input, words),
                ("S", YDir::Input, sel),
                ("Y", YDir::Output, y.clone()),
            ],
        );
        y
    }
    /// A register: `$dff`, `$dffe`, `$sdff` or `$sdffe` (reset over enable, as `Reg`). A
    /// reset value that is not constant is muxed into the data instead.
    pub fn reg(
        &mut self,
        q: &[YBit],
        d: &[YBit],
        clk: &[YBit],
        en: Option<&[YBit]>,
        rst: Option<(&[YBit], &[YBit])>,
        asynchronous: bool,
    ) {
        let w = q.len() as u64;
        let mut d = d.to_vec();
        let mut en = en.map(|e| e.to_vec());
        let mut srst = None;
        if let Some((r, v)) = rst {
            let constant: Option<String> = v
                .iter()
                .rev()
                .map(|b| match b {
                    YBit::Zero => Some('0'),
                    YBit::One => Some('1'),
                    YBit::N(_) => None,
                })
                .collect();
            match constant {
                Some(s) => srst = Some((r.to_vec(), s)),
                None => {
                    d = self.mux(r, v, &d);
                    if let Some(e) = &en {
                        en = Some(self.bin("$or", e, r, false, 1));
                    }
                }
            }
        }
        let one = int_param(1);
        let mut params = vec![("CLK_POLARITY", one.clone())];
        let mut conns = vec![("CLK", YDir::Input, clk.to_vec()), ("D", YDir::Input, d)];
        if let Some(e) = en.clone() {
            params.push(("EN_POLARITY", one.clone()));
            conns.push(("EN", YDir::Input, e));
        }
        // An asynchronous reset value is a constant (the verifier's rule), so `srst` is set.
        let (polarity, value, port) = if asynchronous {
            ("ARST_POLARITY", "ARST_VALUE", "ARST")
        } else {
            ("SRST_POLARITY", "SRST_VALUE", "SRST")
        };
        if let Some((r, v)) = srst.clone() {
            params.push((polarity, one));
            params.push((value, v));
            conns.push((port, YDir::Input, r));
        }
        params.push(("WIDTH", int_param(w)));
        conns.push(("Q", YDir::Output, q.to_vec()));
        let ty = match (en.is_some(), srst.is_some(), asynchronous) {
            (false, false, _) => "$dff",
            (true, false, _) => "$dffe",
            (false, true, false) => "$sdff",
            (true, true, false) => "$sdffe",
            (false, true, true) => "$adff",
            (true, true, true) => "$adffe",
        };
        self.push(ty, params, conns);
    }
}
