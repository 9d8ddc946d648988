//! The benchmark's floor: a lower bound on the cycles of any schedule the tool could make of
//! the run, under its own delay model ([`crate::schedule::delays`]) and the kernel's options
//! (clock period, `--max-mul`, `--max-div`), counted by the interpreter on the run's data.
//! The floor is the largest of four bounds; each counts only what cannot chain:
//!
//! - **port**: a port serves one access per cycle. Without loop transforms (no
//!   `--pipeline`, no `hls.pipeline` or `hls.unroll` loop) the circuit makes every access
//!   the run makes:
//!   the most accesses of one port ([`super::Outcome::port_bound`], the benchmark's
//!   `bound`). With them, scalar replacement, store merging and rotation keep repeated
//!   accesses in registers (with `--pipeline` matmul makes half the accesses of `bound`), so
//!   only what no transform removes counts: per memref argument, each element whose first
//!   access reads its initial value is read once, each element written is written once
//!   (its final value must reach memory); local memories count 0 (they may become
//!   registers altogether).
//! - **recurrence**: each iteration of a loop carrying a register recurrence
//!   (`interp::recur`) costs the longest path of minimum op latencies from its carried
//!   values to its yield (and, for `scf.while`, its condition: the FSM decides on it before
//!   the next iteration), or what the recurrent loops nested in that iteration cost when
//!   that is more. The next iteration cannot start its path before this one's result
//!   exists, and an op on the path takes at least its `Model` latency (0 when it chains),
//!   so iterations cannot overlap below that; unrolled copies of the body chain the same
//!   paths. An iteration costs at least 1 where it is one FSM state at least: always for a
//!   `while` loop (never unrolled) and a block loop whose exit a value of data decides (no
//!   constant trip count: never raised to a counted loop), for other counted and block
//!   loops only without loop transforms (`--pipeline`, `hls.pipeline`, `hls.unroll` may
//!   unroll them, and k chained copies may share one cycle).
//! - **resource**: for a unit kind limited by `--max-mul`/`--max-div`, `ceil(ops / units)`
//!   issue cycles (a pipelined unit takes one op per cycle) plus the smallest latency of one
//!   such op, minus one: the last op issued cannot finish sooner. Ops counted are the
//!   distinct (signedness, width, operand values) the run executes with a variable divisor
//!   (or two variable factors): equal operations may share one unit op (CSE, quotient and
//!   remainder of one division, a hoisted invariant), and a constant one needs no unit.
//! - **chain**: the earliest cycle the last value left in a memref argument or returned can
//!   exist in: a value exists its op's minimum latency after its last operand; a read of an
//!   initial value from cycle 1 (a read's data arrives the cycle after it, and a register
//!   holding an earlier read is as late); a read of a stored value when that value does (a
//!   forwarded store; a real read is later). Control and addresses are left out (fewer
//!   constraints, a lower bound), as are values later overwritten or never kept.
//!
//! An op's minimum latency (`Model`) is its scheduler operator type's latency at the clock
//! (`schedule/block.rs`): 0 when its delay fits the chaining budget, else the multi-cycle
//! path's `ceil(delay / budget)`; a division by a variable is the shorter of the sequential
//! and the pipelined divider. Widths and divisor bits are the smallest any sound narrowing
//! could choose ([`crate::transform::narrow`], [`crate::analysis::divwidth`]): the signed bits the
//! execution's operands and result need, the bits of its divisor, minimized over every width
//! from there to the op's (a sound analysis covers every value the run sees). "Variable" means the value depends on a load, an argument
//! or a loop value that is not folded by full unrolling (an induction variable of a loop
//! with variable bounds): a value built only from constants and constant-bounded induction
//! variables may become a constant, so its multiplies and divisions cost 0 and use no unit.
//! Multiplies by constants count 0 (shifts and adds that may chain).

use crate::ir::BinOp;
use crate::schedule::delays::{self, DelayOp};
use crate::Options;
use std::collections::{HashMap, HashSet};

use super::value::Int;

/// What the interpreter knows of a value beyond its bits, for the floor.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Meta {
    /// It depends on data the compiler cannot fold (module header).
    pub(crate) var: bool,
    /// The recurrent loop iteration whose carried values it depends on (0: none).
    pub(crate) gen: u32,
    /// Minimum cycles from those carried values to it.
    pub(crate) d: u32,
    /// The earliest cycle it can exist in, counted from the start ([`Floor::chain`]).
    pub(crate) t: u32,
}

