//! Transitions: each state's [`Next`] tree becomes guarded next-state choices and register
//! writes.
//!
//! Walking the tree from state S accumulates a guard (`state == S` and the branch
//! conditions taken). An `Act` evaluates all its sources first, then records the writes
//! under the guard and remembers the written values, so that conditions and writes later
//! on the same path see the new values (a latch followed by the next loop's entry, both
//! in one transition). `Finish` records the results and the `done` pulse.

use super::layout::{Next, Src};
use super::Gen;
use crate::ir::ValId;
use comb::NetId;

/// The control logic collected from all transitions.
pub(crate) struct Control {
    /// (guard, target state).
    pub transitions: Vec<(NetId, u32)>,
    /// Guards of the final transitions.
    pub done: Vec<NetId>,
    /// Per result: (guard, value).
    pub rets: Vec<Vec<(NetId, NetId)>>,
}

type Subst = Vec<(ValId, NetId)>;

const MAX_DEPTH: u32 = 10_000;

impl Gen<'_> {
    /// Expands the transitions of every state (state 0 waits for `start`).
    pub(crate) fn transitions(
        &mut self,
        start: NetId,
        scalars: &[(ValId, NetId)],
    ) -> Result<Control, String> {
        let mut c =
            Control { transitions: Vec::new(), done: Vec::new(), rets: vec![Vec::new(); self.f.rets.len()] };
        // Idle: on start, sample the scalar arguments and enter the body.
        let go = self.and(self.state_eq[0], start);
        let mut subst: Subst = Vec::new();
        for &(v, port) in scalars {
            self.write(v, 0, go, port);
            subst.push((v, port));
        }
        let entry = self.l.entry.clone();
        self.expand(&entry, 0, go, &subst, &mut c, 0)?;
        for s in 1..self.l.next.len() as u32 {
            let n = self.l.next[s as usize].clone();
            let g = self.state_eq[s as usize];
            self.expand(&n, s, g, &[], &mut c, 0)?;
        }
        Ok(c)
    }

    fn src(&mut self, src: &Src, s: u32, subst: &[(ValId, NetId)]) -> NetId {
        match src {
            Src::Val(v) => match subst.iter().rev().find(|(x, _)| x == v) {
                Some(&(_, n)) => n,
                None => self.value_in(*v, s),
            },
            Src::IvNext(k) => {
                let l = &self.l.fors[*k];
                let (iv, step, span) = (l.iv, l.step, l.span);
                let cur = self.src(&Src::Val(iv), s, subst);
                self.note = self.note_of(span);
                let n = self.counter_next(iv, cur, step);
                self.note = None;
                n
            }
            Src::InRange(k) => {
                let l = &self.l.fors[*k];
                let (iv, ub, span) = (l.iv, l.ub, l.span);
                let cur = self.src(&Src::Val(iv), s, subst);
                let bound = self.src(&Src::Val(ub), s, subst);
                self.note = self.note_of(span);
                let n = self.counter_in_range(iv, ub, cur, bound);
                self.note = None;
                n
            }
            Src::PipeFinal(p) => self.pipe_nets[*p].last_period,
            Src::PipeResult(p, j) => self.pipe_nets[*p].results[*j],
        }
    }

    fn expand(
        &mut self,
        n: &Next,
        s: u32,
        guard: NetId,
        subst: &[(ValId, NetId)],
        c: &mut Control,
        depth: u32,
    ) -> Result<(), String> {
        if depth > MAX_DEPTH {
            return Err("internal error: a transition never reaches a state".into());
        }
        match n {
            Next::Goto(t) => c.transitions.push((guard, *t)),
            Next::Jump(l) => {
                let n = self.l.labels[*l].clone();
                self.expand(&n, s, guard, subst, c, depth + 1)?;
            }
            Next::Branch(cond, a, b) => {
                let cv = self.src(cond, s, subst);
                let ga = self.and(guard, cv);
                let ncv = self.not(cv);
                let gb = self.and(guard, ncv);
                self.expand(a, s, ga, subst, c, depth + 1)?;
                self.expand(b, s, gb, subst, c, depth + 1)?;
            }
            Next::Act(writes, then) => {
                let vals: Vec<NetId> = writes.iter().map(|(_, src)| self.src(src, s, subst)).collect();
                let mut sub = subst.to_vec();
                for (&(v, _), &net) in writes.iter().zip(&vals) {
                    self.write(v, s, guard, net);
                    sub.push((v, net));
                }
                self.expand(then, s, guard, &sub, c, depth + 1)?;
            }
            Next::Finish => {
                c.transitions.push((guard, 0));
                c.done.push(guard);
                let rets = self.f.rets.clone();
                for (i, r) in rets.iter().enumerate() {
                    let v = self.src(&Src::Val(*r), s, subst);
                    c.rets[i].push((guard, v));
                }
            }
        }
        Ok(())
    }
}
