// Drives tests/extern/box.mlir (with model.sv) and reference.mlir with the same random
// inputs for 1,000 cycles and counts the cycles where any output differs.
module tb;
  reg clk = 0;
  reg [7:0] a, b, c;
  wire [7:0] s0, d0, r0, s1, d1, r1;
  integer i, seed = 7, bad = 0;
  top_box dut (.clk(clk), .a(a), .b(b), .c(c), .s(s0), .d(d0), .r(r0));
  top_ref ref_ (.clk(clk), .a(a), .b(b), .c(c), .s(s1), .d(d1), .r(r1));
  initial begin
    a = 0; b = 0; c = 0;
    for (i = 0; i < 1000; i = i + 1) begin
      a = $random(seed); b = $random(seed); c = $random(seed);
      #1;
      if (s0 !== s1 || d0 !== d1 || r0 !== r1) bad = bad + 1;
      if (i == 7) $display("sample %0d %0d %0d -> %0d %0d %0d", a, b, c, s0, d0, r0);
      clk = 1; #1; clk = 0;
    end
    $display("mismatches %0d of %0d", bad, i);
    $finish;
  end
endmodule
