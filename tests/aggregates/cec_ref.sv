// Hand-written reference for cec.mlir, stating CIRCT's layout (what its ExportVerilog
// gives packed types) with plain vectors, since Yosys 0.23 reads no multi-dimensional
// packed arrays: element i of an !hw.array<N x iW> is bits [W*i +: W] (element 0 low);
// an !hw.struct is a `struct packed` (first field in the high bits); a union field sits
// below its `offset` bits of high padding and union_create zero-fills the rest; an enum
// is its tag's index; datapath results sum to the documented value.
typedef struct packed {
  logic [2:0] hi;
  logic [3:0] mid;   // !hw.array<2xi2>
  logic lo;
} s_t;

module agg_cec(
  input logic [3:0] a, input logic [3:0] b, input logic [3:0] c, input logic [3:0] d,
  input logic [1:0] sel, input logic [3:0] v,
  input logic [15:0] arr, input s_t s, input logic [7:0] x,
  output logic [3:0] get4, output logic [3:0] get3, output logic [15:0] inj,
  output logic [7:0] sl, output logic [23:0] cat, output logic [15:0] created,
  output logic [1:0] mid1, output s_t sinj, output s_t scr,
  output logic [7:0] u, output logic [2:0] ur, output logic [7:0] bc,
  output logic [6:0] k, output logic [2:0] en,
  output logic [7:0] csum, output logic [7:0] psum, output logic [7:0] qsum
);
  logic [11:0] three;
  logic [1:0] sel3;
  logic [7:0] pair;
  always_comb begin
    created = {a, b, c, d};            // array_create: the last operand is element 0
    get4 = arr[4*sel +: 4];
    three = {a, b, c};
    sel3 = sel < 2'd3 ? sel : 2'd0;
    get3 = three[4*sel3 +: 4];
    inj = arr;
    inj[4*sel +: 4] = v;
    sl = arr[4*sel3 +: 8];             // elements sel3 and sel3 + 1
    pair = {v, a};
    cat = {pair, arr};                 // array_concat: the first operand is the high part
    mid1 = s.mid[3:2];
    sinj = s;
    sinj.mid = v;
    scr = s;
    scr.lo = ~s.lo;
    u = {v[2:1], 6'b0};                // field p: 2 bits at the top, zero padding below
    ur = x[5:3];                       // field r: 2 bits of padding above it
    bc = x;
    k = {3'b101, 2'd2, 2'd1};          // [-3, [2, 1]]: fields and elements high to low
    en = 3'd3;                         // D is the fourth tag
    csum = {a, b} + {c, d} + x;
    psum = {a, b} * {c, d};
    qsum = ({a, b} + {c, d}) * x;
  end
endmodule
