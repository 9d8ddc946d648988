//! The `hls_diff` target: a generated HLS kernel ([`crate::gen_hls`]) on random data, run
//! by the HLS interpreter (`hls::interp`) and by the synthesized netlist in the evaluator
//! (`comb::eval`, in process: no build per kernel), under the start/done protocol and the
//! block-RAM model of `rmlir-hls cosim` (backends/src/cosim/hls): the results in the done
//! cycle, one cycle later, and every memory afterwards must agree.
//!
//! [`cosim()`] runs the same kernel through `rmlir-hls cosim`'s own path instead (the
//! generated Rust simulator and Verilator on the emitted SystemVerilog, one build each):
//! the driver does that for every `--cosim-every`-th kernel.

use crate::gen_hls;
use crate::targets::{Finding, Outcome, Verdict};
use arbitrary::Unstructured;
use comb::eval::Simulator;
use comb::{Bits, Design};
use flow::{Flow, OptLevel, Options};
use hls::interp::{self, ArgValue, Param, Signature};
use mlir_text::SourceFile;

/// A generated kernel: its text, the level it is built at and the data seed.
pub struct Kernel {
    /// The kernel as MLIR text.
    pub text: String,
    /// The level the netlist is built at.
    pub opt: OptLevel,
    /// The seed of the arguments (`hls::interp::data::random_args`).
    pub seed: u64,
}

/// The kernel `data` stands for.
pub fn kernel(data: &[u8]) -> Result<Kernel, Finding> {
    let mut u = Unstructured::new(data);
    let text = gen_hls::hls_kernel(&mut u).map_err(|e| format!("generator: {e}"))?;
    let byte = u.arbitrary::<u8>().unwrap_or(0);
    let opt = [OptLevel::O0, OptLevel::O1, OptLevel::O1, OptLevel::O2][usize::from(byte % 4)];
    Ok(Kernel { text, opt, seed: u64::from(byte) ^ (data.len() as u64) << 8 })
}

/// What one run observed: results in the done cycle and memories afterwards.
#[derive(Debug, PartialEq)]
struct Observed {
    results: Vec<u64>,
    memories: Vec<Vec<u64>>,
}

/// Runs the target on one input.
pub fn run(data: &[u8]) -> Outcome {
    let k = kernel(data)?;
    let (sig, args, expected) = interpret(&k)?;
    let design = Flow::new(Options::at(k.opt))
        .load_text("k.mlir", &k.text)
        .map_err(|e| format!("a valid kernel is rejected: {}\n{}", e.render(), k.text))?;
    let limit = 100 * expected.steps + 1000;
    let got = simulate(&design, &sig, &args, limit).map_err(|e| format!("{e}\n{}", k.text))?;
    let want = Observed {
        results: expected.results.iter().map(|r| r.bits).collect(),
        memories: expected.memories.iter().map(|m| m.data.clone()).collect(),
    };
    if got != want {
        return Err(format!(
            "the netlist ({:?}) and the interpreter differ (seed {}):\n  netlist:     {got:x?}\n  interpreter: {want:x?}\n{}",
            k.opt, k.seed, k.text
        ));
    }
    Ok(Verdict::Accepted)
}

type Interpreted = (Signature, Vec<ArgValue>, interp::Outcome);

/// The interpreter's run of the kernel on its random data.
fn interpret(k: &Kernel) -> Result<Interpreted, Finding> {
    let src = SourceFile::new("k.mlir", k.text.as_str());
    let file = mlir_text::parse(&src)
        .map_err(|d| format!("the kernel does not parse: {}\n{}", d.render(&src), k.text))?;
    let sig = interp::signature(&file, "k").map_err(|d| format!("signature: {}", d.render(&src)))?;
    let args = interp::data::random_args(&sig, k.seed);
    let out = interp::run(&file, "k", &args)
        .map_err(|d| format!("the interpreter rejects a valid kernel: {}\n{}", d.render(&src), k.text))?;
    if let Some(d) = &out.undefined {
        return Err(format!("generator: undefined op on the data: {}\n{}", d.render(&src), k.text));
    }
    Ok((sig, args, out))
}

/// The memory model of one memref port (as in backends/src/cosim/hls).
struct Mem {
    name: String,
    data: Vec<u64>,
    rdata: u64,
}

