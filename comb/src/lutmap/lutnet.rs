//! The mapped LUT network between the mapper and the netlist rebuild: per signal id (the
//! AIG's node ids, then ids of LUTs made after mapping) the LUT computing it, as a truth
//! table over its inputs (input `i` is variable `i`, unused inputs dropped). AIG inputs
//! and the constant have no LUT. Roots keep their AIG node ids, so the AIG's output
//! literals name the network's outputs. [`LutNet::order`] gives the LUTs the outputs
//! need in topological order; [`LutNet::simulate`] evaluates the network 64 patterns at a
//! time (for tests and checks).

use super::aig::{Aig, Lit, Node};
use super::mapper::Mapping;
use super::truth::{cut_function, shrink};

/// A LUT: its table and input signal ids (at most 6).
pub type Lut = (u64, Vec<u32>);

/// A K-LUT network over an AIG's inputs (see the module doc).
#[derive(Clone, Debug)]
pub struct LutNet {
    /// Per signal id: its LUT, if it is one.
    pub luts: Vec<Option<Lut>>,
    /// The outputs: AIG literals (a signal id and a complement).
    pub outputs: Vec<Lit>,
    /// The AIG input ids, in order.
    pub inputs: Vec<Node>,
}

impl LutNet {
    /// The network of `mapping` over `g`: one LUT per cover node.
    pub fn from_mapping(g: &Aig, mapping: &Mapping) -> LutNet {
        let mut luts = vec![None; g.len()];
        for node in g.nodes() {
            let Some(cut) = mapping.cover[node.0 as usize] else { continue };
            let tt = cut_function(g, node, cut.leaves());
            let (tt, kept) = shrink(tt, cut.len());
            luts[node.0 as usize] = Some((tt, kept.iter().map(|&v| cut.leaves()[v]).collect()));
        }
        LutNet { luts, outputs: g.outputs.clone(), inputs: g.inputs().to_vec() }
    }

    /// Number of signal ids.
    pub fn len(&self) -> usize {
        self.luts.len()
    }

    /// True if there are no signal ids.
    pub fn is_empty(&self) -> bool {
        self.luts.is_empty()
    }

    /// The LUTs the outputs reach, every LUT after its inputs (depth-first from the
    /// outputs, inputs in order: deterministic).
    pub fn order(&self) -> Vec<u32> {
        let mut seen = vec![false; self.len()];
        let mut out = Vec::new();
        for o in &self.outputs {
            let root = o.node().0;
            if seen[root as usize] || self.luts[root as usize].is_none() {
                continue;
            }
            // Iterative post-order: (id, next input to visit).
            let mut stack = vec![(root, 0usize)];
            seen[root as usize] = true;
            while let Some(&mut (id, ref mut next)) = stack.last_mut() {
                let ins = &self.luts[id as usize].as_ref().expect("only LUTs are pushed").1;
                if *next < ins.len() {
                    let c = ins[*next];
                    *next += 1;
                    if !seen[c as usize] && self.luts[c as usize].is_some() {
                        seen[c as usize] = true;
                        stack.push((c, 0));
                    }
                } else {
                    out.push(id);
                    stack.pop();
                }
            }
        }
        out
    }

    /// Number of LUTs the outputs need.
    pub fn lut_count(&self) -> usize {
        self.order().len()
    }

    /// LUT level of every signal (inputs and the constant at 0).
    pub fn levels(&self) -> Vec<u32> {
        let mut lv = vec![0u32; self.len()];
        for id in self.order() {
            let (_, ins) = self.luts[id as usize].as_ref().expect("ordered ids are LUTs");
            lv[id as usize] = 1 + ins.iter().map(|&i| lv[i as usize]).max().unwrap_or(0);
        }
        lv
    }

    /// The largest output level.
    pub fn depth(&self) -> u32 {
        let lv = self.levels();
        self.outputs.iter().map(|o| lv[o.node().0 as usize]).max().unwrap_or(0)
    }

    /// Simulates 64 patterns: `inputs[i]` is the word of input `i`; returns each output's.
    pub fn simulate(&self, inputs: &[u64]) -> Vec<u64> {
        let mut v = vec![0u64; self.len()];
        for (i, n) in self.inputs.iter().enumerate() {
            v[n.0 as usize] = inputs[i];
        }
        for id in self.order() {
            let (tt, ins) = self.luts[id as usize].as_ref().expect("ordered ids are LUTs");
            let mut w = 0u64;
            for bit in 0..64 {
                let idx = ins
                    .iter()
                    .enumerate()
                    .fold(0usize, |acc, (j, &x)| acc | (((v[x as usize] >> bit) & 1) as usize) << j);
                w |= ((tt >> idx) & 1) << bit;
            }
            v[id as usize] = w;
        }
        self.outputs.iter().map(|o| v[o.node().0 as usize] ^ if o.is_neg() { u64::MAX } else { 0 }).collect()
    }
}
