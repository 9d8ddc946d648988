// Reductions and logic ops: $reduce_* $logic_not $logic_and $logic_or.
module reduce(input [6:0] a, input [3:0] b, output [7:0] y);
  assign y = {&a, |a, ^a, ~^a, !a, a && b, a || b, |b};
endmodule
