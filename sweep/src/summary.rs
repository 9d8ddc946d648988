//! What people read: `summary.md` (the table sorted by the objective, the Pareto front of
//! each input marked), `summary.csv`, the plots, and each input's best point re-emitted
//! into `best/INPUT/` (its SystemVerilog, and its bitstream for FPGA points).
//!
//! The Pareto front is taken per input (points of different kernels do not compare) over
//! cycles (simulated when measured, else the report's; fewer is better), area (LUT4, or the schedule's register bits when no FPGA
//! flow ran; fewer is better) and, when measured, Fmax (more is better).

use crate::points::PointId;
use crate::record::{Record, Status};
use crate::spec::{Mode, Spec};
use flow::Error;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;

/// Totals of a summary.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Totals {
    /// Failed points.
    pub failed: usize,
    /// Sum of the points' own run times, s.
    pub sum_time_s: f64,
}

/// The metric columns, in table order: (record key, heading).
const COLUMNS: &[(&str, &str)] = &[
    ("cycles", "cycles"),
    ("sim_cycles", "sim cycles"),
    ("latency_ns", "latency ns"),
    ("register_bits", "reg bits"),
    ("lut4", "LUT4"),
    ("dff", "DFF"),
    ("carry", "carry"),
    ("bram", "BRAM"),
    ("fmax_mhz", "Fmax MHz"),
    ("time_s", "time s"),
];

/// The cycle metric the front uses: the simulated cycles when measured, else the report's.
pub fn cycles_key(records: &[&Record]) -> &'static str {
    if records.iter().any(|r| r.metrics.sim_cycles.is_some()) {
        "sim_cycles"
    } else {
        "cycles"
    }
}

/// The area metric the front uses: LUT4 when any point has it, else register bits.
pub fn area_key(records: &[&Record]) -> &'static str {
    if records.iter().any(|r| r.metrics.lut4.is_some()) {
        "lut4"
    } else {
        "register_bits"
    }
}

/// The points on the Pareto front of `pts` (each a vector of values to minimize): those no
/// other point is at least as good as in every value and better in one.
pub fn pareto(pts: &[(PointId, Vec<f64>)]) -> BTreeSet<PointId> {
    let dominates =
        |a: &[f64], b: &[f64]| a.iter().zip(b).all(|(x, y)| x <= y) && a.iter().zip(b).any(|(x, y)| x < y);
    pts.iter().filter(|(_, v)| !pts.iter().any(|(_, w)| dominates(w, v))).map(|(id, _)| *id).collect()
}

/// The front of each input's finished points, over cycles, area and (if measured) Fmax.
pub fn fronts(records: &[&Record]) -> BTreeSet<PointId> {
    let area = area_key(records);
    let cycles = cycles_key(records);
    let with_fmax = records.iter().any(|r| r.metrics.fmax_mhz.is_some());
    let mut by_input: BTreeMap<&str, Vec<(PointId, Vec<f64>)>> = BTreeMap::new();
    for r in records.iter().filter(|r| r.status == Status::Ok) {
        let m = &r.metrics;
        let (Some(c), Some(a)) = (m.get(cycles), m.get(area)) else { continue };
        let mut v = vec![c, a];
        if with_fmax {
            v.push(-m.fmax_mhz.unwrap_or(0.0));
        }
        by_input.entry(&r.input).or_default().push((r.point, v));
    }
    by_input.values().flat_map(|pts| pareto(pts)).collect()
}

/// The records sorted by the objective (best first; failed and unmeasured last).
pub fn sorted<'a>(spec: &Spec, records: &'a BTreeMap<PointId, Record>) -> Vec<&'a Record> {
    let key = spec.objective.key();
    let sign = if spec.objective.maximize() { -1.0 } else { 1.0 };
    let mut v: Vec<&Record> = records.values().collect();
    v.sort_by(|a, b| {
        let ka = a.metrics.get(key).filter(|_| a.status == Status::Ok).map(|x| x * sign);
        let kb = b.metrics.get(key).filter(|_| b.status == Status::Ok).map(|x| x * sign);
        match (ka, kb) {
            (Some(x), Some(y)) => x.total_cmp(&y).then(a.point.cmp(&b.point)),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => a.point.cmp(&b.point),
        }
    });
    v
}

/// The table's rows: heading, then one row per record (sorted).
fn rows(rs: &[&Record], front: &BTreeSet<PointId>) -> Vec<Vec<String>> {
    let varying: Vec<String> = {
        let mut names: BTreeSet<&String> = BTreeSet::new();
        for r in rs {
            names.extend(r.params.keys());
        }
        names
            .into_iter()
            .filter(|n| {
                let vals: BTreeSet<String> =
                    rs.iter().map(|r| r.params.get(*n).map(|v| v.text()).unwrap_or_default()).collect();
                vals.len() > 1
            })
            .cloned()
            .collect()
    };
    let cols: Vec<&(&str, &str)> =
        COLUMNS.iter().filter(|(k, _)| rs.iter().any(|r| r.metrics.get(k).is_some())).collect();
    let mut head = vec!["point".to_string(), "input".to_string()];
    head.extend(varying.iter().cloned());
    head.extend(cols.iter().map(|(_, h)| h.to_string()));
    head.extend(["front".to_string(), "status".to_string()]);
    let mut out = vec![head];
    for r in rs {
        let mut row = vec![r.point.folder(), r.input.clone()];
        row.extend(varying.iter().map(|n| r.params.get(n).map(|v| v.text()).unwrap_or_default()));
        row.extend(cols.iter().map(|(k, _)| fmt_metric(k, r.metrics.get(k))));
        row.push(if front.contains(&r.point) { "*".into() } else { String::new() });
        row.push(r.status.text().to_string());
        out.push(row);
    }
    out
}

