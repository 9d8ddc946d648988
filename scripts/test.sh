#!/usr/bin/env bash
# Installs what the tests need (apt-get as root, pip, and mdbook through cargo install; skips
# what is present) and runs every
# test: formatting, clippy, the API docs (no broken links), and the whole cargo test
# suite in release mode (the differential tests simulate many cycles). Tests that read ../shared (the conformance
# suite) say so when it is absent.
set -euo pipefail
cd "$(dirname "$0")/.."

# A machine whose /dev/null was replaced by a regular file (a program that renamed a file
# over it, as rmlir-hls did for `-o /dev/null` before it wrote devices in place) feeds old
# output to every process reading it: cargo's rustc probe then fails. Put the device back.
if [ ! -c /dev/null ] && [ "$(id -u)" = 0 ]; then
    echo "test.sh: /dev/null is not a character device; recreating it" >&2
    rm -f /dev/null && mknod -m 666 /dev/null c 1 3
fi

# --ecp5: the ECP5 flow test needs nextpnr-ecp5, which Debian lacks (YoWASP from PyPI).
scripts/install-tools.sh --ecp5

cargo fmt --all -- --check
cargo clippy --workspace --all-targets --release -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --document-private-items
# The root package's integration tests are one binary, tests/it (see tests/it/main.rs);
# BLESS=1 rewrites the file cases' expectations, FILETEST=TEXT selects cases.
cargo test --workspace --release
