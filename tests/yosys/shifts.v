// Shifts: $shl $shr $sshl $sshr, and $shiftx from a variable part-select.
module shifts(input [7:0] a, input signed [7:0] sa, input [3:0] s, input [1:0] i,
              output [7:0] l, output [7:0] r, output signed [7:0] ar, output [9:0] wl,
              output signed [7:0] al, output [3:0] part);
  assign l = a << s;
  assign r = a >> s;
  assign ar = sa >>> s;
  assign wl = a << s;
  assign al = sa <<< s;
  assign part = a[i * 2 +: 4];
endmodule
