//! The K-LUT mapper (`--lut K`, the `lut-map` pass): every combinational cell of every
//! module becomes `comb.truth_table` cells of at most K inputs.
//!
//! Per module: the combinational cells ([`is_mapped`]) are bit-blasted in topological
//! order into an and-inverter graph ([`aig`], [`blast`], [`blast_arith`]); the words the
//! rest of the module reads (operands of registers, instances and other boundary cells,
//! output ports) are its outputs, and the bits of boundary nets (ports, registers,
//! instance outputs, clock conversions, any state element) its inputs. The graph is
//! balanced ([`balance`]), optimized by rounds of DAG-aware rewriting ([`script`],
//! [`rewrite`], [`factor`]), mapped depth-optimally and then for area ([`cuts`],
//! [`mapper`]; the unoptimized graph is mapped too and the fewer LUTs kept), each LUT's function is computed ([`truth`], [`lutnet`]), the LUT
//! network resynthesized window by window ([`lutpack`]; under the area goal small
//! windows also by SAT-based exact synthesis, [`exact`]), its LUTs re-expressed on their
//! care sets ([`mfs`], [`window`]; then packed once more) and the module rebuilt
//! (`rebuild`). Boundary cells are not touched, so hierarchy, registers and new state
//! kinds pass through unchanged. [`stats`] counts cells, LUTs and LUT depth for `--stats`.
//! [`goal`] says whether depth or LUT count comes first (`--lut-goal`); [`progress`]
//! shows a progress line on a terminal when a module's mapping takes seconds.

pub mod aig;
pub mod aiger;
pub mod balance;
pub mod bigtt;
pub mod blast;
pub mod blast_arith;
pub mod cuts;
pub mod exact;
pub mod factor;
pub mod goal;
pub mod lutdec;
pub mod lutnet;
pub mod lutpack;
pub mod mapper;
pub mod mfs;
mod mfs_edit;
pub mod packcut;
pub mod progress;
mod rebuild;
pub mod rewrite;
pub mod script;
pub mod stats;
#[cfg(test)]
mod tests;
pub mod truth;
pub mod window;

pub use blast::is_mapped;
pub use goal::LutGoal;

use crate::ids::{ModuleId, NetId};
use crate::netlist::{Design, Module};
use crate::passes::Pass;
use aig::{Aig, Lit};

/// Priority cuts kept per node.
pub const CUTS_PER_NODE: usize = 8;

/// The `lut-map` pass: maps every module into LUTs of at most `k` inputs (2..=6).
#[derive(Clone, Debug)]
pub struct LutMap {
    /// The LUT size.
    pub k: usize,
    /// What the mapping optimizes first (depth, or LUT count).
    pub goal: LutGoal,
    /// The exact-resynthesis budget of the area goal, in solver conflicts per module
    /// ([`exact`]; 0 = off, the default: it can cost several times the mapping's time).
    pub exact_budget: u64,
}

impl Pass for LutMap {
    fn name(&self) -> &'static str {
        "lut-map"
    }
    fn description(&self) -> &'static str {
        "map combinational logic to comb.truth_table cells of at most K inputs"
    }
    fn run(&mut self, design: &mut Design) -> bool {
        let mut changed = false;
        for mid in design.module_ids() {
            changed |= map_module(design, mid, self.k, self.goal, self.exact_budget);
        }
        changed
    }
}

/// A module's combinational logic as an AIG: the graph, the boundary bit each input
/// stands for, and the sink nets with their output literals.
pub struct Blasted {
    /// The graph; its outputs are the sinks' bits, sink after sink, bit 0 first.
    pub aig: Aig,
    /// Per AIG input: the boundary net and bit.
    pub input_src: Vec<(NetId, u32)>,
    /// The nets read outside the mapped logic, in increasing id order.
    pub sinks: Vec<NetId>,
    /// The mapped cells.
    pub mapped: Vec<NetId>,
}

