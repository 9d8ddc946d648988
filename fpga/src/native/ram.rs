//! `SB_RAM40_4K` block RAMs, part 1: each memory cell (`seq.firmem`, the HLS local
//! memories; SPEC section 4: one synchronous read port, one write port, read-first, reads
//! of addresses >= depth give 0, contents and read data start at 0) becomes, before LUT
//! mapping, black-box RAM banks plus the little logic around them, in the netlist itself
//! so the LUT mapper merges that logic with its neighbours:
//!
//! - The shape: of the four iCE40 modes (256 x 16, 512 x 8, 1024 x 4, 2048 x 2) the one
//!   needing the fewest cells for `depth` x `width` (ties: the wider mode). A bank holds
//!   the mode's depth and is `ceil(width / mode bits)` cells side by side ([`super::bram`]).
//! - Deeper than one bank: the address's high bits pick the bank; each bank writes only
//!   when they match, and a register loaded with them on a read picks the bank's data.
//! - Out of range and the start: a register loaded on every read (`ren`) with
//!   `raddr < depth` (1 when every address is in range) and starting at 0 gates the read
//!   data to 0 until the first read and after a read out of range; writes out of range
//!   are dropped (`we & waddr < depth`). So the mapped design means what the cell means
//!   whatever the RAM's output register holds after configuration.

use comb::{Bits, CellKind, Design, Dir, IcmpPred, Module, ModuleId, NetId, Port, PortId};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The black-box RAM banks [`extract`] made: module -> iCE40 RAM mode (0: 256 x 16,
/// 1: 512 x 8, 2: 1024 x 4, 3: 2048 x 2).
#[derive(Clone, Debug, Default)]
pub struct Rams {
    /// Module -> mode.
    pub modes: BTreeMap<ModuleId, u32>,
}

/// Words per cell in `mode`.
pub fn mode_depth(mode: u32) -> u32 {
    256 << mode
}

/// Data bits per cell in `mode`.
pub fn mode_bits(mode: u32) -> u32 {
    16 >> mode
}

/// The mode needing the fewest cells for a `depth` x `width` memory (ties: the wider).
pub fn best_mode(depth: u32, width: u32) -> u32 {
    (0..4).min_by_key(|&m| width.div_ceil(mode_bits(m)) * depth.div_ceil(mode_depth(m))).expect("four modes")
}

/// Builds cells into the top module.
struct Build<'m> {
    m: &'m mut Module,
}

impl Build<'_> {
    fn add(&mut self, kind: CellKind, width: u32, ops: &[NetId]) -> NetId {
        let span = self.m.span;
        self.m.add_cell(kind, width, ops, None, span)
    }
    fn konst(&mut self, v: u64, w: u32) -> NetId {
        self.add(CellKind::Const(Bits::from_u64(v, w)), w, &[])
    }
    /// The low `w` bits of `x`, zero-extended when `x` is narrower.
    fn fit(&mut self, x: NetId, w: u32) -> NetId {
        let xw = self.m.width(x);
        if xw == w {
            x
        } else if xw > w {
            self.add(CellKind::Extract { low: 0 }, w, &[x])
        } else {
            let z = self.konst(0, w - xw);
            self.add(CellKind::Concat, w, &[z, x])
        }
    }
    /// `x < depth` (a constant 1 when every value of `x` is below it).
    fn below(&mut self, x: NetId, depth: u32) -> NetId {
        let xw = self.m.width(x);
        if xw < 32 && (1u64 << xw) <= depth as u64 {
            return self.konst(1, 1);
        }
        let d = self.konst(depth as u64, xw);
        self.add(CellKind::Icmp(IcmpPred::Ult), 1, &[x, d])
    }
    /// `x[low..] == k`.
    fn high_is(&mut self, x: NetId, low: u32, k: u64) -> NetId {
        let w = self.m.width(x) - low;
        let hi = self.add(CellKind::Extract { low }, w, &[x]);
        let c = self.konst(k, w);
        self.add(CellKind::Icmp(IcmpPred::Eq), 1, &[hi, c])
    }
}