/// The floor and its parts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Floor {
    /// The port bound.
    pub port: u64,
    /// The recurrence bound weighted by the clock.
    pub recurrence: u64,
    /// The resource bound of limited multipliers and dividers.
    pub resource: u64,
    /// The dataflow bound: the earliest cycle the last result can exist in.
    pub chain: u64,
}

impl Floor {
    /// The largest part.
    pub fn value(&self) -> u64 {
        self.port.max(self.recurrence).max(self.resource).max(self.chain)
    }
    /// Which part binds (the first of port, recurrence, resource on a tie).
    pub fn binding(&self) -> &'static str {
        let v = self.value();
        if self.port == v {
            "port"
        } else if self.recurrence == v {
            "recurrence"
        } else if self.resource == v {
            "resource"
        } else {
            "chain"
        }
    }
}

/// How an op is built, for its latency.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Class {
    /// A combinational operator (multi-cycle when it does not fit).
    Plain(DelayOp),
    /// A division or remainder by a variable (signed or not), at this many divisor bits.
    Div(bool, u32),
}

/// Latencies under the delay model at one clock period.
pub(crate) struct Model {
    budget: f64,
    valid: bool,
    cache: HashMap<(Class, u32, u32), u32>,
}

impl Model {
    pub(crate) fn new(clock_period: f64) -> Model {
        let valid = clock_period.is_finite() && clock_period >= delays::min_period() - 1e-9;
        Model { budget: delays::budget(clock_period), valid, cache: HashMap::new() }
    }

    /// Cycles of `class` at exactly `width` bits.
    fn at(&self, class: Class, width: u32) -> u32 {
        let b = self.budget;
        let fit = |d: f64| if d <= b { 0 } else { (d / b).ceil() as u32 };
        match class {
            Class::Plain(op) => fit(delays::delay(op, width)),
            Class::Div(signed, m) => {
                if delays::delay(DelayOp::Div, width) <= b {
                    return 0;
                }
                let m = m.clamp(1, width);
                let seq = delays::seq_div(signed, width, m, b).latency;
                seq.min(delays::pipe_div(signed, width, m, b).latency.max(2))
            }
        }
    }

    /// The fewest cycles of `class` at any width from `lo` to `width` (and, for a division,
    /// any divisor bits from its observed ones up).
    fn min_cycles(&mut self, class: Class, lo: u32, width: u32) -> u32 {
        if !self.valid || width == 0 {
            return 0;
        }
        let lo = lo.clamp(1, width);
        if let Some(&c) = self.cache.get(&(class, lo, width)) {
            return c;
        }
        let best = match class {
            // Divisions keep their width; the divisor bits vary.
            Class::Div(signed, m) => {
                (m.clamp(1, width)..=width).map(|mm| self.at(Class::Div(signed, mm), width)).min()
            }
            Class::Plain(_) => (lo..=width).map(|w| self.at(class, w)).min(),
        }
        .unwrap_or(0);
        self.cache.insert((class, lo, width), best);
        best
    }
}

/// Signed bits that hold `v`.
fn sbits(v: Int) -> u32 {
    let s = v.signed();
    let m = if s < 0 { !s } else { s };
    65 - m.leading_zeros()
}

/// Bits of a non-negative value (at least 1).
fn ubits(v: u128) -> u32 {
    (128 - v.leading_zeros()).max(1)
}

/// The floor's counters during a run.
pub(crate) struct Tracker {
    model: Model,
    max_mul: Option<u32>,
    max_div: Option<u32>,
    /// The recurrence iteration ops are on now (0: none), and the last one handed out.
    pub(crate) gen: u32,
    gens: u32,
    /// The weighted recurrence bound so far.
    pub(crate) weighted: u64,
    muls: HashSet<(u32, u64, u64)>,
    divs: HashSet<(bool, u32, u64, u64)>,
    mul_latency: Option<u32>,
    div_latency: Option<u32>,
    /// The cycle of the value last stored in each element written so far, by (memory,
    /// flat index).
    stored: HashMap<(usize, usize), u32>,
    /// The earliest cycle of the value the last [`Tracker::load`] read.
    pub(crate) loaded: u32,
    /// The elements whose initial value was read, by (memory, flat index).
    initial: HashSet<(usize, usize)>,
    /// The fewest cycles an iteration of a recurrent counted or block loop costs: 1, or 0
    /// when loop transforms may unroll it (module header).
    pub(crate) least_iteration: u32,
}

