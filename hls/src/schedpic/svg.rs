//! A chart as SVG, written by hand (no plotting library: rectangles, lines and text are
//! all it takes, and the output stays byte-for-byte deterministic).
//!
//! Rows are the ops (label on the left, operator type beside it), x is cycles (one column
//! per cycle, headed by its number and FSM state). A bar runs from the time an op's
//! operands arrive in its start cycle to the time its result is ready, coloured by unit
//! class (legend at the bottom); hovering shows the details. A pipelined loop's stages are
//! shaded bands II cycles wide, and its modulo reservation table follows: one row per
//! limited resource, one column per II slot, the ops holding it in that slot.

use super::{Chart, Row};
use std::collections::BTreeSet;
use std::fmt::Write;

/// The colour of each unit class, in legend order.
pub const CLASSES: [(&str, &str); 11] = [
    ("memory read", "#4e79a7"),
    ("memory write", "#76b7b2"),
    ("multiplier", "#e15759"),
    ("constant multiply", "#ff9d9a"),
    ("divider", "#b07aa1"),
    ("float", "#9c755f"),
    ("adder", "#f28e2b"),
    ("compare", "#edc948"),
    ("multiplexer", "#59a14f"),
    ("logic", "#8cd17d"),
    ("wiring", "#bab0ac"),
];

const CHAR_W: f64 = 6.6;
const ROW_H: f64 = 20.0;
const TOP: f64 = 76.0;

/// XML text escaping.
pub fn xml(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn colour(class: &str) -> &'static str {
    CLASSES.iter().find(|(c, _)| *c == class).map_or("#999999", |(_, c)| c)
}

/// Geometry of one chart.
struct Geo {
    /// Width of the label column.
    label_w: f64,
    /// Width of the unit column.
    unit_w: f64,
    /// Width of one cycle.
    cycle_w: f64,
    /// Width the longest state name needs.
    state_w: f64,
}

impl Geo {
    fn new(c: &Chart) -> Geo {
        let longest = |it: &mut dyn Iterator<Item = usize>| it.max().unwrap_or(4) as f64;
        let label_w = longest(&mut c.rows.iter().map(|r| r.label.len()).chain([16])) * CHAR_W + 14.0;
        let unit_w = longest(&mut c.rows.iter().map(|r| r.unit.len())) * CHAR_W + 14.0;
        let state = longest(&mut c.states.iter().map(String::len)) * 6.0 + 10.0;
        // Long blocks (a sequential divider's steps) get narrower columns, their states
        // shown on hover.
        let fit = (1400.0 / f64::from(c.length.max(1))).max(24.0);
        Geo { label_w, unit_w, cycle_w: state.clamp(56.0, 150.0).min(fit), state_w: state }
    }
    /// x of cycle `c` at `t` ns into it.
    fn x(&self, c: u32, t: f64, period: f64) -> f64 {
        self.label_w + self.unit_w + (f64::from(c) + (t / period).clamp(0.0, 1.0)) * self.cycle_w
    }
}

