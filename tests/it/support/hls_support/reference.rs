//! The reference: `mlir-cpu-runner` (LLVM 19) runs a kernel on the same data as the
//! interpreter and the circuit.
//!
//! For a kernel and one or more data sets, [`reference`] appends one `memref.global` per
//! memref argument and data set (the contents as `dense<...>`) and a `@main` that, per data
//! set, takes the globals, calls the kernel with the scalars as constants, and prints every
//! result and then every memref element in row-major order, one `vector.print` of the
//! sign-extended `i64` per line. The whole file is lowered by one `mlir-opt` run
//! ([`PIPELINE`]) and run by one `mlir-cpu-runner` run, however many data sets there are.
//!
//! Floats travel as bit patterns both ways, so nothing is lost to decimal printing: a float
//! scalar is a hexadecimal constant (`arith.constant 0x3F800000 : f32`, which MLIR reads as
//! the bits), a float memref's global is `dense<[0x7FC00000, ...]>` (likewise), and a float
//! result or memory word is `arith.bitcast` to the integer of its width before it is
//! printed.
//!
//! Kernels in the seed documents' spelling are first translated to today's by
//! [`modernize`], a small fixed table of op names.

use crate::support::tools::{self, Tool};
use hls::interp::{ArgValue, Int, Param, Signature};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::Command;

/// Lowering to the LLVM dialect: linalg to loops, affine to scf, scf to cf, everything to llvm,
/// with `index` 32 bits wide (SPEC section 4: index arithmetic wraps as i32 does; with the
/// default 64-bit index, `(d0 * 3) mod 5` at a large `d0` would not wrap).
pub const PIPELINE: &[&str] = &[
    "--convert-linalg-to-loops",
    "--lower-affine",
    "--arith-expand",
    "--convert-scf-to-cf",
    "--convert-vector-to-llvm",
    "--convert-math-to-llvm",
    "--expand-strided-metadata",
    "--finalize-memref-to-llvm=index-bitwidth=32",
    "--convert-arith-to-llvm=index-bitwidth=32",
    "--convert-index-to-llvm=index-bitwidth=32",
    "--convert-cf-to-llvm=index-bitwidth=32",
    "--convert-func-to-llvm=index-bitwidth=32",
    "--reconcile-unrealized-casts",
];

/// The seed documents' op names and today's (`constant` -> `arith.constant`, `load` ->
/// `memref.load`, `br` -> `cf.br`, ...). `return` needs no change.
const SEED_NAMES: &[(&str, &str)] = &[
    ("constant", "arith.constant"),
    ("addi", "arith.addi"),
    ("subi", "arith.subi"),
    ("muli", "arith.muli"),
    ("divi_signed", "arith.divsi"),
    ("divi_unsigned", "arith.divui"),
    ("remi_signed", "arith.remsi"),
    ("remi_unsigned", "arith.remui"),
    ("and", "arith.andi"),
    ("or", "arith.ori"),
    ("xor", "arith.xori"),
    ("shift_left", "arith.shli"),
    ("shift_right_signed", "arith.shrsi"),
    ("shift_right_unsigned", "arith.shrui"),
    ("cmpi", "arith.cmpi"),
    ("cmpf", "arith.cmpf"),
    ("addf", "arith.addf"),
    ("subf", "arith.subf"),
    ("mulf", "arith.mulf"),
    ("divf", "arith.divf"),
    ("remf", "arith.remf"),
    ("negf", "arith.negf"),
    ("sitofp", "arith.sitofp"),
    ("uitofp", "arith.uitofp"),
    ("fptosi", "arith.fptosi"),
    ("fptoui", "arith.fptoui"),
    ("fpext", "arith.extf"),
    ("fptrunc", "arith.truncf"),
    ("absf", "math.absf"),
    ("sqrt", "math.sqrt"),
    ("select", "arith.select"),
    ("index_cast", "arith.index_cast"),
    ("load", "memref.load"),
    ("store", "memref.store"),
    ("alloc", "memref.alloc"),
    ("alloca", "memref.alloca"),
    ("dealloc", "memref.dealloc"),
    ("br", "cf.br"),
    ("cond_br", "cf.cond_br"),
    ("call", "func.call"),
];

/// Translates the seed's spelling to today's: `func @f` -> `func.func @f`, bare op names
/// per [`SEED_NAMES`] where an op name stands (line start or after `= `), and the quoted
/// predicate of `cmpi "slt", ...` (and `cmpf "olt", ...`) unquoted.
pub fn modernize(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 256);
    for line in text.lines() {
        let indent = line.len() - line.trim_start().len();
        let (head, body) = line.split_at(indent);
        let body_start = if body.starts_with('%') { body.find("= ").map(|p| p + 2) } else { Some(0) };
        let mut new = body.to_string();
        if let Some(s) = body_start {
            let rest = &body[s..];
            let word: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            let after = &rest[word.len()..];
            let spaced = after.starts_with(' ') || after.starts_with('(') || after.is_empty();
            if word == "func" && after.starts_with(" @") {
                new = format!("{}func.func{after}", &body[..s]);
            } else if let Some((_, modern)) =
                SEED_NAMES.iter().find(|(seed, _)| *seed == word).filter(|_| spaced)
            {
                let mut after = after.to_string();
                if word == "cmpi" || word == "cmpf" {
                    if let Some(q) = after.trim_start().strip_prefix('"') {
                        if let Some(end) = q.find('"') {
                            after = format!(" {}{}", &q[..end], &q[end + 1..]);
                        }
                    }
                }
                new = format!("{}{modern}{after}", &body[..s]);
            }
        }
        let _ = writeln!(out, "{head}{new}");
    }
    out
}

