//! Incremental verification: after a pass, check only what its edits can have broken.
//!
//! [`Verified`] holds what the last verification of a design established, and
//! [`Verified::update`] verifies the design again given the cells edited since
//! ([`crate::passes::Edits`], from the modules' edit logs). It decides soundness exactly as
//! [`super::verify`] does, by the argument below; when it finds a failure it runs
//! [`super::verify`] for the report, so the messages are the full verifier's.
//!
//! Every edit of a cell goes through `Module`'s methods, which log the cells they touch (see
//! `netlist::edits`); ports are not logged, and are compared with a copy instead. So, with
//! the design sound at the last verification, per invariant:
//!
//! 1. *Operands name live cells*: a cell not edited since has the operands it had, which
//!    were live then; one of them can have died only through `remove_cell`, which logs it.
//!    So each logged cell that is now dead must have no uses. Use counts are exact (only
//!    `Module`'s methods edit operands and use lists together; the full check of the lists
//!    runs, as in [`super::verify`], on modules under 100k cells and in debug builds, and
//!    `remove_cell` keeps the count of a cell removed while in use). *Use lists* are
//!    checked exactly as [`super::verify`] does.
//! 2. and 3. *Widths and clocks* at a cell read only the cell, its operands (liveness,
//!    width, clock-ness; an instance output's clock-ness also reads its instance's kind),
//!    and ports (see `cell.rs`). If no port changed, a check's result can change only if
//!    the cell was edited, or one of its operands, or the instance under an instance-output
//!    operand: so the edited cells, their users, and the users of instance outputs among
//!    those are checked again, which is every cell whose check can have changed.
//! 4. *Outputs* are checked in full (a few ports).
//! 5. *No recursive instantiation*: a module's instances change only by logged edits, so
//!    the children found last time plus those of the live edited instances are a superset
//!    of its children now; if the superset has no recursion, neither has the design (if it
//!    has, the full verifier decides). *No combinational cycle*: a module whose ids are
//!    ascending has none (O(1)); one whose cells all depended on lower ids last time still
//!    does if every live edited cell does (a cell's dependencies are its own kind and
//!    operands); otherwise the search runs as in [`super::verify`].
//!
//! Anything it cannot follow (a module added, removed, renamed or with new ports, a log
//! that was off or overflowed) makes it verify everything.

use super::{cell, check_use_lists, verify, verify_with_facts, VerifyError};
use crate::ids::{ModuleId, NetId};
use crate::netlist::{CellKind, Design, Module, Port};
use crate::order;
use crate::passes::Edits;

/// What the last verification established about a sound design.
#[derive(Clone, Debug)]
pub(crate) struct Verified {
    modules: Vec<Facts>,
}

/// Per module.
#[derive(Clone, Debug)]
struct Facts {
    name: String,
    ports: Vec<Port>,
    /// A superset of the modules it instantiates, sorted.
    children: Vec<ModuleId>,
    /// Every cell depended only on lower ids.
    topological: bool,
}

/// The outcome of an incremental check.
enum Check {
    Sound,
    /// Something failed: the full verifier reports.
    Broken,
    /// Changes it cannot follow: the full verifier decides.
    Unknown,
}

impl Verified {
    /// Verifies all of `design`: what it establishes if sound, else every failure.
    pub(crate) fn establish(design: &Design) -> Result<Verified, Vec<VerifyError>> {
        let (errors, facts) = verify_with_facts(design);
        if !errors.is_empty() {
            return Err(errors);
        }
        let modules = design
            .modules
            .iter()
            .zip(facts)
            .map(|(m, (children, topological))| Facts {
                name: m.name.clone(),
                ports: m.ports.clone(),
                children,
                topological,
            })
            .collect();
        Ok(Verified { modules })
    }

    /// Verifies `design`, sound when `self` was established or last updated, given the
    /// cells edited since; `Err` holds every failure, as [`super::verify`] gives them.
    pub(crate) fn update(&mut self, design: &Design, edits: &Edits) -> Result<(), Vec<VerifyError>> {
        match self.check(design, edits) {
            Check::Sound => Ok(()),
            Check::Broken => match verify(design) {
                errors if !errors.is_empty() => Err(errors),
                _ => {
                    *self = Verified::establish(design)?;
                    Ok(())
                }
            },
            Check::Unknown => {
                *self = Verified::establish(design)?;
                Ok(())
            }
        }
    }

