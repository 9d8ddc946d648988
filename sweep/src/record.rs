//! Results: one JSON record per finished point, appended to `DIR/results.jsonl` one whole
//! line at a time as points finish, read back (a torn last line from a killed run is
//! skipped) and merged (the last record of a point wins).

use crate::points::{Point, PointId};
use crate::spec::Val;
use flow::Error;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;
use std::sync::Mutex;

/// How a point ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// The flow ran; the metrics are its figures.
    Ok,
    /// The FPGA flow ran but a clock missed its requested frequency: the metrics are
    /// kept (the Fmax-vs-seed plot shows them), `error` says which clock; the point is
    /// finished (`--resume` does not rerun it) but never on the front or the best.
    TimingFailed,
    /// The flow (or the task running it) failed; `error` and the log say why.
    Failed,
}

impl Status {
    /// Whether the point needs no rerun on `--resume` (the result is what the flow gives).
    pub fn finished(self) -> bool {
        self != Status::Failed
    }

    /// The status as the summary's table writes it.
    pub fn text(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::TimingFailed => "timing failed",
            Status::Failed => "failed",
        }
    }
}

/// The figures of a point (absent when the mode does not measure them).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Metrics {
    /// Latency in cycles of the top function (schedule report).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub cycles: Option<u64>,
    /// Cycles from start to done of the generated design run on the `[measure]` data
    /// (the simulators', as `cosim --data` counts them).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub sim_cycles: Option<u64>,
    /// Latency in ns (cycles x clock period).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub latency_ns: Option<f64>,
    /// Register bits of the schedule (report).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub register_bits: Option<u64>,
    /// Fmax the schedule report estimates, MHz.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub est_fmax_mhz: Option<f64>,
    /// LUT4s (FPGA).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub lut4: Option<u64>,
    /// Flip-flops (FPGA).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub dff: Option<u64>,
    /// Carry cells (FPGA).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub carry: Option<u64>,
    /// Block RAMs (FPGA).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub bram: Option<u64>,
    /// Achieved Fmax of the first clock, MHz (FPGA).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub fmax_mhz: Option<f64>,
    /// Whether every clock met its request (FPGA).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub timing_met: Option<bool>,
    /// Wall time of the point's flow, s.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub time_s: Option<f64>,
}

impl Metrics {
    /// The figures of the FPGA flow's report.
    pub fn read_fpga(&mut self, r: &fpga::report::Report) {
        let used = |k: &str| r.resources.iter().find(|x| x.kind == k).map(|x| x.used);
        self.lut4 = used("LUT4");
        self.dff = used("DFF");
        self.carry = used("carry");
        self.bram = used("BRAM");
        self.fmax_mhz = r.clocks.first().and_then(|c| c.achieved_mhz).map(|f| (f * 100.0).round() / 100.0);
        self.timing_met = Some(r.clocks.iter().all(|c| c.met()));
    }

    /// Why the FPGA report's timing fails (the clocks below their request), if it does.
    pub fn timing_failure(r: &fpga::report::Report) -> Option<String> {
        let missed: Vec<String> = r
            .clocks
            .iter()
            .filter(|c| !c.met())
            .map(|c| {
                let got = c.achieved_mhz.map_or("no".to_string(), |a| format!("{a:.2}"));
                format!("clock '{}' reaches {got} MHz, {:.2} MHz requested", c.name, c.requested_mhz)
            })
            .collect();
        (!missed.is_empty()).then(|| format!("timing failed: {}", missed.join("; ")))
    }

    /// The figures of the schedule report's last function (the top by default).
    pub fn read_hls_report(&mut self, path: &Path) -> Result<(), Error> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Error::internal(format!("no schedule report '{}': {e}", path.display())))?;
        let v: serde_json::Value =
            serde_json::from_str(&text).map_err(|e| Error::internal(format!("{}: {e}", path.display())))?;
        let period = v["clock_period_ns"].as_f64();
        let top = v["functions"].as_array().and_then(|f| f.last());
        if let Some(f) = top {
            self.cycles = f["latency_cycles"].as_u64();
            self.latency_ns = self.cycles.zip(period).map(|(c, p)| (c as f64 * p * 100.0).round() / 100.0);
            self.register_bits = f["register_bits"].as_u64();
            self.est_fmax_mhz = f["estimated_fmax_mhz"].as_f64();
        }
        Ok(())
    }

    /// A metric by its key (`cycles`, `lut4`, `fmax_mhz`, ...), as a number.
    pub fn get(&self, key: &str) -> Option<f64> {
        match key {
            "cycles" => self.cycles.map(|x| x as f64),
            "sim_cycles" => self.sim_cycles.map(|x| x as f64),
            "latency_ns" => self.latency_ns,
            "register_bits" => self.register_bits.map(|x| x as f64),
            "est_fmax_mhz" => self.est_fmax_mhz,
            "lut4" => self.lut4.map(|x| x as f64),
            "dff" => self.dff.map(|x| x as f64),
            "carry" => self.carry.map(|x| x as f64),
            "bram" => self.bram.map(|x| x as f64),
            "fmax_mhz" => self.fmax_mhz,
            "time_s" => self.time_s,
            _ => None,
        }
    }
}

/// One finished point.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The point's number.
    pub point: PointId,
    /// The input's file name.
    pub input: String,
    /// The point's values by axis.
    pub params: BTreeMap<String, Val>,
    /// How it ended.
    pub status: Status,
    /// The first line of the error, for a failed point.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub error: Option<String>,
    /// The point's log, relative to the sweep folder.
    pub log: String,
    /// Its figures.
    pub metrics: Metrics,
}

impl Record {
    /// A record of `p`.
    pub fn new(p: &Point, status: Status, metrics: Metrics, error: Option<String>, log: String) -> Record {
        Record {
            point: p.id,
            input: p.input_name.clone(),
            params: p.params.iter().cloned().collect(),
            status,
            error,
            log,
            metrics,
        }
    }

    /// The record without what changes from run to run (run times), for comparing runs.
    pub fn without_times(&self) -> Record {
        Record { metrics: Metrics { time_s: None, ..self.metrics.clone() }, ..self.clone() }
    }
}

/// `DIR/results.jsonl`, open for appending whole lines (shared by the workers).
pub struct ResultsFile {
    file: Mutex<std::fs::File>,
}

impl ResultsFile {
    /// Opens (creates) `path` for appending.
    pub fn open(path: &Path) -> Result<ResultsFile, Error> {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| Error::user(format!("cannot open '{}': {e}", path.display())))?;
        Ok(ResultsFile { file: Mutex::new(file) })
    }

    /// Appends `r` as one line, written with one call (an append of a whole line).
    pub fn append(&self, r: &Record) -> Result<(), Error> {
        let mut line = serde_json::to_string(r).map_err(|e| Error::internal(e.to_string()))?;
        line.push('\n');
        let mut f = self.file.lock().map_err(|_| Error::internal("results file lock poisoned"))?;
        f.write_all(line.as_bytes())
            .and_then(|_| f.flush())
            .map_err(|e| Error::user(format!("cannot append to results.jsonl: {e}")))
    }
}

/// The records of a results file, merged: one per point (the last), by point number. A
/// missing file has none; a line that does not parse (torn by a kill) is skipped.
pub fn read_results(path: &Path) -> BTreeMap<PointId, Record> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    merge(text.lines().filter_map(|l| serde_json::from_str::<Record>(l).ok()))
}

/// Merges records: the last one of each point wins.
pub fn merge(records: impl IntoIterator<Item = Record>) -> BTreeMap<PointId, Record> {
    records.into_iter().map(|r| (r.point, r)).collect()
}
