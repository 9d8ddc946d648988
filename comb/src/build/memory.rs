//! Memories: CIRCT's `seq.firmem` with one `seq.firmem.read_port` and one
//! `seq.firmem.write_port` becomes one [`CellKind::Memory`], made where the read port is
//! (its result is the cell's net, the read data) and connected from both ports.
//!
//! The cell's meaning is CIRCT's read latency 1, write latency 1, read-under-write `old`
//! (`undefined` is accepted too: read-first is one of its behaviors). Any other memory
//! (other latencies, `new`, a write mask, read-write ports, other port counts) is built
//! from registers by `memory_regs.rs`, with CIRCT's simulation model. A port may omit its enable (CIRCT: always enabled); the builder then adds
//! a constant `true`. The two ports must share one clock. Addresses may have any width in
//! the generic form; the custom form spells none, so there they are CIRCT's
//! `max(1, ceil(log2(depth)))` bits.

use super::body::NetOf;
use super::{cell_name, Builder};
use crate::bits::Bits;
use crate::ids::{ModuleId, NetId};
use crate::netlist::{CellKind, MAX_MEMORY_BITS};
use mlir_text::firmem::{parse_firmem_type, FirMemType};
use mlir_text::fxhash::FxMap;
use mlir_text::{Attr, ComplexType, Operation, Span, Type, ValueId};

/// The ops of one memory value.
#[derive(Default)]
pub(crate) struct MemOps<'f> {
    decl: Option<&'f Operation>,
    reads: Vec<&'f Operation>,
    writes: Vec<&'f Operation>,
    read_writes: usize,
    /// Every port, in textual order (the register path's write order).
    all: Vec<&'f Operation>,
    /// The register path has built this memory.
    built: bool,
}

/// The memory ops of one body, by memory value (looked up, never iterated).
pub(crate) type Memories<'f> = FxMap<ValueId, MemOps<'f>>;

/// Gathers the memory ops of a body.
pub(crate) fn scan<'f>(ops: &'f [Operation]) -> Memories<'f> {
    let mut mems = Memories::default();
    for o in ops {
        match &*o.name {
            "seq.firmem" => {
                if let Some(&r) = o.results.first() {
                    mems.entry(r).or_default().decl = Some(o);
                }
            }
            "seq.firmem.read_port" | "seq.firmem.write_port" | "seq.firmem.read_write_port" => {
                let Some(m) = o.operands.first() else { continue };
                let e = mems.entry(m.value).or_default();
                e.all.push(o);
                match &*o.name {
                    "seq.firmem.read_port" => e.reads.push(o),
                    "seq.firmem.write_port" => e.writes.push(o),
                    _ => e.read_writes += 1,
                }
            }
            _ => {}
        }
    }
    mems
}

/// The shape of a `!seq.firmem` type.
fn shape(ty: &Type) -> Option<FirMemType> {
    match ty {
        Type::Complex(c) => match &**c {
            ComplexType::Opaque(t) => parse_firmem_type(t).filter(|_| t.starts_with("!seq.firmem")),
            _ => None,
        },
        _ => None,
    }
}

fn int_of(a: Option<&Attr>) -> Option<i128> {
    match a? {
        Attr::Int(v, _) => v.to_i128(),
        _ => None,
    }
}

impl<'f> Builder<'f> {
    /// The depth and width of the memory `decl` declares, if it can be built (else its
    /// plan reports why).
    fn memory_shape(&self, decl: &Operation) -> Option<(u32, u32)> {
        let ty = shape(&self.file.value(*decl.results.first()?).ty)?;
        let ops = self.mems.get(decl.results.first()?)?;
        let ok = ty.mask.is_none()
            && ty.depth >= 1
            && ty.depth <= u32::MAX as u64
            && ty.depth.saturating_mul(ty.width) <= MAX_MEMORY_BITS
            && int_of(decl.attr("readLatency")) == Some(1)
            && int_of(decl.attr("writeLatency")) == Some(1)
            && matches!(int_of(decl.attr("ruw")), Some(0 | 1))
            && ops.reads.len() == 1
            && ops.writes.len() == 1
            && ops.read_writes == 0;
        ok.then_some((ty.depth as u32, ty.width as u32))
    }

