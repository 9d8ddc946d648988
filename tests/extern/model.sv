// Hand-written model of the black box `addsub_model` of tests/extern/box.mlir.
/* verilator lint_off DECLFILENAME */
module addsub_model #(
  parameter SUB = 0,
  /* verilator lint_off UNUSEDPARAM */
  parameter TAG = "add/sub"
  /* verilator lint_on UNUSEDPARAM */
) (
  input wire [7:0] a,
  input wire [7:0] b,
  output wire [7:0] y
);
  assign y = SUB != 0 ? a - b : a + b;
endmodule
/* verilator lint_on DECLFILENAME */