fn fmt_metric(key: &str, v: Option<f64>) -> String {
    match v {
        None => String::new(),
        Some(x) if key == "time_s" => format!("{x:.2}"),
        Some(x) if x.fract() == 0.0 => format!("{x:.0}"),
        Some(x) => format!("{x:.2}"),
    }
}

/// Writes summary.md, summary.csv, the plots and best/; returns the totals.
pub fn write(spec: &Spec, records: &BTreeMap<PointId, Record>, dir: &Path) -> Result<Totals, Error> {
    let rs = sorted(spec, records);
    let front = fronts(&rs);
    let table = rows(&rs, &front);
    let failed = rs.iter().filter(|r| r.status != Status::Ok).count();
    let sum_time_s = rs.iter().filter_map(|r| r.metrics.time_s).sum();
    let write = |name: &str, text: &str| crate::run::write_atomic(&dir.join(name), text.as_bytes());
    write("summary.csv", &csv(&table))?;
    let plots = crate::plot::write_all(&rs, &front, dir)?;
    let best = best(spec, &rs, dir)?;
    let mut md = String::new();
    let _ = writeln!(md, "# Sweep {}\n", spec.name());
    let _ = writeln!(
        md,
        "{} points, {} failed, mode {:?}, sorted by {} ({}). `*`: on the Pareto front of its input ({} x {}{}).\n",
        rs.len(),
        failed,
        spec.mode,
        spec.objective.key(),
        if spec.objective.maximize() { "largest first" } else { "smallest first" },
        cycles_key(&rs),
        area_key(&rs),
        if rs.iter().any(|r| r.metrics.fmax_mhz.is_some()) { " x Fmax" } else { "" }
    );
    md.push_str(&markdown(&table));
    if failed > 0 {
        md.push_str("\n## Failed points\n\n");
        for r in rs.iter().filter(|r| r.status != Status::Ok) {
            let _ = writeln!(
                md,
                "- {} ({}): {} — log `{}`",
                r.point.folder(),
                r.input,
                r.error.as_deref().unwrap_or(""),
                r.log
            );
        }
    }
    if !best.is_empty() {
        md.push_str("\n## Best points\n\n");
        for (input, id) in &best {
            let _ = writeln!(md, "- {input}: point {} (in `best/{}/`)", id.folder(), stem(input));
        }
    }
    for p in plots {
        let _ = writeln!(md, "\n![{p}]({p})");
    }
    write("summary.md", &md)?;
    Ok(Totals { failed, sum_time_s })
}

fn stem(input: &str) -> &str {
    input.strip_suffix(".mlir").unwrap_or(input)
}

fn markdown(rows: &[Vec<String>]) -> String {
    let mut s = String::new();
    for (i, r) in rows.iter().enumerate() {
        let _ = writeln!(s, "| {} |", r.join(" | "));
        if i == 0 {
            let _ = writeln!(s, "|{}", " --- |".repeat(r.len()));
        }
    }
    s
}

fn csv(rows: &[Vec<String>]) -> String {
    let quote = |c: &String| {
        if c.contains([',', '"', '\n']) {
            format!("\"{}\"", c.replace('"', "\"\""))
        } else {
            c.clone()
        }
    };
    rows.iter().map(|r| r.iter().map(quote).collect::<Vec<_>>().join(",") + "\n").collect()
}

/// Copies each input's best point (first of the sorted finished records) into best/INPUT/:
/// its SystemVerilog, and for FPGA points the bitstream and reports.
fn best(spec: &Spec, rs: &[&Record], dir: &Path) -> Result<Vec<(String, PointId)>, Error> {
    let mut chosen: BTreeMap<&str, &Record> = BTreeMap::new();
    for r in rs.iter().filter(|r| r.status == Status::Ok && r.metrics.get(spec.objective.key()).is_some()) {
        chosen.entry(&r.input).or_insert(r);
    }
    let mut out = Vec::new();
    for (input, r) in chosen {
        let from = dir.join("points").join(r.point.folder());
        let to = dir.join("best").join(stem(input));
        let _ = std::fs::remove_dir_all(&to);
        std::fs::create_dir_all(&to)
            .map_err(|e| Error::user(format!("cannot create '{}': {e}", to.display())))?;
        let files: Vec<std::path::PathBuf> = match spec.mode {
            Mode::Hls => vec![from.join("design.sv"), from.join("report.json")],
            Mode::Fpga => std::fs::read_dir(from.join("fpga"))
                .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
                .unwrap_or_default(),
        };
        for f in files.iter().filter(|f| f.is_file()) {
            let name = f.file_name().unwrap_or_default();
            std::fs::copy(f, to.join(name))
                .map_err(|e| Error::user(format!("cannot copy '{}': {e}", f.display())))?;
        }
        out.push((input.to_string(), r.point));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_front_keeps_the_undominated_points() {
        let p = |i, a: f64, b: f64| (PointId(i), vec![a, b]);
        let pts = [p(0, 10.0, 5.0), p(1, 5.0, 10.0), p(2, 10.0, 10.0), p(3, 6.0, 6.0), p(4, 5.0, 10.0)];
        let front: Vec<usize> = pareto(&pts).into_iter().map(|i| i.0).collect();
        assert_eq!(front, vec![0, 1, 3, 4], "2 is dominated; equal points both stay");
    }
}
