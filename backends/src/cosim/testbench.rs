//! Testbench generators for co-simulation: a Verilator C++ `tb.cpp` and a Rust runner.
//!
//! Both read a stimulus file (one line per cycle: the non-clock inputs in hex, in port
//! order, separated by spaces) and run the same protocol per cycle: set the inputs, eval,
//! print the non-clock outputs in hex (lower case, `ceil(width/4)` digits, port order, one
//! line per cycle), then one rising edge of every clock together. `--vcd FILE` traces.

use crate::rust_sim::{self, ops::Ty, PortField};
use comb::{Design, Dir, PortId};
use std::fmt::Write;

/// The ports of the top as the testbenches see them.
#[derive(Clone, Debug)]
pub struct TbPorts {
    /// Non-clock ports (the struct fields of the Rust simulator).
    pub fields: Vec<PortField>,
    /// Clock ports.
    pub clocks: Vec<PortId>,
    /// Name of each top port (by port index) in the SystemVerilog, i.e. the Verilator member.
    pub sv_names: Vec<String>,
}

impl TbPorts {
    /// Works out the ports of `design`'s top; `sv_text`, if given, supplies the names the SV
    /// backend gave the ports (matched by position).
    pub fn new(design: &Design, sv_text: Option<&str>) -> Result<TbPorts, String> {
        let clocks = rust_sim::clock_ports(design)?;
        let top = design.module(design.top_id());
        let fields = rust_sim::port_fields(top, &clocks);
        let mut sv_names: Vec<String> = top.ports.iter().map(|p| p.name.clone()).collect();
        if let Some(parsed) = sv_text.and_then(|t| sv_port_names(t, &top.name)) {
            if parsed.len() == sv_names.len() {
                sv_names = parsed;
            }
        }
        Ok(TbPorts { fields, clocks, sv_names })
    }
    /// Non-clock inputs in order.
    pub fn inputs(&self) -> impl Iterator<Item = &PortField> {
        self.fields.iter().filter(|f| f.dir == Dir::Input)
    }
    /// Non-clock outputs in order.
    pub fn outputs(&self) -> impl Iterator<Item = &PortField> {
        self.fields.iter().filter(|f| f.dir == Dir::Output)
    }
}

fn strip_comments(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i..].starts_with(b"/*") {
            i += 2;
            while i < b.len() && !b[i..].starts_with(b"*/") {
                i += 1;
            }
            i += 2;
        } else {
            out.push(b[i] as char);
            i += 1;
        }
    }
    out
}

/// The port names of module `top` in SV text, in header order (ANSI or not); `None` if the
/// header is not found.
pub fn sv_port_names(sv: &str, top: &str) -> Option<Vec<String>> {
    let text = strip_comments(sv);
    let is_id = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$';
    let mut start = None;
    let mut search = 0;
    while let Some(k) = text[search..].find("module") {
        let at = search + k;
        let before_ok = at == 0 || !is_id(text[..at].chars().next_back().unwrap_or(' '));
        let rest = &text[at + 6..];
        let trimmed = rest.trim_start();
        let name_end = trimmed.find(|c: char| !is_id(c)).unwrap_or(trimmed.len());
        if before_ok && rest.starts_with(char::is_whitespace) && &trimmed[..name_end] == top {
            start = Some(text.len() - trimmed.len() + name_end);
            break;
        }
        search = at + 6;
    }
    let mut rest = text[start?..].trim_start();
    if rest.starts_with('#') {
        // Skip a parameter list.
        let open = rest.find('(')?;
        let mut depth = 0;
        let mut end = open;
        for (i, c) in rest[open..].char_indices() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = rest[end..].trim_start();
    }
    if rest.starts_with(';') {
        return Some(Vec::new());
    }
    let body = rest.strip_prefix('(')?;
    let mut names = Vec::new();
    let (mut depth, mut piece) = (0i32, String::new());
    for c in body.chars() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ']' | '}' => depth -= 1,
            ')' if depth == 0 => {
                if let Some(n) = last_ident(&piece) {
                    names.push(n);
                }
                return Some(names);
            }
            ')' => depth -= 1,
            ',' if depth == 0 => {
                names.push(last_ident(&piece)?);
                piece.clear();
                continue;
            }
            _ => {}
        }
        piece.push(c);
    }
    None
}

fn last_ident(piece: &str) -> Option<String> {
    // Drop anything bracketed, then take the last identifier.
    let mut flat = String::new();
    let mut depth = 0;
    for c in piece.chars() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            _ if depth == 0 => flat.push(c),
            _ => {}
        }
    }
    let tok = flat
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$'))
        .rfind(|t| !t.is_empty())?;
    Some(tok.to_string())
}

