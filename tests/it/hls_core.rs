//! HLS end to end: kernels in tests/hls/ are synthesized, optimized (-O1) and run through
//! the in-tree evaluator with SPEC section 4 memory models; results are compared with
//! the same computation written in plain Rust, and on static kernels the report's latency
//! with the simulated cycles.

use crate::support;

use crate::support::hls_harness::{
    compile, dot_ref, kernel, matmul8_ref, sext, simulate, simulate_with, Lcg, Mem,
};

fn opts() -> hls::Options {
    hls::Options::default()
}

#[test]
fn dot_product() {
    let (d, rep) = compile(&kernel("dot.mlir"), &opts());
    let mut g = Lcg(1);
    let (a, b) = (g.vec(64, 32), g.vec(64, 32));
    let expect = dot_ref(&a, &b);
    let mut mems = [Mem::new("arg0", 32, a), Mem::new("arg1", 32, b)];
    let run = simulate(&d, &[], &mut mems, 10_000);
    assert_eq!(run.rets, vec![expect]);
    assert_eq!(rep.functions[0].latency, Some(run.cycles));
    // A single static loop: trip count x cycles per iteration, plus the start edge.
    let l = &rep.functions[0].loops[0];
    assert_eq!(run.cycles, 64 * l.cycles_per_iteration.unwrap() + 1);
}

