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
