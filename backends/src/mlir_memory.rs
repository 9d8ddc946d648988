//! `--emit mlir` of a memory cell: `seq.firmem` and its read and write ports on consecutive
//! lines (custom or generic form; under an explicit `--dialect circt`, ports whose address is
//! not CIRCT's width go through [`crate::mlir_firmem`]). A child of the printer's module, so
//! it reads the printer's state directly.

use super::Printer;
use comb::NetId;

impl Printer<'_> {
    /// The three ops of a memory, on consecutive lines.
    pub(super) fn memory(&self, net: NetId, depth: u32, ops: &[&str], tys: &[String]) -> String {
        let width = self.m.width(net);
        let shape = mlir_text::firmem::FirMemType { depth: depth as u64, width: width as u64, mask: None };
        let mem_ty = shape.text();
        let short = &mem_ty["!seq.firmem".len()..];
        let (mem, r) = (&self.mem_refs[&net], &self.refs[net.index()]);
        let [clk, raddr, ren, waddr, we, wdata] = ops else { unreachable!("a memory has six operands") };
        let fits = |i: usize| tys[i] == format!("i{}", shape.address_width());
        if self.explicit_circt && !self.generic && !(fits(1) && fits(3)) {
            // CIRCT's verifier wants exactly its address width (mlir_firmem.rs).
            let decl = format!("{mem} = seq.firmem 1, 1, old, port_order : {short}");
            let t = crate::mlir_firmem::MemText {
                mem,
                r,
                short,
                depth,
                width,
                k: shape.address_width(),
                ops: [clk, raddr, ren, waddr, we, wdata],
                raw: self.m.width(self.m.cell(net).operands()[1]),
                waw: self.m.width(self.m.cell(net).operands()[3]),
            };
            let ports = crate::mlir_firmem::ports(&t, &mut self.fresh.borrow_mut());
            return format!("{decl}\n    {}", ports.join("\n    "));
        }
        let decl = if self.generic {
            format!(
                "{mem} = \"seq.firmem\"() {{readLatency = 1 : i32, ruw = 1 : i32, writeLatency = 1 : i32, wuw = 1 : i32}} : () -> {mem_ty}"
            )
        } else {
            format!("{mem} = seq.firmem 1, 1, old, port_order : {short}")
        };
        let read = if self.generic || !fits(1) {
            format!(
                "{r} = \"seq.firmem.read_port\"({mem}, {raddr}, {clk}, {ren}) : ({mem_ty}, {}, !seq.clock, i1) -> i{width}",
                tys[1]
            )
        } else {
            format!("{r} = seq.firmem.read_port {mem}[{raddr}], clock {clk} enable {ren} : {short}")
        };
        let write = if self.generic || !fits(3) {
            format!(
                "\"seq.firmem.write_port\"({mem}, {waddr}, {clk}, {we}, {wdata}) {{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 0>}} : ({mem_ty}, {}, !seq.clock, i1, i{width}) -> ()",
                tys[3]
            )
        } else {
            format!("seq.firmem.write_port {mem}[{waddr}] = {wdata}, clock {clk} enable {we} : {short}")
        };
        format!("{decl}\n    {read}\n    {write}")
    }
}
