//! CIRCT's spellings of the ops it lacks, read back as those ops.
//!
//! CIRCT has no `comb.inv` or `comb.reverse`: it writes NOT as `comb.xor %x, %ones` (an
//! all-ones `hw.constant`) and a bit reversal as the concatenation of the one-bit extracts
//! of `%x` from bit 0 up. `--emit mlir --dialect circt` prints them so; this reads them back
//! as the inverter and the reversal they mean (and NOT of a single-use helper and/or/xor
//! `%_c$N` as nand/nor/xnor, CIRCT's spelling of those), so a round trip through CIRCT's spelling
//! gives the netlist (and the SystemVerilog) it started from. The constant and the extracts
//! are part of the spelling: when nothing else uses them they go too, at `-O0` as well.
//! Only helper values (`%_c$<N>`, the names the printer gives them, see [`is_helper_name`])
//! are read this way: an `xor` with an all-ones constant the user wrote stays an `xor`, and
//! a user's value named `%_c3` is a value of its own (the printers rename a user value whose
//! name is a helper name, so no printed user value is ever taken for a helper).

use crate::ids::{ModuleId, NetId};
use crate::netlist::CellKind;
use crate::Design;

/// Rewrites, in every module, `xor(x, all-ones)` into `inv(x)` (`nand`/`nor`/`xnor` of the
/// operands of `x` when `x` is an and/or/xor used nowhere else) and a concatenation of the
/// bits of `x` from bit 0 to its top into `reverse(x)`.
pub(crate) fn read_back(design: &mut Design) {
    let ids: Vec<ModuleId> = design.module_ids().collect();
    for mid in ids {
        let m = design.module_mut(mid);
        let cells: Vec<NetId> = m.cells().collect();
        for net in cells {
            if !m.contains(net) {
                continue;
            }
            let ops = m.operands(net).to_vec();
            let rewrite = match &m.cell(net).kind {
                CellKind::Xor if ops.len() == 2 => {
                    let ones = |n: NetId| {
                        is_helper(m, n)
                            && matches!(&m.cell(n).kind, CellKind::Const(b) if *b == crate::Bits::ones(b.width()))
                    };
                    match (ones(ops[0]), ones(ops[1])) {
                        (false, true) => Some((CellKind::Inv, ops[0])),
                        (true, false) => Some((CellKind::Inv, ops[1])),
                        _ => None,
                    }
                }
                CellKind::Concat if !ops.is_empty() => reversal(m, &ops).map(|x| (CellKind::Reverse, x)),
                _ => None,
            };
            if let Some((kind, x)) = rewrite {
                // NOT of an and/or/xor used nowhere else is CIRCT's nand/nor/xnor.
                let fused = match m.cell(x).kind {
                    CellKind::And if kind == CellKind::Inv => Some(CellKind::Nand),
                    CellKind::Or if kind == CellKind::Inv => Some(CellKind::Nor),
                    CellKind::Xor if kind == CellKind::Inv => Some(CellKind::Xnor),
                    _ => None,
                };
                // Only the helper value `--dialect circt` prints (`%_c$N`): a value the user
                // named stays a value of its own.
                let helper = is_helper(m, x);
                let alone = helper && m.use_count(x) == 1 && !m.outputs().any(|p| m.port_net(p) == Some(x));
                if let (Some(k), true) = (fused, alone) {
                    let inner = m.operands(x).to_vec();
                    let two_state = m.cell(x).two_state;
                    m.set_operands(net, &inner);
                    m.cell_mut(net).kind = k;
                    m.cell_mut(net).two_state = two_state;
                    m.remove_cell(x);
                    if let Some(&ones) = ops.iter().find(|&&o| o != x) {
                        if m.use_count(ones) == 0 && !m.outputs().any(|p| m.port_net(p) == Some(ones)) {
                            m.remove_cell(ones);
                        }
                    }
                    continue;
                }
                m.set_operands(net, &[x]);
                m.cell_mut(net).kind = kind;
                for helper in ops {
                    let drives_port = m.outputs().any(|p| m.port_net(p) == Some(helper));
                    if helper != x && m.use_count(helper) == 0 && !drives_port && m.contains(helper) {
                        m.remove_cell(helper);
                    }
                }
            }
        }
    }
}

/// True if `n` is one of the helper values `--dialect circt` prints: only those spell an
/// op CIRCT lacks. A user's own `xor` with all ones or concatenation of bits stays as
/// written (its SystemVerilog must not change on a round trip).
fn is_helper(m: &crate::Module, n: NetId) -> bool {
    m.cell(n).name.as_deref().is_some_and(is_helper_name)
}

/// True if `name` is a helper name of the MLIR printer: `_c$` followed by decimal digits
/// (`_c$0`, `_c$17`). The `$` keeps them apart from the names people write (`_c3`); the
/// printers never print a value of the netlist under such a name (they legalize it to
/// `_c_N`), so a helper name in text is always one the printer made.
pub fn is_helper_name(name: &str) -> bool {
    name.strip_prefix("_c$").is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
}

/// `x` if `ops` are `x[0], x[1], ..., x[w-1]` with `w` the width of `x`.
fn reversal(m: &crate::Module, ops: &[NetId]) -> Option<NetId> {
    let first = *m.operands(ops[0]).first()?;
    if m.width(first) as usize != ops.len() {
        return None;
    }
    for (i, &o) in ops.iter().enumerate() {
        let c = m.cell(o);
        let is_bit = matches!(c.kind, CellKind::Extract { low } if low as usize == i)
            && c.width == 1
            && is_helper(m, o);
        if !is_bit || m.operands(o) != [first] {
            return None;
        }
    }
    Some(first)
}