/// The module of a bank in `mode` of `width` bits, made on first use.
fn bank_module(design: &mut Design, rams: &mut Rams, mode: u32, width: u32) -> ModuleId {
    let name = format!("rmlir_sb_ram40_mode{mode}_w{width}");
    if let Some(id) = design.find(&name) {
        return id;
    }
    let span = design.module(design.top_id()).span;
    let mut m = Module::new(name, span);
    let abits = 8 + mode;
    let ports = [
        ("clk", Dir::Input, 1, true),
        ("raddr", Dir::Input, abits, false),
        ("ren", Dir::Input, 1, false),
        ("waddr", Dir::Input, abits, false),
        ("we", Dir::Input, 1, false),
        ("wdata", Dir::Input, width, false),
        ("rdata", Dir::Output, width, false),
    ];
    let ids: Vec<PortId> = ports
        .iter()
        .map(|&(n, dir, w, clock)| m.add_port(Port { name: n.into(), dir, width: w, clock, span }))
        .collect();
    // The body is the bank's meaning, a memory cell: its output depends on no input within a
    // cycle, so loops through the RAM stay registered for the verifier and the mapper.
    let ins: Vec<NetId> = ids[..6].iter().map(|&p| m.port_net(p).expect("inputs have nets")).collect();
    let mem = m.add_cell(CellKind::Memory { depth: mode_depth(mode) }, width, &ins, None, span);
    m.set_output(ids[6], mem);
    design.modules.push(m);
    let id = ModuleId(design.modules.len() as u32 - 1);
    rams.modes.insert(id, mode);
    id
}

/// Replaces every memory cell of the top module of the (flattened) design by block-RAM
/// banks and their glue logic (see the module doc).
pub fn extract(design: &mut Design) -> Rams {
    let mut rams = Rams::default();
    let top = design.top_id();
    let mems: Vec<NetId> = design
        .module(top)
        .cells()
        .filter(|&c| matches!(design.module(top).cell(c).kind, CellKind::Memory { .. }))
        .collect();
    for c in mems {
        let m = design.module(top);
        let CellKind::Memory { depth } = m.cell(c).kind else { unreachable!() };
        let width = m.width(c);
        let ops = m.operands(c).to_vec();
        let (clk, raddr, ren, waddr, we, wdata) = (ops[0], ops[1], ops[2], ops[3], ops[4], ops[5]);
        let mode = best_mode(depth, width);
        let abits = 8 + mode;
        let bank = bank_module(design, &mut rams, mode, width);
        let mut b = Build { m: design.module_mut(top) };
        let aw = b.m.width(raddr).max(b.m.width(waddr));
        // The range checks on the addresses as they are (a narrow address may need none).
        let w_in = b.below(waddr, depth);
        let r_in = b.below(raddr, depth);
        let (raddr, waddr) = (b.fit(raddr, aw.max(abits)), b.fit(waddr, aw.max(abits)));
        let reachable = if aw > abits && aw - abits < 32 { 1u64 << (aw - abits) } else { 1 };
        let banks = (depth.div_ceil(mode_depth(mode)) as u64).min(reachable);
        let we = b.add(CellKind::And, 1, &[we, w_in]);
        let (ra, wa) = (b.fit(raddr, abits), b.fit(waddr, abits));
        let mut data = Vec::new();
        for k in 0..banks {
            let we_k = if banks > 1 {
                let sel = b.high_is(waddr, abits, k);
                b.add(CellKind::And, 1, &[we, sel])
            } else {
                we
            };
            let kind = CellKind::Instance {
                module: bank,
                name: format!("ram{}_{k}", c.index()).into(),
                params: Arc::from(Vec::new()),
            };
            let inst = b.add(kind, 0, &[clk, ra, ren, wa, we_k, wdata]);
            data.push(b.add(CellKind::InstOutput(PortId(6)), width, &[inst]));
        }
        // The bank read last: raddr's high bits, loaded on a read.
        let mut out = data[0];
        if banks > 1 {
            let hi_w = aw.max(abits) - abits;
            let hi = b.add(CellKind::Extract { low: abits }, hi_w, &[raddr]);
            let rbank = b.add(CellKind::reg_with(false, true), hi_w, &[hi, clk, ren]);
            for (k, &d) in data.iter().enumerate().skip(1) {
                let kc = b.konst(k as u64, hi_w);
                let sel = b.add(CellKind::Icmp(IcmpPred::Eq), 1, &[rbank, kc]);
                out = b.add(CellKind::Mux, width, &[sel, d, out]);
            }
        }
        let valid = b.add(CellKind::reg_with(false, true), 1, &[r_in, clk, ren]);
        let zero = b.konst(0, width);
        let out = b.add(CellKind::Mux, width, &[valid, out, zero]);
        b.m.replace_all_uses(c, out);
        b.m.set_operands(c, &[]);
        b.m.remove_cell(c);
    }
    rams
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_take_the_fewest_cells() {
        assert_eq!(best_mode(16, 32), 0); // 2 cells of 256 x 16
        assert_eq!(best_mode(512, 8), 1); // 1 cell
        assert_eq!(best_mode(2048, 2), 3);
        assert_eq!(best_mode(1024, 16), 0); // 4 cells in every mode but... 256x16 x4 = 4
        assert_eq!(best_mode(1000, 3), 2); // 1 cell of 1024 x 4
    }
}
