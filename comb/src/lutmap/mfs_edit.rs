//! The edits of don't-care resubstitution ([`super::mfs`]) on the LUT network: what a
//! change would free (reference counting over [`Links`], nothing changed), and the
//! change itself — a pivot given new inputs, or a pivot replaced by one of its divisors
//! in its readers — with dead LUTs removed and levels and required levels kept so that
//! levels stay strictly increasing along every edge and no level passes its required one.

use std::collections::BTreeMap;

use super::lutnet::LutNet;
use super::truth::mask;
use super::window::Links;

/// The LUTs that die when `pivot`'s inputs change from `old` to `new`, or when the pivot
/// is `subst`ituted by `new[0]` in its readers (the pivot counts then).
pub fn freed(net: &LutNet, links: &Links, pivot: u32, old: &[u32], new: &[u32], subst: bool) -> usize {
    let mut delta: BTreeMap<u32, usize> = BTreeMap::new();
    let mut count = 0;
    // New inputs gain a reader first, so they never die.
    let protect = |x: &u32| new.contains(x);
    if subst {
        count += 1;
    }
    let mut stack: Vec<u32> = old.iter().copied().filter(|x| *x != pivot && !protect(x)).collect();
    while let Some(x) = stack.pop() {
        let Some((_, ins)) = &net.luts[x as usize] else { continue };
        let d = delta.entry(x).or_insert(0);
        *d += 1;
        if *d == links.refs(x) {
            count += 1;
            stack.extend(ins.iter().copied().filter(|i| !protect(i)));
        }
    }
    count
}

/// `tt` over `n` variables with variable `v` complemented.
fn flip_var(tt: u64, n: usize, v: usize) -> u64 {
    let vars = super::truth::VARS;
    let s = 1 << v;
    (((tt & vars[v]) >> s) | ((tt & !vars[v]) << s)) & mask(n)
}

/// The LUT `(tt, ins)` with input `from` replaced by `to` (complemented if `inv`); when
/// `to` is an input already, the two variables merge.
pub fn rewire(tt: u64, ins: &[u32], from: u32, to: u32, inv: bool) -> (u64, Vec<u32>) {
    let k = ins.len();
    let p = ins.iter().position(|&x| x == from).expect("a reader reads the pivot");
    let Some(q) = ins.iter().position(|&x| x == to) else {
        let mut new = ins.to_vec();
        new[p] = to;
        return (if inv { flip_var(tt, k, p) } else { tt }, new);
    };
    let mut out = 0u64;
    for m in 0..1usize << k {
        if (m >> p & 1 == 1) != ((m >> q & 1 == 1) ^ inv) {
            continue;
        }
        let low = m & ((1 << p) - 1);
        let small = low | (m >> (p + 1)) << p;
        out |= (tt >> m & 1) << small;
    }
    let mut new = ins.to_vec();
    new.remove(p);
    (out, new)
}

/// Removes LUT `x` and every LUT left without readers below it.
fn kill(net: &mut LutNet, links: &mut Links, x: u32) {
    let mut stack = vec![x];
    while let Some(x) = stack.pop() {
        let Some((_, ins)) = net.luts[x as usize].take() else { continue };
        for i in ins {
            links.fanouts[i as usize].retain(|&f| f != x);
            if net.luts[i as usize].is_some() && links.refs(i) == 0 {
                stack.push(i);
            }
        }
    }
}

/// Recomputes levels from `start` forward through readers until they settle.
fn relevel(net: &LutNet, links: &mut Links, start: Vec<u32>) {
    let mut stack = start;
    while let Some(x) = stack.pop() {
        let Some((_, ins)) = &net.luts[x as usize] else { continue };
        let lv = 1 + ins.iter().map(|&i| links.level[i as usize]).max().unwrap_or(0);
        if lv != links.level[x as usize] {
            links.level[x as usize] = lv;
            stack.extend(links.fanouts[x as usize].iter().copied());
        }
    }
}

/// Tightens `x`'s required level to `r` and its fanins' below it.
fn tighten(net: &LutNet, req: &mut [u32], x: u32, r: u32) {
    let mut stack = vec![(x, r)];
    while let Some((x, r)) = stack.pop() {
        if req[x as usize] <= r {
            continue;
        }
        req[x as usize] = r;
        if let Some((_, ins)) = &net.luts[x as usize] {
            stack.extend(ins.iter().map(|&i| (i, r.saturating_sub(1))));
        }
    }
}

/// Gives `pivot` the table `tt` over `ins`, removing the LUTs left without readers.
pub fn set_inputs(net: &mut LutNet, links: &mut Links, req: &mut [u32], pivot: u32, tt: u64, ins: Vec<u32>) {
    let old = net.luts[pivot as usize].take().expect("the pivot is a LUT").1;
    for &s in &ins {
        if !old.contains(&s) {
            links.fanouts[s as usize].push(pivot);
        }
        tighten(net, req, s, req[pivot as usize].saturating_sub(1));
    }
    net.luts[pivot as usize] = Some((tt, ins.clone()));
    for &x in &old {
        if !ins.contains(&x) {
            links.fanouts[x as usize].retain(|&f| f != pivot);
            if net.luts[x as usize].is_some() && links.refs(x) == 0 {
                kill(net, links, x);
            }
        }
    }
    relevel(net, links, vec![pivot]);
}

/// Replaces `pivot` by `d` (complemented if `inv`) in every LUT reading it and removes
/// it; the pivot must not be an output.
pub fn substitute(net: &mut LutNet, links: &mut Links, req: &mut [u32], pivot: u32, d: u32, inv: bool) {
    debug_assert_eq!(links.out_uses[pivot as usize], 0);
    let readers = std::mem::take(&mut links.fanouts[pivot as usize]);
    tighten(net, req, d, req[pivot as usize]);
    for &f in &readers {
        let (tt, ins) = net.luts[f as usize].take().expect("readers are LUTs");
        let lut = rewire(tt, &ins, pivot, d, inv);
        net.luts[f as usize] = Some(lut);
        if !links.fanouts[d as usize].contains(&f) {
            links.fanouts[d as usize].push(f);
        }
    }
    kill(net, links, pivot);
    relevel(net, links, readers);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewiring_merges_and_complements_inputs() {
        // f = a & b over [a, b]; b := !a gives 0 over [a]; b := a gives a.
        assert_eq!(rewire(0b1000, &[1, 2], 2, 1, true), (0b00, vec![1]));
        assert_eq!(rewire(0b1000, &[1, 2], 2, 1, false), (0b10, vec![1]));
        // b := !c (new input): a & !c over [a, c].
        assert_eq!(rewire(0b1000, &[1, 2], 2, 3, true), (0b0010, vec![1, 3]));
        // f = a ^ b ^ c over [a, b, c]; a := c merges: b over [b, c].
        assert_eq!(rewire(0b1001_0110, &[1, 2, 3], 1, 3, false), (0b1010, vec![2, 3]));
    }
}
