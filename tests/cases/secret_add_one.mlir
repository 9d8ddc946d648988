// HEIR's secret.generic in the shape of its yosys_optimizer add_one test, with a comb body:
// the secret argument unwraps to i8, the body is the logic, the yield is the output.
module {
  func.func @add_one(%in: !secret.secret<i8>) -> (!secret.secret<i8>) {
    %one = arith.constant 1 : i8
    %1 = secret.generic
        (%in: !secret.secret<i8>, %one: i8) {
        ^bb0(%IN: i8, %ONE: i8) :
            %2 = comb.add %IN, %ONE : i8
            secret.yield %2 : i8
        } -> (!secret.secret<i8>)
    return %1 : !secret.secret<i8>
  }
}