/// What `mlir-cpu-runner` printed for one data set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefRun {
    /// Results, sign-extended.
    pub results: Vec<i64>,
    /// Every memref argument's elements after the call, sign-extended, in parameter order.
    pub memories: Vec<Vec<i64>>,
}

/// The parameter and result types of the kernel as MLIR text.
pub struct KernelTypes {
    /// One per parameter.
    pub params: Vec<String>,
    /// One per result.
    pub results: Vec<String>,
}

fn dense(data: &[u64], shape: &[u64], width: u32, float: bool) -> String {
    let lit = |v: u64| {
        let i = Int::new(v, width);
        if float {
            format!("0x{:X}", i.bits)
        } else if width == 1 {
            if i.is_true() {
                "true".to_string()
            } else {
                "false".to_string()
            }
        } else {
            i.signed().to_string()
        }
    };
    fn nest(data: &[u64], shape: &[u64], lit: &dyn Fn(u64) -> String) -> String {
        match shape.split_first() {
            None => lit(data[0]),
            Some((&n, rest)) => {
                let stride = data.len() / n as usize;
                let parts: Vec<String> =
                    (0..n as usize).map(|i| nest(&data[i * stride..(i + 1) * stride], rest, lit)).collect();
                format!("[{}]", parts.join(", "))
            }
        }
    }
    format!("dense<{}>", nest(data, shape, &lit))
}

/// Prints `v` of type `ty` as a sign-extended `i64` (a float: its bit pattern's).
fn print_i64(body: &mut String, v: &str, ty: &str, width: u32, tmp: &mut usize) {
    if matches!(ty, "f16" | "bf16" | "f32" | "f64") {
        *tmp += 1;
        let b = format!("%pb{tmp}");
        let _ = writeln!(body, "  {b} = arith.bitcast {v} : {ty} to i{width}");
        return print_i64(body, &b, &format!("i{width}"), width, tmp);
    }
    *tmp += 1;
    let e = format!("%pr{tmp}");
    if ty == "index" {
        let _ = writeln!(body, "  {e} = arith.index_cast {v} : index to i64");
    } else if width < 64 {
        let _ = writeln!(body, "  {e} = arith.extsi {v} : {ty} to i64");
    } else {
        let _ = writeln!(body, "  {e} = arith.addi {v}, %zero64 : i64");
    }
    let _ = writeln!(body, "  vector.print {e} : i64");
}

