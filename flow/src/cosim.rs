//! HLS co-simulation as a flow step: what `rmlir-hls cosim` runs on HLS input, and what a
//! sweep's `cycles = "sim"` measures. The kernel's arguments come from a data file (the
//! `cosim --data` JSON, [`hls::interp::data_file`]) or from a seed; the kernel is built with
//! the options (or a given netlist stands in for it); the generated Rust simulator and
//! Verilator run the start/done protocol on them (`cosim::hls`); the interpreter
//! computes what they must give. [`HlsCosim::disagreement`] says whether the three agree;
//! the cycle count is the simulators'.

use crate::{Error, Flow, Input, Options};
use cosim::hls::{HlsCosimRuns, HlsMem, HlsRun, HlsStimulus};
use hls::interp::{self, data::random_args, ArgValue, Outcome, Param, Signature};
use mlir_text::{File, SourceFile};
use std::path::{Path, PathBuf};

/// Where the kernel's arguments come from.
#[derive(Clone, Debug, PartialEq)]
pub enum HlsData {
    /// A data file in the `cosim --data` notation.
    File(PathBuf),
    /// Random arguments and memories from this seed.
    Seed(u64),
}

/// What to co-simulate and how.
#[derive(Clone, Debug)]
pub struct HlsCosimRequest<'a> {
    /// The kernel's flow options (HLS flags, `-O` level, top); its defines are not used.
    pub options: Options,
    /// A netlist to run instead of the synthesized design (`cosim --design`).
    pub design_file: Option<&'a Path>,
    /// The arguments.
    pub data: HlsData,
    /// The least cycle limit (raised to what the interpreter's step count needs).
    pub cycles: u64,
    /// Keep the build folders here.
    pub keep: Option<PathBuf>,
    /// Write both simulators' waveforms here.
    pub vcd: Option<&'a Path>,
}

/// A finished co-simulation: both simulators' runs and the interpreter's outcome.
#[derive(Clone, Debug)]
pub struct HlsCosim {
    /// The function run.
    pub top: String,
    /// Where its arguments came from: `seed 1`, `data FILE`.
    pub from: String,
    /// Its signature.
    pub sig: Signature,
    /// What the simulators were given.
    pub stim: HlsStimulus,
    /// What the interpreter computes.
    pub expected: Outcome,
    /// What the simulators observed.
    pub runs: HlsCosimRuns,
}

/// The line naming the two VCD files in `dir`, as the RTL co-simulation prints it.
pub fn waveforms(dir: &Path) -> String {
    format!("waveforms: {0}/rust.vcd, {0}/verilator.vcd", dir.display())
}

/// A failure of the run, naming the waveforms when both were written (those of a failed
/// run are the ones wanted).
pub fn failure(vcd: Option<&Path>, m: String) -> Error {
    match vcd {
        Some(v) if v.join("rust.vcd").is_file() && v.join("verilator.vcd").is_file() => {
            Error::user(format!("{m}\n{}", waveforms(v)))
        }
        _ => Error::user(m),
    }
}

/// The simulators' stimulus for arguments `data` of `sig`.
fn stimulus(sig: &Signature, data: &[ArgValue], max_cycles: u64) -> Result<HlsStimulus, Error> {
    let mut stim =
        HlsStimulus { scalars: Vec::new(), mems: Vec::new(), results: sig.results.len(), max_cycles };
    for (p, a) in sig.params.iter().zip(data) {
        match (p, a) {
            (Param::Scalar { name, width }, ArgValue::Scalar(v)) => {
                stim.scalars.push((name.clone(), *width, *v))
            }
            (Param::MemRef { name, shape, width }, ArgValue::MemRef(d)) => stim.mems.push(HlsMem {
                name: name.clone(),
                depth: shape.iter().product::<u64>().max(1),
                width: *width,
                data: d.clone(),
            }),
            _ => return Err(Error::internal("argument kinds do not match the signature")),
        }
    }
    Ok(stim)
}

