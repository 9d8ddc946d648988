//! `SB_RAM40_4K` block RAMs, part 2: the cells of one black-box bank [`super::ram`] made.
//! A bank of `width` bits in mode m is `ceil(width / (16 >> m))` cells side by side, each
//! with READ_MODE = WRITE_MODE = m, both clocks on the memory's clock with their clock
//! enables tied to 1, RE = ren, WE = we, MASK = 0 (no bit masked; only mode 0 reads it) and
//! all-zero INIT_0..INIT_F. In the narrow modes a cell's data bits sit at fixed positions of
//! its 16-bit WDATA/RDATA buses (as Yosys's `cells_sim.v` model and `brams_map.v` place
//! them): mode 1 the even bits, mode 2 bits 1, 5, 9, 13, mode 3 bits 3 and 11; the address
//! uses RADDR/WADDR bits 0..8+m, the rest tied to 0.

use super::bits::Sig;
use super::Ice40Cell;

/// The initial-contents parameters (all zero: SPEC's memories start at 0).
const INITS: [&str; 16] = [
    "INIT_0", "INIT_1", "INIT_2", "INIT_3", "INIT_4", "INIT_5", "INIT_6", "INIT_7", "INIT_8", "INIT_9",
    "INIT_A", "INIT_B", "INIT_C", "INIT_D", "INIT_E", "INIT_F",
];

/// The WDATA/RDATA positions a cell in `mode` uses, data bit 0 first.
pub fn data_positions(mode: u32) -> Vec<usize> {
    match mode {
        0 => (0..16).collect(),
        1 => (0..8).map(|i| 2 * i).collect(),
        2 => vec![1, 5, 9, 13],
        _ => vec![3, 11],
    }
}

/// The bank's cells. `raddr`/`waddr` have 8 + mode bits; `wdata` and `rdata` the bank's
/// width; `fresh` makes wires for the unused RDATA bits.
#[allow(clippy::too_many_arguments)]
pub fn cells(
    name: &str,
    mode: u32,
    clk: Sig,
    raddr: &[Sig],
    ren: Sig,
    waddr: &[Sig],
    we: Sig,
    wdata: &[Sig],
    rdata: &[Sig],
    fresh: &mut dyn FnMut() -> Sig,
    out: &mut Vec<Ice40Cell>,
) {
    let pos = data_positions(mode);
    let bits = pos.len();
    let zeros = "0".repeat(256);
    for (col, chunk) in (0..wdata.len()).collect::<Vec<_>>().chunks(bits).enumerate() {
        let mut wd = [Sig::Zero; 16];
        let mut rd: Vec<Sig> = (0..16).map(|_| fresh()).collect();
        for (j, &i) in chunk.iter().enumerate() {
            wd[pos[j]] = wdata[i];
            rd[pos[j]] = rdata[i];
        }
        let mut inputs = Vec::new();
        for (pin, bus) in [("RADDR", raddr), ("WADDR", waddr)] {
            inputs.extend((0..11).map(|i| (pin, bus.get(i).copied().unwrap_or(Sig::Zero))));
        }
        inputs.extend([("MASK", Sig::Zero); 16]);
        inputs.extend(wd.iter().map(|&s| ("WDATA", s)));
        inputs.extend([
            ("RCLK", clk),
            ("RCLKE", Sig::One),
            ("RE", ren),
            ("WCLK", clk),
            ("WCLKE", Sig::One),
            ("WE", we),
        ]);
        let mut params = vec![("READ_MODE", format!("{mode:032b}")), ("WRITE_MODE", format!("{mode:032b}"))];
        params.extend(INITS.iter().map(|&n| (n, zeros.clone())));
        let more_outputs = rd[1..].iter().map(|&s| ("RDATA", s)).collect();
        out.push(Ice40Cell {
            name: format!("{name}_{col}"),
            kind: "SB_RAM40_4K",
            params,
            inputs,
            output: ("RDATA", rd[0]),
            more_outputs,
        });
    }
}
