//! HLS end to end: kernels in tests/hls/ are synthesized, optimized (-O1) and run through
//! the in-tree evaluator with SPEC section 4 memory models; results are compared with
//! the same computation written in plain Rust, and on static kernels the report's latency
//! with the simulated cycles.

mod hls_harness;

use hls_harness::{compile, sext, simulate, Lcg, Mem};

fn kernel(name: &str) -> String {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hls").join(name);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn opts() -> hls::Options {
    hls::Options::default()
}

#[test]
fn dot_product() {
    let (d, rep) = compile(&kernel("dot.mlir"), &opts());
    let mut g = Lcg(1);
    let (a, b) = (g.vec(64, 32), g.vec(64, 32));
    let expect = a.iter().zip(&b).fold(0u32, |s, (&x, &y)| s.wrapping_add((x as u32).wrapping_mul(y as u32)));
    let mut mems = [Mem::new("arg0", 32, a), Mem::new("arg1", 32, b)];
    let run = simulate(&d, &[], &mut mems, 10_000);
    assert_eq!(run.rets, vec![expect as u64]);
    assert_eq!(rep.functions[0].latency, Some(run.cycles));
}

#[test]
fn matmul_from_linalg() {
    let (d, rep) = compile(&kernel("matmul.mlir"), &opts());
    let mut g = Lcg(2);
    let (a, b, c) = (g.vec(64, 16), g.vec(64, 16), g.vec(64, 16));
    let mut expect = c.clone();
    for i in 0..8 {
        for j in 0..8 {
            for k in 0..8 {
                let p = (a[i * 8 + k] as u16).wrapping_mul(b[k * 8 + j] as u16);
                expect[i * 8 + j] = (expect[i * 8 + j] as u16).wrapping_add(p) as u64;
            }
        }
    }
    let mut mems = [Mem::new("arg0", 16, a), Mem::new("arg1", 16, b), Mem::new("arg2", 16, c)];
    let run = simulate(&d, &[], &mut mems, 100_000);
    assert_eq!(mems[2].data, expect);
    assert_eq!(rep.functions[0].latency, Some(run.cycles));
}

#[test]
fn stencil_with_affine_if_and_scalar() {
    let (d, _) = compile(&kernel("stencil.mlir"), &opts());
    let mut g = Lcg(3);
    let input: Vec<u64> = g.vec(64, 32).into_iter().map(|x| x >> 3).collect();
    for lim in [1000u64, (-5i64) as u64 & 0xffff_ffff, 0x0fff_ffff] {
        let mut expect = vec![0u64; 64];
        for i in 0..64 {
            let c = sext(input[i], 32);
            expect[i] = if (1..=62).contains(&i) {
                let s = sext(input[i - 1], 32).wrapping_add(sext(input[i + 1], 32)).wrapping_add(c << 1);
                let s = sext(s as u64 & 0xffff_ffff, 32);
                (if s > sext(lim, 32) { sext(lim, 32) } else { s }) as u64 & 0xffff_ffff
            } else {
                input[i]
            };
        }
        let mut mems = [Mem::new("arg0", 32, input.clone()), Mem::new("arg1", 32, vec![0; 64])];
        simulate(&d, &[("arg2", lim)], &mut mems, 10_000);
        assert_eq!(mems[1].data, expect, "lim = {lim}");
    }
}

#[test]
fn fir_filter() {
    let (d, rep) = compile(&kernel("fir.mlir"), &opts());
    let mut g = Lcg(4);
    let x = g.vec(35, 32);
    let h = [3i64, -1, 4, 2];
    let expect: Vec<u64> = (0..32)
        .map(|i| {
            (0..4).fold(0i64, |s, k| s.wrapping_add(sext(x[i + k], 32).wrapping_mul(h[k]))) as u64
                & 0xffff_ffff
        })
        .collect();
    let mut mems = [Mem::new("arg0", 32, x), Mem::new("arg1", 32, vec![0; 32])];
    let run = simulate(&d, &[], &mut mems, 10_000);
    assert_eq!(mems[1].data, expect);
    assert_eq!(rep.functions[0].latency, Some(run.cycles));
}

#[test]
fn iter_args_loop_with_symbolic_bound() {
    let (d, _) = compile(&kernel("sumsq.mlir"), &opts());
    let mut g = Lcg(5);
    let a = g.vec(100, 16);
    for n in [0u64, 1, 37, 100] {
        let expect =
            a[..n as usize].iter().fold(0i64, |s, &x| s + sext(x, 16) * sext(x, 16)) as u64 & 0xffff_ffff;
        let mut mems = [Mem::new("arg0", 16, a.clone())];
        let run = simulate(&d, &[("arg1", n)], &mut mems, 10_000);
        assert_eq!(run.rets, vec![expect], "n = {n}");
    }
}

#[test]
fn scf_while_gcd() {
    let (d, _) = compile(&kernel("gcd.mlir"), &opts());
    for (a, b) in [(48u64, 18u64), (17, 5), (0, 9), (1000, 0), (123456, 7890)] {
        let (mut x, mut y, mut k) = (a, b, 0);
        while y != 0 {
            (x, y) = (y, x % y);
            k += 1;
        }
        let run = simulate(&d, &[("arg0", a), ("arg1", b)], &mut [], 10_000);
        assert_eq!(run.rets, vec![x, k], "gcd({a}, {b})");
    }
}

#[test]
fn unrolled_loops_with_remainder_and_a_call() {
    let (d, rep) = compile(&kernel("vadd_unroll.mlir"), &opts());
    let mut g = Lcg(6);
    let (a, b) = (g.vec(10, 32), g.vec(10, 32));
    let k = 0xffff_fffd_u64; // -3
    let mut expect: Vec<u64> = (0..10)
        .map(|i| ((a[i] as u32).wrapping_add(b[i] as u32).wrapping_mul(k as u32).wrapping_add(3)) as u64)
        .collect();
    for j in 0..4 {
        expect[j + 6] = (expect[j] as u32).wrapping_sub(k as u32) as u64;
    }
    let mut mems = [Mem::new("arg0", 32, a), Mem::new("arg1", 32, b), Mem::new("arg2", 32, vec![0; 10])];
    let run = simulate(&d, &[("arg3", k)], &mut mems, 10_000);
    assert_eq!(mems[2].data, expect);
    let f = rep.functions.iter().find(|f| f.name == "vadd").expect("vadd");
    assert_eq!(f.latency, Some(run.cycles));
    // 10 iterations by 4: a main loop of 2 and a remainder of 2; the second loop is gone.
    let trips: Vec<Option<u64>> = f.loops.iter().map(|l| l.trip_count).collect();
    assert_eq!(trips, vec![Some(2), Some(2)]);
}
