//! `mlir_text::affine` against upstream MLIR: random affine maps are printed by our
//! `Display`, applied to constants with `affine.apply` in one function, and folded by
//! `mlir-opt --canonicalize`; the constants it returns must equal our `eval`. This checks
//! the printer (mlir-opt must accept it), the parser (we parse our own print back) and the
//! rounding rules of `floordiv`/`ceildiv`/`mod` in one run. Divisors are positive: MLIR does
//! not fold a division by a negative constant.

mod common;
use common::Rng;
use mlir_text::affine::{AffineExpr, AffineMap};
use std::collections::BTreeMap;
use std::process::Command;

const MLIR_OPT: &str = "/usr/lib/llvm-19/bin/mlir-opt";

/// A random expression over 2 dims and 2 syms, of depth at most `depth`.
fn random_expr(r: &mut Rng, depth: u32) -> AffineExpr {
    if depth == 0 || r.below(4) == 0 {
        return match r.below(3) {
            0 => AffineExpr::Dim(r.below(2) as u32),
            1 => AffineExpr::Sym(r.below(2) as u32),
            _ => AffineExpr::Const(r.range(-9, 9)),
        };
    }
    let a = random_expr(r, depth - 1);
    let c = AffineExpr::Const(r.range(1, 7));
    match r.below(6) {
        0 => AffineExpr::sum(a, random_expr(r, depth - 1)),
        1 => AffineExpr::difference(a, random_expr(r, depth - 1)),
        2 => AffineExpr::product(a, AffineExpr::Const(r.range(-5, 5))),
        3 => AffineExpr::floor_div(a, c),
        4 => AffineExpr::ceil_div(a, c),
        _ => AffineExpr::modulo(a, c),
    }
}

#[test]
fn eval_matches_mlir_opt_folding() {
    let mut r = Rng(0x5eed_affe);
    let mut body = String::new();
    let mut expected = Vec::new();
    let mut n = 0;
    for i in 0..48 {
        let results = (0..1 + r.below(3)).map(|_| random_expr(&mut r, 4)).collect();
        let m = AffineMap { num_dims: 2, num_syms: 2, results };
        let text = m.to_string();
        let back = AffineMap::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(back.equivalent(&m), "{text} parsed back as {back}");
        let args: Vec<i64> = (0..4).map(|_| r.range(-40, 40)).collect();
        for (k, v) in args.iter().enumerate() {
            body.push_str(&format!("    %a{i}_{k} = arith.constant {v} : index\n"));
        }
        for (j, want) in back.eval(&args[..2], &args[2..]).into_iter().enumerate() {
            let one = AffineMap { num_dims: 2, num_syms: 2, results: vec![back.results[j].clone()] };
            body.push_str(&format!(
                "    %r{n} = affine.apply affine_map<{one}>(%a{i}_0, %a{i}_1)[%a{i}_2, %a{i}_3]\n"
            ));
            expected.push((one.to_string(), args.clone(), want));
            n += 1;
        }
    }
    let rets: Vec<String> = (0..n).map(|k| format!("%r{k}")).collect();
    let types = vec!["index"; n].join(", ");
    let src = format!("func.func @f() -> ({types}) {{\n{body}    return {} : {types}\n}}\n", rets.join(", "));
    let dir = std::env::temp_dir().join(format!("affine-mlir-opt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("apply.mlir");
    std::fs::write(&file, &src).unwrap();
    let out = Command::new(MLIR_OPT)
        .arg("--canonicalize")
        .arg(&file)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {MLIR_OPT}: {e}"));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "mlir-opt failed:\n{}\n{src}", String::from_utf8_lossy(&out.stderr));
    // `%c5 = arith.constant 5 : index` lines, then `return %c5, ... : index, ...`.
    let mut consts = BTreeMap::new();
    let mut returned = Vec::new();
    for line in text.lines().map(str::trim) {
        if let Some((name, rest)) = line.split_once(" = arith.constant ") {
            let v: i64 = rest.split(' ').next().unwrap().parse().unwrap();
            consts.insert(name.to_string(), v);
        } else if let Some(rest) = line.strip_prefix("return ") {
            let ops = rest.split(" : ").next().unwrap();
            returned = ops.split(", ").map(str::to_string).collect();
        }
    }
    assert_eq!(returned.len(), expected.len(), "mlir-opt output:\n{text}");
    for (name, (map, args, want)) in returned.iter().zip(&expected) {
        let got =
            consts.get(name).unwrap_or_else(|| panic!("{map} at {args:?} was not folded: {name}\n{text}"));
        assert_eq!(*got, *want, "affine_map<{map}> at {args:?}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
