// Drives `initial_values` (tests/cases/initial_sv.mlir) with seeded random inputs and
// prints its outputs before the first clock edge (the initial values) and after each edge.
// Used by tests/it/seq_more.rs on our SystemVerilog and on CIRCT's for the same design.
module tb;
  logic clk = 0, rst = 0, en = 0;
  logic [7:0] d = 0;
  wire [7:0] a, b, c, k;
  integer seed = 7, i;
  initial_values dut(.clk(clk), .rst(rst), .en(en), .d(d), .a(a), .b(b), .c(c), .k(k));
  initial begin
    #1 $display("%h %h %h %h", a, b, c, k);
    for (i = 0; i < 300; i = i + 1) begin
      rst = ($random(seed) & 15) == 0;
      en = $random(seed);
      d = $random(seed);
      #1 clk = 1;
      #1 $display("%h %h %h %h", a, b, c, k);
      clk = 0;
    end
    $finish;
  end
endmodule