#[test]
fn matmul_from_linalg() {
    let (d, rep) = compile(&kernel("matmul.mlir"), &opts());
    let mut g = Lcg(2);
    let (a, b, c) = (g.vec(64, 16), g.vec(64, 16), g.vec(64, 16));
    let expect = matmul8_ref(&a, &b, &c);
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
    let (d, rep) = compile(&kernel("gcd.mlir"), &opts());
    // The 32-bit remainder (about 250 ns as one array) is a sequential unit at 10 ns: no
    // combinational divider is left, and every iteration waits its 33 cycles.
    for m in &d.modules {
        for c in m.cells() {
            let k = &m.cell(c).kind;
            assert!(!matches!(k, comb::CellKind::ModU | comb::CellKind::DivU), "{k:?} in {}", m.name);
        }
    }
    assert!(rep.functions[0].critical_path < 11.0, "{}", rep.functions[0].critical_path);
    for (a, b) in [(48u64, 18u64), (17, 5), (0, 9), (1000, 0), (123456, 7890), (0xffff_ffff, 0xffff_fffe)] {
        let (mut x, mut y, mut k) = (a, b, 0);
        while y != 0 {
            (x, y) = (y, x % y);
            k += 1;
        }
        let run = simulate(&d, &[("arg0", a), ("arg1", b)], &mut [], 10_000);
        assert_eq!(run.rets, vec![x, k], "gcd({a}, {b})");
        assert!(run.cycles > 33 * k, "gcd({a}, {b}): {} cycles for {k} remainders", run.cycles);
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

#[test]
fn multi_block_cfg_collatz() {
    let (d, _) = compile(&kernel("collatz.mlir"), &opts());
    for n in [0u64, 1, 2, 7, 27, 97] {
        let (mut x, mut k) = (n, 0u64);
        while x > 1 {
            x = if x % 2 == 1 { 3 * x + 1 } else { x / 2 };
            k += 1;
        }
        let run = simulate(&d, &[("arg0", n)], &mut [], 100_000);
        assert_eq!(run.rets, vec![k], "collatz({n})");
    }
}

#[test]
fn start_while_busy_and_changing_scalars_are_ignored() {
    let (d, _) = compile(&kernel("gcd.mlir"), &opts());
    let quiet = simulate(&d, &[("arg0", 123456), ("arg1", 7890)], &mut [], 10_000);
    let noisy = simulate_with(&d, &[("arg0", 123456), ("arg1", 7890)], &mut [], 10_000, true);
    assert_eq!((quiet.cycles, &quiet.rets), (noisy.cycles, &noisy.rets));
    assert_eq!(quiet.rets, vec![6, 7]);
}

#[test]
fn hls_output_survives_an_mlir_round_trip() {
    let (d, rep) = compile(&kernel("matmul.mlir"), &opts());
    let text = backends::mlir::emit(&d, false);
    let back = support::load_text("rt.mlir", &text, 1);
    let mut g = Lcg(8);
    let data = [g.vec(64, 16), g.vec(64, 16), g.vec(64, 16)];
    let mk = || {
        [
            Mem::new("arg0", 16, data[0].clone()),
            Mem::new("arg1", 16, data[1].clone()),
            Mem::new("arg2", 16, data[2].clone()),
        ]
    };
    let (mut m1, mut m2) = (mk(), mk());
    let r1 = simulate(&d, &[], &mut m1, 100_000);
    let r2 = simulate(&back, &[], &mut m2, 100_000);
    assert_eq!(r1.cycles, r2.cycles);
    assert_eq!(m1[2].data, m2[2].data);
    assert_eq!(rep.functions[0].latency, Some(r2.cycles));
}

#[test]
fn every_integer_op_and_several_widths() {
    let (d, rep) = compile(&kernel("ops.mlir"), &opts());
    let mut g = Lcg(10);
    let mut cases = vec![
        (-7i32, 2i32, -3i8, -5i64, 3i64),
        (7, -2, 100, i64::MAX, 3),
        (i32::MIN + 1, 3, 0x7f, 1 << 40, -1),
    ];
    for _ in 0..20 {
        let b = (g.next() as i32) >> (g.next() % 28);
        cases.push((
            g.next() as i32,
            if b == 0 { 1 } else { b },
            g.next() as i8,
            g.next() as i64,
            g.next() as i64,
        ));
    }
    // At 4.5 ns (1.66 ns left after the cycle's register cost) every adder and comparator is
    // a multi-cycle unit too.
    let (d2, rep2) = compile(&kernel("ops.mlir"), &hls::Options { clock_period: 4.5, ..opts() });
    // With one divider busy per cycle, the six divisions share one unit per operator.
    let (d1, rep1) = compile(&kernel("ops.mlir"), &hls::Options { max_div: Some(1), ..opts() });
    for ((k, _), n) in &rep1.functions[0].units {
        if ["divs", "divu", "rems", "remu"].contains(&k.as_str()) {
            assert_eq!(*n, 1, "{k}");
        }
    }
    assert!(rep1.functions[0].latency > rep.functions[0].latency);
    for (a, b, c, dd, e) in cases {
        let args = [
            ("arg0", a as u32 as u64),
            ("arg1", b as u32 as u64),
            ("arg2", c as u8 as u64),
            ("arg3", dd as u64),
            ("arg4", e as u64),
        ];
        let r0 = simulate(&d, &args, &mut [], 1000);
        let r1 = simulate(&d1, &args, &mut [], 1000);
        assert_eq!(r0.rets, r1.rets);
        let r2 = simulate(&d2, &args, &mut [], 1000);
        assert_eq!((&r0.rets, rep2.functions[0].latency), (&r2.rets, Some(r2.cycles)));
        assert_eq!(rep1.functions[0].latency, Some(r1.cycles));
        let sh = (b & 31) as u32;
        let (q, r) = (a.wrapping_div(b), a.wrapping_rem(b));
        let ceil = if r != 0 && ((r < 0) == (b < 0)) { q + 1 } else { q };
        let floor = if r != 0 && ((r < 0) != (b < 0)) { q - 1 } else { q };
        let (ua, ub) = (a as u32, b as u32);
        let preds = [a == b, a != b, a < b, a <= b, a > b, a >= b, ua < ub, ua <= ub, ua > ub, ua >= ub];
        let bits = preds.iter().enumerate().fold(0u32, |s, (k, &p)| s | (p as u32) << k);
        let idx = if a < b { a.wrapping_add(5) } else { a };
        let x = ((c as i32 as u32) ^ (c as u8 as u32)) | ua;
        let expect: Vec<u64> = vec![
            q as u32 as u64,
            (ua / ub) as u64,
            r as u32 as u64,
            (ua % ub) as u64,
            ceil as u32 as u64,
            floor as u32 as u64,
            (ua << sh) as u64,
            (a >> sh) as u32 as u64,
            (ua >> sh) as u64,
            a.max(b) as u32 as u64,
            a.min(b) as u32 as u64,
            ua.max(ub) as u64,
            ua.min(ub) as u64,
            x.wrapping_sub(ub) as u64,
            dd as u8 as u64,
            dd.wrapping_mul(e) as u64,
            bits as u64,
            idx as i64 as u64,
        ];
        let run = r0;
        assert_eq!(run.rets, expect, "a={a} b={b} c={c} d={dd} e={e}");
        assert_eq!(rep.functions[0].latency, Some(run.cycles));
    }
}

#[test]
fn linalg_named_ops_and_generic() {
    let (d, rep) = compile(&kernel("linalg.mlir"), &opts());
    let mut g = Lcg(11);
    let (a, x, i8s, f, o, s0) =
        (g.vec(24, 16), g.vec(6, 16), g.vec(36, 8), g.vec(9, 8), g.vec(16, 8), g.vec(1, 16));
    let mut y = [7u16; 4];
    for i in 0..4 {
        for k in 0..6 {
            y[i] = y[i].wrapping_add((a[i * 6 + k] as u16).wrapping_mul(x[k] as u16));
        }
    }
    let mut out: Vec<u64> = o.clone();
    for i in 0..4 {
        for j in 0..4 {
            let mut acc = out[i * 4 + j] as u8;
            for k in 0..3 {
                for l in 0..3 {
                    acc = acc.wrapping_add((i8s[(i + k) * 6 + j + l] as u8).wrapping_mul(f[k * 3 + l] as u8));
                }
            }
            out[i * 4 + j] = acc as u64;
        }
    }
    let t: Vec<u64> = (0..24).map(|n| (a[(n % 4) * 6 + n / 4] as u16).wrapping_sub(7) as u64).collect();
    let dot = x.iter().fold(s0[0] as u16, |acc, &v| acc.wrapping_add((v as u16).wrapping_mul(v as u16)));
    let mut mems = [
        Mem::new("arg0", 16, a),
        Mem::new("arg1", 16, x),
        Mem::new("arg2", 16, vec![0; 4]),
        Mem::new("arg3", 8, i8s),
        Mem::new("arg4", 8, f),
        Mem::new("arg5", 8, o),
        Mem::new("arg6", 16, vec![0; 24]),
        Mem::new("arg7", 16, s0),
    ];
    let run = simulate(&d, &[], &mut mems, 100_000);
    assert_eq!(mems[2].data, y.iter().map(|&v| v as u64).collect::<Vec<_>>(), "matvec after fill");
    assert_eq!(mems[5].data, out, "conv_2d");
    assert_eq!(mems[6].data, t, "generic transpose");
    assert_eq!(mems[7].data, vec![dot as u64], "dot into a 0-d memref");
    assert_eq!(rep.functions[0].latency, Some(run.cycles));
}

#[test]
fn affine_max_min_bounds_symbols_step_and_divisions() {
    let (d, _) = compile(&kernel("bounds.mlir"), &opts());
    let mut g = Lcg(12);
    let a = g.vec(16, 32);
    for n in [0u64, 5, 16, 100] {
        let mut expect = vec![0u64; 16];
        for i in (0..16i64).step_by(2) {
            let (lb, ub) = (0.max(i - 2), (n as i64).min(i + 3));
            let acc = (lb..ub).fold(0u32, |acc, j| {
                let v = (j.div_euclid(2) + (j + 2).div_euclid(3)) as u32;
                acc.wrapping_add((a[((j * 3 + 1) % 16) as usize] as u32).wrapping_add(v))
            });
            expect[(i / 2 + 8) as usize] = acc as u64;
        }
        let mut mems = [Mem::new("arg0", 32, a.clone()), Mem::new("arg1", 32, vec![0; 16])];
        simulate(&d, &[("arg2", n)], &mut mems, 100_000);
        assert_eq!(mems[1].data, expect, "n = {n}");
    }
}

#[test]
fn scf_if_with_results_and_a_conditional_store() {
    let (d, rep) = compile(&kernel("clamp.mlir"), &opts());
    let mut g = Lcg(13);
    let a: Vec<u64> = g.vec(32, 32);
    let (lo, hi) = (-1000i32, 1 << 30);
    let expect: Vec<u64> = (0..32)
        .map(|i| if i % 2 == 1 { (sext(a[i], 32) as i32).clamp(lo, hi) as u32 as u64 } else { a[i] })
        .collect();
    let mut mems = [Mem::new("arg0", 32, a)];
    simulate(&d, &[("arg1", lo as u32 as u64), ("arg2", hi as u64)], &mut mems, 10_000);
    assert_eq!(mems[0].data, expect);
    // The two ifs with results became selects; the one with a store has states.
    assert_eq!(rep.functions[0].latency, None);
}

#[test]
fn local_memory_is_an_on_chip_ram() {
    let (d, rep) = compile(&kernel("local_mem.mlir"), &opts());
    let mut g = Lcg(14);
    let a = g.vec(16, 32);
    // Prefix sums into the alloc'd buffer, read back reversed; the alloca scratch xors
    // the values by index mod 4; the result is scratch[1] + the last sum.
    let mut sums = [0u32; 16];
    let mut s = 0u32;
    for i in 0..16 {
        s = s.wrapping_add(a[i] as u32);
        sums[i] = s;
    }
    let o: Vec<u64> = (0..16).map(|i| sums[15 - i] as u64).collect();
    let mut tmp = [0u32; 4];
    for i in 0..16 {
        tmp[i % 4] ^= sums[15 - i];
    }
    let expect = tmp[1].wrapping_add(s) as u64;
    let mut mems = [Mem::new("a", 32, a), Mem::new("o", 32, vec![0; 16])];
    let run = simulate(&d, &[], &mut mems, 10_000);
    assert_eq!(mems[1].data, o);
    assert_eq!(run.rets, vec![expect]);
    assert_eq!(rep.functions[0].latency, Some(run.cycles));
    assert!(rep.functions[0].memories.iter().any(|m| m.3 == "local" && m.1 == 16));
}
