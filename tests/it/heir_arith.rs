//! HEIR's arith bodies: a `secret.generic` whose body is `arith` ops (HEIR's input to its
//! `--yosys-optimizer`) compiles to logic that computes what MLIR says those ops compute.
//! The judge is `mlir-cpu-runner`, run on the same body written as a plain function; our
//! SystemVerilog of the secret form runs under Icarus on the same data (the data sets avoid
//! what arith leaves undefined: division by zero, `MIN / -1`). Every op the rewrite handles
//! is in the body.

use crate::support;

use crate::support::hls_support::{data_sets, load, reference};
use crate::support::{load_text, outputs, simulate, Engine};
use comb::Bits;
use hls::interp::ArgValue;

/// The body: arguments `%x : i8`, `%y : i8`, `%w : i16`; results listed in [`RESULTS`].
const BODY: &str = "
    %c3 = arith.constant 3 : i8
    %k = arith.constant 2 : i8
    %a = arith.addi %x, %y : i8
    %s = arith.subi %a, %c3 : i8
    %m = arith.muli %s, %y : i8
    %an = arith.andi %m, %x : i8
    %o = arith.ori %an, %c3 : i8
    %xo = arith.xori %o, %y : i8
    %sl = arith.shli %xo, %k : i8
    %sr = arith.shrui %x, %k : i8
    %ss = arith.shrsi %y, %k : i8
    %dv = arith.divui %x, %y : i8
    %ds = arith.divsi %x, %y : i8
    %ru = arith.remui %x, %y : i8
    %rs = arith.remsi %x, %y : i8
    %c = arith.cmpi slt, %x, %y : i8
    %sel = arith.select %c, %sl, %sr : i8
    %cu = arith.cmpi uge, %x, %y : i8
    %sel2 = arith.select %cu, %dv, %ds : i8
    %t = arith.trunci %w : i16 to i8
    %eu = arith.extui %x : i8 to i16
    %es = arith.extsi %y : i8 to i16
    %sum = arith.addi %eu, %es : i16
    %mxs = arith.maxsi %x, %t : i8
    %mns = arith.minsi %y, %t : i8
    %mxu = arith.maxui %x, %t : i8
    %mnu = arith.minui %y, %t : i8";

/// The results: name and type.
const RESULTS: &[(&str, &str)] = &[
    ("%sel", "i8"),
    ("%ss", "i8"),
    ("%sel2", "i8"),
    ("%ru", "i8"),
    ("%rs", "i8"),
    ("%sum", "i16"),
    ("%mxs", "i8"),
    ("%mns", "i8"),
    ("%mxu", "i8"),
    ("%mnu", "i8"),
];

fn types() -> String {
    RESULTS.iter().map(|r| r.1).collect::<Vec<_>>().join(", ")
}

/// The body as a plain function (what mlir-cpu-runner runs).
fn plain() -> String {
    let names: Vec<&str> = RESULTS.iter().map(|r| r.0).collect();
    format!(
        "func.func @body(%x: i8, %y: i8, %w: i16) -> ({}) {{{BODY}\n    return {} : {}\n}}\n",
        types(),
        names.join(", "),
        types()
    )
}

/// The body in HEIR's form: secret arguments, a `secret.generic` around the arith ops.
fn secret() -> String {
    let sec = |t: &str| format!("!secret.secret<{t}>");
    let outs: Vec<String> = RESULTS.iter().map(|r| sec(r.1)).collect();
    let names: Vec<&str> = RESULTS.iter().map(|r| r.0).collect();
    let rets: Vec<String> = (0..RESULTS.len()).map(|i| format!("%r#{i}")).collect();
    format!(
        "func.func @body(%xs: {i8}, %ys: {i8}, %ws: {i16}) -> ({outs}) {{\n  \
         %r:{n} = secret.generic ins(%xs, %ys, %ws : {i8}, {i8}, {i16}) {{\n  \
         ^bb0(%x: i8, %y: i8, %w: i16):{BODY}\n    secret.yield {names} : {types}\n  \
         }} -> ({outs})\n  return {rets} : {outs}\n}}\n",
        i8 = sec("i8"),
        i16 = sec("i16"),
        outs = outs.join(", "),
        n = RESULTS.len(),
        names = names.join(", "),
        types = types(),
        rets = rets.join(", "),
    )
}

#[test]
fn secret_arith_body_computes_what_mlir_cpu_runner_computes() {
    let tmp = tempfile::tempdir().unwrap();
    let plain_path = tmp.path().join("body.mlir");
    std::fs::write(&plain_path, plain()).unwrap();
    let kernel = load(&plain_path);
    let sets: Vec<Vec<ArgValue>> = data_sets(&kernel, 24).into_iter().map(|s| s.1).collect();
    let expected = reference::reference(&kernel.modern, &kernel.sig, &kernel.types, &sets);

    let design = load_text("secret_arith.mlir", &secret(), 1);
    let sv = backends::verilog::emit(&design);
    let widths = [8, 8, 16];
    let stim: Vec<Vec<Bits>> = sets
        .iter()
        .map(|set| {
            set.iter()
                .zip(widths)
                .map(|(a, w)| match a {
                    ArgValue::Scalar(v) => Bits::from_u64(*v, w),
                    ArgValue::MemRef(_) => unreachable!("scalar arguments only"),
                })
                .collect()
        })
        .collect();
    let trace = simulate(Engine::Icarus, &design, &sv, &stim);
    let outs = outputs(&design);
    assert_eq!(outs.len(), RESULTS.len());
    for (i, (run, got)) in expected.iter().zip(&trace).enumerate() {
        for (j, ((name, w), want)) in outs.iter().zip(&run.results).enumerate() {
            let sh = 64 - w;
            let ours = ((got[j].to_u64() << sh) as i64) >> sh;
            assert_eq!(ours, *want, "data set {i} ({:?}): result {} ({name}) differs", sets[i], RESULTS[j].0);
        }
    }
    assert!(
        support::verilator_lint(&sv, "body").is_empty(),
        "verilator -Wall: {}",
        support::verilator_lint(&sv, "body")
    );
}
