//! The fuzz targets: each takes one input (bytes) and says whether the flow accepted it,
//! rejected it properly, or broke a rule (a finding). A panic is a finding too; the driver
//! ([`crate::driver`]) and libFuzzer catch those.
//!
//! The rules every target checks: no panic; a rejection is a user error (never an internal
//! one) whose diagnostics point inside the input and render; an accepted design passes
//! `verify` and every backend asked for writes it. The structured targets also check that
//! generated (valid) designs are accepted and that every optimization level computes the
//! same outputs as `-O0` on the evaluator.

use crate::gen;
use arbitrary::Unstructured;
use comb::eval::Simulator;
use comb::{Bits, Design};
use flow::{ErrorKind, Flow, LutOptions, OptLevel, Options};
use mlir_text::{Diagnostic, SourceFile};

/// What a target did with an input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The input was accepted (and the output made).
    Accepted,
    /// The input was rejected with a proper, located user error.
    Rejected,
}

/// How the finding of a user error with no position in the input starts (the driver counts
/// these apart, and keeps each input as a finding like any other).
pub const UNLOCATED: &str = "user error without a location";

/// A broken rule: what went wrong, in words.
pub type Finding = String;

/// The outcome of one input.
pub type Outcome = Result<Verdict, Finding>;

/// The targets, by the names the driver and libFuzzer know them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Bytes to the MLIR reader.
    MlirReader,
    /// Bytes to the Yosys JSON importer, then `-O1` and SystemVerilog.
    YosysJson,
    /// Bytes to the reader and the HLS front end (build only).
    HlsFront,
    /// Bytes through the whole `--emit verilog` flow at an option set the length picks.
    Pipeline,
    /// Generated valid comb designs through the flow at every level, SystemVerilog and the
    /// MLIR round trip.
    CombGen,
    /// Generated valid comb designs: `-O1`, `-O2` and LUT-mapped netlists against `-O0`
    /// on the evaluator.
    CombDiff,
    /// Generated batches: the evaluator on `-O0` against the Rust simulator and Verilator
    /// on the optimized SystemVerilog (driver only: one Verilator build per batch).
    VerilatorDiff,
    /// Generated HLS kernels: the interpreter against the synthesized netlist
    /// ([`crate::hls_diff`]).
    HlsDiff,
}

impl Target {
    /// Every target, in the order the driver lists them.
    pub const ALL: [Target; 8] = [
        Target::MlirReader,
        Target::YosysJson,
        Target::HlsFront,
        Target::Pipeline,
        Target::CombGen,
        Target::CombDiff,
        Target::VerilatorDiff,
        Target::HlsDiff,
    ];

    /// The target's name (also its corpus folder).
    pub fn name(self) -> &'static str {
        match self {
            Target::MlirReader => "mlir_reader",
            Target::YosysJson => "yosys_json",
            Target::HlsFront => "hls_front",
            Target::Pipeline => "pipeline",
            Target::CombGen => "comb_gen",
            Target::CombDiff => "comb_diff",
            Target::VerilatorDiff => "verilator_diff",
            Target::HlsDiff => "hls_diff",
        }
    }

    /// The target called `name`.
    pub fn from_name(name: &str) -> Option<Target> {
        Target::ALL.into_iter().find(|t| t.name() == name)
    }

    /// True for the targets that read their bytes as generator choices, not as text.
    pub fn structured(self) -> bool {
        matches!(self, Target::CombGen | Target::CombDiff | Target::VerilatorDiff | Target::HlsDiff)
    }

    /// Runs one input (for [`Target::VerilatorDiff`]: a batch of one design).
    pub fn run(self, data: &[u8]) -> Outcome {
        match self {
            Target::MlirReader => mlir_reader(data),
            Target::YosysJson => yosys_json(data),
            Target::HlsFront => hls_front(data),
            Target::Pipeline => pipeline(data),
            Target::CombGen => comb_gen(data),
            Target::CombDiff => comb_diff(data),
            Target::VerilatorDiff => {
                crate::verilator::run_batch(&[data.to_vec()], 64).map(|_| Verdict::Accepted)
            }
            Target::HlsDiff => crate::hls_diff::run(data),
        }
    }
}

