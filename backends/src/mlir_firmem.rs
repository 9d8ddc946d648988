//! `--emit mlir --dialect circt` of a memory port whose address is not exactly
//! `max(1, ceil(log2(depth)))` bits wide, which CIRCT's `seq.firmem` ports cannot spell
//! (its verifier wants exactly that width). The port is written with the narrow address
//! and logic around it that keeps the netlist's meaning (an address >= depth reads 0 and
//! writes nothing):
//!
//! ```text
//! %_c$1 = comb.extract %raddr from 0 : (i6) -> i4        // or a zero-extending concat
//! %_c$2 = hw.constant 10 : i6
//! %_c$3 = comb.icmp ult %raddr, %_c$2 : i6                // in range?
//! %_c$4 = seq.firmem.read_port %mem[%_c$1], clock %clk enable %ren : <10 x 8>
//! %_c$5 = seq.compreg.ce %_c$3, %clk, %ren : i1           // was the last read in range?
//! %_c$6 = hw.constant 0 : i8
//! %q = comb.mux %_c$5, %_c$4, %_c$6 : i8
//! ```
//!
//! and for a write, `we & in range` as its enable. The default `--emit mlir` keeps the
//! generic form with the wide address, which reads back to the same netlist exactly.

use crate::mlir_circt::Fresh;

/// One port's address as CIRCT's width: (lines before the port, narrow address, in-range
/// flag if the address can reach past the depth).
fn narrow(
    addr: &str,
    aw: u32,
    k: u32,
    depth: u32,
    fresh: &mut Fresh,
) -> (Vec<String>, String, Option<String>) {
    let mut out = Vec::new();
    if aw < k {
        // Every address fits: 2^aw <= 2^(k-1) < depth.
        let (z, a) = (fresh.take(), fresh.take());
        out.push(format!("{z} = hw.constant 0 : i{}", k - aw));
        out.push(format!("{a} = comb.concat {z}, {addr} : i{}, i{aw}", k - aw));
        return (out, a, None);
    }
    let (a, d, ok) = (fresh.take(), fresh.take(), fresh.take());
    out.push(format!("{a} = comb.extract {addr} from 0 : (i{aw}) -> i{k}"));
    out.push(format!("{d} = hw.constant {depth} : i{aw}"));
    out.push(format!("{ok} = comb.icmp ult {addr}, {d} : i{aw}"));
    (out, a, Some(ok))
}

/// What the three ops of one memory need.
pub(crate) struct MemText<'a> {
    /// The memory value, its read data, and the short type (`<10 x 8>`).
    pub mem: &'a str,
    pub r: &'a str,
    pub short: &'a str,
    /// Depth, word width and CIRCT's address width.
    pub depth: u32,
    pub width: u32,
    pub k: u32,
    /// The cell's operands: clk, raddr, ren, waddr, we, wdata; and the address widths.
    pub ops: [&'a str; 6],
    pub raw: u32,
    pub waw: u32,
}

/// The read and write port lines (joined by the caller).
pub(crate) fn ports(t: &MemText, fresh: &mut Fresh) -> Vec<String> {
    let [clk, raddr, ren, waddr, we, wdata] = t.ops;
    let (mem, short, w) = (t.mem, t.short, t.width);
    let mut out = Vec::new();
    if t.raw == t.k {
        out.push(format!(
            "{} = seq.firmem.read_port {mem}[{raddr}], clock {clk} enable {ren} : {short}",
            t.r
        ));
    } else {
        let (lines, a, ok) = narrow(raddr, t.raw, t.k, t.depth, fresh);
        out.extend(lines);
        match ok {
            None => out.push(format!(
                "{} = seq.firmem.read_port {mem}[{a}], clock {clk} enable {ren} : {short}",
                t.r
            )),
            Some(ok) => {
                let (q, f, z) = (fresh.take(), fresh.take(), fresh.take());
                out.push(format!(
                    "{q} = seq.firmem.read_port {mem}[{a}], clock {clk} enable {ren} : {short}"
                ));
                out.push(format!("{f} = seq.compreg.ce {ok}, {clk}, {ren} : i1"));
                out.push(format!("{z} = hw.constant 0 : i{w}"));
                out.push(format!("{} = comb.mux {f}, {q}, {z} : i{w}", t.r));
            }
        }
    }
    if t.waw == t.k {
        out.push(format!(
            "seq.firmem.write_port {mem}[{waddr}] = {wdata}, clock {clk} enable {we} : {short}"
        ));
    } else {
        let (lines, a, ok) = narrow(waddr, t.waw, t.k, t.depth, fresh);
        out.extend(lines);
        let en = match ok {
            None => we.to_string(),
            Some(ok) => {
                let e = fresh.take();
                out.push(format!("{e} = comb.and {we}, {ok} : i1"));
                e
            }
        };
        out.push(format!("seq.firmem.write_port {mem}[{a}] = {wdata}, clock {clk} enable {en} : {short}"));
    }
    out
}
