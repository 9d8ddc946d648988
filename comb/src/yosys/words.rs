//! From Yosys's bits back to words.
//!
//! Yosys connects cells bit by bit: every bit is a number (a net of one bit) or a constant
//! `"0"`, `"1"`, `"x"`, `"z"`. Our netlist connects whole words. [`Builder`] knows, for each
//! bit number, which net drives it and at which position; [`Builder::word`] turns a list of
//! bits into one net, using the driving net itself when the bits are all of it in order,
//! an extract for a contiguous part, constants for constant runs and a concat only where
//! the bits come from several places. The same bit list always gives the same net (memo).
//!
//! [`Builder`] wraps a module with the small constructors the cell lowerings share
//! (constants, extensions, reductions, muxes).

use super::error::ImportError;
use crate::bits::Bits;
use crate::ids::NetId;
use crate::netlist::{CellKind, IcmpPred, Module};
use mlir_text::Span;
use std::collections::HashMap;
use yosys_netlist_json::{BitVal, SpecialBit};

/// One bit's source: a constant, or bit `index` of a net.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Src {
    Const(bool),
    Net(NetId, u32),
}

/// A module under construction, with the bit-to-net map.
pub struct Builder<'m> {
    /// The module being filled.
    pub m: &'m mut Module,
    /// The module's name (for messages).
    pub name: String,
    driver: HashMap<usize, (NetId, u32)>,
    memo: HashMap<Vec<BitVal>, NetId>,
}