/// Checks a diagnostic points inside `src` (when `need_span`, that it points at all) and
/// renders.
fn check_diag(src: &SourceFile, d: &Diagnostic, need_span: bool) -> Result<bool, Finding> {
    let len = src.text().len() as u32;
    let spans = d.span.iter().chain(d.notes.iter().filter_map(|n| n.0.as_ref()));
    for s in spans {
        if s.start > s.end || s.end > len + 1 {
            return Err(format!(
                "diagnostic span {}..{} outside the input ({len} bytes): {}",
                s.start, s.end, d.message
            ));
        }
    }
    let text = d.render(src);
    if text.is_empty() {
        return Err(format!("diagnostic renders empty: {}", d.message));
    }
    if need_span && d.span.is_none() {
        return Err(format!("error without a location: {}", d.message));
    }
    Ok(d.span.is_some())
}

/// Checks a flow error: a user error, its diagnostics inside the input.
fn check_error(src: &SourceFile, e: &flow::Error) -> Outcome {
    if e.kind() != ErrorKind::User {
        return Err(format!("{:?} error: {}", e.kind(), e.render()));
    }
    let mut located = !e.diagnostics().is_empty();
    for d in e.diagnostics() {
        located &= check_diag(src, d, false)?;
    }
    let text = e.render();
    if located {
        Ok(Verdict::Rejected)
    } else {
        Err(format!("{UNLOCATED}: {text}"))
    }
}

fn decode(name: &str, data: &[u8]) -> Result<SourceFile, Outcome> {
    let (src, bad) = mlir_text::decode_source(name, data);
    match bad {
        Some(d) => Err(check_diag(&src, &d, true).map(|_| Verdict::Rejected)),
        None => Ok(src),
    }
}

fn mlir_reader(data: &[u8]) -> Outcome {
    let src = match decode("fuzz.mlir", data) {
        Ok(s) => s,
        Err(o) => return o,
    };
    match mlir_text::parse(&src) {
        Ok(_) => Ok(Verdict::Accepted),
        Err(d) => check_diag(&src, &d, true).map(|_| Verdict::Rejected),
    }
}

/// A design the flow accepted: it verifies and writes as SystemVerilog.
fn check_design(d: &Design) -> Outcome {
    let errs = comb::verify::verify(d);
    if let Some(e) = errs.first() {
        return Err(format!("the flow's design does not verify: {e:?}"));
    }
    let _ = backends::verilog::emit(d);
    Ok(Verdict::Accepted)
}

fn yosys_json(data: &[u8]) -> Outcome {
    let src = match decode("fuzz.json", data) {
        Ok(s) => s,
        Err(o) => return o,
    };
    match Flow::default().load(&src) {
        Ok(d) => check_design(&d),
        Err(e) => check_error(&src, &e),
    }
}

fn hls_front(data: &[u8]) -> Outcome {
    let src = match decode("fuzz.mlir", data) {
        Ok(s) => s,
        Err(o) => return o,
    };
    match Flow::at(OptLevel::O0).build(&src) {
        Ok(b) => check_design(&b.design),
        Err(e) => check_error(&src, &e),
    }
}

/// The options a byte picks: the level, and LUT mapping (not with `-O2`: its rounds take
/// seconds).
fn options_from(byte: u8) -> Options {
    let opt = [OptLevel::O0, OptLevel::O1, OptLevel::O2][usize::from(byte % 3)];
    let lut = (byte / 3 % 4 == 1 && opt != OptLevel::O2).then_some(LutOptions {
        k: 4,
        goal: comb::lutmap::LutGoal::Depth,
        exact_budget: 0,
    });
    Options { opt, lut, ..Options::default() }
}

fn pipeline(data: &[u8]) -> Outcome {
    let src = match decode("fuzz.mlir", data) {
        Ok(s) => s,
        Err(o) => return o,
    };
    // The length picks the options, so a seed file stays valid text and edits vary them.
    match Flow::new(options_from((data.len() % 251) as u8)).load(&src) {
        Ok(d) => check_design(&d),
        Err(e) => check_error(&src, &e),
    }
}

