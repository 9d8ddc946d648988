//! The nightly-free driver: runs a target on its corpus, then on mutated corpus inputs (or,
//! for the structured targets, random generator bytes), catching panics, timing every
//! input and keeping every finding in the artifacts folder.
//!
//! A watchdog thread ends the process (exit 3) when one input runs longer than the
//! timeout, after writing the input as `hang-HASH`; a panic or a broken rule is written as
//! `finding-HASH` (the input) and `finding-HASH.txt` (what was wrong) and the run goes on.

use crate::mutate::mutate;
use crate::targets::{Target, Verdict};
use comb::rng::Rng;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What a run does.
#[derive(Clone, Debug)]
pub struct Config {
    /// The target.
    pub target: Target,
    /// Generated inputs to run after the corpus (for `verilator_diff`: designs).
    pub runs: u64,
    /// Stop generating after this long (whichever of `runs` and `time` comes first).
    pub time: Option<Duration>,
    /// Seed of the mutator and generator.
    pub seed: u64,
    /// Corpus inputs: run first as they are, then mutated.
    pub corpus: Vec<Vec<u8>>,
    /// One input taking longer than this is a hang.
    pub timeout: Duration,
    /// Where findings are written (none: only printed).
    pub artifacts: Option<PathBuf>,
    /// Longest generated input.
    pub max_len: usize,
    /// `verilator_diff`: designs per Verilator build, and cycles per batch.
    pub batch: usize,
    /// `verilator_diff`: cycles simulated per batch.
    pub cycles: usize,
    /// `hls_diff`: every this many generated kernels (0: none) also run through `cosim`
    /// (the generated Rust simulator and Verilator, one build each).
    pub cosim_every: u64,
}

impl Config {
    /// Defaults for `target`: 1,000 runs, seed 1, no corpus, a 20 s timeout.
    pub fn new(target: Target) -> Config {
        Config {
            target,
            runs: 1000,
            time: None,
            seed: 1,
            corpus: Vec::new(),
            timeout: Duration::from_secs(20),
            artifacts: None,
            max_len: 4096,
            batch: 50,
            cycles: 200,
            cosim_every: 0,
        }
    }
}

/// What a run counted.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    /// Inputs run (for `verilator_diff`: designs).
    pub execs: u64,
    /// Of those, corpus inputs run as they are.
    pub corpus: u64,
    /// Accepted inputs.
    pub accepted: u64,
    /// Rejected with located errors.
    pub rejected: u64,
    /// Rejected without a location (each also a finding).
    pub unlocated: u64,
    /// `hls_diff`: kernels also run through `cosim`.
    pub cosim: u64,
    /// Findings (panics and broken rules): the first line of each.
    pub findings: Vec<String>,
    /// The slowest input.
    pub slowest: Duration,
    /// Wall time of the run.
    pub elapsed: Duration,
}

impl Stats {
    /// One line: the counts, executions per second and the slowest input.
    pub fn line(&self, target: Target) -> String {
        let secs = self.elapsed.as_secs_f64().max(1e-9);
        format!(
            "{}: {} execs ({} corpus{}), {} accepted, {} rejected ({} unlocated), {} findings, 0 hangs, \
             slowest {:.1} ms, {:.1} s, {:.0} execs/s",
            target.name(),
            self.execs,
            self.corpus,
            if self.cosim > 0 { format!(", {} also through cosim", self.cosim) } else { String::new() },
            self.accepted,
            self.rejected + self.unlocated,
            self.unlocated,
            self.findings.len(),
            self.slowest.as_secs_f64() * 1e3,
            secs,
            self.execs as f64 / secs
        )
    }
}

/// A short stable name for an input.
fn hash(data: &[u8]) -> String {
    let h =
        data.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
    format!("{h:016x}")
}

