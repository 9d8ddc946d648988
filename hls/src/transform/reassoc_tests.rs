use super::*;
use crate::ir::{lower_first, verify::verify};

const DOT: &str = "func.func @d(%a: memref<16xf32>) -> f32 {
  %z = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to 16 iter_args(%acc = %z) -> (f32) {
    %x = affine.load %a[%i] : memref<16xf32>
    %s = arith.addf %acc, %x FLAGS : f32
    affine.yield %s : f32
  }
  return %r : f32
}";

fn dot(flags: &str) -> Func {
    lower_first(&DOT.replace("FLAGS", flags))
}

fn the_loop(f: &Func) -> &ForLoop {
    f.body.items.iter().find_map(|i| if let Item::For(l) = i { Some(&**l) } else { None }).unwrap()
}

#[test]
fn splits_a_reassoc_sum_into_a_rotation_and_a_tree() {
    let opts = Options { pipeline: true, ..Options::default() };
    let mut f = dot("fastmath<reassoc>");
    let done = run(&mut f, &opts, &crate::passes::ScheduleCosts(&opts));
    assert!(verify(&f).is_empty(), "{:?}", verify(&f));
    let k = done[0].k as usize;
    assert!(k >= 2, "{done:?}");
    let l = the_loop(&f);
    assert_eq!(l.iter_args.len(), k);
    // The rotation: q_j yields q_(j+1), the last one the sum.
    for j in 0..k - 1 {
        assert_eq!(l.yields[j], l.iter_args[j + 1]);
    }
    assert_eq!(crate::schedule::pipelined_loops::rotation(l, 0).map(|r| r.1), Some(k as u32));
    // Every partial starts at -0.0; the tree after the loop has k adds (k + 1 leaves).
    let c = f.constants();
    assert!(l.inits.iter().all(|v| c.get(v) == Some(&0x8000_0000)), "{:?}", l.inits);
    let adds_after = f.body.items.iter().skip_while(|i| !matches!(i, Item::For(_))).filter(
        |i| matches!(i, Item::Op(o) if matches!(f.op(*o).kind, OpKind::FBin { op: FBinOp::Add, .. })),
    );
    assert_eq!(adds_after.count(), k);
    assert!(f.loop_notes[0].1.contains(&format!("k={k}")), "{:?}", f.loop_notes);
}

#[test]
fn keeps_the_order_without_the_flag_or_the_pipeline() {
    let piped = Options { pipeline: true, ..Options::default() };
    for (flags, opts) in
        [("", &piped), ("fastmath<nnan>", &piped), ("fastmath<reassoc>", &Options::default())]
    {
        let mut f = dot(flags);
        let before = f.clone();
        assert!(run(&mut f, opts, &crate::passes::ScheduleCosts(opts)).is_empty(), "{flags}");
        assert_eq!(f, before, "{flags}");
    }
    let mut f = dot("fastmath<fast>");
    assert_eq!(run(&mut f, &piped, &crate::passes::ScheduleCosts(&piped)).len(), 1, "fast implies reassoc");
}

#[test]
fn identities_leave_every_value_unchanged() {
    use crate::float::soft;
    let f = FloatFormat::F32;
    let samples = [0.0f32, -0.0, 1.5, -3.25, f32::INFINITY, f32::NEG_INFINITY, f32::MIN_POSITIVE / 4.0];
    for (op, g) in [
        (FBinOp::Add, soft::add as fn(FloatFormat, u64, u64) -> u64),
        (FBinOp::Mul, soft::mul),
        (FBinOp::Maximum, soft::maximum),
        (FBinOp::Minimum, soft::minimum),
    ] {
        let e = identity(op, f).unwrap();
        for x in samples.map(|v| u64::from(v.to_bits())) {
            assert_eq!(g(f, e, x), x, "{op:?} {x:#x}");
            assert_eq!(g(f, x, e), x, "{op:?} {x:#x}");
        }
    }
    assert_eq!(identity(FBinOp::Sub, f), None);
}