/// The widest multiplier or divider the structured targets LUT-map (see
/// [`gen::Ports::arith_width`]).
pub const LUT_ARITH_WIDTH: u32 = 24;

/// A generated module, the option byte (the rest of the input after the generator) and
/// whether its arithmetic is narrow enough to LUT-map.
fn generated(data: &[u8]) -> Result<(String, u8, bool), Finding> {
    let mut u = Unstructured::new(data);
    let (text, ports) = gen::comb_module(&mut u, "g").map_err(|e| format!("generator: {e}"))?;
    let byte = u.arbitrary::<u8>().unwrap_or(0);
    Ok((text, byte, ports.arith_width <= LUT_ARITH_WIDTH))
}

/// Loads generated (valid) text: a rejection is a finding.
fn load_valid(text: &str, o: Options) -> Result<Design, Finding> {
    Flow::new(o)
        .load_text("gen.mlir", text)
        .map_err(|e| format!("a valid design is rejected: {}\n{text}", e.render()))
}

fn comb_gen(data: &[u8]) -> Outcome {
    let (text, byte, narrow) = generated(data)?;
    let mut o = options_from(byte);
    if !narrow {
        o.lut = None;
    }
    let d = load_valid(&text, o)?;
    check_design(&d)?;
    let round = backends::mlir::emit(&d, false);
    let again = load_valid(&round, Options::at(OptLevel::O0))
        .map_err(|e| format!("the --emit mlir text does not read back: {e}"))?;
    if backends::verilog::emit(&again) != backends::verilog::emit(&d) {
        return Err(format!("the --emit mlir round trip changes the SystemVerilog\n{text}"));
    }
    Ok(Verdict::Accepted)
}

/// Outputs of `d` on `vectors` (each: every non-clock input, in port order), ticking after
/// each vector.
fn evaluate(d: &Design, vectors: &[Vec<Bits>]) -> Result<Vec<Vec<(String, Bits)>>, Finding> {
    let mut sim = Simulator::new(d).map_err(|e| format!("evaluator: {e}"))?;
    let ins: Vec<_> = inputs(d);
    Ok(vectors
        .iter()
        .map(|v| {
            for ((name, _), b) in ins.iter().zip(v) {
                sim.set_input(name, b.clone());
            }
            sim.eval();
            let out = sim.outputs();
            sim.tick();
            out
        })
        .collect())
}

/// The data inputs of the top module: name and width.
fn inputs(d: &Design) -> Vec<(String, u32)> {
    let m = d.module(d.top_id());
    m.ports
        .iter()
        .filter(|p| p.dir == comb::netlist::Dir::Input && !p.clock)
        .map(|p| (p.name.clone(), p.width))
        .collect()
}

fn comb_diff(data: &[u8]) -> Outcome {
    let (text, byte, narrow) = generated(data)?;
    let reference = load_valid(&text, Options::at(OptLevel::O0))?;
    let mut rng = comb::rng::Rng::new(u64::from(byte) ^ (data.len() as u64) << 8);
    let ins = inputs(&reference);
    let vectors: Vec<Vec<Bits>> = (0..8).map(|_| ins.iter().map(|(_, w)| rng.bits(*w)).collect()).collect();
    let want = evaluate(&reference, &vectors)?;
    let lut = Some(LutOptions { k: 4, goal: comb::lutmap::LutGoal::Depth, exact_budget: 0 });
    let others = [
        ("-O1", Options::at(OptLevel::O1)),
        ("-O2", Options::at(OptLevel::O2)),
        ("-O1 --lut 4", Options { lut, ..Options::at(OptLevel::O1) }),
    ];
    for (what, o) in others.into_iter().filter(|(_, o)| narrow || o.lut.is_none()) {
        let got = evaluate(&load_valid(&text, o)?, &vectors)?;
        if let Some(k) = (0..vectors.len()).find(|&k| got[k] != want[k]) {
            return Err(format!(
                "{what} differs from -O0 on vector {k} {:?}: -O0 {:?}, {what} {:?}\n{text}",
                vectors[k], want[k], got[k]
            ));
        }
    }
    Ok(Verdict::Accepted)
}
