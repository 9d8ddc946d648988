//! Stating one basic block of the HLS IR as a scheduling [`Problem`] and solving it.
//!
//! Operator types come from the delay model ([`super::delays`]); the problem's period is the
//! chaining budget (clock period minus the cycle's fixed register and multiplexer cost). A
//! divider whose array does not fit becomes a sequential unit (a load cycle, then
//! [`super::delays::seq_div`]'s steps; the result is read the cycle after); any other operator
//! whose delay exceeds the budget becomes a multi-cycle path of `ceil(delay / budget)` cycles
//! whose operands are held meanwhile and whose result is registered at the end; under
//! `--max-mul`, multipliers so slow are pipelined units instead where that gives the
//! block a shorter schedule ([`super::mul_timing`]). A load has
//! latency 1 (data the next cycle, as from a block RAM). Resources: each memref argument is one port (one
//! access per cycle), each local memory a read and a write port, and multipliers and
//! dividers when `--max-mul` / `--max-div` limit them.

use super::delays::{self, DelayOp};
use super::{list, Dependence, Operation, OperatorType, Problem, Solution};
use crate::analysis::deps;
use crate::ir::{BinOp, Func, MemKind, OpId, OpKind, ValId};
use crate::Options;
use std::collections::{BTreeMap, HashMap};

/// A scheduled basic block.
#[derive(Clone, Debug)]
pub struct BlockSchedule {
    /// The block's ops in program order (problem op `i` is `ops[i]`).
    pub ops: Vec<OpId>,
    /// The problem it solved.
    pub problem: Problem,
    /// The solution.
    pub solution: Solution,
}

impl BlockSchedule {
    /// Start cycle of problem op `i`, relative to the block.
    pub fn start(&self, i: usize) -> u32 {
        self.solution.start[i]
    }
    /// Latency of problem op `i`.
    pub fn latency(&self, i: usize) -> u32 {
        self.problem.types[self.problem.ops[i].ty].latency
    }
}

/// The operator type of `op` under `opts`, and whether it is a multiplier / divider.
fn op_type(
    f: &Func,
    id: OpId,
    opts: &Options,
    consts: &HashMap<ValId, u64>,
) -> (OperatorType, Option<&'static str>) {
    let op = f.op(id);
    let w = op.result.map_or(1, |r| f.width(r));
    let p = delays::budget(opts.clock_period);
    let comb = |name: String, d: f64| OperatorType {
        name,
        latency: 0,
        delay: d,
        outgoing_delay: 0.0,
        occupancy: 1,
        span: 1,
        sequential: false,
    };
    let (class, name) = match &op.kind {
        OpKind::Load(m) => {
            let t = OperatorType {
                name: format!("load {}", f.mems[m.index()].name),
                latency: 1,
                delay: delays::delay(DelayOp::MemSetup, 1),
                outgoing_delay: delays::delay(DelayOp::MemOut, 1),
                occupancy: 1,
                span: 2,
                sequential: false,
            };
            return (t, None);
        }
        OpKind::Store(m) => {
            return (
                comb(format!("store {}", f.mems[m.index()].name), delays::delay(DelayOp::MemSetup, 1)),
                None,
            )
        }
        OpKind::Const(_) | OpKind::SExt | OpKind::ZExt | OpKind::Trunc => (DelayOp::Wire, "wire"),
        // A shift by a constant is wiring.
        OpKind::Bin(BinOp::Shl | BinOp::ShrS | BinOp::ShrU) if consts.contains_key(&op.operands[1]) => {
            (DelayOp::Wire, "shift")
        }
        OpKind::Bin(b) => (delays::of_bin(*b), if b.is_div() { "div" } else { "" }),
        OpKind::Cmp(pr) => (delays::of_cmp(*pr), "cmp"),
        OpKind::Select => (DelayOp::Mux, "mux"),
        // Float ops on their units (`float_timing.rs`); one without a unit (a conversion of a
        // wide integer) never
        // reaches a schedule that is generated (`gen::support` refuses it after lowering),
        // and the loop passes' trial schedules see it as a long multi-cycle path.
        k if k.is_float() => {
            let Some((u, fmt)) = super::float_timing::unit_of(k) else {
                let name = format!("{}{w}", k.float_name().unwrap_or("float"));
                return (multi_cycle(name, 4.0 * p, p), None);
            };
            return (super::float_timing::op_type(u, fmt, opts.clock_period), Some("float"));
        }
        _ => unreachable!("every op kind is matched above"),
    };
    let width = match &op.kind {
        OpKind::Cmp(_) => f.width(op.operands[0]),
        _ => w,
    };
    // A multiply by a constant is shifts and adds, not a multiplier unit.
    let by_const = match op.kind {
        OpKind::Bin(BinOp::Mul) => op.operands.iter().find_map(|o| consts.get(o)),
        _ => None,
    };
    if let Some(&c) = by_const {
        let name = format!("mulc{width}");
        let d = delays::mul_by_const(c, width);
        if d <= p {
            return (comb(name, d), None);
        }
        return (multi_cycle(name, d, p), None);
    }
    let d = delays::delay(class, width);
    let unit = match class {
        DelayOp::Mul => Some("mul"),
        DelayOp::Div => Some("div"),
        _ => None,
    };
    let name = format!(
        "{}{}",
        if name.is_empty() { format!("{class:?}").to_lowercase() } else { name.to_string() },
        width
    );
    if d <= p {
        return (comb(name, d), unit);
    }
    if let OpKind::Bin(b) = op.kind {
        if b.is_div() {
            // A sequential divider: loads in its start cycle, steps, and its registers
            // hold the result in cycle start + latency.
            let m = crate::analysis::divwidth::divisor_bits(f, b, width);
            let sd = delays::seq_div(matches!(b, BinOp::DivS | BinOp::RemS), width, m, p);
            let t = OperatorType {
                name: if m < width { format!("{name}/{m} seq") } else { format!("{name} seq") },
                latency: sd.latency,
                delay: sd.load_delay,
                outgoing_delay: 0.0,
                occupancy: sd.latency,
                span: sd.latency + 1,
                sequential: true,
            };
            return (t, unit);
        }
    }
    (multi_cycle(name, d, p), unit)
}

