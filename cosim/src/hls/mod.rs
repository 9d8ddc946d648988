//! Co-simulation of an HLS design (SPEC section 4): the start/done protocol with a
//! block-RAM model on every memory port, run by the generated Rust simulator and by
//! Verilator on the emitted SystemVerilog, each reporting the cycle count, the results in
//! the done cycle and every memory afterwards.
//!
//! Both drivers ([`drivers`]) run the same protocol, which is also the Icarus test bench's
//! (tests/it/support/hls_support/icarus.rs): `rst` for two edges; `start` = 1 with the scalar
//! arguments for one edge, then the scalars complemented (they must have been sampled with
//! `start`); wait for `done` at most `max_cycles` edges. The cycle count is the number of
//! rising edges from the one that samples `start` to the cycle in which `done` is 1. One more
//! edge follows (a write issued in the done cycle lands), after which `done` must be 0 and
//! the results unchanged; then the memories are dumped.
//!
//! The memory model: on a rising edge with `ce` = 1 and `we` = 1, `mem[addr] <= wdata`;
//! with `ce` = 1 and `we` = 0, `rdata <= mem[addr]` (seen the next cycle; held otherwise).
//! Addresses beyond the memory read 0 and write nothing.
//!
//! With a VCD directory, [`cosim_hls`] builds both drivers with tracing (Verilator with
//! `--trace`) and writes `rust.vcd` and `verilator.vcd` there: every port and register under
//! the design's names, from reset to the edge that ends the `done` cycle (the timesteps:
//! [`drivers`]). The files are written before the runs are judged, so a run that times out
//! or disagrees has its waveforms too.

pub mod drivers;

use super::build;
use comb::{Design, Dir};
use std::path::{Path, PathBuf};

/// One memory port's model: a memref argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HlsMem {
    /// The memref argument's name (ports `<name>_addr`, `_ce`, `_we`, `_wdata`, `_rdata`).
    pub name: String,
    /// Words.
    pub depth: u64,
    /// Word width.
    pub width: u32,
    /// Initial contents, zero-extended.
    pub data: Vec<u64>,
}

/// What to run: the scalar arguments, the memories, the results, a cycle limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HlsStimulus {
    /// Scalar inputs: name, width, value.
    pub scalars: Vec<(String, u32, u64)>,
    /// Memory ports.
    pub mems: Vec<HlsMem>,
    /// Number of results (`ret0`, ...).
    pub results: usize,
    /// The most edges to wait for `done`.
    pub max_cycles: u64,
}

impl HlsStimulus {
    /// The data file both drivers read: the cycle limit, one line per scalar (hex), one
    /// line per memory (hex words).
    pub fn data_text(&self) -> String {
        let mut s = format!("{}\n", self.max_cycles);
        for (_, _, v) in &self.scalars {
            s.push_str(&format!("{v:x}\n"));
        }
        for m in &self.mems {
            let words: Vec<String> = m.data.iter().map(|v| format!("{v:x}")).collect();
            s.push_str(&words.join(" "));
            s.push('\n');
        }
        s
    }
}

/// What one simulator observed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HlsRun {
    /// Edges from start to done.
    pub cycles: u64,
    /// Results in the done cycle.
    pub results: Vec<u64>,
    /// Memories afterwards.
    pub memories: Vec<Vec<u64>>,
}

/// Parses a driver's output (`cycles N`, `ret H`, `held H`, `mem H H ...`, or `timeout N` /
/// `error ...`).
pub fn parse_run(text: &str, stim: &HlsStimulus, who: &str) -> Result<HlsRun, String> {
    let mut run = HlsRun { cycles: 0, results: Vec::new(), memories: Vec::new() };
    let mut held = Vec::new();
    let hex = |t: &str| u64::from_str_radix(t, 16).map_err(|_| format!("{who}: bad value '{t}'"));
    for line in text.lines() {
        let (tag, rest) = line.split_once(' ').unwrap_or((line, ""));
        match tag {
            "timeout" => return Err(format!("{who}: no done within {} cycles", stim.max_cycles)),
            "error" => return Err(format!("{who}: {rest}")),
            "cycles" => run.cycles = rest.parse().map_err(|_| format!("{who}: bad line '{line}'"))?,
            "ret" => run.results.push(hex(rest)?),
            "held" => held.push(hex(rest)?),
            "mem" => run.memories.push(rest.split_whitespace().map(hex).collect::<Result<_, _>>()?),
            _ => return Err(format!("{who}: unexpected output line '{line}'")),
        }
    }
    if held != run.results {
        return Err(format!(
            "{who}: results changed in the cycle after done: {:x?} then {held:x?}",
            run.results
        ));
    }
    if run.results.len() != stim.results || run.memories.len() != stim.mems.len() {
        return Err(format!("{who}: incomplete output"));
    }
    Ok(run)
}

