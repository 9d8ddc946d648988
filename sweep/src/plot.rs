//! The sweep's plots, as SVG (plotters' SVG backend): cycles against area, one colour per
//! input, each input's Pareto front joined by a line; and for FPGA sweeps the achieved Fmax
//! against the placer's seed, one series per group of points that differ only in the seed
//! (the input and every other axis alike), joined in seed order; a point that missed its
//! clock is drawn hollow.

use crate::points::PointId;
use crate::record::{Record, Status};
use flow::Error;
use plotters::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// One series' points by its label: (x, y, marked: on the front, or timing met).
pub type Series = BTreeMap<String, Vec<(f64, f64, bool)>>;

/// Writes the plots the records have data for; returns their file names.
pub fn write_all(rs: &[&Record], front: &BTreeSet<PointId>, dir: &Path) -> Result<Vec<String>, Error> {
    let mut written = Vec::new();
    let area = crate::summary::area_key(rs);
    let cycles = crate::summary::cycles_key(rs);
    let mut s: Series = BTreeMap::new();
    for r in rs.iter().filter(|r| r.status == Status::Ok) {
        if let (Some(a), Some(c)) = (r.metrics.get(area), r.metrics.get(cycles)) {
            s.entry(r.input.clone()).or_default().push((a, c, front.contains(&r.point)));
        }
    }
    if !s.is_empty() {
        let name = format!("cycles_vs_{area}.svg");
        let label = if area == "lut4" { "LUT4" } else { "register bits (schedule)" };
        let yl = if cycles == "sim_cycles" { "cycles (simulated)" } else { "cycles (report)" };
        scatter(&dir.join(&name), "cycles vs area (Pareto front joined)", label, yl, &s, Join::Front)?;
        written.push(name);
    }
    let f = seed_groups(rs);
    if !f.is_empty() {
        let name = "fmax_vs_seed.svg".to_string();
        let title = "achieved Fmax vs placer seed (hollow: timing failed)";
        scatter(&dir.join(&name), title, "seed", "Fmax MHz", &f, Join::All)?;
        written.push(name);
    }
    Ok(written)
}

/// The Fmax-vs-seed series: the points with a seed and an Fmax (ok or timing failed),
/// grouped by input and the other axes' values (only the axes that vary are named).
pub fn seed_groups(rs: &[&Record]) -> Series {
    let with: Vec<&&Record> = rs
        .iter()
        .filter(|r| {
            r.status != Status::Failed && r.metrics.fmax_mhz.is_some() && r.params.contains_key("seed")
        })
        .collect();
    let names: BTreeSet<&String> =
        with.iter().flat_map(|r| r.params.keys()).filter(|n| *n != "seed").collect();
    let varying: Vec<&String> = names
        .into_iter()
        .filter(|n| {
            let vals: BTreeSet<String> =
                with.iter().map(|r| r.params.get(*n).map(|v| v.text()).unwrap_or_default()).collect();
            vals.len() > 1
        })
        .collect();
    let mut s: Series = BTreeMap::new();
    for r in with {
        let (Some(seed), Some(fmax)) = (r.params.get("seed").and_then(|v| v.num()), r.metrics.fmax_mhz)
        else {
            continue;
        };
        let mut label = r.input.clone();
        for n in &varying {
            if let Some(v) = r.params.get(*n) {
                // A loop axis by its attribute (`hls.unroll`), the loop's name is long.
                let short = n.split_once('[').map_or(n.as_str(), |(a, _)| a);
                label += &format!(" {short}={}", v.text());
            }
        }
        s.entry(label).or_default().push((seed, fmax, r.status == Status::Ok));
    }
    s
}

/// Which points of a series a line joins.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Join {
    /// The front points (marked), in x order.
    Front,
    /// Every point, in x order.
    All,
}

/// The range of `v` with a margin (a single value gets a unit-wide range).
fn range(v: impl Iterator<Item = f64> + Clone) -> std::ops::Range<f64> {
    let lo = v.clone().fold(f64::INFINITY, f64::min);
    let hi = v.fold(f64::NEG_INFINITY, f64::max);
    let pad = ((hi - lo) * 0.08).max(0.5);
    (lo - pad).max(0.0)..hi + pad
}

/// A scatter plot of every series (one colour each, marked points filled and larger);
/// `join` says which points of each series a line joins in x order.
fn scatter(path: &Path, title: &str, xl: &str, yl: &str, s: &Series, join: Join) -> Result<(), Error> {
    let err = |e: String| Error::user(format!("cannot draw '{}': {e}", path.display()));
    let all = || s.values().flatten();
    let (xr, yr) = (range(all().map(|p| p.0)), range(all().map(|p| p.1)));
    let root = SVGBackend::new(path, (760, 480)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| err(e.to_string()))?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(xr, yr)
        .map_err(|e| err(e.to_string()))?;
    chart.configure_mesh().x_desc(xl).y_desc(yl).draw().map_err(|e| err(e.to_string()))?;
    for (i, (input, pts)) in s.iter().enumerate() {
        let color = Palette99::pick(i).to_rgba();
        chart
            .draw_series(pts.iter().map(|&(x, y, on)| {
                let size = if on { 5 } else { 3 };
                Circle::new((x, y), size, if on { color.filled() } else { color.stroke_width(1) })
            }))
            .map_err(|e| err(e.to_string()))?
            .label(input.as_str())
            .legend(move |(x, y)| Circle::new((x, y), 4, color.filled()));
        let mut line: Vec<(f64, f64)> =
            pts.iter().filter(|p| p.2 || join == Join::All).map(|p| (p.0, p.1)).collect();
        line.sort_by(|a, b| a.0.total_cmp(&b.0).then(b.1.total_cmp(&a.1)));
        chart.draw_series(LineSeries::new(line, color.stroke_width(2))).map_err(|e| err(e.to_string()))?;
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()
        .map_err(|e| err(e.to_string()))?;
    root.present().map_err(|e| err(e.to_string()))
}
