//! Running one point (`rmlir-hls sweep SPEC --point I -o DIR`, what every executor's
//! worker runs): the input copied into `DIR/points/NNNN/` with the point's loop attributes,
//! the flow's options built from the point's values, the flow run (compile with the schedule
//! report, or the FPGA flow), and the record written to `DIR/points/NNNN/result.json`.

use crate::points::Point;
use crate::record::{Metrics, Record, Status};
use crate::spec::{Mode, Spec, Val};
use comb::lutmap::LutGoal;
use flow::cosim::{HlsCosimRequest, HlsData};
use flow::fpga::{FpgaOptions, PinSource};
use flow::{Backend, Error, Flow, Input, Options, Output, ReportTo};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// A point's folder.
pub fn point_dir(dir: &Path, p: &Point) -> PathBuf {
    dir.join("points").join(p.id.folder())
}

/// The flow's options for a point (the HLS and design options).
pub fn options(p: &Point) -> Options {
    let mut o = Options::default();
    for (name, v) in &p.params {
        let int = || v.num().unwrap_or(0.0) as u32;
        match name.as_str() {
            "clock-period" => o.hls.clock_period = v.num().unwrap_or(10.0),
            "max-mul" => o.hls.max_mul = Some(int()),
            "max-div" => o.hls.max_div = Some(int()),
            "max-float" => o.hls.max_float = Some(int()),
            "max-unroll" => o.hls.max_unroll = int(),
            "pipeline" => o.hls.pipeline = *v == Val::Bool(true),
            "no-narrow" => o.hls.narrow = *v != Val::Bool(true),
            "opt" => {
                o.opt = match int() {
                    0 => flow::OptLevel::O0,
                    1 => flow::OptLevel::O1,
                    _ => flow::OptLevel::O2,
                }
            }
            _ => {}
        }
    }
    o
}

/// The FPGA flow's options for a point writing into `out`.
pub fn fpga_options(p: &Point, out: PathBuf) -> FpgaOptions {
    let s = |n: &str| p.get(n).map(Val::text);
    let on = |n: &str| p.get(n) == Some(&Val::Bool(true));
    FpgaOptions {
        out_dir: out,
        device: s("device"),
        package: s("package"),
        board: None,
        pins: PinSource::Free,
        freq_mhz: p.get("freq").and_then(Val::num),
        seed: p.get("seed").and_then(Val::num).unwrap_or(1.0) as u64,
        synth: if s("synth").as_deref() == Some("native") { fpga::Synth::Native } else { fpga::Synth::Yosys },
        lut_goal: if s("lut-goal").as_deref() == Some("area") { LutGoal::Area } else { LutGoal::Depth },
        // A missed clock is a result of the point (Fmax below the request), not a failure.
        timing_allow_fail: true,
        register_io: on("register-io"),
        serial_io: on("serial-io"),
    }
}

/// Runs point `p` of `spec` in `dir` and returns its record (also written as
/// `result.json` in the point's folder). Errors of the point are in the record.
pub fn run_point(spec: &Spec, p: &Point, dir: &Path) -> Result<Record, Error> {
    let pdir = point_dir(dir, p);
    std::fs::create_dir_all(&pdir)
        .map_err(|e| Error::user(format!("cannot create '{}': {e}", pdir.display())))?;
    let started = Instant::now();
    let outcome = compile(spec, p, &pdir);
    let time_s = started.elapsed().as_secs_f64();
    let log = format!("points/{}/log", p.id.folder());
    let record = match outcome {
        Ok((mut m, timing)) => {
            m.time_s = Some(time_s);
            if let Some(why) = &timing {
                flow::stdio::err(&format!("{why}\n"));
            }
            let status = if timing.is_some() { Status::TimingFailed } else { Status::Ok };
            Record::new(p, status, m, timing, log)
        }
        Err(e) => {
            flow::stdio::err(&e.render());
            let first = e.render().lines().next().unwrap_or("").to_string();
            let m = Metrics { time_s: Some(time_s), ..Metrics::default() };
            Record::new(p, Status::Failed, m, Some(first), log)
        }
    };
    let json = serde_json::to_string(&record).map_err(|e| Error::internal(e.to_string()))?;
    write_atomic(&pdir.join("result.json"), json.as_bytes())?;
    Ok(record)
}

/// Writes `bytes` to `path` through a temporary file and a rename (whole or not at all).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, bytes)
        .and_then(|_| std::fs::rename(&tmp, path))
        .map_err(|e| Error::user(format!("cannot write '{}': {e}", path.display())))
}

/// The cycle count of the point's design run on `data` by both simulators (which must
/// agree with each other and with the interpreter, as in `cosim --data`).
fn simulate(copy: &Path, p: &Point, data: &HlsData) -> Result<u64, Error> {
    let src = flow::read_source(&Input::File(copy.to_path_buf()))?;
    let file = mlir_text::parse(&src).map_err(|d| Error::input(&src, vec![d]))?;
    let req = HlsCosimRequest {
        options: options(p),
        design_file: None,
        data: data.clone(),
        cycles: 1000,
        keep: None,
        vcd: None,
    };
    let c = flow::cosim::cosim_hls(&src, &file, &req)?;
    match c.disagreement() {
        Some(d) => Err(Error::user(d)),
        None => Ok(c.cycles()),
    }
}

/// The point's input with its loop attributes, the flow, and the figures read back (with
/// why the timing fails, for an FPGA point that misses its clock).
fn compile(spec: &Spec, p: &Point, pdir: &Path) -> Result<(Metrics, Option<String>), Error> {
    let input = &spec.inputs[p.input];
    let text = std::fs::read_to_string(input)
        .map_err(|e| Error::user(format!("cannot read '{}': {e}", input.display())))?;
    let sets: Vec<_> = spec
        .axes
        .iter()
        .filter_map(|a| Some((a.target.as_ref().filter(|t| t.input == p.input)?, p.get(&a.name)?)))
        .collect();
    let edited = crate::loops::apply(&p.input_name, &text, &sets).map_err(Error::user)?;
    let copy = pdir.join(&p.input_name);
    write_atomic(&copy, edited.as_bytes())?;
    let report = pdir.join("report.json");
    let mut o = options(p);
    o.report = Some(ReportTo::Json(report.clone()));
    let flow = Flow::new(o);
    let mut m = Metrics::default();
    let mut timing = None;
    match spec.mode {
        Mode::Hls => {
            flow.compile(
                &Input::File(copy.clone()),
                Backend::Verilog { dialect: Default::default() },
                &Output::Path(pdir.join("design.sv")),
            )?;
        }
        Mode::Fpga => {
            let r = flow.fpga(&Input::File(copy.clone()), &fpga_options(p, pdir.join("fpga")))?;
            m.read_fpga(&r);
            timing = Metrics::timing_failure(&r);
        }
    }
    m.read_hls_report(&report)?;
    if let Some(data) = &spec.sim {
        m.sim_cycles = Some(simulate(&copy, p, data)?);
    }
    Ok((m, timing))
}
