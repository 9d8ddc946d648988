//! An Icarus test bench for a start/done design with SPEC section 4 memory ports.
//!
//! One block-RAM model per memref argument: on a rising edge with `ce` = 1, `we` = 1 it
//! writes `wdata` at `addr`; with `ce` = 1, `we` = 0 it registers `mem[addr]` into `rdata`
//! (visible the next cycle; held otherwise). Addresses beyond the memref read 0 and write
//! nothing. Contents are loaded with `$readmemh`.
//!
//! The bench text depends only on the design's interface: the scalar arguments come from
//! plusargs (`+s_NAME=HEX`), the cycle limit from `+max=N`, and the memories from hex files in
//! the working directory, so one Icarus compile serves every data set ([`run_icarus_sets`]).
//!
//! The protocol: `rst` high for two edges; then `start` = 1 with the scalar arguments for
//! one edge; then the scalars change to their complement (they must have been sampled with
//! `start`), and the bench waits for `done`, at most `max_cycles` edges. The cycle count is
//! the number of rising edges from the one that samples `start` to the cycle in which
//! `done` is 1 (done right after the start edge counts 1). The results are read in the done
//! cycle; after one more edge (a write issued in the done cycle lands) the memories are
//! dumped, and `done` must be 0 again and the results unchanged.

use crate::support::tools::{self, Tool};
use std::fmt::Write as _;
use std::process::Command;

/// One memory port of the design.
#[derive(Clone, Debug)]
pub struct TbMem {
    /// The memref argument's name (ports `<name>_addr`, ...).
    pub name: String,
    /// Elements.
    pub depth: u64,
    /// Element width.
    pub width: u32,
    /// Initial contents (zero-extended words), `depth` of them.
    pub data: Vec<u64>,
}

/// What the bench drives and checks.
#[derive(Clone, Debug)]
pub struct TbSpec {
    /// The module name.
    pub top: String,
    /// Scalar inputs: name, width, value.
    pub scalars: Vec<(String, u32, u64)>,
    /// Memory ports in order.
    pub mems: Vec<TbMem>,
    /// Result widths (`ret0`, `ret1`, ...).
    pub results: Vec<u32>,
    /// The most edges to wait for `done`.
    pub max_cycles: u64,
}

/// What Icarus observed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TbRun {
    /// Results in the done cycle.
    pub results: Vec<u64>,
    /// Memory contents afterwards.
    pub memories: Vec<Vec<u64>>,
    /// Cycles from start to done.
    pub cycles: u64,
}

/// `_addr` width: ceil(log2(depth)), at least 1 (SPEC section 4).
pub fn addr_width(depth: u64) -> u32 {
    (64 - depth.saturating_sub(1).leading_zeros()).max(1)
}

fn range(w: u32) -> String {
    if w > 1 {
        format!("[{}:0] ", w - 1)
    } else {
        String::new()
    }
}

