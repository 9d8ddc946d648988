//! The figures of a run, read only from the tools' JSON: Yosys's `stat -json` (cells by
//! type) and nextpnr's `--report` (utilisation per BEL type, achieved and requested Fmax per
//! clock). Written as report.json and printed as a table.
//!
//! Resource rows: LUT4, carry and DFF count the synthesized cells (Yosys), against the logic
//! cells of the device (each iCE40 logic cell holds one of each); LC, BRAM, DSP and IO are
//! nextpnr's own used/available figures, except that IO is counted against the package's
//! user pins when the flow knows them (nextpnr counts every I/O site of the die).

use crate::device::{Arch, Device};
use crate::Error;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

/// One resource kind: used and available.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resource {
    /// `LUT4`, `carry`, `DFF`, `LC`, `BRAM`, `DSP`, `IO`.
    pub kind: &'static str,
    /// Used by the design.
    pub used: u64,
    /// On the device (package).
    pub available: u64,
}

/// The timing of one clock.
#[derive(Clone, Debug, PartialEq)]
pub struct Clock {
    /// The clock as the design names it ([`clock_name`]).
    pub name: String,
    /// nextpnr's net name.
    pub net: String,
    /// Achieved Fmax in MHz; `None` when the clock has no register-to-register path.
    pub achieved_mhz: Option<f64>,
    /// Requested frequency in MHz.
    pub requested_mhz: f64,
}

impl Clock {
    /// Whether the clock meets its request (a clock with no path to time meets it).
    pub fn met(&self) -> bool {
        self.achieved_mhz.is_none_or(|a| a >= self.requested_mhz)
    }
}

/// What the HLS schedule promised (HLS input only), set beside the routed Fmax.
#[derive(Clone, Debug, PartialEq)]
pub struct Scheduled {
    /// The clock the kernel was scheduled for, MHz (`1000 / --clock-period`).
    pub clock_mhz: f64,
    /// The HLS report's estimated Fmax, MHz (the slowest function's).
    pub estimated_fmax_mhz: f64,
    /// The top function's cycles from start to done; `None` when they depend on the data.
    pub latency_cycles: Option<u64>,
}

impl Scheduled {
    /// The wall-clock latency in ns at `fmax_mhz`: cycles x period (`None` when the cycles
    /// depend on the data).
    pub fn latency_ns(&self, fmax_mhz: f64) -> Option<f64> {
        self.latency_cycles.map(|c| c as f64 * 1000.0 / fmax_mhz)
    }
}

/// The lowest achieved Fmax over the clocks (`None` when no clock has a timed path).
pub fn achieved_fmax(clocks: &[Clock]) -> Option<f64> {
    clocks.iter().filter_map(|c| c.achieved_mhz).reduce(f64::min)
}

/// Cell counts by type from Yosys's `stat -json` (the whole design).
pub fn read_yosys_stat(path: &Path) -> Result<BTreeMap<String, u64>, Error> {
    let v = read_json(path)?;
    let cells = v
        .pointer("/design/num_cells_by_type")
        .or_else(|| v.get("modules").and_then(|m| m.as_object()?.values().next()?.get("num_cells_by_type")))
        .and_then(Value::as_object)
        .ok_or_else(|| Error::Io(format!("{}: no num_cells_by_type", path.display())))?;
    Ok(cells.iter().map(|(k, n)| (k.clone(), n.as_u64().unwrap_or(0))).collect())
}

/// nextpnr's `--report`: utilisation per BEL type (used, available) and fmax per clock net
/// (achieved, constraint).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PnrReport {
    /// BEL type -> (used, available).
    pub utilization: BTreeMap<String, (u64, u64)>,
    /// Clock net -> (achieved MHz, constraint MHz).
    pub fmax: BTreeMap<String, (f64, f64)>,
}

/// Reads nextpnr's `--report` JSON.
pub fn read_pnr_report(path: &Path) -> Result<PnrReport, Error> {
    let v = read_json(path)?;
    let bad = |what: &str| Error::Io(format!("{}: {what}", path.display()));
    let mut r = PnrReport::default();
    for (bel, u) in v.get("utilization").and_then(Value::as_object).ok_or_else(|| bad("no utilization"))? {
        let get = |k: &str| u.get(k).and_then(Value::as_u64).ok_or_else(|| bad("bad utilization entry"));
        r.utilization.insert(bel.clone(), (get("used")?, get("available")?));
    }
    if let Some(f) = v.get("fmax").and_then(Value::as_object) {
        for (net, t) in f {
            let get = |k: &str| t.get(k).and_then(Value::as_f64).ok_or_else(|| bad("bad fmax entry"));
            r.fmax.insert(net.clone(), (get("achieved")?, get("constraint")?));
        }
    }
    Ok(r)
}

