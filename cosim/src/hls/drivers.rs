//! The two HLS co-simulation drivers: a Rust `main.rs` over the generated simulator crate and
//! a Verilator `tb.cpp`, generated from one description so they run the same protocol and
//! memory model (see the parent module) and print the same lines.
//!
//! Both read the data file of [`HlsStimulus::data_text`] and print `cycles N` (or
//! `timeout N`), `ret H` per result, `held H` per result one edge later, an `error` line if
//! `done` is still 1 then, and `mem H H ...` per memory.
//!
//! Generated with `trace`, both take `--vcd FILE` after the data file and write a VCD of the
//! whole run there (the path is an argument, not part of the text, so a cached build serves
//! every path). The Rust simulator's `trace_vcd` writes time 0 at construction and time n
//! just after the n-th rising edge; Verilator's driver writes time 2n-2 just before the n-th
//! edge (inputs set, settled, `clk` 0) and 2n-1 just after it (`clk` 1, before the memory
//! models update `rdata`), so Rust time n and Verilator time 2n-1 show the same values.
//! Without `trace` the text is what it was before tracing existed (the same build keys).

use super::HlsStimulus;
use crate::testbench::TbPorts;
use comb::Design;
use std::fmt::Write as _;

fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// Rust field and SystemVerilog name of a top port, by its name.
fn names(design: &Design, ports: &TbPorts, name: &str) -> (String, String) {
    let top = design.module(design.top_id());
    let idx = top.ports.iter().position(|p| p.name == name).expect("ports were checked");
    let field =
        ports.fields.iter().find(|f| f.port.index() == idx).map(|f| f.field.clone()).unwrap_or_default();
    (field, ports.sv_names[idx].clone())
}

/// What the two languages differ in: how a port is written and read, how a clock edge is made.
struct Lang {
    /// `t.` or `top->`.
    obj: &'static str,
    rust: bool,
}

impl Lang {
    fn port(&self, design: &Design, ports: &TbPorts, name: &str) -> String {
        let (field, sv) = names(design, ports, name);
        format!("{}{}", self.obj, if self.rust { field } else { sv })
    }
    fn set(&self, lhs: &str, v: &str) -> String {
        if self.rust {
            format!("{lhs} = ({v}) as _;")
        } else {
            format!("{lhs} = {v};")
        }
    }
}

/// The bodies of the drivers' `settle` (drive `rdata`, evaluate) and `step` (settle,
/// sample the memory ports, one edge, update the models) functions and of the protocol.
struct Parts {
    settle: String,
    step: String,
    main: String,
}

