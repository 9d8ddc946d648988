//! Float unit vector campaign (issue 21; a benchmark, not a test): every float op of the
//! HLS flow in f16, bf16, f32 and f64, on the unit HLS builds for it, over N random operand
//! tuples with specials, against Rust's own arithmetic; bit for bit, no NaN matched loosely.
//!
//! The units are emitted with the Rust simulator backend into one generated crate with the
//! driver `bench/fvectors/driver.rs` (`gen.rs`), built once and run on all cores. With
//! `--icarus K` the first K tuples of every case (and their expected results) are also
//! written out and run through Icarus Verilog on each unit's emitted SystemVerilog, one
//! testbench per unit reading the vector file. The anchor row is the in-tree netlist
//! evaluator on the f32 adder over the same kind of operands, measured in the same run.
//!
//! `cargo run --release --example fvectors -- 1000000 [--icarus 10000] [--only f16,bf16]
//! [--filter 'addf f32,divf'] [--seed S] [--dir DIR]`

#[path = "gen.rs"]
mod gen;

use comb::eval::Simulator;
use comb::Bits;
use gen::{Case, Row};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

struct Args {
    n: usize,
    icarus: usize,
    only: Option<String>,
    filter: Option<String>,
    seed: u64,
    dir: PathBuf,
}

fn args() -> Args {
    let v: Vec<String> = std::env::args().skip(1).collect();
    let get = |k: &str| v.iter().position(|a| a == k).and_then(|i| v.get(i + 1)).cloned();
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| PathBuf::from("target"), PathBuf::from);
    Args {
        n: v.first().and_then(|s| s.parse().ok()).unwrap_or(1_000_000),
        icarus: get("--icarus").and_then(|s| s.parse().ok()).unwrap_or(0),
        only: get("--only"),
        filter: get("--filter"),
        seed: get("--seed").and_then(|s| s.parse().ok()).unwrap_or(1),
        dir: get("--dir").map_or_else(|| target.join("fvectors"), PathBuf::from),
    }
}

fn main() {
    let a = args();
    let started = Instant::now();
    let cases: Vec<Case> = gen::FORMATS
        .into_iter()
        .filter(|f| a.only.as_deref().is_none_or(|o| o.split(',').any(|x| x == f.to_string())))
        .flat_map(gen::cases_for)
        .collect();
    let dir = std::path::absolute(&a.dir).expect("a folder");
    std::fs::create_dir_all(&dir).expect("the crate folder");
    let lock = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.lock");
    gen::write_crate(&dir, &cases, Some(&lock)).unwrap_or_else(|e| fail(&e));
    let t = Instant::now();
    let bin = gen::build(&dir).unwrap_or_else(|e| fail(&e));
    eprintln!("generated crate: {} cases, built in {:.0} s", cases.len(), t.elapsed().as_secs_f64());
    let sample = dir.join("sample");
    let mut cmd = Command::new(&bin);
    cmd.arg(a.n.to_string()).arg(a.seed.to_string()).arg(a.filter.as_deref().unwrap_or(""));
    if a.icarus > 0 {
        std::fs::create_dir_all(&sample).expect("sample folder");
        cmd.arg("--dump").arg(a.icarus.to_string()).arg(&sample);
    }
    let out = cmd.output().unwrap_or_else(|e| fail(&format!("{}: {e}", bin.display())));
    if !out.status.success() {
        fail(&format!("driver failed: {}", String::from_utf8_lossy(&out.stderr)));
    }
    let rows = gen::parse_rows(&String::from_utf8_lossy(&out.stdout));
    let icarus = if a.icarus > 0 { icarus_all(&cases, &rows, &sample) } else { Vec::new() };
    print_table(&rows, &icarus);
    let (rate_eval, rate_sim) = anchor(&rows);
    println!(
        "\nanchor (same run): the f32 adder in the in-tree evaluator {rate_eval:.0} tuples/s; \
         compiled simulator {rate_sim:.0} tuples/s"
    );
    println!("total wall time {:.0} s", started.elapsed().as_secs_f64());
}

fn fail(msg: &str) -> ! {
    eprintln!("fvectors: {msg}");
    std::process::exit(1)
}

