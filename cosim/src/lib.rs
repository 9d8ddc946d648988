//! Co-simulation: the generated Rust simulator against Verilator on the emitted SV, and
//! optionally against a third, in-process reference (the evaluator), cycle by cycle.
//!
//! [`cosim`] writes a seeded random stimulus, builds both simulators ([`build`]; both
//! builds are cached by content hash), runs them with the same protocol
//! ([`testbench`]) and compares every output on every cycle. The report names the first
//! mismatch: cycle, port and each side's value in hex.

#![warn(missing_docs)]

pub mod build;
pub mod checks;
pub mod hls;
pub mod stimulus;
pub mod testbench;

use comb::{Bits, Design};
use std::fmt;
use std::path::PathBuf;
use testbench::TbPorts;

/// Which simulator a [`Fault`] corrupts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The generated Rust simulator.
    Rust,
    /// Verilator.
    Verilator,
}

/// Test-only hook: flips bit 0 of output `port` at `cycle` in one side's trace, to check
/// that mismatches are caught and reported precisely.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// The side to corrupt.
    pub side: Side,
    /// The cycle (0-based).
    pub cycle: usize,
    /// The output port's name.
    pub port: String,
}

/// Options of [`cosim`].
#[derive(Clone, Debug)]
pub struct CosimOptions {
    /// Number of cycles.
    pub cycles: usize,
    /// Seed of the random stimulus.
    pub seed: u64,
    /// Write `rust.vcd` and `verilator.vcd` here.
    pub vcd_dir: Option<PathBuf>,
    /// Build and run in this directory and keep it (else a temporary directory).
    pub keep_dir: Option<PathBuf>,
    /// Cycles during which 1-bit inputs named `rst`/`reset` are held at 1.
    pub reset_cycles: usize,
    /// Test-only fault injection.
    pub fault: Option<Fault>,
}

impl Default for CosimOptions {
    fn default() -> Self {
        CosimOptions { cycles: 1000, seed: 1, vcd_dir: None, keep_dir: None, reset_cycles: 2, fault: None }
    }
}

/// The first disagreement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The cycle (0-based).
    pub cycle: usize,
    /// The output port.
    pub port: String,
    /// The Rust simulator's value (hex).
    pub rust: String,
    /// Verilator's value (hex).
    pub verilator: String,
    /// The reference's value (hex), when one was given.
    pub reference: Option<String>,
}

/// What a co-simulation found.
#[derive(Clone, Debug)]
pub struct CosimReport {
    /// Cycles compared.
    pub cycles: usize,
    /// Output ports compared.
    pub outputs: Vec<String>,
    /// The first mismatch, if any.
    pub mismatch: Option<Mismatch>,
    /// True if the Verilator build came from the cache.
    pub verilator_cached: bool,
    /// The kept work directory, if any.
    pub work_dir: Option<PathBuf>,
    /// The Rust simulator's failed asserts and assumes: (cycle, `assert LABEL failed`).
    pub check_failures: Vec<(u64, String)>,
    /// How Verilator's failures of the clocked checks differ from the Rust simulator's.
    pub check_mismatch: Option<String>,
}

impl CosimReport {
    /// True when every output agreed on every cycle.
    pub fn passed(&self) -> bool {
        self.mismatch.is_none() && self.check_mismatch.is_none() && self.check_failures.is_empty()
    }
}

impl fmt::Display for CosimReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (c, m) in &self.check_failures {
            writeln!(f, "cosim: cycle {c}: {m}")?;
        }
        if let Some(m) = &self.check_mismatch {
            writeln!(f, "cosim: checks differ: {m}")?;
        }
        match &self.mismatch {
            None => write!(f, "cosim: {} cycles, {} outputs: all agree", self.cycles, self.outputs.len()),
            Some(m) => {
                write!(
                    f,
                    "cosim: mismatch at cycle {} on output '{}': rust = 0x{}, verilator = 0x{}",
                    m.cycle, m.port, m.rust, m.verilator
                )?;
                if let Some(r) = &m.reference {
                    write!(f, ", reference = 0x{r}")?;
                }
                Ok(())
            }
        }
    }
}