    /// The shape of a memory that takes the register path (`memory_regs.rs`), if `decl`
    /// does and passes its checks.
    fn reg_memory(&self, decl: &Operation) -> Option<FirMemType> {
        let ty = shape(&self.file.value(*decl.results.first()?).ty)?;
        if self.memory_shape(decl).is_some() || ty.depth == 0 {
            return None;
        }
        let rl = int_of(decl.attr("readLatency"))?;
        let wl = int_of(decl.attr("writeLatency"))?;
        let ok = (0..=super::memory_regs::MAX_LATENCY).contains(&rl)
            && (1..=super::memory_regs::MAX_LATENCY).contains(&wl)
            && ty.depth <= 1 << 12
            && ty.depth.saturating_mul(ty.width) <= super::memory_regs::MAX_REG_BITS
            && ty.mask.is_none_or(|m| m > 0 && ty.width.is_multiple_of(m));
        ok.then_some(ty)
    }

    /// Checks a `seq.firmem` op and reports what makes it unbuildable. It makes no cell.
    pub(crate) fn plan_firmem(&mut self, op: &Operation) {
        let Some(ty) = op.results.first().and_then(|r| shape(&self.file.value(*r).ty)) else {
            self.error(op.span, "'seq.firmem' must have one result of a '!seq.firmem<D x W>' type");
            return;
        };
        if ty.depth == 0 {
            self.error(op.span, "'seq.firmem' depth must be at least 1");
            return;
        }
        if self.memory_shape(op).is_some() {
            return;
        }
        let rl = int_of(op.attr("readLatency"));
        let wl = int_of(op.attr("writeLatency"));
        if ty.depth > u32::MAX as u64 || ty.depth.saturating_mul(ty.width) > MAX_MEMORY_BITS {
            self.error(
                op.span,
                format!("a memory of {} x {} bits is larger than the limit of 2^30 bits", ty.depth, ty.width),
            );
            return;
        }
        self.check_reg_memory(op, &ty, (rl, wl));
    }

    /// Builds a register-path memory when its first port is connected.
    pub(crate) fn connect_reg_memory_port(&mut self, mid: ModuleId, o: &Operation, net_of: &NetOf) {
        let Some(m) = o.operands.first().map(|m| m.value) else { return };
        let Some(ops) = self.mems.get_mut(&m) else { return };
        if ops.built {
            return;
        }
        ops.built = true;
        let (Some(decl), all) = (ops.decl, ops.all.clone()) else { return };
        if let Some(ty) = self.reg_memory(decl) {
            self.build_reg_memory(mid, decl, ty, &all, net_of);
        }
    }

