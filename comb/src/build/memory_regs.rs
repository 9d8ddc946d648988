//! Memories the block-RAM cell does not cover, built from registers and muxes with the
//! meaning of CIRCT's own simulation model (`lower-seq-to-sv` + `hw-memory-sim`):
//! any read latency (0 = a combinational read), any write latency >= 1, write masks,
//! read-write ports and several ports of each kind on one memory.
//!
//! Meaning, port by port (CIRCT's `HWMemSimImpl`):
//! - read port of latency L: its address and enable pass through L registers; the data is
//!   the word at the delayed address *as the memory is now* (writes of earlier edges are
//!   seen), where the delayed enable is 1;
//! - write port of latency W: address, enable, data and mask pass through W - 1 registers,
//!   then the word is written on the edge, lane by lane (mask bit k guards bits
//!   `k*G .. k*G+G-1`, `G = width / maskBits`); without a mask operand every lane is written;
//! - read-write port: the read side as a read port whose enable is `en & !mode`, the write
//!   side as a write port whose enable is `en & mode`.
//!
//! Where CIRCT's model gives `x` we define the result: a disabled read, a read of a
//! read-write port in write mode and a read out of range give 0; a write out of range does
//! nothing; contents and pipeline registers start at 0; two writes to one lane on one edge:
//! the port written *first* in the text wins, which is what CIRCT's lowering does (it takes
//! the ports in use-list order, the reverse of the text, and writes them in that order in
//! one block for `port_order`). A port without a mask on a masked memory writes every lane
//! (CIRCT 1.62 passes it a one-bit `1`, which writes lane 0 only: a bug we do not copy).
//! CIRCT's model ignores the read-under-write attribute, so we do too. All ports must
//! share one clock.
//!
//! Each lane of each word is one register (`NAME_I` or `NAME_I_K`), a read is a mux chain
//! over the words, so only small memories may take this path ([`MAX_REG_BITS`]).

use super::body::NetOf;
use super::Builder;
use crate::bits::Bits;
use crate::ids::{ModuleId, NetId};
use crate::netlist::{CellKind, IcmpPred};
use mlir_text::firmem::FirMemType;
use mlir_text::{Attr, Operation, Span, Type};
use std::sync::Arc;

/// The largest memory (bits) built from registers.
pub(crate) const MAX_REG_BITS: u64 = 1 << 16;
/// The largest latency accepted.
pub(crate) const MAX_LATENCY: i128 = 64;

/// One port after its operands are checked: nets, with `None` for an absent operand.
struct Port {
    addr: NetId,
    en: Option<NetId>,
    /// Write data (write and read-write ports).
    wdata: Option<NetId>,
    /// Write mode (read-write ports).
    mode: Option<NetId>,
    mask: Option<NetId>,
    /// The read data cell (read and read-write ports).
    rdata: Option<NetId>,
}

fn segments(o: &Operation) -> Option<Vec<usize>> {
    match o.attr("operandSegmentSizes") {
        Some(Attr::DenseArray(_, v)) => {
            v.iter().map(|x| x.to_i128().and_then(|x| usize::try_from(x).ok())).collect()
        }
        _ => None,
    }
}

impl<'f> Builder<'f> {
    /// Reports what keeps `op` (a `seq.firmem` the block-RAM cell does not cover) from the
    /// register path; `true` if it can take it.
    pub(crate) fn check_reg_memory(
        &mut self,
        op: &Operation,
        ty: &FirMemType,
        lat: (Option<i128>, Option<i128>),
    ) -> bool {
        let mut ok = true;
        let at = |name: &str| op.named_attr(name).map(|a| a.span).unwrap_or(op.span);
        if !matches!(lat.0, Some(0..=MAX_LATENCY)) {
            self.error(at("readLatency"), format!("'seq.firmem' read latency must be 0 to {MAX_LATENCY}"));
            ok = false;
        }
        if !matches!(lat.1, Some(1..=MAX_LATENCY)) {
            self.error(at("writeLatency"), format!("'seq.firmem' write latency must be 1 to {MAX_LATENCY}"));
            ok = false;
        }
        if ty.depth.saturating_mul(ty.width) > MAX_REG_BITS || ty.depth > 1 << 12 {
            self.error(
                op.span,
                format!(
                    "a memory of {} x {} bits other than one read and one write port of latency 1 without a mask is built from registers, and that is limited to 4096 words and {MAX_REG_BITS} bits",
                    ty.depth, ty.width
                ),
            );
            ok = false;
        }
        if let Some(m) = ty.mask {
            if m == 0 || !ty.width.is_multiple_of(m) {
                self.error(
                    op.span,
                    format!("the mask of {m} bits does not divide the word width {}", ty.width),
                );
                ok = false;
            }
        }
        ok
    }