fn read_json(path: &Path) -> Result<Value, Error> {
    let text = std::fs::read_to_string(path).map_err(|e| Error::Io(format!("{}: {e}", path.display())))?;
    serde_json::from_str(&text).map_err(|e| Error::Io(format!("{}: not JSON: {e}", path.display())))
}

/// The synthesized cells of each resource kind (before place and route): LUT4, carry, DFF,
/// BRAM, DSP.
pub fn cell_counts(arch: Arch, cells: &BTreeMap<String, u64>) -> BTreeMap<&'static str, u64> {
    let sum = |f: &dyn Fn(&str) -> bool| cells.iter().filter(|(k, _)| f(k)).map(|(_, n)| n).sum::<u64>();
    let mut m = BTreeMap::new();
    match arch {
        Arch::Ice40 => {
            m.insert("LUT4", sum(&|k| k == "SB_LUT4"));
            m.insert("carry", sum(&|k| k == "SB_CARRY"));
            m.insert("DFF", sum(&|k| k.starts_with("SB_DFF")));
            m.insert("BRAM", sum(&|k| k.starts_with("SB_RAM40")));
            m.insert("DSP", sum(&|k| k == "SB_MAC16"));
        }
        Arch::Ecp5 => {
            m.insert("LUT4", sum(&|k| k == "LUT4"));
            // Each CCU2C is two bits of carry chain.
            m.insert("carry", 2 * sum(&|k| k == "CCU2C"));
            m.insert("DFF", sum(&|k| k == "TRELLIS_FF"));
            m.insert("BRAM", sum(&|k| k == "DP16KD"));
            m.insert("DSP", sum(&|k| k == "MULT18X18D"));
        }
    }
    m
}

/// A clear "does not fit" error when the synthesized cells already exceed the device.
pub fn check_cells_fit(device: &Device, counts: &BTreeMap<&'static str, u64>) -> Result<(), Error> {
    let limits = [("LUT4", device.logic_cells), ("carry", device.logic_cells), ("DFF", device.logic_cells)];
    let limits = limits.into_iter().chain([("BRAM", device.brams), ("DSP", device.dsps)]);
    let over: Vec<String> = limits
        .filter(|&(k, avail)| counts.get(k).copied().unwrap_or(0) > avail)
        .map(|(k, avail)| format!("{} {k} (the device has {avail})", counts[k]))
        .collect();
    if over.is_empty() {
        Ok(())
    } else {
        Err(Error::DoesNotFit(format!(
            "the design does not fit the {}: it needs {}; try a larger --device",
            device.name,
            over.join(", ")
        )))
    }
}

/// The resource rows of a finished run.
pub fn resources(
    device: &Device,
    counts: &BTreeMap<&'static str, u64>,
    pnr: &PnrReport,
    package_pins: Option<usize>,
) -> Vec<Resource> {
    let bel = |names: &[&str]| names.iter().find_map(|n| pnr.utilization.get(*n).copied()).unwrap_or((0, 0));
    let (lc, ram, dsp, io) = match device.arch {
        Arch::Ice40 => {
            (bel(&["ICESTORM_LC"]), bel(&["ICESTORM_RAM"]), bel(&["ICESTORM_DSP"]), bel(&["SB_IO"]))
        }
        // Newer nextpnr-ecp5 counts LUTs as TRELLIS_COMB, older ones slices.
        Arch::Ecp5 => (
            bel(&["TRELLIS_COMB", "TRELLIS_SLICE"]),
            bel(&["DP16KD"]),
            bel(&["MULT18X18D"]),
            bel(&["TRELLIS_IO"]),
        ),
    };
    let cells = device.logic_cells;
    let c = |k: &str| counts.get(k).copied().unwrap_or(0);
    vec![
        Resource { kind: "LUT4", used: c("LUT4"), available: cells },
        Resource { kind: "carry", used: c("carry"), available: cells },
        Resource { kind: "DFF", used: c("DFF"), available: cells },
        Resource { kind: "LC", used: lc.0, available: lc.1 },
        Resource { kind: "BRAM", used: ram.0, available: ram.1 },
        Resource { kind: "DSP", used: dsp.0, available: dsp.1 },
        Resource { kind: "IO", used: io.0, available: package_pins.map_or(io.1, |p| p as u64) },
    ]
}

