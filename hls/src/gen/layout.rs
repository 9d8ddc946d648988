//! The FSM's shape: states numbered in program order and the transition of each.
//!
//! Every basic block becomes as many consecutive states as its schedule is long. Control
//! items add no states of their own: entering a loop, the latch (next induction value,
//! loop-carried values, the exit test), an if's branch and merge are register writes and
//! branches carried by the transition out of the last state before them ([`Next`] trees,
//! composed through [`Label`]s). State 0 is the idle state that waits for `start`.
//!
//! Loops whose bodies would have no state, or a path through none (an inner loop that may
//! run zero times and nothing else), get one empty state in front, so every cycle of the
//! transition graph passes through a state.

use crate::ir::{Cfg, ForLoop, Func, Item, LoopId, OpId, OpKind, Region, Terminator, ValId, WhileLoop};
use crate::schedule::block::{schedule_block, BlockSchedule};
use crate::schedule::pipelined_loops::{self, PipelinePlan};
use crate::Options;
use mlir_text::Span;

/// An index into [`Layout::labels`].
pub type Label = usize;

/// A value a transition reads.
#[derive(Clone, Debug, PartialEq)]
pub enum Src {
    /// An IR value as seen in the current state.
    Val(ValId),
    /// The loop's induction variable plus its step.
    IvNext(usize),
    /// The loop's induction variable (as the current writes see it) is below its upper
    /// bound (signed): after the init it enters, after the latch it continues.
    InRange(usize),
    /// A pipelined loop ([`Layout::pipes`]) is in its final period: its last iteration is in
    /// its last stage (read in the slot where that stage's last cycle runs).
    PipeFinal(usize),
    /// A pipelined loop's carried value `.1` as it leaves the loop (the last write may
    /// happen on the exit edge itself).
    PipeResult(usize, usize),
}

/// What happens at the end of a state: a decision tree of register writes and branches.
#[derive(Clone, Debug, PartialEq, Default)]
pub enum Next {
    /// Go to this state.
    Goto(u32),
    /// Continue as the label says.
    Jump(Label),
    /// Two ways on a 1-bit value.
    Branch(Src, Box<Next>, Box<Next>),
    /// Write registers of values (all sources read before any write), then continue.
    Act(Vec<(ValId, Src)>, Box<Next>),
    /// The function is complete: write the results, raise `done`, go idle.
    #[default]
    Finish,
}

/// A loop's place in the FSM (for register lifetimes and the report).
#[derive(Clone, Debug, PartialEq)]
pub struct LoopInfo {
    /// The loop.
    pub id: LoopId,
    /// First and last state of its body (inclusive).
    pub states: (u32, u32),
    /// Trip count when static.
    pub trip: Option<u64>,
    /// Values that live across iterations (induction variable, loop-carried values).
    pub carried: Vec<ValId>,
    /// Cycles per iteration when static.
    pub body_latency: Option<u64>,
    /// Nesting depth (0 = outermost).
    pub depth: u32,
    /// Unstructured (a CFG): states do not run in their numbering order, so every value
    /// living in any of its states is kept alive over all of them.
    pub unstructured: bool,
    /// `for`, `while` or `cfg`.
    pub kind: &'static str,
    /// Pipelined: (II, depth, stages).
    pub pipelined: Option<(u32, u32, u32)>,
    /// Why a loop asked to be pipelined is not.
    pub not_pipelined: Option<String>,
    /// Modulo-scheduled (pipelined, or found no faster): whether its schedule keeps a
    /// dependence between iterations through memory.
    pub memory_recurrence: Option<bool>,
    /// The loop op (the function for a CFG).
    pub span: Span,
    /// A `for` loop's induction variable.
    pub iv: Option<ValId>,
}

/// A pipelined loop: its II slot states and its modulo schedule.
#[derive(Debug)]
pub struct Pipe {
    /// Index into [`Layout::fors`].
    pub for_k: usize,
    /// The first of its II states (slot 0).
    pub first: u32,
    /// The schedule.
    pub plan: PipelinePlan,
}

