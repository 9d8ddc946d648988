// Two results from one generic; the body uses a constant defined outside it.
func.func @multi_output(%arg0: !secret.secret<i16>, %key: !secret.secret<i16>) -> (!secret.secret<i16>, !secret.secret<i16>) {
  %c3_i16 = arith.constant 3 : i16
  %0:2 = secret.generic(%arg0 : !secret.secret<i16>, %key : !secret.secret<i16>) {
  ^body(%input0: i16, %k: i16):
    %1 = comb.mul %input0, %c3_i16 : i16
    %2 = comb.xor %1, %k : i16
    %3 = comb.icmp ult %input0, %k : i16
    %4 = comb.mux %3, %2, %input0 : i16
    secret.yield %1, %4 : i16, i16
  } -> (!secret.secret<i16>, !secret.secret<i16>)
  return %0#0, %0#1 : !secret.secret<i16>, !secret.secret<i16>
}