impl Tracker {
    pub(crate) fn new(opts: &Options, transforms: bool) -> Tracker {
        Tracker {
            least_iteration: u32::from(!transforms),
            model: Model::new(opts.clock_period),
            max_mul: opts.max_mul,
            max_div: opts.max_div,
            gen: 0,
            gens: 0,
            weighted: 0,
            muls: HashSet::new(),
            divs: HashSet::new(),
            mul_latency: None,
            div_latency: None,
            stored: HashMap::new(),
            loaded: 0,
            initial: HashSet::new(),
        }
    }

    /// A read of element `flat` of memory `mem`: its value exists when the value last
    /// stored there does (a forwarded store), or from cycle 1 if none was (a read's data
    /// arrives the cycle after it; a register holding an earlier read of it is as late).
    pub(crate) fn load(&mut self, mem: usize, flat: usize) {
        match self.stored.get(&(mem, flat)) {
            Some(&t) => self.loaded = t,
            None => {
                self.loaded = 1;
                self.initial.insert((mem, flat));
            }
        }
    }

    /// The port bound at the end of a run over the memref arguments `args` (module header).
    pub(crate) fn port(&self, args: &[usize]) -> u64 {
        let count = |m: usize| {
            let reads = self.initial.iter().filter(|(k, _)| *k == m).count();
            let writes = self.stored.keys().filter(|(k, _)| *k == m).count();
            (reads + writes) as u64
        };
        args.iter().map(|&m| count(m)).max().unwrap_or(0)
    }

    /// A write of a value of cycle `t` to element `flat` of memory `mem`.
    pub(crate) fn store(&mut self, mem: usize, flat: usize, t: u32) {
        self.stored.insert((mem, flat), t);
    }

    /// The dataflow bound at the end of a run: the latest value the memories `args` (the
    /// memref arguments) keep, or the results `results` give.
    pub(crate) fn chain(&self, args: &[usize], results: &[Meta]) -> u64 {
        let kept = self.stored.iter().filter(|((m, _), _)| args.contains(m)).map(|(_, &t)| t);
        u64::from(kept.chain(results.iter().map(|m| m.t)).max().unwrap_or(0))
    }

    /// Starts an iteration of a recurrent loop: returns the enclosing one's generation (to
    /// [`Tracker::end_iteration`]).
    pub(crate) fn begin_iteration(&mut self) -> u32 {
        let outer = self.gen;
        self.gens = self.gens.wrapping_add(1).max(1);
        self.gen = self.gens;
        outer
    }

    /// A carried value entering the current iteration.
    pub(crate) fn carried(&self, m: Meta) -> Meta {
        Meta { gen: self.gen, d: 0, ..m }
    }

    /// The path length `m` reached in the current iteration (0 if it is off the path).
    pub(crate) fn path(&self, m: &Meta) -> u32 {
        if self.gen != 0 && m.gen == self.gen {
            m.d
        } else {
            0
        }
    }

    /// Ends an iteration: back to generation `outer`; returns the iteration's path cycles.
    pub(crate) fn end_iteration(&mut self, outer: u32, ends: &[Meta]) -> u32 {
        let c = ends.iter().map(|m| self.path(m)).max().unwrap_or(0);
        self.gen = outer;
        c
    }

    /// A loop's result in the enclosing iteration: variable as `exit`, on the path as far as
    /// the loop's inputs `inputs` were (the loop's own cycles are counted as its iterations).
    pub(crate) fn after_loop(&self, exit: Meta, inputs: &[Meta]) -> Meta {
        let d = inputs.iter().filter(|m| self.gen != 0 && m.gen == self.gen).map(|m| m.d).max();
        match d {
            Some(d) => Meta { gen: self.gen, d, ..exit },
            None => Meta { gen: 0, d: 0, ..exit },
        }
    }

    /// The meta of the result of a scalar op `name` (short, without `arith.`) with operand
    /// values and metas and its result; counts unit ops.
    pub(crate) fn op(&mut self, name: &str, ops: &[(Int, Meta)], result: Int) -> Meta {
        let var = ops.iter().any(|(_, m)| m.var);
        let start = ops
            .iter()
            .map(|(_, m)| (m.gen == self.gen && self.gen != 0, m.d))
            .fold(None, |acc: Option<u32>, (on, d)| if on { Some(acc.map_or(d, |a| a.max(d))) } else { acc });
        let cycles = self.cycles(name, ops, result);
        let t = ops.iter().map(|(_, m)| m.t).max().unwrap_or(0).saturating_add(cycles);
        match start {
            Some(d) => Meta { var, gen: self.gen, d: d.saturating_add(cycles), t },
            None => Meta { var, gen: 0, d: 0, t },
        }
    }