/// The SVG of one chart; `period` is the chaining budget a cycle's width stands for.
pub fn chart_svg(c: &Chart, period: f64) -> String {
    let g = Geo::new(c);
    let grid_w = f64::from(c.length) * g.cycle_w;
    let width = (g.label_w + g.unit_w + grid_w + 10.0).max(c.title.len() as f64 * 7.9 + 12.0);
    let rows_h = ROW_H * c.rows.len() as f64;
    let mrt = c.pipeline.map(|(ii, _)| mrt_rows(c, ii));
    let mrt_h = mrt.as_ref().map_or(0.0, |m| 34.0 + ROW_H * m.len().max(1) as f64);
    let height = TOP + rows_h + mrt_h + 50.0;
    let mut o = String::new();
    let _ = writeln!(
        o,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"monospace\" font-size=\"11\">"
    );
    let _ = writeln!(o, "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>");
    let _ =
        writeln!(o, "<text x=\"4\" y=\"16\" font-size=\"13\" font-weight=\"bold\">{}</text>", xml(&c.title));
    let x0 = g.label_w + g.unit_w;
    if let Some((ii, stages)) = c.pipeline {
        stage_bands(&mut o, &g, c.length, ii, stages, rows_h);
    }
    // Cycle columns: number, state, grid line.
    for cy in 0..c.length {
        let x = x0 + f64::from(cy) * g.cycle_w;
        let _ = writeln!(
            o,
            "<line x1=\"{x:.1}\" y1=\"{:.1}\" x2=\"{x:.1}\" y2=\"{:.1}\" stroke=\"#d0d0d0\"/>",
            TOP - 28.0,
            TOP + rows_h
        );
        let mid = x + g.cycle_w / 2.0;
        let state = c.states.get(cy as usize).map_or("", String::as_str);
        let _ = writeln!(
            o,
            "<text x=\"{mid:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{cy}<title>{}</title></text>",
            TOP - 18.0,
            xml(state)
        );
        if g.cycle_w < g.state_w {
            continue;
        }
        let _ = writeln!(
            o,
            "<text x=\"{mid:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"9\" fill=\"#555555\">{}</text>",
            TOP - 5.0,
            xml(state)
        );
    }
    let _ = writeln!(
        o,
        "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"#d0d0d0\"/>",
        x0 + grid_w,
        TOP - 28.0,
        x0 + grid_w,
        TOP + rows_h
    );
    let _ = writeln!(o, "<text x=\"4\" y=\"{:.1}\" fill=\"#555555\">op (source line)</text>", TOP - 5.0);
    let _ = writeln!(o, "<text x=\"{:.1}\" y=\"{:.1}\" fill=\"#555555\">unit</text>", g.label_w, TOP - 5.0);
    for (i, r) in c.rows.iter().enumerate() {
        row(&mut o, &g, r, TOP + ROW_H * i as f64, period);
    }
    let mut y = TOP + rows_h + 10.0;
    if let (Some(m), Some((ii, _))) = (&mrt, c.pipeline) {
        y = mrt_table(&mut o, &g, m, ii, y);
    }
    legend(&mut o, c.rows.iter().map(|r| r.class).collect(), y + 16.0);
    o.push_str("</svg>\n");
    o
}

/// Shaded bands, one per stage, with `stage k` and the II marked.
fn stage_bands(o: &mut String, g: &Geo, length: u32, ii: u32, stages: u32, rows_h: f64) {
    for k in 0..stages {
        let (a, b) = (k * ii, ((k + 1) * ii).min(length));
        let x = g.x(a, 0.0, 1.0);
        let w = f64::from(b - a) * g.cycle_w;
        let fill = if k % 2 == 0 { "#eef3fb" } else { "#fbf6ea" };
        let _ = writeln!(
            o,
            "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"{w:.1}\" height=\"{:.1}\" fill=\"{fill}\"/>",
            TOP - 2.0,
            rows_h + 2.0
        );
        let _ = writeln!(
            o,
            "<text x=\"{:.1}\" y=\"{:.1}\" fill=\"#33558a\" font-size=\"10\">stage {k}</text>",
            x + 3.0,
            TOP - 34.0
        );
        if k > 0 {
            let _ = writeln!(
                o,
                "<line x1=\"{x:.1}\" y1=\"{:.1}\" x2=\"{x:.1}\" y2=\"{:.1}\" stroke=\"#33558a\" stroke-width=\"1.5\" stroke-dasharray=\"5,3\"/>",
                TOP - 40.0,
                TOP + rows_h
            );
        }
    }
    let x = g.x(0, 0.0, 1.0);
    let _ = writeln!(
        o,
        "<text x=\"{:.1}\" y=\"{:.1}\" fill=\"#33558a\" font-size=\"10\" text-anchor=\"end\">II = {ii}, {stages} stages</text>",
        x - 6.0,
        TOP - 34.0
    );
}

/// One op's row: label, unit, bar with a tooltip.
fn row(o: &mut String, g: &Geo, r: &Row, y: f64, period: f64) {
    let ty = y + ROW_H * 0.7;
    let _ = writeln!(o, "<text x=\"4\" y=\"{ty:.1}\">{}</text>", xml(&r.label));
    let _ =
        writeln!(o, "<text x=\"{:.1}\" y=\"{ty:.1}\" fill=\"#555555\">{}</text>", g.label_w, xml(&r.unit));
    let x1 = g.x(r.start, r.time, period);
    let x2 = g.x(r.ready_cycle, r.ready_time, period).max(x1 + 4.0);
    let tip = format!(
        "{}\n{} ({}): starts in cycle {} at {:.2} ns, result in cycle {} at {:.2} ns",
        r.label, r.unit, r.class, r.start, r.time, r.ready_cycle, r.ready_time
    );
    let _ = writeln!(
        o,
        "<rect x=\"{x1:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" rx=\"2\" fill=\"{}\" stroke=\"#333333\" stroke-width=\"0.5\"><title>{}</title></rect>",
        y + 4.0,
        x2 - x1,
        ROW_H - 8.0,
        colour(r.class),
        xml(&tip)
    );
}