/// Checks that the top module has the SPEC section 4 ports the stimulus needs.
pub fn check_ports(design: &Design, stim: &HlsStimulus) -> Result<(), String> {
    let top = design.module(design.top_id());
    let has = |name: &str, dir: Dir| top.ports.iter().any(|p| p.name == name && p.dir == dir);
    let mut need: Vec<(String, Dir)> =
        vec![("rst".into(), Dir::Input), ("start".into(), Dir::Input), ("done".into(), Dir::Output)];
    need.extend(stim.scalars.iter().map(|(n, _, _)| (n.clone(), Dir::Input)));
    for m in &stim.mems {
        for (p, d) in [
            ("addr", Dir::Output),
            ("ce", Dir::Output),
            ("we", Dir::Output),
            ("wdata", Dir::Output),
            ("rdata", Dir::Input),
        ] {
            need.push((format!("{}_{p}", m.name), d));
        }
    }
    need.extend((0..stim.results).map(|i| (format!("ret{i}"), Dir::Output)));
    for (n, d) in need {
        if !has(&n, d) {
            let dir = if d == Dir::Input { "input" } else { "output" };
            return Err(format!("module '{}' has no {dir} port '{n}' (SPEC section 4)", top.name));
        }
    }
    Ok(())
}

/// Both simulators' observations.
#[derive(Clone, Debug)]
pub struct HlsCosimRuns {
    /// The generated Rust simulator.
    pub rust: HlsRun,
    /// Verilator.
    pub verilator: HlsRun,
}

/// Builds and runs both simulators on `stim` (in `keep_dir`, or a temporary directory);
/// with `vcd_dir`, each also writes its waveform there (`rust.vcd`, `verilator.vcd`).
pub fn cosim_hls(
    design: &Design,
    sv: &str,
    stim: &HlsStimulus,
    keep_dir: Option<PathBuf>,
    vcd_dir: Option<&Path>,
) -> Result<HlsCosimRuns, String> {
    check_ports(design, stim)?;
    let ports = super::testbench::TbPorts::new(design)?;
    let tmp;
    let work = match keep_dir {
        Some(d) => d,
        None => {
            tmp = tempfile::tempdir().map_err(|e| format!("cannot create a temporary directory: {e}"))?;
            tmp.path().to_path_buf()
        }
    };
    let io = |r: std::io::Result<()>, what: &str| r.map_err(|e| format!("cannot write {what}: {e}"));
    io(std::fs::create_dir_all(work.join("runner/src")), "the work directory")?;
    let data = work.join("data.txt");
    io(std::fs::write(&data, stim.data_text()), "the data file")?;
    if let Some(v) = vcd_dir {
        io(std::fs::create_dir_all(v), &format!("the VCD directory '{}'", v.display()))?;
        // No stale waveform may pass for this run's if the run stops before writing one.
        for f in ["rust.vcd", "verilator.vcd"] {
            let _ = std::fs::remove_file(v.join(f));
        }
    }
    let trace = vcd_dir.is_some();
    let sim = backends::rust_sim::emit(design)?;
    io(sim.write_to(&work.join("sim")), "the simulator crate")?;
    let main_rs = drivers::rust_driver(design, &ports, stim, trace);
    let sim_key: Vec<&str> = sim.files.iter().map(|f| f.1.as_str()).chain([main_rs.as_str()]).collect();
    let bin_name = format!("cosim_hls_{}", &build::cache_key(&sim_key)[..16]);
    io(std::fs::write(work.join("runner/src/main.rs"), &main_rs), "the runner")?;
    let cargo = super::testbench::rust_runner_cargo(design, "../sim").replace("cosim_runner", &bin_name);
    io(std::fs::write(work.join("runner/Cargo.toml"), &cargo), "the runner manifest")?;
    let files = sim.files.iter().flat_map(|(path, text)| [path.as_str(), text.as_str()]);
    let rust_key: Vec<&str> = files.chain([main_rs.as_str(), cargo.as_str()]).collect();
    let tb = drivers::verilator_driver(design, &ports, stim, trace);
    let top_name = backends::verilog::sv_names(design).modules.swap_remove(design.top_id().index());
    let (rust_exe, vl) = std::thread::scope(|s| {
        let h = s.spawn(|| build::verilator_exe(sv, &tb, &top_name, trace));
        let r = build::cargo_build(&work.join("runner"), &bin_name, &rust_key);
        (r, h.join().unwrap_or_else(|_| Err("the Verilator build thread panicked".into())))
    });
    let rust_exe = rust_exe?;
    let (vl_exe, _) = vl?;
    let vcd = |name: &str| vcd_dir.map(|d| d.join(name));
    let (rust_out, _) = build::run_sim(&rust_exe, &data, vcd("rust.vcd").as_deref())?;
    let (vl_out, _) = build::run_sim(&vl_exe, &data, vcd("verilator.vcd").as_deref())?;
    Ok(HlsCosimRuns {
        rust: parse_run(&rust_out, stim, "rust simulator")?,
        verilator: parse_run(&vl_out, stim, "verilator")?,
    })
}