/// The generated globals and `@main` for `sets` (see the module header).
pub fn main_text(sig: &Signature, types: &KernelTypes, sets: &[Vec<ArgValue>]) -> String {
    let mut globals = String::new();
    let mut body = String::from("func.func @main() {\n  %zero64 = arith.constant 0 : i64\n  %ci0 = arith.constant 0 : index\n  %ci1 = arith.constant 1 : index\n");
    let mut tmp = 0usize;
    for (s, args) in sets.iter().enumerate() {
        let mut operands = Vec::new();
        let mut mems = Vec::new();
        for (p, (param, arg)) in sig.params.iter().zip(args).enumerate() {
            let ty = &types.params[p];
            match (param, arg) {
                (Param::Scalar { width, .. }, ArgValue::Scalar(v)) => {
                    let i = Int::new(*v, *width);
                    let lit = if sig.param_floats[p].is_some() {
                        format!("0x{:X}", i.bits)
                    } else if *width == 1 {
                        (i.is_true() as u8).to_string()
                    } else {
                        i.signed().to_string()
                    };
                    let _ = writeln!(body, "  %s{s}_{p} = arith.constant {lit} : {ty}");
                    operands.push(format!("%s{s}_{p}"));
                }
                (Param::MemRef { shape, width, .. }, ArgValue::MemRef(data)) => {
                    let _ = writeln!(
                        globals,
                        "memref.global \"private\" @g{s}_{p} : {ty} = {}",
                        dense(data, shape, *width, sig.param_floats[p].is_some())
                    );
                    let _ = writeln!(body, "  %m{s}_{p} = memref.get_global @g{s}_{p} : {ty}");
                    operands.push(format!("%m{s}_{p}"));
                    mems.push((p, shape.clone(), *width));
                }
                _ => panic!("argument kinds do not match the signature"),
            }
        }
        let call = format!(
            "func.call @{}({}) : ({}) -> ({})",
            sig.name,
            operands.join(", "),
            types.params.join(", "),
            types.results.join(", ")
        );
        let n = types.results.len();
        match n {
            0 => {
                let _ = writeln!(body, "  {call}");
            }
            1 => {
                let _ = writeln!(body, "  %r{s} = {call}");
            }
            _ => {
                let _ = writeln!(body, "  %r{s}:{n} = {call}");
            }
        }
        for (i, ty) in types.results.iter().enumerate() {
            let v = if n == 1 { format!("%r{s}") } else { format!("%r{s}#{i}") };
            print_i64(&mut body, &v, ty, sig.results[i], &mut tmp);
        }
        for (p, shape, width) in mems {
            let ty = &types.params[p];
            let elem = ty.rsplit('x').next().unwrap_or("i32").trim_end_matches('>').to_string();
            let elem = if shape.is_empty() {
                ty.trim_start_matches("memref<").trim_end_matches('>').to_string()
            } else {
                elem
            };
            // Nested scf.for loops over every dimension, printing each element.
            let mut ivs = Vec::new();
            let mut close = String::new();
            for (d, &extent) in shape.iter().enumerate() {
                tmp += 1;
                let _ = writeln!(body, "  %n{tmp} = arith.constant {extent} : index");
                let _ = writeln!(body, "  scf.for %i{tmp}_{d} = %ci0 to %n{tmp} step %ci1 {{");
                ivs.push(format!("%i{tmp}_{d}"));
                close.push_str("  }\n");
            }
            tmp += 1;
            let _ = writeln!(body, "  %e{tmp} = memref.load %m{s}_{p}[{}] : {ty}", ivs.join(", "));
            print_i64(&mut body, &format!("%e{tmp}"), &elem, width, &mut tmp);
            body.push_str(&close);
        }
    }
    body.push_str("  return\n}\n");
    format!("{globals}{body}")
}

/// The libmlir_c_runner_utils shared library (its file name carries the version).
fn runner_utils() -> PathBuf {
    let dir = PathBuf::from("/usr/lib/llvm-19/lib");
    for name in
        ["libmlir_c_runner_utils.so", "libmlir_c_runner_utils.so.19.1", "libmlir_c_runner_utils.so.19"]
    {
        if dir.join(name).exists() {
            return dir.join(name);
        }
    }
    panic!("libmlir_c_runner_utils not found in {} (scripts/test.sh installs mlir-19-tools)", dir.display())
}

fn run(what: &str, cmd: &mut Command, stdin: Option<&str>) -> String {
    tools::output(cmd, Some(stdin.unwrap_or("").as_bytes())).expect_success(what).stdout
}

/// Runs the kernel (already in today's spelling) on every data set with one `mlir-opt` and
/// one `mlir-cpu-runner` run; returns what it printed, per data set.
pub fn reference(kernel: &str, sig: &Signature, types: &KernelTypes, sets: &[Vec<ArgValue>]) -> Vec<RefRun> {
    let mut text = kernel.trim_end().to_string();
    let main = main_text(sig, types, sets);
    // A module wrapper (custom or generic) gets `@main` inside, before its closing brace.
    let first_op = text
        .lines()
        .map(str::trim)
        .find(|l| !(l.is_empty() || l.starts_with("//") || l.starts_with('#') || l.starts_with('!')));
    let wrapped = first_op.is_some_and(|l| {
        l.starts_with("module") || l.starts_with("builtin.module") || l.starts_with("\"builtin.module\"")
    });
    if wrapped {
        let close = text.rfind('}').expect("a module wrapper ends with '}'");
        text.insert_str(close, &main);
    } else {
        text.push('\n');
        text.push_str(&main);
    }
    let what = format!("@{}", sig.name);
    let llvm = run(&what, Tool::MlirOpt.command().args(PIPELINE).arg("-"), Some(&text));
    let out = run(
        &what,
        Tool::MlirCpuRunner
            .command()
            .args(["-e", "main", "-entry-point-result=void", "-O2"])
            .arg(format!("-shared-libs={}", runner_utils().display())),
        Some(&llvm),
    );
    let mut nums = out
        .lines()
        .map(|l| l.trim().parse::<i64>().unwrap_or_else(|_| panic!("unexpected runner output line '{l}'")));
    let mut runs = Vec::new();
    for _ in sets {
        let results = (0..types.results.len()).map(|_| nums.next().expect("a printed result")).collect();
        let memories = sig
            .params
            .iter()
            .filter_map(|p| match p {
                Param::MemRef { shape, .. } => Some(
                    (0..shape.iter().product::<u64>())
                        .map(|_| nums.next().expect("a printed element"))
                        .collect(),
                ),
                Param::Scalar { .. } => None,
            })
            .collect();
        runs.push(RefRun { results, memories });
    }
    assert!(nums.next().is_none(), "mlir-cpu-runner printed more than expected");
    runs
}
