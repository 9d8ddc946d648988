//! The cell of a [`SimpleOp`] (the reader's fast path of a streamed body): what
//! [`Builder::plan`](super::Builder) and [`Builder::connect`](super::Builder) make of the
//! same op, in one step, when every operand already has its net.
//!
//! Only plain cells come this way (comb ops and `hw.constant`; never a register, an
//! instance or `seq.from_clock`), and the reader has checked that every operand is an
//! integer of the type it is used with. Anything the general path would report as an error
//! gives `None` here: the op is then declined and comes again the general way.

use super::body::NetOf;
use super::cell_name_str;
use crate::bits::Bits;
use crate::ids::NetId;
use crate::netlist::{CellKind, IcmpPred};
use mlir_text::{SimpleAttr, SimpleKind, SimpleOp, SimpleValue, Type};
use smallvec::SmallVec;
use std::sync::Arc;

/// A planned cell with its operands.
pub(super) struct SimpleCell {
    pub(super) kind: CellKind,
    pub(super) width: u32,
    pub(super) name: Option<Arc<str>>,
    pub(super) operands: SmallVec<[NetId; 4]>,
}

/// The kind of the simple ops that need no attribute: what
/// [`plain_kind`](super::ops::plain_kind) says for their names.
fn plain(k: SimpleKind) -> Option<CellKind> {
    use CellKind as C;
    use SimpleKind as S;
    Some(match k {
        S::Add => C::Add,
        S::And => C::And,
        S::Or => C::Or,
        S::Xor => C::Xor,
        S::Mul => C::Mul,
        S::Nand => C::Nand,
        S::Nor => C::Nor,
        S::Xnor => C::Xnor,
        S::Sub => C::Sub,
        S::DivU => C::DivU,
        S::DivS => C::DivS,
        S::ModU => C::ModU,
        S::ModS => C::ModS,
        S::Shl => C::Shl,
        S::ShrU => C::ShrU,
        S::ShrS => C::ShrS,
        S::Inv => C::Inv,
        S::Reverse => C::Reverse,
        S::Parity => C::Parity,
        S::Mux => C::Mux,
        S::Concat => C::Concat,
        S::Replicate => C::Replicate,
        S::Icmp | S::Extract | S::Constant => return None,
    })
}

/// The net of a lean value's payload (the index of its cell).
pub(super) fn payload_net(payload: u32) -> NetId {
    NetId::from_index(payload as usize)
}

/// The cell of `o`, if every operand has its net and the general path would report nothing.
pub(super) fn plan(o: &SimpleOp<'_>, net_of: &NetOf) -> Option<SimpleCell> {
    let Type::Int { width, .. } = *o.result_type else { return None };
    let kind = match (plain(o.kind), o.attr) {
        (Some(k), None) => k,
        (None, Some((SimpleAttr::Predicate(p), _))) if o.kind == SimpleKind::Icmp => {
            CellKind::Icmp(IcmpPred::from_index(p as i128)?)
        }
        (None, Some((SimpleAttr::LowBit(low), _))) if o.kind == SimpleKind::Extract => {
            CellKind::Extract { low }
        }
        (None, Some((SimpleAttr::Value(v), _))) if o.kind == SimpleKind::Constant => {
            if !v.fits_width(width) {
                return None;
            }
            CellKind::Const(Bits::from_bigint(v, width))
        }
        _ => return None,
    };
    let mut operands = SmallVec::with_capacity(o.operands.len());
    let mut widths: SmallVec<[u32; 4]> = SmallVec::with_capacity(o.operands.len());
    for u in o.operands {
        let Type::Int { width, .. } = u.ty else { return None };
        operands.push(match u.value {
            SimpleValue::Lean(p) => payload_net(p),
            SimpleValue::Value(v) => (*net_of.get(v.index())?)?,
        });
        widths.push(width);
    }
    kind.check_widths(&widths, width).ok()?;
    Some(SimpleCell { kind, width, name: cell_name_str(o.result), operands })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simple_kinds_make_the_cells_their_names_make() {
        for k in SimpleKind::ALL {
            assert_eq!(plain(k), super::super::ops::plain_kind(k.name()), "{k:?}");
        }
    }
}
