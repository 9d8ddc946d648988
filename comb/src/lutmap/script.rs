//! The AIG optimization script run before LUT mapping (a `dc2`-like loop): rounds of
//! DAG-aware rewriting ([`rewrite`]) alternating 6-input cuts (refactoring of larger
//! reconvergent cones) and 4-input cuts, each followed by balancing, until two rounds in
//! a row change nothing or [`MAX_ROUNDS`] is reached (an explicit limit, never a clock).
//! [`choose`] maps both the balanced input and the optimized graph and keeps the mapping
//! with fewer LUTs (then the smaller depth; the input on a tie), so the script can only
//! help the LUT count. Graphs above [`MAX_NODES`] AND nodes skip it (run time).

use super::aig::Aig;
use super::goal::LutGoal;
use super::mapper::{self, Mapping};
use super::{balance, rewrite};

/// The most rewriting rounds.
pub const MAX_ROUNDS: usize = 8;

/// Graphs with more AND nodes are mapped as they are: on a 112k-node multiplier network
/// (examples/wide_ops.mlir) the rounds cost five times the mapping and saved no LUT.
pub const MAX_NODES: usize = 20_000;

/// The balanced graph after the rewriting rounds (same inputs, outputs by function).
pub fn optimize(g: &Aig) -> Aig {
    let mut h = g.clone();
    let mut idle = 0;
    for round in 0..MAX_ROUNDS {
        let leaves = if round % 2 == 0 { 6 } else { 4 };
        let (r, n) = rewrite::rewrite(&h, leaves);
        h = balance::balance(&r);
        idle = if n == 0 { idle + 1 } else { 0 };
        if idle == 2 {
            break;
        }
    }
    h
}

/// Maps the balanced graph `g` and its optimized form into `k`-LUTs with `cuts` priority
/// cuts for `goal`; returns the graph whose mapping is kept and the mapping.
///
/// The plain graph is mapped on a second thread while the script optimizes the other and
/// maps it (the result is the same as one after the other).
pub fn choose(g: Aig, k: usize, cuts: usize, goal: LutGoal) -> (Aig, Mapping) {
    if g.and_count() > MAX_NODES {
        let plain = mapper::map(&g, k, cuts, goal);
        return (g, plain);
    }
    let (plain, (opt, better)) = std::thread::scope(|s| {
        let plain = s.spawn(|| mapper::map(&g, k, cuts, goal));
        let opt = optimize(&g);
        let better = mapper::map(&opt, k, cuts, goal);
        (plain.join().expect("the mapping thread does not panic"), (opt, better))
    });
    keep_better(g, plain, opt, better)
}

/// The optimized graph and its mapping if it has fewer LUTs (then a smaller depth), else
/// the plain graph and its mapping.
fn keep_better(g: Aig, plain: Mapping, opt: Aig, better: Mapping) -> (Aig, Mapping) {
    if (better.luts, better.depth) < (plain.luts, plain.depth) {
        (opt, better)
    } else {
        (g, plain)
    }
}

/// The optimized form of `g` ([`optimize`]), or `None` above [`MAX_NODES`] AND nodes.
pub fn optimized(g: &Aig) -> Option<Aig> {
    (g.and_count() <= MAX_NODES).then(|| optimize(g))
}

/// [`choose`] with the optimized graph given ([`optimized`]), so that several goals can
/// share one run of the script.
pub fn pick(g: &Aig, opt: Option<&Aig>, k: usize, cuts: usize, goal: LutGoal) -> (Aig, Mapping) {
    let plain = mapper::map(g, k, cuts, goal);
    let Some(opt) = opt else {
        return (g.clone(), plain);
    };
    let better = mapper::map(opt, k, cuts, goal);
    keep_better(g.clone(), plain, opt.clone(), better)
}