/// The FSM skeleton of a function.
#[derive(Debug, Default)]
pub struct Layout {
    /// Scheduled blocks.
    pub blocks: Vec<BlockSchedule>,
    /// First state of each block.
    pub block_base: Vec<u32>,
    /// Transition of each state (state 0: idle, filled by the generator).
    pub next: Vec<Next>,
    /// Label targets.
    pub labels: Vec<Next>,
    /// Where the work starts (taken from idle on `start`).
    pub entry: Next,
    /// For loops referenced by [`Src`].
    pub fors: Vec<ForLoop>,
    /// Loops in program order.
    pub loops: Vec<LoopInfo>,
    /// Cycles from the first state to the final transition when static.
    pub body_latency: Option<u64>,
    /// Pipelined loops.
    pub pipes: Vec<Pipe>,
    /// Warnings: loops with `hls.pipeline` that are not pipelined as asked.
    pub warnings: Vec<(Span, String)>,
}

struct Builder<'f> {
    f: &'f Func,
    opts: &'f Options,
    l: Layout,
    depth: u32,
}

/// Schedules every block of `f` and lays out its states.
pub fn layout(f: &Func, opts: &Options) -> Result<Layout, String> {
    let mut b = Builder { f, opts, l: Layout { next: vec![Next::Finish], ..Default::default() }, depth: 0 };
    let done = b.label(Next::Finish);
    let (entry, lat) = b.region(&f.body, done)?;
    b.l.entry = entry;
    b.l.body_latency = lat;
    Ok(b.l)
}

