//! The sweep spec (TOML): what to compile, which options to vary, what to keep.
//!
//! ```toml
//! [sweep]
//! inputs = ["fir.mlir", "dot.mlir"]   # relative to the spec's folder
//! mode = "hls"                        # "hls" (compile + report) or "fpga" (place and route)
//! objective = "cycles"                # cycles, sim-cycles, latency, lut4, dff, fmax, time
//! filter = "unroll * 2 <= clock-period" # optional: keep the points where it is true
//! sample = 20                         # optional: a random subset of the points
//! sample-seed = 1
//!
//! [axes]
//! clock-period = [5.0, 10.0]
//! seed = [1, 2]
//! "hls.unroll" = { "fir.mlir:14 %arg2" = [1, 2, 4] }
//!
//! [measure]                            # optional: cycles by simulation too
//! cycles = "sim"                      # "report" (default) or "sim"
//! data = "dot.json"                   # the `cosim --data` file; else random data:
//! data-seed = 1
//!
//! [[exclude]]                          # points matching every key are dropped
//! clock-period = 5.0
//!
//! [slurm]
//! partition = "batch"
//! ```
//!
//! Every error points at its line in the spec (a [`flow::Error`] located in the spec's
//! text, rendered `SPEC:LINE:COL: error: ...`).

use crate::filter::Filter;
use flow::cosim::HlsData;
use flow::Error;
use mlir_text::{Diagnostic, SourceFile, Span};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};
use toml::Spanned;

/// What each point runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// HLS to SystemVerilog with the schedule report.
    Hls,
    /// The FPGA flow (synthesis, place and route, bitstream) with the schedule report.
    Fpga,
}

/// What the summary sorts by and the best point is chosen on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Objective {
    /// Latency in cycles from the schedule report (smallest first).
    Cycles,
    /// Cycles measured by simulation (`[measure] cycles = "sim"`; smallest first).
    SimCycles,
    /// Latency in ns (cycles x clock period; smallest first).
    Latency,
    /// LUT4 count (smallest first).
    Lut4,
    /// Flip-flops (smallest first).
    Dff,
    /// Achieved Fmax (largest first).
    Fmax,
    /// The point's run time (smallest first).
    Time,
}

