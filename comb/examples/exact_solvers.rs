//! Measures the SAT solvers considered for exact LUT synthesis (`comb::lutmap::exact`) on
//! the same questions: the CNFs a mapping run asked (written by `RMLIR_EXACT_CNF_DUMP=DIR`),
//! solved by batsat under the run's conflict limit and by splr (no conflict limit in its
//! API; a 10 s wall-clock cap, for this measurement only). Prints, over the questions
//! batsat decided, the time each solver took and how many each decided.
//!
//! Usage: `cargo run --release -p rmlir-comb --example exact_solvers -- DIR`

use std::time::{Duration, Instant};

use comb::lutmap::exact::{encode::Cnf, solve, CONFLICTS_PER_CALL};
use splr::{Certificate, Config, SolveIF, Solver};

fn main() {
    let dir = std::env::args().nth(1).expect("usage: exact_solvers DIR");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("a folder of .cnf files")
        .map(|e| e.expect("a folder entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "cnf"))
        .collect();
    files.sort();
    let (mut bat_t, mut splr_t) = (Duration::ZERO, Duration::ZERO);
    let (mut decided, mut undecided, mut splr_decided, mut disagree) = (0, 0, 0, 0);
    for f in &files {
        let cnf = Cnf::from_dimacs(&std::fs::read_to_string(f).expect("a readable CNF"));
        if cnf.clauses.iter().any(|c| c.is_empty()) {
            continue;
        }
        let t0 = Instant::now();
        let (out, _) = solve::solve(&cnf, CONFLICTS_PER_CALL);
        let dt = t0.elapsed();
        let sat = match out {
            solve::Outcome::Sat(_) => true,
            solve::Outcome::Unsat => false,
            solve::Outcome::Unknown => {
                undecided += 1;
                continue;
            }
        };
        decided += 1;
        bat_t += dt;
        let config = Config { c_timeout: 10.0, quiet_mode: true, ..Config::default() };
        let t0 = Instant::now();
        let r = match Solver::try_from((config, cnf.clauses.as_ref())) {
            Ok(mut s) => s.solve(),
            Err(r) => r,
        };
        splr_t += t0.elapsed();
        match r {
            Ok(Certificate::SAT(_)) => {
                splr_decided += 1;
                disagree += usize::from(!sat);
            }
            Ok(Certificate::UNSAT) => {
                splr_decided += 1;
                disagree += usize::from(sat);
            }
            Err(_) => {}
        }
    }
    println!(
        "questions: {} ({decided} decided by batsat within {CONFLICTS_PER_CALL} conflicts, {undecided} not)",
        files.len()
    );
    println!("| solver | decided | time on batsat's decided questions |");
    println!("| --- | --- | --- |");
    println!("| batsat 0.6 | {decided} | {:.2} s |", bat_t.as_secs_f64());
    println!("| splr 0.17 | {splr_decided} | {:.2} s |", splr_t.as_secs_f64());
    assert_eq!(disagree, 0, "the solvers disagree");
}
