//! The integration tests of `rmlir-hls`, as one test binary (`cargo test --test it`).
//!
//! Each former `tests/*.rs` file is a module here, so the workspace is linked once instead
//! of once per file. Shared helpers live in [`support`]: paths, the `rmlir-hls` binary,
//! random stimulus and traces, the external tools (Icarus, Verilator, Yosys, ABC,
//! `mlir-cpu-runner`, nextpnr) and the HLS and FPGA harnesses. Data stays in the folders
//! beside this one (`tests/cases`, `tests/errors`, `tests/hls`, ...).
//!
//! Add a test file: write `tests/it/NAME.rs` (helpers via `use crate::support::...`) and
//! add `mod NAME;` below. Run one module: `cargo test --release --test it NAME::`.
//!
//! Tests run in parallel threads of this one process: a test must not change the current
//! directory or set environment variables, and writes only under its own temporary
//! directory (`tempfile::tempdir()`) or a cache that tolerates concurrent writers.

mod support;

mod aggregate_regs;
mod aggregates;
mod case_roundtrip;
mod circt_interop;
mod cli_messages;
mod cli_output;
mod cosim;
mod derived_clocks;
mod docs;
mod egraph;
mod examples;
mod extern_modules;
mod filecheck;
mod firmem_ports;
mod float_units;
mod float_units_ds;
mod float_units_rem;
mod float_vectors;
mod fpga_dsp;
mod fpga_flow;
mod fuzz_smoke;
mod heir_arith;
mod heir_secret;
mod hls_cli;
mod hls_core;
mod hls_float;
mod hls_float_front;
mod hls_kernels;
mod hls_loops;
mod hls_pipediv;
mod hls_pipeline;
mod hls_pipemul;
mod hls_report;
mod hls_rust_sim;
mod hls_timing;
mod hls_vcd;
mod hwarith;
mod limits;
mod lutmap;
mod mem_cell;
mod mutated_inputs;
mod params;
mod params_sv;
mod passes;
mod random_netlists;
mod seq_more;
mod seq_sv;
mod sv2005;
mod sv_structural;
mod sweep;
mod verif_checks;
mod verif_messages;
mod wide_constants;
mod yosys_json;
mod zero_width;