/// The design's name of a clock net: the clock port among its `$`-separated parts
/// (`clk$SB_IO_IN_$glb_clk`, `$glbnet$clk$TRELLIS_IO_IN`), else its first part that is not
/// `glbnet`.
pub fn clock_name(net: &str, clock_ports: &[String]) -> String {
    let parts: Vec<&str> = net.split('$').filter(|p| !p.is_empty()).collect();
    parts
        .iter()
        .find(|p| clock_ports.iter().any(|c| c == *p))
        .or_else(|| parts.iter().find(|p| **p != "glbnet"))
        .map_or_else(|| net.to_string(), |p| p.to_string())
}

/// The clocks: every clock net nextpnr timed, plus every clock port it did not (no
/// register-to-register path), at the requested frequency.
pub fn clocks(pnr: &PnrReport, clock_ports: &[String], requested_mhz: f64) -> Vec<Clock> {
    let short = |net: &str| clock_name(net, clock_ports);
    let mut v: Vec<Clock> = pnr
        .fmax
        .iter()
        .map(|(net, &(achieved, constraint))| Clock {
            name: short(net),
            net: net.clone(),
            achieved_mhz: Some(achieved),
            requested_mhz: constraint,
        })
        .collect();
    for p in clock_ports {
        if !v.iter().any(|c| &c.name == p) {
            v.push(Clock { name: p.clone(), net: p.clone(), achieved_mhz: None, requested_mhz });
        }
    }
    v.sort_by(|a, b| a.name.cmp(&b.name));
    v
}

/// Everything report.json holds.
#[derive(Clone, Debug)]
pub struct Report {
    /// The top module.
    pub top: String,
    /// The device.
    pub device: Device,
    /// The package.
    pub package: String,
    /// The placer seed.
    pub seed: u64,
    /// `yosys` or `native`.
    pub synth: &'static str,
    /// Resource rows.
    pub resources: Vec<Resource>,
    /// nextpnr's figures, as it wrote them.
    pub pnr: PnrReport,
    /// Yosys's cells by type.
    pub cells: BTreeMap<String, u64>,
    /// Clocks.
    pub clocks: Vec<Clock>,
    /// Tool name -> version line.
    pub tools: BTreeMap<String, String>,
    /// Each step: name, command line, inputs, outputs, log.
    pub steps: Vec<Value>,
    /// Output files: role -> file name.
    pub files: BTreeMap<&'static str, String>,
    /// The HLS schedule's clock, estimate and cycles (HLS input only).
    pub scheduled: Option<Scheduled>,
}

impl Report {
    /// The report as JSON (keys sorted: the output is deterministic).
    pub fn to_json(&self) -> Value {
        let res: Map<String, Value> = self
            .resources
            .iter()
            .map(|r| (r.kind.to_string(), json!({"used": r.used, "available": r.available})))
            .collect();
        let bels: Map<String, Value> = self
            .pnr
            .utilization
            .iter()
            .map(|(k, (u, a))| (k.clone(), json!({"used": u, "available": a})))
            .collect();
        let clocks: Map<String, Value> = self
            .clocks
            .iter()
            .map(|c| {
                (
                    c.name.clone(),
                    json!({"net": c.net, "achieved_mhz": c.achieved_mhz, "requested_mhz": c.requested_mhz,
                           "met": c.met()}),
                )
            })
            .collect();
        let mut v = json!({
            "top": self.top,
            "arch": self.device.arch.name(),
            "device": self.device.name,
            "package": self.package,
            "seed": self.seed,
            "synth": self.synth,
            "resources": res,
            "bels": bels,
            "cells": self.cells,
            "clocks": clocks,
            "tools": self.tools,
            "steps": self.steps,
            "files": self.files,
        });
        if let Some(sch) = self.schedule_json() {
            v["schedule"] = sch;
        }
        v
    }

