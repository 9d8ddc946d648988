// Compares, signed and unsigned: $eq $ne $lt $le $gt $ge.
module compare(input [5:0] a, input [7:0] b, input signed [5:0] sa, input signed [7:0] sb,
               output [9:0] flags);
  assign flags = {a == b, a != b, a < b, a <= b, a > b, a >= b, sa < sb, sa <= sb, sa > sb, sa >= sb};
endmodule