/// The body shared by both drivers, in either language.
fn protocol(design: &Design, ports: &TbPorts, stim: &HlsStimulus, l: &Lang, trace: bool) -> Parts {
    let p = |n: &str| l.port(design, ports, n);
    let (u64t, m) = if l.rust { ("u64", "m") } else { ("uint64_t", "m") };
    // settle: drive rdata from the models, evaluate.
    let mut settle = String::new();
    for (i, mem) in stim.mems.iter().enumerate() {
        let _ =
            writeln!(settle, "    {}", l.set(&p(&format!("{}_rdata", mem.name)), &format!("{m}[{i}].rdata")));
    }
    settle.push_str(if l.rust { "    t.eval();\n" } else { "    top->eval();\n" });
    // step: settle, sample the ports, one edge, update the models.
    let mut step = String::new();
    step.push_str(if l.rust { "    settle(t, m);\n" } else { "    settle(top, m);\n" });
    for (i, mem) in stim.mems.iter().enumerate() {
        let n = &mem.name;
        let (ce, we, addr, wdata) =
            (p(&format!("{n}_ce")), p(&format!("{n}_we")), p(&format!("{n}_addr")), p(&format!("{n}_wdata")));
        if l.rust {
            let _ = writeln!(
                step,
                "    let (ce{i}, we{i}, a{i}, w{i}) = ({ce} as u64, {we} as u64, {addr} as usize, {wdata} as u64);\n    let mut next{i} = m[{i}].rdata;\n    if ce{i} == 1 && we{i} == 0 {{ next{i} = m[{i}].data.get(a{i}).copied().unwrap_or(0); }}\n    if ce{i} == 1 && we{i} == 1 {{ if let Some(x) = m[{i}].data.get_mut(a{i}) {{ *x = w{i}; }} }}"
            );
        } else {
            let _ = writeln!(
                step,
                "    {u64t} ce{i} = {ce}, we{i} = {we}, a{i} = {addr}, w{i} = {wdata};\n    {u64t} next{i} = m[{i}].rdata;\n    if (ce{i} == 1 && we{i} == 0) next{i} = a{i} < m[{i}].data.size() ? m[{i}].data[a{i}] : 0;\n    if (ce{i} == 1 && we{i} == 1 && a{i} < m[{i}].data.size()) m[{i}].data[a{i}] = w{i};"
            );
        }
    }
    if l.rust {
        // `tick` writes the VCD timestep itself once `trace_vcd` was called.
        step.push_str("    t.tick();\n");
    } else {
        if trace {
            step.push_str("    if (tfp) tfp->dump(2 * tnow);\n");
        }
        // The HLS designs have one clock (the Rust side calls `tick`, which exists only then).
        for c in &ports.clocks {
            let clk = &ports.sv_names[c.index()];
            let _ = writeln!(step, "    top->{clk} = 1;\n    top->eval();");
            if trace {
                step.push_str("    if (tfp) tfp->dump(2 * tnow + 1);\n");
            }
            let _ = writeln!(step, "    top->{clk} = 0;\n    top->eval();");
        }
        if trace {
            step.push_str("    tnow++;\n");
        }
    }
    for i in 0..stim.mems.len() {
        let _ = writeln!(step, "    m[{i}].rdata = next{i};");
    }
    // The protocol.
    let call = |f: &str| if l.rust { format!("{f}(&mut t, &mut m);") } else { format!("{f}(top, m);") };
    let mut main = String::new();
    let _ = writeln!(main, "    {}\n    {}\n    {}", l.set(&p("rst"), "1"), call("step"), call("step"));
    let _ = writeln!(main, "    {}\n    {}", l.set(&p("rst"), "0"), l.set(&p("start"), "1"));
    for (i, (n, _, _)) in stim.scalars.iter().enumerate() {
        let _ = writeln!(main, "    {}", l.set(&p(n), &format!("sc[{i}]")));
    }
    let _ = writeln!(main, "    {}\n    {}", call("step"), l.set(&p("start"), "0"));
    for (i, (n, w, _)) in stim.scalars.iter().enumerate() {
        let (not, suffix) = if l.rust { ("!", "u64") } else { ("~", "ULL") };
        let _ = writeln!(main, "    {}", l.set(&p(n), &format!("({not}sc[{i}]) & 0x{:x}{suffix}", mask(*w))));
    }
    let done = p("done");
    let rets: Vec<String> = (0..stim.results).map(|i| p(&format!("ret{i}"))).collect();
    if l.rust {
        let _ = writeln!(main, "    let mut cyc: u64 = 1;\n    settle(&mut t, &mut m);\n    while {done} != 1 && cyc < max {{ step(&mut t, &mut m); settle(&mut t, &mut m); cyc += 1; }}");
        let _ = writeln!(main, "    if {done} != 1 {{ println!(\"timeout {{cyc}}\"); return; }}\n    println!(\"cycles {{cyc}}\");");
        for r in &rets {
            let _ = writeln!(main, "    println!(\"ret {{:x}}\", {r} as u64);");
        }
        let _ = writeln!(main, "    step(&mut t, &mut m);\n    settle(&mut t, &mut m);\n    if {done} != 0 {{ println!(\"error done is not a one-cycle pulse\"); }}");
        for r in &rets {
            let _ = writeln!(main, "    println!(\"held {{:x}}\", {r} as u64);");
        }
        main.push_str("    for x in &m {\n        let w: Vec<String> = x.data.iter().map(|v| format!(\"{v:x}\")).collect();\n        println!(\"mem {}\", w.join(\" \"));\n    }\n");
    } else {
        let _ = writeln!(main, "    uint64_t cyc = 1;\n    settle(top, m);\n    while ({done} != 1 && cyc < max) {{ step(top, m); settle(top, m); cyc++; }}");
        // A run that times out is the one whose waveform is wanted: close the VCD first.
        let close = if trace { " if (tfp) tfp->close();" } else { "" };
        let _ = writeln!(main, "    if ({done} != 1) {{ printf(\"timeout %llu\\n\", (unsigned long long)cyc);{close} return 0; }}\n    printf(\"cycles %llu\\n\", (unsigned long long)cyc);");
        for r in &rets {
            let _ = writeln!(main, "    printf(\"ret %llx\\n\", (unsigned long long){r});");
        }
        let _ = writeln!(main, "    step(top, m);\n    settle(top, m);\n    if ({done} != 0) printf(\"error done is not a one-cycle pulse\\n\");");
        for r in &rets {
            let _ = writeln!(main, "    printf(\"held %llx\\n\", (unsigned long long){r});");
        }
        main.push_str("    for (auto& x : m) {\n        printf(\"mem\");\n        for (auto v : x.data) printf(\" %llx\", (unsigned long long)v);\n        printf(\"\\n\");\n    }\n");
    }
    Parts { settle, step, main }
}

