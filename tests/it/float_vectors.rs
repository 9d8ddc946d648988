//! The float vector campaign's driver (`bench/fvectors`, issue 21) tested on a small run:
//! every f16 op's unit emitted with the Rust simulator backend into one generated crate,
//! 2,000 tuples each against Rust's arithmetic and the `half` crate, 0 mismatches; a case
//! that pairs `addf`'s reference with the subtractor must report mismatches (the driver can
//! fail); and the sample of two units (a combinational and a sequential one) runs through
//! Icarus on the emitted SystemVerilog with the campaign's testbench.

#[allow(dead_code)]
#[path = "../../bench/fvectors/gen.rs"]
mod gen;

use crate::support::{run, Tool};
use gen::Case;
use hls::float::units::FUnit;
use hls::float::FloatFormat;
use std::path::Path;
use std::process::Command;

const PAIRS: usize = 2000;

#[test]
fn f16_ops_through_the_generated_crate_and_icarus() {
    let mut cases = gen::cases_for(FloatFormat::F16);
    let n = cases.len();
    cases.push(Case { op: FUnit::Add, fmt: FloatFormat::F16, unit: FUnit::Sub, tag: "wired to fsub" });
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("float_vectors");
    std::fs::create_dir_all(&dir).unwrap();
    let lock = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.lock");
    gen::write_crate(&dir, &cases, Some(&lock)).unwrap();
    let bin = gen::build(&dir).unwrap();
    let sample = dir.join("sample");
    std::fs::create_dir_all(&sample).unwrap();
    let text =
        run(Command::new(&bin).args([PAIRS.to_string().as_str(), "7", "", "--dump", "300"]).arg(&sample));
    let rows = gen::parse_rows(&text);
    assert_eq!(rows.len(), n + 1, "one row per case:\n{text}");
    let names: Vec<&str> = rows.iter().map(|r| r.op.as_str()).collect();
    for op in [
        "addf",
        "divf seq",
        "remf",
        "cmpf uno",
        "maxnumf",
        "sitofp i64",
        "fptoui i32",
        "extf f64",
        "truncf bf16",
    ] {
        assert!(names.contains(&op), "{op} missing from {names:?}");
    }
    for r in &rows[..n] {
        assert_eq!((r.pairs, r.mismatches), (PAIRS as u64, 0), "{} {}: {}", r.op, r.format, r.first);
    }
    let wrong = &rows[n];
    assert!(wrong.mismatches > PAIRS as u64 / 2, "addf against the subtractor: {wrong:?}");
    // Icarus on the sample of the adder and the sequential remainder.
    for (i, case) in cases.iter().enumerate().filter(|(_, c)| matches!(c.op, FUnit::Add | FUnit::Rem)).take(2)
    {
        let hex = sample.join(format!("{i}.hex"));
        let d = gen::design(case);
        let (sv, tb, exe) = (
            sample.join(format!("u{i}.sv")),
            sample.join(format!("u{i}_tb.sv")),
            sample.join(format!("u{i}")),
        );
        std::fs::write(&sv, backends::verilog::emit(&d)).unwrap();
        std::fs::write(&tb, gen::testbench(&d, &hex, 300)).unwrap();
        run(Tool::Iverilog.command().args(["-g2012", "-o"]).arg(&exe).arg(&sv).arg(&tb));
        let out = run(Tool::Vvp.command().arg("-n").arg(&exe));
        assert!(out.contains("mismatches 0"), "{} in Icarus: {out}", case.name());
    }
}
