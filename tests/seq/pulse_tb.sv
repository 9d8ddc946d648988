// Icarus testbench for pulse.mlir: the same steps as the Rust driver in tests/it/seq_sv.rs.
module tb;
  logic clk = 0, arst = 0;
  logic [7:0] d = 8'd1;
  wire [7:0] a;
  pulse dut(.clk(clk), .arst(arst), .d(d), .a(a));
  task tick; begin #1 clk = 1; #1 clk = 0; #1; end endtask
  initial begin
    #1 $display("%0d", a);
    tick; $display("%0d", a);
    arst = 1; #1 $display("%0d", a);
    arst = 0; #1 $display("%0d", a);
    tick; $display("%0d", a);
    arst = 1; tick; $display("%0d", a);
    arst = 0; #1 $display("%0d", a);
    tick; $display("%0d", a);
    $finish;
  end
endmodule