/// A reference model: given the per-cycle inputs (non-clock, port order), the per-cycle
/// outputs (non-clock, port order), under the same protocol (set inputs, eval, read, tick).
pub type Reference<'a> = &'a dyn Fn(&[Vec<Bits>]) -> Result<Vec<Vec<Bits>>, String>;

/// The evaluator's outputs for a stimulus: the in-process reference of `rmlir-hls cosim`
/// and of the fuzz crate's Verilator target. The stimulus holds the inputs the co-simulation
/// drives ([`TbPorts::inputs`]: every input but the clocks, which include data inputs that
/// clock a register); the clocks stay 0 between edges, as on the other two sides.
pub fn evaluate(design: &Design, stim: &[Vec<Bits>]) -> Result<Vec<Vec<Bits>>, String> {
    let mut sim = comb::eval::Simulator::new(design)?;
    let ports = TbPorts::new(design)?;
    let inputs: Vec<_> = ports.inputs().map(|f| f.port).collect();
    Ok(stim
        .iter()
        .map(|vals| {
            for (&p, v) in inputs.iter().zip(vals) {
                sim.set_input_port(p, v.clone());
            }
            sim.eval();
            let outs = ports.outputs().map(|f| sim.output(&f.name)).collect();
            sim.tick();
            outs
        })
        .collect())
}

/// Co-simulates the Rust simulator of `design` against Verilator on `sv_text`.
pub fn cosim(design: &Design, sv_text: &str, opts: &CosimOptions) -> Result<CosimReport, String> {
    cosim_with_reference(design, sv_text, opts, None)
}

fn flip_bit0(hex: &mut String) {
    if let Some(c) = hex.pop() {
        let d = c.to_digit(16).unwrap_or(0) ^ 1;
        hex.push(char::from_digit(d, 16).unwrap_or('0'));
    }
}

