//! Generation of a pipelined loop: II slot states, stage-valid bits, rotating registers.
//!
//! The loop's states are its II slots; the FSM runs slot 0 .. II-1 once per *period* and
//! starts a new iteration every period. An op scheduled at cycle `t` of its iteration runs
//! in slot `t mod II` on behalf of the iteration in stage `t div II`. Stage 0's iteration is
//! the one whose induction variable is in the loop's register (`valid[0] = iv < ub`); the
//! bits `valid[1..S)` are a shift register that takes `valid[0]` at every period's end, so
//! prologue and epilogue need no copies of the body: stores, loads and register writes of
//! an op are guarded by its stage's valid bit. The loop leaves in the slot of the last
//! iteration's last cycle (`(depth - 1) mod II`) of the final period, not at its end, and
//! clears the valid bits on that edge: `(n - 1) * II + depth` cycles for `n` iterations.
//!
//! A value produced in cycle `w` of its iteration (its *wire* cycle: the op's cell, a
//! read's data, a divider's result register) is seen by a use at cycle `t`: in the cell if
//! `t == w` (chaining), else in copy `k = ceil((t - w) / II) - 1` of a register chain: copy
//! 0 loads the cell at the end of cycle `w` (slot `w mod II`), copy `k` loads copy `k-1` at
//! the end of cycle `w + k II`; each holds its value for exactly the II cycles until its
//! next load, so a value living longer than II cycles rotates through its copies. The
//! induction variable is "produced" at cycle -1 (its register loads at the previous
//! period's end); a loop-carried value is produced at its yield's wire cycle minus II (the
//! previous iteration's yield), its copy 0 being the shared register allocation's register
//! (written at loop entry with its init and by the yield under its stage's valid bit).
//!
//! A rotation of carried values (`q0` yields `q1`, .., `q(k-1)` yields a body value `s`:
//! `transform::reassoc`'s partial accumulators) is a shift register of their registers: at the
//! wire cycle of `s`, `q(k-1)` loads `s` and each `qj` loads `q(j+1)`, under that cycle's
//! guard. `qj` then holds, `n` shifts after `s` of iteration `m` was loaded, iteration `m`'s
//! value at `q(k-1-n)`: a use of `qj` (distance `d = k - j`, produced at `wire - d II`) reads
//! register `q(k-1-n)`, `n` counted as for copies. All of them start alike (the partials'
//! identity), so the shifts the first iterations miss change nothing.

use super::share::PoolKey;
use super::{Access, Gen};
use crate::gen::layout::Pipe;
use crate::ir::{ForLoop, OpKind, ValId};
use comb::{CellKind, IcmpPred, NetId};
use std::collections::{BTreeMap, HashMap};

/// What the transitions read from a pipelined loop.
pub(crate) struct PipeNets {
    /// The final period: the last iteration is in the last stage.
    pub last_period: NetId,
    /// Each carried value as the loop exits.
    pub results: Vec<NetId>,
}

/// Where a value of the loop comes from.
#[derive(Clone, Copy)]
enum Origin {
    /// Produced by a body op: its wire cycle and cell.
    Op(i64, NetId),
    /// Induction variable or carried value: produced at this cycle; copy 0 is its register.
    Carried(i64),
    /// A carried value in a rotation: produced at this cycle; the registers it moves
    /// through are in [`Ctx::rotations`].
    Rotated(i64),
    /// Loop-invariant (defined before the loop, or a carried value passed through).
    Invariant,
}

pub(crate) struct Ctx<'p> {
    pub(crate) pipe: &'p Pipe,
    lp: &'p ForLoop,
    ii: i64,
    valid: Vec<NetId>,
    origin: HashMap<ValId, Origin>,
    /// For each rotated carried value, the carried values whose registers hold it after
    /// 0, 1, .. shifts (the chain's head first, itself last).
    rotations: HashMap<ValId, Vec<ValId>>,
    /// Period counters modulo r (for replicated multi-cycle paths), by r.
    counters: BTreeMap<u32, NetId>,
    /// Register chains: copy k of a value.
    copies: BTreeMap<(ValId, usize), NetId>,
    /// Copy registers whose input is connected once every cell exists: (reg, value, k).
    pending: Vec<(NetId, ValId, usize)>,
}

impl Ctx<'_> {
    pub(crate) fn slot(&self, t: i64) -> u32 {
        self.pipe.first + t.rem_euclid(self.ii) as u32
    }
    fn stage(&self, t: i64) -> usize {
        t.div_euclid(self.ii).max(0) as usize
    }
}