    /// Checks port `o`'s operands (mask width `mask_bits`, data `width`) and returns its nets.
    fn reg_port(&mut self, o: &Operation, width: u32, mask_bits: u32, net_of: &NetOf) -> Option<Port> {
        let kind = &*o.name;
        let n = o.operands.len();
        // (en?, wdata?, mode?, mask?) operand indices.
        let (en, wdata, mode, mask) = match kind {
            "seq.firmem.read_port" if (3..=4).contains(&n) => ((n == 4).then_some(3), None, None, None),
            "seq.firmem.write_port" => match segments(o).as_deref() {
                Some([1, 1, 1, e @ (0 | 1), 1, m @ (0 | 1)]) if 4 + e + m == n => {
                    ((*e == 1).then_some(3), Some(3 + e), None, (*m == 1).then_some(4 + e))
                }
                None if n == 4 || n == 5 => ((n == 5).then_some(3), Some(n - 1), None, None),
                _ => (None, None, None, Some(usize::MAX)),
            },
            "seq.firmem.read_write_port" => match segments(o).as_deref() {
                Some([1, 1, 1, e @ (0 | 1), 1, 1, m @ (0 | 1)]) if 5 + e + m == n => {
                    ((*e == 1).then_some(3), Some(3 + e), Some(4 + e), (*m == 1).then_some(5 + e))
                }
                _ => (None, None, None, Some(usize::MAX)),
            },
            _ => (None, None, None, Some(usize::MAX)),
        };
        if mask == Some(usize::MAX) {
            self.error(o.span, format!("'{kind}' has operands in a shape this reader does not know"));
            return None;
        }
        let want = |b: &mut Self, i: usize, w: u32, what: &str| -> Option<NetId> {
            let (net, nw, ty) = b.operand(o, i, net_of)?;
            if !matches!(ty, Some(Type::Int { .. })) || nw != w {
                let got = ty.map(|t| t.to_string()).unwrap_or_default();
                b.error(o.operands[i].span, format!("the {what} of '{kind}' must be i{w}, got '{got}'"));
                return None;
            }
            Some(net)
        };
        let (addr, _, aty) = self.operand(o, 1, net_of)?;
        if !matches!(aty, Some(Type::Int { .. })) {
            self.error(o.operands[1].span, format!("the address of '{kind}' must be an integer"));
            return None;
        }
        let en = match en {
            Some(i) => Some(want(self, i, 1, "enable")?),
            None => None,
        };
        let wdata = match wdata {
            Some(i) => Some(want(self, i, width, "write data")?),
            None => None,
        };
        let mode = match mode {
            Some(i) => Some(want(self, i, 1, "write mode")?),
            None => None,
        };
        let mask = match mask {
            Some(i) => Some(want(self, i, mask_bits, "mask")?),
            None => None,
        };
        Some(Port { addr, en, wdata, mode, mask, rdata: None })
    }

