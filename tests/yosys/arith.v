// Arithmetic, signed and unsigned, mixed widths (Yosys: $add $sub $mul $neg $pos $div $mod).
module arith(input [7:0] a, input [5:0] b, input signed [7:0] sa, input signed [5:0] sb,
             output [9:0] sum, output [7:0] diff, output [11:0] prod, output signed [9:0] ssum,
             output signed [11:0] sprod, output [7:0] neg, output [7:0] q, output [7:0] r,
             output signed [7:0] sq, output signed [7:0] sr);
  assign sum = a + b;
  assign diff = a - b;
  assign prod = a * b;
  assign ssum = sa + sb;
  assign sprod = sa * sb;
  assign neg = -a;
  assign q = (b != 0) ? a / b : 8'd0;
  assign r = (b != 0) ? a % b : 8'd0;
  assign sq = (sb != 0) ? sa / sb : 8'sd0;
  assign sr = (sb != 0) ? sa % sb : 8'sd0;
endmodule
