//! Float units of `hls::float::units` in Icarus, shared by `float_units_ds` and
//! `float_units_rem`: the operand pairs (special values pairwise, then random operands
//! biased toward the exponent extremes and the bias), the test bench's common frame (clock,
//! the operand memories read from `a.hex`/`b.hex`, `out.txt` opened and closed), the loop
//! that runs a sequential unit start to `done`, and one Icarus run of a bench.

use super::{run, Tool};
use comb::rng::Rng;
use hls::float::FloatFormat;
use std::fmt::Write as _;

/// The special patterns of `f`, both signs: zeros, the smallest and largest subnormals, the
/// smallest normals, the largest finite and its neighbour, one and its neighbours, 1.5,
/// 3.0, infinities and NaNs (quiet and signalling).
pub fn specials(f: FloatFormat) -> Vec<u64> {
    let one = (f.bias() as u64) << f.man;
    let top = f.exp_max() - 1;
    let mags = [
        0,
        1,
        3,
        f.man_mask(),
        1 << f.man,
        (1 << f.man) | 1,
        (top << f.man) | f.man_mask(),
        (top << f.man) | 1,
        one,
        one + 1,
        one - 1,
        one | (1 << (f.man - 1)),
        ((f.bias() as u64 + 1) << f.man) | (1 << (f.man - 1)),
        f.inf(false),
        f.default_nan(),
        f.inf(false) | 1,
    ];
    mags.iter().flat_map(|&m| [m, m | f.sign_bit()]).collect()
}

/// A random pattern of `f`: uniform bits or an exponent near an edge or the bias.
pub fn random(rng: &mut Rng, f: FloatFormat) -> u64 {
    let man = rng.next_u64() & f.man_mask();
    let sign = rng.below(2) == 1;
    let exp = match rng.below(4) {
        0 => return rng.next_u64() & f.mask(),
        1 => rng.below(4),
        2 => f.bias() as u64 - 4 + rng.below(8),
        _ => f.exp_max() - 1 - rng.below(4),
    };
    f.pack(sign, exp, man)
}

/// `n` operand pairs of `f`: every pair of [`specials`], then random ones from `seed`.
pub fn vectors(f: FloatFormat, n: usize, seed: u64) -> Vec<(u64, u64)> {
    let s = specials(f);
    let mut v: Vec<(u64, u64)> = s.iter().flat_map(|&a| s.iter().map(move |&b| (a, b))).collect();
    let mut rng = Rng::new(seed);
    while v.len() < n {
        v.push((random(&mut rng, f), random(&mut rng, f)));
    }
    v
}

/// A bench over `n` pairs of `width`-bit operands (`va[k]`, `vb[k]`; clock `clk`, file
/// handle `f`, integers `k` and `cyc`): `decls` declares and instantiates the units,
/// `body` drives them and writes `out.txt`.
pub fn bench(n: usize, width: u32, decls: &str, body: &str) -> String {
    let mut s = String::new();
    let _ = write!(
        s,
        "`timescale 1ns/1ns
module tb;
  reg clk = 0;
  always #5 clk = ~clk;
  reg [{hi}:0] va [0:{last}];
  reg [{hi}:0] vb [0:{last}];
{decls}  integer k, cyc, f;
  initial begin
    $readmemh(\"a.hex\", va);
    $readmemh(\"b.hex\", vb);
    f = $fopen(\"out.txt\", \"w\");
{body}    $fclose(f);
    $finish;
  end
endmodule
",
        hi = width - 1,
        last = n - 1,
    );
    s
}

/// The bench body that runs a sequential unit on each of the `n` pairs: operands `a`, `b`
/// set with `start` for one cycle, then waited for until `done` (at most `limit` cycles);
/// writes `tag` (when not empty), the result `y` and the cycles from start to done.
pub fn sequential_loop(n: usize, (a, b, y): (&str, &str, &str), tag: &str, limit: u32) -> String {
    let tag = if tag.is_empty() { String::new() } else { format!("{tag} ") };
    format!(
        "    for (k = 0; k < {n}; k = k + 1) begin
      @(negedge clk);
      {a} = va[k]; {b} = vb[k]; start = 1;
      @(negedge clk);
      start = 0; cyc = 1;
      while (!done && cyc < {limit}) begin @(negedge clk); cyc = cyc + 1; end
      $fwrite(f, \"{tag}%h %0d\\n\", {y}, cyc);
    end
"
    )
}

/// Runs `tb` (from [`bench`]) with the design `sv` in Icarus on the pairs `v` of `width`
/// bits; returns the bench's `out.txt`.
pub fn icarus(sv: &str, tb: &str, v: &[(u64, u64)], width: u32) -> String {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let digits = width.div_ceil(4) as usize;
    let hex =
        |g: fn(&(u64, u64)) -> u64| v.iter().map(|p| format!("{:0digits$x}\n", g(p))).collect::<String>();
    std::fs::write(dir.path().join("a.hex"), hex(|p| p.0)).expect("write a.hex");
    std::fs::write(dir.path().join("b.hex"), hex(|p| p.1)).expect("write b.hex");
    std::fs::write(dir.path().join("design.sv"), sv).expect("write design.sv");
    std::fs::write(dir.path().join("tb.sv"), tb).expect("write tb.sv");
    run(Tool::Iverilog.command().current_dir(dir.path()).args(["-g2012", "-o", "sim", "tb.sv", "design.sv"]));
    run(Tool::Vvp.command().current_dir(dir.path()).args(["-n", "sim"]));
    std::fs::read_to_string(dir.path().join("out.txt")).expect("the bench's output")
}
