//! Backends: everything that turns a netlist into text for another tool.
//!
//! Each backend reads a verified [`comb::Design`] and writes a string; none parses.
#![warn(missing_docs)]

pub mod dot;
pub mod mlir;
mod mlir_check;
mod mlir_circt;
mod mlir_extern;
mod mlir_firmem;
mod mlir_heir;
mod mlir_initial;
pub mod mlir_param;
pub mod rust_sim;
pub mod value_names;
pub mod verbatim;
pub mod verilog;
pub mod yosys_json;
