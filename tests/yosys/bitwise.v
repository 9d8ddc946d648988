// Bitwise logic with width extension: $and $or $xor $xnor $not.
module bitwise(input [7:0] a, input [5:0] b, input signed [5:0] sb, output [7:0] x, output [7:0] y,
             output [9:0] z, output [7:0] n, output signed [7:0] s);
  assign x = a & b;
  assign y = a | b ^ 6'h2a;
  assign z = a ~^ b;
  assign n = ~b;
  assign s = sb ^ 8'sh0f;
endmodule
