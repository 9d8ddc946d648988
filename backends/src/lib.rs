//! Backends: everything that turns a netlist into text for another tool.
//!
//! Each backend reads a verified [`comb::Design`] and writes a string; none parses.
#![warn(missing_docs)]

<<<<<<< HEAD
pub mod dot;
pub mod mlir;
pub mod verilog;
=======
pub mod rust_sim;
pub mod cosim;
>>>>>>> rustsim