    /// report.json's `schedule`: the scheduled clock, the HLS estimate and the achieved Fmax
    /// side by side, and the latency in cycles and in ns at the achieved Fmax (cycles "depends
    /// on data" and ns `null` for a data-dependent latency).
    fn schedule_json(&self) -> Option<Value> {
        let s = self.scheduled.as_ref()?;
        let achieved = achieved_fmax(&self.clocks);
        let cycles = s.latency_cycles.map_or_else(|| json!("depends on data"), |c| json!(c));
        Some(json!({
            "scheduled_clock_mhz": s.clock_mhz,
            "estimated_fmax_mhz": s.estimated_fmax_mhz,
            "achieved_fmax_mhz": achieved,
            "estimated_over_achieved": achieved.map(|a| s.estimated_fmax_mhz / a),
            "met": self.clocks.iter().all(Clock::met),
            "latency_cycles": cycles,
            "latency_ns": achieved.and_then(|a| s.latency_ns(a)),
        }))
    }

    /// The table's scheduled-vs-achieved lines (HLS input only).
    fn schedule_table(&self, s: &mut String) {
        let Some(sch) = &self.scheduled else { return };
        let achieved = achieved_fmax(&self.clocks);
        let _ = writeln!(
            s,
            "{:<10} {:>12} {:>14} {:>13}",
            "timing", "scheduled MHz", "estimated MHz", "achieved MHz"
        );
        let got = achieved.map_or_else(|| "-".into(), |a| format!("{a:.2}"));
        let verdict = if self.clocks.iter().all(Clock::met) { "met" } else { "FAILED" };
        let _ = writeln!(
            s,
            "{:<10} {:>12.2} {:>14.2} {:>13}  {verdict}",
            "HLS", sch.clock_mhz, sch.estimated_fmax_mhz, got
        );
        let latency = match (sch.latency_cycles, achieved) {
            (Some(c), Some(a)) => {
                format!(
                    "{c} cycles x {:.2} ns = {:.1} ns at the achieved Fmax",
                    1000.0 / a,
                    c as f64 * 1000.0 / a
                )
            }
            (Some(c), None) => format!("{c} cycles (no register-to-register path to time)"),
            (None, _) => "depends on data".into(),
        };
        let _ = writeln!(s, "{:<10} {latency}", "latency");
    }

    /// The table printed at the end of a run.
    pub fn table(&self) -> String {
        let mut s = format!("{} on {} ({}), seed {}\n", self.top, self.device.name, self.package, self.seed);
        let _ = writeln!(s, "{:<10} {:>8} {:>10} {:>6}", "resource", "used", "available", "util");
        for r in &self.resources {
            let pct = if r.available > 0 {
                format!("{:.0}%", 100.0 * r.used as f64 / r.available as f64)
            } else {
                "-".into()
            };
            let _ = writeln!(s, "{:<10} {:>8} {:>10} {:>6}", r.kind, r.used, r.available, pct);
        }
        let _ = writeln!(s, "{:<10} {:>12} {:>14}", "clock", "Fmax MHz", "requested MHz");
        for c in &self.clocks {
            let (got, verdict) = match c.achieved_mhz {
                Some(a) => (format!("{a:.2}"), if c.met() { "met" } else { "FAILED" }),
                None => ("-".into(), "no register-to-register path"),
            };
            let _ = writeln!(s, "{:<10} {:>12} {:>14.2}  {verdict}", c.name, got, c.requested_mhz);
        }
        self.schedule_table(&mut s);
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_names_from_nets() {
        let ports = vec!["clk".to_string(), "sys".to_string()];
        assert_eq!(clock_name("clk$SB_IO_IN_$glb_clk", &ports), "clk");
        assert_eq!(clock_name("$glbnet$sys$TRELLIS_IO_IN", &ports), "sys");
        assert_eq!(clock_name("$glbnet$other", &ports), "other");
        let pnr = PnrReport {
            utilization: BTreeMap::new(),
            fmax: BTreeMap::from([("clk$SB_IO_IN_$glb_clk".to_string(), (99.5, 100.0))]),
        };
        let c = clocks(&pnr, &ports, 100.0);
        assert_eq!(c.len(), 2);
        assert_eq!((c[0].name.as_str(), c[0].achieved_mhz, c[0].met()), ("clk", Some(99.5), false));
        assert_eq!((c[1].name.as_str(), c[1].achieved_mhz, c[1].met()), ("sys", None, true));
    }
}
