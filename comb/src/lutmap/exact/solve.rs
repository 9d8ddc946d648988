//! Solving an exact-synthesis CNF ([`super::encode`]) with batsat (a pure-Rust MiniSat)
//! under a conflict limit: the solver stops after that many conflicts (learnt clauses),
//! an explicit count and never a clock, so the answer is the same on every run.
//!
//! batsat was measured against splr on the same windows (`comb/examples/exact_solvers.rs`)
//! and kept: it was faster on these many small instances and lets a callback stop it
//! after a number of conflicts.

use batsat::{lbool, Callbacks, ClauseKind, Lit, SolverInterface, SolverOpts, Var};

use super::encode::Cnf;

/// The answer of one solver call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A model: `model[v]` is variable `v` (index 0 unused).
    Sat(Vec<bool>),
    /// No model exists.
    Unsat,
    /// The conflict limit was reached first.
    Unknown,
}

/// Counts conflicts (each learns one clause) and stops the search at the limit.
struct Limit {
    conflicts: u64,
    max: u64,
}

impl Callbacks for Limit {
    fn on_new_clause(&mut self, _c: &[Lit], kind: ClauseKind) {
        if matches!(kind, ClauseKind::Learnt) {
            self.conflicts += 1;
        }
    }
    fn stop(&self) -> bool {
        self.conflicts >= self.max
    }
}

/// Solves `cnf` within `max_conflicts`; returns the outcome and the conflicts spent.
pub fn solve(cnf: &Cnf, max_conflicts: u64) -> (Outcome, u64) {
    let mut s = batsat::Solver::new(SolverOpts::default(), Limit { conflicts: 0, max: max_conflicts });
    let vars: Vec<Var> = (0..cnf.vars).map(|_| s.new_var_default()).collect();
    let mut buf = Vec::new();
    for c in &cnf.clauses {
        buf.clear();
        buf.extend(c.iter().map(|&l| Lit::new(vars[(l.unsigned_abs() - 1) as usize], l > 0)));
        if !s.add_clause_reuse(&mut buf) {
            return (Outcome::Unsat, 0);
        }
    }
    let r = s.solve_limited(&[]);
    let spent = s.cb().conflicts;
    if r == lbool::TRUE {
        let mut model = vec![false; cnf.vars as usize + 1];
        for (i, &v) in vars.iter().enumerate() {
            model[i + 1] = s.value_var(v) == lbool::TRUE;
        }
        (Outcome::Sat(model), spent)
    } else if r == lbool::FALSE {
        (Outcome::Unsat, spent)
    } else {
        (Outcome::Unknown, spent)
    }
}
