//! Backends: everything that turns a netlist into text for another tool.
//!
//! Each backend reads a verified [`comb::Design`] and writes a string; none parses.
#![warn(missing_docs)]

pub mod cosim;
pub mod dot;
pub mod mlir;
mod mlir_circt;
mod mlir_extern;
mod mlir_heir;
pub mod rust_sim;
pub mod value_names;
pub mod verilog;
pub mod yosys_json;