/// `maxnumf`/`minnumf` start at the default NaN: it leaves every value unchanged, NaN too
/// (a partial that met only NaNs stays NaN).
#[test]
fn num_min_max_start_at_the_default_nan() {
    use crate::float::soft;
    let f = FloatFormat::F32;
    let samples = [0.0f32, -0.0, 1.5, -3.25, f32::INFINITY, f32::NEG_INFINITY, f32::MIN_POSITIVE / 4.0];
    for (op, g) in
        [(FBinOp::MaxNum, soft::maxnum as fn(FloatFormat, u64, u64) -> u64), (FBinOp::MinNum, soft::minnum)]
    {
        let e = identity(op, f).unwrap();
        assert_eq!(e, f.default_nan());
        for x in samples.map(|v| u64::from(v.to_bits())) {
            assert_eq!(g(f, e, x), x, "{op:?} {x:#x}");
            assert_eq!(g(f, x, e), x, "{op:?} {x:#x}");
        }
        assert!(f.is_nan(g(f, e, 0x7F80_0001)), "{op:?} of two NaNs");
    }
}

/// The four min/max operations give the source's chain's bits in the partials-and-tree
/// order for every k (the claim [`Reassociated::exact`] makes), on random vectors rich in
/// signed zeros, infinities and NaNs (quiet and signalling); an addition does not.
#[test]
fn min_max_are_exact_in_the_reassociated_order() {
    use crate::float::soft;
    let f = FloatFormat::F32;
    let pool: Vec<u64> =
        [0.0f32, -0.0, 1.0, -1.0, 2.5, -2.5, f32::INFINITY, f32::NEG_INFINITY, 1e-45, -1e-45, 3e38, 0.1]
            .iter()
            .map(|v| u64::from(v.to_bits()))
            .chain([0x7FC0_0000, 0xFFC0_0001, 0x7F80_0001])
            .collect();
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    type G = fn(FloatFormat, u64, u64) -> u64;
    let ops: [(FBinOp, G); 5] = [
        (FBinOp::Maximum, soft::maximum),
        (FBinOp::Minimum, soft::minimum),
        (FBinOp::MaxNum, soft::maxnum),
        (FBinOp::MinNum, soft::minnum),
        (FBinOp::Add, soft::add),
    ];
    for (op, g) in ops {
        let mut differ = 0;
        for trial in 0..4000 {
            let n = 1 + (next() % 12) as usize;
            let xs: Vec<u64> = (0..=n).map(|_| pool[(next() % pool.len() as u64) as usize]).collect();
            let (init, xs) = (xs[0], &xs[1..]);
            let source = xs.iter().fold(init, |a, &x| g(f, a, x));
            let k = 2 + trial % 5;
            let mut p = vec![identity(op, f).unwrap(); k];
            for &x in xs {
                let y = g(f, p[0], x);
                p.remove(0);
                p.push(y);
            }
            let mut level: Vec<u64> = std::iter::once(init).chain(p).collect();
            while level.len() > 1 {
                level = level.chunks(2).map(|c| if let [x, y] = *c { g(f, x, y) } else { c[0] }).collect();
            }
            let same = source == level[0] || (f.is_nan(source) && f.is_nan(level[0]));
            if op == FBinOp::Add {
                differ += usize::from(!same);
            } else {
                assert!(same, "{op:?} k={k} init {init:#x} {xs:x?}: {source:#x} vs {:#x}", level[0]);
            }
        }
        if op == FBinOp::Add {
            assert!(differ > 0, "additions of 0.1 and 2.5 round differently in some order");
        }
    }
}

/// A sum into a memory cell (PolyBench's `C[i] += ..`), which scalar replacement made a
/// carried value, is split like an `iter_args` one and recorded as a memory reduction.
#[test]
fn splits_a_sum_through_memory() {
    const MEM: &str = "func.func @m(%a: memref<16xf32>, %c: memref<2xf32>) {
  affine.for %i = 0 to 16 {
    %x = affine.load %a[%i] : memref<16xf32>
    %s = affine.load %c[1] : memref<2xf32>
    %t = arith.addf %s, %x FLAGS : f32
    affine.store %t, %c[1] : memref<2xf32>
  }
  return
}";
    let opts = Options { pipeline: true, ..Options::default() };
    for (flags, split) in [("fastmath<reassoc>", true), ("", false)] {
        let mut f = lower_first(&MEM.replace("FLAGS", flags));
        super::super::scalrep::run(&mut f, true);
        assert_eq!(f.scalar_carried.len(), 1, "{flags}: scalar replacement fires");
        let done = run(&mut f, &opts, &crate::passes::ScheduleCosts(&opts));
        assert!(verify(&f).is_empty(), "{:?}", verify(&f));
        assert_eq!(done.len(), usize::from(split), "{flags}: {done:?}");
        if split {
            assert!(done[0].memory && done[0].op == FBinOp::Add && !done[0].exact(), "{done:?}");
            assert_eq!(the_loop(&f).iter_args.len(), done[0].k as usize);
        }
    }
}
