//! `--stats`: per module, the number of cells of each kind and, where there are
//! `comb.truth_table` cells, the LUT count and the LUT depth (the most truth tables on
//! any combinational path between boundary cells; wiring, constants and other logic count
//! zero levels).

use crate::ids::ModuleId;
use crate::netlist::{CellKind, Design};
use std::collections::BTreeMap;

/// The statistics of one module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModuleStats {
    /// The module's name.
    pub name: String,
    /// Cell counts by op name, sorted by name.
    pub kinds: BTreeMap<&'static str, usize>,
    /// Number of `comb.truth_table` cells.
    pub luts: usize,
    /// The most `comb.truth_table` cells on one combinational path.
    pub depth: u32,
}

/// The statistics of one module.
pub fn module_stats(design: &Design, mid: ModuleId) -> ModuleStats {
    let m = design.module(mid);
    let mut kinds = BTreeMap::new();
    let mut depth = vec![0u32; m.id_bound()];
    let mut luts = 0;
    let mut max = 0;
    for c in crate::passes::local_order(design, mid) {
        let cell = m.cell(c);
        *kinds.entry(cell.kind.op_name()).or_insert(0) += 1;
        if !super::is_mapped(&cell.kind) {
            continue;
        }
        let d = cell.operands().iter().map(|o| depth[o.index()]).max().unwrap_or(0);
        let own = matches!(cell.kind, CellKind::TruthTable(_)) as u32;
        luts += own as usize;
        depth[c.index()] = d + own;
        max = max.max(d + own);
    }
    ModuleStats { name: m.name.clone(), kinds, luts, depth: max }
}

/// The statistics of every module, as `--stats` prints them: one line per module.
pub fn format_stats(design: &Design) -> String {
    let mut s = String::new();
    for mid in design.module_ids() {
        let st = module_stats(design, mid);
        let total: usize = st.kinds.values().sum();
        let kinds: Vec<String> = st.kinds.iter().map(|(k, n)| format!("{k} {n}")).collect();
        s.push_str(&format!("stats: module @{}: {total} cells ({})", st.name, kinds.join(", ")));
        if st.luts > 0 {
            s.push_str(&format!("; luts {}, lut depth {}", st.luts, st.depth));
        }
        s.push('\n');
    }
    s
}

/// The LUT count of the whole design and its deepest module's LUT depth.
pub fn design_luts(design: &Design) -> (usize, u32) {
    design
        .module_ids()
        .map(|mid| module_stats(design, mid))
        .fold((0, 0), |(l, d), s| (l + s.luts, d.max(s.depth)))
}

/// `-O2 --lut K` keeps whichever of two mappings of one design has fewer LUTs (then the
/// smaller depth; `b` on a full tie): the e-graph's word-level rewrites usually help the
/// mapper but can hand it a structure that maps worse, and mapping the -O1 netlist as well
/// costs one more mapper run. True if `a` wins.
pub fn prefer_fewer_luts(a: &Design, b: &Design) -> bool {
    design_luts(a) < design_luts(b)
}
