//! The middle of the flow: the -O pipeline (with `flatten` first when asked), then the LUT
//! mapping, each pass verified; `print_after`, `time_passes` and `stats` print on standard
//! error.
//!
//! Under -O2 the LUT mapping is also tried on the -O1 netlist and the mapping with fewer
//! LUTs is kept: a word-level rewrite can hand the mapper a structure that maps worse.
//! That choice lives here once, for the command line and for the FPGA flow's native path
//! (which takes its carry chains, multipliers and memories out of both netlists before
//! mapping, through the `prepare` hook of [`map_keeping_smaller`]).

use crate::error::{Error, Result};
use crate::options::{LutOptions, OptLevel, Options};
use comb::passes::{self, Pass, PassManager, PassReport};
use comb::Design;

/// The pass manager the options ask for: MLIR printing, `print_after`, `time_passes`.
pub fn pass_manager(o: &Options) -> PassManager {
    PassManager {
        printer: |d| backends::mlir::emit(d, false),
        print_after: o.print_after.clone(),
        time_passes: o.time_passes,
        ..Default::default()
    }
}

/// The -O pipeline of `level`, with `flatten` first when asked.
pub fn pipeline(level: OptLevel, flatten: bool) -> Vec<Box<dyn Pass>> {
    let mut p = passes::pipeline(level);
    if flatten {
        p.insert(0, passes::by_name("flatten").expect("flatten is registered"));
    }
    p
}

/// The netlist passes `--passes` names (after `flatten` when asked), in its order.
fn named_pipeline(names: &[String], flatten: bool) -> Result<Vec<Box<dyn Pass>>> {
    let (_, netlist) = crate::passes::split(names)?;
    let mut p: Vec<Box<dyn Pass>> = netlist.iter().filter_map(|n| passes::by_name(n)).collect();
    if flatten {
        p.insert(0, passes::by_name("flatten").expect("flatten is registered"));
    }
    Ok(p)
}

/// A broken netlist after a pass is a bug of the pass.
fn pass_error(e: String) -> Error {
    Error::internal(e)
}

/// Takes a built design through the options' pipeline and LUT mapping, printing what
/// the options ask for.
pub fn optimize(o: &Options, design: Design) -> Result<Design> {
    let pm = pass_manager(o);
    let (design, (), reports) = match (o.lut, &o.passes) {
        (lut, Some(names)) => {
            // Exactly the named passes, then the LUT mapping if asked (no -O1 alternative).
            let mut design = design;
            let mut reports =
                pm.run(&mut design, &mut named_pipeline(names, o.flatten)?).map_err(pass_error)?;
            if let Some(lut) = lut {
                reports.extend(map_luts(&pm, &mut design, lut, o.opt == OptLevel::O2)?);
            }
            (design, (), reports)
        }
        (None, None) => {
            let mut design = design;
            let reports = pm.run(&mut design, &mut pipeline(o.opt, o.flatten)).map_err(pass_error)?;
            (design, (), reports)
        }
        (Some(lut), None) => map_keeping_smaller(&pm, design, (o.opt, o.flatten), lut, |_| ())?,
    };
    for r in &reports {
        if let Some(text) = &r.printed {
            crate::stdio::err(&format!("// -----// IR after {} //----- //\n{text}", r.name));
        }
    }
    if pm.time_passes {
        crate::stdio::err(&passes::format_times(&reports));
    }
    if o.stats {
        crate::stdio::err(&comb::lutmap::stats::format_stats(&design));
    }
    Ok(design)
}

/// Maps `base` (a design before its pipeline): the pipeline of `level` (after `flatten`),
/// then `prepare` (which may take parts out of the netlist and say what it took), then the
/// LUT mapping, verified like any pass. Under -O2 the LUT-level e-graph rules alternate
/// with the mapper, and `base` is also taken through -O1, `prepare` and the mapper; of the
/// two the mapping with fewer LUTs is kept, with what its `prepare` returned. The reports
/// are those of the main (`pm`) run; the -O1 alternative runs quietly.
pub fn map_keeping_smaller<T>(
    pm: &PassManager,
    base: Design,
    (level, flatten): (OptLevel, bool),
    lut: LutOptions,
    prepare: impl Fn(&mut Design) -> T,
) -> Result<(Design, T, Vec<PassReport>)> {
    let o2 = level == OptLevel::O2;
    let alternative = o2.then(|| base.clone());
    let mut design = base;
    let mut reports = pm.run(&mut design, &mut pipeline(level, flatten)).map_err(pass_error)?;
    let taken = prepare(&mut design);
    reports.extend(map_luts(pm, &mut design, lut, o2)?);
    if let Some(mut alt) = alternative {
        // A pipeline repeats until nothing changes: the mapper runs on its own, once.
        let quiet = PassManager::default();
        quiet.run(&mut alt, &mut pipeline(OptLevel::O1, flatten)).map_err(pass_error)?;
        let alt_taken = prepare(&mut alt);
        let mut map: Vec<Box<dyn Pass>> =
            vec![Box::new(comb::lutmap::LutMap { k: lut.k, goal: lut.goal, exact_budget: lut.exact_budget })];
        quiet.run(&mut alt, &mut map).map_err(pass_error)?;
        if comb::lutmap::stats::prefer_fewer_luts(&alt, &design) {
            return Ok((alt, alt_taken, reports));
        }
    }
    Ok((design, taken, reports))
}

/// The LUT mapping of `design` (already through its pipeline); with `o2`, the LUT-level
/// e-graph rules follow.
fn map_luts(pm: &PassManager, design: &mut Design, lut: LutOptions, o2: bool) -> Result<Vec<PassReport>> {
    let LutOptions { k, goal, exact_budget } = lut;
    let mut map: Vec<Box<dyn Pass>> = vec![Box::new(comb::lutmap::LutMap { k, goal, exact_budget })];
    if o2 {
        map.push(Box::new(comb::egraph::EGraphLuts { k }));
    }
    // -O2 alternates the mapper and the e-graph LUT optimizer while rounds find networks
    // with fewer LUTs (then less depth), until two rounds in a row find none, and keeps the
    // best (README "-O2 --lut K"): remapping a mapped network is a new start, which ended
    // with fewer LUTs on most EPFL circuits (priority K=6 area 117 -> 106) than the first
    // fixed point, and any round can also end worse.
    if o2 {
        pm.run_keep_best(design, &mut map, comb::lutmap::stats::prefer_fewer_luts, 2)
    } else {
        pm.run(design, &mut map)
    }
    .map_err(pass_error)
}
