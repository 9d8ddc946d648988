//! What the division, square-root, comparison and conversion units need beyond
//! [`UnitBuilder`]'s helpers: a normalizing shifter that gives the shifted
//! value and the leading-zero count from one structure, and registers (the digit
//! recurrences of `ds_iter` place their own, sequential units included).

use super::UnitBuilder;
use comb::{CellKind, NetId};

/// Extra helpers on [`UnitBuilder`] (see the module doc).
pub trait DsExt {
    /// `x` shifted left until its top bit is 1, and the shift (the leading-zero count) at
    /// `cw` bits; for `x == 0` the value is 0 and the count meaningless.
    fn normalize(&mut self, x: NetId, cw: u32) -> (NetId, NetId);
    /// A register on `clk` loading `d` every cycle, or when `en` is 1; starts at 0.
    fn reg(&mut self, d: NetId, clk: NetId, en: Option<NetId>) -> NetId;
    /// A register of `w` bits whose data (and enable) are connected later
    /// ([`DsExt::connect_reg`]), for state that feeds back into itself.
    fn reg_later(&mut self, w: u32, clk: NetId, enable: bool) -> NetId;
    /// Connects a [`DsExt::reg_later`] register.
    fn connect_reg(&mut self, r: NetId, d: NetId, clk: NetId, en: Option<NetId>);
}

fn reg_kind(enable: bool) -> CellKind {
    CellKind::Reg { reset: false, enable, async_reset: false, init: None }
}

impl DsExt for UnitBuilder<'_> {
    /// A logarithmic shifter: stage `k` (from the top) shifts by `2^k` where the top `2^k`
    /// bits are all 0, and that choice is bit `k` of the count.
    fn normalize(&mut self, x: NetId, cw: u32) -> (NetId, NetId) {
        let w = self.width(x);
        let stages = 32 - (w.max(2) - 1).leading_zeros();
        let mut v = x;
        let mut count = Vec::new();
        for k in (0..stages).rev() {
            let n = 1u32 << k;
            let (take, shifted) = if n >= w {
                (self.is_zero(v), self.zero(w))
            } else {
                let top = self.extract(v, w - n, n);
                let low = self.extract(v, 0, w - n);
                (self.is_zero(top), self.append_zeros(low, n))
            };
            v = self.mux(take, shifted, v);
            count.push(take);
        }
        let c = self.concat(&count);
        (v, self.zext(c, cw))
    }

    fn reg(&mut self, d: NetId, clk: NetId, en: Option<NetId>) -> NetId {
        let w = self.width(d);
        let ops: Vec<NetId> = [d, clk].into_iter().chain(en).collect();
        self.cell(reg_kind(en.is_some()), w, &ops)
    }

    fn reg_later(&mut self, w: u32, clk: NetId, enable: bool) -> NetId {
        let z = self.zero(w);
        let z1 = self.zero(1);
        let ops: Vec<NetId> = if enable { vec![z, clk, z1] } else { vec![z, clk] };
        self.cell(reg_kind(enable), w, &ops)
    }

    fn connect_reg(&mut self, r: NetId, d: NetId, clk: NetId, en: Option<NetId>) {
        let ops: Vec<NetId> = [d, clk].into_iter().chain(en).collect();
        self.module_mut().set_operands(r, &ops);
    }
}
