//! What the LUT mapper optimizes first (`--lut-goal`): the depth of the LUT network (the
//! default, what an FPGA's clock period pays) or the number of LUTs (what a HEIR user pays:
//! one bootstrap per LUT under FHE, so depth matters only as a tie-breaker).
//!
//! The goal reaches every stage that bounds depth: the mapper's rounds ([`super::mapper`]:
//! `Depth` maps depth-optimally, then recovers area under the required times; `Area` ranks
//! cuts by area flow and exact area from the start, with no required time), the choice
//! between the plain and the rewritten graph ([`super::script`]) and the resynthesis of
//! the mapped network ([`super::lutpack`]: `Area` drops the required levels).

/// The mapper's objective.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LutGoal {
    /// Least depth first, then fewest LUTs at that depth.
    #[default]
    Depth,
    /// Fewest LUTs; depth only breaks ties.
    Area,
}

impl LutGoal {
    /// The goal's name as `--lut-goal` spells it.
    pub fn name(self) -> &'static str {
        match self {
            LutGoal::Depth => "depth",
            LutGoal::Area => "area",
        }
    }
}

impl std::str::FromStr for LutGoal {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "depth" => Ok(LutGoal::Depth),
            "area" => Ok(LutGoal::Area),
            _ => Err(format!("unknown LUT goal '{s}' (expected 'depth' or 'area')")),
        }
    }
}

use crate::ids::ModuleId;
use crate::netlist::{CellKind, Design};

/// The LUT count and depth of module `mid` when its combinational logic is already a
/// `k`-LUT network (truth tables of at most `k` inputs, wiring and constants only), else
/// `None`. The area goal keeps such a module when remapping it would not give fewer LUTs
/// (then a smaller depth), so repeated mapping (`-O2 --lut K` alternates the mapper and
/// the LUT e-graph rules) never loses LUTs.
pub fn lut_network_size(design: &Design, mid: ModuleId, k: usize) -> Option<(usize, u32)> {
    let m = design.module(mid);
    for c in m.cells() {
        let cell = m.cell(c);
        let fits = match &cell.kind {
            CellKind::TruthTable(_) => cell.operands().len() <= k && cell.width == 1,
            // Not `comb.replicate`: the mapper's output has none (it becomes wiring).
            CellKind::Concat | CellKind::Extract { .. } | CellKind::Const(_) => true,
            kind => !super::is_mapped(kind),
        };
        if !fits {
            return None;
        }
    }
    let st = super::stats::module_stats(design, mid);
    Some((st.luts, st.depth))
}
