// The generic form, as `mlir-opt --mlir-print-op-generic` prints it: a clocked
// multiply-accumulate with a synchronous clear.
"builtin.module"() ({
  "hw.module"() <{module_type = !hw.modty<input clk : !seq.clock, input clr : i1, input a : i16, input b : i16, output acc : i16>, parameters = [], sym_name = "mac16"}> ({
  ^bb0(%arg0: !seq.clock, %arg1: i1, %arg2: i16, %arg3: i16):
    %0 = "hw.constant"() <{value = 0 : i16}> : () -> i16
    %1 = "comb.mul"(%arg2, %arg3) : (i16, i16) -> i16
    %2 = "comb.add"(%3, %1) : (i16, i16) -> i16
    %3 = "seq.compreg"(%2, %arg0, %arg1, %0) <{name = "acc", operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>}> : (i16, !seq.clock, i1, i16) -> i16
    "hw.output"(%3) : (i16) -> ()
  }) : () -> ()
}) : () -> ()