/// The test bench text (module `hls_tb`).
pub fn testbench(spec: &TbSpec) -> String {
    let mut s = String::from(
        "`timescale 1ns/1ns\nmodule hls_tb;\n  reg clk = 0, rst = 1, start = 0;\n  wire done;\n",
    );
    let mut conns = vec![".clk(clk)".to_string(), ".rst(rst)".into(), ".start(start)".into()];
    for (n, w, _) in &spec.scalars {
        let _ = writeln!(s, "  reg {}s_{n} = 0, v_{n} = 0;", range(*w));
        conns.push(format!(".{n}(s_{n})"));
    }
    for m in &spec.mems {
        let (n, w, aw) = (&m.name, m.width, addr_width(m.depth));
        let _ = writeln!(
            s,
            "  wire {}{n}_addr;\n  wire {n}_ce, {n}_we;\n  wire {}{n}_wdata;",
            range(aw),
            range(w)
        );
        let _ =
            writeln!(s, "  reg {}{n}_rdata = 0;\n  reg {}mem_{n} [0:{}];", range(w), range(w), m.depth - 1);
        let _ = writeln!(s, "  initial $readmemh(\"{n}.hex\", mem_{n});");
        let _ = writeln!(
            s,
            "  always @(posedge clk) begin\n    if ({n}_ce === 1'bx || ({n}_ce && {n}_we === 1'bx)) begin $display(\"ERROR x on {n}_ce/_we\"); $finish; end\n    if ({n}_ce && {n}_we && {n}_addr < {d}) mem_{n}[{n}_addr] <= {n}_wdata;\n    if ({n}_ce && !{n}_we) {n}_rdata <= ({n}_addr < {d}) ? mem_{n}[{n}_addr] : 0;\n  end",
            d = m.depth
        );
        for port in ["addr", "ce", "we", "wdata", "rdata"] {
            conns.push(format!(".{n}_{port}({n}_{port})"));
        }
    }
    conns.push(".done(done)".into());
    for (i, w) in spec.results.iter().enumerate() {
        let _ = writeln!(s, "  wire {}ret{i};", range(*w));
        conns.push(format!(".ret{i}(ret{i})"));
    }
    let _ = writeln!(s, "  {} dut({});", spec.top, conns.join(", "));
    s.push_str(
        "  integer fo, cyc, i, maxc;\n  task tick; begin #5 clk = 1; #5 clk = 0; end endtask\n  initial begin\n",
    );
    s.push_str(
        "    if (!$value$plusargs(\"max=%d\", maxc)) begin $display(\"ERROR no +max\"); $finish; end\n",
    );
    for (n, _, _) in &spec.scalars {
        let _ = writeln!(
            s,
            "    if (!$value$plusargs(\"s_{n}=%h\", v_{n})) begin $display(\"ERROR no +s_{n}\"); $finish; end"
        );
    }
    s.push_str("    fo = $fopen(\"out.txt\", \"w\");\n    tick; tick;\n    rst = 0;\n    start = 1;\n");
    for (n, _, _) in &spec.scalars {
        let _ = writeln!(s, "    s_{n} = v_{n};");
    }
    s.push_str("    tick;\n    start = 0;\n");
    for (n, _, _) in &spec.scalars {
        let _ = writeln!(s, "    s_{n} = ~s_{n};");
    }
    s.push_str(
        "    cyc = 1;\n    #1;\n    while (done !== 1'b1 && cyc < maxc) begin tick; #1; cyc = cyc + 1; end\n",
    );
    s.push_str(
        "    if (done !== 1'b1) begin $fdisplay(fo, \"timeout %0d\", cyc); $fclose(fo); $finish; end\n",
    );
    let _ = writeln!(s, "    $fdisplay(fo, \"cycles %0d\", cyc);");
    for i in 0..spec.results.len() {
        let _ = writeln!(s, "    $fdisplay(fo, \"ret %h\", ret{i});");
    }
    s.push_str("    tick;\n    #1;\n    if (done !== 1'b0) $fdisplay(fo, \"error done is not a one-cycle pulse\");\n");
    for i in 0..spec.results.len() {
        let _ = writeln!(s, "    $fdisplay(fo, \"held %h\", ret{i});");
    }
    for m in &spec.mems {
        let _ = writeln!(
            s,
            "    $fwrite(fo, \"mem\");\n    for (i = 0; i < {}; i = i + 1) $fwrite(fo, \" %h\", mem_{}[i]);\n    $fwrite(fo, \"\\n\");",
            m.depth, m.name
        );
    }
    s.push_str("    $fclose(fo);\n    $finish;\n  end\nendmodule\n");
    s
}

fn hex(text: &str) -> Result<u64, String> {
    u64::from_str_radix(text, 16).map_err(|_| format!("not a two-state hex value: '{text}'"))
}

