//! Fuzzing of rmlir-hls: the targets, the structured generators of valid designs, the seed
//! corpus, and a nightly-free driver (`fuzz-run`), so the same targets run on stable Rust
//! (blind mutation, in CI and the smoke test) and under libFuzzer with `cargo fuzz`
//! (coverage-guided, `fuzz/libfuzzer/`).
//!
//! ```text
//! targets   mlir_reader, yosys_json, hls_front, pipeline   bytes -> flow (never a panic,
//!                                                          errors located user errors)
//!           comb_gen, comb_diff                             bytes -> gen -> valid design ->
//!                                                          flow / -O0 vs -O1/-O2/LUT
//!           verilator_diff                                  batches: evaluator vs Rust sim
//!                                                          vs Verilator
//!           hls_diff                                        bytes -> gen_hls -> kernel ->
//!                                                          interpreter vs netlist (and
//!                                                          vs cosim: Rust sim, Verilator)
//! gen       arbitrary::Unstructured -> comb module text
//! gen_hls   arbitrary::Unstructured -> HLS kernel text (affine loops, int ops, memrefs)
//! corpus    examples and file cases -> fuzz/corpus/TARGET/
//! driver    corpus + mutations/random bytes, panics caught, watchdog, artifacts
//! ```

pub mod corpus;
pub mod driver;
mod driver_batch;
pub mod gen;
pub mod gen_hls;
pub mod hls_diff;
pub mod mutate;
pub mod targets;
pub mod verilator;

pub use targets::{Outcome, Target, Verdict};