/// Bit-blasts the combinational cells of module `mid` (see the module doc).
pub fn blast_module(design: &Design, mid: ModuleId) -> Blasted {
    let m = design.module(mid);
    let bound = m.id_bound();
    let mut is_m = vec![false; bound];
    for c in m.cells() {
        is_m[c.index()] = is_mapped(&m.cell(c).kind);
    }
    let order = crate::passes::local_order(design, mid);
    let mut g = Aig::new();
    let mut words: Vec<Option<Vec<Lit>>> = vec![None; bound];
    let mut input_src = Vec::new();
    let mut mapped = Vec::new();
    for &c in &order {
        if !is_m[c.index()] {
            continue;
        }
        mapped.push(c);
        let cell = m.cell(c);
        for &o in cell.operands() {
            if words[o.index()].is_none() {
                debug_assert!(!is_m[o.index()], "operands are blasted first");
                let w: Vec<Lit> = (0..m.width(o))
                    .map(|b| {
                        input_src.push((o, b));
                        g.input()
                    })
                    .collect();
                words[o.index()] = Some(w);
            }
        }
        let ops: Vec<&[Lit]> = cell.operands().iter().map(|o| words[o.index()].as_deref().unwrap()).collect();
        let w = blast::blast(&mut g, &cell.kind, cell.width, &ops).expect("mapped kinds blast");
        words[c.index()] = Some(w);
    }
    let mut sink = vec![false; bound];
    for c in m.cells() {
        if !is_m[c.index()] {
            for &o in m.operands(c) {
                sink[o.index()] |= is_m[o.index()];
            }
        }
    }
    for p in m.outputs() {
        if let Some(n) = m.port_net(p) {
            sink[n.index()] |= is_m[n.index()];
        }
    }
    let sinks: Vec<NetId> = m.cells().filter(|c| sink[c.index()]).collect();
    for &s in &sinks {
        let w = words[s.index()].as_ref().expect("sinks are mapped cells");
        g.outputs.extend_from_slice(w);
    }
    mapped.sort();
    Blasted { aig: g, input_src, sinks, mapped }
}

/// The mapped network's resynthesis for `goal`: window packing ([`lutpack`]), then
/// don't-care resubstitution ([`mfs`], depth-bounded under the depth goal) and, when that
/// changed something, packing once more.
fn resynthesize(
    net: &mut lutnet::LutNet,
    k: usize,
    goal: LutGoal,
    progress: &progress::Progress,
    mut exact: Option<&mut exact::Exact>,
) {
    progress.stage(&format!("packing {} LUTs", net.lut_count()));
    lutpack::pack_with(net, k, goal, exact.as_deref_mut());
    if net.lut_count() <= mfs::MAX_LUTS {
        progress.stage(&format!("resubstituting {} LUTs", net.lut_count()));
        if mfs::mfs(net, k, goal == LutGoal::Depth) > 0 {
            progress.stage(&format!("packing {} LUTs", net.lut_count()));
            lutpack::pack_with(net, k, goal, exact);
        }
    }
}

/// The exact-synthesis run of one area-goal mapping ([`exact`]) with a total conflict
/// budget of `budget` ([`exact::CONFLICTS_PER_RUN`] is the measured sweet spot); 0 is off,
/// the default while it costs up to 5x the mapping's time (cavlc: 86 s to 405 s on a
/// loaded machine for 101 to 98 LUTs).
fn exact_run(k: usize, budget: u64) -> exact::Exact {
    exact::Exact::new(k, budget)
}

/// Maps the balanced graph `g` into a resynthesized `k`-LUT network for `goal`; returns
/// the graph the network was mapped from (the plain or the rewritten one) and the network.
///
/// The depth goal maps for depth and packs within the depth. The area goal takes the
/// fewest LUTs (then the smaller depth, then the earlier) of three: the area mapping
/// packed without a depth bound, and the depth mapping packed with and without one — so
/// a module never gets more LUTs from `area` than from `depth`.
/// Exact resynthesis is off here.
pub fn map_graph(g: Aig, k: usize, goal: LutGoal) -> (Aig, lutnet::LutNet) {
    let mut ex = exact_run(k, 0);
    map_graph_with(g, k, goal, &progress::Progress::start("lut-map"), &mut ex)
}