    /// The memory a port op reads, if it is declared by a `seq.firmem` of this body.
    fn port_memory(&mut self, op: &Operation) -> Option<&'f Operation> {
        let decl = op.operands.first().and_then(|m| self.mems.get(&m.value)).and_then(|m| m.decl);
        if decl.is_none() {
            let at = op.operands.first().map(|m| m.span).unwrap_or(op.span);
            self.error(at, format!("'{}' needs a memory defined by 'seq.firmem' in the same body", op.name));
        }
        decl
    }

    /// Plans a port op: the read port makes the memory's cell, the write port nothing. On
    /// the register path every port with a result gets a one-operand `comb.concat` cell
    /// (the read data, wired by `memory_regs.rs`); the first write port is pending too.
    pub(crate) fn plan_mem_port(&mut self, op: &Operation) -> Option<super::ops::Plan> {
        let decl = self.port_memory(op)?;
        if let Some(ty) = self.reg_memory(decl) {
            let width = ty.width as u32;
            if &*op.name == "seq.firmem.write_port" {
                return None;
            }
            let r = self.file.value(*op.results.first()?);
            if r.ty.int_width() != Some(width) || op.results.len() != 1 {
                self.error(op.span, format!("'{}' must give one i{width} result", op.name));
                return None;
            }
            let name = cell_name(&r.name);
            return Some(super::ops::Plan::Cell { kind: CellKind::Concat, width, name });
        }
        let (depth, width) = self.memory_shape(decl)?;
        if &*op.name != "seq.firmem.read_port" {
            return None;
        }
        let r = self.file.value(*op.results.first()?);
        if r.ty.int_width() != Some(width) || op.results.len() != 1 {
            self.error(op.span, format!("'seq.firmem.read_port' must give one i{width} result"));
            return None;
        }
        let name = cell_name(&r.name);
        Some(super::ops::Plan::Cell { kind: CellKind::Memory { depth }, width, name })
    }

    /// Connects the memory cell `net` made from read port `o`: clk, raddr, ren, waddr, we,
    /// wdata from the two ports.
    pub(crate) fn connect_memory(&mut self, mid: ModuleId, o: &Operation, net: NetId, net_of: &NetOf) {
        let Some(w) = self.mems.get(&o.operands[0].value).and_then(|m| m.writes.first().copied()) else {
            return;
        };
        let width = self.design.module(mid).cell(net).width;
        // Read port: memory, address, clock, enable?
        if !(3..=4).contains(&o.operands.len()) {
            self.error(
                o.span,
                "'seq.firmem.read_port' takes a memory, an address, a clock and an optional enable",
            );
            return;
        }
        // Write port: memory, address, clock, enable?, data, mask?
        let segs: Option<Vec<i128>> = match w.attr("operandSegmentSizes") {
            Some(Attr::DenseArray(_, v)) => Some(v.iter().map(|x| x.to_i128().unwrap_or(-1)).collect()),
            _ => None,
        };
        let (has_en, has_mask) = match (segs.as_deref(), w.operands.len()) {
            (Some([1, 1, 1, e @ (0 | 1), 1, m @ (0 | 1)]), n) if (4 + e + m) as usize == n => {
                (*e == 1, *m == 1)
            }
            (None, 4) => (false, false),
            (None, 5) => (true, false),
            _ => {
                self.error(w.span, "'seq.firmem.write_port' takes a memory, an address, a clock, an optional enable, data and an optional mask");
                return;
            }
        };
        if has_mask {
            self.error(w.span, "write masks are not supported");
            return;
        }
        let rclk = self.port_operand(o, 2, Want::Clock, net_of);
        let raddr = self.port_operand(o, 1, Want::Address, net_of);
        let ren =
            if o.operands.len() == 4 { self.port_operand(o, 3, Want::Int(1), net_of) } else { Some(None) };
        let wclk = self.port_operand(w, 2, Want::Clock, net_of);
        let waddr = self.port_operand(w, 1, Want::Address, net_of);
        let we = if has_en { self.port_operand(w, 3, Want::Int(1), net_of) } else { Some(None) };
        let wdata = self.port_operand(w, 3 + has_en as usize, Want::Int(width), net_of);
        let (
            Some(Some(rclk)),
            Some(Some(raddr)),
            Some(ren),
            Some(Some(wclk)),
            Some(Some(waddr)),
            Some(we),
            Some(Some(wdata)),
        ) = (rclk, raddr, ren, wclk, waddr, we, wdata)
        else {
            return;
        };
        if rclk != wclk {
            self.error(w.operands[2].span, "the read and write ports of a memory must share one clock");
            return;
        }
        let always = |b: &mut Self| {
            let m = b.design.module_mut(mid);
            m.add_cell(CellKind::Const(Bits::from_bool(true)), 1, &[], None, Span::default())
        };
        let ren = ren.unwrap_or_else(|| always(self));
        let we = we.unwrap_or_else(|| always(self));
        self.design.module_mut(mid).set_operands(net, &[rclk, raddr, ren, waddr, we, wdata]);
    }

    /// Operand `i` of port op `o`: `Some(Some(net))` if it has the wanted type, `Some(None)`
    /// never, `None` after reporting an error (or when its definition failed).
    fn port_operand(&mut self, o: &Operation, i: usize, want: Want, net_of: &NetOf) -> Option<Option<NetId>> {
        let (net, w, ty) = self.operand(o, i, net_of)?;
        let ok = match (want, ty) {
            (Want::Clock, Some(Type::Clock)) => true,
            (Want::Address, Some(Type::Int { .. })) => true,
            (Want::Int(n), Some(Type::Int { .. })) => w == n,
            _ => false,
        };
        if !ok {
            let what = match want {
                Want::Clock => "a !seq.clock".to_string(),
                Want::Address => "an integer address".to_string(),
                Want::Int(n) => format!("i{n}"),
            };
            let got = ty.map(|t| t.to_string()).unwrap_or_default();
            self.error(
                o.operands[i].span,
                format!("operand #{i} of '{}' must be {what}, got '{got}'", o.name),
            );
            return None;
        }
        Some(Some(net))
    }
}

/// What a port operand must be.
#[derive(Clone, Copy)]
enum Want {
    Clock,
    Address,
    Int(u32),
}
