//! Times each stage of `rmlir-hls FILE --emit verilog` (read, parse and build — streamed as
//! the command line does, or with `TREE=1` through the op tree — -O1 through the pass
//! manager, emit and write) on one file, with thread CPU time and the peak RSS after each.
//!
//! `cargo run --release -p rmlir-backends --example read_emit_stages -- FILE.mlir [OUT.sv]`

use comb::passes::{self, OptLevel};

#[path = "../../bench/measure.rs"]
mod measure;

use measure::{cpu_ns, rss_mb};

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
    let mut t = stage("read", t, &mut total);
    // As the command line reads: streaming (each op a cell as it is parsed), or, if the
    // input needs it, the op tree first (`TREE=1` forces that path).
    let streamed = if std::env::var_os("TREE").is_some() {
        None
    } else {
        comb::build::build_design_streaming(&src, None)
    };
    let mut design = match streamed {
        Some(built) => {
            let d = built
                .unwrap_or_else(|ds| panic!("{}", ds.iter().map(|d| d.render(&src)).collect::<String>()));
            t = stage("parse+build", t, &mut total);
            d
        }
        None => {
            let file = mlir_text::parse(&src).unwrap_or_else(|d| panic!("{}", d.render(&src)));
            t = stage("parse", t, &mut total);
            let d = comb::build_design_owned(file, None)
                .unwrap_or_else(|ds| panic!("{}", ds.iter().map(|d| d.render(&src)).collect::<String>()));
            t = stage("build", t, &mut total);
            d
        }
    };
    drop(src);
    let mut pipeline = passes::pipeline(OptLevel::O1);
    let pm = passes::PassManager::default();
    pm.run(&mut design, &mut pipeline).expect("passes");
    let t = stage("passes", t, &mut total);
    // Streamed into the file as the command line does (into memory without OUT).
    match args.get(2) {
        Some(out) => {
            let f = std::fs::File::create(out).expect("create the output");
            let mut w = std::io::BufWriter::new(f);
            backends::verilog::emit_to(&design, &mut w).expect("write the output");
            drop(w);
            stage("emit+write", t, &mut total);
        }
        None => {
            let sv = backends::verilog::emit(&design);
            stage("emit verilog", t, &mut total);
            drop(sv);
        }
    }
    eprintln!("{total:>9.1} ms cpu  total");
}