/// [`map_graph`] reporting its stages to `progress`.
/// (`ex`, the exact-synthesis run, serves the area goal).
fn map_graph_with(
    g: Aig,
    k: usize,
    goal: LutGoal,
    progress: &progress::Progress,
    ex: &mut exact::Exact,
) -> (Aig, lutnet::LutNet) {
    progress.stage(&format!("rewriting and mapping {} AND nodes", g.and_count()));
    if goal == LutGoal::Depth {
        let (dg, dmap) = script::choose(g, k, CUTS_PER_NODE, LutGoal::Depth);
        let mut dnet = lutnet::LutNet::from_mapping(&dg, &dmap);
        resynthesize(&mut dnet, k, LutGoal::Depth, progress, None);
        return (dg, dnet);
    }
    let opt = script::optimized(&g);
    let (dg, dmap) = script::pick(&g, opt.as_ref(), k, CUTS_PER_NODE, LutGoal::Depth);
    let mut dnet = lutnet::LutNet::from_mapping(&dg, &dmap);
    let mut free = dnet.clone();
    resynthesize(&mut free, k, LutGoal::Area, progress, Some(&mut *ex));
    resynthesize(&mut dnet, k, LutGoal::Depth, progress, None);
    progress.stage(&format!("mapping {} AND nodes for area", g.and_count()));
    let (ag, amap) = script::pick(&g, opt.as_ref(), k, CUTS_PER_NODE, LutGoal::Area);
    let mut anet = lutnet::LutNet::from_mapping(&ag, &amap);
    resynthesize(&mut anet, k, LutGoal::Area, progress, Some(&mut *ex));
    let mut best = (ag, anet);
    for (h, net) in [(dg.clone(), free), (dg, dnet)] {
        if (net.lut_count(), net.depth()) < (best.1.lut_count(), best.1.depth()) {
            best = (h, net);
        }
    }
    best
}

/// Maps one module for `goal` (with `exact_budget` conflicts of exact resynthesis under
/// the area goal, see [`LutMap`]); true if it changed.
pub fn map_module(design: &mut Design, mid: ModuleId, k: usize, goal: LutGoal, exact_budget: u64) -> bool {
    if goal == LutGoal::Depth {
        return map_once(design, mid, k, goal, &mut exact_run(k, 0));
    }
    // The area goal remaps its own result (blasting the LUTs again gives the rewriting
    // and the cut enumeration a different graph) and keeps the fewest LUTs seen,
    // counting the input when it already is a K-LUT network: it never gets larger.
    let start = goal::lut_network_size(design, mid, k);
    let mut best = start.map(|size| (size, design.module(mid).clone()));
    let mut idle = 0;
    // One exact-synthesis run (cache and budget) for all the mappings of the module.
    let mut ex = exact_run(k, exact_budget);
    for _ in 0..AREA_REMAPS {
        if !map_once(design, mid, k, goal, &mut ex) {
            break;
        }
        let st = stats::module_stats(design, mid);
        let size = (st.luts, st.depth);
        if best.as_ref().is_none_or(|b| size < b.0) {
            best = Some((size, design.module(mid).clone()));
            idle = 0;
        } else {
            idle += 1;
            if idle == 2 {
                break;
            }
        }
    }
    match best {
        Some((size, module)) if start != Some(size) => {
            *design.module_mut(mid) = module;
            true
        }
        Some((_, module)) => {
            *design.module_mut(mid) = module;
            false
        }
        None => false,
    }
}

/// The most mappings of one module under the area goal (see [`map_module`]).
pub const AREA_REMAPS: usize = 2;

/// Maps one module once; true if it had logic to map.
fn map_once(design: &mut Design, mid: ModuleId, k: usize, goal: LutGoal, ex: &mut exact::Exact) -> bool {
    let b = blast_module(design, mid);
    if b.mapped.is_empty() {
        return false;
    }
    let progress = progress::Progress::start(&format!("lut-map @{} (K={k})", design.module(mid).name));
    progress.stage("balancing");
    let g = balance::balance(&b.aig);
    aiger::dump_if_asked(&g);
    let (g, net) = map_graph_with(g, k, goal, &progress, ex);
    drop(progress);
    let m: &mut Module = design.module_mut(mid);
    let mut r = rebuild::Rebuild::new(m, &net, &b.input_src);
    let mut at = 0;
    let mut new_nets = Vec::with_capacity(b.sinks.len());
    for &s in &b.sinks {
        let w = r.m_width(s) as usize;
        let net = r.word(&g.outputs[at..at + w]);
        at += w;
        new_nets.push(net);
    }
    for (&s, &net) in b.sinks.iter().zip(&new_nets) {
        let name = r.m_name(s);
        r.name(net, name);
    }
    drop(r);
    let m = design.module_mut(mid);
    for &c in &b.mapped {
        m.set_operands(c, &[]);
    }
    for (&s, &net) in b.sinks.iter().zip(&new_nets) {
        m.replace_all_uses(s, net);
    }
    for &c in &b.mapped {
        m.remove_cell(c);
    }
    true
}
