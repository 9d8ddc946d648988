#!/bin/sh
# Writes the seed corpus of every fuzz target under fuzz/corpus/TARGET/ from the examples
# and the file cases (MLIR as they are; Yosys JSON through --emit yosys-json of the comb
# cases). Nothing under fuzz/corpus/ is committed: run this before fuzzing.
set -e
cd "$(dirname "$0")/.."
exec cargo run --release -q -p rmlir-fuzz --bin fuzz-run -- --make-corpus "${1:-fuzz/corpus}"
