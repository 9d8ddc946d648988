//! Times each stage of "netlist -> -O1 -> SystemVerilog" on the benchmark workload
//! (`comb::bench_design::comb_chain`, the shape of `bench/gen_comb.py`), with the peak RSS
//! after each stage.
//!
//! `cargo run --release -p rmlir-backends --example o1_speed -- [OPS] [named|anon] [OUT.sv]`

use comb::passes::{self, OptLevel};
use std::time::Instant;

#[path = "../../bench/measure.rs"]
mod measure;

use measure::{cpu_ns, rss_mb};

struct Clock {
    wall: Instant,
    cpu: u64,
}

fn now() -> Clock {
    Clock { wall: Instant::now(), cpu: cpu_ns() }
}

fn stage(name: &str, start: Clock, total: &mut (f64, f64)) {
    let wall = start.wall.elapsed().as_secs_f64() * 1e3;
    let cpu = (cpu_ns() - start.cpu) as f64 / 1e6;
    total.0 += cpu;
    total.1 += wall;
    eprintln!("{cpu:>9.1} ms cpu {wall:>9.1} ms wall  {name:<16} peak {:>7.1} MB", rss_mb("VmHWM:"));
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let ops: usize = args.get(1).and_then(|s| s.replace('_', "").parse().ok()).unwrap_or(1_000_000);
    let named = args.get(2).is_none_or(|s| s != "anon");
    let mut total = (0.0, 0.0);
    let t = now();
    let mut design = comb::bench_design::comb_chain(ops, 1, named);
    stage("build netlist", t, &mut total);
    let t = now();
    assert!(comb::verify::verify(&design).is_empty());
    stage("verify", t, &mut total);
    for mut pass in passes::pipeline(OptLevel::O1) {
        let t = now();
        let changed = pass.run(&mut design);
        stage(pass.name(), t, &mut total);
        if !changed {
            continue; // as the pass manager: the design was verified already
        }
        let t = now();
        let errors = comb::verify::verify(&design);
        assert!(errors.is_empty(), "{}", errors[0]);
        stage("  verify", t, &mut total);
    }
    let t = now();
    let sv = backends::verilog::emit(&design);
    stage("emit verilog", t, &mut total);
    eprintln!(
        "{:>9.1} ms cpu {:>9.1} ms wall  total ({} cells left, {} MB of SV)",
        total.0,
        total.1,
        design.modules[0].cell_count(),
        sv.len() >> 20
    );
    if let Some(path) = args.get(3) {
        std::fs::write(path, sv).expect("write the output");
    }
}