/// The modulo reservation table: per limited resource, the ops holding it in each slot.
fn mrt_rows(c: &Chart, ii: u32) -> Vec<(String, u32, Vec<Vec<String>>)> {
    let ii = ii.max(1);
    let mut rows: Vec<(String, u32, Vec<Vec<String>>)> =
        c.resources.iter().map(|(n, l)| (n.clone(), *l, vec![Vec::new(); ii as usize])).collect();
    for r in &c.rows {
        if let Some((occ, res)) = r.holds {
            for k in 0..occ {
                let slot = ((r.start + k) % ii) as usize;
                rows[res].2[slot].push(short(&r.label));
            }
        }
    }
    rows
}

/// `gemm.mlir:14 load A %a` as `:14 load A`.
fn short(label: &str) -> String {
    let mut parts = label.split(' ');
    let at = parts.next().unwrap_or("");
    let line = at.rsplit_once(':').map_or(at, |(_, l)| l);
    let op: Vec<&str> = parts.filter(|p| !p.starts_with('%')).collect();
    format!("L{line} {}", op.join(" "))
}

/// Draws the table at `y`; returns the y below it.
fn mrt_table(o: &mut String, g: &Geo, rows: &[(String, u32, Vec<Vec<String>>)], ii: u32, y: f64) -> f64 {
    let _ = writeln!(
        o,
        "<text x=\"4\" y=\"{:.1}\" font-weight=\"bold\">modulo reservation table: limited resources by slot (cycle mod {ii})</text>",
        y + 12.0
    );
    let x0 = g.label_w + g.unit_w;
    for s in 0..ii {
        let _ = writeln!(
            o,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">slot {s}</text>",
            x0 + (f64::from(s) + 0.5) * g.cycle_w,
            y + 28.0
        );
    }
    let mut y = y + 34.0;
    if rows.is_empty() {
        let _ =
            writeln!(o, "<text x=\"4\" y=\"{:.1}\" fill=\"#555555\">no limited resource</text>", y + 14.0);
        return y + ROW_H;
    }
    for (name, limit, slots) in rows {
        let _ = writeln!(o, "<text x=\"4\" y=\"{:.1}\">{} (limit {limit})</text>", y + 14.0, xml(name));
        for (s, ops) in slots.iter().enumerate() {
            let x = x0 + s as f64 * g.cycle_w;
            let full = ops.len() as u32 >= *limit;
            let fill = if ops.is_empty() {
                "#ffffff"
            } else if full {
                "#f6c9c9"
            } else {
                "#d9ead3"
            };
            let _ = writeln!(
                o,
                "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{fill}\" stroke=\"#999999\"><title>{}</title></rect>",
                g.cycle_w,
                ROW_H,
                xml(&format!("{name} slot {s}: {}/{limit} used: {}", ops.len(), ops.join(", ")))
            );
            if !ops.is_empty() {
                let _ = writeln!(
                    o,
                    "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"9\">{}</text>",
                    x + 3.0,
                    y + 14.0,
                    xml(&ops.join(", "))
                );
            }
        }
        y += ROW_H;
    }
    y
}

/// The legend of the classes present.
fn legend(o: &mut String, present: BTreeSet<&str>, y: f64) {
    let mut x = 4.0;
    for (class, col) in CLASSES.iter().filter(|(c, _)| present.contains(c)) {
        let _ = writeln!(
            o,
            "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"12\" height=\"12\" fill=\"{col}\" stroke=\"#333333\" stroke-width=\"0.5\"/>",
            y - 10.0
        );
        let _ = writeln!(o, "<text x=\"{:.1}\" y=\"{y:.1}\">{class}</text>", x + 16.0);
        x += 16.0 + class.len() as f64 * CHAR_W + 14.0;
    }
}
