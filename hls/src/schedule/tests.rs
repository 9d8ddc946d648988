//! Scheduler unit tests: random problems always get valid solutions, chaining and
//! resource limits hold, and the checker catches violations.

use super::*;

fn comb(name: &str, delay: f64) -> OperatorType {
    OperatorType {
        name: name.into(),
        latency: 0,
        delay,
        outgoing_delay: 0.0,
        occupancy: 1,
        span: 1,
        sequential: false,
    }
}

fn load() -> OperatorType {
    OperatorType {
        name: "load".into(),
        latency: 1,
        delay: 0.5,
        outgoing_delay: 1.0,
        occupancy: 1,
        span: 2,
        sequential: false,
    }
}

/// An operator type of the timing tests (`div_timing`, `mul_timing`): 1 ns in its start
/// cycle, its result valid at 1 ns when it takes one cycle.
pub(super) fn timed(name: &str, latency: u32, occupancy: u32, span: u32, sequential: bool) -> OperatorType {
    OperatorType {
        name: name.into(),
        latency,
        delay: 1.0,
        outgoing_delay: if latency == 1 { 1.0 } else { 0.0 },
        occupancy,
        span,
        sequential,
    }
}

fn problem(period: f64) -> Problem {
    Problem {
        types: vec![comb("add", 2.5), comb("mul", 7.0), load(), {
            let mut t = comb("div", 4.0);
            t.latency = 3;
            t.occupancy = 3;
            t.span = 3;
            t
        }],
        resources: vec![
            Resource { name: "port".into(), limit: 1 },
            Resource { name: "mul".into(), limit: 2 },
        ],
        period,
        ..Default::default()
    }
}

fn data(from: usize, to: usize) -> Dependence {
    Dependence { from, to, data: true, distance: 0 }
}

#[test]
fn chains_within_the_period_and_no_further() {
    let mut p = problem(10.0);
    // Four adds in a chain: 2.5 ns each, three fit in 10 ns... four exactly.
    for _ in 0..5 {
        p.ops.push(Operation { ty: 0, resource: None });
    }
    for i in 0..4 {
        p.deps.push(data(i, i + 1));
    }
    let s = list::schedule(&p).unwrap();
    assert!(verify(&p, &s).is_empty());
    assert_eq!(s.start, vec![0, 0, 0, 0, 1]);
    assert_eq!(s.length, 2);
    // At 5 ns two fit per cycle.
    p.period = 5.0;
    let s = list::schedule(&p).unwrap();
    assert_eq!(s.start, vec![0, 0, 1, 1, 2]);
}

#[test]
fn memory_port_accesses_are_serialized_and_reads_arrive_a_cycle_later() {
    let mut p = problem(10.0);
    for _ in 0..3 {
        p.ops.push(Operation { ty: 2, resource: Some(0) });
    }
    p.ops.push(Operation { ty: 0, resource: None });
    p.deps.push(data(0, 3));
    p.deps.push(data(2, 3));
    let s = list::schedule(&p).unwrap();
    assert!(verify(&p, &s).is_empty());
    assert_eq!(&s.start[..3], &[0, 1, 2]);
    assert_eq!(s.start[3], 3);
    assert!((s.time[3] - 1.0).abs() < 1e-9, "chained after the read data arrives");
    assert_eq!(s.length, 4);
}

#[test]
fn resource_limits_hold_for_multi_cycle_units() {
    let mut p = problem(10.0);
    p.resources[1].limit = 1;
    for _ in 0..3 {
        p.ops.push(Operation { ty: 3, resource: Some(1) });
    }
    let s = list::schedule(&p).unwrap();
    assert!(verify(&p, &s).is_empty());
    assert_eq!(s.start, vec![0, 3, 6]);
    assert_eq!(s.length, 9);
}

#[test]
fn the_checker_rejects_broken_solutions() {
    let mut p = problem(10.0);
    p.ops.push(Operation { ty: 1, resource: Some(1) });
    p.ops.push(Operation { ty: 1, resource: Some(1) });
    p.ops.push(Operation { ty: 1, resource: Some(1) });
    p.deps.push(data(0, 1));
    let bad = Solution { start: vec![0, 0, 0], time: vec![0.0, 0.0, 0.0], length: 1 };
    let errs = verify(&p, &bad);
    assert!(errs.iter().any(|e| e.contains("before the result")), "{errs:?}");
    assert!(errs.iter().any(|e| e.contains("used 3 times")), "{errs:?}");
    let late = Solution { start: vec![0, 1, 0], time: vec![0.0, 5.0, 0.0], length: 2 };
    assert!(verify(&p, &late).iter().any(|e| e.contains("clock period")));
}

#[test]
fn random_problems_get_valid_solutions() {
    let mut seed = 7u64;
    let mut rnd = |n: u64| {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 33) % n
    };
    for round in 0..300 {
        let mut p = problem([3.0, 7.5, 10.0, 20.0][round % 4]);
        if p.period < 7.0 {
            p.types[1].delay = 2.0;
            p.types[3].delay = 2.0;
        }
        let n = 1 + rnd(30) as usize;
        for _ in 0..n {
            let ty = rnd(4) as usize;
            let resource = match ty {
                2 => Some(0),
                1 | 3 if rnd(2) == 0 => Some(1),
                _ => None,
            };
            p.ops.push(Operation { ty, resource });
        }
        for to in 1..n {
            for _ in 0..rnd(3) {
                let from = rnd(to as u64) as usize;
                let d = if rnd(4) == 0 {
                    Dependence { from, to, data: false, distance: rnd(2) as u32 }
                } else {
                    data(from, to)
                };
                p.deps.push(d);
            }
        }
        let s = list::schedule(&p).unwrap();
        let errs = verify(&p, &s);
        assert!(errs.is_empty(), "round {round}: {errs:?}");
    }
}