/// A multi-cycle path of delay `d` at clock period `p`: the operands are held and the
/// result registered after `ceil(d / p)` cycles.
fn multi_cycle(name: String, d: f64, p: f64) -> OperatorType {
    let l = (d / p).ceil() as u32;
    OperatorType {
        name,
        latency: l,
        delay: (d - (l - 1) as f64 * p).max(0.0),
        outgoing_delay: 0.0,
        occupancy: l,
        span: l,
        sequential: false,
    }
}

/// States and solves the scheduling problem of the block `ops` (program order).
pub fn schedule_block(f: &Func, ops: &[OpId], opts: &Options) -> Result<BlockSchedule, String> {
    let p = block_problem(f, ops, opts)?;
    let mut solution = list::schedule(&p)?;
    // Under --max-mul, pipelined multipliers where they shorten the block (`mul_timing.rs`).
    let mut p = p;
    // Then each width back to multi-cycle paths where the block is no longer without it.
    if opts.max_mul.is_some() {
        let lat = super::mul_timing::latencies(f, ops, &p);
        if let Some(q) = super::mul_timing::pipelined(&p, &lat) {
            let s = list::schedule(&q)?;
            if s.length < solution.length {
                let length = s.length;
                let (p0, mut best) = (p.clone(), (q, s));
                let (_, fewer) = super::mul_timing::fewest(
                    &lat,
                    |l| {
                        let q = super::mul_timing::pipelined(&p0, l).expect("a choice with a multiplier");
                        let s = list::schedule(&q)?;
                        Ok((s.length, (q, s)))
                    },
                    length,
                )?;
                if let Some(f) = fewer {
                    best = f;
                }
                (p, solution) = best;
            }
        }
    }
    let errs = super::verify(&p, &solution);
    if let Some(e) = errs.first() {
        return Err(format!("internal error: the list scheduler produced an invalid schedule: {e}"));
    }
    Ok(BlockSchedule { ops: ops.to_vec(), problem: p, solution })
}

/// The scheduling problem of the block `ops` (program order): one iteration's ops and
/// their dependences inside the block.
pub fn block_problem(f: &Func, ops: &[OpId], opts: &Options) -> Result<Problem, String> {
    if opts.clock_period < delays::min_period() - 1e-9 {
        return Err(format!(
            "--clock-period {} ns is shorter than the shortest iCE40 cycle the delay model allows \
             ({:.2} ns: register clock-to-out, setup and routing, one LUT level)",
            opts.clock_period,
            delays::min_period()
        ));
    }
    let mut p = Problem { period: delays::budget(opts.clock_period), ..Default::default() };
    let mut types: BTreeMap<String, usize> = BTreeMap::new();
    let mut res: BTreeMap<String, usize> = BTreeMap::new();
    let mut resource = |p: &mut Problem, name: String, limit: u32| -> usize {
        *res.entry(name.clone()).or_insert_with(|| {
            p.resources.push(super::Resource { name, limit });
            p.resources.len() - 1
        })
    };
    let consts: HashMap<ValId, u64> = f.constants();
    let mut def: HashMap<ValId, usize> = HashMap::new();
    for (i, &id) in ops.iter().enumerate() {
        let (t, unit) = op_type(f, id, opts, &consts);
        let key = format!("{}/{}/{}", t.name, t.latency, t.delay);
        let ty = *types.entry(key).or_insert_with(|| {
            p.types.push(t);
            p.types.len() - 1
        });
        let op = f.op(id);
        let r = match (&op.kind, unit) {
            (OpKind::Load(m) | OpKind::Store(m), _) => {
                let mem = &f.mems[m.index()];
                let name = match (&mem.kind, &op.kind) {
                    (MemKind::Port, _) => format!("{} port", mem.name),
                    (MemKind::Local, OpKind::Load(_)) => format!("{} read port", mem.name),
                    _ => format!("{} write port", mem.name),
                };
                Some(resource(&mut p, name, 1))
            }
            (_, Some("mul")) => opts.max_mul.map(|l| resource(&mut p, "multiplier".into(), l.max(1))),
            (_, Some("div")) => opts.max_div.map(|l| resource(&mut p, "divider".into(), l.max(1))),
            // Float units with registers under --max-float: one resource per kind and format.
            (k, Some("float")) if p.types[ty].latency > 0 => opts.max_float.and_then(|l| {
                let (u, fmt) = super::float_timing::unit_of(k)?;
                Some(resource(&mut p, format!("{} {fmt}", u.name()), l.max(1)))
            }),
            _ => None,
        };
        p.ops.push(Operation { ty, resource: r });
        for &o in &op.operands {
            if let Some(&j) = def.get(&o) {
                p.deps.push(Dependence { from: j, to: i, data: true, distance: 0 });
            }
        }
        if let Some(r) = op.result {
            def.insert(r, i);
        }
    }
    let index: HashMap<OpId, usize> = ops.iter().enumerate().map(|(i, &o)| (o, i)).collect();
    for d in deps::mem_deps(f, ops) {
        p.deps.push(Dependence { from: index[&d.from], to: index[&d.to], data: false, distance: d.distance });
    }
    Ok(p)
}