/// Runs the start/done protocol on the evaluator: reset for two edges, `start` with the
/// scalars for one, the scalars complemented after, `done` within `limit` edges, the
/// results held one edge later with `done` low again.
fn simulate(design: &Design, sig: &Signature, args: &[ArgValue], limit: u64) -> Result<Observed, String> {
    let mut sim = Simulator::new(design).map_err(|e| format!("evaluator: {e}"))?;
    let mut mems = Vec::new();
    let mut scalars = Vec::new();
    for (p, a) in sig.params.iter().zip(args) {
        match (p, a) {
            (Param::Scalar { name, width }, ArgValue::Scalar(v)) => scalars.push((name.clone(), *width, *v)),
            (Param::MemRef { name, width, .. }, ArgValue::MemRef(d)) => {
                mems.push((Mem { name: name.clone(), data: d.clone(), rdata: 0 }, *width))
            }
            _ => return Err("argument kinds do not match the signature".into()),
        }
    }
    let settle = |sim: &mut Simulator, mems: &[(Mem, u32)]| {
        for (m, w) in mems {
            sim.set_input(&format!("{}_rdata", m.name), Bits::from_u64(m.rdata, *w));
        }
        sim.eval();
    };
    let step = |sim: &mut Simulator, mems: &mut [(Mem, u32)]| {
        settle(sim, mems);
        let mut next = Vec::new();
        for (m, _) in mems.iter_mut() {
            let port = |p: &str| sim.output(&format!("{}_{p}", m.name)).to_u64();
            let (ce, we, addr, wdata) = (port("ce"), port("we"), port("addr") as usize, port("wdata"));
            let mut n = m.rdata;
            if ce == 1 && we == 0 {
                n = m.data.get(addr).copied().unwrap_or(0);
            }
            if ce == 1 && we == 1 {
                if let Some(x) = m.data.get_mut(addr) {
                    *x = wdata;
                }
            }
            next.push(n);
        }
        sim.tick();
        for ((m, _), n) in mems.iter_mut().zip(next) {
            m.rdata = n;
        }
    };
    let set = |sim: &mut Simulator, name: &str, v: u64, w: u32| sim.set_input(name, Bits::from_u64(v, w));
    set(&mut sim, "start", 0, 1);
    for (n, w, _) in &scalars {
        set(&mut sim, n, 0, *w);
    }
    set(&mut sim, "rst", 1, 1);
    step(&mut sim, &mut mems);
    step(&mut sim, &mut mems);
    set(&mut sim, "rst", 0, 1);
    set(&mut sim, "start", 1, 1);
    for (n, w, v) in &scalars {
        set(&mut sim, n, *v, *w);
    }
    step(&mut sim, &mut mems);
    set(&mut sim, "start", 0, 1);
    for (n, w, v) in &scalars {
        set(&mut sim, n, !*v & interp::value::mask(*w), *w);
    }
    let mut cycles = 1;
    settle(&mut sim, &mems);
    while sim.output("done").to_u64() != 1 && cycles < limit {
        step(&mut sim, &mut mems);
        settle(&mut sim, &mems);
        cycles += 1;
    }
    if sim.output("done").to_u64() != 1 {
        return Err(format!("the netlist gives no done within {limit} cycles"));
    }
    let results: Vec<u64> = (0..sig.results.len()).map(|i| sim.output(&format!("ret{i}")).to_u64()).collect();
    step(&mut sim, &mut mems);
    settle(&mut sim, &mems);
    let held: Vec<u64> = (0..sig.results.len()).map(|i| sim.output(&format!("ret{i}")).to_u64()).collect();
    if held != results || sim.output("done").to_u64() != 0 {
        return Err(format!("one edge after done: results {results:x?} became {held:x?}, or done stayed 1"));
    }
    Ok(Observed { results, memories: mems.into_iter().map(|(m, _)| m.data).collect() })
}

/// The kernel of `data` through `rmlir-hls cosim`'s path: the generated Rust simulator and
/// Verilator on the SystemVerilog against the interpreter (one build of each).
pub fn cosim(data: &[u8]) -> Outcome {
    let k = kernel(data)?;
    let src = SourceFile::new("k.mlir", k.text.as_str());
    let file = mlir_text::parse(&src).map_err(|d| d.render(&src))?;
    let req = flow::cosim::HlsCosimRequest {
        options: Options::at(k.opt),
        design_file: None,
        data: flow::cosim::HlsData::Seed(k.seed),
        cycles: 0,
        keep: None,
        vcd: None,
    };
    let c = flow::cosim::cosim_hls(&src, &file, &req)
        .map_err(|e| format!("cosim: {}\n{}", e.render(), k.text))?;
    match c.disagreement() {
        Some(d) => Err(format!("{d}\n{}", k.text)),
        None => Ok(Verdict::Accepted),
    }
}