    fn check(&mut self, design: &Design, edits: &Edits) -> Check {
        let same_modules = design.modules.len() == self.modules.len()
            && edits.len() == self.modules.len()
            && design.modules.iter().zip(&self.modules).all(|(m, f)| m.name == f.name && m.ports == f.ports);
        if !same_modules {
            return Check::Unknown;
        }
        let mut seeds: Vec<Vec<NetId>> = Vec::with_capacity(design.modules.len());
        for mid in design.module_ids() {
            let Some(e) = edits.module(mid) else { return Check::Unknown };
            let mut e = e.to_vec();
            e.sort_unstable();
            e.dedup();
            seeds.push(e);
        }
        // 5. recursion, on a superset of the children
        let mut children: Vec<Vec<ModuleId>> = Vec::with_capacity(seeds.len());
        for ((m, f), e) in design.modules.iter().zip(&self.modules).zip(&seeds) {
            let mut c = f.children.clone();
            for &n in e {
                if let Some(CellKind::Instance { module, .. }) = m.try_cell(n).map(|c| &c.kind) {
                    c.push(*module);
                }
            }
            c.sort_unstable();
            c.dedup();
            children.push(c);
        }
        if order::hierarchy_order_of(&children).is_err() {
            return Check::Unknown;
        }
        let mut summaries = None;
        let mut broken = false;
        for (mid, e) in design.module_ids().zip(&seeds) {
            let m = design.module(mid);
            let mut err = |_: Option<NetId>, _: String| broken = true;
            check_use_lists(m, &mut err);
            for c in recheck(m, e, &mut err) {
                cell::check(design, m, c, m.cell(c), &mut err);
            }
            cell::check_outputs(design, m, &mut err);
            if broken {
                return Check::Broken;
            }
            let f = &mut self.modules[mid.index()];
            f.topological = m.ids_ascending()
                || f.topological && e.iter().all(|&n| !m.contains(n) || order::deps_have_lower_ids(m, n));
            if !f.topological {
                let s = summaries.get_or_insert_with(|| order::summaries_of(design, &children));
                if order::topo_order(design, s, mid).is_err() {
                    return Check::Broken;
                }
            }
        }
        for (f, c) in self.modules.iter_mut().zip(children) {
            f.children = c;
        }
        Check::Sound
    }
}

