//! `fuzz-run`: the stable driver of the fuzz targets.
//!
//! ```text
//! fuzz-run TARGET|all [--runs N] [--time SECS] [--seed S] [--corpus DIR] [--no-corpus]
//!          [--timeout SECS] [--artifacts DIR] [--max-len N] [--batch K] [--cycles C]
//!          [--cosim-every N]
//! fuzz-run --make-corpus [DIR]      write the seed corpus (default fuzz/corpus)
//! fuzz-run --print FILE             the design of a comb_gen/comb_diff input, as MLIR
//! ```
//! Exit status: 0 with no finding, 1 with findings, 2 on bad arguments, 3 on a hang.

use rmlir_fuzz::corpus;
use rmlir_fuzz::driver::{self, Config};
use rmlir_fuzz::Target;
use std::path::PathBuf;
use std::time::Duration;

fn usage(msg: &str) -> ! {
    eprintln!("fuzz-run: {msg}");
    eprintln!(
        "usage: fuzz-run TARGET|all [--runs N] [--time SECS] [--seed S] [--corpus DIR] [--no-corpus] \
         [--timeout SECS] [--artifacts DIR] [--max-len N] [--batch K] [--cycles C] [--cosim-every N]\n       \
         fuzz-run --make-corpus [DIR]\n       fuzz-run --print FILE\ntargets: {}",
        Target::ALL.map(Target::name).join(", ")
    );
    std::process::exit(2)
}

/// The options after the target, applied to `cfg`; the corpus folder if given.
struct Args {
    cfg: Config,
    corpus: Option<PathBuf>,
    use_corpus: bool,
}

fn parse(target: Target, rest: &[String]) -> Args {
    let mut a = Args { cfg: Config::new(target), corpus: None, use_corpus: true };
    let mut it = rest.iter();
    while let Some(flag) = it.next() {
        if flag == "--no-corpus" {
            a.use_corpus = false;
            continue;
        }
        let Some(v) = it.next() else { usage(&format!("{flag} needs a value")) };
        let num = || v.parse::<u64>().unwrap_or_else(|_| usage(&format!("{flag} {v}: not a number")));
        match flag.as_str() {
            "--runs" => a.cfg.runs = num(),
            "--time" => a.cfg.time = Some(Duration::from_secs(num())),
            "--seed" => a.cfg.seed = num(),
            "--timeout" => a.cfg.timeout = Duration::from_secs(num()),
            "--max-len" => a.cfg.max_len = num() as usize,
            "--batch" => a.cfg.batch = num() as usize,
            "--cycles" => a.cfg.cycles = num() as usize,
            "--cosim-every" => a.cfg.cosim_every = num(),
            "--corpus" => a.corpus = Some(PathBuf::from(v)),
            "--artifacts" => a.cfg.artifacts = Some(PathBuf::from(v)),
            _ => usage(&format!("unknown option {flag}")),
        }
    }
    a
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(first) = args.first() else { usage("no target") };
    let root = corpus::repo_root();
    if first == "--print" {
        // The design a structured input (comb_gen, comb_diff) stands for, as MLIR text.
        let Some(path) = args.get(1) else { usage("--print needs a file") };
        let data = std::fs::read(path).unwrap_or_else(|e| usage(&format!("cannot read {path}: {e}")));
        let mut u = arbitrary::Unstructured::new(&data);
        match rmlir_fuzz::gen::comb_module(&mut u, "g") {
            Ok((text, _)) => println!("{text}// options byte: {}", u.arbitrary::<u8>().unwrap_or(0)),
            Err(e) => usage(&format!("generator: {e}")),
        }
        return;
    }
    if first == "--make-corpus" {
        let dir = args.get(1).map_or_else(|| root.join("fuzz/corpus"), PathBuf::from);
        match corpus::write_all(&root, &dir) {
            Ok(counts) => counts.iter().for_each(|(t, n)| println!("{}: {n} seeds", t.name())),
            Err(e) => usage(&format!("cannot write {}: {e}", dir.display())),
        }
        return;
    }
    let targets: Vec<Target> = if first == "all" {
        Target::ALL.to_vec()
    } else {
        vec![Target::from_name(first).unwrap_or_else(|| usage(&format!("unknown target {first}")))]
    };
    let mut findings = 0;
    for t in targets {
        let mut a = parse(t, &args[1..]);
        if a.use_corpus {
            let dir = a.corpus.clone().unwrap_or_else(|| root.join("fuzz/corpus").join(t.name()));
            a.cfg.corpus = corpus::read_dir(&dir);
        }
        if a.cfg.artifacts.is_none() {
            a.cfg.artifacts = Some(root.join("fuzz/artifacts").join(t.name()));
        }
        let stats = driver::run(&a.cfg);
        println!("{}", stats.line(t));
        findings += stats.findings.len();
    }
    std::process::exit(i32::from(findings > 0));
}
