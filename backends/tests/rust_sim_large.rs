//! A 100,000-op random design: the generated crate must build in release mode quickly.
//! Ignored by default (it takes tens of seconds); run with `cargo test -- --ignored`.
#[path = "sim_common/mod.rs"]
mod common;

use backends::cosim::stimulus::SplitMix64;
use comb::{Bits, CellKind, Design, Module, NetId};
use common::*;

/// A random levelized design: `ops` cells over 32-bit values, `regs` registers fed back.
pub fn random_design(name: &str, ops: usize, regs: usize, seed: u64) -> Design {
    use CellKind::*;
    let mut rng = SplitMix64::new(seed);
    let mut m = Module::new(name, Default::default());
    let clk = m.add_port(clock("clk"));
    let clk = m.port_net(clk).unwrap();
    let mut pool: Vec<NetId> = (0..8).map(|i| input(&mut m, &format!("in{i}"), 32)).collect();
    let k = konst(&mut m, 0, 32);
    let rs: Vec<NetId> = (0..regs)
        .map(|i| named(&mut m, &format!("r{i}"), Reg { reset: false, enable: false }, 32, &[k, clk]))
        .collect();
    pool.extend(&rs);
    let pick = |rng: &mut SplitMix64, pool: &Vec<NetId>| {
        // Mostly recent values, so the logic is deep as well as wide.
        let n = pool.len() as u64;
        let back = rng.next_u64() % n.min(64);
        if rng.next_u64().is_multiple_of(4) {
            pool[(rng.next_u64() % n) as usize]
        } else {
            pool[(n - 1 - back) as usize]
        }
    };
    for _ in 0..ops {
        let (a, b) = (pick(&mut rng, &pool), pick(&mut rng, &pool));
        let v = match rng.next_u64() % 10 {
            0 | 1 => cell(&mut m, Add, 32, &[a, b]),
            2 => cell(&mut m, Xor, 32, &[a, b]),
            3 => cell(&mut m, Sub, 32, &[a, b]),
            4 => cell(&mut m, And, 32, &[a, b]),
            5 => cell(&mut m, Mul, 32, &[a, b]),
            6 => {
                let c = cell(&mut m, Icmp(comb::IcmpPred::Ult), 1, &[a, b]);
                cell(&mut m, Mux, 32, &[c, a, b])
            }
            7 => {
                let s = cell(&mut m, Extract { low: 3 }, 29, &[a]);
                let t = cell(&mut m, Extract { low: 0 }, 3, &[b]);
                cell(&mut m, Concat, 32, &[t, s])
            }
            8 => cell(&mut m, ShrU, 32, &[a, b]),
            _ => {
                let c = cell(&mut m, Const(Bits::from_u64(rng.next_u64(), 32)), 32, &[]);
                cell(&mut m, Or, 32, &[a, c])
            }
        };
        pool.push(v);
    }
    for (i, &r) in rs.iter().enumerate() {
        let d = pool[pool.len() - 1 - (i * 7919) % (ops / 2)];
        m.set_operand(r, 0, d);
    }
    for i in 0..4 {
        let n = pool[pool.len() - 1 - i];
        output(&mut m, &format!("out{i}"), n);
    }
    design(vec![m])
}

#[test]
#[ignore]
fn hundred_thousand_ops_build_fast() {
    let d = random_design("big100k", 100_000, 2_000, 1);
    let sim = backends::rust_sim::emit(&d).unwrap();
    let dir = tempfile::tempdir().unwrap();
    sim.write_to(dir.path()).unwrap();
    let t = std::time::Instant::now();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let st = std::process::Command::new(cargo)
        .current_dir(dir.path())
        .env("CARGO_TARGET_DIR", dir.path().join("target"))
        .args(["build", "--release", "--offline"])
        .status()
        .unwrap();
    assert!(st.success());
    let secs = t.elapsed().as_secs_f64();
    eprintln!("100k-op simulator: cargo build --release took {secs:.1} s");
    assert!(secs < 60.0, "took {secs:.1} s");
}

#[test]
#[ignore]
fn write_big_crate() {
    let Ok(dir) = std::env::var("BIG_DIR") else { return };
    let n: usize = std::env::var("BIG_OPS").ok().and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let d = random_design("big", n, n / 50, 1);
    backends::rust_sim::emit(&d).unwrap().write_to(std::path::Path::new(&dir)).unwrap();
}