/// The live cells of `m` whose checks can have changed given the edited cells `edited`
/// (sorted): the edited cells, their users, and the users of instance outputs among those.
/// Reports to `err` an edited cell that is dead but still used.
fn recheck(m: &Module, edited: &[NetId], err: &mut impl FnMut(Option<NetId>, String)) -> Vec<NetId> {
    let mut out = Vec::new();
    for &e in edited {
        if !m.contains(e) {
            if m.use_count(e) != 0 {
                err(Some(e), "removed while in use".into());
            }
            continue;
        }
        out.push(e);
        for u in m.users_unordered(e) {
            out.push(u);
            if matches!(m.cell(u).kind, CellKind::InstOutput(_)) {
                out.extend(m.users_unordered(u));
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use crate::ids::{ModuleId, NetId};
    use crate::netlist::{CellKind, Design};
    use crate::passes::{Pass, PassManager};
    use crate::random::{random_design, RandomConfig};
    use crate::rng::Rng;
    use crate::verify::verify;

    /// Makes one random edit, valid or not, to a random module, always "changing" the design.
    struct Breaker(u64);
    impl Pass for Breaker {
        fn name(&self) -> &'static str {
            "breaker"
        }
        fn description(&self) -> &'static str {
            "a random edit"
        }
        fn run(&mut self, d: &mut Design) -> bool {
            let mut rng = Rng::new(self.0);
            let n_modules = d.modules.len() as u64;
            let m = &mut d.modules[rng.below(n_modules) as usize];
            let cells: Vec<NetId> = m.cells().collect();
            let c = *rng.pick(&cells);
            let other = *rng.pick(&cells);
            match rng.below(9) {
                0 => m.cell_mut(c).width += 1,
                1 => {
                    m.cell_mut(c);
                }
                2 if !m.operands(c).is_empty() => {
                    let i = rng.below(m.operands(c).len() as u64) as usize;
                    if !matches!(m.cell(other).kind, CellKind::Instance { .. }) {
                        m.set_operand(c, i, other);
                    }
                }
                3 => {
                    if let Some(p) = m.outputs().last() {
                        if !matches!(m.cell(other).kind, CellKind::Instance { .. }) {
                            m.set_output(p, other);
                        }
                    }
                }
                4 => {
                    let i = rng.below(m.ports.len() as u64) as usize;
                    m.ports[i].width += 1;
                }
                5 if !cfg!(debug_assertions) && m.use_count(c) > 0 => {
                    m.set_operands(c, &[]);
                    m.remove_cell(c);
                }
                6 => {
                    if let CellKind::Instance { module, .. } = &mut m.cell_mut(c).kind {
                        *module = ModuleId((module.0 + 1) % n_modules as u32);
                    }
                }
                7 if matches!(m.cell(c).kind, CellKind::Add | CellKind::Xor | CellKind::And) => {
                    m.cell_mut(c).kind = CellKind::Icmp(crate::netlist::IcmpPred::Eq);
                }
                _ => {
                    // A valid edit: a cell made again with the same operands, used by one
                    // user in place of the original.
                    if let Some((user, pos)) = m.users(c).first().copied() {
                        let cell = m.cell(c).clone();
                        if !matches!(cell.kind, CellKind::Input(_) | CellKind::Instance { .. }) {
                            let n =
                                m.add_cell(cell.kind.clone(), cell.width, cell.operands(), None, cell.span);
                            m.set_operand(user, pos as usize, n);
                        }
                    }
                }
            }
            true
        }
    }

    /// A sound change.
    struct Touch;
    impl Pass for Touch {
        fn name(&self) -> &'static str {
            "touch"
        }
        fn description(&self) -> &'static str {
            "touches a cell"
        }
        fn run(&mut self, d: &mut Design) -> bool {
            let m = &mut d.modules[0];
            let c = m.cells().next().expect("a cell");
            m.cell_mut(c);
            true
        }
    }

    /// An instance switched to a child whose output is no clock: the register clocked by
    /// that output, two steps from the edit, must be checked again.
    #[test]
    fn a_changed_instance_rechecks_the_users_of_its_outputs() {
        use crate::netlist::{Dir, Module, Port};
        use mlir_text::Span;
        let port =
            |name: &str, dir, clock| Port { name: name.into(), dir, width: 1, clock, span: Span::default() };
        let child = |clock: bool| {
            let mut m = Module::new(if clock { "a" } else { "b" }, Span::default());
            let i = m.add_port(port("i", Dir::Input, false));
            let i = m.port_net(i).unwrap();
            let o = m.add_port(port("o", Dir::Output, clock));
            let n = if clock { m.add_cell(CellKind::ToClock, 1, &[i], None, Span::default()) } else { i };
            m.set_output(o, n);
            m
        };
        let mut top = Module::new("top", Span::default());
        let d = top.add_port(port("d", Dir::Input, false));
        let d = top.port_net(d).unwrap();
        let y = top.add_port(port("y", Dir::Output, false));
        let inst = top.add_cell(
            CellKind::Instance { module: ModuleId(0), name: "u".into(), params: Default::default() },
            0,
            &[d],
            None,
            Span::default(),
        );
        let clk =
            top.add_cell(CellKind::InstOutput(crate::ids::PortId(1)), 1, &[inst], None, Span::default());
        let r = top.add_cell(
            CellKind::Reg { reset: false, enable: false, async_reset: false, init: None },
            1,
            &[d, clk],
            None,
            Span::default(),
        );
        top.set_output(y, r);
        let mut design = Design { modules: vec![child(true), child(false), top], top: Some(ModuleId(2)) };
        assert!(verify(&design).is_empty());
        struct Switch;
        impl Pass for Switch {
            fn name(&self) -> &'static str {
                "switch"
            }
            fn description(&self) -> &'static str {
                "switches the instance to the other child"
            }
            fn run(&mut self, d: &mut Design) -> bool {
                let m = &mut d.modules[2];
                let inst = m.cells().find(|&c| matches!(m.cell(c).kind, CellKind::Instance { .. })).unwrap();
                if let CellKind::Instance { module, .. } = &mut m.cell_mut(inst).kind {
                    module.0 = 1;
                }
                true
            }
        }
        let mut pipeline: Vec<Box<dyn Pass>> = vec![Box::new(Touch), Box::new(Switch)];
        let e = PassManager::default().run(&mut design, &mut pipeline).unwrap_err();
        assert!(e.contains("must be a !seq.clock"), "{e}");
    }

    /// After a first (sound) change establishes the verified facts, a random edit is
    /// checked incrementally: the manager fails exactly when the full verifier finds
    /// errors, with its first message.
    #[test]
    fn incremental_verification_decides_as_the_full_one() {
        let (mut broken, mut sound) = (0, 0);
        for seed in 0..300u64 {
            let cfg = RandomConfig {
                ops: 30,
                max_width: 40,
                registers: true,
                instances: seed % 2 == 0,
                memories: true,
            };
            let mut d = random_design(seed, &cfg);
            let mut pipeline: Vec<Box<dyn Pass>> =
                vec![Box::new(Touch), Box::new(Breaker(seed)), Box::new(Breaker(seed + 1000))];
            let result = PassManager::default().run(&mut d, &mut pipeline);
            let errors = verify(&d);
            match result {
                Ok(_) => {
                    assert!(errors.is_empty(), "seed {seed}: missed {:?}", errors[0]);
                    sound += 1;
                }
                Err(e) => {
                    assert!(!errors.is_empty(), "seed {seed}: false alarm {e}");
                    assert!(e.contains(&errors[0].to_string()), "seed {seed}: {e} vs {}", errors[0]);
                    broken += 1;
                }
            }
        }
        assert!(broken > 50 && sound > 50, "{broken} broken, {sound} sound");
    }
}
