//! Times the streaming read of one file (`build_design_streaming`: parse, build and the
//! whole-design checks), with process CPU time and peak RSS, the way `rmlir-hls` reads its
//! input.
//!
//! `cargo run --release -p rmlir-comb --example stream_read -- FILE.mlir [REPEAT]`

#[path = "../../bench/measure.rs"]
mod measure;

use measure::{cpu_ns, rss_mb};

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