    /// The minimum latency of op `name`, counting it when it uses a limited unit.
    fn cycles(&mut self, name: &str, ops: &[(Int, Meta)], result: Int) -> u32 {
        let lo = ops.iter().map(|(v, _)| sbits(*v)).chain([sbits(result)]).max().unwrap_or(1);
        let w = result.width;
        let plain = |m: &mut Model, op: DelayOp, lo: u32, w: u32| m.min_cycles(Class::Plain(op), lo, w);
        let n = name.strip_prefix("arith.").unwrap_or(name);
        let bin = crate::lower::bin_op(n).or(match n {
            "ceildivsi" | "floordivsi" => Some(BinOp::DivS),
            "ceildivui" => Some(BinOp::DivU),
            _ => None,
        });
        match (n, bin) {
            // The interpreter names equality tests `cmpi_eq` ([`super::ops`]).
            ("cmpi" | "cmpi_eq", _) if ops.len() == 2 => {
                let lo = sbits(ops[0].0).max(sbits(ops[1].0));
                plain(&mut self.model, DelayOp::Cmp(n == "cmpi_eq"), lo, ops[0].0.width)
            }
            ("maxsi" | "minsi" | "maxui" | "minui", _) => plain(&mut self.model, DelayOp::Cmp(false), lo, w),
            ("select", _) => {
                let lo = ops.iter().skip(1).map(|(v, _)| sbits(*v)).max().unwrap_or(1);
                plain(&mut self.model, DelayOp::Mux, lo, w)
            }
            (_, Some(b)) if ops.len() == 2 => {
                let (a, d) = (ops[0], ops[1]);
                match b {
                    BinOp::Mul => {
                        if !(a.1.var && d.1.var) {
                            return 0;
                        }
                        // The multi-cycle path, or a pipelined multiplier if that were shorter
                        // (`delays::pipe_mul`; it never is today).
                        let path = plain(&mut self.model, DelayOp::Mul, lo, w);
                        let c = path.min(delays::pipe_mul(lo.clamp(1, w), self.model.budget).latency);
                        if self.max_mul.is_some() {
                            let (x, y) = (a.0.bits.min(d.0.bits), a.0.bits.max(d.0.bits));
                            self.muls.insert((w, x, y));
                            self.mul_latency = Some(self.mul_latency.map_or(c, |l| l.min(c)));
                        }
                        c
                    }
                    BinOp::DivS | BinOp::DivU | BinOp::RemS | BinOp::RemU => {
                        if !d.1.var {
                            return 0;
                        }
                        let signed = matches!(b, BinOp::DivS | BinOp::RemS);
                        let m = if signed {
                            ubits(i128::from(d.0.signed()).unsigned_abs())
                        } else {
                            ubits(u128::from(d.0.bits))
                        };
                        let c = self.model.min_cycles(Class::Div(signed, m), w, w);
                        if self.max_div.is_some() {
                            self.divs.insert((signed, w, a.0.bits, d.0.bits));
                            self.div_latency = Some(self.div_latency.map_or(c, |l| l.min(c)));
                        }
                        c
                    }
                    BinOp::Shl | BinOp::ShrS | BinOp::ShrU if !d.1.var => 0,
                    _ => plain(&mut self.model, delays::of_bin(b), lo, w),
                }
            }
            _ => 0,
        }
    }

    /// The resource bound so far.
    pub(crate) fn resource(&self) -> u64 {
        let bound = |n: usize, units: Option<u32>, lat: Option<u32>| match (units, lat) {
            (Some(u), Some(l)) if n > 0 => (n as u64).div_ceil(u64::from(u.max(1))) + u64::from(l.max(1)) - 1,
            _ => 0,
        };
        bound(self.muls.len(), self.max_mul, self.mul_latency).max(bound(
            self.divs.len(),
            self.max_div,
            self.div_latency,
        ))
    }
}

#[cfg(test)]
#[path = "floor_tests.rs"]
mod tests;