impl<'m> Builder<'m> {
    /// A builder for `m`.
    pub fn new(m: &'m mut Module) -> Builder<'m> {
        let name = m.name.clone();
        Builder { m, name, driver: HashMap::new(), memo: HashMap::new() }
    }

    /// Records that bit number `bit` is bit `index` of `net`; false (and no change) if
    /// the bit already has a driver.
    pub fn drive(&mut self, bit: usize, net: NetId, index: u32) -> bool {
        match self.driver.entry(bit) {
            std::collections::hash_map::Entry::Occupied(_) => false,
            std::collections::hash_map::Entry::Vacant(v) => {
                v.insert((net, index));
                true
            }
        }
    }

    /// The net made of `bits` (LSB first). `what` names the user for messages
    /// ("cell 'x' ($add) port A").
    pub fn word(&mut self, bits: &[BitVal], what: &dyn Fn() -> String) -> Result<NetId, ImportError> {
        if bits.is_empty() {
            return Err(ImportError::in_module(&self.name, format!("{}: connection has no bits", what())));
        }
        if let Some(&n) = self.memo.get(bits) {
            return Ok(n);
        }
        let mut srcs = Vec::with_capacity(bits.len());
        for b in bits {
            srcs.push(match b {
                BitVal::S(SpecialBit::_0) => Src::Const(false),
                BitVal::S(SpecialBit::_1) => Src::Const(true),
                BitVal::S(s) => {
                    let c = if *s == SpecialBit::X { "x" } else { "z" };
                    return Err(ImportError::in_module(
                        &self.name,
                        format!("{}: an undefined '{c}' bit reaches logic (values are two-state)", what()),
                    ));
                }
                BitVal::N(n) => match self.driver.get(n) {
                    Some(&(net, i)) => Src::Net(net, i),
                    None => {
                        return Err(ImportError::in_module(
                            &self.name,
                            format!("{}: bit {n} is not driven by any cell or input port", what()),
                        ))
                    }
                },
            });
        }
        // Runs of adjacent bits of one net, or of constants, LSB first.
        let mut parts: Vec<NetId> = Vec::new();
        let mut i = 0;
        while i < srcs.len() {
            let mut j = i + 1;
            match srcs[i] {
                Src::Const(_) => {
                    while j < srcs.len() && matches!(srcs[j], Src::Const(_)) {
                        j += 1;
                    }
                    let mut v = Bits::zero((j - i) as u32);
                    for (k, s) in srcs[i..j].iter().enumerate() {
                        v.set_bit(k as u32, *s == Src::Const(true));
                    }
                    parts.push(self.konst(v));
                }
                Src::Net(n, lo) => {
                    while j < srcs.len() && srcs[j] == Src::Net(n, lo + (j - i) as u32) {
                        j += 1;
                    }
                    let w = (j - i) as u32;
                    parts.push(self.extract(n, lo, w));
                }
            }
            i = j;
        }
        parts.reverse();
        let net = self.concat(&parts);
        self.memo.insert(bits.to_vec(), net);
        Ok(net)
    }

    /// Adds a cell.
    pub fn cell(&mut self, kind: CellKind, width: u32, ops: &[NetId]) -> NetId {
        self.m.add_cell(kind, width, ops, None, Span::default())
    }
    /// A constant.
    pub fn konst(&mut self, v: Bits) -> NetId {
        let w = v.width();
        self.cell(CellKind::Const(v), w, &[])
    }
    /// The constant `v` at width `w`.
    pub fn const_u64(&mut self, v: u64, w: u32) -> NetId {
        self.konst(Bits::from_u64(v, w))
    }
    /// Bits `low..low+w` of `n` (`n` itself when that is all of it).
    pub fn extract(&mut self, n: NetId, low: u32, w: u32) -> NetId {
        if low == 0 && self.m.width(n) == w {
            n
        } else {
            self.cell(CellKind::Extract { low }, w, &[n])
        }
    }
    /// The concatenation of `parts` (most significant first); one part is itself.
    pub fn concat(&mut self, parts: &[NetId]) -> NetId {
        if parts.len() == 1 {
            return parts[0];
        }
        let w = parts.iter().map(|&p| self.m.width(p)).sum();
        self.cell(CellKind::Concat, w, parts)
    }
    /// `n` resized to `w` bits: truncated, or extended with its sign bit (`signed`) or zeros.
    pub fn resize(&mut self, n: NetId, w: u32, signed: bool) -> NetId {
        let nw = self.m.width(n);
        if w <= nw {
            return self.extract(n, 0, w);
        }
        let pad = if signed {
            let sign = self.extract(n, nw - 1, 1);
            if w - nw == 1 {
                sign
            } else {
                self.cell(CellKind::Replicate, w - nw, &[sign])
            }
        } else {
            self.konst(Bits::zero(w - nw))
        };
        self.concat(&[pad, n])
    }
    /// Bitwise NOT.
    pub fn inv(&mut self, n: NetId) -> NetId {
        let w = self.m.width(n);
        self.cell(CellKind::Inv, w, &[n])
    }
    /// `a OP b` for a same-width binary or variadic kind.
    pub fn bin(&mut self, kind: CellKind, a: NetId, b: NetId) -> NetId {
        let w = self.m.width(a);
        self.cell(kind, w, &[a, b])
    }
    /// `icmp pred a, b` (operands of equal width).
    pub fn icmp(&mut self, pred: IcmpPred, a: NetId, b: NetId) -> NetId {
        self.cell(CellKind::Icmp(pred), 1, &[a, b])
    }
    /// 1 when any bit of `n` is 1.
    pub fn any(&mut self, n: NetId) -> NetId {
        let w = self.m.width(n);
        if w == 1 {
            return n;
        }
        let z = self.konst(Bits::zero(w));
        self.icmp(IcmpPred::Ne, n, z)
    }
    /// 1 when every bit of `n` is 1.
    pub fn all(&mut self, n: NetId) -> NetId {
        let w = self.m.width(n);
        if w == 1 {
            return n;
        }
        let o = self.konst(Bits::ones(w));
        self.icmp(IcmpPred::Eq, n, o)
    }
    /// `c ? t : f`.
    pub fn mux(&mut self, c: NetId, t: NetId, f: NetId) -> NetId {
        let w = self.m.width(t);
        self.cell(CellKind::Mux, w, &[c, t, f])
    }
}
