// RUN: --emit verilog
"builtin.module"() ({
  "hw.module"() <{module_type = !hw.modty<input clk : !seq.clock, input a : i8, input b : i8, output acc : i8>, parameters = [], sym_name = "mac"}> ({
  ^bb0(%arg0: !seq.clock, %arg1: i8, %arg2: i8):
    %0 = "comb.mul"(%arg1, %arg2) : (i8, i8) -> i8
    %1 = "comb.add"(%2, %0) : (i8, i8) -> i8
    %2 = "seq.compreg"(%1, %arg0) <{name = "acc", operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>}> : (i8, !seq.clock) -> i8
    "hw.output"(%2) : (i8) -> ()
  }) : () -> ()
}) : () -> ()
