//! Unit tests of CFG loop raising: the structure before and after.

use crate::ir::{Func, Item};

fn lower(src: &str) -> Func {
    crate::ir::lower_first(src)
}

fn kernel() -> String {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/hls/cfg_blocks.mlir");
    std::fs::read_to_string(p).unwrap()
}

#[test]
fn a_counted_cfg_loop_with_a_branch_becomes_a_for_with_an_if() {
    let mut f = lower(&kernel());
    assert!(f.body.items.iter().any(|i| matches!(i, Item::Cfg(_))));
    assert_eq!(super::run(&mut f), 1);
    assert!(crate::ir::verify::verify(&f).is_empty());
    assert!(!f.body.items.iter().any(|i| matches!(i, Item::Cfg(_))));
    let l = f.body.items.iter().find_map(|i| if let Item::For(l) = i { Some(l) } else { None }).unwrap();
    assert_eq!((l.trip, l.step, l.iter_args.len(), l.results.len()), (Some(20), 1, 2, 2));
    assert_eq!(l.body.items.iter().filter(|i| matches!(i, Item::If(_))).count(), 1);
    // The function returns the loop's results.
    assert_eq!(f.rets, l.results);
}

#[test]
fn other_cfgs_stay() {
    let src = kernel();
    for (from, to) in [
        // The exit uses the induction variable.
        ("return %rn, %rs : i32, i32", "%ii = arith.index_cast %i : index to i32\n  %r2 = arith.addi %rs, %ii : i32\n  return %rn, %r2 : i32, i32"),
        // Not `i < ub`.
        ("arith.cmpi slt, %i, %c20", "arith.cmpi sle, %i, %c20"),
        // Steps differ between the two back edges.
        ("%i2 = arith.addi %i, %c1 : index", "%i2 = arith.addi %i, %c20 : index"),
    ] {
        assert!(src.contains(from), "{from}");
        let mut f = lower(&src.replace(from, to));
        assert_eq!(super::run(&mut f), 0, "{to}");
        assert!(f.body.items.iter().any(|i| matches!(i, Item::Cfg(_))), "{to}");
    }
}