/// Parses the bench's `out.txt`.
pub fn parse_output(text: &str, spec: &TbSpec) -> Result<TbRun, String> {
    let mut run = TbRun { results: Vec::new(), memories: Vec::new(), cycles: 0 };
    let mut held = Vec::new();
    for line in text.lines() {
        let (tag, rest) = line.split_once(' ').unwrap_or((line, ""));
        match tag {
            "timeout" => return Err(format!("no done within {} cycles", spec.max_cycles)),
            "error" => return Err(rest.to_string()),
            "cycles" => run.cycles = rest.parse().map_err(|_| format!("bad line '{line}'"))?,
            "ret" => run.results.push(hex(rest)?),
            "held" => held.push(hex(rest)?),
            "mem" => run.memories.push(rest.split_whitespace().map(hex).collect::<Result<_, _>>()?),
            _ => return Err(format!("unexpected line '{line}'")),
        }
    }
    if held != run.results {
        return Err(format!("results changed after done: {:?} then {held:?}", run.results));
    }
    if run.results.len() != spec.results.len() || run.memories.len() != spec.mems.len() {
        return Err(format!("incomplete output:\n{text}"));
    }
    Ok(run)
}

/// Compiles `sv` with the bench under Icarus (one `iverilog` run) and runs it.
pub fn run_icarus(sv: &str, spec: &TbSpec) -> Result<TbRun, String> {
    run_icarus_sets(sv, std::slice::from_ref(spec)).pop().expect("one run per spec")
}

/// Compiles `sv` with the bench once and runs it on every spec (the same design interface,
/// different data), each in its own folder: one result per spec, in order. A compile failure
/// is every spec's error.
pub fn run_icarus_sets(sv: &str, specs: &[TbSpec]) -> Vec<Result<TbRun, String>> {
    let compiled = compile(sv, specs);
    specs
        .iter()
        .enumerate()
        .map(|(i, spec)| {
            let (dir, sim) = compiled.as_ref().map_err(Clone::clone)?;
            run_set(&dir.path().join(format!("set{i}")), sim, spec)
        })
        .collect()
}

/// Runs `cmd` in `d`; a failure or an `ERROR` line in its output is an error with the output.
fn step(d: &std::path::Path, cmd: &mut Command) -> Result<(), String> {
    let r = tools::output(cmd.current_dir(d), None);
    if !r.success() || r.text().contains("ERROR") {
        return Err(r.describe());
    }
    Ok(())
}

/// Writes the design and the bench of `specs` (which must agree) and compiles them.
fn compile(sv: &str, specs: &[TbSpec]) -> Result<(tempfile::TempDir, std::path::PathBuf), String> {
    let bench = testbench(&specs[0]);
    if let Some(s) = specs.iter().find(|s| testbench(s) != bench) {
        return Err(format!("data sets for different interfaces: {:?} vs {:?}", specs[0].top, s.top));
    }
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let d = dir.path();
    std::fs::write(d.join("design.sv"), sv).map_err(|e| e.to_string())?;
    std::fs::write(d.join("tb.sv"), bench).map_err(|e| e.to_string())?;
    step(d, Tool::Iverilog.command().args(["-g2012", "-o", "sim", "-s", "hls_tb", "tb.sv", "design.sv"]))?;
    let sim = d.join("sim");
    Ok((dir, sim))
}

/// Runs the compiled bench `sim` on one data set in the new folder `d`.
fn run_set(d: &std::path::Path, sim: &std::path::Path, spec: &TbSpec) -> Result<TbRun, String> {
    std::fs::create_dir(d).map_err(|e| e.to_string())?;
    for m in &spec.mems {
        let words: Vec<String> = m.data.iter().map(|v| format!("{v:x}")).collect();
        std::fs::write(d.join(format!("{}.hex", m.name)), words.join("\n") + "\n")
            .map_err(|e| e.to_string())?;
    }
    let mut vvp = Tool::Vvp.command();
    vvp.arg("-n").arg(sim).arg(format!("+max={}", spec.max_cycles));
    for (n, _, v) in &spec.scalars {
        vvp.arg(format!("+s_{n}={v:x}"));
    }
    step(d, &mut vvp)?;
    let out = std::fs::read_to_string(d.join("out.txt")).map_err(|e| format!("no output: {e}"))?;
    parse_output(&out, spec)
}
