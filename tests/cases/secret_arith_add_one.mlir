// RUN: --emit mlir --lut 3
// HEIR's yosys_optimizer add_one test as HEIR feeds it to Yosys: an arith body in a
// secret.generic. The arith ops become comb ops (comb/src/build/secret_arith.rs), and
// --lut 3 maps them to 11 three-input truth tables, HEIR + Yosys's figure.
module {
  func.func @add_one(%in: !secret.secret<i8>) -> (!secret.secret<i8>) {
    %one = arith.constant 1 : i8
    %1 = secret.generic
        (%in: !secret.secret<i8>, %one: i8) {
        ^bb0(%IN: i8, %ONE: i8) :
            %2 = arith.addi %IN, %ONE : i8
            secret.yield %2 : i8
        } -> (!secret.secret<i8>)
    return %1 : !secret.secret<i8>
  }
}
