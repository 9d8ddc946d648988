//! Register allocation: values that live across states share registers (left-edge).
//!
//! Positions on a line: a read in state S is at 2S, a write at the end of S at 2S+1;
//! states are numbered in program order, so a value's lifetime is the interval spanning
//! its writes and reads, widened to a whole loop's states when it is carried by the loop
//! or lives partly inside and partly outside it (then it must survive every iteration).
//! Values of one width whose intervals do not intersect share one register (left-edge:
//! sort by start, take the first register free before it); its data is multiplexed from
//! all its values' writes and it loads when any of them is written. A register's width is
//! the bits its value's range needs (`narrow.rs`), which may be fewer than the value's.

use super::Gen;
use crate::ir::ValId;
use comb::NetId;
use std::collections::{BTreeMap, BTreeSet};

/// Register widths, and each value register's name with the values it holds.
pub(crate) type RegisterGroups = (Vec<u32>, Vec<(String, Vec<ValId>)>);

impl Gen<'_> {
    /// Lifetime interval of each value that has a register.
    fn intervals(&mut self) -> Result<BTreeMap<ValId, (u32, u32)>, String> {
        // Writes of op results: at the end of their wire state, from their cell.
        let with_regs: Vec<ValId> = self.regs.keys().copied().collect();
        for v in &with_regs {
            if let Some(&(ws, net)) = self.wire.get(v) {
                let g = self.state_eq[ws as usize];
                self.write(*v, ws, g, net);
            }
        }
        let mut iv = BTreeMap::new();
        for v in with_regs {
            let reads = self.reads.get(&v).map(Vec::as_slice).unwrap_or(&[]);
            let Some(writes) = self.writes.get(&v) else {
                return Err(format!("internal error: {v} is read from a register that is never written"));
            };
            let pos = reads.iter().copied().chain(writes.iter().map(|w| w.2));
            let lo = pos.clone().min().unwrap_or(0);
            let hi = pos.max().unwrap_or(0);
            iv.insert(v, (lo, hi));
        }
        let mut changed = true;
        while changed {
            changed = false;
            for l in &self.l.loops {
                let (a, b) = (2 * l.states.0, 2 * l.states.1 + 1);
                for (v, (lo, hi)) in iv.iter_mut() {
                    let inside = *lo >= a && *hi <= b;
                    let overlaps = *lo <= b && *hi >= a;
                    let carried = l.carried.contains(v);
                    let widen = carried || overlaps && (!inside || l.unstructured);
                    if widen && (*lo > a || *hi < b) {
                        *lo = (*lo).min(a);
                        *hi = (*hi).max(b);
                        changed = true;
                    }
                }
            }
        }
        Ok(iv)
    }

    /// Allocates and wires the value registers, each named after the first source name
    /// among the values it holds (made unique); returns their widths and (name, values).
    pub(crate) fn finish_registers(&mut self) -> Result<RegisterGroups, String> {
        let iv = self.intervals()?;
        let mut by_width: BTreeMap<u32, Vec<(u32, u32, ValId)>> = BTreeMap::new();
        for (&v, &(lo, hi)) in &iv {
            by_width.entry(self.m.width(self.regs[&v])).or_default().push((lo, hi, v));
        }
        // Group first, rewire second, remove last: removing a cell frees its index for
        // the next cell added (the netlist is a StableGraph), so a write whose data is a
        // merged register would otherwise point at whatever cell reuses that index.
        let mut groups: Vec<(u32, Vec<ValId>)> = Vec::new();
        for (w, mut vals) in by_width {
            vals.sort();
            let mut regs: Vec<(u32, Vec<ValId>)> = Vec::new();
            for (lo, hi, v) in vals {
                match regs.iter_mut().find(|r| r.0 < lo) {
                    Some(r) => {
                        r.0 = hi;
                        r.1.push(v);
                    }
                    None => regs.push((hi, vec![v])),
                }
            }
            groups.extend(regs.into_iter().map(|(_, members)| (w, members)));
        }
        let mut merged: BTreeMap<NetId, NetId> = BTreeMap::new();
        for (_, members) in &groups {
            let phys = self.regs[&members[0]];
            for v in &members[1..] {
                merged.insert(self.regs[v], phys);
            }
        }
        let map = |n: NetId| merged.get(&n).copied().unwrap_or(n);
        let mut widths = Vec::new();
        let mut named = Vec::new();
        let def: BTreeMap<ValId, mlir_text::Span> =
            self.f.ops.iter().filter_map(|o| o.result.map(|r| (r, o.span))).collect();
        let mut taken: BTreeSet<String> = self.m.ports.iter().map(|p| p.name.clone()).collect();
        taken.extend(["state".to_string(), "done_r".to_string()]);
        taken.extend((0..self.f.rets.len()).map(|i| format!("ret{i}_r")));
        for (w, members) in &groups {
            let phys = self.regs[&members[0]];
            let base = super::names::register_name(self.f, members);
            let mut name = base.clone();
            let mut k = 0;
            while !taken.insert(name.clone()) {
                name = format!("{base}_{k}");
                k += 1;
            }
            self.m.cell_mut(phys).name = Some(name.as_str().into());
            // The register's note: where the values it holds are computed.
            let spans: Vec<_> = members.iter().filter_map(|v| def.get(v)).map(|&s| self.note_of(s)).collect();
            if let Some(n) = Self::joined_note(&spans) {
                self.m.notes.insert(phys, n);
            }
            named.push((name, members.clone()));
            let mut writes: Vec<(NetId, NetId)> = Vec::new();
            for v in members {
                let ws = self.writes.get(v).cloned().unwrap_or_default();
                writes.extend(ws.iter().map(|&(c, d, _)| (map(c), map(d))));
            }
            // A register narrower than its values keeps their low bits (`narrow.rs`).
            for x in &mut writes {
                x.1 = self.low(x.1, *w);
            }
            let (d, en) = self.write_logic(&writes, *w);
            let clk = self.clk;
            self.m.set_operands(phys, &[d, clk, en]);
            widths.push(*w);
        }
        for (&r, &phys) in &merged {
            self.m.replace_all_uses(r, phys);
        }
        for &r in merged.keys() {
            self.m.remove_cell(r);
        }
        Ok((widths, named))
    }
}