/// The Verilator testbench `tb.cpp` for the model class `Vtop` (`--prefix Vtop`).
pub fn verilator_tb(ports: &TbPorts) -> String {
    let mut s = String::from(
        r#"// Co-simulation testbench generated by rmlir-hls.
#include "Vtop.h"
#include "verilated.h"
#if VM_TRACE
#include "verilated_vcd_c.h"
#endif
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

static int hexval(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return 0;
}
static void parse_words(const std::string& h, uint32_t* w, int n) {
    for (int i = 0; i < n; i++) w[i] = 0;
    int bit = 0;
    for (int i = (int)h.size() - 1; i >= 0; i--, bit += 4)
        if (bit / 32 < n) w[bit / 32] |= (uint32_t)hexval(h[i]) << (bit % 32);
}
static uint64_t parse64(const std::string& h) {
    uint32_t w[2];
    parse_words(h, w, 2);
    return (uint64_t)w[0] | ((uint64_t)w[1] << 32);
}
static void put_words(std::string& o, const uint32_t* w, int width) {
    static const char* hx = "0123456789abcdef";
    for (int d = (width + 3) / 4 - 1; d >= 0; d--) o.push_back(hx[(w[d * 4 / 32] >> (d * 4 % 32)) & 15]);
}
static void put64(std::string& o, uint64_t v, int width) {
    uint32_t w[2] = {(uint32_t)v, (uint32_t)(v >> 32)};
    put_words(o, w, width);
}

int main(int argc, char** argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s STIMULUS [--vcd FILE]\n", argv[0]);
        return 2;
    }
    const char* vcd = nullptr;
    for (int i = 2; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--vcd")) vcd = argv[i + 1];
    VerilatedContext* ctx = new VerilatedContext;
    Vtop* top = new Vtop{ctx};
#if VM_TRACE
    VerilatedVcdC* tfp = nullptr;
    if (vcd) {
        ctx->traceEverOn(true);
        tfp = new VerilatedVcdC;
        top->trace(tfp, 99);
        tfp->open(vcd);
    }
#else
    if (vcd) fprintf(stderr, "warning: built without --trace; no VCD\n");
#endif
"#,
    );
    let clocks: Vec<&str> = ports.clocks.iter().map(|p| ports.sv_names[p.index()].as_str()).collect();
    let set_clocks = |s: &mut String, v: u32| {
        for c in &clocks {
            let _ = writeln!(s, "        top->{c} = {v};");
        }
    };
    set_clocks(&mut s, 0);
    // Settle once with every input 0, as the Rust simulator's `new()` does: an asynchronous
    // reset that is 1 in the first cycle is then a rising edge for Verilator too.
    s.push_str("    top->eval();\n");
    s.push_str("    std::ifstream in(argv[1]);\n    if (!in) {\n        fprintf(stderr, \"cannot read %s\\n\", argv[1]);\n        return 2;\n    }\n");
    s.push_str("    std::string line, tok, out;\n    uint64_t t = 0;\n    while (std::getline(in, line)) {\n        std::istringstream ss(line);\n");
    for f in ports.inputs() {
        let n = &ports.sv_names[f.port.index()];
        if f.width > 64 {
            let _ =
                writeln!(s, "        ss >> tok; parse_words(tok, &top->{n}[0], {});", f.width.div_ceil(32));
        } else {
            let _ = writeln!(s, "        ss >> tok; top->{n} = parse64(tok);");
        }
    }
    s.push_str("        top->eval();\n#if VM_TRACE\n        if (tfp) tfp->dump(2 * t);\n#endif\n        out.clear();\n");
    for (i, f) in ports.outputs().enumerate() {
        let n = &ports.sv_names[f.port.index()];
        if i > 0 {
            s.push_str("        out.push_back(' ');\n");
        }
        if f.width > 64 {
            let _ = writeln!(s, "        put_words(out, &top->{n}[0], {});", f.width);
        } else {
            let _ = writeln!(s, "        put64(out, top->{n}, {});", f.width);
        }
    }
    s.push_str("        out.push_back('\\n');\n        fwrite(out.data(), 1, out.size(), stdout);\n");
    set_clocks(&mut s, 1);
    s.push_str("        top->eval();\n#if VM_TRACE\n        if (tfp) tfp->dump(2 * t + 1);\n#endif\n");
    set_clocks(&mut s, 0);
    s.push_str("        top->eval();\n        t++;\n    }\n    top->final();\n#if VM_TRACE\n    if (tfp) tfp->close();\n#endif\n");
    s.push_str("    fflush(stdout);\n    delete top;\n    delete ctx;\n    return 0;\n}\n");
    s
}

/// A Rust module with `pub fn run(stim: &str, vcd: Option<&str>) -> String` driving the
/// generated simulator crate `krate` of `design` with the protocol above.
pub fn rust_run_fn(ports: &TbPorts, design: &Design) -> String {
    let top = design.module(design.top_id());
    let krate = rust_sim::crate_name(&top.name);
    let sname = rust_sim::struct_name(&top.name);
    let mut s = String::new();
    s.push_str("fn hex_words(h: &str, n: usize) -> Vec<u64> {\n    let mut w = vec![0u64; n];\n");
    s.push_str("    for (i, c) in h.bytes().rev().enumerate() {\n        let d = (c as char).to_digit(16).unwrap_or(0) as u64;\n");
    s.push_str("        if i / 16 < n {\n            w[i / 16] |= d << (4 * (i % 16));\n        }\n    }\n    w\n}\n\n");
    s.push_str(
        "fn put(out: &mut String, w: &[u64], width: u32) {\n    for d in (0..width.div_ceil(4)).rev() {\n",
    );
    s.push_str("        let nib = (w[(d * 4 / 64) as usize] >> (d * 4 % 64)) & 15;\n");
    s.push_str("        out.push(char::from_digit(nib as u32, 16).unwrap());\n    }\n}\n\n");
    let _ = writeln!(s, "/// Runs the stimulus; returns the output lines.");
    let _ = writeln!(s, "pub fn run(stim: &str, vcd: Option<&str>) -> String {{");
    let _ = writeln!(s, "    let mut t = {krate}::{sname}::new();");
    s.push_str(
        "    if let Some(p) = vcd {\n        t.trace_vcd(p).expect(\"cannot write the VCD\");\n    }\n",
    );
    s.push_str("    let mut out = String::new();\n    for line in stim.lines() {\n        let mut it = line.split_whitespace();\n");
    for f in ports.inputs() {
        let fld = &f.field;
        match Ty::of(f.width) {
            Ty::N(b) => {
                let _ = writeln!(
                    s,
                    "        {{ let w = hex_words(it.next().unwrap_or(\"0\"), 2); t.{fld} = (w[0] as u128 | (w[1] as u128) << 64) as u{b}; }}"
                );
            }
            Ty::W(n) => {
                let _ = writeln!(
                    s,
                    "        {{ let w = hex_words(it.next().unwrap_or(\"0\"), {n}); t.{fld}.copy_from_slice(&w); }}"
                );
            }
        }
    }
    s.push_str("        t.eval();\n");
    for (i, f) in ports.outputs().enumerate() {
        if i > 0 {
            s.push_str("        out.push(' ');\n");
        }
        let fld = &f.field;
        match Ty::of(f.width) {
            Ty::N(_) => {
                let _ = writeln!(
                    s,
                    "        {{ let v = t.{fld} as u128; put(&mut out, &[v as u64, (v >> 64) as u64], {}); }}",
                    f.width
                );
            }
            Ty::W(_) => {
                let _ = writeln!(s, "        put(&mut out, &t.{fld}, {});", f.width);
            }
        }
    }
    s.push_str("        out.push('\\n');\n");
    let tick = if ports.clocks.len() > 1 { "tick_all" } else { "tick" };
    let _ = writeln!(s, "        t.{tick}();\n    }}\n    out\n}}");
    s
}

/// `src/main.rs` of the runner crate: `runner STIMULUS [--vcd FILE]`, outputs on stdout.
pub fn rust_runner_main(ports: &TbPorts, design: &Design) -> String {
    let mut s = String::from(
        "//! Co-simulation runner generated by rmlir-hls.\n#![allow(unused_parens, clippy::all)]\n\n",
    );
    s.push_str(&rust_run_fn(ports, design));
    s.push_str(
        "\n\nfn main() {\n    let args: Vec<String> = std::env::args().collect();\n\
         \x20   let stim = std::fs::read_to_string(&args[1]).expect(\"cannot read the stimulus\");\n\
         \x20   let vcd = args.iter().position(|a| a == \"--vcd\").and_then(|i| args.get(i + 1)).map(|s| s.as_str());\n\
         \x20   let out = run(&stim, vcd);\n\
         \x20   use std::io::Write;\n\
         \x20   std::io::stdout().lock().write_all(out.as_bytes()).unwrap();\n}\n",
    );
    s
}

/// `Cargo.toml` of the runner crate, depending on the simulator crate at `sim_path`.
pub fn rust_runner_cargo(design: &Design, sim_path: &str) -> String {
    let krate = rust_sim::crate_name(&design.module(design.top_id()).name);
    format!(
        "[package]\nname = \"cosim_runner\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[workspace]\n\n\
         [dependencies]\n{krate} = {{ path = {sim_path:?} }}\n\n[profile.release]\nopt-level = 3\ncodegen-units = 16\nlto = \"off\"\n"
    )
}
