// A case statement ($pmux after proc/opt) and a $shiftx part-select.
module pmux(input [2:0] s, input [3:0] a, input [3:0] b, input [3:0] c, input [15:0] w,
            output reg [3:0] y, output [3:0] z);
  always @* begin
    case (s)
      3'd0: y = a;
      3'd1: y = b;
      3'd2, 3'd5: y = c;
      3'd3: y = a ^ b;
      default: y = 4'h9;
    endcase
  end
  assign z = w[s[1:0] * 4 +: 4];
endmodule
