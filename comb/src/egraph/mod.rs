//! The `-O2` e-graph optimizer (egg): equality saturation over a module's combinational
//! logic, with the skeleton of ports, registers, instances and other state fixed around it.
//!
//! One concern per file: [`lang`] the e-node language, [`analysis`] widths and constant
//! folding, [`convert`] netlist to e-graph and back, [`node_rule`] rules written as Rust
//! functions, [`word_rules`] and [`word_fn_rules`] the word-level rewrites, [`lut_rules`]
//! the truth-table rewrites, [`extract`] DAG-aware extraction, [`pass`] the pass and its
//! limits.
//!
//! ```
//! use comb::egraph::{pass::{rules, RuleSet}, lang::Node};
//! let start: egg::RecExpr<Node> = "(mux $0.1 (and $1.8 $2.8) (and $1.8 $3.8))".parse().unwrap();
//! let runner = egg::Runner::default().with_expr(&start).run(&rules(RuleSet { word: true, lut_k: None }));
//! let goal: egg::Pattern<Node> = "(and $1.8 (mux $0.1 $2.8 $3.8))".parse().unwrap();
//! assert!(egg::Searcher::search_eclass(&goal, &runner.egraph, runner.roots[0]).is_some());
//! ```

pub mod analysis;
pub mod convert;
pub mod extract;
pub mod lang;
pub mod lut_rules;
pub mod node_rule;
pub mod pass;
#[cfg(test)]
mod tests;
pub mod word_fn_rules;
pub mod word_rules;

pub use pass::{optimize_design, optimize_luts, EGraph, EGraphLuts, Limits, RuleSet};