/// Co-simulates the HLS kernel `file` (parsed from `src`) as `req` asks.
pub fn cosim_hls(src: &SourceFile, file: &File, req: &HlsCosimRequest) -> Result<HlsCosim, Error> {
    let input_err = |d: mlir_text::Diagnostic| Error::input(src, vec![d]);
    let top = match &req.options.top {
        Some(t) => t.clone(),
        None => {
            interp::top_function(file).ok_or_else(|| Error::user("the input has no function"))?.to_string()
        }
    };
    let sig = interp::signature(file, &top).map_err(input_err)?;
    let data = match &req.data {
        HlsData::File(path) => {
            let dsrc = crate::read_source(&Input::File(path.clone()))?;
            interp::data_file::read(&dsrc, &sig).map_err(|d| Error::input(&dsrc, d))?
        }
        HlsData::Seed(seed) => random_args(&sig, *seed),
    };
    // The float reductions synthesis reassociates, computed in the circuit's order (a
    // synthesis error is reported where the design is built, below).
    let opts = &req.options.hls;
    let plan = hls::synthesize(file, opts).map(|s| s.reassociated).unwrap_or_default();
    let expected = interp::run_planned(file, &top, &data, opts, &plan).map_err(input_err)?;
    if let Some(d) = &expected.undefined {
        // The circuit and the interpreter both follow the guide's HLS semantics here; only
        // mlir-cpu-runner would not. Say so, and compare anyway.
        crate::stdio::err(
            &mlir_text::Diagnostic { severity: mlir_text::Severity::Warning, ..d.clone() }.render(src),
        );
    }
    let design = match req.design_file {
        Some(path) => {
            let dsrc = crate::read_source(&Input::File(path.to_path_buf()))?;
            Flow::new(Options { top: Some(top.clone()), ..Options::at(req.options.opt) }).load(&dsrc)?
        }
        None => Flow::new(Options { defines: Vec::new(), ..req.options.clone() }).load(src)?,
    };
    let sv = backends::verilog::emit(&design);
    // 100 cycles an interpreted op: a 64-bit sequential division takes up to ~70, and
    // under --max-div 1 divisions queue one after another (10 was too few for div_rem).
    let stim = stimulus(&sig, &data, req.cycles.max(100 * expected.steps + 1000))?;
    let runs = cosim::hls::cosim_hls(&design, &sv, &stim, req.keep.clone(), req.vcd)
        .map_err(|m| failure(req.vcd, m))?;
    let from = match &req.data {
        HlsData::File(p) => format!("data {}", p.display()),
        HlsData::Seed(s) => format!("seed {s}"),
    };
    Ok(HlsCosim { top, from, sig, stim, expected, runs })
}

impl HlsCosim {
    /// The first disagreement: between the two simulators, or of both with the interpreter.
    pub fn disagreement(&self) -> Option<String> {
        let (r, v) = (&self.runs.rust, &self.runs.verilator);
        if r != v {
            return Some(format!(
                "cosim: the Rust simulator and Verilator disagree:\n  rust:      {} cycles, results {:x?}\n  verilator: {} cycles, results {:x?}{}",
                r.cycles,
                r.results,
                v.cycles,
                v.results,
                if r.memories != v.memories { "\n  (and the memories differ)" } else { "" }
            ));
        }
        differs(r, &self.expected, &self.sig)
            .map(|d| format!("cosim: @{} ({}): both simulators give {d}", self.top, self.from))
    }

    /// The cycle count from `start` to `done` (both simulators agree when
    /// [`HlsCosim::disagreement`] is `None`).
    pub fn cycles(&self) -> u64 {
        self.runs.rust.cycles
    }
}

/// The first difference between a simulator's run and the interpreter's outcome (a float
/// result or memory word: any NaN equals any NaN, and the value is shown beside the bits).
fn differs(run: &HlsRun, expected: &Outcome, sig: &Signature) -> Option<String> {
    let show = |v: u64, f: Option<hls::float::FloatFormat>| match f {
        Some(f) => interp::data::show(v, f.width(), Some(f)),
        None => format!("0x{v:x}"),
    };
    for (i, (got, want)) in run.results.iter().zip(&expected.results).enumerate() {
        let f = sig.result_floats.get(i).copied().flatten();
        if !interp::data::same(*got, want.bits, f) {
            return Some(format!(
                "ret{i} = {}, the interpreter computes {}",
                show(*got, f),
                show(want.bits, f)
            ));
        }
    }
    for ((got, want), f) in run.memories.iter().zip(&expected.memories).zip(mem_floats(sig)) {
        if let Some(at) = got.iter().zip(&want.data).position(|(g, w)| !interp::data::same(*g, *w, f)) {
            return Some(format!(
                "memref '%{}' element {at} = {}, the interpreter computes {}",
                want.name,
                show(got[at], f),
                show(want.data[at], f)
            ));
        }
    }
    None
}

/// The float format of each memory parameter, in order.
pub fn mem_floats(sig: &Signature) -> Vec<Option<hls::float::FloatFormat>> {
    sig.params
        .iter()
        .zip(&sig.param_floats)
        .filter(|(p, _)| matches!(p, Param::MemRef { .. }))
        .map(|(_, f)| *f)
        .collect()
}
