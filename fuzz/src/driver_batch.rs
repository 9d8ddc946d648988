//! The driver of `verilator_diff`: generated designs in batches of `Config::batch`, one
//! Verilator and one Rust simulator build per batch ([`crate::verilator::run_batch`]).
//! A failed batch is kept as its generator inputs, one file per design, and its text.

use crate::driver::{record, Config, Stats};
use comb::rng::Rng;
use std::time::Instant;

/// Runs `cfg.runs` designs (or until `cfg.time`); corpus inputs are designs too.
pub fn run(cfg: &Config) -> Stats {
    let mut stats = Stats::default();
    let mut rng = Rng::new(cfg.seed);
    let start = Instant::now();
    let mut pending: Vec<Vec<u8>> = cfg.corpus.clone();
    stats.corpus = pending.len() as u64;
    let mut left = cfg.runs;
    loop {
        let out_of_time = cfg.time.is_some_and(|t| start.elapsed() >= t);
        while pending.len() < cfg.batch.max(1) && left > 0 && !out_of_time {
            let n = rng.range(16, cfg.max_len.clamp(17, 2048) as u64) as usize;
            pending.push((0..n).map(|_| rng.below(256) as u8).collect());
            left -= 1;
        }
        if pending.is_empty() {
            break;
        }
        let batch = std::mem::take(&mut pending);
        let t = Instant::now();
        let out = crate::verilator::run_batch(&batch, cfg.cycles);
        stats.slowest = stats.slowest.max(t.elapsed());
        stats.execs += batch.len() as u64;
        match out {
            Ok(n) => stats.accepted += n as u64,
            Err(f) => record(cfg, &mut stats, &batch.concat(), &f),
        }
        if left == 0 || cfg.time.is_some_and(|t| start.elapsed() >= t) {
            break;
        }
    }
    stats.elapsed = start.elapsed();
    stats
}
