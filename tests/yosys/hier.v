// Hierarchy: cells whose type is a module of the file become instances.
module half(input a, input b, output s, output c);
  assign s = a ^ b;
  assign c = a & b;
endmodule
module full(input a, input b, input ci, output s, output co);
  wire s1, c1, c2;
  half h0(.a(a), .b(b), .s(s1), .c(c1));
  half h1(.a(s1), .b(ci), .s(s), .c(c2));
  assign co = c1 | c2;
endmodule
module hier(input clk, input [1:0] a, input [1:0] b, output [2:0] y, output reg acc = 0);
  wire c0;
  full f0(.a(a[0]), .b(b[0]), .ci(1'b0), .s(y[0]), .co(c0));
  full f1(.a(a[1]), .b(b[1]), .ci(c0), .s(y[1]), .co(y[2]));
  always @(posedge clk) acc <= acc ^ y[2];
endmodule