impl Objective {
    /// The metric's key in a record.
    pub fn key(self) -> &'static str {
        match self {
            Objective::Cycles => "cycles",
            Objective::SimCycles => "sim_cycles",
            Objective::Latency => "latency_ns",
            Objective::Lut4 => "lut4",
            Objective::Dff => "dff",
            Objective::Fmax => "fmax_mhz",
            Objective::Time => "time_s",
        }
    }

    /// Whether larger is better.
    pub fn maximize(self) -> bool {
        self == Objective::Fmax
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSpec {
    sweep: Spanned<RawSweep>,
    axes: Option<Spanned<BTreeMap<Spanned<String>, Spanned<toml::Value>>>>,
    #[serde(default)]
    exclude: Vec<Spanned<BTreeMap<Spanned<String>, Spanned<toml::Value>>>>,
    slurm: Option<Spanned<SlurmSpec>>,
    measure: Option<Spanned<RawMeasure>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawMeasure {
    cycles: Option<Spanned<String>>,
    data: Option<Spanned<String>>,
    data_seed: Option<Spanned<u64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawSweep {
    inputs: Spanned<Vec<Spanned<String>>>,
    #[serde(default = "default_mode")]
    mode: Mode,
    #[serde(default = "default_objective")]
    objective: Objective,
    filter: Option<Spanned<String>>,
    sample: Option<Spanned<usize>>,
    #[serde(default = "default_seed")]
    sample_seed: u64,
}

fn default_mode() -> Mode {
    Mode::Hls
}
fn default_objective() -> Objective {
    Objective::Cycles
}
fn default_seed() -> u64 {
    1
}

/// The `[slurm]` table: what the job-array script asks of the scheduler (flags override).
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SlurmSpec {
    /// `#SBATCH --partition`.
    pub partition: Option<String>,
    /// `#SBATCH --time` (Slurm's syntax, `0:10:00`).
    pub time: Option<String>,
    /// `#SBATCH --mem` (`2G`).
    pub mem: Option<String>,
    /// At most this many tasks at once (`--array=...%K`).
    pub max_parallel: Option<u32>,
    /// More `#SBATCH` lines, written as given (`--account=hls`).
    #[serde(default)]
    pub extra: Vec<String>,
}

/// One value of an axis.
#[derive(Clone, Debug, PartialEq, serde::Serialize, Deserialize)]
#[serde(untagged)]
pub enum Val {
    /// `true` / `false`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A real number.
    Float(f64),
    /// A name.
    Str(String),
}

impl Val {
    /// The value as a number, if it is one.
    pub fn num(&self) -> Option<f64> {
        match self {
            Val::Int(i) => Some(*i as f64),
            Val::Float(f) => Some(*f),
            _ => None,
        }
    }

    /// The value as written in a table.
    pub fn text(&self) -> String {
        match self {
            Val::Bool(b) => b.to_string(),
            Val::Int(i) => i.to_string(),
            Val::Float(f) => f.to_string(),
            Val::Str(s) => s.clone(),
        }
    }

    /// Same value (an integer equals the same real number).
    pub fn same(&self, other: &Val) -> bool {
        match (self.num(), other.num()) {
            (Some(a), Some(b)) => a == b,
            _ => self == other,
        }
    }
}

/// The options an axis may vary, with the values each takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    PositiveReal,
    PositiveInt,
    Opt,
    Bool,
    BoolOrIi,
    Seed,
    LutGoal,
    Synth,
    Name,
}

/// The axis names and their kinds (the per-loop ones are tables, see [`LOOP_AXES`]).
const AXES: &[(&str, Kind)] = &[
    ("clock-period", Kind::PositiveReal),
    ("max-mul", Kind::PositiveInt),
    ("max-div", Kind::PositiveInt),
    ("max-float", Kind::PositiveInt),
    ("max-unroll", Kind::PositiveInt),
    ("pipeline", Kind::Bool),
    ("no-narrow", Kind::Bool),
    ("opt", Kind::Opt),
    ("lut-goal", Kind::LutGoal),
    ("synth", Kind::Synth),
    ("device", Kind::Name),
    ("package", Kind::Name),
    ("freq", Kind::PositiveReal),
    ("seed", Kind::Seed),
    ("serial-io", Kind::Bool),
    ("register-io", Kind::Bool),
];

/// The per-loop axes: a table from loop names to values.
pub const LOOP_AXES: &[&str] = &["hls.unroll", "hls.pipeline"];

/// An axis: an option (`clock-period`) or a loop's attribute (`hls.unroll` of one loop).
#[derive(Clone, Debug, PartialEq)]
pub struct Axis {
    /// `clock-period`, or `hls.unroll[fir.mlir:14 %arg2]`.
    pub name: String,
    /// For a loop axis: the attribute, the input it is in and the loop's line there.
    pub target: Option<LoopTarget>,
    /// The values, in the spec's order.
    pub values: Vec<Val>,
}

/// The loop a per-loop axis sets an attribute on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopTarget {
    /// `hls.unroll` or `hls.pipeline`.
    pub attr: &'static str,
    /// Index into [`Spec::inputs`].
    pub input: usize,
    /// 1-based line of the loop op in that input.
    pub line: usize,
}

/// A parsed spec, its axes checked and its loop names resolved.
#[derive(Clone, Debug)]
pub struct Spec {
    /// The spec file.
    pub path: PathBuf,
    /// The input files (absolute or relative to the working folder).
    pub inputs: Vec<PathBuf>,
    /// What each point runs.
    pub mode: Mode,
    /// The summary's sort key.
    pub objective: Objective,
    /// The axes: options first (sorted by name), then the loop axes.
    pub axes: Vec<Axis>,
    /// Points whose values match every entry of one of these are dropped.
    pub exclude: Vec<Vec<(String, Val)>>,
    /// Keep the points this expression is true of ([`crate::filter`]), with the byte
    /// offset of its text in the spec (for located errors).
    pub filter: Option<(Filter, usize)>,
    /// Keep this many points, chosen at random (seeded).
    pub sample: Option<(usize, u64)>,
    /// `[measure] cycles = "sim"`: each point's cycle count is also measured by running
    /// the generated design on these arguments (`flow::cosim`, as `cosim --data` does).
    pub sim: Option<HlsData>,
    /// The `[slurm]` table.
    pub slurm: SlurmSpec,
    /// Line of `[slurm]` (1-based), if written.
    pub slurm_line: Option<usize>,
    src: SourceFile,
}

impl Spec {
    /// Reads and checks the spec at `path` (loop names are resolved by building each input
    /// with the default options and reading its schedule report).
    pub fn load(path: &Path) -> Result<Spec, Error> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Error::user(format!("cannot read '{}': {e}", path.display())))?;
        Spec::parse(path, &text)
    }

    /// Parses spec text (`path` names it in errors and anchors relative inputs).
    pub fn parse(path: &Path, text: &str) -> Result<Spec, Error> {
        let src = SourceFile::new(path.display().to_string(), text);
        let raw: RawSpec = toml::from_str(text).map_err(|e| {
            let span = e.span().unwrap_or(0..0);
            located(&src, span, e.message().trim_end())
        })?;
        let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        let inputs: Vec<PathBuf> =
            raw.sweep.get_ref().inputs.get_ref().iter().map(|s| dir.join(s.get_ref())).collect();
        if inputs.is_empty() {
            return Err(located(&src, raw.sweep.get_ref().inputs.span(), "no inputs: the product is empty"));
        }
        for (p, s) in inputs.iter().zip(raw.sweep.get_ref().inputs.get_ref()) {
            if !p.is_file() {
                return Err(located(&src, s.span(), &format!("cannot read input '{}'", p.display())));
            }
        }
        let mut spec = Spec {
            path: path.to_path_buf(),
            inputs,
            mode: raw.sweep.get_ref().mode,
            objective: raw.sweep.get_ref().objective,
            axes: Vec::new(),
            exclude: Vec::new(),
            filter: None,
            sim: None,
            sample: raw
                .sweep
                .get_ref()
                .sample
                .as_ref()
                .map(|s| (*s.get_ref(), raw.sweep.get_ref().sample_seed)),
            slurm: raw.slurm.as_ref().map(|s| s.get_ref().clone()).unwrap_or_default(),
            slurm_line: raw.slurm.as_ref().map(|s| src.line_col(s.span().start as u32).0),
            src,
        };
        if let Some(axes) = &raw.axes {
            for (name, value) in axes.get_ref() {
                spec.add_axis(name, value)?;
            }
        }
        if let Some(m) = &raw.measure {
            spec.sim = spec.measure(m.get_ref(), dir)?;
        }
        if let Some(f) = &raw.sweep.get_ref().filter {
            let at = spec.string_start(f.span(), f.get_ref());
            let names: Vec<String> = spec.axes.iter().map(|a| a.name.clone()).collect();
            let parsed = Filter::parse(f.get_ref(), &names)
                .map_err(|e| spec.error(at + e.at..at + e.at + 1, &format!("filter: {}", e.msg)))?;
            spec.filter = Some((parsed, at));
        }
        for entry in &raw.exclude {
            let mut e = Vec::new();
            for (k, v) in entry.get_ref() {
                if !spec.axes.iter().any(|a| a.name == *k.get_ref()) {
                    return Err(spec.error(
                        k.span(),
                        &format!("exclude: '{}' is not an axis of this spec", k.get_ref()),
                    ));
                }
                e.push((
                    k.get_ref().clone(),
                    to_val(v.get_ref()).ok_or_else(|| spec.error(v.span(), "not a value"))?,
                ));
            }
            spec.exclude.push(e);
        }
        Ok(spec)
    }

    /// A located error in the spec.
    pub fn error(&self, span: Range<usize>, msg: &str) -> Error {
        located(&self.src, span, msg)
    }

    /// The `[measure]` table: the simulation's data, if cycles are measured by simulation.
    fn measure(&self, m: &RawMeasure, dir: &Path) -> Result<Option<HlsData>, Error> {
        let sim = match &m.cycles {
            None => false,
            Some(c) if c.get_ref() == "sim" => true,
            Some(c) if c.get_ref() == "report" => false,
            Some(c) => {
                return Err(self.error(
                    c.span(),
                    &format!("cycles = \"{}\": expected \"sim\" or \"report\"", c.get_ref()),
                ))
            }
        };
        let given = m.data.as_ref().map(|d| d.span()).or(m.data_seed.as_ref().map(|d| d.span()));
        if let (false, Some(span)) = (sim, given) {
            return Err(self.error(span, "the simulation's data without cycles = \"sim\""));
        }
        if let (Some(d), Some(s)) = (&m.data, &m.data_seed) {
            return Err(self.error(s.span(), &format!("data-seed with data = \"{}\": give one", d.get_ref())));
        }
        Ok(match (sim, &m.data, &m.data_seed) {
            (false, _, _) => None,
            (true, Some(d), _) => {
                let path = dir.join(d.get_ref());
                if !path.is_file() {
                    return Err(
                        self.error(d.span(), &format!("cannot read the data file '{}'", path.display()))
                    );
                }
                Some(HlsData::File(std::path::absolute(&path).unwrap_or(path)))
            }
            (true, None, seed) => Some(HlsData::Seed(seed.as_ref().map_or(1, |s| *s.get_ref()))),
        })
    }

    /// Where the text of the TOML string at `span` starts in the spec: after its opening
    /// quotes when it is written without escapes, else at the string itself.
    fn string_start(&self, span: Range<usize>, value: &str) -> usize {
        let raw = self.src.text().get(span.clone()).unwrap_or("");
        for q in ["\"\"\"", "'''", "\"", "'"] {
            let inner = raw.strip_prefix(q).and_then(|r| r.strip_suffix(q));
            if inner == Some(value) {
                return span.start + q.len();
            }
        }
        span.start
    }

    /// An error at the start of the spec's line `line` (1-based), or unlocated.
    pub fn error_at_line(&self, line: Option<usize>, msg: &str) -> Error {
        match line {
            Some(l) => {
                let start: usize = self.src.text().split_inclusive('\n').take(l - 1).map(str::len).sum();
                self.error(start..start, msg)
            }
            None => Error::user(msg.to_string()),
        }
    }

    /// The span of the `[sweep]` table's start (for errors about the whole product).
    pub fn sweep_span(&self) -> Range<usize> {
        let at = self.src.text().find("[sweep]").unwrap_or(0);
        at..at + 7
    }

    fn add_axis(&mut self, name: &Spanned<String>, value: &Spanned<toml::Value>) -> Result<(), Error> {
        let key = name.get_ref().as_str();
        if let Some(attr) = LOOP_AXES.iter().find(|a| **a == key) {
            let toml::Value::Table(t) = value.get_ref() else {
                return Err(self.error(
                    value.span(),
                    &format!("'{key}' takes a table from loop names to values: {key} = {{ \"k.mlir:12 %i\" = [1, 2] }}"),
                ));
            };
            // The table's entries carry no spans of their own: point at the loop's name.
            for (loop_name, vals) in t {
                let at = self.find_in(value.span(), loop_name);
                let target =
                    crate::loops::resolve(self, attr, loop_name).map_err(|m| self.error(at.clone(), &m))?;
                let values = self.values(
                    vals,
                    if *attr == "hls.unroll" { Kind::PositiveInt } else { Kind::BoolOrIi },
                    at,
                )?;
                self.axes.push(Axis { name: format!("{attr}[{loop_name}]"), target: Some(target), values });
            }
            return Ok(());
        }
        let Some(&(_, kind)) = AXES.iter().find(|(n, _)| *n == key) else {
            let names = AXES.iter().map(|(n, _)| *n).chain(LOOP_AXES.iter().copied());
            let hint = mlir_text::suggest::did_you_mean(key, names.clone());
            let all: Vec<&str> = names.collect();
            return Err(self.error(
                name.span(),
                &format!("unknown axis '{key}'{hint}; the axes are: {}", all.join(", ")),
            ));
        };
        let values = self.values(value.get_ref(), kind, value.span())?;
        self.axes.push(Axis { name: key.to_string(), target: None, values });
        Ok(())
    }

    /// The span of the first `needle` inside `within` (or `within` itself).
    fn find_in(&self, within: Range<usize>, needle: &str) -> Range<usize> {
        let text = self.src.text().get(within.clone()).unwrap_or("");
        match text.find(needle) {
            Some(i) => within.start + i..within.start + i + needle.len(),
            None => within,
        }
    }

    /// An axis's values, checked against its kind.
    fn values(&self, v: &toml::Value, kind: Kind, span: Range<usize>) -> Result<Vec<Val>, Error> {
        let list = match v {
            toml::Value::Array(a) => a.clone(),
            one => vec![one.clone()],
        };
        if list.is_empty() {
            return Err(self.error(span, "an axis with no values: the product is empty"));
        }
        list.iter().map(|x| check(x, kind).map_err(|m| self.error(span.clone(), &m))).collect()
    }

    /// The spec's name as given.
    pub fn name(&self) -> &str {
        self.src.name()
    }
}

