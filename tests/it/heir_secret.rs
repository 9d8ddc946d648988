//! HEIR's `secret` dialect: each `tests/cases/secret_*.mlir` file case compiles to the same
//! logic as its body written without the secret wrapper. Yosys + ABC `cec` prove our
//! SystemVerilog of the secret form (at -O1) equal to that of the plain form (at -O0, as
//! written), and `verilator -Wall` finds nothing to say about it.

use crate::support::*;

/// The plain (secret-free) form of each secret file case, written by hand.
const PLAIN: &[(&str, &str, &str)] = &[
    (
        "secret_add_one",
        "add_one",
        "func.func @add_one(%in: i8) -> i8 {
           %one = arith.constant 1 : i8
           %2 = comb.add %in, %one : i8
           return %2 : i8
         }",
    ),
    (
        "secret_multi_output",
        "multi_output",
        "func.func @multi_output(%arg0: i16, %key: i16) -> (i16, i16) {
           %c3 = arith.constant 3 : i16
           %1 = comb.mul %arg0, %c3 : i16
           %2 = comb.xor %1, %key : i16
           %3 = comb.icmp ult %arg0, %key : i16
           %4 = comb.mux %3, %2, %arg0 : i16
           return %1, %4 : i16, i16
         }",
    ),
    (
        "secret_ins_form",
        "chain",
        "func.func @chain(%a: i8, %b: i8) -> (i8, i8) {
           %s = comb.sub %a, %b : i8
           %c = comb.concat %s, %s : i8, i8
           %e = comb.extract %c from 4 : (i16) -> i8
           return %e, %e : i8, i8
         }",
    ),
    (
        "secret_truth_table",
        "full_adder",
        "func.func @full_adder(%a: i1, %b: i1, %c: i1) -> (i1, i1) {
           %ab = comb.xor %a, %b : i1
           %s = comb.xor %ab, %c : i1
           %and1 = comb.and %a, %b : i1
           %and2 = comb.and %ab, %c : i1
           %co = comb.or %and1, %and2 : i1
           return %s, %co : i1, i1
         }",
    ),
];

#[test]
fn secret_cases_equal_their_plain_bodies() {
    let cases = repo().join("tests/cases");
    for (case, top, plain) in PLAIN {
        let path = cases.join(format!("{case}.mlir"));
        let secret_sv = cli(&[path.to_str().unwrap(), "--emit", "verilog"]);
        let plain_sv = cli_stdin(&["-", "--emit", "verilog", "-O0"], plain);
        assert!(
            secret_sv.contains(&format!("module {top}(")),
            "{case}: expected a module '{top}':\n{secret_sv}"
        );
        let lint = verilator_lint(&secret_sv, top);
        assert!(lint.trim().is_empty(), "{case}: verilator -Wall warned:\n{lint}");
        prove_equivalent(&secret_sv, &plain_sv, top);
    }
}

/// The check above can fail: a plain body that differs in one constant is not proven equal.
#[test]
#[should_panic(expected = "ABC did not prove equivalence")]
fn a_different_plain_body_is_caught() {
    let path = repo().join("tests/cases/secret_add_one.mlir");
    let secret_sv = cli(&[path.to_str().unwrap(), "--emit", "verilog"]);
    let plain = "func.func @add_one(%in: i8) -> i8 {
       %two = arith.constant 2 : i8
       %2 = comb.add %in, %two : i8
       return %2 : i8
     }";
    let plain_sv = cli_stdin(&["-", "--emit", "verilog", "-O0"], plain);
    prove_equivalent(&secret_sv, &plain_sv, "add_one");
}

/// `--emit mlir` of a secret function is a plain function, which reads back to the same
/// SystemVerilog.
#[test]
fn secret_function_prints_as_a_plain_function() {
    let path = repo().join("tests/cases/secret_multi_output.mlir");
    let mlir = cli(&[path.to_str().unwrap(), "--emit", "mlir", "--dialect", "heir"]);
    assert!(!mlir.contains("secret"), "{mlir}");
    assert!(mlir.contains("func.func @multi_output(%arg0: i16, %key: i16) -> (i16, i16)"), "{mlir}");
    let again = cli_stdin(&["-", "--emit", "verilog"], &mlir);
    let first = cli(&[path.to_str().unwrap(), "--emit", "verilog"]);
    assert_eq!(first, again);
}
