//! A resource-constrained list scheduler with operator chaining.
//!
//! Operations are taken in their (topological) program order, which is the priority; each
//! is placed in the earliest cycle where its dependences are met, its chained inputs
//! arrive early enough for it to finish within the clock period, and its resource has a
//! free slot in every cycle it occupies (a reservation table). Independent operations
//! therefore share cycles, and memory ports and shared units are never oversubscribed.

use super::{Problem, Solution};
use std::collections::BTreeMap;

/// Schedules `p`. Fails only if an operation cannot fit in a clock period at all.
pub fn schedule(p: &Problem) -> Result<Solution, String> {
    let n = p.ops.len();
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (k, d) in p.deps.iter().enumerate() {
        if d.from >= d.to || d.to >= n {
            return Err(format!("dependence {} -> {} is not in topological order", d.from, d.to));
        }
        preds[d.to].push(k);
    }
    let mut s = Solution { start: vec![0; n], time: vec![0.0; n], length: 0 };
    let mut table: BTreeMap<(usize, u32), u32> = BTreeMap::new();
    #[allow(clippy::needless_range_loop)]
    for i in 0..n {
        let ty = &p.types[p.ops[i].ty];
        if ty.delay > p.period + 1e-9 {
            return Err(format!(
                "'{}' needs {:.2} ns, more than the {:.2} ns clock period",
                ty.name, ty.delay, p.period
            ));
        }
        let mut c = 0;
        for &k in &preds[i] {
            let d = p.deps[k];
            c = c.max(s.start[d.from] + d.distance);
            if d.data {
                c = c.max(p.ready(&s, d.from).0);
            }
        }
        loop {
            let z = p.chained_arrival(&s, &preds[i], c);
            if z + ty.delay > p.period + 1e-9 {
                c += 1;
                continue;
            }
            if let Some(r) = p.ops[i].resource {
                let busy = (c..c + ty.occupancy.max(1))
                    .any(|cc| table.get(&(r, cc)).copied().unwrap_or(0) >= p.resources[r].limit);
                if busy {
                    c += 1;
                    continue;
                }
                for cc in c..c + ty.occupancy.max(1) {
                    *table.entry((r, cc)).or_default() += 1;
                }
            }
            s.start[i] = c;
            s.time[i] = z;
            s.length = s.length.max(c + ty.span.max(1));
            break;
        }
    }
    Ok(s)
}