fn located(src: &SourceFile, span: Range<usize>, msg: &str) -> Error {
    Error::input(src, vec![Diagnostic::error(Span::new(span.start, span.end.max(span.start)), msg)])
}

fn to_val(v: &toml::Value) -> Option<Val> {
    Some(match v {
        toml::Value::Boolean(b) => Val::Bool(*b),
        toml::Value::Integer(i) => Val::Int(*i),
        toml::Value::Float(f) => Val::Float(*f),
        toml::Value::String(s) => Val::Str(s.clone()),
        _ => return None,
    })
}

/// One value checked against an axis's kind.
fn check(v: &toml::Value, kind: Kind) -> Result<Val, String> {
    let val = to_val(v).ok_or_else(|| format!("'{}' is not a plain value", v.type_str()))?;
    let ok = match (kind, &val) {
        (Kind::PositiveReal, x) => x.num().is_some_and(|n| n > 0.0),
        (Kind::PositiveInt, Val::Int(i)) => *i >= 1,
        (Kind::Opt, Val::Int(i)) => (0..=2).contains(i),
        (Kind::Bool | Kind::BoolOrIi, Val::Bool(_)) => true,
        // hls.pipeline also takes a target II.
        (Kind::BoolOrIi, Val::Int(i)) => *i >= 1,
        (Kind::Seed, Val::Int(i)) => *i >= 0,
        (Kind::LutGoal, Val::Str(s)) => s == "depth" || s == "area",
        (Kind::Synth, Val::Str(s)) => s == "yosys" || s == "native",
        (Kind::Name, Val::Str(_)) => true,
        _ => false,
    };
    if ok {
        return Ok(val);
    }
    let want = match kind {
        Kind::PositiveReal => "a positive number",
        Kind::PositiveInt => "an integer >= 1",
        Kind::Opt => "0, 1 or 2",
        Kind::Bool => "true or false",
        Kind::BoolOrIi => "true, false or a target II >= 1",
        Kind::Seed => "an integer >= 0",
        Kind::LutGoal => "\"depth\" or \"area\"",
        Kind::Synth => "\"yosys\" or \"native\"",
        Kind::Name => "a name in quotes",
    };
    let shown = match v {
        toml::Value::String(s) => format!("\"{s}\""),
        other => to_val(other).map_or_else(|| other.type_str().to_string(), |x| x.text()),
    };
    Err(format!("bad value {shown}: expected {want}"))
}
