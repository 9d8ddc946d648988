//! Times the streaming read of one file (`build_design_streaming`: parse, build and the
//! whole-design checks), with process CPU time and peak RSS, the way `rmlir-hls` reads its
//! input.
//!
//! `cargo run --release -p rmlir-comb --example stream_read -- FILE.mlir [REPEAT]`

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

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = args.get(1).expect("usage: stream_read FILE.mlir [REPEAT]");
    let repeat: usize = args.get(2).and_then(|r| r.parse().ok()).unwrap_or(1);
    let bytes = std::fs::read(path).expect("read the input");
    let (src, bad) = mlir_text::decode_source_owned(path, bytes);
    assert!(bad.is_none(), "input is not UTF-8");
    eprintln!("source read: peak {:>7.1} MB", rss_mb("VmHWM:"));
    for _ in 0..repeat {
        let t = cpu_ns();
        let design = match comb::build::build_design_streaming(&src, None) {
            Some(Ok(d)) => d,
            Some(Err(ds)) => panic!("{}", ds.iter().map(|d| d.render(&src)).collect::<String>()),
            None => panic!("the streaming path gave up"),
        };
        let cpu = (cpu_ns() - t) as f64 / 1e6;
        let cells: usize = design.modules.iter().map(|m| m.cell_count()).sum();
        eprintln!(
            "{cpu:>9.1} ms cpu  streaming read  {cells} cells  peak {:>7.1} MB  now {:>7.1} MB",
            rss_mb("VmHWM:"),
            rss_mb("VmRSS:")
        );
        drop(design);
    }
}
