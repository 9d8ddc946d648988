// Models of the black boxes of blackbox_widths.mlir, for the equivalence proof: any function
// of the parameters will do, as long as both sides instantiate them with the same values.
module Ram #(parameter WIDTH = 1, parameter DEPTH = 16) (
  input wire [7:0] addr,
  input wire [WIDTH-1:0] d,
  output wire [WIDTH-1:0] q,
  output wire [WIDTH:0] wide
);
  localparam [WIDTH:0] K = (WIDTH + 1)'(DEPTH);
  assign q = d ^ {WIDTH{^addr}} ^ K[WIDTH-1:0];
  assign wide = {1'b0, d} + K + {{WIDTH{1'b0}}, addr[7]};
endmodule

module fifo_v #(parameter W = 3) (
  input wire [W-1:0] d,
  output wire [W-1:0] q
);
  assign q = ~d;
endmodule
