// A dot product of two memref<64xi32> written by hand against SPEC section 4, to validate
// the Icarus test bench (tests/it/support/hls_support/icarus.rs) before the HLS compiler exists.
// Reads A[i] and B[i] together (one port each), data one cycle later; accumulates; done is
// a one-cycle pulse two cycles after the last data; ret0 holds the sum until the next start.
module dot (
  input  logic        clk,
  input  logic        rst,
  input  logic        start,
  output logic [5:0]  A_addr,
  output logic        A_ce,
  output logic        A_we,
  output logic [31:0] A_wdata,
  input  logic [31:0] A_rdata,
  output logic [5:0]  B_addr,
  output logic        B_ce,
  output logic        B_we,
  output logic [31:0] B_wdata,
  input  logic [31:0] B_rdata,
  output logic        done,
  output logic [31:0] ret0
);
  logic busy = 1'b0;
  logic valid = 1'b0;
  logic done_r = 1'b0;
  logic [6:0] i = 7'd0;
  logic [31:0] acc = 32'd0;
  assign A_addr = i[5:0];
  assign B_addr = i[5:0];
  assign A_ce = busy && !i[6];
  assign B_ce = busy && !i[6];
  assign A_we = 1'b0;
  assign B_we = 1'b0;
  assign A_wdata = 32'd0;
  assign B_wdata = 32'd0;
  assign done = done_r;
  assign ret0 = acc;
  always_ff @(posedge clk) begin
    if (rst) begin
      busy <= 1'b0;
      valid <= 1'b0;
      done_r <= 1'b0;
      i <= 7'd0;
      acc <= 32'd0;
    end else begin
      done_r <= 1'b0;
      if (!busy && start) begin
        busy <= 1'b1;
        valid <= 1'b0;
        i <= 7'd0;
        acc <= 32'd0;
      end else if (busy) begin
        if (valid) acc <= acc + A_rdata * B_rdata;
        valid <= !i[6];
        if (!i[6]) i <= i + 7'd1;
        else if (!valid) begin
          busy <= 1'b0;
          done_r <= 1'b1;
        end
      end
    end
  end
endmodule
