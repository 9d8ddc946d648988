//! The netlist of combinational and register-level logic, and everything that works on it.
//!
//! [`netlist`] defines modules of cells in a petgraph graph; [`build`] lowers the op tree of
//! `mlir-text` into it with the user-facing checks of SPEC section 2; [`verify`] checks the
//! invariants after every pass; [`eval`] is a bit-precise evaluator; [`passes`] hold the
//! `-O1` rewrites; [`bits_ops`] gives every op its exact meaning on [`Bits`]; [`random`]
//! (with the seeded [`rng`]) generates random netlists for differential tests; [`yosys`]
//! imports Yosys JSON netlists.
#![warn(missing_docs)]

pub mod bench_design;
pub mod bits;
pub mod bits_ops;
pub mod build;
pub mod bundle;
pub mod check_format;
pub mod egraph;
pub mod eval;
pub mod eval_clocks;
pub mod ids;
pub mod lutmap;
pub mod netlist;
pub mod order;
pub mod passes;
pub mod random;
pub mod random_seq;
pub mod rng;
pub mod symbolic;
pub mod verify;
pub mod yosys;

pub use bits::Bits;
pub use build::{build_design, build_design_owned, build_design_streaming};
pub use ids::{ModuleId, NetId, PortId};
pub use netlist::{Cell, CellKind, CheckKind, Design, Dir, IcmpPred, Module, Port};