/// [`cosim`] with an optional third trace from an in-process reference.
pub fn cosim_with_reference(
    design: &Design,
    sv_text: &str,
    opts: &CosimOptions,
    reference: Option<Reference>,
) -> Result<CosimReport, String> {
    if let Some(x) = design.extern_in_use() {
        return Err(comb::Design::extern_model_error(x, "cosim"));
    }
    let ports = TbPorts::new(design)?;
    let stim = stimulus::random_stimulus(&ports, opts.cycles, opts.seed, opts.reset_cycles);
    let tmp;
    let work = match &opts.keep_dir {
        Some(d) => d.clone(),
        None => {
            tmp = tempfile::tempdir().map_err(|e| format!("cannot create a temporary directory: {e}"))?;
            tmp.path().to_path_buf()
        }
    };
    let io = |r: std::io::Result<()>, what: &str| r.map_err(|e| format!("cannot write {what}: {e}"));
    io(std::fs::create_dir_all(&work), "the work directory")?;
    let stim_path = work.join("stimulus.txt");
    io(std::fs::write(&stim_path, stimulus::stimulus_text(&stim)), "the stimulus")?;
    if let Some(v) = &opts.vcd_dir {
        io(std::fs::create_dir_all(v), &format!("the VCD directory '{}'", v.display()))?;
    }
    // Rust side.
    let sim = backends::rust_sim::emit(design)?;
    io(sim.write_to(&work.join("sim")), "the simulator crate")?;
    let runner = work.join("runner");
    let main_rs = testbench::rust_runner_main(&ports, design);
    let sim_key: Vec<&str> = sim.files.iter().map(|f| f.1.as_str()).chain([main_rs.as_str()]).collect();
    let bin_name = format!("cosim_{}", &build::cache_key(&sim_key)[..16]);
    io(std::fs::create_dir_all(runner.join("src")), "the runner crate")?;
    io(std::fs::write(runner.join("src/main.rs"), &main_rs), "the runner")?;
    let cargo = testbench::rust_runner_cargo(design, "../sim").replace("cosim_runner", &bin_name);
    io(std::fs::write(runner.join("Cargo.toml"), &cargo), "the runner manifest")?;
    let files = sim.files.iter().flat_map(|(path, text)| [path.as_str(), text.as_str()]);
    let rust_key: Vec<&str> = files.chain([main_rs.as_str(), cargo.as_str()]).collect();
    // Verilator side.
    let with_checks = checks::has_checks(design);
    let mut tb = testbench::verilator_tb(&ports);
    if with_checks {
        tb = testbench::with_check_timing(&tb);
    }
    io(std::fs::write(work.join("tb.cpp"), &tb), "tb.cpp")?;
    io(std::fs::write(work.join("top.sv"), sv_text), "top.sv")?;
    let top_name = backends::verilog::sv_names(design).modules.swap_remove(design.top_id().index());
    let trace = opts.vcd_dir.is_some();
    let (rust_exe, vl) = std::thread::scope(|s| {
        let h = s.spawn(|| build::verilator_exe_with(sv_text, &tb, &top_name, trace, with_checks));
        let r = build::cargo_build(&runner, &bin_name, &rust_key);
        (r, h.join().unwrap_or_else(|_| Err("the Verilator build thread panicked".into())))
    });
    let rust_exe = rust_exe?;
    let (vl_exe, cached) = vl?;
    let vcd = |name: &str| opts.vcd_dir.as_ref().map(|d| d.join(name));
    let (rust_out, rust_err) = build::run_sim(&rust_exe, &stim_path, vcd("rust.vcd").as_deref())?;
    let (vl_out, vl_err) = build::run_sim(&vl_exe, &stim_path, vcd("verilator.vcd").as_deref())?;
    let _ = std::fs::write(work.join("rust.out"), &rust_out);
    let _ = std::fs::write(work.join("verilator.out"), &vl_out);
    let _ = std::fs::write(work.join("rust.err"), &rust_err);
    let _ = std::fs::write(work.join("verilator.err"), &vl_err);
    let (rust_out, rust_fails) = checks::split(&rust_out, false);
    let (vl_out, vl_fails) = checks::split(&vl_out, true);
    let compared = checks::Compared::of(design);
    let pick = |v: &[(u64, String)]| -> Vec<(u64, String)> {
        let mut v: Vec<(u64, String)> = v.iter().filter(|(_, m)| compared.contains(m)).cloned().collect();
        v.sort();
        v
    };
    let (rc, vc) = (pick(&rust_fails), pick(&vl_fails));
    let print_mismatch = checks::prints_differ(design, &rust_err, &vl_err);
    let check_mismatch = (rc != vc).then(|| {
        let first =
            |v: &[(u64, String)]| v.first().map(|(c, m)| format!("cycle {c}: {m}")).unwrap_or("none".into());
        format!(
            "rust reports {} failure(s) (first: {}), verilator {} (first: {})",
            rc.len(),
            first(&rc),
            vc.len(),
            first(&vc)
        )
    });
    let check_mismatch = check_mismatch.or(print_mismatch);
    let mut rust_t = stimulus::parse_trace(&rust_out);
    let mut vl_t = stimulus::parse_trace(&vl_out);
    let ref_t: Option<Vec<Vec<String>>> = match reference {
        Some(f) => Some(f(&stim)?.iter().map(|c| c.iter().map(stimulus::hex).collect()).collect()),
        None => None,
    };
    let outputs: Vec<String> = ports.outputs().map(|f| f.name.clone()).collect();
    if let Some(fault) = &opts.fault {
        let t = if fault.side == Side::Rust { &mut rust_t } else { &mut vl_t };
        let p = outputs
            .iter()
            .position(|o| *o == fault.port)
            .ok_or_else(|| format!("no output '{}'", fault.port))?;
        if let Some(v) = t.get_mut(fault.cycle).and_then(|c| c.get_mut(p)) {
            flip_bit0(v);
        }
    }
    let mut mismatch = None;
    'cycles: for c in 0..opts.cycles {
        for (p, name) in outputs.iter().enumerate() {
            let get = |t: &Vec<Vec<String>>| {
                t.get(c).and_then(|l| l.get(p)).cloned().unwrap_or_else(|| "<missing>".into())
            };
            let (r, v) = (get(&rust_t), get(&vl_t));
            let e = ref_t.as_ref().map(get);
            if r != v || e.as_ref().is_some_and(|e| *e != r) {
                mismatch =
                    Some(Mismatch { cycle: c, port: name.clone(), rust: r, verilator: v, reference: e });
                break 'cycles;
            }
        }
    }
    Ok(CosimReport {
        cycles: opts.cycles,
        outputs,
        mismatch,
        verilator_cached: cached,
        work_dir: opts.keep_dir.clone(),
        check_failures: rust_fails,
        check_mismatch,
    })
}