impl Builder<'_> {
    fn label(&mut self, n: Next) -> Label {
        self.l.labels.push(n);
        self.l.labels.len() - 1
    }
    fn states(&self) -> u32 {
        self.l.next.len() as u32
    }
    /// Adds `n` states in a chain ending in `cont`; returns the first.
    fn chain(&mut self, n: u32, cont: Label) -> u32 {
        let first = self.states();
        for k in 0..n {
            let nx = if k + 1 == n { Next::Jump(cont) } else { Next::Goto(first + k + 1) };
            self.l.next.push(nx);
        }
        first
    }

    /// Lays out a region ending in `cont`; returns its entry and static latency.
    fn region(&mut self, r: &Region, cont: Label) -> Result<(Next, Option<u64>), String> {
        // One label per item boundary, filled as items are laid out in program order.
        let mut i = 0;
        let mut entry_label = None;
        let mut prev: Option<Label> = None;
        let mut lat = Some(0u64);
        while i < r.items.len() {
            let here = self.label(Next::Finish);
            if let Some(p) = prev {
                self.l.labels[p] = Next::Jump(here);
            }
            entry_label.get_or_insert(here);
            let after = self.label(Next::Finish);
            let (n, item_lat) = if let Item::Op(_) = r.items[i] {
                let mut ops: Vec<OpId> = Vec::new();
                while let Some(Item::Op(o)) = r.items.get(i) {
                    // Constants need no state: every use sees a constant cell.
                    if !matches!(self.f.op(*o).kind, OpKind::Const(_)) {
                        ops.push(*o);
                    }
                    i += 1;
                }
                if ops.is_empty() {
                    self.l.labels[here] = Next::Jump(after);
                    prev = Some(after);
                    continue;
                }
                let s = schedule_block(self.f, &ops, self.opts)?;
                let len = s.solution.length.max(1);
                let first = self.chain(len, after);
                self.l.block_base.push(first);
                self.l.blocks.push(s);
                (Next::Goto(first), Some(len as u64))
            } else {
                let item = &r.items[i];
                i += 1;
                self.item(item, after)?
            };
            self.l.labels[here] = n;
            lat = lat.zip(item_lat).map(|(a, b)| a + b);
            prev = Some(after);
        }
        match (entry_label, prev) {
            (Some(e), Some(p)) => {
                self.l.labels[p] = Next::Jump(cont);
                Ok((Next::Jump(e), lat))
            }
            _ => Ok((Next::Jump(cont), Some(0))),
        }
    }

    /// A region that must contain at least one state on every path (a loop body).
    fn body(&mut self, r: &Region, cont: Label) -> Result<(Next, Option<u64>), String> {
        let (n, lat) = self.region(r, cont)?;
        if !self.skips_to(&n, cont, &mut Vec::new()) {
            return Ok((n, lat));
        }
        // An empty state in front, so every loop iteration takes at least one cycle: the
        // body has no state, or a path through it passes none (an inner loop that may run
        // zero times, with nothing else in the body).
        let s = self.states();
        self.l.next.push(n);
        Ok((Next::Goto(s), lat.map(|l| l + 1)))
    }

    /// Whether `n` can reach label `cont` without entering a state (`seen`: labels walked).
    fn skips_to(&self, n: &Next, cont: Label, seen: &mut Vec<Label>) -> bool {
        match n {
            Next::Goto(_) | Next::Finish => false,
            Next::Jump(l) if *l == cont => true,
            Next::Jump(l) => {
                if seen.contains(l) {
                    return false;
                }
                seen.push(*l);
                let next = &self.l.labels[*l];
                self.skips_to(next, cont, seen)
            }
            Next::Branch(_, a, b) => self.skips_to(a, cont, seen) || self.skips_to(b, cont, seen),
            Next::Act(_, then) => self.skips_to(then, cont, seen),
        }
    }

    fn item(&mut self, item: &Item, after: Label) -> Result<(Next, Option<u64>), String> {
        match item {
            Item::Op(_) => unreachable!("blocks are handled by region()"),
            Item::For(l) => self.for_loop(l, after),
            Item::If(i) => {
                let (then_cont, else_cont) = (
                    self.label(act(&i.results, &i.then_yields, Next::Jump(after))),
                    self.label(act(&i.results, &i.else_yields, Next::Jump(after))),
                );
                let (t, tl) = self.region(&i.then_region, then_cont)?;
                let (e, el) = self.region(&i.else_region, else_cont)?;
                let lat = if tl == el { tl } else { None };
                Ok((Next::Branch(Src::Val(i.cond), Box::new(t), Box::new(e)), lat))
            }
            Item::While(w) => self.while_loop(w, after),
            Item::Cfg(g) => self.cfg(g, after),
        }
    }

    /// Blocks with branches: each block's body (at least one state, so every cycle of
    /// the graph passes a state) ends in its terminator's writes and branches.
    fn cfg(&mut self, g: &Cfg, after: Label) -> Result<(Next, Option<u64>), String> {
        let info_at = self.l.loops.len();
        self.l.loops.push(LoopInfo {
            id: g.id,
            states: (0, 0),
            trip: None,
            carried: g.blocks.iter().flat_map(|b| b.args.iter().copied()).collect(),
            body_latency: None,
            depth: self.depth,
            unstructured: true,
            kind: "cfg",
            pipelined: None,
            not_pipelined: None,
            memory_recurrence: None,
            span: g.span,
            iv: None,
        });
        let entries: Vec<Label> = g.blocks.iter().map(|_| self.label(Next::Finish)).collect();
        let first = self.states();
        self.depth += 1;
        for (k, b) in g.blocks.iter().enumerate() {
            let go = |t: usize, args: &[ValId]| act(&g.blocks[t].args, args, Next::Jump(entries[t]));
            let term = match &b.term {
                Terminator::Br(t, a) => go(*t, a),
                Terminator::CondBr(c, t, ta, e, ea) => {
                    Next::Branch(Src::Val(*c), Box::new(go(*t, ta)), Box::new(go(*e, ea)))
                }
                Terminator::Return(vals) => act(&g.results, vals, Next::Jump(after)),
            };
            let term = self.label(term);
            let (n, _) = self.body(&b.body, term)?;
            self.l.labels[entries[k]] = n;
        }
        self.depth -= 1;
        self.l.loops[info_at].states = (first, self.states() - 1);
        Ok((Next::Jump(entries[0]), None))
    }

    fn for_loop(&mut self, l: &ForLoop, after: Label) -> Result<(Next, Option<u64>), String> {
        let mut not_pipelined = None;
        let mut memory_recurrence = None;
        if l.pipeline.is_some() || self.opts.pipeline {
            let innermost = !l.body.items.iter().any(|i| matches!(i, Item::For(_) | Item::While(_)));
            match pipelined_loops::ineligible(self.f, l) {
                None => {
                    let target = l.pipeline.and_then(|r| r.ii).unwrap_or(1);
                    let plan = pipelined_loops::plan(self.f, l, self.opts, target)?;
                    if let Some(r) = l.pipeline.filter(|r| r.ii.is_some_and(|t| t < plan.ii())) {
                        self.l.warnings.push((
                            r.span,
                            format!(
                                "hls.pipeline: II = {} is not reachable; pipelined at II = {} (minimum {})",
                                target,
                                plan.ii(),
                                plan.modulo.mii
                            ),
                        ));
                    }
                    // `--pipeline` alone leaves a loop whose pipeline would be no faster
                    // (a short trip count against the fill and drain).
                    let gain = match (l.pipeline, l.trip) {
                        (None, Some(t)) => {
                            let ops: Vec<OpId> = pipelined_loops::body_ops(l)
                                .into_iter()
                                .filter(|&o| !matches!(self.f.op(o).kind, OpKind::Const(_)))
                                .collect();
                            let plain = t * u64::from(
                                schedule_block(self.f, &ops, self.opts)?.solution.length.max(1),
                            );
                            let piped = plan.latency(t);
                            (piped >= plain)
                                .then(|| format!("no faster ({piped} cycles pipelined, {plain} not)"))
                        }
                        _ => None,
                    };
                    match gain {
                        None => return self.pipelined_for(l, after, plan),
                        Some(why) => {
                            not_pipelined = Some(why);
                            memory_recurrence = Some(plan.memory_carried > 0);
                        }
                    }
                }
                // `--pipeline` asks for innermost loops only; say why one of those is not.
                Some(why) if l.pipeline.is_some() || innermost => {
                    if let Some(r) = l.pipeline {
                        self.l
                            .warnings
                            .push((r.span, format!("hls.pipeline: the loop is not pipelined: {why}")));
                    }
                    not_pipelined = Some(why);
                }
                Some(_) => {}
            }
        }
        let k = self.l.fors.len();
        self.l.fors.push(l.clone());
        let info_at = self.l.loops.len();
        self.l.loops.push(LoopInfo {
            id: l.id,
            states: (0, 0),
            trip: l.trip,
            carried: std::iter::once(l.iv).chain(l.iter_args.iter().copied()).collect(),
            body_latency: None,
            depth: self.depth,
            unstructured: false,
            kind: "for",
            pipelined: None,
            not_pipelined,
            memory_recurrence,
            span: l.span,
            iv: Some(l.iv),
        });
        let body_label = self.label(Next::Finish);
        // The exit follows the latch's writes and sees their values: the results are the
        // iter_args just written (reading the yields there would see a yield that is itself
        // the induction variable or an iter_arg, as `transform/rotate.rs` makes, already updated).
        let exit = act(&l.results, &l.iter_args, Next::Jump(after));
        let mut writes: Vec<(ValId, Src)> = vec![(l.iv, Src::IvNext(k))];
        writes.extend(l.iter_args.iter().zip(&l.yields).map(|(&a, &y)| (a, Src::Val(y))));
        let latch = Next::Act(
            writes,
            Box::new(Next::Branch(Src::InRange(k), Box::new(Next::Jump(body_label)), Box::new(exit))),
        );
        let latch = self.label(latch);
        let first = self.states();
        self.depth += 1;
        let (body, body_lat) = self.body(&l.body, latch)?;
        self.depth -= 1;
        self.l.labels[body_label] = body;
        let last = self.states() - 1;
        let info = &mut self.l.loops[info_at];
        info.states = (first, last);
        info.body_latency = body_lat;
        let mut init: Vec<(ValId, Src)> = vec![(l.iv, Src::Val(l.lb))];
        init.extend(l.iter_args.iter().zip(&l.inits).map(|(&a, &i)| (a, Src::Val(i))));
        let skip = act(&l.results, &l.inits, Next::Jump(after));
        let enter = match l.trip {
            Some(0) => skip,
            Some(_) => Next::Act(init, Box::new(Next::Jump(body_label))),
            None => Next::Act(
                init,
                Box::new(Next::Branch(Src::InRange(k), Box::new(Next::Jump(body_label)), Box::new(skip))),
            ),
        };
        let lat = l.trip.zip(body_lat).map(|(t, b)| t * b);
        Ok((enter, lat))
    }

    /// A pipelined loop: II states, slot 0 to II - 1, repeated while an iteration is in
    /// flight. The transition out of the last slot issues the next iteration (induction
    /// variable + step, while in range); the loop leaves from the slot of its depth's last
    /// cycle (`(depth - 1) mod II`) in the period whose last stage holds the last iteration,
    /// so a static loop of `n` iterations takes `(n - 1) * II + depth` cycles.
    fn pipelined_for(
        &mut self,
        l: &ForLoop,
        after: Label,
        plan: PipelinePlan,
    ) -> Result<(Next, Option<u64>), String> {
        let k = self.l.fors.len();
        self.l.fors.push(l.clone());
        let p = self.l.pipes.len();
        let (ii, depth, stages) = (plan.ii(), plan.depth(), plan.stages());
        let first = self.states();
        let exit = Next::Act(
            l.results.iter().enumerate().map(|(j, &r)| (r, Src::PipeResult(p, j))).collect(),
            Box::new(Next::Jump(after)),
        );
        let goto = Next::Goto(first);
        let latch = Next::Branch(
            Src::InRange(k),
            Box::new(Next::Act(vec![(l.iv, Src::IvNext(k))], Box::new(goto.clone()))),
            Box::new(goto),
        );
        let exit_slot = (depth.max(1) - 1) % ii;
        for s in 0..ii {
            let normal = if s + 1 < ii { Next::Goto(first + s + 1) } else { latch.clone() };
            self.l.next.push(if s == exit_slot {
                Next::Branch(Src::PipeFinal(p), Box::new(exit.clone()), Box::new(normal))
            } else {
                normal
            });
        }
        self.l.loops.push(LoopInfo {
            id: l.id,
            states: (first, first + ii - 1),
            trip: l.trip,
            carried: std::iter::once(l.iv).chain(l.iter_args.iter().copied()).collect(),
            body_latency: Some(u64::from(ii)),
            depth: self.depth,
            unstructured: true,
            kind: "for",
            pipelined: Some((ii, depth, stages)),
            not_pipelined: None,
            memory_recurrence: Some(plan.memory_carried > 0),
            span: l.span,
            iv: Some(l.iv),
        });
        let lat = l.trip.map(|t| plan.latency(t));
        self.l.pipes.push(Pipe { for_k: k, first, plan });
        let body_label = self.label(Next::Goto(first));
        let mut init: Vec<(ValId, Src)> = vec![(l.iv, Src::Val(l.lb))];
        init.extend(l.iter_args.iter().zip(&l.inits).map(|(&a, &i)| (a, Src::Val(i))));
        let skip = act(&l.results, &l.inits, Next::Jump(after));
        let enter = match l.trip {
            Some(_) => Next::Act(init, Box::new(Next::Jump(body_label))),
            None => Next::Act(
                init,
                Box::new(Next::Branch(Src::InRange(k), Box::new(Next::Jump(body_label)), Box::new(skip))),
            ),
        };
        Ok((enter, lat))
    }

    fn while_loop(&mut self, w: &WhileLoop, after: Label) -> Result<(Next, Option<u64>), String> {
        let info_at = self.l.loops.len();
        self.l.loops.push(LoopInfo {
            id: w.id,
            states: (0, 0),
            trip: None,
            carried: w.before_args.iter().chain(&w.after_args).copied().collect(),
            body_latency: None,
            depth: self.depth,
            unstructured: false,
            kind: "while",
            pipelined: None,
            not_pipelined: None,
            memory_recurrence: None,
            span: w.span,
            iv: None,
        });
        let before_label = self.label(Next::Finish);
        let after_label = self.label(Next::Finish);
        let back = self.label(act(&w.before_args, &w.yields, Next::Jump(before_label)));
        let decide = Next::Branch(
            Src::Val(w.cond),
            Box::new(act(&w.after_args, &w.forwarded, Next::Jump(after_label))),
            Box::new(act(&w.results, &w.forwarded, Next::Jump(after))),
        );
        let decide = self.label(decide);
        let first = self.states();
        self.depth += 1;
        let (b, _) = self.region(&w.before, decide)?;
        self.l.labels[before_label] = b;
        // An empty body (`transform/whilefuse.rs` moved it beside the condition) needs no state of
        // its own when the condition has one: every iteration passes through that.
        let (a, _) = if w.after.items.is_empty() && self.states() > first {
            self.region(&w.after, back)?
        } else {
            self.body(&w.after, back)?
        };
        self.depth -= 1;
        self.l.labels[after_label] = a;
        self.l.loops[info_at].states = (first, self.states() - 1);
        Ok((act(&w.before_args, &w.inits, Next::Jump(before_label)), None))
    }
}

/// `dsts := srcs`, then `then`.
fn act(dsts: &[ValId], srcs: &[ValId], then: Next) -> Next {
    if dsts.is_empty() {
        return then;
    }
    Next::Act(dsts.iter().zip(srcs).map(|(&d, &s)| (d, Src::Val(s))).collect(), Box::new(then))
}