    /// Builds the memory `decl` from registers; `read_cells` gives the one-operand
    /// `comb.concat` cell each read and read-write port result was given when planned.
    pub(crate) fn build_reg_memory(
        &mut self,
        mid: ModuleId,
        decl: &'f Operation,
        ty: FirMemType,
        ports: &[&'f Operation],
        net_of: &NetOf,
    ) {
        let int = |a: Option<&Attr>| match a {
            Some(Attr::Int(v, _)) => v.to_i128().unwrap_or(0) as usize,
            _ => 0,
        };
        let (rl, wl) = (int(decl.attr("readLatency")), int(decl.attr("writeLatency")));
        let (depth, width) = (ty.depth as u32, ty.width as u32);
        let lanes = ty.mask.unwrap_or(1).max(1) as u32;
        let g = width / lanes;
        let mut clock = None;
        let mut built = Vec::new();
        for o in ports {
            let Some((clk, _, cty)) = self.operand(o, 2, net_of) else { return };
            if !matches!(cty, Some(Type::Clock)) {
                self.error(o.operands[2].span, format!("the clock of '{}' must be a !seq.clock", o.name));
                return;
            }
            match clock {
                None => clock = Some(clk),
                Some(c) if c != clk => {
                    self.error(o.operands[2].span, "all ports of a memory must share one clock");
                    return;
                }
                _ => {}
            }
            let Some(mut p) = self.reg_port(o, width, lanes, net_of) else { return };
            if &*o.name != "seq.firmem.write_port" {
                p.rdata = o.results.first().and_then(|r| net_of[r.index()]);
            }
            built.push(p);
        }
        let Some(clk) = clock else { return };
        let name = match decl.attr("name") {
            Some(Attr::String(s)) => s.clone(),
            _ => self.file.value(decl.results[0]).name.to_string(),
        };
        let span = decl.span;
        let m = self.design.module_mut(mid);
        let konst = |m: &mut crate::Module, b: Bits| {
            let w = b.width();
            m.add_cell(CellKind::Const(b), w, &[], None, Span::default())
        };
        let one = konst(m, Bits::from_bool(true));
        let delay = |m: &mut crate::Module, mut v: NetId, n: usize| {
            let w = m.cell(v).width;
            for _ in 0..n {
                let kind = CellKind::Reg { reset: false, enable: false, async_reset: false, init: None };
                v = m.add_cell(kind, w, &[v, clk], None, span);
            }
            v
        };
        let and =
            |m: &mut crate::Module, a: NetId, b: NetId| m.add_cell(CellKind::And, 1, &[a, b], None, span);
        let not = |m: &mut crate::Module, a: NetId| m.add_cell(CellKind::Inv, 1, &[a], None, span);
        // Word lanes: registers first, their inputs once every write is known.
        let lane_regs: Vec<Vec<NetId>> = (0..depth)
            .map(|i| {
                (0..lanes)
                    .map(|k| {
                        let n: Arc<str> = if lanes == 1 {
                            format!("{name}_{i}").into()
                        } else {
                            format!("{name}_{i}_{k}").into()
                        };
                        let kind =
                            CellKind::Reg { reset: false, enable: false, async_reset: false, init: None };
                        m.add_cell(kind, g, &[], Some(n), span)
                    })
                    .collect()
            })
            .collect();
        // Writes: (lane conditions per word are built below) delayed address, enable, data, mask.
        struct W {
            addr: NetId,
            en: NetId,
            data: NetId,
            mask: Option<NetId>,
        }
        let mut writes = Vec::new();
        for p in &built {
            let Some(wd) = p.wdata else { continue };
            let en = p.en.unwrap_or(one);
            let en = match p.mode {
                Some(mode) => and(m, en, mode),
                None => en,
            };
            writes.push(W {
                addr: delay(m, p.addr, wl - 1),
                en: delay(m, en, wl - 1),
                data: delay(m, wd, wl - 1),
                mask: p.mask.map(|k| delay(m, k, wl - 1)),
            });
        }
        for (i, word) in lane_regs.iter().enumerate() {
            for (k, &reg) in word.iter().enumerate() {
                let mut d = reg;
                // The outermost mux wins: the first write port of the text.
                for w in writes.iter().rev() {
                    let aw = m.cell(w.addr).width;
                    if aw < 64 && (i as u64) >> aw != 0 {
                        continue; // the address cannot reach this word
                    }
                    let c = konst(m, Bits::from_u64(i as u64, aw));
                    let hit = m.add_cell(CellKind::Icmp(IcmpPred::Eq), 1, &[w.addr, c], None, span);
                    let mut cond = and(m, w.en, hit);
                    if let Some(mask) = w.mask {
                        let bit = m.add_cell(CellKind::Extract { low: k as u32 }, 1, &[mask], None, span);
                        cond = and(m, cond, bit);
                    }
                    let lane = if lanes == 1 {
                        w.data
                    } else {
                        m.add_cell(CellKind::Extract { low: k as u32 * g }, g, &[w.data], None, span)
                    };
                    d = m.add_cell(CellKind::Mux, g, &[cond, lane, d], None, span);
                }
                m.set_operands(reg, &[d, clk]);
            }
        }
        let words: Vec<NetId> = lane_regs
            .iter()
            .map(|lanes_of| {
                if lanes_of.len() == 1 {
                    lanes_of[0]
                } else {
                    let hi_first: Vec<NetId> = lanes_of.iter().rev().copied().collect();
                    m.add_cell(CellKind::Concat, width, &hi_first, None, span)
                }
            })
            .collect();
        // Reads.
        let zero = konst(m, Bits::zero(width));
        for p in &built {
            let Some(cell) = p.rdata else { continue };
            let en = p.en.unwrap_or(one);
            let en = match p.mode {
                Some(mode) => {
                    let r = not(m, mode);
                    and(m, en, r)
                }
                None => en,
            };
            let addr = delay(m, p.addr, rl);
            let en = delay(m, en, rl);
            let aw = m.cell(addr).width;
            let mut r = zero;
            for (i, &word) in words.iter().enumerate() {
                if aw < 64 && (i as u64) >> aw != 0 {
                    break;
                }
                let c = konst(m, Bits::from_u64(i as u64, aw));
                let hit = m.add_cell(CellKind::Icmp(IcmpPred::Eq), 1, &[addr, c], None, span);
                r = m.add_cell(CellKind::Mux, width, &[hit, word, r], None, span);
            }
            let out = m.add_cell(CellKind::Mux, width, &[en, r, zero], None, span);
            m.set_operands(cell, &[out]);
        }
    }
}
