// Logic mapped by ABC to $lut cells (synth -lut 4) or $sop cells (abc -sop).
module lut(input [5:0] a, input [3:0] b, output [4:0] y, output m);
  assign y = a[3:0] + b;
  assign m = (a[0] & a[1]) | (a[2] & ~a[3]) | (a[4] ^ a[5] ^ b[0]);
endmodule
