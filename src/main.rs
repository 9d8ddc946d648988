//! The `rmlir-hls` command line.
fn main() {}