thread_local! {
    static PANIC: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Keeps panic messages for the report instead of printing them.
fn quiet_panics() {
    std::panic::set_hook(Box::new(|info| {
        let loc = info.location().map(|l| format!(" at {}:{}", l.file(), l.line())).unwrap_or_default();
        let msg = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        PANIC.with(|p| *p.borrow_mut() = Some(format!("panic{loc}: {msg}")));
    }));
}

/// The input being run and when it started (ms since the run began; 0: none).
struct Watch {
    started: AtomicU64,
    input: Mutex<Vec<u8>>,
    epoch: Instant,
}

fn watchdog(cfg: &Config) -> Arc<Watch> {
    let w =
        Arc::new(Watch { started: AtomicU64::new(0), input: Mutex::new(Vec::new()), epoch: Instant::now() });
    let (watch, limit, target, dir) = (w.clone(), cfg.timeout, cfg.target, cfg.artifacts.clone());
    std::thread::spawn(move || loop {
        std::thread::sleep(Duration::from_millis(200));
        let s = watch.started.load(Ordering::Relaxed);
        let now = watch.epoch.elapsed().as_millis() as u64;
        if s != 0 && now.saturating_sub(s) > limit.as_millis() as u64 {
            let input = watch.input.lock().map(|g| g.clone()).unwrap_or_default();
            let name = format!("hang-{}", hash(&input));
            if let Some(d) = &dir {
                let _ = std::fs::create_dir_all(d).and_then(|()| std::fs::write(d.join(&name), &input));
            }
            eprintln!("{}: HANG: an input ran longer than {:?}: {name}", target.name(), limit);
            std::process::exit(3);
        }
    });
    w
}

/// Runs `cfg`; prints each new finding on standard error as it is found.
pub fn run(cfg: &Config) -> Stats {
    if cfg.target == Target::VerilatorDiff {
        return crate::driver_batch::run(cfg);
    }
    quiet_panics();
    let watch = watchdog(cfg);
    let mut stats = Stats::default();
    let mut rng = Rng::new(cfg.seed);
    let start = Instant::now();
    let one = |data: &[u8], stats: &mut Stats, cosim: bool| {
        if let Ok(mut g) = watch.input.lock() {
            g.clear();
            g.extend_from_slice(data);
        }
        watch.started.store(watch.epoch.elapsed().as_millis() as u64 + 1, Ordering::Relaxed);
        let t = Instant::now();
        let out = std::panic::catch_unwind(|| match cfg.target.run(data) {
            Ok(_) if cosim => crate::hls_diff::cosim(data),
            o => o,
        });
        stats.cosim += u64::from(cosim);
        stats.slowest = stats.slowest.max(t.elapsed());
        watch.started.store(0, Ordering::Relaxed);
        stats.execs += 1;
        let finding = match out {
            Ok(Ok(Verdict::Accepted)) => return stats.accepted += 1,
            Ok(Ok(Verdict::Rejected)) => return stats.rejected += 1,
            Ok(Err(f)) => {
                stats.unlocated += u64::from(f.starts_with(crate::targets::UNLOCATED));
                f
            }
            Err(_) => PANIC.with(|p| p.borrow_mut().take()).unwrap_or_else(|| "panic".into()),
        };
        record(cfg, stats, data, &finding);
    };
    for data in &cfg.corpus {
        one(data, &mut stats, false);
        stats.corpus += 1;
    }
    let mut buf = Vec::new();
    for i in 0..cfg.runs {
        if cfg.time.is_some_and(|t| start.elapsed() >= t) {
            break;
        }
        next_input(cfg, &mut rng, &mut buf);
        let cosim = cfg.target == Target::HlsDiff && cfg.cosim_every > 0 && i % cfg.cosim_every == 0;
        one(&buf, &mut stats, cosim);
    }
    stats.elapsed = start.elapsed();
    stats
}

/// The next generated input: random bytes for a structured target (or a mutated corpus
/// input, if it has one), else a mutated corpus input.
fn next_input(cfg: &Config, rng: &mut Rng, buf: &mut Vec<u8>) {
    buf.clear();
    if cfg.corpus.is_empty() || (cfg.target.structured() && rng.chance(1, 2)) {
        let n = rng.range(1, cfg.max_len.clamp(2, 2048) as u64) as usize;
        buf.extend((0..n).map(|_| rng.below(256) as u8));
        return;
    }
    let first: &Vec<u8> = rng.pick(&cfg.corpus);
    buf.extend_from_slice(first);
    let other = rng.pick(cfg.corpus.as_slice()).clone();
    mutate(rng, buf, &other, cfg.max_len.max(buf.len()));
}

/// Keeps a finding: counted once per first line, written to the artifacts folder.
pub(crate) fn record(cfg: &Config, stats: &mut Stats, data: &[u8], finding: &str) {
    let first = finding.lines().next().unwrap_or("").to_string();
    if stats.findings.contains(&first) {
        return;
    }
    let name = format!("finding-{}", hash(data));
    eprintln!("{}: FINDING {name}: {first}", cfg.target.name());
    if let Some(d) = &cfg.artifacts {
        let _ = std::fs::create_dir_all(d).and_then(|()| {
            std::fs::write(d.join(&name), data)?;
            std::fs::write(d.join(format!("{name}.txt")), finding)
        });
    }
    stats.findings.push(first);
}
