//! Very wide constants reach every reader: a 20,000-bit `hw.constant` (the most hex digits
//! the reader takes) is printed as a concatenation of 1,024-bit pieces, one per line, which
//! Icarus (whose line buffer a 25,000-digit literal overflows) and Verilator read; Icarus
//! computes the exact value, both as an output of its own and inside an expression.

use crate::support::*;

#[test]
fn twenty_thousand_bit_constants_are_wrapped_and_exact() {
    const BITS: usize = 20_000;
    // A value with no repeating pattern: hex digits from a linear congruential sequence.
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    let hex: String = (0..BITS / 4)
        .map(|_| {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            char::from(b"0123456789abcdef"[(x >> 60) as usize])
        })
        .collect();
    let mlir = format!(
        "hw.module @wide(in %a : i{BITS}, out y : i{BITS}, out z : i{BITS}) {{\n  \
         %c = hw.constant 0x{hex} : i{BITS}\n  %z = comb.xor %a, %c : i{BITS}\n  \
         hw.output %c, %z : i{BITS}, i{BITS}\n}}\n"
    );
    let sv = cli_stdin(&["-", "--emit", "verilog"], &mlir);
    let longest = sv.lines().map(str::len).max().unwrap_or(0);
    assert!(longest < 400, "a line of {longest} characters: constants are not wrapped");
    assert!(sv.contains("1024'h"), "the constant is not split into 1,024-bit pieces:\n{}", &sv[..2000]);
    let lint = verilator_lint(&sv, "wide");
    assert!(lint.trim().is_empty(), "verilator -Wall warned:\n{lint}");
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("wide.sv"), &sv).unwrap();
    let tb = format!(
        "module tb;\n  logic [{m}:0] a, y, z;\n  wide dut(.a(a), .y(y), .z(z));\n  \
         initial begin\n    a = '0;\n    #1 $display(\"%h\", y);\n    $display(\"%h\", z);\n  end\nendmodule\n",
        m = BITS - 1
    );
    std::fs::write(d.join("tb.sv"), tb).unwrap();
    run(Tool::Iverilog.command().current_dir(d).args(["-g2012", "-o", "sim", "tb.sv", "wide.sv"]));
    let out = run(Tool::Vvp.command().current_dir(d).args(["-n", "sim"]));
    let lines: Vec<&str> = out.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), 2, "Icarus printed:\n{out}");
    assert!(lines[0] == hex, "y differs from the constant");
    assert!(lines[1] == hex, "a ^ c with a = 0 differs from the constant");
}
