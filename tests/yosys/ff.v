// Every positive-edge flip-flop kind opt_dff makes: $dff $dffe $sdff (active-high and -low
// reset, nonzero value) $sdffe (reset over enable) $sdffce (reset only when enabled).
module ff(input clk, input rst, input rstn, input en, input [3:0] d,
          output reg [3:0] q0 = 0, output reg [3:0] q1 = 0, output reg [3:0] q2 = 0,
          output reg [3:0] q3 = 0, output reg [3:0] q4 = 0, output reg [3:0] q5 = 0);
  always @(posedge clk) q0 <= d;
  always @(posedge clk) if (en) q1 <= d;
  always @(posedge clk) if (rst) q2 <= 4'ha; else q2 <= d;
  always @(posedge clk) if (!rstn) q3 <= 4'h5; else if (en) q3 <= d ^ q3;
  always @(posedge clk) if (en) begin if (rst) q4 <= 4'h0; else q4 <= d + q4; end
  always @(posedge clk) if (!en) q5 <= d;
endmodule
