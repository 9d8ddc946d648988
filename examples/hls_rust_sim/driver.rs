//! Driving the generated Rust simulator of an HLS kernel with your own data.
//!
//! `rmlir-hls examples/hls_rust_sim/scale.mlir --emit rust-sim -o scale_sim` writes a
//! Cargo crate `scale` with the struct `scale::Scale`: one public field per port of the
//! kernel's interface (`rst`, `start`, the scalar argument `k`, the memory ports
//! `a_addr`/`a_ce`/`a_we`/`a_wdata`/`a_rdata` and `out_...`, `done`, `ret0`), `eval()` to
//! settle the outputs from the inputs and `tick()` for one rising clock edge. The memories
//! are outside the kernel: this driver models them as the SystemVerilog interface
//! specifies (a read issued with `ce` = 1, `we` = 0 gives its word on `rdata` in the next
//! cycle; a write with `ce` = 1, `we` = 1 lands at the edge).
//!
//! Copy this file into the crate as `examples/driver.rs` and run
//! `cargo run --release --example driver -- K A0 A1 ... A7` (no arguments: k = 3 and
//! a = 1..8). It prints the cycle count (edges from the one that samples `start` to the
//! cycle in which `done` is 1), the return value and the final contents of `out`.

use scale::Scale;

/// A memory port's model: the words and the read data register.
struct Memory {
    data: Vec<u32>,
    rdata: u32,
}

impl Memory {
    /// The memory's response to one rising edge, given the port's outputs before it.
    fn edge(&mut self, ce: u8, we: u8, addr: u8, wdata: u32) {
        let a = usize::from(addr);
        match (ce, we) {
            (1, 0) => self.rdata = self.data.get(a).copied().unwrap_or(0),
            (1, 1) => {
                if let Some(w) = self.data.get_mut(a) {
                    *w = wdata;
                }
            }
            _ => {}
        }
    }
}

/// Drives the read data into the kernel and settles its outputs.
fn settle(t: &mut Scale, a: &Memory, out: &Memory) {
    t.a_rdata = a.rdata;
    t.out_rdata = out.rdata;
    t.eval();
}

/// One clock cycle: settle, note what the memory ports ask for, clock the kernel, then
/// the memories.
fn step(t: &mut Scale, a: &mut Memory, out: &mut Memory) {
    settle(t, a, out);
    let (a_port, out_port) =
        ((t.a_ce, t.a_we, t.a_addr, t.a_wdata), (t.out_ce, t.out_we, t.out_addr, t.out_wdata));
    t.tick();
    a.edge(a_port.0, a_port.1, a_port.2, a_port.3);
    out.edge(out_port.0, out_port.1, out_port.2, out_port.3);
}

/// Runs the kernel on `a` and `k`: the cycle count, the return value and the final `out`.
fn run(a: &[u32], k: u32) -> (u64, u32, Vec<u32>) {
    let mut t = Scale::new();
    let mut a = Memory { data: a.to_vec(), rdata: 0 };
    let mut out = Memory { data: vec![0; 8], rdata: 0 };
    // Reset for two edges, then `start` with the scalar arguments for one edge.
    t.rst = 1;
    step(&mut t, &mut a, &mut out);
    step(&mut t, &mut a, &mut out);
    t.rst = 0;
    t.start = 1;
    t.k = k;
    step(&mut t, &mut a, &mut out);
    t.start = 0;
    // Wait for `done` (high for one cycle); the results are valid in that cycle.
    let mut cycles = 1;
    settle(&mut t, &a, &out);
    while t.done != 1 {
        assert!(cycles < 100_000, "the kernel did not finish");
        step(&mut t, &mut a, &mut out);
        settle(&mut t, &a, &out);
        cycles += 1;
    }
    let ret = t.ret0;
    // One more edge: a store issued in the done cycle lands.
    step(&mut t, &mut a, &mut out);
    (cycles, ret, out.data)
}

fn main() {
    let args: Vec<i64> = std::env::args().skip(1).map(|s| s.parse().expect("integer arguments")).collect();
    let (k, a): (u32, Vec<u32>) = match args.split_first() {
        None => (3, (1..=8).collect()),
        Some((k, a)) if a.len() == 8 => (*k as u32, a.iter().map(|&x| x as u32).collect()),
        Some(_) => panic!("usage: driver K A0 A1 ... A7"),
    };
    let (cycles, ret, out) = run(&a, k);
    println!("cycles {cycles}");
    println!("ret0 {}", ret as i32);
    let out: Vec<String> = out.iter().map(|&x| (x as i32).to_string()).collect();
    println!("out {}", out.join(" "));
}