fn print_table(rows: &[Row], icarus: &[(usize, u64, u64)]) {
    println!("| op | format | unit | pairs | mismatches | seconds | Icarus pairs | Icarus mismatches | first mismatch |");
    println!("|---|---|---|---|---|---|---|---|---|");
    let (mut pairs, mut bad, mut ipairs, mut ibad) = (0, 0, 0, 0);
    for r in rows {
        let ic = icarus.iter().find(|x| x.0 == r.index);
        let (ip, ib) = ic.map_or((String::new(), String::new()), |x| (x.1.to_string(), x.2.to_string()));
        println!(
            "| {} | {} | {} | {} | {} | {:.2} | {ip} | {ib} | {} |",
            r.op, r.format, r.unit, r.pairs, r.mismatches, r.seconds, r.first
        );
        pairs += r.pairs;
        bad += r.mismatches;
        ipairs += ic.map_or(0, |x| x.1);
        ibad += ic.map_or(0, |x| x.2);
    }
    println!("| total | | {} cases | {pairs} | {bad} | | {ipairs} | {ibad} | |", rows.len());
}

/// Tuples a second: the f32 adder in the in-tree evaluator (20,000 tuples), and the
/// compiled simulator's `addf f32` row of this run.
fn anchor(rows: &[Row]) -> (f64, f64) {
    let case = gen::cases_for(hls::float::FloatFormat::F32).into_iter().find(|c| c.name() == "addf");
    let d = gen::design(&case.expect("addf f32"));
    let mut sim = Simulator::new(&d).expect("the adder simulates");
    let mut s = 0x9E37_79B9_7F4A_7C15u64;
    let n = 20_000;
    let t = Instant::now();
    let mut acc = 0u64;
    for _ in 0..n {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        sim.set_input("a", Bits::from_u64(s >> 32, 32));
        sim.set_input("b", Bits::from_u64(s & 0xFFFF_FFFF, 32));
        sim.eval();
        acc ^= sim.output("y").to_u64();
    }
    std::hint::black_box(acc);
    let eval = n as f64 / t.elapsed().as_secs_f64();
    let sim =
        rows.iter().find(|r| r.op == "addf" && r.format == "f32").map_or(0.0, |r| r.pairs as f64 / r.seconds);
    (eval, sim)
}

/// Every case's sample through Icarus, two at a time: (index, pairs, mismatches).
fn icarus_all(cases: &[Case], rows: &[Row], sample: &Path) -> Vec<(usize, u64, u64)> {
    let todo: Vec<usize> = rows.iter().map(|r| r.index).collect();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let out = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(&i) = todo.get(k) else { break };
                let r = icarus_case(&cases[i], i, sample);
                out.lock().expect("results").push((i, r.0, r.1));
            });
        }
    });
    let mut v = out.into_inner().expect("results");
    v.sort();
    v
}

/// One case's sample (`sample/<i>.hex`) through Icarus: (pairs, mismatches); a testbench
/// that fails to run counts every pair as a mismatch.
fn icarus_case(case: &Case, i: usize, sample: &Path) -> (u64, u64) {
    let hex = sample.join(format!("{i}.hex"));
    let k = std::fs::read_to_string(&hex).map_or(0, |t| t.lines().count());
    if k == 0 {
        return (0, 0);
    }
    let d = gen::design(case);
    let sv = backends::verilog::emit(&d);
    let tb = gen::testbench(&d, &hex, k);
    let base = sample.join(format!("u{i}"));
    let (svp, tbp, exe) =
        (base.with_extension("sv"), base.with_extension("tb.sv"), base.with_extension("vvp"));
    std::fs::write(&svp, sv).expect("write SV");
    std::fs::write(&tbp, tb).expect("write testbench");
    let ok = Command::new("iverilog").args(["-g2012", "-o"]).arg(&exe).arg(&svp).arg(&tbp).status();
    if !ok.is_ok_and(|s| s.success()) {
        eprintln!("icarus: {} {} does not compile", case.name(), case.fmt);
        return (k as u64, k as u64);
    }
    let run = Command::new("vvp").arg("-n").arg(&exe).output().expect("vvp");
    let text = String::from_utf8_lossy(&run.stdout);
    for l in text.lines().filter(|l| l.starts_with("first")) {
        eprintln!("icarus {} {}: {l}", case.name(), case.fmt);
    }
    let bad = text.lines().find_map(|l| l.strip_prefix("mismatches ")).and_then(|s| s.trim().parse().ok());
    (k as u64, bad.unwrap_or(k as u64))
}
