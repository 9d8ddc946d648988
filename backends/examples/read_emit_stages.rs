//! Times each stage of `rmlir-hls FILE --emit verilog` (read, parse, build, -O1 through the
//! pass manager, emit, write) on one file, with thread CPU time and the peak RSS after each.
//!
//! `cargo run --release -p rmlir-backends --example read_emit_stages -- FILE.mlir [OUT.sv]`

use comb::passes::{self, OptLevel};

fn rss_mb(key: &str) -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix(key))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

#[repr(C)]
struct Timespec {
    sec: i64,
    nsec: i64,
}

extern "C" {
    fn clock_gettime(clock: i32, ts: *mut Timespec) -> i32;
}

/// CPU time of the whole process (all threads: the parser runs on its own), in ns.
fn cpu_ns() -> u64 {
    const CLOCK_PROCESS_CPUTIME_ID: i32 = 2;
    let mut ts = Timespec { sec: 0, nsec: 0 };
    // SAFETY: `ts` is a valid, writable timespec for the duration of the call.
    unsafe { clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    ts.sec as u64 * 1_000_000_000 + ts.nsec as u64
}

fn stage(name: &str, start: u64, total: &mut f64) -> u64 {
    let now = cpu_ns();
    let cpu = (now - start) as f64 / 1e6;
    *total += cpu;
    eprintln!(
        "{cpu:>9.1} ms cpu  {name:<14} peak {:>7.1} MB  now {:>7.1} MB",
        rss_mb("VmHWM:"),
        rss_mb("VmRSS:")
    );
    cpu_ns()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = args.get(1).expect("usage: read_emit_stages FILE.mlir [OUT.sv]");
    let mut total = 0.0;
    let t = cpu_ns();
    let bytes = std::fs::read(path).expect("read the input");
    let (src, bad) = mlir_text::decode_source_owned(path, bytes);
    assert!(bad.is_none(), "input is not UTF-8");
    let t = stage("read", t, &mut total);
    let file = mlir_text::parse(&src).unwrap_or_else(|d| panic!("{}", d.render(&src)));
    let t = stage("parse", t, &mut total);
    let mut design = comb::build_design_owned(file, None)
        .unwrap_or_else(|ds| panic!("{}", ds.iter().map(|d| d.render(&src)).collect::<String>()));
    let t = stage("build", t, &mut total);
    let mut pipeline = passes::pipeline(OptLevel::O1);
    let pm = passes::PassManager::default();
    pm.run(&mut design, &mut pipeline).expect("passes");
    let t = stage("passes", t, &mut total);
    let sv = backends::verilog::emit(&design);
    let t = stage("emit verilog", t, &mut total);
    if let Some(out) = args.get(2) {
        std::fs::write(out, &sv).expect("write the output");
        stage("write", t, &mut total);
    }
    eprintln!("{total:>9.1} ms cpu  total");
}
