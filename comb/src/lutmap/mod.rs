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
//! network resynthesized window by window ([`lutpack`]), its LUTs re-expressed on their
//! care sets ([`mfs`], [`window`]; then packed once more) and the module rebuilt
//! (`rebuild`). Boundary cells are not touched, so hierarchy, registers and new state
//! kinds pass through unchanged. [`stats`] counts cells, LUTs and LUT depth for `--stats`.

pub mod aig;
pub mod aiger;
pub mod balance;
pub mod bigtt;
pub mod blast;
pub mod blast_arith;
pub mod cuts;
pub mod factor;
pub mod lutdec;
pub mod lutnet;
pub mod lutpack;
pub mod mapper;
pub mod mfs;
mod mfs_edit;
pub mod packcut;
mod rebuild;
pub mod rewrite;
pub mod script;
pub mod stats;
#[cfg(test)]
mod tests;
pub mod truth;
pub mod window;

pub use blast::is_mapped;

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
            changed |= map_module(design, mid, self.k);
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

/// Maps one module; true if it changed.
pub fn map_module(design: &mut Design, mid: ModuleId, k: usize) -> bool {
    let b = blast_module(design, mid);
    if b.mapped.is_empty() {
        return false;
    }
    let g = balance::balance(&b.aig);
    aiger::dump_if_asked(&g);
    let (g, mapping) = script::choose(g, k, CUTS_PER_NODE);
    let mut net = lutnet::LutNet::from_mapping(&g, &mapping);
    lutpack::pack(&mut net, k);
    if net.lut_count() <= mfs::MAX_LUTS && mfs::mfs(&mut net, k, true) > 0 {
        lutpack::pack(&mut net, k);
    }
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