impl Gen<'_> {
    /// Builds every pipelined loop of the layout.
    pub(crate) fn pipelines(&mut self) -> Result<(), String> {
        let l = self.l;
        for pipe in &l.pipes {
            let nets = self.pipeline(pipe)?;
            self.pipe_nets.push(nets);
        }
        Ok(())
    }

    fn own_reg(&mut self, width: u32, name: &str, reset: bool) -> NetId {
        let z = self.konst(0, width);
        let z1 = self.konst(0, 1);
        let clk = self.clk;
        self.own_regs.push(width);
        let ops: Vec<NetId> = if reset { vec![z, clk, z1, z1, z] } else { vec![z, clk, z1] };
        self.cell(
            CellKind::Reg { reset, enable: true, async_reset: false, init: None },
            width,
            &ops,
            Some(name),
        )
    }

    /// The guard of a write or access at cycle `t`: its slot state and its stage valid.
    fn guard(&mut self, c: &Ctx, t: i64) -> NetId {
        let s = self.state_eq[c.slot(t) as usize];
        let v = c.valid[c.stage(t)];
        self.and(s, v)
    }

    fn pipeline(&mut self, pipe: &Pipe) -> Result<PipeNets, String> {
        let l = self.l;
        let lp = &l.fors[pipe.for_k];
        let plan = &pipe.plan;
        let ii = plan.ii();
        let stages = plan.stages() as usize;
        let last = pipe.first + ii - 1;
        let mut c = Ctx {
            pipe,
            lp,
            ii: i64::from(ii),
            valid: Vec::new(),
            origin: HashMap::new(),
            rotations: HashMap::new(),
            counters: BTreeMap::new(),
            copies: BTreeMap::new(),
            pending: Vec::new(),
        };
        // Stage-valid bits: valid[0] = iv < ub; the rest shift at the period's end.
        let ivr = self.value_in(lp.iv, pipe.first);
        let ub = self.value_in(lp.ub, pipe.first);
        let v0 = self.cell(CellKind::Icmp(IcmpPred::Slt), 1, &[ivr, ub], Some("stage0_valid"));
        c.valid.push(v0);
        let (rst_net, z1) = (self.rst, self.konst(0, 1));
        let clk = self.clk;
        let valid_regs: Vec<NetId> =
            (1..stages).map(|k| self.own_reg(1, &format!("{}_stage{k}_valid", lp.id), true)).collect();
        c.valid.extend(&valid_regs);
        // The final period: the last iteration is in the last stage. Iterations occupy
        // consecutive stages, so that is "last stage valid, the one before not"; with one
        // stage, "valid and the next induction value out of range".
        let exit_slot = pipe.first + (plan.depth().max(1) - 1) % ii;
        let last_period = if stages >= 2 {
            let before = self.not(c.valid[stages - 2]);
            self.and(c.valid[stages - 1], before)
        } else {
            let iv = self.value_in(lp.iv, exit_slot);
            let ub = self.value_in(lp.ub, exit_slot);
            let step = self.konst(lp.step, crate::ir::INDEX_WIDTH);
            let next = self.cell(CellKind::Add, crate::ir::INDEX_WIDTH, &[iv, step], None);
            let more = self.cell(CellKind::Icmp(IcmpPred::Slt), 1, &[next, ub], None);
            let no_more = self.not(more);
            self.and(v0, no_more)
        };
        // The loop leaves in the middle of a period: its valid bits are cleared on that edge,
        // so the next entry starts with an empty pipeline.
        let leave = self.and(self.state_eq[exit_slot as usize], last_period);
        let clear = self.or(&[rst_net, leave]);
        for (k, &r) in valid_regs.iter().enumerate() {
            let prev = c.valid[k];
            let en = self.state_eq[last as usize];
            self.m.set_operands(r, &[prev, clk, en, clear, z1]);
        }
        // Origins of the loop's values.
        c.origin.insert(lp.iv, Origin::Carried(-1));
        let sched = &plan.block;
        let at: HashMap<ValId, usize> =
            sched.ops.iter().enumerate().filter_map(|(i, &o)| self.f.op(o).result.map(|r| (r, i))).collect();
        let wire_cycle = |i: usize| {
            let t = &sched.problem.types[sched.problem.ops[i].ty];
            i64::from(sched.start(i)) + i64::from(t.span.max(1)) - 1
        };
        for (j, (a, y)) in lp.iter_args.iter().zip(&lp.yields).enumerate() {
            let o = match (at.get(y), crate::schedule::pipelined_loops::rotation(lp, j)) {
                (Some(&i), _) => Origin::Carried(wire_cycle(i) - c.ii),
                (None, Some((v, d))) if d > 1 && at.contains_key(&v) => {
                    let mut chain = vec![*a];
                    while chain.len() < d as usize {
                        let k = lp.iter_args.iter().position(|x| x == chain.last().expect("not empty"));
                        chain.push(lp.yields[k.expect("a rotation's links are carried values")]);
                    }
                    chain.reverse();
                    c.rotations.insert(*a, chain);
                    Origin::Rotated(wire_cycle(at[&v]) - i64::from(d) * c.ii)
                }
                _ => Origin::Invariant,
            };
            c.origin.insert(*a, o);
        }
        // The ops, in their topological order (limited multipliers/dividers on shared units).
        let shared = self.shared_units(pipe)?;
        let mut locals = shared.locals.clone();
        let mut div_pairs = HashMap::new();
        for (i, &id) in sched.ops.iter().enumerate() {
            let op = self.f.op(id).clone();
            let t = i64::from(sched.start(i));
            self.note = self.note_of(op.span);
            if let (Some(&u), Some(r)) = (shared.of.get(&i), op.result) {
                c.origin.insert(r, Origin::Op(wire_cycle(i), shared.net(u)));
                continue;
            }
            let ty = sched.problem.types[sched.problem.ops[i].ty].clone();
            let w = op.result.map_or(1, |r| self.f.width(r));
            let net = match op.kind {
                OpKind::Load(m) => {
                    let addr = self.pv(&mut c, op.operands[0], t)?;
                    let cond = self.guard(&c, t);
                    self.accesses.entry(m.index()).or_default().push(Access {
                        cond,
                        addr,
                        wdata: None,
                        note: self.note.clone(),
                    });
                    let Some(&rd) = self.rdata.get(&m.index()) else {
                        return Err(format!("internal error: no read port for {m}"));
                    };
                    rd
                }
                OpKind::Store(m) => {
                    let addr = self.pv(&mut c, op.operands[0], t)?;
                    let data = self.pv(&mut c, op.operands[1], t)?;
                    let mut cond = self.guard(&c, t);
                    if let Some(&en) = op.operands.get(2) {
                        let en = self.pv(&mut c, en, t)?;
                        cond = self.and(cond, en);
                    }
                    self.accesses.entry(m.index()).or_default().push(Access {
                        cond,
                        addr,
                        wdata: Some(data),
                        note: self.note.clone(),
                    });
                    continue;
                }
                // A division and a remainder of the same operands on one unit of their own.
                OpKind::Bin(b)
                    if crate::schedule::div_timing::is_pipelined(&ty)
                        && (div_pairs.contains_key(&i) || self.div_partner(&c, i, (b, w)).is_some()) =>
                {
                    self.pipe_div_op(&mut c, i, (b, w), &ty, &mut div_pairs)?
                }
                // Pipelined multipliers and dividers, sequential dividers: the function's
                // shared units (`share.rs`), after this loop's limited ones of the key.
                OpKind::Bin(b) if PoolKey::of(b, w, &ty).is_some() => {
                    let key = PoolKey::of(b, w, &ty).expect("checked");
                    let (id, net) = self.pool_next(&mut locals, key)?;
                    let a0 = self.pv(&mut c, op.operands[0], t)?;
                    let a1 = self.pv(&mut c, op.operands[1], t)?;
                    let states: Vec<u32> = (0..i64::from(ty.latency.max(1))).map(|j| c.slot(t + j)).collect();
                    self.pool_issue(id, &states, a0, a1)?;
                    net
                }
                // A float op on its unit (`float.rs`): operands at its start cycle.
                _ if op.kind.is_float() => {
                    let mut a = Vec::new();
                    for &o in &op.operands {
                        a.push(self.pv(&mut c, o, t)?);
                    }
                    // A sequential unit (a remainder) starts for a running iteration only.
                    let go = if crate::schedule::float_timing::is_sequential(&ty) {
                        self.guard(&c, t)
                    } else {
                        self.state_eq[c.slot(t) as usize]
                    };
                    if self.float_shared(&op, &ty) {
                        let busy = (0..i64::from(ty.occupancy.max(1))).map(|j| c.slot(t + j)).collect();
                        self.float_issue(&op, &ty, (c.slot(t), busy), a, go)?
                    } else {
                        self.float_unit(&op, &a, &ty, Some(go))?
                    }
                }
                _ if ty.occupancy > ii => self.replicated(&mut c, &op, t, ty.occupancy)?,
                _ => {
                    // Operands held over the op's cycles (a multi-cycle path), by slot.
                    let mut a = Vec::new();
                    for &o in &op.operands {
                        let mut d: Option<NetId> = None;
                        for k in (0..i64::from(ty.occupancy.max(1))).rev() {
                            let n = self.pv(&mut c, o, t + k)?;
                            d = Some(match d {
                                None => n,
                                Some(prev) => {
                                    let s = self.state_eq[c.slot(t + k) as usize];
                                    self.mux(s, n, prev)
                                }
                            });
                        }
                        a.push(d.expect("at least one cycle"));
                    }
                    self.plain_cell(&op, &a)
                }
            };
            if let Some(r) = op.result {
                c.origin.insert(r, Origin::Op(wire_cycle(i), net));
            }
        }
        self.note = None;
        self.connect_shared(&mut c, &shared)?;
        // Copy registers' inputs, in creation order (a chain's later copies read earlier ones).
        let mut k = 0;
        while k < c.pending.len() {
            let (reg, v, j) = c.pending[k];
            let (base, src) = match c.origin[&v] {
                Origin::Op(w, net) if j == 0 => (w, net),
                Origin::Op(w, _) => (w, self.copy(&mut c, v, j - 1)?),
                Origin::Carried(w) => (w, self.copy(&mut c, v, j - 1)?),
                Origin::Rotated(_) | Origin::Invariant => {
                    return Err("internal error: a copy of an invariant or rotated value".into())
                }
            };
            let t = base + j as i64 * c.ii;
            let en = self.guard(&c, t);
            self.m.set_operands(reg, &[src, clk, en]);
            k += 1;
        }
        // Carried values: the yield writes copy 0 (the shared allocation's register).
        let mut results = Vec::new();
        for (a, y) in lp.iter_args.iter().zip(&lp.yields) {
            let reg = self.value_in(*a, last);
            if let Origin::Rotated(base) = c.origin[a] {
                // Shifted from the next register of the chain, with the chain's head.
                let d = c.rotations[a].len() as i64;
                let wy = base + d * c.ii;
                let data = self.value_in(*y, c.slot(wy));
                let g = self.guard(&c, wy);
                self.write(*a, c.slot(wy), g, data);
                results.push(if wy == i64::from(plan.depth()) - 1 { data } else { reg });
                continue;
            }
            let Origin::Carried(base) = c.origin[a] else {
                // Passed through (the init), or a carried value no op of the body reads that
                // yields a constant or a value from before the loop (scalar replacement of a
                // store of one, `schedule::pipelined_loops::ineligible`): after the at least one
                // iteration a pipelined run makes, it is that value.
                let out = match self.consts.get(y) {
                    _ if a == y => reg,
                    Some(&k) => self.konst(k, self.f.width(*y)),
                    None => self.value_in(*y, last),
                };
                results.push(out);
                continue;
            };
            let wy = base + c.ii;
            let data = self.pv(&mut c, *y, wy)?;
            let g = self.guard(&c, wy);
            self.write(*a, c.slot(wy), g, data);
            // The last iteration's yield may be written on the exit edge itself (its last cycle).
            let out = if wy == i64::from(plan.depth()) - 1 { data } else { reg };
            results.push(out);
        }
        Ok(PipeNets { last_period, results })
    }

    /// A counter of periods modulo `r` (any start value: only differences matter).
    fn period_counter(&mut self, c: &mut Ctx, r: u32) -> NetId {
        if let Some(&k) = c.counters.get(&r) {
            return k;
        }
        let w = (32 - (r - 1).leading_zeros()).max(1);
        let k = self.own_reg(w, &format!("{}_period_mod{r}", c.lp.id), true);
        let one = self.konst(1, w);
        let inc = self.cell(CellKind::Add, w, &[k, one], None);
        let top = self.konst(u64::from(r - 1), w);
        let wrap = self.cell(CellKind::Icmp(IcmpPred::Eq), 1, &[k, top], None);
        let zero = self.konst(0, w);
        let d = self.mux(wrap, zero, inc);
        let en = self.state_eq[(c.pipe.first + c.ii as u32 - 1) as usize];
        let (clk, rst) = (self.clk, self.rst);
        self.m.set_operands(k, &[d, clk, en, rst, zero]);
        c.counters.insert(r, k);
        k
    }

    /// A multi-cycle path longer than II: `r = ceil(occupancy / II)` copies, iteration `q`
    /// on copy `q mod r`. In period `p` (counter `p mod r`) and slot `s`, copy `k` serves the
    /// iteration at cycle `t + j` with `(t + j) mod II = s` and `(t + j) div II = (p - k) mod
    /// r`; its operands are held from where they are then, and the result is taken from the
    /// copy of the iteration in its last cycle.
    fn replicated(&mut self, c: &mut Ctx, op: &crate::ir::Op, t: i64, occ: u32) -> Result<NetId, String> {
        let ii = c.ii;
        let r = (i64::from(occ) + ii - 1) / ii;
        let kappa = self.period_counter(c, r as u32);
        let kw = self.m.width(kappa);
        let mut outs = Vec::new();
        for copy in 0..r {
            let mut a = Vec::new();
            for &o in &op.operands {
                let mut d = self.pv(c, o, t)?;
                for j in 1..i64::from(occ) {
                    let k = ((t + j).div_euclid(ii) + copy).rem_euclid(r);
                    let kv = self.konst(k as u64, kw);
                    let is_k = self.cell(CellKind::Icmp(IcmpPred::Eq), 1, &[kappa, kv], None);
                    let s = self.state_eq[c.slot(t + j) as usize];
                    let cond = self.and(s, is_k);
                    let n = self.pv(c, o, t + j)?;
                    d = self.mux(cond, n, d);
                }
                a.push(d);
            }
            outs.push(self.plain_cell(op, &a));
        }
        // At the last cycle w, period counter k: the iteration's copy is (k - w div II) mod r.
        let w = t + i64::from(occ) - 1;
        let mut out = outs[0];
        for k in 0..r {
            let copy = (k - w.div_euclid(ii)).rem_euclid(r) as usize;
            let kv = self.konst(k as u64, kw);
            let is_k = self.cell(CellKind::Icmp(IcmpPred::Eq), 1, &[kappa, kv], None);
            out = self.mux(is_k, outs[copy], out);
        }
        Ok(out)
    }

    /// Copy `k` of `v`'s register chain (created on first use).
    fn copy(&mut self, c: &mut Ctx, v: ValId, k: usize) -> Result<NetId, String> {
        if let Some(&r) = c.copies.get(&(v, k)) {
            return Ok(r);
        }
        let r = match (c.origin.get(&v), k) {
            (Some(Origin::Carried(_)), 0) => self.value_in(v, c.pipe.first),
            _ => {
                let name = self.f.values[v.index()].name.clone().unwrap_or_else(|| format!("{v}"));
                let r = self.own_reg(self.f.width(v), &format!("{name}_{}_c{k}", c.lp.id), false);
                c.pending.push((r, v, k));
                r
            }
        };
        c.copies.insert((v, k), r);
        Ok(r)
    }

    /// `v` as seen at cycle `t` of an iteration of the pipelined loop.
    pub(crate) fn pv(&mut self, c: &mut Ctx, v: ValId, t: i64) -> Result<NetId, String> {
        if let Some(&k) = self.consts.get(&v) {
            let w = self.f.width(v);
            return Ok(self.konst(k, w));
        }
        let base = match c.origin.get(&v).copied() {
            None | Some(Origin::Invariant) => return Ok(self.value_in(v, c.slot(t))),
            Some(Origin::Rotated(w)) => {
                let n = (t - w + c.ii - 1).div_euclid(c.ii) - 1;
                let chain = &c.rotations[&v];
                return match usize::try_from(n).ok().and_then(|n| chain.get(n)) {
                    Some(&r) => Ok(self.value_in(r, c.pipe.first)),
                    None => {
                        Err(format!("internal error: rotated {v} is used at cycle {t}, out of its chain"))
                    }
                };
            }
            Some(Origin::Op(w, net)) if w == t => return Ok(net),
            Some(Origin::Op(w, _)) | Some(Origin::Carried(w)) => w,
        };
        if t <= base {
            return Err(format!("internal error: {v} is used at cycle {t} before it is ready ({base})"));
        }
        let k = ((t - base + c.ii - 1) / c.ii - 1) as usize;
        self.copy(c, v, k)
    }
}