/// The Rust driver (`src/main.rs` of a crate depending on the simulator crate); with
/// `trace`, `--vcd FILE` after the data file writes the simulator's VCD there.
pub fn rust_driver(design: &Design, ports: &TbPorts, stim: &HlsStimulus, trace: bool) -> String {
    let top = design.module(design.top_id());
    let ty = format!(
        "{}::{}",
        backends::rust_sim::crate_name(&top.name),
        backends::rust_sim::struct_name(&top.name)
    );
    let l = Lang { obj: "t.", rust: true };
    let Parts { settle, step, main } = protocol(design, ports, stim, &l, trace);
    let mut s = String::from("//! HLS co-simulation driver generated by rmlir-hls.\n#![allow(unused_parens, unused_mut, clippy::all)]\n\n");
    s.push_str("struct Mem {\n    data: Vec<u64>,\n    rdata: u64,\n}\n\n");
    let _ = writeln!(s, "fn settle(t: &mut {ty}, m: &mut [Mem]) {{\n{settle}}}\n");
    let _ = writeln!(s, "fn step(t: &mut {ty}, m: &mut [Mem]) {{\n{step}}}\n");
    s.push_str("fn main() {\n    let args: Vec<String> = std::env::args().collect();\n");
    s.push_str("    let text = std::fs::read_to_string(&args[1]).expect(\"cannot read the data file\");\n    let mut lines = text.lines();\n");
    s.push_str("    let hex = |w: &str| u64::from_str_radix(w.trim(), 16).expect(\"hex\");\n");
    s.push_str(
        "    let max: u64 = lines.next().expect(\"the cycle limit\").trim().parse().expect(\"a number\");\n",
    );
    let _ = writeln!(
        s,
        "    let sc: Vec<u64> = (0..{}).map(|_| hex(lines.next().expect(\"a scalar\"))).collect();",
        stim.scalars.len()
    );
    let _ = writeln!(
        s,
        "    let mut m: Vec<Mem> = (0..{}).map(|_| Mem {{ data: lines.next().unwrap_or(\"\").split_whitespace().map(hex).collect(), rdata: 0 }}).collect();",
        stim.mems.len()
    );
    let _ = writeln!(s, "    let _ = &sc;\n    let mut t = {ty}::new();");
    if trace {
        s.push_str(
            "    if let Some(p) = args.iter().position(|a| a == \"--vcd\").and_then(|i| args.get(i + 1)) {\n",
        );
        s.push_str("        t.trace_vcd(p).expect(\"cannot write the VCD\");\n    }\n");
    }
    let _ = writeln!(s, "{main}}}");
    s
}

/// The Verilator driver `tb.cpp` (model class `Vtop`); with `trace` (build it with
/// Verilator's `--trace`), `--vcd FILE` after the data file writes a VCD there.
pub fn verilator_driver(design: &Design, ports: &TbPorts, stim: &HlsStimulus, trace: bool) -> String {
    let l = Lang { obj: "top->", rust: false };
    let Parts { settle, step, main } = protocol(design, ports, stim, &l, trace);
    let mut s = String::from("// HLS co-simulation driver generated by rmlir-hls.\n#include \"Vtop.h\"\n#include \"verilated.h\"\n");
    if trace {
        s.push_str("#include \"verilated_vcd_c.h\"\n#include <cstring>\n");
    }
    s.push_str("#include <cstdint>\n#include <cstdio>\n#include <fstream>\n#include <sstream>\n#include <string>\n#include <vector>\n\n");
    s.push_str("struct Mem {\n    std::vector<uint64_t> data;\n    uint64_t rdata = 0;\n};\n\n");
    if trace {
        // The VCD (if `--vcd` was given) and the current edge, for `step`.
        s.push_str("static VerilatedVcdC* tfp = nullptr;\nstatic uint64_t tnow = 0;\n\n");
    }
    let _ = writeln!(s, "static void settle(Vtop* top, std::vector<Mem>& m) {{\n    (void)m;\n{settle}}}\n");
    let _ = writeln!(s, "static void step(Vtop* top, std::vector<Mem>& m) {{\n{step}}}\n");
    s.push_str("int main(int argc, char** argv) {\n    if (argc < 2) return 2;\n    std::ifstream in(argv[1]);\n    std::string line;\n");
    s.push_str(
        "    std::getline(in, line);\n    uint64_t max = std::stoull(line);\n    std::vector<uint64_t> sc;\n",
    );
    let _ = writeln!(s, "    for (int i = 0; i < {}; i++) {{ std::getline(in, line); sc.push_back(std::stoull(line, nullptr, 16)); }}", stim.scalars.len());
    let _ = writeln!(s, "    std::vector<Mem> m({});", stim.mems.len());
    s.push_str("    for (auto& x : m) {\n        std::getline(in, line);\n        std::istringstream ss(line);\n        std::string w;\n        while (ss >> w) x.data.push_back(std::stoull(w, nullptr, 16));\n    }\n");
    s.push_str("    VerilatedContext* ctx = new VerilatedContext;\n");
    if trace {
        s.push_str("    const char* vcd = nullptr;\n    for (int i = 2; i + 1 < argc; i++)\n        if (!strcmp(argv[i], \"--vcd\")) vcd = argv[i + 1];\n");
        s.push_str("    if (vcd) ctx->traceEverOn(true);\n");
    }
    s.push_str("    Vtop* top = new Vtop{ctx};\n");
    if trace {
        s.push_str("    if (vcd) {\n        tfp = new VerilatedVcdC;\n        top->trace(tfp, 99);\n        tfp->open(vcd);\n    }\n");
    }
    for c in &ports.clocks {
        let _ = writeln!(s, "    top->{} = 0;", ports.sv_names[c.index()]);
    }
    let close = if trace { "    if (tfp) tfp->close();\n" } else { "" };
    let _ = writeln!(
        s,
        "{main}    top->final();\n{close}    fflush(stdout);\n    delete top;\n    delete ctx;\n    return 0;\n}}"
    );
    s
}
